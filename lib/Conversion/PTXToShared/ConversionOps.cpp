//===- ConversionOps.cpp - cvt and cvt.pack -------------------------------===//
//
// Float → integer conversions saturate (PTX) without LLVM poison: the value
// is rounded in the float type, compared against the exact bounds and only
// then converted. NaN gives what NVIDIA hardware gives (test/e2e/
// cvt_float_int): 0 from f32/f16/bf16 to destinations of at most 32 bits,
// otherwise the pattern 1 << (bits - 1).
//
// The narrow float formats (tf32, e4m3/e5m2, e2m3/e3m2, e2m1) are rounded
// with integer operations on the f32 bit pattern, so every back end computes
// the same bits: round to nearest even by a shift, .satfinite as a clamp of
// the magnitude encoding, .relu as a select on the sign. NaN results are
// NVIDIA's (test/e2e/cvt_lowp, docs/lowering.md "cvt"). .ue8m0x2 follows
// the host path of cuda_fp8.h. The verifier admits only the manual's cvt
// forms, so every form that reaches this lowering is lowered. A NaN
// converted between f16, bf16, f32 and f64 gets NVIDIA's bits (cvtNaN).
//
//===----------------------------------------------------------------------===//

#include "FloatNaN.h"
#include "Lowering.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

using Builder = ConversionPatternRewriter;

bool isScalarFloat(PTXType t) {
  return t == PTXType::f16 || t == PTXType::bf16 || t == PTXType::f32 ||
         t == PTXType::f64;
}
bool isInt(PTXType t) {
  return isSignedIntType(t) || isUnsignedIntType(t) || isBitType(t);
}

/// Round `x` to an integral value of its type in an integer rounding mode.
Value roundIntegral(Builder &b, Location loc, Value x, Rounding r) {
  switch (r) {
  case Rounding::rni:
    return LLVM::RoundEvenOp::create(b, loc, x);
  case Rounding::rzi:
    return LLVM::FTruncOp::create(b, loc, x);
  case Rounding::rmi:
    return LLVM::FFloorOp::create(b, loc, x);
  case Rounding::rpi:
    return LLVM::FCeilOp::create(b, loc, x);
  default:
    return x;
  }
}

/// Clamp an integer `x` (signedness `sgn`) to the range of `bits`-bit
/// integers of signedness `dsgn`, returning `bits` bits.
Value saturateInt(Builder &b, Location loc, Value x, bool sgn, unsigned bits,
                  bool dsgn) {
  Type wide = b.getIntegerType(128);
  Value v = adapt(b, loc, x, wide, sgn);
  APInt lo =
      dsgn ? APInt::getSignedMinValue(bits).sext(128) : APInt::getZero(128);
  APInt hi = dsgn ? APInt::getSignedMaxValue(bits).sext(128)
                  : APInt::getMaxValue(bits).zext(128);
  Value loC =
      arith::ConstantOp::create(b, loc, wide, b.getIntegerAttr(wide, lo));
  Value hiC =
      arith::ConstantOp::create(b, loc, wide, b.getIntegerAttr(wide, hi));
  v = arith::MaxSIOp::create(b, loc, v, loC);
  v = arith::MinSIOp::create(b, loc, v, hiC);
  return arith::TruncIOp::create(b, loc, b.getIntegerType(bits), v);
}

Value floatToInt(Builder &b, Location loc, Value x, PTXType atype,
                 PTXType dtype, Rounding r) {
  unsigned bits = getTypeBitWidth(dtype);
  bool dsgn = isSignedIntType(dtype);
  bool srcF64 = atype == PTXType::f64;
  if (!x.getType().isF32() && !x.getType().isF64())
    x = LLVM::FPExtOp::create(b, loc, b.getF32Type(), x);
  Type ft = x.getType();
  Type it = b.getIntegerType(bits);
  Value v = roundIntegral(b, loc, x, r);
  double loD = dsgn ? -std::ldexp(1.0, bits - 1) : 0.0;
  double hiD = std::ldexp(1.0, dsgn ? bits - 1 : bits);
  Value lo = floatConst(b, loc, ft, loD), hi = floatConst(b, loc, ft, hiD);
  auto cmpf = [&](arith::CmpFPredicate p, Value a, Value c) {
    return arith::CmpFOp::create(b, loc, p, a, c);
  };
  Value below = cmpf(arith::CmpFPredicate::OLT, v, lo);
  Value above = cmpf(arith::CmpFPredicate::OGE, v, hi);
  Value nan = cmpf(arith::CmpFPredicate::UNO, v, v);
  Value bad = arith::OrIOp::create(
      b, loc, arith::OrIOp::create(b, loc, below, above), nan);
  Value safe =
      arith::SelectOp::create(b, loc, bad, floatConst(b, loc, ft, 0.0), v);
  Value conv = dsgn ? (Value)arith::FPToSIOp::create(b, loc, it, safe)
                    : (Value)arith::FPToUIOp::create(b, loc, it, safe);
  APInt minV = dsgn ? APInt::getSignedMinValue(bits) : APInt::getZero(bits);
  APInt maxV = dsgn ? APInt::getSignedMaxValue(bits) : APInt::getMaxValue(bits);
  APInt nanV = (!srcF64 && bits < 64) ? APInt::getZero(bits)
                                      : APInt::getSignedMinValue(bits);
  auto cst = [&](const APInt &v) -> Value {
    return arith::ConstantOp::create(b, loc, it, b.getIntegerAttr(it, v));
  };
  conv = arith::SelectOp::create(b, loc, below, cst(minV), conv);
  conv = arith::SelectOp::create(b, loc, above, cst(maxV), conv);
  return arith::SelectOp::create(b, loc, nan, cst(nanV), conv);
}

//===----------------------------------------------------------------------===//
// Narrow float formats
//===----------------------------------------------------------------------===//

Value i32Const(Builder &b, Location loc, int64_t v) {
  return intConst(b, loc, b.getI32Type(), v);
}
Value cmpi(Builder &b, Location loc, arith::CmpIPredicate p, Value x, Value y) {
  return arith::CmpIOp::create(b, loc, p, x, y);
}
Value sel(Builder &b, Location loc, Value c, Value x, Value y) {
  return arith::SelectOp::create(b, loc, c, x, y);
}

