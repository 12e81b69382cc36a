//===- PTXVerifiersVideo.cpp - PTX rules of video instructions ------------===//
//
// Scalar video ops (vadd ... vset) select one byte (.b0-.b3) or half-word
// (.h0/.h1) of each operand; the SIMD ops select lanes: 2x16 sources pick
// two half-words (.hxy, x,y in 0..3 over the pair a:b), 4x8 sources four
// bytes (.bxyzw, 0..7), and the destination mask names the lanes written
// (.h0/.h1/.h10, .b0 ... .b3210, high lanes first).
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"

using namespace mlir;
using namespace mlir::ptx;

namespace {
bool isVideoType(PTXType t) { return t == PTXType::u32 || t == PTXType::s32; }

LogicalResult verifyTypes(Operation *op, std::initializer_list<PTXType> types) {
  for (PTXType t : types)
    if (!isVideoType(t))
      return op->emitOpError("video operand types must be .u32 or .s32, got .")
             << stringifyPTXType(t);
  return success();
}

/// Video operands are 32-bit registers or immediates.
LogicalResult verifyOperandWidths(Operation *op) {
  for (Value v : op->getOperands()) {
    if (v.getDefiningOp<arith::ConstantOp>() || v.getType().isInteger(1))
      continue;
    if (!v.getType().isInteger(32))
      return op->emitOpError("video operands are 32-bit registers, got ")
             << v.getType();
  }
  for (Value v : op->getResults())
    if (!v.getType().isInteger(32))
      return op->emitOpError("video results are 32-bit registers, got ")
             << v.getType();
  return success();
}

/// Scalar forms: one lane, a byte 0..3 or a half-word 0..1.
LogicalResult verifyScalarSelector(Operation *op, SelectorAttr sel,
                                   StringRef what) {
  if (!sel)
    return success();
  ArrayRef<uint8_t> lanes = sel.getLanes();
  if (lanes.size() != 1 || lanes[0] > (sel.getHalf() ? 1 : 3))
    return op->emitOpError() << what << " selector must be .b0-.b3, .h0 or "
                             << ".h1, got ." << sel.getSpelling();
  return success();
}

/// SIMD source selectors: `lanes` digits, each below `limit`.
LogicalResult verifySimdSource(Operation *op, SelectorAttr sel, bool half,
                               StringRef what) {
  if (!sel)
    return success();
  unsigned n = half ? 2 : 4, limit = half ? 4 : 8;
  if (sel.getHalf() != half || sel.getLanes().size() != n ||
      llvm::any_of(sel.getLanes(), [&](uint8_t l) { return l >= limit; }))
    return op->emitOpError()
           << what << " selector must be "
           << (half ? ".hxy with x, y in 0..3" : ".bxyzw with digits 0..7")
           << ", got ." << sel.getSpelling();
  return success();
}

/// SIMD destination masks: distinct lanes, highest first.
LogicalResult verifySimdMask(Operation *op, SelectorAttr sel, bool half) {
  if (!sel)
    return success();
  ArrayRef<uint8_t> lanes = sel.getLanes();
  bool ok = sel.getHalf() == half && lanes.size() <= (half ? 2u : 4u);
  for (auto [i, l] : llvm::enumerate(lanes))
    ok &= l < (half ? 2 : 4) && (i == 0 || l < lanes[i - 1]);
  if (!ok)
    return op->emitOpError("destination mask must be ")
           << (half ? ".h0, .h1 or .h10"
                    : ".b0 ... .b3210 (lanes 3..0, "
                      "highest first)")
           << ", got ." << sel.getSpelling();
  return success();
}

bool isVideoCompare(CmpOperator c) {
  return c == CmpOperator::eq || c == CmpOperator::ne || c == CmpOperator::lt ||
         c == CmpOperator::le || c == CmpOperator::gt || c == CmpOperator::ge;
}

/// Scalar forms: d, a, b with an optional c for `.op2` or a data merge.
template <typename OpT> LogicalResult verifyScalarForm(OpT op) {
  Operation *o = op.getOperation();
  if (failed(verifyOperandWidths(o)) ||
      failed(verifyScalarSelector(o, op.getASelAttr(), "a")) ||
      failed(verifyScalarSelector(o, op.getBSelAttr(), "b")) ||
      failed(verifyScalarSelector(o, op.getDSelAttr(), "destination")))
    return failure();
  bool merge = op.getDSelAttr() != nullptr;
  if (merge && op.getOp2())
    return op.emitOpError("a secondary operation and a destination selector "
                          "are exclusive");
  if (bool(op.getC()) != (merge || op.getOp2().has_value()))
    return op.emitOpError("the third operand goes with a secondary operation "
                          "or a destination selector, and only with them");
  return success();
}

template <typename OpT> LogicalResult verifySimdForm(OpT op, bool half) {
  Operation *o = op.getOperation();
  if (failed(verifyOperandWidths(o)) ||
      failed(verifySimdSource(o, op.getASelAttr(), half, "a")) ||
      failed(verifySimdSource(o, op.getBSelAttr(), half, "b")) ||
      failed(verifySimdMask(o, op.getDSelAttr(), half)))
    return failure();
  return success();
}

template <typename OpT> LogicalResult verifyScalarArith(OpT op) {
  if (failed(verifyTypes(op, {op.getDtype(), op.getAtype(), op.getBtype()})))
    return failure();
  return verifyScalarForm(op);
}

template <typename OpT> LogicalResult verifyShift(OpT op) {
  if (failed(verifyTypes(op, {op.getDtype(), op.getAtype()})))
    return failure();
  if (op.getBtype() != PTXType::u32)
    return op.emitOpError("the shift amount type is .u32");
  return verifyScalarForm(op);
}

template <typename OpT> LogicalResult verifySimdArith(OpT op, bool half) {
  if (failed(verifyTypes(op, {op.getDtype(), op.getAtype(), op.getBtype()})))
    return failure();
  if (op.getSat() && op.getAdd())
    return op.emitOpError(".sat is not valid with the .add accumulation");
  return verifySimdForm(op, half);
}

template <typename OpT> LogicalResult verifySimdSet(OpT op, bool half) {
  if (failed(verifyTypes(op, {op.getAtype(), op.getBtype()})))
    return failure();
  if (!isVideoCompare(op.getCmp()))
    return op.emitOpError("comparison must be .eq, .ne, .lt, .le, .gt or .ge");
  return verifySimdForm(op, half);
}
} // namespace

