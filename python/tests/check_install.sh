#!/bin/bash
# pip install ./python into a fresh virtual environment, then the package
# from there alone: its module and libraries are the installed ones, and
# test_ops passes against them.  Usage: check_install.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
python=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
TG_BUILD_DIR="$build" "$work/venv/bin/pip" install -q --no-index --no-build-isolation "$python"
cd "$work"
site=$("$work/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
env -u PYTHONPATH DEV=CPU "$work/venv/bin/python" - "$site" <<'PY'
import sys
import tinygrad_mlir
from tinygrad_mlir import Tensor
site = sys.argv[1]
assert tinygrad_mlir.__file__.startswith(site), tinygrad_mlir.__file__
assert (Tensor([[1.0, 2.0], [3.0, 4.0]]).sum().item()) == 10
loaded = [line.split()[-1] for line in open("/proc/self/maps") if "/libtg" in line]
assert loaded and all(path.startswith(site) for path in loaded), loaded
print("installed in", site, "with", sorted(set(p.rsplit("/", 1)[1] for p in loaded)))
PY
env -u PYTHONPATH DEV=CPU "$work/venv/bin/python" -m pytest -q -p no:cacheprovider \
  "$python/tests/test_ops.py" "$python/tests/test_nn.py"
