//===- ptx-tblgen.cpp - TableGen driver with the ptx-mlir backends --------===//

#include "mlir/Tools/mlir-tblgen/MlirTblgenMain.h"

int main(int argc, char **argv) { return mlir::MlirTblgenMain(argc, argv); }
