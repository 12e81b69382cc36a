#!/usr/bin/env bash
# The corpus' device code for AMD GPUs: every single-source program's PTX
# (nvcc -arch=sm_80 -ptx, with its NVCC-FLAGS) compiled by ptx-translate
# into a code object for gfx942 (wave64) and gfx1100 (wave32), whose
# metadata must name that target and whose symbols must all be defined
# (the device runtime's printf/malloc/assert included). Prints
# "ok <program> <chip> <kernels>" or "FAILED <program> <chip>: <why>".
# Programs of several sources (-rdc) are linked by the runtime and covered
# by test/Runtime/CUDA/link-modules.c.
#
#   amd-compile.sh NVCC PTX_TRANSLATE LLVM_BIN_DIR OUTDIR SOURCE.cu...
set -uo pipefail
nvcc=$1 translate=$2 bin=$3 out=$4
shift 4
mkdir -p "$out"
for src in "$@"; do
  name=$(basename "$src" .cu)
  dir=$(cd "$(dirname "$src")" && pwd)
  flags=()
  multi=0
  while IFS= read -r line; do
    read -ra words <<<"${line#*NVCC-FLAGS:}"
    for w in "${words[@]}"; do
      case $w in
      *.cu) multi=1 ;;
      *) flags+=("${w//%S/$dir}") ;;
      esac
    done
  done < <(grep -E '^[[:space:]]*//[[:space:]]*NVCC-FLAGS:' "$src" || true)
  ((multi)) && continue
  if ! "$nvcc" -arch=sm_80 "${flags[@]}" -ptx "$src" -o "$out/$name.ptx" \
       2>"$out/$name.nvcc.log"; then
    echo "FAILED $name: nvcc -ptx"
    continue
  fi
  for chip in gfx942 gfx1100; do
    co="$out/$name.$chip.hsaco"
    if ! "$translate" --ptx-to-hsaco --mcpu=$chip "$out/$name.ptx" -o "$co" \
         2>"$out/$name.$chip.log"; then
      echo "FAILED $name $chip: $(head -1 "$out/$name.$chip.log")"
      continue
    fi
    notes=$("$bin/llvm-readelf" --notes "$co")
    if ! grep -q "amdhsa.target: *amdgcn-amd-amdhsa--$chip" <<<"$notes"; then
      echo "FAILED $name $chip: wrong target"
      continue
    fi
    undefined=$("$bin/llvm-nm" -u "$co")
    if [[ -n $undefined ]]; then
      echo "FAILED $name $chip: undefined symbols: $undefined"
      continue
    fi
    echo "ok $name $chip $(grep -c '\.symbol: *.*\.kd' <<<"$notes")"
  done
done
