//===- link-guard-test.cpp - fatal errors around the in-process link ------===//
//
// compile() runs inside user processes: LLVM's fatal errors and lld's own
// fatal() must end in a diagnostic, never exit() the process or leave the
// link lock held (lib/Compiler/Guard.cpp, lib/Target/AMDGPU/HSACO.cpp).
// Prints what it checked.
//
//===----------------------------------------------------------------------===//

#include "ptxmlir/Target/AMDGPU/HSACO.h"
#include "ptxmlir/Target/Guard.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include <cstdio>

using namespace mlir::ptx;

int main() {
  // A fatal error inside a recovery context that the guarded function
  // entered (as lld's lldMain does) returns to that context: the function
  // carries on (and would release its locks) and runGuarded reports it.
  std::string error;
  bool recovered = false, carriedOn = false;
  llvm::CrashRecoveryContext::Enable();
  bool ok = runGuarded(
      [&] {
        llvm::CrashRecoveryContext crc;
        recovered =
            !crc.RunSafely([] { llvm::report_fatal_error("inside lld"); });
        carriedOn = true;
      },
      error);
  llvm::CrashRecoveryContext::Disable();
  std::printf("inside a recovery context: returned %d, recovered %d, carried "
              "on %d, error: %s\n",
              ok, recovered, carriedOn, error.c_str());

  // Outside one: runGuarded stops the function there.
  error.clear();
  carriedOn = false;
  ok = runGuarded(
      [&] {
        llvm::report_fatal_error("in codegen");
        carriedOn = true;
      },
      error);
  std::printf("outside: returned %d, carried on %d, error: %s\n", ok, carriedOn,
              error.c_str());

  // lld's fatal() on an object it cannot read: an error, not an exit; lld
  // is not run again in this process after it, and the lock is free.
  static const char truncated[] = "\177ELF\2\1\1\0\0\0\0\0\0\0\0\0\1\0\340";
  for (int i = 0; i < 2; ++i) {
    error.clear();
    std::string result;
    ok = runGuarded(
        [&] {
          llvm::Expected<std::string> out = amdgpu::linkCodeObject(
              {std::string(truncated, sizeof truncated - 1)});
          result = out ? "a code object" : llvm::toString(out.takeError());
        },
        error);
    std::printf("link %d: returned %d, %s%s%s\n", i + 1, ok, result.c_str(),
                error.empty() ? "" : ", error: ", error.c_str());
  }
  return 0;
}
