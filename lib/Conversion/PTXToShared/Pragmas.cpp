//===- Pragmas.cpp - PTX `.pragma` strings --------------------------------===//
//
// `.pragma` strings are hints. "nounroll" becomes LLVM loop metadata
// (llvm.loop.unroll.disable) on a loop's back edges, so that no back end
// unrolls it; PTX gives it three scopes: at module scope every loop of the
// module, in a function's header every loop of the function, elsewhere the
// loop whose header is the block holding it. A `.func` header's pragmas
// reach us in the function's first block, which no loop can start at, so a
// pragma there counts for the whole function (an `.entry` header's come as
// an attribute). "used_bytes_mask",
// "enable_smem_spilling" and "frequency" tune NVIDIA's loads, register
// spilling and block placement and have no counterpart here. ptxas rejects
// any other string at module scope and warns about it in a function; so do
// we.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/IR/Dominance.h"

using namespace mlir;
using namespace mlir::ptx;

namespace {

bool isKnown(StringRef s) {
  StringRef word = s.trim().split(' ').first;
  return llvm::is_contained(
      {"nounroll", "used_bytes_mask", "enable_smem_spilling", "frequency"},
      word);
}

bool isNoUnroll(PragmaOp op) {
  return llvm::any_of(op.getValues().getAsValueRange<StringAttr>(),
                      [](StringRef s) { return s.trim() == "nounroll"; });
}

} // namespace

LogicalResult lowering::lowerModulePragma(PragmaOp op, LoweringState &state) {
  for (StringRef s : op.getValues().getAsValueRange<StringAttr>())
    if (!isKnown(s))
      return op.emitError() << "'.pragma \"" << s << "\"' is not supported";
  state.noUnrollEverywhere |= isNoUnroll(op);
  op.erase();
  return success();
}

void lowering::markNoUnrollLoops(ModuleOp top, const LoweringState &state) {
  for (auto fn : top.getOps<LLVM::LLVMFuncOp>()) {
    if (fn.isExternal())
      continue;
    bool everywhere = state.noUnrollEverywhere;
    if (auto strings = fn->getAttrOfType<ArrayAttr>(kEntryPragmasAttr)) {
      for (StringRef s : strings.getAsValueRange<StringAttr>()) {
        if (!isKnown(s))
          fn.emitWarning() << "'.pragma \"" << s << "\"' is not supported; "
                           << "ignored";
        everywhere |= s.trim() == "nounroll";
      }
      fn->removeAttr(kEntryPragmasAttr);
    }
    llvm::SmallPtrSet<Block *, 4> headers;
    fn.walk([&](PragmaOp op) {
      for (StringRef s : op.getValues().getAsValueRange<StringAttr>())
        if (!isKnown(s))
          op.emitWarning() << "'.pragma \"" << s << "\"' is not supported; "
                           << "ignored";
      if (!isNoUnroll(op))
        return;
      if (op->getBlock()->isEntryBlock())
        everywhere = true;
      else
        headers.insert(op->getBlock());
    });
    if (!everywhere && headers.empty())
      continue;
    DominanceInfo dom(fn);
    for (Block &header : fn.getBody()) {
      if (!everywhere && !headers.contains(&header))
        continue;
      // A back edge: a branch to the header from a block it dominates.
      for (Block *pred : header.getPredecessors())
        if (dom.dominates(&header, pred))
          if (auto bra = dyn_cast<BraOp>(pred->getTerminator()))
            bra->setAttr(kNoUnrollAttr, UnitAttr::get(top.getContext()));
    }
  }
}
