//===- Tanh.cpp - tanh.approx as arithmetic every back end has ------------===//
//
// AMD GPUs have no tanh instruction and LLVM 22's AMDGPU backend has no
// lowering (nor libcall) for llvm.tanh, so the shared layer computes
// tanh.approx itself, for every target: the NVVM check path runs the same
// formula on NVIDIA hardware and the CPU agent on the host.
//
// In f32 (f16 and bf16 are extended, then rounded to nearest):
//   |x| <  0.6: x * (1 + x^2 p(x^2)), the odd Taylor series to x^11
//               (truncation error < 1e-5 relative at 0.6; exact for ±0 and
//               subnormals, whose square vanishes);
//   |x| >= 0.6: copysign(1 - 2 / (2^(2|x|/ln 2) + 1), x), without
//               cancellation there (the quotient is below 0.47); 2^... is
//               +inf from |x| > 44.4 and the result ±1; NaN stays NaN.
// The manual's bound for .f32 is a relative error of 2^-11; this one is
// about 2^-16 with approximate exp2 and reciprocal.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::ptx;

Value lowering::approxTanh(OpBuilder &b, Location loc, Value x) {
  Type t = x.getType();
  Type f32 = b.getF32Type();
  Value a = t.isF32() ? x : (Value)arith::ExtFOp::create(b, loc, f32, x);
  auto c = [&](double v) { return floatConst(b, loc, f32, v); };
  auto afn =
      arith::FastMathFlagsAttr::get(b.getContext(), arith::FastMathFlags::afn);

  Value ax = LLVM::FAbsOp::create(b, loc, a);
  Value x2 = arith::MulFOp::create(b, loc, a, a);
  // tanh x = x - x^3/3 + 2x^5/15 - 17x^7/315 + 62x^9/2835
  //          - 1382x^11/155925 - ...
  Value p = c(-1382.0 / 155925.0);
  for (double k : {62.0 / 2835.0, -17.0 / 315.0, 2.0 / 15.0, -1.0 / 3.0})
    p = arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, p, x2),
                              c(k));
  // x * (1 + q), not x + x q: -0 + (+0) would lose the sign of -0.
  Value series = arith::MulFOp::create(
      b, loc, a,
      arith::AddFOp::create(b, loc, c(1.0),
                            arith::MulFOp::create(b, loc, x2, p)));

  auto fastExp2 =
      LLVM::FastmathFlagsAttr::get(b.getContext(), LLVM::FastmathFlags::afn);
  Value e = LLVM::Exp2Op::create(
      b, loc, f32,
      arith::MulFOp::create(b, loc, ax, c(2.8853900817779268) /* 2 / ln 2 */),
      fastExp2);
  Value q = arith::DivFOp::create(
      b, loc, c(2.0), arith::AddFOp::create(b, loc, e, c(1.0)), afn);
  Value far = LLVM::CopySignOp::create(
      b, loc, arith::SubFOp::create(b, loc, c(1.0), q), a);

  Value near =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, ax, c(0.6));
  Value r = arith::SelectOp::create(b, loc, near, series, far);
  return t.isF32() ? r : (Value)arith::TruncFOp::create(b, loc, t, r);
}
