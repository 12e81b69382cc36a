#!/usr/bin/env bash
# The NVVM check path: every e2e PTX compiled by ptx-mlir through the shared
# layer and NVVM back to PTX (ptx-translate --ptx-to-nvptx), then run by its
# host program with NVIDIA's driver.
#
#   nvvm-check.sh gen OUTDIR        compile all 105 files into OUTDIR (here)
#   nvvm-check.sh run BINDIR PTXDIR run on an NVIDIA GPU; one line per run
#                                   and a summary; exit status 1 on failure
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
names=()
for d in "$HERE"/*/; do
  n="$(basename "$d")"; [ -f "$d/host.cpp" ] && names+=("$n")
done
case "${1:-}" in
gen)
  OUT="$2"; mkdir -p "$OUT"; fail=0
  for n in "${names[@]}"; do for sm in sm_75 sm_80 sm_90; do
    "${PTXMLIR_BUILD:-$ROOT/build}/bin/ptx-translate" --ptx-to-nvptx --mcpu=$sm \
      "$HERE/$n/$n.$sm.ptx" -o "$OUT/$n.$sm.ptx" || { echo "COMPILE-ERROR $n $sm"; fail=1; }
  done; done
  exit $fail ;;
run)
  # Our lowering of cp.async.bulk.tensor reads ptx-mlir's tensor-map
  # encoding, not NVIDIA's: tensor_copy's host encodes its maps so.
  export PTXMLIR_OWN_TENSOR_MAPS=1
  BIN="$2"; PTX="$3"; pass=0; fail=0
  for n in "${names[@]}"; do for sm in sm_75 sm_80 sm_90; do
    out="$(timeout 120 "$BIN/$n" "$PTX/$n.$sm.ptx" 2>&1)"; rc=$?
    if [ $rc -eq 0 ] && [ "$(printf '%s\n' "$out" | tail -1)" = PASS ]; then
      echo "$n $sm PASS"; pass=$((pass+1))
    else
      echo "$n $sm FAIL $(printf '%s\n' "$out" | grep -m1 -E 'mismatch|error|FAIL' | cut -c1-200)"; fail=$((fail+1))
    fi
  done; done
  echo "nvvm: $pass passed, $fail failed"
  [ $fail -eq 0 ] ;;
*) echo "usage: $0 gen OUTDIR | run BINDIR PTXDIR" >&2; exit 2 ;;
esac
