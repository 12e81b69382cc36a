//===- PTXParser.cpp - PTX text to the ptx dialect ------------------------===//
//
// A recursive-descent parser over PTXLexer tokens. Module-level directives
// become ptx.module attributes, ptx.var, ptx.entry and ptx.func ops; a
// function body is read into statements (PTXImportInternal.h) and handed to
// the function importer, which builds SSA form.
//
//===----------------------------------------------------------------------===//

#include "PTXImportInternal.h"
#include "ptxmlir/Target/PTX/PTXImport.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include <cmath>

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::import;
using llvm::SMLoc;
using llvm::StringRef;

namespace {

/// A register name visible in a `{ }` scope: one name or a `%r<N>` range.
struct Scope {
  llvm::StringMap<unsigned> names;
  llvm::StringMap<std::pair<unsigned, unsigned>> ranges; // prefix -> base,n
  /// Function-scope variables declared here, by PTX name: their unique
  /// symbol names (interned in the context, so operands may keep them).
  llvm::StringMap<StringRef> symbols;
};

class PTXParser {
public:
  PTXParser(llvm::SourceMgr &sourceMgr, MLIRContext *ctx)
      : lexer(sourceMgr, sourceMgr.getMainFileID()), ic(lexer, ctx), ctx(ctx),
        builder(ctx) {
    prescanFileDirectives(sourceMgr);
    consume();
  }

  OwningOpRef<PTXModuleOp> parseModule();

private:
  //===--- tokens ---------------------------------------------------------===//
  void consume() {
    prevEnd = tok.getSpelling().end();
    tok = lexer.lex();
  }
  InFlightDiagnostic emitError(const llvm::Twine &msg) {
    return ic.emitError(tok.getLoc(), msg);
  }
  /// "expected ..." errors: when the current token starts a later line, the
  /// thing is missing at the end of the previous token (`.loc 1` then a
  /// newline), so the error points there.
  InFlightDiagnostic emitExpected(const llvm::Twine &msg) {
    const char *at = tok.getSpelling().data();
    if (prevEnd && prevEnd <= at && StringRef(prevEnd, at - prevEnd).contains('\n'))
      at = prevEnd;
    return ic.emitError(SMLoc::getFromPointer(at), msg);
  }
  InFlightDiagnostic emitError(SMLoc loc, const llvm::Twine &msg) {
    return ic.emitError(loc, msg);
  }
  ParseResult expect(PTXToken::Kind kind, StringRef what) {
    if (tok.is(kind)) {
      consume();
      return success();
    }
    if (tok.is(PTXToken::error))
      return emitError("invalid token '" + tok.getSpelling() + "'");
    return emitExpected("expected " + what);
  }
  bool consumeIf(PTXToken::Kind kind) {
    if (tok.isNot(kind))
      return false;
    consume();
    return true;
  }
  ParseResult parseInteger(int64_t &value, StringRef what);
  ParseResult parseSignedInteger(int64_t &value, StringRef what);
  ParseResult parseConstExpr(int64_t &value, unsigned minPrec = 0);
  ParseResult parseConstUnary(int64_t &value);
  ParseResult continueConstExpr(int64_t &lhs, unsigned minPrec = 0);

  //===--- module level ---------------------------------------------------===//
  ParseResult parseHeader();
  ParseResult parseTopLevel();
  ParseResult skipSection();
  ParseResult parseFileDirective();
  ParseResult parseType(PTXType &type);
  ParseResult parseVarDecl(Linkage linkage, bool inFunction, Block *into);
  ParseResult parseInitializer(PTXType type, SmallVectorImpl<Attribute> &out);
  ParseResult parseInitElement(PTXType type, SmallVectorImpl<Attribute> &out);
  ParseResult parseFunction(Linkage linkage, bool isEntry);
  ParseResult parseParamList(SmallVectorImpl<Attribute> &params,
                             bool allowReg);
  ParseResult parseParam(Attribute &param, bool allowReg);
  ParseResult parsePerfDirectives(OperationState &state, bool isEntry);
  ParseResult parseIntList(SmallVectorImpl<int32_t> &values);

  //===--- function bodies ------------------------------------------------===//
  ParseResult parseBody(FunctionBody &body, Block *entry);
  ParseResult parseStatement(FunctionBody &body, Block *entry);
  ParseResult parseRegDecl(FunctionBody &body);
  ParseResult parseBodyParamDecl(FunctionBody &body);
  ParseResult parseLabelDirective(FunctionBody &body, StringRef label);
  ParseResult parseInstruction(FunctionBody &body);
  ParseResult parseOperand(FunctionBody &body, Operand &op);
  ParseResult parseAddress(FunctionBody &body, Operand &op);
  ParseResult parseLocDirective();
  /// nvcc writes the `.file` table after the functions whose `.loc`
  /// directives use it: read it first.
  void prescanFileDirectives(llvm::SourceMgr &sourceMgr);
  Location fileLoc(int64_t file, int64_t line, int64_t col);
  ParseResult resolveRegister(StringRef name, SMLoc loc, unsigned &reg);
  std::optional<unsigned> lookupRegister(StringRef name);
  /// The symbol a variable name refers to: the innermost function-scope
  /// variable of that name (renamed when names repeat), else `name`.
  StringRef lookupSymbol(StringRef name);
  unsigned declareRegister(FunctionBody &body, StringRef name, Type type);
  ParseResult skipToSemicolon();

