//===- Guard.cpp - keep LLVM's fatal errors inside compile() --------------===//

#include "ptxmlir/Target/Guard.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"
#include <csetjmp>
#include <mutex>

namespace {

struct GuardFrame {
  std::jmp_buf jump;
  std::string message;
  /// The crash recovery context current when the frame was entered.
  llvm::CrashRecoveryContext *crc;
};
thread_local GuardFrame *activeFrame = nullptr;

/// LLVM's fatal-error handler is process-wide; only a thread inside
/// runGuarded jumps out. Elsewhere LLVM prints and exits as it always does.
///
/// A crash recovery context entered inside the frame (lld's, around a link
/// that holds a lock) is unwound to instead: its owner returns normally and
/// releases what it holds, and runGuarded reports the message.
void onFatalError(void *, const char *reason, bool) {
  if (GuardFrame *f = activeFrame) {
    if (!f->message.empty())
      f->message += "; ";
    f->message += reason;
    llvm::CrashRecoveryContext *crc = llvm::CrashRecoveryContext::GetCurrent();
    if (crc && crc != f->crc)
      crc->HandleExit(1);
    activeFrame = nullptr;
    std::longjmp(f->jump, 1);
  }
  llvm::errs() << "LLVM ERROR: " << reason << "\n";
}

} // namespace

bool mlir::ptx::runGuarded(llvm::function_ref<void()> fn, std::string &error) {
  static std::once_flag once;
  std::call_once(once, [] { llvm::install_fatal_error_handler(onFatalError); });
  // Heap-allocated and deliberately leaked on the error path: its jmp_buf
  // must outlive the frames it unwinds.
  auto *frame = new GuardFrame();
  frame->crc = llvm::CrashRecoveryContext::GetCurrent();
  GuardFrame *outer = activeFrame;
  if (setjmp(frame->jump) != 0) {
    error = "LLVM fatal error: " + frame->message;
    activeFrame = outer;
    return false;
  }
  activeFrame = frame;
  fn();
  activeFrame = outer;
  // Fatal errors that a recovery context inside `fn` caught.
  if (!frame->message.empty())
    error = "LLVM fatal error: " + frame->message;
  delete frame;
  return true;
}

void mlir::ptx::collectLLVMErrors(llvm::LLVMContext &ctx, std::string &errors) {
  ctx.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo *info, void *out) {
        if (info->getSeverity() != llvm::DS_Error)
          return;
        std::string &s = *static_cast<std::string *>(out);
        llvm::raw_string_ostream os(s);
        os << "error: ";
        llvm::DiagnosticPrinterRawOStream printer(os);
        info->print(printer);
        os << "\n";
      },
      &errors);
}
