#!/usr/bin/env python3
"""Generates atomic-nan.ptx and atomic-nan.cases: the float atomics that
can leave a NaN in memory (atom/red .add on f32, f64, f16, bf16, f16x2,
bf16x2 in .global, .shared and generic memory, the .v2 vector forms, and
the vector .min/.max on f16/bf16 and their x2 forms, the only float
min/max forms ptxas 13.0 accepts for sm_90), with memory holding a quiet
or signalling NaN of either sign and a finite or NaN operand, memory
finite and a NaN operand, inf + -inf, and a few subnormal adds.

Each case is one slot of 16, 32 or 64 bits. For the packed and vector
forms the case sits in one lane (one f16 half, one vector element), every
other lane holds 1.5 in memory and 0.75 as operand; each lane takes every
case. The kernels read a case's initial memory and operand from the
initialised global `cases_in` (two 64-bit words a case), write the
initial value to the slot (out_mem[case] for .global, one .shared slot
otherwise), run the atomic and write the slot's final bits to
out_mem[case] and the value atom returned to out_ret[case] (8 bytes a
case each). atomic-nan.c runs them and compares with the table measured
on an NVIDIA H200 (atomic-nan.h200.txt).

  atomic-nan.py OUTDIR   writes OUTDIR/atomic-nan.ptx and OUTDIR/atomic-nan.cases

The table was made on an NVIDIA H200 with NVIDIA's driver, one process a
kernel (so that a fault in one kernel would leave the others):
  (head -1 atomic-nan.cases; for k in $(seq 0 16); do
     atomic-nan atomic-nan.ptx atomic-nan.cases --dump --kernel $k; done)
    > atomic-nan.h200.txt
(atomic-nan built from ../atomic-nan.c against cuda.h and libcuda).
"""
import sys

from float_bits import BITS, INF, NAN, NEG, ORD

# Subnormals: the smallest, and half the smallest normal.
SUB = {32: [0x00000001, 0x00400000], 64: [0x1, 0x0008000000000000],
       16: [0x0001, 0x0200], 'bf': [0x0001, 0x0040]}


def cases(t, op):
    """(memory, operand) pairs of one element type."""
    n, o = NAN[t], ORD[t]
    cs = [(x, o[0]) for x in n] + [(o[1], x) for x in n]
    cs += [(n[0], n[1]), (n[1], n[0]), (n[2], n[1]), (n[1], n[2]),
           (n[3], n[0]), (n[4], n[2])]
    cs += [(o[0], o[1])]
    if op == 'add':
        inf = INF[t]
        cs += [(inf, inf | NEG[t]), (inf | NEG[t], inf)]
        s = SUB[t]
        cs += [(s[0], 0), (s[0] | NEG[t], 0), (s[1], s[1])]
    else:
        cs += [(0, NEG[t]), (NEG[t], 0)]
    return cs


CASES = []      # (instr text, space, slot bits, elem type, lanes, is atom,
#                  vector count, memory, operand)


def T(t):
    return {32: 'f32', 64: 'f64', 16: 'f16', 'bf': 'bf16'}[t]


def form(kind, space, t, op, packed=False, vec=1, prefix=''):
    """One instruction: kind atom/red, space global/shared/gen_global/
    gen_shared, element type t, x2 when packed, .vN when vec > 1."""
    ty = T(t) + ('x2' if packed else '')
    ebits = BITS[t]
    lanes = (2 if packed else 1) * vec
    slot = ebits * lanes
    assert slot <= 64
    sp = {'global': '.global', 'shared': '.shared'}.get(space, '')
    noftz = '.noftz' if t in (16, 'bf') else ''
    if vec > 1:
        instr = f'{kind}{prefix}{sp}.v{vec}.{ty}.{op}{noftz}'
    else:
        instr = f'{kind}{prefix}{sp}.{op}{noftz}.{ty}'
    o = ORD[t]
    for lane in range(lanes):
        for m, b in cases(t, op):
            mem = opv = 0
            for l in range(lanes):
                mv, bv = (m, b) if l == lane else (o[0], o[2])
                mem |= mv << (ebits * l)
                opv |= bv << (ebits * l)
            CASES.append((instr, space, slot, t, lanes, kind == 'atom', vec,
                          mem, opv))


