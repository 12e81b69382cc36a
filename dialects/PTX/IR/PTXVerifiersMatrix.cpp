//===- PTXVerifiersMatrix.cpp - PTX rules of warp-level matrix ops --------===//
//
// wmma, mma, mma.sp, ldmatrix, stmatrix and movmatrix: the shape/type
// combinations of the manual, the layouts each shape allows, and fragment
// sizes. A fragment of an MxK operand holds M*K elements spread over the
// 32 lanes in 32-bit registers (64-bit for .f64); mma.m8n8k4 works on quad
// pairs (four times as many), wmma's .f16 a/b fragments are replicated
// (always eight registers), and sparse a holds half its elements.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"

using namespace mlir;
using namespace mlir::ptx;

namespace {
bool isOneOf(PTXType t, std::initializer_list<PTXType> types) {
  return llvm::is_contained(types, t);
}

struct ShapeDims {
  unsigned m, n, k;
};

/// `m16n8k16` -> {16, 8, 16}; k is 0 for the ldmatrix shapes (`m8n8`).
ShapeDims getDims(MatrixShape shape) {
  StringRef s = stringifyMatrixShape(shape).drop_front(); // "16n8k16"
  ShapeDims d{0, 0, 0};
  auto [m, rest] = s.split('n');
  auto [n, k] = rest.split('k');
  m.getAsInteger(10, d.m);
  n.getAsInteger(10, d.n);
  if (!k.empty())
    k.getAsInteger(10, d.k);
  return d;
}

bool isWmmaShape(MatrixShape s) {
  return s == MatrixShape::m16n16k16 || s == MatrixShape::m8n32k16 ||
         s == MatrixShape::m32n8k16;
}

bool isIntegerElem(PTXType t) {
  return isOneOf(
      t, {PTXType::s8, PTXType::u8, PTXType::s4, PTXType::u4, PTXType::b1});
}

bool isF8F6F4(PTXType t) {
  return isOneOf(t, {PTXType::e4m3, PTXType::e5m2, PTXType::e3m2, PTXType::e2m3,
                     PTXType::e2m1});
}

/// Registers per lane of a rows x cols fragment of elements of `elemBits`.
/// `scale` counts the independent products computed at once (quad pairs).
unsigned fragmentRegs(unsigned rows, unsigned cols, unsigned elemBits,
                      PTXType type, unsigned scale = 1) {
  unsigned regBits = type == PTXType::f64 ? 64 : 32;
  return std::max(1u, rows * cols * elemBits * scale / (32 * regBits));
}

/// Which type a wmma shape allows for fragment `frag`.
bool wmmaTypeAllowed(MatrixShape shape, MatrixFragment frag, PTXType t) {
  bool ab = frag == MatrixFragment::a || frag == MatrixFragment::b;
  if (isWmmaShape(shape))
    return ab ? isOneOf(t,
                        {PTXType::f16, PTXType::s8, PTXType::u8, PTXType::bf16})
              : isOneOf(t, {PTXType::f16, PTXType::f32, PTXType::s32});
  switch (shape) {
  case MatrixShape::m16n16k8:
    return ab ? t == PTXType::tf32 : t == PTXType::f32;
  case MatrixShape::m8n8k4:
    return t == PTXType::f64;
  case MatrixShape::m8n8k32:
    return ab ? isOneOf(t, {PTXType::s4, PTXType::u4}) : t == PTXType::s32;
  case MatrixShape::m8n8k128:
    return ab ? t == PTXType::b1 : t == PTXType::s32;
  default:
    return false;
  }
}

/// Registers of a wmma fragment.
unsigned wmmaFragmentRegs(MatrixShape shape, MatrixFragment frag, PTXType t) {
  ShapeDims d = getDims(shape);
  if (t == PTXType::f16 &&
      (frag == MatrixFragment::a || frag == MatrixFragment::b))
    return 8;
  unsigned bits = getTypeBitWidth(t);
  switch (frag) {
  case MatrixFragment::a:
    return fragmentRegs(d.m, d.k, bits, t);
  case MatrixFragment::b:
    return fragmentRegs(d.k, d.n, bits, t);
  default:
    return fragmentRegs(d.m, d.n, bits, t);
  }
}

LogicalResult verifyCount(Operation *op, size_t n, size_t expected,
                          StringRef what) {
  if (n != expected)
    return op->emitOpError() << "expects " << expected << " registers for "
                             << what << ", got " << n;
  return success();
}

LogicalResult verifyAligned(Operation *op, bool aligned) {
  if (!aligned)
    return op->emitOpError("requires .aligned");
  return success();
}

LogicalResult verifySharedSpace(Operation *op, std::optional<StateSpace> s) {
  if (s && *s != StateSpace::shared && *s != StateSpace::shared_cta)
    return op->emitOpError("state space must be .shared{::cta}");
  return success();
}

/// Sub-byte and single-bit fragments: a is row-major, b column-major.
LogicalResult verifySubByteLayout(Operation *op, MatrixShape shape,
                                  MatrixFragment frag, MatrixLayout layout) {
  if (shape != MatrixShape::m8n8k32 && shape != MatrixShape::m8n8k128)
    return success();
  if (frag == MatrixFragment::a && layout != MatrixLayout::row)
    return op->emitOpError("sub-byte and single-bit a fragments are .row");
  if (frag == MatrixFragment::b && layout != MatrixLayout::col)
    return op->emitOpError("sub-byte and single-bit b fragments are .col");
  return success();
}

/// wmma.load / wmma.store state spaces.
LogicalResult verifyWmmaSpace(Operation *op, std::optional<StateSpace> s) {
  if (s && *s != StateSpace::global && *s != StateSpace::shared &&
      *s != StateSpace::shared_cta)
    return op->emitOpError("state space must be .global or .shared{::cta}");
  return success();
}

/// The mma rules shared by dense and sparse forms; `sparse` halves a.
template <typename OpT> LogicalResult verifyMmaLike(OpT op, bool sparse) {
  Operation *o = op.getOperation();
  if (failed(verifyAligned(o, op.getAligned())))
    return failure();
  MatrixShape shape = op.getShape();
  ShapeDims d = getDims(shape);
  if (!d.k)
    return op.emitOpError("shape .")
           << stringifyMatrixShape(shape) << " is not an mma shape";
  PTXType dt = op.getDtype(), at = op.getAtype(), bt = op.getBtype(),
          ct = op.getCtype();
  bool isF16 = at == PTXType::f16 && bt == PTXType::f16;
  bool quadPair = shape == MatrixShape::m8n8k4 && isF16;
  if (!quadPair && (op.getAlayout() != MatrixLayout::row ||
                    op.getBlayout() != MatrixLayout::col))
    return op.emitOpError("shape .")
           << stringifyMatrixShape(shape) << " requires .row.col";
  bool isInt = isIntegerElem(at);
  if (isInt != isIntegerElem(bt))
    return op.emitOpError("a and b must both be integer or both floating "
                          "point");
  if (isInt && (dt != PTXType::s32 || ct != PTXType::s32))
    return op.emitOpError("integer mma accumulates in .s32");
  if (op.getSatfinite() && !isInt)
    return op.emitOpError(".satfinite is only valid with integer types");
  bool isB1 = at == PTXType::b1;
  if (isB1 != (op.getOp().has_value() && op.getPopc()))
    return op.emitOpError("single-bit (.b1) mma requires .xor.popc or "
                          ".and.popc, other types take neither");
  std::optional<MmaKind> kind = op.getKind();
  bool mixedFp = isF8F6F4(at) && isF8F6F4(bt);
  if (!isInt && !mixedFp && at != bt)
    return op.emitOpError("a and b types must match");
  if ((at == PTXType::e3m2 || at == PTXType::e2m3 || at == PTXType::e2m1 ||
       bt == PTXType::e3m2 || bt == PTXType::e2m3 || bt == PTXType::e2m1) &&
      !kind)
    return op.emitOpError("e3m2, e2m3 and e2m1 operands need .kind");
  if (op.getBlockScale() != op.getStype().has_value())
    return op.emitOpError(".block_scale goes with a scale type, and only "
                          "with it");
  if (op.getBlockScale() && !kind)
    return op.emitOpError(".block_scale requires .kind");
  if (op.getScaleVec() && !op.getBlockScale())
    return op.emitOpError(".scale_vec requires .block_scale");
  if (bool(op.getScaleA()) != op.getBlockScale() ||
      bool(op.getScaleB()) != op.getBlockScale())
    return op.emitOpError("the scale operands go with .block_scale, and only "
                          "with it");
  if (!isInt && !isB1 && !quadPair && dt != ct)
    return op.emitOpError("dtype and ctype must match");
  if (quadPair && ct == PTXType::f32 && dt != PTXType::f32)
    return op.emitOpError(".f32 accumulators give an .f32 result");

  // Fragment sizes. Sub-byte elements of .kind::f8f6f4 sit in bytes.
  auto elemBits = [&](PTXType t) {
    if (kind == MmaKind::f8f6f4)
      return 8u;
    return getTypeBitWidth(t);
  };
  unsigned scale = quadPair ? 4 : 1;
  unsigned aRegs = fragmentRegs(d.m, d.k, elemBits(at), at, scale);
  if (sparse)
    aRegs = std::max(1u, aRegs / 2);
  unsigned bRegs = fragmentRegs(d.k, d.n, elemBits(bt), bt, scale);
  unsigned cRegs = fragmentRegs(d.m, d.n, getTypeBitWidth(ct), ct, scale);
  unsigned dRegs = fragmentRegs(d.m, d.n, getTypeBitWidth(dt), dt, scale);
  if (failed(verifyCount(o, op.getA().size(), aRegs, "a")) ||
      failed(verifyCount(o, op.getB().size(), bRegs, "b")) ||
      failed(verifyCount(o, op.getC().size(), cRegs, "c")) ||
      failed(verifyCount(o, op.getD().size(), dRegs, "d")))
    return failure();
  return success();
}
} // namespace

