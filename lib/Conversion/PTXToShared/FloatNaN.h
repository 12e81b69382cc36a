//===- FloatNaN.h - NVIDIA's NaN results ------------------------*- C++ -*-===//
//
// The NaN a float instruction returns, as an NVIDIA H200 gives it
// (test/Runtime/CUDA/float-nan.c, docs/lowering.md "NaN results"):
// f32, f16 and bf16 results are the canonical NaN (sign clear, every
// payload bit set: 0x7fffffff, 0x7fff); f64 results are the first NaN
// operand in the instruction's order, quieted, and a NaN made from non-NaN
// operands is 0xfff8000000000000. Implemented in FloatOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_PTXTOSHARED_FLOATNAN_H
#define PTXMLIR_LIB_CONVERSION_PTXTOSHARED_FLOATNAN_H

#include "mlir/IR/Builders.h"

namespace mlir::ptx::lowering {

/// `cond ? t : f` on the bits of float values t and f. A float select of a
/// NaN constant over a NaN-producing operation may be folded away (LLVM
/// may pick any NaN for the operation: x86 turns select(x < 0, NaN,
/// sqrt(x)) into sqrt(x)); an integer select is kept.
Value selectBits(OpBuilder &b, Location loc, Value cond, Value t, Value f);
/// True (i1) when `v` is a NaN.
Value isNaN(OpBuilder &b, Location loc, Value v);
/// The canonical NaN of float type `t` (every payload bit set, sign clear).
Value canonicalNaN(OpBuilder &b, Location loc, Type t);
/// `v`, or the canonical NaN when `v` is a NaN: a compare and a select.
Value canonicalizeNaN(OpBuilder &b, Location loc, Value v);
/// The NaN `v` with its quiet bit set (other values unchanged).
Value quietNaN(OpBuilder &b, Location loc, Value v);
/// The result `r` of an instruction with NVIDIA's NaN: f32/f16/bf16 the
/// canonical NaN; f64 the first NaN of `order` (its operands in NVIDIA's
/// priority), quieted, else 0xfff8000000000000 when `r` is a NaN.
Value nanResult(OpBuilder &b, Location loc, Value r, ValueRange order);

} // namespace mlir::ptx::lowering

#endif // PTXMLIR_LIB_CONVERSION_PTXTOSHARED_FLOATNAN_H
