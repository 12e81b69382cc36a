//===- SharedToLLVM.cpp - arith and cf to the LLVM dialect ----------------===//

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/DialectConversion.h"
#include "ptxmlir/Conversion/Passes.h"

namespace mlir::ptx {
#define GEN_PASS_DEF_CONVERTSHAREDTOLLVM
#include "ptxmlir/Conversion/Passes.h.inc"
} // namespace mlir::ptx

using namespace mlir;

namespace {

struct ConvertSharedToLLVMPass
    : public ptx::impl::ConvertSharedToLLVMBase<ConvertSharedToLLVMPass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    LLVMConversionTarget target(*ctx);
    LLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    cf::populateAssertToLLVMConversionPattern(converter, patterns);
    ConversionConfig config;
    // Upstream's arith and cf patterns do not fail after changing the IR,
    // which is what rollback is for; without it the driver keeps less
    // state (about half the time of the three upstream passes).
    config.allowPatternRollback = rollback;
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns), config)))
      return signalPassFailure();
    SmallVector<UnrealizedConversionCastOp> casts;
    getOperation()->walk(
        [&](UnrealizedConversionCastOp c) { casts.push_back(c); });
    reconcileUnrealizedCasts(casts);
  }
};

} // namespace
