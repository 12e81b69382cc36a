//===- Predication.cpp - guarded instructions to selects and branches -----===//

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "ptxmlir/Dialect/PTX/Transforms/Passes.h"

namespace mlir::ptx {
#define GEN_PASS_DEF_PTXLOWERPREDICATION
#include "PTX/Transforms/Passes.h.inc"
} // namespace mlir::ptx

using namespace mlir;
using namespace mlir::ptx;

/// Drops the guard, its negation flag and the previous values from `op`.
/// They are the last two operand segments of every PTX_Inst.
static LogicalResult dropGuard(Operation *op) {
  auto props = dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute());
  if (!props)
    return op->emitError("instruction without properties");
  auto segs =
      dyn_cast_or_null<DenseI32ArrayAttr>(props.get("operandSegmentSizes"));
  if (!segs || segs.size() < 2)
    return op->emitError("instruction without operand segments");
  SmallVector<int32_t> sizes(segs.asArrayRef());
  unsigned n = sizes.size();
  unsigned start = 0;
  for (unsigned i = 0; i + 2 < n; ++i)
    start += sizes[i];
  op->eraseOperands(start, sizes[n - 2] + sizes[n - 1]);
  sizes[n - 2] = sizes[n - 1] = 0;
  NamedAttrList attrs(props);
  attrs.set("operandSegmentSizes",
            DenseI32ArrayAttr::get(op->getContext(), sizes));
  attrs.erase("guard_neg");
  return op->setPropertiesFromAttribute(attrs.getDictionary(op->getContext()),
                                        [&]() { return op->emitError(); });
}

static LogicalResult lowerGuarded(PredicableOpInterface pred) {
  Operation *op = pred.getOperation();
  Location loc = op->getLoc();
  OpBuilder b(op);
  Value cond = pred.getGuard();
  if (pred.getGuardNeg()) {
    Value one = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    cond = arith::XOrIOp::create(b, loc, cond, one);
  }
  SmallVector<Value> prev(pred.getPrev());
  if (prev.size() != op->getNumResults())
    return op->emitError() << "guarded instruction with " << prev.size()
                           << " previous values for " << op->getNumResults()
                           << " results";
  if (failed(dropGuard(op)))
    return failure();

  if (isMemoryEffectFree(op)) {
    b.setInsertionPointAfter(op);
    for (auto [res, old] : llvm::zip(op->getResults(), prev)) {
      Value sel = arith::SelectOp::create(b, loc, cond, res, old);
      res.replaceAllUsesExcept(sel, sel.getDefiningOp());
    }
    return success();
  }

  Block *before = op->getBlock();
  Block *cont = before->splitBlock(op->getNextNode());
  Block *exec = b.createBlock(cont);
  op->moveBefore(exec, exec->end());
  b.setInsertionPointToEnd(exec);
  auto br = cf::BranchOp::create(b, loc, cont, op->getResults());
  b.setInsertionPointToEnd(before);
  cf::CondBranchOp::create(b, loc, cond, exec, ValueRange{}, cont, prev);
  for (Value res : op->getResults()) {
    BlockArgument arg = cont->addArgument(res.getType(), loc);
    res.replaceUsesWithIf(arg,
                          [&](OpOperand &use) { return use.getOwner() != br; });
  }
  return success();
}

LogicalResult mlir::ptx::lowerPredication(Operation *root) {
  SmallVector<PredicableOpInterface> guarded;
  root->walk([&](PredicableOpInterface op) {
    if (op.getGuard())
      guarded.push_back(op);
  });
  for (PredicableOpInterface op : guarded)
    if (failed(lowerGuarded(op)))
      return failure();
  return success();
}

namespace {
struct PTXLowerPredicationPass
    : public ptx::impl::PTXLowerPredicationBase<PTXLowerPredicationPass> {
  void runOnOperation() override {
    if (failed(lowerPredication(getOperation())))
      signalPassFailure();
  }
};
} // namespace
