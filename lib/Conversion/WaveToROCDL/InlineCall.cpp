//===- InlineCall.cpp - one direct call replaced by the callee's body -----===//

#include "InlineCall.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

void mlir::ptx::rocdl::inlineCall(LLVM::CallOp call, LLVM::LLVMFuncOp callee) {
  OpBuilder b(call);
  Location loc = call.getLoc();
  Block *before = call->getBlock();
  Block *after = before->splitBlock(call->getNextNode());
  Region &region = *before->getParent();

  IRMapping map;
  callee.getBody().cloneInto(&region, after->getIterator(), map);
  Block *entry = map.lookup(&callee.getBody().front());
  for (auto [arg, v] : llvm::zip(entry->getArguments(), call.getArgOperands()))
    arg.replaceAllUsesWith(v);
  entry->eraseArguments(0, entry->getNumArguments());

  if (call.getNumResults())
    call.getResult().replaceAllUsesWith(
        after->addArgument(call.getResult().getType(), loc));
  SmallVector<LLVM::ReturnOp> rets;
  for (Block *blk = entry; blk != after; blk = blk->getNextNode())
    if (auto ret = dyn_cast<LLVM::ReturnOp>(blk->getTerminator()))
      rets.push_back(ret);
  for (LLVM::ReturnOp ret : rets) {
    b.setInsertionPoint(ret);
    LLVM::BrOp::create(b, ret.getLoc(), ret.getOperands(), after);
    ret.erase();
  }

  call.erase();
  b.setInsertionPointToEnd(before);
  LLVM::BrOp::create(b, loc, ValueRange{}, entry);
}
