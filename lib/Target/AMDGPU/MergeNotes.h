//===- MergeNotes.h - one metadata note for linked objects ------*- C++ -*-===//

#ifndef PTXMLIR_LIB_TARGET_AMDGPU_MERGENOTES_H
#define PTXMLIR_LIB_TARGET_AMDGPU_MERGENOTES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace mlir::ptx::amdgpu {

/// The AMDGPU back end gives every object an NT_AMDGPU_METADATA note that
/// lists that object's kernels, and the linker would keep them all; loaders
/// read one note per code object. Rewrites `objects`, the relocatable
/// objects of one module's parts, so that the first one's note lists the
/// kernels of all and the others have none. An object with notes of other
/// kinds, or whose metadata disagrees with the first's (version, target),
/// is an error.
llvm::Error mergeMetadataNotes(llvm::MutableArrayRef<std::string> objects);

} // namespace mlir::ptx::amdgpu

#endif // PTXMLIR_LIB_TARGET_AMDGPU_MERGENOTES_H
