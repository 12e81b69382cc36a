//===- PTXVerifiers.cpp - PTX ISA rules of each instruction ---------------===//
//
// The legal modifier combinations of the PTX ISA manual, one verifier per
// opcode, plus the operand-type compatibility rule: an operand register may
// be used with instruction type T when it has T's size and, for float T,
// is that float type or an untyped (bit) register of that size.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "ptxmlir/Dialect/PTX/IR/PTXInstInfo.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::ptx;

namespace {
bool isImmediate(Value v) {
  return v.getDefiningOp<arith::ConstantOp>() != nullptr;
}

/// Whether a value of MLIR type `t` may be an operand of instruction type
/// `type`. `relaxed` allows wider integer registers (ld/st/cvt rule).
bool isCompatible(Type t, PTXType type, bool relaxed = false) {
  unsigned width = getTypeBitWidth(type);
  if (type == PTXType::pred)
    return t.isInteger(1);
  if (auto it = dyn_cast<IntegerType>(t)) {
    if (it.getWidth() == 1)
      return false;
    return relaxed ? it.getWidth() >= width : it.getWidth() == width;
  }
  if (auto ft = dyn_cast<FloatType>(t)) {
    if (ft.getWidth() != width)
      return false;
    if (!isFloatType(type))
      return isBitType(type) || relaxed;
    switch (type) {
    case PTXType::f16:
      return ft.isF16();
    case PTXType::bf16:
      return ft.isBF16();
    case PTXType::f32:
    case PTXType::tf32:
      return ft.isF32();
    case PTXType::f64:
      return ft.isF64();
    default:
      return false; // packed types live in integer registers
    }
  }
  return false;
}

LogicalResult checkOperand(Operation *op, Value v, PTXType type,
                           StringRef what, bool relaxed = false) {
  if (!v)
    return success();
  if (isImmediate(v)) {
    Type t = v.getType();
    if (type == PTXType::pred)
      return success();
    if (isa<FloatType>(t) && !isFloatType(type) && !isBitType(type))
      return op->emitOpError(what)
             << ": floating-point immediate used with ."
             << stringifyPTXType(type);
    return success();
  }
  if (!isCompatible(v.getType(), type, relaxed))
    return op->emitOpError(what)
           << ": register of type " << v.getType()
           << " is not compatible with ." << stringifyPTXType(type);
  return success();
}

LogicalResult checkResult(Operation *op, Value v, PTXType type,
                          StringRef what, bool relaxed = false) {
  if (!isCompatible(v.getType(), type, relaxed))
    return op->emitOpError(what)
           << ": register of type " << v.getType()
           << " is not compatible with ." << stringifyPTXType(type);
  return success();
}

bool isHalfFamily(PTXType t) {
  return t == PTXType::f16 || t == PTXType::f16x2 || t == PTXType::bf16 ||
         t == PTXType::bf16x2;
}

bool isRoundingToInteger(Rounding r) {
  return r == Rounding::rni || r == Rounding::rzi || r == Rounding::rmi ||
         r == Rounding::rpi;
}

/// Float modifiers on an integer instruction type are errors.
LogicalResult checkIntegerForm(Operation *op, PTXType type,
                               std::optional<Rounding> rnd, bool ftz) {
  if (rnd)
    return op->emitOpError("rounding modifier .")
           << stringifyRounding(*rnd) << " requires a floating-point type";
  if (ftz)
    return op->emitOpError(".ftz requires a floating-point type");
  (void)type;
  return success();
}

LogicalResult checkFloatRounding(Operation *op, std::optional<Rounding> rnd) {
  if (rnd && (isRoundingToInteger(*rnd) || *rnd == Rounding::rna ||
              *rnd == Rounding::rs))
    return op->emitOpError("rounding modifier .")
           << stringifyRounding(*rnd) << " is not valid here";
  return success();
}

LogicalResult checkFtz(Operation *op, PTXType type, bool ftz) {
  if (ftz && type != PTXType::f32 && type != PTXType::f32x2 &&
      type != PTXType::f16 && type != PTXType::f16x2)
    return op->emitOpError(".ftz is only valid with .f32 and .f16 types");
  return success();
}

/// Half-type add/sub/mul (and fma): only .rn, and .sat only on .f16/.f16x2.
LogicalResult checkHalfForm(Operation *op, PTXType t,
                            std::optional<Rounding> rnd, bool sat) {
  if (!isHalfFamily(t))
    return success();
  if (rnd && *rnd != Rounding::rn)
    return op->emitOpError("rounding modifier .")
           << stringifyRounding(*rnd) << " is not valid with ."
           << stringifyPTXType(t) << " (only .rn)";
  if (sat && (t == PTXType::bf16 || t == PTXType::bf16x2))
    return op->emitOpError(".sat is not valid with .") << stringifyPTXType(t);
  return success();
}

/// Mixed precision (`add/sub{.rnd}{.sat}.f32.atype d, a, c`, `fma.rnd{.sat}
/// .f32.abtype d, a, b, c`): .f32 with .f16/.bf16 sources, no .ftz.
LogicalResult checkMixedPrecision(Operation *op, PTXType t,
                                  std::optional<PTXType> at, bool ftz) {
  if (!at)
    return success();
  if (!isFloatType(t))
    return op->emitOpError("mixed precision requires .f32");
  if (t != PTXType::f32 || (*at != PTXType::f16 && *at != PTXType::bf16))
    return op->emitOpError("mixed precision is .f32 with .f16/.bf16 sources");
  if (ftz)
    return op->emitOpError(".ftz is not valid with mixed precision");
  return success();
}

template <typename OpT>
LogicalResult verifyAddSub(OpT op) {
  PTXType t = op.getType();
  // Mixed precision: a is of .atype, c (our b) and d are .f32.
  if (failed(checkMixedPrecision(op, t, op.getAtype(), op.getFtz())) ||
      failed(checkResult(op, op.getD(), t, "destination")) ||
      failed(checkOperand(op, op.getA(), op.getAtype().value_or(t), "a")) ||
      failed(checkOperand(op, op.getB(), t, "b")))
    return failure();
  if (!isFloatType(t)) {
    if (op.getSat() && t != PTXType::s32)
      return op.emitOpError(".sat is only valid with .s32 for integers");
    return checkIntegerForm(op, t, op.getRnd(), op.getFtz());
  }
  if (failed(checkFloatRounding(op, op.getRnd())) ||
      failed(checkFtz(op, t, op.getFtz())))
    return failure();
  if (t == PTXType::f64 && op.getSat())
    return op.emitOpError(".sat is not valid with .f64");
  return checkHalfForm(op, t, op.getRnd(), op.getSat());
}
} // namespace

