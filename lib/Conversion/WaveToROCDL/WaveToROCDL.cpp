//===- WaveToROCDL.cpp - the shared layer's wave ops on AMD GPUs ----------===//
//
// The AMD end of the shared layer: wave ops become AMDGPU intrinsics,
// kernel facts become ROCDL function attributes, the "ptx.*" sync scopes
// become AMDGPU ones. %ntid and %nctaid come from the AQL dispatch packet
// (workgroup_size_x at byte 4, grid_size_x at byte 12), never from device
// libraries; on wave64, kernels that can reach a counted barrier may also
// be dispatched one CUDA warp per wave (WarpPerWave.h) or schedule their two
// warps per wave themselves (WarpScheduler.h).
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Builders.h"
#include "ptxmlir/Conversion/KernelAttrs.h"
#include "ptxmlir/Conversion/Passes.h"
#include "ptxmlir/Conversion/UndefinedFunctions.h"
#include "ptxmlir/Dialect/Wave/IR/WaveDialect.h"
#include "ptxmlir/Target/AMDGPU/Chip.h"

#include "Build.h"
#include "NamedBarriers.h"
#include "WarpPerWave.h"
#include "WarpScheduler.h"

namespace mlir::ptx {
#define GEN_PASS_DEF_CONVERTWAVETOROCDL
#include "ptxmlir/Conversion/Passes.h.inc"
} // namespace mlir::ptx

using namespace mlir;

namespace {

struct AMDLowering {
  OpBuilder b;
  unsigned waveSize;
  /// Nonzero: %clock counts the 100 MHz constant clock scaled to this rate.
  unsigned scaledClockMHz;
  ptx::rocdl::NamedBarriers named;
  ptx::rocdl::DispatchIds ids;
  AMDLowering(ModuleOp top, unsigned waveSize, unsigned scaledClockMHz,
              bool warpPerWave)
      : b(top.getContext()), waveSize(waveSize), scaledClockMHz(scaledClockMHz),
        named(top, waveSize), ids(b, warpPerWave) {}

  Value intr(Location loc, Type t, StringRef name, ValueRange args = {}) {
    return ptx::rocdl::callIntrinsic(b, loc, t, name, args);
  }
  Value i32c(Location loc, int64_t v) {
    return ptx::rocdl::constI32(b, loc, v);
  }
  static char dimChar(int32_t d) { return "xyz"[d]; }

  Value dispatchField(Location loc, unsigned offset, Type t) {
    return ids.packetField(loc, offset, t);
  }
  Value blockDim(Location loc, int32_t d) { return ids.blockDim(loc, d); }
  Value laneId(Location loc) {
    Value lo = intr(loc, b.getI32Type(), "llvm.amdgcn.mbcnt.lo",
                    {i32c(loc, -1), i32c(loc, 0)});
    if (waveSize == 32)
      return lo;
    return intr(loc, b.getI32Type(), "llvm.amdgcn.mbcnt.hi",
                {i32c(loc, -1), lo});
  }
  void fence(Location loc, LLVM::AtomicOrdering o, StringRef scope) {
    LLVM::FenceOp::create(b, loc, o, scope);
  }
  Value idOrZero(Location loc, Value id) { return id ? id : i32c(loc, 0); }
  /// The threads of the block, in whole warps (the hardware counts warps).
  Value countOrBlock(Location loc, Value count) {
    return count ? count : ids.blockInWarps(loc);
  }
  void barrier(Location loc) {
    fence(loc, LLVM::AtomicOrdering::release, "workgroup");
    LLVM::CallIntrinsicOp::create(
        b, loc, b.getStringAttr("llvm.amdgcn.s.barrier"), ValueRange{});
    fence(loc, LLVM::AtomicOrdering::acquire, "workgroup");
  }
  static StringRef amdScope(wave::Scope s) {
    switch (s) {
    case wave::Scope::cta:
      return "workgroup";
    case wave::Scope::cluster:
    case wave::Scope::gpu:
      return "agent";
    case wave::Scope::sys:
      return "";
    }
    return "";
  }

