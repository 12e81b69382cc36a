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

/// workgroup_size_x (u16) of the AQL dispatch packet, y and z follow.
inline constexpr unsigned kPacketGroupSize = 4;

/// An invariant load of `t` at byte `offset` of constant memory at `base`.
inline Value loadConstant(OpBuilder &b, Location loc, Value base,
                          unsigned offset, Type t) {
  auto ptr4 = LLVM::LLVMPointerType::get(b.getContext(), 4);
  Value q = LLVM::GEPOp::create(b, loc, ptr4, b.getI8Type(), base,
                                ArrayRef<LLVM::GEPArg>{(int32_t)offset});
  return LLVM::LoadOp::create(b, loc, t, q, t.getIntOrFloatBitWidth() / 8,
                              false, false, /*invariant=*/true);
}

/// The field of type `t` at byte `offset` of the AQL dispatch packet.
inline Value dispatchPacketField(OpBuilder &b, Location loc, unsigned offset,
                                 Type t) {
  auto ptr4 = LLVM::LLVMPointerType::get(b.getContext(), 4);
  return loadConstant(b, loc,
                      callIntrinsic(b, loc, ptr4, "llvm.amdgcn.dispatch.ptr"),
                      offset, t);
}

} // namespace mlir::ptx::rocdl

#endif // PTXMLIR_LIB_CONVERSION_WAVETOROCDL_BUILD_H
