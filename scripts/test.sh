#!/usr/bin/env bash
# Builds everything and runs every test suite with lit: dialects,
# import/export, conversions, code objects, the C API, the runtime (libcuda
# API tests) and every e2e program on the CPU agent at wave32 and wave64.
# Prints a closing "N passed, M failed" line and fails when any test fails.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD="${PTXMLIR_BUILD_DIR:-build}"
ninja -C "$BUILD" ptx-opt ptx-translate ptxmlir-capi-test ptxmlir-hsa-host-test >/dev/null || { echo "build failed"; exit 1; }

log=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv "$BUILD/test" | tee "$log"
status=${PIPESTATUS[0]}
# lit's summary lines look like "  Passed: 56 (100.00%)", padded to one
# width ("  Passed           : 56") when another kind is listed too.
count() {
  local n
  n=$(sed -nE "s/^ *$1 *: *([0-9]+).*/\1/p" "$log" | head -1)
  echo "${n:-0}"
}
passed=$(count Passed)
failed=$(( $(count Failed) + $(count "Unresolved") + $(count "Unexpectedly Passed") ))
unsupported=$(count Unsupported)
xfailed=$(count "Expectedly Failed")
rm -f "$log"
if ((unsupported)); then
  echo "note: $unsupported test(s) UNSUPPORTED here (see the lit notes above for why)"
fi
if ((xfailed)); then
  echo "note: $xfailed test(s) XFAIL: a feature they need is not implemented (each says which)"
fi
echo "$passed passed, $failed failed, $unsupported skipped"
exit $status
