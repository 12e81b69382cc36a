//===- WaveDialect.h - the shared layer's wave dialect ----------*- C++ -*-===//

#ifndef PTXMLIR_DIALECT_WAVE_IR_WAVEDIALECT_H
#define PTXMLIR_DIALECT_WAVE_IR_WAVEDIALECT_H

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::wave {
/// What collective wave ops read and write: the lanes of the wave.
struct WaveResource : public SideEffects::Resource::Base<WaveResource> {
  StringRef getName() final { return "wave"; }
};
} // namespace mlir::wave

#include "Wave/IR/WaveOpsDialect.h.inc"
#include "Wave/IR/WaveOpsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Wave/IR/WaveOpsAttrs.h.inc"

#define GET_OP_CLASSES
#include "Wave/IR/WaveOps.h.inc"

#endif // PTXMLIR_DIALECT_WAVE_IR_WAVEDIALECT_H
