//===- CompareOps.cpp - setp, set, selp, slct -----------------------------===//

#include "Lowering.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

using Builder = ConversionPatternRewriter;

/// a <cmp> b for the PTX type `t` (ftz flushes f32 operands).
FailureOr<Value> compare(Builder &b, Location loc, Operation *op, PTXType t,
                         CmpOperator cmp, Value x, Value y, bool ftz) {
  Type ct = getRegisterType(b.getContext(), t);
  assert(t != PTXType::f16x2 && t != PTXType::bf16x2 &&
         "packed comparisons go through comparePacked");
  if (isFloatType(t)) {
    x = adapt(b, loc, x, ct);
    y = adapt(b, loc, y, ct);
    if (ftz) {
      x = flushSubnormal(b, loc, x);
      y = flushSubnormal(b, loc, y);
    }
    arith::CmpFPredicate p;
    switch (cmp) {
    case CmpOperator::eq:
      p = arith::CmpFPredicate::OEQ;
      break;
    case CmpOperator::ne:
      p = arith::CmpFPredicate::ONE;
      break;
    case CmpOperator::lt:
      p = arith::CmpFPredicate::OLT;
      break;
    case CmpOperator::le:
      p = arith::CmpFPredicate::OLE;
      break;
    case CmpOperator::gt:
      p = arith::CmpFPredicate::OGT;
      break;
    case CmpOperator::ge:
      p = arith::CmpFPredicate::OGE;
      break;
    case CmpOperator::equ:
      p = arith::CmpFPredicate::UEQ;
      break;
    case CmpOperator::neu:
      p = arith::CmpFPredicate::UNE;
      break;
    case CmpOperator::ltu:
      p = arith::CmpFPredicate::ULT;
      break;
    case CmpOperator::leu:
      p = arith::CmpFPredicate::ULE;
      break;
    case CmpOperator::gtu:
      p = arith::CmpFPredicate::UGT;
      break;
    case CmpOperator::geu:
      p = arith::CmpFPredicate::UGE;
      break;
    case CmpOperator::num:
      p = arith::CmpFPredicate::ORD;
      break;
    case CmpOperator::nan:
      p = arith::CmpFPredicate::UNO;
      break;
    default:
      return op->emitError() << "comparison ." << stringifyCmpOperator(cmp)
                             << " on a float type";
    }
    return (Value)arith::CmpFOp::create(b, loc, p, x, y);
  }
  bool sgn = isSignedIntType(t);
  x = adapt(b, loc, x, ct, sgn);
  y = adapt(b, loc, y, ct, sgn);
  arith::CmpIPredicate p;
  switch (cmp) {
  case CmpOperator::eq:
    p = arith::CmpIPredicate::eq;
    break;
  case CmpOperator::ne:
    p = arith::CmpIPredicate::ne;
    break;
  case CmpOperator::lt:
    p = sgn ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
    break;
  case CmpOperator::le:
    p = sgn ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
    break;
  case CmpOperator::gt:
    p = sgn ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
    break;
  case CmpOperator::ge:
    p = sgn ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
    break;
  case CmpOperator::lo:
    p = arith::CmpIPredicate::ult;
    break;
  case CmpOperator::ls:
    p = arith::CmpIPredicate::ule;
    break;
  case CmpOperator::hi:
    p = arith::CmpIPredicate::ugt;
    break;
  case CmpOperator::hs:
    p = arith::CmpIPredicate::uge;
    break;
  default:
    return op->emitError() << "comparison ." << stringifyCmpOperator(cmp)
                           << " on an integer type";
  }
  return (Value)arith::CmpIOp::create(b, loc, p, x, y);
}

bool isPacked(PTXType t) { return t == PTXType::f16x2 || t == PTXType::bf16x2; }

/// The lower (0) or upper (1) half of a packed f16x2/bf16x2 register.
Value half(Builder &b, Location loc, Value v, PTXType packed, int which) {
  Value bits = adapt(b, loc, v, b.getI32Type());
  if (which)
    bits = arith::ShRUIOp::create(b, loc, bits,
                                  intConst(b, loc, b.getI32Type(), 16));
  bits = arith::TruncIOp::create(b, loc, b.getI16Type(), bits);
  Type ft =
      packed == PTXType::f16x2 ? (Type)b.getF16Type() : (Type)b.getBF16Type();
  return arith::BitcastOp::create(b, loc, ft, bits);
}

/// The two halves of a packed comparison, lower half first.
FailureOr<std::pair<Value, Value>> comparePacked(Builder &b, Location loc,
                                                 Operation *op, PTXType t,
                                                 CmpOperator cmp, Value x,
                                                 Value y, bool ftz) {
  PTXType scalar = t == PTXType::f16x2 ? PTXType::f16 : PTXType::bf16;
  FailureOr<Value> lo = compare(b, loc, op, scalar, cmp, half(b, loc, x, t, 0),
                                half(b, loc, y, t, 0), ftz);
  FailureOr<Value> hi = compare(b, loc, op, scalar, cmp, half(b, loc, x, t, 1),
                                half(b, loc, y, t, 1), ftz);
  if (failed(lo) || failed(hi))
    return failure();
  return std::make_pair(*lo, *hi);
}

Value combine(Builder &b, Location loc, Value t, std::optional<BoolOperator> op,
              Value c) {
  if (!op)
    return t;
  switch (*op) {
  case BoolOperator::And:
    return arith::AndIOp::create(b, loc, t, c);
  case BoolOperator::Or:
    return arith::OrIOp::create(b, loc, t, c);
  case BoolOperator::Xor:
    return arith::XOrIOp::create(b, loc, t, c);
  }
  return t;
}

