//===- PTXParser.cpp - PTX text to the ptx dialect ------------------------===//
//
// A recursive-descent parser over PTXLexer tokens. Module-level directives
// become ptx.module attributes, ptx.var, ptx.entry and ptx.func ops; a
// function body is read into statements (PTXImportInternal.h) and handed to
// the function importer, which builds SSA form. PTXParser.h lists the files
// of the parser; this one holds the helpers they share and the entry point.
//
//===----------------------------------------------------------------------===//

#include "PTXParser.h"
#include "ptxmlir/Target/PTX/PTXImport.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::import;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool mlir::ptx::import::parseIntegerSpelling(StringRef s, uint64_t &value) {
  if (s.ends_with("U") || s.ends_with("u"))
    s = s.drop_back();
  unsigned radix = 10;
  if (s.starts_with("0x") || s.starts_with("0X")) {
    radix = 16;
    s = s.drop_front(2);
  } else if (s.starts_with("0b") || s.starts_with("0B")) {
    radix = 2;
    s = s.drop_front(2);
  } else if (s.size() > 1 && s[0] == '0') {
    radix = 8;
    s = s.drop_front();
  }
  // Integer literals are 64-bit in PTX; larger values are errors.
  llvm::APInt v;
  if (s.getAsInteger(radix, v) || v.getActiveBits() > 64)
    return false;
  value = v.getZExtValue();
  return true;
}

ParseResult PTXParser::parseInteger(int64_t &value, StringRef what) {
  if (tok.isNot(PTXToken::integer))
    return emitExpected("expected " + what);
  uint64_t v;
  if (!parseIntegerSpelling(tok.getSpelling(), v))
    return emitError("integer literal '" + tok.getSpelling() +
                     "' does not fit in 64 bits");
  value = static_cast<int64_t>(v);
  consume();
  return success();
}

ParseResult PTXParser::parseSignedInteger(int64_t &value, StringRef what) {
  bool neg = consumeIf(PTXToken::minus);
  if (failed(parseInteger(value, what)))
    return failure();
  if (neg)
    value = static_cast<int64_t>(0 - static_cast<uint64_t>(value));
  return success();
}

/// Binary operators of integer constant expressions, C precedence.
static unsigned constBinaryPrec(PTXToken::Kind kind) {
  switch (kind) {
  case PTXToken::star:
  case PTXToken::slash:
    return 6;
  case PTXToken::plus:
  case PTXToken::minus:
    return 5;
  case PTXToken::less: // `<<`
  case PTXToken::greater: // `>>`
    return 4;
  case PTXToken::amp:
    return 3;
  case PTXToken::caret:
    return 2;
  case PTXToken::pipe:
    return 1;
  default:
    return 0;
  }
}

ParseResult PTXParser::parseConstUnary(int64_t &value) {
  if (consumeIf(PTXToken::minus)) {
    if (failed(parseConstUnary(value)))
      return failure();
    value = static_cast<int64_t>(0 - static_cast<uint64_t>(value));
    return success();
  }
  if (consumeIf(PTXToken::tilde)) {
    if (failed(parseConstUnary(value)))
      return failure();
    value = ~value;
    return success();
  }
  if (consumeIf(PTXToken::l_paren)) {
    if (failed(parseConstExpr(value)))
      return failure();
    return expect(PTXToken::r_paren, "')' in a constant expression");
  }
  return parseInteger(value, "an integer");
}

ParseResult PTXParser::parseConstExpr(int64_t &value, unsigned minPrec) {
  if (failed(parseConstUnary(value)))
    return failure();
  return continueConstExpr(value, minPrec);
}

