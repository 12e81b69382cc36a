#!/usr/bin/env python3
"""Import benchmark: lines of PTX per second through `ptx-translate
--import-ptx` (whole process: start-up, parse, SSA construction, verifier,
printing to /dev/null).

  bench/import/run.py [--build build] [--lines 100000] [--runs 7]

Prints a Markdown table row with the median, minimum and maximum.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--lines", type=int, default=100000)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    out_dir = os.path.join(args.build, "bench")
    os.makedirs(out_dir, exist_ok=True)
    ptx = os.path.join(out_dir, "large.ptx")
    subprocess.run([sys.executable, os.path.join(HERE, "gen_large_ptx.py"),
                    "--e2e", os.path.join(ROOT, "test", "e2e"),
                    "--lines", str(args.lines), "-o", ptx], check=True)
    with open(ptx) as fh:
        lines = sum(1 for _ in fh)
    tool = os.path.join(args.build, "bin", "ptx-translate")
    cmd = [tool, "--import-ptx", ptx, "-o", os.devnull]
    subprocess.run(cmd, check=True)  # warm-up (page cache, disk)
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True)
        times.append(time.perf_counter() - start)
    med = statistics.median(times)
    print(f"| {lines} | {args.runs} | {med:.3f} | {min(times):.3f} | "
          f"{max(times):.3f} | {lines / med / 1000:.0f}k |")


if __name__ == "__main__":
    main()