def gen():
    scalar = [(t, False) for t in (32, 64, 16, 'bf')] + \
        [(16, True), ('bf', True)]
    for space in ('global', 'shared'):
        for kind in ('atom', 'red'):
            for t, packed in scalar:
                form(kind, space, t, 'add', packed)
    # Generic addresses of global and shared memory.
    for space in ('gen_global', 'gen_shared'):
        for t, packed in [(32, False), (64, False), (16, False),
                          ('bf', True)]:
            form('atom', space, t, 'add', packed)
    # Orders and scopes.
    form('atom', 'global', 32, 'add', prefix='.acq_rel.sys')
    form('atom', 'shared', 64, 'add', prefix='.relaxed.cta')
    form('red', 'global', 16, 'add', True, prefix='.release.gpu')
    # Vector forms (.global only).
    for kind in ('atom', 'red'):
        for t, packed in [(32, False), (16, False), ('bf', False),
                          (16, True), ('bf', True)]:
            form(kind, 'global', t, 'add', packed, vec=2)
    for kind in ('atom', 'red'):
        for op in ('min', 'max'):
            for t, packed in [(16, False), ('bf', False), (16, True),
                              ('bf', True)]:
                form(kind, 'global', t, op, packed, vec=2)


def reg(bits):
    return {16: '%h', 32: '%r', 64: '%rd'}[bits]


def body(i, c):
    instr, space, slot, t, lanes, atom, vec, mem, opv = c
    r = reg(slot)
    L = ['  ld.global.b%d %s1, [%%rd5+%d];' % (slot, r, 16 * i),
         '  ld.global.b%d %s2, [%%rd5+%d];' % (slot, r, 16 * i + 8)]
    addr = {'global': '%%rd4+%d' % (8 * i), 'shared': 'slot',
            'gen_global': '%%rd8+%d' % (8 * i), 'gen_shared': '%rd9'}[space]
    if space in ('global', 'gen_global'):
        L.append('  st.global.b%d [%%rd4+%d], %s1;' % (slot, 8 * i, r))
    else:
        L.append('  st.shared.b%d [slot], %s1;' % (slot, r))
    if vec > 1:
        eb = slot // vec
        er = reg(eb)
        L.append('  mov.b%d {%s6, %s7}, %s2;' % (slot, er, er, r))
        src, dst = '{%s6, %s7}' % (er, er), '{%s8, %s9}' % (er, er)
    else:
        src, dst = r + '2', r + '3'
    if atom:
        L.append('  %s %s, [%s], %s;' % (instr, dst, addr, src))
        if vec > 1:
            L.append('  mov.b%d %s3, %s;' % (slot, r, dst))
        L.append('  st.global.b%d [%%rd6+%d], %s3;' % (slot, 8 * i, r))
    else:
        L.append('  %s [%s], %s;' % (instr, addr, src))
    if space in ('shared', 'gen_shared'):
        L.append('  ld.shared.b%d %s0, [slot];' % (slot, r))
        L.append('  st.global.b%d [%%rd4+%d], %s0;' % (slot, 8 * i, r))
    return L


def emit(outdir):
    gen()
    per = 150
    data = []
    lines = ['//', '// Generated by atomic-nan.py: float atomics on NaNs.',
             '//', '.version 8.7', '.target sm_90', '.address_size 64', '',
             '.shared .align 8 .b64 slot;', '']
    for c in CASES:
        data += [c[7], c[8]]
    lines.append('.global .align 8 .b64 cases_in[%d] = {' % len(data))
    for k in range(0, len(data), 6):
        sep = ',' if k + 6 < len(data) else ''
        lines.append('  ' + ', '.join('0x%016x' % x for x in data[k:k + 6])
                     + sep)
    lines.append('};')
    lines.append('')
    nk = (len(CASES) + per - 1) // per
    for kk in range(nk):
        lines += ['.visible .entry atomic_nan_%d(.param .u64 mem, '
                  '.param .u64 ret)' % kk, '{',
                  '  .reg .b16 %h<10>;', '  .reg .b32 %r<10>;',
                  '  .reg .b64 %rd<10>;',
                  '  ld.param.u64 %rd8, [mem];',
                  '  cvta.to.global.u64 %rd4, %rd8;',
                  '  ld.param.u64 %rd6, [ret];',
                  '  cvta.to.global.u64 %rd6, %rd6;',
                  '  mov.u64 %rd5, cases_in;',
                  '  cvta.shared.u64 %rd9, slot;']
        for i in range(kk * per, min(len(CASES), (kk + 1) * per)):
            lines += body(i, CASES[i])
        lines += ['  ret;', '}', '']
    open(outdir + '/atomic-nan.ptx', 'w').write('\n'.join(lines))
    with open(outdir + '/atomic-nan.cases', 'w') as f:
        f.write('kernels %d cases %d per %d\n' % (nk, len(CASES), per))
        for i, c in enumerate(CASES):
            instr, space, slot = c[0], c[1], c[2]
            w = slot // 4
            where = {'global': '', 'shared': '',
                     'gen_global': ' generic->global',
                     'gen_shared': ' generic->shared'}[space]
            f.write('%d %d %s %d %s%s %0*x %0*x\n' %
                    (i, slot, T(c[3]), 1 if c[5] else 0, instr, where, w,
                     c[7], w, c[8]))


if __name__ == '__main__':
    emit(sys.argv[1] if len(sys.argv) > 1 else '.')
