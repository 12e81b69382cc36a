//===- PTXBodyParser.cpp - function bodies --------------------------------===//
//
// Statements of a function body: register and call-scope .param
// declarations, `{ }` scopes and name lookup, labels and their directives,
// .loc, pragmas, and instructions split into modifiers and operands.
//
//===----------------------------------------------------------------------===//

#include "PTXParser.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::import;

//===----------------------------------------------------------------------===//
// Function bodies
//===----------------------------------------------------------------------===//

unsigned PTXParser::declareRegister(FunctionBody &body, StringRef name,
                                    Type type, unsigned vec) {
  unsigned id = body.regs.size();
  body.regs.resize(id + std::max(vec, 1u), RegInfo{type});
  scopes.back().names[name] = RegName{id, vec};
  return id;
}

std::optional<RegName> PTXParser::lookupRegister(StringRef name) {
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
      if (named->second.id == ~0u)
        return std::nullopt;
      return named->second;
    }
    if (hasIndex) {
      auto range = it->ranges.find(prefix);
      if (range != it->ranges.end() && index < range->second.count) {
        const RegRange &r = range->second;
        return RegName{r.base + index * std::max(r.vec, 1u), r.vec};
      }
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
    if (r->vec)
      return emitError(loc, "vector register '" + name +
                                "' used where a scalar register is expected");
    reg = r->id;
    return success();
  }
  return emitError(loc, "use of undeclared register '" + name + "'");
}

ParseResult PTXParser::parseRegDecl(FunctionBody &body) {
  consume(); // .reg
  unsigned vec = 0;
  SMLoc vecLoc = tok.getLoc();
  if (tok.is(PTXToken::dot_identifier))
    if (auto v = symbolizeVecWidth(tok.getSpelling().drop_front())) {
      vec = static_cast<unsigned>(*v);
      consume();
    }
  if (tok.isDirective("align"))
    return emitError("registers take no alignment");
  SMLoc typeLoc = tok.getLoc();
  PTXType type;
  if (failed(parseType(type)))
    return failure();
  Type t = getRegisterType(ctx, type);
  if (vec) {
    if (vec != 2 && vec != 4)
      return emitError(vecLoc, "vector registers are .v2 or .v4");
    if (type == PTXType::pred)
      return emitError(typeLoc, "vector registers cannot hold predicates");
    if (vec * getTypeBitWidth(type) > 128)
      return emitError(typeLoc, "vector registers hold at most 128 bits");
  }
  unsigned width = std::max(vec, 1u);
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
      if (body.regs.size() + n * width > (1u << 24))
        return emitError(countLoc, "a function declares more than 16777216 "
                                   "registers");
      if (failed(expect(PTXToken::greater, "'>'")))
        return failure();
      unsigned base = body.regs.size();
      body.regs.resize(base + n * width, RegInfo{t});
      scopes.back().ranges[name] = {base, static_cast<unsigned>(n), vec};
    } else {
      declareRegister(body, name, t, vec);
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
  body.prototypes[label] = {builder.getArrayAttr(asParamReturns(rets)),
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
  if (inst.comps.front() == "mov" &&
      llvm::any_of(ArrayRef(inst.comps).drop_front(),
                   [](StringRef c) { return symbolizeVecWidth(c); }))
    return splitVectorMov(body, inst);
  body.insts.push_back(std::move(inst));
  body.stmts.push_back(
      {Stmt::Inst, static_cast<unsigned>(body.insts.size() - 1)});
  return success();
}

ParseResult PTXParser::splitVectorMov(FunctionBody &body, InstStmt &inst) {
  unsigned width = 0;
  InstStmt scalar = inst;
  scalar.comps.clear();
  scalar.groups.clear();
  for (StringRef c : inst.comps) {
    if (auto v = symbolizeVecWidth(c); v && !width)
      width = static_cast<unsigned>(*v);
    else
      scalar.comps.push_back(c);
  }
  auto isVector = [&](const SmallVector<Operand, 1> &group) {
    return group.size() == 1 && group[0].kind == Operand::Vector &&
           group[0].elems.size() == width;
  };
  if (width > 4 || inst.groups.size() != 2 || !isVector(inst.groups[0]) ||
      !isVector(inst.groups[1]))
    return emitError(inst.loc, "'mov.v" + llvm::Twine(width) +
                                   "' expects a destination and a source of " +
                                   llvm::Twine(width) + " elements");
  for (unsigned i = 0; i < width; ++i) {
    InstStmt elem = scalar;
    elem.groups.emplace_back(1, inst.groups[0][0].elems[i]);
    elem.groups.emplace_back(1, inst.groups[1][0].elems[i]);
    body.insts.push_back(std::move(elem));
    body.stmts.push_back(
        {Stmt::Inst, static_cast<unsigned>(body.insts.size() - 1)});
  }
  return success();
}
