//===- PTXOperandParser.cpp - instruction operands ------------------------===//
//
// Operands of an instruction: registers (with selectors), special
// registers, symbols, immediates and constant expressions, vectors, and
// `[...]` addresses and texture/surface tuples.
//
//===----------------------------------------------------------------------===//

#include "PTXParser.h"
#include "llvm/ADT/ScopeExit.h"
#include <cmath>

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::import;

/// `.x .y .z .w` (or `.r .g .b .a`): the index of a vector component.
static std::optional<unsigned> vectorComponent(StringRef c) {
  if (c.size() != 1)
    return std::nullopt;
  size_t i = StringRef("xyzw").find(c[0]);
  if (i == StringRef::npos)
    i = StringRef("rgba").find(c[0]);
  if (i == StringRef::npos)
    return std::nullopt;
  return static_cast<unsigned>(i);
}

ParseResult PTXParser::parseRegisterOperand(RegName r, StringRef name,
                                            Operand &op) {
  std::optional<unsigned> comp;
  StringRef suffix;
  SMLoc suffixLoc = tok.getLoc();
  if (tok.is(PTXToken::dot_identifier)) {
    suffix = tok.getSpelling().drop_front();
    comp = vectorComponent(suffix);
  }
  if (r.vec) {
    if (suffix.empty()) {
      // The whole vector register: a `{a, b, ...}` of its elements.
      op.kind = Operand::Vector;
      op.vectorReg = name;
      for (unsigned i = 0; i < r.vec; ++i) {
        Operand elem;
        elem.kind = Operand::Reg;
        elem.loc = op.loc;
        elem.reg = r.id + i;
        op.elems.push_back(std::move(elem));
      }
      return success();
    }
    if (!comp)
      return emitError(suffixLoc, "invalid component '." + suffix +
                                      "' of vector register '" + name +
                                      "' (expected .x .y .z .w or .r .g .b "
                                      ".a)");
    if (*comp >= r.vec)
      return emitError(suffixLoc, "component '." + suffix +
                                      "' is out of range for .v" +
                                      llvm::Twine(r.vec) + " register '" +
                                      name + "'");
    consume();
    op.kind = Operand::Reg;
    op.reg = r.id + *comp;
    return success();
  }
  if (comp)
    return emitError(suffixLoc, "scalar register '" + name +
                                    "' has no component '." + suffix + "'");
  op.kind = Operand::Reg;
  op.reg = r.id;
  // `%r1.b0`, `%r1.h10`: a video instruction's operand selector.
  if (!suffix.empty()) {
    op.selector = suffix;
    consume();
  }
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
      if (reg->vec)
        return emitError(loc, "vector register '" + name +
                                  "' used where a scalar register is "
                                  "expected");
      op.hasBase = true;
      op.reg = reg->id;
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
  llvm::scope_exit unnest([&] { --nesting; });
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
    if (auto reg = lookupRegister(name))
      return parseRegisterOperand(*reg, name, op);
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
    // A register named without `%`, or a call-scope .param buffer.
    if (auto reg = lookupRegister(name))
      return parseRegisterOperand(*reg, name, op);
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
