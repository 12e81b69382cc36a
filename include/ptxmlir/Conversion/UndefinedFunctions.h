//===- UndefinedFunctions.h - calls nothing can link ------------*- C++ -*-===//
//
// The runtime compiles one PTX module at a time into a code object of its
// own (runtime/cuda/Link.cpp), so a `.extern .func` that the module calls
// but does not define can never be linked. The AMD and host back ends make
// that a located error; without it lld failed on AMD, and the host's
// dynamic linker bound the name to the process's own symbol of that name
// (libc's `vprintf` or `malloc`, with another ABI). The NVVM check path
// keeps the declaration: NVIDIA's driver provides the CUDA device runtime.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_CONVERSION_UNDEFINEDFUNCTIONS_H
#define PTXMLIR_CONVERSION_UNDEFINEDFUNCTIONS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::ptx {

/// On the llvm.func of a `.func` the module declares but does not define
/// (set by the ptx → shared lowering).
constexpr llvm::StringLiteral kUndefinedFuncAttr = "ptx.undefined";

/// A located error at the first use of each function marked
/// kUndefinedFuncAttr that is used; the CUDA device runtime's functions
/// are named as such.
inline LogicalResult checkUndefinedFunctions(ModuleOp top) {
  bool ok = true;
  for (auto fn : top.getOps<LLVM::LLVMFuncOp>()) {
    if (!fn->hasAttr(kUndefinedFuncAttr))
      continue;
    auto uses = SymbolTable::getSymbolUses(fn, top);
    if (!uses || uses->empty())
      continue;
    StringRef name = fn.getName();
    InFlightDiagnostic diag = uses->begin()->getUser()->emitError();
    if (name == "vprintf")
      diag << "device-side printf (vprintf) is not supported yet";
    else if (name == "malloc" || name == "free")
      diag << "device-side malloc and free are not supported yet";
    else if (name == "__assertfail")
      diag << "device-side assert (__assertfail) is not supported yet";
    else
      diag << "'" << name
           << "' is declared but not defined in this module; linking "
              "PTX modules together is not supported";
    diag.attachNote(fn.getLoc()) << "declared here";
    ok = false;
  }
  return success(ok);
}

} // namespace mlir::ptx

#endif // PTXMLIR_CONVERSION_UNDEFINEDFUNCTIONS_H
