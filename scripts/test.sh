#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the lit suite (IR and
# end-to-end tests) and the GoogleTest suite through CTest. Ends with a
# pass/fail summary; the exit status is non-zero if anything failed.
#   scripts/test.sh             the whole suite, in build/
#   scripts/test.sh --sanitize  the whole suite built with AddressSanitizer
#                               and UndefinedBehaviorSanitizer, in build-sanitize/
#   scripts/test.sh --sanitize --slice
#                               under the sanitizers: the runtime's, the tensor
#                               library's and the end-to-end tests, and each
#                               fuzz harness for 60 s (what CI adds)
# With CI=true, the tests labelled `full` (the five-epoch AOT examples, the
# whole VULKAN ONNX conformance run) give way to their `slice` (one epoch,
# one VULKAN case in four), and the suite is followed by the sanitized slice.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sanitize=false
slice=false
for arg in "$@"; do
  case "$arg" in
    --sanitize) sanitize=true ;;
    --slice) slice=true ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "test.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done
if $sanitize; then
  build=${TG_BUILD_DIR:-$root/build-sanitize}
  export TG_BUILD_DIR=$build TG_CMAKE_ARGS="-DTG_FUZZ=ON ${TG_CMAKE_ARGS:-}"
  # Huge allocations that the code refuses are tested: not fatal here.
  export ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1:detect_leaks=0}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
else
  build=${TG_BUILD_DIR:-$root/build}
fi
jobs=${TG_JOBS:-$(nproc)}

"$root/scripts/install-deps.sh" || exit 1
start=$(date +%s)
"$root/scripts/build.sh" || { echo "BUILD FAILED"; exit 1; }
built=$(date +%s)

lit_log=$(mktemp)
unit_log=$(mktemp)
if $slice; then
  # Not the GPU objects' tests: they link a plain C program with the
  # instrumented libtgrt.
  /usr/lib/llvm-22/bin/lit -sv -j "$jobs" --filter-out 'gpu|vulkan' "$build/test/e2e" \
    "$build/test/AOT" 2>&1 | tee "$lit_log"
  lit_status=${PIPESTATUS[0]}
  # The runtime's tests, the tensor library's (without the 48 shards of the
  # convolution sweep) and the C ABI's; the end-to-end ones are lit's above.
  (cd "$build" && ctest --output-on-failure -j "$jobs" \
    -R '^(tgrt\.|capi\.|Tensor\.|Grad|NN|Optim|State|Random|ProgramCache|Movement|Assign|Reduce|Math|Loss|AOT\.|Training|MultiKernel)' \
    -E 'ConvSweep|vulkan') 2>&1 | tee "$unit_log"
  unit_status=${PIPESTATUS[0]}
  "$root/scripts/fuzz.sh" --seconds "${TG_FUZZ_SECONDS:-60}" 2>&1 | tee -a "$unit_log"
  fuzz_status=${PIPESTATUS[0]}
  [ "$fuzz_status" -eq 0 ] || unit_status=1
else
  /usr/lib/llvm-22/bin/lit -sv -j "$jobs" "$build/test" 2>&1 | tee "$lit_log"
  lit_status=${PIPESTATUS[0]}
  [ "${CI:-}" = "true" ] && excluded_label=full || excluded_label=slice
  (cd "$build" && ctest --output-on-failure -j "$jobs" --label-exclude "$excluded_label") 2>&1 | tee "$unit_log"
  unit_status=${PIPESTATUS[0]}
fi
done_at=$(date +%s)

lit_passed=$(grep -Eo 'Passed *: *[0-9]+' "$lit_log" | grep -Eo '[0-9]+$' || echo 0)
lit_failed=$(grep -Eo 'Failed *: *[0-9]+' "$lit_log" | grep -Eo '[0-9]+$' || echo 0)
unit_line=$(grep -E 'tests passed' "$unit_log" || echo "no unit test summary")

echo
echo "==================== summary ===================="
echo "build: $((built - start)) s; tests: $((done_at - built)) s"
lit_unresolved=$(grep -Eo 'Unresolved *: *[0-9]+' "$lit_log" | grep -Eo '[0-9]+$' || echo 0)
echo "lit:   ${lit_passed:-0} passed, ${lit_failed:-0} failed, ${lit_unresolved:-0} unresolved"
echo "unit:  $unit_line"
result=0
if [ "$lit_status" -ne 0 ] || [ "$unit_status" -ne 0 ]; then
  result=1
fi
if [ "${CI:-}" = "true" ] && ! $sanitize; then
  echo
  echo "==================== under the sanitizers ===================="
  env -u TG_BUILD_DIR "$0" --sanitize --slice || result=1
fi
[ $result -eq 0 ] && echo "RESULT: PASS" || echo "RESULT: FAIL"
exit $result
