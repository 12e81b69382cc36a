//===- MemoryOps.cpp - ld, st, cvta, isspacep, addresses, atom, red -------===//
//
// Memory accesses become LLVM loads and stores through pointers of the
// state space's address space. Memory-ordering scopes are written as the
// sync scopes "ptx.cta", "ptx.cluster", "ptx.gpu" and "ptx.sys"; each back
// end renames them (AMDGPU "workgroup"/"agent"/"", NVPTX "block"/...).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "ptxmlir/Conversion/AtomicAttrs.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

/// Memory instructions default to .gpu.
StringRef syncScope(std::optional<Scope> scope) {
  return lowering::syncScope(scope, Scope::gpu);
}

bool isParamSpace(std::optional<StateSpace> s) {
  return s && (*s == StateSpace::param || *s == StateSpace::param_entry ||
               *s == StateSpace::param_func);
}

/// The memory type of one element: iN of the instruction type's size.
Type memType(MLIRContext *ctx, PTXType t) {
  return IntegerType::get(ctx, std::max(8u, getTypeBitWidth(t)));
}

/// How an ld or st with `.sem` and `.scope` accesses memory: .relaxed and
/// the instruction's own strong order (`strong`: .acquire for ld, .release
/// for st) are atomic accesses at the scope; .mmio is a relaxed system-scope
/// access performed exactly once (volatile); .volatile a volatile access.
struct AccessOrder {
  LLVM::AtomicOrdering ordering = LLVM::AtomicOrdering::not_atomic;
  StringRef syncScope;
  bool isVolatile = false;
  bool isAtomic() const { return ordering != LLVM::AtomicOrdering::not_atomic; }
};

AccessOrder accessOrder(std::optional<MemSem> sem, std::optional<Scope> scope,
                        MemSem strong) {
  AccessOrder a;
  if (!sem)
    return a;
  bool mmio = *sem == MemSem::mmio;
  a.isVolatile = mmio || *sem == MemSem::Volatile;
  if (mmio || *sem == MemSem::relaxed)
    a.ordering = LLVM::AtomicOrdering::monotonic;
  else if (*sem == strong)
    a.ordering = strong == MemSem::acquire ? LLVM::AtomicOrdering::acquire
                                           : LLVM::AtomicOrdering::release;
  if (a.isAtomic())
    a.syncScope = syncScope(mmio ? Scope::sys : scope);
  return a;
}

template <typename OpT>
LogicalResult lowerLoad(OpT op, typename OpT::Adaptor adaptor,
                        ConversionPatternRewriter &rewriter,
                        LoweringState &state, bool invariant,
                        std::optional<MemSem> sem, std::optional<Scope> scope) {
  if (failed(checkUnguarded(rewriter, op)))
    return failure();
  Location loc = op.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  PTXType type = op.getType();
  bool sext = isSignedIntType(type);
  Type elemTy = memType(ctx, type);
  unsigned elemBytes = elemTy.getIntOrFloatBitWidth() / 8;
  unsigned n = op.getD().size();
  auto space = op.getSpace();

  // A scalar kernel parameter is an argument value: take its bytes.
  if (isParamSpace(space) && op.getAddrSymAttr()) {
    Operation *fn = op->template getParentOfType<LLVM::LLVMFuncOp>();
    const SymbolInfo *info = state.lookup(fn, op.getAddrSymAttr().getAttr());
    if (info && info->kind == SymbolInfo::KernelScalarParam) {
      Value arg = cast<LLVM::LLVMFuncOp>(fn).getArgument(info->arg);
      unsigned argBits = arg.getType().getIntOrFloatBitWidth();
      SmallVector<Value> values;
      for (unsigned i = 0; i < n; ++i) {
        int64_t bit = (op.getAddrOffset() + i * elemBytes) * 8;
        if (bit + elemTy.getIntOrFloatBitWidth() > argBits)
          return op.emitError() << "load beyond the end of parameter '"
                                << op.getAddrSymAttr().getValue() << "'";
        Value v = arg;
        if (bit)
          v = arith::ShRUIOp::create(rewriter, loc, v,
                                     intConst(rewriter, loc, v.getType(), bit));
        values.push_back(adapt(rewriter, loc, v, elemTy));
      }
      replaceWithAdapted(rewriter, op, values, sext);
      return success();
    }
  }

  FailureOr<Value> ptr =
      lowerAddress(rewriter, op, state, adaptor.getAddr(), op.getAddrSymAttr(),
                   op.getAddrOffset(), space);
  if (failed(ptr))
    return failure();
  AccessOrder order = accessOrder(sem, scope, MemSem::acquire);
  SmallVector<Value> values;
  if (n > 1 && order.isAtomic()) {
    // A vector access with a memory order is one access of that order per
    // element (the memory model treats its elements separately).
    for (unsigned i = 0; i < n; ++i) {
      Value p = LLVM::GEPOp::create(
          rewriter, loc, (*ptr).getType(), rewriter.getI8Type(), *ptr,
          ArrayRef<LLVM::GEPArg>{(int32_t)(i * elemBytes)});
      values.push_back(LLVM::LoadOp::create(
          rewriter, loc, elemTy, p, elemBytes, order.isVolatile, false, false,
          false, order.ordering, order.syncScope));
    }
  } else if (n == 1) {
    values.push_back(LLVM::LoadOp::create(
        rewriter, loc, elemTy, *ptr, elemBytes, order.isVolatile, false,
        invariant, false, order.ordering, order.syncScope));
  } else {
    auto vecTy = VectorType::get({(int64_t)n}, elemTy);
    Value vec = LLVM::LoadOp::create(rewriter, loc, vecTy, *ptr, elemBytes * n,
                                     order.isVolatile, false, invariant);
    for (unsigned i = 0; i < n; ++i)
      values.push_back(LLVM::ExtractElementOp::create(
          rewriter, loc, vec,
          intConst(rewriter, loc, rewriter.getI32Type(), i)));
  }
  replaceWithAdapted(rewriter, op, values, sext);
  return success();
}

