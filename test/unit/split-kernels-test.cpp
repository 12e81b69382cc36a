//===- split-kernels-test.cpp - a module's kernels as parts ---------------===//
//
// Splits small LLVM modules as emit() splits large ones and prints what
// each part defines and declares, for FileCheck (split-kernels.test).
//
//===----------------------------------------------------------------------===//

#include "SplitKernels.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

const char *kModule = R"(
target triple = "amdgcn-amd-amdhsa"
@table = internal addrspace(1) global [2 x i32] [i32 7, i32 9]
@visible = addrspace(1) global i32 1
@tile = internal addrspace(3) global [64 x i32] undef
@dyn = external addrspace(3) global [0 x i8]

define internal i32 @helper(i32 %i) {
  %p = getelementptr [2 x i32], ptr addrspace(1) @table, i32 0, i32 %i
  %v = load i32, ptr addrspace(1) %p
  %q = getelementptr [64 x i32], ptr addrspace(3) @tile, i32 0, i32 %i
  store i32 %v, ptr addrspace(3) %q
  ret i32 %v
}

define i32 @exported(i32 %x) {
  %y = call i32 @helper(i32 %x)
  ret i32 %y
}

define amdgpu_kernel void @k_big(ptr addrspace(1) %out, i32 %i) {
  %a = call i32 @helper(i32 %i)
  %b = add i32 %a, 1
  %c = mul i32 %b, 3
  %d = xor i32 %c, 5
  %e = add i32 %d, %a
  store i32 %e, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @k_mid(ptr addrspace(1) %out, i32 %i) {
  %a = call i32 @helper(i32 %i)
  %b = add i32 %a, 2
  store i32 %b, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @k_small(ptr addrspace(1) %out) {
  %v = load i32, ptr addrspace(1) @visible
  %p = getelementptr i8, ptr addrspace(3) @dyn, i32 4
  %w = load i32, ptr addrspace(3) %p
  %s = add i32 %v, %w
  store i32 %s, ptr addrspace(1) %out
  ret void
}
)";

StringRef linkage(const GlobalValue &gv) {
  if (gv.hasInternalLinkage())
    return "internal";
  if (gv.hasExternalLinkage())
    return "external";
  return "other";
}

void describe(Module &m) {
  for (GlobalVariable &g : m.globals())
    outs() << "  " << (g.isDeclaration() ? "declares" : "defines") << " @"
           << g.getName() << " " << linkage(g)
           << (g.hasHiddenVisibility() ? " hidden" : "") << "\n";
  for (Function &f : m)
    outs() << "  " << (f.isDeclaration() ? "declares" : "defines") << " @"
           << f.getName() << " " << linkage(f) << "\n";
}

/// Splits `text` (with `extra` appended) and prints the parts.
void run(StringRef title, StringRef extra, unsigned maxParts,
         unsigned minInstructions) {
  LLVMContext ctx;
  SMDiagnostic err;
  std::unique_ptr<Module> m =
      parseAssemblyString((Twine(kModule) + extra).str(), err, ctx);
  if (!m) {
    err.print("split-kernels-test", errs());
    return;
  }
  SmallVector<std::string> parts =
      mlir::ptx::amdgpu::splitKernels(*m, maxParts, minInstructions);
  outs() << title << ": " << parts.size() << " parts\n";
  for (size_t i = 0; i < parts.size(); ++i) {
    LLVMContext partCtx;
    Expected<std::unique_ptr<Module>> part =
        parseBitcodeFile(MemoryBufferRef(parts[i], "part"), partCtx);
    if (!part) {
      outs() << "part " << i << ": " << toString(part.takeError()) << "\n";
      continue;
    }
    outs() << "part " << i << ":\n";
    describe(**part);
  }
}

} // namespace

int main() {
  run("two parts", "", 2, 0);
  run("three parts", "", 3, 0);
  run("more parts than kernels", "", 8, 0);
  run("one thread", "", 1, 0);
  run("below the size", "", 2, 1000);
  run("address taken", "@ptr = addrspace(1) global ptr @exported\n", 2, 0);
  run("LDS not internal", "@shared = addrspace(3) global i32 undef\n", 2, 0);
  run("alias", "@alias = alias i32 (i32), ptr @exported\n", 2, 0);
  return 0;
}
