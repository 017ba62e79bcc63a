#!/usr/bin/env bash
# The main job: installs what is missing, builds, and trains a CNN on
# Fashion-MNIST with the tensor library (examples/fashion_mnist): a progress
# bar per epoch, the test accuracy, then the model saved as safetensors and
# reloaded to check it scores the same. Arguments go to the example
# (--epochs N, --batch-size B, --lr LR, --steps S, --data DIR, --save PATH).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TG_BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"

exec "$build/bin/fashion_mnist" --save "$build/fashion_mnist.safetensors" "$@"
