#!/usr/bin/env bash
# The main job: installs what is missing, builds, and runs it.
# Until the training example exists, the main job shows the compiler at
# work: tinygrad's symbolic rules on the index arithmetic of
# examples/index_math.mlir, then a matmul and a convolution written in tg
# ops compiled and run on the CPU, with each kernel's time and GFLOPS.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TG_BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"

example="$root/examples/index_math.mlir"
echo "== $example, as written"
grep -v '^ *//' "$example"
echo
echo "== after: tg-opt --tg-symbolic"
"$build/bin/tg-opt" "$example" --tg-symbolic

for program in matmul conv2d; do
  echo
  echo "== examples/$program.mlir on random inputs: DEBUG=2 tg-run --random --repeat=5"
  DEBUG=2 "$build/bin/tg-run" "$root/examples/$program.mlir" --random --repeat=5 --output=/dev/null
done
