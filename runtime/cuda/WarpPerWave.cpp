//===- WarpPerWave.cpp - kernels that may run one warp per wave -----------===//
//
// A wave64 code object marks each kernel that may be dispatched one CUDA
// warp per wave with a variable (ptxmlir/Target/AMDGPU/WarpPerWave.h);
// launch() dispatches such a kernel so when the block fits.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "ptxmlir/Target/AMDGPU/WarpPerWave.h"

#include <cstring>

namespace ptxmlir::cuda {

void readWarpPerWave(CUmod_st *m, const std::string &kernel, CUfunc_st &f) {
  const runtime::HsaTable &t = hsa();
  const Agent &agent = *m->ctx->dev->agent;
  hsa_agent_t a = agent.agent;
  hsa_executable_symbol_t sym;
  std::string name = kernel + mlir::ptx::amdgpu::kWarpPerWaveSuffix;
  if (agent.wavefrontSize != 64 ||
      t.hsa_executable_get_symbol_by_name(m->executable, name.c_str(), &a,
                                          &sym) != HSA_STATUS_SUCCESS)
    return;
  uint64_t address = 0;
  uint32_t size = 0;
  t.hsa_executable_symbol_get_info(
      sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &address);
  t.hsa_executable_symbol_get_info(
      sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &size);
  uint32_t limits[2] = {0, 0};
  if (!address || size != sizeof(limits))
    return;
  // ROCr copies only to and from memory it allocated: stage through a
  // fine-grained host buffer (the CPU agent shares the process's memory).
  void *stage = nullptr;
  if (!agent.host &&
      (!agent.hostRegion.handle ||
       t.hsa_memory_allocate(agent.hostRegion, sizeof(limits), &stage) !=
           HSA_STATUS_SUCCESS))
    return;
  if (t.hsa_memory_copy(stage ? stage : limits,
                        reinterpret_cast<void *>(address),
                        sizeof(limits)) == HSA_STATUS_SUCCESS &&
      stage)
    std::memcpy(limits, stage, sizeof(limits));
  if (stage)
    t.hsa_memory_free(stage);
  // Only what the contract allows: a split block fits 1024 work-items and
  // the kernel's work-group limit.
  uint32_t split = std::min(limits[0], mlir::ptx::amdgpu::kWarpPerWaveMaxThreads);
  if (split <= 32 || limits[1] < split ||
      mlir::ptx::amdgpu::warpPerWaveGroupSize(split) >
          f.info->maxFlatWorkgroupSize)
    return;
  f.warpPerWaveLimit = split;
  f.threadLimit = limits[1];
}

} // namespace ptxmlir::cuda
