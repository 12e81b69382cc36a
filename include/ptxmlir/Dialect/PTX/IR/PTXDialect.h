//===- PTXDialect.h - the ptx dialect ---------------------------*- C++ -*-===//

#ifndef PTXMLIR_DIALECT_PTX_IR_PTXDIALECT_H
#define PTXMLIR_DIALECT_PTX_IR_PTXDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include "PTX/IR/PTXOpsDialect.h.inc"
#include "PTX/IR/PTXOpsEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "PTX/IR/PTXOpsTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "PTX/IR/PTXOpsAttrs.h.inc"

namespace mlir::ptx {
/// Bit width of a PTX type (`.f16x2` is 32, `.pred` is 1).
unsigned getTypeBitWidth(PTXType type);
/// True for .f16 .bf16 .f32 .f64 and packed float types.
bool isFloatType(PTXType type);
bool isSignedIntType(PTXType type);
bool isUnsignedIntType(PTXType type);
bool isBitType(PTXType type);
/// Bit width of a special register's value (1 for %is_explicit_cluster,
/// 64 for %clock64, %gridid, %globaltimer ...).
unsigned getSpecialRegWidth(SpecialReg reg);
/// The MLIR type of a register declared with `type` (`.pred` → i1 ...).
Type getRegisterType(MLIRContext *ctx, PTXType type);
} // namespace mlir::ptx

#endif // PTXMLIR_DIALECT_PTX_IR_PTXDIALECT_H
