//===- IntegerOps.cpp - integer arithmetic, bits, logic, shifts, moves ----===//
//
// Every lowering is free of LLVM undefined behaviour: shifts compare the
// amount against the width first, division guards zero and INT_MIN / -1.
// Carries follow NVIDIA hardware (checked on an H200 by test/e2e/
// carry_chain): CF is a plain carry bit; a subtraction adds ~b plus 1
// (sub.cc) or plus CF (subc), so after a subtraction CF = NOT borrow.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

using Builder = ConversionPatternRewriter;

Value c(OpBuilder &b, Location loc, Type t, int64_t v) {
  return intConst(b, loc, t, v);
}
Value sel(OpBuilder &b, Location loc, Value cond, Value t, Value f) {
  return arith::SelectOp::create(b, loc, cond, t, f);
}
Value cmp(OpBuilder &b, Location loc, arith::CmpIPredicate p, Value x,
          Value y) {
  return arith::CmpIOp::create(b, loc, p, x, y);
}
unsigned width(Value v) { return v.getType().getIntOrFloatBitWidth(); }

/// Operand `v` as an N-bit integer of the instruction type.
Value opnd(OpBuilder &b, Location loc, Value v, PTXType t) {
  return adapt(b, loc, v, b.getIntegerType(getTypeBitWidth(t)),
               isSignedIntType(t));
}

Value ext(OpBuilder &b, Location loc, Value v, unsigned w, bool sgn) {
  return adapt(b, loc, v, b.getIntegerType(w), sgn);
}

/// x << n, x >>u n, x >>s n with PTX's clamping of n >= width.
Value shiftLeft(OpBuilder &b, Location loc, Value x, Value n32) {
  unsigned w = width(x);
  Value big =
      cmp(b, loc, arith::CmpIPredicate::uge, n32, c(b, loc, n32.getType(), w));
  Value n = ext(b, loc, n32, w, false);
  Value safe = sel(b, loc, big, c(b, loc, x.getType(), 0), n);
  Value r = arith::ShLIOp::create(b, loc, x, safe);
  return sel(b, loc, big, c(b, loc, x.getType(), 0), r);
}
Value shiftRight(OpBuilder &b, Location loc, Value x, Value n32, bool sgn) {
  unsigned w = width(x);
  Value big =
      cmp(b, loc, arith::CmpIPredicate::uge, n32, c(b, loc, n32.getType(), w));
  Value n = ext(b, loc, n32, w, false);
  Value safe = sel(b, loc, big, c(b, loc, x.getType(), w - 1), n);
  if (sgn)
    return arith::ShRSIOp::create(b, loc, x, safe);
  Value r = arith::ShRUIOp::create(b, loc, x, safe);
  return sel(b, loc, big, c(b, loc, x.getType(), 0), r);
}
/// The shift amount operand as an i32.
Value amount(OpBuilder &b, Location loc, Value v) {
  return adapt(b, loc, v, b.getI32Type());
}

/// Low-N-bit mask of `len` ones (len may be >= N).
Value onesMask(OpBuilder &b, Location loc, Value len, unsigned w) {
  Type t = b.getIntegerType(w);
  Value all = c(b, loc, t, -1);
  Value big =
      cmp(b, loc, arith::CmpIPredicate::uge, len, c(b, loc, len.getType(), w));
  Value shift = arith::SubIOp::create(b, loc, c(b, loc, len.getType(), w), len);
  shift = sel(b, loc, big, c(b, loc, len.getType(), 0), shift);
  return shiftRight(b, loc, all, shift, false);
}

// Integer forms of add/sub/mul/mad/div/rem/abs/neg/min/max. Float forms are
// matched by FloatOps.cpp patterns with a higher benefit.
#define INT_ONLY(op)                                                           \
  if (isFloatType(op.getType()))                                               \
    return failure();                                                          \
  if (failed(checkUnguarded(rewriter, op)))                                    \
    return failure();                                                          \
  if (getTypeBitWidth(op.getType()) > 64 || op.getType() == PTXType::u16x2 ||  \
      op.getType() == PTXType::s16x2)                                          \
    return unsupported(rewriter, op,                                           \
                       op->getName().getStringRef() + " on packed integers");

bool isPackedInt(PTXType t) {
  return t == PTXType::u16x2 || t == PTXType::s16x2;
}

/// add/min/max on .u16x2/.s16x2 (sm_90): the two 16-bit halves separately,
/// as a vector<2xi16> (element 0 is bits 0..15).
template <typename OpT>
LogicalResult lowerPacked(OpT op, Value a, Value b, Builder &rewriter,
                          function_ref<Value(Value, Value)> fn) {
  Location loc = op.getLoc();
  auto vecTy = VectorType::get({2}, rewriter.getI16Type());
  auto asVec = [&](Value v) {
    return LLVM::BitcastOp::create(
        rewriter, loc, vecTy, adapt(rewriter, loc, v, rewriter.getI32Type()));
  };
  Value r = fn(asVec(a), asVec(b));
  replaceWithAdapted(
      rewriter, op,
      Value(LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(), r)));
  return success();
}