struct LdLowering : public PTXPattern<LdOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(LdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerLoad(op, adaptor, rewriter, state, op.getNc(), op.getSem(),
                     op.getScope());
  }
};

struct LduLowering : public PTXPattern<LduOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(LduOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerLoad(op, adaptor, rewriter, state, /*invariant=*/true,
                     std::nullopt, std::nullopt);
  }
};

struct StLowering : public PTXPattern<StOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(StOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Type elemTy = memType(getContext(), op.getType());
    unsigned elemBytes = elemTy.getIntOrFloatBitWidth() / 8;
    auto values = adaptor.getB();
    unsigned n = values.size();
    FailureOr<Value> ptr =
        lowerAddress(rewriter, op, state, adaptor.getAddr(),
                     op.getAddrSymAttr(), op.getAddrOffset(), op.getSpace());
    if (failed(ptr))
      return failure();
    AccessOrder order =
        accessOrder(op.getSem(), op.getScope(), MemSem::release);
    if (n > 1 && order.isAtomic()) {
      // One access of the order per element, as for loads.
      for (unsigned i = 0; i < n; ++i) {
        Value p = LLVM::GEPOp::create(
            rewriter, loc, (*ptr).getType(), rewriter.getI8Type(), *ptr,
            ArrayRef<LLVM::GEPArg>{(int32_t)(i * elemBytes)});
        LLVM::StoreOp::create(rewriter, loc,
                              adapt(rewriter, loc, values[i], elemTy), p,
                              elemBytes, order.isVolatile, false, false,
                              order.ordering, order.syncScope);
      }
    } else if (n == 1) {
      Value v = adapt(rewriter, loc, values[0], elemTy);
      LLVM::StoreOp::create(rewriter, loc, v, *ptr, elemBytes, order.isVolatile,
                            false, false, order.ordering, order.syncScope);
    } else {
      auto vecTy = VectorType::get({(int64_t)n}, elemTy);
      Value vec = LLVM::UndefOp::create(rewriter, loc, vecTy);
      for (unsigned i = 0; i < n; ++i)
        vec = LLVM::InsertElementOp::create(
            rewriter, loc, vec, adapt(rewriter, loc, values[i], elemTy),
            intConst(rewriter, loc, rewriter.getI32Type(), i));
      LLVM::StoreOp::create(rewriter, loc, vec, *ptr, elemBytes * n,
                            order.isVolatile);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// `mov.u64 %rd, sym`: the address of a variable in its own state space,
/// or of a function.
struct AddressOfLowering : public PTXPattern<AddressOfOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(AddressOfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Operation *fn = op->getParentOfType<LLVM::LLVMFuncOp>();
    Value ptr;
    if (const SymbolInfo *info = state.lookup(fn, op.getSymAttr().getAttr())) {
      std::optional<StateSpace> space;
      switch (info->kind) {
      case SymbolInfo::Global:
        space = info->addrSpace == kShared  ? StateSpace::shared
                : info->addrSpace == kConst ? StateSpace::Const
                                            : StateSpace::global;
        break;
      case SymbolInfo::Local:
        space = StateSpace::local;
        break;
      case SymbolInfo::FuncParam:
        break;
      case SymbolInfo::KernelByRefParam:
        // A kernel parameter's .param address is the generic address of
        // its bytes in the kernarg segment (cvta.param is then the
        // identity).
        break;
      case SymbolInfo::KernelScalarParam:
        // Structure.cpp passes parameters whose address is taken by
        // reference.
        llvm_unreachable("address of a by-value kernel parameter");
      }
      FailureOr<Value> p =
          lowerAddress(rewriter, op, state, Value(), op.getSymAttr(), 0, space);
      if (failed(p))
        return failure();
      ptr = *p;
    } else {
      auto module = op->getParentOfType<ModuleOp>();
      auto callee = module.lookupSymbol<LLVM::LLVMFuncOp>(op.getSymAttr());
      if (!callee)
        return op.emitError() << "unknown symbol '" << op.getSym() << "'";
      ptr = LLVM::AddressOfOp::create(rewriter, loc, callee);
    }
    Value i = LLVM::PtrToIntOp::create(
        rewriter, loc,
        rewriter.getIntegerType(
            cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace() ==
                        kShared ||
                    cast<LLVM::LLVMPointerType>(ptr.getType())
                            .getAddressSpace() == kLocal
                ? 32
                : 64),
        ptr);
    rewriter.replaceOp(op, adapt(rewriter, loc, i, op.getType()));
    return success();
  }
};

Value intToPtr(OpBuilder &b, Location loc, Value v, unsigned as) {
  if ((as == kShared || as == kLocal) &&
      v.getType().getIntOrFloatBitWidth() > 32)
    v = arith::TruncIOp::create(b, loc, b.getI32Type(), v);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), as), v);
}

