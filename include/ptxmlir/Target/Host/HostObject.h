//===- HostObject.h - LLVM IR to a host code object -------------*- C++ -*-===//
//
// The CPU agent's code objects: x86-64 ELF relocatable objects for the
// machine we run on (see HostABI.h for what they hold).
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_TARGET_HOST_HOSTOBJECT_H
#define PTXMLIR_TARGET_HOST_HOSTOBJECT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::ptx::host {

/// Optimises `module` for this machine's CPU and emits an ELF object, or
/// assembly text when `assembly` is set.
llvm::Expected<std::string> emit(llvm::Module &module, bool assembly,
                                 unsigned optLevel = 3);

} // namespace mlir::ptx::host

#endif // PTXMLIR_TARGET_HOST_HOSTOBJECT_H
