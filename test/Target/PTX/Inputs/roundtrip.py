#!/usr/bin/env python3
"""Round trip of PTX files: import -> export -> import.

For each PTX file: the second import must equal the first (structural
equality of the printed IR), and with --ptxas the exported PTX must be
accepted by ptxas for the file's target (taken from its .target line).
Prints one line per failure and a summary line.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--translate", required=True)
    ap.add_argument("--ptxas")
    ap.add_argument("roots", nargs="+")
    args = ap.parse_args()
    files = []
    for root in args.roots:
        if os.path.isdir(root):
            files += sorted(glob.glob(os.path.join(root, "**", "*.ptx"),
                                      recursive=True))
        else:
            files.append(root)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            name = os.path.relpath(f)
            first = run([args.translate, "--import-ptx", f])
            if first.returncode:
                print(f"FAIL import {name}: {first.stderr.strip()}")
                failures += 1
                continue
            exported = run([args.translate, "--export-ptx"], input=first.stdout)
            if exported.returncode:
                print(f"FAIL export {name}: {exported.stderr.strip()}")
                failures += 1
                continue
            out = os.path.join(tmp, "rt.ptx")
            with open(out, "w") as fh:
                fh.write(exported.stdout)
            second = run([args.translate, "--import-ptx", out])
            if second.returncode:
                print(f"FAIL reimport {name}: {second.stderr.strip()}")
                failures += 1
                continue
            if second.stdout != first.stdout:
                print(f"FAIL structure {name}: import(export(import(x))) "
                      f"differs from import(x)")
                failures += 1
                continue
            if args.ptxas:
                target = re.search(r"^\s*\.target\s+(sm_\w+)",
                                   exported.stdout, re.M)
                arch = target.group(1) if target else "sm_75"
                res = run([args.ptxas, f"-arch={arch}", out, "-o", os.devnull])
                if res.returncode:
                    print(f"FAIL ptxas {name}: {res.stderr.strip()}")
                    failures += 1
                    continue
    print(f"round trip: {len(files)} files, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
