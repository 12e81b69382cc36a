//===- Launch.cpp - kernel launches, function attributes, occupancy -------===//
//
// A launch is one AQL kernel dispatch packet on the stream's queue
// (Kernarg.cpp lays it out). The occupancy model is the device we report:
// 2048 threads, 32 blocks and 64 KiB of shared memory per multiprocessor.
//
//===----------------------------------------------------------------------===//

#include "DeviceRuntime.h"
#include "Internal.h"
#include "Kernarg.h"

#include <cstring>

using namespace ptxmlir::cuda;

namespace ptxmlir::cuda {
CUresult resolveFunction(CUfunction f, CUctx_st *ctx, CUfunc_st *&out) {
  if (isHandle(f, HandleKind::Function)) {
    if (f->module->ctx != ctx)
      return CUDA_ERROR_INVALID_HANDLE;
    out = f;
    return CUDA_SUCCESS;
  }
  // CUDA 12 lets a CUkernel stand wherever a CUfunction goes.
  auto *k = reinterpret_cast<CUkern_st *>(f);
  if (isHandle(k, HandleKind::Kernel)) {
    CUmod_st *m;
    if (CUresult r = libraryModule(k->library, ctx, m))
      return r;
    return getFunction(m, k->name.c_str(), out);
  }
  return CUDA_ERROR_INVALID_HANDLE;
}
} // namespace ptxmlir::cuda

