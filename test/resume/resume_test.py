#!/usr/bin/python3
"""A training run killed in the middle of writing a checkpoint loses nothing:
the last checkpoint is whole, --resume continues from it, and the resumed run
ends with exactly the model the uninterrupted run ends with.

    resume_test.py FASHION_MNIST KILL_AT_RENAME_SO
"""
import json
import os
import signal
import struct
import subprocess
import sys
import tempfile

RUN = ["--epochs", "3", "--steps", "6", "--batch-size", "32"]


def run(binary, args, env=None):
    result = subprocess.run([binary] + RUN + args, capture_output=True, text=True,
                            env=dict(os.environ, **(env or {})))
    print(f"$ {' '.join(args)}: exit {result.returncode}\n{result.stdout}", flush=True)
    return result


def header(path):
    with open(path, "rb") as f:
        size = struct.unpack("<Q", f.read(8))[0]
        return json.loads(f.read(size)), os.path.getsize(path) - 8 - size


def main():
    binary, shim = sys.argv[1:]
    with tempfile.TemporaryDirectory() as d:
        checkpoint = os.path.join(d, "checkpoint.safetensors")
        reference = run(binary, ["--save", os.path.join(d, "reference.safetensors")])
        assert reference.returncode == 0, reference.stderr

        # Killed at the second checkpoint's rename: epoch 2's state is written
        # to the temporary file, epoch 1's is still the checkpoint.
        crashed = run(binary, ["--checkpoint", checkpoint, "--save", os.path.join(d, "never")],
                      {"LD_PRELOAD": shim, "TG_KILL_AT_RENAME": "2"})
        assert crashed.returncode == -signal.SIGKILL, crashed.returncode
        leftovers = [f for f in os.listdir(d) if f.startswith("checkpoint.safetensors.tmp.")]
        assert leftovers, f"the kill did not come during a save: {os.listdir(d)}"
        meta, data_bytes = header(checkpoint)
        assert meta["__metadata__"]["epoch"] == "1", meta["__metadata__"]
        ends = max(entry["data_offsets"][1] for name, entry in meta.items() if name != "__metadata__")
        assert ends == data_bytes, (ends, data_bytes)

        resumed = run(binary, ["--resume", checkpoint, "--checkpoint", checkpoint,
                               "--save", os.path.join(d, "resumed.safetensors")])
        assert resumed.returncode == 0, resumed.stderr
        assert "resumed from" in resumed.stdout and "after epoch 1" in resumed.stdout
        assert "epoch 1:" not in resumed.stdout and "epoch 3:" in resumed.stdout
        with open(os.path.join(d, "reference.safetensors"), "rb") as a, \
                open(os.path.join(d, "resumed.safetensors"), "rb") as b:
            assert a.read() == b.read(), "the resumed run ended with another model"
        print("resume: the checkpoint survived the kill and the resumed model is identical")


if __name__ == "__main__":
    main()