/// The non-negative i32 `v` shifted right by `k` (an i32 in [1, 31]),
/// rounded to nearest, ties to even.
Value shiftRightNearestEven(Builder &b, Location loc, Value v, Value k) {
  Value one = i32Const(b, loc, 1);
  Value q = arith::ShRUIOp::create(b, loc, v, k);
  Value bit = arith::ShLIOp::create(b, loc, one, k);
  Value rem = arith::AndIOp::create(b, loc, v,
                                    arith::SubIOp::create(b, loc, bit, one));
  Value half = arith::ShRUIOp::create(b, loc, bit, one);
  Value odd = cmpi(b, loc, arith::CmpIPredicate::ne,
                   arith::AndIOp::create(b, loc, q, one), i32Const(b, loc, 0));
  Value up = arith::OrIOp::create(
      b, loc, cmpi(b, loc, arith::CmpIPredicate::ugt, rem, half),
      arith::AndIOp::create(
          b, loc, cmpi(b, loc, arith::CmpIPredicate::eq, rem, half), odd));
  return arith::AddIOp::create(
      b, loc, q, arith::ExtUIOp::create(b, loc, b.getI32Type(), up));
}

/// The finite f32 magnitude with bits `abs` (i32, sign clear) rounded to
/// nearest even into a binary format with `mbits` fraction bits and
/// exponent bias `bias`, as that format's magnitude encoding
/// (exponent << mbits | fraction). Unbounded above: encodings past the
/// format's largest finite value are for the caller to clamp; +inf gives
/// such an encoding too.
Value roundToNarrowFloat(Builder &b, Location loc, Value abs, unsigned mbits,
                         int bias) {
  // Normal in the target: round the f32 pattern at the target's last
  // fraction bit (a carry moves into the exponent), then rebias.
  Value normal = arith::SubIOp::create(
      b, loc,
      shiftRightNearestEven(b, loc, abs, i32Const(b, loc, 23 - mbits)),
      i32Const(b, loc, int64_t(127 - bias) << mbits));
  // Subnormal in the target: count units of 2^(1 - bias - mbits); a count
  // of 1 << mbits is the smallest normal encoding, so the two ranges join.
  Value e = arith::ShRUIOp::create(b, loc, abs, i32Const(b, loc, 23));
  Value zeroExp = cmpi(b, loc, arith::CmpIPredicate::eq, e,
                       i32Const(b, loc, 0));
  Value sig = arith::OrIOp::create(
      b, loc, arith::AndIOp::create(b, loc, abs, i32Const(b, loc, 0x7FFFFF)),
      sel(b, loc, zeroExp, i32Const(b, loc, 0), i32Const(b, loc, 0x800000)));
  Value eEff = arith::MaxUIOp::create(b, loc, e, i32Const(b, loc, 1));
  Value k = arith::SubIOp::create(
      b, loc, i32Const(b, loc, 151 - bias - int(mbits)), eEff);
  k = arith::MaxSIOp::create(
      b, loc, arith::MinSIOp::create(b, loc, k, i32Const(b, loc, 25)),
      i32Const(b, loc, 1));
  Value sub = shiftRightNearestEven(b, loc, sig, k);
  Value isSub = cmpi(b, loc, arith::CmpIPredicate::ult, e,
                     i32Const(b, loc, 128 - bias));
  return sel(b, loc, isSub, sub, normal);
}

/// An element format of the packed narrow float types.
struct NarrowFormat {
  unsigned ebits, mbits, width; // width: bits the element takes in d
  int bias;
  uint32_t maxEnc; // largest finite magnitude encoding
  int32_t nan;     // NaN encoding; -1: none (NaN gives +maxEnc)
  unsigned signBit() const { return ebits + mbits; }
};

std::optional<NarrowFormat> narrowFormat(PTXType t) {
  switch (t) {
  case PTXType::e4m3x2:
    return NarrowFormat{4, 3, 8, 7, 0x7E, 0x7F};
  case PTXType::e5m2x2:
    return NarrowFormat{5, 2, 8, 15, 0x7B, 0x7F};
  case PTXType::e2m3x2:
    return NarrowFormat{2, 3, 8, 1, 0x1F, -1};
  case PTXType::e3m2x2:
    return NarrowFormat{3, 2, 8, 3, 0x1F, -1};
  case PTXType::e2m1x2:
    return NarrowFormat{2, 1, 4, 1, 0x7, -1};
  default:
    return std::nullopt;
  }
}

/// f32 `x` to a narrow element (.rn.satfinite{.relu}), in the low bits of
/// an i32: nearest even, magnitudes past the largest finite value (and
/// +-inf) clamp to it, NaN gives the format's NaN (0x7F) or, where it has
/// none, +max; .relu turns results with the sign set into +0.
Value f32ToNarrow(Builder &b, Location loc, Value x, const NarrowFormat &f,
                  bool relu) {
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  Value abs = arith::AndIOp::create(b, loc, bits, i32Const(b, loc, 0x7FFFFFFF));
  Value neg = cmpi(b, loc, arith::CmpIPredicate::slt, bits, i32Const(b, loc, 0));
  Value isNan = cmpi(b, loc, arith::CmpIPredicate::ugt, abs,
                     i32Const(b, loc, 0x7F800000));
  Value enc = roundToNarrowFloat(b, loc, abs, f.mbits, f.bias);
  enc = arith::MinUIOp::create(b, loc, enc, i32Const(b, loc, f.maxEnc));
  Value r = arith::OrIOp::create(
      b, loc, enc,
      sel(b, loc, neg, i32Const(b, loc, 1 << f.signBit()), i32Const(b, loc, 0)));
  if (relu)
    r = sel(b, loc, neg, i32Const(b, loc, 0), r);
  return sel(b, loc, isNan, i32Const(b, loc, f.nan >= 0 ? f.nan : f.maxEnc),
             r);
}