namespace {
/// A CUresult cuda.h does not name. cudart 13 passes the driver's results
/// through as the cudaError of the same number (measured for every value
/// 0..1100 by overriding ours under a debugger), and it reports
/// `<<<0, 32>>>`, `<<<1, 2048>>>` or a block z of 65 as 9,
/// cudaErrorInvalidConfiguration, without checking them itself: so the
/// driver answers 9 for empty grids and blocks it cannot run. Grid sizes
/// above the limits stay CUDA_ERROR_INVALID_VALUE, which NVIDIA's driver
/// was seen to return for a grid z of 93288 through the Driver API. Not
/// yet measured on NVIDIA's driver here.
constexpr CUresult kInvalidConfiguration = CUresult(9);

uint32_t maxThreads(const CUfunc_st *f) {
  uint32_t limit = f->threadLimit ? f->threadLimit
                                  : f->info->maxFlatWorkgroupSize;
  return std::min<uint32_t>(1024, limit ? limit : 1024);
}

CUresult launch(CUfunction hfunc, const LaunchDims &dims, CUstream hStream,
                void **kernelParams, void **extra) {
  CUctx_st *ctx;
  if (CUresult r = currentContext(ctx))
    return r;
  CUfunc_st *f;
  if (CUresult r = resolveFunction(hfunc, ctx, f))
    return r;
  CUstream_st *s;
  if (CUresult r = resolveStream(ctx, hStream, s))
    return r;
  static const uint32_t maxGrid[3] = {2147483647u, 65535, 65535},
                        maxBlock[3] = {1024, 1024, 64};
  uint64_t threads = 1;
  for (int i = 0; i < 3; ++i) {
    if (!dims.grid[i] || !dims.block[i] || dims.block[i] > maxBlock[i])
      return kInvalidConfiguration;
    if (dims.grid[i] > maxGrid[i])
      return CUDA_ERROR_INVALID_VALUE;
    // AQL grid sizes count work-items in 32 bits.
    if (uint64_t(dims.grid[i]) * dims.block[i] > UINT32_MAX)
      return CUDA_ERROR_INVALID_VALUE;
    threads *= dims.block[i];
  }
  if (threads > 1024)
    return kInvalidConfiguration;
  if (threads > maxThreads(f))
    return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
  if (dims.dynamicShared > f->maxDynamicShared ||
      uint64_t(f->groupSegmentSize) + dims.dynamicShared > kSharedPerBlock)
    return CUDA_ERROR_INVALID_VALUE;

  if (CUresult r = prepareDeviceRuntime(f))
    return r;
  const Agent &agent = *ctx->dev->agent;
  InFlightPacket record;
  uint64_t perCTABytes;
  if (CUresult r = perCTAMemoryBytes(*f->info, dims, perCTABytes))
    return r;
  if (perCTABytes) {
    // The region of a `.minperctamemory` kernel, one slice per block,
    // uninitialised; freed with the kernarg segment once the launch is done.
    if (agent.allocMax && perCTABytes > agent.allocMax)
      return CUDA_ERROR_OUT_OF_MEMORY;
    if (hsa().hsa_memory_allocate(agent.deviceRegion, perCTABytes,
                                  &record.perCTAMemory) != HSA_STATUS_SUCCESS ||
        !record.perCTAMemory)
      return CUDA_ERROR_OUT_OF_MEMORY;
  }
  auto freeRecord = [&] {
    if (record.perCTAMemory)
      hsa().hsa_memory_free(record.perCTAMemory);
    if (record.kernarg)
      hsa().hsa_memory_free(record.kernarg);
  };
  std::vector<uint8_t> args;
  if (CUresult r = buildKernargs(*f->info, kernelParams, extra, dims, args,
                                 uint64_t(uintptr_t(record.perCTAMemory)))) {
    freeRecord();
    return r;
  }
  if (hsa().hsa_memory_allocate(agent.kernargRegion, args.size(),
                                &record.kernarg) != HSA_STATUS_SUCCESS ||
      !record.kernarg) {
    freeRecord();
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  void *kernarg = record.kernarg;
  // Kernarg memory is fine-grained system memory: the host writes it.
  std::memcpy(kernarg, args.data(), args.size());
  // Two warps of a wave64 wave cannot wait for each other at a counted
  // barrier: give each its own wave when the kernel allows it.
  bool split = threads > 32 && threads <= f->warpPerWaveLimit;
  LaunchDims hw = split ? warpPerWaveDims(dims) : dims;
  logf("launch %s grid (%u,%u,%u) block (%u,%u,%u) shared %u+%u%s",
       f->info->name.c_str(), dims.grid[0], dims.grid[1], dims.grid[2],
       dims.block[0], dims.block[1], dims.block[2], f->groupSegmentSize,
       dims.dynamicShared, split ? " one warp per wave" : "");
  uint32_t privateBytes = launchPrivateSegmentSize(
      *f->info, f->privateSegmentSize, ctx->limits[CU_LIMIT_STACK_SIZE]);
  CUresult r = submitPacket(
      s, HSA_PACKET_TYPE_KERNEL_DISPATCH,
      [&](void *slot, hsa_signal_t done) {
        fillDispatchPacket(*static_cast<hsa_kernel_dispatch_packet_t *>(slot),
                           hw, f->kernelObject, f->groupSegmentSize,
                           privateBytes, kernarg, done);
      },
      record);
  if (r)
    freeRecord();
  return r;
}

int occupancy(const CUfunc_st *f, int blockSize, size_t dynamicShared) {
  if (blockSize <= 0 || uint32_t(blockSize) > maxThreads(f))
    return 0;
  int warps = (blockSize + 31) / 32;
  int blocks = std::min(32, 64 / warps);
  size_t shared = f->groupSegmentSize + dynamicShared;
  if (shared > kSharedPerBlock)
    return 0;
  if (shared)
    blocks = std::min<int>(blocks, int(kSharedPerBlock / shared));
  return blocks;
}

CUresult functionFor(CUfunction hfunc, CUfunc_st *&f, bool needContext) {
  if (CUresult r = checkInit())
    return r;
  if (isHandle(hfunc, HandleKind::Function)) {
    f = hfunc;
    return CUDA_SUCCESS;
  }
  CUctx_st *ctx;
  if (CUresult r = currentContext(ctx, true))
    return isHandle(hfunc, HandleKind::Kernel) ? r : CUDA_ERROR_INVALID_HANDLE;
  (void)needContext;
  return resolveFunction(hfunc, ctx, f);
}
} // namespace

namespace ptxmlir::cuda {
CUresult functionAttribute(CUfunc_st *f, CUfunction_attribute attrib,
                           int &value) {
  switch (attrib) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    value = int(maxThreads(f));
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
    value = int(f->groupSegmentSize);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES:
    value = 0;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
    value = int(f->privateSegmentSize);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_NUM_REGS:
    value = int(f->info->vgprCount);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_PTX_VERSION:
  case CU_FUNC_ATTRIBUTE_BINARY_VERSION:
    value = int(kCC);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA:
    value = 0;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    value = int(f->maxDynamicShared);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    value = f->carveout;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    value = 0;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult setFunctionAttribute(CUfunc_st *f, CUfunction_attribute attrib,
                              int value) {
  switch (attrib) {
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    if (value < 0 || uint64_t(value) + f->groupSegmentSize > kSharedPerBlock)
      return CUDA_ERROR_INVALID_VALUE;
    f->maxDynamicShared = uint32_t(value);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    if (value < -1 || value > 100)
      return CUDA_ERROR_INVALID_VALUE;
    f->carveout = value;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
    return value <= 1 ? CUDA_SUCCESS : CUDA_ERROR_NOT_SUPPORTED;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}
} // namespace ptxmlir::cuda

extern "C" {

CUresult CUDAAPI cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                                unsigned int gridDimY, unsigned int gridDimZ,
                                unsigned int blockDimX, unsigned int blockDimY,
                                unsigned int blockDimZ,
                                unsigned int sharedMemBytes, CUstream hStream,
                                void **kernelParams, void **extra) {
  return PTXMLIR_API({
    LaunchDims d;
    d.grid[0] = gridDimX;
    d.grid[1] = gridDimY;
    d.grid[2] = gridDimZ;
    d.block[0] = blockDimX;
    d.block[1] = blockDimY;
    d.block[2] = blockDimZ;
    d.dynamicShared = sharedMemBytes;
    return launch(f, d, hStream, kernelParams, extra);
  });
}

CUresult CUDAAPI cuLaunchKernel_ptsz(
    CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
    unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
    void **kernelParams, void **extra) {
  return cuLaunchKernel(f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY,
                        blockDimZ, sharedMemBytes, hStream, kernelParams,
                        extra);
}

CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f,
                                  void **kernelParams, void **extra) {
  return PTXMLIR_API({
    if (!config || (config->numAttrs && !config->attrs))
      return CUDA_ERROR_INVALID_VALUE;
    for (unsigned i = 0; i < config->numAttrs; ++i) {
      const CUlaunchAttribute &a = config->attrs[i];
      if (a.id == CU_LAUNCH_ATTRIBUTE_COOPERATIVE && a.value.cooperative)
        return CUDA_ERROR_NOT_SUPPORTED;
      if (a.id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION &&
          (a.value.clusterDim.x > 1 || a.value.clusterDim.y > 1 ||
           a.value.clusterDim.z > 1))
        return CUDA_ERROR_NOT_SUPPORTED;
    }
    LaunchDims d;
    d.grid[0] = config->gridDimX;
    d.grid[1] = config->gridDimY;
    d.grid[2] = config->gridDimZ;
    d.block[0] = config->blockDimX;
    d.block[1] = config->blockDimY;
    d.block[2] = config->blockDimZ;
    d.dynamicShared = config->sharedMemBytes;
    return launch(f, d, config->hStream, kernelParams, extra);
  });
}

CUresult CUDAAPI cuLaunchKernelEx_ptsz(const CUlaunchConfig *config,
                                       CUfunction f, void **kernelParams,
                                       void **extra) {
  return cuLaunchKernelEx(config, f, kernelParams, extra);
}

CUresult CUDAAPI cuFuncGetAttribute(int *pi, CUfunction_attribute attrib,
                                    CUfunction hfunc) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = functionFor(hfunc, f, false))
      return r;
    if (!pi)
      return CUDA_ERROR_INVALID_VALUE;
    return functionAttribute(f, attrib, *pi);
  });
}

