//===- WarpScheduler.h - two warps of a wave64 wave at barriers -*- C++ -*-===//
//
// Private to lib/Conversion/WaveToROCDL. A wave64 wave runs two CUDA warps
// in lockstep, so when one of them waits at a barrier with a thread count
// for the other (producer and consumer warps), the wave waits forever. A
// split dispatch (WarpPerWave.h) avoids that for blocks of up to 512
// threads; for larger blocks, and under loaders that do not split, the
// kernel runs a warp scheduler instead:
//
// * kernel `k` that can wait at a barrier (bar.sync, barrier.sync, bar.red,
//   with or without a thread count) and reach a counted barrier (bar.arrive
//   or one with a thread count), or that polls in a loop (PollingLoops.h:
//   an mbarrier wait; a spin on a flag or a lock: a warp may wait there
//   for the other warp of its wave), itself or through calls, gets a clone
//   `k` + kScheduledSuffix;
//   `k` calls it, under an ordinary dispatch of a block of more than one
//   warp, instead of running its own body (for every block, and without
//   a body of its own, when `k` is never split: runScheduledOnly).
// * In the clone each lane keeps a resume point (0: the start, k: after
//   wait k or at the header of a polling loop, -1: finished). A barrier wait
//   arrives (each CUDA warp of the wave for itself), records the barrier and
//   the phase it arrived in, and goes back to a dispatcher loop. A poll
//   that fails is noted; the back-edge of a loop that polls then goes back
//   to the dispatcher too, to resume at the loop's header, where the edge
//   goes.
//   Resuming at headers keeps the control flow reducible. The dispatcher
//   picks a resume point of a lane that can run (not started, its barrier
//   has moved past its phase, or it left a polling loop), taking the lanes
//   round the wave from the one it picked last, and runs the lanes at that
//   point, sleeping when no lane can run. Every barrier of the clone,
//   counted or not, works this way (`s_barrier` would stop the whole
//   wave); one of the whole block stops waiting for warps that exited,
//   which the dispatcher reports (NamedBarriers.h).
// * Values that live across the waits go through stack slots (RegToMem.h),
//   which LLVM promotes back to registers.
//
// The clone first takes in the bodies of the functions it calls that can
// reach a wait or a poll (InlineCall.h), so theirs are scheduled too. Those
// reached through recursion or indirect calls cannot be: such calls get a
// warning.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_WAVETOROCDL_WARPSCHEDULER_H
#define PTXMLIR_LIB_CONVERSION_WAVETOROCDL_WARPSCHEDULER_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::ptx::rocdl {

class DispatchIds;
class NamedBarriers;

/// Suffix of the scheduled clone of a kernel.
inline constexpr const char kScheduledSuffix[] = ".ptxmlir_warps";

/// Gives every kernel of `top` (a wave64 module) that can wait at a barrier
/// and reach a counted barrier, or polls in a loop, a scheduled clone, as
/// described above. Call
/// before the wave ops are lowered; the clones' other wave ops are lowered with
/// the rest. `ids` must build with `b`.
void scheduleWarps(ModuleOp top, OpBuilder &b, NamedBarriers &named,
                   DispatchIds &ids);

/// For a kernel with a scheduled clone that is never dispatched one warp per
/// wave (it has no split limit): its own body would only run blocks of one
/// warp, which the clone runs as well. Makes the kernel call the clone
/// always and drops its own body, so the code object holds one copy of the
/// body instead of two. The clone, now called once, becomes `alwaysinline`:
/// as the kernel's body it keeps no callee-saved registers and no call
/// frame (async_copy for gfx942: k_mbar_warps 120 -> 80 VGPRs, no scratch),
/// and compiles as fast as when called. Does nothing to a kernel without a
/// clone.
void runScheduledOnly(ModuleOp top, LLVM::LLVMFuncOp kernel);

} // namespace mlir::ptx::rocdl

#endif // PTXMLIR_LIB_CONVERSION_WAVETOROCDL_WARPSCHEDULER_H