/// A narrow element (low bits of the i32 `e`) to f16 bits (i16), exactly;
/// NaN gives the canonical 0x7FFF, .relu turns the sign set into +0.
Value narrowToF16(Builder &b, Location loc, Value e, const NarrowFormat &f,
                  bool relu) {
  auto i16 = b.getI16Type();
  Value signMask = i32Const(b, loc, 1 << f.signBit());
  Value mag = arith::AndIOp::create(b, loc, e,
                                    i32Const(b, loc, (1 << f.signBit()) - 1));
  Value neg = cmpi(b, loc, arith::CmpIPredicate::ne,
                   arith::AndIOp::create(b, loc, e, signMask),
                   i32Const(b, loc, 0));
  Value h;
  if (f.ebits == 5) {
    // e5m2 is the upper byte of an f16 (subnormals, inf and NaN included).
    h = arith::ShLIOp::create(b, loc, mag, i32Const(b, loc, 8));
  } else {
    // Normal: rebias into an f32 pattern; subnormal: fraction * 2^(1-bias-m).
    // Every value is an f16 normal, so the truncation is exact.
    Value expF = arith::ShRUIOp::create(b, loc, mag, i32Const(b, loc, f.mbits));
    Value frac = arith::AndIOp::create(b, loc, mag,
                                       i32Const(b, loc, (1 << f.mbits) - 1));
    Value normal = arith::OrIOp::create(
        b, loc,
        arith::ShLIOp::create(
            b, loc,
            arith::AddIOp::create(b, loc, expF, i32Const(b, loc, 127 - f.bias)),
            i32Const(b, loc, 23)),
        arith::ShLIOp::create(b, loc, frac, i32Const(b, loc, 23 - f.mbits)));
    Type f32 = b.getF32Type();
    Value sub = arith::MulFOp::create(
        b, loc, arith::UIToFPOp::create(b, loc, f32, frac),
        floatConst(b, loc, f32, std::ldexp(1.0, 1 - f.bias - int(f.mbits))));
    Value isSub = cmpi(b, loc, arith::CmpIPredicate::eq, expF,
                       i32Const(b, loc, 0));
    Value v = sel(b, loc, isSub, sub,
                  arith::BitcastOp::create(b, loc, f32, normal));
    Value hf = arith::TruncFOp::create(b, loc, b.getF16Type(), v);
    h = arith::ExtUIOp::create(b, loc, b.getI32Type(),
                               arith::BitcastOp::create(b, loc, i16, hf));
  }
  h = arith::OrIOp::create(
      b, loc, h,
      sel(b, loc, neg, i32Const(b, loc, 0x8000), i32Const(b, loc, 0)));
  if (relu)
    h = sel(b, loc, neg, i32Const(b, loc, 0), h);
  if (f.nan >= 0) {
    Value isNan =
        f.ebits == 5
            ? cmpi(b, loc, arith::CmpIPredicate::ugt, mag, i32Const(b, loc, 0x7C))
            : cmpi(b, loc, arith::CmpIPredicate::eq, mag,
                   i32Const(b, loc, f.nan));
    h = sel(b, loc, isNan, i32Const(b, loc, 0x7FFF), h);
  }
  return arith::TruncIOp::create(b, loc, i16, h);
}

/// f32 to tf32 (an f32 pattern with the low 13 bits clear) in .rna
/// (ties away), .rn or .rz, as an H200 computes it (test/e2e/cvt_lowp):
/// .relu turns the sign set into +0; a NaN gives 0x7FFFE000 in .rn/.rz and
/// in .rna its own pattern truncated (0x7F800001 becomes +inf). .satfinite
/// in .rna takes one ulp off a result with an all-ones exponent (+-inf
/// becomes +-max finite, a NaN stays a NaN); in .rn/.rz (sm_100, not seen on
/// hardware) it clamps the magnitude to the largest finite value.
Value f32ToTf32(Builder &b, Location loc, Value x, Rounding rnd, bool relu,
                bool satfinite) {
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  Value abs = arith::AndIOp::create(b, loc, bits, i32Const(b, loc, 0x7FFFFFFF));
  Value sign = arith::AndIOp::create(b, loc, bits,
                                     i32Const(b, loc, int32_t(0x80000000u)));
  Value mask = i32Const(b, loc, int32_t(0xFFFFE000u));
  Value isNan = cmpi(b, loc, arith::CmpIPredicate::ugt, abs,
                     i32Const(b, loc, 0x7F800000));
  Value r;
  if (rnd == Rounding::rna)
    r = arith::AndIOp::create(
        b, loc, arith::AddIOp::create(b, loc, abs, i32Const(b, loc, 0x1000)),
        mask);
  else if (rnd == Rounding::rn)
    r = arith::ShLIOp::create(
        b, loc, shiftRightNearestEven(b, loc, abs, i32Const(b, loc, 13)),
        i32Const(b, loc, 13));
  else
    r = arith::AndIOp::create(b, loc, abs, mask);
  if (satfinite && rnd != Rounding::rna)
    r = arith::MinUIOp::create(b, loc, r, i32Const(b, loc, 0x7F7FE000));
  r = arith::OrIOp::create(b, loc, r, sign);
  if (relu)
    r = sel(b, loc,
            cmpi(b, loc, arith::CmpIPredicate::slt, bits, i32Const(b, loc, 0)),
            i32Const(b, loc, 0), r);
  if (rnd != Rounding::rna)
    return sel(b, loc, isNan, i32Const(b, loc, 0x7FFFE000), r);
  r = sel(b, loc, isNan, arith::AndIOp::create(b, loc, bits, mask), r);
  if (satfinite) {
    Value expMask = i32Const(b, loc, 0x7F800000);
    Value allOnes =
        cmpi(b, loc, arith::CmpIPredicate::eq,
             arith::AndIOp::create(b, loc, r, expMask), expMask);
    r = sel(b, loc, allOnes,
            arith::SubIOp::create(b, loc, r, i32Const(b, loc, 0x2000)), r);
  }
  return r;
}

