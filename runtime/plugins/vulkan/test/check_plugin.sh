#!/bin/sh
# Fails when the Vulkan plug-in links the Vulkan loader, MLIR or LLVM (it must
# load on machines without them), or exports more than tg_backend_get.
set -eu
deps=$(ldd "$1")
echo "$deps"
if echo "$deps" | grep -Eq 'lib(vulkan|MLIR|LLVM)'; then
  echo "error: $1 links libvulkan, MLIR or LLVM" >&2
  exit 1
fi
exports=$(nm -D --defined-only "$1" | awk '{print $NF}' | sort -u)
echo "exports: $exports"
if [ "$exports" != "tg_backend_get" ]; then
  echo "error: $1 must export tg_backend_get alone" >&2
  exit 1
fi
