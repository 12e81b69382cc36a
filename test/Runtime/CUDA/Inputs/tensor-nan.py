#!/usr/bin/env python3
"""Writes tensor-nan.cases: the (memory, operand) pairs of the float
reductions of cp.reduce.async.bulk.tensor that tensor-nan.c runs through
tensor-nan.ptx (made by nvcc from tensor-nan.cu).

Groups, one tensor-map data type and operation each (one launch: one
cp.reduce.async.bulk.tensor.1d per 256-element box):
  - .add on the types the manual allows: f32, f16, bf16; and on the f32
    variants of the map's data type (FLOAT32_FTZ, TFLOAT32, TFLOAT32_FTZ);
  - .min/.max on f16 and bf16;
  - .add on f64 (FLOAT64): not among the manual's types; a probe.
Pairs: atomic-nan.py's (memory a quiet or signalling NaN of either sign
with a payload, or the canonical NaN, with a finite or NaN operand; finite
memory with a NaN operand; inf + -inf and subnormal sums for .add, +-0 for
.min/.max), plus signed zeros, overflow, a subnormal sum of normal
numbers, a subnormal operand onto zero, round-to-nearest ties, and (f32
sizes) low mantissa bits that a tf32 reading would drop. Each pair sits
in its own 16-byte chunk, once at every element position of the chunk;
the other elements hold 1.5 in memory and 0.75 as operand.

Line format: TYPE OP POSITION MEMORY OPERAND (hex bits); the H200 table
appends "= RESULT":
  tensor-nan tensor-nan.ptx tensor-nan.cases --dump [--only TYPE.OP]

  tensor-nan.py OUTDIR   writes OUTDIR/tensor-nan.cases
"""
import importlib
import sys

from float_bits import BITS, INF, NEG

cases = importlib.import_module('atomic-nan').cases

# Largest finite, smallest normal, half the smallest normal, smallest
# subnormal, 1.0, half an ulp of 1.0 (a tie), and a bit more.
MAXF = {32: 0x7f7fffff, 64: 0x7fefffffffffffff, 16: 0x7bff, 'bf': 0x7f7f}
MINN = {32: 0x00800000, 64: 0x0010000000000000, 16: 0x0400, 'bf': 0x0080}
HALFN = {32: 0x00400000, 64: 0x0008000000000000, 16: 0x0200, 'bf': 0x0040}
SUB0 = {32: 0x1, 64: 0x1, 16: 0x1, 'bf': 0x1}
ONE = {32: 0x3f800000, 64: 0x3ff0000000000000, 16: 0x3c00, 'bf': 0x3f80}
TIE = {32: 0x33800000, 64: 0x3ca0000000000000, 16: 0x1000, 'bf': 0x3b80}

# (name in the table, element type, operations)
GROUPS = [('f32', 32, ['add']), ('f16', 16, ['add', 'min', 'max']),
          ('bf16', 'bf', ['add', 'min', 'max']), ('f32ftz', 32, ['add']),
          ('tf32', 32, ['add']), ('tf32ftz', 32, ['add']),
          ('f64', 64, ['add'])]


def extra(t, op):
    neg = NEG[t]
    one, tie = ONE[t], TIE[t]
    if op != 'add':
        return [(INF[t], INF[t] | neg), (INF[t] | neg, INF[t]),
                (SUB0[t], SUB0[t] | neg), (HALFN[t] | neg, 0),
                (MAXF[t], MAXF[t] | neg)]
    cs = [(neg, 0), (0, neg), (neg, neg),
          (MAXF[t], MAXF[t]), (MAXF[t] | neg, MAXF[t] | neg),
          (MINN[t], HALFN[t] | neg), (0, SUB0[t]), (neg, SUB0[t] | neg),
          (INF[t], one), (one, tie), (one, tie + 1)]
    if t == 32:
        # 1 + 2^-23 + 0.75 is exact in f32; 0.75 + (1.5 with low bits).
        cs += [(0x3f800001, 0x3f400000), (0x3fc00fff, 0x3f400000),
               (0x7f800fff, one)]
    return cs


def main(outdir):
    lines = []
    for name, t, ops in GROUPS:
        per = 128 // BITS[t]
        w = BITS[t] // 4
        for op in ops:
            pairs = cases(t, 'add' if op == 'add' else 'min') + extra(t, op)
            for p in range(per):
                for m, b in pairs:
                    lines.append('%s %s %d %0*x %0*x' % (name, op, p, w, m,
                                                         w, b))
    with open(outdir + '/tensor-nan.cases', 'w') as f:
        f.write('cases %d\n' % len(lines))
        f.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else '.')