LogicalResult WmmaLoadOp::verifyInstruction() {
  Operation *op = getOperation();
  MatrixFragment frag = getFrag();
  if (frag == MatrixFragment::d)
    return emitOpError("wmma.load loads the a, b or c fragment");
  if (failed(verifyAligned(op, getAligned())) ||
      failed(verifyWmmaSpace(op, getSpace())))
    return failure();
  if (!wmmaTypeAllowed(getShape(), frag, getType()))
    return emitOpError("shape .")
           << stringifyMatrixShape(getShape()) << " does not take ."
           << stringifyPTXType(getType()) << " for fragment ."
           << stringifyMatrixFragment(frag);
  if (failed(verifySubByteLayout(op, getShape(), frag, getLayout())))
    return failure();
  return verifyCount(op, getD().size(),
                     wmmaFragmentRegs(getShape(), frag, getType()),
                     "the fragment");
}

LogicalResult WmmaStoreOp::verifyInstruction() {
  Operation *op = getOperation();
  if (getFrag() != MatrixFragment::d)
    return emitOpError("wmma.store stores the d fragment");
  if (failed(verifyAligned(op, getAligned())) ||
      failed(verifyWmmaSpace(op, getSpace())))
    return failure();
  if (!wmmaTypeAllowed(getShape(), MatrixFragment::d, getType()))
    return emitOpError("shape .")
           << stringifyMatrixShape(getShape()) << " does not take ."
           << stringifyPTXType(getType()) << " for fragment .d";
  return verifyCount(op, getR().size(),
                     wmmaFragmentRegs(getShape(), MatrixFragment::d, getType()),
                     "the fragment");
}

