//===- PollingLoops.cpp - loops in which a warp may wait for another ------===//

#include "PollingLoops.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "ptxmlir/Dialect/Wave/IR/WaveDialect.h"
#include <optional>

using namespace mlir;
using namespace mlir::ptx::rocdl;

namespace {

using BlockSet = llvm::SmallPtrSet<Block *, 16>;

bool isSpinRead(Operation *op) {
  if (isa<LLVM::AtomicCmpXchgOp, LLVM::AtomicRMWOp>(op))
    return true;
  if (auto l = dyn_cast<LLVM::LoadOp>(op))
    return l.getVolatile_() ||
           l.getOrdering() != LLVM::AtomicOrdering::not_atomic;
  return false;
}

/// The blocks of the cycle closed by the edge `latch` -> `head`: `head` and
/// the blocks reachable from it that reach `latch` without passing `head`.
BlockSet cycleOf(Block *latch, Block *head) {
  BlockSet fromHead{head};
  SmallVector<Block *> work{head};
  while (!work.empty())
    for (Block *s : work.pop_back_val()->getSuccessors())
      if (fromHead.insert(s).second)
        work.push_back(s);
  BlockSet body{head};
  if (body.insert(latch).second)
    work.push_back(latch);
  while (!work.empty())
    for (Block *p : work.pop_back_val()->getPredecessors())
      if (fromHead.contains(p) && body.insert(p).second)
        work.push_back(p);
  return body;
}

/// Whether `v` has the same value on every trip round the cycle `body`:
/// defined outside it, or by operations without memory effects in it from
/// such values.
bool isInvariant(Value v, const BlockSet &body) {
  SmallVector<Value> work{v};
  llvm::DenseSet<Value> seen{v};
  while (!work.empty()) {
    Value w = work.pop_back_val();
    if (!body.contains(w.getParentBlock()))
      continue;
    Operation *def = w.getDefiningOp();
    if (!def || !isPure(def))
      return false;
    for (Value o : def->getOperands())
      if (seen.insert(o).second)
        work.push_back(o);
  }
  return true;
}

/// The branch that retries the compare-exchange `op` if `op` is a
/// lock-free update (`do { assumed = old; old = atom.cas(p, assumed,
/// f(assumed)); } while (old != assumed);`), else null: the branch ending
/// `op`'s block tests whether `op` exchanged (its result equal to its
/// compare operand), leaves for another block when it did, and otherwise
/// goes back to the block whose argument the compare operand is, passing the
/// value `op` found, the address is the same on every trip, and nothing
/// else in the loop writes memory. Such a loop waits for no one: it goes
/// round again only when another thread wrote between two of its
/// compare-exchanges, and then tries with what that thread wrote.
Operation *retryBranch(Operation *op) {
  auto cas = dyn_cast<LLVM::AtomicCmpXchgOp>(op);
  if (!cas)
    return nullptr;
  auto head = dyn_cast<BlockArgument>(cas.getCmp());
  Operation *br = op->getBlock()->getTerminator();
  Value cond;
  if (auto c = dyn_cast<cf::CondBranchOp>(br))
    cond = c.getCondition();
  else if (auto c = dyn_cast<LLVM::CondBrOp>(br))
    cond = c.getCondition();
  if (!head || !cond)
    return nullptr;
  // A negated predicate (`@!p bra`) is an xor with true.
  bool negated = false;
  while (auto x = cond.getDefiningOp<arith::XOrIOp>()) {
    if (matchPattern(x.getRhs(), m_One()))
      cond = x.getLhs();
    else if (matchPattern(x.getLhs(), m_One()))
      cond = x.getRhs();
    else
      break;
    negated = !negated;
  }
  // What the compare-exchange found, and whether `cond` holds when it
  // exchanged.
  Value found;
  std::optional<bool> exchanged;
  for (OpOperand &use : op->getResult(0).getUses()) {
    auto e = dyn_cast<LLVM::ExtractValueOp>(use.getOwner());
    if (!e)
      continue;
    if (e.getPosition() == ArrayRef<int64_t>{1} && cond == e.getResult())
      exchanged = true;
    if (e.getPosition() != ArrayRef<int64_t>{0})
      continue;
    found = e.getResult();
    auto test = cond.getDefiningOp<arith::CmpIOp>();
    if (test && ((found == test.getLhs() && cas.getCmp() == test.getRhs()) ||
                 (found == test.getRhs() && cas.getCmp() == test.getLhs()))) {
      if (test.getPredicate() == arith::CmpIPredicate::eq)
        exchanged = true;
      else if (test.getPredicate() == arith::CmpIPredicate::ne)
        exchanged = false;
    }
  }
  if (!found || !exchanged)
    return nullptr;
  // Successor 0 is taken when the branch's condition holds.
  unsigned retryIndex = *exchanged != negated ? 1 : 0;
  Block *retry = br->getSuccessor(retryIndex);
  Block *done = br->getSuccessor(1 - retryIndex);
  auto iface = cast<BranchOpInterface>(br);
  OperandRange passed =
      iface.getSuccessorOperands(retryIndex).getForwardedOperands();
  if (retry != head.getOwner() || done == retry ||
      passed.size() != retry->getNumArguments() ||
      passed[head.getArgNumber()] != found)
    return nullptr;
  // The thread itself must not write the word between two tries: nothing
  // else in the loop may write memory (its store could make every try fail
  // until another warp wrote something else, a wait in disguise).
  BlockSet body = cycleOf(op->getBlock(), retry);
  if (!isInvariant(cas.getPtr(), body))
    return nullptr;
  for (Block *blk : body)
    for (Operation &other : *blk)
      if (&other != op && !other.hasTrait<OpTrait::IsTerminator>() &&
          mightHaveEffect<MemoryEffects::Write>(&other))
        return nullptr;
  return br;
}

/// Whether the values of `op` decide a conditional branch in `body`: they
/// reach its condition through operations and block arguments. A
/// compare-exchange's retry (retryBranch) is not counted.
bool decidesBranch(Operation *op, const BlockSet &body) {
  Operation *retry = retryBranch(op);
  SmallVector<Value> work(op->getResults());
  llvm::DenseSet<Value> seen(work.begin(), work.end());
  auto push = [&](Value v) {
    if (seen.insert(v).second)
      work.push_back(v);
  };
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      auto br = dyn_cast<BranchOpInterface>(user);
      if (!br) {
        for (Value r : user->getResults())
          push(r);
        continue;
      }
      if (std::optional<BlockArgument> arg =
              br.getSuccessorBlockArgument(use.getOperandNumber())) {
        push(*arg);
        continue;
      }
      if (user->getNumSuccessors() > 1 && body.contains(user->getBlock()) &&
          user != retry)
        return true;
    }
  }
  return false;
}

