//===- WaveToNVVM.cpp - the shared layer's wave ops on NVIDIA GPUs --------===//
//
// The NVIDIA end of the shared layer, used to check the shared layer on an
// NVIDIA GPU: wave ops become NVVM intrinsics. Only wave ops are matched:
// shuffles, votes and reductions of the PTX input were already expanded
// into read_lane/ballot by the shared layer, so the check runs our code.
//
//===----------------------------------------------------------------------===//

#include "FloatAtomics.h"
#include "MaskInit.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "ptxmlir/Conversion/KernelAttrs.h"
#include "ptxmlir/Conversion/Passes.h"
#include "ptxmlir/Dialect/Wave/IR/WaveDialect.h"

namespace mlir::ptx {
#define GEN_PASS_DEF_CONVERTWAVETONVVM
#include "ptxmlir/Conversion/Passes.h.inc"
} // namespace mlir::ptx

using namespace mlir;

namespace {

struct NVLowering {
  OpBuilder b;
  explicit NVLowering(MLIRContext *ctx) : b(ctx) {}

  Value intr(Location loc, Type t, StringRef name, ValueRange args = {}) {
    return LLVM::CallIntrinsicOp::create(b, loc, t, b.getStringAttr(name), args)
        .getResult(0);
  }
  void call(Location loc, StringRef name, ValueRange args) {
    LLVM::CallIntrinsicOp::create(b, loc, b.getStringAttr(name), args);
  }
  Value i32c(Location loc, int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  }
  Value sreg(Location loc, StringRef name, int32_t dim) {
    return intr(
        loc, b.getI32Type(),
        ("llvm.nvvm.read.ptx.sreg." + name + "." + std::string(1, "xyz"[dim]))
            .str());
  }
  Value activeMask(Location loc) {
    return intr(loc, b.getI32Type(), "llvm.nvvm.activemask");
  }
  static StringRef scope(wave::Scope s) {
    switch (s) {
    case wave::Scope::cta:
      return "block";
    case wave::Scope::cluster:
      return "cluster";
    case wave::Scope::gpu:
      return "device";
    case wave::Scope::sys:
      return "";
    }
    return "";
  }

