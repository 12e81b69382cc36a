//===- PTXInstInfo.cpp - the generated instruction syntax tables ----------===//

#include "ptxmlir/Dialect/PTX/IR/PTXInstInfo.h"
#include "ptxmlir/Dialect/PTX/IR/PTXDialect.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::ptx;

#include "PTX/IR/PTXInstInfo.cpp.inc"

ArrayRef<InstInfo> mlir::ptx::getInstInfos() { return kInstInfos; }

const InstInfo *mlir::ptx::lookupInstInfo(StringRef opName) {
  static const llvm::StringMap<const InstInfo *> map = [] {
    llvm::StringMap<const InstInfo *> m;
    for (const InstInfo &info : kInstInfos)
      m[info.opName] = &info;
    return m;
  }();
  auto it = map.find(opName);
  return it == map.end() ? nullptr : it->second;
}
