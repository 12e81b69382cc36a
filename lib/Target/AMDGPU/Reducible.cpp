//===- Reducible.cpp - irreducible cycles fixed before codegen ------------===//

#include "Reducible.h"
#include "llvm/IR/CycleInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Utils/BreakCriticalEdges.h"
#include "llvm/Transforms/Utils/FixIrreducible.h"
#include "llvm/Transforms/Utils/LowerSwitch.h"

using namespace llvm;

namespace {

bool isIrreducible(const CycleInfo::CycleT &cycle) {
  if (!cycle.isReducible())
    return true;
  return llvm::any_of(cycle.children(),
                      [](const auto &c) { return isIrreducible(*c); });
}

bool hasIrreducibleCycle(Function &f) {
  CycleInfo cycles;
  cycles.compute(f);
  return llvm::any_of(cycles.toplevel_cycles(),
                      [](const auto *c) { return isIrreducible(*c); });
}

} // namespace

unsigned mlir::ptx::amdgpu::makeReducible(Module &module) {
  SmallVector<Function *> fns;
  for (Function &f : module)
    if (!f.isDeclaration() && hasIrreducibleCycle(f))
      fns.push_back(&f);
  if (fns.empty())
    return 0;
  FunctionAnalysisManager fam;
  PassBuilder pb;
  pb.registerFunctionAnalyses(fam);
  FunctionPassManager fpm;
  // The code generator lowers switches before its fix-irreducible anyway;
  // with only branches left every edge into an entry from a block with two
  // successors is critical (FixIrreducible also fails on a switch edge).
  fpm.addPass(LowerSwitchPass());
  fpm.addPass(BreakCriticalEdgesPass());
  fpm.addPass(FixIrreduciblePass());
  for (Function *f : fns)
    fpm.run(*f, fam);
  return fns.size();
}