struct AddSubLowering {
  template <typename OpT>
  static LogicalResult lower(OpT op, Value a, Value b, bool isSub,
                             Builder &rewriter) {
    Location loc = op.getLoc();
    PTXType t = op.getType();
    a = opnd(rewriter, loc, a, t);
    b = opnd(rewriter, loc, b, t);
    Value r;
    if (op.getSat()) {
      if (t != PTXType::s32)
        return unsupported(rewriter, op, "saturation on this type");
      r = isSub ? (Value)LLVM::SSubSat::create(rewriter, loc, a, b)
                : (Value)LLVM::SAddSat::create(rewriter, loc, a, b);
    } else {
      r = isSub ? (Value)arith::SubIOp::create(rewriter, loc, a, b)
                : (Value)arith::AddIOp::create(rewriter, loc, a, b);
    }
    replaceWithAdapted(rewriter, op, r, isSignedIntType(t));
    return success();
  }
};

struct AddLowering : public PTXPattern<AddOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(AddOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (isPackedInt(op.getType()) && !op.getSat()) {
      if (failed(checkUnguarded(rewriter, op)))
        return failure();
      return lowerPacked(op, adaptor.getA(), adaptor.getB(), rewriter,
                         [&](Value x, Value y) -> Value {
                           return arith::AddIOp::create(rewriter, op.getLoc(),
                                                        x, y);
                         });
    }
    INT_ONLY(op);
    return AddSubLowering::lower(op, adaptor.getA(), adaptor.getB(), false,
                                 rewriter);
  }
};
struct SubLowering : public PTXPattern<SubOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(SubOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    INT_ONLY(op);
    return AddSubLowering::lower(op, adaptor.getA(), adaptor.getB(), true,
                                 rewriter);
  }
};

/// The product of a and b selected by .lo/.hi/.wide.
Value multiply(OpBuilder &b, Location loc, Value x, Value y, MulMode mode,
               bool sgn) {
  unsigned w = width(x);
  if (mode == MulMode::lo)
    return arith::MulIOp::create(b, loc, x, y);
  Value xw = ext(b, loc, x, 2 * w, sgn), yw = ext(b, loc, y, 2 * w, sgn);
  Value p = arith::MulIOp::create(b, loc, xw, yw);
  if (mode == MulMode::wide)
    return p;
  p = arith::ShRUIOp::create(b, loc, p, c(b, loc, p.getType(), w));
  return arith::TruncIOp::create(b, loc, x.getType(), p);
}

struct MulLowering : public PTXPattern<MulOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(MulOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    INT_ONLY(op);
    Location loc = op.getLoc();
    PTXType t = op.getType();
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    Value b = opnd(rewriter, loc, adaptor.getB(), t);
    Value r = multiply(rewriter, loc, a, b, op.getMode().value_or(MulMode::lo),
                       isSignedIntType(t));
    replaceWithAdapted(rewriter, op, r, isSignedIntType(t));
    return success();
  }
};

struct MadLowering : public PTXPattern<MadOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(MadOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    INT_ONLY(op);
    Location loc = op.getLoc();
    PTXType t = op.getType();
    bool sgn = isSignedIntType(t);
    MulMode mode = op.getMode().value_or(MulMode::lo);
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    Value b = opnd(rewriter, loc, adaptor.getB(), t);
    Value p = multiply(rewriter, loc, a, b, mode, sgn);
    Value cc = adapt(rewriter, loc, adaptor.getC(), p.getType(), sgn);
    Value r;
    if (op.getSat()) {
      // mad.hi.sat.s32: saturate the 32-bit sum of the high half and c.
      if (!(t == PTXType::s32 && mode == MulMode::hi))
        return unsupported(rewriter, op, "mad.sat on this type");
      r = LLVM::SAddSat::create(rewriter, loc, p, cc);
    } else {
      r = arith::AddIOp::create(rewriter, loc, p, cc);
    }
    replaceWithAdapted(rewriter, op, r, sgn);
    return success();
  }
};

/// mul24/mad24: 24-bit operands, 48-bit product; .lo is bits 31..0, .hi
/// bits 47..16.
template <typename OpT> struct Mul24Lowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    bool sgn = isSignedIntType(op.getType());
    auto i64 = rewriter.getI64Type();
    auto to24 = [&](Value v) {
      v = ext(rewriter, loc, ext(rewriter, loc, v, 32, sgn), 64, false);
      Value s = c(rewriter, loc, i64, 40);
      v = arith::ShLIOp::create(rewriter, loc, v, s);
      return sgn ? (Value)arith::ShRSIOp::create(rewriter, loc, v, s)
                 : (Value)arith::ShRUIOp::create(rewriter, loc, v, s);
    };
    Value p = arith::MulIOp::create(rewriter, loc, to24(adaptor.getA()),
                                    to24(adaptor.getB()));
    if (op.getMode() == MulMode::hi)
      p = arith::ShRUIOp::create(rewriter, loc, p, c(rewriter, loc, i64, 16));
    Value r = arith::TruncIOp::create(rewriter, loc, rewriter.getI32Type(), p);
    if constexpr (std::is_same_v<OpT, Mad24Op>) {
      Value cc = ext(rewriter, loc, adaptor.getC(), 32, sgn);
      if (op.getSat())
        r = LLVM::SAddSat::create(rewriter, loc, r, cc);
      else
        r = arith::AddIOp::create(rewriter, loc, r, cc);
    }
    replaceWithAdapted(rewriter, op, r, sgn);
    return success();
  }
};