  LogicalResult lower(Operation *op) {
    Location loc = op->getLoc();
    b.setInsertionPoint(op);
    auto i32 = b.getI32Type();
    Value r;
    if (auto o = dyn_cast<wave::ThreadIdOp>(op)) {
      r = sreg(loc, "tid", o.getDim());
    } else if (auto o = dyn_cast<wave::BlockIdOp>(op)) {
      r = sreg(loc, "ctaid", o.getDim());
    } else if (auto o = dyn_cast<wave::BlockDimOp>(op)) {
      r = sreg(loc, "ntid", o.getDim());
    } else if (auto o = dyn_cast<wave::GridDimOp>(op)) {
      r = sreg(loc, "nctaid", o.getDim());
    } else if (isa<wave::LaneIdOp>(op)) {
      r = intr(loc, i32, "llvm.nvvm.read.ptx.sreg.laneid");
    } else if (auto o = dyn_cast<wave::ActiveMaskOp>(op)) {
      if (!o.getType().isInteger(32))
        return op->emitError("NVIDIA GPUs run wave32");
      r = activeMask(loc);
    } else if (auto o = dyn_cast<wave::BallotOp>(op)) {
      if (!o.getType().isInteger(32))
        return op->emitError("NVIDIA GPUs run wave32");
      // Over the lanes that execute this op together.
      r = intr(loc, i32, "llvm.nvvm.vote.ballot.sync",
               {activeMask(loc), o.getPred()});
    } else if (auto o = dyn_cast<wave::ReadLaneOp>(op)) {
      r = intr(loc, i32, "llvm.nvvm.shfl.sync.idx.i32",
               {activeMask(loc), o.getValue(), o.getLane(), i32c(loc, 31)});
    } else if (auto o = dyn_cast<wave::ReadFirstLaneOp>(op)) {
      Value mask = activeMask(loc);
      Value first = LLVM::CountTrailingZerosOp::create(b, loc, mask, false);
      r = intr(loc, i32, "llvm.nvvm.shfl.sync.idx.i32",
               {mask, o.getValue(), first, i32c(loc, 31)});
    } else if (auto o = dyn_cast<wave::BarrierOp>(op)) {
      Value id = o.getId() ? o.getId() : i32c(loc, 0);
      if (o.getCount())
        call(loc, "llvm.nvvm.barrier.cta.sync.count", {id, o.getCount()});
      else
        call(loc, "llvm.nvvm.barrier.cta.sync.all", {id});
    } else if (auto o = dyn_cast<wave::BarrierArriveOp>(op)) {
      Value id = o.getId() ? o.getId() : i32c(loc, 0);
      if (!o.getCount())
        return op->emitError("bar.arrive needs a thread count");
      call(loc, "llvm.nvvm.barrier.cta.arrive.count", {id, o.getCount()});
    } else if (auto o = dyn_cast<wave::BarrierRedOp>(op)) {
      Value id = o.getId() ? o.getId() : i32c(loc, 0);
      StringRef kind = o.getKind() == wave::BarrierRed::popc  ? "popc"
                       : o.getKind() == wave::BarrierRed::And ? "and"
                                                              : "or";
      Type t = o.getKind() == wave::BarrierRed::popc ? (Type)i32
                                                     : (Type)b.getI1Type();
      if (o.getCount())
        r = intr(loc, t, ("llvm.nvvm.barrier.cta.red." + kind + ".count").str(),
                 {id, o.getCount(), o.getPred()});
      else
        r = intr(loc, t, ("llvm.nvvm.barrier.cta.red." + kind + ".all").str(),
                 {id, o.getPred()});
      if (r.getType() != o.getType())
        r = o.getType().isInteger(1)
                ? (Value)arith::TruncIOp::create(b, loc, o.getType(), r)
                : (Value)arith::ExtUIOp::create(b, loc, o.getType(), r);
    } else if (isa<wave::PollOp>(op)) {
      // NVIDIA's warps are scheduled apart.
    } else if (auto o = dyn_cast<wave::WarpSyncOp>(op)) {
      call(loc, "llvm.nvvm.bar.warp.sync", {o.getMembermask()});
    } else if (auto o = dyn_cast<wave::FenceOp>(op)) {
      LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::seq_cst,
                            scope(o.getScope()));
    } else if (auto o = dyn_cast<wave::IsSpaceOp>(op)) {
      StringRef name;
      switch (o.getSpace()) {
      case wave::Space::global:
        name = "llvm.nvvm.isspacep.global";
        break;
      case wave::Space::shared:
        name = "llvm.nvvm.isspacep.shared";
        break;
      case wave::Space::local:
        name = "llvm.nvvm.isspacep.local";
        break;
      case wave::Space::constant:
        name = "llvm.nvvm.isspacep.const";
        break;
      default:
        r = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
      }
      if (!r)
        r = intr(loc, b.getI1Type(), name, {o.getPtr()});
    } else if (isa<wave::ClockOp>(op)) {
      r = intr(loc, b.getI64Type(), "llvm.nvvm.read.ptx.sreg.clock64");
    } else if (isa<wave::GlobalTimerOp>(op)) {
      r = intr(loc, b.getI64Type(), "llvm.nvvm.read.ptx.sreg.globaltimer");
    } else if (auto o = dyn_cast<wave::SharedSizeOp>(op)) {
      // PTX itself has the registers.
      r = LLVM::InlineAsmOp::create(
              b, loc, b.getI32Type(), ValueRange{},
              o.getDynamic() ? "mov.u32 $0, %dynamic_smem_size;"
                             : "mov.u32 $0, %total_smem_size;",
              "=r", false, false, LLVM::tailcallkind::TailCallKind::None,
              LLVM::AsmDialectAttr(), ArrayAttr())
              .getResult(0);
    } else if (isa<wave::TrapOp>(op)) {
      LLVM::Trap::create(b, loc);
    } else {
      return op->emitError("no NVVM lowering for this op");
    }
    if (op->getNumResults())
      op->getResult(0).replaceAllUsesWith(r);
    op->erase();
    return success();
  }
};

/// Kernel aggregate parameters: constant-space `byref` pointers in the
/// shared layer (the AMD kernarg form), generic `byval` pointers on NVPTX.
LogicalResult retypeByRefArgs(LLVM::LLVMFuncOp fn) {
  MLIRContext *ctx = fn.getContext();
  auto generic = LLVM::LLVMPointerType::get(ctx, 0);
  if (fn.isExternal())
    return success();
  SmallVector<Type> argTypes(fn.getArgumentTypes());
  bool changed = false;
  for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
    auto byref = fn.getArgAttrOfType<TypeAttr>(i, "llvm.byref");
    if (!byref)
      continue;
    BlockArgument arg = fn.getArgument(i);
    SmallVector<Value> worklist{arg};
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      v.setType(generic);
      for (Operation *user : llvm::make_early_inc_range(v.getUsers())) {
        if (auto gep = dyn_cast<LLVM::GEPOp>(user)) {
          if (gep.getBase() == v)
            worklist.push_back(gep.getResult());
        } else if (auto cast = dyn_cast<LLVM::AddrSpaceCastOp>(user)) {
          if (cast.getType() == generic) {
            cast.getResult().replaceAllUsesWith(v);
            cast.erase();
          }
        } else if (!isa<LLVM::LoadOp>(user)) {
          return user->emitError("unexpected use of a kernel parameter");
        }
      }
    }
    argTypes[i] = generic;
    fn.removeArgAttr(i, StringAttr::get(ctx, "llvm.byref"));
    fn.setArgAttr(i, "llvm.byval", byref);
    changed = true;
  }
  if (changed)
    fn.setFunctionTypeAttr(TypeAttr::get(LLVM::LLVMFunctionType::get(
        fn.getFunctionType().getReturnType(), argTypes)));
  return success();
}