  PTXLexer lexer;
  ImportContext ic;
  MLIRContext *ctx;
  OpBuilder builder;
  PTXToken tok;
  const char *prevEnd = nullptr; // end of the previous token
  PTXModuleOp module;
  std::vector<Scope> scopes;
  llvm::DenseMap<int64_t, std::string> files;
  std::optional<Location> debugLoc;
  llvm::StringSet<> localNames; // function-scope symbols in use
  FunctionBody *curBody = nullptr;
  /// Parsing a `call`, whose `( )` are argument lists, never expressions.
  bool inCall = false;
  /// Depth of the recursive descent into operands and initializers.
  unsigned nesting = 0;
  static constexpr unsigned kMaxNesting = 64;
};

} // namespace

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool parseIntegerSpelling(StringRef s, uint64_t &value) {
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

ParseResult PTXParser::skipToSemicolon() {
  while (tok.isNot(PTXToken::semicolon) && tok.isNot(PTXToken::eof))
    consume();
  return expect(PTXToken::semicolon, "';'");
}

//===----------------------------------------------------------------------===//
// Module level
//===----------------------------------------------------------------------===//

OwningOpRef<PTXModuleOp> PTXParser::parseModule() {
  Location loc = ic.getLoc(tok.getLoc());
  OperationState state(loc, PTXModuleOp::getOperationName());
  PTXModuleOp::build(builder, state, builder.getStringAttr("0.0"),
                     builder.getStrArrayAttr({}), 64);
  module = cast<PTXModuleOp>(Operation::create(state));
  OwningOpRef<PTXModuleOp> owned(module);
  module.getBody().push_back(new Block());
  if (failed(parseHeader()))
    return nullptr;
  while (tok.isNot(PTXToken::eof)) {
    if (failed(parseTopLevel()))
      return nullptr;
  }
  if (ic.failed)
    return nullptr;
  if (failed(verify(module)))
    return nullptr;
  return owned;
}

ParseResult PTXParser::parseHeader() {
  bool sawVersion = false, sawTarget = false, sawAddressSize = false;
  while (true) {
    if (tok.isDirective("version")) {
      if (sawVersion)
        return emitError("'.version' must appear once, at the start of the "
                         "module");
      consume();
      if (tok.isNot(PTXToken::float_dec))
        return emitExpected("expected a version such as 8.0");
      module.setVersion(tok.getSpelling());
      consume();
      sawVersion = true;
    } else if (tok.isDirective("target")) {
      SMLoc loc = tok.getLoc();
      consume();
      SmallVector<StringRef> targets;
      do {
        if (tok.isNot(PTXToken::identifier))
          return emitError("expected a target such as sm_80");
        targets.push_back(tok.getSpelling());
        consume();
      } while (consumeIf(PTXToken::comma));
      if (!sawVersion)
        return emitError(loc, ".version must come before .target");
      module.setTargetAttr(builder.getStrArrayAttr(targets));
      sawTarget = true;
    } else if (tok.isDirective("address_size")) {
      if (sawAddressSize)
        return emitError("'.address_size' must appear once, at the start of "
                         "the module");
      sawAddressSize = true;
      consume();
      int64_t size;
      SMLoc sizeLoc = tok.getLoc();
      if (failed(parseInteger(size, "an address size")))
        return failure();
      if (size != 32 && size != 64)
        return emitError(sizeLoc, ".address_size must be 32 or 64");
      module.setAddressSize(size);
    } else if (tok.isDirective("file")) {
      if (failed(parseFileDirective()))
        return failure();
    } else {
      break;
    }
  }
  if (!sawVersion)
    return emitError("a PTX module starts with .version");
  if (!sawTarget)
    return emitError("expected .target after .version");
  return success();
}

ParseResult PTXParser::parseFileDirective() {
  consume(); // .file
  int64_t id;
  if (failed(parseInteger(id, "a file number")))
    return failure();
  if (tok.isNot(PTXToken::string))
    return emitError("expected a file name string");
  files[id] = tok.getStringValue().str();
  consume();
  // Optional timestamp and size.
  while (consumeIf(PTXToken::comma)) {
    int64_t ignored;
    if (failed(parseInteger(ignored, "a timestamp or file size")))
      return failure();
  }
  return success();
}

ParseResult PTXParser::skipSection() {
  consume(); // .section
  if (tok.isNot(PTXToken::dot_identifier) && tok.isNot(PTXToken::identifier))
    return emitError("expected a section name");
  consume();
  if (tok.isNot(PTXToken::l_brace))
    return emitExpected("expected '{' after the section name");
  // Debug sections hold DWARF bytes: skip them, balanced.
  SMLoc open = tok.getLoc();
  unsigned depth = 0;
  do {
    if (tok.is(PTXToken::l_brace))
      ++depth;
    else if (tok.is(PTXToken::r_brace))
      --depth;
    else if (tok.is(PTXToken::eof))
      return emitError(open, "unterminated .section");
    consume();
  } while (depth);
  return success();
}

ParseResult PTXParser::parseTopLevel() {
  if (tok.is(PTXToken::error))
    return emitError("invalid token '" + tok.getSpelling() + "'");
  if (tok.isNot(PTXToken::dot_identifier))
    return emitError("expected a directive");
  if (tok.isDirective("file"))
    return parseFileDirective();
  if (tok.isDirective("section"))
    return skipSection();
  if (tok.isDirective("version") || tok.isDirective("target") ||
      tok.isDirective("address_size"))
    return emitError("'" + tok.getSpelling() +
                     "' must appear once, at the start of the module");
  if (tok.isDirective("pragma")) {
    consume();
    SmallVector<StringRef> values;
    do {
      if (tok.isNot(PTXToken::string))
        return emitError("expected a pragma string");
      values.push_back(tok.getStringValue());
      consume();
    } while (consumeIf(PTXToken::comma));
    builder.setInsertionPointToEnd(module.getBodyBlock());
    PragmaOp::create(builder, ic.getLoc(tok.getLoc()),
                     builder.getStrArrayAttr(values));
    return expect(PTXToken::semicolon, "';'");
  }
  if (tok.isDirective("alias")) {
    SMLoc loc = tok.getLoc();
    consume();
    if (tok.isNot(PTXToken::identifier))
      return emitError("expected the alias name");
    StringRef alias = tok.getSpelling();
    consume();
    if (failed(expect(PTXToken::comma, "','")))
      return failure();
    if (tok.isNot(PTXToken::identifier))
      return emitError("expected the aliased function");
    StringRef aliasee = tok.getSpelling();
    consume();
    builder.setInsertionPointToEnd(module.getBodyBlock());
    AliasOp::create(builder, ic.getLoc(loc),
                    FlatSymbolRefAttr::get(ctx, alias),
                    FlatSymbolRefAttr::get(ctx, aliasee));
    return expect(PTXToken::semicolon, "';'");
  }

  Linkage linkage = Linkage::none;
  while (true) {
    if (tok.isDirective("visible"))
      linkage = Linkage::visible;
    else if (tok.isDirective("extern"))
      linkage = Linkage::external;
    else if (tok.isDirective("weak"))
      linkage = Linkage::weak;
    else if (tok.isDirective("common"))
      linkage = Linkage::common;
    else
      break;
    consume();
  }
  if (tok.isDirective("entry"))
    return parseFunction(linkage, /*isEntry=*/true);
  if (tok.isDirective("func"))
    return parseFunction(linkage, /*isEntry=*/false);
  if (tok.isDirective("global") || tok.isDirective("const") ||
      tok.isDirective("shared") || tok.isDirective("local") ||
      tok.isDirective("tex"))
    return parseVarDecl(linkage, /*inFunction=*/false,
                        module.getBodyBlock());
  return emitError("unexpected directive '" + tok.getSpelling() +
                   "' at module scope");
}

//===----------------------------------------------------------------------===//
// Variables
//===----------------------------------------------------------------------===//

ParseResult PTXParser::parseVarDecl(Linkage linkage, bool inFunction,
                                    Block *into) {
  SMLoc loc = tok.getLoc();
  StringRef spaceName = tok.getSpelling().drop_front();
  auto space = symbolizeStateSpace(spaceName);
  if (!space)
    return emitError("unknown state space '" + tok.getSpelling() + "'");
  consume();
  std::optional<int64_t> align;
  std::optional<VecWidth> vec;
  PTXType type = PTXType::b8;
  bool haveType = false;
  bool managed = false;
  SmallVector<int64_t, 2> unified;
  while (tok.is(PTXToken::dot_identifier) && !haveType) {
    if (tok.isDirective("align")) {
      consume();
      int64_t a;
      if (failed(parseInteger(a, "an alignment")))
        return failure();
      align = a;
    } else if (auto v = symbolizeVecWidth(tok.getSpelling().drop_front())) {
      vec = *v;
      consume();
    } else if (tok.isDirective("attribute")) {
      consume();
      if (failed(expect(PTXToken::l_paren, "'(' after .attribute")))
        return failure();
      do {
        if (tok.isDirective("managed")) {
          consume();
          managed = true;
        } else if (tok.isDirective("unified")) {
          consume();
          int64_t hi, lo;
          if (failed(expect(PTXToken::l_paren, "'(' after .unified")) ||
              failed(parseConstExpr(hi)) ||
              failed(expect(PTXToken::comma, "','")) ||
              failed(parseConstExpr(lo)) ||
              failed(expect(PTXToken::r_paren, "')'")))
            return failure();
          unified = {hi, lo};
        } else {
          return emitError("expected .managed or .unified(uuid1, uuid2)");
        }
      } while (consumeIf(PTXToken::comma));
      if (failed(expect(PTXToken::r_paren, "')'")))
        return failure();
    } else if (tok.isDirective("ptr")) {
      return emitError(".ptr is only valid on kernel parameters");
    } else {
      if (failed(parseType(type)))
        return failure();
      haveType = true;
    }
  }
  if (!haveType)
    return emitError("expected the variable's type");
  if (*space == StateSpace::tex)
    return emitError(loc, ".tex variables (texture references) are not "
                          "supported yet");

  do {
    if (tok.isNot(PTXToken::identifier))
      return emitError("expected a variable name");
    StringRef name = tok.getSpelling();
    SMLoc nameLoc = tok.getLoc();
    consume();
    SmallVector<int64_t> dims;
    while (consumeIf(PTXToken::l_square)) {
      if (consumeIf(PTXToken::r_square)) {
        dims.push_back(-1);
        continue;
      }
      int64_t d;
      if (failed(parseInteger(d, "an array size")))
        return failure();
      if (d <= 0)
        return emitError("array size must be positive");
      dims.push_back(d);
      if (failed(expect(PTXToken::r_square, "']'")))
        return failure();
    }
    ArrayAttr init;
    bool opaque = type == PTXType::texref || type == PTXType::samplerref ||
                  type == PTXType::surfref;
    if (opaque && consumeIf(PTXToken::equal)) {
      // `{ filter_mode = nearest, addr_mode_0 = clamp_to_edge }`: one
      // dictionary of field values.
      if (failed(expect(PTXToken::l_brace, "'{'")))
        return failure();
      SmallVector<NamedAttribute> fields;
      do {
        if (tok.isNot(PTXToken::identifier) ||
            (!symbolizeTexQuery(tok.getSpelling()) &&
             !symbolizeSurfQuery(tok.getSpelling())))
          return emitError("expected a texture, sampler or surface field");
        StringAttr field = builder.getStringAttr(tok.getSpelling());
        consume();
        if (failed(expect(PTXToken::equal, "'='")))
          return failure();
        Attribute value;
        if (tok.is(PTXToken::identifier)) {
          auto v = symbolizeOpaqueValue(tok.getSpelling());
          if (!v)
            return emitError("unknown field value '" + tok.getSpelling() + "'");
          value = OpaqueValueAttr::get(ctx, *v);
          consume();
        } else {
          int64_t i;
          if (failed(parseInteger(i, "a field value")))
            return failure();
          value = builder.getI64IntegerAttr(i);
        }
        fields.push_back(builder.getNamedAttr(field, value));
      } while (consumeIf(PTXToken::comma));
      if (failed(expect(PTXToken::r_brace, "'}'")))
        return failure();
      init = builder.getArrayAttr({builder.getDictionaryAttr(fields)});
    } else if (consumeIf(PTXToken::equal)) {
      SmallVector<Attribute> elems;
      if (failed(parseInitializer(type, elems)))
        return failure();
      init = builder.getArrayAttr(elems);
      if (!dims.empty() && dims.front() == -1 && dims.size() == 1) {
        int64_t n = elems.size();
        if (vec)
          n /= static_cast<int64_t>(*vec);
        dims[0] = n;
      }
    }
    std::string symName = name.str();
    if (inFunction) {
      // Function-scope names may repeat in sibling scopes: keep them unique.
      unsigned suffix = 0;
      while (!localNames.insert(symName).second)
        symName = (name + "_" + llvm::Twine(++suffix)).str();
      scopes.back().names[name] = ~0u; // shadows registers of that name
    }
    builder.setInsertionPointToEnd(into);
    auto var = VarOp::create(
        builder, ic.getLoc(nameLoc), builder.getStringAttr(symName), *space,
        type, linkage, align ? builder.getI64IntegerAttr(*align) : IntegerAttr(),
        vec ? VecWidthAttr::get(ctx, *vec) : VecWidthAttr(),
        builder.getDenseI64ArrayAttr(dims), init, managed,
        unified.empty() ? DenseI64ArrayAttr()
                        : builder.getDenseI64ArrayAttr(unified));
    (void)var;
    if (inFunction)
      scopes.back().symbols[name] = var.getSymName();
  } while (consumeIf(PTXToken::comma));
  return expect(PTXToken::semicolon, "';'");
}

ParseResult PTXParser::parseInitializer(PTXType type,
                                        SmallVectorImpl<Attribute> &out) {
  if (nesting >= kMaxNesting)
    return emitError("initializer nested too deeply");
  ++nesting;
  auto unnest = llvm::make_scope_exit([&] { --nesting; });
  if (consumeIf(PTXToken::l_brace)) {
    if (consumeIf(PTXToken::r_brace))
      return success();
    do {
      if (failed(parseInitializer(type, out)))
        return failure();
    } while (consumeIf(PTXToken::comma));
    return expect(PTXToken::r_brace, "'}'");
  }
  return parseInitElement(type, out);
}

ParseResult PTXParser::parseInitElement(PTXType type,
                                        SmallVectorImpl<Attribute> &out) {
  SMLoc loc = tok.getLoc();
  auto i64 = builder.getI64Type();
  if (tok.is(PTXToken::float_hex32)) {
    uint64_t bits;
    StringRef hex = tok.getSpelling().drop_front(2);
    hex.getAsInteger(16, bits);
    out.push_back(builder.getF32FloatAttr(
        llvm::bit_cast<float>(static_cast<uint32_t>(bits))));
    consume();
    return success();
  }
  if (tok.is(PTXToken::float_hex64)) {
    uint64_t bits;
    tok.getSpelling().drop_front(2).getAsInteger(16, bits);
    out.push_back(builder.getF64FloatAttr(llvm::bit_cast<double>(bits)));
    consume();
    return success();
  }
  if (tok.is(PTXToken::float_dec)) {
    double d;
    if (tok.getSpelling().getAsDouble(d) || !std::isfinite(d))
      return emitError("invalid floating-point literal");
    out.push_back(builder.getF64FloatAttr(d));
    consume();
    return success();
  }
  bool generic = false;
  if (tok.isKeyword("generic")) {
    generic = true;
    consume();
    if (failed(expect(PTXToken::l_paren, "'(' after generic")))
      return failure();
  }
  if (tok.is(PTXToken::identifier)) {
    StringRef sym = tok.getSpelling();
    consume();
    int64_t offset = 0;
    if (tok.is(PTXToken::plus) || tok.is(PTXToken::minus)) {
      bool neg = tok.is(PTXToken::minus);
      consume();
      if (failed(parseInteger(offset, "an offset")))
        return failure();
      if (neg)
        offset = -offset;
    }
    if (generic) {
      if (failed(expect(PTXToken::r_paren, "')'")))
        return failure();
      // generic(sym)+off
      if (tok.is(PTXToken::plus) || tok.is(PTXToken::minus)) {
        bool neg = tok.is(PTXToken::minus);
        consume();
        int64_t more;
        if (failed(parseInteger(more, "an offset")))
          return failure();
        offset += neg ? -more : more;
      }
    }
    out.push_back(InitAddrAttr::get(ctx, FlatSymbolRefAttr::get(ctx, sym),
                                    offset, generic, 0));
    return success();
  }
  if (generic)
    return emitError("expected a symbol inside generic()");
  int64_t value;
  if (failed(parseSignedInteger(value, "an initializer value")))
    return failure();
  // `0xff00(sym)`: a byte mask of a symbol's address.
  if (consumeIf(PTXToken::l_paren)) {
    bool isGeneric = false;
    if (tok.isKeyword("generic")) {
      isGeneric = true;
      consume();
      if (failed(expect(PTXToken::l_paren, "'('")))
        return failure();
    }
    if (tok.isNot(PTXToken::identifier))
      return emitError("expected a symbol in a mask initializer");
    StringRef sym = tok.getSpelling();
    consume();
    int64_t offset = 0;
    if (consumeIf(PTXToken::plus) &&
        failed(parseInteger(offset, "an offset")))
      return failure();
    if (isGeneric && failed(expect(PTXToken::r_paren, "')'")))
      return failure();
    if (failed(expect(PTXToken::r_paren, "')'")))
      return failure();
    if (value == 0)
      return emitError(loc, "a mask initializer needs a non-zero mask");
    out.push_back(InitAddrAttr::get(ctx, FlatSymbolRefAttr::get(ctx, sym),
                                    offset, isGeneric,
                                    static_cast<uint64_t>(value)));
    return success();
  }
  (void)type;
  out.push_back(IntegerAttr::get(i64, value));
  return success();
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

ParseResult PTXParser::parseParam(Attribute &param, bool allowReg) {
  SMLoc loc = tok.getLoc();
  StateSpace space;
  if (tok.isDirective("param"))
    space = StateSpace::param;
  else if (tok.isDirective("reg") && allowReg)
    space = StateSpace::reg;
  else
    return emitError(allowReg ? "expected .param or .reg"
                              : "expected .param");
  consume();
  int64_t align = 0, ptrAlign = 0;
  std::optional<StateSpace> ptrSpace;
  PTXType type = PTXType::b8;
  bool haveType = false;
  while (tok.is(PTXToken::dot_identifier)) {
    if (tok.isDirective("align")) {
      consume();
      if (failed(parseInteger(align, "an alignment")))
        return failure();
      continue;
    }
    if (tok.isDirective("ptr")) {
      consume();
      // .ptr{.space}{.align N}
      if (tok.is(PTXToken::dot_identifier) && !tok.isDirective("align")) {
        auto s = symbolizeStateSpace(tok.getSpelling().drop_front());
        if (!s)
          return emitError("expected a state space after .ptr");
        ptrSpace = *s;
        consume();
      }
      if (tok.isDirective("align")) {
        consume();
        if (failed(parseInteger(ptrAlign, "an alignment")))
          return failure();
      }
      continue;
    }
    if (haveType)
      return emitError("unexpected '" + tok.getSpelling() + "'");
    if (failed(parseType(type)))
      return failure();
    haveType = true;
  }
  if (!haveType)
    return emitError(loc, "parameter needs a type");
  if (tok.isNot(PTXToken::identifier) &&
      tok.isNot(PTXToken::percent_identifier))
    return emitError("expected a parameter name");
  StringRef name = tok.getSpelling();
  consume();
  int64_t count = 0;
  if (consumeIf(PTXToken::l_square)) {
    if (consumeIf(PTXToken::r_square)) {
      count = -1;
    } else {
      if (failed(parseInteger(count, "an array size")))
        return failure();
      if (failed(expect(PTXToken::r_square, "']'")))
        return failure();
    }
  }
  param = ParamAttr::get(ctx, builder.getStringAttr(name), space, type, align,
                         count, ptrSpace, ptrAlign);
  return success();
}

ParseResult PTXParser::parseParamList(SmallVectorImpl<Attribute> &params,
                                      bool allowReg) {
  if (failed(expect(PTXToken::l_paren, "'('")))
    return failure();
  if (consumeIf(PTXToken::r_paren))
    return success();
  do {
    Attribute p;
    if (failed(parseParam(p, allowReg)))
      return failure();
    params.push_back(p);
  } while (consumeIf(PTXToken::comma));
  return expect(PTXToken::r_paren, "')'");
}

ParseResult PTXParser::parseIntList(SmallVectorImpl<int32_t> &values) {
  do {
    int64_t v;
    if (failed(parseInteger(v, "an integer")))
      return failure();
    values.push_back(static_cast<int32_t>(v));
  } while (consumeIf(PTXToken::comma));
  return success();
}

ParseResult PTXParser::parsePerfDirectives(OperationState &state,
                                           bool isEntry) {
  SmallVector<Attribute> pragmas;
  while (tok.is(PTXToken::dot_identifier)) {
    SMLoc loc = tok.getLoc();
    StringRef d = tok.getSpelling().drop_front();
    consume();
    auto intAttr = [&](StringRef name) -> ParseResult {
      int64_t v;
      if (failed(parseInteger(v, "an integer")))
        return failure();
      state.addAttribute(name, builder.getI32IntegerAttr(v));
      return success();
    };
    auto listAttr = [&](StringRef name) -> ParseResult {
      SmallVector<int32_t> v;
      if (failed(parseIntList(v)))
        return failure();
      if (v.empty() || v.size() > 3)
        return emitError(loc, "." + d + " takes 1 to 3 values");
      state.addAttribute(name, builder.getDenseI32ArrayAttr(v));
      return success();
    };
    ParseResult r = success();
    if (d == "maxntid" || d == "reqntid" || d == "reqnctapercluster")
      r = listAttr(d);
    else if (d == "minnctapersm" || d == "maxnctapersm" || d == "maxnreg" ||
             d == "maxclusterrank")
      r = intAttr(d);
    else if (d == "noreturn" || d == "explicitcluster" ||
             d == "blocksareclusters")
      state.addAttribute(d, builder.getUnitAttr());
    else if (d == "pragma") {
      do {
        if (tok.isNot(PTXToken::string))
          return emitError("expected a pragma string");
        pragmas.push_back(builder.getStringAttr(tok.getStringValue()));
        consume();
      } while (consumeIf(PTXToken::comma));
      r = expect(PTXToken::semicolon, "';'");
    } else
      return emitError(loc, "unknown function directive '." + d + "'");
    if (failed(r))
      return failure();
    if ((d == "noreturn") && isEntry)
      return emitError(loc, ".noreturn is only valid on .func");
  }
  if (!pragmas.empty())
    state.addAttribute("pragmas", builder.getArrayAttr(pragmas));
  return success();
}

ParseResult PTXParser::parseFunction(Linkage linkage, bool isEntry) {
  SMLoc loc = tok.getLoc();
  consume(); // .entry / .func
  SmallVector<Attribute> rets, params;
  if (!isEntry && tok.is(PTXToken::l_paren))
    if (failed(parseParamList(rets, /*allowReg=*/true)))
      return failure();
  if (tok.isNot(PTXToken::identifier))
    return emitError("expected a function name");
  StringRef name = tok.getSpelling();
  SMLoc nameLoc = tok.getLoc();
  consume();
  if (tok.is(PTXToken::l_paren))
    if (failed(parseParamList(params, /*allowReg=*/!isEntry)))
      return failure();

  for (Attribute a : rets)
    if (cast<ParamAttr>(a).getSpace() == StateSpace::reg)
      return emitError(nameLoc, "functions returning .reg parameters are not "
                                "supported yet");
  OperationState state(ic.getLoc(nameLoc), isEntry
                                               ? EntryOp::getOperationName()
                                               : FuncOp::getOperationName());
  state.addAttribute("sym_name", builder.getStringAttr(name));
  state.addAttribute("linkage", LinkageAttr::get(ctx, linkage));
  state.addAttribute("params", builder.getArrayAttr(params));
  if (!isEntry && !rets.empty())
    state.addAttribute("rets", builder.getArrayAttr(rets));
  if (failed(parsePerfDirectives(state, isEntry)))
    return failure();
  Region *region = state.addRegion();
  bool isPrototype = tok.is(PTXToken::semicolon);
  // A prototype followed by the definition: the definition replaces it.
  if (Operation *prior = SymbolTable::lookupSymbolIn(module, name)) {
    bool priorIsPrototype = prior->getRegion(0).empty();
    if (prior->getName().getStringRef() != state.name.getStringRef())
      return emitError(nameLoc, "'" + name +
                                    "' is declared as both .entry and .func");
    if (isPrototype) {
      consume();
      return success();
    }
    if (!priorIsPrototype)
      return emitError(nameLoc, "redefinition of '" + name + "'");
    prior->erase();
  }
  builder.setInsertionPointToEnd(module.getBodyBlock());
  Operation *func = builder.create(state);
  (void)loc;

  if (consumeIf(PTXToken::semicolon))
    return success(); // a prototype
  if (tok.isNot(PTXToken::l_brace))
    return emitError("expected '{' or ';' after the function header");

  Block *entry = new Block();
  func->getRegion(0).push_back(entry);
  FunctionBody body;
  curBody = &body;
  debugLoc.reset(); // `.loc` does not carry over from the previous function
  localNames.clear();
  scopes.clear();
  scopes.emplace_back();
  // .reg parameters are registers of the body and block arguments.
  auto declareParams = [&](ArrayRef<Attribute> list, bool isParam) {
    for (Attribute a : list) {
      auto p = cast<ParamAttr>(a);
      if (p.getSpace() != StateSpace::reg)
        continue;
      Type t = getRegisterType(ctx, p.getType());
      unsigned reg = declareRegister(body, p.getName().getValue(), t);
      if (isParam) {
        body.regParams.push_back(reg);
        entry->addArgument(t, state.location);
      }
    }
  };
  declareParams(rets, /*isParam=*/false);
  declareParams(params, /*isParam=*/true);
  (void)region;
  if (failed(parseBody(body, entry))) {
    curBody = nullptr;
    return failure();
  }
  curBody = nullptr;
  if (ic.failed)
    return failure();
  return importFunctionBody(ic, func, body);
}

//===----------------------------------------------------------------------===//
// Function bodies
//===----------------------------------------------------------------------===//

unsigned PTXParser::declareRegister(FunctionBody &body, StringRef name,
                                    Type type) {
  unsigned id = body.regs.size();
  body.regs.push_back({type});
  scopes.back().names[name] = id;
  return id;
}

std::optional<unsigned> PTXParser::lookupRegister(StringRef name) {
  // `%r12` may come from `.reg .b32 %r<20>`: split off the number.
  size_t digits = name.size();
  while (digits > 0 && llvm::isDigit(name[digits - 1]))
    --digits;
  StringRef prefix = name.take_front(digits);
  unsigned index = 0;
  bool hasIndex = digits < name.size() &&
                  !name.drop_front(digits).getAsInteger(10, index) &&
                  (name.size() - digits == 1 || name[digits] != '0');
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
    auto named = it->names.find(name);
    if (named != it->names.end()) {
      if (named->second == ~0u)
        return std::nullopt;
      return named->second;
    }
    if (hasIndex) {
      auto range = it->ranges.find(prefix);
      if (range != it->ranges.end() && index < range->second.second)
        return range->second.first + index;
    }
  }
  return std::nullopt;
}

StringRef PTXParser::lookupSymbol(StringRef name) {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
    auto sym = it->symbols.find(name);
    if (sym != it->symbols.end())
      return sym->second;
  }
  return name;
}

