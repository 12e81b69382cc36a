//===- InlineCall.h - a direct call replaced by the callee's body -*- C++
//-*-===//
//
// Private to lib/Conversion/WaveToROCDL. The warp scheduler needs the
// barrier waits of called functions in the kernel's own body. The shared
// layer's functions hold wave ops, which MLIR's inliner does not know, and
// need nothing of it: an llvm.func body is cloned in place of the call.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_WAVETOROCDL_INLINECALL_H
#define PTXMLIR_LIB_CONVERSION_WAVETOROCDL_INLINECALL_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::ptx::rocdl {

/// Replaces `call` by a copy of the body of `callee` (defined, not
/// variadic): the copy's returns branch to the code after the call, whose
/// block takes the result.
void inlineCall(LLVM::CallOp call, LLVM::LLVMFuncOp callee);

} // namespace mlir::ptx::rocdl

#endif // PTXMLIR_LIB_CONVERSION_WAVETOROCDL_INLINECALL_H
