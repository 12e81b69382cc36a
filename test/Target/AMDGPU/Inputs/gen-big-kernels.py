#!/usr/bin/env python3
"""Prints a PTX module of two kernels, `ka` and `kb`, each a straight line
of N integer instructions after SHARED bytes of .shared: large enough
(N = 1200) that ptx-translate compiles them as two parts.
Usage: gen-big-kernels.py N SHARED"""
import sys

n, shared = int(sys.argv[1]), int(sys.argv[2])
print(".version 8.0\n.target sm_80\n.address_size 64\n")
for name in ("ka", "kb"):
    print(".visible .entry %s(.param .u64 out)\n{" % name)
    print("  .shared .align 4 .b8 big[%d];" % shared)
    print("  .reg .b32 %%r<%d>;\n  .reg .b64 %%rd<4>;" % (n + 2))
    print("  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, %tid.x;")
    print("  mov.u32 %%r0, big;\n  st.shared.u32 [%%r0+%d], %%r1;" % (shared - 4))
    for i in range(2, n + 1):
        op = ("xor.b32", "sub.u32", "add.u32", "mul.lo.u32")[i % 4]
        print("  %s %%r%d, %%r%d, %d;" % (op, i, i - 1, 7 * i + 3))
    print("  cvta.to.global.u64 %rd2, %rd1;")
    print("  st.global.u32 [%%rd2], %%r%d;\n  ret;\n}\n" % n)
