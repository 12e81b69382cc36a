#!/usr/bin/env bash
# Builds one test/cudart program the way lit (%nvcc_build) and
# scripts/run-cudart-nvidia.sh both do:
#
#   nvcc-build.sh NVCC SOURCE.cu OUT
#
# makes OUT.static (cudart linked statically, nvcc's default) and OUT.shared
# (-cudart shared) from one compilation: `nvcc -arch=sm_80 -c` per source,
# then two links. The program's `// NVCC-FLAGS:` lines add flags to every
# step (-rdc=true, --default-stream per-thread, ...); words there ending in
# .cu are more sources, and %S stands for SOURCE.cu's directory.
set -euo pipefail
if (($# != 3)); then
  echo "usage: $0 NVCC SOURCE.cu OUT" >&2
  exit 2
fi
nvcc=$1 src=$2 out=$3
dir=$(cd "$(dirname "$src")" && pwd)
flags=()
sources=("$src")
while IFS= read -r line; do
  read -ra words <<<"${line#*NVCC-FLAGS:}"
  for w in "${words[@]}"; do
    w=${w//%S/$dir}
    case $w in
    *.cu) sources+=("$w") ;;
    *) flags+=("$w") ;;
    esac
  done
done < <(grep -E '^[[:space:]]*//[[:space:]]*NVCC-FLAGS:' "$src" || true)

objs=()
for s in "${sources[@]}"; do
  o="$out.$(basename "$s" .cu).o"
  "$nvcc" -arch=sm_80 "${flags[@]}" -c "$s" -o "$o"
  objs+=("$o")
done
"$nvcc" -arch=sm_80 "${flags[@]}" "${objs[@]}" -o "$out.static"
"$nvcc" -arch=sm_80 "${flags[@]}" -cudart shared "${objs[@]}" -o "$out.shared"
