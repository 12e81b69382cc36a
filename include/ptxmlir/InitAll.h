//===- InitAll.h - register everything ptx-mlir provides --------*- C++ -*-===//
//
// One place that both tools (ptx-opt, ptx-translate) use to register the
// dialects, passes and translations of ptx-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_INITALL_H
#define PTXMLIR_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::ptx {

/// The ptx dialect and the dialects its import and lowering produce.
void registerAllDialects(DialectRegistry &registry);
/// ptx-mlir's passes.
void registerAllPasses();
/// --import-ptx and --export-ptx.
void registerAllTranslations();

} // namespace mlir::ptx

#endif // PTXMLIR_INITALL_H
