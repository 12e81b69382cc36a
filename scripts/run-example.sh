#!/usr/bin/env bash
# The main job, as far as the project goes today: compile the vector_add
# kernel's PTX to AMD code objects (HSACO) in-process for two chips, check
# their metadata, and round-trip the PTX through the ptx dialect. Running
# the code object through libcuda.so.1 on the default agent (the CPU agent
# on machines without an AMD GPU) comes with the runtime (issue 4).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${PTXMLIR_BUILD_DIR:-build}"
PTX=examples/vector_add/vector_add.ptx
OUT="$BUILD/examples/vector_add"
mkdir -p "$OUT"
for chip in gfx1100 gfx942; do
  "$BUILD/bin/ptx-translate" --ptx-to-hsaco --mcpu=$chip "$PTX" \
    -o "$OUT/vector_add.$chip.hsaco"
  wave=$(/usr/lib/llvm-22/bin/llvm-readelf --notes "$OUT/vector_add.$chip.hsaco" |
         awk '/.wavefront_size:/ {print $2}')
  kernarg=$(/usr/lib/llvm-22/bin/llvm-readelf --notes "$OUT/vector_add.$chip.hsaco" |
            awk '/.kernarg_segment_size:/ {print $2}')
  echo "HSACO for $chip: $OUT/vector_add.$chip.hsaco" \
       "(kernel vector_add, wave$wave, kernarg $kernarg bytes)"
done
"$BUILD/bin/ptx-translate" --import-ptx "$PTX" -o "$OUT/vector_add.mlir"
"$BUILD/bin/ptx-translate" --export-ptx "$OUT/vector_add.mlir" -o "$OUT/vector_add.rt.ptx"
echo "ptx dialect:       $OUT/vector_add.mlir ($(grep -c 'ptx\.' "$OUT/vector_add.mlir") ptx ops)"
echo "PTX after a round: $OUT/vector_add.rt.ptx"
if command -v ptxas >/dev/null || [[ -x /usr/local/cuda/bin/ptxas ]]; then
  PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
  "$PTXAS" -arch=sm_75 "$OUT/vector_add.rt.ptx" -o /dev/null
  echo "ptxas accepts the exported PTX"
fi
echo "Running vector_add through libcuda.so.1: not implemented yet (issue 4)"
