//===- PTXImportInternal.h - shared state of the PTX importer ---*- C++ -*-===//
//
// The importer reads a function body in two steps: the parser turns the
// text into statements whose register operands are already resolved to
// numbered variables (respecting `{ }` scopes), then FunctionImporter builds
// the CFG and SSA form (Braun et al.) and creates the ops.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_TARGET_PTX_IMPORT_PTXIMPORTINTERNAL_H
#define PTXMLIR_LIB_TARGET_PTX_IMPORT_PTXIMPORTINTERNAL_H

#include "PTXLexer.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <deque>

namespace mlir::ptx::import {

/// A parsed instruction operand.
struct Operand {
  enum Kind : uint8_t {
    Reg,    // %r1 (or !%p with negated)
    Int,    // 42, -1
    F32,    // 0f3F800000 (bits)
    F64,    // 0d... (bits) or a decimal float
    Symbol, // a variable, parameter or function name
    Sreg,   // %tid.x
    Vector, // {a, b}
    Addr,   // [base+offset] / [sym+offset]
    Sink,   // _
    Label,  // a branch target (resolved by name)
    Tuple,  // [tex, sampler, {x, y}]: texture, surface, tensor-map operands
  };
  Kind kind = Sink;
  bool negated = false;
  bool hasBase = false;
  bool minus = false;     // -%r1 (vmad)
  llvm::StringRef selector; // %r1.b0 -> "b0" (video instructions)
  llvm::StringRef vectorReg; // Vector: the vector register it spells, if any
  llvm::SMLoc loc;
  unsigned reg = 0; // Reg, Addr base
  int64_t value = 0; // Int; F32/F64 bits; Addr offset; Sreg dim
  llvm::StringRef name; // Symbol, Label, Addr symbol
  SpecialReg sreg = SpecialReg::tid;
  std::vector<Operand> elems; // Vector, Tuple
};

/// `@%p` / `@!%p` and the instruction, with dotted components split.
struct InstStmt {
  llvm::SMLoc loc;
  Location mlirLoc = Location(UnknownLoc());
  bool hasGuard = false;
  bool guardNeg = false;
  unsigned guardReg = 0;
  llvm::SmallVector<llvm::StringRef, 6> comps; // "ld", "global", "f32"
  llvm::SmallVector<llvm::SmallVector<Operand, 1>, 4> groups; // `a|b` groups
};

struct Stmt {
  enum Kind : uint8_t { Label, Inst, ParamBuf, Pragma };
  Kind kind;
  unsigned index; // into labels / insts / paramBufs / pragmas
};

struct ParamBufDecl {
  Location loc;
  unsigned reg;
  PTXType type;
  int64_t align;
  int64_t count;
  llvm::StringRef name;
};

struct LabelDecl {
  llvm::StringRef name;
  llvm::SMLoc loc;
};

struct PragmaDecl {
  Location loc;
  llvm::SmallVector<llvm::StringRef, 1> values;
};

/// A register (or call-scope .param buffer) of the function being read.
struct RegInfo {
  Type type;
};

struct CallPrototype {
  ArrayAttr rets, args;
};

/// Everything the parser learned about one function body.
struct FunctionBody {
  std::vector<RegInfo> regs;
  std::vector<Stmt> stmts;
  // A deque: statements never move once parsed (no copies on growth).
  std::deque<InstStmt> insts;
  std::vector<LabelDecl> labels;
  std::vector<ParamBufDecl> paramBufs;
  std::vector<PragmaDecl> pragmas;
  llvm::StringMap<llvm::SmallVector<llvm::StringRef, 4>> branchTargets;
  llvm::StringMap<llvm::SmallVector<llvm::StringRef, 4>> callTargets;
  llvm::StringMap<CallPrototype> prototypes;
  /// Function-scope variables renamed to stay unique in the module.
  llvm::StringMap<std::string> localSymbols;
  /// .reg parameters: their register numbers, in order.
  llvm::SmallVector<unsigned, 4> regParams;
  /// .reg return parameters: their registers and the `.param` returns that
  /// stand for them (see `asParamReturns`); `ret` stores the registers.
  llvm::SmallVector<std::pair<unsigned, ParamAttr>, 1> regRets;
};

/// A function's or prototype's return list with each `.reg` return read as
/// a `.param` return of the same type, named `__reg_ret<i>`: `ret` stores
/// the register into it and a call loads the caller's register from its
/// buffer, which is what a `.reg` return means.
llvm::SmallVector<Attribute> asParamReturns(llvm::ArrayRef<Attribute> rets);

/// Reports errors at PTX locations; after the first error, later ones are
/// suppressed until the parser resynchronises.
class ImportContext {
public:
  ImportContext(PTXLexer &lexer, MLIRContext *ctx) : lexer(lexer), ctx(ctx) {}
  InFlightDiagnostic emitError(llvm::SMLoc loc, const llvm::Twine &msg) {
    failed = true;
    return mlir::emitError(lexer.getLoc(ctx, loc), msg);
  }
  Location getLoc(llvm::SMLoc loc) { return lexer.getLoc(ctx, loc); }

  PTXLexer &lexer;
  MLIRContext *ctx;
  bool failed = false;
};

/// Builds the body of `func` (ptx.entry/ptx.func) from its statements.
LogicalResult importFunctionBody(ImportContext &ic, Operation *func,
                                 FunctionBody &body);

} // namespace mlir::ptx::import

#endif // PTXMLIR_LIB_TARGET_PTX_IMPORT_PTXIMPORTINTERNAL_H
