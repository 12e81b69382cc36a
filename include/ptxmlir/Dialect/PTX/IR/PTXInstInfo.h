//===- PTXInstInfo.h - PTX syntax of every instruction op -------*- C++ -*-===//
//
// Generated from the op definitions by ptx-tblgen (-gen-ptx-inst-info): the
// importer and the exporter read an instruction's spelling from here.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_DIALECT_PTX_IR_PTXINSTINFO_H
#define PTXMLIR_DIALECT_PTX_IR_PTXINSTINFO_H

#include "mlir/IR/Attributes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::ptx {

enum class SlotKind : uint8_t { Unit, Enum };

/// One modifier group: a unit attribute spelled like its name (`.ftz`) or
/// an enum attribute whose cases are the spellings (`.rn`, `.rz` ...).
struct ModifierSlot {
  llvm::StringLiteral attrName;
  SlotKind kind;
  bool optional;
  /// A PTXType slot: type modifiers fill these in order.
  bool isType;
  Attribute (*parse)(MLIRContext *ctx, llvm::StringRef spelling);
  llvm::StringRef (*print)(Attribute attr);
};

enum class OperandKind : uint8_t {
  Value,           // one register, immediate, symbol or special register
  Optional,        // may be absent
  Variadic,        // `{a, b, c, d}` or one value
  Address,         // `[base+off]` / `[sym+off]`
  CC,              // the implicit carry flag
  OptionalCC,      // implicit carry flag, present with `.cc`
  OptionalAddress, // `[...]` that may be absent (mbarrier of a bulk copy)
  Handle,          // texture/sampler/surface/tensor map: a name or register
  OptionalHandle,  // a handle that may be absent (the sampler of `tex`)
  Vector,          // always written `{a, ...}`, even with one element
  OptionalVector,  // a `{...}` operand that may be absent
};

struct OperandSlot {
  llvm::StringLiteral name;
  OperandKind kind;
  /// Written inside the op's one bracketed tuple `[tex, sampler, {coords}]`
  /// together with its neighbours that are in it too.
  bool inTuple = false;
  /// The operand carries a `<name>_sel` selector (`%r1.b0`, `d.h10`).
  bool hasSelector = false;
  /// The operand carries a `<name>_neg` flag (`-%r1`).
  bool hasNegation = false;
  /// An optional operand present exactly when this attribute is
  /// (`cache_policy` with `.L2::cache_hint`); empty when it follows from the
  /// operand count.
  llvm::StringLiteral presentIf = "";
};

struct InstInfo {
  llvm::StringLiteral opName;
  llvm::StringLiteral opcode;
  llvm::StringLiteral opcodeLate;
  llvm::StringLiteral opcodeLateAfter;
  bool pipeResults;
  bool customOperands;
  llvm::ArrayRef<ModifierSlot> slots;
  llvm::ArrayRef<OperandSlot> results;
  llvm::ArrayRef<OperandSlot> operands;
};

/// Every instruction op of the dialect.
llvm::ArrayRef<InstInfo> getInstInfos();
/// The entry of the op named `opName` (`ptx.add`), or null.
const InstInfo *lookupInstInfo(llvm::StringRef opName);

} // namespace mlir::ptx

#endif // PTXMLIR_DIALECT_PTX_IR_PTXINSTINFO_H