CUresult CUDAAPI cuFuncSetAttribute(CUfunction hfunc,
                                    CUfunction_attribute attrib, int value) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = functionFor(hfunc, f, false))
      return r;
    return setFunctionAttribute(f, attrib, value);
  });
}

CUresult CUDAAPI cuFuncSetCacheConfig(CUfunction hfunc, CUfunc_cache config) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = functionFor(hfunc, f, false))
      return r;
    return CUDA_SUCCESS; // a hint: one cache configuration here
  });
}

CUresult CUDAAPI cuFuncSetSharedMemConfig(CUfunction hfunc,
                                          CUsharedconfig config) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = functionFor(hfunc, f, false))
      return r;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuFuncGetModule(CUmodule *hmod, CUfunction hfunc) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = functionFor(hfunc, f, false))
      return r;
    if (!hmod)
      return CUDA_ERROR_INVALID_VALUE;
    *hmod = f->module;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuFuncGetName(const char **name, CUfunction hfunc) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = functionFor(hfunc, f, false))
      return r;
    if (!name)
      return CUDA_ERROR_INVALID_VALUE;
    *name = f->info->name.c_str();
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuFuncGetParamInfo(CUfunction func, size_t paramIndex,
                                    size_t *paramOffset, size_t *paramSize) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = functionFor(func, f, false))
      return r;
    if (!paramOffset && !paramSize)
      return CUDA_ERROR_INVALID_VALUE;
    // The explicit arguments, in order: what kernelParams indexes.
    size_t i = 0;
    for (const ptxmlir::runtime::KernelArg &a : f->info->args) {
      if (!isKernelParam(a))
        continue;
      if (i++ == paramIndex) {
        if (paramOffset)
          *paramOffset = a.offset;
        if (paramSize)
          *paramSize = a.size;
        return CUDA_SUCCESS;
      }
    }
    return CUDA_ERROR_INVALID_VALUE;
  });
}

