//===- WaveToHost.cpp - the shared layer on the CPU agent -----------------===//
//
// The host end of the shared layer; the contract with the CPU agent is
// ptxmlir/Target/Host/HostABI.h. The steps, in order:
//   1. every PTX function gets the thread context as its first argument;
//   2. shared variables get offsets in the block's group segment, float
//      atomic adds become compare-exchange loops with NVIDIA's results
//      (FloatAtomics.h), and every pointer becomes a host pointer (32-bit
//      shared and local addresses are offsets from the group segment and
//      the private window);
//   3. wave ops become context loads or convergent runtime calls;
//   4. each kernel gets an entry that reads its kernarg segment, and the
//      module a metadata note in the AMDHSA v5 shape.
//
//===----------------------------------------------------------------------===//

#include "FloatAtomics.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "ptxmlir/Conversion/AddressSpaces.h"
#include "ptxmlir/Conversion/KernelAttrs.h"
#include "ptxmlir/Conversion/Passes.h"
#include "ptxmlir/Conversion/UndefinedFunctions.h"
#include "ptxmlir/Dialect/Wave/IR/WaveDialect.h"
#include "ptxmlir/Target/AMDGPU/Chip.h"
#include "ptxmlir/Target/Host/HostABI.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::ptx {
#define GEN_PASS_DEF_CONVERTWAVETOHOST
#include "ptxmlir/Conversion/Passes.h.inc"
} // namespace mlir::ptx

using namespace mlir;

namespace {

using ptx::kLocal;
using ptx::kShared;

/// What the metadata note says about one kernel.
struct KernelMeta {
  std::string name;
  SmallVector<std::pair<uint64_t, uint64_t>> args; // offset, size
  /// The last argument's ".name": the per-CTA memory base, when there is one.
  std::string lastArgName;
  uint64_t kernargSize = 0, kernargAlign = 8;
  uint64_t maxThreads = 1024;
  uint64_t groupSegmentSize = 0;
};

struct HostLowering {
  ModuleOp top;
  MLIRContext *ctx;
  OpBuilder b;
  unsigned waveSize;
  std::string chip;
  LLVM::LLVMPointerType ptrTy;
  /// Group-segment offsets of the shared variables, one layout for the
  /// whole module (what functions other than kernels address).
  DenseMap<StringAttr, uint64_t> ldsOffset;
  uint64_t groupSegmentSize = 0;
  /// A kernel that reaches no other function using shared memory has a
  /// layout of its own: only the variables it uses, as CUDA sizes a
  /// kernel's static shared memory. Its offsets and fixed size.
  DenseMap<Operation *, DenseMap<StringAttr, uint64_t>> kernelLdsOffset;
  DenseMap<Operation *, uint64_t> kernelGroupSegmentSize;
  llvm::StringMap<LLVM::GlobalOp> locStrings;
  SmallVector<KernelMeta> kernels;

  HostLowering(ModuleOp top, unsigned waveSize, StringRef chip)
      : top(top), ctx(top.getContext()), b(ctx), waveSize(waveSize), chip(chip),
        ptrTy(LLVM::LLVMPointerType::get(ctx)) {}