//===----------------------------------------------------------------------===//
// Operand widths of every instruction
//===----------------------------------------------------------------------===//

/// Operands that do not take the instruction type: `shl.b64 d, a, b` shifts
/// by a .u32 `b`, `clz.b64 d, a` counts into a .u32 `d`. "*": the op's own
/// verifier has all its type rules (wide, vector, mixed or per-mode types).
static StringRef operandsNotOfInstType(StringRef opName) {
  return llvm::StringSwitch<StringRef>(opName)
      .Cases({"ptx.shl", "ptx.shr", "ptx.szext", "ptx.mapa"}, "b")
      .Case("ptx.bfe", "b c")
      .Case("ptx.bfi", "c")
      .Cases({"ptx.selp", "ptx.setp"}, "c") // predicates
      .Cases({"ptx.bfind", "ptx.clz", "ptx.popc", "ptx.getctarank",
              "ptx.match_sync"},
             "d")
      .Cases({"ptx.mul", "ptx.mad", "ptx.atom", "ptx.red", "ptx.red_async",
              "ptx.sured", "ptx.vote_sync", "ptx.bar_red", "ptx.barrier_red",
              "ptx.movmatrix", "ptx.mov_pack", "ptx.mov_unpack",
              "ptx.istypep"},
             "*")
      .Default("");
}

/// PTX's operand-type compatibility rule for every instruction with one
/// instruction type `type`: its destination `d` and sources `a`, `b`, `c`
/// are registers of that type's size (bit types take any register of the
/// size, float types a float or bit register of it), unless listed above.
/// Instructions with several types (`cvt`, mixed-precision `add.f32.f16`)
/// and vector operands (`ld`, `st`) keep the rules of their own verifiers.
namespace mlir::ptx::detail {
LogicalResult verifyOperandTypes(Operation *op);
} // namespace mlir::ptx::detail

LogicalResult mlir::ptx::detail::verifyOperandTypes(Operation *op) {
  auto typeAttr = op->getAttrOfType<PTXTypeAttr>("type");
  if (!typeAttr)
    return success();
  for (NamedAttribute a : op->getAttrs())
    if (a.getName() != "type" && isa<PTXTypeAttr>(a.getValue()))
      return success();
  // `.wide` (mul, mad and their carry forms) doubles `d` and `c`.
  if (auto mode = op->getAttrOfType<MulModeAttr>("mode");
      mode && mode.getValue() == MulMode::wide)
    return success();
  const InstInfo *info = lookupInstInfo(op->getName().getStringRef());
  if (!info)
    return success();
  StringRef exempt = operandsNotOfInstType(info->opName);
  if (exempt == "*")
    return success();
  SmallVector<StringRef, 3> skip;
  exempt.split(skip, ' ', -1, /*KeepEmpty=*/false);
  PTXType type = typeAttr.getValue();
  auto checked = [&](const OperandSlot &slot, ArrayRef<StringRef> names) {
    return (slot.kind == OperandKind::Value ||
            slot.kind == OperandKind::Optional) &&
           llvm::is_contained(names, StringRef(slot.name)) &&
           !llvm::is_contained(skip, StringRef(slot.name));
  };
  // `d` is always the first result when it exists.
  if (!info->results.empty() && checked(info->results.front(), {"d"}) &&
      op->getNumResults() > 0 &&
      failed(checkResult(op, op->getResult(0), type, "destination")))
    return failure();
  auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(
      op->getInherentAttr("operandSegmentSizes").value_or(Attribute()));
  if (!sizes)
    return success();
  unsigned start = 0;
  for (auto [i, slot] : llvm::enumerate(info->operands)) {
    if (i >= static_cast<size_t>(sizes.size()))
      break;
    unsigned n = sizes[i];
    if (n == 1 && checked(slot, {"a", "b", "c"}) &&
        start < op->getNumOperands() &&
        failed(checkOperand(op, op->getOperand(start), type, slot.name)))
      return failure();
    start += n;
  }
  return success();
}

LogicalResult AddOp::verifyInstruction() { return verifyAddSub(*this); }
LogicalResult SubOp::verifyInstruction() { return verifyAddSub(*this); }

