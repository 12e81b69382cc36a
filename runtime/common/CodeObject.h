//===- CodeObject.h - kernel metadata of AMD and host code objects --------===//
//
// Both AMD code objects (HSACO, ET_DYN) and the CPU agent's host code
// objects (ET_REL, see ptxmlir/Target/Host/HostABI.h) carry an
// NT_AMDGPU_METADATA note in the AMDHSA v5 msgpack shape. This reads it, so
// kernarg layout and segment sizes come from one place for both.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_COMMON_CODEOBJECT_H
#define PTXMLIR_RUNTIME_COMMON_CODEOBJECT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>
#include <vector>

namespace ptxmlir::runtime {

struct KernelArg {
  uint32_t offset = 0;
  uint32_t size = 0;
  /// ".value_kind": "by_value", "global_buffer", "hidden_block_count_x", ...
  std::string valueKind;
  /// ".name", when the metadata gives one.
  std::string name;
  /// For the per-CTA memory base of a `.minperctamemory` kernel (named
  /// "__ptxmlir_perctamemory_<pitch>", ptxmlir/Conversion/KernelAttrs.h):
  /// the pitch of its slices in bytes; 0 for every other argument.
  uint32_t perCTAMemoryPitch = 0;
};

struct KernelInfo {
  std::string name;   ///< ".name": the PTX kernel name
  std::string symbol; ///< ".symbol": "<name>.kd"
  std::vector<KernelArg> args;
  uint32_t kernargSize = 0;
  uint32_t kernargAlign = 8;
  uint32_t groupSegmentFixedSize = 0;
  uint32_t privateSegmentFixedSize = 0;
  uint32_t wavefrontSize = 0;
  uint32_t maxFlatWorkgroupSize = 1024;
  uint32_t sgprCount = 0, vgprCount = 0;
  /// ".uses_dynamic_stack": the kernel allocates stack at run time (PTX
  /// alloca), beyond its fixed private segment.
  bool usesDynamicStack = false;
};

struct CodeObjectInfo {
  /// "amdhsa.target": "amdgcn-amd-amdhsa--gfx1100" or "host-gfx1100".
  std::string target;
  /// The ELF's e_machine is EM_AMDGPU (otherwise a host object).
  bool isAMDGPU = false;
  std::vector<KernelInfo> kernels;
  const KernelInfo *lookup(llvm::StringRef name) const;
};

/// Parses an ELF code object's metadata note. Errors (not ELF, no note,
/// malformed msgpack, missing required keys) say what is wrong; never
/// crashes on bad input.
llvm::Expected<CodeObjectInfo> readCodeObject(llvm::StringRef bytes);

} // namespace ptxmlir::runtime

#endif // PTXMLIR_RUNTIME_COMMON_CODEOBJECT_H