/// .relu / .satfinite on an f16 or bf16 result `r`: .satfinite turns +-inf
/// into +-max finite, .relu the sign set into +0; a NaN becomes the
/// canonical 0x7FFF.
Value finishHalf(Builder &b, Location loc, Value r, bool relu,
                 bool satfinite) {
  Type ht = r.getType();
  auto i16 = b.getI16Type();
  int64_t inf = ht.isF16() ? 0x7C00 : 0x7F80;
  auto c = [&](int64_t v) { return intConst(b, loc, i16, v); };
  Value bits = arith::BitcastOp::create(b, loc, i16, r);
  Value abs = arith::AndIOp::create(b, loc, bits, c(0x7FFF));
  Value neg = cmpi(b, loc, arith::CmpIPredicate::slt, bits, c(0));
  if (satfinite)
    bits = sel(b, loc, cmpi(b, loc, arith::CmpIPredicate::eq, abs, c(inf)),
               arith::OrIOp::create(
                   b, loc, arith::AndIOp::create(b, loc, bits, c(0x8000)),
                   c(inf - 1)),
               bits);
  if (relu)
    bits = sel(b, loc, neg, c(0), bits);
  bits = sel(b, loc, cmpi(b, loc, arith::CmpIPredicate::ugt, abs, c(inf)),
             c(0x7FFF), bits);
  return arith::BitcastOp::create(b, loc, ht, bits);
}

/// The f64 NaN `x` narrowed to float type `dt` as an H200 does it: its
/// sign, the quiet bit and the payload's top bits (0x7ff8000000000001 ->
/// 0x7fc00000, 0x7fffffffffffffff -> 0x7fffffff).
Value narrowNaN(Builder &b, Location loc, Value x, Type dt) {
  unsigned dw = dt.getIntOrFloatBitWidth();
  unsigned m = cast<FloatType>(dt).getFPMantissaWidth() - 1;
  Type i64 = b.getI64Type();
  auto c = [&](uint64_t v) { return intConst(b, loc, i64, int64_t(v)); };
  Value bits = arith::BitcastOp::create(b, loc, i64, x);
  Value sign = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, c(64 - dw)),
      c(uint64_t(1) << (dw - 1)));
  Value pay = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, c(52 - m)),
      c((uint64_t(1) << (m - 1)) - 1));
  uint64_t head =
      ((uint64_t(1) << (dw - 1)) - 1) ^ ((uint64_t(1) << (m - 1)) - 1);
  Value v = arith::OrIOp::create(
      b, loc, arith::OrIOp::create(b, loc, sign, pay), c(head));
  return arith::BitcastOp::create(
      b, loc, dt, arith::TruncIOp::create(b, loc, b.getIntegerType(dw), v));
}

/// NVIDIA's NaN for a float -> float cvt of `x` (the source, after .ftz)
/// with result `r` (an H200; docs/lowering.md "NaN results"): a plain
/// .f32/.f64 move keeps every bit; to f64 the NaN is quieted with its
/// payload; from f64 narrowNaN; bf16 -> f32 is the bits shifted (an sNaN
/// stays one); every other result is the canonical NaN (0x7fffffff,
/// 0x7fff), cvt.f16.f16 included.
Value cvtNaN(Builder &b, Location loc, Value x, Value r, PTXType atype,
             PTXType dtype, bool rounds) {
  Type dt = r.getType();
  if (atype == dtype && !rounds)
    return dt.isF32() || dt.isF64() ? r : canonicalizeNaN(b, loc, r);
  Value nan = isNaN(b, loc, x);
  if (dt.isF64())
    return atype == PTXType::f64
               ? selectBits(b, loc, nan, quietNaN(b, loc, x), r)
               : quietNaN(b, loc, r);
  if (atype == PTXType::f64)
    return selectBits(b, loc, nan, narrowNaN(b, loc, x, dt), r);
  if (dt.isF32() && atype == PTXType::bf16) {
    auto i32 = b.getI32Type();
    Value w = arith::ExtUIOp::create(
        b, loc, i32, arith::BitcastOp::create(b, loc, b.getI16Type(), x));
    w = arith::ShLIOp::create(b, loc, w, intConst(b, loc, i32, 16));
    return selectBits(b, loc, nan, arith::BitcastOp::create(b, loc, dt, w), r);
  }
  return canonicalizeNaN(b, loc, r);
}

/// The two halves (upper, lower) of an f16x2 register as f32.
std::pair<Value, Value> unpackF16x2(Builder &b, Location loc, Value v) {
  Value x = adapt(b, loc, v, b.getI32Type());
  auto half = [&](Value h) -> Value {
    Value h16 = arith::TruncIOp::create(b, loc, b.getI16Type(), h);
    Value f = arith::BitcastOp::create(b, loc, b.getF16Type(), h16);
    return arith::ExtFOp::create(b, loc, b.getF32Type(), f);
  };
  return {half(arith::ShRUIOp::create(b, loc, x, i32Const(b, loc, 16))),
          half(x)};
}

/// The 15-bit bf16 magnitude `h` (i32; NaN: above 0x7F80) to .ue8m0, as
/// the host path of cuda_fp8.h computes it (__nv_cvt_bfloat16raw_to_e8m0):
/// the exponent field, plus one in .rp when the fraction is not zero and
/// 2^-127 < |x| < inf; .satfinite turns an overflow or inf (not NaN) into
/// 0xFE (2^127). The sign is ignored.
Value bf16MagToUe8m0(Builder &b, Location loc, Value h, Rounding rnd,
                     bool satfinite) {
  Value r = arith::ShRUIOp::create(b, loc, h, i32Const(b, loc, 7));
  if (rnd == Rounding::rp) {
    Value frac = arith::AndIOp::create(b, loc, h, i32Const(b, loc, 0x7F));
    Value up = arith::AndIOp::create(
        b, loc,
        cmpi(b, loc, arith::CmpIPredicate::ne, frac, i32Const(b, loc, 0)),
        arith::AndIOp::create(
            b, loc,
            cmpi(b, loc, arith::CmpIPredicate::ugt, h, i32Const(b, loc, 0x40)),
            cmpi(b, loc, arith::CmpIPredicate::ult, h,
                 i32Const(b, loc, 0x7F80))));
    r = arith::AddIOp::create(
        b, loc, r, arith::ExtUIOp::create(b, loc, b.getI32Type(), up));
  }
  if (satfinite) {
    Value over = arith::AndIOp::create(
        b, loc,
        cmpi(b, loc, arith::CmpIPredicate::ule, h, i32Const(b, loc, 0x7F80)),
        cmpi(b, loc, arith::CmpIPredicate::eq, r, i32Const(b, loc, 0xFF)));
    r = sel(b, loc, over, i32Const(b, loc, 0xFE), r);
  }
  return r;
}

