#!/usr/bin/env bash
# Runs the libFuzzer harnesses of test/fuzz, each for a time, from its seed
# corpus in test/fuzz/corpus/NAME (new inputs go to a scratch copy), and
# prints how many inputs each ran. A crash, a leak, a sanitizer report or a
# timeout leaves its input in $build/fuzz-artifacts and fails the run: add
# it to the corpus as a regression input once fixed.
#   scripts/fuzz.sh [--seconds N | --runs N] [--jobs N] [harness...]
#   (default: 600 s each, all six, as many at once as there are cores;
#   --runs N runs each until it has executed N inputs, however long that is)
# Builds in build-sanitize (TG_BUILD_DIR) with TG_FUZZ=ON, the folder of
# scripts/test.sh --sanitize; TG_CMAKE_ARGS=-DTG_SANITIZE_COMPILER=ON (a
# fresh folder, a longer build) instruments the dialect and passes too, for
# deeper coverage of fuzz_ir and fuzz_ir_compile.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TG_BUILD_DIR:-$root/build-sanitize}
seconds=600
runs_wanted=
jobs=${TG_JOBS:-$(nproc)}
harnesses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs_wanted=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) harnesses+=("fuzz_$1"); shift ;;
  esac
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=(fuzz_executable fuzz_run_input fuzz_safetensors fuzz_torch_load fuzz_onnx fuzz_ir fuzz_ir_compile)

TG_BUILD_DIR=$build TG_CMAKE_ARGS="-DTG_FUZZ=ON ${TG_CMAKE_ARGS:-}" \
  "$root/scripts/build.sh" "${harnesses[@]}" || { echo "fuzz: BUILD FAILED"; exit 1; }

artifacts=$build/fuzz-artifacts
mkdir -p "$artifacts"
# Leaks are checked at exit; the runtime's worker pools and device caches
# live until then by design. Huge allocations are refused, not fatal.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
export DEV=CPU CACHELEVEL=0
# One harness: its libFuzzer run, then its summary line in $build/NAME.result.
fuzz_one() {
  # fuzz_ir_compile shares fuzz_ir's corpus.
  local harness=$1 name=${1#fuzz_} scratch log=$build/$1.log result runs rate corpus
  name=${name%_compile}
  scratch=$(mktemp -d)
  local limit=(-max_total_time="$seconds") what="$seconds s"
  [ -n "$runs_wanted" ] && limit=(-runs="$runs_wanted") what="$runs_wanted inputs"
  echo "fuzz: $harness for $what (log: $log)"
  "$build/bin/$harness" "${limit[@]}" -timeout=30 -rss_limit_mb=6144 \
    -print_final_stats=1 -artifact_prefix="$artifacts/$harness-" \
    "$scratch" "$root/test/fuzz/corpus/$name" > "$log" 2>&1
  result=$?
  runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1)
  rate=$(grep -Eo 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1)
  corpus=$(ls "$scratch" | wc -l)
  rm -rf "$scratch"
  if [ $result -ne 0 ]; then
    grep -E 'ERROR: |runtime error|SUMMARY' "$log" | head -5
    printf '%-18s FAILED (exit %d): see %s and %s\n' "$harness" $result "$log" "$artifacts" \
      > "$build/$harness.result"
  else
    printf '%-18s %10s runs  %6s/s  %5s new inputs\n' "$harness" "$runs" "$rate" "$corpus" \
      > "$build/$harness.result"
  fi
}

# $jobs harnesses at a time.
for harness in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
    wait -n
  done
  fuzz_one "$harness" &
done
wait
echo
echo "==================== fuzz summary ===================="
status=0
for harness in "${harnesses[@]}"; do
  cat "$build/$harness.result"
  grep -q FAILED "$build/$harness.result" && status=1
done
[ $status -eq 0 ] && echo "RESULT: PASS" || echo "RESULT: FAIL"
exit $status
