#!/bin/sh
# torchvision's resnet18, exported to ONNX by test/onnx/models/export.py into
# DIR, compiled by tg-compile into an object and classified with by
# classify.c, built with plain cc and checked against torch's logits:
#   run.sh DIR TG_COMPILE
set -eu
dir=$1
tg_compile=$2
here=$(cd "$(dirname "$0")" && pwd)
case_dir=$dir/models/resnet18
"$tg_compile" "$case_dir/model.onnx" --name=resnet18 -o "$dir/resnet18.o"
cc -std=c99 -O2 -Wall -Wextra -Werror -I"$dir" "$here/classify.c" "$dir/resnet18.o" \
  -lpthread -lm -o "$dir/classify"
if ldd "$dir/classify" | grep -E 'libstdc\+\+|libMLIR|libLLVM|libtgrt'; then
  echo "run.sh: classify links more than the C library"
  exit 1
fi
"$dir/classify" "$case_dir/input.f32" "$case_dir/output.f32"
