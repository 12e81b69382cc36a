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
# The pairs and medians also go to docs/generated/compile-speed.CHIP.MODE.md
# (MODE: inprocess or per-process), with the date, commit and load average
# of the run; DOCS_OUT=FILE writes elsewhere, DOCS_OUT= (empty) nowhere.
#
# Usage: [MODE=inprocess] bench/compile/run.sh [CHIP] [RUNS]
#        (default gfx942, 3)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CHIP="${1:-gfx942}"
RUNS="${2:-3}"
BUILD="${PTXMLIR_BUILD_DIR:-$ROOT/build}"
PTXAS="${PTXAS:-/usr/local/cuda/bin/ptxas}"
DOCS_OUT="${DOCS_OUT-$ROOT/docs/generated/compile-speed.$CHIP.${MODE:-per-process}.md}"
LOAD="$(cut -d' ' -f1-3 /proc/loadavg)"
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
col() { cut -d' ' -f"$1" "$OUT/pairs" | median; }
echo "median ptx-translate $(col 1) s, ptxas $(col 2) s, ratio $(col 3)"
echo "median cpu: ptx-translate $(col 4) s, ptxas $(col 5) s, ratio $(col 6)"
[ -n "$DOCS_OUT" ] || exit 0
commit="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
git -C "$ROOT" diff --quiet HEAD -- lib include tools dialects 2>/dev/null ||
  commit="$commit + uncommitted changes"
mkdir -p "$(dirname "$DOCS_OUT")"
{
  echo "# Compile speed: $CHIP, ${MODE:-per-process}"
  echo
  echo "Written by \`bench/compile/run.sh\` ($(date -u '+%Y-%m-%d %H:%M UTC'), tree"
  echo "$commit, load average $LOAD at the start, $(nproc) cores):"
  echo "$(ls $ROOT/test/e2e/*/*.sm_[0-9][0-9].ptx | wc -l) e2e PTX files to $CHIP code objects, against"
  echo "\`ptxas -O3\` on the same files, $RUNS alternating pairs. Ratio = ours / ptxas."
  echo
  echo "| pair | ours wall s | ptxas wall s | wall ratio | ours CPU s | ptxas CPU s | CPU ratio |"
  echo "|---|---|---|---|---|---|---|"
  awk '{ printf "| %d | %s | %s | %s | %s | %s | %s |\n", NR, $1, $2, $3, $4, $5, $6 }' "$OUT/pairs"
  echo "| **median** | $(col 1) | $(col 2) | **$(col 3)** | $(col 4) | $(col 5) | **$(col 6)** |"
} > "$DOCS_OUT"
echo "written: $DOCS_OUT"
