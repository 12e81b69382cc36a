//===- InitAll.cpp - register everything ptx-mlir provides ----------------===//

#include "ptxmlir/InitAll.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "ptxmlir/Target/PTX/PTXExport.h"
#include "ptxmlir/Target/PTX/PTXImport.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

void mlir::ptx::registerAllDialects(DialectRegistry &registry) {
  registry.insert<ptx::PTXDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect>();
}

void mlir::ptx::registerAllPasses() {}

void mlir::ptx::registerAllTranslations() {
  static bool once = [] {
    TranslateToMLIRRegistration importPTX(
        "import-ptx", "Import PTX text into the ptx dialect",
        [](llvm::SourceMgr &sourceMgr, MLIRContext *ctx) {
          return OwningOpRef<Operation *>(ptx::importPTX(sourceMgr, ctx));
        },
        [](DialectRegistry &registry) { registerAllDialects(registry); });
    TranslateFromMLIRRegistration exportPTX(
        "export-ptx", "Export the ptx dialect as PTX text",
        [](Operation *op, raw_ostream &os) { return ptx::exportPTX(op, os); },
        [](DialectRegistry &registry) { registerAllDialects(registry); });
    return true;
  }();
  (void)once;
}
