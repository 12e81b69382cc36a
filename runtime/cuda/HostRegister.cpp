//===- HostRegister.cpp - cuMemHostRegister, cuMemHostUnregister ----------===//
//
// Registering makes the application's own (pageable) memory reachable by
// the device at the same address. The CPU agent reaches all of the
// process's memory already, so registration only records the range (copies
// and pointer queries then treat it as page-locked host memory). An AMD GPU
// reaches pageable memory only through ROCr's extensions (memory locking),
// which the driver does not use: there it is CUDA_ERROR_NOT_SUPPORTED, and
// CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED says 0.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

using namespace ptxmlir::cuda;

extern "C" {

CUresult CUDAAPI cuMemHostRegister_v2(void *p, size_t bytesize,
                                      unsigned int Flags) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    constexpr unsigned kKnown =
        CU_MEMHOSTREGISTER_PORTABLE | CU_MEMHOSTREGISTER_DEVICEMAP |
        CU_MEMHOSTREGISTER_IOMEMORY | CU_MEMHOSTREGISTER_READ_ONLY;
    if (!p || !bytesize || (Flags & ~kKnown) ||
        uintptr_t(p) + bytesize < uintptr_t(p))
      return CUDA_ERROR_INVALID_VALUE;
    if (!ctx->dev->agent->host) {
      logf("cuMemHostRegister: the GPU agent cannot reach pageable memory "
           "through core HSA");
      return CUDA_ERROR_NOT_SUPPORTED;
    }
    // I/O memory (a device's BAR) is not host memory we can vouch for.
    if (Flags & CU_MEMHOSTREGISTER_IOMEMORY)
      return CUDA_ERROR_NOT_SUPPORTED;
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    uintptr_t base = uintptr_t(p);
    // Overlapping a registered range or one of our allocations.
    auto &allocs = rt().allocations;
    auto it = allocs.upper_bound(base + bytesize - 1);
    if (it != allocs.begin() &&
        std::prev(it)->second.base + std::prev(it)->second.size > base)
      return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
    Allocation al;
    al.base = base;
    al.size = bytesize;
    al.ctx = ctx;
    al.host = true;
    al.registered = true;
    al.hostFlags = Flags;
    al.id = rt().nextId++;
    allocs[base] = al;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuMemHostRegister(void *p, size_t bytesize,
                                   unsigned int Flags) {
  return cuMemHostRegister_v2(p, bytesize, Flags);
}

CUresult CUDAAPI cuMemHostUnregister(void *p) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    if (!p)
      return CUDA_ERROR_INVALID_VALUE;
    CUctx_st *owner;
    {
      std::lock_guard<std::recursive_mutex> lock(rt().mu);
      auto it = rt().allocations.find(uintptr_t(p));
      if (it == rt().allocations.end() || !it->second.registered)
        return CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
      owner = it->second.ctx;
    }
    // Kernels still running may use it.
    synchronizeContext(owner);
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    auto it = rt().allocations.find(uintptr_t(p));
    if (it == rt().allocations.end() || !it->second.registered)
      return CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
    rt().allocations.erase(it);
    return CUDA_SUCCESS;
  });
}

} // extern "C"
