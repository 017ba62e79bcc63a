#!/usr/bin/python3
"""Writes tinygrad-names.txt: tinygrad's public API that docs/tensor-api.md
accounts for, one name per line. Tensor's public attributes are written
bare (`abs`); the classes and functions that tinygrad.nn, tinygrad.nn.optim
and tinygrad.nn.state define themselves (not what they import) are written
`nn.Linear`, `optim.Adam`, `state.safe_load`.

  cd /path/to/tinygrad && PYTHONPATH=. /usr/bin/python3 /path/to/make_tinygrad_names.py > tinygrad-names.txt
"""
import inspect
import subprocess

import tinygrad.nn as nn
import tinygrad.nn.optim as optim
import tinygrad.nn.state as state
from tinygrad import Tensor


def defined_in(module):
  return sorted(name for name, value in vars(module).items()
                if not name.startswith("_") and (inspect.isclass(value) or inspect.isfunction(value))
                and value.__module__ == module.__name__)


commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
print(f"# tinygrad {commit}: make_tinygrad_names.py")
for name in sorted(n for n in dir(Tensor) if not n.startswith("_")):
  print(name)
for prefix, module in (("nn", nn), ("optim", optim), ("state", state)):
  for name in defined_in(module):
    print(f"{prefix}.{name}")
