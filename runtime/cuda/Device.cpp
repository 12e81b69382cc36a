//===- Device.cpp - devices and their attributes --------------------------===//
//
// What we report is a device an sm_80 program can run on (docs/runtime.md):
// compute capability 8.0, warpSize 32 (a wave64 AMD agent runs two warps per
// wave), 64 KiB of shared memory per block, 1024 threads per block.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cstdio>
#include <cstring>

using namespace ptxmlir::cuda;

namespace {
int attribute(const DeviceState &d, CUdevice_attribute attr, bool &known) {
  const Agent &a = *d.agent;
  known = true;
  switch (attr) {
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    return 1024;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X:
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y:
    return 1024;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z:
    return 64;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X:
    return 2147483647;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y:
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z:
    return 65535;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK:
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR:
    return kSharedPerBlock;
  case CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY:
    return 65536;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE:
    return 32;
  case CU_DEVICE_ATTRIBUTE_MAX_PITCH:
    return 2147483647;
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK:
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR:
    return 65536;
  case CU_DEVICE_ATTRIBUTE_CLOCK_RATE:
    return int(a.clockMHz * 1000);
  case CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE:
    return 1000000;
  case CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH:
    return 256;
  case CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT:
  case CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT:
    return 512;
  case CU_DEVICE_ATTRIBUTE_GPU_OVERLAP:
  case CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT:
    return 1;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    return int(a.computeUnits);
  case CU_DEVICE_ATTRIBUTE_INTEGRATED:
    return a.host ? 1 : 0;
  case CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY:
  case CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING:
  case CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS:
  case CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM:
  case CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED:
    return 1;
  // Managed memory is system memory both sides reach coherently at one
  // address (Managed.cpp).
  // Registering pageable memory (HostRegister.cpp): the CPU agent only.
  case CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED:
    return a.host ? 1 : 0;
  case CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY:
  case CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS:
  case CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST:
    return 1;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_MODE:
    return CU_COMPUTEMODE_DEFAULT;
  case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE:
    return int(a.l2CacheBytes ? a.l2CacheBytes : 4 << 20);
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR:
    return 2048;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR:
    return 32;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    return kCCMajor;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    return kCCMinor;
  case CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK:
    return 0;
  case CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID:
    return pciLocation(d).domain;
  case CU_DEVICE_ATTRIBUTE_PCI_BUS_ID:
    return pciLocation(d).bus;
  case CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID:
    return pciLocation(d).device;
  default:
    // Every other attribute names a feature we do not have (pageable
    // memory access, clusters, IPC, ...): 0 says so.
    known = attr > 0 && attr < CU_DEVICE_ATTRIBUTE_MAX;
    return 0;
  }
}
} // namespace

extern "C" {

CUresult CUDAAPI cuDeviceGet(CUdevice *device, int ordinal) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    if (!device)
      return CUDA_ERROR_INVALID_VALUE;
    DeviceState *d;
    if (CUresult r = validDevice(ordinal, d))
      return r;
    *device = ordinal;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDeviceGetCount(int *count) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    if (!count)
      return CUDA_ERROR_INVALID_VALUE;
    *count = int(rt().devices.size());
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDeviceGetName(char *name, int len, CUdevice dev) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (!name || len <= 0)
      return CUDA_ERROR_INVALID_VALUE;
    const Agent &a = *d->agent;
    std::string s = a.host ? "ptx-mlir CPU agent (" + a.chip + ")"
                           : "ptx-mlir " + a.name + " (" + a.chip + ")";
    std::strncpy(name, s.c_str(), size_t(len) - 1);
    name[len - 1] = 0;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib,
                                      CUdevice dev) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (!pi)
      return CUDA_ERROR_INVALID_VALUE;
    bool known;
    int v = attribute(*d, attrib, known);
    if (!known)
      return CUDA_ERROR_INVALID_VALUE;
    *pi = v;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (!bytes)
      return CUDA_ERROR_INVALID_VALUE;
    *bytes = d->agent->memorySize;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDeviceTotalMem(unsigned int *bytes, CUdevice dev) {
  size_t b = 0;
  CUresult r = cuDeviceTotalMem_v2(bytes ? &b : nullptr, dev);
  if (r == CUDA_SUCCESS)
    *bytes = unsigned(std::min<size_t>(b, UINT32_MAX));
  return r;
}

CUresult CUDAAPI cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (!uuid)
      return CUDA_ERROR_INVALID_VALUE;
    std::memcpy(uuid->bytes, d->agent->uuid, 16);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDeviceGetUuid(CUuuid *uuid, CUdevice dev) {
  return cuDeviceGetUuid_v2(uuid, dev);
}

CUresult CUDAAPI cuDeviceComputeCapability(int *major, int *minor,
                                           CUdevice dev) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (!major || !minor)
      return CUDA_ERROR_INVALID_VALUE;
    *major = kCCMajor;
    *minor = kCCMinor;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDeviceGetProperties(CUdevprop *prop, CUdevice dev) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (!prop)
      return CUDA_ERROR_INVALID_VALUE;
    bool k;
    prop->maxThreadsPerBlock = 1024;
    prop->maxThreadsDim[0] = prop->maxThreadsDim[1] = 1024;
    prop->maxThreadsDim[2] = 64;
    prop->maxGridSize[0] = 2147483647;
    prop->maxGridSize[1] = prop->maxGridSize[2] = 65535;
    prop->sharedMemPerBlock = kSharedPerBlock;
    prop->totalConstantMemory = 65536;
    prop->SIMDWidth = 32;
    prop->memPitch = 2147483647;
    prop->regsPerBlock = 65536;
    prop->clockRate = attribute(*d, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, k);
    prop->textureAlign = 512;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (!pciBusId || len <= 0)
      return CUDA_ERROR_INVALID_VALUE;
    // HSA core does not say where an agent sits: a stable made-up address.
    PciLocation pci = pciLocation(*d);
    std::snprintf(pciBusId, size_t(len), "%04x:%02x:%02x.0", pci.domain,
                  pci.bus, pci.device);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDeviceCanAccessPeer(int *canAccessPeer, CUdevice dev,
                                       CUdevice peerDev) {
  return PTXMLIR_API({
    DeviceState *d, *p;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (CUresult r = validDevice(peerDev, p))
      return r;
    if (!canAccessPeer)
      return CUDA_ERROR_INVALID_VALUE;
    *canAccessPeer = 0;
    return CUDA_SUCCESS;
  });
}

} // extern "C"
