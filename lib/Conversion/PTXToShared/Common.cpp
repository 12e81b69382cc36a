//===- Common.cpp - helpers shared by the ptx → shared patterns -----------===//

#include "Lowering.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

SharedTypeConverter::SharedTypeConverter(MLIRContext *ctx) {
  addConversion([](Type t) { return t; });
  addConversion([ctx](CCType) -> Type { return IntegerType::get(ctx, 1); });
  addConversion([ctx](ParamBufType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, kGeneric);
  });
  auto cast = [](OpBuilder &b, Type t, ValueRange in, Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, t, in).getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
}

static unsigned bitWidth(Type t) { return t.getIntOrFloatBitWidth(); }

Value lowering::adapt(OpBuilder &b, Location loc, Value v, Type to, bool sext) {
  Type from = v.getType();
  if (from == to)
    return v;
  MLIRContext *ctx = b.getContext();
  // Go through integers of the two widths.
  if (!isa<IntegerType>(from))
    v = arith::BitcastOp::create(b, loc, IntegerType::get(ctx, bitWidth(from)),
                                 v);
  unsigned fw = bitWidth(from), tw = bitWidth(to);
  Type toInt = IntegerType::get(ctx, tw);
  if (fw > tw)
    v = arith::TruncIOp::create(b, loc, toInt, v);
  else if (fw < tw)
    v = sext && fw > 1 ? (Value)arith::ExtSIOp::create(b, loc, toInt, v)
                       : (Value)arith::ExtUIOp::create(b, loc, toInt, v);
  if (!isa<IntegerType>(to))
    v = arith::BitcastOp::create(b, loc, to, v);
  return v;
}

Value lowering::intConst(OpBuilder &b, Location loc, Type t, int64_t v) {
  return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v));
}

Value lowering::floatConst(OpBuilder &b, Location loc, Type t, double v) {
  return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, v));
}

Value lowering::flushSubnormal(OpBuilder &b, Location loc, Value f) {
  if (!f.getType().isF32())
    return f;
  Value abs = LLVM::FAbsOp::create(b, loc, f);
  Value tiny = floatConst(b, loc, f.getType(), 0x1p-126);
  Value isSub =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, abs, tiny);
  Value zero = floatConst(b, loc, f.getType(), 0.0);
  Value signedZero = LLVM::CopySignOp::create(b, loc, zero, f);
  return arith::SelectOp::create(b, loc, isSub, signedZero, f);
}

Value lowering::saturateUnit(OpBuilder &b, Location loc, Value f) {
  Type t = f.getType();
  Value zero = floatConst(b, loc, t, 0.0), one = floatConst(b, loc, t, 1.0);
  Value gt0 = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, f, zero);
  Value lt1 = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, f, one);
  Value upper = arith::SelectOp::create(b, loc, lt1, f, one);
  return arith::SelectOp::create(b, loc, gt0, upper, zero);
}

unsigned lowering::addrSpaceOf(std::optional<StateSpace> space) {
  if (!space)
    return kGeneric;
  switch (*space) {
  case StateSpace::global:
    return kGlobal;
  case StateSpace::shared:
  case StateSpace::shared_cta:
  // Clusters have one CTA (SpecialRegs.cpp): the shared::cluster window is
  // the CTA's own shared memory, with the same addresses.
  case StateSpace::shared_cluster:
    return kShared;
  case StateSpace::Const:
    return kConst;
  case StateSpace::local:
    return kLocal;
  default:
    return kGeneric;
  }
}

LogicalResult lowering::unsupported(ConversionPatternRewriter &rewriter,
                                    Operation *op, const Twine &what) {
  op->emitError() << "lowering of " << what << " is not supported yet";
  return failure();
}

LogicalResult lowering::checkUnguarded(ConversionPatternRewriter &rewriter,
                                       Operation *op) {
  if (auto pred = dyn_cast<PredicableOpInterface>(op))
    if (pred.getGuard())
      return rewriter.notifyMatchFailure(op, "guarded: run predication first");
  return success();
}

void lowering::replaceWithAdapted(ConversionPatternRewriter &rewriter,
                                  Operation *op, ValueRange values, bool sext) {
  SmallVector<Value> out;
  for (auto [v, r] : llvm::zip(values, op->getResults()))
    out.push_back(adapt(
        rewriter, op->getLoc(), v,
        isa<CCType>(r.getType()) ? rewriter.getI1Type() : r.getType(), sext));
  rewriter.replaceOp(op, out);
}

