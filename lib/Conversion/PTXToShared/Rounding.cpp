//===- Rounding.cpp - exact directed rounding (.rz/.rm/.rp) ---------------===//
//
// Directed rounding is computed with round-to-nearest operations plus the
// sign of the exact error (DESIGN.md "Semantics rules"): the nearest result
// r and sign(exact - r) decide whether the directed result is r or the
// float next to it. The error comes from TwoSum for additions, the FMA
// residual for products, quotients and roots, and for f32 from doing the
// operation in f64 (exact for products) before rounding by comparison.
// LLVM's constrained intrinsics are not used: they round to nearest on
// AMDGPU.
//
// f64 results in or near the subnormal range: the residual of a product,
// fma, quotient or root could itself underflow, so the operands are scaled
// by a power of two first (exact) when the result is tiny; a product that
// rounded to zero counts with the sign of its factors. Sums need nothing
// (TwoSum is exact there). test/e2e/f64_rounding draws operands whose
// results are subnormal and compares against the host's exact rounding.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

Value cmpf(OpBuilder &b, Location loc, arith::CmpFPredicate p, Value x,
           Value y) {
  return arith::CmpFOp::create(b, loc, p, x, y);
}
Value sel(OpBuilder &b, Location loc, Value c, Value x, Value y) {
  return arith::SelectOp::create(b, loc, c, x, y);
}

/// -1, 0 or 1 as i32 for x < y, x == y (or unordered), x > y.
Value compareSign(OpBuilder &b, Location loc, Value x, Value y) {
  auto i32 = b.getI32Type();
  Value gt = cmpf(b, loc, arith::CmpFPredicate::OGT, x, y);
  Value lt = cmpf(b, loc, arith::CmpFPredicate::OLT, x, y);
  return sel(
      b, loc, gt, intConst(b, loc, i32, 1),
      sel(b, loc, lt, intConst(b, loc, i32, -1), intConst(b, loc, i32, 0)));
}
Value signOf(OpBuilder &b, Location loc, Value x) {
  return compareSign(b, loc, x, floatConst(b, loc, x.getType(), 0.0));
}

/// TwoSum: s = fl(a + c) and the exact error e with a + c = s + e.
std::pair<Value, Value> twoSum(OpBuilder &b, Location loc, Value a, Value c) {
  Value s = arith::AddFOp::create(b, loc, a, c);
  Value bb = arith::SubFOp::create(b, loc, s, a);
  Value ab = arith::SubFOp::create(b, loc, s, bb);
  Value da = arith::SubFOp::create(b, loc, a, ab);
  Value db = arith::SubFOp::create(b, loc, c, bb);
  return {s, arith::AddFOp::create(b, loc, da, db)};
}

/// The float next to x towards +inf (`up`) or -inf.
Value nextFloat(OpBuilder &b, Location loc, Value x, bool up) {
  Type ft = x.getType();
  unsigned w = ft.getIntOrFloatBitWidth();
  Type it = b.getIntegerType(w);
  Value bits = arith::BitcastOp::create(b, loc, it, x);
  Value one = intConst(b, loc, it, 1);
  Value inc = arith::AddIOp::create(b, loc, bits, one);
  Value dec = arith::SubIOp::create(b, loc, bits, one);
  Value pos =
      cmpf(b, loc, arith::CmpFPredicate::OGT, x, floatConst(b, loc, ft, 0.0));
  // Away from zero when moving in the direction of x's sign.
  Value away = up ? pos
                  : arith::XOrIOp::create(b, loc, pos,
                                          intConst(b, loc, b.getI1Type(), 1));
  Value moved = sel(b, loc, away, inc, dec);
  Value isZero =
      cmpf(b, loc, arith::CmpFPredicate::OEQ, x, floatConst(b, loc, ft, 0.0));
  APInt signBit = APInt::getSignMask(w);
  Value tiny = up ? one
                  : (Value)arith::ConstantOp::create(
                        b, loc, it, b.getIntegerAttr(it, signBit | 1));
  moved = sel(b, loc, isZero, tiny, moved);
  Value r = arith::BitcastOp::create(b, loc, ft, moved);
  Value nan = cmpf(b, loc, arith::CmpFPredicate::UNO, x, x);
  return sel(b, loc, nan, x, r);
}

} // namespace