  /// bar.red through a counter in LDS: barrier, clear, barrier, count,
  /// barrier, read, barrier.
  Value barrierRed(wave::BarrierRedOp op, LLVM::GlobalOp counter) {
    Location loc = op.getLoc();
    auto i32 = b.getI32Type();
    auto ptr3 = LLVM::LLVMPointerType::get(b.getContext(), 3);
    Value p = LLVM::AddressOfOp::create(b, loc, ptr3, counter.getSymName());
    barrier(loc);
    // Every thread clears the counter (the same value: an atomic store).
    LLVM::StoreOp::create(b, loc, i32c(loc, 0), p, 4, false, false, false,
                          LLVM::AtomicOrdering::monotonic, "workgroup");
    barrier(loc);
    Value one = arith::ExtUIOp::create(b, loc, i32, op.getPred());
    LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::add, p, one,
                              LLVM::AtomicOrdering::monotonic, "workgroup");
    barrier(loc);
    Value count =
        LLVM::LoadOp::create(b, loc, i32, p, 4, false, false, false, false,
                             LLVM::AtomicOrdering::monotonic, "workgroup");
    barrier(loc);
    switch (op.getKind()) {
    case wave::BarrierRed::popc:
      return count;
    case wave::BarrierRed::Or:
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, count,
                                   i32c(loc, 0));
    case wave::BarrierRed::And: {
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, count,
                                   ids.blockThreads(loc));
    }
    }
    return count;
  }

  LogicalResult lower(Operation *op, LLVM::GlobalOp &counter, ModuleOp top) {
    Location loc = op->getLoc();
    b.setInsertionPoint(op);
    auto i32 = b.getI32Type();
    Value r;
    if (auto o = dyn_cast<wave::ThreadIdOp>(op)) {
      r = ids.threadId(loc, o.getDim());
    } else if (auto o = dyn_cast<wave::BlockIdOp>(op)) {
      r = intr(loc, i32,
               std::string("llvm.amdgcn.workgroup.id.") + dimChar(o.getDim()));
    } else if (auto o = dyn_cast<wave::BlockDimOp>(op)) {
      r = blockDim(loc, o.getDim());
    } else if (auto o = dyn_cast<wave::GridDimOp>(op)) {
      // HSA's grid size counts work-items; CUDA grids are whole blocks.
      Value grid = dispatchField(loc, 12 + 4 * o.getDim(), i32);
      r = arith::DivUIOp::create(b, loc, grid, blockDim(loc, o.getDim()));
    } else if (isa<wave::LaneIdOp>(op)) {
      r = laneId(loc);
    } else if (auto o = dyn_cast<wave::ActiveMaskOp>(op)) {
      Value t = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
      r = intr(loc, o.getType(),
               waveSize == 32 ? "llvm.amdgcn.ballot.i32"
                              : "llvm.amdgcn.ballot.i64",
               {t});
    } else if (auto o = dyn_cast<wave::BallotOp>(op)) {
      r = intr(loc, o.getType(),
               waveSize == 32 ? "llvm.amdgcn.ballot.i32"
                              : "llvm.amdgcn.ballot.i64",
               {o.getPred()});
    } else if (auto o = dyn_cast<wave::ReadLaneOp>(op)) {
      Value addr = arith::ShLIOp::create(b, loc, o.getLane(), i32c(loc, 2));
      r = intr(loc, i32, "llvm.amdgcn.ds.bpermute", {addr, o.getValue()});
    } else if (auto o = dyn_cast<wave::ReadFirstLaneOp>(op)) {
      r = intr(loc, i32, "llvm.amdgcn.readfirstlane.i32", {o.getValue()});
    } else if (auto o = dyn_cast<wave::BarrierOp>(op)) {
      // The whole block: the hardware barrier, whatever the id.
      if (!o.getCount())
        barrier(loc);
      else
        named.emit(b, loc, idOrZero(loc, o.getId()), o.getCount(),
                   /*wait=*/true, Value());
    } else if (auto o = dyn_cast<wave::BarrierArriveOp>(op)) {
      named.emit(b, loc, idOrZero(loc, o.getId()),
                 countOrBlock(loc, o.getCount()),
                 /*wait=*/false, Value());
    } else if (auto o = dyn_cast<wave::BarrierRedOp>(op); o && o.getCount()) {
      auto [trues, falses] = named.emit(b, loc, idOrZero(loc, o.getId()),
                                        o.getCount(), true, o.getPred());
      switch (o.getKind()) {
      case wave::BarrierRed::popc:
        r = trues;
        break;
      case wave::BarrierRed::Or:
        r = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, trues,
                                  i32c(loc, 0));
        break;
      case wave::BarrierRed::And:
        r = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, falses,
                                  i32c(loc, 0));
        break;
      }
    } else if (auto o = dyn_cast<wave::BarrierRedOp>(op)) {
      if (!counter) {
        OpBuilder::InsertionGuard g(b);
        b.setInsertionPointToStart(top.getBody());
        auto i32t = b.getI32Type();
        counter =
            LLVM::GlobalOp::create(b, loc, i32t, false, LLVM::Linkage::Internal,
                                   "__ptx_bar_red_counter", Attribute(), 4, 3);
        Block *blk = b.createBlock(&counter.getInitializerRegion());
        b.setInsertionPointToStart(blk);
        LLVM::ReturnOp::create(b, loc,
                               LLVM::UndefOp::create(b, loc, i32t).getResult());
      }
      r = barrierRed(o, counter);
    } else if (isa<wave::PollOp>(op)) {
      // Only the warp scheduler's clones yield at a poll (WarpScheduler.h).
    } else if (isa<wave::WarpSyncOp>(op)) {
      // A wave runs in lockstep: its lanes are together already.
    } else if (auto o = dyn_cast<wave::FenceOp>(op)) {
      fence(loc, LLVM::AtomicOrdering::seq_cst, amdScope(o.getScope()));
    } else if (auto o = dyn_cast<wave::IsSpaceOp>(op)) {
      Value isShared =
          intr(loc, b.getI1Type(), "llvm.amdgcn.is.shared", {o.getPtr()});
      Value isPrivate =
          intr(loc, b.getI1Type(), "llvm.amdgcn.is.private", {o.getPtr()});
      Value f = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
      switch (o.getSpace()) {
      case wave::Space::shared:
        r = isShared;
        break;
      case wave::Space::local:
        r = isPrivate;
        break;
      case wave::Space::global: {
        Value t = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
        Value either = arith::OrIOp::create(b, loc, isShared, isPrivate);
        r = arith::XOrIOp::create(b, loc, either, t);
        break;
      }
      default:
        r = f;
      }
    } else if (isa<wave::ClockOp>(op)) {
      // The steady counter runs at 100 MHz on AMD GPUs.
      if (scaledClockMHz)
        r = arith::MulIOp::create(
            b, loc, intr(loc, b.getI64Type(), "llvm.readsteadycounter"),
            arith::ConstantOp::create(
                b, loc, b.getI64IntegerAttr(scaledClockMHz / 100)));
      else
        r = intr(loc, b.getI64Type(), "llvm.readcyclecounter");
    } else if (isa<wave::GlobalTimerOp>(op)) {
      // Nanoseconds from the 100 MHz steady counter.
      Value t = intr(loc, b.getI64Type(), "llvm.readsteadycounter");
      r = arith::MulIOp::create(
          b, loc, t,
          arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(10)));
    } else if (auto o = dyn_cast<wave::SharedSizeOp>(op)) {
      // The packet's group_segment_size: the code object's fixed size plus
      // the launch's dynamic bytes; the fixed part is the static LDS.
      r = dispatchField(loc, 28, i32);
      if (o.getDynamic()) {
        // The fixed part as the launched kernel's descriptor gives it (its
        // first word, group_segment_fixed_size; the packet's kernel_object
        // at byte 32 points to it). llvm.amdgcn.groupstaticsize would be
        // the static LDS of the function the read ends up in: 0 in any
        // function but a kernel (the wave64 scheduler's clone, a .func
        // that is not inlined).
        auto ptr4 = LLVM::LLVMPointerType::get(b.getContext(), 4);
        Value kd = LLVM::IntToPtrOp::create(
            b, loc, ptr4, dispatchField(loc, 32, b.getI64Type()));
        Value fixed = LLVM::LoadOp::create(b, loc, i32, kd, 4, false, false,
                                           /*invariant=*/true);
        r = arith::SubIOp::create(b, loc, r, fixed);
      }
    } else if (isa<wave::TrapOp>(op)) {
      LLVM::Trap::create(b, loc);
    } else {
      return op->emitError("no AMD lowering for this op");
    }
    if (op->getNumResults())
      op->getResult(0).replaceAllUsesWith(r);
    op->erase();
    return success();
  }
};

