//===- Lowering.h - shared helpers of the ptx → shared lowering -*- C++ -*-===//
//
// Private to lib/Conversion/PTXToShared. The lowering runs in two steps:
// an imperative step (Structure.cpp) turns module structure into LLVM
// functions and globals and records what each PTX symbol became; then one
// dialect conversion with a pattern set per instruction family lowers the
// instructions.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_PTXTOSHARED_LOWERING_H
#define PTXMLIR_LIB_CONVERSION_PTXTOSHARED_LOWERING_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"
#include "ptxmlir/Conversion/AddressSpaces.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "ptxmlir/Dialect/Wave/IR/WaveDialect.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::ptx::lowering {

/// What a PTX symbol used in a function body became.
struct SymbolInfo {
  enum Kind {
    /// A module or function-scope variable: an LLVM global.
    Global,
    /// A kernel parameter passed by value in argument `arg` (integer of
    /// the parameter's size).
    KernelScalarParam,
    /// A kernel parameter passed by reference (arrays, aggregates).
    KernelByRefParam,
    /// A `.func` parameter or return parameter: a generic pointer to the
    /// caller's buffer in argument `arg`.
    FuncParam,
    /// A `.local` variable: an alloca.
    Local,
  } kind;
  /// The global's name for `Global`.
  StringAttr global;
  /// The address space of the global.
  unsigned addrSpace = kGeneric;
  /// Argument index for parameters.
  unsigned arg = 0;
  /// The alloca for `Local`.
  Value value;
};

/// State shared by all patterns of one run.
struct LoweringState {
  unsigned waveSize = 32;
  int64_t nextOpId = 0;
  /// Per function (the llvm.func op) and PTX symbol name.
  llvm::DenseMap<std::pair<Operation *, StringAttr>, SymbolInfo> symbols;

  const SymbolInfo *lookup(Operation *func, StringAttr name) const {
    auto it = symbols.find({func, name});
    return it == symbols.end() ? nullptr : &it->second;
  }
  int64_t opId() { return nextOpId++; }
  /// Functions whose single scalar `.param` return is an LLVM return
  /// value: the callee-local slot that `st.param` writes.
  llvm::DenseMap<Operation *, Value> returnSlots;
  /// Set when a `.func` of the module executes `exit`. Every defined
  /// `.func` then also returns an i1 "the thread has exited" (see
  /// `withExitFlag`), and every call returns at once when it is set, up to
  /// the kernel, whose return ends the thread.
  bool exitUnwinds = false;
  /// A module-scope `.pragma "nounroll"`: no loop of the module unrolls.
  bool noUnrollEverywhere = false;
};

/// The return type of a `.func` whose value return type is `valueType`
/// (null for none) when exits unwind: `{valueType, i1}`, or `i1` alone.
Type withExitFlag(MLIRContext *ctx, Type valueType);

/// The value return type of `fn` (null for void), without the exit flag.
Type valueReturnType(LLVM::LLVMFuncOp fn);

/// Whether `fn` returns the exit flag: set on the defined `.func`s of a
/// module with `exitUnwinds`.
inline bool returnsExitFlag(LLVM::LLVMFuncOp fn) {
  return fn->hasAttr("ptx.exit_flag");
}

/// The LLVM return type of a `.func` with these `.param` returns: an
/// integer for one scalar of 1, 2, 4 or 8 bytes (kept in registers, as
/// ptxas does; no stack frame per call), otherwise none (the caller passes
/// a buffer).
Type promotedReturnType(MLIRContext *ctx, ArrayAttr rets);

/// Register types are builtin types already; the carry flag becomes an i1
/// and a call-scope .param buffer a generic pointer.
class SharedTypeConverter : public TypeConverter {
public:
  explicit SharedTypeConverter(MLIRContext *ctx);
};

/// Converts `v` to type `to`: integers are truncated or extended (sign
/// extended when `sext`), same-size values bit-cast. This is PTX's rule for
/// registers wider or narrower than the instruction type.
Value adapt(OpBuilder &b, Location loc, Value v, Type to, bool sext = false);

