//===- OutOfSSA.h - register classes for leaving SSA form -------*- C++ -*-===//
//
// Groups SSA values into registers for the exporter: a guarded
// instruction's result joins its `prev` value, and a block argument joins
// the values passed to it, whenever their live ranges do not interfere.
// Values of one PTX register never interfere, so imported code gets its
// registers back and needs no copies.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_TARGET_PTX_EXPORT_OUTOFSSA_H
#define PTXMLIR_LIB_TARGET_PTX_EXPORT_OUTOFSSA_H

#include "mlir/IR/Region.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace mlir::ptx {

class RegisterClasses {
public:
  /// `isRegister` says which values live in registers at all.
  RegisterClasses(Region &region, llvm::function_ref<bool(Value)> isRegister);

  /// The representative of `v`'s class.
  Value leader(Value v) { return classes.getOrInsertLeaderValue(v); }

private:
  void computeLiveness();
  bool liveAtDef(Value a, Value b);
  bool interferes(Value a, Value b);
  bool tryMerge(Value a, Value b);

  Region &region;
  llvm::function_ref<bool(Value)> isRegister;
  llvm::EquivalenceClasses<Value> classes;
  llvm::DenseMap<Value, unsigned> valueIds;
  llvm::DenseMap<Block *, llvm::BitVector> liveIn, liveOut;
  llvm::DenseMap<Operation *, unsigned> opIndex; // position in its block
};

} // namespace mlir::ptx

#endif // PTXMLIR_LIB_TARGET_PTX_EXPORT_OUTOFSSA_H
