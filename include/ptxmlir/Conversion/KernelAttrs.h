//===- KernelAttrs.h - kernel facts the back ends share ---------*- C++ -*-===//
//
// Kernel attributes the ptx → shared lowering leaves on an llvm.func
// ("ptx.maxntid", "ptx.reqntid"), read the same way by every back end.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_CONVERSION_KERNELATTRS_H
#define PTXMLIR_CONVERSION_KERNELATTRS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <algorithm>

namespace mlir::ptx {

/// The most threads a block of kernel `fn` may have: CUDA's 1024, or fewer
/// under `.maxntid` or `.reqntid` (the product of their dimensions).
inline int64_t getMaxThreadsPerBlock(Operation *fn) {
  int64_t maxThreads = 1024;
  for (StringRef name : {"ptx.maxntid", "ptx.reqntid"})
    if (auto dims = fn->getAttrOfType<DenseI32ArrayAttr>(name)) {
      int64_t product = 1;
      for (int32_t d : dims.asArrayRef())
        product *= d;
      maxThreads = std::min(maxThreads, product);
    }
  return maxThreads;
}

} // namespace mlir::ptx

#endif // PTXMLIR_CONVERSION_KERNELATTRS_H
