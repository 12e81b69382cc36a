//===- VideoOps.cpp - scalar and SIMD video instructions ------------------===//
//
// The PTX ISA pseudo code of the video instructions, in plain arith ops:
//  - scalar vadd/vsub/vabsdiff/vmin/vmax/vshl/vshr/vset: each source byte,
//    half-word or word sign- or zero-extended by its type (partSelect-
//    SignExtend) to i64; the primary operation gives the signed 34-bit
//    intermediate (only a left shift can leave 34 bits; it wraps there);
//    optSaturate clamps it to the range of the destination type and
//    destination selector; then either the secondary operation with c
//    (extended by the destination type; vset's c is unsigned) or the merge
//    of the low byte / half-word into that lane of c;
//  - vmad: the 66-bit product in i128, negation by one's complement plus
//    one, c sign-extended when the final result is signed, .po, .shr7 /
//    .shr15 and the 32-bit saturation;
//  - SIMD vop2/vop4/vset2/vset4: lanes picked from the pair b:a by the
//    constant selectors, per-lane results in i32, lane saturation, then the
//    masked accumulate into c (.add) or the masked merge with c's lanes.
// Where an H200 departs from the ISA with results that are a function of
// the operands, the lowering does what the H200 does (each place says so;
// docs/lowering.md, "Video instructions", has the measurements); elsewhere
// it follows the ISA.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

using Builder = ConversionPatternRewriter;
using Pred = arith::CmpIPredicate;

/// Builds the video arithmetic at one location.
struct VB {
  OpBuilder &b;
  Location loc;

