//===- PollingLoops.h - loops where a warp may wait for another -*- C++ -*-===//
//
// Private to lib/Conversion/WaveToROCDL. The wave64 warp scheduler
// (WarpScheduler.h) returns to its dispatcher at the back-edges of loops in
// which a CUDA warp may be waiting for the other warp of its wave: loops
// that poll. A poll is
//
// * an mbarrier wait (wave.poll);
// * a compare-exchange, an atomic read-modify-write or a volatile or atomic
//   load whose result decides a branch in the loop (a spin lock, a spin on
//   a flag);
// * a plain load whose result decides a branch in a loop that also has a
//   fence (`while (flag == 0) __threadfence();`: the fence keeps the load in
//   the loop). Without a fence a plain load may be hoisted out of the loop,
//   by LLVM as by ptxas, so such a spin is not one.
//
// A loop is a cycle closed by a retreating edge of a depth-first walk from
// the entry block: the back-edge of a natural loop, or one way round an
// irreducible cycle.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_WAVETOROCDL_POLLINGLOOPS_H
#define PTXMLIR_LIB_CONVERSION_WAVETOROCDL_POLLINGLOOPS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::ptx::rocdl {

/// Whether `op` may be a poll in some loop: what a function must contain for
/// a loop of its callers to poll through it (a fence counts, for the plain
/// loads of its loops).
bool mayPoll(Operation *op);

struct PollingLoops {
  /// The retreating edges of the loops that poll, as (terminator, successor
  /// index).
  SmallVector<std::pair<Operation *, unsigned>> edges;
  /// The polls of those loops.
  llvm::SetVector<Operation *> polls;
};

/// The loops of `fn` that poll. The load an mbarrier wait tests is not a
/// poll of its own: the wave.poll knows whether it failed.
PollingLoops findPollingLoops(LLVM::LLVMFuncOp fn);

} // namespace mlir::ptx::rocdl

#endif // PTXMLIR_LIB_CONVERSION_WAVETOROCDL_POLLINGLOOPS_H
