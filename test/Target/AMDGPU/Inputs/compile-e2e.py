#!/usr/bin/env python3
"""Compile every PTX file of the e2e corpus to HSACO for several chips and
check the code object's metadata: one metadata note, one kernel per .entry
with its name, the
chip's wavefront size, a kernarg segment at least as large as the .param
list, and code object v5. Prints one line per failure and a summary."""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import tempfile

WAVE = {"gfx1100": 32, "gfx1030": 32, "gfx90a": 64, "gfx942": 64}


def entries(ptx):
    """(name, minimum kernarg bytes) of every .entry."""
    out = []
    for m in re.finditer(r"\.entry\s+(\w+)\s*\(([^)]*)\)", ptx):
        size = 0
        for p in m.group(2).split(","):
            p = p.strip()
            if not p:
                continue
            t = re.search(r"\.[usbf](8|16|32|64)\b", p)
            n = int(t.group(1)) // 8 if t else 8
            arr = re.search(r"\[(\d+)\]", p)
            al = re.search(r"\.align\s+(\d+)", p)
            a = int(al.group(1)) if al else n
            size = (size + a - 1) // a * a + n * (int(arr.group(1)) if arr else 1)
        out.append((m.group(1), size))
    return out


def check(args, path, chip, tmp):
    out = os.path.join(tmp, os.path.basename(path) + "." + chip + ".hsaco")
    r = subprocess.run([args.translate, "--ptx-to-hsaco", "--mcpu=" + chip,
                        "--jobs=%d" % args.jobs, path, "-o", out],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return "FAIL %s %s: %s" % (path, chip, r.stderr.strip()[:300])
    notes = subprocess.run([args.readelf, "--notes", out], capture_output=True,
                           text=True).stdout
    os.remove(out)
    ptx = open(path).read()
    names = re.findall(r"^\s+\.name:\s+(\S+)", notes, re.M)
    waves = re.findall(r"\.wavefront_size:\s+(\d+)", notes)
    kernargs = [int(x) for x in re.findall(r"\.kernarg_segment_size:\s+(\d+)", notes)]
    want = entries(ptx)
    problems = []
    if notes.count("NT_AMDGPU_METADATA") != 1:
        problems.append("%d metadata notes" % notes.count("NT_AMDGPU_METADATA"))
    if "amdhsa.version" not in notes or not re.search(r"amdhsa.version:\s*\n\s*- 1\s*\n\s*- 2", notes):
        problems.append("not code object v5")
    got = dict(zip(names, kernargs))
    for name, size in want:
        if name not in got:
            problems.append("kernel %s missing" % name)
        elif got[name] < size:
            problems.append("kernel %s kernarg %d < %d" % (name, got[name], size))
    if len(waves) != len(want) or any(int(w) != WAVE[chip] for w in waves):
        problems.append("wavefront sizes %s, expected %d" % (waves, WAVE[chip]))
    if problems:
        return "FAIL %s %s: %s" % (path, chip, "; ".join(problems))
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--translate", required=True)
    ap.add_argument("--readelf", required=True)
    ap.add_argument("--chips", default="gfx1100,gfx1030,gfx90a,gfx942")
    # Two threads on any machine: large modules are split into parts whose
    # objects are linked under one metadata note, which is checked here.
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("root")
    args = ap.parse_args()
    files = sorted(glob.glob(os.path.join(args.root, "*", "*.sm_*.ptx")))
    files = [f for f in files if not f.endswith(".rt.ptx")]
    chips = args.chips.split(",")
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
            jobs = [ex.submit(check, args, f, c, tmp) for f in files for c in chips]
            for j in jobs:
                msg = j.result()
                if msg:
                    failures += 1
                    print(msg)
    print("compiled %d files for %d chips, %d failures" %
          (len(files), len(chips), failures))


if __name__ == "__main__":
    main()
