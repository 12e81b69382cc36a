//===- RerollChains.cpp - runs of identical blocks rolled into loops ------===//

#include "RerollChains.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace {

/// A block of the shape a run is made of: a body (no PHIs) and a
/// conditional branch that leaves to `exit` on side `exitSide` and goes on
/// to `next` on the other.
struct Copy {
  BasicBlock *block = nullptr;
  SmallVector<Instruction *> body;
  BranchInst *branch = nullptr;
  DenseMap<const Instruction *, unsigned> position;

  explicit Copy(BasicBlock *bb) : block(bb) {
    branch = dyn_cast<BranchInst>(bb->getTerminator());
    if (!branch || !branch->isConditional()) {
      branch = nullptr;
      return;
    }
    for (Instruction &i : *bb)
      if (!isa<PHINode>(i) && &i != branch) {
        position[&i] = body.size();
        body.push_back(&i);
      }
  }
  bool valid() const { return branch != nullptr; }
  BasicBlock *successor(unsigned side) const {
    return branch->getSuccessor(side);
  }
  /// `v` of this copy as a value of `head`: its instruction at the same
  /// position, or `v` itself when it is not one of ours.
  Value *inHead(Value *v, const Copy &head) const {
    auto *i = dyn_cast<Instruction>(v);
    if (!i)
      return v;
    auto it = position.find(i);
    return it == position.end() ? v : head.body[it->second];
  }
};

bool rollable(const Instruction *i) {
  // A carried token would need a token PHI, which LLVM forbids.
  if (i->isEHPad() || isa<AllocaInst>(i) || i->getType()->isTokenTy())
    return false;
  if (auto *call = dyn_cast<CallBase>(i))
    return !call->isConvergent() && !call->isInlineAsm();
  return true;
}

bool sameMetadata(const Instruction *x, const Instruction *h) {
  SmallVector<std::pair<unsigned, MDNode *>> mx, mh;
  x->getAllMetadataOtherThanDebugLoc(mx);
  h->getAllMetadataOtherThanDebugLoc(mh);
  return mx == mh;
}

/// Operands a copy takes from the copy before it, by (position in the
/// body, operand index): 1 + the position of the value in the copy before.
/// The first copy takes an outside value there; rolled, a PHI carries it.
using Carried = DenseMap<std::pair<unsigned, unsigned>, unsigned>;

/// Whether `c`, which follows `prev`, repeats `head` (see rerollChains in
/// the header). The second copy of a run fills `carried`, later ones must
/// agree.
bool repeats(const Copy &c, const Copy &prev, const Copy &head,
             unsigned exitSide, Carried &carried) {
  if (!c.valid() || c.body.size() != head.body.size() ||
      isa<PHINode>(c.block->front()) ||
      c.successor(exitSide) != head.successor(exitSide))
    return false;
  // The same position's condition, not the head's own.
  Value *hc = head.branch->getCondition(), *xc = c.branch->getCondition();
  auto *hci = dyn_cast<Instruction>(hc);
  if (c.inHead(xc, head) != hc || (xc == hc && hci && head.position.count(hci)))
    return false;
  bool second = &prev == &head;
  for (unsigned pos = 0, n = c.body.size(); pos != n; ++pos) {
    Instruction *x = c.body[pos], *h = head.body[pos];
    // Every trip runs the head's copy: the same flags (nuw, exact,
    // fast-math, inbounds ...) and metadata, or a trip could be poison or
    // undefined where its copy was not.
    if (!x->isSameOperationAs(h) || !rollable(x) ||
        x->getRawSubclassOptionalData() != h->getRawSubclassOptionalData() ||
        !sameMetadata(x, h))
      return false;
    for (unsigned k = 0, e = x->getNumOperands(); k != e; ++k) {
      Value *ho = h->getOperand(k), *xo = x->getOperand(k);
      // An operand from the head's own body must be the same position's.
      auto *hi = dyn_cast<Instruction>(ho);
      if (hi && head.position.count(hi)) {
        if (c.inHead(xo, head) != ho || xo == ho)
          return false;
        continue;
      }
      if (xo == ho) {
        if (carried.count({pos, k}))
          return false;
        continue;
      }
      // Carried from the copy before.
      auto *xi = dyn_cast<Instruction>(xo);
      auto it = xi ? prev.position.find(xi) : prev.position.end();
      if (it == prev.position.end())
        return false;
      if (second)
        carried[{pos, k}] = it->second + 1;
      else if (carried.lookup({pos, k}) != it->second + 1)
        return false;
    }
  }
  return true;
}

