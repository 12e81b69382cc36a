#!/usr/bin/env python3
"""Generates float-nan.ptx and float-nan.cases: every PTX float instruction
that can return a NaN, fed NaNs of several signs and payloads (quiet and
signalling) and the ordinary operands that make a NaN (inf - inf, 0 * inf,
sqrt(-1), ...), plus overflowing conversions. The kernels read their
operands from the initialised global `cases_in` (three 64-bit slots a
case, so nothing is constant-folded) and write each result's raw bits to
out[case] (8 bytes a case). float-nan.c runs them and compares with the
table measured on an NVIDIA H200 (float-nan.h200.txt).

  float-nan.py OUTDIR   writes OUTDIR/float-nan.ptx and OUTDIR/float-nan.cases

The table was made on an NVIDIA GPU with NVIDIA's driver:
  float-nan float-nan.ptx float-nan.cases --dump > float-nan.h200.txt
(float-nan built from ../float-nan.c against cuda.h and libcuda).
"""
import sys

from float_bits import BITS, INF, NAN, NEG, ORD

ONE = {32: 0x3f800000, 64: 0x3ff0000000000000, 16: 0x3c00, 'bf': 0x3f80}


def unary(t, extra=()):
    return [(n,) for n in NAN[t]] + [tuple(e) for e in extra]


def binary(t, extra=()):
    n, o = NAN[t], ORD[t]
    cs = [(x, o[0]) for x in n] + [(o[1], x) for x in n]
    cs += [(n[0], n[1]), (n[1], n[0]), (n[2], n[1]), (n[1], n[2]),
           (n[3], n[0])]
    return cs + [tuple(e) for e in extra]


def ternary(t, extra=()):
    n, o = NAN[t], ORD[t]
    cs = []
    for pos in range(3):
        for x in n:
            e = [o[0], o[1], o[2]]
            e[pos] = x
            cs.append(tuple(e))
    cs += [(n[0], n[1], o[2]), (o[0], n[1], n[0]), (n[2], o[1], n[1]),
           (n[1], n[0], n[3])]
    inf, z = INF[t], 0
    cs += [(z, inf, o[2]), (inf, z, o[2]), (inf, ONE[t], inf | NEG[t]),
           (z, inf, n[0]), (z, inf, n[2])]
    return cs + [tuple(e) for e in extra]


def special(t):
    """NaN makers from ordinary operands, per operation kind."""
    inf, neg, one = INF[t], NEG[t], ONE[t]
    return {
        'add': [(inf, inf | neg)], 'sub': [(inf, inf)],
        'mul': [(0, inf), (inf | neg, 0)], 'div': [(0, 0), (inf, inf | neg)],
        'sqrt': [(one | neg,), (inf | neg,)], 'rsqrt': [(one | neg,)],
        'lg2': [(one | neg,)], 'sin': [(inf,)], 'cos': [(inf | neg,)],
    }


CASES = []      # (mnemonic, operand bits, result bits, operands)


def T(t):
    return {32: 'f32', 64: 'f64', 16: 'f16', 'bf': 'bf16'}[t]


def reg(bits):
    return {16: '%h', 32: '%r', 64: '%rd'}[bits]


def add(instr, t, cases, nops, rbits=None, obits=None, packed=False):
    """Cases of `instr` (PTX type `t`, `nops` operands): operands of `obits`
    bits, a result of `rbits`; `packed`: an x2 form, one lane at a time."""
    obits = obits or BITS[t]
    rbits = rbits or BITS[t]
    if packed:
        # Each lane takes every third case (the lanes are the scalar op).
        cases = cases[::3]
    for c in cases:
        assert len(c) == nops
        if packed:
            # Each lane's case in one half, an ordinary value in the other
            # (0 for the .approx functions, whose results there are exact).
            o = [0, 0, 0] if 'approx' in instr else ORD[t]
            for lane in range(2):
                pc = tuple(((x << 16) | o[i]) if lane else ((o[i] << 16) | x)
                           for i, x in enumerate(c))
                CASES.append((instr, 32, 32, pc))
        else:
            CASES.append((instr, obits, rbits, c))


