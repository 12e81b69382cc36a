#!/usr/bin/env python3
"""Generates mma-nan.ptx and mma-nan.cases: NaN and inf results of
mma.sync (f16 and bf16 inputs with f32 and f16 accumulators, tf32, f64
m8n8k4), for float-nan.c (the same runner and table format as
float-nan.ptx, a warp of 32 threads per kernel).

Every element of A is 1.0, of B 0.5, of C 0.25, except the elements a case
sets: A[0][0] and B[0][0] (the first product of D[0][0]), A[0][k1] and
B[k1][0] (a second product of D[0][0]) and C[0][0]. A case sets them to
quiet or signalling NaNs of both signs with payloads, inf and 0 (inf * 0,
inf - inf between products or against C), so D[0][0] = A00*B00 +
A0k1*Bk10 + (the other products) + C00, and D[0][1] = A00*B01 + A0k1*Bk11
+ ... + C01 sees the A elements alone. A case gives two results: D[0][0]
and D[0][1], raw bits. The fragment layouts are the PTX ISA's ("Matrix
fragments for mma.m16n8k16 / m16n8k8 / m8n8k4"): lanes 0 and 1 load their
A, B and C registers from the initialised global `tab_K` (so nothing is
constant-folded), the other lanes use the base values.

  mma-nan.py OUTDIR   writes OUTDIR/mma-nan.ptx and OUTDIR/mma-nan.cases

The table was made on an NVIDIA H200 with NVIDIA's driver:
  float-nan mma-nan.ptx mma-nan.cases --dump > mma-nan.h200.txt
(float-nan built from ../float-nan.c against cuda.h and libcuda).
"""
import sys

from float_bits import INF, NAN, NEG

ONE = {32: 0x3f800000, 64: 0x3ff0000000000000, 16: 0x3c00, 'bf': 0x3f80}
HALF = {32: 0x3f000000, 64: 0x3fe0000000000000, 16: 0x3800, 'bf': 0x3f00}
QUARTER = {32: 0x3e800000, 64: 0x3fd0000000000000, 16: 0x3400,
           'bf': 0x3e80}
MAXF = {16: 0x7bff, 'bf': 0x7f7f, 32: 0x7f7fffff, 64: 0x7fefffffffffffff}
TKEY = {'f16': 16, 'bf16': 'bf', 'tf32': 32, 'f32': 32, 'f64': 64}


class Form:
    """One mma form. Slots are (lane, operand, register, half): `half` is
    0/1 for a 16-bit element in a 32-bit register, None for a whole one."""

    def __init__(self, shape, d, ab, c, na, nb, nc, nd, slots, k):
        self.shape, self.d, self.ab, self.c = shape, d, ab, c
        self.n = {'A': na, 'B': nb, 'C': nc, 'D': nd}
        self.slots = slots     # a0 b0 a1 b1 c0 d00 d01
        self.k = k
        self.rbits = 64 if ab == 'f64' else 32

    def instr(self):
        return 'mma.sync.aligned.%s.row.col.%s.%s.%s.%s' % (
            self.shape, self.d, self.ab, self.ab, self.c)

    def elem(self, op):
        t = {'A': self.ab, 'B': self.ab, 'C': self.c, 'D': self.d}[op]
        return t


def half_form(shape, d, ab, c):
    ka = 4 if shape == 'm16n8k16' else 2
    kb = 2 if shape == 'm16n8k16' else 1
    k = 16 if shape == 'm16n8k16' else 8
    if c == 'f32':
        cs = {'c0': (0, 'C', 0, None)}
    else:
        cs = {'c0': (0, 'C', 0, 0)}
    ds = ({'d00': (0, 'D', 0, None), 'd01': (0, 'D', 1, None)}
          if d == 'f32' else
          {'d00': (0, 'D', 0, 0), 'd01': (0, 'D', 0, 1)})
    slots = {'a0': (0, 'A', 0, 0), 'b0': (0, 'B', 0, 0),
             'a1': (0, 'A', 0, 1), 'b1': (0, 'B', 0, 1)}
    slots.update(cs)
    slots.update(ds)
    return Form(shape, d, ab, c, ka, kb, 4 if c == 'f32' else 2,
                4 if d == 'f32' else 2, slots, k)


