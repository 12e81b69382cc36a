#!/usr/bin/env bash
# The main job. First the real story: examples/vector_add_runtime (a CUDA
# runtime-API program: managed memory, <<<>>> launch) built by NVIDIA's nvcc
# with its defaults and run unchanged through our libcuda.so.1 (with
# LD_LIBRARY_PATH, then again with LD_PRELOAD), on the default agent: an AMD
# GPU when ROCr finds one, otherwise the built-in CPU agent. Without nvcc
# that step says so and is skipped. Then the Driver API vectorAdd
# (examples/vector_add) through the same library, and what the compiler
# makes of its PTX: AMD code objects (HSACO) for gfx1100 and gfx942, and a
# round trip through the ptx dialect (checked by ptxas when CUDA is
# installed).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${PTXMLIR_BUILD_DIR:-build}"
if [[ ! -e "$BUILD/lib/libcuda.so.1" ]]; then
  echo "$BUILD/lib/libcuda.so.1 was not built (it needs NVIDIA's cuda.h," \
       "see docs/user-guide.md)" >&2
  exit 1
fi
LIBDIR="$(cd "$BUILD/lib" && pwd)"
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [[ -x "$NVCC" ]]; then
  RT="$BUILD/examples/vector_add_runtime"
  mkdir -p "$RT"
  echo "Building examples/vector_add_runtime/vector_add.cu with $NVCC -arch=sm_80"
  "$NVCC" -arch=sm_80 examples/vector_add_runtime/vector_add.cu -o "$RT/vector_add"
  echo "Running it unchanged through $BUILD/lib/libcuda.so.1 (LD_LIBRARY_PATH):"
  LD_LIBRARY_PATH="$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$RT/vector_add"
  echo "Again with LD_PRELOAD=$BUILD/lib/libcuda.so.1:"
  LD_PRELOAD="$LIBDIR/libcuda.so.1" "$RT/vector_add"
  echo
else
  echo "nvcc not found (looked on PATH and in /usr/local/cuda/bin): skipping" \
       "the CUDA runtime-API example; install the CUDA toolkit to run it"
  echo
fi

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
if [[ ! -x "$BUILD/examples/vector_add/vector_add" ]]; then
  echo "examples/vector_add was not built (it needs NVIDIA's cuda.h," \
       "see docs/user-guide.md)" >&2
  exit 1
fi
echo
echo "Running the Driver API vector_add through $BUILD/lib/libcuda.so.1:"
LD_LIBRARY_PATH="$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  "$BUILD/examples/vector_add/vector_add" "$PTX"
