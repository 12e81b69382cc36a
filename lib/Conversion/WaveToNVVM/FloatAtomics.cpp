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
#include "ptxmlir/Conversion/CasLoop.h"

using namespace mlir;

namespace {

bool keepsSubnormals(LLVM::AtomicRMWOp op) {
  return op.getBinOp() == LLVM::AtomicBinOp::fadd &&
         op.getVal().getType().isF32() &&
         cast<LLVM::LLVMPointerType>(op.getPtr().getType()).getAddressSpace() ==
             ptx::kGlobal &&
         !op->hasAttr(ptx::kAtomicFtzAttr);
}

/// The add in a compare-exchange loop on the f32 bits (CasLoop.h).
void expand(LLVM::AtomicRMWOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value val = op.getVal();
  Type f32 = val.getType();
  ptx::expandToCasLoop(b, op, b.getI32Type(), [&](Value cur) -> Value {
    Value sum = LLVM::FAddOp::create(
        b, loc, LLVM::BitcastOp::create(b, loc, f32, cur), val);
    return LLVM::BitcastOp::create(b, loc, b.getI32Type(), sum);
  });
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
