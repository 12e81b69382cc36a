//===- PTXEmitter.h - LLVM IR to PTX text (NVVM check path) -----*- C++ -*-===//

#ifndef PTXMLIR_TARGET_NVPTX_PTXEMITTER_H
#define PTXMLIR_TARGET_NVPTX_PTXEMITTER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::ptx::nvptx {

/// Optimises `module` and emits PTX for `sm` (e.g. "sm_90") with LLVM's
/// NVPTX backend.
llvm::Expected<std::string> emitPTX(llvm::Module &module, llvm::StringRef sm,
                                    unsigned optLevel = 3);

/// Gives the globals `names` of `module` NVPTX's managed attribute (an
/// `nvvm.annotations` entry), so that they print as `.global
/// .attribute(.managed)` and NVIDIA's driver places them in managed memory.
void markManaged(llvm::Module &module, llvm::ArrayRef<std::string> names);

} // namespace mlir::ptx::nvptx

#endif // PTXMLIR_TARGET_NVPTX_PTXEMITTER_H
