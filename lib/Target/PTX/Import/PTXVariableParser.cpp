//===- PTXVariableParser.cpp - variables and initializers -----------------===//
//
// State-space variables (module or function scope) with their alignment,
// vector width, attributes, array sizes and initializers, as ptx.var ops.
//
//===----------------------------------------------------------------------===//

#include "PTXParser.h"
#include "llvm/ADT/ScopeExit.h"
#include <cmath>

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::import;

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
      if (failed(parseAttributeList(&managed, unified)))
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
    if (!inFunction && failed(checkReservedName(name, nameLoc)))
      return failure();
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
      scopes.back().names[name] = RegName{~0u}; // shadows registers of that name
    }
    // Module scope: a `.extern` declaration and the definition may both
    // appear, in either order; the definition stands for both, where the
    // first of them stood (uses may come between).
    if (!inFunction && linkage == Linkage::external && init)
      return emitError(nameLoc, "a .extern variable takes no initializer");
    VarOp replaced;
    if (!inFunction)
      if (auto prior = dyn_cast_or_null<VarOp>(
              SymbolTable::lookupSymbolIn(into->getParentOp(), symName))) {
        bool priorDecl = prior.getLinkage() == Linkage::external;
        bool thisDecl = linkage == Linkage::external;
        if (priorDecl || thisDecl) {
          // `a[]` declares any size of the same element layout.
          ArrayRef<int64_t> d1 = prior.getDims(), d2 = dims;
          bool sameShape =
              d1.size() == d2.size() &&
              llvm::all_of(llvm::seq<size_t>(0, d1.size()), [&](size_t i) {
                return d1[i] == d2[i] ||
                       (i == 0 && (d1[i] == -1 || d2[i] == -1));
              });
          if (prior.getSpace() != *space || prior.getType() != type ||
              prior.getVec() != vec || !sameShape)
            return emitError(nameLoc,
                             "declarations of '" + name +
                                 "' differ in state space, type or shape");
          Linkage defLinkage = thisDecl ? prior.getLinkage() : linkage;
          if (defLinkage == Linkage::none)
            return emitError(nameLoc, "'.extern' variable '" + name +
                                          "' cannot be resolved by a "
                                          "definition without .visible");
          if (auto a = prior.getAlign())
            align = std::max<int64_t>(align.value_or(0), *a);
          if (thisDecl) {
            if (align)
              prior.setAlignAttr(builder.getI64IntegerAttr(*align));
            continue;
          }
          replaced = prior;
        }
      }
    if (replaced)
      builder.setInsertionPoint(replaced);
    else
      builder.setInsertionPointToEnd(into);
    auto var = VarOp::create(
        builder, ic.getLoc(nameLoc), builder.getStringAttr(symName), *space,
        type, linkage, align ? builder.getI64IntegerAttr(*align) : IntegerAttr(),
        vec ? VecWidthAttr::get(ctx, *vec) : VecWidthAttr(),
        builder.getDenseI64ArrayAttr(dims), init, managed,
        unified.empty() ? DenseI64ArrayAttr()
                        : builder.getDenseI64ArrayAttr(unified));
    if (replaced)
      replaced.erase();
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
  llvm::scope_exit unnest([&] { --nesting; });
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
  // `0xff00(sym)`: a byte of an address, `(addr & mask) >> shift` with
  // `mask` one of 0xff << 8k; the address is `sym`, `sym+off`,
  // `generic(sym)` or `generic(sym)+off`, or an integer expression.
  if (consumeIf(PTXToken::l_paren)) {
    if (value == 0)
      return emitError(loc, "a mask initializer needs a non-zero mask");
    auto mask = static_cast<uint64_t>(value);
    unsigned shift = llvm::countr_zero(mask);
    if (shift % 8 || mask != uint64_t(0xff) << shift)
      return emitError(loc, "a mask initializer's mask is 0xff shifted by a "
                            "whole number of bytes");
    if (type != PTXType::u8 && type != PTXType::u32 && type != PTXType::u64)
      return emitError(loc, "mask initializers need a .u8, .u32 or .u64 "
                            "variable");
    if (tok.isNot(PTXToken::identifier) && !tok.isKeyword("generic")) {
      // An integer constant expression.
      int64_t sum;
      if (failed(parseConstExpr(sum)))
        return failure();
      if (failed(expect(PTXToken::r_paren, "')'")))
        return failure();
      out.push_back(
          IntegerAttr::get(i64, int64_t((uint64_t(sum) & mask) >> shift)));
      return success();
    }
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
    // generic(sym)+off
    if (isGeneric && !offset && consumeIf(PTXToken::plus) &&
        failed(parseInteger(offset, "an offset")))
      return failure();
    if (failed(expect(PTXToken::r_paren, "')'")))
      return failure();
    out.push_back(InitAddrAttr::get(ctx, FlatSymbolRefAttr::get(ctx, sym),
                                    offset, isGeneric, mask));
    return success();
  }
  out.push_back(IntegerAttr::get(i64, value));
  return success();
}