/// Whether the values of copy `index` of `run` are used only as rolling
/// allows: in the copy, by the next copy where it carries them, by the
/// exit's PHIs for this copy, or (the last copy's) anywhere.
bool usesAllowed(ArrayRef<Copy> run, unsigned index, const Carried &carried,
                 BasicBlock *exit) {
  const Copy &c = run[index];
  if (index + 1 == run.size())
    return true;
  const Copy &next = run[index + 1];
  for (Instruction *i : c.body)
    for (const Use &u : i->uses()) {
      auto *user = cast<Instruction>(u.getUser());
      if (user->getParent() == c.block && !isa<PHINode>(user))
        continue;
      if (auto *phi = dyn_cast<PHINode>(user);
          phi && phi->getParent() == exit &&
          phi->getIncomingBlock(u) == c.block)
        continue;
      auto at = next.position.find(user);
      if (at != next.position.end()) {
        auto it = carried.find({at->second, u.getOperandNo()});
        if (it != carried.end() && it->second == c.position.lookup(i) + 1)
          continue;
      }
      return false;
    }
  return true;
}

/// The exit's PHIs take, from every copy, the same value or the value at
/// the same position.
bool exitAgrees(ArrayRef<Copy> run, BasicBlock *exit) {
  const Copy &head = run.front();
  for (PHINode &phi : exit->phis()) {
    Value *first = phi.getIncomingValueForBlock(head.block);
    for (const Copy &c : run.drop_front())
      if (c.inHead(phi.getIncomingValueForBlock(c.block), head) != first)
        return false;
  }
  return true;
}

/// Rolls `run` (at least two copies) into a loop.
void roll(SmallVectorImpl<Copy> &run, unsigned exitSide,
          const Carried &carried) {
  Copy &head = run.front();
  const Copy &lastCopy = run.back();
  BasicBlock *exit = head.successor(exitSide);
  BasicBlock *after = lastCopy.successor(1 - exitSide);
  Function *f = head.block->getParent();
  LLVMContext &ctx = f->getContext();
  Type *i32 = Type::getInt32Ty(ctx);

  // The trip counter, and the latch that counts and goes round or on.
  SmallVector<BasicBlock *> outside(predecessors(head.block));
  BasicBlock *latch =
      BasicBlock::Create(ctx, head.block->getName() + ".reroll", f, after);
  PHINode *trip = PHINode::Create(i32, outside.size() + 1, "reroll.trip");
  trip->insertBefore(head.block->begin());
  for (BasicBlock *p : outside)
    trip->addIncoming(ConstantInt::get(i32, 0), p);
  for (PHINode &phi : head.block->phis())
    if (&phi != trip)
      phi.addIncoming(&phi, latch);
  // What a copy took from the one before, the next trip takes from this.
  for (auto [slot, from] : carried) {
    auto [pos, k] = slot;
    Instruction *user = head.body[pos];
    Value *initial = user->getOperand(k);
    PHINode *phi = PHINode::Create(initial->getType(), outside.size() + 1,
                                   "reroll.carried");
    phi->insertAfter(trip->getIterator());
    // A PHI of the head itself is its value on the way in.
    auto *own = dyn_cast<PHINode>(initial);
    if (own && own->getParent() != head.block)
      own = nullptr;
    for (BasicBlock *p : outside)
      phi->addIncoming(own ? own->getIncomingValueForBlock(p) : initial, p);
    phi->addIncoming(head.body[from - 1], latch);
    user->setOperand(k, phi);
  }
  IRBuilder<> b(latch);
  b.SetCurrentDebugLocation(head.branch->getDebugLoc());
  Value *next = b.CreateAdd(trip, ConstantInt::get(i32, 1), "reroll.next");
  trip->addIncoming(next, latch);
  b.CreateCondBr(
      b.CreateICmpULT(next, ConstantInt::get(i32, run.size()), "reroll.more"),
      head.block, after);
  head.branch->setSuccessor(1 - exitSide, latch);

  for (const Copy &c : ArrayRef<Copy>(run).drop_front())
    for (PHINode &phi : exit->phis())
      phi.removeIncomingValue(c.block, /*DeletePHIIfEmpty=*/false);
  for (PHINode &phi : after->phis())
    for (unsigned k = 0, e = phi.getNumIncomingValues(); k != e; ++k)
      if (phi.getIncomingBlock(k) == lastCopy.block) {
        phi.setIncomingValue(k, lastCopy.inHead(phi.getIncomingValue(k), head));
        phi.setIncomingBlock(k, latch);
      }
  for (auto [x, h] : llvm::zip(lastCopy.body, head.body))
    x->replaceAllUsesWith(h);
  for (const Copy &c : ArrayRef<Copy>(run).drop_front())
    c.block->dropAllReferences();
  for (const Copy &c : ArrayRef<Copy>(run).drop_front())
    c.block->eraseFromParent();
}