Value ptrToInt(OpBuilder &b, Location loc, Value p, Type to) {
  unsigned as = cast<LLVM::LLVMPointerType>(p.getType()).getAddressSpace();
  Value v = LLVM::PtrToIntOp::create(
      b, loc, b.getIntegerType(as == kShared || as == kLocal ? 32 : 64), p);
  return adapt(b, loc, v, to);
}

struct CvtaLowering : public PTXPattern<CvtaOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(CvtaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    unsigned as = addrSpaceOf(op.getSpace());
    if (isParamSpace(op.getSpace())) {
      // .param addresses of kernel and .func parameters are generic
      // addresses already (AddressOfLowering).
      replaceWithAdapted(rewriter, op, adaptor.getA());
      return success();
    }
    if (as == kGeneric)
      return unsupported(rewriter, op,
                         "cvta for ." + stringifyStateSpace(op.getSpace()));
    auto generic = LLVM::LLVMPointerType::get(getContext(), kGeneric);
    auto spacePtr = LLVM::LLVMPointerType::get(getContext(), as);
    Value result;
    if (op.getTo()) {
      Value p = intToPtr(rewriter, loc, adaptor.getA(), kGeneric);
      p = LLVM::AddrSpaceCastOp::create(rewriter, loc, spacePtr, p);
      result = ptrToInt(rewriter, loc, p, op.getD().getType());
    } else {
      Value p = intToPtr(rewriter, loc, adaptor.getA(), as);
      p = LLVM::AddrSpaceCastOp::create(rewriter, loc, generic, p);
      result = ptrToInt(rewriter, loc, p, op.getD().getType());
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct IsspacepLowering : public PTXPattern<IsspacepOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(IsspacepOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    wave::Space space;
    switch (op.getSpace()) {
    case StateSpace::global:
      space = wave::Space::global;
      break;
    case StateSpace::shared:
    case StateSpace::shared_cta:
    // A cluster of one CTA: its shared::cluster window is its shared::cta
    // memory.
    case StateSpace::shared_cluster:
      space = wave::Space::shared;
      break;
    case StateSpace::local:
      space = wave::Space::local;
      break;
    case StateSpace::Const:
      space = wave::Space::constant;
      break;
    case StateSpace::param:
    case StateSpace::param_entry:
      space = wave::Space::param;
      break;
    default:
      return unsupported(rewriter, op,
                         "isspacep." + stringifyStateSpace(op.getSpace()));
    }
    Value p = intToPtr(rewriter, loc, adaptor.getA(), kGeneric);
    rewriter.replaceOpWithNewOp<wave::IsSpaceOp>(
        op, rewriter.getI1Type(), wave::SpaceAttr::get(getContext(), space), p);
    return success();
  }
};

/// atom and red.
template <typename OpT> struct AtomicLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  static constexpr bool hasResult = std::is_same_v<OpT, AtomOp>;

  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    PTXType type = op.getType();
    bool isFloat = isFloatType(type);
    bool isSigned = isSignedIntType(type);
    Type valTy;
    switch (type) {
    case PTXType::f16x2:
      valTy = VectorType::get({2}, Float16Type::get(ctx));
      break;
    case PTXType::bf16x2:
      valTy = VectorType::get({2}, BFloat16Type::get(ctx));
      break;
    default:
      valTy = getRegisterType(ctx, type);
    }
    FailureOr<Value> ptr =
        lowerAddress(rewriter, op, this->state, adaptor.getAddr(),
                     op.getAddrSymAttr(), op.getAddrOffset(), op.getSpace());
    if (failed(ptr))
      return failure();
    LLVM::AtomicOrdering ordering = LLVM::AtomicOrdering::monotonic;
    if (auto sem = op.getSem()) {
      switch (*sem) {
      case MemSem::acquire:
        ordering = LLVM::AtomicOrdering::acquire;
        break;
      case MemSem::release:
        ordering = LLVM::AtomicOrdering::release;
        break;
      case MemSem::acq_rel:
        ordering = LLVM::AtomicOrdering::acq_rel;
        break;
      default:
        break;
      }
    }
    StringRef ss = syncScope(op.getScope());
    unsigned align = std::max(1u, getTypeBitWidth(type) / 8);
    auto operand = [&](Value v) -> Value {
      if (isa<VectorType>(valTy))
        return LLVM::BitcastOp::create(
            rewriter, loc, valTy,
            adapt(rewriter, loc, v, rewriter.getI32Type()));
      return adapt(rewriter, loc, v, valTy, isSigned);
    };
    // The verifier admits cas on atom only; red has no .cas or .exch.
    LLVM::AtomicBinOp bin =
        atomicBinOp(op.getOp(), type).value_or(LLVM::AtomicBinOp::xchg);
    // A vector atom/red (.v2/.v4/.v8) is one atomic per element on
    // adjacent addresses: the ISA guarantees atomicity per element only.
    SmallVector<Value> olds;
    for (auto [i, bv] : llvm::enumerate(adaptor.getB())) {
      Value p = *ptr;
      if (i)
        p = LLVM::GEPOp::create(
            rewriter, loc, p.getType(), rewriter.getI8Type(), p,
            ArrayRef<LLVM::GEPArg>{(int32_t)(i * align)});
      Value b = operand(bv);
      Value old;
      if (op.getOp() == AtomOperation::cas) {
        if constexpr (hasResult) {
          Value c = operand(adaptor.getC());
          Value pair = LLVM::AtomicCmpXchgOp::create(
              rewriter, loc, p, b, c, ordering,
              ordering == LLVM::AtomicOrdering::release ||
                      ordering == LLVM::AtomicOrdering::acq_rel
                  ? (ordering == LLVM::AtomicOrdering::acq_rel
                         ? LLVM::AtomicOrdering::acquire
                         : LLVM::AtomicOrdering::monotonic)
                  : ordering,
              ss, align);
          old = LLVM::ExtractValueOp::create(rewriter, loc, pair, 0);
        } else {
          llvm_unreachable("the verifier rejects red.cas");
        }
      } else if (isFloat && (bin == LLVM::AtomicBinOp::fmin ||
                             bin == LLVM::AtomicBinOp::fmax)) {
        old = atomicFloatMinMax(rewriter, loc, p, b,
                                bin == LLVM::AtomicBinOp::fmax, ordering, ss,
                                align);
      } else {
        auto rmw = LLVM::AtomicRMWOp::create(rewriter, loc, bin, p, b, ordering,
                                             ss, align);
        // An H200 flushes the subnormal inputs and results of f32 atom/red
        // adds into global memory (test/Runtime/CUDA/atomic-nan.c; the
        // bulk reductions keep them): a mark for the back ends that write
        // the add themselves (WaveToHost/FloatAtomics.h).
        if (type == PTXType::f32 && bin == LLVM::AtomicBinOp::fadd &&
            (!op.getSpace() || *op.getSpace() == StateSpace::global))
          rmw->setAttr(kAtomicFtzAttr, rewriter.getUnitAttr());
        old = rmw;
      }
      if (isa<VectorType>(valTy))
        old =
            LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(), old);
      olds.push_back(old);
    }
    if constexpr (hasResult)
      replaceWithAdapted(rewriter, op, olds, isSigned);
    else
      rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