  /// The constant `v`, sign-extended to t's width (i128 too).
  Value k(Type t, int64_t v) {
    APInt x(t.getIntOrFloatBitWidth(), v, /*isSigned=*/true);
    return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, x));
  }
  Value k64(int64_t v) { return k(b.getI64Type(), v); }
  Value k32(int64_t v) { return k(b.getI32Type(), v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value andi(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value ori(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value shl(Value x, Value y) { return arith::ShLIOp::create(b, loc, x, y); }
  Value ashr(Value x, Value y) { return arith::ShRSIOp::create(b, loc, x, y); }
  Value lshr(Value x, Value y) { return arith::ShRUIOp::create(b, loc, x, y); }
  Value smin(Value x, Value y) { return arith::MinSIOp::create(b, loc, x, y); }
  Value smax(Value x, Value y) { return arith::MaxSIOp::create(b, loc, x, y); }
  Value cmp(Pred p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value t, Value f) {
    return arith::SelectOp::create(b, loc, c, t, f);
  }
  Value ext(Value v, Type to, bool sgn) {
    if (v.getType() == to)
      return v;
    if (sgn)
      return arith::ExtSIOp::create(b, loc, to, v);
    return arith::ExtUIOp::create(b, loc, to, v);
  }
  Value trunc(Value v, Type to) {
    return arith::TruncIOp::create(b, loc, to, v);
  }
  Value absDiff(Value x, Value y) { return smax(sub(x, y), sub(y, x)); }
  Value clamp(Value v, int64_t lo, int64_t hi) {
    Type t = v.getType();
    return smin(smax(v, k(t, lo)), k(t, hi));
  }
  /// `v` clamped to the range of a `bits`-bit signed or unsigned integer.
  Value clampToBits(Value v, unsigned bits, bool sgn) {
    if (sgn)
      return clamp(v, -(int64_t(1) << (bits - 1)),
                   (int64_t(1) << (bits - 1)) - 1);
    return clamp(v, 0, (int64_t(1) << bits) - 1);
  }

  /// Bits [pos, pos + bits) of the i32 `x`, extended to `to`.
  Value field(Value x, unsigned pos, unsigned bits, bool sgn, Type to) {
    Value f = x;
    if (bits < 32) {
      Value up = pos + bits == 32 ? x : shl(x, k32(32 - pos - bits));
      f = sgn ? ashr(up, k32(32 - bits)) : lshr(up, k32(32 - bits));
    }
    return ext(f, to, sgn);
  }

  /// partSelectSignExtend: the selected byte / half-word / word of `x`
  /// extended to i64.
  Value partSelect(Value x, SelectorAttr sel, bool sgn) {
    if (!sel)
      return ext(x, b.getI64Type(), sgn);
    unsigned bits = sel.getHalf() ? 16 : 8;
    return field(x, bits * sel.getLanes()[0], bits, sgn, b.getI64Type());
  }

  /// optSaturate: `t` clamped to the range of the destination (a byte or
  /// half-word with a destination selector, else a word). With `h200` (the
  /// arithmetic ops vadd/vsub/vabsdiff/vmin/vmax without a secondary
  /// operation) as an H200 saturates:
  ///  - into a byte or half-word the manual says clamp to the lane range;
  ///    NVIDIA hardware (H200, measured) keeps t when 0 <= t <= the lane
  ///    maximum and gives the lane maximum otherwise (negative t too);
  ///  - into a .u32 word the manual says clamp to [0, 2^32-1]; NVIDIA
  ///    hardware (H200, measured) clamps only below: t < 0 gives 0, larger
  ///    results wrap modulo 2^32.
  Value saturate(Value t, bool sat, bool sgn, SelectorAttr dsel, bool h200) {
    if (!sat)
      return t;
    unsigned bits = !dsel ? 32 : (dsel.getHalf() ? 16 : 8);
    if (h200 && dsel) {
      int64_t hi =
          sgn ? (int64_t(1) << (bits - 1)) - 1 : (int64_t(1) << bits) - 1;
      return select(cmp(Pred::ule, t, k64(hi)), t, k64(hi));
    }
    if (h200 && !sgn)
      return smax(t, k64(0));
    return clampToBits(t, bits, sgn);
  }

  /// optSecOp / optMerge and the final 32 bits. With `h200`, a merge into
  /// d.h1 as an H200 does it: the manual says the low half-word of t goes
  /// to bits 31..16; NVIDIA hardware (H200, measured) writes bits 31..16 of
  /// t there.
  Value finish(Value t, std::optional<VideoOp2> op2, SelectorAttr dsel, Value c,
               bool csgn, bool h200 = false) {
    Type i32 = b.getI32Type();
    if (op2) {
      Value cc = ext(c, b.getI64Type(), csgn);
      switch (*op2) {
      case VideoOp2::add:
        t = add(t, cc);
        break;
      case VideoOp2::min:
        t = smin(t, cc);
        break;
      case VideoOp2::max:
        t = smax(t, cc);
        break;
      }
      return trunc(t, i32);
    }
    Value r = trunc(t, i32);
    if (!dsel)
      return r;
    unsigned w = dsel.getHalf() ? 16 : 8, pos = w * dsel.getLanes()[0];
    uint32_t mask = (uint32_t)((uint64_t(1) << w) - 1) << pos;
    Value lane = h200 && dsel.getHalf() && pos == 16 ? r : shl(r, k32(pos));
    return ori(andi(lane, k32((int32_t)mask)), andi(c, k32((int32_t)~mask)));
  }

  Value compare(CmpOperator op, Value x, Value y) {
    Pred p;
    switch (op) {
    case CmpOperator::eq:
      p = Pred::eq;
      break;
    case CmpOperator::ne:
      p = Pred::ne;
      break;
    case CmpOperator::lt:
      p = Pred::slt;
      break;
    case CmpOperator::le:
      p = Pred::sle;
      break;
    case CmpOperator::gt:
      p = Pred::sgt;
      break;
    default:
      p = Pred::sge;
      break;
    }
    return cmp(p, x, y);
  }
};

Value i32Operand(OpBuilder &b, Location loc, Value v) {
  return adapt(b, loc, v, b.getI32Type());
}

/// A scalar source: its selected byte / half-word / word extended to i64.
Value selectedOperand(VB &v, Value x, SelectorAttr sel, bool sgn) {
  return v.partSelect(i32Operand(v.b, v.loc, x), sel, sgn);
}

/// The optional `c` of a scalar instruction as an i32 (null when absent).
Value optionalC(OpBuilder &b, Location loc, Value c) {
  return c ? i32Operand(b, loc, c) : Value();
}

//===----------------------------------------------------------------------===//
// Scalar video instructions
//===----------------------------------------------------------------------===//

enum class Primary { Add, Sub, AbsDiff, Min, Max, Shl, Shr };

template <typename OpT, Primary P>
struct ScalarVideoLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    VB v{rewriter, loc};
    bool dsgn = isSignedIntType(op.getDtype());
    Value ta = selectedOperand(v, adaptor.getA(), op.getASelAttr(),
                               isSignedIntType(op.getAtype()));
    Value t;
    if constexpr (P == Primary::Shl || P == Primary::Shr) {
      Value tb = selectedOperand(v, adaptor.getB(), op.getBSelAttr(), false);
      tb = op.getMode() == ShfMode::clamp
               ? (Value)arith::MinUIOp::create(rewriter, loc, tb, v.k64(32))
               : v.andi(tb, v.k64(31));
      // ta has at most 33 significant bits and tb <= 32: no i64 overflow
      // on the right, and the left shift wraps to the 34-bit intermediate.
      if constexpr (P == Primary::Shl)
        t = v.ashr(v.shl(v.shl(ta, tb), v.k64(30)), v.k64(30));
      else
        t = v.ashr(ta, tb);
    } else {
      Value tb = selectedOperand(v, adaptor.getB(), op.getBSelAttr(),
                                 isSignedIntType(op.getBtype()));
      switch (P) {
      case Primary::Add:
        t = v.add(ta, tb);
        break;
      case Primary::Sub:
        t = v.sub(ta, tb);
        break;
      case Primary::AbsDiff:
        t = v.absDiff(ta, tb);
        break;
      case Primary::Min:
        t = v.smin(ta, tb);
        break;
      default:
        t = v.smax(ta, tb);
        break;
      }
    }
    // The H200's saturation and d.h1 merge were measured on the arithmetic
    // ops without a secondary operation; shifts and the secondary
    // operations follow the ISA (docs/lowering.md).
    bool h200 = P != Primary::Shl && P != Primary::Shr && !op.getOp2();
    t = v.saturate(t, op.getSat(), dsgn, op.getDSelAttr(), h200);
    replaceWithAdapted(rewriter, op,
                       v.finish(t, op.getOp2(), op.getDSelAttr(),
                                optionalC(rewriter, loc, adaptor.getC()), dsgn,
                                h200));
    return success();
  }
};

struct VsetLowering : public PTXPattern<VsetOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(VsetOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    VB v{rewriter, loc};
    Value ta = selectedOperand(v, adaptor.getA(), op.getASelAttr(),
                               isSignedIntType(op.getAtype()));
    Value tb = selectedOperand(v, adaptor.getB(), op.getBSelAttr(),
                               isSignedIntType(op.getBtype()));
    Value t =
        v.ext(v.compare(op.getCmp(), ta, tb), rewriter.getI64Type(), false);
    // The comparison result and d are unsigned. The manual says c is too;
    // NVIDIA hardware (H200, measured) compares c as signed in a secondary
    // .min/.max when a is .s32.
    auto op2 = op.getOp2();
    bool csgn = isSignedIntType(op.getAtype()) && op2 && *op2 != VideoOp2::add;
    replaceWithAdapted(rewriter, op,
                       v.finish(t, op2, op.getDSelAttr(),
                                optionalC(rewriter, loc, adaptor.getC()),
                                csgn));
    return success();
  }
};

