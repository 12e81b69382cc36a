#!/usr/bin/env bash
# The main job: run examples/vector_add (CUDA's classic vectorAdd, a Driver
# API program built against NVIDIA's cuda.h) through our libcuda.so.1 on the
# default agent: an AMD GPU when ROCr finds one, otherwise the built-in CPU
# agent. Before that, show what the compiler makes of its PTX: AMD code
# objects (HSACO) for gfx1100 and gfx942, and a round trip through the ptx
# dialect (checked by ptxas when CUDA is installed).
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
if [[ ! -x "$BUILD/examples/vector_add/vector_add" || ! -e "$BUILD/lib/libcuda.so.1" ]]; then
  echo "vector_add or libcuda.so.1 was not built (they need NVIDIA's cuda.h," \
       "see docs/user-guide.md)" >&2
  exit 1
fi
echo
echo "Running vector_add through $BUILD/lib/libcuda.so.1:"
LIBDIR="$(cd "$BUILD/lib" && pwd)"
LD_LIBRARY_PATH="$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  "$BUILD/examples/vector_add/vector_add" "$PTX"
