//===- PTXModuleParser.cpp - module header and directives -----------------===//
//
// The module header (.version, .target, .address_size), .file tables,
// skipped debug sections, and the dispatch of module-level directives to
// the variable and function parsers.
//
//===----------------------------------------------------------------------===//

#include "PTXParser.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::import;

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

ParseResult PTXParser::checkReservedName(StringRef name, SMLoc loc) {
  if (!name.starts_with("__ptxmlir_"))
    return success();
  return emitError(loc, "'" + name +
                            "': module-scope names starting with "
                            "'__ptxmlir_' are reserved for the compiler");
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