struct VmadLowering : public PTXPattern<VmadOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(VmadOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    VB v{rewriter, loc};
    Type i128 = rewriter.getIntegerType(128);
    bool sa = isSignedIntType(op.getAtype()),
         sb = isSignedIntType(op.getBtype());
    bool negProduct = op.getANeg() != op.getBNeg();
    bool signedFinal = sa || sb || negProduct || op.getCNeg();
    // The manual extends each source by its type and c by the signedness of
    // the final result. NVIDIA hardware (H200, measured) takes a whole-word
    // source as signed whatever its type (a byte or half-word by its type)
    // and always sign-extends c; the low 32 bits differ only with .sat or
    // .shr7/.shr15.
    SelectorAttr asel = op.getASelAttr(), bsel = op.getBSelAttr();
    Value ta = v.ext(selectedOperand(v, adaptor.getA(), asel, sa || !asel),
                     i128, true);
    Value tb = v.ext(selectedOperand(v, adaptor.getB(), bsel, sb || !bsel),
                     i128, true);
    Value c = i32Operand(rewriter, loc, adaptor.getC());
    Value tmp = arith::MulIOp::create(rewriter, loc, ta, tb);
    int64_t lsb = 0;
    if (op.getPo()) {
      lsb = 1;
    } else if (negProduct) {
      tmp = arith::XOrIOp::create(rewriter, loc, tmp, v.k(i128, -1));
      lsb = 1;
    } else if (op.getCNeg()) {
      c = arith::XOrIOp::create(rewriter, loc, c, v.k32(-1));
      lsb = 1;
    }
    tmp = v.add(tmp, v.ext(c, i128, true));
    if (lsb)
      tmp = v.add(tmp, v.k(i128, 1));
    Value result = tmp;
    if (auto scale = op.getScale()) {
      // (tmp >> n) & 0xffffffffffffffff: a signed 64-bit value when the
      // final result is signed, else (H200, measured) an unsigned one.
      int64_t n = *scale == VideoScale::shr7 ? 7 : 15;
      result = v.ext(v.trunc(v.ashr(tmp, v.k(i128, n)), rewriter.getI64Type()),
                     i128, signedFinal);
    }
    if (op.getSat())
      result = signedFinal ? v.clamp(result, INT32_MIN, INT32_MAX)
                           : v.clamp(result, 0, UINT32_MAX);
    replaceWithAdapted(rewriter, op, v.trunc(result, rewriter.getI32Type()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// SIMD video instructions
//===----------------------------------------------------------------------===//

enum class Simd { Add, Sub, Avrg, AbsDiff, Min, Max, Set };

template <typename OpT, Simd S, unsigned N>
struct SimdVideoLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    VB v{rewriter, loc};
    Type i32 = rewriter.getI32Type();
    constexpr unsigned w = 32 / N;
    Value a = i32Operand(rewriter, loc, adaptor.getA());
    Value bv = i32Operand(rewriter, loc, adaptor.getB());
    Value c = i32Operand(rewriter, loc, adaptor.getC());
    bool sa = isSignedIntType(op.getAtype()),
         sb = isSignedIntType(op.getBtype());
    // extractAndSignExt: lane i of a source is lane sel[i] of the pair b:a
    // (digits written highest lane first; defaults a: .h10 / .b3210,
    // b: .h32 / .b7654).
    auto lane = [&](SelectorAttr sel, unsigned i, bool isB, bool sgn) {
      unsigned k = sel ? sel.getLanes()[N - 1 - i] : (isB ? i + N : i);
      return v.field(k < N ? a : bv, w * (k % N), w, sgn, i32);
    };
    unsigned mask = (1u << N) - 1;
    if (SelectorAttr d = op.getDSelAttr()) {
      mask = 0;
      for (uint8_t l : d.getLanes())
        mask |= 1u << l;
    }
    bool add = op.getAdd();
    Value d = add ? c : v.k32(0);
    for (unsigned i = 0; i < N; ++i) {
      bool on = mask & (1u << i);
      if (!on && add)
        continue;
      Value t;
      if (on) {
        Value va = lane(op.getASelAttr(), i, false, sa);
        Value vb = lane(op.getBSelAttr(), i, true, sb);
        if constexpr (S == Simd::Set) {
          t = v.ext(v.compare(op.getCmp(), va, vb), i32, false);
        } else {
          switch (S) {
          case Simd::Add:
            t = v.add(va, vb);
            break;
          case Simd::Sub:
            t = v.sub(va, vb);
            break;
          case Simd::Avrg: {
            // (s + 1) >> 1 when s >= 0, else s >> 1.
            Value s = v.add(va, vb);
            Value up = v.ext(v.cmp(Pred::sge, s, v.k32(0)), i32, false);
            t = v.ashr(v.add(s, up), v.k32(1));
            break;
          }
          case Simd::AbsDiff:
            t = v.absDiff(va, vb);
            break;
          case Simd::Min:
            t = v.smin(va, vb);
            break;
          default:
            t = v.smax(va, vb);
            break;
          }
          if (op.getSat())
            t = v.clampToBits(t, w, isSignedIntType(op.getDtype()));
        }
      }
      if (add) {
        d = v.add(d, t);
        continue;
      }
      // Merge: the lane's result, or c's lane where the mask leaves it out.
      uint32_t lm = (uint32_t)((uint64_t(1) << w) - 1) << (w * i);
      Value part = on ? v.andi(v.shl(t, v.k32(w * i)), v.k32((int32_t)lm))
                      : v.andi(c, v.k32((int32_t)lm));
      d = v.ori(d, part);
    }
    replaceWithAdapted(rewriter, op, d);
    return success();
  }
};

} // namespace

