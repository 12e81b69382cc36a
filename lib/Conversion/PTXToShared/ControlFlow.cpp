//===- ControlFlow.cpp - bra, brx.idx, ret, exit, call, trap --------------===//

#include "Lowering.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

Value guardCondition(OpBuilder &b, Location loc, Value guard, bool neg) {
  if (!neg)
    return guard;
  Value one = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  return arith::XOrIOp::create(b, loc, guard, one);
}

struct BraLowering : public PTXPattern<BraOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(BraOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!adaptor.getGuard()) {
      rewriter.replaceOpWithNewOp<cf::BranchOp>(op, op.getDest(),
                                                adaptor.getDestOperands());
      return success();
    }
    Value cond = guardCondition(rewriter, loc, adaptor.getGuard(),
                                op.getGuardNeg());
    rewriter.replaceOpWithNewOp<cf::CondBranchOp>(
        op, cond, op.getDest(), adaptor.getDestOperands(),
        op.getFallthrough().front(), ValueRange{});
    return success();
  }
};

struct BrxIdxLowering : public PTXPattern<BrxIdxOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(BrxIdxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Block *> targets(op.getTargets());
    Block *fallthrough = nullptr;
    if (adaptor.getGuard()) {
      fallthrough = targets.back();
      targets.pop_back();
    }
    if (targets.empty())
      return unsupported(rewriter, op, "brx.idx without targets");
    // An index outside the list is undefined in PTX; take the last target.
    Value index = adapt(rewriter, loc, adaptor.getIndex(), rewriter.getI32Type());
    SmallVector<int32_t> values;
    SmallVector<ValueRange> operands(targets.size() - 1, ValueRange{});
    for (unsigned i = 0; i + 1 < targets.size(); ++i)
      values.push_back(i);
    Block *current = rewriter.getInsertionBlock();
    Block *switchBlock = current;
    if (fallthrough) {
      switchBlock = rewriter.splitBlock(current, rewriter.getInsertionPoint());
      rewriter.setInsertionPointToEnd(current);
      Value cond = guardCondition(rewriter, loc, adaptor.getGuard(),
                                  op.getGuardNeg());
      cf::CondBranchOp::create(rewriter, loc, cond, switchBlock, ValueRange{},
                               fallthrough, ValueRange{});
      rewriter.setInsertionPointToStart(switchBlock);
    }
    cf::SwitchOp::create(rewriter, loc, index, targets.back(), ValueRange{},
                         ArrayRef<int32_t>(values),
                         ArrayRef<Block *>(targets).drop_back(), operands);
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename OpT>
struct ReturnLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto fn = op->template getParentOfType<LLVM::LLVMFuncOp>();
    if (std::is_same_v<OpT, ExitOp> && fn && !fn->hasAttr("ptx.kernel"))
      return unsupported(rewriter, op, "'exit' inside a .func");
    if (!adaptor.getGuard()) {
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange{});
      return success();
    }
    Block *current = op->getBlock();
    Block *retBlock = rewriter.createBlock(current->getParent());
    LLVM::ReturnOp::create(rewriter, loc, ValueRange{});
    rewriter.setInsertionPoint(op);
    Value cond = guardCondition(rewriter, loc, adaptor.getGuard(),
                                op.getGuardNeg());
    rewriter.replaceOpWithNewOp<cf::CondBranchOp>(
        op, cond, retBlock, ValueRange{}, op.getFallthrough().front(),
        ValueRange{});
    return success();
  }
};

/// A call-scope .param buffer: a stack slot in the function's entry block,
/// passed as a generic pointer.
struct ParamBufLowering : public PTXPattern<ParamBufOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(ParamBufOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto fn = op->getParentOfType<LLVM::LLVMFuncOp>();
    int64_t elem = std::max(1u, getTypeBitWidth(op.getType()) / 8);
    int64_t size = elem * std::max<int64_t>(1, op.getCount());
    int64_t align = op.getAlign() ? *op.getAlign() : elem;
    Value ptr;
    {
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(&fn.getBody().front());
      Value one = intConst(rewriter, loc, rewriter.getI64Type(), 1);
      ptr = LLVM::AllocaOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(getContext(), kLocal),
          LLVM::LLVMArrayType::get(rewriter.getI8Type(), size), one, align);
    }
    rewriter.replaceOpWithNewOp<LLVM::AddrSpaceCastOp>(
        op, LLVM::LLVMPointerType::get(getContext(), kGeneric), ptr);
    return success();
  }
};

struct CallLowering : public PTXPattern<CallOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> args(adaptor.getRets());
    llvm::append_range(args, adaptor.getArgs());
    if (auto callee = op.getCalleeAttr()) {
      auto module = op->getParentOfType<ModuleOp>();
      auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(callee.getAttr());
      if (!fn)
        return unsupported(rewriter, op, "a call of an undeclared function");
      if (fn.getNumArguments() != args.size())
        return op.emitError() << "call of '" << callee.getValue() << "' with "
                              << args.size() << " arguments, expected "
                              << fn.getNumArguments();
      for (auto [i, a] : llvm::enumerate(args))
        args[i] = adapt(rewriter, loc, a, fn.getArgumentTypes()[i]);
      LLVM::CallOp::create(rewriter, loc, fn, args);
      rewriter.eraseOp(op);
      return success();
    }
    // Indirect: the signature follows from the arguments.
    SmallVector<Type> types;
    for (Value a : args)
      types.push_back(a.getType());
    auto fnType = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(getContext()), types);
    Value target = adaptor.getCalleePtr();
    if (!target)
      return unsupported(rewriter, op, "a call without a target");
    Value ptr = LLVM::IntToPtrOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(getContext()),
        adapt(rewriter, loc, target, rewriter.getI64Type()));
    SmallVector<Value> operands{ptr};
    llvm::append_range(operands, args);
    LLVM::CallOp::create(rewriter, loc, fnType, operands);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TrapLowering : public PTXPattern<TrapOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(TrapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    rewriter.replaceOpWithNewOp<wave::TrapOp>(op);
    return success();
  }
};

/// Instructions with no effect on the program's state: a breakpoint
/// without a debugger, a profiler event, a sleep of length zero (PTX allows
/// any duration in [0, 2t]).
template <typename OpT>
struct NoEffectLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// A register read before any write: a frozen poison, never undefined
/// behaviour.
struct UndefLowering : public PTXPattern<UndefOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(UndefOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type t = getTypeConverter()->convertType(op.getType());
    Value p = LLVM::PoisonOp::create(rewriter, op.getLoc(), t);
    rewriter.replaceOpWithNewOp<LLVM::FreezeOp>(op, p);
    return success();
  }
};

struct PragmaLowering : public PTXPattern<PragmaOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(PragmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // `.pragma "nounroll"` is an optimisation hint.
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void lowering::populateControlFlowPatterns(SharedTypeConverter &tc,
                                           RewritePatternSet &p,
                                           LoweringState &s) {
  p.add<BraLowering, BrxIdxLowering, ReturnLowering<RetOp>,
        ReturnLowering<ExitOp>, ParamBufLowering, CallLowering, TrapLowering,
        NoEffectLowering<BrkptOp>, NoEffectLowering<PmeventOp>,
        NoEffectLowering<NanosleepOp>, PragmaLowering, UndefLowering>(tc, p.getContext(), s);
}
