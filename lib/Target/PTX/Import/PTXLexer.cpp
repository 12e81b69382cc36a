//===- PTXLexer.cpp - PTX lexer -------------------------------------------===//

#include "PTXLexer.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::ptx::import;

llvm::StringRef PTXToken::getKindName(Kind kind) {
  switch (kind) {
#define TOK_MARKER(NAME)                                                       \
  case NAME:                                                                   \
    return #NAME;
#define TOK_IDENTIFIER(NAME)                                                   \
  case NAME:                                                                   \
    return #NAME;
#define TOK_LITERAL(NAME)                                                      \
  case NAME:                                                                   \
    return #NAME;
#define TOK_PUNCTUATION(NAME, SPELLING)                                        \
  case NAME:                                                                   \
    return "'" SPELLING "'";
#include "PTXTokenKinds.def"
  }
  return "token";
}

PTXLexer::PTXLexer(const llvm::SourceMgr &sourceMgr, unsigned bufferId)
    : buffer(sourceMgr.getMemoryBuffer(bufferId)->getBuffer()),
      curPtr(buffer.begin()) {
  lastLinePtr = buffer.begin();
  lastFileName = sourceMgr.getMemoryBuffer(bufferId)->getBufferIdentifier();
}

Location PTXLexer::getLoc(MLIRContext *ctx, llvm::SMLoc loc) const {
  // Line lookups are incremental: locations are requested in increasing
  // order almost always, and SourceMgr's lookup would be quadratic-ish.
  const char *ptr = loc.getPointer();
  if (ptr < lastLinePtr) {
    lastLine = 1;
    lastLinePtr = buffer.begin();
  }
  const char *lineStart = lastLinePtr;
  for (const char *p = lastLinePtr; p < ptr; ++p)
    if (*p == '\n') {
      ++lastLine;
      lineStart = p + 1;
    }
  lastLinePtr = lineStart;
  unsigned column = ptr - lineStart + 1;
  return FileLineColLoc::get(ctx, lastFileName, lastLine, column);
}

PTXToken PTXLexer::emitError(const char *loc, const llvm::Twine &message) {
  (void)message;
  return PTXToken(PTXToken::error, llvm::StringRef(loc, 1));
}

static bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$';
}

bool PTXLexer::skipComment() {
  // At '/': handle // and /* */.
  if (curPtr[1] == '/') {
    while (curPtr != buffer.end() && *curPtr != '\n')
      ++curPtr;
    return true;
  }
  if (curPtr[1] == '*') {
    const char *end = strstr(curPtr + 2, "*/");
    curPtr = end ? end + 2 : buffer.end();
    return true;
  }
  return false;
}

PTXToken PTXLexer::lex() {
  while (true) {
    if (curPtr == buffer.end())
      return PTXToken(PTXToken::eof, llvm::StringRef(curPtr, 0));
    const char *start = curPtr;
    char c = *curPtr;
    if (c == '/' && curPtr + 1 != buffer.end() && skipComment())
      continue;
    switch (c) {
    case ' ':
    case '\t':
    case '\n':
    case '\r':
    case '\f':
    case '\v':
      ++curPtr;
      continue;
    case '\0':
      if (curPtr + 1 == buffer.end()) {
        ++curPtr;
        continue;
      }
      ++curPtr;
      return formToken(PTXToken::error, start);
#define TOK_PUNCTUATION(NAME, SPELLING)                                        \
  case SPELLING[0]:                                                            \
    ++curPtr;                                                                  \
    return formToken(PTXToken::NAME, start);
#define TOK_MARKER(NAME)
#define TOK_IDENTIFIER(NAME)
#define TOK_LITERAL(NAME)
#include "PTXTokenKinds.def"
    case '"':
      return lexString(start);
    case '%':
      ++curPtr;
      return lexIdentifier(start, PTXToken::percent_identifier);
    case '.':
      ++curPtr;
      if (llvm::isDigit(*curPtr)) {
        // `.1d`, `.2dms`: geometry modifiers start with a digit.
        const char *p = curPtr;
        while (p != buffer.end() && llvm::isDigit(*p))
          ++p;
        bool exponent = p != buffer.end() && (*p == 'e' || *p == 'E') &&
                        p + 1 != buffer.end() &&
                        (llvm::isDigit(p[1]) || p[1] == '+' || p[1] == '-');
        if (p == buffer.end() || !isIdentifierChar(*p) || exponent)
          return lexNumber(start);
      }
      return lexIdentifier(start, PTXToken::dot_identifier);
    default:
      if (llvm::isDigit(c))
        return lexNumber(start);
      if (isIdentifierChar(c)) {
        return lexIdentifier(start, PTXToken::identifier);
      }
      ++curPtr;
      return formToken(PTXToken::error, start);
    }
  }
}