void mlir::ptx::lowering::populateVideoPatterns(SharedTypeConverter &tc,
                                                RewritePatternSet &p,
                                                LoweringState &s) {
  MLIRContext *ctx = p.getContext();
  p.add<ScalarVideoLowering<VaddOp, Primary::Add>,
        ScalarVideoLowering<VsubOp, Primary::Sub>,
        ScalarVideoLowering<VabsdiffOp, Primary::AbsDiff>,
        ScalarVideoLowering<VminOp, Primary::Min>,
        ScalarVideoLowering<VmaxOp, Primary::Max>,
        ScalarVideoLowering<VshlOp, Primary::Shl>,
        ScalarVideoLowering<VshrOp, Primary::Shr>, VsetLowering, VmadLowering,
        SimdVideoLowering<Vadd2Op, Simd::Add, 2>,
        SimdVideoLowering<Vsub2Op, Simd::Sub, 2>,
        SimdVideoLowering<Vavrg2Op, Simd::Avrg, 2>,
        SimdVideoLowering<Vabsdiff2Op, Simd::AbsDiff, 2>,
        SimdVideoLowering<Vmin2Op, Simd::Min, 2>,
        SimdVideoLowering<Vmax2Op, Simd::Max, 2>,
        SimdVideoLowering<Vset2Op, Simd::Set, 2>,
        SimdVideoLowering<Vadd4Op, Simd::Add, 4>,
        SimdVideoLowering<Vsub4Op, Simd::Sub, 4>,
        SimdVideoLowering<Vavrg4Op, Simd::Avrg, 4>,
        SimdVideoLowering<Vabsdiff4Op, Simd::AbsDiff, 4>,
        SimdVideoLowering<Vmin4Op, Simd::Min, 4>,
        SimdVideoLowering<Vmax4Op, Simd::Max, 4>,
        SimdVideoLowering<Vset4Op, Simd::Set, 4>>(tc, ctx, s);
}