/// The f32 `x` to .ue8m0 (.rz/.rp): |x| rounded to bf16 in the same
/// direction (NaN: 0x7FFF), then as above (cuda_fp8.h's host path).
Value f32ToUe8m0(Builder &b, Location loc, Value x, Rounding rnd,
                 bool satfinite) {
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  Value abs = arith::AndIOp::create(b, loc, bits, i32Const(b, loc, 0x7FFFFFFF));
  Value h = arith::ShRUIOp::create(b, loc, abs, i32Const(b, loc, 16));
  if (rnd == Rounding::rp) {
    Value inexact =
        cmpi(b, loc, arith::CmpIPredicate::ne,
             arith::AndIOp::create(b, loc, abs, i32Const(b, loc, 0xFFFF)),
             i32Const(b, loc, 0));
    Value finite = cmpi(b, loc, arith::CmpIPredicate::ult, abs,
                        i32Const(b, loc, 0x7F800000));
    h = arith::AddIOp::create(
        b, loc, h,
        arith::ExtUIOp::create(b, loc, b.getI32Type(),
                               arith::AndIOp::create(b, loc, inexact, finite)));
  }
  Value isNan = cmpi(b, loc, arith::CmpIPredicate::ugt, abs,
                     i32Const(b, loc, 0x7F800000));
  h = sel(b, loc, isNan, i32Const(b, loc, 0x7FFF), h);
  return bf16MagToUe8m0(b, loc, h, rnd, satfinite);
}

/// .ue8m0 (2^(e-127), 0xFF NaN) to bf16 bits: e << 7, 0 gives the bf16
/// subnormal 2^-127 (0x0040), 0xFF the canonical NaN 0x7FFF.
Value ue8m0ToBf16(Builder &b, Location loc, Value e) {
  Value r = arith::ShLIOp::create(b, loc, e, i32Const(b, loc, 7));
  r = sel(b, loc,
          cmpi(b, loc, arith::CmpIPredicate::eq, e, i32Const(b, loc, 0)),
          i32Const(b, loc, 0x40), r);
  return sel(b, loc,
             cmpi(b, loc, arith::CmpIPredicate::eq, e, i32Const(b, loc, 0xFF)),
             i32Const(b, loc, 0x7FFF), r);
}

/// cvt to and from .ue8m0x2 (sm_100a): `cvt.rz/rp{.satfinite}.ue8m0x2.f32
/// d, a, b` (a in the upper byte), `.ue8m0x2.bf16x2 d, a` (each half to
/// the byte at its place) and `cvt.rn.bf16x2.ue8m0x2 d, a`.
Value lowerUe8m0Cvt(Builder &b, CvtOp op, Value a, Value bsrc) {
  Location loc = op.getLoc();
  auto i32 = b.getI32Type();
  auto pack = [&](Value hi, Value lo, unsigned width) -> Value {
    return arith::OrIOp::create(
        b, loc, arith::ShLIOp::create(b, loc, hi, i32Const(b, loc, width)), lo);
  };
  if (op.getAtype() == PTXType::ue8m0x2) {
    Value x = adapt(b, loc, a, i32);
    Value lo = arith::AndIOp::create(b, loc, x, i32Const(b, loc, 0xFF));
    Value hi = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, x, i32Const(b, loc, 8)),
        i32Const(b, loc, 0xFF));
    return pack(ue8m0ToBf16(b, loc, hi), ue8m0ToBf16(b, loc, lo), 16);
  }
  Rounding rnd = *op.getRnd();
  bool satfinite = op.getSatfinite();
  Value hi, lo;
  if (op.getAtype() == PTXType::f32) {
    hi = f32ToUe8m0(b, loc, adapt(b, loc, a, b.getF32Type()), rnd, satfinite);
    lo =
        f32ToUe8m0(b, loc, adapt(b, loc, bsrc, b.getF32Type()), rnd, satfinite);
  } else {
    Value x = adapt(b, loc, a, i32);
    Value mask = i32Const(b, loc, 0x7FFF);
    lo = bf16MagToUe8m0(b, loc, arith::AndIOp::create(b, loc, x, mask), rnd,
                        satfinite);
    hi = bf16MagToUe8m0(
        b, loc,
        arith::AndIOp::create(
            b, loc, arith::ShRUIOp::create(b, loc, x, i32Const(b, loc, 16)),
            mask),
        rnd, satfinite);
  }
  return arith::TruncIOp::create(b, loc, b.getI16Type(), pack(hi, lo, 8));
}

/// cvt to and from the packed narrow float types and to tf32, in the forms
/// the verifier allows (the manual's cvt syntax).
FailureOr<Value> lowerNarrowCvt(Builder &b, CvtOp op, Value a, Value bsrc) {
  Location loc = op.getLoc();
  PTXType dtype = op.getDtype(), atype = op.getAtype();
  std::optional<Rounding> rnd = op.getRnd();
  bool relu = op.getRelu(), satfinite = op.getSatfinite();
  if (dtype == PTXType::ue8m0x2 || atype == PTXType::ue8m0x2)
    return lowerUe8m0Cvt(b, op, a, bsrc);
  if (dtype == PTXType::tf32) {
    Value x = adapt(b, loc, a, b.getF32Type());
    return f32ToTf32(b, loc, x, *rnd, relu, satfinite);
  }
  if (std::optional<NarrowFormat> f = narrowFormat(dtype)) {
    // .rn.satfinite, two .f32 sources or one .f16x2.
    Value hi, lo;
    if (bsrc) {
      hi = adapt(b, loc, a, b.getF32Type());
      lo = adapt(b, loc, bsrc, b.getF32Type());
    } else {
      std::tie(hi, lo) = unpackF16x2(b, loc, a);
    }
    Value h = f32ToNarrow(b, loc, hi, *f, relu);
    Value l = f32ToNarrow(b, loc, lo, *f, relu);
    Value r = arith::OrIOp::create(
        b, loc, arith::ShLIOp::create(b, loc, h, i32Const(b, loc, f->width)), l);
    return (Value)arith::TruncIOp::create(b, loc,
                                          b.getIntegerType(2 * f->width), r);
  }
  if (std::optional<NarrowFormat> f = narrowFormat(atype)) {
    // cvt.rn{.relu}.f16x2 from the x2 type.
    Value x = adapt(b, loc, a, b.getI32Type());
    Value elemMask = i32Const(b, loc, (1 << f->width) - 1);
    Value l = arith::AndIOp::create(b, loc, x, elemMask);
    Value h = arith::AndIOp::create(
        b, loc,
        arith::ShRUIOp::create(b, loc, x, i32Const(b, loc, f->width)),
        elemMask);
    auto i32 = b.getI32Type();
    Value hv = arith::ExtUIOp::create(b, loc, i32, narrowToF16(b, loc, h, *f, relu));
    Value lv = arith::ExtUIOp::create(b, loc, i32, narrowToF16(b, loc, l, *f, relu));
    return (Value)arith::OrIOp::create(
        b, loc, arith::ShLIOp::create(b, loc, hv, i32Const(b, loc, 16)), lv);
  }
  // The verifier rejects every other form with these types.
  return unsupported(
      b, op, "cvt." + stringifyPTXType(dtype) + "." + stringifyPTXType(atype));
}

