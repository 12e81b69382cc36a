#!/usr/bin/env bash
# Compile time of the wave64 warp scheduler against the number of barrier
# waits in one kernel: a kernel with one counted bar.arrive (so that it gets
# the scheduled clone on wave64) and N bar.sync 0 in a straight line,
# compiled to a code object for gfx942 (wave64) and gfx1100 (wave32).
# Prints "N chip seconds peak-KB" per compile; docs/lowering.md quotes it.
#
# Usage: bench/compile/barrier-waits.sh [BUILD] [N...]   (default build, 256 1024)
set -euo pipefail
BUILD="${1:-build}"
shift || true
[ "$#" -gt 0 ] || set -- 256 1024
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for n in "$@"; do
  {
    printf '.version 8.0\n.target sm_80\n.address_size 64\n\n'
    printf '.visible .entry waits(.param .u64 out)\n{\n  .reg .b32 %%r<2>;\n'
    printf '  mov.u32 %%r1, %%tid.x;\n  bar.arrive 2, 64;\n'
    for ((i = 0; i < n; i++)); do
      printf '  add.u32 %%r1, %%r1, %d;\n  bar.sync 0;\n' "$i"
    done
    printf '  ret;\n}\n'
  } > "$tmp/waits$n.ptx"
  for chip in gfx942 gfx1100; do
    /usr/bin/time -f "$n $chip %e %M" "$BUILD/bin/ptx-translate" \
      --ptx-to-hsaco --mcpu="$chip" "$tmp/waits$n.ptx" -o "$tmp/out.hsaco"
  done
done
