#!/bin/sh
# The C examples, built with plain cc against what export.cpp wrote to DIR
# and checked against the tensor library's numbers there (reference.txt):
#   run.sh classify DIR              classify.c links model.o alone and
#                                    classifies the test set exactly as the
#                                    tensor library does with those weights
#   run.sh train DIR EPOCHS MINIMUM  train.c trains as many epochs, reaches
#                                    MINIMUM % test accuracy, and ends within
#                                    0.3 points of the tensor library's run
set -eu
mode=$1
dir=$2
here=$(cd "$(dirname "$0")" && pwd)
build() {
  output=$1
  shift
  cc -std=c99 -O2 -Wall -Wextra -Werror -I"$dir" -I"$here" "$@" -lpthread -lm -o "$dir/$output"
  if ldd "$dir/$output" | grep -E 'libstdc\+\+|libMLIR|libLLVM|libtgrt'; then
    echo "run.sh: $output links more than the C library"
    exit 1
  fi
}

case $mode in
classify)
  build classify "$here/classify.c" "$dir/model.o"
  "$dir/classify" | tee "$dir/classify.txt"
  ours=$(sed -n 's/^classify: \([0-9]*\) of .*/\1/p' "$dir/classify.txt")
  theirs=$(sed -n 's/^inference correct \([0-9]*\) .*/\1/p' "$dir/reference.txt")
  latency=$(sed -n 's/^inference correct [0-9]* milliseconds_per_100 \(.*\)/\1/p' "$dir/reference.txt")
  echo "run.sh: the tensor library classifies $theirs right with the same weights, $latency ms per 100"
  [ -n "$ours" ] && [ "$ours" = "$theirs" ]
  ;;
train)
  epochs=$3
  minimum=$4
  build train "$here/train.c" "$dir/train_step.o" "$dir/evaluate.o"
  "$dir/train" "$epochs" | tee "$dir/train.txt"
  ours=$(sed -n 's/^test accuracy \([0-9.]*\)%$/\1/p' "$dir/train.txt")
  theirs=$(awk '/^training epoch/ { accuracy = $7 } END { printf "%.2f", accuracy * 100 }' \
    "$dir/reference.txt")
  echo "run.sh: train.c reaches $ours%, the tensor library $theirs% (at least $minimum% and within 0.3 points wanted)"
  awk -v ours="$ours" -v theirs="$theirs" -v minimum="$minimum" 'BEGIN {
    difference = ours - theirs
    if (difference < 0) difference = -difference
    exit !(ours != "" && ours + 0 >= minimum + 0 && difference <= 0.3)
  }'
  ;;
*)
  echo "usage: run.sh classify DIR | run.sh train DIR EPOCHS MINIMUM"
  exit 2
  ;;
esac