bool isNarrowCvt(CvtOp op) {
  auto narrow = [](PTXType t) {
    return t == PTXType::tf32 || narrowFormat(t).has_value() ||
           t == PTXType::e4m3 || t == PTXType::e5m2 || t == PTXType::e2m3 ||
           t == PTXType::e3m2 || t == PTXType::e2m1 || t == PTXType::ue8m0 ||
           t == PTXType::ue4m3 || t == PTXType::ue8m0x2 ||
           t == PTXType::e2m1x4 || t == PTXType::e4m3x4 ||
           t == PTXType::e5m2x4 || t == PTXType::e2m3x4 ||
           t == PTXType::e3m2x4;
  };
  return narrow(op.getDtype()) || narrow(op.getAtype());
}

struct CvtLowering : public PTXPattern<CvtOp> {
  using PTXPattern::PTXPattern;

  FailureOr<Value> convertOne(Builder &b, CvtOp op, Value a, PTXType atype,
                              PTXType dtype) const {
    Location loc = op.getLoc();
    MLIRContext *ctx = b.getContext();
    std::optional<Rounding> rnd = op.getRnd();
    bool ftz = op.getFtz(), sat = op.getSat();
    // .relu/.satfinite: .f32 to .f16/.bf16 only (verifier).
    bool relu = op.getRelu(), satfinite = op.getSatfinite();
    Type at = getRegisterType(ctx, atype), dt = getRegisterType(ctx, dtype);
    if (isInt(atype) && isInt(dtype)) {
      bool asgn = isSignedIntType(atype);
      Value x = adapt(b, loc, a, at, asgn);
      if (sat)
        return saturateInt(b, loc, x, asgn, getTypeBitWidth(dtype),
                           isSignedIntType(dtype));
      return adapt(b, loc, x, dt, asgn);
    }
    if (isScalarFloat(atype) && isInt(dtype)) {
      Value x = adapt(b, loc, a, at);
      if (ftz)
        x = flushSubnormal(b, loc, x);
      if (!rnd || *rnd < Rounding::rni)
        return op.emitError("float to integer cvt needs .rni/.rzi/.rmi/.rpi");
      return floatToInt(b, loc, x, atype, dtype, *rnd);
    }
    if (isInt(atype) && isScalarFloat(dtype)) {
      Value x = adapt(b, loc, a, at, isSignedIntType(atype));
      Value r;
      if (rnd && (*rnd == Rounding::rz || *rnd == Rounding::rm ||
                  *rnd == Rounding::rp))
        r = intToFloatDirected(b, loc, x, isSignedIntType(atype), dt, *rnd);
      else // .rn (.rna/.rs: verifier)
        r = isSignedIntType(atype)
                ? (Value)arith::SIToFPOp::create(b, loc, dt, x)
                : (Value)arith::UIToFPOp::create(b, loc, dt, x);
      if (ftz)
        r = flushSubnormal(b, loc, r);
      return sat ? saturateUnit(b, loc, r) : r;
    }
    if (isScalarFloat(atype) && isScalarFloat(dtype)) {
      Value x = adapt(b, loc, a, at);
      // .ftz (an f32 source): a NaN source is the canonical NaN (H200:
      // cvt.ftz.f64.f32 gives 0x7fffffffe0000000).
      if (ftz)
        x = flushSubnormal(b, loc, x);
      if (ftz && atype == PTXType::f32)
        x = canonicalizeNaN(b, loc, x);
      unsigned aw = getTypeBitWidth(atype), dw = getTypeBitWidth(dtype);
      Value r;
      if (atype == dtype) {
        r = rnd ? roundIntegral(b, loc, x, *rnd) : x;
      } else if (dw > aw || (aw == dw)) {
        // Widening is exact; f16 <-> bf16 goes through f32.
        if (aw == dw)
          x = LLVM::FPExtOp::create(b, loc, b.getF32Type(), x);
        if (rnd && *rnd >= Rounding::rni)
          x = roundIntegral(b, loc, x, *rnd);
        r = x.getType() == dt
                ? x
                : (dw > x.getType().getIntOrFloatBitWidth()
                       ? (Value)LLVM::FPExtOp::create(b, loc, dt, x)
                       : (Value)LLVM::FPTruncOp::create(b, loc, dt, x));
      } else {
        if (rnd && *rnd >= Rounding::rni) {
          x = roundIntegral(b, loc, x, *rnd);
        } else if (rnd && (*rnd == Rounding::rz || *rnd == Rounding::rm ||
                           *rnd == Rounding::rp)) {
          r = narrowDirected(b, loc, x, dt, *rnd);
        } // else .rn (.rna/.rs: verifier)
        if (!r)
          r = LLVM::FPTruncOp::create(b, loc, dt, x);
        if (relu || satfinite)
          r = finishHalf(b, loc, r, relu, satfinite);
      }
      if (ftz)
        r = flushSubnormal(b, loc, r);
      // NaN last: its integer select is what a store or move sees.
      return sat ? saturateUnit(b, loc, r)
                 : cvtNaN(b, loc, x, r, atype, dtype, rnd.has_value());
    }
    return unsupported(b, op,
                       "cvt." + stringifyPTXType(dtype) + "." +
                           stringifyPTXType(atype));
  }

