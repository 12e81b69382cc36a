//===- Alias.cpp - `.alias` resolved to the aliasee -----------------------===//
//
// `.alias` declares a .func prototype to be another name of a .func defined
// in the same module with the same parameters (the ptx.alias verifier checks
// both). Every use of the alias (direct calls, `mov` of its address for
// indirect calls, address initializers of variables) is renamed to the
// aliasee and the alias's prototype is dropped, so the back ends (ROCDL,
// NVVM, host) see one function and need no symbol alias. The alias's own
// name is not exported: a `.visible` alias is not a separate symbol of the
// code object (.func symbols cannot be looked up by the CUDA driver API).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::ptx;

LogicalResult lowering::resolveAliases(ModuleOp top) {
  for (PTXModuleOp module : top.getOps<PTXModuleOp>()) {
    // In module order, so that a chain (`.alias b, c; .alias a, b;`) ends at
    // the defined function: renaming b to c also renames the second alias.
    SmallVector<AliasOp> aliases(module.getOps<AliasOp>());
    for (AliasOp alias : aliases) {
      if (failed(alias.verify()))
        return failure();
      StringAttr from = alias.getAliasAttr().getAttr();
      StringAttr to = alias.getAliaseeAttr().getAttr();
      Location loc = alias.getLoc();
      alias.erase();
      if (failed(SymbolTable::replaceAllSymbolUses(from, to, module)))
        return emitError(loc) << "cannot resolve the uses of alias '"
                              << from.getValue() << "'";
      for (auto f : llvm::make_early_inc_range(module.getOps<FuncOp>()))
        if (f.getSymName() == from.getValue())
          f.erase();
    }
  }
  return success();
}
