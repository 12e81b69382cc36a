//===- Build.h - small IR builders shared by the AMD lowering ---*- C++ -*-===//
//
// Private to lib/Conversion/WaveToROCDL: the i32 constants and intrinsic
// calls every part of the AMD lowering emits (AMDLowering, DispatchIds,
// NamedBarriers, the warp scheduler).
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_WAVETOROCDL_BUILD_H
#define PTXMLIR_LIB_CONVERSION_WAVETOROCDL_BUILD_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::ptx::rocdl {

/// An i32 constant.
inline Value constI32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
}

/// A call of LLVM intrinsic `name` returning `t`.
inline Value callIntrinsic(OpBuilder &b, Location loc, Type t, StringRef name,
                           ValueRange args = {}) {
  return LLVM::CallIntrinsicOp::create(b, loc, t, b.getStringAttr(name), args)
      .getResult(0);
}

} // namespace mlir::ptx::rocdl

#endif // PTXMLIR_LIB_CONVERSION_WAVETOROCDL_BUILD_H