/// Integer constant expressions (`2+3`, `1<<4`, `~0`, `(8*4)-1`) are
/// evaluated in 64 bits, as PTX does.
ParseResult PTXParser::continueConstExpr(int64_t &lhs, unsigned minPrec) {
  while (true) {
    PTXToken::Kind kind = tok.getKind();
    unsigned prec = constBinaryPrec(kind);
    if (!prec || prec <= minPrec)
      return success();
    SMLoc opLoc = tok.getLoc();
    const char *opPtr = tok.getSpelling().data();
    consume();
    // `1|%p`: the pipe of a `d|p` destination pair, not an OR.
    if (kind == PTXToken::pipe && !tok.is(PTXToken::integer) &&
        !tok.is(PTXToken::minus) && !tok.is(PTXToken::tilde) &&
        !tok.is(PTXToken::l_paren)) {
      lexer.resetPointer(opPtr);
      consume();
      return success();
    }
    if (kind == PTXToken::less || kind == PTXToken::greater) {
      if (tok.getKind() != kind)
        return emitError(opLoc, "expected '<<' or '>>' in a constant "
                                "expression");
      consume();
    }
    int64_t rhs;
    if (failed(parseConstExpr(rhs, prec)))
      return failure();
    uint64_t a = lhs, b = rhs;
    switch (kind) {
    case PTXToken::star:
      lhs = static_cast<int64_t>(a * b);
      break;
    case PTXToken::slash:
      if (rhs == 0)
        return emitError(opLoc, "division by zero in a constant expression");
      lhs = (rhs == -1) ? static_cast<int64_t>(0 - a) : lhs / rhs;
      break;
    case PTXToken::plus:
      lhs = static_cast<int64_t>(a + b);
      break;
    case PTXToken::minus:
      lhs = static_cast<int64_t>(a - b);
      break;
    case PTXToken::less:
      lhs = b >= 64 ? 0 : static_cast<int64_t>(a << b);
      break;
    case PTXToken::greater:
      lhs = b >= 64 ? (lhs < 0 ? -1 : 0) : (lhs >> b);
      break;
    case PTXToken::amp:
      lhs &= rhs;
      break;
    case PTXToken::caret:
      lhs ^= rhs;
      break;
    default:
      lhs |= rhs;
      break;
    }
  }
}

ParseResult PTXParser::parseType(PTXType &type) {
  if (tok.is(PTXToken::dot_identifier))
    if (auto t = symbolizePTXType(tok.getSpelling().drop_front())) {
      type = *t;
      consume();
      return success();
    }
  return emitExpected("expected a type such as .u32 or .f32");
}

ParseResult PTXParser::parseAttributeList(bool *managed,
                                          SmallVectorImpl<int64_t> &unified) {
  consume(); // .attribute
  if (failed(expect(PTXToken::l_paren, "'(' after .attribute")))
    return failure();
  do {
    if (managed && tok.isDirective("managed")) {
      consume();
      *managed = true;
    } else if (tok.isDirective("unified")) {
      consume();
      int64_t hi, lo;
      if (failed(expect(PTXToken::l_paren, "'(' after .unified")) ||
          failed(parseConstExpr(hi)) ||
          failed(expect(PTXToken::comma, "','")) ||
          failed(parseConstExpr(lo)) ||
          failed(expect(PTXToken::r_paren, "')'")))
        return failure();
      unified.assign({hi, lo});
    } else {
      return emitError(managed ? "expected .managed or .unified(uuid1, uuid2)"
                               : "expected .unified(uuid1, uuid2)");
    }
  } while (consumeIf(PTXToken::comma));
  return expect(PTXToken::r_paren, "')'");
}

ParseResult PTXParser::skipToSemicolon() {
  while (tok.isNot(PTXToken::semicolon) && tok.isNot(PTXToken::eof))
    consume();
  return expect(PTXToken::semicolon, "';'");
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

OwningOpRef<PTXModuleOp> mlir::ptx::importPTX(llvm::SourceMgr &sourceMgr,
                                              MLIRContext *context) {
  context->loadDialect<PTXDialect, arith::ArithDialect>();
  PTXParser parser(sourceMgr, context);
  return parser.parseModule();
}