ParseResult PTXParser::resolveRegister(StringRef name, SMLoc loc,
                                       unsigned &reg) {
  if (auto r = lookupRegister(name)) {
    reg = *r;
    return success();
  }
  return emitError(loc, "use of undeclared register '" + name + "'");
}

ParseResult PTXParser::parseRegDecl(FunctionBody &body) {
  consume(); // .reg
  std::optional<VecWidth> vec;
  if (tok.is(PTXToken::dot_identifier))
    if (auto v = symbolizeVecWidth(tok.getSpelling().drop_front())) {
      vec = *v;
      consume();
    }
  if (tok.isDirective("align"))
    return emitError("registers take no alignment");
  PTXType type;
  if (failed(parseType(type)))
    return failure();
  if (vec)
    return emitError("vector registers (.reg .v2/.v4) are not supported yet");
  Type t = getRegisterType(ctx, type);
  do {
    if (tok.isNot(PTXToken::percent_identifier) &&
        tok.isNot(PTXToken::identifier))
      return emitError("expected a register name");
    StringRef name = tok.getSpelling();
    consume();
    if (consumeIf(PTXToken::less)) {
      int64_t n;
      SMLoc countLoc = tok.getLoc();
      if (failed(parseInteger(n, "a register count")))
        return failure();
      if (n <= 0 || n > (1 << 24))
        return emitError(countLoc, "register count must be in 1..16777216");
      // Ranges are allocated: bound a function's registers in all.
      if (body.regs.size() + n > (1u << 24))
        return emitError(countLoc, "a function declares more than 16777216 "
                                   "registers");
      if (failed(expect(PTXToken::greater, "'>'")))
        return failure();
      unsigned base = body.regs.size();
      body.regs.resize(base + n, RegInfo{t});
      scopes.back().ranges[name] = {base, static_cast<unsigned>(n)};
    } else {
      declareRegister(body, name, t);
    }
  } while (consumeIf(PTXToken::comma));
  return expect(PTXToken::semicolon, "';'");
}