Value intConst(OpBuilder &b, Location loc, Type t, int64_t v);
Value floatConst(OpBuilder &b, Location loc, Type t, double v);

/// `.ftz`: subnormal inputs and results become zero of the same sign
/// (f32 only; PTX ignores .ftz for other types).
Value flushSubnormal(OpBuilder &b, Location loc, Value f);
/// PTX min/max on floats: a NaN operand yields the other one (both NaN:
/// canonical NaN, all payload bits set), -0 < +0; with `nan` (.NaN) any NaN
/// yields the canonical NaN.
Value floatMinMax(OpBuilder &b, Location loc, Value a, Value c, bool isMax,
                  bool nan);
/// `.sat` on floats: clamp to [0, 1], NaN becomes +0.
Value saturateUnit(OpBuilder &b, Location loc, Value f);
/// tanh.approx of an f32, f16 or bf16 value with arithmetic, exp2 and a
/// division only (Tanh.cpp).
Value approxTanh(OpBuilder &b, Location loc, Value x);

/// Operations with directed rounding (Rounding.cpp).
enum class DirectedKind { Add, Mul, Fma, Div, Sqrt };
/// The round-to-nearest result of `kind` on f32/f64 operands and, as an
/// i32 in {-1, 0, 1}, the sign of the exact result minus it.
FailureOr<std::pair<Value, Value>> nearestWithError(OpBuilder &b, Location loc,
                                                    DirectedKind kind,
                                                    ValueRange operands);
/// The exact value rounded in `mode` (rz/rm/rp), given its nearest
/// rounding `r` and sign(exact - r).
Value roundFromNearest(OpBuilder &b, Location loc, Value r, Value sign,
                       Rounding mode);
/// The exact value q + err (err of sign `errSign`, tiny against q) rounded
/// to nearest-even in the narrower float type `to`.
Value narrowNearest(OpBuilder &b, Location loc, Value q, Value errSign,
                    Type to);
/// fptrunc of `x` to `to` rounded in `mode`.
Value narrowDirected(OpBuilder &b, Location loc, Value x, Type to,
                     Rounding mode);
/// An integer converted to the float type `to`, rounded in `mode`.
Value intToFloatDirected(OpBuilder &b, Location loc, Value x, bool isSigned,
                         Type to, Rounding mode);

/// The sync scope ("ptx.cta", "ptx.cluster", "ptx.gpu", "ptx.sys") of a
/// memory-ordering scope, `dflt` when absent; each back end renames them.
StringRef syncScope(std::optional<Scope> scope, Scope dflt);
/// The scope of a wave.fence for a PTX scope.
wave::Scope toWaveScope(Scope s);

/// The `llvm.atomicrmw` operation of a PTX atom/red/red.async operation on
/// `type`: float forms for float types, signed min/max for signed integers;
/// none for `.cas` (a cmpxchg).
std::optional<LLVM::AtomicBinOp> atomicBinOp(AtomOperation op, PTXType type);

/// Atomic float min/max with the non-atomic min/max's exact rules (a NaN
/// yields the other operand, -0 < +0; the ISA says they are the same
/// operation performed atomically): a compare-exchange loop on the bits.
/// `val` is f16/bf16 or a vector of two of them. Returns the old value.
Value atomicFloatMinMax(RewriterBase &b, Location loc, Value ptr, Value val,
                        bool isMax, LLVM::AtomicOrdering ordering, StringRef ss,
                        unsigned align);

/// Splits the current block at the insertion point: returns the block that
/// holds the rest; the insertion point stays at the end of the first part.
Block *splitHere(RewriterBase &rewriter);

/// for (k = 0; k < n; ++k) body(k), with an i64 `n`: the insertion point
/// ends after the loop.
void emitLoop(RewriterBase &rewriter, Location loc, Value n,
              function_ref<void(Value)> body);