LogicalResult MulOp::verifyInstruction() {
  PTXType t = getType();
  if (!isFloatType(t)) {
    if (!getMode())
      return emitOpError("integer mul needs .lo, .hi or .wide");
    if (getSat())
      return emitOpError(".sat is not valid for integer mul");
    if (getMode() == MulMode::wide) {
      if (getTypeBitWidth(t) > 32)
        return emitOpError(".wide is only valid with 16- and 32-bit types");
      if (failed(checkOperand(*this, getA(), t, "a")) ||
          failed(checkOperand(*this, getB(), t, "b")))
        return failure();
      auto dt = dyn_cast<IntegerType>(getD().getType());
      if (!dt || dt.getWidth() != 2 * getTypeBitWidth(t))
        return emitOpError(".wide destination must be twice as wide as .")
               << stringifyPTXType(t);
      return success();
    }
    if (failed(checkResult(*this, getD(), t, "destination")) ||
        failed(checkOperand(*this, getA(), t, "a")) ||
        failed(checkOperand(*this, getB(), t, "b")))
      return failure();
    return checkIntegerForm(*this, t, getRnd(), getFtz());
  }
  if (getMode())
    return emitOpError(".") << stringifyMulMode(*getMode())
                            << " is only valid for integer mul";
  // The mixed-precision instructions are add, sub and fma only.
  if (getAtype())
    return emitOpError("mul has no mixed-precision form");
  if (failed(checkFloatRounding(*this, getRnd())) ||
      failed(checkFtz(*this, t, getFtz())) ||
      failed(checkHalfForm(*this, t, getRnd(), getSat())))
    return failure();
  if (t == PTXType::f64 && getSat())
    return emitOpError(".sat is not valid with .f64");
  return success(succeeded(checkResult(*this, getD(), t, "destination")) &&
                 succeeded(checkOperand(*this, getA(), t, "a")) &&
                 succeeded(checkOperand(*this, getB(), t, "b")));
}

LogicalResult MadOp::verifyInstruction() {
  PTXType t = getType();
  if (!isFloatType(t)) {
    if (!getMode())
      return emitOpError("integer mad needs .lo, .hi or .wide");
    if (getSat() && !(t == PTXType::s32 && getMode() == MulMode::hi))
      return emitOpError(".sat is only valid for mad.hi.s32");
    if (getMode() == MulMode::wide && getTypeBitWidth(t) > 32)
      return emitOpError(".wide is only valid with 16- and 32-bit types");
    return checkIntegerForm(*this, t, getRnd(), getFtz());
  }
  if (getMode())
    return emitOpError(".") << stringifyMulMode(*getMode())
                            << " is only valid for integer mad";
  if (t == PTXType::f64 && !getRnd())
    return emitOpError("mad.f64 requires a rounding modifier");
  return success(succeeded(checkFloatRounding(*this, getRnd())) &&
                 succeeded(checkFtz(*this, t, getFtz())));
}

LogicalResult Mul24Op::verifyInstruction() {
  if (getType() != PTXType::s32 && getType() != PTXType::u32)
    return emitOpError("mul24 is only defined for .s32 and .u32");
  if (getMode() == MulMode::wide)
    return emitOpError("mul24 has no .wide form");
  return success();
}

LogicalResult Mad24Op::verifyInstruction() {
  if (getType() != PTXType::s32 && getType() != PTXType::u32)
    return emitOpError("mad24 is only defined for .s32 and .u32");
  if (getMode() == MulMode::wide)
    return emitOpError("mad24 has no .wide form");
  if (getSat() && !(getMode() == MulMode::hi && getType() == PTXType::s32))
    return emitOpError(".sat is only valid for mad24.hi.s32");
  return success();
}

LogicalResult DivOp::verifyInstruction() {
  PTXType t = getType();
  if (!isFloatType(t)) {
    if (getApprox() || getFull())
      return emitOpError(".approx/.full require a floating-point type");
    return checkIntegerForm(*this, t, getRnd(), getFtz());
  }
  if (failed(checkFloatRounding(*this, getRnd())))
    return failure();
  unsigned forms = getApprox() + getFull() + (getRnd() ? 1 : 0);
  if (t == PTXType::f32 && forms != 1)
    return emitOpError("div.f32 needs exactly one of .approx, .full or a "
                       "rounding modifier");
  if (t == PTXType::f64 && (!getRnd() || getApprox() || getFull()))
    return emitOpError("div.f64 requires a rounding modifier");
  if (t != PTXType::f32 && t != PTXType::f64)
    return emitOpError("div is defined for .f32 and .f64 floats");
  if (getFtz() && t != PTXType::f32)
    return emitOpError(".ftz is only valid with .f32");
  return success();
}

template <typename OpT>
static LogicalResult verifyCarryIn(OpT op) {
  if (op.getCc() != static_cast<bool>(op.getCout()))
    return op.emitOpError("the carry-out result must be present exactly when "
                          ".cc is given");
  PTXType t = op.getType();
  if (t != PTXType::u32 && t != PTXType::s32 && t != PTXType::u64 &&
      t != PTXType::s64)
    return op.emitOpError("extended-precision arithmetic is defined for "
                          ".u32, .s32, .u64 and .s64");
  return success();
}
LogicalResult AddCOp::verifyInstruction() { return verifyCarryIn(*this); }
LogicalResult SubCOp::verifyInstruction() { return verifyCarryIn(*this); }
LogicalResult MadCOp::verifyInstruction() {
  if (getMode() == MulMode::wide)
    return emitOpError("madc has no .wide form");
  return verifyCarryIn(*this);
}

LogicalResult FmaOp::verifyInstruction() {
  PTXType t = getType();
  if (!isFloatType(t))
    return emitOpError("fma requires a floating-point type");
  if (!getRnd())
    return emitOpError("fma requires a rounding modifier");
  if (failed(checkFloatRounding(*this, getRnd())) ||
      failed(checkFtz(*this, t, getFtz())))
    return failure();
  if (failed(checkMixedPrecision(*this, t, getAtype(), getFtz())))
    return failure();
  if (isHalfFamily(t) && *getRnd() != Rounding::rn)
    return emitOpError("half-precision fma only supports .rn");
  if ((getRelu() || getOob()) && !isHalfFamily(t))
    return emitOpError(".relu/.oob are only valid with half types");
  // fma.rn{.ftz}{.sat}.f16/.f16x2, fma.rn{.ftz}.relu.f16/.f16x2,
  // fma.rn{.relu}.bf16/.bf16x2, fma.rn.oob{.relu}.type (ptxas also takes
  // .oob.sat on .f16/.f16x2).
  if (getSat() && (getRelu() || t == PTXType::bf16 || t == PTXType::bf16x2))
    return emitOpError(".sat is not valid with .relu or .bf16 types");
  if (getOob() && getFtz())
    return emitOpError(".oob is not valid with .ftz");
  if (t == PTXType::f64 && getSat())
    return emitOpError(".sat is not valid with .f64");
  return success(succeeded(checkResult(*this, getD(), t, "destination")) &&
                 succeeded(checkOperand(*this, getA(),
                                        getAtype().value_or(t), "a")) &&
                 succeeded(checkOperand(*this, getB(),
                                        getAtype().value_or(t), "b")) &&
                 succeeded(checkOperand(*this, getC(), t, "c")));
}