  Value i32c(Location loc, int64_t v) {
    return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                    b.getI32IntegerAttr(v));
  }
  Value i64c(Location loc, int64_t v) {
    return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                    b.getI64IntegerAttr(v));
  }
  static Value contextOf(Operation *op) {
    auto fn = op->getParentOfType<LLVM::LLVMFuncOp>();
    return fn.getArgument(0);
  }
  /// A field of the thread context; it never changes while the thread runs.
  Value ctxField(Location loc, Value ctxPtr, unsigned offset, Type t) {
    Value p = LLVM::GEPOp::create(b, loc, ptrTy, b.getI8Type(), ctxPtr,
                                  ArrayRef<LLVM::GEPArg>{(int32_t)offset});
    unsigned align =
        isa<LLVM::LLVMPointerType>(t) ? 8 : t.getIntOrFloatBitWidth() / 8;
    return LLVM::LoadOp::create(b, loc, t, p, align, false, false,
                                /*invariant=*/true);
  }

  //===--------------------------------------------------------------------===//
  // 1. The context argument.
  //===--------------------------------------------------------------------===//

  LogicalResult addContextArgument() {
    SmallVector<LLVM::LLVMFuncOp> fns(top.getOps<LLVM::LLVMFuncOp>());
    DenseSet<StringAttr> ptxFunctions;
    for (LLVM::LLVMFuncOp fn : fns) {
      ptxFunctions.insert(fn.getSymNameAttr());
      fn.setConvergent(true);
      // Fiber stacks end in a guard page: a frame larger than it must touch
      // every page on the way down, or it could skip the guard.
      if (!fn.isExternal()) {
        SmallVector<Attribute> passthrough;
        if (auto a = fn->getAttrOfType<ArrayAttr>("passthrough"))
          llvm::append_range(passthrough, a);
        passthrough.push_back(b.getArrayAttr(
            {b.getStringAttr("probe-stack"), b.getStringAttr("inline-asm")}));
        fn->setAttr("passthrough", b.getArrayAttr(passthrough));
      }
      // LLVMFuncOp cannot rebuild its type itself: do it by hand.
      LLVM::LLVMFunctionType ft = fn.getFunctionType();
      SmallVector<Type> params{ptrTy};
      llvm::append_range(params, ft.getParams());
      auto newType = LLVM::LLVMFunctionType::get(ft.getReturnType(), params,
                                                 ft.isVarArg());
      function_interface_impl::insertFunctionArguments(
          cast<FunctionOpInterface>(fn.getOperation()), {0}, {ptrTy},
          {DictionaryAttr()}, {fn.getLoc()}, ft.getNumParams(), newType);
    }
    WalkResult r = top.walk([&](LLVM::CallOp call) -> WalkResult {
      if (auto callee = call.getCalleeAttr())
        if (!ptxFunctions.contains(callee.getAttr()))
          return WalkResult::advance();
      // A PTX function may hold wave ops: LLVM must not split the lanes
      // that call it together (FunctionAttrs drops this where it can).
      call.setConvergent(true);
      Value c = contextOf(call);
      unsigned at = call.getCalleeAttr() ? 0 : 1;
      SmallVector<Value> operands(call.getCalleeOperands());
      operands.insert(operands.begin() + at, c);
      call.getCalleeOperandsMutable().assign(operands);
      if (auto attrs = call.getArgAttrsAttr()) {
        SmallVector<Attribute> list(attrs.begin(), attrs.end());
        list.insert(list.begin(), DictionaryAttr::get(ctx));
        call.setArgAttrsAttr(b.getArrayAttr(list));
      }
      if (auto vt = call.getVarCalleeType()) {
        SmallVector<Type> params(vt->getParams());
        params.insert(params.begin(), ptrTy);
        call.setVarCalleeType(LLVM::LLVMFunctionType::get(
            vt->getReturnType(), params, vt->isVarArg()));
      }
      return WalkResult::advance();
    });
    return failure(r.wasInterrupted());
  }

  //===--------------------------------------------------------------------===//
  // 2. Shared-memory layout and host pointers.
  //===--------------------------------------------------------------------===//

  /// Lays out the shared globals `use` names (all when null): static ones
  /// in module order, then every `extern .shared` array at one offset
  /// after them. Returns the fixed size.
  uint64_t layout(const DenseSet<StringAttr> *use,
                  DenseMap<StringAttr, uint64_t> &offsets) {
    uint64_t offset = 0;
    SmallVector<LLVM::GlobalOp> dynamic;
    for (auto g : top.getOps<LLVM::GlobalOp>()) {
      if (g.getAddrSpace() != kShared ||
          (use && !use->contains(g.getSymNameAttr())))
        continue;
      if (g.getLinkage() == LLVM::Linkage::External) {
        dynamic.push_back(g);
        continue;
      }
      uint64_t align = g.getAlignment().value_or(4);
      uint64_t size = sizeOf(g.getGlobalType());
      offset = llvm::alignTo(offset, align);
      offsets[g.getSymNameAttr()] = offset;
      offset += size;
    }
    // `extern .shared` arrays all start where the static variables end,
    // aligned for the strictest of them; the padding is part of the fixed
    // size so that fixed + dynamic bytes always suffice.
    if (!dynamic.empty()) {
      uint64_t align = 16;
      for (auto g : dynamic)
        align = std::max<uint64_t>(align, g.getAlignment().value_or(16));
      offset = llvm::alignTo(offset, align);
      for (auto g : dynamic)
        offsets[g.getSymNameAttr()] = offset;
    }
    return offset;
  }

  LogicalResult layoutSharedMemory() {
    groupSegmentSize = layout(nullptr, ldsOffset);
    // Which functions address shared memory (or read its dynamic size),
    // which call whom, which call through pointers.
    DenseMap<Operation *, DenseSet<StringAttr>> used;
    DenseMap<Operation *, SmallVector<Operation *>> callees;
    DenseSet<Operation *> touches, indirect;
    for (auto fn : top.getOps<LLVM::LLVMFuncOp>()) {
      fn.walk([&](Operation *op) {
        if (auto a = dyn_cast<LLVM::AddressOfOp>(op)) {
          if (a.getType().getAddressSpace() == kShared) {
            used[fn].insert(a.getGlobalNameAttr().getAttr());
            touches.insert(fn);
          }
        } else if (isa<wave::SharedSizeOp>(op)) {
          touches.insert(fn);
        } else if (auto call = dyn_cast<LLVM::CallOp>(op)) {
          if (auto callee = call.getCalleeAttr()) {
            if (Operation *t = SymbolTable::lookupSymbolIn(top, callee))
              callees[fn].push_back(t);
          } else {
            indirect.insert(fn);
          }
        }
      });
    }
    for (auto fn : top.getOps<LLVM::LLVMFuncOp>()) {
      if (!fn->hasAttr("ptx.kernel"))
        continue;
      // The kernel keeps the module's layout when a function it reaches
      // addresses shared memory: that function has one offset per variable.
      bool shared = false;
      SmallVector<Operation *> work{fn};
      DenseSet<Operation *> seen{fn};
      while (!work.empty() && !shared) {
        Operation *f = work.pop_back_val();
        shared = indirect.contains(f) || (f != fn && touches.contains(f));
        for (Operation *t : callees.lookup(f))
          if (seen.insert(t).second)
            work.push_back(t);
      }
      if (shared) {
        kernelGroupSegmentSize[fn] = groupSegmentSize;
        continue;
      }
      DenseSet<StringAttr> use = used.lookup(fn);
      kernelGroupSegmentSize[fn] = layout(&use, kernelLdsOffset[fn]);
    }
    for (auto g : top.getOps<LLVM::GlobalOp>())
      if (g.getAddrSpace() == kLocal)
        return g.emitError("module-scope .local variables have no host "
                           "lowering");
    return success();
  }

  uint64_t sizeOf(Type t) {
    if (auto a = dyn_cast<LLVM::LLVMArrayType>(t))
      return a.getNumElements() * sizeOf(a.getElementType());
    if (auto s = dyn_cast<LLVM::LLVMStructType>(t)) {
      uint64_t n = 0;
      for (Type e : s.getBody())
        n += sizeOf(e);
      return n;
    }
    if (isa<LLVM::LLVMPointerType>(t))
      return 8;
    return std::max(1u, t.getIntOrFloatBitWidth() / 8);
  }

  /// The base a 32-bit address of `as` is an offset from.
  Value windowBase(Location loc, Value ctxPtr, unsigned as) {
    return ctxField(loc, ctxPtr,
                    as == kShared ? PTXMLIR_CTX_LDS : PTXMLIR_CTX_LOCAL_BASE,
                    ptrTy);
  }

  LogicalResult rewriteWindowAddresses() {
    SmallVector<Operation *> ops;
    bool bad = false;
    top.walk([&](Operation *op) {
      if (auto a = dyn_cast<LLVM::AddressOfOp>(op)) {
        if (a.getType().getAddressSpace() != kShared)
          return;
        if (!a->getParentOfType<LLVM::LLVMFuncOp>()) {
          a.emitError("the address of a shared variable in an initializer "
                      "has no host lowering");
          bad = true;
          return;
        }
        ops.push_back(op);
      } else if (auto i = dyn_cast<LLVM::IntToPtrOp>(op)) {
        unsigned as =
            cast<LLVM::LLVMPointerType>(i.getType()).getAddressSpace();
        if (as == kShared || as == kLocal)
          ops.push_back(op);
      } else if (auto p = dyn_cast<LLVM::PtrToIntOp>(op)) {
        unsigned as =
            cast<LLVM::LLVMPointerType>(p.getArg().getType()).getAddressSpace();
        if (as == kShared || as == kLocal)
          ops.push_back(op);
      }
    });
    if (bad)
      return failure();
    auto i64 = b.getI64Type();
    for (Operation *op : ops) {
      b.setInsertionPoint(op);
      Location loc = op->getLoc();
      Value c = contextOf(op);
      Value r;
      if (auto a = dyn_cast<LLVM::AddressOfOp>(op)) {
        auto fn = a->getParentOfType<LLVM::LLVMFuncOp>();
        auto own = kernelLdsOffset.find(fn);
        const DenseMap<StringAttr, uint64_t> &offsets =
            own != kernelLdsOffset.end() ? own->second : ldsOffset;
        auto it = offsets.find(a.getGlobalNameAttr().getAttr());
        // layoutSharedMemory placed every shared global; the verifier of
        // llvm.mlir.addressof makes the name one of them.
        assert(it != offsets.end() && "shared global without an offset");
        Value base = windowBase(loc, c, kShared);
        r = LLVM::GEPOp::create(b, loc, ptrTy, b.getI8Type(), base,
                                ArrayRef<LLVM::GEPArg>{i64c(loc, it->second)});
      } else if (auto i = dyn_cast<LLVM::IntToPtrOp>(op)) {
        Value off = i.getArg();
        unsigned w = off.getType().getIntOrFloatBitWidth();
        if (w < 64)
          off = LLVM::ZExtOp::create(b, loc, i64, off);
        else if (w > 64)
          off = LLVM::TruncOp::create(b, loc, i64, off);
        Value base = windowBase(
            loc, c, cast<LLVM::LLVMPointerType>(i.getType()).getAddressSpace());
        r = LLVM::GEPOp::create(b, loc, ptrTy, b.getI8Type(), base,
                                ArrayRef<LLVM::GEPArg>{off});
      } else {
        auto p = cast<LLVM::PtrToIntOp>(op);
        unsigned as =
            cast<LLVM::LLVMPointerType>(p.getArg().getType()).getAddressSpace();
        Value base = windowBase(loc, c, as);
        Value ptr = p.getArg();
        if (as)
          ptr = LLVM::AddrSpaceCastOp::create(b, loc, ptrTy, ptr);
        Value diff = LLVM::SubOp::create(
            b, loc, LLVM::PtrToIntOp::create(b, loc, i64, ptr),
            LLVM::PtrToIntOp::create(b, loc, i64, base));
        unsigned w = p.getType().getIntOrFloatBitWidth();
        r = w < 64   ? LLVM::TruncOp::create(b, loc, p.getType(), diff)
            : w > 64 ? LLVM::ZExtOp::create(b, loc, p.getType(), diff)
                     : diff;
      }
      // The replacement is a host pointer; its users are retyped below.
      if (r.getType() != op->getResult(0).getType() &&
          isa<LLVM::LLVMPointerType>(op->getResult(0).getType()))
        r = LLVM::AddrSpaceCastOp::create(b, loc, op->getResult(0).getType(),
                                          r);
      op->getResult(0).replaceAllUsesWith(r);
      op->erase();
    }
    SmallVector<LLVM::GlobalOp> shared;
    for (auto g : top.getOps<LLVM::GlobalOp>())
      if (g.getAddrSpace() == kShared)
        shared.push_back(g);
    for (auto g : shared)
      g.erase();
    return success();
  }

  Type flat(Type t) {
    if (auto p = dyn_cast<LLVM::LLVMPointerType>(t))
      return p.getAddressSpace() ? ptrTy : t;
    return t;
  }

  /// Every pointer becomes an address-space-0 host pointer.
  void flattenAddressSpaces() {
    top.walk([&](Operation *op) {
      for (Value r : op->getResults())
        r.setType(flat(r.getType()));
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument a : block.getArguments())
            a.setType(flat(a.getType()));
      if (auto fn = dyn_cast<LLVM::LLVMFuncOp>(op)) {
        LLVM::LLVMFunctionType ft = fn.getFunctionType();
        SmallVector<Type> params;
        for (Type p : ft.getParams())
          params.push_back(flat(p));
        fn.setFunctionType(LLVM::LLVMFunctionType::get(flat(ft.getReturnType()),
                                                       params, ft.isVarArg()));
      } else if (auto g = dyn_cast<LLVM::GlobalOp>(op)) {
        g.setAddrSpace(0);
        g.setGlobalType(flat(g.getGlobalType()));
      }
      // The CPU has one memory model scope: the system.
      if (op->hasAttr("syncscope"))
        op->removeAttr("syncscope");
    });
    SmallVector<LLVM::AddrSpaceCastOp> casts;
    top.walk([&](LLVM::AddrSpaceCastOp c) { casts.push_back(c); });
    for (auto c : casts) {
      c.getResult().replaceAllUsesWith(c.getArg());
      c.erase();
    }
  }

  //===--------------------------------------------------------------------===//
  // 3. Wave ops.
  //===--------------------------------------------------------------------===//

  LLVM::LLVMFuncOp runtimeFunction(StringRef name, Type result,
                                   ArrayRef<Type> params, bool convergent) {
    if (auto fn = top.lookupSymbol<LLVM::LLVMFuncOp>(name))
      return fn;
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(top.getBody());
    auto fn = LLVM::LLVMFuncOp::create(
        b, top.getLoc(), name, LLVM::LLVMFunctionType::get(result, params));
    if (convergent)
      fn.setConvergent(true);
    fn.setNoUnwind(true);
    return fn;
  }

  Value call(Location loc, StringRef name, Type result, ValueRange args,
             bool convergent = true) {
    SmallVector<Type> params;
    for (Value a : args)
      params.push_back(a.getType());
    Type res = result ? result : LLVM::LLVMVoidType::get(ctx);
    LLVM::LLVMFuncOp fn = runtimeFunction(name, res, params, convergent);
    auto c = LLVM::CallOp::create(b, loc, fn, args);
    if (convergent)
      c.setConvergent(true);
    c.setNoUnwind(true);
    return result ? c.getResult() : Value();
  }

  static std::string locationString(Location loc) {
    if (auto f = dyn_cast<FileLineColLoc>(loc))
      return (f.getFilename().getValue() + ":" + Twine(f.getLine()) + ":" +
              Twine(f.getColumn()))
          .str();
    if (auto n = dyn_cast<NameLoc>(loc))
      return locationString(n.getChildLoc());
    if (auto c = dyn_cast<CallSiteLoc>(loc))
      return locationString(c.getCallee());
    if (auto f = dyn_cast<FusedLoc>(loc))
      for (Location l : f.getLocations()) {
        std::string s = locationString(l);
        if (s != "<unknown>")
          return s;
      }
    return "<unknown>";
  }

  /// A pointer to the NUL-terminated PTX location of `loc`.
  Value locationPointer(Location loc) {
    std::string s = locationString(loc);
    LLVM::GlobalOp &g = locStrings[s];
    if (!g) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(top.getBody());
      std::string text = s + '\0';
      auto ty = LLVM::LLVMArrayType::get(b.getI8Type(), text.size());
      g = LLVM::GlobalOp::create(
          b, top.getLoc(), ty, /*isConstant=*/true, LLVM::Linkage::Private,
          "__ptxmlir_loc." + std::to_string(locStrings.size()),
          b.getStringAttr(text), /*alignment=*/1);
    }
    return LLVM::AddressOfOp::create(b, loc, ptrTy, g.getSymName());
  }

  Value zext32(Location loc, Value v) {
    return LLVM::ZExtOp::create(b, loc, b.getI32Type(), v);
  }

  Value fitWaveMask(Location loc, Value mask64, Type to) {
    if (to.getIntOrFloatBitWidth() == 64)
      return mask64;
    return LLVM::TruncOp::create(b, loc, to, mask64);
  }

  LogicalResult lower(Operation *op) {
    Location loc = op->getLoc();
    b.setInsertionPoint(op);
    auto i32 = b.getI32Type(), i64 = b.getI64Type();
    Value c = contextOf(op);
    Value r;
    auto id = [&](Operation *o) {
      return i64c(loc, cast<IntegerAttr>(o->getAttr("op_id")).getInt());
    };
    auto optional = [&](Value v) { return v ? v : i32c(loc, 0); };
    if (auto o = dyn_cast<wave::ThreadIdOp>(op)) {
      r = ctxField(loc, c, PTXMLIR_CTX_TID + 4 * o.getDim(), i32);
    } else if (auto o = dyn_cast<wave::BlockDimOp>(op)) {
      r = ctxField(loc, c, PTXMLIR_CTX_NTID + 4 * o.getDim(), i32);
    } else if (auto o = dyn_cast<wave::BlockIdOp>(op)) {
      r = ctxField(loc, c, PTXMLIR_CTX_CTAID + 4 * o.getDim(), i32);
    } else if (auto o = dyn_cast<wave::GridDimOp>(op)) {
      r = ctxField(loc, c, PTXMLIR_CTX_NCTAID + 4 * o.getDim(), i32);
    } else if (isa<wave::LaneIdOp>(op)) {
      r = ctxField(loc, c, PTXMLIR_CTX_LANE, i32);
    } else if (auto o = dyn_cast<wave::ActiveMaskOp>(op)) {
      r = fitWaveMask(loc, call(loc, "__ptxmlir_active_mask", i64, {c, id(op)}),
                      o.getType());
    } else if (auto o = dyn_cast<wave::BallotOp>(op)) {
      Value m = call(
          loc, "__ptxmlir_ballot", i64,
          {c, id(op), zext32(loc, o.getPred()), optional(o.getMembermask()),
           i32c(loc, o.getMembermask() ? 1 : 0), locationPointer(loc)});
      r = fitWaveMask(loc, m, o.getType());
    } else if (auto o = dyn_cast<wave::ReadLaneOp>(op)) {
      r = call(loc, "__ptxmlir_read_lane", i32,
               {c, id(op), o.getValue(), o.getLane(),
                optional(o.getMembermask()),
                i32c(loc, o.getMembermask() ? 1 : 0), locationPointer(loc)});
    } else if (isa<wave::PollOp>(op)) {
      // Threads are fibers; loop back-edges yield already.
    } else if (auto o = dyn_cast<wave::WarpSyncOp>(op)) {
      // A ballot over the named lanes is the convergence point.
      call(loc, "__ptxmlir_ballot", i64,
           {c, id(op), i32c(loc, 1), o.getMembermask(), i32c(loc, 1),
            locationPointer(loc)});
    } else if (auto o = dyn_cast<wave::ReadFirstLaneOp>(op)) {
      r = call(loc, "__ptxmlir_read_first_lane", i32,
               {c, id(op), o.getValue()});
    } else if (auto o = dyn_cast<wave::BarrierOp>(op)) {
      call(loc, "__ptxmlir_barrier", Type(),
           {c, id(op), optional(o.getId()), optional(o.getCount()),
            locationPointer(loc)});
    } else if (auto o = dyn_cast<wave::BarrierArriveOp>(op)) {
      call(loc, "__ptxmlir_barrier_arrive", Type(),
           {c, id(op), optional(o.getId()), optional(o.getCount()),
            locationPointer(loc)});
    } else if (auto o = dyn_cast<wave::BarrierRedOp>(op)) {
      int kind = o.getKind() == wave::BarrierRed::popc  ? PTXMLIR_RED_POPC
                 : o.getKind() == wave::BarrierRed::And ? PTXMLIR_RED_AND
                                                        : PTXMLIR_RED_OR;
      r = call(loc, "__ptxmlir_barrier_red", i32,
               {c, id(op), i32c(loc, kind), zext32(loc, o.getPred()),
                optional(o.getId()), optional(o.getCount()),
                locationPointer(loc)});
      if (o.getType() != i32)
        r = LLVM::TruncOp::create(b, loc, o.getType(), r);
    } else if (isa<wave::FenceOp>(op)) {
      LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::seq_cst, StringRef());
    } else if (auto o = dyn_cast<wave::IsSpaceOp>(op)) {
      r = isSpace(loc, c, o);
    } else if (isa<wave::ClockOp>(op)) {
      r = LLVM::CallIntrinsicOp::create(
              b, loc, i64, b.getStringAttr("llvm.readcyclecounter"),
              ValueRange{})
              .getResult(0);
    } else if (isa<wave::GlobalTimerOp>(op)) {
      r = call(loc, "__ptxmlir_global_timer", i64, {c}, false);
    } else if (auto o = dyn_cast<wave::SharedSizeOp>(op)) {
      r = ctxField(loc, c, PTXMLIR_CTX_LDS_SIZE, i32);
      if (o.getDynamic()) {
        // A kernel of its own layout has its own fixed size; everywhere
        // else the module's.
        uint64_t fixed = kernelGroupSegmentSize.lookup_or(
            op->getParentOfType<LLVM::LLVMFuncOp>(), groupSegmentSize);
        r = LLVM::SubOp::create(b, loc, r, i32c(loc, fixed));
      }
    } else if (isa<wave::TrapOp>(op)) {
      call(loc, "__ptxmlir_trap", Type(), {c, locationPointer(loc)}, false);
    } else {
      return op->emitError("no host lowering for this op");
    }
    if (op->getNumResults())
      op->getResult(0).replaceAllUsesWith(r);
    op->erase();
    return success();
  }

  Value inRange(Location loc, Value p, Value lo, Value hi) {
    auto i64 = b.getI64Type();
    Value x = LLVM::PtrToIntOp::create(b, loc, i64, p);
    Value l = LLVM::PtrToIntOp::create(b, loc, i64, lo);
    Value h = LLVM::PtrToIntOp::create(b, loc, i64, hi);
    Value ge = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge, x, l);
    Value lt = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, x, h);
    return LLVM::AndOp::create(b, loc, ge, lt);
  }

  /// i1: the host pointer `p` points into the CTA's shared memory.
  Value inShared(Location loc, Value c, Value p) {
    Value lds = ctxField(loc, c, PTXMLIR_CTX_LDS, ptrTy);
    Value size = LLVM::ZExtOp::create(
        b, loc, b.getI64Type(),
        ctxField(loc, c, PTXMLIR_CTX_LDS_SIZE, b.getI32Type()));
    Value end = LLVM::GEPOp::create(b, loc, ptrTy, b.getI8Type(), lds,
                                    ArrayRef<LLVM::GEPArg>{size});
    return inRange(loc, p, lds, end);
  }

  /// Float atomic adds with NVIDIA's results (FloatAtomics.h); generic
  /// pointers are told apart by the shared window.
  void expandFloatAtomics() {
    ptx::host::expandFloatAtomics(
        top, [&](OpBuilder &at, Location loc, Operation *op, Value p) {
          OpBuilder::InsertionGuard guard(b);
          b.restoreInsertionPoint(at.saveInsertionPoint());
          return inShared(loc, contextOf(op), p);
        });
  }

  Value isSpace(Location loc, Value c, wave::IsSpaceOp op) {
    Value p = op.getPtr();
    auto sharedRange = [&] { return inShared(loc, c, p); };
    auto localRange = [&] {
      return inRange(loc, p, ctxField(loc, c, PTXMLIR_CTX_LOCAL_BASE, ptrTy),
                     ctxField(loc, c, PTXMLIR_CTX_LOCAL_END, ptrTy));
    };
    switch (op.getSpace()) {
    case wave::Space::shared:
      return sharedRange();
    case wave::Space::local:
      return localRange();
    case wave::Space::global: {
      Value either = LLVM::OrOp::create(b, loc, sharedRange(), localRange());
      Value t =
          LLVM::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true));
      return LLVM::XOrOp::create(b, loc, either, t);
    }
    default:
      return LLVM::ConstantOp::create(b, loc, b.getI1Type(),
                                      b.getBoolAttr(false));
    }
  }

  /// The CPU agent releases the waiting group with the lowest op_id first,
  /// so op_ids must rank ops in a loop-contiguous topological order: every
  /// block before its successors (back-edges aside) and a loop's blocks
  /// before its exits. Then lanes that left a loop wait for those still in
  /// it, and lanes on either side of a branch meet again after it.
  void rankCollectives() {
    int64_t next = 0;
    auto i64 = b.getI64Type();
    for (auto fn : top.getOps<LLVM::LLVMFuncOp>()) {
      if (fn.isExternal())
        continue;
      for (Block *block : loopContiguousOrder(fn))
        for (Operation &op : *block)
          if (op.hasAttr("op_id") && isa<wave::WaveDialect>(op.getDialect()))
            op.setAttr("op_id", IntegerAttr::get(i64, next++));
    }
  }

  static SmallVector<Block *> loopContiguousOrder(LLVM::LLVMFuncOp fn) {
    DominanceInfo dom(fn);
    // Natural loops: a back-edge latch -> header, and every block that
    // reaches the latch without passing the header.
    SmallVector<DenseSet<Block *>> loops;
    DenseMap<Block *, unsigned> loopOfHeader;
    for (Block &latch : fn.getBody())
      for (Block *header : latch.getSuccessors()) {
        if (!dom.dominates(header, &latch))
          continue;
        auto [it, fresh] = loopOfHeader.try_emplace(header, loops.size());
        if (fresh)
          loops.emplace_back().insert(header);
        DenseSet<Block *> &body = loops[it->second];
        SmallVector<Block *> work{&latch};
        while (!work.empty()) {
          Block *x = work.pop_back_val();
          if (!body.insert(x).second)
            continue;
          for (Block *p : x->getPredecessors())
            work.push_back(p);
        }
      }
    auto shared = [&](Block *x, Block *y) {
      unsigned n = 0;
      for (const DenseSet<Block *> &l : loops)
        n += l.contains(x) && l.contains(y);
      return n;
    };
    // Depth-first, leaving through the most loops first, so that exits
    // finish first and come last in the reverse post-order.
    SmallVector<Block *> post;
    DenseSet<Block *> seen;
    SmallVector<std::pair<Block *, SmallVector<Block *>>> stack;
    auto enter = [&](Block *x) {
      seen.insert(x);
      SmallVector<Block *> succs(x->getSuccessors());
      llvm::stable_sort(succs, [&](Block *p, Block *q) {
        return shared(x, p) > shared(x, q); // popped from the back
      });
      stack.push_back({x, std::move(succs)});
    };
    enter(&fn.getBody().front());
    while (!stack.empty()) {
      auto &[x, succs] = stack.back();
      if (succs.empty()) {
        post.push_back(x);
        stack.pop_back();
        continue;
      }
      Block *s = succs.pop_back_val();
      if (!seen.contains(s))
        enter(s);
    }
    return SmallVector<Block *>(llvm::reverse(post));
  }

  LogicalResult lowerWaveOps() {
    SmallVector<Operation *> ops;
    top.walk([&](Operation *op) {
      if (isa<wave::WaveDialect>(op->getDialect()))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      if (failed(lower(op)))
        return failure();
    return success();
  }

  /// A thread spinning on memory that another thread of its block writes
  /// must let that thread run: every loop back-edge calls the agent, which
  /// switches fibers every so often.
  void addBackEdgeYields() {
    for (auto fn : top.getOps<LLVM::LLVMFuncOp>()) {
      if (fn.isExternal())
        continue;
      DominanceInfo dom(fn);
      SmallVector<Operation *> latches;
      for (Block &block : fn.getBody()) {
        Operation *term = block.getTerminator();
        for (Block *succ : term->getSuccessors())
          if (dom.dominates(succ, &block)) {
            latches.push_back(term);
            break;
          }
      }
      for (Operation *term : latches) {
        b.setInsertionPoint(term);
        call(term->getLoc(), "__ptxmlir_yield", Type(), {fn.getArgument(0)},
             /*convergent=*/false);
      }
    }
  }

  //===--------------------------------------------------------------------===//
  // 4. Kernel entries and the metadata note.
  //===--------------------------------------------------------------------===//

  void buildEntries() {
    SmallVector<LLVM::LLVMFuncOp> fns(top.getOps<LLVM::LLVMFuncOp>());
    for (LLVM::LLVMFuncOp fn : fns) {
      if (!fn->hasAttr("ptx.kernel"))
        continue;
      KernelMeta meta;
      meta.name = fn.getSymName().str();
      meta.groupSegmentSize =
          kernelGroupSegmentSize.lookup_or(fn, groupSegmentSize);
      meta.maxThreads = ptx::getMaxThreadsPerBlock(fn);
      if (auto a = fn->getAttrOfType<IntegerAttr>(ptx::kPerCTAMemoryPitchAttr))
        meta.lastArgName = ptx::perCTAMemoryArgName(a.getInt());

      Location loc = fn.getLoc();
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointAfter(fn);
      auto entry = LLVM::LLVMFuncOp::create(
          b, loc, meta.name + PTXMLIR_HOST_ENTRY_SUFFIX,
          LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {ptrTy}));
      entry.setNoUnwind(true);
      Block *body = entry.addEntryBlock(b);
      b.setInsertionPointToStart(body);
      Value c = body->getArgument(0);
      Value kernarg = ctxField(loc, c, PTXMLIR_CTX_KERNARG, ptrTy);
      SmallVector<Value> args{c};
      uint64_t offset = 0;
      for (unsigned i = 1, e = fn.getNumArguments(); i < e; ++i) {
        Type t = fn.getArgument(i).getType();
        uint64_t size, align;
        auto byref = fn.getArgAttrOfType<TypeAttr>(i, "llvm.byref");
        if (byref) {
          size = sizeOf(byref.getValue());
          auto a = fn.getArgAttrOfType<IntegerAttr>(i, "llvm.align");
          align = a ? a.getInt() : 4;
        } else {
          size = sizeOf(t);
          align = size;
        }
        offset = llvm::alignTo(offset, align);
        meta.args.push_back({offset, size});
        meta.kernargAlign = std::max(meta.kernargAlign, align);
        Value p = LLVM::GEPOp::create(b, loc, ptrTy, b.getI8Type(), kernarg,
                                      ArrayRef<LLVM::GEPArg>{(int32_t)offset});
        args.push_back(
            byref ? p : LLVM::LoadOp::create(b, loc, t, p, align).getResult());
        offset += size;
      }
      meta.kernargSize = offset;
      LLVM::CallOp::create(b, loc, fn, args);
      LLVM::ReturnOp::create(b, loc, ValueRange{});
      fn.setLinkage(LLVM::Linkage::Internal);
      for (StringRef a :
           {"ptx.kernel", "ptx.maxntid", "ptx.reqntid", "ptx.minnctapersm",
            "ptx.maxnreg", ptx::kPerCTAMemoryPitchAttr.data()})
        fn->removeAttr(a);
      kernels.push_back(std::move(meta));
    }
  }

  /// The NT_AMDGPU_METADATA note, in the AMDHSA code object v5 shape.
  std::string metadataNote() {
    llvm::msgpack::Document doc;
    auto root = doc.getRoot().getMap(/*Convert=*/true);
    auto version = doc.getArrayNode();
    version.push_back(doc.getNode(1));
    version.push_back(doc.getNode(2));
    root["amdhsa.version"] = version;
    root["amdhsa.target"] =
        doc.getNode(PTXMLIR_HOST_CHIP_PREFIX + chip, /*Copy=*/true);
    auto list = doc.getArrayNode();
    for (const KernelMeta &k : kernels) {
      auto m = doc.getMapNode();
      m[".name"] = doc.getNode(k.name, true);
      m[".symbol"] = doc.getNode(k.name + ".kd", true);
      auto args = doc.getArrayNode();
      for (auto [i, arg] : llvm::enumerate(k.args)) {
        auto a = doc.getMapNode();
        if (i + 1 == k.args.size() && !k.lastArgName.empty())
          a[".name"] = doc.getNode(k.lastArgName, true);
        a[".offset"] = doc.getNode(uint64_t(arg.first));
        a[".size"] = doc.getNode(uint64_t(arg.second));
        a[".value_kind"] = doc.getNode("by_value", true);
        args.push_back(a);
      }
      m[".args"] = args;
      m[".kernarg_segment_size"] = doc.getNode(uint64_t(k.kernargSize));
      m[".kernarg_segment_align"] = doc.getNode(uint64_t(k.kernargAlign));
      m[".group_segment_fixed_size"] = doc.getNode(k.groupSegmentSize);
      m[".private_segment_fixed_size"] = doc.getNode(uint64_t(0));
      m[".wavefront_size"] = doc.getNode(uint64_t(waveSize));
      m[".max_flat_workgroup_size"] = doc.getNode(uint64_t(k.maxThreads));
      m[".sgpr_count"] = doc.getNode(uint64_t(0));
      m[".vgpr_count"] = doc.getNode(uint64_t(0));
      list.push_back(m);
    }
    root["amdhsa.kernels"] = list;
    std::string desc;
    doc.writeToBlob(desc);

    std::string note;
    auto word = [&](uint32_t v) {
      note.append(reinterpret_cast<const char *>(&v), 4);
    };
    static const char name[] = "AMDGPU";
    word(sizeof(name));
    word(desc.size());
    word(llvm::ELF::NT_AMDGPU_METADATA);
    note.append(name, sizeof(name));
    note.resize(llvm::alignTo(note.size(), 4), '\0');
    note += desc;
    note.resize(llvm::alignTo(note.size(), 4), '\0');
    return note;
  }

  void emitNote() {
    std::string note = metadataNote();
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToEnd(top.getBody());
    auto ty = LLVM::LLVMArrayType::get(b.getI8Type(), note.size());
    // External, so that no optimisation drops it.
    auto global = LLVM::GlobalOp::create(
        b, top.getLoc(), ty, /*isConstant=*/true, LLVM::Linkage::External,
        "__ptxmlir_metadata", b.getStringAttr(note), /*alignment=*/4);
    global.setSection(StringRef(".note.ptxmlir"));
  }
};