FailureOr<Value> lowering::lowerAddress(ConversionPatternRewriter &rewriter,
                                        Operation *op, LoweringState &state,
                                        Value base, FlatSymbolRefAttr sym,
                                        int64_t offset,
                                        std::optional<StateSpace> space) {
  Location loc = op->getLoc();
  MLIRContext *ctx = rewriter.getContext();
  unsigned as = addrSpaceOf(space);
  LLVM::LLVMPointerType ptrTy = LLVM::LLVMPointerType::get(ctx, as);
  auto i8 = IntegerType::get(ctx, 8);
  Value ptr;
  if (sym) {
    Operation *func = op->getParentOfType<LLVM::LLVMFuncOp>();
    const SymbolInfo *info = state.lookup(func, sym.getAttr());
    if (!info) {
      op->emitError() << "unknown symbol '" << sym.getValue()
                      << "' in an address";
      return failure();
    }
    switch (info->kind) {
    case SymbolInfo::Global:
      ptr = LLVM::AddressOfOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(ctx, info->addrSpace),
          info->global.getValue());
      break;
    case SymbolInfo::Local:
      ptr = info->value;
      break;
    case SymbolInfo::FuncParam:
    case SymbolInfo::KernelByRefParam:
      ptr = cast<LLVM::LLVMFuncOp>(func).getArgument(info->arg);
      break;
    case SymbolInfo::KernelScalarParam:
      op->emitError() << "the address of kernel parameter '" << sym.getValue()
                      << "' is not supported yet";
      return failure();
    }
    // Parameters stay in their own space (kernarg or the caller's buffer).
    bool isParam = space && (*space == StateSpace::param ||
                             *space == StateSpace::param_entry ||
                             *space == StateSpace::param_func);
    if (isParam) {
      ptrTy = cast<LLVM::LLVMPointerType>(ptr.getType());
      as = ptrTy.getAddressSpace();
    }
    if (cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace() != as)
      ptr = LLVM::AddrSpaceCastOp::create(rewriter, loc, ptrTy, ptr);
  } else if (base && isa<LLVM::LLVMPointerType>(base.getType())) {
    ptr = base;
    if (cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace() != as)
      ptr = LLVM::AddrSpaceCastOp::create(rewriter, loc, ptrTy, ptr);
  } else {
    Value addr =
        base ? base : intConst(rewriter, loc, rewriter.getI64Type(), 0);
    if (offset) {
      Value off = intConst(rewriter, loc, addr.getType(), offset);
      addr = arith::AddIOp::create(rewriter, loc, addr, off);
      offset = 0;
    }
    // Shared and local addresses are 32-bit window offsets.
    if ((as == kShared || as == kLocal) &&
        addr.getType().getIntOrFloatBitWidth() > 32)
      addr =
          arith::TruncIOp::create(rewriter, loc, rewriter.getI32Type(), addr);
    return LLVM::IntToPtrOp::create(rewriter, loc, ptrTy, addr).getResult();
  }
  if (offset)
    ptr =
        LLVM::GEPOp::create(rewriter, loc, ptrTy, i8, ptr,
                            ArrayRef<LLVM::GEPArg>{intConst(
                                rewriter, loc, rewriter.getI64Type(), offset)});
  return ptr;
}

StringRef lowering::syncScope(std::optional<Scope> scope, Scope dflt) {
  switch (scope.value_or(dflt)) {
  case Scope::cta:
    return "ptx.cta";
  case Scope::cluster:
    return "ptx.cluster";
  case Scope::gpu:
    return "ptx.gpu";
  case Scope::sys:
    return "ptx.sys";
  }
  llvm_unreachable("unknown scope");
}

wave::Scope lowering::toWaveScope(Scope s) {
  switch (s) {
  case Scope::cta:
    return wave::Scope::cta;
  case Scope::cluster:
    return wave::Scope::cluster;
  case Scope::gpu:
    return wave::Scope::gpu;
  case Scope::sys:
    return wave::Scope::sys;
  }
  llvm_unreachable("unknown scope");
}

