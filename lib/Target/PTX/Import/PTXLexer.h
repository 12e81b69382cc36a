//===- PTXLexer.h - PTX lexer -----------------------------------*- C++ -*-===//

#ifndef PTXMLIR_LIB_TARGET_PTX_IMPORT_PTXLEXER_H
#define PTXMLIR_LIB_TARGET_PTX_IMPORT_PTXLEXER_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

namespace mlir::ptx::import {

class PTXToken {
public:
  enum Kind {
#define TOK_MARKER(NAME) NAME,
#define TOK_IDENTIFIER(NAME) NAME,
#define TOK_LITERAL(NAME) NAME,
#define TOK_PUNCTUATION(NAME, SPELLING) NAME,
#include "PTXTokenKinds.def"
  };

  PTXToken(Kind kind = eof, llvm::StringRef spelling = {})
      : kind(kind), spelling(spelling) {}

  Kind getKind() const { return kind; }
  bool is(Kind k) const { return kind == k; }
  bool isNot(Kind k) const { return kind != k; }
  llvm::StringRef getSpelling() const { return spelling; }
  llvm::SMLoc getLoc() const {
    return llvm::SMLoc::getFromPointer(spelling.data());
  }
  /// `.reg` is a dot identifier whose spelling equals "reg" after the dot.
  bool isDirective(llvm::StringRef name) const {
    return kind == dot_identifier && spelling.drop_front() == name;
  }
  bool isKeyword(llvm::StringRef name) const {
    return kind == identifier && spelling == name;
  }
  /// The text of a string literal without quotes.
  llvm::StringRef getStringValue() const {
    return spelling.drop_front().drop_back();
  }
  static llvm::StringRef getKindName(Kind kind);

private:
  Kind kind;
  llvm::StringRef spelling;
};

/// Splits PTX text into tokens. Comments and whitespace are skipped.
class PTXLexer {
public:
  PTXLexer(const llvm::SourceMgr &sourceMgr, unsigned bufferId);

  PTXToken lex();
  /// The MLIR location of a position in the buffer.
  Location getLoc(MLIRContext *ctx, llvm::SMLoc loc) const;
  /// Resets the lexer to `loc` (used to re-lex after a lookahead).
  void resetPointer(const char *ptr) { curPtr = ptr; }
  const char *getBufferBegin() const { return buffer.begin(); }

private:
  PTXToken formToken(PTXToken::Kind kind, const char *start) {
    return PTXToken(kind, llvm::StringRef(start, curPtr - start));
  }
  PTXToken emitError(const char *loc, const llvm::Twine &message);
  PTXToken lexIdentifier(const char *start, PTXToken::Kind kind);
  PTXToken lexNumber(const char *start);
  PTXToken lexString(const char *start);
  bool skipComment();

  llvm::StringRef buffer;
  const char *curPtr;
  mutable unsigned lastLine = 1;
  mutable const char *lastLinePtr = nullptr;
  mutable llvm::StringRef lastFileName;
};

} // namespace mlir::ptx::import

#endif // PTXMLIR_LIB_TARGET_PTX_IMPORT_PTXLEXER_H
