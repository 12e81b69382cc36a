//===- Kernarg.cpp - kernarg segments and AQL dispatch packets ------------===//

#include "Kernarg.h"

#include "ptxmlir/Target/AMDGPU/WarpPerWave.h"

#include <algorithm>
#include <cstring>

namespace ptxmlir::cuda {

bool isHiddenArg(const runtime::KernelArg &arg) {
  return llvm::StringRef(arg.valueKind).starts_with("hidden_");
}

bool isKernelParam(const runtime::KernelArg &arg) {
  return !isHiddenArg(arg) && !arg.perCTAMemoryPitch;
}

CUresult perCTAMemoryBytes(const runtime::KernelInfo &kernel,
                           const LaunchDims &dims, uint64_t &bytes) {
  bytes = 0;
  for (const runtime::KernelArg &a : kernel.args)
    if (a.perCTAMemoryPitch) {
      uint64_t blocks = uint64_t(dims.grid[0]) * dims.grid[1];
      if (__builtin_mul_overflow(blocks, uint64_t(dims.grid[2]), &blocks) ||
          __builtin_mul_overflow(blocks, uint64_t(a.perCTAMemoryPitch), &bytes))
        return CUDA_ERROR_OUT_OF_MEMORY;
    }
  return CUDA_SUCCESS;
}

uint16_t dispatchDimensions(const LaunchDims &d) {
  if (d.grid[2] > 1 || d.block[2] > 1)
    return 3;
  if (d.grid[1] > 1 || d.block[1] > 1)
    return 2;
  return 1;
}

LaunchDims warpPerWaveDims(const LaunchDims &dims) {
  LaunchDims d = dims;
  d.block[0] = mlir::ptx::amdgpu::warpPerWaveGroupSize(
      dims.block[0] * dims.block[1] * dims.block[2]);
  d.block[1] = d.block[2] = 1;
  return d;
}

template <typename T>
static void put(std::vector<uint8_t> &out, const runtime::KernelArg &arg,
                T value) {
  // The metadata says how wide the slot is; never write past it.
  size_t n = std::min<size_t>(arg.size, sizeof(T));
  if (uint64_t(arg.offset) + n <= out.size())
    std::memcpy(out.data() + arg.offset, &value, n);
}

CUresult buildKernargs(const runtime::KernelInfo &kernel, void **kernelParams,
                       void **extra, const LaunchDims &dims,
                       std::vector<uint8_t> &out, uint64_t perCTAMemory) {
  const uint8_t *buffer = nullptr;
  size_t bufferSize = 0;
  bool haveSize = false;
  if (extra) {
    if (kernelParams)
      return CUDA_ERROR_INVALID_VALUE;
    for (size_t i = 0;; i += 2) {
      void *key = extra[i];
      if (key == CU_LAUNCH_PARAM_END)
        break;
      if (key == CU_LAUNCH_PARAM_BUFFER_POINTER)
        buffer = static_cast<const uint8_t *>(extra[i + 1]);
      else if (key == CU_LAUNCH_PARAM_BUFFER_SIZE) {
        if (!extra[i + 1])
          return CUDA_ERROR_INVALID_VALUE;
        bufferSize = *static_cast<size_t *>(extra[i + 1]);
        haveSize = true;
      } else
        return CUDA_ERROR_INVALID_VALUE;
    }
    if (!buffer || !haveSize)
      return CUDA_ERROR_INVALID_VALUE;
  }

  uint32_t size = kernel.kernargSize;
  for (const runtime::KernelArg &a : kernel.args)
    size = std::max(size, a.offset + a.size);
  out.assign(std::max<uint32_t>(size, 16), 0);

  size_t explicitIndex = 0;
  uint64_t gridThreads[3];
  for (int i = 0; i < 3; ++i)
    gridThreads[i] = uint64_t(dims.grid[i]) * dims.block[i];
  for (const runtime::KernelArg &a : kernel.args) {
    llvm::StringRef kind = a.valueKind;
    if (a.perCTAMemoryPitch) {
      put<uint64_t>(out, a, perCTAMemory);
      continue;
    }
    if (!isHiddenArg(a)) {
      const void *src;
      if (buffer) {
        if (uint64_t(a.offset) + a.size > bufferSize)
          return CUDA_ERROR_INVALID_VALUE;
        src = buffer + a.offset;
      } else {
        if (!kernelParams || !kernelParams[explicitIndex])
          return CUDA_ERROR_INVALID_VALUE;
        src = kernelParams[explicitIndex];
      }
      ++explicitIndex;
      std::memcpy(out.data() + a.offset, src, a.size);
      continue;
    }
    int axis = kind.ends_with("_x") ? 0 : kind.ends_with("_y") ? 1 : 2;
    if (kind.starts_with("hidden_block_count_"))
      put<uint32_t>(out, a, dims.grid[axis]);
    else if (kind.starts_with("hidden_group_size_"))
      put<uint16_t>(out, a, dims.block[axis]);
    else if (kind.starts_with("hidden_remainder_"))
      put<uint16_t>(out, a, gridThreads[axis] % dims.block[axis]);
    else if (kind == "hidden_grid_dims")
      put<uint16_t>(out, a, dispatchDimensions(dims));
    else if (kind == "hidden_dynamic_lds_size")
      put<uint32_t>(out, a, dims.dynamicShared);
    // Every other hidden argument (global offsets, printf/hostcall
    // buffers, default queue, ...) stays zero: nothing we launch uses them.
  }
  return CUDA_SUCCESS;
}

uint32_t launchPrivateSegmentSize(const runtime::KernelInfo &k,
                                  uint32_t fixedSize, uint64_t stackLimit) {
  uint64_t bytes = fixedSize;
  if (k.usesDynamicStack)
    bytes += stackLimit;
  return uint32_t(std::min<uint64_t>(bytes, UINT32_MAX));
}

void fillDispatchPacket(hsa_kernel_dispatch_packet_t &p, const LaunchDims &dims,
                        uint64_t kernelObject, uint32_t groupSegmentFixedSize,
                        uint32_t privateSegmentSize, void *kernarg,
                        hsa_signal_t completion) {
  p.setup = dispatchDimensions(dims)
            << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  p.workgroup_size_x = dims.block[0];
  p.workgroup_size_y = dims.block[1];
  p.workgroup_size_z = dims.block[2];
  p.reserved0 = 0;
  // grid_size counts work-items, not work-groups.
  p.grid_size_x = dims.grid[0] * dims.block[0];
  p.grid_size_y = dims.grid[1] * dims.block[1];
  p.grid_size_z = dims.grid[2] * dims.block[2];
  p.private_segment_size = privateSegmentSize;
  p.group_segment_size = groupSegmentFixedSize + dims.dynamicShared;
  p.kernel_object = kernelObject;
  p.kernarg_address = kernarg;
  p.reserved2 = 0;
  p.completion_signal = completion;
}

uint16_t packetHeader(hsa_packet_type_t type) {
  return (type << HSA_PACKET_HEADER_TYPE) | (1 << HSA_PACKET_HEADER_BARRIER) |
         (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
         (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
}

} // namespace ptxmlir::cuda
