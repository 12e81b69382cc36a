#!/usr/bin/env bash
# The reference run of the CUDA runtime-API corpus (test/cudart): builds
# every program with nvcc exactly as lit does (test/cudart/nvcc-build.sh:
# -arch=sm_80, cudart static and -cudart shared, plus each program's
# `// NVCC-FLAGS:`), runs each binary with whatever libcuda.so.1 the system
# has -- NVIDIA's driver on an NVIDIA machine -- and prints one line per
# program and variant and a closing "N passed, M failed" line.
#
#   scripts/run-cudart-nvidia.sh [OUTDIR]
#
# OUTDIR (default: a new temporary directory) receives the binaries, the
# build logs, each run's output (<name>.<static|shared>.out, stdout and
# stderr together) and summary.md, a Markdown table of the results.
# Needs bash, coreutils, grep, sed and nvcc (NVCC=..., else nvcc on the
# PATH, else /usr/local/cuda/bin/nvcc).
#
# A run passes when it exits 0, prints "PASS <name>" and no "FAIL" line,
# and every CHECK, CHECK-NEXT, CHECK-DAG and CHECK-COUNT-<n> pattern of the
# program matches some line (at least n lines) of its output: FileCheck's
# pattern syntax ({{regex}}, [[#...]] numbers) read without FileCheck's
# ordering. CHECK-NOT lines are not checked here.
set -uo pipefail
cd "$(dirname "$0")/.."

out=${1:-$(mktemp -d "${TMPDIR:-/tmp}/cudart-nvidia.XXXXXX")}
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [[ ! -x $nvcc ]]; then
  echo "nvcc not found: set NVCC or put nvcc on the PATH" >&2
  exit 2
fi
# libcudart.so for the -cudart shared binaries, if ld.so does not know it.
cuda_lib=$(dirname "$(dirname "$(readlink -f "$nvcc")")")/lib64
export LD_LIBRARY_PATH=$cuda_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

echo "nvcc: $("$nvcc" --version | tail -1)"
if command -v nvidia-smi >/dev/null; then
  echo "GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
fi
echo "output: $out"

sources=("$PWD"/test/cudart/*.cu) # absolute, as lit passes them

# Build in parallel, one job per core.
jobs=$(nproc 2>/dev/null || echo 2)
running=0
for src in "${sources[@]}"; do
  name=$(basename "$src" .cu)
  bash test/cudart/nvcc-build.sh "$nvcc" "$src" "$out/$name" \
    >"$out/$name.build.log" 2>&1 &
  if ((++running >= jobs)); then
    wait -n
    ((running--))
  fi
done
wait

# FileCheck pattern -> POSIX extended regular expression.
to_ere() {
  local p=$1 res="" lit body
  while [[ -n $p ]]; do
    if [[ $p == '{{'* ]]; then
      body=${p#??}
      res+="(${body%%\}\}*})"
      p=${body#*\}\}}
    elif [[ $p == '[['* ]]; then
      body=${p#??}
      p=${body#*\]\]}
      body=${body%%\]\]*}
      case $body in
      \#*) res+='-?[0-9]+' ;;
      *:*) res+="(${body#*:})" ;;
      *) res+='.*' ;;
      esac
    else
      lit=${p%%\{\{*}
      lit=${lit%%\[\[*}
      p=${p:${#lit}}
      res+=$(printf '%s' "$lit" | sed 's/[][\.*^$()+?{}|]/\\&/g')
    fi
  done
  printf '%s' "$res"
}

# Prints why the run of $1 (source) with output $3 and exit status $4
# failed; nothing when it passed.
verdict() {
  local src=$1 name=$2 log=$3 rc=$4 line kind pat re count full=0
  if ((rc != 0)); then
    line=$(grep -m1 '^FAIL ' "$log" || tail -n1 "$log")
    echo "exit status $rc: ${line:-no output}"
    return
  fi
  if grep -q '^FAIL ' "$log"; then
    grep -m1 '^FAIL ' "$log"
    return
  fi
  if ! grep -qx "PASS $name" "$log"; then
    echo "no 'PASS $name' line"
    return
  fi
  grep -q -- '--match-full-lines' "$src" && full=1
  while IFS= read -r line; do
    kind=${line%%:*}
    kind=${kind##*// }
    pat=${line#*:}
    pat=${pat#"${pat%%[![:space:]]*}"}
    pat=${pat%"${pat##*[![:space:]]}"}
    [[ $kind == CHECK-NOT ]] && continue
    re=$(to_ere "$pat")
    ((full)) && re="^$re\$"
    count=1
    [[ $kind == CHECK-COUNT-* ]] && count=${kind#CHECK-COUNT-}
    if (($(grep -cE -- "$re" "$log") < count)); then
      echo "output lacks ${count}x '$pat'"
      return
    fi
  done < <(grep -E '^[[:space:]]*// CHECK(-NEXT|-DAG|-SAME|-COUNT-[0-9]+)?:' "$src")
}

passed=0
failed=0
{
  echo "| program | static cudart | shared cudart |"
  echo "|---|---|---|"
} >"$out/summary.md"
for src in "${sources[@]}"; do
  name=$(basename "$src" .cu)
  row="| $name"
  for variant in static shared; do
    bin=$out/$name.$variant
    if [[ ! -x $bin ]]; then
      why="build failed: $(grep -m1 -i error "$out/$name.build.log")"
    else
      timeout 300 "$bin" >"$out/$name.$variant.out" 2>&1
      why=$(verdict "$src" "$name" "$out/$name.$variant.out" $?)
    fi
    if [[ -z $why ]]; then
      echo "PASS $name.$variant"
      ((++passed))
      row+=" | pass"
    else
      echo "FAIL $name.$variant: $why"
      ((++failed))
      row+=" | FAIL: ${why//|/\\|}"
    fi
  done
  echo "$row |" >>"$out/summary.md"
done
echo "$passed passed, $failed failed"
((failed == 0))
