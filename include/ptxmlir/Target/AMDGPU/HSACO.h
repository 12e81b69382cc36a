//===- HSACO.h - LLVM IR to an AMD code object, in process ------*- C++ -*-===//

#ifndef PTXMLIR_TARGET_AMDGPU_HSACO_H
#define PTXMLIR_TARGET_AMDGPU_HSACO_H

#include "llvm/ADT/ArrayRef.h"
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
///
/// For a code object, the kernels of a large module are split into up to
/// `jobs` parts whose code is generated at once, each on a thread of its
/// own, then linked into one code object with one metadata note (0: the
/// hardware threads this process may use, at most 8; 1: this thread only).
/// Assembly and objects come from this thread alone.
llvm::Expected<std::string> emit(llvm::Module &module, llvm::StringRef chip,
                                 OutputKind kind, unsigned optLevel = 3,
                                 unsigned jobs = 1);

/// Links relocatable AMDGPU objects into one code object with lld, in
/// process. Its errors, fatal ones included, come back as errors (never an
/// exit); after a fatal one, lld is not run again in this process.
llvm::Expected<std::string> linkCodeObject(llvm::ArrayRef<std::string> objects);

} // namespace mlir::ptx::amdgpu

#endif // PTXMLIR_TARGET_AMDGPU_HSACO_H
