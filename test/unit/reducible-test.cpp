//===- reducible-test.cpp - makeReducible on an LLVM IR file --------------===//
//
// Reads an LLVM IR file, makes its irreducible functions reducible as the
// AMDGPU back end's input is (lib/Target/AMDGPU/Reducible.h), prints how
// many functions changed to stderr and the module to stdout.
//
//===----------------------------------------------------------------------===//

#include "Reducible.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: " << argv[0] << " FILE.ll\n";
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
  unsigned changed = mlir::ptx::amdgpu::makeReducible(*module);
  llvm::errs() << "functions made reducible: " << changed << "\n";
  if (llvm::verifyModule(*module, &llvm::errs()))
    return 1;
  module->print(llvm::outs(), nullptr);
  return 0;
}
