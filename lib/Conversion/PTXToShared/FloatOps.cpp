//===- FloatOps.cpp - floating point, half and bf16 arithmetic ------------===//
//
// Round-to-nearest forms map to LLVM's IEEE operations (correctly rounded
// on every back end: no fast-math flags). `.ftz` flushes f32 inputs and
// results explicitly, `.sat` clamps to [0, 1] with NaN → +0. Packed x2
// types operate on the two halves of an i32. `.approx` functions use
// LLVM's generic intrinsics, which are at least as accurate as the
// manual's bounds. Directed rounding (.rz/.rm/.rp, .f32/.f64 only) is
// exact (Rounding.cpp). Mixed precision (add/sub/fma .f32 with .f16/.bf16
// sources a, b) widens those sources to f32 exactly, then does the f32
// operation with its rounding and .sat. NaN results are NVIDIA's
// (FloatNaN.h): every result passes through nanResult.
//
//===----------------------------------------------------------------------===//

#include "FloatNaN.h"
#include "Lowering.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

using Builder = ConversionPatternRewriter;

/// The scalar float type of a (possibly packed) PTX float type.
Type scalarType(MLIRContext *ctx, PTXType t) {
  switch (t) {
  case PTXType::f16x2:
    return Float16Type::get(ctx);
  case PTXType::bf16x2:
    return BFloat16Type::get(ctx);
  default:
    return getRegisterType(ctx, t);
  }
}
bool isPacked(PTXType t) { return t == PTXType::f16x2 || t == PTXType::bf16x2; }

/// Applies `fn` to the scalar lanes of the operands: once for scalar
/// types, per half for x2 types (operands are i32 then).
Value elementwise(OpBuilder &b, Location loc, PTXType t, ValueRange ops,
                  function_ref<Value(ValueRange)> fn) {
  MLIRContext *ctx = b.getContext();
  Type st = scalarType(ctx, t);
  if (!isPacked(t)) {
    SmallVector<Value> xs;
    for (Value v : ops)
      xs.push_back(adapt(b, loc, v, st));
    return fn(xs);
  }
  auto i32 = b.getI32Type(), i16 = b.getI16Type();
  Value out = intConst(b, loc, i32, 0);
  for (unsigned half = 0; half < 2; ++half) {
    SmallVector<Value> xs;
    for (Value v : ops) {
      Value w = adapt(b, loc, v, i32);
      if (half)
        w = arith::ShRUIOp::create(b, loc, w, intConst(b, loc, i32, 16));
      xs.push_back(adapt(b, loc, arith::TruncIOp::create(b, loc, i16, w), st));
    }
    Value r = adapt(b, loc, adapt(b, loc, fn(xs), i16), i32);
    if (half)
      r = arith::ShLIOp::create(b, loc, r, intConst(b, loc, i32, 16));
    out = arith::OrIOp::create(b, loc, out, r);
  }
  return out;
}

/// Common tail: ftz on inputs was applied by the caller; apply ftz/sat/relu
/// to the result, then give a NaN result NVIDIA's bits (`order`: the
/// operands in NVIDIA's priority, for f64; empty for min/max, whose NaN is
/// NVIDIA's already; .sat has made a NaN +0). Last, so that the integer
/// select of nanResult is what a store or move sees.
Value finish(OpBuilder &b, Location loc, Value r, bool ftz, bool sat,
             ValueRange order, bool relu = false) {
  if (ftz)
    r = flushSubnormal(b, loc, r);
  if (sat)
    r = saturateUnit(b, loc, r);
  if (relu) {
    Value zero = floatConst(b, loc, r.getType(), 0.0);
    Value neg =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, r, zero);
    r = arith::SelectOp::create(b, loc, neg, zero, r);
  }
  if (!sat && !order.empty())
    r = nanResult(b, loc, r, order);
  return r;
}

Value ftzIn(OpBuilder &b, Location loc, Value v, bool ftz) {
  return ftz ? flushSubnormal(b, loc, v) : v;
}

