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
  Value,      // one register, immediate, symbol or special register
  Optional,   // may be absent
  Variadic,   // `{a, b, c, d}` or one value
  Address,    // `[base+off]` / `[sym+off]`
  CC,         // the implicit carry flag
  OptionalCC, // implicit carry flag, present with `.cc`
};

struct OperandSlot {
  llvm::StringLiteral name;
  OperandKind kind;
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
