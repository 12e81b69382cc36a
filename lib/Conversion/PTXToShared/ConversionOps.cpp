//===- ConversionOps.cpp - cvt and cvt.pack -------------------------------===//
//
// Float → integer conversions saturate (PTX) without LLVM poison: the value
// is rounded in the float type, compared against the exact bounds and only
// then converted. NaN gives what NVIDIA hardware gives (test/e2e/
// cvt_float_int): 0 from f32/f16/bf16 to destinations of at most 32 bits,
// otherwise the pattern 1 << (bits - 1).
//
//===----------------------------------------------------------------------===//

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

struct CvtLowering : public PTXPattern<CvtOp> {
  using PTXPattern::PTXPattern;

  FailureOr<Value> convertOne(Builder &b, CvtOp op, Value a, PTXType atype,
                              PTXType dtype) const {
    Location loc = op.getLoc();
    MLIRContext *ctx = b.getContext();
    std::optional<Rounding> rnd = op.getRnd();
    bool ftz = op.getFtz(), sat = op.getSat();
    if (op.getSatfinite() || op.getRelu())
      return unsupported(b, op, "cvt with .satfinite or .relu");
    Type at = computeType(ctx, atype), dt = computeType(ctx, dtype);
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
      else if (rnd && *rnd != Rounding::rn)
        return unsupported(
            b, op, "integer to float cvt with ." + stringifyRounding(*rnd));
      else
        r = isSignedIntType(atype)
                ? (Value)arith::SIToFPOp::create(b, loc, dt, x)
                : (Value)arith::UIToFPOp::create(b, loc, dt, x);
      if (ftz)
        r = flushSubnormal(b, loc, r);
      return sat ? saturateUnit(b, loc, r) : r;
    }
    if (isScalarFloat(atype) && isScalarFloat(dtype)) {
      Value x = adapt(b, loc, a, at);
      if (ftz)
        x = flushSubnormal(b, loc, x);
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
        } else if (rnd && *rnd != Rounding::rn) {
          return unsupported(
              b, op, "narrowing float cvt with ." + stringifyRounding(*rnd));
        }
        if (!r)
          r = LLVM::FPTruncOp::create(b, loc, dt, x);
      }
      if (ftz)
        r = flushSubnormal(b, loc, r);
      return sat ? saturateUnit(b, loc, r) : r;
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
    if (dtype == PTXType::f16x2 || dtype == PTXType::bf16x2) {
      if (!adaptor.getB())
        return unsupported(rewriter, op, "this packed cvt");
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
    if (adaptor.getB())
      return unsupported(rewriter, op, "this two-operand cvt");
    FailureOr<Value> r = convertOne(rewriter, op, adaptor.getA(), atype, dtype);
    if (failed(r))
      return failure();
    replaceWithAdapted(rewriter, op, *r, isSignedIntType(dtype));
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
  p.add<CvtLowering, CvtPackLowering>(tc, p.getContext(), s);
}