/// "ptx.cta" and friends → AMDGPU sync scopes.
void renameSyncScopes(ModuleOp top) {
  top.walk([](Operation *op) {
    auto ss = op->getAttrOfType<StringAttr>("syncscope");
    if (!ss || !ss.getValue().starts_with("ptx."))
      return;
    StringRef s = ss.getValue();
    StringRef amd = s == "ptx.cta"   ? "workgroup"
                    : s == "ptx.sys" ? ""
                                     : "agent";
    if (amd.empty())
      op->removeAttr("syncscope");
    else
      op->setAttr("syncscope", StringAttr::get(op->getContext(), amd));
  });
}

/// LLVM 22's AMDGPU backend selects fptrunc(fmul a, b) to half as
/// v_fma_mix(a, b, +0), which turns a -0 product into +0. An empty inline
/// asm copy (tied operand, no instruction) hides the multiply from that
/// pattern.
void guardHalfNarrowing(ModuleOp top) {
  SmallVector<LLVM::FPTruncOp> truncs;
  top.walk([&](LLVM::FPTruncOp op) {
    if (!op.getType().isF16() || !op.getArg().getType().isF32())
      return;
    Operation *def = op.getArg().getDefiningOp();
    if (def && isa<arith::MulFOp, LLVM::FMulOp, LLVM::FMAOp>(def))
      truncs.push_back(op);
  });
  for (LLVM::FPTruncOp op : truncs) {
    OpBuilder b(op);
    auto copy = LLVM::InlineAsmOp::create(
        b, op.getLoc(), op.getArg().getType(), ValueRange{op.getArg()}, "",
        "=v,0", false, false, LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr(), ArrayAttr());
    op.getArgMutable().assign(copy.getResult(0));
  }
}

