#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the lit suite (IR and
# end-to-end tests) and the GoogleTest suite through CTest. Ends with a
# pass/fail summary; the exit status is non-zero if anything failed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TG_BUILD_DIR:-$root/build}
jobs=${TG_JOBS:-$(nproc)}

"$root/scripts/install-deps.sh" || exit 1
start=$(date +%s)
"$root/scripts/build.sh" || { echo "BUILD FAILED"; exit 1; }
built=$(date +%s)

lit_log=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv -j "$jobs" "$build/test" 2>&1 | tee "$lit_log"
lit_status=${PIPESTATUS[0]}

unit_log=$(mktemp)
(cd "$build" && ctest --output-on-failure -j "$jobs") 2>&1 | tee "$unit_log"
unit_status=${PIPESTATUS[0]}
done_at=$(date +%s)

lit_passed=$(grep -Eo 'Passed *: *[0-9]+' "$lit_log" | grep -Eo '[0-9]+$' || echo 0)
lit_failed=$(grep -Eo 'Failed *: *[0-9]+' "$lit_log" | grep -Eo '[0-9]+$' || echo 0)
unit_line=$(grep -E 'tests passed' "$unit_log" || echo "no unit test summary")

echo
echo "==================== summary ===================="
echo "build: $((built - start)) s; tests: $((done_at - built)) s"
echo "lit:   ${lit_passed:-0} passed, ${lit_failed:-0} failed"
echo "unit:  $unit_line"
if [ "$lit_status" -eq 0 ] && [ "$unit_status" -eq 0 ]; then
  echo "RESULT: PASS"
  exit 0
fi
echo "RESULT: FAIL"
exit 1
