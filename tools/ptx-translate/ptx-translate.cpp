//===- ptx-translate.cpp - PTX <-> MLIR translations ----------------------===//

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "ptxmlir/InitAll.h"

int main(int argc, char **argv) {
  mlir::ptx::registerAllTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "ptx-mlir translation driver"));
}