CUresult CUDAAPI cuKernelGetParamInfo(CUkernel kernel, size_t paramIndex,
                                      size_t *paramOffset, size_t *paramSize) {
  return cuFuncGetParamInfo(reinterpret_cast<CUfunction>(kernel), paramIndex,
                            paramOffset, paramSize);
}

CUresult CUDAAPI cuFuncIsLoaded(CUfunctionLoadingState *state,
                                CUfunction function) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = functionFor(function, f, false))
      return r;
    if (!state)
      return CUDA_ERROR_INVALID_VALUE;
    *state = CU_FUNCTION_LOADING_STATE_LOADED;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuFuncLoad(CUfunction function) {
  return PTXMLIR_API({
    CUfunc_st *f;
    return functionFor(function, f, false);
  });
}

CUresult CUDAAPI cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = functionFor(func, f, false))
      return r;
    if (!numBlocks || blockSize <= 0)
      return CUDA_ERROR_INVALID_VALUE;
    *numBlocks = occupancy(f, blockSize, dynamicSMemSize);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize) {
  return cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, func, blockSize, dynamicSMemSize, 0);
}

CUresult CUDAAPI cuOccupancyMaxPotentialBlockSizeWithFlags(
    int *minGridSize, int *blockSize, CUfunction func,
    CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
    int blockSizeLimit, unsigned int flags) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = functionFor(func, f, false))
      return r;
    if (!minGridSize || !blockSize)
      return CUDA_ERROR_INVALID_VALUE;
    int limit = int(maxThreads(f));
    if (blockSizeLimit > 0)
      limit = std::min(limit, blockSizeLimit);
    int bestSize = 0, bestThreads = 0, bestBlocks = 0;
    // Largest block size first: ties go to the larger block, as CUDA does.
    for (int b = (limit + 31) / 32 * 32; b > 0; b -= 32) {
      int size = std::min(b, limit);
      size_t smem = blockSizeToDynamicSMemSize
                        ? blockSizeToDynamicSMemSize(size)
                        : dynamicSMemSize;
      int blocks = occupancy(f, size, smem);
      if (blocks * size > bestThreads) {
        bestThreads = blocks * size;
        bestSize = size;
        bestBlocks = blocks;
      }
    }
    *blockSize = bestSize;
    CUctx_st *ctx = f->module->ctx;
    *minGridSize = bestBlocks * int(ctx->dev->agent->computeUnits);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, CUfunction func,
    CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
    int blockSizeLimit) {
  return cuOccupancyMaxPotentialBlockSizeWithFlags(
      minGridSize, blockSize, func, blockSizeToDynamicSMemSize, dynamicSMemSize,
      blockSizeLimit, 0);
}

CUresult CUDAAPI cuOccupancyAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, CUfunction func, int numBlocks, int blockSize) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = functionFor(func, f, false))
      return r;
    if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0)
      return CUDA_ERROR_INVALID_VALUE;
    size_t perBlock = kSharedPerBlock / size_t(numBlocks);
    *dynamicSmemSize =
        perBlock > f->groupSegmentSize ? perBlock - f->groupSegmentSize : 0;
    return CUDA_SUCCESS;
  });
}

} // extern "C"
