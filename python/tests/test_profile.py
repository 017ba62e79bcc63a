"""PROFILE=1 through the tensor library (the C ABI's process): the trace it
writes at exit holds the compile with its stages and passes, the launches on
CPU:0, the copies in and out, and a program cache hit for the graph built a
second time. test/e2e/Inputs/check_profile.py checks how the events nest."""
import os
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "test" / "e2e" / "Inputs"))
import check_profile  # noqa: E402

PROGRAM = """
import numpy as np
from tinygrad_mlir import Tensor
x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
for _ in range(2):
    print((x * 2 + 1).sum().numpy())
"""


def test_profile_of_the_tensor_library(tmp_path):
    trace = tmp_path / "trace.json"
    env = dict(os.environ, PROFILE="1", PROFILE_OUT=str(trace), CACHELEVEL="0", DEV="CPU")
    run = subprocess.run([sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["36.0", "36.0"]
    assert f"events written to {trace}" in run.stderr
    tracks = check_profile.check(str(trace), compiles=1, cache=["memory hit"])
    assert len([e for e in tracks["CPU:0"] if e["cat"] == "launch"]) >= 2


def test_no_trace_without_profile(tmp_path):
    trace = tmp_path / "trace.json"
    env = dict(os.environ, PROFILE_OUT=str(trace), CACHELEVEL="0", DEV="CPU")
    env.pop("PROFILE", None)
    run = subprocess.run([sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert not trace.exists()