template <typename OpT>
static LogicalResult verifyFloatUnary(OpT op, bool roundedForm) {
  PTXType t = op.getType();
  if (!isFloatType(t))
    return op.emitOpError("requires a floating-point type");
  // ex2 and tanh have half forms, rcp/sqrt/rsqrt .f64 forms, the rest are
  // .f32 only.
  constexpr bool isRcp = std::is_same_v<OpT, RcpOp>;
  constexpr bool isRsqrt = std::is_same_v<OpT, RsqrtOp>;
  constexpr bool isEx2 = std::is_same_v<OpT, Ex2Op>;
  constexpr bool isTanh = std::is_same_v<OpT, TanhOp>;
  constexpr bool hasF64 = isRcp || isRsqrt || std::is_same_v<OpT, SqrtOp>;
  if (t != PTXType::f32 && !(hasF64 && t == PTXType::f64) &&
      !((isEx2 || isTanh) && isHalfFamily(t)))
    return op.emitOpError("is not defined for .") << stringifyPTXType(t);
  if (failed(checkFloatRounding(op, op.getRnd())))
    return failure();
  // .ftz: never on tanh; optional on .f32, rcp.f64 and rsqrt.f64 (required
  // by rcp.approx.f64); required by ex2 on .bf16/.bf16x2.
  bool bf16 = t == PTXType::bf16 || t == PTXType::bf16x2;
  bool ftzAllowed = !isTanh && (t == PTXType::f32 || bf16 ||
                                (t == PTXType::f64 && (isRcp || isRsqrt)));
  if (op.getFtz() && !ftzAllowed)
    return op.emitOpError(".ftz is not valid with .") << stringifyPTXType(t);
  if (!op.getFtz() && ((isEx2 && bf16) ||
                       (isRcp && t == PTXType::f64 && op.getApprox())))
    return op.emitOpError("requires .ftz with .") << stringifyPTXType(t);
  unsigned forms = op.getApprox() + op.getFull() + (op.getRnd() ? 1 : 0);
  if (!roundedForm) {
    if (!op.getApprox() || op.getRnd() || op.getFull())
      return op.emitOpError("requires .approx");
  } else if (forms != 1) {
    return op.emitOpError("needs exactly one of .approx or a rounding "
                          "modifier");
  }
  if (op.getFull())
    return op.emitOpError(".full is only valid for div");
  return checkOperand(op, op.getA(), t, "a");
}
LogicalResult RcpOp::verifyInstruction() { return verifyFloatUnary(*this, true); }
LogicalResult SqrtOp::verifyInstruction() { return verifyFloatUnary(*this, true); }
LogicalResult RsqrtOp::verifyInstruction() {
  return verifyFloatUnary(*this, false);
}
LogicalResult SinOp::verifyInstruction() { return verifyFloatUnary(*this, false); }
LogicalResult CosOp::verifyInstruction() { return verifyFloatUnary(*this, false); }
LogicalResult Lg2Op::verifyInstruction() { return verifyFloatUnary(*this, false); }
LogicalResult Ex2Op::verifyInstruction() { return verifyFloatUnary(*this, false); }
LogicalResult TanhOp::verifyInstruction() {
  return verifyFloatUnary(*this, false);
}

/// The comparison operators each source type allows (setp, set).
static LogicalResult checkComparison(Operation *op, CmpOperator cmp,
                                     PTXType type) {
  bool unordered = cmp >= CmpOperator::equ;
  bool unsignedCmp = cmp >= CmpOperator::lo && cmp <= CmpOperator::hs;
  if (unordered && !isFloatType(type))
    return op->emitOpError("comparison .")
           << stringifyCmpOperator(cmp) << " requires a floating-point type";
  if (unsignedCmp && !isUnsignedIntType(type))
    return op->emitOpError("comparison .")
           << stringifyCmpOperator(cmp) << " requires an unsigned integer type";
  if (isBitType(type) && cmp != CmpOperator::eq && cmp != CmpOperator::ne)
    return op->emitOpError("bit types only compare with .eq and .ne");
  if (type == PTXType::pred)
    return op->emitOpError("predicates cannot be compared");
  return success();
}

LogicalResult SetpOp::verifyInstruction() {
  if (static_cast<bool>(getBoolop()) != static_cast<bool>(getC()))
    return emitOpError("a boolean operator needs the predicate operand c, "
                       "and c needs a boolean operator");
  if (failed(checkFtz(*this, getType(), getFtz())) ||
      failed(checkComparison(*this, getCmp(), getType())))
    return failure();
  return success(succeeded(checkOperand(*this, getA(), getType(), "a")) &&
                 succeeded(checkOperand(*this, getB(), getType(), "b")));
}

LogicalResult SetOp::verifyInstruction() {
  if (static_cast<bool>(getBoolop()) != static_cast<bool>(getC()))
    return emitOpError("a boolean operator needs the predicate operand c, "
                       "and c needs a boolean operator");
  PTXType d = getDtype();
  if (d != PTXType::u32 && d != PTXType::s32 && d != PTXType::f32 &&
      d != PTXType::f16 && d != PTXType::f16x2 && d != PTXType::bf16 &&
      d != PTXType::bf16x2 && d != PTXType::u16x2 && d != PTXType::s16x2)
    return emitOpError("set destination type must be .u32, .s32, .f32 or a "
                       "half type");
  return success(succeeded(checkFtz(*this, getStype(), getFtz())) &&
                 succeeded(checkComparison(*this, getCmp(), getStype())));
}