/// `kind` on scalar operands `x` with rounding `rnd` (directed or nearest).
FailureOr<Value> roundedOp(OpBuilder &b, Location loc, DirectedKind kind,
                           ValueRange x, Rounding rnd) {
  FailureOr<std::pair<Value, Value>> nearest =
      nearestWithError(b, loc, kind, x);
  if (failed(nearest))
    return failure();
  return roundFromNearest(b, loc, nearest->first, nearest->second, rnd);
}

/// f16/bf16 arithmetic rounded once: computed in f64 with the sign of the
/// exact error, then narrowed (promoting to f32 would round twice).
Value halfExact(OpBuilder &b, Location loc, DirectedKind kind, ValueRange x) {
  Type ht = x[0].getType();
  SmallVector<Value> w;
  for (Value v : x)
    w.push_back(arith::ExtFOp::create(b, loc, b.getF64Type(), v));
  auto [q, sign] = *nearestWithError(b, loc, kind, w);
  return narrowNearest(b, loc, q, sign, ht);
}
bool isHalf(Type t) { return t.isF16() || t.isBF16(); }

/// A mixed-precision source (.f16/.bf16 register) as the f32 of the same
/// value: the conversion is exact, subnormals included.
Value widenMixedSource(OpBuilder &b, Location loc, Value v, PTXType at) {
  Value h = adapt(b, loc, v, getRegisterType(b.getContext(), at));
  return arith::ExtFOp::create(b, loc, b.getF32Type(), h);
}

/// IEEE: an exact zero sum rounded towards -inf is -0 unless both addends
/// are +0.
Value fixZeroSumSign(OpBuilder &b, Location loc, Value r, Value a, Value c) {
  Type t = r.getType();
  Type it = b.getIntegerType(t.getIntOrFloatBitWidth());
  Value zero = floatConst(b, loc, t, 0.0);
  Value isZero =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, r, zero);
  Value izero = intConst(b, loc, it, 0);
  Value bothPlus = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                            arith::BitcastOp::create(b, loc, it, a), izero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                            arith::BitcastOp::create(b, loc, it, c), izero));
  Value negZero = floatConst(b, loc, t, -0.0);
  Value z = arith::SelectOp::create(b, loc, bothPlus, zero, negZero);
  return arith::SelectOp::create(b, loc, isZero, z, r);
}

#define FLOAT_ONLY(op)                                                         \
  if (!isFloatType(op.getType()))                                              \
    return failure();                                                          \
  if (failed(checkUnguarded(rewriter, op)))                                    \
    return failure();

template <typename OpT, typename ArithOp>
struct BinaryLowering : public PTXPattern<OpT> {
  BinaryLowering(SharedTypeConverter &tc, MLIRContext *ctx, LoweringState &s)
      : PTXPattern<OpT>(tc, ctx, s, 2) {}
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    FLOAT_ONLY(op);
    Location loc = op.getLoc();
    bool ftz = op.getFtz(), sat = op.getSat();
    Rounding rnd = op.getRnd().value_or(Rounding::rn);
    // The verifier allows directed rounding on .f32/.f64 only and mixed
    // precision (a of .f16/.bf16) on add/sub only.
    Value aIn = adaptor.getA();
    if (std::optional<PTXType> at = op.getAtype())
      aIn = widenMixedSource(rewriter, loc, aIn, *at);
    bool failedRounding = false;
    Value r = elementwise(
        rewriter, loc, op.getType(), {aIn, adaptor.getB()},
        [&](ValueRange x) -> Value {
          Value a = ftzIn(rewriter, loc, x[0], ftz);
          Value b = ftzIn(rewriter, loc, x[1], ftz);
          // f64 NaN priority (H200): b's NaN, then a's.
          SmallVector<Value, 2> order = {b, a};
          bool isMul = std::is_same_v<OpT, MulOp>;
          if (rnd == Rounding::rn && isHalf(a.getType())) {
            if (std::is_same_v<OpT, SubOp>)
              b = arith::NegFOp::create(rewriter, loc, b);
            return finish(
                rewriter, loc,
                halfExact(rewriter, loc,
                          isMul ? DirectedKind::Mul : DirectedKind::Add,
                          {a, b}),
                ftz, sat, order);
          }
          if (rnd == Rounding::rn)
            return finish(rewriter, loc, ArithOp::create(rewriter, loc, a, b),
                          ftz, sat, order);
          if (std::is_same_v<OpT, SubOp>)
            b = arith::NegFOp::create(rewriter, loc, b);
          FailureOr<Value> v = roundedOp(
              rewriter, loc, isMul ? DirectedKind::Mul : DirectedKind::Add,
              {a, b}, rnd);
          if (failed(v)) {
            failedRounding = true;
            return a;
          }
          Value res = *v;
          if (!isMul && rnd == Rounding::rm)
            res = fixZeroSumSign(rewriter, loc, res, a, b);
          return finish(rewriter, loc, res, ftz, sat, order);
        });
    if (failedRounding)
      return unsupported(rewriter, op, "directed rounding on this type");
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

/// fma.oob: +0 when `a` or `b` is the OOB-NaN, whose 16 bits without the
/// sign are 0x7ff7 (measured on an H200, docs/lowering.md "fma.oob"); `c`
/// has no such role. `res` is the result of the plain fma{.relu}.
static Value zeroIfOobNan(OpBuilder &b, Location loc, Value res, Value x,
                          Value y) {
  Type i16 = b.getI16Type();
  auto isOob = [&](Value v) -> Value {
    Value bits = arith::BitcastOp::create(b, loc, i16, v);
    Value mag =
        arith::AndIOp::create(b, loc, bits, intConst(b, loc, i16, 0x7fff));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, mag,
                                 intConst(b, loc, i16, 0x7ff7));
  };
  Value oob = arith::OrIOp::create(b, loc, isOob(x), isOob(y));
  return arith::SelectOp::create(b, loc, oob,
                                 floatConst(b, loc, res.getType(), 0.0), res);
}

