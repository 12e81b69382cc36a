#!/usr/bin/env bash
# Writes <name>/<name>.<sm>.rt.ptx: each e2e PTX after ptx-mlir's
# import -> export. Usage: make-rt-ptx.sh [BUILD_DIR]
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD="${1:-$HERE/../../build}"
for f in "$HERE"/*/*.sm_[0-9][0-9].ptx; do
  "$BUILD/bin/ptx-translate" --import-ptx "$f" |
    "$BUILD/bin/ptx-translate" --export-ptx -o "${f%.ptx}.rt.ptx"
done
