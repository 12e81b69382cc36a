//===- ptx-opt.cpp - mlir-opt with the ptx-mlir dialects and passes -------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "ptxmlir/InitAll.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::ptx::registerAllDialects(registry);
  mlir::registerAllPasses();
  mlir::ptx::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "ptx-mlir optimizer driver\n", registry));
}