struct SadLowering : public PTXPattern<SadOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(SadOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    PTXType t = op.getType();
    bool sgn = isSignedIntType(t);
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    Value b = opnd(rewriter, loc, adaptor.getB(), t);
    Value lt =
        cmp(rewriter, loc,
            sgn ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult, a, b);
    Value d = sel(rewriter, loc, lt, arith::SubIOp::create(rewriter, loc, b, a),
                  arith::SubIOp::create(rewriter, loc, a, b));
    Value r = arith::AddIOp::create(rewriter, loc,
                                    opnd(rewriter, loc, adaptor.getC(), t), d);
    replaceWithAdapted(rewriter, op, r, sgn);
    return success();
  }
};

/// Division and remainder without traps, with the results of NVIDIA
/// hardware (H200, test/e2e/int_arith): x / 0 and x % 0 are all ones, signed
/// or not; INT_MIN / -1 is INT_MIN with remainder 0. The divisor
/// handed to LLVM depends on b alone (0 and -1 become 1, and x / -1 is
/// computed as -x), so that the AMDGPU expansion of many divisions by one
/// value shares one reciprocal instead of computing it per dividend.
template <typename OpT, bool isRem>
struct DivRemLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    INT_ONLY(op);
    Location loc = op.getLoc();
    PTXType t = op.getType();
    bool sgn = isSignedIntType(t);
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    Value b = opnd(rewriter, loc, adaptor.getB(), t);
    Type ty = a.getType();
    Value zero = c(rewriter, loc, ty, 0), one = c(rewriter, loc, ty, 1);
    Value bz = cmp(rewriter, loc, arith::CmpIPredicate::eq, b, zero);
    Value bad = bz, bm1;
    if (sgn) {
      bm1 = cmp(rewriter, loc, arith::CmpIPredicate::eq, b,
                c(rewriter, loc, ty, -1));
      bad = arith::OrIOp::create(rewriter, loc, bz, bm1);
    }
    Value safeB = sel(rewriter, loc, bad, one, b);
    Value r;
    if (isRem) {
      // x % -1 is 0 (INT_MIN included), as is x % 1.
      r = sgn ? (Value)arith::RemSIOp::create(rewriter, loc, a, safeB)
              : (Value)arith::RemUIOp::create(rewriter, loc, a, safeB);
    } else {
      r = sgn ? (Value)arith::DivSIOp::create(rewriter, loc, a, safeB)
              : (Value)arith::DivUIOp::create(rewriter, loc, a, safeB);
      // x / -1 is -x, wrapping, so INT_MIN / -1 is INT_MIN.
      if (sgn)
        r = sel(rewriter, loc, bm1,
                arith::SubIOp::create(rewriter, loc, zero, a), r);
    }
    r = sel(rewriter, loc, bz, c(rewriter, loc, ty, -1), r);
    replaceWithAdapted(rewriter, op, r, sgn);
    return success();
  }
};

template <typename OpT, bool isNeg>
struct AbsNegLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    INT_ONLY(op);
    Location loc = op.getLoc();
    PTXType t = op.getType();
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    Value zero = c(rewriter, loc, a.getType(), 0);
    Value n = arith::SubIOp::create(rewriter, loc, zero, a);
    Value r =
        isNeg
            ? n
            : sel(rewriter, loc,
                  cmp(rewriter, loc, arith::CmpIPredicate::slt, a, zero), n, a);
    replaceWithAdapted(rewriter, op, r, true);
    return success();
  }
};

template <typename OpT, bool isMax>
struct MinMaxLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    PTXType t = op.getType();
    bool sgn = isSignedIntType(t);
    auto minMax = [&](Location loc, Value a, Value b) -> Value {
      Value r;
      if (isMax)
        r = sgn ? (Value)arith::MaxSIOp::create(rewriter, loc, a, b)
                : (Value)arith::MaxUIOp::create(rewriter, loc, a, b);
      else
        r = sgn ? (Value)arith::MinSIOp::create(rewriter, loc, a, b)
                : (Value)arith::MinUIOp::create(rewriter, loc, a, b);
      // .relu: negative results become 0 (per half when packed).
      if (op.getRelu())
        r = arith::MaxSIOp::create(
            rewriter, loc, r,
            arith::ConstantOp::create(rewriter, loc,
                                      rewriter.getZeroAttr(r.getType())));
      return r;
    };
    if (isPackedInt(t)) {
      if (failed(checkUnguarded(rewriter, op)))
        return failure();
      return lowerPacked(
          op, adaptor.getA(), adaptor.getB(), rewriter,
          [&](Value x, Value y) { return minMax(op.getLoc(), x, y); });
    }
    INT_ONLY(op);
    Location loc = op.getLoc();
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    Value b = opnd(rewriter, loc, adaptor.getB(), t);
    replaceWithAdapted(rewriter, op, minMax(loc, a, b), sgn);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Bit manipulation
//===----------------------------------------------------------------------===//

template <typename OpT> struct BitCountLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Value a = opnd(rewriter, loc, adaptor.getA(), op.getType());
    Value r;
    if constexpr (std::is_same_v<OpT, PopcOp>)
      r = LLVM::CtPopOp::create(rewriter, loc, a);
    else if constexpr (std::is_same_v<OpT, ClzOp>)
      r = LLVM::CountLeadingZerosOp::create(rewriter, loc, a, false);
    else
      r = LLVM::BitReverseOp::create(rewriter, loc, a);
    if (!std::is_same_v<OpT, BrevOp>)
      r = adapt(rewriter, loc, r, rewriter.getI32Type());
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

