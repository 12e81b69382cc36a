//===- PTXSelectorAttr.cpp - video operand selectors ----------------------===//
//
// `#ptx.sel<b3210>`: the selector suffix of a video instruction operand,
// spelled as in PTX. Which selectors an operand accepts is the op's rule
// (PTXVerifiersVideo.cpp); here only the shape of the spelling is checked.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectImplementation.h"
#include "ptxmlir/Dialect/PTX/IR/PTXDialect.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::ptx;

SelectorAttr SelectorAttr::parseSpelling(MLIRContext *ctx, StringRef spelling) {
  if (spelling.size() < 2 || spelling.size() > 5 ||
      (spelling[0] != 'b' && spelling[0] != 'h'))
    return {};
  SmallVector<uint8_t, 4> lanes;
  for (char c : spelling.drop_front()) {
    if (c < '0' || c > '7')
      return {};
    lanes.push_back(c - '0');
  }
  return SelectorAttr::get(ctx, spelling[0] == 'h', lanes);
}

std::string SelectorAttr::getSpelling() const {
  std::string s(1, getHalf() ? 'h' : 'b');
  for (uint8_t l : getLanes())
    s += char('0' + l);
  return s;
}

LogicalResult SelectorAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   bool half, ArrayRef<uint8_t> lanes) {
  (void)half;
  if (lanes.empty() || lanes.size() > 4)
    return emitError() << "a selector names 1 to 4 lanes";
  for (uint8_t l : lanes)
    if (l > 7)
      return emitError() << "selector lane " << unsigned(l) << " is not 0..7";
  return success();
}

Attribute SelectorAttr::parse(AsmParser &parser, Type) {
  StringRef spelling;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&spelling) ||
      parser.parseGreater())
    return {};
  if (auto attr = parseSpelling(parser.getContext(), spelling))
    return attr;
  parser.emitError(loc, "expected a selector such as b0, h10 or b3210");
  return {};
}

void SelectorAttr::print(AsmPrinter &printer) const {
  printer << '<' << getSpelling() << '>';
}
