//===- FloatAtomics.cpp - float atomic adds on the CPU agent --------------===//
//
// See FloatAtomics.h. Every select is on integer bits: LLVM may drop a
// float select of a NaN over a NaN-producing operation (FloatNaN.h).
//
//===----------------------------------------------------------------------===//

#include "FloatAtomics.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "ptxmlir/Conversion/AddressSpaces.h"
#include "ptxmlir/Conversion/AtomicAttrs.h"
#include "ptxmlir/Conversion/CasLoop.h"

using namespace mlir;

namespace {

using ptx::kGlobal;
using ptx::kShared;

/// Builds the new memory bits of one element.
struct Combiner {
  OpBuilder &b;
  Location loc;
  /// Set for a generic pointer: i1, true when it points into shared memory.
  Value shared;
  unsigned space;
  /// f32 subnormals flushed where the memory is global (kAtomicFtzAttr).
  bool ftz;

  Value cst(Type t, uint64_t v) {
    return LLVM::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v));
  }
  Value sel(Value c, Value t, Value f) {
    return LLVM::SelectOp::create(b, loc, c, t, f);
  }
  Value bitsOf(Value f, Type it) {
    return LLVM::BitcastOp::create(b, loc, it, f);
  }
  Value floatOf(Value i, Type ft) {
    return LLVM::BitcastOp::create(b, loc, ft, i);
  }
  /// Bits of x + v.
  Value add(Value x, Value v, Type ft) {
    Type it = x.getType();
    return bitsOf(LLVM::FAddOp::create(b, loc, floatOf(x, ft), floatOf(v, ft)),
                  it);
  }
  /// i1: the bits `x` of float type `ft` are a NaN.
  Value isNaN(Value x, Type ft) {
    unsigned w = ft.getIntOrFloatBitWidth();
    Type it = x.getType();
    uint64_t sign = 1ull << (w - 1);
    uint64_t inf = ft.isBF16()  ? 0x7f80
                   : ft.isF16() ? 0x7c00
                   : ft.isF32() ? 0x7f800000
                                : 0x7ff0000000000000ull;
    Value abs = LLVM::AndOp::create(b, loc, x, cst(it, sign - 1));
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt, abs,
                                cst(it, inf));
  }
  /// f32 bits with a subnormal made a zero of its sign.
  Value flush(Value x) {
    Type it = x.getType();
    Value exp = LLVM::AndOp::create(b, loc, x, cst(it, 0x7f800000));
    Value sub =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, exp, cst(it, 0));
    return sel(sub, LLVM::AndOp::create(b, loc, x, cst(it, 0x80000000)), x);
  }
  /// `g` where the pointer is global (or anything but shared), `s` where it
  /// is shared.
  Value bySpace(Value s, Value g) {
    if (space == kShared)
      return s;
    if (space == kGlobal || !shared)
      return g;
    return sel(shared, s, g);
  }

  /// The bits an H200 leaves for memory `x` + operand `v` (integers).
  Value element(Value x, Value v, Type ft) {
    Type it = x.getType();
    if (!ft.isF64()) {
      Value r;
      // f32 atom/red into global memory: subnormal inputs and results
      // flushed.
      if (ft.isF32() && ftz && space != kShared) {
        Value z = flush(add(flush(x), flush(v), ft));
        r = space == kGlobal ? z : bySpace(add(x, v, ft), z);
      } else {
        r = add(x, v, ft);
      }
      unsigned w = ft.getIntOrFloatBitWidth();
      return sel(isNaN(r, ft), cst(it, (1ull << (w - 1)) - 1), r);
    }
    Value r = add(x, v, ft);
    Value xn = isNaN(x, ft), vn = isNaN(v, ft);
    Value dflt = cst(it, 0xfff8000000000000ull);
    Value quiet = cst(it, 1ull << 51);
    // Global: the operand's NaN, else memory's, as they are.
    Value g = sel(vn, v, sel(xn, x, dflt));
    // Shared: memory's NaN, else the operand's, quieted.
    Value s = sel(xn, LLVM::OrOp::create(b, loc, x, quiet),
                  sel(vn, LLVM::OrOp::create(b, loc, v, quiet), dflt));
    return sel(isNaN(r, ft), bySpace(s, g), r);
  }
};

bool isExpanded(LLVM::AtomicRMWOp op) {
  if (op.getBinOp() != LLVM::AtomicBinOp::fadd)
    return false;
  Type t = op.getVal().getType();
  if (auto v = dyn_cast<VectorType>(t))
    t = v.getElementType();
  return t.isF64() || t.isF32() || t.isF16() || t.isBF16();
}

void expand(LLVM::AtomicRMWOp op, ptx::host::InSharedFn inShared) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value ptr = op.getPtr(), val = op.getVal();
  Type valTy = val.getType();
  auto vecTy = dyn_cast<VectorType>(valTy);
  Type ft = vecTy ? vecTy.getElementType() : valTy;
  unsigned ew = ft.getIntOrFloatBitWidth();
  unsigned lanes = vecTy ? vecTy.getNumElements() : 1;
  Type intTy = b.getIntegerType(ew * lanes);
  Type elemIntTy = b.getIntegerType(ew);
  unsigned space = cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace();

  bool ftz = op->hasAttr(ptx::kAtomicFtzAttr);
  Combiner c{b, loc, Value(), space, ftz};
  if (space != kGlobal && space != kShared &&
      (ft.isF64() || (ft.isF32() && ftz)))
    c.shared = inShared(b, loc, op, ptr);
  Value operand = LLVM::BitcastOp::create(b, loc, intTy, val);
  ptx::expandToCasLoop(b, op, intTy, [&](Value cur) -> Value {
    if (!vecTy)
      return c.element(cur, operand, ft);
    // Lane i in bits [i * ew, (i + 1) * ew), as the vector's bitcast.
    Value next = c.cst(intTy, 0);
    for (unsigned i = 0; i < lanes; ++i) {
      Value sh = c.cst(intTy, i * ew);
      auto lane = [&](Value v) {
        return LLVM::TruncOp::create(b, loc, elemIntTy,
                                     LLVM::LShrOp::create(b, loc, v, sh));
      };
      Value e = c.element(lane(cur), lane(operand), ft);
      next = LLVM::OrOp::create(
          b, loc, next,
          LLVM::ShlOp::create(b, loc, LLVM::ZExtOp::create(b, loc, intTy, e),
                              sh));
    }
    return next;
  });
}

} // namespace

void mlir::ptx::host::expandFloatAtomics(ModuleOp top, InSharedFn inShared) {
  SmallVector<LLVM::AtomicRMWOp> ops;
  top.walk([&](LLVM::AtomicRMWOp op) {
    if (isExpanded(op))
      ops.push_back(op);
  });
  for (LLVM::AtomicRMWOp op : ops)
    expand(op, inShared);
}
