#!/usr/bin/env python3
"""Runs the CPU-agent e2e lit tests (test/Runtime/CPUAgent) and prints the
markdown table for docs/e2e-cpu-agent.md: one row per program, one column
per PTX flavour and wave size.

Usage: test/e2e/cpu-agent-table.py [BUILD_DIR]   (default: build)
"""
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
build = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build"))
lit = "/usr/lib/llvm-22/bin/lit"
out = subprocess.run([lit, "-v", os.path.join(build, "test", "Runtime", "CPUAgent")],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout.decode()
results = {}
for m in re.finditer(r"^(PASS|FAIL|UNSUPPORTED|XFAIL|TIMEOUT): ptx-mlir :: "
                     r"Runtime/CPUAgent/(\w+)\.(sm_\d+)\.(wave\d+)", out, re.M):
    results[(m.group(2), m.group(3), m.group(4))] = m.group(1)
cols = sorted({(sm, w) for _, sm, w in results}, key=lambda c: (c[1], c[0]))
names = sorted({n for n, _, _ in results})
print("| program | " + " | ".join("%s %s" % (sm, w) for sm, w in cols) + " |")
print("|---" * (len(cols) + 1) + "|")
for n in names:
    print("| `%s` | " % n + " | ".join(results.get((n, sm, w), "-") for sm, w in cols) + " |")
total = {c: sum(1 for n in names if results.get((n,) + c) == "PASS") for c in cols}
print("| **passed** | " + " | ".join("**%d/%d**" % (total[c], len(names)) for c in cols) + " |")
