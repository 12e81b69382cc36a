#!/usr/bin/env python3
"""Builds one large PTX module from the e2e corpus, for the import benchmark.

Takes the sm_80 PTX of every e2e program and appends copies of each module
body, renaming the symbols that the module defines (kernels, functions,
module variables) so that the copies do not clash, until the result has at
least --lines lines. The output is valid PTX (check it with ptxas).
"""
import argparse
import glob
import os
import re

HEADER_RE = re.compile(r"^\s*\.(version|target|address_size)\b")
DEF_RE = re.compile(
    r"^\s*(?:\.(?:visible|extern|weak|common)\s+)*"
    r"(?:\.entry|\.func(?:\s*\([^)]*\))?|\.global|\.const|\.shared)(?![\w$])[^;{(]*?"
    r"([A-Za-z_$][\w$]*)\s*(?:\(|\[|;|=|$)", re.M)


def body_and_symbols(text):
    lines = text.splitlines()
    body = [l for l in lines if not HEADER_RE.match(l)]
    body_text = "\n".join(body)
    symbols = set()
    for m in DEF_RE.finditer(body_text):
        symbols.add(m.group(1))
    # Variables declared as `.global .align 4 .b8 name[..]` etc.
    for m in re.finditer(r"^\s*(?:\.(?:visible|extern|weak)\s+)*"
                         r"\.(?:global|const|shared)\s+(?:\.\w+\s+)*"
                         r"([A-Za-z_$][\w$]*)", body_text, re.M):
        symbols.add(m.group(1))
    return body_text, symbols


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--e2e", required=True)
    ap.add_argument("--lines", type=int, default=100000)
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    modules = []
    for f in sorted(glob.glob(os.path.join(args.e2e, "*", "*.sm_80.ptx"))):
        with open(f) as fh:
            modules.append(body_and_symbols(fh.read()))
    out = [".version 8.0", ".target sm_80", ".address_size 64", ""]
    count = len(out)
    copy = 0
    file_base = 0
    while count < args.lines:
        for body, symbols in modules:
            # Debug info: give each copy its own .file numbers and labels.
            ids = [int(i) for i in re.findall(r"^\s*\.file\s+(\d+)", body,
                                              re.M)]
            shift = lambda m: f"{m.group(1)}{int(m.group(2)) + file_base}"
            body = re.sub(r"(\.file\s+|\.loc\s+|inlined_at\s+)(\d+)", shift,
                          body)
            body = re.sub(r"(\$L__info_string\d+)", rf"\1_c{copy}_{file_base}",
                          body)
            file_base += max(ids, default=0)
            if symbols:
                pattern = re.compile(r"(?<![\w$])(" + "|".join(
                    re.escape(s) for s in sorted(symbols, key=len,
                                                 reverse=True)) + r")(?![\w$])")
                text = pattern.sub(lambda m: f"{m.group(1)}_c{copy}", body)
            else:
                text = body
            out.append(text)
            count += text.count("\n") + 1
        copy += 1
    with open(args.output, "w") as fh:
        fh.write("\n".join(out) + "\n")
    print(f"{args.output}: {count} lines, {copy} copies of "
          f"{len(modules)} modules")


if __name__ == "__main__":
    main()
