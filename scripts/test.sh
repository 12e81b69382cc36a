#!/usr/bin/env bash
# Runs every test suite: the lit suites (dialect, import/export, e2e
# round trip). Prints a closing "N passed, M failed" line and fails when
# any test fails.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD="${PTXMLIR_BUILD_DIR:-build}"
ninja -C "$BUILD" ptx-opt ptx-translate >/dev/null || { echo "build failed"; exit 1; }

log=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv "$BUILD/test" | tee "$log"
status=${PIPESTATUS[0]}
count() { grep -E "^ *$1: *[0-9]+" "$log" | awk '{print $NF}' | head -1; }
passed=$(( $(count Passed || true) + 0 ))
failed=$(( $(count Failed || true) + 0 ))
unsupported=$(( $(count Unsupported || true) + 0 ))
rm -f "$log"
if ((unsupported)); then
  echo "note: $unsupported test(s) UNSUPPORTED here (see the lit notes above for why)"
fi
echo "$passed passed, $failed failed, $unsupported skipped"
exit $status