LogicalResult Lop3Op::verifyInstruction() {
  if (getType() != PTXType::b32)
    return emitOpError("lop3 is defined for .b32");
  auto cst = getLut().getDefiningOp<arith::ConstantOp>();
  if (!cst)
    return emitOpError("immLut must be an immediate");
  auto v = dyn_cast<IntegerAttr>(cst.getValue());
  if (!v || v.getValue().getZExtValue() > 255)
    return emitOpError("immLut must be an integer in 0..255");
  return success();
}

LogicalResult MovPackOp::verifyInstruction() {
  // Immediates (64-bit literals) take the width left by the registers.
  unsigned total = 0, numImm = 0;
  for (Value v : getA()) {
    if (isImmediate(v))
      ++numImm;
    else
      total += v.getType().getIntOrFloatBitWidth();
  }
  unsigned width = getTypeBitWidth(getType());
  if (numImm && total < width && (width - total) % numImm == 0)
    total = width;
  if (getA().size() < 2 || total != width)
    return emitOpError("packed registers must add up to the width of .")
           << stringifyPTXType(getType());
  return checkResult(*this, getD(), getType(), "destination");
}

LogicalResult MovUnpackOp::verifyInstruction() {
  unsigned total = 0;
  for (Value v : getD())
    total += v.getType().getIntOrFloatBitWidth();
  if (getD().size() < 2 || total != getTypeBitWidth(getType()))
    return emitOpError("unpacked registers must add up to the width of .")
           << stringifyPTXType(getType());
  return checkOperand(*this, getA(), getType(), "source");
}

LogicalResult CvtPackOp::verifyInstruction() {
  if (static_cast<bool>(getCtype()) != static_cast<bool>(getC()))
    return emitOpError("the third source c comes with its type (.b32)");
  PTXType d = getDtype();
  if (getC() ? (d != PTXType::u2 && d != PTXType::s2 && d != PTXType::u4 &&
                d != PTXType::s4 && d != PTXType::u8 && d != PTXType::s8)
             : (d != PTXType::u16 && d != PTXType::s16))
    return emitOpError("cvt.pack converts to .u16/.s16 (two sources) or "
                       "to 2-, 4- or 8-bit types (three sources)");
  return success();
}

/// cvt also converts to and from the narrow float formats (fp8, fp6, fp4,
/// tf32), which live in bit registers.
static bool isCvtFloatType(PTXType t) {
  switch (t) {
  case PTXType::e4m3:
  case PTXType::e5m2:
  case PTXType::e2m3:
  case PTXType::e3m2:
  case PTXType::e2m1:
  case PTXType::ue8m0:
  case PTXType::ue4m3:
  case PTXType::e4m3x2:
  case PTXType::e5m2x2:
  case PTXType::e2m1x2:
  case PTXType::e2m3x2:
  case PTXType::e3m2x2:
  case PTXType::ue8m0x2:
  case PTXType::e2m1x4:
  case PTXType::e4m3x4:
  case PTXType::e5m2x4:
  case PTXType::e2m3x4:
  case PTXType::e3m2x4:
    return true;
  default:
    return isFloatType(t);
  }
}

/// The forms of cvt with the narrow float formats, .relu, .satfinite and a
/// second source, as the manual's cvt syntax lists them (PTX ISA 9.0).
static LogicalResult verifyCvtSpecialForms(CvtOp op) {
  using T = PTXType;
  PTXType d = op.getDtype(), a = op.getAtype();
  std::optional<Rounding> rnd = op.getRnd();
  bool relu = op.getRelu(), satfinite = op.getSatfinite();
  bool two = static_cast<bool>(op.getB());
  auto is = [](PTXType t, std::initializer_list<PTXType> ts) {
    return llvm::is_contained(ts, t);
  };
  auto rndIs = [&](std::initializer_list<Rounding> rs) {
    return rnd && llvm::is_contained(rs, *rnd);
  };
  std::string form =
      ("cvt." + stringifyPTXType(d) + "." + stringifyPTXType(a)).str();
  if (rnd == Rounding::rs)
    return op.emitOpError(".rs is only valid with the random-bits operand "
                          "of the stochastic-rounding cvt");
  if (d == T::tf32) {
    if (a != T::f32 || two)
      return op.emitOpError("cvt.tf32 converts one .f32 source");
    if (!rndIs({Rounding::rna, Rounding::rn, Rounding::rz}))
      return op.emitOpError("cvt.tf32.f32 takes .rna, .rn or .rz");
    if (relu && *rnd == Rounding::rna)
      return op.emitOpError(".relu is not valid with cvt.rna.tf32.f32");
    return success();
  }
  bool f8x2 = is(d, {T::e4m3x2, T::e5m2x2});
  if (f8x2 || is(d, {T::e2m3x2, T::e3m2x2, T::e2m1x2})) {
    if (!(a == T::f32 && two) && !(f8x2 && a == T::f16x2 && !two))
      return op.emitOpError(form)
             << " takes two .f32 sources" << (f8x2 ? " or one .f16x2" : "");
    if (!rndIs({Rounding::rn}) || !satfinite)
      return op.emitOpError(form) << " requires .rn.satfinite";
    return success();
  }
  if (is(a, {T::e4m3x2, T::e5m2x2, T::e2m3x2, T::e3m2x2, T::e2m1x2})) {
    if (d != T::f16x2 || two || !rndIs({Rounding::rn}) || satfinite)
      return op.emitOpError("only cvt.rn{.relu}.f16x2 converts from .")
             << stringifyPTXType(a);
    return success();
  }
  if (d == T::ue8m0x2) {
    if (!(a == T::f32 && two) && !(a == T::bf16x2 && !two))
      return op.emitOpError("cvt.ue8m0x2 takes two .f32 sources or one "
                            ".bf16x2");
    if (!rndIs({Rounding::rz, Rounding::rp}))
      return op.emitOpError("cvt.ue8m0x2 takes .rz or .rp");
    if (relu)
      return op.emitOpError(".relu is not valid with cvt.ue8m0x2");
    return success();
  }
  if (a == T::ue8m0x2) {
    if (d != T::bf16x2 || two || !rndIs({Rounding::rn}) || relu || satfinite)
      return op.emitOpError("only cvt.rn.bf16x2 converts from .ue8m0x2");
    return success();
  }
  if ((isCvtFloatType(d) && !isFloatType(d)) ||
      (isCvtFloatType(a) && !isFloatType(a)))
    return op.emitOpError(form) << " is not a cvt form";
  if (relu || satfinite) {
    if (a != T::f32 || !is(d, {T::f16, T::bf16, T::f16x2, T::bf16x2}))
      return op.emitOpError(".relu and .satfinite are only valid converting "
                            ".f32 to .f16, .bf16, .f16x2 or .bf16x2");
    if (!rndIs({Rounding::rn, Rounding::rz}))
      return op.emitOpError(".relu and .satfinite take .rn or .rz");
  }
  if (d == T::f16x2 || d == T::bf16x2) {
    if (a != T::f32 || !two)
      return op.emitOpError(form) << " converts two .f32 sources";
    if (!rndIs({Rounding::rn, Rounding::rz}))
      return op.emitOpError(form) << " takes .rn or .rz";
  } else if (two) {
    return op.emitOpError("a second source is only valid for packed "
                          "destinations");
  }
  if (rnd == Rounding::rna)
    return op.emitOpError(".rna is only valid converting to .tf32");
  return success();
}

