//===- SyncOps.cpp - barriers, membar, fence ------------------------------===//

#include "Lowering.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

using Builder = ConversionPatternRewriter;

Value asI32(Builder &b, Location loc, Value v) {
  return v ? adapt(b, loc, v, b.getI32Type()) : Value();
}

template <typename OpT> struct BarSyncLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    wave::BarrierOp::create(rewriter, loc, asI32(rewriter, loc, adaptor.getA()),
                            asI32(rewriter, loc, adaptor.getB()),
                            this->state.opId());
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename OpT> struct BarArriveLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    wave::BarrierArriveOp::create(
        rewriter, loc, asI32(rewriter, loc, adaptor.getA()),
        asI32(rewriter, loc, adaptor.getB()), this->state.opId());
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename OpT> struct BarRedLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    wave::BarrierRed kind;
    Type resTy = rewriter.getI1Type();
    switch (op.getOp()) {
    case ReduxOperation::popc:
      kind = wave::BarrierRed::popc;
      resTy = rewriter.getI32Type();
      break;
    case ReduxOperation::And:
      kind = wave::BarrierRed::And;
      break;
    case ReduxOperation::Or:
      kind = wave::BarrierRed::Or;
      break;
    default:
      return unsupported(rewriter, op, "this bar.red operation");
    }
    Value r = wave::BarrierRedOp::create(
        rewriter, loc, resTy, kind, adaptor.getC(),
        asI32(rewriter, loc, adaptor.getA()),
        asI32(rewriter, loc, adaptor.getB()), this->state.opId());
    replaceWithAdapted(rewriter, op, r);
    return success();
  }
};

struct MembarLowering : public PTXPattern<MembarOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(MembarOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    if (op.getProxy()) {
      // There is no asynchronous proxy: nothing to order.
      rewriter.eraseOp(op);
      return success();
    }
    wave::Scope scope = wave::Scope::sys;
    if (auto level = op.getLevel())
      scope = *level == MembarLevel::cta  ? wave::Scope::cta
              : *level == MembarLevel::gl ? wave::Scope::gpu
                                          : wave::Scope::sys;
    rewriter.replaceOpWithNewOp<wave::FenceOp>(op, scope);
    return success();
  }
};

struct FenceLowering : public PTXPattern<FenceOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(FenceOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    rewriter.replaceOpWithNewOp<wave::FenceOp>(op, toWaveScope(op.getScope()));
    return success();
  }
};

/// bar.warp.sync: the lanes of a warp run in lockstep on every back end;
/// what remains is ordering their memory accesses.
struct BarWarpSyncLowering : public PTXPattern<BarWarpSyncOp> {
  using PTXPattern::PTXPattern;
  LogicalResult matchAndRewrite(BarWarpSyncOp op, OpAdaptor adaptor,
                                Builder &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Value mask =
        adapt(rewriter, loc, adaptor.getMembermask(), rewriter.getI32Type());
    wave::WarpSyncOp::create(rewriter, loc, mask, this->state.opId());
    rewriter.replaceOpWithNewOp<wave::FenceOp>(op, wave::Scope::cta);
    return success();
  }
};

} // namespace

void lowering::populateSyncPatterns(SharedTypeConverter &tc,
                                    RewritePatternSet &p, LoweringState &s) {
  p.add<BarSyncLowering<BarSyncOp>, BarSyncLowering<BarrierSyncOp>,
        BarArriveLowering<BarArriveOp>, BarArriveLowering<BarrierArriveOp>,
        BarRedLowering<BarRedOp>, BarRedLowering<BarrierRedOp>, MembarLowering,
        FenceLowering, NoEffectLowering<FenceProxyOp>, BarWarpSyncLowering>(
      tc, p.getContext(), s);
}
