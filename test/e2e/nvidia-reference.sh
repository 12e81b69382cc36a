#!/usr/bin/env bash
# Reference runs on an NVIDIA GPU with NVIDIA's driver: every e2e host
# program with the original PTX (sm_75, sm_80, sm_90) and with the PTX after
# ptx-mlir's import -> export (<name>.<sm>.rt.ptx, made by make-rt-ptx.sh).
#
# Usage: nvidia-reference.sh BINDIR OUTDIR
# Writes OUTDIR/<variant>.txt (one run-all.sh output per variant) and
# prints the combined Markdown table (nvidia-table.py).
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BINDIR="$1"
OUTDIR="$2"
mkdir -p "$OUTDIR"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader \
  > "$OUTDIR/gpu.txt" 2>&1 || true
for sm in sm_75 sm_80 sm_90; do
  for kind in ptx rt.ptx; do
    E2E_TIMEOUT=120 "$HERE/run-all.sh" "$BINDIR" "$sm.$kind" \
      > "$OUTDIR/$sm.$kind.txt" 2>&1
  done
done
python3 "$HERE/nvidia-table.py" "$OUTDIR"