struct ConvertWaveToROCDLPass
    : public ptx::impl::ConvertWaveToROCDLBase<ConvertWaveToROCDLPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp top = getOperation();
    MLIRContext *ctx = &getContext();
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
    if (failed(ptx::checkUndefinedFunctions(top)))
      return signalPassFailure();
    // Two CUDA warps of a wave64 wave cannot wait for each other at a
    // counted barrier: such kernels may run one warp per wave.
    bool warpPerWave =
        waveSize == 64 && ptx::rocdl::hasCountedBarriers(top);
    AMDLowering lowering(top, waveSize, ptx::amdgpu::getScaledClockMHz(chip),
                         warpPerWave);
    if (waveSize == 64)
      ptx::rocdl::scheduleWarps(top, lowering.b, lowering.named, lowering.ids);
    SmallVector<Operation *> ops;
    top.walk([&](Operation *op) {
      if (isa<wave::WaveDialect>(op->getDialect()))
        ops.push_back(op);
    });
    LLVM::GlobalOp counter;
    for (Operation *op : ops)
      if (failed(lowering.lower(op, counter, top)))
        return signalPassFailure();
    SmallVector<LLVM::LLVMFuncOp> barrierKernels =
        lowering.named.initializeInKernels();
    renameSyncScopes(top);
    guardHalfNarrowing(top);

    OpBuilder b(ctx);
    for (auto fn : top.getOps<LLVM::LLVMFuncOp>()) {
      if (!fn->hasAttr("ptx.kernel"))
        continue;
      fn->setAttr("rocdl.kernel", b.getUnitAttr());
      int64_t maxThreads = ptx::getMaxThreadsPerBlock(fn);
      int64_t groupLimit = maxThreads;
      bool mayBeSplit = false;
      if (warpPerWave && llvm::is_contained(barrierKernels, fn))
        if (int64_t split =
                lowering.ids.enableWarpPerWave(fn, maxThreads, top)) {
          // A split dispatch is a 1-D work-group of another size.
          groupLimit = split;
          mayBeSplit = true;
          fn->removeAttr("ptx.reqntid");
        }
      if (waveSize == 64 && !mayBeSplit)
        ptx::rocdl::runScheduledOnly(top, fn);
      if (auto a = fn->getAttrOfType<DenseI32ArrayAttr>("ptx.reqntid")) {
        SmallVector<int32_t> dims(a.asArrayRef());
        dims.resize(3, 1);
        fn->setAttr("rocdl.reqd_work_group_size",
                    DenseI32ArrayAttr::get(ctx, dims));
      }
      fn->setAttr("rocdl.flat_work_group_size",
                  b.getStringAttr("1," + std::to_string(groupLimit)));
      // .maxnreg caps 32-bit registers per thread: VGPRs per lane here.
      // .minnctapersm asks for that many blocks of .maxntid threads on one
      // multiprocessor: as many waves on each of a CU's four SIMDs.
      SmallVector<Attribute> passthrough;
      if (auto a = fn->getAttr("passthrough"))
        llvm::append_range(passthrough, cast<ArrayAttr>(a));
      auto pair = [&](StringRef k, std::string v) {
        passthrough.push_back(
            b.getArrayAttr({b.getStringAttr(k), b.getStringAttr(v)}));
      };
      if (auto a = fn->getAttrOfType<IntegerAttr>("ptx.maxnreg"))
        pair("amdgpu-num-vgpr",
             std::to_string(std::max<int64_t>(a.getInt(), 16)));
      auto minBlocks = fn->getAttrOfType<IntegerAttr>("ptx.minnctapersm");
      if (minBlocks && minBlocks.getInt() > 0 &&
          (fn->hasAttr("ptx.maxntid") || fn->hasAttr("ptx.reqntid"))) {
        int64_t waves =
            minBlocks.getInt() * ((maxThreads + waveSize - 1) / waveSize);
        int64_t perSimd = std::clamp<int64_t>((waves + 3) / 4, 1, 10);
        pair("amdgpu-waves-per-eu", std::to_string(perSimd));
      }
      // The runtime finds the per-CTA memory argument by its name.
      if (auto a = fn->getAttrOfType<IntegerAttr>(ptx::kPerCTAMemoryPitchAttr))
        pair(ptx::kLastArgNameAttr, ptx::perCTAMemoryArgName(a.getInt()));
      if (!passthrough.empty())
        fn->setAttr("passthrough", b.getArrayAttr(passthrough));
      // CUDA grids are whole blocks.
      fn->setAttr("rocdl.uniform_work_group_size", b.getBoolAttr(true));
      for (StringRef a :
           {"ptx.kernel", "ptx.maxntid", "ptx.reqntid", "ptx.minnctapersm",
            "ptx.maxnreg", ptx::kPerCTAMemoryPitchAttr.data()})
        fn->removeAttr(a);
    }
  }
};

} // namespace
