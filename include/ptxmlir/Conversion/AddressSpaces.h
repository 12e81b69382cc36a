//===- AddressSpaces.h - address spaces of the shared layer -----*- C++ -*-===//
//
// The LLVM address spaces the ptx → shared lowering gives pointers and
// globals, read by every back end.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_CONVERSION_ADDRESSSPACES_H
#define PTXMLIR_CONVERSION_ADDRESSSPACES_H

namespace mlir::ptx {

/// LLVM address spaces of the shared layer. They are the AMDGPU and NVPTX
/// numbers (which agree); the host back end maps them all to 0.
enum AddrSpace : unsigned {
  kGeneric = 0,
  kGlobal = 1,
  kShared = 3,
  kConst = 4,
  kLocal = 5,
};

} // namespace mlir::ptx

#endif // PTXMLIR_CONVERSION_ADDRESSSPACES_H
