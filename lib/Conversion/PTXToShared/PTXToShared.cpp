//===- PTXToShared.cpp - the -convert-ptx-to-shared pass ------------------===//

#include "Lowering.h"
#include "mlir/Dialect/ControlFlow/Transforms/StructuralTypeConversions.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/RegionUtils.h"
#include "ptxmlir/Conversion/Passes.h"
#include "ptxmlir/Dialect/PTX/Transforms/Passes.h"

namespace mlir::ptx {
#define GEN_PASS_DEF_CONVERTPTXTOSHARED
#include "ptxmlir/Conversion/Passes.h.inc"
} // namespace mlir::ptx

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

/// A select between carry flags (left by predication of .cc instructions).
struct SelectTypePattern : public OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::SelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, adaptor.getCondition(),
                                                 adaptor.getTrueValue(),
                                                 adaptor.getFalseValue());
    return success();
  }
};

bool hasPTXTypes(Operation *op) {
  auto isPTX = [](Type t) { return isa<CCType, ParamBufType>(t); };
  return llvm::any_of(op->getOperandTypes(), isPTX) ||
         llvm::any_of(op->getResultTypes(), isPTX);
}

struct ConvertPTXToSharedPass
    : public ptx::impl::ConvertPTXToSharedBase<ConvertPTXToSharedPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp top = getOperation();
    MLIRContext *ctx = &getContext();
    if (waveSize != 32 && waveSize != 64) {
      top.emitError() << "wave-size must be 32 or 64, not " << waveSize;
      return signalPassFailure();
    }
    LoweringState state;
    state.waveSize = waveSize;
    top->setAttr("ptx.wave_size",
                 IntegerAttr::get(IntegerType::get(ctx, 32), waveSize));
    if (failed(resolveAliases(top)) || failed(lowerStructure(top, state)) ||
        failed(lowerPredication(top)))
      return signalPassFailure();
    // Code no branch reaches (PTX keeps it, e.g. after an unconditional
    // bra): the dialect conversions walk blocks in dominance order and
    // would leave its ops unconverted.
    {
      IRRewriter rewriter(ctx);
      for (auto fn : top.getOps<LLVM::LLVMFuncOp>())
        (void)eraseUnreachableBlocks(rewriter, fn.getBody());
    }
    markNoUnrollLoops(top, state);
    // Carry flags that predication passed through block arguments.
    top.walk([&](Block *blk) {
      for (BlockArgument arg : blk->getArguments())
        if (isa<CCType>(arg.getType()))
          arg.setType(IntegerType::get(ctx, 1));
    });

    SharedTypeConverter tc(ctx);
    RewritePatternSet patterns(ctx);
    populateIntegerPatterns(tc, patterns, state);
    populateFloatPatterns(tc, patterns, state);
    populateComparePatterns(tc, patterns, state);
    populateConversionPatterns(tc, patterns, state);
    populateMemoryPatterns(tc, patterns, state);
    populateSpecialRegPatterns(tc, patterns, state);
    populateControlFlowPatterns(tc, patterns, state);
    populateSyncPatterns(tc, patterns, state);
    populateWarpPatterns(tc, patterns, state);
    populateVideoPatterns(tc, patterns, state);
    populateAsyncPatterns(tc, patterns, state);
    populateTensorPatterns(tc, patterns, state);
    patterns.add<SelectTypePattern>(tc, ctx);
    cf::populateCFStructuralTypeConversions(tc, patterns);

    // Ops of the ptx dialect that no pattern handles yet (texture, surface,
    // warp-matrix ...): a located error each.
    FrozenRewritePatternSet frozen(std::move(patterns));
    const auto &byOp = frozen.getOpSpecificNativePatterns();
    bool missing = false;
    top.walk([&](Operation *op) {
      if (!isa<PTXDialect>(op->getDialect()) || byOp.count(op->getName()))
        return;
      op->emitError() << "lowering of '" << op->getName()
                      << "' is not supported yet";
      missing = true;
    });
    if (missing)
      return signalPassFailure();

    ConversionTarget target(*ctx);
    target.addIllegalDialect<PTXDialect>();
    target.addLegalDialect<arith::ArithDialect, LLVM::LLVMDialect,
                           wave::WaveDialect>();
    target.addDynamicallyLegalDialect<cf::ControlFlowDialect>(
        [](Operation *op) { return !hasPTXTypes(op); });
    target.addDynamicallyLegalOp<arith::SelectOp>(
        [](Operation *op) { return !hasPTXTypes(op); });
    target.addLegalOp<UnrealizedConversionCastOp>();
    // A pattern that fails with a located "not supported" error is enough;
    // drop the framework's follow-on "failed to legalize" for that op.
    bool reported = false;
    ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return failure();
      if (reported && StringRef(diag.str()).starts_with("failed to legalize"))
        return success();
      reported = true;
      return failure();
    });
    if (failed(applyPartialConversion(top, target, frozen)))
      return signalPassFailure();
  }
};

} // namespace
