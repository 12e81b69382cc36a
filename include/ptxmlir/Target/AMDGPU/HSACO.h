//===- HSACO.h - LLVM IR to an AMD code object, in process ------*- C++ -*-===//

#ifndef PTXMLIR_TARGET_AMDGPU_HSACO_H
#define PTXMLIR_TARGET_AMDGPU_HSACO_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::ptx::amdgpu {

enum class OutputKind { Assembly, Object, HSACO };

/// Optimises `module` for `chip` (code object v5) and emits assembly, a
/// relocatable object, or a linked code object (HSACO; lld runs in this
/// process, serialised by a mutex, and leaves no files behind).
llvm::Expected<std::string> emit(llvm::Module &module, llvm::StringRef chip,
                                 OutputKind kind, unsigned optLevel = 3);

/// Links one relocatable AMDGPU object into a code object with lld, in
/// process. Its errors, fatal ones included, come back as errors (never an
/// exit); after a fatal one, lld is not run again in this process.
llvm::Expected<std::string> linkCodeObject(llvm::StringRef object);

} // namespace mlir::ptx::amdgpu

#endif // PTXMLIR_TARGET_AMDGPU_HSACO_H