/// The retreating edges of a depth-first walk of `fn` from its entry.
SmallVector<std::pair<Operation *, unsigned>>
retreatingEdges(LLVM::LLVMFuncOp fn) {
  SmallVector<std::pair<Operation *, unsigned>> edges;
  llvm::DenseMap<Block *, bool> onStack; // absent: not visited yet
  SmallVector<std::pair<Block *, unsigned>> stack;
  Block *entry = &fn.getBody().front();
  stack.push_back({entry, 0});
  onStack[entry] = true;
  while (!stack.empty()) {
    auto &[blk, next] = stack.back();
    Operation *t = blk->getTerminator();
    if (next == t->getNumSuccessors()) {
      onStack[blk] = false;
      stack.pop_back();
      continue;
    }
    unsigned i = next++;
    Block *s = t->getSuccessor(i);
    auto it = onStack.find(s);
    if (it == onStack.end()) {
      onStack[s] = true;
      stack.push_back({s, 0});
    } else if (it->second) {
      edges.push_back({t, i});
    }
  }
  // In the order of the blocks, as the resume points are numbered.
  llvm::DenseMap<Block *, unsigned> order;
  for (Block &blk : fn.getBody())
    order[&blk] = order.size();
  llvm::sort(edges, [&](auto x, auto y) {
    return std::make_pair(order[x.first->getBlock()], x.second) <
           std::make_pair(order[y.first->getBlock()], y.second);
  });
  return edges;
}

} // namespace

bool mlir::ptx::rocdl::mayPoll(Operation *op) {
  return isa<wave::PollOp, wave::FenceOp>(op) || isSpinRead(op);
}

PollingLoops mlir::ptx::rocdl::findPollingLoops(LLVM::LLVMFuncOp fn) {
  PollingLoops loops;
  if (fn.isExternal())
    return loops;
  llvm::SetVector<Operation *> tested;
  BackwardSliceOptions opts;
  opts.omitBlockArguments = true;
  fn->walk([&](wave::PollOp p) {
    (void)getBackwardSlice(p.getDone(), &tested, opts);
  });
  for (auto [t, i] : retreatingEdges(fn)) {
    BlockSet body = cycleOf(t->getBlock(), t->getSuccessor(i));
    bool fence = llvm::any_of(body, [](Block *blk) {
      return llvm::any_of(*blk,
                          [](Operation &op) { return isa<wave::FenceOp>(op); });
    });
    bool polling = false;
    for (Block *blk : body)
      for (Operation &op : *blk) {
        bool poll = isa<wave::PollOp>(op);
        if (!poll && !tested.contains(&op) &&
            (isSpinRead(&op) || (fence && isa<LLVM::LoadOp>(op))))
          poll = decidesBranch(&op, body);
        if (poll) {
          loops.polls.insert(&op);
          polling = true;
        }
      }
    if (polling)
      loops.edges.push_back({t, i});
  }
  return loops;
}
