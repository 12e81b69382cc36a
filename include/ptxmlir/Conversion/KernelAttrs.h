//===- KernelAttrs.h - kernel facts the back ends share ---------*- C++ -*-===//
//
// Kernel attributes the ptx → shared lowering leaves on an llvm.func
// ("ptx.maxntid", "ptx.reqntid", "ptx.perctamemory_pitch"), read the same
// way by every back end.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_CONVERSION_KERNELATTRS_H
#define PTXMLIR_CONVERSION_KERNELATTRS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <algorithm>
#include <string>

namespace mlir::ptx {

/// A kernel with `.minperctamemory` (PTX ISA 9.4) carries the pitch of its
/// per-CTA memory slices in bytes (an i64 attribute) and takes the base of
/// the region, a global pointer, as its last argument, after the `.param`
/// arguments (docs/lowering.md, "Per-CTA memory").
inline constexpr llvm::StringLiteral kPerCTAMemoryPitchAttr =
    "ptx.perctamemory_pitch";
/// That argument's name in the code object's metadata (".name"): this
/// prefix and the pitch in decimal. The runtime finds the argument by it
/// (runtime/common/CodeObject.cpp) and allocates grid size × pitch bytes.
inline constexpr llvm::StringLiteral kPerCTAMemoryArgPrefix =
    "__ptxmlir_perctamemory_";
/// An LLVM IR function attribute (passthrough) naming a kernel's last
/// argument: amdgpu::emit gives the argument that name, which the AMDGPU
/// back end lists as its ".name".
inline constexpr llvm::StringLiteral kLastArgNameAttr = "ptxmlir-last-arg-name";

inline std::string perCTAMemoryArgName(int64_t pitch) {
  return (kPerCTAMemoryArgPrefix + llvm::Twine(pitch)).str();
}

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