  LogicalResult matchAndRewrite(CvtOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    PTXType dtype = op.getDtype(), atype = op.getAtype();
    if (isNarrowCvt(op)) {
      FailureOr<Value> r =
          lowerNarrowCvt(rewriter, op, adaptor.getA(), adaptor.getB());
      if (failed(r))
        return failure();
      replaceWithAdapted(rewriter, op, *r);
      return success();
    }
    if (dtype == PTXType::f16x2 || dtype == PTXType::bf16x2) {
      // Two .f32 sources (verifier).
      PTXType half = dtype == PTXType::f16x2 ? PTXType::f16 : PTXType::bf16;
      FailureOr<Value> hiV =
          convertOne(rewriter, op, adaptor.getA(), atype, half);
      FailureOr<Value> loV =
          convertOne(rewriter, op, adaptor.getB(), atype, half);
      if (failed(hiV) || failed(loV))
        return failure();
      auto i32 = rewriter.getI32Type();
      Value hi = adapt(rewriter, loc,
                       adapt(rewriter, loc, *hiV, rewriter.getI16Type()), i32);
      Value lo = adapt(rewriter, loc,
                       adapt(rewriter, loc, *loV, rewriter.getI16Type()), i32);
      hi = arith::ShLIOp::create(rewriter, loc, hi,
                                 intConst(rewriter, loc, i32, 16));
      replaceWithAdapted(rewriter, op,
                         Value(arith::OrIOp::create(rewriter, loc, hi, lo)));
      return success();
    }
    // A second source is for packed destinations only (verifier).
    FailureOr<Value> r = convertOne(rewriter, op, adaptor.getA(), atype, dtype);
    if (failed(r))
      return failure();
    replaceWithAdapted(rewriter, op, *r, isSignedIntType(dtype));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Stochastic rounding (cvt.rs)
//===----------------------------------------------------------------------===//

/// The magnitude of the f32 with bits `abs` (i32, sign clear, finite)
/// rounded stochastically into a binary format with `mbits` fraction bits
/// and bias `bias`, as that format's magnitude encoding (unbounded above):
/// the `rbits`-wide random field `r` (an i32 below 2^rbitsWidth) is added
/// to the discarded bits, aligned at their most significant end, and the
/// sum truncated. So the result rounds away from zero with a probability of
/// the discarded fraction (read to rbitsWidth bits).
Value stochasticEncoding(Builder &b, Location loc, Value abs, Value r,
                         unsigned rbitsWidth, unsigned mbits, int bias) {
  auto i64 = b.getI64Type();
  auto c64 = [&](int64_t v) { return intConst(b, loc, i64, v); };
  Value e = arith::ShRUIOp::create(b, loc, abs, i32Const(b, loc, 23));
  Value sig = arith::OrIOp::create(
      b, loc, arith::AndIOp::create(b, loc, abs, i32Const(b, loc, 0x7FFFFF)),
      sel(b, loc,
          cmpi(b, loc, arith::CmpIPredicate::eq, e, i32Const(b, loc, 0)),
          i32Const(b, loc, 0), i32Const(b, loc, 0x800000)));
  Value eEff = arith::MaxSIOp::create(b, loc, e, i32Const(b, loc, 1));
  // The result's exponent (at least the format's smallest normal one) and
  // the number of discarded bits of sig.
  Value exp = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, eEff, i32Const(b, loc, 127)),
      i32Const(b, loc, 1 - bias));
  Value k = arith::SubIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, exp, i32Const(b, loc, 150 - int(mbits))),
      eEff);
  k = arith::MinSIOp::create(b, loc, k, i32Const(b, loc, 63));
  Value scaled = arith::ShRUIOp::create(
      b, loc,
      arith::ShLIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, sig),
                            c64(rbitsWidth)),
      arith::ExtUIOp::create(b, loc, i64, k));
  Value count = arith::ShRUIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, scaled,
                            arith::ExtUIOp::create(b, loc, i64, r)),
      c64(rbitsWidth));
  Value base = arith::ShLIOp::create(
      b, loc, arith::AddIOp::create(b, loc, exp, i32Const(b, loc, bias - 1)),
      i32Const(b, loc, mbits));
  return arith::AddIOp::create(
      b, loc, base, arith::TruncIOp::create(b, loc, b.getI32Type(), count));
}

/// One element of cvt.rs: f32 `x` with the random field `r` to f16/bf16
/// bits (x2 forms) or a narrow element (x4 forms), in the low bits of an
/// i32. Infinities and results past the largest finite value give inf or,
/// with .satfinite (always for x4), the largest finite value; NaN gives
/// 0x7FFF (f16/bf16) or the narrow format's NaN (none: +max), .relu turns
/// the sign set into +0, as the .rn forms do.
Value stochasticElement(Builder &b, Location loc, Value x, Value r,
                        unsigned rbitsWidth, PTXType dtype, bool relu,
                        bool satfinite) {
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  Value abs = arith::AndIOp::create(b, loc, bits, i32Const(b, loc, 0x7FFFFFFF));
  Value neg =
      cmpi(b, loc, arith::CmpIPredicate::slt, bits, i32Const(b, loc, 0));
  Value isInf =
      cmpi(b, loc, arith::CmpIPredicate::eq, abs, i32Const(b, loc, 0x7F800000));
  Value isNan = cmpi(b, loc, arith::CmpIPredicate::ugt, abs,
                     i32Const(b, loc, 0x7F800000));
  unsigned mbits, signBit;
  int bias;
  int64_t maxEnc, nanEnc;
  std::optional<NarrowFormat> f;
  if (dtype == PTXType::f16x2 || dtype == PTXType::bf16x2) {
    bool isF16 = dtype == PTXType::f16x2;
    mbits = isF16 ? 10 : 7;
    bias = isF16 ? 15 : 127;
    signBit = 15;
    int64_t inf = isF16 ? 0x7C00 : 0x7F80;
    maxEnc = satfinite ? inf - 1 : inf;
    nanEnc = 0x7FFF;
  } else {
    PTXType x2 = dtype == PTXType::e4m3x4   ? PTXType::e4m3x2
                 : dtype == PTXType::e5m2x4 ? PTXType::e5m2x2
                 : dtype == PTXType::e2m3x4 ? PTXType::e2m3x2
                 : dtype == PTXType::e3m2x4 ? PTXType::e3m2x2
                                            : PTXType::e2m1x2;
    f = narrowFormat(x2);
    mbits = f->mbits;
    bias = f->bias;
    signBit = f->signBit();
    maxEnc = f->maxEnc;
    nanEnc = f->nan >= 0 ? f->nan : f->maxEnc;
  }
  Value enc = stochasticEncoding(b, loc, abs, r, rbitsWidth, mbits, bias);
  enc = sel(b, loc, isInf, i32Const(b, loc, maxEnc),
            arith::MinUIOp::create(b, loc, enc, i32Const(b, loc, maxEnc)));
  Value res = arith::OrIOp::create(b, loc, enc,
                                   sel(b, loc, neg,
                                       i32Const(b, loc, int64_t(1) << signBit),
                                       i32Const(b, loc, 0)));
  if (relu)
    res = sel(b, loc, neg, i32Const(b, loc, 0), res);
  return sel(b, loc, isNan, i32Const(b, loc, nanEnc), res);
}

