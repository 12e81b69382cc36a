#!/usr/bin/env bash
# Compile speed: PTX -> HSACO with ptx-translate over the whole test/e2e
# corpus (105 files, one process per file as a driver would run it)
# against `ptxas -O3` on the same PTX for its own target, in the same run,
# paired A/B by farm-bench. Prints farm-bench's report; the median ratio
# A/B goes to docs/benchmarks.md.
#
# Usage: bench/compile/run.sh [CHIP] [RUNS]    (default gfx942, 3)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CHIP="${1:-gfx942}"
RUNS="${2:-3}"
BUILD="${PTXMLIR_BUILD_DIR:-$ROOT/build}"
PTXAS="${PTXAS:-/usr/local/cuda/bin/ptxas}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
cat > "$OUT/ours.sh" <<EOS
for f in $ROOT/test/e2e/*/*.sm_[0-9][0-9].ptx; do
  "$BUILD/bin/ptx-translate" --ptx-to-hsaco --mcpu=$CHIP "\$f" -o "$OUT/a.hsaco" || exit 1
done
EOS
cat > "$OUT/ptxas.sh" <<EOS
for f in $ROOT/test/e2e/*/*.sm_[0-9][0-9].ptx; do
  sm=\$(sed -n 's/^\.target \(sm_[0-9]*\).*/\1/p' "\$f")
  "$PTXAS" -O3 -arch=\$sm "\$f" -o "$OUT/a.cubin" || exit 1
done
EOS
echo "files: $(ls $ROOT/test/e2e/*/*.sm_[0-9][0-9].ptx | wc -l), chip $CHIP"
farm-bench -n "$RUNS" --timeout 1800 --vs "sh $OUT/ptxas.sh" -- sh "$OUT/ours.sh"
