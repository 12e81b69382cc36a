//===- FloatAtomics.h - f32 atomic adds on the NVVM path --------*- C++ -*-===//
//
// NVPTX prints an f32 `atomicrmw fadd` into global memory as
// `atom.global.add.f32`, which flushes subnormal inputs and results to
// zeros of their signs on NVIDIA GPUs. That is what PTX's own atom/red
// .add.f32 do there (the lowering marks them ptx::kAtomicFtzAttr), but not
// cp.reduce.async.bulk and the tensor reductions, whose f32 adds keep
// subnormals on an H200 (test/Runtime/CUDA/Inputs/bulk-nan.h200.txt).
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_WAVETONVVM_FLOATATOMICS_H
#define PTXMLIR_LIB_CONVERSION_WAVETONVVM_FLOATATOMICS_H

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace mlir::ptx {

/// Rewrites every scalar f32 `llvm.atomicrmw fadd` on a global pointer
/// without ptx::kAtomicFtzAttr into a compare-exchange loop around a plain
/// `fadd` (NVPTX's add.rn.f32: subnormals kept, a NaN result canonical, as
/// those reductions give on an H200).
void keepSubnormalsInF32AtomicAdds(ModuleOp top);

} // namespace mlir::ptx

#endif // PTXMLIR_LIB_CONVERSION_WAVETONVVM_FLOATATOMICS_H
