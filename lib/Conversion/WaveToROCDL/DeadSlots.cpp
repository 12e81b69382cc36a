//===- DeadSlots.cpp - slots not kept across a wait they are dead at ------===//

#include "DeadSlots.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/BitVector.h"

using namespace mlir;

unsigned mlir::ptx::rocdl::killDeadSlotsAtYields(
    ArrayRef<Block *> body, ArrayRef<Value> slots,
    const llvm::DenseMap<Block *, Block *> &yields) {
  if (slots.empty() || yields.empty())
    return 0;
  llvm::DenseMap<Value, unsigned> index;
  for (auto [i, s] : llvm::enumerate(slots))
    index[s] = i;
  llvm::DenseMap<Block *, unsigned> number;
  for (auto [i, blk] : llvm::enumerate(body))
    number[blk] = i;
  size_t n = slots.size();
  // Per block: slots read before any write in it (gen), slots it writes
  // (kill); then liveness at block entry, backwards to a fixed point.
  SmallVector<llvm::BitVector> gen(body.size(), llvm::BitVector(n)),
      kill(body.size(), llvm::BitVector(n)),
      in(body.size(), llvm::BitVector(n));
  SmallVector<SmallVector<unsigned>> succs(body.size());
  for (auto [i, blk] : llvm::enumerate(body)) {
    for (Operation &op : *blk) {
      if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
        auto it = index.find(load.getAddr());
        if (it != index.end() && !kill[i].test(it->second))
          gen[i].set(it->second);
      } else if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
        auto it = index.find(store.getAddr());
        if (it != index.end())
          kill[i].set(it->second);
      }
    }
    // A yield's lane goes on at its resume point; the dispatcher, outside
    // `body`, reads none of the slots.
    if (auto y = yields.find(blk); y != yields.end()) {
      if (y->second) {
        assert(number.count(y->second) && "a resume point outside the body");
        succs[i].push_back(number.lookup(y->second));
      }
      continue;
    }
    for (Block *s : blk->getSuccessors())
      if (auto it = number.find(s); it != number.end())
        succs[i].push_back(it->second);
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t i = body.size(); i-- > 0;) {
      llvm::BitVector live(n);
      for (unsigned s : succs[i])
        live |= in[s];
      live.reset(kill[i]);
      live |= gen[i];
      if (live != in[i]) {
        in[i] = std::move(live);
        changed = true;
      }
    }
  }
  // Slots live at some resume point: the others never reach the dispatcher.
  llvm::BitVector resumed(n);
  for (auto [y, r] : yields)
    if (r)
      resumed |= in[number.lookup(r)];
  unsigned added = 0;
  for (auto [y, r] : yields) {
    llvm::BitVector dead = resumed;
    if (r)
      dead.reset(in[number.lookup(r)]);
    Operation *t = y->getTerminator();
    OpBuilder b(t);
    for (unsigned i : dead.set_bits()) {
      Value slot = slots[i];
      Type type = cast<LLVM::AllocaOp>(slot.getDefiningOp()).getElemType();
      LLVM::StoreOp::create(b, t->getLoc(),
                            LLVM::PoisonOp::create(b, t->getLoc(), type), slot);
      ++added;
    }
  }
  return added;
}
