//===- PTXDialect.cpp - the ptx dialect -----------------------------------===//

#include "ptxmlir/Dialect/PTX/IR/PTXDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ptx;

#include "PTX/IR/PTXOpsDialect.cpp.inc"
#include "PTX/IR/PTXOpsEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "PTX/IR/PTXOpsTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "PTX/IR/PTXOpsAttrs.cpp.inc"

void PTXDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "PTX/IR/PTXOps.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "PTX/IR/PTXOpsTypes.cpp.inc"
      >();
  registerAttributes();
}

void PTXDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "PTX/IR/PTXOpsAttrs.cpp.inc"
      >();
}

unsigned mlir::ptx::getTypeBitWidth(PTXType type) {
  switch (type) {
  case PTXType::pred:
  case PTXType::b1:
    return 1;
  case PTXType::u2:
  case PTXType::s2:
    return 2;
  case PTXType::s4:
  case PTXType::u4:
  case PTXType::e2m1:
    return 4;
  case PTXType::b8:
  case PTXType::u8:
  case PTXType::s8:
  case PTXType::e4m3:
  case PTXType::e5m2:
  case PTXType::e2m3:
  case PTXType::e3m2:
  case PTXType::ue8m0:
  case PTXType::ue4m3:
  case PTXType::e2m1x2:
    return 8;
  case PTXType::b16:
  case PTXType::u16:
  case PTXType::s16:
  case PTXType::f16:
  case PTXType::bf16:
  case PTXType::e4m3x2:
  case PTXType::e5m2x2:
  case PTXType::e2m3x2:
  case PTXType::e3m2x2:
  case PTXType::ue8m0x2:
  case PTXType::e2m1x4:
  case PTXType::s2f6x2:
    return 16;
  case PTXType::b32:
  case PTXType::u32:
  case PTXType::s32:
  case PTXType::f32:
  case PTXType::f16x2:
  case PTXType::bf16x2:
  case PTXType::tf32:
  case PTXType::u16x2:
  case PTXType::s16x2:
  case PTXType::e4m3x4:
  case PTXType::e5m2x4:
  case PTXType::e2m3x4:
  case PTXType::e3m2x4:
    return 32;
  case PTXType::b64:
  case PTXType::u64:
  case PTXType::s64:
  case PTXType::f64:
  case PTXType::f32x2:
  // Opaque handles are 64-bit in registers (indirect access).
  case PTXType::texref:
  case PTXType::samplerref:
  case PTXType::surfref:
    return 64;
  case PTXType::b128:
  case PTXType::b8x16:
  case PTXType::b4x16:
  case PTXType::b6x16_p32:
  case PTXType::b4x16_p64:
    return 128;
  }
  llvm_unreachable("unknown PTX type");
}

bool mlir::ptx::isFloatType(PTXType type) {
  switch (type) {
  case PTXType::f16:
  case PTXType::f16x2:
  case PTXType::bf16:
  case PTXType::bf16x2:
  case PTXType::f32:
  case PTXType::f64:
  case PTXType::f32x2:
  case PTXType::tf32:
    return true;
  default:
    return false;
  }
}

bool mlir::ptx::isSignedIntType(PTXType type) {
  switch (type) {
  case PTXType::s8:
  case PTXType::s16:
  case PTXType::s32:
  case PTXType::s64:
  case PTXType::s4:
  case PTXType::s2:
  case PTXType::s16x2:
    return true;
  default:
    return false;
  }
}

bool mlir::ptx::isUnsignedIntType(PTXType type) {
  switch (type) {
  case PTXType::u8:
  case PTXType::u16:
  case PTXType::u32:
  case PTXType::u64:
  case PTXType::u4:
  case PTXType::u2:
  case PTXType::u16x2:
    return true;
  default:
    return false;
  }
}

bool mlir::ptx::isBitType(PTXType type) {
  switch (type) {
  case PTXType::b1:
  case PTXType::b8:
  case PTXType::b16:
  case PTXType::b32:
  case PTXType::b64:
  case PTXType::b128:
    return true;
  default:
    return false;
  }
}

Type mlir::ptx::getRegisterType(MLIRContext *ctx, PTXType type) {
  switch (type) {
  case PTXType::pred:
    return IntegerType::get(ctx, 1);
  case PTXType::f16:
    return Float16Type::get(ctx);
  case PTXType::bf16:
    return BFloat16Type::get(ctx);
  case PTXType::f32:
    return Float32Type::get(ctx);
  case PTXType::f64:
    return Float64Type::get(ctx);
  default:
    return IntegerType::get(ctx, getTypeBitWidth(type));
  }
}

unsigned mlir::ptx::getSpecialRegWidth(SpecialReg reg) {
  switch (reg) {
  case SpecialReg::is_explicit_cluster:
    return 1;
  case SpecialReg::clock64:
  case SpecialReg::gridid:
  case SpecialReg::globaltimer:
  case SpecialReg::current_graph_exec:
  case SpecialReg::perctamemoryoffset:
  case SpecialReg::pm0_64:
  case SpecialReg::pm1_64:
  case SpecialReg::pm2_64:
  case SpecialReg::pm3_64:
  case SpecialReg::pm4_64:
  case SpecialReg::pm5_64:
  case SpecialReg::pm6_64:
  case SpecialReg::pm7_64:
    return 64;
  default:
    return 32;
  }
}
