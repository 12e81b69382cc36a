//===- UndefinedFunctions.h - calls nothing can link ------------*- C++ -*-===//
//
// The runtime compiles one PTX module at a time into a code object of its
// own (runtime/cuda/Link.cpp), so a `.extern .func` that the module calls
// but does not define can never be linked. The AMD and host back ends make
// that a located error; without it lld failed on AMD, and the host's
// dynamic linker bound the name to the process's own symbol of that name
// (libc's `vprintf` or `malloc`, with another ABI). The CUDA device
// runtime's functions are defined by -link-device-runtime, which the
// pipeline runs first. The NVVM check path keeps the declaration: NVIDIA's
// driver provides the CUDA device runtime.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_CONVERSION_UNDEFINEDFUNCTIONS_H
#define PTXMLIR_CONVERSION_UNDEFINEDFUNCTIONS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class ModuleOp;

namespace ptx {

/// On the llvm.func of a `.func` the module declares but does not define
/// (set by the ptx → shared lowering).
constexpr llvm::StringLiteral kUndefinedFuncAttr = "ptx.undefined";

/// A located error at the first use of each function marked
/// kUndefinedFuncAttr that is used.
LogicalResult checkUndefinedFunctions(ModuleOp top);

} // namespace ptx
} // namespace mlir

#endif // PTXMLIR_CONVERSION_UNDEFINEDFUNCTIONS_H
