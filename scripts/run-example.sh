#!/usr/bin/env bash
# The main job, as far as the project goes today: read the vector_add
# kernel's PTX into the ptx dialect and write it back as PTX. HSACO
# emission (issue 3) and running on the CPU agent / an AMD GPU through
# libcuda.so.1 (issue 4) will extend this script.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${PTXMLIR_BUILD_DIR:-build}"
PTX=examples/vector_add/vector_add.ptx
OUT="$BUILD/examples/vector_add"
mkdir -p "$OUT"
"$BUILD/bin/ptx-translate" --import-ptx "$PTX" -o "$OUT/vector_add.mlir"
"$BUILD/bin/ptx-translate" --export-ptx "$OUT/vector_add.mlir" -o "$OUT/vector_add.rt.ptx"
echo "ptx dialect:       $OUT/vector_add.mlir ($(grep -c 'ptx\.' "$OUT/vector_add.mlir") ptx ops)"
echo "PTX after a round: $OUT/vector_add.rt.ptx"
if command -v ptxas >/dev/null || [[ -x /usr/local/cuda/bin/ptxas ]]; then
  PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
  "$PTXAS" -arch=sm_75 "$OUT/vector_add.rt.ptx" -o /dev/null
  echo "ptxas accepts the exported PTX"
fi
echo "HSACO emission and execution: not implemented yet (issues 3 and 4)"