std::optional<LLVM::AtomicBinOp> lowering::atomicBinOp(AtomOperation op,
                                                       PTXType type) {
  bool isFloat = isFloatType(type), isSigned = isSignedIntType(type);
  switch (op) {
  case AtomOperation::cas:
    return std::nullopt;
  case AtomOperation::add:
    return isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
  case AtomOperation::min:
    return isFloat    ? LLVM::AtomicBinOp::fmin
           : isSigned ? LLVM::AtomicBinOp::min
                      : LLVM::AtomicBinOp::umin;
  case AtomOperation::max:
    return isFloat    ? LLVM::AtomicBinOp::fmax
           : isSigned ? LLVM::AtomicBinOp::max
                      : LLVM::AtomicBinOp::umax;
  case AtomOperation::inc:
    return LLVM::AtomicBinOp::uinc_wrap;
  case AtomOperation::dec:
    return LLVM::AtomicBinOp::udec_wrap;
  case AtomOperation::exch:
    return LLVM::AtomicBinOp::xchg;
  case AtomOperation::And:
    return LLVM::AtomicBinOp::_and;
  case AtomOperation::Or:
    return LLVM::AtomicBinOp::_or;
  case AtomOperation::Xor:
    return LLVM::AtomicBinOp::_xor;
  }
  llvm_unreachable("unknown atomic operation");
}

Block *lowering::splitHere(RewriterBase &rewriter) {
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  rewriter.setInsertionPointToEnd(before);
  return after;
}

void lowering::emitLoop(RewriterBase &rewriter, Location loc, Value n,
                        function_ref<void(Value)> body) {
  auto i64 = rewriter.getI64Type();
  Block *before = rewriter.getInsertionBlock();
  Block *after = splitHere(rewriter);
  Block *header = rewriter.createBlock(after, {i64}, {loc});
  Block *bodyBlock = rewriter.createBlock(after);
  Value k = header->getArgument(0);
  rewriter.setInsertionPointToStart(bodyBlock);
  body(k);
  Value one = intConst(rewriter, loc, i64, 1);
  cf::BranchOp::create(
      rewriter, loc, header,
      ValueRange{arith::AddIOp::create(rewriter, loc, k, one)});
  rewriter.setInsertionPointToEnd(header);
  Value more =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, k, n);
  cf::CondBranchOp::create(rewriter, loc, more, bodyBlock, after);
  rewriter.setInsertionPointToEnd(before);
  cf::BranchOp::create(rewriter, loc, header,
                       ValueRange{intConst(rewriter, loc, i64, 0)});
  rewriter.setInsertionPointToStart(after);
}

Value lowering::atomicFloatMinMax(RewriterBase &rewriter, Location loc,
                                  Value ptr, Value b, bool isMax,
                                  LLVM::AtomicOrdering ordering, StringRef ss,
                                  unsigned align) {
  Type valTy = b.getType();
  Type intTy = rewriter.getIntegerType(align * 8);
  Value first =
      LLVM::LoadOp::create(rewriter, loc, intTy, ptr, align, false, false,
                           false, false, LLVM::AtomicOrdering::monotonic, ss);
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *loop = rewriter.createBlock(after, {intTy}, {loc});
  rewriter.setInsertionPointToEnd(before);
  LLVM::BrOp::create(rewriter, loc, ValueRange{first}, loop);
  rewriter.setInsertionPointToEnd(loop);
  Value cur = loop->getArgument(0);
  Value curV = LLVM::BitcastOp::create(rewriter, loc, valTy, cur);
  Value next;
  if (auto vt = dyn_cast<VectorType>(valTy)) {
    next = LLVM::UndefOp::create(rewriter, loc, vt);
    for (int64_t i = 0; i < vt.getNumElements(); ++i) {
      Value idx = intConst(rewriter, loc, rewriter.getI32Type(), i);
      Value x = LLVM::ExtractElementOp::create(rewriter, loc, curV, idx);
      Value y = LLVM::ExtractElementOp::create(rewriter, loc, b, idx);
      next = LLVM::InsertElementOp::create(
          rewriter, loc, next, floatMinMax(rewriter, loc, x, y, isMax, false),
          idx);
    }
  } else {
    next = floatMinMax(rewriter, loc, curV, b, isMax, false);
  }
  next = LLVM::BitcastOp::create(rewriter, loc, intTy, next);
  LLVM::AtomicOrdering failure =
      ordering == LLVM::AtomicOrdering::acq_rel ||
              ordering == LLVM::AtomicOrdering::acquire
          ? LLVM::AtomicOrdering::acquire
          : LLVM::AtomicOrdering::monotonic;
  Value pair = LLVM::AtomicCmpXchgOp::create(rewriter, loc, ptr, cur, next,
                                             ordering, failure, ss, align);
  Value seen = LLVM::ExtractValueOp::create(rewriter, loc, pair, 0);
  Value ok = LLVM::ExtractValueOp::create(rewriter, loc, pair, 1);
  LLVM::CondBrOp::create(rewriter, loc, ok, after, ValueRange{}, loop,
                         ValueRange{seen});
  rewriter.setInsertionPointToStart(after);
  return LLVM::BitcastOp::create(rewriter, loc, valTy, cur);
}
