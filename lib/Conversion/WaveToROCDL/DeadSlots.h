//===- DeadSlots.h - slots dead at a wait not kept across it ----*- C++ -*-===//
//
// Private to lib/Conversion/WaveToROCDL. In a scheduled clone every value
// that crosses blocks goes through a stack slot (RegToMem.h), and every
// yield (a barrier wait, a polling back-edge, the end) branches to the
// dispatcher, which may resume any resume point. So for LLVM a slot that
// one resume point reads is live at every yield, and its value is kept,
// and copied into the dispatcher's phi, along the whole body from its
// definition on: async_copy's k_cuda_barrier clone for gfx942 carried 53
// values round the dispatcher, each needed at one or two of its resume
// points.
//
// A lane that yields resumes where it left off. So at each yield the slots
// that are dead at the matching resume point (not read there before being
// written, along the lane's own path) get poison stored to them: their
// values end there, and the dispatcher's phis get poison from that yield.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_WAVETOROCDL_DEADSLOTS_H
#define PTXMLIR_LIB_CONVERSION_WAVETOROCDL_DEADSLOTS_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::ptx::rocdl {

/// `body`: the blocks of a scheduled function, without the dispatcher;
/// `slots`: stack slots read and written only by plain loads and stores in
/// `body`; `yields`: each block of `body` that ends by branching to the
/// dispatcher, with the block its lane resumes at (null: it never resumes).
/// Stores poison, before each yield's terminator, to every slot that is
/// live at some resume point but not at that yield's one. Returns how many
/// stores it added.
unsigned killDeadSlotsAtYields(ArrayRef<Block *> body, ArrayRef<Value> slots,
                               const llvm::DenseMap<Block *, Block *> &yields);

} // namespace mlir::ptx::rocdl

#endif // PTXMLIR_LIB_CONVERSION_WAVETOROCDL_DEADSLOTS_H