template <typename OpT> struct FmaLowering : public PTXPattern<OpT> {
  FmaLowering(SharedTypeConverter &tc, MLIRContext *ctx, LoweringState &s)
      : PTXPattern<OpT>(tc, ctx, s, 2) {}
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    FLOAT_ONLY(op);
    // The verifier allows directed rounding on .f32/.f64 only.
    Rounding rnd = op.getRnd().value_or(Rounding::rn);
    Location loc = op.getLoc();
    Value aIn = adaptor.getA(), bIn = adaptor.getB();
    bool relu = false, oob = false;
    if constexpr (std::is_same_v<OpT, FmaOp>) {
      relu = op.getRelu();
      // The verifier admits .oob on .rn half types without .ftz, with
      // .relu, and with .sat on .f16/.f16x2 (ptxas takes .oob.sat): the
      // OOB zero is applied after the clamp or relu.
      oob = op.getOob();
      if (std::optional<PTXType> at = op.getAtype()) {
        aIn = widenMixedSource(rewriter, loc, aIn, *at);
        bIn = widenMixedSource(rewriter, loc, bIn, *at);
      }
    }
    bool ftz = op.getFtz(), sat = op.getSat();
    Value r = elementwise(
        rewriter, loc, op.getType(), {aIn, bIn, adaptor.getC()},
        [&](ValueRange x) {
          Value a = ftzIn(rewriter, loc, x[0], ftz);
          Value b = ftzIn(rewriter, loc, x[1], ftz);
          Value c = ftzIn(rewriter, loc, x[2], ftz);
          Value v = rnd == Rounding::rn && isHalf(a.getType())
                        ? halfExact(rewriter, loc, DirectedKind::Fma, {a, b, c})
                    : rnd == Rounding::rn
                        ? (Value)LLVM::FMAOp::create(rewriter, loc, a, b, c)
                        : *roundedOp(rewriter, loc, DirectedKind::Fma,
                                     {a, b, c}, rnd);
          // An exact zero of a*b + c under .rm: -0 unless both addends are
          // +0. Only when a*b + c is exactly zero (the error sign is 0).
          if (rnd == Rounding::rm) {
            auto nearest =
                *nearestWithError(rewriter, loc, DirectedKind::Fma, {a, b, c});
            Value exact = arith::CmpIOp::create(
                rewriter, loc, arith::CmpIPredicate::eq, nearest.second,
                intConst(rewriter, loc, rewriter.getI32Type(), 0));
            Value fixed =
                fixZeroSumSign(rewriter, loc, v,
                               arith::MulFOp::create(rewriter, loc, a, b), c);
            v = arith::SelectOp::create(rewriter, loc, exact, fixed, v);
          }
          // f64 NaN priority (H200): b's NaN, then c's, then a's.
          v = finish(rewriter, loc, v, ftz, sat, {b, c, a}, relu);
          return oob ? zeroIfOobNan(rewriter, loc, v, x[0], x[1]) : v;
        });
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

struct DivLowering : public PTXPattern<DivOp> {
  DivLowering(SharedTypeConverter &tc, MLIRContext *ctx, LoweringState &s)
      : PTXPattern(tc, ctx, s, 2) {}
  LogicalResult matchAndRewrite(DivOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    FLOAT_ONLY(op);
    Location loc = op.getLoc();
    bool ftz = op.getFtz();
    Rounding rnd = op.getRnd().value_or(Rounding::rn); // .f32/.f64 only
    // .approx and .full are within their error bounds when correctly
    // rounded.
    Value r = elementwise(
        rewriter, loc, op.getType(), {adaptor.getA(), adaptor.getB()},
        [&](ValueRange x) {
          Value a = ftzIn(rewriter, loc, x[0], ftz);
          Value b = ftzIn(rewriter, loc, x[1], ftz);
          Value v =
              rnd == Rounding::rn
                  ? (Value)arith::DivFOp::create(rewriter, loc, a, b)
                  : *roundedOp(rewriter, loc, DirectedKind::Div, {a, b}, rnd);
          // f64 NaN priority (H200): a's NaN, then b's.
          return finish(rewriter, loc, v, ftz, false, {a, b});
        });
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

/// rcp sqrt rsqrt sin cos lg2 ex2 tanh.
template <typename OpT> struct UnaryFnLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    bool ftz = op.getFtz();
    Rounding rnd = op.getRnd().value_or(Rounding::rn);
    // The verifier allows a rounding modifier on rcp/sqrt .f32/.f64 only.
    Value r = elementwise(
        rewriter, loc, op.getType(), {adaptor.getA()}, [&](ValueRange x) {
          Value a = ftzIn(rewriter, loc, x[0], ftz);
          Type t = a.getType();
          // rcp/rsqrt.approx.ftz.f64 read only the upper word of a NaN
          // (the lower one as zero) and return 0x7fffffff00000000 for a
          // NaN (H200): 0x7ff0000000000001 is +inf to them.
          bool hiWord =
              op.getApprox() && ftz && t.isF64() &&
              (std::is_same_v<OpT, RcpOp> || std::is_same_v<OpT, RsqrtOp>);
          if (hiWord) {
            Type i64 = rewriter.getI64Type();
            Value bits = arith::BitcastOp::create(rewriter, loc, i64, a);
            Value hi = arith::BitcastOp::create(
                rewriter, loc, t,
                arith::AndIOp::create(
                    rewriter, loc, bits,
                    intConst(rewriter, loc, i64, int64_t(0xffffffff00000000))));
            a = selectBits(rewriter, loc, isNaN(rewriter, loc, a), hi, a);
          }
          Value v;
          if (rnd != Rounding::rn) {
            Value one = floatConst(rewriter, loc, t, 1.0);
            v = std::is_same_v<OpT, RcpOp>
                    ? *roundedOp(rewriter, loc, DirectedKind::Div, {one, a},
                                 rnd)
                    : *roundedOp(rewriter, loc, DirectedKind::Sqrt, {a}, rnd);
          } else if constexpr (std::is_same_v<OpT, RcpOp>)
            v = arith::DivFOp::create(rewriter, loc,
                                      floatConst(rewriter, loc, t, 1.0), a);
          else if constexpr (std::is_same_v<OpT, SqrtOp>)
            v = LLVM::SqrtOp::create(rewriter, loc, a);
          else if constexpr (std::is_same_v<OpT, RsqrtOp>)
            v = arith::DivFOp::create(rewriter, loc,
                                      floatConst(rewriter, loc, t, 1.0),
                                      LLVM::SqrtOp::create(rewriter, loc, a));
          else if constexpr (std::is_same_v<OpT, SinOp>)
            v = LLVM::SinOp::create(rewriter, loc, a);
          else if constexpr (std::is_same_v<OpT, CosOp>)
            v = LLVM::CosOp::create(rewriter, loc, a);
          else if constexpr (std::is_same_v<OpT, Lg2Op>)
            v = LLVM::Log2Op::create(rewriter, loc, a);
          else if constexpr (std::is_same_v<OpT, Ex2Op>)
            v = LLVM::Exp2Op::create(rewriter, loc, a);
          else
            v = approxTanh(rewriter, loc, a);
          if (hiWord)
            return selectBits(rewriter, loc, isNaN(rewriter, loc, v),
                              arith::BitcastOp::create(
                                  rewriter, loc, t,
                                  intConst(rewriter, loc, rewriter.getI64Type(),
                                           int64_t(0x7fffffff00000000))),
                              v);
          return finish(rewriter, loc, v, ftz, false, {a});
        });
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

template <typename OpT, bool isNeg>
struct FAbsNegLowering : public PTXPattern<OpT> {
  FAbsNegLowering(SharedTypeConverter &tc, MLIRContext *ctx, LoweringState &s)
      : PTXPattern<OpT>(tc, ctx, s, 2) {}
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    FLOAT_ONLY(op);
    Location loc = op.getLoc();
    bool ftz = op.getFtz();
    Value r = elementwise(
        rewriter, loc, op.getType(), {adaptor.getA()}, [&](ValueRange x) {
          Value a = ftzIn(rewriter, loc, x[0], ftz);
          Value v = isNeg ? (Value)arith::NegFOp::create(rewriter, loc, a)
                          : (Value)LLVM::FAbsOp::create(rewriter, loc, a);
          // A NaN is not a sign flip here (H200): f32/f16/bf16 give the
          // canonical NaN, f64 the NaN quieted with its sign.
          return finish(rewriter, loc, v, ftz, false, {a});
        });
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

template <typename OpT, bool isMax>
struct FMinMaxLowering : public PTXPattern<OpT> {
  FMinMaxLowering(SharedTypeConverter &tc, MLIRContext *ctx, LoweringState &s)
      : PTXPattern<OpT>(tc, ctx, s, 2) {}
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    FLOAT_ONLY(op);
    Location loc = op.getLoc();
    bool ftz = op.getFtz();
    bool xorsign = op.getXorsign() && op.getAbs();
    Value r = elementwise(
        rewriter, loc, op.getType(), {adaptor.getA(), adaptor.getB()},
        [&](ValueRange x) {
          Value a = ftzIn(rewriter, loc, x[0], ftz);
          Value c = ftzIn(rewriter, loc, x[1], ftz);
          Value sa = a, sc = c;
          if (xorsign) {
            a = LLVM::FAbsOp::create(rewriter, loc, a);
            c = LLVM::FAbsOp::create(rewriter, loc, c);
          }
          Value v = floatMinMax(rewriter, loc, a, c, isMax, op.getNaN());
          if (xorsign) {
            Type it =
                rewriter.getIntegerType(a.getType().getIntOrFloatBitWidth());
            Value sign = arith::XOrIOp::create(
                rewriter, loc, arith::BitcastOp::create(rewriter, loc, it, sa),
                arith::BitcastOp::create(rewriter, loc, it, sc));
            // The manual: a NaN result keeps its sign (.xorsign and .abs
            // are ignored for it).
            Value signed_ = LLVM::CopySignOp::create(
                rewriter, loc, v,
                arith::BitcastOp::create(rewriter, loc, a.getType(), sign));
            Value isNaN = arith::CmpFOp::create(
                rewriter, loc, arith::CmpFPredicate::UNO, v, v);
            v = arith::SelectOp::create(rewriter, loc, isNaN, v, signed_);
          }
          return finish(rewriter, loc, v, ftz, false, {}, op.getRelu());
        });
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

struct CopysignLowering : public PTXPattern<CopysignOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(CopysignOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    // copysign d, a, b: b's magnitude with a's sign.
    Value r = elementwise(rewriter, loc, op.getType(),
                          {adaptor.getA(), adaptor.getB()}, [&](ValueRange x) {
                            return LLVM::CopySignOp::create(rewriter, loc, x[1],
                                                            x[0]);
                          });
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

struct TestpLowering : public PTXPattern<TestpOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(TestpOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Type t = getRegisterType(getContext(), op.getType());
    Value a = adapt(rewriter, loc, adaptor.getA(), t);
    unsigned w = t.getIntOrFloatBitWidth();
    unsigned mant = w == 64 ? 52 : w == 32 ? 23 : t.isBF16() ? 7 : 10;
    Type it = rewriter.getIntegerType(w);
    Value bits = arith::BitcastOp::create(rewriter, loc, it, a);
    Value expMask = intConst(rewriter, loc, it,
                             ((int64_t(1) << (w - 1 - mant)) - 1) << mant);
    Value manMask = intConst(rewriter, loc, it, (int64_t(1) << mant) - 1);
    Value e = arith::AndIOp::create(rewriter, loc, bits, expMask);
    Value m = arith::AndIOp::create(rewriter, loc, bits, manMask);
    auto eqc = [&](Value x, Value y) {
      return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, x,
                                   y);
    };
    auto nec = [&](Value x, Value y) {
      return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, x,
                                   y);
    };
    Value zero = intConst(rewriter, loc, it, 0);
    Value expMax = eqc(e, expMask), expZero = eqc(e, zero);
    Value manZero = eqc(m, zero);
    Value r;
    switch (op.getOp()) {
    case TestpProperty::finite:
      r = nec(e, expMask);
      break;
    case TestpProperty::infinite:
      r = arith::AndIOp::create(rewriter, loc, expMax, manZero);
      break;
    case TestpProperty::number:
      r = arith::OrIOp::create(rewriter, loc, nec(e, expMask), manZero);
      break;
    case TestpProperty::notanumber:
      r = arith::AndIOp::create(rewriter, loc, expMax, nec(m, zero));
      break;
    case TestpProperty::normal:
      // NVIDIA hardware calls ±0 normal (test/e2e/float_minmax_class).
      r = arith::OrIOp::create(
          rewriter, loc,
          arith::AndIOp::create(rewriter, loc, nec(e, zero), nec(e, expMask)),
          arith::AndIOp::create(rewriter, loc, expZero, manZero));
      break;
    case TestpProperty::subnormal:
      r = arith::AndIOp::create(rewriter, loc, expZero, nec(m, zero));
      break;
    }
    rewriter.replaceOp(op, r);
    return success();
  }
};

} // namespace

Value lowering::selectBits(OpBuilder &b, Location loc, Value cond, Value t,
                           Value f) {
  Type ft = f.getType();
  Type it = b.getIntegerType(ft.getIntOrFloatBitWidth());
  Value r = arith::SelectOp::create(b, loc, cond,
                                    arith::BitcastOp::create(b, loc, it, t),
                                    arith::BitcastOp::create(b, loc, it, f));
  return arith::BitcastOp::create(b, loc, ft, r);
}

Value lowering::isNaN(OpBuilder &b, Location loc, Value v) {
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, v, v);
}

Value lowering::canonicalNaN(OpBuilder &b, Location loc, Type t) {
  unsigned w = t.getIntOrFloatBitWidth();
  APFloat qnan(cast<FloatType>(t).getFloatSemantics(),
               APInt::getSignedMaxValue(w));
  return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, qnan));
}