def gen():
    S = {t: special(t) for t in NAN}
    # f32 and f64 arithmetic. Of the directed roundings only .rz (.rm and
    # .rp take the same path; the H200 gave the same NaNs for all three).
    for t in (32, 64):
        ty = T(t)
        for op in ('add', 'sub', 'mul'):
            mods = ['.rn', '.rz']
            if t == 32:
                mods += ['', '.ftz', '.sat', '.rz.ftz']
            for m in mods:
                add(f'{op}{m}.{ty}', t, binary(t, S[t][op]), 2)
        fmods = ['.rn', '.rz']
        if t == 32:
            fmods += ['.rn.ftz', '.rn.sat']
        for m in fmods:
            add(f'fma{m}.{ty}', t, ternary(t), 3)
        add(f'mad.rn.{ty}', t, ternary(t), 3)
        dm = ['.rn', '.rz']
        if t == 32:
            dm += ['.full', '.approx', '.approx.ftz', '.full.ftz']
        for m in dm:
            add(f'div{m}.{ty}', t, binary(t, S[t]['div']), 2)
        rm_ = ['.rn', '.rz']
        rm_ += ['.approx', '.approx.ftz'] if t == 32 else ['.approx.ftz']
        for m in rm_:
            add(f'rcp{m}.{ty}', t, unary(t, [(0,), (NEG[t],)]), 1)
        sm = ['.rn', '.rz']
        if t == 32:
            sm += ['.approx', '.approx.ftz', '.rn.ftz']
        for m in sm:
            add(f'sqrt{m}.{ty}', t, unary(t, S[t]['sqrt']), 1)
        for m in ('.approx', '.approx.ftz'):
            add(f'rsqrt{m}.{ty}', t, unary(t, S[t]['rsqrt']), 1)
        if t == 32:
            for fn in ('ex2', 'lg2', 'sin', 'cos'):
                for m in ('.approx', '.approx.ftz'):
                    add(f'{fn}{m}.f32', t, unary(t, S[t].get(fn, [])), 1)
            add('tanh.approx.f32', t, unary(t), 1)
        mm = [''] + (['.NaN', '.ftz', '.ftz.NaN', '.xorsign.abs',
                              '.NaN.xorsign.abs'] if t == 32 else [])
        for op in ('min', 'max'):
            for m in mm:
                add(f'{op}{m}.{ty}', t, binary(t), 2)
        for op in ('abs', 'neg'):
            for m in ([''] + (['.ftz'] if t == 32 else [])):
                add(f'{op}{m}.{ty}', t, unary(t), 1)
        add(f'copysign.{ty}', t, binary(t), 2)
        for p in ('notanumber', 'number', 'finite', 'infinite', 'normal',
                  'subnormal'):
            add(f'testp.{p}.{ty}', t, unary(t), 1, rbits=32)
    # f16 / bf16, scalar and packed.
    for t in (16, 'bf'):
        ty = T(t)
        for packed in (False, True):
            pty = ty + 'x2' if packed else ty
            for op in ('add', 'sub', 'mul'):
                mods = ['.rn'] + (['.ftz', '.sat'] if t == 16 else [])
                for m in mods:
                    add(f'{op}{m}.{pty}', t, binary(t, S[t][op]), 2,
                        packed=packed)
            fm = ['.rn', '.rn.relu'] + (['.rn.sat'] if t == 16 else [])
            for m in fm:
                add(f'fma{m}.{pty}', t, ternary(t), 3, packed=packed)
            for op in ('min', 'max'):
                for m in ['', '.NaN', '.xorsign.abs']:
                    add(f'{op}{m}.{pty}', t, binary(t), 2, packed=packed)
            for op in ('abs', 'neg'):
                for m in [''] + (['.ftz'] if t == 16 else []):
                    add(f'{op}{m}.{pty}', t, unary(t), 1, packed=packed)
            if t == 16:
                add(f'ex2.approx.{pty}', t, unary(t), 1, packed=packed)
            else:
                add(f'ex2.approx.ftz.{pty}', t, unary(t), 1, packed=packed)
            add(f'tanh.approx.{pty}', t, unary(t), 1, packed=packed)
    # Conversions: every NaN of the source, infinities, overflow.
    big32 = [0x7f7fffff, 0xff000000, 0x47800000, 0xc7800000, 0x477ff000]
    big64 = [0x47efffffffffffff, 0xc7f0000000000000, 0x7fefffffffffffff]
    # (modifiers, destination, source): cvt{.modifier}.dst.src, in this
    # order (the cases' numbers are the rows of float-nan.h200.txt).
    conv = [
        (['', 'ftz'], 'f64', 'f32'), ([''], 'f32', 'f16'),
        ([''], 'f32', 'bf16'), ([''], 'f64', 'f16'), ([''], 'f64', 'bf16'),
        (['rn', 'rz', 'rm', 'rn.ftz', 'rn.sat'], 'f32', 'f64'),
        (['rn', 'rz', 'rm', 'rp', 'rn.ftz', 'rn.sat', 'rn.relu',
          'rn.satfinite'], 'f16', 'f32'),
        (['rn', 'rz', 'rm', 'rn.relu', 'rn.satfinite'], 'bf16', 'f32'),
        (['rn', 'rz'], 'f16', 'f64'), (['rn'], 'bf16', 'f64'),
        (['rna', 'rn'], 'tf32', 'f32'),
        (['', 'ftz', 'sat'], 'f32', 'f32'), ([''], 'f64', 'f64'),
        (['rni', 'rzi', 'rmi', 'rpi', 'rni.ftz', 'rni.sat'], 'f32', 'f32'),
        (['rni', 'rzi'], 'f64', 'f64'), (['rni', 'rzi'], 'f16', 'f16'),
        (['rni', 'rzi'], 'bf16', 'bf16'), ([''], 'f16', 'f16'),
        (['rn'], 'f16', 'bf16'), (['rn'], 'bf16', 'f16'),
    ]
    dbits = {'f64': 64, 'f32': 32, 'tf32': 32, 'f16': 16, 'bf16': 16}
    srct = {'f64': 64, 'f32': 32, 'f16': 16, 'bf16': 'bf'}
    for mods, dst, src in conv:
        st = srct[src]
        ex = [(INF[st],), (INF[st] | NEG[st],)]
        if st == 32:
            ex += [(x,) for x in big32]
        if st == 64:
            ex += [(x,) for x in big64]
        for m in mods:
            add('cvt%s.%s.%s' % ('.' + m if m else '', dst, src), st,
                unary(st, ex), 1, rbits=dbits[dst], obits=BITS[st])
    # Packed from two f32: d = {a -> upper half, b -> lower half}.
    for m in ('cvt.rn.f16x2.f32', 'cvt.rn.relu.f16x2.f32',
              'cvt.rn.satfinite.f16x2.f32', 'cvt.rn.bf16x2.f32',
              'cvt.rz.bf16x2.f32', 'cvt.rn.relu.bf16x2.f32'):
        add(m, 32, binary(32, [(INF[32], big32[0])]), 2, rbits=32)


