//===- ManagedVariables.h - `.managed` variables' symbols ------*- C++ -*-===//
//
// A `.global .attribute(.managed)` variable lives in one process-wide
// allocation that the host and every context reach at the same address, so
// its storage cannot be part of a code object. On AMD and the CPU agent the
// compiler turns variable `v` into two data symbols the loader
// (runtime/cuda/ManagedVariables.cpp) works with:
//
//   `__ptxmlir_managed.v`       a writable 8-byte slot: the loader writes the
//                               storage's address into it before any launch;
//                               every access to `v` loads its address here
//   `__ptxmlir_managed_init.v`  read-only, `v`'s size and initial bytes
//
// docs/lowering.md, "Managed variables", says why.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_CONVERSION_MANAGEDVARIABLES_H
#define PTXMLIR_CONVERSION_MANAGEDVARIABLES_H

#include "llvm/ADT/StringRef.h"

namespace mlir::ptx {

/// The unit attribute the ptx → shared lowering leaves on the
/// llvm.mlir.global of a `.managed` variable.
inline constexpr llvm::StringLiteral kManagedAttr = "ptx.managed";
/// The symbol prefixes of a managed variable's slot and initial bytes. PTX
/// names have no '.', and the importer keeps `__ptxmlir_` names out of
/// module scope, so no PTX name collides with them.
inline constexpr llvm::StringLiteral kManagedSlotPrefix = "__ptxmlir_managed.";
inline constexpr llvm::StringLiteral kManagedInitPrefix =
    "__ptxmlir_managed_init.";

} // namespace mlir::ptx

#endif // PTXMLIR_CONVERSION_MANAGEDVARIABLES_H
