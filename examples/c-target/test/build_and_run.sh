#!/usr/bin/env bash
# The C target from its own folder: install tinygrad-mlir into a temporary
# prefix, build both plug-ins against that prefix alone, run the
# end-to-end suite on DEV=C, and check that the commit that added this
# folder changed nothing outside it.
#   build_and_run.sh SOURCE_DIR BUILD_DIR CXX_COMPILER MLIR_DIR
set -euo pipefail
source_dir=$1 build_dir=$2 cxx=$3 mlir_dir=$4
folder=examples/c-target
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
cmake -G Ninja -S "$source_dir/$folder" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$work/prefix" -DMLIR_DIR="$mlir_dir" \
  > "$work/configure.log"
cmake --build "$work/build" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
echo "built $(ls "$work/build"/lib*.so | xargs -n1 basename | tr '\n' ' ')against $work/prefix"

# The runtime finds the device C, the compiler its target; the end-to-end
# suite makes the same checks as on CPU.
DEV=C TG_TARGET_PATH="$work/build/libtg-target-c.so" TGRT_BACKEND_PATH="$work/build" \
  TG_C_CACHE="$work/cache" "$build_dir/bin/tg-e2e-tests" --gtest_brief=1

# The target is a plug-in: the commit that added this folder touched
# nothing else.
if ! git -C "$source_dir" rev-parse --git-dir > /dev/null 2>&1; then
  echo "not a git checkout: the history check cannot run"
  exit 77
fi
added=$(git -C "$source_dir" log --format=%H --diff-filter=A -- "$folder/CMakeLists.txt" | tail -1)
if [ -z "$added" ]; then
  echo "$folder is not committed yet: the history check cannot run"
  exit 77
fi
git -C "$source_dir" show --stat --format='commit %h %s' "$added"
outside=$(git -C "$source_dir" show --name-only --format= "$added" | grep -v "^$folder/" || true)
if [ -n "$outside" ]; then
  echo "the commit that added $folder also changed: $outside"
  exit 1
fi
echo "the commit that added $folder changed nothing outside it"
