#!/bin/sh
# check_main_job.sh BUILD_DIR
# The main job's training step through VIZ: one step of examples/fashion_mnist
# with VIZ=1, the page's data checked, then the page opened in headless
# Chromium; its screenshot stays in BUILD_DIR/test-artifacts/ (the source of
# docs/images/viz.png).
set -eu
build=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
VIZ=1 VIZ_OUT="$work/viz.html" CACHEDB="$work/cache.db" \
  "$build/bin/fashion_mnist" --steps=1 --epochs=1 --save="$work/model.safetensors" \
  > "$work/train.log" 2>&1 || { cat "$work/train.log"; exit 1; }
grep "VIZ:" "$work/train.log"
/usr/bin/python3 "$here/../e2e/Inputs/check_viz_data.py" "$work/viz.html" --op tg.assign --op tg.reduce
python3 "$here/check_viz.py" "$work/viz.html" --screenshot "$build/test-artifacts/viz-fashion-mnist.png" \
  --expect-op tg.assign --expect-op tg.reduce --expect-op tg.where \
  --min-programs 3 --min-kernels 50 --min-passes 30 --min-nodes 1000