LogicalResult VaddOp::verifyInstruction() { return verifyScalarArith(*this); }
LogicalResult VsubOp::verifyInstruction() { return verifyScalarArith(*this); }
LogicalResult VabsdiffOp::verifyInstruction() {
  return verifyScalarArith(*this);
}
LogicalResult VminOp::verifyInstruction() { return verifyScalarArith(*this); }
LogicalResult VmaxOp::verifyInstruction() { return verifyScalarArith(*this); }
LogicalResult VshlOp::verifyInstruction() { return verifyShift(*this); }
LogicalResult VshrOp::verifyInstruction() { return verifyShift(*this); }

LogicalResult VmadOp::verifyInstruction() {
  Operation *op = getOperation();
  if (failed(verifyTypes(op, {getDtype(), getAtype(), getBtype()})) ||
      failed(verifyOperandWidths(op)) ||
      failed(verifyScalarSelector(op, getASelAttr(), "a")) ||
      failed(verifyScalarSelector(op, getBSelAttr(), "b")))
    return failure();
  if (getPo() && (getANeg() || getBNeg() || getCNeg()))
    return emitOpError(".po (plus one) allows no negated operand");
  // ptxas: "Operand negation limited to either (source A xor source B) or
  // source C".
  if (getANeg() != getBNeg() && getCNeg())
    return emitOpError("negates the product and c; only one of them may be "
                       "negated");
  return success();
}

LogicalResult VsetOp::verifyInstruction() {
  if (failed(verifyTypes(*this, {getAtype(), getBtype()})))
    return failure();
  if (!isVideoCompare(getCmp()))
    return emitOpError("comparison must be .eq, .ne, .lt, .le, .gt or .ge");
  return verifyScalarForm(*this);
}

LogicalResult Vadd2Op::verifyInstruction() {
  return verifySimdArith(*this, true);
}
LogicalResult Vsub2Op::verifyInstruction() {
  return verifySimdArith(*this, true);
}
LogicalResult Vavrg2Op::verifyInstruction() {
  return verifySimdArith(*this, true);
}
LogicalResult Vabsdiff2Op::verifyInstruction() {
  return verifySimdArith(*this, true);
}
LogicalResult Vmin2Op::verifyInstruction() {
  return verifySimdArith(*this, true);
}
LogicalResult Vmax2Op::verifyInstruction() {
  return verifySimdArith(*this, true);
}
LogicalResult Vset2Op::verifyInstruction() {
  return verifySimdSet(*this, true);
}
LogicalResult Vadd4Op::verifyInstruction() {
  return verifySimdArith(*this, false);
}
LogicalResult Vsub4Op::verifyInstruction() {
  return verifySimdArith(*this, false);
}
LogicalResult Vavrg4Op::verifyInstruction() {
  return verifySimdArith(*this, false);
}
LogicalResult Vabsdiff4Op::verifyInstruction() {
  return verifySimdArith(*this, false);
}
LogicalResult Vmin4Op::verifyInstruction() {
  return verifySimdArith(*this, false);
}
LogicalResult Vmax4Op::verifyInstruction() {
  return verifySimdArith(*this, false);
}
LogicalResult Vset4Op::verifyInstruction() {
  return verifySimdSet(*this, false);
}