/// st.bulk: `size` bytes of shared memory set to 0 (the verifier makes the
/// initial value 0), by an LLVM memset through the .shared::cta or
/// generic address. The manual's restrictions (8-byte alignment, a multiple
/// of 8 bytes) are the program's; the memset needs neither.
struct StBulkLowering : public PTXPattern<StBulkOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(StBulkOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    FailureOr<Value> ptr =
        lowerAddress(rewriter, op, state, adaptor.getAddr(),
                     op.getAddrSymAttr(), op.getAddrOffset(), op.getSpace());
    if (failed(ptr))
      return failure();
    Value size = adapt(rewriter, loc, adaptor.getSize(), rewriter.getI64Type(),
                       /*sext=*/false);
    Value zero = intConst(rewriter, loc, rewriter.getI8Type(), 0);
    LLVM::MemsetOp::create(rewriter, loc, *ptr, zero, size,
                           /*isVolatile=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

/// alloca: an LLVM alloca of `size` bytes in the private (.local) address
/// space, aligned to max(immAlign, 8) (the manual's minimum guaranteed
/// alignment), its address as the .local address. LLVM frees it when the
/// function returns or at a stack restore, as PTX does.
struct AllocaLowering : public PTXPattern<AllocaOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(AllocaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    // The verifier makes the alignment an immediate power of 2.
    int64_t align = 8;
    if (op.getAlign())
      align = std::max<int64_t>(align, getImmediate(op.getAlign()).value_or(8));
    Value size = adapt(rewriter, loc, adaptor.getSize(), rewriter.getI64Type(),
                       /*sext=*/false);
    Value p = LLVM::AllocaOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(getContext(), kLocal),
        rewriter.getI8Type(), size, align);
    rewriter.replaceOp(op, ptrToInt(rewriter, loc, p, op.getPtr().getType()));
    return success();
  }
};