Value lowering::canonicalizeNaN(OpBuilder &b, Location loc, Value v) {
  return selectBits(b, loc, isNaN(b, loc, v), canonicalNaN(b, loc, v.getType()),
                    v);
}

Value lowering::quietNaN(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  unsigned w = t.getIntOrFloatBitWidth();
  unsigned mant = cast<FloatType>(t).getFPMantissaWidth() - 1;
  Type it = b.getIntegerType(w);
  Value bits = arith::BitcastOp::create(b, loc, it, v);
  Value q = arith::OrIOp::create(
      b, loc, bits,
      arith::ConstantOp::create(
          b, loc, it, b.getIntegerAttr(it, APInt::getOneBitSet(w, mant - 1))));
  return selectBits(b, loc, isNaN(b, loc, v),
                    arith::BitcastOp::create(b, loc, t, q), v);
}

Value lowering::nanResult(OpBuilder &b, Location loc, Value r,
                          ValueRange order) {
  Type t = r.getType();
  if (!t.isF64())
    return canonicalizeNaN(b, loc, r);
  // A NaN made from non-NaN operands (inf - inf, 0 * inf, sqrt(-1)).
  Value dflt = arith::BitcastOp::create(
      b, loc, t,
      intConst(b, loc, b.getI64Type(), int64_t(0xfff8000000000000ull)));
  Value res = selectBits(b, loc, isNaN(b, loc, r), dflt, r);
  // Else the first NaN operand, quieted.
  for (Value x : llvm::reverse(order)) {
    Value q = quietNaN(b, loc, x);
    res = selectBits(b, loc, isNaN(b, loc, x), q, res);
  }
  return res;
}

