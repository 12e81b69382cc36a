//===- SchedulingRegions.cpp - long blocks cut for the code generator -----===//

#include "SchedulingRegions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

unsigned mlir::ptx::amdgpu::limitSchedulingRegions(Module &module,
                                                   unsigned maxInstructions) {
  if (maxInstructions == 0)
    return 0;
  unsigned inserted = 0;
  for (Function &f : module) {
    if (f.isDeclaration())
      continue;
    for (BasicBlock &bb : f) {
      SmallVector<Instruction *> counted;
      for (Instruction &inst : bb)
        if (!isa<PHINode>(inst) && !inst.isDebugOrPseudoInst() &&
            !inst.isTerminator() && !inst.isEHPad())
          counted.push_back(&inst);
      if (counted.size() <= maxInstructions)
        continue;
      // Stretches of equal length (one instruction apart at most), none
      // longer than the bound.
      size_t n = counted.size();
      size_t pieces = divideCeil(n, maxInstructions);
      for (size_t k = 1; k < pieces; ++k) {
        IRBuilder<> b(counted[k * n / pieces]);
        b.CreateIntrinsic(Intrinsic::amdgcn_sched_barrier, {}, {b.getInt32(0)});
        ++inserted;
      }
    }
  }
  return inserted;
}