/// stacksave / stackrestore: LLVM's, on the private stack.
struct StacksaveLowering : public PTXPattern<StacksaveOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(StacksaveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Location loc = op.getLoc();
    Value p = LLVM::StackSaveOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(getContext(), kLocal));
    rewriter.replaceOp(op, ptrToInt(rewriter, loc, p, op.getD().getType()));
    return success();
  }
};

struct StackrestoreLowering : public PTXPattern<StackrestoreOp> {
  using PTXPattern::PTXPattern;
  LogicalResult
  matchAndRewrite(StackrestoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    Value p = intToPtr(rewriter, op.getLoc(), adaptor.getA(), kLocal);
    rewriter.replaceOpWithNewOp<LLVM::StackRestoreOp>(op, p);
    return success();
  }
};

void lowering::populateMemoryPatterns(SharedTypeConverter &tc,
                                      RewritePatternSet &p, LoweringState &s) {
  p.add<LdLowering, LduLowering, StLowering, NoEffectLowering<PrefetchOp>,
        NoEffectLowering<PrefetchuOp>, AddressOfLowering, CvtaLowering,
        IsspacepLowering, AtomicLowering<AtomOp>, AtomicLowering<RedOp>,
        AllocaLowering, StacksaveLowering, StackrestoreLowering, StBulkLowering,
        NoEffectLowering<DiscardOp>, NoEffectLowering<ApplypriorityOp>>(
      tc, p.getContext(), s);
}
