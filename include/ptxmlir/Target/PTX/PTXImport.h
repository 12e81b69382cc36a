//===- PTXImport.h - PTX text to the ptx dialect ----------------*- C++ -*-===//

#ifndef PTXMLIR_TARGET_PTX_PTXIMPORT_H
#define PTXMLIR_TARGET_PTX_PTXIMPORT_H

#include "mlir/IR/OwningOpRef.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir::ptx {

/// Parses the PTX text of the main buffer of `sourceMgr` into a ptx.module
/// in SSA form. Every error is reported through the context's diagnostic
/// engine at its PTX file:line:col; on error, returns null.
OwningOpRef<PTXModuleOp> importPTX(llvm::SourceMgr &sourceMgr,
                                   MLIRContext *context);

} // namespace mlir::ptx

#endif // PTXMLIR_TARGET_PTX_PTXIMPORT_H