struct BfindLowering : public PTXPattern<BfindOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(BfindOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    PTXType t = op.getType();
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    unsigned w = width(a);
    if (isSignedIntType(t)) {
      // The most significant bit that differs from the sign.
      Value neg = cmp(rewriter, loc, arith::CmpIPredicate::slt, a,
                      c(rewriter, loc, a.getType(), 0));
      a = sel(rewriter, loc, neg,
              arith::XOrIOp::create(rewriter, loc, a,
                                    c(rewriter, loc, a.getType(), -1)),
              a);
    }
    auto i32 = rewriter.getI32Type();
    Value lz =
        adapt(rewriter, loc,
              LLVM::CountLeadingZerosOp::create(rewriter, loc, a, false), i32);
    Value none = cmp(rewriter, loc, arith::CmpIPredicate::eq, lz,
                     c(rewriter, loc, i32, w));
    Value r = op.getShiftamt()
                  ? lz
                  : arith::SubIOp::create(rewriter, loc,
                                          c(rewriter, loc, i32, w - 1), lz);
    r = sel(rewriter, loc, none, c(rewriter, loc, i32, -1), r);
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

/// fns.b32 d, mask, base, offset: the n-th set bit of mask from base.
struct FnsLowering : public PTXPattern<FnsOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(FnsOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    auto i32 = rewriter.getI32Type();
    Value mask = adapt(rewriter, loc, adaptor.getA(), i32);
    Value base = adapt(rewriter, loc, adaptor.getB(), i32);
    Value offset = adapt(rewriter, loc, adaptor.getC(), i32);
    // Walk all 32 positions: forward from base for offset > 0, backward
    // for offset < 0, counting set bits; offset 0 asks whether bit base
    // is set. Result 0xffffffff when not found.
    Value zero = c(rewriter, loc, i32, 0), one = c(rewriter, loc, i32, 1);
    Value notFound = c(rewriter, loc, i32, -1);
    Value b31 =
        arith::AndIOp::create(rewriter, loc, base, c(rewriter, loc, i32, 31));
    Value isZero = cmp(rewriter, loc, arith::CmpIPredicate::eq, offset, zero);
    Value backward =
        cmp(rewriter, loc, arith::CmpIPredicate::slt, offset, zero);
    Value want =
        sel(rewriter, loc, backward,
            arith::SubIOp::create(rewriter, loc, zero, offset), offset);
    Value count = zero, result = notFound;
    for (int i = 0; i < 32; ++i) {
      Value step = c(rewriter, loc, i32, i);
      Value fwdPos = arith::AddIOp::create(rewriter, loc, b31, step);
      Value bwdPos = arith::SubIOp::create(rewriter, loc, b31, step);
      Value pos = sel(rewriter, loc, backward, bwdPos, fwdPos);
      Value inRange = arith::AndIOp::create(
          rewriter, loc,
          cmp(rewriter, loc, arith::CmpIPredicate::sge, pos, zero),
          cmp(rewriter, loc, arith::CmpIPredicate::slt, pos,
              c(rewriter, loc, i32, 32)));
      Value safePos = sel(rewriter, loc, inRange, pos, zero);
      Value bit = arith::AndIOp::create(
          rewriter, loc, arith::ShRUIOp::create(rewriter, loc, mask, safePos),
          one);
      Value set = arith::AndIOp::create(
          rewriter, loc, inRange,
          cmp(rewriter, loc, arith::CmpIPredicate::ne, bit, zero));
      Value newCount =
          sel(rewriter, loc, set,
              arith::AddIOp::create(rewriter, loc, count, one), count);
      Value hit = arith::AndIOp::create(
          rewriter, loc, set,
          arith::AndIOp::create(
              rewriter, loc,
              cmp(rewriter, loc, arith::CmpIPredicate::eq, newCount, want),
              cmp(rewriter, loc, arith::CmpIPredicate::eq, result, notFound)));
      result = sel(rewriter, loc, hit, pos, result);
      count = newCount;
    }
    Value bitAtBase = arith::AndIOp::create(
        rewriter, loc, arith::ShRUIOp::create(rewriter, loc, mask, b31), one);
    Value zeroCase =
        sel(rewriter, loc,
            cmp(rewriter, loc, arith::CmpIPredicate::ne, bitAtBase, zero), b31,
            notFound);
    result = sel(rewriter, loc, isZero, zeroCase, result);
    replaceWithAdapted(rewriter, op, result);
    return success();
  }
};