/// PTX min/max: a NaN operand yields the other one (both NaN: canonical
/// NaN; f64: `c` quieted, as an H200 gives), -0 < +0. With .NaN any NaN
/// operand yields canonical NaN.
Value lowering::floatMinMax(OpBuilder &b, Location loc, Value a, Value c,
                            bool isMax, bool nan) {
  Type t = a.getType();
  unsigned w = t.getIntOrFloatBitWidth();
  Type it = b.getIntegerType(w);
  auto cmpf = [&](arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  };
  Value pick =
      cmpf(isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT, a, c);
  Value r = arith::SelectOp::create(b, loc, pick, a, c);
  // Equal values: ±0 decided by the sign bits.
  Value eq = cmpf(arith::CmpFPredicate::OEQ, a, c);
  Value ai = arith::BitcastOp::create(b, loc, it, a);
  Value ci = arith::BitcastOp::create(b, loc, it, c);
  Value bits = isMax ? (Value)arith::AndIOp::create(b, loc, ai, ci)
                     : (Value)arith::OrIOp::create(b, loc, ai, ci);
  r = arith::SelectOp::create(b, loc, eq,
                              arith::BitcastOp::create(b, loc, t, bits), r);
  Value aNaN = cmpf(arith::CmpFPredicate::UNO, a, a);
  Value cNaN = cmpf(arith::CmpFPredicate::UNO, c, c);
  // NVIDIA's canonical NaN has every payload bit set (0x7fffffff for f32;
  // an H200 returns it from min/max of NaNs); f64 (no .NaN form) returns
  // the second NaN quieted.
  Value canon = t.isF64() ? quietNaN(b, loc, c) : canonicalNaN(b, loc, t);
  if (nan) {
    Value any = arith::OrIOp::create(b, loc, aNaN, cNaN);
    return arith::SelectOp::create(b, loc, any, canon, r);
  }
  r = arith::SelectOp::create(b, loc, aNaN, c, r);
  r = arith::SelectOp::create(b, loc, cNaN, a, r);
  Value both = arith::AndIOp::create(b, loc, aNaN, cNaN);
  return arith::SelectOp::create(b, loc, both, canon, r);
}

void lowering::populateFloatPatterns(SharedTypeConverter &tc,
                                     RewritePatternSet &p, LoweringState &s) {
  p.add<BinaryLowering<AddOp, arith::AddFOp>,
        BinaryLowering<SubOp, arith::SubFOp>,
        BinaryLowering<MulOp, arith::MulFOp>, FmaLowering<FmaOp>,
        FmaLowering<MadOp>, DivLowering, UnaryFnLowering<RcpOp>,
        UnaryFnLowering<SqrtOp>, UnaryFnLowering<RsqrtOp>,
        UnaryFnLowering<SinOp>, UnaryFnLowering<CosOp>, UnaryFnLowering<Lg2Op>,
        UnaryFnLowering<Ex2Op>, UnaryFnLowering<TanhOp>,
        FAbsNegLowering<AbsOp, false>, FAbsNegLowering<NegOp, true>,
        FMinMaxLowering<MinOp, false>, FMinMaxLowering<MaxOp, true>,
        CopysignLowering, TestpLowering>(tc, p.getContext(), s);
}