/// LLVM address space of a PTX state space (generic when absent).
unsigned addrSpaceOf(std::optional<StateSpace> space);

/// Emits an error at `op`'s PTX location naming what is not supported and
/// returns failure, so that the conversion stops with that message.
LogicalResult unsupported(ConversionPatternRewriter &rewriter, Operation *op,
                          const Twine &what);

/// The address `[base + sym + offset]` of a memory instruction as a pointer
/// of space `as`. Registers holding shared or local addresses are window
/// offsets (32-bit pointers); generic and global ones 64-bit.
FailureOr<Value> lowerAddress(ConversionPatternRewriter &rewriter,
                              Operation *op, LoweringState &state, Value base,
                              FlatSymbolRefAttr sym, int64_t offset,
                              std::optional<StateSpace> space);

/// Replaces `op`'s results by `values` adapted to the result types.
void replaceWithAdapted(ConversionPatternRewriter &rewriter, Operation *op,
                        ValueRange values, bool sext = false);

/// Checks that `op` carries no guard (the predication pass ran).
LogicalResult checkUnguarded(ConversionPatternRewriter &rewriter,
                             Operation *op);

/// Renames every use of a `.alias` to its aliasee and drops the alias
/// (Alias.cpp); runs before the structure step.
LogicalResult resolveAliases(ModuleOp top);

/// Runs the imperative structure step on every ptx.module under `top`.
LogicalResult lowerStructure(ModuleOp top, LoweringState &state);

/// A module-scope `.pragma` (Pragmas.cpp): an error for an unknown string,
/// otherwise noted in `state` and erased.
LogicalResult lowerModulePragma(PragmaOp op, LoweringState &state);
/// Marks with kNoUnrollAttr the `bra`s that are back edges of loops a
/// `.pragma "nounroll"` covers, and warns about unknown strings of the
/// pragmas in functions (their pattern erases them). Runs after the
/// structure step.
void markNoUnrollLoops(ModuleOp top, const LoweringState &state);
/// On a `ptx.bra`: the branch closes a loop that must not be unrolled.
constexpr llvm::StringLiteral kNoUnrollAttr = "ptx.nounroll";
/// On a kernel's llvm.func: the strings of the `.pragma`s in its `.entry`
/// header (a `.func` header's become ptx.pragma ops in its first block).
constexpr llvm::StringLiteral kEntryPragmasAttr = "ptx.entry_pragmas";

void populateIntegerPatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                             LoweringState &s);
void populateFloatPatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                           LoweringState &s);
void populateComparePatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                             LoweringState &s);
void populateConversionPatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                                LoweringState &s);
void populateMemoryPatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                            LoweringState &s);
void populateSpecialRegPatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                                LoweringState &s);
void populateControlFlowPatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                                 LoweringState &s);
void populateSyncPatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                          LoweringState &s);
void populateWarpPatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                          LoweringState &s);
void populateVideoPatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                           LoweringState &s);
void populateAsyncPatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                           LoweringState &s);
void populateTensorPatterns(SharedTypeConverter &tc, RewritePatternSet &p,
                            LoweringState &s);

/// Base of every pattern: access to the shared state.
template <typename OpT> struct PTXPattern : public OpConversionPattern<OpT> {
  PTXPattern(SharedTypeConverter &tc, MLIRContext *ctx, LoweringState &s,
             PatternBenefit benefit = 1)
      : OpConversionPattern<OpT>(tc, ctx, benefit), state(s) {}
  LoweringState &state;
};

/// Instructions with no effect on the program's state, erased: hints
/// (prefetch), a breakpoint without a debugger, a profiler event, a sleep
/// of length zero (PTX allows any duration in [0, 2t]), proxy fences with a
/// single memory proxy.
template <typename OpT> struct NoEffectLowering : public PTXPattern<OpT> {
  using PTXPattern<OpT>::PTXPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkUnguarded(rewriter, op)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace mlir::ptx::lowering

#endif // PTXMLIR_LIB_CONVERSION_PTXTOSHARED_LOWERING_H