LogicalResult WmmaMmaOp::verifyInstruction() {
  Operation *op = getOperation();
  if (failed(verifyAligned(op, getAligned())))
    return failure();
  MatrixShape shape = getShape();
  PTXType dt = getDtype(), ct = getCtype();
  if (getAtype().has_value() != getBtype().has_value())
    return emitOpError("atype and btype are written together");
  // The f16 form leaves a and b implicit.
  PTXType at = getAtype().value_or(PTXType::f16);
  PTXType bt = getBtype().value_or(PTXType::f16);
  if (getAtype() && at == PTXType::f16)
    return emitOpError("the .f16 form writes only .dtype.ctype");
  if (at != bt)
    return emitOpError("a and b types must match");
  if (!wmmaTypeAllowed(shape, MatrixFragment::a, at) ||
      !wmmaTypeAllowed(shape, MatrixFragment::c, ct) ||
      !wmmaTypeAllowed(shape, MatrixFragment::d, dt))
    return emitOpError("shape .")
           << stringifyMatrixShape(shape) << " does not take ."
           << stringifyPTXType(dt) << "." << stringifyPTXType(at) << "."
           << stringifyPTXType(ct);
  bool isInt = isIntegerElem(at);
  if (isInt && (dt != PTXType::s32 || ct != PTXType::s32))
    return emitOpError("integer wmma accumulates in .s32");
  if (at == PTXType::f16 ? !isOneOf(dt, {PTXType::f16, PTXType::f32})
                         : (!isInt && dt != ct))
    return emitOpError("invalid result type .") << stringifyPTXType(dt);
  if (getSatfinite() && !isInt)
    return emitOpError(".satfinite is only valid with integer types");
  if (getRnd() && at != PTXType::f64)
    return emitOpError("rounding is only valid with .f64");
  bool isB1 = at == PTXType::b1;
  if (isB1 != (getOp().has_value() && getPopc()))
    return emitOpError("single-bit (.b1) wmma requires .xor.popc or "
                       ".and.popc, other types take neither");
  if ((shape == MatrixShape::m8n8k32 || shape == MatrixShape::m8n8k128) &&
      (getAlayout() != MatrixLayout::row || getBlayout() != MatrixLayout::col))
    return emitOpError("sub-byte and single-bit wmma requires .row.col");
  if (failed(verifyCount(op, getA().size(),
                         wmmaFragmentRegs(shape, MatrixFragment::a, at),
                         "a")) ||
      failed(verifyCount(op, getB().size(),
                         wmmaFragmentRegs(shape, MatrixFragment::b, bt),
                         "b")) ||
      failed(verifyCount(op, getC().size(),
                         wmmaFragmentRegs(shape, MatrixFragment::c, ct),
                         "c")) ||
      failed(verifyCount(op, getD().size(),
                         wmmaFragmentRegs(shape, MatrixFragment::d, dt), "d")))
    return failure();
  return success();
}

