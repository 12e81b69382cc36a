#!/usr/bin/env python3
"""Writes docs/ptx-status.md: every opcode and special register of the PTX
ISA 9.x (lists beside this script) with what the importer does with it.

Each opcode is probed by importing a kernel that contains it with no
operands: the importer either knows the opcode (its answer is then about
modifiers or operands: "imported") or gives a located error naming it.
Each special register is probed with `mov`/`cvt` into a register.

  docs/tools/ptx-status.py [--translate build/bin/ptx-translate]
"""
import argparse
import os
import re
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

MODULE = """.version 9.0
.target sm_100a
.address_size 64
.visible .entry probe(){directives}
{{
\t.reg .b32 %r<4>;
\t.reg .b64 %rd<4>;
\t.reg .pred %p<4>;
\t{body}
\tret;
}}
"""


def probe(translate, body, directives=""):
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(MODULE.format(body=body, directives=directives))
        path = f.name
    try:
        r = subprocess.run([translate, "--import-ptx", path, "-o", os.devnull],
                           capture_output=True, text=True)
    finally:
        os.unlink(path)
    err = r.stderr.strip().splitlines()
    return r.returncode, (err[0] if err else "")


def ops_by_opcode():
    table = {}
    path = os.path.join(ROOT, "docs", "generated", "PTXOpcodes.md")
    for line in open(path):
        m = re.match(r"\| `([^`]+)` \| `([^`]+)` \|", line)
        if m:
            table.setdefault(m.group(1), []).append(m.group(2))
    return table


# Opcodes whose lowering to the shared layer has its own file; the table
# names it after the op (the importer probe says nothing about lowering).
VIDEO = ("vadd vsub vabsdiff vmin vmax vshl vshr vmad vset vadd2 vsub2 "
         "vavrg2 vabsdiff2 vmin2 vmax2 vset2 vadd4 vsub4 vavrg4 vabsdiff4 "
         "vmin4 vmax4 vset4").split()
LOWERED = {op: "lib/Conversion/PTXToShared/VideoOps.cpp" for op in VIDEO}
# Forms of an imported opcode worth naming (not probed).
NOTES = {"call": "`.reg` return parameters, several of them and `.pred` "
                 "ones included (functions without the ABI), are read as "
                 "`.param` returns `__reg_ret<i>` and exported in the form "
                 "they came in (docs/lowering.md)"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--translate",
                    default=os.path.join(ROOT, "build", "bin", "ptx-translate"))
    ap.add_argument("-o", "--output",
                    default=os.path.join(ROOT, "docs", "ptx-status.md"))
    args = ap.parse_args()
    ops = ops_by_opcode()
    rows, sreg_rows = [], []
    counts = {"imported": 0, "located error": 0}
    for opcode in open(os.path.join(HERE, "ptx-isa-9-opcodes.txt")):
        opcode = opcode.strip()
        if not opcode:
            continue
        rc, err = probe(args.translate, opcode + ";")
        msg = re.sub(r"^.*?error: ", "", err)
        # "unknown instruction 'X'; expected one of 'X.sync', ...": the
        # opcode is imported, it only needs its modifiers.
        longer = [m for m in re.findall(r"'([^']+)'", msg.split(";", 1)[-1])
                  if m.startswith(opcode + ".")] \
            if "expected one of" in msg else []
        if ("not supported" in msg or "unknown instruction" in msg) and \
                not longer:
            status = "located error"
            detail = msg
        else:
            status = "imported"
            names = sorted({n for k, v in ops.items()
                            if k == opcode or k.startswith(opcode + ".")
                            or opcode.startswith(k + ".") for n in v})
            detail = ", ".join(f"`{n}`" for n in names)
            if longer:
                detail += (f"; written with its modifiers: "
                           + ", ".join(f"`{m}`" for m in longer))
            if opcode in LOWERED:
                detail += f"; lowered in `{LOWERED[opcode]}`"
            if opcode in NOTES:
                detail += f"; {NOTES[opcode]}"
        counts[status] += 1
        rows.append(f"| `{opcode}` | {status} | {detail} |")
    for sreg in open(os.path.join(HERE, "ptx-isa-9-sregs.txt")):
        sreg = sreg.strip()
        if not sreg:
            continue
        dims = [".x"] if sreg in ("%tid", "%ntid", "%ctaid", "%nctaid",
                                  "%clusterid", "%nclusterid",
                                  "%cluster_ctaid", "%cluster_nctaid") else [""]
        wide = sreg in ("%clock64", "%gridid", "%globaltimer",
                        "%current_graph_exec", "%perctamemoryoffset") or \
            sreg.endswith("_64")
        if sreg == "%is_explicit_cluster":
            body = f"mov.pred %p1, {sreg};"
        elif wide:
            body = f"mov.u64 %rd1, {sreg}{dims[0]};"
        else:
            body = f"mov.u32 %r1, {sreg}{dims[0]};"
        # Valid only in an entry with the directive (PTX ISA 9.4).
        percta = sreg in ("%perctamemoryoffset", "%perctamemorysize")
        rc, err = probe(args.translate, body,
                        "\n.minperctamemory 1024" if percta else "")
        status = "imported" if rc == 0 else "located error"
        detail = re.sub(r'^.*?error: ', '', err)
        if percta and rc == 0:
            detail = ("only in an `.entry` with `.minperctamemory` "
                      "(docs/lowering.md, \"Per-CTA memory\")")
        sreg_rows.append(f"| `{sreg}` | {status} | {detail} |")
    with open(args.output, "w") as out:
        out.write("# PTX ISA 9.x coverage of the importer\n\n"
                  "Generated by `docs/tools/ptx-status.py` (each opcode and "
                  "special register probed through `ptx-translate "
                  "--import-ptx`). \"imported\": the opcode has an op and "
                  "imports, prints and exports; \"located error\": the "
                  "importer stops with an error at the instruction's "
                  "file:line:col naming it.\n\n")
        out.write(f"Opcodes: {counts['imported']} imported, "
                  f"{counts['located error']} located errors.\n\n")
        out.write("| opcode | status | op / error |\n|---|---|---|\n")
        out.write("\n".join(rows) + "\n\n## Special registers\n\n")
        out.write("| register | status | error |\n|---|---|---|\n")
        out.write("\n".join(sreg_rows) + "\n")
    print(f"wrote {args.output}: {counts}")


if __name__ == "__main__":
    main()