def emit(outdir):
    gen()
    # Split into kernels of at most 200 cases each.
    per = 200
    data = []
    lines = ['//', '// Generated by float-nan.py: NaN-producing float instructions.',
             '//', '.version 8.7', '.target sm_90', '.address_size 64', '']
    for i, (instr, obits, rbits, ops) in enumerate(CASES):
        for j in range(3):
            data.append(ops[j] if j < len(ops) else 0)
    lines.append('.global .align 8 .b64 cases_in[%d] = {' % len(data))
    for k in range(0, len(data), 6):
        sep = ',' if k + 6 < len(data) else ''
        lines.append('  ' + ', '.join('0x%016x' % x for x in data[k:k + 6])
                     + sep)
    lines.append('};')
    lines.append('')
    nk = (len(CASES) + per - 1) // per
    for kk in range(nk):
        lines += ['.visible .entry nan_%d(.param .u64 out)' % kk, '{',
                  '  .reg .b16 %h<4>;', '  .reg .b32 %r<4>;',
                  '  .reg .b64 %rd<6>;', '  .reg .pred %p<2>;',
                  '  ld.param.u64 %rd4, [out];',
                  '  cvta.to.global.u64 %rd4, %rd4;',
                  '  mov.u64 %rd5, cases_in;']
        for i in range(kk * per, min(len(CASES), (kk + 1) * per)):
            instr, obits, rbits, ops = CASES[i]
            r = reg(obits)
            for j in range(len(ops)):
                lines.append('  ld.global.b%d %s%d, [%%rd5+%d];' %
                             (obits, r, j + 1, (3 * i + j) * 8))
            d = reg(rbits) + '0'
            srcs = ', '.join('%s%d' % (r, j + 1) for j in range(len(ops)))
            if instr.startswith('testp'):
                lines.append('  %s %%p1, %s;' % (instr, srcs))
                lines.append('  selp.b32 %r0, 1, 0, %p1;')
            else:
                lines.append('  %s %s, %s;' % (instr, d, srcs))
            lines.append('  st.global.b%d [%%rd4+%d], %s;' % (rbits, 8 * i, d))
        lines += ['  ret;', '}', '']
    open(outdir + '/float-nan.ptx', 'w').write('\n'.join(lines))
    with open(outdir + '/float-nan.cases', 'w') as f:
        f.write('kernels %d cases %d\n' % (nk, len(CASES)))
        for i, (instr, obits, rbits, ops) in enumerate(CASES):
            w = (obits + 3) // 4
            f.write('%d %d %s %s\n' % (i, rbits, instr,
                                    ' '.join('%0*x' % (w, x) for x in ops)))


if __name__ == '__main__':
    emit(sys.argv[1] if len(sys.argv) > 1 else '.')