PTXToken PTXLexer::lexIdentifier(const char *start, PTXToken::Kind kind) {
  const char *bodyStart = curPtr;
  while (curPtr != buffer.end() && isIdentifierChar(*curPtr))
    ++curPtr;
  // Modifiers carry `::` parts: `.shared::cta`, `.L2::cache_hint`.
  if (kind == PTXToken::dot_identifier) {
    while (curPtr + 2 < buffer.end() && curPtr[0] == ':' && curPtr[1] == ':' &&
           isIdentifierChar(curPtr[2])) {
      curPtr += 2;
      while (curPtr != buffer.end() && isIdentifierChar(*curPtr))
        ++curPtr;
    }
  }
  if (curPtr == bodyStart && kind != PTXToken::identifier)
    return formToken(PTXToken::error, start);
  return formToken(kind, start);
}

PTXToken PTXLexer::lexNumber(const char *start) {
  const char *end = buffer.end();
  auto hexRun = [&](const char *p) {
    while (p != end && llvm::isHexDigit(*p))
      ++p;
    return p;
  };
  if (*start == '0' && curPtr + 1 < end) {
    char n = start[1];
    if (n == 'f' || n == 'F') {
      curPtr = hexRun(start + 2);
      if (curPtr - start == 10)
        return formToken(PTXToken::float_hex32, start);
      return formToken(PTXToken::error, start);
    }
    if (n == 'd' || n == 'D') {
      curPtr = hexRun(start + 2);
      if (curPtr - start == 18)
        return formToken(PTXToken::float_hex64, start);
      return formToken(PTXToken::error, start);
    }
    if (n == 'x' || n == 'X') {
      curPtr = hexRun(start + 2);
      if (curPtr != end && (*curPtr == 'U' || *curPtr == 'u'))
        ++curPtr;
      return formToken(PTXToken::integer, start);
    }
    if (n == 'b' || n == 'B') {
      curPtr = start + 2;
      while (curPtr != end && (*curPtr == '0' || *curPtr == '1'))
        ++curPtr;
      if (curPtr != end && (*curPtr == 'U' || *curPtr == 'u'))
        ++curPtr;
      return formToken(PTXToken::integer, start);
    }
  }
  curPtr = start;
  bool isFloat = false;
  while (curPtr != end && llvm::isDigit(*curPtr))
    ++curPtr;
  if (curPtr != end && *curPtr == '.') {
    isFloat = true;
    ++curPtr;
    while (curPtr != end && llvm::isDigit(*curPtr))
      ++curPtr;
  }
  if (curPtr != end && (*curPtr == 'e' || *curPtr == 'E')) {
    const char *p = curPtr + 1;
    if (p != end && (*p == '+' || *p == '-'))
      ++p;
    if (p != end && llvm::isDigit(*p)) {
      isFloat = true;
      curPtr = p;
      while (curPtr != end && llvm::isDigit(*curPtr))
        ++curPtr;
    }
  }
  if (isFloat)
    return formToken(PTXToken::float_dec, start);
  if (curPtr != end && (*curPtr == 'U' || *curPtr == 'u'))
    ++curPtr;
  return formToken(PTXToken::integer, start);
}

PTXToken PTXLexer::lexString(const char *start) {
  ++curPtr;
  while (curPtr != buffer.end() && *curPtr != '"' && *curPtr != '\n') {
    if (*curPtr == '\\' && curPtr + 1 != buffer.end())
      ++curPtr;
    ++curPtr;
  }
  if (curPtr == buffer.end() || *curPtr != '"')
    return formToken(PTXToken::error, start);
  ++curPtr;
  return formToken(PTXToken::string, start);
}
