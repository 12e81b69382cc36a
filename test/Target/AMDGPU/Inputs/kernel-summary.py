#!/usr/bin/env python3
"""Prints, sorted by kernel name, what a code object's metadata note says
of each kernel's interface: kernarg size and arguments, LDS (group segment)
size, wavefront size. Register counts are left out: they depend on code
generation. Input: `llvm-readelf --notes` on stdin."""
import re
import sys

notes = sys.stdin.read()
print("metadata notes:", notes.count("NT_AMDGPU_METADATA"))
kernels = re.split(r"\n  - \.(?=agpr_count|args)", notes)[1:]
out = []
for k in kernels:
    def field(key):
        m = re.search(r"\." + key + r":\s+(\S+)", k)
        return m.group(1) if m else "-"
    args = re.findall(r"\.offset:\s+(\d+)\s*\n\s+\.size:\s+(\d+)", k)
    out.append("%s kernarg=%s group=%s wave=%s args=%s" % (
        field("name"), field("kernarg_segment_size"),
        field("group_segment_fixed_size"), field("wavefront_size"),
        ",".join("%s+%s" % a for a in args)))
for line in sorted(out):
    print(line)