ParseResult PTXParser::parseBodyParamDecl(FunctionBody &body) {
  SMLoc loc = tok.getLoc();
  consume(); // .param
  int64_t align = 0, count = 0;
  if (tok.isDirective("align")) {
    consume();
    if (failed(parseInteger(align, "an alignment")))
      return failure();
  }
  PTXType type;
  if (failed(parseType(type)))
    return failure();
  do {
    if (tok.isNot(PTXToken::identifier))
      return emitError("expected a parameter name");
    StringRef name = tok.getSpelling();
    consume();
    count = 0; // `.param .b8 a[4], b;`: each name has its own size
    if (consumeIf(PTXToken::l_square)) {
      if (failed(parseInteger(count, "an array size")) ||
          failed(expect(PTXToken::r_square, "']'")))
        return failure();
    }
    unsigned reg =
        declareRegister(body, name, ParamBufType::get(ctx));
    body.paramBufs.push_back(
        {ic.getLoc(loc), reg, type, align, count, name});
    body.stmts.push_back(
        {Stmt::ParamBuf, static_cast<unsigned>(body.paramBufs.size() - 1)});
  } while (consumeIf(PTXToken::comma));
  return expect(PTXToken::semicolon, "';'");
}

ParseResult PTXParser::parseLocDirective() {
  consume(); // .loc
  int64_t file, line, col = 0;
  std::optional<Location> inlinedAt;
  if (failed(parseInteger(file, "a file number")) ||
      failed(parseInteger(line, "a line number")))
    return failure();
  if (tok.is(PTXToken::integer) && failed(parseInteger(col, "a column")))
    return failure();
  // `, function_name label` and `, inlined_at f l c` carry inlining info.
  while (consumeIf(PTXToken::comma)) {
    if (tok.isKeyword("function_name")) {
      consume();
      if (tok.isNot(PTXToken::identifier))
        return emitError("expected a label after function_name");
      consume();
      if (consumeIf(PTXToken::plus)) {
        int64_t ignored;
        if (failed(parseInteger(ignored, "an offset")))
          return failure();
      }
    } else if (tok.isKeyword("inlined_at")) {
      consume();
      int64_t a, b, c;
      if (failed(parseInteger(a, "a file number")) ||
          failed(parseInteger(b, "a line number")) ||
          failed(parseInteger(c, "a column")))
        return failure();
      inlinedAt = fileLoc(a, b, c);
    } else {
      return emitError("unexpected .loc attribute");
    }
  }
  debugLoc = fileLoc(file, line, col);
  if (inlinedAt)
    debugLoc = CallSiteLoc::get(*debugLoc, *inlinedAt);
  return success();
}

