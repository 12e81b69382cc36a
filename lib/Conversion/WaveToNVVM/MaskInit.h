//===- MaskInit.h - mask() initializer bytes on the NVVM path ---*- C++ -*-===//

#ifndef PTXMLIR_LIB_CONVERSION_WAVETONVVM_MASKINIT_H
#define PTXMLIR_LIB_CONVERSION_WAVETONVVM_MASKINIT_H

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace mlir::ptx {

/// Replaces the `__ptxmlir_mask_init` table (read only by our libcuda) with
/// what NVPTX can print: whole addresses in .u8 variables become packed
/// struct fields, which NVPTX prints as mask() bytes; for the rest, a
/// warning that the bytes stay 0. The table itself is removed.
void lowerMaskTableForNVVM(ModuleOp top);

} // namespace mlir::ptx

#endif // PTXMLIR_LIB_CONVERSION_WAVETONVVM_MASKINIT_H