struct ConvertWaveToNVVMPass
    : public ptx::impl::ConvertWaveToNVVMBase<ConvertWaveToNVVMPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp top = getOperation();
    MLIRContext *ctx = &getContext();
    if (auto attr = top->getAttrOfType<IntegerAttr>("ptx.wave_size"))
      if (attr.getInt() != 32) {
        top.emitError("NVIDIA GPUs run wave32");
        return signalPassFailure();
      }
    // NVIDIA's driver would have to allocate the region and set the
    // registers; the NVVM path has no way to ask it to.
    for (auto fn : top.getOps<LLVM::LLVMFuncOp>())
      if (fn->hasAttr(ptx::kPerCTAMemoryPitchAttr)) {
        fn.emitError("per-CTA memory (.minperctamemory) has no lowering on "
                     "the NVVM path: NVIDIA's driver would have to allocate "
                     "it");
        return signalPassFailure();
      }
    ptx::lowerMaskTableForNVVM(top);
    ptx::keepSubnormalsInF32AtomicAdds(top);
    NVLowering lowering(ctx);
    SmallVector<Operation *> ops;
    top.walk([&](Operation *op) {
      if (isa<wave::WaveDialect>(op->getDialect()))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      if (failed(lowering.lower(op)))
        return signalPassFailure();
    // PTX.s .approx functions: NVPTX selects them only as approximate
    // functions.
    SmallVector<LLVM::Log2Op> logs;
    top.walk([&](LLVM::Log2Op op) {
      if (op.getType().isF32())
        logs.push_back(op);
    });
    for (LLVM::Log2Op op : logs) {
      // NVPTX has no selection for llvm.log2: its own approximate lg2.
      OpBuilder lb(op);
      Value r = LLVM::CallIntrinsicOp::create(
                    lb, op.getLoc(), op.getType(),
                    lb.getStringAttr("llvm.nvvm.lg2.approx.f"),
                    ValueRange{op.getOperand()})
                    .getResult(0);
      op.getResult().replaceAllUsesWith(r);
      op.erase();
    }
    top.walk([&](Operation *op) {
      if (isa<LLVM::SinOp, LLVM::CosOp, LLVM::Exp2Op>(op))
        op->setAttr("fastmathFlags", LLVM::FastmathFlagsAttr::get(
                                         ctx, LLVM::FastmathFlags::afn));
    });
    // Stack slots: NVPTX allocas are generic (its data layout has no
    // alloca address space); the shared layer's local pointers come from a
    // cast.
    SmallVector<LLVM::AllocaOp> allocas;
    top.walk([&](LLVM::AllocaOp op) {
      if (op.getType().getAddressSpace() != 0)
        allocas.push_back(op);
    });
    for (LLVM::AllocaOp op : allocas) {
      OpBuilder ab(op);
      auto generic = LLVM::LLVMPointerType::get(ctx, 0);
      Value a = LLVM::AllocaOp::create(ab, op.getLoc(), generic,
                                       op.getElemType(), op.getArraySize(),
                                       op.getAlignment().value_or(0));
      Value c = LLVM::AddrSpaceCastOp::create(ab, op.getLoc(), op.getType(), a);
      op.getResult().replaceAllUsesWith(c);
      op.erase();
    }
    // "ptx.cta" and friends → NVPTX sync scopes.
    top.walk([](Operation *op) {
      auto ss = op->getAttrOfType<StringAttr>("syncscope");
      if (!ss || !ss.getValue().starts_with("ptx."))
        return;
      StringRef s = ss.getValue();
      StringRef nv = s == "ptx.cta"       ? "block"
                     : s == "ptx.cluster" ? "cluster"
                     : s == "ptx.gpu"     ? "device"
                                          : "";
      if (nv.empty())
        op->removeAttr("syncscope");
      else
        op->setAttr("syncscope", StringAttr::get(op->getContext(), nv));
    });
    OpBuilder b(ctx);
    for (auto fn : top.getOps<LLVM::LLVMFuncOp>()) {
      if (!fn->hasAttr("ptx.kernel"))
        continue;
      if (failed(retypeByRefArgs(fn)))
        return signalPassFailure();
      fn->setAttr("nvvm.kernel", b.getUnitAttr());
      auto dims = [&](DenseI32ArrayAttr a) {
        SmallVector<int32_t> d(a.asArrayRef());
        d.resize(3, 1);
        return DenseI32ArrayAttr::get(ctx, d);
      };
      if (auto a = fn->getAttrOfType<DenseI32ArrayAttr>("ptx.maxntid"))
        fn->setAttr("nvvm.maxntid", dims(a));
      if (auto a = fn->getAttrOfType<DenseI32ArrayAttr>("ptx.reqntid"))
        fn->setAttr("nvvm.reqntid", dims(a));
      if (auto a = fn->getAttrOfType<IntegerAttr>("ptx.minnctapersm"))
        fn->setAttr("nvvm.minctasm", a);
      if (auto a = fn->getAttrOfType<IntegerAttr>("ptx.maxnreg"))
        fn->setAttr("nvvm.maxnreg", a);
      for (StringRef a : {"ptx.kernel", "ptx.maxntid", "ptx.reqntid",
                          "ptx.minnctapersm", "ptx.maxnreg"})
        fn->removeAttr(a);
    }
  }
};

} // namespace
