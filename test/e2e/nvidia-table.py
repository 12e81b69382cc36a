#!/usr/bin/env python3
"""Combines the run-all.sh outputs of nvidia-reference.sh into a table."""
import os
import sys

outdir = sys.argv[1]
variants = [(sm, kind) for sm in ("sm_75", "sm_80", "sm_90")
            for kind in ("ptx", "rt.ptx")]
results = {}
names = []
for sm, kind in variants:
    path = os.path.join(outdir, f"{sm}.{kind}.txt")
    if not os.path.exists(path):
        continue
    for line in open(path):
        parts = line.split()
        if len(parts) == 2 and parts[1] in ("PASS", "FAIL", "CRASH",
                                             "TIMEOUT"):
            if parts[0] not in names:
                names.append(parts[0])
            results[(parts[0], sm, kind)] = parts[1]
gpu = open(os.path.join(outdir, "gpu.txt")).read().strip() \
    if os.path.exists(os.path.join(outdir, "gpu.txt")) else "?"
print(f"GPU: {gpu}\n")
header = " | ".join(f"{sm} {'original' if k == 'ptx' else 'round trip'}"
                    for sm, k in variants)
print(f"| program | {header} |")
print("|---" * (len(variants) + 1) + "|")
totals = {v: 0 for v in variants}
for n in sorted(names):
    cells = []
    for v in variants:
        r = results.get((n, *v), "-")
        totals[v] += r == "PASS"
        cells.append(r)
    print(f"| {n} | " + " | ".join(cells) + " |")
print("| **passed** | " + " | ".join(f"{totals[v]}/{len(names)}"
                                      for v in variants) + " |")
