#!/usr/bin/env bash
# The main job: installs what is missing, builds, and runs it.
# Until the training example exists, the main job simplifies the index
# arithmetic of examples/index_math.mlir with tinygrad's symbolic rules.
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
