//===- PTXParser.h - the PTX recursive-descent parser -------*- C++ -*-===//
//
// The parser's state, shared by the files that implement it, one job each:
//   PTXParser.cpp          tokens, integers, constant expressions, types,
//                          the importPTX entry point
//   PTXModuleParser.cpp    the module header and module-level directives
//   PTXVariableParser.cpp  .global/.const/.shared/.local variables and
//                          their initializers
//   PTXFunctionParser.cpp  .entry/.func headers: parameters, performance
//                          directives, prototypes
//   PTXBodyParser.cpp      function bodies: register and .param
//                          declarations, scopes, labels, statements
//   PTXOperandParser.cpp   instruction operands and addresses
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_TARGET_PTX_IMPORT_PTXPARSER_H
#define PTXMLIR_LIB_TARGET_PTX_IMPORT_PTXPARSER_H

#include "PTXImportInternal.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir::ptx::import {

using llvm::SMLoc;
using llvm::StringRef;

/// Parses an integer literal's spelling (decimal, 0x, 0b, octal, optional
/// `U` suffix); false when it is malformed or does not fit in 64 bits.
bool parseIntegerSpelling(StringRef s, uint64_t &value);

/// A register name visible in a `{ }` scope: one name or a `%r<N>` range.
/// A register a name resolves to. A `.v2`/`.v4` vector register is
/// scalarised: its elements are consecutive registers from `id`, so SSA
/// construction and the exporter see only scalar registers.
struct RegName {
  unsigned id;
  unsigned vec = 0; // elements of a vector register; 0 for a scalar
};

/// `%r<N>`: N registers (N vector registers of `vec` elements) from `base`.
struct RegRange {
  unsigned base, count, vec;
};

struct Scope {
  /// `id` ~0u: a function-scope variable shadowing registers of that name.
  llvm::StringMap<RegName> names;
  llvm::StringMap<RegRange> ranges; // by prefix
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
  /// Module-scope names starting with `__ptxmlir_` belong to the compiler
  /// (tables the loader reads, runtime functions it calls): one declared
  /// by the module would be taken for the compiler's.
  ParseResult checkReservedName(StringRef name, SMLoc loc);
  ParseResult parseFileDirective();
  ParseResult parseType(PTXType &type);
  /// `.attribute(.managed, .unified(uuid1, uuid2))` after `.attribute`;
  /// `managed` null: only `.unified` is allowed (functions).
  ParseResult parseAttributeList(bool *managed,
                                 SmallVectorImpl<int64_t> &unified);
  ParseResult parseVarDecl(Linkage linkage, bool inFunction, Block *into);
  ParseResult parseInitializer(PTXType type, SmallVectorImpl<Attribute> &out);
  ParseResult parseInitElement(PTXType type, SmallVectorImpl<Attribute> &out);
  ParseResult parseFunction(Linkage linkage, bool isEntry);
  ParseResult parseParamList(SmallVectorImpl<Attribute> &params,
                             bool allowReg);
  ParseResult parseParam(Attribute &param, bool allowReg);
  /// Directives between the parameter list and the body. A `.pragma` there
  /// is a kernel-level pragma of an .entry; ptxas accepts none in a .func
  /// header, so a .func's go to `bodyPragmas`, the start of its body.
  ParseResult parsePerfDirectives(OperationState &state, bool isEntry,
                                  SmallVectorImpl<PragmaDecl> &bodyPragmas);
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
  /// A scalar register for `name`; vector registers are errors here.
  ParseResult resolveRegister(StringRef name, SMLoc loc, unsigned &reg);
  std::optional<RegName> lookupRegister(StringRef name);
  /// The operand for register `r` named `name`, with what follows it: a
  /// vector component (`%v.x`), a video selector (`%r.b0`), or nothing (a
  /// whole vector register becomes a vector operand).
  ParseResult parseRegisterOperand(RegName r, StringRef name, Operand &op);
  /// `mov.v2/.v4 d, a` moves each element: split it into scalar movs.
  ParseResult splitVectorMov(FunctionBody &body, InstStmt &inst);
  /// The symbol a variable name refers to: the innermost function-scope
  /// variable of that name (renamed when names repeat), else `name`.
  StringRef lookupSymbol(StringRef name);
  unsigned declareRegister(FunctionBody &body, StringRef name, Type type,
                           unsigned vec = 0);
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

} // namespace mlir::ptx::import

#endif // PTXMLIR_LIB_TARGET_PTX_IMPORT_PTXPARSER_H
