//===- Reducible.h - irreducible cycles fixed before codegen ----*- C++ -*-===//
//
// The AMDGPU code generator makes irreducible cycles reducible
// (FixIrreducible) before it structurizes the control flow. In LLVM 22 that
// pass can drop a value: when a block inside an irreducible cycle branches
// both to the header it picks and to another entry, only the edge to the
// header is routed through the new guard block, yet the other entry's PHI
// is moved into the guard too, so on the direct edge the entry reads the
// guard's value from its previous visit (docs/e2e-amd.md, session 13; a
// 30-line reproducer runs under lli). With the critical edges split first,
// no block branches to two entries and the pass is right.
//
// So functions with irreducible cycles get that done here, after
// optimisation: their switches are lowered to branches (as the code
// generator does before its fix-irreducible), their critical edges split,
// and FixIrreducible runs on them; the code generator's own run finds
// nothing left to fix.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_TARGET_AMDGPU_REDUCIBLE_H
#define PTXMLIR_LIB_TARGET_AMDGPU_REDUCIBLE_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::ptx::amdgpu {

/// Makes every function of `module` with an irreducible cycle reducible, as
/// described above. Returns how many functions it changed.
unsigned makeReducible(llvm::Module &module);

} // namespace mlir::ptx::amdgpu

#endif // PTXMLIR_LIB_TARGET_AMDGPU_REDUCIBLE_H
