//===- SplitKernels.cpp - one module as parts to compile at once ----------===//

#include "SplitKernels.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/AMDGPUAddrSpace.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include <algorithm>

using namespace llvm;

namespace {

bool isKernel(const Function &f) {
  return !f.isDeclaration() && f.getCallingConv() == CallingConv::AMDGPU_KERNEL;
}

/// Adds `root` and every function it reaches through direct calls.
void addReachable(Function *root, SmallPtrSetImpl<Function *> &out) {
  SmallVector<Function *> work{root};
  while (!work.empty()) {
    Function *f = work.pop_back_val();
    if (f->isDeclaration() || !out.insert(f).second)
      continue;
    for (Instruction &inst : instructions(*f))
      if (auto *call = dyn_cast<CallBase>(&inst))
        if (Function *callee = call->getCalledFunction())
          work.push_back(callee);
  }
}

bool isLDS(const GlobalVariable &g) {
  return g.getAddressSpace() == AMDGPUAS::LOCAL_ADDRESS;
}

/// What makes a copy of a function or global differ from the original in
/// a way the program could see, or what the split below does not handle.
bool splittable(Module &module) {
  if (!module.getModuleInlineAsm().empty() || !module.alias_empty() ||
      !module.ifunc_empty())
    return false;
  for (Function &f : module)
    if (!f.isDeclaration() &&
        f.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/false,
                          /*IgnoreAssumeLikeCalls=*/true,
                          /*IgnoreLLVMUsed=*/false))
      return false;
  for (GlobalVariable &g : module.globals()) {
    if (g.hasAppendingLinkage())
      return false;
    if (isLDS(g) && !g.isDeclaration() && !g.hasLocalLinkage())
      return false;
  }
  return true;
}

/// Drops what a part neither defines for its kernels nor uses.
void pruneUnused(Module &part) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (Function &f : make_early_inc_range(part)) {
      f.removeDeadConstantUsers();
      if (f.use_empty() && !isKernel(f) &&
          (f.isDeclaration() || f.hasLocalLinkage())) {
        f.eraseFromParent();
        changed = true;
      }
    }
    for (GlobalVariable &g : make_early_inc_range(part.globals())) {
      g.removeDeadConstantUsers();
      if (g.use_empty() && (g.isDeclaration() || g.hasLocalLinkage())) {
        g.eraseFromParent();
        changed = true;
      }
    }
  }
}

} // namespace

SmallVector<std::string>
mlir::ptx::amdgpu::splitKernels(Module &module, unsigned maxParts,
                                unsigned minInstructions) {
  SmallVector<Function *> kernels;
  unsigned total = 0;
  for (Function &f : module) {
    total += f.getInstructionCount();
    if (isKernel(f))
      kernels.push_back(&f);
  }
  unsigned numParts = std::min<unsigned>(maxParts, kernels.size());
  if (numParts < 2 || total < minInstructions || !splittable(module))
    return {};

  // Largest first, each to the lightest part (ties by name: the output
  // does not depend on hashing).
  DenseMap<Function *, SmallPtrSet<Function *, 16>> reach;
  DenseMap<Function *, unsigned> cost;
  for (Function *k : kernels) {
    addReachable(k, reach[k]);
    for (Function *f : reach[k])
      cost[k] += f->getInstructionCount();
  }
  llvm::sort(kernels, [&](Function *a, Function *b) {
    if (cost[a] != cost[b])
      return cost[a] > cost[b];
    return a->getName() < b->getName();
  });
  SmallVector<SmallPtrSet<Function *, 16>> defined(numParts);
  SmallVector<unsigned> load(numParts, 0);
  for (Function *k : kernels) {
    unsigned p = std::min_element(load.begin(), load.end()) - load.begin();
    load[p] += cost[k];
    defined[p].insert(reach[k].begin(), reach[k].end());
  }
  // Functions other objects could link against are defined once, in the
  // first part, whether a kernel calls them or not.
  for (Function &f : module)
    if (!f.isDeclaration() && !f.hasLocalLinkage() && !isKernel(f))
      addReachable(&f, defined[0]);

  // Globals outside LDS are defined once (the first part), so the others
  // must reach them by name: internal ones become hidden symbols in every
  // part.
  StringSet<> internal;
  for (GlobalVariable &g : module.globals()) {
    if (isLDS(g) || !g.hasLocalLinkage())
      continue;
    if (!g.hasName())
      g.setName("__ptxmlir_global");
    internal.insert(g.getName());
  }

  SmallVector<std::string> parts;
  for (unsigned p = 0; p < numParts; ++p) {
    ValueToValueMapTy map;
    std::unique_ptr<Module> part =
        CloneModule(module, map, [&](const GlobalValue *gv) {
          if (auto *f = dyn_cast<Function>(gv))
            return defined[p].contains(f);
          if (auto *g = dyn_cast<GlobalVariable>(gv))
            return isLDS(*g) || p == 0;
          return true;
        });
    for (GlobalVariable &g : part->globals()) {
      if (!internal.contains(g.getName()))
        continue;
      g.setLinkage(GlobalValue::ExternalLinkage);
      g.setVisibility(GlobalValue::HiddenVisibility);
    }
    // A called function defined in several parts is each part's own copy.
    if (p != 0)
      for (Function &f : *part)
        if (!f.isDeclaration() && !isKernel(f))
          f.setLinkage(GlobalValue::InternalLinkage);
    pruneUnused(*part);
    if (verifyModule(*part))
      return {};
    std::string bitcode;
    raw_string_ostream os(bitcode);
    WriteBitcodeToFile(*part, os);
    parts.push_back(std::move(bitcode));
  }
  return parts;
}
