#!/usr/bin/env bash
# Build every end-to-end host program into OUTDIR/<name>, one at a time.
#
# Usage: build-hosts.sh OUTDIR [name...]
# Environment:
#   CXX        compiler (default g++; clang++ works too)
#   CUDA_INC   directory containing cuda.h (default /usr/local/cuda/include)
#   CUDA_LIBDIR directory containing libcuda.so to link against
#              (default /usr/local/cuda/lib64/stubs: NVIDIA's stub; the real
#              driver or our own libcuda is picked up at run time as libcuda.so.1)
set -euo pipefail

if [ "$#" -lt 1 ]; then
  echo "usage: $0 OUTDIR [name...]" >&2
  exit 2
fi
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$1"
OUT="$(cd "$1" && pwd)"
shift
CXX="${CXX:-g++}"
CUDA_INC="${CUDA_INC:-/usr/local/cuda/include}"
CUDA_LIBDIR="${CUDA_LIBDIR:-/usr/local/cuda/lib64/stubs}"

cd "$HERE"
if [ "$#" -gt 0 ]; then
  names=("$@")
else
  names=()
  for d in */; do
    n="${d%/}"
    [ -f "$n/host.cpp" ] && [ -f "$n/$n.cu" ] && names+=("$n")
  done
fi

failed=0
for n in "${names[@]}"; do
  if "$CXX" -std=c++17 -O1 -Wall -I"$HERE/common" -I"$HERE/../../include" -I"$CUDA_INC" "$n/host.cpp" -L"$CUDA_LIBDIR" -lcuda -o "$OUT/$n"; then
    echo "built $OUT/$n"
  else
    echo "error: failed to build $n" >&2
    failed=$((failed + 1))
  fi
done
if [ "$failed" -ne 0 ]; then
  echo "$failed host(s) failed to build" >&2
  exit 1
fi
