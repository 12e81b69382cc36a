#!/usr/bin/env bash
# Run every end-to-end test program against one module flavour.
#
# Usage: run-all.sh BINDIR SUFFIX [name...]
#   runs  BINDIR/<name> <name>/<name>.<SUFFIX>   (paths relative to this directory;
#         BINDIR/e2e-<name>, the CMake target name, is used if BINDIR/<name> is absent)
#   e.g.  run-all.sh /tmp/e2e-bin sm_90.ptx
#         run-all.sh /tmp/e2e-bin sm_90.rt.ptx
# Prints one line "<name> PASS|FAIL|CRASH|TIMEOUT" per program and a final
# line "N passed, M failed"; exits non-zero if anything did not pass.
# Environment:
#   E2E_TIMEOUT  per-program timeout in seconds (default 300)
#   E2E_LOGDIR   where each program's output is kept (default BINDIR/logs/SUFFIX)
#   E2E_VERBOSE  if set to 1, print the tail of the log of every non-passing program
set -uo pipefail

if [ "$#" -lt 2 ]; then
  echo "usage: $0 BINDIR SUFFIX [name...]" >&2
  exit 2
fi
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BINDIR="$(cd "$1" && pwd)" || { echo "no such directory: $1" >&2; exit 2; }
SUFFIX="$2"
shift 2
TIMEOUT="${E2E_TIMEOUT:-300}"
LOGDIR="${E2E_LOGDIR:-$BINDIR/logs/$SUFFIX}"
mkdir -p "$LOGDIR"
LOGDIR="$(cd "$LOGDIR" && pwd)"

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

pass=0
fail=0
for n in "${names[@]}"; do
  log="$LOGDIR/$n.log"
  bin="$BINDIR/$n"
  [ -x "$bin" ] || [ ! -x "$BINDIR/e2e-$n" ] || bin="$BINDIR/e2e-$n"  # CMake target names
  mod="$n/$n.$SUFFIX"
  if [ ! -x "$bin" ]; then
    echo "missing host binary $bin" >"$log"
    status=FAIL
  elif [ ! -f "$mod" ]; then
    echo "missing module $mod" >"$log"
    status=FAIL
  else
    timeout -k 10 "$TIMEOUT" "$bin" "$mod" >"$log" 2>&1
    rc=$?
    last="$(grep -v '^[[:space:]]*$' "$log" | tail -n 1)"
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
      status=TIMEOUT
    elif [ "$rc" -ge 128 ]; then
      status=CRASH
    elif [ "$rc" -eq 0 ] && [ "$last" = "PASS" ]; then
      status=PASS
    else
      status=FAIL
    fi
  fi
  echo "$n $status"
  if [ "$status" = PASS ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    if [ "${E2E_VERBOSE:-0}" = 1 ]; then
      sed 's/^/    /' "$log" | tail -n 20
    fi
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
