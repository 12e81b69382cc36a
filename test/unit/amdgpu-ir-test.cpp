//===- amdgpu-ir-test.cpp - an AMDGPU preparation step on an IR file ------===//
//
// Reads an LLVM IR file, runs one of the steps that prepare the AMDGPU back
// end's input on it, prints what the step reports to stderr and the module
// to stdout:
//
//   reducible FILE.ll          makeReducible (lib/Target/AMDGPU/Reducible.h)
//   sched-regions FILE.ll N    limitSchedulingRegions with bound N
//                              (lib/Target/AMDGPU/SchedulingRegions.h)
//   reroll FILE.ll N           rerollChains, runs of N blocks at least
//                              (lib/Target/AMDGPU/RerollChains.h)
//
//===----------------------------------------------------------------------===//

#include "Reducible.h"
#include "RerollChains.h"
#include "SchedulingRegions.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

int main(int argc, char **argv) {
  llvm::StringRef mode = argc > 1 ? argv[1] : "";
  if (!((mode == "reducible" && argc == 3) ||
        ((mode == "sched-regions" || mode == "reroll") && argc == 4))) {
    llvm::errs() << "usage: " << argv[0]
                 << " reducible FILE.ll | sched-regions FILE.ll "
                    "MAX-INSTRUCTIONS | reroll FILE.ll MIN-RUN\n";
    return 2;
  }
  llvm::LLVMContext ctx;
  llvm::SMDiagnostic err;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyFile(argv[2], err, ctx);
  if (!module) {
    err.print(argv[0], llvm::errs());
    return 1;
  }
  if (mode == "reducible")
    llvm::errs() << "functions made reducible: "
                 << mlir::ptx::amdgpu::makeReducible(*module) << "\n";
  else if (mode == "reroll")
    llvm::errs() << "runs rolled: "
                 << mlir::ptx::amdgpu::rerollChains(
                        *module, std::strtoul(argv[3], nullptr, 10))
                 << "\n";
  else
    llvm::errs() << "scheduling barriers inserted: "
                 << mlir::ptx::amdgpu::limitSchedulingRegions(
                        *module, std::strtoul(argv[3], nullptr, 10))
                 << "\n";
  if (llvm::verifyModule(*module, &llvm::errs()))
    return 1;
  module->print(llvm::outs(), nullptr);
  return 0;
}