FORMS = [
    half_form('m16n8k16', 'f32', 'f16', 'f32'),
    half_form('m16n8k16', 'f16', 'f16', 'f16'),
    half_form('m16n8k16', 'f32', 'bf16', 'f32'),
    half_form('m16n8k8', 'f32', 'f16', 'f32'),
    half_form('m16n8k8', 'f16', 'f16', 'f16'),
    half_form('m16n8k8', 'f32', 'bf16', 'f32'),
    # tf32 m16n8k8: lane 0 holds A[0][0] (a0), A[0][4] (a2), B[0][0] (b0),
    # B[4][0] (b1).
    Form('m16n8k8', 'f32', 'tf32', 'f32', 4, 2, 4, 4,
         {'a0': (0, 'A', 0, None), 'b0': (0, 'B', 0, None),
          'a1': (0, 'A', 2, None), 'b1': (0, 'B', 1, None),
          'c0': (0, 'C', 0, None), 'd00': (0, 'D', 0, None),
          'd01': (0, 'D', 1, None)}, 8),
    # f64 m8n8k4: lane t holds A[0][t] and B[t][0].
    Form('m8n8k4', 'f64', 'f64', 'f64', 1, 1, 2, 2,
         {'a0': (0, 'A', 0, None), 'b0': (0, 'B', 0, None),
          'a1': (1, 'A', 0, None), 'b1': (1, 'B', 0, None),
          'c0': (0, 'C', 0, None), 'd00': (0, 'D', 0, None),
          'd01': (0, 'D', 1, None)}, 4),
]


def cases(f):
    """(description, {slot: bits}) of one form."""
    ti, tc = TKEY[f.ab], TKEY[f.c]
    n, nc = list(NAN[ti]), NAN[tc]
    if f.ab == 'tf32':
        # A signalling NaN with its payload in the bits tf32 keeps.
        n.append(0x7f802000)
    inf, ninf = INF[ti], INF[ti] | NEG[ti]
    cs = []
    for x in n:
        cs.append({'a0': x})
    for x in n:
        cs.append({'b0': x})
    for x in nc:
        cs.append({'c0': x})
    cs.append({'a1': n[0]})
    cs.append({'b1': n[3]})
    for i, j in ((0, 1), (1, 0), (2, 1), (1, 2), (3, 0), (4, 2)):
        cs.append({'a0': n[i], 'a1': n[j]})
    for i, j in ((0, 1), (1, 0), (2, 3)):
        cs.append({'a0': n[i], 'b0': n[j]})
    for i, j in ((0, 1), (1, 0), (2, 1), (1, 2), (3, 0)):
        cs.append({'a0': n[i], 'c0': nc[j]})
    # Which NaN wins between products, and against C (the f64 order).
    cs += [{'a0': n[0], 'b1': n[1]}, {'b0': n[1], 'b1': n[0]},
           {'b0': n[0], 'c0': nc[1]}, {'a1': n[1], 'c0': nc[0]},
           {'b1': n[2], 'c0': nc[1]}]
    cs += [{'a0': inf, 'b0': 0}, {'a0': ninf, 'b0': 0},
           {'a0': 0, 'b0': inf}, {'a0': inf, 'b0': NEG[ti]},
           {'a0': inf, 'a1': ninf}, {'a0': inf, 'c0': INF[tc] | NEG[tc]},
           {'a0': inf}, {'c0': INF[tc] | NEG[tc]},
           {'a0': inf, 'b0': 0, 'c0': nc[0]},
           {'a0': inf, 'b0': 0, 'a1': n[1]},
           {'a0': n[1], 'b0': 0}, {'a0': n[2], 'b0': inf}]
    # Products that overflow the input type's range, cancelling.
    mx = MAXF[ti]
    cs.append({'a0': mx, 'b0': mx, 'a1': mx | NEG[ti], 'b1': mx})
    cs.append({'a0': mx, 'b0': mx})
    return cs


def width(f, op):
    """Bits of one element of operand op."""
    t = f.elem(op)
    return {'f16': 16, 'bf16': 16, 'tf32': 32, 'f32': 32, 'f64': 64}[t]


def base(f, op):
    t = TKEY[f.elem(op)]
    return {'A': ONE, 'B': HALF, 'C': QUARTER}[op][t]


def regimage(f, op, lane, sets):
    """Register words of `op` for `lane` with the case's elements set."""
    w = width(f, op)
    regs = []
    for r in range(f.n[op]):
        if w == 16:
            lo = hi = base(f, op)
            for s, v in sets.items():
                sl = f.slots[s]
                if sl[:3] == (lane, op, r):
                    if sl[3] == 0:
                        lo = v
                    else:
                        hi = v
            regs.append(lo | hi << 16)
        else:
            v = base(f, op)
            for s, x in sets.items():
                if f.slots[s][:3] == (lane, op, r):
                    v = x
            regs.append(v)
    return regs


