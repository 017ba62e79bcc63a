#!/bin/sh
# Fails when the runtime library depends on MLIR or LLVM, directly or not.
set -eu
deps=$(ldd "$1")
echo "$deps"
if echo "$deps" | grep -Eq 'lib(MLIR|LLVM)'; then
  echo "error: $1 links MLIR or LLVM" >&2
  exit 1
fi
