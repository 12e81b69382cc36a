//===- AtomicAttrs.h - atomic facts the back ends share ---------*- C++ -*-===//
//
// Attributes the ptx → shared lowering leaves on `llvm.atomicrmw` ops for
// the back ends that write an atomic themselves instead of handing it to
// LLVM (the CPU agent's float adds, WaveToHost/FloatAtomics.h; the NVVM
// path's f32 adds that keep subnormals, WaveToNVVM/FloatAtomics.h). Other
// back ends ignore them.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_CONVERSION_ATOMICATTRS_H
#define PTXMLIR_CONVERSION_ATOMICATTRS_H

#include "llvm/ADT/StringRef.h"

namespace mlir::ptx {

/// A unit attribute on an f32 `atomicrmw fadd` whose subnormal inputs and
/// result are flushed to zeros of their signs where the memory is global:
/// atom/red .add.f32 on .global or generic addresses, and the .add of
/// cp.reduce.async.bulk.tensor through FLOAT32_FTZ/TFLOAT32_FTZ tensor maps,
/// as an NVIDIA H200 does them (the other bulk reductions keep subnormals).
constexpr llvm::StringLiteral kAtomicFtzAttr = "ptx.atomic_ftz";

} // namespace mlir::ptx

#endif // PTXMLIR_CONVERSION_ATOMICATTRS_H