unsigned rerollFunction(Function &f, unsigned minRun) {
  unsigned rolled = 0;
  SmallVector<BasicBlock *> blocks;
  for (BasicBlock &bb : f)
    blocks.push_back(&bb);
  DenseMap<BasicBlock *, bool> gone;
  for (BasicBlock *bb : blocks) {
    // The entry block cannot head a loop.
    if (gone.lookup(bb) || bb == &f.getEntryBlock())
      continue;
    Copy head(bb);
    if (!head.valid() || head.body.empty())
      continue;
    for (unsigned exitSide : {0u, 1u}) {
      BasicBlock *exit = head.successor(exitSide);
      if (exit == bb)
        continue;
      // A run starts at its first copy.
      if (BasicBlock *p = bb->getSinglePredecessor()) {
        Copy before(p);
        Carried ignored;
        if (before.valid() && before.successor(1 - exitSide) == bb &&
            repeats(head, before, before, exitSide, ignored))
          continue;
      }
      SmallVector<Copy> run;
      run.push_back(head);
      Carried carried;
      while (true) {
        BasicBlock *next = run.back().successor(1 - exitSide);
        if (next == exit || next == head.block ||
            next->getSinglePredecessor() != run.back().block)
          break;
        Copy c(next);
        if (!repeats(c, run.back(), run.front(), exitSide, carried))
          break;
        run.push_back(std::move(c));
      }
      // Shorten the run until its uses and the exit's PHIs allow it.
      while (run.size() >= minRun && run.size() >= 2) {
        BasicBlock *after = run.back().successor(1 - exitSide);
        bool ok = exitAgrees(run, exit) && after != exit && after != bb;
        for (unsigned k = 0; ok && k < run.size(); ++k)
          ok = usesAllowed(run, k, carried, exit);
        if (ok)
          break;
        run.pop_back();
      }
      if (run.size() < minRun || run.size() < 2)
        continue;
      for (const Copy &c : ArrayRef<Copy>(run).drop_front())
        gone[c.block] = true;
      roll(run, exitSide, carried);
      ++rolled;
      break;
    }
  }
  return rolled;
}

} // namespace

unsigned mlir::ptx::amdgpu::rerollChains(Module &module, unsigned minRun) {
  unsigned rolled = 0;
  for (Function &f : module)
    if (!f.isDeclaration())
      rolled += rerollFunction(f, minRun);
  return rolled;
}
