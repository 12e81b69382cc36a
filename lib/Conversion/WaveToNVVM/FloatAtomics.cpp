//===- FloatAtomics.cpp - f32 atomic adds on the NVVM path ----------------===//
//
// See FloatAtomics.h.
//
//===----------------------------------------------------------------------===//

#include "FloatAtomics.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "ptxmlir/Conversion/AddressSpaces.h"
#include "ptxmlir/Conversion/AtomicAttrs.h"

using namespace mlir;

namespace {

bool keepsSubnormals(LLVM::AtomicRMWOp op) {
  return op.getBinOp() == LLVM::AtomicBinOp::fadd &&
         op.getVal().getType().isF32() &&
         cast<LLVM::LLVMPointerType>(op.getPtr().getType()).getAddressSpace() ==
             ptx::kGlobal &&
         !op->hasAttr(ptx::kAtomicFtzAttr);
}

/// old = load; do { new = old + v } while (!cmpxchg(p, old, new)), on the
/// integer bits (a NaN in memory cannot stall the loop).
void expand(LLVM::AtomicRMWOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value ptr = op.getPtr(), val = op.getVal();
  Type f32 = val.getType(), i32 = b.getI32Type();
  unsigned align = op.getAlignment().value_or(4);
  StringRef ss = op.getSyncscope().value_or(StringRef());
  LLVM::AtomicOrdering ordering = op.getOrdering();
  Value first =
      LLVM::LoadOp::create(b, loc, i32, ptr, align, false, false, false, false,
                           LLVM::AtomicOrdering::monotonic, ss);
  Block *before = op->getBlock();
  Block *after = before->splitBlock(op);
  Block *loop = b.createBlock(after, {i32}, {loc});
  b.setInsertionPointToEnd(before);
  LLVM::BrOp::create(b, loc, ValueRange{first}, loop);

  b.setInsertionPointToEnd(loop);
  Value cur = loop->getArgument(0);
  Value sum = LLVM::FAddOp::create(
      b, loc, LLVM::BitcastOp::create(b, loc, f32, cur), val);
  Value next = LLVM::BitcastOp::create(b, loc, i32, sum);
  LLVM::AtomicOrdering failure =
      ordering == LLVM::AtomicOrdering::acq_rel ||
              ordering == LLVM::AtomicOrdering::acquire
          ? LLVM::AtomicOrdering::acquire
          : LLVM::AtomicOrdering::monotonic;
  if (ordering == LLVM::AtomicOrdering::seq_cst)
    failure = LLVM::AtomicOrdering::seq_cst;
  Value pair = LLVM::AtomicCmpXchgOp::create(b, loc, ptr, cur, next, ordering,
                                             failure, ss, align);
  Value seen = LLVM::ExtractValueOp::create(b, loc, pair, 0);
  Value ok = LLVM::ExtractValueOp::create(b, loc, pair, 1);
  LLVM::CondBrOp::create(b, loc, ok, after, ValueRange{}, loop,
                         ValueRange{seen});

  b.setInsertionPoint(op);
  op.getResult().replaceAllUsesWith(
      LLVM::BitcastOp::create(b, loc, f32, cur).getResult());
  op.erase();
}

} // namespace

void mlir::ptx::keepSubnormalsInF32AtomicAdds(ModuleOp top) {
  SmallVector<LLVM::AtomicRMWOp> ops;
  top.walk([&](LLVM::AtomicRMWOp op) {
    if (keepsSubnormals(op))
      ops.push_back(op);
  });
  for (LLVM::AtomicRMWOp op : ops)
    expand(op);
}