def fmt(f, op, sets):
    w = width(f, op)
    names = [s for s in ('a0', 'b0', 'a1', 'b1', 'c0') if s in sets
             and f.slots[s][1] == op]
    return ' '.join('%s=%0*x' % (s, w // 4, sets[s]) for s in names)


def emit(outdir):
    lines = ['//', '// Generated by mma-nan.py: mma.sync on NaNs and infs.',
             '//', '.version 8.7', '.target sm_90', '.address_size 64', '']
    caselines = []
    kernels = []
    idx = 0
    for k, f in enumerate(FORMS):
        cs = cases(f)
        words = []
        for sets in cs:
            for lane in (0, 1):
                for op in 'ABC':
                    words += regimage(f, op, lane, sets)
        wb = f.rbits
        lines.append('.global .align 8 .b%d tab_%d[%d] = {' %
                     (wb, k, len(words)))
        per = 6 if wb == 64 else 8
        for i in range(0, len(words), per):
            sep = ',' if i + per < len(words) else ''
            lines.append('  ' + ', '.join('0x%0*x' % (wb // 4, x)
                                           for x in words[i:i + per]) + sep)
        lines.append('};')
        lines.append('')
        kernels.append((k, f, len(cs), idx))
        dw = width(f, 'D')
        for sets in cs:
            desc = f.instr() + ' ' + ' '.join(
                x for x in (fmt(f, 'A', sets), fmt(f, 'B', sets),
                            fmt(f, 'C', sets)) if x)
            caselines.append('%d %d %s d00' % (idx, dw, desc))
            caselines.append('%d %d %s d01' % (idx + 1, dw, desc))
            idx += 2
    for k, f, ncase, start in kernels:
        lines += kernel(k, f, ncase, start)
    open(outdir + '/mma-nan.ptx', 'w').write('\n'.join(lines))
    with open(outdir + '/mma-nan.cases', 'w') as out:
        out.write('kernels %d cases %d threads 32\n' % (len(FORMS), idx))
        out.write('\n'.join(caselines) + '\n')


def kernel(k, f, ncase, start):
    wb = f.rbits
    r = '%rd' if wb == 64 else '%r'
    nregs = f.n['A'] + f.n['B'] + f.n['C']
    lane_bytes = nregs * wb // 8
    L = ['.visible .entry nan_%d(.param .u64 out)' % k, '{',
         '  .reg .pred %p<4>;', '  .reg .b16 %h<4>;', '  .reg .b32 %r<32>;',
         '  .reg .b64 %rd<32>;',
         '  ld.param.u64 %rd30, [out];',
         '  cvta.to.global.u64 %rd30, %rd30;',
         '  add.u64 %%rd30, %%rd30, %d;' % (start * 8),
         '  mov.u32 %r30, %laneid;',
         '  setp.lt.u32 %p1, %r30, 2;',
         '  setp.eq.u32 %p2, %r30, 0;',
         '  mov.u64 %%rd29, tab_%d;' % k,
         '  mul.wide.u32 %%rd28, %%r30, %d;' % lane_bytes,
         '  add.u64 %rd29, %rd29, %rd28;',
         '  mov.u32 %r29, 0;',
         'loop:']
    # Registers: A at 0.., B after, C after, D after (of width wb; D of
    # f64 too; f32 D with f16 inputs in %r).
    regs = {}
    n = 0
    for op in 'ABCD':
        regs[op] = ['%s%d' % (r, n + i) for i in range(f.n[op])]
        n += f.n[op]
    # f64 D/C live in %rd; tf32/f16 in %r.
    off = 0
    for op in 'ABC':
        for i, reg in enumerate(regs[op]):
            w = width(f, op)
            if w == 16:
                b = base(f, op)
                L.append('  mov.b32 %s, 0x%08x;' % (reg, b | b << 16))
            else:
                L.append('  mov.b%d %s, 0x%0*x;' % (wb, reg, wb // 4,
                                                     base(f, op)))
            L.append('  @%%p1 ld.global.b%d %s, [%%rd29+%d];' %
                     (wb, reg, off))
            off += wb // 8
    L.append('  %s {%s}, {%s}, {%s}, {%s};' %
             (f.instr(), ', '.join(regs['D']), ', '.join(regs['A']),
              ', '.join(regs['B']), ', '.join(regs['C'])))
    d00, d01 = f.slots['d00'], f.slots['d01']
    if d00[3] is None:
        L.append('  @%%p2 st.global.b%d [%%rd30], %s;' %
                 (wb, regs['D'][d00[2]]))
        L.append('  @%%p2 st.global.b%d [%%rd30+8], %s;' %
                 (wb, regs['D'][d01[2]]))
    else:
        L.append('  mov.b32 {%%h0, %%h1}, %s;' % regs['D'][d00[2]])
        L.append('  @%p2 st.global.b16 [%rd30], %h0;')
        L.append('  @%p2 st.global.b16 [%rd30+8], %h1;')
    L += ['  add.u64 %rd30, %rd30, 16;',
          '  add.u64 %%rd29, %%rd29, %d;' % (2 * lane_bytes),
          '  add.u32 %r29, %r29, 1;',
          '  setp.lt.u32 %%p3, %%r29, %d;' % ncase,
          '  @%p3 bra loop;',
          '  ret;', '}', '']
    return L


if __name__ == '__main__':
    emit(sys.argv[1] if len(sys.argv) > 1 else '.')
