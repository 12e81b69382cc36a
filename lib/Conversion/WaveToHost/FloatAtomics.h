//===- FloatAtomics.h - float atomic adds on the CPU agent ------*- C++ -*-===//
//
// The CPU has no float atomics: LLVM turns `atomicrmw fadd` into a
// compare-exchange loop anyway. The host end writes that loop itself, on
// the integer bits, so that
//   - the value stored has the bits an NVIDIA H200 leaves in memory
//     (test/Runtime/CUDA/atomic-nan.c, docs/lowering.md "NaN results of
//     float atomics"): f32, f16, bf16 NaN results are the canonical NaN
//     (0x7fffffff, 0x7fff); f32 atom/red adds into global memory (those
//     marked ptx::kAtomicFtzAttr) flush subnormal inputs and results to
//     sign-preserving zero; f64 into global memory
//     keeps the NaN as it is (the operand's, else memory's, not quieted),
//     into shared memory quiets the first NaN of (memory, operand); a NaN
//     from inf - inf is 0xfff8000000000000;
//   - a bf16 signalling NaN in memory cannot stall the loop (x86 keeps a
//     bfloat loop value in an f32 register, and the compare value LLVM
//     makes from it is quieted, so the exchange never succeeded).
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_WAVETOHOST_FLOATATOMICS_H
#define PTXMLIR_LIB_CONVERSION_WAVETOHOST_FLOATATOMICS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::ptx::host {

/// Where an atomic's pointer points, as the NVIDIA rules tell apart.
/// `inShared(b, loc, op, ptr)` returns an i1 that says whether the generic
/// pointer `ptr` of `op` points into the CTA's shared memory, built at b's
/// insertion point.
using InSharedFn =
    llvm::function_ref<Value(OpBuilder &, Location, Operation *, Value)>;

/// Rewrites every `llvm.atomicrmw fadd` on f64, f32, f16, bf16 or a vector
/// of f16/bf16 into a compare-exchange loop with NVIDIA's results (above).
/// Runs while pointers still carry their PTX address spaces (global 1,
/// shared 3, generic 0).
void expandFloatAtomics(ModuleOp top, InSharedFn inShared);

} // namespace mlir::ptx::host

#endif // PTXMLIR_LIB_CONVERSION_WAVETOHOST_FLOATATOMICS_H