struct BfeLowering : public PTXPattern<BfeOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(BfeOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    PTXType t = op.getType();
    bool sgn = isSignedIntType(t);
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    unsigned w = width(a);
    Type ty = a.getType();
    auto i32 = rewriter.getI32Type();
    Value pos = amount(rewriter, loc, adaptor.getB());
    Value len = amount(rewriter, loc, adaptor.getC());
    // 32-bit bfe uses bits 7..0 of pos and len; NVIDIA hardware does not
    // mask them for 64-bit bfe (test/e2e/int_bits).
    if (w == 32) {
      pos =
          arith::AndIOp::create(rewriter, loc, pos, c(rewriter, loc, i32, 255));
      len =
          arith::AndIOp::create(rewriter, loc, len, c(rewriter, loc, i32, 255));
    }
    Value zero32 = c(rewriter, loc, i32, 0);
    Value x = shiftRight(rewriter, loc, a, pos, false);
    Value r;
    if (!sgn) {
      r = arith::AndIOp::create(rewriter, loc, x,
                                onesMask(rewriter, loc, len, w));
    } else {
      // The sign bit: bit min(pos + len - 1, msb) of a.
      Value msb = c(rewriter, loc, i32, w - 1);
      Value top = arith::SubIOp::create(
          rewriter, loc, arith::AddIOp::create(rewriter, loc, pos, len),
          c(rewriter, loc, i32, 1));
      Value overflow = cmp(rewriter, loc, arith::CmpIPredicate::ugt, top, msb);
      Value wrapped = cmp(rewriter, loc, arith::CmpIPredicate::ult, top, pos);
      top =
          sel(rewriter, loc,
              arith::OrIOp::create(rewriter, loc, overflow, wrapped), msb, top);
      Value sbit =
          arith::TruncIOp::create(rewriter, loc, rewriter.getI1Type(),
                                  shiftRight(rewriter, loc, a, top, false));
      // Bits of the field that exist in a: min(len, w - pos).
      Value avail = sel(
          rewriter, loc,
          cmp(rewriter, loc, arith::CmpIPredicate::uge, pos,
              c(rewriter, loc, i32, w)),
          zero32,
          arith::SubIOp::create(rewriter, loc, c(rewriter, loc, i32, w), pos));
      Value eff = arith::MinUIOp::create(rewriter, loc, len, avail);
      Value m = onesMask(rewriter, loc, eff, w);
      Value lowBits = arith::AndIOp::create(rewriter, loc, x, m);
      Value fill =
          arith::XOrIOp::create(rewriter, loc, m, c(rewriter, loc, ty, -1));
      r = sel(rewriter, loc, sbit,
              arith::OrIOp::create(rewriter, loc, lowBits, fill), lowBits);
    }
    Value lenZero = cmp(rewriter, loc, arith::CmpIPredicate::eq, len, zero32);
    r = sel(rewriter, loc, lenZero, c(rewriter, loc, ty, 0), r);
    replaceWithAdapted(rewriter, op, r, sgn);
    return success();
  }
};

struct BfiLowering : public PTXPattern<BfiOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(BfiOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    PTXType t = op.getType();
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    Value b = opnd(rewriter, loc, adaptor.getB(), t);
    unsigned w = width(a);
    auto i32 = rewriter.getI32Type();
    Value pos = amount(rewriter, loc, adaptor.getC());
    Value len = amount(rewriter, loc, adaptor.getE());
    if (w == 32) {
      pos =
          arith::AndIOp::create(rewriter, loc, pos, c(rewriter, loc, i32, 255));
      len =
          arith::AndIOp::create(rewriter, loc, len, c(rewriter, loc, i32, 255));
    }
    Value m = shiftLeft(rewriter, loc, onesMask(rewriter, loc, len, w), pos);
    Value ins = arith::AndIOp::create(rewriter, loc,
                                      shiftLeft(rewriter, loc, a, pos), m);
    Value keep = arith::AndIOp::create(
        rewriter, loc, b,
        arith::XOrIOp::create(rewriter, loc, m,
                              c(rewriter, loc, a.getType(), -1)));
    replaceWithAdapted(rewriter, op,
                       Value(arith::OrIOp::create(rewriter, loc, keep, ins)));
    return success();
  }
};

struct BmskLowering : public PTXPattern<BmskOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(BmskOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    auto i32 = rewriter.getI32Type();
    Value pos = amount(rewriter, loc, adaptor.getA());
    Value len = amount(rewriter, loc, adaptor.getB());
    if (op.getMode() == BmskMode::wrap) {
      pos =
          arith::AndIOp::create(rewriter, loc, pos, c(rewriter, loc, i32, 31));
      len =
          arith::AndIOp::create(rewriter, loc, len, c(rewriter, loc, i32, 31));
    } else {
      pos =
          arith::MinUIOp::create(rewriter, loc, pos, c(rewriter, loc, i32, 32));
      len =
          arith::MinUIOp::create(rewriter, loc, len, c(rewriter, loc, i32, 32));
    }
    Value m = shiftLeft(rewriter, loc, onesMask(rewriter, loc, len, 32), pos);
    replaceWithAdapted(rewriter, op, m);
    return success();
  }
};

