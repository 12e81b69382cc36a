#!/usr/bin/env bash
# The CPU agent's figures for docs/benchmarks.md:
#   * wall time of the whole test/e2e corpus (every program once, sm_80 PTX,
#     one after another) on the CPU agent at wave32 (gfx1100) and wave64
#     (gfx942): once with an empty compile cache (JIT compile included) and
#     RUNS times with the cache filled (median);
#   * the cuLaunchKernel round trip of an empty kernel (bench/cpu-agent/
#     launch-latency.cpp).
# Prints a markdown table.
#
# Usage: bench/cpu-agent/run.sh [RUNS]    (default 3)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${PTXMLIR_BUILD_DIR:-$ROOT/build}"
RUNS="${1:-3}"
export LD_LIBRARY_PATH="$BUILD/lib" PTXMLIR_DEVICE=host
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

corpus() { # run every program once; fail loudly if one fails
  local n
  for d in "$ROOT"/test/e2e/*/; do
    n="$(basename "$d")"
    [[ -x "$BUILD/bin/e2e/e2e-$n" ]] || continue
    "$BUILD/bin/e2e/e2e-$n" "$d/$n.sm_80.ptx" > "$WORK/out" 2>&1 ||
      { echo "$n failed:" >&2; cat "$WORK/out" >&2; exit 1; }
  done
}
seconds() { # wall seconds of one corpus run
  local t0 t1
  t0=$(date +%s.%N)
  corpus
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "| wave | corpus, cold cache (s) | corpus, warm cache (s, median of $RUNS) |"
echo "| --- | --- | --- |"
for chip in gfx1100 gfx942; do
  export PTXMLIR_HOST_CHIP=$chip PTXMLIR_CACHE_DIR="$WORK/cache-$chip"
  cold=$(seconds)
  warm=$(for i in $(seq "$RUNS"); do seconds; done | median)
  wave=$([[ $chip == gfx942 ]] && echo 64 || echo 32)
  printf '| wave%s (%s) | %.2f | %.2f |\n' "$wave" "$chip" "$cold" "$warm"
done
echo
PTXMLIR_HOST_CHIP=gfx1100 "$BUILD/bin/launch-latency" 2000
