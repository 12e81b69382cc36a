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
    // The back edge of a loop under `.pragma "nounroll"`: an llvm branch,
    // which can carry the loop metadata.
    LLVM::LoopAnnotationAttr noUnroll;
    if (op->hasAttr(kNoUnrollAttr)) {
      MLIRContext *ctx = op.getContext();
      auto unroll = LLVM::LoopUnrollAttr::get(ctx, BoolAttr::get(ctx, true), {},
                                              {}, {}, {}, {}, {});
      noUnroll = LLVM::LoopAnnotationAttr::get(
          ctx, {}, {}, {}, unroll, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {});
    }
    if (!adaptor.getGuard()) {
      if (noUnroll)
        rewriter
            .replaceOpWithNewOp<LLVM::BrOp>(op, adaptor.getDestOperands(),
                                            op.getDest())
            .setLoopAnnotationAttr(noUnroll);
      else
        rewriter.replaceOpWithNewOp<cf::BranchOp>(op, op.getDest(),
                                                  adaptor.getDestOperands());
      return success();
    }
    Value cond =
        guardCondition(rewriter, loc, adaptor.getGuard(), op.getGuardNeg());
    if (noUnroll)
      rewriter
          .replaceOpWithNewOp<LLVM::CondBrOp>(
              op, cond, op.getDest(), adaptor.getDestOperands(),
              op.getFallthrough().front(), ValueRange{})
          .setLoopAnnotationAttr(noUnroll);
    else
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
    Value index =
        adapt(rewriter, loc, adaptor.getIndex(), rewriter.getI32Type());
    SmallVector<int32_t> values;
    SmallVector<ValueRange> operands(targets.size() - 1, ValueRange{});
    for (unsigned i = 0; i + 1 < targets.size(); ++i)
      values.push_back(i);
    Block *current = rewriter.getInsertionBlock();
    Block *switchBlock = current;
    if (fallthrough) {
      switchBlock = rewriter.splitBlock(current, rewriter.getInsertionPoint());
      rewriter.setInsertionPointToEnd(current);
      Value cond =
          guardCondition(rewriter, loc, adaptor.getGuard(), op.getGuardNeg());
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

/// The return value of `fn`, which returns the exit flag: `value` (null
/// for none, poison when exiting) and the flag.
Value exitReturn(OpBuilder &b, Location loc, LLVM::LLVMFuncOp fn, Value value,
                 bool exited) {
  Type t = fn.getFunctionType().getReturnType();
  Value flag = intConst(b, loc, b.getI1Type(), exited);
  auto st = dyn_cast<LLVM::LLVMStructType>(t);
  if (!st)
    return flag;
  if (!value)
    value = LLVM::PoisonOp::create(b, loc, st.getBody()[0]);
  Value r = LLVM::PoisonOp::create(b, loc, st);
  r = LLVM::InsertValueOp::create(b, loc, r, value, ArrayRef<int64_t>{0});
  return LLVM::InsertValueOp::create(b, loc, r, flag, ArrayRef<int64_t>{1});
}

/// After a call that returns the exit flag: splits the block and returns
/// from the caller when the callee exited; gives the call's value (null for
/// none).
Value unwindAfterCall(ConversionPatternRewriter &rewriter, Location loc,
                      Value result) {
  auto caller = rewriter.getInsertionBlock()
                    ->getParent()
                    ->getParentOfType<LLVM::LLVMFuncOp>();
  Value flag = result, value;
  if (isa<LLVM::LLVMStructType>(result.getType())) {
    value = LLVM::ExtractValueOp::create(rewriter, loc, result,
                                         ArrayRef<int64_t>{0});
    flag = LLVM::ExtractValueOp::create(rewriter, loc, result,
                                        ArrayRef<int64_t>{1});
  }
  Block *current = rewriter.getInsertionBlock();
  Block *rest = rewriter.splitBlock(current, rewriter.getInsertionPoint());
  Block *exitBlock = rewriter.createBlock(rest);
  if (returnsExitFlag(caller))
    LLVM::ReturnOp::create(rewriter, loc,
                           exitReturn(rewriter, loc, caller, Value(), true));
  else
    LLVM::ReturnOp::create(rewriter, loc, ValueRange{});
  rewriter.setInsertionPointToEnd(current);
  cf::CondBranchOp::create(rewriter, loc, flag, exitBlock, ValueRange{}, rest,
                           ValueRange{});
  rewriter.setInsertionPointToStart(rest);
  return value;
}

/// `ret` and `exit`. In a kernel both return: the thread ends. In a
/// `.func`, `exit` needs the exit flag (LoweringState::exitUnwinds): the
/// function returns with the flag set, and each caller returns in turn.
template <typename OpT> struct ReturnLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto fn = op->template getParentOfType<LLVM::LLVMFuncOp>();
    bool exits = std::is_same_v<OpT, ExitOp>;
    assert((!exits || fn->hasAttr("ptx.kernel") || returnsExitFlag(fn)) &&
           "an exiting .func without the exit flag");
    // A promoted return parameter is loaded from its slot.
    auto returnValue = [&](OpBuilder &b) -> SmallVector<Value> {
      Value v;
      auto it = this->state.returnSlots.find(fn);
      if (it != this->state.returnSlots.end()) {
        Type t = valueReturnType(fn);
        v = LLVM::LoadOp::create(b, loc, t, it->second,
                                 t.getIntOrFloatBitWidth() / 8);
      }
      if (!returnsExitFlag(fn))
        return v ? SmallVector<Value>{v} : SmallVector<Value>{};
      return {exitReturn(b, loc, fn, v, exits)};
    };
    if (!adaptor.getGuard()) {
      SmallVector<Value> rv = returnValue(rewriter);
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, rv);
      return success();
    }
    Block *current = op->getBlock();
    Block *retBlock = rewriter.createBlock(current->getParent());
    LLVM::ReturnOp::create(rewriter, loc, returnValue(rewriter));
    rewriter.setInsertionPoint(op);
    Value cond =
        guardCondition(rewriter, loc, adaptor.getGuard(), op.getGuardNeg());
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
    // A single scalar return parameter comes back as the call's value and
    // is stored into the caller's buffer.
    ArrayAttr retParams = op.getProtoRetsAttr();
    LLVM::LLVMFuncOp fn;
    if (auto callee = op.getCalleeAttr()) {
      auto module = op->getParentOfType<ModuleOp>();
      fn = module.lookupSymbol<LLVM::LLVMFuncOp>(callee.getAttr());
      if (!fn)
        return unsupported(rewriter, op, "a call of an undeclared function");
    }
    Type retType;
    if (fn) {
      retType = valueReturnType(fn);
    } else {
      retType = promotedReturnType(getContext(), retParams);
    }
    SmallVector<Value> args;
    Value retBuf;
    if (retType) {
      if (adaptor.getRets().size() != 1)
        return op.emitError("call without its return parameter");
      retBuf = adaptor.getRets()[0];
    } else {
      llvm::append_range(args, adaptor.getRets());
    }
    llvm::append_range(args, adaptor.getArgs());
    auto storeResult = [&](Value result) {
      if (!retType)
        return;
      unsigned bytes = retType.getIntOrFloatBitWidth() / 8;
      if (isa<LLVM::LLVMPointerType>(retBuf.getType()))
        LLVM::StoreOp::create(rewriter, loc, result, retBuf, bytes);
    };
    if (fn) {
      if (fn.getNumArguments() != args.size())
        return op.emitError()
               << "call of '" << fn.getName() << "' with " << args.size()
               << " arguments, expected " << fn.getNumArguments();
      for (auto [i, a] : llvm::enumerate(args))
        args[i] = adapt(rewriter, loc, a, fn.getArgumentTypes()[i]);
      auto call = LLVM::CallOp::create(rewriter, loc, fn, args);
      Value result = call.getNumResults() ? call.getResult() : Value();
      if (returnsExitFlag(fn))
        result = unwindAfterCall(rewriter, loc, result);
      if (retType)
        storeResult(result);
      rewriter.eraseOp(op);
      return success();
    }
    // Indirect: the signature follows from the arguments.
    SmallVector<Type> types;
    for (Value a : args)
      types.push_back(a.getType());
    // With exits unwinding, every defined .func returns the exit flag.
    Type llvmRetType =
        state.exitUnwinds ? withExitFlag(getContext(), retType) : retType;
    auto fnType = LLVM::LLVMFunctionType::get(
        llvmRetType ? llvmRetType : LLVM::LLVMVoidType::get(getContext()),
        types);
    Value target = adaptor.getCalleePtr();
    if (!target)
      return unsupported(rewriter, op, "a call without a target");
    Value ptr = LLVM::IntToPtrOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(getContext()),
        adapt(rewriter, loc, target, rewriter.getI64Type()));
    SmallVector<Value> operands{ptr};
    llvm::append_range(operands, args);
    auto call = LLVM::CallOp::create(rewriter, loc, fnType, operands);
    Value result = call.getNumResults() ? call.getResult() : Value();
    if (state.exitUnwinds)
      result = unwindAfterCall(rewriter, loc, result);
    if (retType)
      storeResult(result);
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
    // Hints: markNoUnrollLoops has read them (Pragmas.cpp).
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
        NoEffectLowering<NanosleepOp>, PragmaLowering, UndefLowering>(
      tc, p.getContext(), s);
}
