//===- PTXOpsFormat.cpp - textual form shared by all instructions ---------===//
//
//   %d = ptx.add %a, %b if not %p prev(%old) {type = #ptx.type<s32>}
//        : (i32, i32, i1, i32) -> i32
//
// Operands other than the guard and the previous values are printed flat.
// When an operand group is optional or variadic the full
// `operandSegmentSizes` is printed with the attributes.
//
//===----------------------------------------------------------------------===//

#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"

using namespace mlir;
using namespace mlir::ptx;

static constexpr StringLiteral kSegments = "operandSegmentSizes";

void mlir::ptx::detail::printInstruction(Operation *op, OpAsmPrinter &p) {
  auto pred = cast<PredicableOpInterface>(op);
  unsigned numPrev = pred.getPrev().size();
  unsigned numGuard = pred.getGuard() ? 1 : 0;
  unsigned numMain = op->getNumOperands() - numPrev - numGuard;
  if (numMain) {
    p << ' ';
    p.printOperands(op->getOperands().take_front(numMain));
  }
  if (numGuard) {
    p << " if ";
    if (pred.getGuardNeg())
      p << "not ";
    p.printOperand(pred.getGuard());
  }
  if (numPrev) {
    p << " prev(";
    p.printOperands(pred.getPrev());
    p << ')';
  }

  SmallVector<NamedAttribute> attrs;
  bool defaultSegments = true;
  if (auto props = dyn_cast_or_null<DictionaryAttr>(
          op->getPropertiesAsAttribute())) {
    for (NamedAttribute attr : props) {
      if (attr.getName() == kSegments) {
        auto sizes = cast<DenseI32ArrayAttr>(attr.getValue()).asArrayRef();
        for (int32_t s : sizes.drop_back(2))
          defaultSegments &= s == 1;
        if (!defaultSegments)
          attrs.push_back(attr);
        continue;
      }
      if (attr.getName() == "guard_neg")
        continue;
      attrs.push_back(attr);
    }
  }
  for (NamedAttribute attr : op->getDiscardableAttrs())
    attrs.push_back(attr);
  p.printOptionalAttrDict(attrs);
  p << " : ";
  p.printFunctionalType(op);
}

ParseResult mlir::ptx::detail::parseInstruction(OpAsmParser &parser,
                                                OperationState &result,
                                                unsigned numGroups) {
  SmallVector<OpAsmParser::UnresolvedOperand> main, prev;
  OpAsmParser::UnresolvedOperand guard;
  bool hasGuard = false;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(main))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("if"))) {
    hasGuard = true;
    if (succeeded(parser.parseOptionalKeyword("not")))
      result.addAttribute("guard_neg", parser.getBuilder().getUnitAttr());
    if (parser.parseOperand(guard))
      return failure();
  }
  if (succeeded(parser.parseOptionalKeyword("prev"))) {
    if (parser.parseLParen() || parser.parseOperandList(prev) ||
        parser.parseRParen())
      return failure();
  }
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  FunctionType fnType;
  if (parser.parseColonType(fnType))
    return failure();

  if (!result.attributes.get(kSegments)) {
    if (main.size() != numGroups - 2)
      return parser.emitError(loc)
             << "expected " << (numGroups - 2)
             << " operands, or an explicit '" << kSegments << "'";
    SmallVector<int32_t> sizes(numGroups - 2, 1);
    sizes.push_back(hasGuard ? 1 : 0);
    sizes.push_back(prev.size());
    result.addAttribute(kSegments,
                        parser.getBuilder().getDenseI32ArrayAttr(sizes));
  }

  SmallVector<OpAsmParser::UnresolvedOperand> all(main);
  if (hasGuard)
    all.push_back(guard);
  all.append(prev);
  if (parser.resolveOperands(all, fnType.getInputs(), loc, result.operands))
    return failure();
  result.addTypes(fnType.getResults());
  return success();
}

ParseResult mlir::ptx::parseFallthrough(OpAsmParser &parser,
                                        SmallVectorImpl<Block *> &successors) {
  if (failed(parser.parseOptionalKeyword("else")))
    return success();
  Block *block;
  if (parser.parseSuccessor(block))
    return failure();
  successors.push_back(block);
  return success();
}

void mlir::ptx::printFallthrough(OpAsmPrinter &p, Operation *,
                                 SuccessorRange successors) {
  if (successors.empty())
    return;
  p << "else ";
  p.printSuccessor(successors.front());
}