Value lowering::roundFromNearest(OpBuilder &b, Location loc, Value r,
                                 Value sign, Rounding mode) {
  auto i32 = b.getI32Type();
  Value zero = intConst(b, loc, i32, 0);
  Value below = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, sign,
                                      zero); // exact < r
  Value above = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, sign,
                                      zero); // exact > r
  switch (mode) {
  case Rounding::rm:
    return sel(b, loc, below, nextFloat(b, loc, r, false), r);
  case Rounding::rp:
    return sel(b, loc, above, nextFloat(b, loc, r, true), r);
  case Rounding::rz: {
    Value fz = floatConst(b, loc, r.getType(), 0.0);
    Value pos = cmpf(b, loc, arith::CmpFPredicate::OGT, r, fz);
    Value neg = cmpf(b, loc, arith::CmpFPredicate::OLT, r, fz);
    Value down = arith::AndIOp::create(b, loc, pos, below);
    Value upw = arith::AndIOp::create(b, loc, neg, above);
    return sel(b, loc, down, nextFloat(b, loc, r, false),
               sel(b, loc, upw, nextFloat(b, loc, r, true), r));
  }
  default:
    return r;
  }
}

/// The nearest result of `kind` on f32 or f64 operands and the sign of the
/// exact result minus it.
FailureOr<std::pair<Value, Value>> lowering::nearestWithError(OpBuilder &b,
                                                              Location loc,
                                                              DirectedKind kind,
                                                              ValueRange x) {
  Type ft = x[0].getType();
  auto f64 = b.getF64Type();
  bool narrow = ft.isF32();
  if (!narrow && !ft.isF64())
    return failure();
  // Work in f64: f32 operands widen exactly.
  SmallVector<Value> w;
  for (Value v : x)
    w.push_back(narrow ? (Value)arith::ExtFOp::create(b, loc, f64, v) : v);
  Value q, errSign;
  switch (kind) {
  case DirectedKind::Add: {
    auto [s, e] = twoSum(b, loc, w[0], w[1]);
    q = s;
    errSign = signOf(b, loc, e);
    break;
  }
  case DirectedKind::Mul: {
    q = arith::MulFOp::create(b, loc, w[0], w[1]);
    if (narrow) {
      errSign = intConst(b, loc, b.getI32Type(), 0); // exact in f64
    } else {
      Value nq = arith::NegFOp::create(b, loc, q);
      errSign = signOf(b, loc, LLVM::FMAOp::create(b, loc, w[0], w[1], nq));
      // Near underflow the residual underflows too: scale by 2^110 (exact
      // for a normal or subnormal q), and a product that rounded to zero
      // has the sign of its factors.
      Value scale = floatConst(b, loc, f64, 0x1p110);
      Value as = arith::MulFOp::create(b, loc, w[0], scale);
      Value qs = arith::MulFOp::create(b, loc, q, scale);
      Value scaled =
          signOf(b, loc,
                 LLVM::FMAOp::create(b, loc, as, w[1],
                                     arith::NegFOp::create(b, loc, qs)));
      Value tinyQ = cmpf(b, loc, arith::CmpFPredicate::OLT,
                         LLVM::FAbsOp::create(b, loc, q),
                         floatConst(b, loc, f64, 0x1p-900));
      Value zeroQ = cmpf(b, loc, arith::CmpFPredicate::OEQ, q,
                         floatConst(b, loc, f64, 0.0));
      Value factors = arith::MulIOp::create(b, loc, signOf(b, loc, w[0]),
                                            signOf(b, loc, w[1]));
      errSign =
          sel(b, loc, tinyQ, sel(b, loc, zeroQ, factors, scaled), errSign);
    }
    break;
  }
  case DirectedKind::Fma: {
    if (narrow) {
      Value p = arith::MulFOp::create(b, loc, w[0], w[1]); // exact
      auto [s, e] = twoSum(b, loc, p, w[2]);
      q = s;
      errSign = signOf(b, loc, e);
    } else {
      q = LLVM::FMAOp::create(b, loc, w[0], w[1], w[2]);
      Value p = arith::MulFOp::create(b, loc, w[0], w[1]);
      // exact - q = (p - q + c) + (a*b - p): TwoSum and the product
      // residual. Near underflow everything is scaled by 2^256 (exact for
      // a, c and q) so that the residuals do not underflow.
      auto lt = [&](Value v, double bound) {
        return cmpf(b, loc, arith::CmpFPredicate::OLT,
                    LLVM::FAbsOp::create(b, loc, v),
                    floatConst(b, loc, f64, bound));
      };
      Value scale = arith::AndIOp::create(
          b, loc, lt(p, 0x1p-900),
          arith::AndIOp::create(b, loc, lt(w[0], 0x1p700), lt(w[2], 0x1p700)));
      Value k = sel(b, loc, scale, floatConst(b, loc, f64, 0x1p256),
                    floatConst(b, loc, f64, 1.0));
      Value as = arith::MulFOp::create(b, loc, w[0], k);
      Value cs = arith::MulFOp::create(b, loc, w[2], k);
      Value qs = arith::MulFOp::create(b, loc, q, k);
      Value ps = arith::MulFOp::create(b, loc, as, w[1]);
      Value pe = LLVM::FMAOp::create(b, loc, as, w[1],
                                     arith::NegFOp::create(b, loc, ps));
      auto [ss, se] = twoSum(b, loc, ps, cs);
      Value d = arith::SubFOp::create(b, loc, ss, qs);
      Value rest = arith::AddFOp::create(b, loc, se, pe);
      errSign = signOf(b, loc, arith::AddFOp::create(b, loc, d, rest));
      // A product that underflowed to zero still counts with its sign.
      Value zero = floatConst(b, loc, f64, 0.0);
      Value lost = arith::AndIOp::create(
          b, loc, cmpf(b, loc, arith::CmpFPredicate::OEQ, p, zero),
          arith::AndIOp::create(
              b, loc, cmpf(b, loc, arith::CmpFPredicate::ONE, w[0], zero),
              cmpf(b, loc, arith::CmpFPredicate::ONE, w[1], zero)));
      Value none =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, errSign,
                                intConst(b, loc, b.getI32Type(), 0));
      Value factors = arith::MulIOp::create(b, loc, signOf(b, loc, w[0]),
                                            signOf(b, loc, w[1]));
      errSign = sel(b, loc, arith::AndIOp::create(b, loc, lost, none), factors,
                    errSign);
    }
    break;
  }
  case DirectedKind::Div: {
    q = arith::DivFOp::create(b, loc, w[0], w[1]);
    // The residual a - q*b underflows for tiny operands: scale both by
    // 2^256 (the quotient does not change) when neither is large.
    Value aa = LLVM::FAbsOp::create(b, loc, w[0]);
    Value ab = LLVM::FAbsOp::create(b, loc, w[1]);
    Value small = arith::AndIOp::create(
        b, loc,
        arith::OrIOp::create(b, loc,
                             cmpf(b, loc, arith::CmpFPredicate::OLT, aa,
                                  floatConst(b, loc, f64, 0x1p-900)),
                             cmpf(b, loc, arith::CmpFPredicate::OLT, ab,
                                  floatConst(b, loc, f64, 0x1p-900))),
        arith::AndIOp::create(b, loc,
                              cmpf(b, loc, arith::CmpFPredicate::OLT, aa,
                                   floatConst(b, loc, f64, 0x1p700)),
                              cmpf(b, loc, arith::CmpFPredicate::OLT, ab,
                                   floatConst(b, loc, f64, 0x1p700))));
    Value k = sel(b, loc, small, floatConst(b, loc, f64, 0x1p256),
                  floatConst(b, loc, f64, 1.0));
    Value e = LLVM::FMAOp::create(b, loc, arith::NegFOp::create(b, loc, q),
                                  arith::MulFOp::create(b, loc, w[1], k),
                                  arith::MulFOp::create(b, loc, w[0], k));
    errSign =
        arith::MulIOp::create(b, loc, signOf(b, loc, e), signOf(b, loc, w[1]));
    break;
  }
  case DirectedKind::Sqrt: {
    q = LLVM::SqrtOp::create(b, loc, w[0]);
    // Scale a tiny radicand by 2^256 (the root by 2^128) so that the
    // residual a - q*q does not underflow.
    Value tiny = cmpf(b, loc, arith::CmpFPredicate::OLT, w[0],
                      floatConst(b, loc, f64, 0x1p-900));
    Value ka = sel(b, loc, tiny, floatConst(b, loc, f64, 0x1p256),
                   floatConst(b, loc, f64, 1.0));
    Value kq = sel(b, loc, tiny, floatConst(b, loc, f64, 0x1p128),
                   floatConst(b, loc, f64, 1.0));
    Value qs = arith::MulFOp::create(b, loc, q, kq);
    Value e = LLVM::FMAOp::create(b, loc, arith::NegFOp::create(b, loc, qs), qs,
                                  arith::MulFOp::create(b, loc, w[0], ka));
    errSign = signOf(b, loc, e);
    break;
  }
  }
  // An overflow to infinity from finite operands: the exact value is
  // finite, nearer to zero.
  Value isInf =
      cmpf(b, loc, arith::CmpFPredicate::OEQ, LLVM::FAbsOp::create(b, loc, q),
           floatConst(b, loc, q.getType(), INFINITY));
  Value finite = intConst(b, loc, b.getI1Type(), 1);
  for (Value v : w)
    finite = arith::AndIOp::create(
        b, loc, finite,
        cmpf(b, loc, arith::CmpFPredicate::ONE, LLVM::FAbsOp::create(b, loc, v),
             floatConst(b, loc, v.getType(), INFINITY)));
  if (kind == DirectedKind::Div)
    finite = arith::AndIOp::create(b, loc, finite,
                                   cmpf(b, loc, arith::CmpFPredicate::ONE, w[1],
                                        floatConst(b, loc, f64, 0.0)));
  Value ovf = arith::AndIOp::create(b, loc, isInf, finite);
  Value ovfSign = arith::SubIOp::create(
      b, loc, intConst(b, loc, b.getI32Type(), 0), signOf(b, loc, q));
  // An infinite result from infinite operands is exact.
  errSign = sel(b, loc, isInf,
                sel(b, loc, ovf, ovfSign, intConst(b, loc, b.getI32Type(), 0)),
                errSign);
  if (!narrow)
    return std::make_pair(q, errSign);
  // Round the f64 value to f32 and combine the two errors.
  Value r = arith::TruncFOp::create(b, loc, ft, q);
  Value back = arith::ExtFOp::create(b, loc, f64, r);
  Value s1 = compareSign(b, loc, q, back);
  Value same = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, s1,
                                     intConst(b, loc, b.getI32Type(), 0));
  return std::make_pair(r, sel(b, loc, same, errSign, s1));
}