LogicalResult CvtOp::verifyInstruction() {
  PTXType d = getDtype(), a = getAtype();
  bool df = isCvtFloatType(d), af = isCvtFloatType(a);
  if (auto rnd = getRnd()) {
    if (isRoundingToInteger(*rnd)) {
      if (!af)
        return emitOpError("integer rounding .")
               << stringifyRounding(*rnd)
               << " requires a floating-point source";
      if (df && d != a)
        return emitOpError("integer rounding between floats keeps the "
                           "type");
    } else if (!df) {
      return emitOpError("rounding .")
             << stringifyRounding(*rnd)
             << " requires a floating-point destination";
    } else if (af && (d == a || ((a == PTXType::f16 || a == PTXType::f32) &&
                                 (d == PTXType::f32 || d == PTXType::f64)))) {
      return emitOpError("a float cvt that cannot round takes no rounding "
                         "modifier");
    }
  } else if (af && !df) {
    return emitOpError("float-to-integer cvt requires an integer rounding "
                       "modifier (.rni, .rzi, .rmi, .rpi)");
  } else if (!af && df) {
    return emitOpError("integer-to-float cvt requires a rounding modifier");
  } else if (af && df && getTypeBitWidth(d) < getTypeBitWidth(a) &&
             d != PTXType::f16x2 && d != PTXType::bf16x2 &&
             getTypeBitWidth(d) > 8) {
    return emitOpError("narrowing float cvt requires a rounding modifier");
  }
  if (failed(verifyCvtSpecialForms(*this)))
    return failure();
  return success(succeeded(checkResult(*this, getD(), d, "destination",
                                       /*relaxed=*/true)) &&
                 succeeded(checkOperand(*this, getA(), a, "source",
                                        /*relaxed=*/true)));
}

LogicalResult CvtRsOp::verifyInstruction() {
  using T = PTXType;
  PTXType d = getDtype();
  if (getRnd() != Rounding::rs)
    return emitOpError("cvt with random bits requires .rs");
  if (getAtype() != T::f32)
    return emitOpError("cvt.rs converts .f32 sources");
  bool x2 = d == T::f16x2 || d == T::bf16x2;
  bool x4 = llvm::is_contained(
      {T::e4m3x4, T::e5m2x4, T::e2m3x4, T::e3m2x4, T::e2m1x4}, d);
  if (!x2 && !x4)
    return emitOpError("cvt.rs converts to .f16x2, .bf16x2, .e4m3x4, "
                       ".e5m2x4, .e2m3x4, .e3m2x4 or .e2m1x4");
  if (x2 && (getA().size() != 1 || !getB()))
    return emitOpError("cvt.rs.")
           << stringifyPTXType(d) << ".f32 takes two .f32 sources";
  if (x4 && (getA().size() != 4 || getB()))
    return emitOpError("cvt.rs.")
           << stringifyPTXType(d) << ".f32 takes a vector of four .f32 sources";
  if (x4 && !getSatfinite())
    return emitOpError("cvt.rs.")
           << stringifyPTXType(d) << ".f32 requires .satfinite";
  for (Value v : getA())
    if (failed(checkOperand(*this, v, T::f32, "source")))
      return failure();
  if (failed(checkOperand(*this, getB(), T::f32, "source")) ||
      failed(checkOperand(*this, getRbits(), T::b32, "rbits")))
    return failure();
  return checkResult(*this, getD(), d == T::e2m1x4 ? T::b16 : T::b32,
                     "destination");
}