struct SzextLowering : public PTXPattern<SzextOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(SzextOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    auto i32 = rewriter.getI32Type();
    bool sgn = isSignedIntType(op.getType());
    Value a = adapt(rewriter, loc, adaptor.getA(), i32);
    Value n = amount(rewriter, loc, adaptor.getB());
    if (op.getMode() == ShfMode::wrap)
      n = arith::AndIOp::create(rewriter, loc, n, c(rewriter, loc, i32, 31));
    else
      n = arith::MinUIOp::create(rewriter, loc, n, c(rewriter, loc, i32, 32));
    Value s =
        arith::SubIOp::create(rewriter, loc, c(rewriter, loc, i32, 32), n);
    Value up = shiftLeft(rewriter, loc, a, s);
    Value r = shiftRight(rewriter, loc, up, s, sgn);
    Value nz = cmp(rewriter, loc, arith::CmpIPredicate::eq, n,
                   c(rewriter, loc, i32, 0));
    r = sel(rewriter, loc, nz, c(rewriter, loc, i32, 0), r);
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

/// dp4a / dp2a: dot products of bytes and half-words with a 32-bit
/// accumulator.
template <typename OpT> struct DotLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    auto i32 = rewriter.getI32Type();
    bool sa = isSignedIntType(op.getAtype()),
         sb = isSignedIntType(op.getBtype());
    Value a = adapt(rewriter, loc, adaptor.getA(), i32);
    Value b = adapt(rewriter, loc, adaptor.getB(), i32);
    Value acc = adapt(rewriter, loc, adaptor.getC(), i32);
    auto field = [&](Value v, unsigned bit, unsigned bits, bool sgn) {
      Value x = arith::ShLIOp::create(rewriter, loc, v,
                                      c(rewriter, loc, i32, 32 - bit - bits));
      Value s = c(rewriter, loc, i32, 32 - bits);
      return sgn ? (Value)arith::ShRSIOp::create(rewriter, loc, x, s)
                 : (Value)arith::ShRUIOp::create(rewriter, loc, x, s);
    };
    if constexpr (std::is_same_v<OpT, Dp4aOp>) {
      for (unsigned i = 0; i < 4; ++i)
        acc = arith::AddIOp::create(
            rewriter, loc, acc,
            arith::MulIOp::create(rewriter, loc, field(a, 8 * i, 8, sa),
                                  field(b, 8 * i, 8, sb)));
    } else {
      unsigned base = op.getMode() == MulMode::hi ? 16 : 0;
      for (unsigned i = 0; i < 2; ++i)
        acc = arith::AddIOp::create(
            rewriter, loc, acc,
            arith::MulIOp::create(rewriter, loc, field(a, 16 * i, 16, sa),
                                  field(b, base + 8 * i, 8, sb)));
    }
    replaceWithAdapted(rewriter, op, acc);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Extended precision
//===----------------------------------------------------------------------===//

/// {cout, d} = x + y + cin computed in 2N bits.
std::pair<Value, Value> addWithCarry(OpBuilder &b, Location loc, Value x,
                                     Value y, Value cin) {
  unsigned w = width(x);
  Type wide = b.getIntegerType(2 * w);
  Value s = arith::AddIOp::create(b, loc, ext(b, loc, x, 2 * w, false),
                                  ext(b, loc, y, 2 * w, false));
  s = arith::AddIOp::create(b, loc, s, ext(b, loc, cin, 2 * w, false));
  Value d = arith::TruncIOp::create(b, loc, x.getType(), s);
  Value co = arith::TruncIOp::create(
      b, loc, b.getI1Type(),
      arith::ShRUIOp::create(b, loc, s, c(b, loc, wide, w)));
  return {d, co};
}

template <typename OpT> struct CarryLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  static constexpr bool isSub =
      std::is_same_v<OpT, SubCCOp> || std::is_same_v<OpT, SubCOp>;
  static constexpr bool hasCin = std::is_same_v<OpT, AddCOp> ||
                                 std::is_same_v<OpT, SubCOp> ||
                                 std::is_same_v<OpT, MadCOp>;
  static constexpr bool isMad =
      std::is_same_v<OpT, MadCCOp> || std::is_same_v<OpT, MadCOp>;

  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    PTXType t = op.getType();
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    Value b = opnd(rewriter, loc, adaptor.getB(), t);
    Value x = a, y = b;
    if constexpr (isMad) {
      x = multiply(rewriter, loc, a, b, op.getMode(), isSignedIntType(t));
      y = opnd(rewriter, loc, adaptor.getC(), t);
    }
    if (isSub)
      y = arith::XOrIOp::create(rewriter, loc, y,
                                c(rewriter, loc, y.getType(), -1));
    Value cin;
    if constexpr (hasCin)
      cin = adaptor.getCin();
    else
      cin = c(rewriter, loc, rewriter.getI1Type(), isSub ? 1 : 0);
    auto [d, co] = addWithCarry(rewriter, loc, x, y, cin);
    SmallVector<Value> results{d};
    if (op->getNumResults() == 2)
      results.push_back(co);
    replaceWithAdapted(rewriter, op, results, isSignedIntType(t));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Logic, shifts, moves, permutes
//===----------------------------------------------------------------------===//

template <typename OpT, typename ArithOp>
struct LogicLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Value a = opnd(rewriter, loc, adaptor.getA(), op.getType());
    Value b = opnd(rewriter, loc, adaptor.getB(), op.getType());
    replaceWithAdapted(rewriter, op,
                       Value(ArithOp::create(rewriter, loc, a, b)));
    return success();
  }
};

template <typename OpT> struct NotLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Value a = opnd(rewriter, loc, adaptor.getA(), op.getType());
    Value r;
    if constexpr (std::is_same_v<OpT, NotOp>)
      r = arith::XOrIOp::create(rewriter, loc, a,
                                c(rewriter, loc, a.getType(), -1));
    else
      r = arith::ExtUIOp::create(rewriter, loc, a.getType(),
                                 cmp(rewriter, loc, arith::CmpIPredicate::eq, a,
                                     c(rewriter, loc, a.getType(), 0)));
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

