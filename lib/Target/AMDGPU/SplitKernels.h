//===- SplitKernels.h - one module as parts to compile at once --*- C++ -*-===//
//
// Optimisation and code generation take most of a compile, and kernels are
// compiled independently of each other: the parts of a module can go
// through LLVM on several threads and be linked into one code object.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_TARGET_AMDGPU_SPLITKERNELS_H
#define PTXMLIR_LIB_TARGET_AMDGPU_SPLITKERNELS_H

#include "llvm/ADT/SmallVector.h"
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::ptx::amdgpu {

/// Splits `module` (before optimisation) into at most `maxParts` modules,
/// returned as bitcode (each is read back into a context of its own thread).
/// Every kernel lands in one part, with a copy of each function it calls and of
/// the LDS variables they use; the first part defines the other globals,
/// which the rest declare. Linked together, the parts' objects define what
/// `module` would have. Kernels go to parts largest first, each to the
/// lightest part so far.
///
/// Returns nothing, leaving `module` as it was, when splitting would not
/// pay (fewer than two kernels, or fewer than `minInstructions`
/// instructions: below about 2000, one thread is as fast as the copies, the
/// bitcode round trip and a second target machine) or is not known to be
/// safe: a function whose address is taken (its copies would differ), an
/// LDS variable that is not internal, aliases, appending globals or
/// module-level assembly. `module` itself only gains names for unnamed
/// internal globals; in the parts, internal globals outside LDS are hidden
/// external symbols.
llvm::SmallVector<std::string> splitKernels(llvm::Module &module,
                                            unsigned maxParts,
                                            unsigned minInstructions = 2000);

} // namespace mlir::ptx::amdgpu

#endif // PTXMLIR_LIB_TARGET_AMDGPU_SPLITKERNELS_H
