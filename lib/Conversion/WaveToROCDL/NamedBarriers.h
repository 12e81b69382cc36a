//===- NamedBarriers.h - PTX's 16 counted barriers on AMD GPUs --*- C++ -*-===//
//
// Private to lib/Conversion/WaveToROCDL. AMD GPUs before gfx12 have one
// work-group barrier (s_barrier), which every wave of the work-group must
// reach. PTX has 16 barriers per CTA, each completing when a given number
// of threads has arrived (bar.sync a, b / bar.arrive a, b / bar.red with
// b). Those become a barrier in LDS: per barrier id an arrival counter and a
// phase (generation) word, updated by one lane of each arriving wave with
// work-group-scope atomics; waiters poll the phase with s_sleep between
// polls. Barriers without a thread count stay s_barrier. One function,
// out of line, does the arrival. A warp counts once: lanes of a warp that
// diverged before a barrier and arrive in turns join the warp's last
// arrival, which each warp records (docs/lowering.md).
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_WAVETOROCDL_NAMEDBARRIERS_H
#define PTXMLIR_LIB_CONVERSION_WAVETOROCDL_NAMEDBARRIERS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::ptx::rocdl {

class NamedBarriers {
public:
  NamedBarriers(ModuleOp top, unsigned waveSize)
      : top(top), waveSize(waveSize) {}

  /// Arrives at barrier `id` (i32, taken mod 16) that completes when
  /// `expected` threads (i32) have arrived, counted per CUDA warp as the
  /// hardware does: a wave adds 32 for each of its 32-lane halves with an
  /// active lane. Waits for completion when `wait`. With `pred` (i1, bar.red)
  /// returns the numbers of arriving threads whose predicate was true and
  /// false, over all participants, as {trues, falses}; otherwise {}.
  std::pair<Value, Value> emit(OpBuilder &b, Location loc, Value id,
                               Value expected, bool wait, Value pred);

  /// Arrives at barrier `id` as `emit` does, without waiting, and returns
  /// the phase (i32) the arrival belongs to: the barrier has completed it
  /// once `phase(id)` differs. For a caller that waits by itself (a warp
  /// scheduler). `reduce` (i1): a bar.red, counting `pred` (i1) as `emit`
  /// does. `whole` (i1): the barrier waits for the whole block (`expected`
  /// threads) less the threads of the warps that `exitWarps` reported.
  Value arrive(OpBuilder &b, Location loc, Value id, Value expected, Value pred,
               Value reduce, Value whole);
  /// The current phase of barrier `id` (a work-group monotonic load).
  Value phase(OpBuilder &b, Location loc, Value id);
  /// After barrier `id` completed `phase`, an `arrive` with `pred`: an
  /// acquire fence and the {trues, falses} counts of that phase (kept until
  /// two more phases complete).
  std::pair<Value, Value> published(OpBuilder &b, Location loc, Value id,
                                    Value phase);
  /// `threads` (i32, whole warps) of the block exited: whole-block phases
  /// stop waiting for them, and those they leave complete complete.
  /// `expected` is the whole block in warps. Uniform control flow.
  void exitWarps(OpBuilder &b, Location loc, Value expected, Value threads);

  /// Zeroes the counters at the start of every kernel that can reach a
  /// barrier (LDS holds garbage at launch) when any barrier was emitted;
  /// call after all `emit`s. Returns those kernels.
  SmallVector<LLVM::LLVMFuncOp> initializeInKernels();

private:
  LLVM::LLVMFuncOp getFunction(Location loc);
  LLVM::LLVMFuncOp getExitFunction(Location loc);
  /// The call of the barrier function (i1 wait, reduce and whole; `pred`
  /// may be null when `reduce` is false); returns its i64 result.
  Value call(OpBuilder &b, Location loc, Value id, Value expected, Value wait,
             Value pred, Value reduce, Value whole);
  Value slotOf(OpBuilder &b, Location loc, Value id);
  /// The address of word `fieldIndex` of barrier `slot` (0..15).
  Value word(OpBuilder &b, Location loc, Value slot, Value fieldIndex);
  Value word(OpBuilder &b, Location loc, Value slot, int32_t f);
  /// Claims the completion of `phase` (one claimant wins); returns i1.
  Value claimPhase(OpBuilder &b, Location loc, Value pClaim, Value phase,
                   Value next);
  /// bar.red: the counts of `phase` go where its waiters read them.
  void publishCounts(OpBuilder &b, Location loc, Value slot, Value phase);
  /// Takes `arrivals` off the counter and opens phase `next`.
  void openPhase(OpBuilder &b, Location loc, Value slot, Value arrivals,
                 Value next);
  std::pair<Value, Value> readCounts(OpBuilder &b, Location loc, Value slot,
                                     Value phase);
  static std::pair<Value, Value> unpack(OpBuilder &b, Location loc,
                                        Value packed);

  ModuleOp top;
  unsigned waveSize;
  LLVM::GlobalOp state;
  LLVM::LLVMFuncOp fn, exitFn;
};

} // namespace mlir::ptx::rocdl

#endif // PTXMLIR_LIB_CONVERSION_WAVETOROCDL_NAMEDBARRIERS_H
