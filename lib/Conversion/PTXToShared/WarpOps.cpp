//===- WarpOps.cpp - shfl.sync, vote.sync, match, redux, elect ------------===//
//
// Warp ops are laid out for the wave size here, once for every back end.
// On wave64 a hardware wave holds two CUDA warps: warp_base = lane & 32,
// every lane index below is relative to the warp and read_lane adds the
// base back, masks are shifted down by the base, so no warp op crosses
// its 32-lane half.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include <cmath>

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

using Builder = ConversionPatternRewriter;

struct WarpBuilder {
  Builder &b;
  Location loc;
  LoweringState &state;
  Type i32;
  Value lane;     // lane in the CUDA warp
  Value warpBase; // 0 or 32

  WarpBuilder(Builder &b, Location loc, LoweringState &state)
      : b(b), loc(loc), state(state), i32(b.getI32Type()) {
    Value hw = wave::LaneIdOp::create(b, loc, b.getI32Type());
    if (state.waveSize == 64) {
      lane = arith::AndIOp::create(b, loc, hw, c(31));
      warpBase = arith::AndIOp::create(b, loc, hw, c(32));
    } else {
      lane = hw;
      warpBase = c(0);
    }
  }
  Value c(int64_t v) { return intConst(b, loc, i32, v); }
  Value and_(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value or_(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value xor_(Value x, Value y) { return arith::XOrIOp::create(b, loc, x, y); }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value sel(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  Type waveInt() { return b.getIntegerType(state.waveSize); }

  /// A wave-wide mask narrowed to this lane's warp.
  Value toWarpMask(Value m) {
    if (state.waveSize == 32)
      return m;
    Value sh = arith::ShRUIOp::create(
        b, loc, m, arith::ExtUIOp::create(b, loc, b.getI64Type(), warpBase));
    return arith::TruncIOp::create(b, loc, i32, sh);
  }
  Value ballot(Value pred, Value member) {
    Value m =
        wave::BallotOp::create(b, loc, waveInt(), pred, member, state.opId());
    return toWarpMask(m);
  }
  Value activeMask() {
    return toWarpMask(
        wave::ActiveMaskOp::create(b, loc, waveInt(), state.opId()));
  }
  /// `v` (i32) of lane `j` of this warp.
  Value readLane(Value v, Value j, Value member) {
    return wave::ReadLaneOp::create(b, loc, b.getI32Type(), v, or_(warpBase, j),
                                    member, state.opId());
  }
};

struct ShflLowering : public PTXPattern<ShflSyncOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(ShflSyncOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    WarpBuilder w(rewriter, loc, state);
    auto i32 = rewriter.getI32Type();
    Value a = adapt(rewriter, loc, adaptor.getA(), i32);
    Value bval = w.and_(adapt(rewriter, loc, adaptor.getB(), i32), w.c(31));
    Value cv = adapt(rewriter, loc, adaptor.getC(), i32);
    Value member = adapt(rewriter, loc, adaptor.getMembermask(), i32);
    // The manual's pseudo-code.
    Value cval = w.and_(cv, w.c(31));
    Value segMask =
        w.and_(arith::ShRUIOp::create(rewriter, loc, cv, w.c(8)), w.c(31));
    Value notSeg = w.xor_(segMask, w.c(-1));
    Value minLane = w.and_(w.lane, segMask);
    Value maxLane = w.or_(minLane, w.and_(cval, notSeg));
    Value j, pval;
    switch (op.getMode()) {
    case ShflMode::up:
      j = arith::SubIOp::create(rewriter, loc, w.lane, bval);
      pval = w.cmp(arith::CmpIPredicate::sge, j, maxLane);
      break;
    case ShflMode::down:
      j = arith::AddIOp::create(rewriter, loc, w.lane, bval);
      pval = w.cmp(arith::CmpIPredicate::sle, j, maxLane);
      break;
    case ShflMode::bfly:
      j = w.xor_(w.lane, bval);
      pval = w.cmp(arith::CmpIPredicate::sle, j, maxLane);
      break;
    case ShflMode::idx:
      j = w.or_(minLane, w.and_(bval, notSeg));
      pval = w.cmp(arith::CmpIPredicate::sle, j, maxLane);
      break;
    }
    j = w.sel(pval, j, w.lane);
    Value d = w.readLane(a, j, member);
    SmallVector<Value> results{adapt(rewriter, loc, d, op.getD().getType())};
    if (op.getP())
      results.push_back(pval);
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct VoteLowering : public PTXPattern<VoteSyncOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(VoteSyncOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    WarpBuilder w(rewriter, loc, state);
    Value member = adapt(rewriter, loc, adaptor.getMembermask(), w.i32);
    Value a = adaptor.getA();
    Value yes = w.and_(w.ballot(a, member), member);
    Value zero = w.c(0);
    Value r;
    switch (op.getMode()) {
    case VoteMode::ballot:
      r = yes;
      break;
    case VoteMode::any:
      r = w.cmp(arith::CmpIPredicate::ne, yes, zero);
      break;
    case VoteMode::all:
    case VoteMode::uni: {
      Value one = intConst(rewriter, loc, rewriter.getI1Type(), 1);
      Value no = w.and_(w.ballot(w.xor_(a, one), member), member);
      Value allYes = w.cmp(arith::CmpIPredicate::eq, no, zero);
      r = op.getMode() == VoteMode::all
              ? allYes
              : w.or_(allYes, w.cmp(arith::CmpIPredicate::eq, yes, zero));
      break;
    }
    }
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

struct ActivemaskLowering : public PTXPattern<ActivemaskOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(ActivemaskOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    WarpBuilder w(rewriter, op.getLoc(), state);
    replaceWithAdapted(rewriter, op, w.activeMask());
    return success();
  }
};

/// match.sync and redux.sync: visit the 32 lanes of the warp.
struct MatchLowering : public PTXPattern<MatchSyncOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(MatchSyncOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    WarpBuilder w(rewriter, loc, state);
    Value member = adapt(rewriter, loc, adaptor.getMembermask(), w.i32);
    bool is64 = getTypeBitWidth(op.getType()) == 64;
    Value a = adapt(rewriter, loc, adaptor.getA(),
                    rewriter.getIntegerType(is64 ? 64 : 32));
    Value lo = adapt(rewriter, loc, a, w.i32);
    Value hi = is64 ? adapt(rewriter, loc,
                            arith::ShRUIOp::create(
                                rewriter, loc, a,
                                intConst(rewriter, loc, a.getType(), 32)),
                            w.i32)
                    : Value();
    Value part = w.and_(w.activeMask(), member);
    Value eqMask = w.c(0);
    for (int j = 0; j < 32; ++j) {
      Value jv = w.c(j);
      Value eq =
          w.cmp(arith::CmpIPredicate::eq, w.readLane(lo, jv, member), lo);
      if (hi)
        eq = w.and_(eq, w.cmp(arith::CmpIPredicate::eq,
                              w.readLane(hi, jv, member), hi));
      Value bit = arith::ShLIOp::create(
          rewriter, loc, arith::ExtUIOp::create(rewriter, loc, w.i32, eq), jv);
      eqMask = w.or_(eqMask, bit);
    }
    eqMask = w.and_(eqMask, part);
    SmallVector<Value> results;
    if (op.getMode() == MatchMode::any) {
      results.push_back(eqMask);
    } else {
      Value all = w.cmp(arith::CmpIPredicate::eq, eqMask, part);
      results.push_back(w.sel(all, part, w.c(0)));
      if (op.getP())
        results.push_back(all);
    }
    replaceWithAdapted(rewriter, op, results);
    return success();
  }
};

struct ReduxLowering : public PTXPattern<ReduxSyncOp> {
  using PTXPattern::PTXPattern;

  /// Folds `a` of the participating lanes (active and in `member`), lane 0
  /// first, into `acc` with `combine(acc, value of lane j)`.
  static Value foldLanes(WarpBuilder &w, Builder &rewriter, Location loc,
                         Value a, Value member, Value acc,
                         function_ref<Value(Value, Value)> combine) {
    Value part = w.and_(w.activeMask(), member);
    for (int j = 0; j < 32; ++j) {
      Value jv = w.c(j);
      Value v = w.readLane(a, jv, member);
      Value in =
          w.cmp(arith::CmpIPredicate::ne,
                w.and_(arith::ShRUIOp::create(rewriter, loc, part, jv), w.c(1)),
                w.c(0));
      acc = w.sel(in, combine(acc, v), acc);
    }
    return acc;
  }

  /// redux.sync.{min,max}{.abs}{.NaN}.f32: min/max's NaN rules over the
  /// participating lanes. The start value is the identity: a NaN, which
  /// min/max without .NaN skip, or the infinity on the far side with .NaN.
  LogicalResult lowerFloat(ReduxSyncOp op, OpAdaptor adaptor,
                           Builder &rewriter) const {
    if (op.getType() != PTXType::f32 || (op.getOp() != ReduxOperation::min &&
                                         op.getOp() != ReduxOperation::max))
      return unsupported(rewriter, op, "this redux.sync operation");
    Location loc = op.getLoc();
    WarpBuilder w(rewriter, loc, state);
    auto f32 = rewriter.getF32Type();
    bool isMax = op.getOp() == ReduxOperation::max;
    bool nan = op.getNaN();
    Value member = adapt(rewriter, loc, adaptor.getMembermask(), w.i32);
    Value a = adapt(rewriter, loc, adaptor.getA(), w.i32);
    double start = nan ? (isMax ? -INFINITY : INFINITY) : NAN;
    Value acc = foldLanes(
        w, rewriter, loc, a, member, floatConst(rewriter, loc, f32, start),
        [&](Value acc, Value lane) {
          Value v = arith::BitcastOp::create(rewriter, loc, f32, lane);
          if (op.getAbs())
            v = LLVM::FAbsOp::create(rewriter, loc, v);
          return floatMinMax(rewriter, loc, acc, v, isMax, nan);
        });
    replaceWithAdapted(rewriter, op, acc);
    return success();
  }
  LogicalResult matchAndRewrite(ReduxSyncOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    if (isFloatType(op.getType()))
      return lowerFloat(op, adaptor, rewriter);
    Location loc = op.getLoc();
    WarpBuilder w(rewriter, loc, state);
    Value member = adapt(rewriter, loc, adaptor.getMembermask(), w.i32);
    Value a = adapt(rewriter, loc, adaptor.getA(), w.i32);
    bool sgn = isSignedIntType(op.getType());
    Value acc;
    switch (op.getOp()) {
    case ReduxOperation::add:
    case ReduxOperation::Or:
    case ReduxOperation::Xor:
      acc = w.c(0);
      break;
    case ReduxOperation::And:
      acc = w.c(-1);
      break;
    case ReduxOperation::min:
      acc = w.c(sgn ? INT32_MAX : -1);
      break;
    case ReduxOperation::max:
      acc = w.c(sgn ? INT32_MIN : 0);
      break;
    default:
      return unsupported(rewriter, op, "this redux.sync operation");
    }
    acc = foldLanes(
        w, rewriter, loc, a, member, acc, [&](Value acc, Value v) -> Value {
          switch (op.getOp()) {
          case ReduxOperation::add:
            return arith::AddIOp::create(rewriter, loc, acc, v);
          case ReduxOperation::Or:
            return w.or_(acc, v);
          case ReduxOperation::Xor:
            return w.xor_(acc, v);
          case ReduxOperation::And:
            return w.and_(acc, v);
          case ReduxOperation::min:
            return sgn ? (Value)arith::MinSIOp::create(rewriter, loc, acc, v)
                       : (Value)arith::MinUIOp::create(rewriter, loc, acc, v);
          default:
            return sgn ? (Value)arith::MaxSIOp::create(rewriter, loc, acc, v)
                       : (Value)arith::MaxUIOp::create(rewriter, loc, acc, v);
          }
        });
    replaceWithAdapted(rewriter, op, acc);
    return success();
  }
};

struct ElectLowering : public PTXPattern<ElectSyncOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(ElectSyncOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    WarpBuilder w(rewriter, loc, state);
    Value member = adapt(rewriter, loc, adaptor.getMembermask(), w.i32);
    Value part = w.and_(w.activeMask(), member);
    Value leader = adapt(
        rewriter, loc,
        LLVM::CountTrailingZerosOp::create(rewriter, loc, part, false), w.i32);
    Value isLeader = w.cmp(arith::CmpIPredicate::eq, leader, w.lane);
    rewriter.replaceOp(
        op, {adapt(rewriter, loc, leader, op.getD().getType()), isLeader});
    return success();
  }
};

} // namespace

void lowering::populateWarpPatterns(SharedTypeConverter &tc,
                                    RewritePatternSet &p, LoweringState &s) {
  p.add<ShflLowering, VoteLowering, ActivemaskLowering, MatchLowering,
        ReduxLowering, ElectLowering>(tc, p.getContext(), s);
}