struct SetpLowering : public PTXPattern<SetpOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(SetpOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    if (isPacked(op.getType())) {
      // p gets the lower halves' comparison, q the upper halves'.
      auto halves = comparePacked(rewriter, loc, op, op.getType(), op.getCmp(),
                                  adaptor.getA(), adaptor.getB(), op.getFtz());
      if (failed(halves))
        return failure();
      SmallVector<Value> results{combine(rewriter, loc, halves->first,
                                         op.getBoolop(), adaptor.getC())};
      if (op.getQ())
        results.push_back(combine(rewriter, loc, halves->second, op.getBoolop(),
                                  adaptor.getC()));
      rewriter.replaceOp(op, results);
      return success();
    }
    FailureOr<Value> t = compare(rewriter, loc, op, op.getType(), op.getCmp(),
                                 adaptor.getA(), adaptor.getB(), op.getFtz());
    if (failed(t))
      return failure();
    Value one = intConst(rewriter, loc, rewriter.getI1Type(), 1);
    Value p = combine(rewriter, loc, *t, op.getBoolop(), adaptor.getC());
    SmallVector<Value> results{p};
    if (op.getQ())
      results.push_back(combine(rewriter, loc,
                                arith::XOrIOp::create(rewriter, loc, *t, one),
                                op.getBoolop(), adaptor.getC()));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct SetLowering : public PTXPattern<SetOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(SetOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    if (isPacked(op.getStype())) {
      // Each half of d: 1.0 of the half type (.f16x2/.bf16x2) or 0xffff
      // (.u32) where its halves compare true, else 0.
      auto halves = comparePacked(rewriter, loc, op, op.getStype(), op.getCmp(),
                                  adaptor.getA(), adaptor.getB(), op.getFtz());
      if (failed(halves))
        return failure();
      auto i32 = rewriter.getI32Type();
      uint16_t one = op.getDtype() == PTXType::f16x2    ? 0x3c00
                     : op.getDtype() == PTXType::bf16x2 ? 0x3f80
                                                        : 0xffff;
      auto lane = [&](Value cmp, int shift) {
        Value p = combine(rewriter, loc, cmp, op.getBoolop(), adaptor.getC());
        return arith::SelectOp::create(
            rewriter, loc, p,
            intConst(rewriter, loc, i32, int64_t(one) << shift),
            intConst(rewriter, loc, i32, 0));
      };
      Value r = arith::OrIOp::create(rewriter, loc, lane(halves->first, 0),
                                     lane(halves->second, 16));
      replaceWithAdapted(rewriter, op, r);
      return success();
    }
    FailureOr<Value> t = compare(rewriter, loc, op, op.getStype(), op.getCmp(),
                                 adaptor.getA(), adaptor.getB(), op.getFtz());
    if (failed(t))
      return failure();
    Value p = combine(rewriter, loc, *t, op.getBoolop(), adaptor.getC());
    // Integer destinations get all ones, f32 destinations 1.0.
    Type dt = getRegisterType(getContext(), op.getDtype());
    Value r;
    if (isFloatType(op.getDtype()))
      r = arith::SelectOp::create(rewriter, loc, p,
                                  floatConst(rewriter, loc, dt, 1.0),
                                  floatConst(rewriter, loc, dt, 0.0));
    else
      r = arith::SelectOp::create(rewriter, loc, p,
                                  intConst(rewriter, loc, dt, -1),
                                  intConst(rewriter, loc, dt, 0));
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

struct SelpLowering : public PTXPattern<SelpOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(SelpOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Type t = getRegisterType(getContext(), op.getType());
    bool sgn = isSignedIntType(op.getType());
    Value r =
        arith::SelectOp::create(rewriter, loc, adaptor.getC(),
                                adapt(rewriter, loc, adaptor.getA(), t, sgn),
                                adapt(rewriter, loc, adaptor.getB(), t, sgn));
    replaceWithAdapted(rewriter, op, r, sgn);
    return success();
  }
};

struct SlctLowering : public PTXPattern<SlctOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(SlctOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Type dt = getRegisterType(getContext(), op.getDtype());
    Type ct = getRegisterType(getContext(), op.getCtype());
    Value cv = adapt(rewriter, loc, adaptor.getC(), ct);
    Value ge;
    if (isFloatType(op.getCtype())) {
      if (op.getFtz())
        cv = flushSubnormal(rewriter, loc, cv);
      // c >= 0 picks a; -0 counts as >= 0, NaN picks b.
      ge = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGE, cv,
                                 floatConst(rewriter, loc, ct, 0.0));
    } else {
      ge = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, cv,
                                 intConst(rewriter, loc, ct, 0));
    }
    bool sgn = isSignedIntType(op.getDtype());
    Value r = arith::SelectOp::create(
        rewriter, loc, ge, adapt(rewriter, loc, adaptor.getA(), dt, sgn),
        adapt(rewriter, loc, adaptor.getB(), dt, sgn));
    replaceWithAdapted(rewriter, op, r, sgn);
    return success();
  }
};

} // namespace

void lowering::populateComparePatterns(SharedTypeConverter &tc,
                                       RewritePatternSet &p, LoweringState &s) {
  p.add<SetpLowering, SetLowering, SelpLowering, SlctLowering>(
      tc, p.getContext(), s);
}
