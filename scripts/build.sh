#!/usr/bin/env bash
# Configures (once) and builds tinygrad-mlir in build/ with clang-22, lld,
# Ninja and ccache, against Debian's shared libMLIR.so.
#   scripts/build.sh [ninja targets...]
# TG_BUILD_DIR picks another build folder; TG_CMAKE_ARGS adds configure
# options (scripts/sanitize.sh builds with the sanitizers that way).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TG_BUILD_DIR:-$root/build}
# Paths relative to the checkout in ccache's keys: the build folders share it.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=${TG_BUILD_TYPE:-Release} \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    ${TG_CMAKE_ARGS:-}
fi
cmake --build "$build" -- "$@"
