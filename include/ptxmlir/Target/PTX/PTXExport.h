//===- PTXExport.h - the ptx dialect to PTX text ----------------*- C++ -*-===//

#ifndef PTXMLIR_TARGET_PTX_PTXEXPORT_H
#define PTXMLIR_TARGET_PTX_PTXEXPORT_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::ptx {

/// Prints the ptx.module `op` (or the single ptx.module nested in a builtin
/// module) as PTX text. SSA form is left by assigning registers; edges
/// that pass block arguments get register copies.
LogicalResult exportPTX(Operation *op, raw_ostream &os);

} // namespace mlir::ptx

#endif // PTXMLIR_TARGET_PTX_PTXEXPORT_H
