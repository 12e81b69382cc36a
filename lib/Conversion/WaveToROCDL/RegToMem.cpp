//===- RegToMem.cpp - values across blocks through stack slots ------------===//

#include "RegToMem.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace {

struct Slots {
  OpBuilder b;
  Block *block;
  Value one;
  SmallVectorImpl<Value> *created;

  /// A private (address space 5) slot of type `t`.
  Value create(Type t, Location loc) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(block);
    if (!one) {
      one = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                     b.getI64IntegerAttr(1));
    } else {
      b.setInsertionPointAfter(one.getDefiningOp());
    }
    Value slot = LLVM::AllocaOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext(), 5), t, one,
        /*alignment=*/0);
    if (created)
      created->push_back(slot);
    return slot;
  }
};

bool isRematerializable(Operation &op) {
  return op.getNumOperands() == 0 && op.getNumRegions() == 0 &&
         op.getNumResults() == 1 && isMemoryEffectFree(&op);
}

/// Gives each edge into `blk` from a terminator with several successors a
/// block of its own that only branches on; returns the new blocks.
void splitEdges(Block *blk, SmallVectorImpl<Block *> &added) {
  OpBuilder b(blk->getParent()->getContext());
  for (BlockOperand &use : llvm::make_early_inc_range(blk->getUses())) {
    Operation *t = use.getOwner();
    if (t->getNumSuccessors() < 2)
      continue;
    unsigned idx = use.getOperandNumber();
    SuccessorOperands so = cast<BranchOpInterface>(t).getSuccessorOperands(idx);
    Block *edge = new Block();
    blk->getParent()->getBlocks().insert(blk->getIterator(), edge);
    b.setInsertionPointToEnd(edge);
    SmallVector<Value> forwarded(so.getForwardedOperands());
    LLVM::BrOp::create(b, t->getLoc(), forwarded, blk);
    so.erase(0, so.size());
    t->setSuccessor(edge, idx);
    added.push_back(edge);
  }
}

void demoteArguments(Block *blk, Slots &slots) {
  OpBuilder b(blk->getParent()->getContext());
  SmallVector<Value> cells;
  for (BlockArgument a : blk->getArguments())
    cells.push_back(slots.create(a.getType(), a.getLoc()));
  for (BlockOperand &use : blk->getUses()) {
    Operation *t = use.getOwner();
    SuccessorOperands so =
        cast<BranchOpInterface>(t).getSuccessorOperands(use.getOperandNumber());
    b.setInsertionPoint(t);
    for (auto [v, cell] : llvm::zip(so.getForwardedOperands(), cells))
      LLVM::StoreOp::create(b, t->getLoc(), v, cell);
    so.erase(0, so.size());
  }
  b.setInsertionPointToStart(blk);
  for (auto [a, cell] : llvm::zip(blk->getArguments(), cells))
    a.replaceAllUsesWith(
        LLVM::LoadOp::create(b, a.getLoc(), a.getType(), cell).getResult());
  blk->eraseArguments(0, blk->getNumArguments());
}

void demoteResults(Operation &op, Slots &slots) {
  Block *home = op.getBlock();
  OpBuilder b(op.getContext());
  for (Value r : op.getResults()) {
    SmallVector<OpOperand *> outside;
    for (OpOperand &u : r.getUses())
      if (u.getOwner()->getBlock() != home)
        outside.push_back(&u);
    if (outside.empty())
      continue;
    if (isRematerializable(op)) {
      llvm::DenseMap<Block *, Operation *> copies;
      for (OpOperand *u : outside) {
        Operation *&copy = copies[u->getOwner()->getBlock()];
        if (!copy) {
          b.setInsertionPointToStart(u->getOwner()->getBlock());
          copy = b.clone(op);
        }
        u->set(copy->getResult(0));
      }
      continue;
    }
    Value cell = slots.create(r.getType(), r.getLoc());
    b.setInsertionPointAfter(&op);
    LLVM::StoreOp::create(b, r.getLoc(), r, cell);
    for (OpOperand *u : outside) {
      b.setInsertionPoint(u->getOwner());
      u->set(LLVM::LoadOp::create(b, r.getLoc(), r.getType(), cell));
    }
  }
}

} // namespace

void mlir::ptx::rocdl::demoteCrossBlockValues(SmallVectorImpl<Block *> &blocks,
                                              Block *slotsBlock,
                                              SmallVectorImpl<Value> *created) {
  Slots slots{OpBuilder(slotsBlock->getParent()->getContext()), slotsBlock,
              Value(), created};
  SmallVector<Block *> withArgs;
  for (Block *blk : blocks)
    if (blk->getNumArguments())
      withArgs.push_back(blk);
  for (Block *blk : withArgs) {
    splitEdges(blk, blocks);
    demoteArguments(blk, slots);
  }
  for (Block *blk : blocks) {
    SmallVector<Operation *> ops;
    for (Operation &op : *blk)
      ops.push_back(&op);
    for (Operation *op : ops)
      demoteResults(*op, slots);
  }
}
