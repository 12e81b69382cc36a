//===- WarpPerWave.cpp - thread ids for both wave64 dispatches ------------===//

#include "WarpPerWave.h"
#include "Build.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "ptxmlir/Dialect/Wave/IR/WaveDialect.h"
#include "ptxmlir/Target/AMDGPU/WarpPerWave.h"

using namespace mlir;
using namespace mlir::ptx::rocdl;

namespace {
/// Code object v5 hidden arguments: hidden_group_size_x (u16) is at byte 12
/// of the implicit argument area, y and z follow.
constexpr unsigned kHiddenGroupSize = 12;
} // namespace

Block *mlir::ptx::rocdl::splitEntryAfterStackSlots(LLVM::LLVMFuncOp fn) {
  Block &entry = fn.getBody().front();
  Operation *splitAt = entry.getTerminator();
  for (Operation &op : entry)
    if (!isa<LLVM::AllocaOp, LLVM::ConstantOp, arith::ConstantOp>(op)) {
      splitAt = &op;
      break;
    }
  return entry.splitBlock(splitAt);
}

bool mlir::ptx::rocdl::hasCountedBarriers(ModuleOp top) {
  return top
      .walk([](Operation *op) {
        bool counted = isa<wave::BarrierArriveOp>(op);
        if (auto o = dyn_cast<wave::BarrierOp>(op))
          counted = bool(o.getCount());
        if (auto o = dyn_cast<wave::BarrierRedOp>(op))
          counted = bool(o.getCount());
        return counted ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

Value DispatchIds::c32(Location loc, int64_t v) { return constI32(b, loc, v); }

Value DispatchIds::intr(Location loc, Type t, StringRef name) {
  return callIntrinsic(b, loc, t, name);
}

Value DispatchIds::blockThreads(Location loc) {
  return arith::MulIOp::create(
      b, loc, blockDim(loc, 0),
      arith::MulIOp::create(b, loc, blockDim(loc, 1), blockDim(loc, 2)));
}

Value DispatchIds::blockInWarps(Location loc) {
  Value n = arith::AddIOp::create(b, loc, blockThreads(loc), c32(loc, 31));
  return arith::AndIOp::create(b, loc, n, c32(loc, ~31));
}

Value DispatchIds::packetField(Location loc, unsigned offset, Type t) {
  return dispatchPacketField(b, loc, offset, t);
}

Value DispatchIds::hiddenGroupSize(Location loc, int32_t d) {
  auto ptr4 = LLVM::LLVMPointerType::get(b.getContext(), 4);
  Value v =
      loadConstant(b, loc, intr(loc, ptr4, "llvm.amdgcn.implicitarg.ptr"),
                   kHiddenGroupSize + 2 * d, b.getI16Type());
  return arith::ExtUIOp::create(b, loc, b.getI32Type(), v);
}

Value DispatchIds::blockDim(Location loc, int32_t d) {
  if (warpPerWave)
    return hiddenGroupSize(loc, d);
  Value v = packetField(loc, kPacketGroupSize + 2 * d, b.getI16Type());
  return arith::ExtUIOp::create(b, loc, b.getI32Type(), v);
}

Value DispatchIds::isSplit(Location loc) {
  Value packet = arith::ExtUIOp::create(
      b, loc, b.getI32Type(),
      packetField(loc, kPacketGroupSize, b.getI16Type()));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, packet,
                               hiddenGroupSize(loc, 0));
}

Value DispatchIds::splitLinearId(Location loc) {
  Value p = intr(loc, b.getI32Type(), "llvm.amdgcn.workitem.id.x");
  Value wave = arith::ShRUIOp::create(b, loc, p, c32(loc, 6));
  Value lane = arith::AndIOp::create(b, loc, p, c32(loc, 31));
  return arith::OrIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, wave, c32(loc, 5)), lane);
}

Value DispatchIds::threadId(Location loc, int32_t d) {
  Value hw = intr(loc, b.getI32Type(),
                  std::string("llvm.amdgcn.workitem.id.") + "xyz"[d]);
  if (!warpPerWave)
    return hw;
  // x fastest, as CUDA numbers the threads of a block. The sizes are at
  // least 1 under any loader; the maximum keeps the division defined.
  Value lin = splitLinearId(loc);
  Value nx = arith::MaxUIOp::create(b, loc, blockDim(loc, 0), c32(loc, 1));
  Value v;
  if (d == 0) {
    v = arith::RemUIOp::create(b, loc, lin, nx);
  } else {
    Value ny = arith::MaxUIOp::create(b, loc, blockDim(loc, 1), c32(loc, 1));
    if (d == 1)
      v = arith::RemUIOp::create(
          b, loc, arith::DivUIOp::create(b, loc, lin, nx), ny);
    else
      v = arith::DivUIOp::create(b, loc, lin,
                                 arith::MulIOp::create(b, loc, nx, ny));
  }
  return arith::SelectOp::create(b, loc, isSplit(loc), v, hw);
}

int64_t DispatchIds::enableWarpPerWave(LLVM::LLVMFuncOp kernel,
                                       int64_t maxThreads, ModuleOp top) {
  int64_t limit =
      std::min<int64_t>(maxThreads, amdgpu::kWarpPerWaveMaxThreads);
  if (limit <= 32)
    return 0;
  Location loc = kernel.getLoc();
  OpBuilder::InsertionGuard g(b);
  Block &entry = kernel.getBody().front();
  Block *rest = splitEntryAfterStackSlots(kernel);
  Block *exit = new Block();
  kernel.getBody().push_back(exit);
  b.setInsertionPointToEnd(exit);
  LLVM::ReturnOp::create(b, loc, ValueRange{});

  // Under a split dispatch, lanes 32..63 and lanes past the block return.
  b.setInsertionPointToEnd(&entry);
  Value p = intr(loc, b.getI32Type(), "llvm.amdgcn.workitem.id.x");
  Value upper =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                            arith::AndIOp::create(b, loc, p, c32(loc, 32)),
                            c32(loc, 0));
  Value n = blockThreads(loc);
  Value past = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                     splitLinearId(loc), n);
  Value idle = arith::AndIOp::create(
      b, loc, isSplit(loc), arith::OrIOp::create(b, loc, upper, past));
  LLVM::CondBrOp::create(b, loc, idle, exit, rest);

  // The variable the runtime looks for: {split limit, thread limit}.
  b.setInsertionPointToEnd(top.getBody());
  auto i32 = b.getI32Type();
  auto arrTy = LLVM::LLVMArrayType::get(i32, 2);
  auto value = DenseIntElementsAttr::get(
      RankedTensorType::get({2}, i32),
      ArrayRef<int32_t>{int32_t(limit), int32_t(maxThreads)});
  LLVM::GlobalOp::create(b, loc, arrTy, /*isConstant=*/true,
                         LLVM::Linkage::External,
                         (kernel.getName() + amdgpu::kWarpPerWaveSuffix).str(),
                         value, /*alignment=*/4, /*addrSpace=*/1);
  return std::min<int64_t>(
      1024, std::max<int64_t>(maxThreads, amdgpu::warpPerWaveGroupSize(limit)));
}
