//===- sched-regions-test.cpp - limitSchedulingRegions on an IR file ------===//
//
// Reads an LLVM IR file and a bound, cuts its long blocks with scheduling
// barriers as the AMDGPU back end's input is (lib/Target/AMDGPU/
// SchedulingRegions.h), prints how many barriers it inserted to stderr and
// the module to stdout.
//
//===----------------------------------------------------------------------===//

#include "SchedulingRegions.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: " << argv[0] << " FILE.ll MAX-INSTRUCTIONS\n";
    return 2;
  }
  llvm::LLVMContext ctx;
  llvm::SMDiagnostic err;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyFile(argv[1], err, ctx);
  if (!module) {
    err.print(argv[0], llvm::errs());
    return 1;
  }
  unsigned inserted = mlir::ptx::amdgpu::limitSchedulingRegions(
      *module, std::strtoul(argv[2], nullptr, 10));
  llvm::errs() << "scheduling barriers inserted: " << inserted << "\n";
  if (llvm::verifyModule(*module, &llvm::errs()))
    return 1;
  module->print(llvm::outs(), nullptr);
  return 0;
}