Location PTXParser::fileLoc(int64_t file, int64_t line, int64_t col) {
  auto it = files.find(file);
  StringRef fileName = it == files.end() ? StringRef("<unknown>") : it->second;
  return FileLineColLoc::get(ctx, fileName, line, col);
}

void PTXParser::prescanFileDirectives(llvm::SourceMgr &sourceMgr) {
  PTXLexer scan(sourceMgr, sourceMgr.getMainFileID());
  PTXToken prev2, prev1, cur = scan.lex();
  for (; cur.isNot(PTXToken::eof); prev2 = prev1, prev1 = cur, cur = scan.lex()) {
    uint64_t id;
    if (cur.is(PTXToken::string) && prev1.is(PTXToken::integer) &&
        prev2.isDirective("file") &&
        parseIntegerSpelling(prev1.getSpelling(), id))
      files[id] = cur.getStringValue().str();
  }
}

ParseResult PTXParser::parseBody(FunctionBody &body, Block *entry) {
  SMLoc open = tok.getLoc();
  consume(); // {
  while (true) {
    if (tok.is(PTXToken::r_brace)) {
      if (scopes.size() == 1) {
        consume();
        return success();
      }
      scopes.pop_back();
      consume();
      continue;
    }
    if (tok.is(PTXToken::eof))
      return emitError(open, "unterminated function body");
    if (failed(parseStatement(body, entry)))
      return failure();
  }
}

