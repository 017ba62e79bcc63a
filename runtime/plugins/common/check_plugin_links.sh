#!/bin/sh
# Fails when a GPU plug-in depends on its vendor's library, MLIR, LLVM or
# libtgrt (it must open its driver with dlopen and stand alone), or exports
# more than tg_backend_get.
set -eu
deps=$(ldd "$1")
echo "$deps"
if echo "$deps" | grep -Eq 'lib(cuda|amdhip64|hsa-runtime64|MLIR|LLVM|tgrt)'; then
  echo "error: $1 links a driver, MLIR, LLVM or libtgrt" >&2
  exit 1
fi
exports=$(nm -D --defined-only "$1" | awk '{print $3}')
echo "exports: $exports"
if [ "$exports" != "tg_backend_get" ]; then
  echo "error: $1 exports more than tg_backend_get" >&2
  exit 1
fi
