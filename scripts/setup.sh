#!/usr/bin/env bash
# Installs what ptx-mlir needs from Debian 12 (idempotent), then configures
# and builds into build/ (tools in build/bin, libraries in build/lib).
#   PTXMLIR_SKIP_APT=1   skip the package step (no root, packages present)
#   PTXMLIR_BUILD_DIR    build directory (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  cmake ninja-build ccache python3 git
  clang-22 lld-22 llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  llvm-22 zlib1g-dev libzstd-dev
  liblld-22-dev libhsa-runtime-dev libclang-rt-22-dev
)

if [[ "${PTXMLIR_SKIP_APT:-0}" != 1 ]]; then
  missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$p")
  done
  if ((${#missing[@]})); then
    SUDO=""
    [[ $(id -u) == 0 ]] || SUDO=sudo
    echo "setup: installing ${missing[*]}"
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
  fi
fi

BUILD="${PTXMLIR_BUILD_DIR:-build}"
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
# Relative paths in the cache key: clones in other folders share hits.
export CCACHE_BASEDIR="$PWD"
if [[ ! -f "$BUILD/build.ninja" ]]; then
  cmake -G Ninja -S . -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
fi
ninja -C "$BUILD"