Value lowering::narrowDirected(OpBuilder &b, Location loc, Value x, Type to,
                               Rounding mode) {
  Value r = arith::TruncFOp::create(b, loc, to, x);
  Value back = arith::ExtFOp::create(b, loc, x.getType(), r);
  return roundFromNearest(b, loc, r, compareSign(b, loc, x, back), mode);
}

Value lowering::intToFloatDirected(OpBuilder &b, Location loc, Value x,
                                   bool isSigned, Type to, Rounding mode) {
  auto i64 = b.getI64Type();
  Value r = isSigned ? (Value)arith::SIToFPOp::create(b, loc, to, x)
                     : (Value)arith::UIToFPOp::create(b, loc, to, x);
  Value x64 = adapt(b, loc, x, i64, isSigned);
  // r is an integer; beyond the i64/u64 range (or infinite) it is above x.
  Type ft = to.isF64() ? to : b.getF32Type();
  Value rw =
      r.getType() == ft ? r : (Value)arith::ExtFOp::create(b, loc, ft, r);
  // -2^63 itself is an i64; 2^63 (2^64 unsigned) and beyond are not.
  double limit = isSigned ? 0x1p63 : 0x1p64;
  Value big = arith::OrIOp::create(
      b, loc,
      cmpf(b, loc, arith::CmpFPredicate::OGE, rw,
           floatConst(b, loc, ft, limit)),
      cmpf(b, loc, arith::CmpFPredicate::OLT, rw,
           floatConst(b, loc, ft, isSigned ? -0x1p63 : 0.0)));
  Value safe = sel(b, loc, big, floatConst(b, loc, ft, 0.0), rw);
  Value y = isSigned ? (Value)arith::FPToSIOp::create(b, loc, i64, safe)
                     : (Value)arith::FPToUIOp::create(b, loc, i64, safe);
  auto i32 = b.getI32Type();
  auto lt = isSigned ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
  auto gt = isSigned ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
  Value sign = sel(b, loc, arith::CmpIOp::create(b, loc, gt, x64, y),
                   intConst(b, loc, i32, 1),
                   sel(b, loc, arith::CmpIOp::create(b, loc, lt, x64, y),
                       intConst(b, loc, i32, -1), intConst(b, loc, i32, 0)));
  Value bigSign = sel(
      b, loc,
      cmpf(b, loc, arith::CmpFPredicate::OGT, rw, floatConst(b, loc, ft, 0.0)),
      intConst(b, loc, i32, -1), intConst(b, loc, i32, 1));
  sign = sel(b, loc, big, bigSign, sign);
  return roundFromNearest(b, loc, r, sign, mode);
}

