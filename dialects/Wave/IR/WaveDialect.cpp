//===- WaveDialect.cpp - the shared layer's wave dialect ------------------===//

#include "ptxmlir/Dialect/Wave/IR/WaveDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wave;

#include "Wave/IR/WaveOpsDialect.cpp.inc"
#include "Wave/IR/WaveOpsEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Wave/IR/WaveOpsAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "Wave/IR/WaveOps.cpp.inc"

void WaveDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Wave/IR/WaveOpsAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "Wave/IR/WaveOps.cpp.inc"
      >();
}