LogicalResult MmaOp::verifyInstruction() {
  return verifyMmaLike(*this, /*sparse=*/false);
}

LogicalResult MmaSpOp::verifyInstruction() {
  if (getKind() && getSparsity() != MmaSparsity::ordered_metadata)
    return emitOpError(".kind requires .sp::ordered_metadata");
  if (getOp() || getPopc())
    return emitOpError("sparse mma has no single-bit form");
  return verifyMmaLike(*this, /*sparse=*/true);
}

LogicalResult LdmatrixOp::verifyInstruction() {
  Operation *op = getOperation();
  if (failed(verifyAligned(op, getAligned())) ||
      failed(verifySharedSpace(op, getSpace())))
    return failure();
  MatrixShape shape = getShape();
  unsigned num = static_cast<unsigned>(getNum());
  switch (shape) {
  case MatrixShape::m8n8:
    if (getSrcFmt() || !isOneOf(getType(), {PTXType::b16, PTXType::b8}))
      return emitOpError(".m8n8 loads .b16 or .b8");
    return verifyCount(op, getD().size(), num, "the matrices");
  case MatrixShape::m16n16:
    if (!getTrans())
      return emitOpError(".m16n16 requires .trans");
    if (num == 4)
      return emitOpError(".m16n16 loads .x1 or .x2");
    break;
  case MatrixShape::m8n16:
    if (getTrans())
      return emitOpError(".m8n16 takes no .trans");
    break;
  default:
    return emitOpError("shape must be .m8n8, .m16n16 or .m8n16");
  }
  if (getSrcFmt().has_value() != (getType() == PTXType::b8x16))
    return emitOpError("the .b8x16 destination format needs a source "
                       "format, and only it");
  if (auto src = getSrcFmt())
    if (!isOneOf(*src, {PTXType::b6x16_p32, PTXType::b4x16_p64}))
      return emitOpError("source format must be .b6x16_p32 or .b4x16_p64");
  return success();
}

LogicalResult StmatrixOp::verifyInstruction() {
  Operation *op = getOperation();
  if (failed(verifyAligned(op, getAligned())) ||
      failed(verifySharedSpace(op, getSpace())))
    return failure();
  if (!isOneOf(getType(), {PTXType::b16, PTXType::b8}))
    return emitOpError("type must be .b16 or .b8");
  switch (getShape()) {
  case MatrixShape::m8n8:
    return verifyCount(op, getR().size(), static_cast<unsigned>(getNum()),
                       "the matrices");
  case MatrixShape::m16n8:
    if (!getTrans() || getType() != PTXType::b8)
      return emitOpError(".m16n8 requires .trans and .b8");
    return success();
  default:
    return emitOpError("shape must be .m8n8 or .m16n8");
  }
}

LogicalResult MovmatrixOp::verifyInstruction() {
  if (failed(verifyAligned(*this, getAligned())))
    return failure();
  if (getShape() != MatrixShape::m8n8 || !getTrans() ||
      getType() != PTXType::b16)
    return emitOpError("only movmatrix.sync.aligned.m8n8.trans.b16 exists");
  return success();
}
