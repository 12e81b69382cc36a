//===- PTXFunctionParser.cpp - function headers ---------------------------===//
//
// .entry and .func headers: return and parameter lists, performance
// directives, prototypes versus definitions; a definition's body is read by
// PTXBodyParser.cpp and imported by the function importer.
//
//===----------------------------------------------------------------------===//

#include "PTXParser.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::import;

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

ParseResult
PTXParser::parsePerfDirectives(OperationState &state, bool isEntry,
                               SmallVectorImpl<PragmaDecl> &bodyPragmas) {
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
    if (d == "minperctamemory") {
      // PTX ISA 9.4: a 32-bit unsigned byte count, once, on an .entry.
      if (!isEntry)
        return emitError(loc, ".minperctamemory is only valid on .entry");
      if (state.attributes.get(d))
        return emitError(loc, "duplicate .minperctamemory");
      SMLoc valueLoc = tok.getLoc();
      int64_t v;
      if (failed(parseInteger(v, "a byte count")))
        return failure();
      if (static_cast<uint64_t>(v) > UINT32_MAX)
        return emitError(valueLoc, ".minperctamemory size must fit in 32 "
                                   "bits (unsigned)");
      state.addAttribute(d, builder.getUI32IntegerAttr(v));
    } else if (d == "maxntid" || d == "reqntid" || d == "reqnctapercluster")
      r = listAttr(d);
    else if (d == "minnctapersm" || d == "maxnctapersm" || d == "maxnreg" ||
             d == "maxclusterrank")
      r = intAttr(d);
    else if (d == "noreturn" || d == "explicitcluster" ||
             d == "blocksareclusters")
      state.addAttribute(d, builder.getUnitAttr());
    else if (d == "pragma") {
      PragmaDecl decl{ic.getLoc(loc), {}};
      do {
        if (tok.isNot(PTXToken::string))
          return emitError("expected a pragma string");
        if (isEntry)
          pragmas.push_back(builder.getStringAttr(tok.getStringValue()));
        else
          decl.values.push_back(tok.getStringValue());
        consume();
      } while (consumeIf(PTXToken::comma));
      if (!isEntry)
        bodyPragmas.push_back(std::move(decl));
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
  // `.func .attribute(.unified(uuid1, uuid2))`: a unified function.
  SmallVector<int64_t, 2> unified;
  if (tok.isDirective("attribute")) {
    if (isEntry)
      return emitError(".attribute is only valid on .func");
    if (failed(parseAttributeList(/*managed=*/nullptr, unified)))
      return failure();
  }
  SmallVector<Attribute> rets, params;
  if (!isEntry && tok.is(PTXToken::l_paren))
    if (failed(parseParamList(rets, /*allowReg=*/true)))
      return failure();
  if (tok.isNot(PTXToken::identifier))
    return emitError("expected a function name");
  StringRef name = tok.getSpelling();
  SMLoc nameLoc = tok.getLoc();
  if (failed(checkReservedName(name, nameLoc)))
    return failure();
  consume();
  if (tok.is(PTXToken::l_paren))
    if (failed(parseParamList(params, /*allowReg=*/!isEntry)))
      return failure();

  // .reg returns read as .param returns (asParamReturns); the exporter
  // prints several of them, or a .pred one, back in the .reg form (ptxas's
  // functions without the ABI). ptxas takes several returns only in .reg.
  bool anyReg = llvm::any_of(rets, [](Attribute a) {
    return cast<ParamAttr>(a).getSpace() == StateSpace::reg;
  });
  if (anyReg && rets.size() > 1 && !llvm::all_of(rets, [](Attribute a) {
        return cast<ParamAttr>(a).getSpace() == StateSpace::reg;
      }))
    return emitError(nameLoc, ".reg and .param return parameters cannot be "
                              "mixed");
  OperationState state(ic.getLoc(nameLoc), isEntry
                                               ? EntryOp::getOperationName()
                                               : FuncOp::getOperationName());
  state.addAttribute("sym_name", builder.getStringAttr(name));
  state.addAttribute("linkage", LinkageAttr::get(ctx, linkage));
  state.addAttribute("params", builder.getArrayAttr(params));
  if (!isEntry && !rets.empty())
    state.addAttribute("rets", builder.getArrayAttr(asParamReturns(rets)));
  if (!unified.empty())
    state.addAttribute("unified", builder.getDenseI64ArrayAttr(unified));
  SmallVector<PragmaDecl, 1> headerPragmas;
  if (failed(parsePerfDirectives(state, isEntry, headerPragmas)))
    return failure();
  if (!headerPragmas.empty() && tok.is(PTXToken::semicolon)) {
    ic.failed = true;
    return mlir::emitError(headerPragmas.front().loc,
                           "a .func declaration takes no .pragma (there is "
                           "no body to apply it to)");
  }
  Region *region = state.addRegion();
  bool isPrototype = tok.is(PTXToken::semicolon);
  // A prototype followed by the definition: the definition replaces it.
  if (Operation *prior = SymbolTable::lookupSymbolIn(module, name)) {
    bool priorIsPrototype = prior->getRegion(0).empty();
    if (prior->getName().getStringRef() != state.name.getStringRef())
      return emitError(nameLoc, "'" + name +
                                    "' is declared as both .entry and .func");
    // ptxas rejects declarations whose UUIDs differ; one without
    // .attribute(.unified) may precede a unified definition.
    auto priorUnified = prior->getAttrOfType<DenseI64ArrayAttr>("unified");
    if (priorUnified && !unified.empty() &&
        priorUnified.asArrayRef() != ArrayRef<int64_t>(unified))
      return emitError(nameLoc, "declarations of '" + name +
                                    "' have different .unified identifiers");
    if (priorUnified && unified.empty() && !isPrototype)
      state.addAttribute("unified", priorUnified);
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
  SmallVector<Attribute> paramRets = asParamReturns(rets);
  auto declareParams = [&](ArrayRef<Attribute> list, bool isParam) {
    for (auto [i, a] : llvm::enumerate(list)) {
      auto p = cast<ParamAttr>(a);
      if (p.getSpace() != StateSpace::reg)
        continue;
      Type t = getRegisterType(ctx, p.getType());
      unsigned reg = declareRegister(body, p.getName().getValue(), t);
      if (isParam) {
        body.regParams.push_back(reg);
        entry->addArgument(t, state.location);
      } else {
        body.regRets.push_back({reg, cast<ParamAttr>(paramRets[i])});
      }
    }
  };
  declareParams(rets, /*isParam=*/false);
  declareParams(params, /*isParam=*/true);
  for (PragmaDecl &p : headerPragmas) {
    body.pragmas.push_back(std::move(p));
    body.stmts.push_back(
        {Stmt::Pragma, static_cast<unsigned>(body.pragmas.size() - 1)});
  }
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

SmallVector<Attribute>
mlir::ptx::import::asParamReturns(ArrayRef<Attribute> rets) {
  SmallVector<Attribute> out;
  for (auto [i, a] : llvm::enumerate(rets)) {
    auto p = cast<ParamAttr>(a);
    if (p.getSpace() == StateSpace::reg)
      p = ParamAttr::get(
          p.getContext(),
          StringAttr::get(p.getContext(), "__reg_ret" + Twine(i)),
          StateSpace::param, p.getType(), p.getAlign(), p.getCount(),
          std::nullopt, 0);
    out.push_back(p);
  }
  return out;
}