ParseResult PTXParser::parseLabelDirective(FunctionBody &body,
                                           StringRef label) {
  bool isBranch = tok.isDirective("branchtargets");
  bool isCall = tok.isDirective("calltargets");
  if (isBranch || isCall) {
    consume();
    SmallVector<StringRef, 4> names;
    do {
      if (tok.isNot(PTXToken::identifier))
        return emitError("expected a label");
      names.push_back(tok.getSpelling());
      consume();
    } while (consumeIf(PTXToken::comma));
    (isBranch ? body.branchTargets : body.callTargets)[label] = names;
    return expect(PTXToken::semicolon, "';'");
  }
  // label: .callprototype (.param .b32 _) _ (.param .b64 _);
  consume();
  SmallVector<Attribute> rets, args;
  if (tok.is(PTXToken::l_paren) &&
      failed(parseParamList(rets, /*allowReg=*/true)))
    return failure();
  if (!tok.isKeyword("_"))
    return emitError("expected '_' in .callprototype");
  consume();
  if (tok.is(PTXToken::l_paren) &&
      failed(parseParamList(args, /*allowReg=*/true)))
    return failure();
  while (tok.is(PTXToken::dot_identifier) && tok.isDirective("noreturn"))
    consume();
  body.prototypes[label] = {builder.getArrayAttr(rets),
                            builder.getArrayAttr(args)};
  return expect(PTXToken::semicolon, "';'");
}

