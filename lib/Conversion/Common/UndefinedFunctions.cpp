//===- UndefinedFunctions.cpp - calls nothing can link --------------------===//

#include "ptxmlir/Conversion/UndefinedFunctions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

LogicalResult ptx::checkUndefinedFunctions(ModuleOp top) {
  bool ok = true;
  for (auto fn : top.getOps<LLVM::LLVMFuncOp>()) {
    if (!fn->hasAttr(kUndefinedFuncAttr))
      continue;
    auto uses = SymbolTable::getSymbolUses(fn, top);
    if (!uses || uses->empty())
      continue;
    StringRef name = fn.getName();
    InFlightDiagnostic diag = uses->begin()->getUser()->emitError();
    if (name == "vprintf" || name == "malloc" || name == "free" ||
        name == "__assertfail")
      diag << "'" << name
           << "' is the CUDA device runtime's: -link-device-runtime "
              "defines it before this lowering";
    else
      diag << "'" << name
           << "' is declared but no linked PTX module defines it";
    diag.attachNote(fn.getLoc()) << "declared here";
    ok = false;
  }
  return success(ok);
}
