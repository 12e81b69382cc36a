//===- WarpPerWave.h - thread ids for both wave64 dispatches ----*- C++ -*-===//
//
// Private to lib/Conversion/WaveToROCDL. %tid and %ntid on AMD GPUs: the
// work-item ids and the dispatch packet's work-group size, or, in a wave64
// module with counted barriers, ids that are right under an ordinary
// dispatch and under a dispatch of one CUDA warp per wave (the contract is
// ptxmlir/Target/AMDGPU/WarpPerWave.h).
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_WAVETOROCDL_WARPPERWAVE_H
#define PTXMLIR_LIB_CONVERSION_WAVETOROCDL_WARPPERWAVE_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::ptx::rocdl {

/// Splits the entry block of `fn` before its first operation that is not
/// a stack slot or a constant (so allocas stay static) and returns the new
/// block holding the rest.
Block *splitEntryAfterStackSlots(LLVM::LLVMFuncOp fn);

/// Whether `top` holds a barrier with a thread count or a bar.arrive: its
/// kernels may need one warp per wave on wave64.
bool hasCountedBarriers(ModuleOp top);

class DispatchIds {
public:
  DispatchIds(OpBuilder &b, bool warpPerWave)
      : b(b), warpPerWave(warpPerWave) {}

  /// A field of the AQL dispatch packet.
  Value packetField(Location loc, unsigned offset, Type t);
  /// %ntid.<d> (d = 0, 1, 2).
  Value blockDim(Location loc, int32_t d);
  /// %tid.<d>.
  Value threadId(Location loc, int32_t d);
  /// The threads of the block: %ntid.x * %ntid.y * %ntid.z.
  Value blockThreads(Location loc);
  /// The threads of the block in whole warps (the hardware counts warps at
  /// barriers).
  Value blockInWarps(Location loc);

  /// Lets `kernel`, which can reach a counted barrier and takes at most
  /// `maxThreads` threads, be dispatched one warp per wave: the lanes such
  /// a dispatch does not use return at entry, and `top` gets the variable
  /// the runtime looks for. Returns the work-group size limit the kernel's
  /// attributes must allow, or 0 when no split dispatch can help (blocks
  /// of at most one warp).
  int64_t enableWarpPerWave(LLVM::LLVMFuncOp kernel, int64_t maxThreads,
                            ModuleOp top);

  /// True under a split dispatch.
  Value isSplit(Location loc);

private:
  Value c32(Location loc, int64_t v);
  Value intr(Location loc, Type t, StringRef name);
  Value hiddenGroupSize(Location loc, int32_t d);
  /// The CUDA thread's linear index under a split dispatch.
  Value splitLinearId(Location loc);

  OpBuilder &b;
  bool warpPerWave;
};

} // namespace mlir::ptx::rocdl

#endif // PTXMLIR_LIB_CONVERSION_WAVETOROCDL_WARPPERWAVE_H