ParseResult PTXParser::parseStatement(FunctionBody &body, Block *entry) {
  if (tok.is(PTXToken::l_brace)) {
    consume();
    scopes.emplace_back();
    return success();
  }
  if (tok.is(PTXToken::dot_identifier)) {
    if (tok.isDirective("reg"))
      return parseRegDecl(body);
    if (tok.isDirective("param"))
      return parseBodyParamDecl(body);
    if (tok.isDirective("loc"))
      return parseLocDirective();
    if (tok.isDirective("pragma")) {
      Location loc = ic.getLoc(tok.getLoc());
      consume();
      PragmaDecl p{loc, {}};
      do {
        if (tok.isNot(PTXToken::string))
          return emitError("expected a pragma string");
        p.values.push_back(tok.getStringValue());
        consume();
      } while (consumeIf(PTXToken::comma));
      body.pragmas.push_back(std::move(p));
      body.stmts.push_back(
          {Stmt::Pragma, static_cast<unsigned>(body.pragmas.size() - 1)});
      return expect(PTXToken::semicolon, "';'");
    }
    if (tok.isDirective("local") || tok.isDirective("shared") ||
        tok.isDirective("global") || tok.isDirective("const"))
      return parseVarDecl(Linkage::none, /*inFunction=*/true, entry);
    if (tok.isDirective("file"))
      return parseFileDirective();
    if (tok.isDirective("section"))
      return skipSection();
    return emitError("unexpected directive '" + tok.getSpelling() +
                     "' in a function body");
  }
  if (tok.is(PTXToken::identifier)) {
    // A label, or an instruction.
    const char *save = tok.getSpelling().data();
    PTXToken name = tok;
    consume();
    if (tok.is(PTXToken::colon)) {
      consume();
      if (tok.isDirective("branchtargets") || tok.isDirective("calltargets") ||
          tok.isDirective("callprototype"))
        return parseLabelDirective(body, name.getSpelling());
      body.labels.push_back({name.getSpelling(), name.getLoc()});
      body.stmts.push_back(
          {Stmt::Label, static_cast<unsigned>(body.labels.size() - 1)});
      return success();
    }
    lexer.resetPointer(save);
    consume();
    return parseInstruction(body);
  }
  if (tok.is(PTXToken::at))
    return parseInstruction(body);
  if (tok.is(PTXToken::error))
    return emitError("invalid token '" + tok.getSpelling() + "'");
  return emitError("expected an instruction, a label or a directive");
}

ParseResult PTXParser::parseInstruction(FunctionBody &body) {
  InstStmt inst;
  inst.loc = tok.getLoc();
  if (consumeIf(PTXToken::at)) {
    inst.guardNeg = consumeIf(PTXToken::exclaim);
    if (tok.isNot(PTXToken::percent_identifier) &&
        tok.isNot(PTXToken::identifier))
      return emitError("expected a predicate register after '@'");
    if (failed(resolveRegister(tok.getSpelling(), tok.getLoc(),
                               inst.guardReg)))
      return failure();
    if (!body.regs[inst.guardReg].type.isInteger(1))
      return emitError("guard '" + tok.getSpelling() +
                       "' is not a predicate register");
    inst.hasGuard = true;
    consume();
  }
  if (tok.isNot(PTXToken::identifier))
    return emitError("expected an instruction");
  inst.loc = tok.getLoc();
  Location ptxLoc = ic.getLoc(inst.loc);
  inst.mlirLoc = debugLoc ? FusedLoc::get(ctx, {ptxLoc, *debugLoc}) : ptxLoc;
  inst.comps.push_back(tok.getSpelling());
  inCall = tok.getSpelling() == "call";
  consume();
  while (tok.is(PTXToken::dot_identifier)) {
    inst.comps.push_back(tok.getSpelling().drop_front());
    consume();
  }
  if (tok.isNot(PTXToken::semicolon)) {
    inst.groups.emplace_back();
    while (true) {
      Operand op;
      if (failed(parseOperand(body, op)))
        return failure();
      inst.groups.back().push_back(std::move(op));
      if (consumeIf(PTXToken::pipe))
        continue;
      if (consumeIf(PTXToken::comma)) {
        inst.groups.emplace_back();
        continue;
      }
      break;
    }
  }
  if (failed(expect(PTXToken::semicolon, "';' after the instruction")))
    return failure();
  body.insts.push_back(std::move(inst));
  body.stmts.push_back(
      {Stmt::Inst, static_cast<unsigned>(body.insts.size() - 1)});
  return success();
}

ParseResult PTXParser::parseAddress(FunctionBody &body, Operand &op) {
  op.kind = Operand::Addr;
  op.loc = tok.getLoc();
  consume(); // [
  if (tok.is(PTXToken::percent_identifier) || tok.is(PTXToken::identifier)) {
    StringRef name = tok.getSpelling();
    SMLoc loc = tok.getLoc();
    consume();
    if (auto reg = lookupRegister(name)) {
      op.hasBase = true;
      op.reg = *reg;
    } else if (name.starts_with("%")) {
      return emitError(loc, "use of undeclared register '" + name + "'");
    } else {
      op.name = lookupSymbol(name);
    }
    if (tok.is(PTXToken::comma)) {
      // `[tex, sampler, {x, y}]`: the handle, then the other items.
      Operand first;
      first.loc = loc;
      first.kind = op.hasBase ? Operand::Reg : Operand::Symbol;
      first.reg = op.reg;
      first.name = op.name;
      op.kind = Operand::Tuple;
      op.hasBase = false;
      op.name = {};
      op.elems.push_back(std::move(first));
      while (consumeIf(PTXToken::comma)) {
        Operand item;
        if (failed(parseOperand(body, item)))
          return failure();
        op.elems.push_back(std::move(item));
      }
      return expect(PTXToken::r_square, "']'");
    }
    if (tok.is(PTXToken::plus) || tok.is(PTXToken::minus)) {
      bool neg = tok.is(PTXToken::minus);
      consume();
      if (failed(parseSignedInteger(op.value, "an address offset")))
        return failure();
      if (neg)
        op.value = static_cast<int64_t>(0 - static_cast<uint64_t>(op.value));
    }
  } else if (tok.is(PTXToken::integer) || tok.is(PTXToken::minus)) {
    if (failed(parseSignedInteger(op.value, "an address")))
      return failure();
  } else {
    return emitError("expected an address");
  }
  return expect(PTXToken::r_square, "']'");
}