struct ConvertWaveToHostPass
    : public ptx::impl::ConvertWaveToHostBase<ConvertWaveToHostPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp top = getOperation();
    unsigned waveSize = ptx::amdgpu::getWaveSize(chip);
    if (!waveSize) {
      top.emitError() << "unknown AMD GPU '" << chip << "'";
      return signalPassFailure();
    }
    if (auto attr = top->getAttrOfType<IntegerAttr>("ptx.wave_size"))
      if (attr.getInt() != waveSize) {
        top.emitError() << "module laid out for wave size " << attr.getInt()
                        << ", but " << chip << " runs wave" << waveSize;
        return signalPassFailure();
      }
    // The host's dynamic linker would bind such a name to the process's
    // own symbol of that name.
    if (failed(ptx::checkUndefinedFunctions(top)))
      return signalPassFailure();
    HostLowering lowering(top, waveSize, chip);
    if (failed(lowering.addContextArgument()) ||
        failed(lowering.layoutSharedMemory()) ||
        failed(lowering.rewriteWindowAddresses()))
      return signalPassFailure();
    lowering.expandFloatAtomics();
    lowering.flattenAddressSpaces();
    lowering.rankCollectives();
    if (failed(lowering.lowerWaveOps()))
      return signalPassFailure();
    lowering.addBackEdgeYields();
    lowering.buildEntries();
    lowering.emitNote();
  }
};

} // namespace
