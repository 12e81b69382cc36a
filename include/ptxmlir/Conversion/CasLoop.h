//===- CasLoop.h - an atomicrmw as a compare-exchange loop ------*- C++ -*-===//
//
// The back ends that write a float atomic themselves instead of handing it
// to LLVM (the CPU agent's float adds, WaveToHost/FloatAtomics.h; the NVVM
// path's f32 adds that keep subnormals, WaveToNVVM/FloatAtomics.h) share
// the loop; each computes the new memory bits its own way.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_CONVERSION_CASLOOP_H
#define PTXMLIR_CONVERSION_CASLOOP_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
class OpBuilder;

namespace ptx {

/// The failure ordering of a cmpxchg that stands for an atomic of
/// `ordering`: the success ordering without its release part.
LLVM::AtomicOrdering casFailureOrdering(LLVM::AtomicOrdering ordering);

/// Replaces `op` by `old = load atomic monotonic; do { new = next(old) }
/// while (!cmpxchg(ptr, old, new))` on integer bits of type `bits` (so a
/// NaN in memory cannot stall the loop), at `op`'s ordering, sync scope
/// and alignment (default: the width of `bits`); `op`'s result becomes the
/// bits it replaced, bitcast to its type. `next` builds, with `b` at the
/// end of the loop's block, the new bits from the current ones. `b` is
/// left after the bitcast of the result.
void expandToCasLoop(OpBuilder &b, LLVM::AtomicRMWOp op, Type bits,
                     llvm::function_ref<Value(Value current)> next);

} // namespace ptx
} // namespace mlir

#endif // PTXMLIR_CONVERSION_CASLOOP_H