ParseResult PTXParser::parseOperand(FunctionBody &body, Operand &op) {
  op.loc = tok.getLoc();
  // Operands nest a few levels (`[tex, {x, y}]`, `!%p`); deeper nesting is
  // an error rather than a stack overflow.
  if (nesting >= kMaxNesting)
    return emitError("operand nested too deeply");
  ++nesting;
  auto unnest = llvm::make_scope_exit([&] { --nesting; });
  switch (tok.getKind()) {
  case PTXToken::exclaim:
    consume();
    if (failed(parseOperand(body, op)))
      return failure();
    if (op.kind != Operand::Reg || !body.regs[op.reg].type.isInteger(1))
      return emitError(op.loc, "'!' applies only to predicate registers");
    op.negated = true;
    return success();
  case PTXToken::percent_identifier: {
    StringRef name = tok.getSpelling();
    consume();
    if (auto reg = lookupRegister(name)) {
      op.kind = Operand::Reg;
      op.reg = *reg;
      // `%r1.b0`, `%r1.h10`: a video instruction's operand selector.
      if (tok.is(PTXToken::dot_identifier)) {
        op.selector = tok.getSpelling().drop_front();
        consume();
      }
      return success();
    }
    StringRef sname = name.drop_front();
    int64_t dim = -1;
    if (sname.starts_with("envreg") && sname.size() > 6) {
      unsigned idx;
      if (sname.drop_front(6).getAsInteger(10, idx) || idx > 31)
        return emitError(op.loc, "unknown special register '" + name + "'");
      sname = "envreg";
      dim = idx;
    }
    auto sreg = symbolizeSpecialReg(sname);
    if (!sreg)
      return emitError(op.loc, "use of undeclared register '" + name + "'");
    op.kind = Operand::Sreg;
    op.sreg = *sreg;
    if (tok.is(PTXToken::dot_identifier)) {
      StringRef c = tok.getSpelling().drop_front();
      if (c == "x" || c == "y" || c == "z") {
        dim = c[0] - 'x';
        consume();
      }
    }
    op.value = dim;
    return success();
  }
  case PTXToken::identifier: {
    StringRef name = tok.getSpelling();
    consume();
    if (name == "_") {
      op.kind = Operand::Sink;
      return success();
    }
    if (name == "WARP_SZ") {
      op.kind = Operand::Int;
      op.value = 32;
      return success();
    }
    if (auto reg = lookupRegister(name)) {
      op.kind = Operand::Reg; // e.g. a call-scope .param buffer
      op.reg = *reg;
      if (tok.is(PTXToken::dot_identifier)) {
        op.selector = tok.getSpelling().drop_front();
        consume();
      }
      return success();
    }
    op.kind = Operand::Symbol;
    op.name = lookupSymbol(name);
    return success();
  }
  case PTXToken::minus:
  case PTXToken::integer: {
    if (tok.is(PTXToken::minus)) {
      // -0f... is a negated float literal.
      consume();
      if (tok.is(PTXToken::float_hex32) || tok.is(PTXToken::float_hex64) ||
          tok.is(PTXToken::float_dec)) {
        if (failed(parseOperand(body, op)))
          return failure();
        op.value ^= op.kind == Operand::F32 ? (int64_t)0x80000000LL
                                            : (int64_t)0x8000000000000000ULL;
        return success();
      }
      // `-%r1`: a negated source of vmad.
      if (tok.is(PTXToken::percent_identifier) ||
          tok.is(PTXToken::identifier)) {
        if (failed(parseOperand(body, op)))
          return failure();
        if (op.kind != Operand::Reg || op.minus)
          return emitError(op.loc, "'-' applies only to registers");
        op.minus = true;
        return success();
      }
      // An integer constant expression starting with unary minus.
      int64_t v;
      if (failed(parseConstUnary(v)))
        return failure();
      v = static_cast<int64_t>(0 - static_cast<uint64_t>(v));
      if (failed(continueConstExpr(v)))
        return failure();
      op.kind = Operand::Int;
      op.value = v;
      return success();
    }
    op.kind = Operand::Int;
    return parseConstExpr(op.value);
    return parseInteger(op.value, "an integer");
  }
  case PTXToken::float_hex32: {
    uint64_t bits;
    tok.getSpelling().drop_front(2).getAsInteger(16, bits);
    op.kind = Operand::F32;
    op.value = static_cast<int64_t>(bits);
    consume();
    return success();
  }
  case PTXToken::float_hex64: {
    uint64_t bits;
    tok.getSpelling().drop_front(2).getAsInteger(16, bits);
    op.kind = Operand::F64;
    op.value = static_cast<int64_t>(bits);
    consume();
    return success();
  }
  case PTXToken::float_dec: {
    double d;
    if (tok.getSpelling().getAsDouble(d) || !std::isfinite(d))
      return emitError("invalid floating-point literal");
    op.kind = Operand::F64;
    op.value = llvm::bit_cast<int64_t>(d);
    consume();
    return success();
  }
  case PTXToken::tilde:
    op.kind = Operand::Int;
    return parseConstExpr(op.value);
  case PTXToken::l_brace:
  case PTXToken::l_paren: {
    PTXToken::Kind close =
        tok.is(PTXToken::l_brace) ? PTXToken::r_brace : PTXToken::r_paren;
    consume();
    if (close == PTXToken::r_paren && !inCall &&
        (tok.is(PTXToken::integer) || tok.is(PTXToken::minus) ||
         tok.is(PTXToken::tilde) || tok.is(PTXToken::l_paren))) {
      // `(2+3)*4`: a parenthesized constant expression, not a call list.
      if (failed(parseConstExpr(op.value)) ||
          failed(expect(PTXToken::r_paren, "')' in a constant expression")) ||
          failed(continueConstExpr(op.value)))
        return failure();
      op.kind = Operand::Int;
      return success();
    }
    op.kind = Operand::Vector;
    if (!consumeIf(close)) {
      do {
        Operand elem;
        if (failed(parseOperand(body, elem)))
          return failure();
        op.elems.push_back(std::move(elem));
      } while (consumeIf(PTXToken::comma));
      if (failed(expect(close, close == PTXToken::r_brace ? "'}'" : "')'")))
        return failure();
    }
    return success();
  }
  case PTXToken::l_square:
    return parseAddress(body, op);
  case PTXToken::error:
    return emitError("invalid token '" + tok.getSpelling() + "'");
  default:
    return emitError("expected an operand");
  }
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
