//===- OutOfSSA.cpp - register classes for leaving SSA form ---------------===//

#include "OutOfSSA.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "llvm/ADT/BitVector.h"

using namespace mlir;
using namespace mlir::ptx;

RegisterClasses::RegisterClasses(Region &region,
                                 llvm::function_ref<bool(Value)> isRegister)
    : region(region), isRegister(isRegister) {
  for (Block &b : region) {
    for (BlockArgument a : b.getArguments())
      if (isRegister(a))
        valueIds.try_emplace(a, valueIds.size());
    unsigned i = 0;
    for (Operation &op : b) {
      opIndex[&op] = i++;
      for (Value r : op.getResults())
        if (isRegister(r))
          valueIds.try_emplace(r, valueIds.size());
    }
  }
  computeLiveness();

  // A guarded instruction writes its destination only when the guard holds.
  region.walk([&](PredicableOpInterface pred) {
    if (!pred.getGuard())
      return;
    for (auto [res, prev] :
         llvm::zip(pred.getOperation()->getResults(), pred.getPrev()))
      if (valueIds.count(res) && valueIds.count(prev))
        tryMerge(res, prev);
  });
  // Block arguments and the values that edges pass to them.
  for (Block &b : region)
    for (Block *pred : b.getPredecessors()) {
      auto branch = dyn_cast<BranchOpInterface>(pred->getTerminator());
      if (!branch)
        continue;
      for (unsigned s = 0, e = branch->getNumSuccessors(); s < e; ++s) {
        if (branch->getSuccessor(s) != &b)
          continue;
        OperandRange vals =
            branch.getSuccessorOperands(s).getForwardedOperands();
        for (auto [arg, v] : llvm::zip(b.getArguments(), vals))
          if (valueIds.count(arg) && valueIds.count(v) &&
              arg.getType() == v.getType())
            tryMerge(arg, v);
      }
    }
}

void RegisterClasses::computeLiveness() {
  unsigned n = valueIds.size();
  llvm::DenseMap<Block *, llvm::BitVector> uses, defs;
  for (Block &b : region) {
    llvm::BitVector use(n), def(n);
    for (BlockArgument a : b.getArguments())
      if (auto it = valueIds.find(a); it != valueIds.end())
        def.set(it->second);
    for (Operation &op : b) {
      for (Value v : op.getOperands())
        if (auto it = valueIds.find(v); it != valueIds.end())
          if (!def.test(it->second))
            use.set(it->second);
      for (Value r : op.getResults())
        if (auto it = valueIds.find(r); it != valueIds.end())
          def.set(it->second);
    }
    uses[&b] = use;
    defs[&b] = def;
    liveIn[&b] = use;
    liveOut[&b] = llvm::BitVector(n);
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto it = region.rbegin(); it != region.rend(); ++it) {
      Block *b = &*it;
      llvm::BitVector out(n);
      for (Block *s : b->getSuccessors()) {
        llvm::BitVector in = liveIn[s];
        for (BlockArgument a : s->getArguments())
          if (auto id = valueIds.find(a); id != valueIds.end())
            in.reset(id->second);
        out |= in;
      }
      llvm::BitVector in = out;
      in.reset(defs[b]);
      in |= uses[b];
      if (in != liveIn[b] || out != liveOut[b]) {
        liveIn[b] = std::move(in);
        liveOut[b] = std::move(out);
        changed = true;
      }
    }
  }
}

/// Whether `a` is live right after `b` is defined.
bool RegisterClasses::liveAtDef(Value a, Value b) {
  Block *block = b.getParentBlock();
  unsigned aId = valueIds.lookup(a);
  // Position of b's definition: block arguments come before every op.
  int pos = -1;
  if (Operation *def = b.getDefiningOp())
    pos = opIndex.lookup(def);
  bool aHere;
  if (a.getParentBlock() == block) {
    int aPos = -1;
    if (Operation *def = a.getDefiningOp())
      aPos = opIndex.lookup(def);
    if (aPos > pos)
      return false; // a is defined later
    if (aPos == pos && pos == -1)
      return true; // two arguments of one block: keep apart
    aHere = true;
  } else {
    aHere = liveIn[block].test(aId);
  }
  if (!aHere)
    return false;
  if (liveOut[block].test(aId))
    return true;
  for (OpOperand &use : a.getUses()) {
    Operation *user = use.getOwner();
    if (user->getBlock() == block && (int)opIndex.lookup(user) > pos)
      return true;
  }
  return false;
}

bool RegisterClasses::interferes(Value a, Value b) {
  return liveAtDef(a, b) || liveAtDef(b, a);
}

bool RegisterClasses::tryMerge(Value a, Value b) {
  Value la = leader(a), lb = leader(b);
  if (la == lb)
    return true;
  for (Value x : classes.members(la))
    for (Value y : classes.members(lb))
      if (interferes(x, y))
        return false;
  classes.unionSets(la, lb);
  return true;
}
