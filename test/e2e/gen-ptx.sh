#!/usr/bin/env bash
# Regenerate the committed PTX of every end-to-end test program:
#   <name>/<name>.sm_75.ptx, <name>.sm_80.ptx, <name>.sm_90.ptx
# with `nvcc -ptx -arch=sm_XX -lineinfo -O3` (plus per-program flags listed
# below), then verify each file with `ptxas -arch=sm_XX`.
#
# Usage: gen-ptx.sh [name...]      (default: every program directory)
# Environment: CUDA_HOME (default /usr/local/cuda), ARCHS (default "75 80 90")
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CUDA_HOME="${CUDA_HOME:-/usr/local/cuda}"
NVCC="${NVCC:-$CUDA_HOME/bin/nvcc}"
PTXAS="${PTXAS:-$CUDA_HOME/bin/ptxas}"
ARCHS="${ARCHS:-75 80 90}"

# Per-program extra nvcc flags (none of the programs needs any today; the ftz
# program gets its .ftz instructions from inline asm).  Add entries like:
#   [some_program]="-ftz=true"
declare -A EXTRA_FLAGS=(
)

cd "$HERE"
if [ "$#" -gt 0 ]; then
  names=("$@")
else
  names=()
  for d in */; do
    n="${d%/}"
    [ -f "$n/$n.cu" ] && names+=("$n")
  done
fi

status=0
for n in "${names[@]}"; do
  if [ ! -f "$n/$n.cu" ]; then
    echo "error: $n/$n.cu not found" >&2
    status=1
    continue
  fi
  for a in $ARCHS; do
    out="$n/$n.sm_$a.ptx"
    # shellcheck disable=SC2086
    if ! "$NVCC" -ptx -arch=sm_$a -lineinfo -O3 ${EXTRA_FLAGS[$n]:-} "$n/$n.cu" -o "$out"; then
      echo "error: nvcc failed for $n sm_$a" >&2
      status=1
      continue
    fi
    if ! "$PTXAS" -arch=sm_$a "$out" -o /dev/null; then
      echo "error: ptxas rejected $out" >&2
      status=1
      continue
    fi
    echo "ok  $out"
  done
done
exit $status
