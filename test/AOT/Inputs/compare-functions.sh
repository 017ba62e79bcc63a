#!/bin/sh
# Every function of an .mlir file, compiled by tg-compile into an object,
# linked by cc into harness.c and run on pseudo-random inputs, gives the
# same outputs, bit for bit, as tg-run on the same inputs. Prints a line per
# function and a summary; fails if any function differs or does not build.
#   compare-functions.sh FILE.mlir WORKDIR HARNESS.c [tg-compile options...]
# CC is the C compiler (default cc); RUN, if set, runs the harness (an
# emulator, for objects of another architecture); LIBS are more libraries
# to link (libtgrt, for GPU objects); TG_RUN_FLAGS go to tg-run (the device).
set -eu
CC=${CC:-cc}
RUN=${RUN:-}
LIBS=${LIBS:-}
TG_RUN_FLAGS=${TG_RUN_FLAGS:-}
file=$1 work=$2 harness=$3
shift 3
rm -rf "$work"
mkdir -p "$work"
total=0
equal=0
for function in $(sed -n 's/^func\.func @\([A-Za-z0-9_]*\).*/\1/p' "$file"); do
  total=$((total + 1))
  prefix=m_$function
  upper=$(echo "$prefix" | tr a-z A-Z)
  tg-compile "$file" --function="$function" --name="$prefix" -o "$work/$prefix.o" "$@"
  $CC -std=c99 -Wall -Wextra -Werror -DMODEL_HEADER="\"$work/$prefix.h\"" -DPREFIX="$prefix" \
    -DUPREFIX="$upper" "$harness" "$work/$prefix.o" $LIBS -lpthread -lm -o "$work/$prefix"
  $RUN "$work/$prefix" --write-inputs "$work/$prefix.in"
  inputs=
  flags=
  i=0
  while [ -e "$work/$prefix.in.$i" ]; do
    inputs="$inputs $work/$prefix.in.$i"
    flags="$flags --input=@$work/$prefix.in.$i"
    i=$((i + 1))
  done
  tg-run "$file" --function="$function" $TG_RUN_FLAGS $flags --output="$work/$prefix.reference"
  if $RUN "$work/$prefix" "$work/$prefix.reference" $inputs > "$work/$prefix.out"; then
    equal=$((equal + 1))
  fi
  sed "s/^/@$function: /" "$work/$prefix.out"
done
echo "$equal of $total functions equal to tg-run"
[ "$equal" -eq "$total" ]
