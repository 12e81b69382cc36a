//===- WarpPerWave.cpp - kernels that may run one warp per wave -----------===//
//
// A wave64 code object marks each kernel that may be dispatched one CUDA
// warp per wave with a variable (ptxmlir/Target/AMDGPU/WarpPerWave.h);
// launch() dispatches such a kernel so when the block fits.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "ptxmlir/Target/AMDGPU/WarpPerWave.h"

namespace ptxmlir::cuda {

void readWarpPerWave(CUmod_st *m, const std::string &kernel, CUfunc_st &f) {
  const Agent &agent = *m->ctx->dev->agent;
  if (agent.wavefrontSize != 64)
    return;
  std::string name = kernel + mlir::ptx::amdgpu::kWarpPerWaveSuffix;
  Variable v;
  uint32_t limits[2] = {0, 0};
  if (findVariable(m->executable, agent, name.c_str(), v) ||
      v.size != sizeof(limits) ||
      copyToHost(agent, limits, reinterpret_cast<const void *>(v.address),
                 sizeof(limits)))
    return;
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