template <typename OpT>
static LogicalResult verifyMemorySemantics(OpT op) {
  if (auto sem = op.getSem()) {
    bool needsScope = *sem == MemSem::relaxed || *sem == MemSem::acquire ||
                      *sem == MemSem::release || *sem == MemSem::acq_rel ||
                      *sem == MemSem::mmio;
    if (needsScope && !op.getScope())
      return op.emitOpError(".") << stringifyMemSem(*sem)
                                 << " requires a scope";
    if (!needsScope && op.getScope())
      return op.emitOpError("a scope requires .relaxed, .acquire, .release, "
                            ".acq_rel or .mmio");
  } else if (op.getScope() && !std::is_same_v<OpT, AtomOp> &&
             !std::is_same_v<OpT, RedOp>) {
    return op.emitOpError("a scope requires a memory-ordering semantic");
  }
  if (static_cast<bool>(op.getCacheHint()) !=
      static_cast<bool>(op.getCachePolicy()))
    return op.emitOpError(".L2::cache_hint and the cache-policy operand go "
                          "together");
  return success();
}

static LogicalResult verifyVectorCount(Operation *op,
                                       std::optional<VecWidth> vec,
                                       size_t count, StringRef what) {
  size_t expected = vec ? static_cast<size_t>(*vec) : 1;
  if (count != expected)
    return op->emitOpError("expected ")
           << expected << " " << what << " for "
           << (vec ? "." + stringifyVecWidth(*vec).str() : "a scalar")
           << ", got " << count;
  return success();
}

LogicalResult LdOp::verifyInstruction() {
  if (failed(verifyMemorySemantics(*this)) ||
      failed(verifyVectorCount(*this, getVec(), getD().size(),
                               "destinations")))
    return failure();
  if (getNc() && getSpace() != StateSpace::global)
    return emitOpError(".nc is only valid with .global");
  if (getSem() == MemSem::release || getSem() == MemSem::acq_rel)
    return emitOpError("ld cannot have .release semantics");
  for (Value d : getD())
    if (failed(checkResult(*this, d, getType(), "destination",
                           /*relaxed=*/true)))
      return failure();
  return success();
}

LogicalResult LduOp::verifyInstruction() {
  return verifyVectorCount(*this, getVec(), getD().size(), "destinations");
}

LogicalResult StOp::verifyInstruction() {
  if (failed(verifyMemorySemantics(*this)) ||
      failed(verifyVectorCount(*this, getVec(), getB().size(), "sources")))
    return failure();
  if (getNc())
    return emitOpError("st has no .nc form");
  if (getSem() == MemSem::acquire || getSem() == MemSem::acq_rel)
    return emitOpError("st cannot have .acquire semantics");
  for (Value b : getB())
    if (failed(checkOperand(*this, b, getType(), "source", /*relaxed=*/true)))
      return failure();
  return success();
}

template <typename OpT>
static LogicalResult verifyAtomLike(OpT op, bool hasC) {
  if (failed(verifyMemorySemantics(op)))
    return failure();
  AtomOperation kind = op.getOp();
  if (std::is_same_v<OpT, RedOp> &&
      (kind == AtomOperation::cas || kind == AtomOperation::exch))
    return op.emitOpError("red has no .") << stringifyAtomOperation(kind);
  if ((kind == AtomOperation::cas) != hasC)
    return op.emitOpError(kind == AtomOperation::cas
                              ? "cas needs a compare and a swap operand"
                              : "only cas takes a third operand");
  PTXType t = op.getType();
  StringRef name = std::is_same_v<OpT, AtomOp> ? "atom" : "red";
  if (op.getNoftz() && kind != AtomOperation::add &&
      !(isHalfFamily(t) &&
        (kind == AtomOperation::min || kind == AtomOperation::max)))
    return op.emitOpError(".noftz is only valid with .add, or .min/.max of "
                          "16-bit floating-point types");
  // Floating-point atomics add; 16-bit ones also min/max (vector forms,
  // below).
  if (isFloatType(t) &&
      !(kind == AtomOperation::add ||
        (isHalfFamily(t) &&
         (kind == AtomOperation::min || kind == AtomOperation::max))))
    return op.emitOpError(".") << stringifyAtomOperation(kind)
                               << " is not defined for ."
                               << stringifyPTXType(t);
  if ((kind == AtomOperation::inc || kind == AtomOperation::dec) &&
      t != PTXType::u32)
    return op.emitOpError(".inc/.dec are defined for .u32");
  if (failed(verifyVectorCount(op, op.getVec(), op.getB().size(), "sources")))
    return failure();
  if (auto vec = op.getVec()) {
    // The vector forms (sm_90): .add on .v2/.v4 .f32; .add/.min/.max
    // .noftz on .v2/.v4/.v8 .f16/.bf16 and .v2/.v4 .f16x2/.bf16x2 (the
    // operations are checked above); .global or generic addresses only.
    bool half = t == PTXType::f16 || t == PTXType::bf16;
    bool packed = t == PTXType::f16x2 || t == PTXType::bf16x2;
    if (!half && !packed && t != PTXType::f32)
      return op.emitOpError("vector ") << name
                                       << " is defined for .f32, .f16, .bf16, "
                                          ".f16x2 and .bf16x2";
    if (*vec == VecWidth::v8 && !half)
      return op.emitOpError(".v8 is defined for .f16 and .bf16 only");
    if (op.getSpace() && *op.getSpace() != StateSpace::global)
      return op.emitOpError("vector ")
             << name << " is defined for .global only";
    if (t == PTXType::f32 && op.getNoftz())
      return op.emitOpError("vector .f32 ") << name << " has no .noftz";
  }
  if (isHalfFamily(t) && kind == AtomOperation::add && !op.getNoftz())
    return op.emitOpError(".add.") << stringifyPTXType(t)
                                   << " requires .noftz";
  // 16-bit floating-point .min/.max exist in the vector forms only, with
  // .noftz (the manual's grammar; ptxas: "Vector modifier required").
  if (isHalfFamily(t) &&
      (kind == AtomOperation::min || kind == AtomOperation::max)) {
    if (!op.getVec())
      return op.emitOpError(".")
             << stringifyAtomOperation(kind) << "." << stringifyPTXType(t)
             << " exists in the vector forms only";
    if (!op.getNoftz())
      return op.emitOpError(".") << stringifyAtomOperation(kind) << "."
                                 << stringifyPTXType(t) << " requires .noftz";
  }
  for (Value b : op.getB())
    if (failed(checkOperand(op, b, t, "b")))
      return failure();
  return success();
}

