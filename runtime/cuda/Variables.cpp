//===- Variables.cpp - a loaded executable's variables by name ------------===//
//
// The one place that asks the loader where a variable of an executable lies:
// cuModuleGetGlobal, the mask() initializers applied at load time and the
// warp-per-wave limits read at cuModuleGetFunction all go through it.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

namespace ptxmlir::cuda {

CUresult findVariable(hsa_executable_t exe, const Agent &agent,
                      const char *name, Variable &out) {
  const runtime::HsaTable &t = hsa();
  hsa_agent_t a = agent.agent;
  hsa_executable_symbol_t sym;
  if (!name || t.hsa_executable_get_symbol_by_name(exe, name, &a, &sym) !=
                   HSA_STATUS_SUCCESS)
    return CUDA_ERROR_NOT_FOUND;
  // Kernels and kernel descriptors (`k.kd`) answer to names too.
  hsa_symbol_kind_t kind;
  uint64_t address = 0;
  uint32_t size = 0;
  if (t.hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_TYPE,
                                       &kind) != HSA_STATUS_SUCCESS ||
      kind != HSA_SYMBOL_KIND_VARIABLE ||
      t.hsa_executable_symbol_get_info(
          sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &address) !=
          HSA_STATUS_SUCCESS ||
      t.hsa_executable_symbol_get_info(sym,
                                       HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE,
                                       &size) != HSA_STATUS_SUCCESS ||
      !address)
    return CUDA_ERROR_INVALID_IMAGE;
  out.address = address;
  out.size = size;
  return CUDA_SUCCESS;
}

} // namespace ptxmlir::cuda