Value lowering::narrowNearest(OpBuilder &b, Location loc, Value q,
                              Value errSign, Type to) {
  // Round to nearest even; a tie in q is no tie for the exact value
  // q + err: the error's sign picks the neighbour.
  Type ft = q.getType();
  Value r = arith::TruncFOp::create(b, loc, to, q);
  Value back = arith::ExtFOp::create(b, loc, ft, r);
  Value above = cmpf(b, loc, arith::CmpFPredicate::OGT, q, back);
  Value up = nextFloat(b, loc, r, true), down = nextFloat(b, loc, r, false);
  Value other = sel(b, loc, above, up, down);
  Value otherBack = arith::ExtFOp::create(b, loc, ft, other);
  Value mid = arith::MulFOp::create(
      b, loc, arith::AddFOp::create(b, loc, back, otherBack),
      floatConst(b, loc, ft, 0.5));
  Value tie = cmpf(b, loc, arith::CmpFPredicate::OEQ, q, mid);
  auto i32 = b.getI32Type();
  // The exact value lies beyond the midpoint on the side of `other` when
  // the error points away from r.
  Value errUp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                      errSign, intConst(b, loc, i32, 0));
  Value errDown = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                        errSign, intConst(b, loc, i32, 0));
  Value towardOther = sel(b, loc, above, errUp, errDown);
  Value awayOther = sel(b, loc, above, errDown, errUp);
  Value pickOther = arith::AndIOp::create(b, loc, tie, towardOther);
  Value keep = arith::AndIOp::create(b, loc, tie, awayOther);
  // On a tie r was chosen by "even"; the error overrides it.
  Value rr = sel(b, loc, pickOther, other, r);
  Value otherSide = sel(b, loc, above, down, up);
  (void)otherSide;
  (void)keep;
  return rr;
}