/// bitrev16: the low 16 bits of `v` (an i32) in reverse order.
Value reverse16(Builder &b, Location loc, Value v) {
  return arith::ShRUIOp::create(b, loc, LLVM::BitReverseOp::create(b, loc, v),
                                i32Const(b, loc, 16));
}

/// cvt.rs, rbits as the manual describes it (docs/lowering.md "cvt.rs"):
/// .f16x2: 13-bit fields, a: rbits[28:16], b: rbits[12:0]; .bf16x2: a:
/// rbits[31:16], b: rbits[15:0]; fp8/fp6 x4: a and b share rbits[31:16], e
/// and f rbits[15:0], and e2m1x4 takes the upper bytes of both halves for a
/// and b, the lower ones for e and f. Which bits of its half each element of
/// a pair takes is in the manual's figures only: b and f take their 16 bits
/// as they are, a and e the same 16 bits reversed (a third-party
/// measurement); e2m1x4: a rbits[31:24], b rbits[15:8], e rbits[23:16], f
/// rbits[7:0] (ours). Results: a, b, e, f from the upper end of d down.
struct CvtRsLowering : public PTXPattern<CvtRsOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(CvtRsOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Builder &b = rewriter;
    PTXType dtype = op.getDtype();
    bool relu = op.getRelu(), satfinite = op.getSatfinite();
    Value rbits = adapt(b, loc, adaptor.getRbits(), b.getI32Type());
    auto bitsAt = [&](unsigned shift, int64_t mask) -> Value {
      return arith::AndIOp::create(
          b, loc,
          arith::ShRUIOp::create(b, loc, rbits, i32Const(b, loc, shift)),
          i32Const(b, loc, mask));
    };
    SmallVector<Value, 4> xs;
    for (Value v : adaptor.getA())
      xs.push_back(adapt(b, loc, v, b.getF32Type()));
    Value r;
    if (adaptor.getB()) {
      xs.push_back(adapt(b, loc, adaptor.getB(), b.getF32Type()));
      unsigned width = dtype == PTXType::f16x2 ? 13 : 16;
      int64_t mask = (int64_t(1) << width) - 1;
      Value h = stochasticElement(b, loc, xs[0], bitsAt(16, mask), width, dtype,
                                  relu, satfinite);
      Value l = stochasticElement(b, loc, xs[1], bitsAt(0, mask), width, dtype,
                                  relu, satfinite);
      r = arith::OrIOp::create(
          b, loc, arith::ShLIOp::create(b, loc, h, i32Const(b, loc, 16)), l);
    } else {
      // The random field of a, b, e, f and its width.
      SmallVector<Value, 4> fields;
      unsigned rwidth;
      if (dtype == PTXType::e2m1x4) {
        rwidth = 8;
        for (unsigned shift : {24u, 8u, 16u, 0u})
          fields.push_back(bitsAt(shift, 0xFF));
      } else {
        rwidth = 16;
        Value ab = bitsAt(16, 0xFFFF), ef = bitsAt(0, 0xFFFF);
        fields = {reverse16(b, loc, ab), ab, reverse16(b, loc, ef), ef};
      }
      unsigned width = dtype == PTXType::e2m1x4 ? 4 : 8;
      r = i32Const(b, loc, 0);
      for (unsigned i = 0; i < 4; ++i) {
        Value e = stochasticElement(b, loc, xs[i], fields[i], rwidth, dtype,
                                    relu, satfinite);
        r = arith::OrIOp::create(
            b, loc, r,
            arith::ShLIOp::create(b, loc, e,
                                  i32Const(b, loc, width * (3 - i))));
      }
      if (width == 4)
        r = arith::TruncIOp::create(b, loc, b.getI16Type(), r);
    }
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

struct CvtPackLowering : public PTXPattern<CvtPackOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(CvtPackOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    auto i32 = rewriter.getI32Type();
    unsigned bits = getTypeBitWidth(op.getDtype());
    bool dsgn = isSignedIntType(op.getDtype());
    bool asgn = isSignedIntType(op.getAtype());
    auto part = [&](Value v) {
      Value x = adapt(rewriter, loc, v, i32, asgn);
      Value s = saturateInt(rewriter, loc, x, asgn, bits, dsgn);
      return adapt(rewriter, loc, s, i32, false);
    };
    Value a = part(adaptor.getA()), b = part(adaptor.getB());
    Value r = arith::OrIOp::create(
        rewriter, loc,
        arith::ShLIOp::create(rewriter, loc, a,
                              intConst(rewriter, loc, i32, bits)),
        b);
    if (bits < 16) {
      if (!adaptor.getC())
        return op.emitError("cvt.pack to a narrow type needs operand c");
      Value cv = adapt(rewriter, loc, adaptor.getC(), i32);
      r = arith::OrIOp::create(
          rewriter, loc,
          arith::ShLIOp::create(rewriter, loc, cv,
                                intConst(rewriter, loc, i32, 2 * bits)),
          r);
    }
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

} // namespace

void lowering::populateConversionPatterns(SharedTypeConverter &tc,
                                          RewritePatternSet &p,
                                          LoweringState &s) {
  p.add<CvtLowering, CvtRsLowering, CvtPackLowering>(tc, p.getContext(), s);
}
