//===- CasLoop.cpp - an atomicrmw as a compare-exchange loop --------------===//
//
// See ptxmlir/Conversion/CasLoop.h.
//
//===----------------------------------------------------------------------===//

#include "ptxmlir/Conversion/CasLoop.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

LLVM::AtomicOrdering ptx::casFailureOrdering(LLVM::AtomicOrdering ordering) {
  switch (ordering) {
  case LLVM::AtomicOrdering::seq_cst:
    return LLVM::AtomicOrdering::seq_cst;
  case LLVM::AtomicOrdering::acq_rel:
  case LLVM::AtomicOrdering::acquire:
    return LLVM::AtomicOrdering::acquire;
  default:
    return LLVM::AtomicOrdering::monotonic;
  }
}

void ptx::expandToCasLoop(OpBuilder &b, LLVM::AtomicRMWOp op, Type bits,
                          llvm::function_ref<Value(Value current)> next) {
  Location loc = op.getLoc();
  Value ptr = op.getPtr();
  unsigned align = op.getAlignment().value_or(bits.getIntOrFloatBitWidth() / 8);
  StringRef ss = op.getSyncscope().value_or(StringRef());
  LLVM::AtomicOrdering ordering = op.getOrdering();
  b.setInsertionPoint(op);
  Value first =
      LLVM::LoadOp::create(b, loc, bits, ptr, align, false, false, false, false,
                           LLVM::AtomicOrdering::monotonic, ss);
  Block *before = op->getBlock();
  Block *after = before->splitBlock(op);
  Block *loop = b.createBlock(after, {bits}, {loc});
  b.setInsertionPointToEnd(before);
  LLVM::BrOp::create(b, loc, ValueRange{first}, loop);

  b.setInsertionPointToEnd(loop);
  Value cur = loop->getArgument(0);
  Value updated = next(cur);
  Value pair =
      LLVM::AtomicCmpXchgOp::create(b, loc, ptr, cur, updated, ordering,
                                    casFailureOrdering(ordering), ss, align);
  Value seen = LLVM::ExtractValueOp::create(b, loc, pair, 0);
  Value ok = LLVM::ExtractValueOp::create(b, loc, pair, 1);
  LLVM::CondBrOp::create(b, loc, ok, after, ValueRange{}, loop,
                         ValueRange{seen});

  b.setInsertionPoint(op);
  Value old = LLVM::BitcastOp::create(b, loc, op.getVal().getType(), cur);
  op.getResult().replaceAllUsesWith(old);
  b.setInsertionPointAfterValue(old);
  op.erase();
}
