//===- Hsa.h - the device layer: HSA agents through one table --*- C++ -*-===//
//
// libcuda reaches devices only through ptxmlir::runtime::HsaTable. The table
// comes from ROCr (dlopen'ed, /opt/rocm first) when it initialises and has
// a GPU agent, otherwise from the built-in CPU agent (runtime/hsa-host).
// PTXMLIR_DEVICE=host skips ROCr.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_CUDA_HSA_H
#define PTXMLIR_RUNTIME_CUDA_HSA_H

#include "common/HsaTable.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ptxmlir::cuda {

struct Agent {
  hsa_agent_t agent{};
  std::string name; ///< HSA_AGENT_INFO_NAME
  std::string
      isaName; ///< "amdgcn-amd-amdhsa--gfx1100", "ptxmlir-host--gfx1100"
  std::string
      chip; ///< what mlir::ptx::compile takes: "gfx1100", "host-gfx1100"
  bool host = false; ///< the CPU agent
  hsa_profile_t profile = HSA_PROFILE_BASE;
  hsa_default_float_rounding_mode_t rounding =
      HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT;
  hsa_region_t deviceRegion{};  ///< cuMemAlloc
  hsa_region_t kernargRegion{}; ///< kernarg segments
  hsa_region_t hostRegion{};    ///< cuMemAllocHost (fine grained); may be 0
  size_t memorySize = 0;
  size_t allocMax = 0;
  uint32_t computeUnits = 1;
  uint32_t clockMHz = 1000;
  uint32_t wavefrontSize = 64;
  uint32_t queueMaxSize = 4096;
  uint32_t l2CacheBytes = 0;
  uint8_t uuid[16] = {};
};

struct HsaRuntime {
  runtime::HsaTable table;
  std::vector<Agent> agents;
  /// "ROCr (<path>)" or "CPU agent": for the log and docs.
  std::string source;
  uint64_t timestampFrequency = 1000000000;
};

/// Fills `out` (table and GPU agents). Returns false with `why` when no
/// device can be used at all.
bool initHsa(HsaRuntime &out, std::string &why);

/// The compiler chip for an agent ISA name: "amdgcn-amd-amdhsa--gfx90a:xnack-"
/// gives "gfx90a"; "ptxmlir-host--gfx1100" gives "host-gfx1100"; "" when
/// the ISA is neither.
std::string chipForIsa(const std::string &isaName);

} // namespace ptxmlir::cuda

#endif // PTXMLIR_RUNTIME_CUDA_HSA_H
