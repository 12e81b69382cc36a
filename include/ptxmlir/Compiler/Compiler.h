//===- Compiler.h - the embedding API (C++) ---------------------*- C++ -*-===//
//
// compile(PTX bytes, options) → a code object (or an intermediate form) plus
// the located diagnostics. Thread-safe: every call has its own MLIR and
// LLVM contexts; the in-process linker is serialised internally.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_COMPILER_COMPILER_H
#define PTXMLIR_COMPILER_COMPILER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir::ptx {

enum class CompileOutput {
  PTXDialect,  ///< the ptx dialect after import (MLIR text)
  SharedLayer, ///< after -convert-ptx-to-shared (MLIR text)
  LLVMDialect, ///< ROCDL + LLVM dialect (MLIR text)
  LLVMIR,      ///< LLVM IR text, before optimisation
  Assembly,    ///< AMDGPU assembly
  Object,      ///< relocatable ELF object
  CodeObject,  ///< linked AMD code object (HSACO)
};

struct CompileOptions {
  /// The AMD GPU, e.g. "gfx1100"; the wave size follows from it. "sm_NN"
  /// selects the NVVM check path: the shared layer lowered through NVVM to
  /// PTX for that NVIDIA architecture (Assembly/CodeObject give PTX text).
  /// "host-<chip>" (e.g. "host-gfx942") targets the CPU agent with that
  /// chip's wave size: the code object is an ELF object for this machine
  /// (ptxmlir/Target/Host/HostABI.h).
  std::string chip = "gfx1100";
  CompileOutput output = CompileOutput::CodeObject;
  unsigned optLevel = 3;
  /// Threads generating code for one AMD code object: a large module's
  /// kernels are split into up to this many parts compiled at once and
  /// linked into one code object. 0: the hardware threads this process may
  /// use (at most 8); 1: the calling thread only.
  unsigned jobs = 0;
  /// The name PTX locations carry in diagnostics.
  std::string sourceName = "<ptx>";
};

struct CompileResult {
  bool success = false;
  /// The requested output (binary for Object/CodeObject).
  std::string output;
  /// Located diagnostics, `file:line:col: error: ...`, one per line.
  std::string diagnostics;
};

CompileResult compile(llvm::StringRef ptx, const CompileOptions &options);

/// One PTX module of a program that is linked before it is compiled.
struct PTXSource {
  llvm::StringRef text;
  /// The name its PTX locations carry in diagnostics.
  std::string name;
};

/// Links several PTX modules (`nvcc -rdc=true`: one per translation unit)
/// into one, as -ptx-link-modules does, and compiles the result.
/// options.sourceName is not used: each source names itself.
CompileResult compile(llvm::ArrayRef<PTXSource> sources,
                      const CompileOptions &options);

} // namespace mlir::ptx

#endif // PTXMLIR_COMPILER_COMPILER_H
