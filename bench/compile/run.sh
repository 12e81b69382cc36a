#!/usr/bin/env bash
# Compile speed: PTX -> HSACO with ptx-translate over the whole test/e2e
# corpus (every *.sm_NN.ptx, one process per file as a driver would run it)
# against `ptxas -O3` on the same PTX for its own target, in the same run,
# alternating A B A B so that drift in the machine's speed cancels in each
# pair's ratio. Prints each pair and the medians, of wall time and of CPU
# time; the median ratios A/B go to docs/benchmarks.md.
#
# With MODE=inprocess, "ours" is one ptx-compile-bench process compiling
# every file through the embedding API, as libcuda's JIT does (start-up
# paid once); ptxas stays one process per file, as drivers run it.
#
# Usage: [MODE=inprocess] bench/compile/run.sh [CHIP] [RUNS]
#        (default gfx942, 3)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CHIP="${1:-gfx942}"
RUNS="${2:-3}"
BUILD="${PTXMLIR_BUILD_DIR:-$ROOT/build}"
PTXAS="${PTXAS:-/usr/local/cuda/bin/ptxas}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
if [[ "${MODE:-}" == inprocess ]]; then
  cat > "$OUT/ours.sh" <<EOS
"$BUILD/bin/ptx-compile-bench" $CHIP $ROOT/test/e2e/*/*.sm_[0-9][0-9].ptx > /dev/null
EOS
else
  cat > "$OUT/ours.sh" <<EOS
for f in $ROOT/test/e2e/*/*.sm_[0-9][0-9].ptx; do
  "$BUILD/bin/ptx-translate" --ptx-to-hsaco --mcpu=$CHIP "\$f" -o "$OUT/a.hsaco" || exit 1
done
EOS
fi
cat > "$OUT/ptxas.sh" <<EOS
for f in $ROOT/test/e2e/*/*.sm_[0-9][0-9].ptx; do
  sm=\$(sed -n 's/^\.target \(sm_[0-9]*\).*/\1/p' "\$f")
  "$PTXAS" -O3 -arch=\$sm "\$f" -o "$OUT/a.cubin" || exit 1
done
EOS
echo "files: $(ls $ROOT/test/e2e/*/*.sm_[0-9][0-9].ptx | wc -l), chip $CHIP, mode ${MODE:-per-process}"
now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
sh "$OUT/ours.sh" && sh "$OUT/ptxas.sh" # warm-up
# Wall time, and CPU time (user + system, children included) from
# /usr/bin/time: on a shared machine the CPU time moves less with load.
cpu() { /usr/bin/time -f "%U %S" -o "$OUT/cpu" sh "$1" > /dev/null && awk '{print $1 + $2}' "$OUT/cpu"; }
for i in $(seq "$RUNS"); do
  t0=$(now); ca=$(cpu "$OUT/ours.sh"); t1=$(now); cb=$(cpu "$OUT/ptxas.sh"); t2=$(now)
  awk -v a="$t0" -v b="$t1" -v c="$t2" -v ca="$ca" -v cb="$cb" \
    'BEGIN { printf "%.2f %.2f %.3f %.2f %.2f %.3f\n", b - a, c - b, (b - a) / (c - b), ca, cb, ca / cb }'
done > "$OUT/pairs"
echo "run: ptx-translate s, ptxas s, ratio (wall); ptx-translate s, ptxas s, ratio (cpu)"
cat "$OUT/pairs"
echo "median ptx-translate $(cut -d' ' -f1 "$OUT/pairs" | median) s," \
     "ptxas $(cut -d' ' -f2 "$OUT/pairs" | median) s," \
     "ratio $(cut -d' ' -f3 "$OUT/pairs" | median)"
echo "median cpu: ptx-translate $(cut -d' ' -f4 "$OUT/pairs" | median) s," \
     "ptxas $(cut -d' ' -f5 "$OUT/pairs" | median) s," \
     "ratio $(cut -d' ' -f6 "$OUT/pairs" | median)"
