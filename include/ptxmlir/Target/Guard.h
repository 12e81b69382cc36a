//===- Guard.h - keep LLVM's fatal errors inside compile() ------*- C++ -*-===//
//
// compile() runs inside user processes (libcuda.so.1): an error in LLVM
// must become a diagnostic, never exit() or abort() the process.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_TARGET_GUARD_H
#define PTXMLIR_TARGET_GUARD_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include <string>

namespace llvm {
class LLVMContext;
} // namespace llvm

namespace mlir::ptx {

/// Runs `fn`; if LLVM reports a fatal error meanwhile (on this thread), stops
/// it there and returns false with the message in `error`. What `fn` had
/// allocated is leaked: the process keeps running. A fatal error inside a
/// llvm::CrashRecoveryContext that `fn` entered (lld's) returns there
/// instead, so `fn` finishes normally; runGuarded then returns true with
/// the message in `error`.
bool runGuarded(llvm::function_ref<void()> fn, std::string &error);

/// Makes `ctx` collect its error diagnostics (which LLVM's default handler
/// answers with exit(1)) into `errors`, one "error: ..." line each.
void collectLLVMErrors(llvm::LLVMContext &ctx, std::string &errors);

} // namespace mlir::ptx

#endif // PTXMLIR_TARGET_GUARD_H