LogicalResult AtomOp::verifyInstruction() {
  if (failed(verifyVectorCount(*this, getVec(), getD().size(),
                               "destinations")))
    return failure();
  if (getVec() && getC())
    return emitOpError("vector atom has no .cas");
  return verifyAtomLike(*this, static_cast<bool>(getC()));
}
LogicalResult RedOp::verifyInstruction() { return verifyAtomLike(*this, false); }

template <typename OpT>
static LogicalResult verifyBarRed(OpT op) {
  ReduxOperation kind = op.getOp();
  if (kind == ReduxOperation::popc) {
    if (op.getType() != PTXType::u32)
      return op.emitOpError(".popc reduces into .u32");
  } else if (kind == ReduxOperation::And || kind == ReduxOperation::Or) {
    if (op.getType() != PTXType::pred)
      return op.emitOpError(".and/.or reduce into .pred");
  } else {
    return op.emitOpError("barrier reductions are .popc, .and and .or");
  }
  return success();
}
LogicalResult BarRedOp::verifyInstruction() { return verifyBarRed(*this); }
LogicalResult BarrierRedOp::verifyInstruction() { return verifyBarRed(*this); }

LogicalResult MembarOp::verifyInstruction() {
  if (static_cast<bool>(getLevel()) == static_cast<bool>(getProxy()))
    return emitOpError("needs exactly one of a level or .proxy kind");
  return success();
}

LogicalResult FenceOp::verifyInstruction() {
  // fence.mbarrier_init (sm_90) has one form: .release.cluster.
  if (getMbarrierInit() &&
      (getSem() != MemSem::release || getScope() != Scope::cluster))
    return emitOpError("fence.mbarrier_init is .release.cluster only");
  if (auto sem = getSem())
    if (*sem != MemSem::sc && *sem != MemSem::acq_rel &&
        *sem != MemSem::acquire && *sem != MemSem::release)
      return emitOpError("fence semantics are .sc, .acq_rel, .acquire or "
                         ".release");
  return success();
}

LogicalResult VoteSyncOp::verifyInstruction() {
  bool ballot = getMode() == VoteMode::ballot;
  if (ballot && getType() != PTXType::b32)
    return emitOpError("vote.sync.ballot produces .b32");
  if (!ballot && getType() != PTXType::pred)
    return emitOpError("vote.sync.") << stringifyVoteMode(getMode())
                                     << " produces .pred";
  return checkResult(*this, getD(), getType(), "destination");
}

LogicalResult CallOp::verifyInstruction() {
  if (static_cast<bool>(getCallee()) == static_cast<bool>(getCalleePtr()))
    return emitOpError("needs exactly one of a callee symbol or pointer");
  if (getCallee() && (getProtoRets() || getProtoArgs() || getTargets()))
    return emitOpError("a direct call has no prototype or call targets");
  if (getCalleePtr() && !getTargets() && !getProtoArgs())
    return emitOpError("an indirect call needs a prototype or call targets");
  return success();
}

//===----------------------------------------------------------------------===//
// The stack
//===----------------------------------------------------------------------===//

namespace {
/// alloca, stacksave and stackrestore are .u32 or .u64 (the operand checks
/// every op has make their registers that wide).
LogicalResult verifyStackType(Operation *op, PTXType type) {
  if (type != PTXType::u32 && type != PTXType::u64)
    return op->emitOpError("the type is .u32 or .u64");
  return success();
}
} // namespace

LogicalResult AllocaOp::verifyInstruction() {
  if (failed(verifyStackType(*this, getType())))
    return failure();
  if (Value align = getAlign()) {
    // The manual: an immediate power of 2 up to 2^23.
    std::optional<int64_t> a = getImmediate(align);
    if (!a || *a <= 0 || !llvm::isPowerOf2_64(*a) || *a > (1 << 23))
      return emitOpError("the alignment is an immediate power of 2 up to "
                         "2^23");
  }
  return success();
}

LogicalResult StacksaveOp::verifyInstruction() {
  return verifyStackType(*this, getType());
}

LogicalResult StackrestoreOp::verifyInstruction() {
  return verifyStackType(*this, getType());
}

//===----------------------------------------------------------------------===//
// Cache management and st.bulk
//===----------------------------------------------------------------------===//

namespace {
/// discard and applypriority: .global or generic addresses, and a size of
/// 128 (ptxas's rules).
LogicalResult verifyL2Line(Operation *op, std::optional<StateSpace> space,
                           Value size) {
  if (space && *space != StateSpace::global)
    return op->emitOpError("the state space is .global or generic");
  std::optional<int64_t> n = getImmediate(size);
  if (!n || *n != 128)
    return op->emitOpError("the size is the immediate 128");
  return success();
}
} // namespace

LogicalResult DiscardOp::verifyInstruction() {
  return verifyL2Line(*this, getSpace(), getSize());
}

LogicalResult ApplypriorityOp::verifyInstruction() {
  return verifyL2Line(*this, getSpace(), getSize());
}

LogicalResult StBulkOp::verifyInstruction() {
  if (getSpace() && *getSpace() != StateSpace::shared_cta)
    return emitOpError("the state space is .shared::cta or generic");
  if (!getSize().getType().isInteger(64))
    return emitOpError("the size is 64-bit");
  std::optional<int64_t> init = getImmediate(getInitval());
  if (!init || *init != 0)
    return emitOpError("the initial value is the immediate 0");
  return success();
}