struct Lop3Lowering : public PTXPattern<Lop3Op> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(Lop3Op op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    IntegerAttr lutAttr;
    if (!matchPattern(adaptor.getLut(), m_Constant(&lutAttr)))
      return op.emitError("lop3 needs an immediate truth table");
    uint64_t lut = lutAttr.getValue().getZExtValue() & 0xff;
    PTXType t = op.getType();
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    Value b = opnd(rewriter, loc, adaptor.getB(), t);
    Value cc = opnd(rewriter, loc, adaptor.getC(), t);
    Type ty = a.getType();
    Value ones = c(rewriter, loc, ty, -1);
    auto inv = [&](Value v) {
      return arith::XOrIOp::create(rewriter, loc, v, ones);
    };
    Value na = inv(a), nb = inv(b), nc = inv(cc);
    Value r = c(rewriter, loc, ty, 0);
    // Bit i of the table is the result for a = i&4, b = i&2, c = i&1
    // (ta = 0xF0, tb = 0xCC, tc = 0xAA).
    for (unsigned i = 0; i < 8; ++i) {
      if (!(lut >> i & 1))
        continue;
      Value term = arith::AndIOp::create(
          rewriter, loc, (i & 4) ? a : na,
          arith::AndIOp::create(rewriter, loc, (i & 2) ? b : nb,
                                (i & 1) ? cc : nc));
      r = arith::OrIOp::create(rewriter, loc, r, term);
    }
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

struct ShfLowering : public PTXPattern<ShfOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(ShfOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    auto i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    Value a = adapt(rewriter, loc, adaptor.getA(), i32);
    Value b = adapt(rewriter, loc, adaptor.getB(), i32);
    Value n = amount(rewriter, loc, adaptor.getC());
    n = op.getMode() == ShfMode::wrap
            ? (Value)arith::AndIOp::create(rewriter, loc, n,
                                           c(rewriter, loc, i32, 31))
            : (Value)arith::MinUIOp::create(rewriter, loc, n,
                                            c(rewriter, loc, i32, 32));
    Value v = arith::OrIOp::create(
        rewriter, loc,
        arith::ShLIOp::create(rewriter, loc, ext(rewriter, loc, b, 64, false),
                              c(rewriter, loc, i64, 32)),
        ext(rewriter, loc, a, 64, false));
    Value n64 = ext(rewriter, loc, n, 64, false);
    Value r;
    if (op.getDir() == ShfDir::l)
      r = arith::ShRUIOp::create(rewriter, loc,
                                 arith::ShLIOp::create(rewriter, loc, v, n64),
                                 c(rewriter, loc, i64, 32));
    else
      r = arith::ShRUIOp::create(rewriter, loc, v, n64);
    replaceWithAdapted(rewriter, op,
                       Value(arith::TruncIOp::create(rewriter, loc, i32, r)));
    return success();
  }
};

template <typename OpT> struct ShiftLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    PTXType t = op.getType();
    Value a = opnd(rewriter, loc, adaptor.getA(), t);
    Value n = amount(rewriter, loc, adaptor.getB());
    Value r = std::is_same_v<OpT, ShlOp>
                  ? shiftLeft(rewriter, loc, a, n)
                  : shiftRight(rewriter, loc, a, n, isSignedIntType(t));
    replaceWithAdapted(rewriter, op, r, isSignedIntType(t));
    return success();
  }
};

struct MovLowering : public PTXPattern<MovOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(MovOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Value v = adapt(rewriter, loc, adaptor.getA(),
                    getRegisterType(getContext(), op.getType()),
                    isSignedIntType(op.getType()));
    replaceWithAdapted(rewriter, op, v, isSignedIntType(op.getType()));
    return success();
  }
};

struct MovPackLowering : public PTXPattern<MovPackOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(MovPackOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    unsigned w = getTypeBitWidth(op.getType());
    unsigned n = adaptor.getA().size();
    unsigned part = w / n;
    Type ty = rewriter.getIntegerType(w);
    Value r = c(rewriter, loc, ty, 0);
    for (auto [i, v] : llvm::enumerate(adaptor.getA())) {
      Value x =
          ext(rewriter, loc,
              adapt(rewriter, loc, v, rewriter.getIntegerType(part)), w, false);
      if (i)
        x = arith::ShLIOp::create(rewriter, loc, x,
                                  c(rewriter, loc, ty, i * part));
      r = arith::OrIOp::create(rewriter, loc, r, x);
    }
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

struct MovUnpackLowering : public PTXPattern<MovUnpackOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(MovUnpackOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    unsigned w = getTypeBitWidth(op.getType());
    unsigned n = op->getNumResults();
    unsigned part = w / n;
    Value a = adapt(rewriter, loc, adaptor.getA(), rewriter.getIntegerType(w));
    SmallVector<Value> parts;
    for (unsigned i = 0; i < n; ++i) {
      Value x =
          i ? (Value)arith::ShRUIOp::create(
                  rewriter, loc, a, c(rewriter, loc, a.getType(), i * part))
            : a;
      parts.push_back(arith::TruncIOp::create(
          rewriter, loc, rewriter.getIntegerType(part), x));
    }
    replaceWithAdapted(rewriter, op, parts);
    return success();
  }
};

