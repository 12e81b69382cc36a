#!/usr/bin/env bash
# Development only (never in CI): compile every e2e PTX to HSACO with
# ptx-translate and run its host program on the AMD ISA emulator behind
# ../shared/tools/emucuda (a libcuda.so.1 that executes code objects).
#
# Usage: run-emucuda.sh HOSTDIR CHIP SM [name...]
#   HOSTDIR  host programs built by build-hosts.sh
#   CHIP     gfx942 (wave64) or gfx1100 (wave32), ...
#   SM       which PTX to compile: sm_75, sm_80 or sm_90
# Environment: EMUCUDA_BUILD (default /tmp/emucuda-build), PTXMLIR_BUILD
# (default build), E2E_TIMEOUT (default 600 s), E2E_OUT (default
# /tmp/e2e-emucuda). Prints "<name> <chip> <sm> PASS|FAIL|COMPILE-ERROR|..."
# and a summary line.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
HOSTDIR="$(cd "$1" && pwd)"; CHIP="$2"; SM="$3"; shift 3
EMU="${EMUCUDA_BUILD:-/tmp/emucuda-build}"
BUILD="${PTXMLIR_BUILD:-$ROOT/build}"
OUT="${E2E_OUT:-/tmp/e2e-emucuda}/$CHIP.$SM"
TIMEOUT="${E2E_TIMEOUT:-600}"
mkdir -p "$OUT"
# Our lowering of cp.async.bulk.tensor reads ptx-mlir's tensor-map encoding
# (emucuda has no cuTensorMapEncodeTiled): tensor_copy's host encodes its maps so.
export PTXMLIR_OWN_TENSOR_MAPS=1
cd "$HERE"
if [ "$#" -gt 0 ]; then names=("$@"); else
  names=(); for d in */; do n="${d%/}"; [ -f "$n/host.cpp" ] && names+=("$n"); done
fi
pass=0; fail=0
for n in "${names[@]}"; do
  if ! "$BUILD/bin/ptx-translate" --ptx-to-hsaco --mcpu="$CHIP" "$n/$n.$SM.ptx" \
      -o "$OUT/$n.hsaco" > "$OUT/$n.compile.log" 2>&1; then
    echo "$n $CHIP $SM COMPILE-ERROR $(grep -m1 error "$OUT/$n.compile.log")"; fail=$((fail+1)); continue
  fi
  LD_LIBRARY_PATH="$EMU" timeout "$TIMEOUT" "$HOSTDIR/$n" "$OUT/$n.hsaco" > "$OUT/$n.log" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && tail -1 "$OUT/$n.log" | grep -q '^PASS'; then
    echo "$n $CHIP $SM PASS"; pass=$((pass+1))
  elif [ $rc -eq 124 ]; then echo "$n $CHIP $SM TIMEOUT"; fail=$((fail+1))
  else echo "$n $CHIP $SM FAIL $(grep -m1 -E 'FAIL|error|mismatch' "$OUT/$n.log" | cut -c1-150)"; fail=$((fail+1)); fi
done
echo "$CHIP $SM: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