struct PrmtLowering : public PTXPattern<PrmtOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(PrmtOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    auto i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    Value a = adapt(rewriter, loc, adaptor.getA(), i32);
    Value b = adapt(rewriter, loc, adaptor.getB(), i32);
    Value sc = adapt(rewriter, loc, adaptor.getC(), i32);
    // The 8 source bytes: a is bytes 0..3, b bytes 4..7.
    Value x = arith::OrIOp::create(
        rewriter, loc,
        arith::ShLIOp::create(rewriter, loc, ext(rewriter, loc, b, 64, false),
                              c(rewriter, loc, i64, 32)),
        ext(rewriter, loc, a, 64, false));
    auto byteAt = [&](Value idx) {
      Value sh = arith::MulIOp::create(rewriter, loc,
                                       ext(rewriter, loc, idx, 64, false),
                                       c(rewriter, loc, i64, 8));
      Value v = arith::ShRUIOp::create(rewriter, loc, x, sh);
      return arith::AndIOp::create(
          rewriter, loc, arith::TruncIOp::create(rewriter, loc, i32, v),
          c(rewriter, loc, i32, 0xff));
    };
    Value sel2 =
        arith::AndIOp::create(rewriter, loc, sc, c(rewriter, loc, i32, 3));
    Value r = c(rewriter, loc, i32, 0);
    for (unsigned i = 0; i < 4; ++i) {
      Value byte;
      Value ci = c(rewriter, loc, i32, i);
      if (!op.getMode()) {
        Value nib = arith::ShRUIOp::create(rewriter, loc, sc,
                                           c(rewriter, loc, i32, 4 * i));
        Value idx =
            arith::AndIOp::create(rewriter, loc, nib, c(rewriter, loc, i32, 7));
        Value msb = cmp(
            rewriter, loc, arith::CmpIPredicate::ne,
            arith::AndIOp::create(rewriter, loc, nib, c(rewriter, loc, i32, 8)),
            c(rewriter, loc, i32, 0));
        byte = byteAt(idx);
        Value neg = cmp(rewriter, loc, arith::CmpIPredicate::ne,
                        arith::AndIOp::create(rewriter, loc, byte,
                                              c(rewriter, loc, i32, 0x80)),
                        c(rewriter, loc, i32, 0));
        Value rep = sel(rewriter, loc, neg, c(rewriter, loc, i32, 0xff),
                        c(rewriter, loc, i32, 0));
        byte = sel(rewriter, loc, msb, rep, byte);
      } else {
        Value idx;
        switch (*op.getMode()) {
        case PrmtMode::f4e:
          idx = arith::AddIOp::create(rewriter, loc, sel2, ci);
          break;
        case PrmtMode::b4e:
          idx = arith::AndIOp::create(
              rewriter, loc, arith::SubIOp::create(rewriter, loc, sel2, ci),
              c(rewriter, loc, i32, 7));
          break;
        case PrmtMode::rc8:
          idx = sel2;
          break;
        case PrmtMode::ecl:
          idx = arith::MaxUIOp::create(rewriter, loc, sel2, ci);
          break;
        case PrmtMode::ecr:
          idx = arith::MinUIOp::create(rewriter, loc, sel2, ci);
          break;
        case PrmtMode::rc16:
          idx = arith::OrIOp::create(
              rewriter, loc,
              arith::ShLIOp::create(
                  rewriter, loc,
                  arith::AndIOp::create(rewriter, loc, sel2,
                                        c(rewriter, loc, i32, 1)),
                  c(rewriter, loc, i32, 1)),
              c(rewriter, loc, i32, i & 1));
          break;
        }
        byte = byteAt(idx);
      }
      if (i)
        byte = arith::ShLIOp::create(rewriter, loc, byte,
                                     c(rewriter, loc, i32, 8 * i));
      r = arith::OrIOp::create(rewriter, loc, r, byte);
    }
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

} // namespace

void lowering::populateIntegerPatterns(SharedTypeConverter &tc,
                                       RewritePatternSet &p, LoweringState &s) {
  p.add<AddLowering, SubLowering, MulLowering, MadLowering,
        Mul24Lowering<Mul24Op>, Mul24Lowering<Mad24Op>, SadLowering,
        DivRemLowering<DivOp, false>, DivRemLowering<RemOp, true>,
        AbsNegLowering<AbsOp, false>, AbsNegLowering<NegOp, true>,
        MinMaxLowering<MinOp, false>, MinMaxLowering<MaxOp, true>,
        BitCountLowering<PopcOp>, BitCountLowering<ClzOp>,
        BitCountLowering<BrevOp>, BfindLowering, FnsLowering, BfeLowering,
        BfiLowering, BmskLowering, SzextLowering, DotLowering<Dp4aOp>,
        DotLowering<Dp2aOp>, CarryLowering<AddCCOp>, CarryLowering<AddCOp>,
        CarryLowering<SubCCOp>, CarryLowering<SubCOp>, CarryLowering<MadCCOp>,
        CarryLowering<MadCOp>, LogicLowering<AndOp, arith::AndIOp>,
        LogicLowering<OrOp, arith::OrIOp>, LogicLowering<XorOp, arith::XOrIOp>,
        NotLowering<NotOp>, NotLowering<CnotOp>, Lop3Lowering, ShfLowering,
        ShiftLowering<ShlOp>, ShiftLowering<ShrOp>, MovLowering,
        MovPackLowering, MovUnpackLowering, PrmtLowering>(tc, p.getContext(),
                                                          s);
}
