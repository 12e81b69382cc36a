//===- Memory.cpp - allocations, copies, memsets, pointer attributes ------===//
//
// Device memory comes from the agent's global region (hsa_memory_allocate);
// every allocation is recorded by address so frees, copies and pointer
// queries are checked against it. There is no copy engine in core HSA:
// copies run on the host (hsa_memory_copy) once the work they must follow
// has finished, so the asynchronous forms complete before they return.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cstring>

using namespace ptxmlir::cuda;

namespace ptxmlir::cuda {

const Allocation *findAllocation(uintptr_t p, size_t n) {
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  auto &allocs = rt().allocations;
  auto it = allocs.upper_bound(p);
  if (it == allocs.begin())
    return nullptr;
  --it;
  const Allocation &a = it->second;
  if (p < a.base || p - a.base >= a.size || n > a.size - (p - a.base))
    return nullptr;
  return &a;
}

void freeContextAllocations(CUctx_st *ctx) {
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  auto &allocs = rt().allocations;
  for (auto it = allocs.begin(); it != allocs.end();) {
    if (it->second.ctx == ctx) {
      if (!it->second.module && !it->second.registered)
        hsa().hsa_memory_free(reinterpret_cast<void *>(it->first));
      it = allocs.erase(it);
    } else {
      ++it;
    }
  }
}

namespace {
/// ROCr copies only memory it knows: pageable host memory goes through a
/// fine-grained buffer, 4 MiB at a time. The CPU agent shares the
/// process's memory: every pointer is reachable.
CUresult copyStaged(const Agent &agent, void *dst, const void *src, size_t n,
                    bool toDevice) {
  if (!n)
    return CUDA_SUCCESS;
  const runtime::HsaTable &t = hsa();
  if (agent.host)
    return t.hsa_memory_copy(dst, src, n) == HSA_STATUS_SUCCESS
               ? CUDA_SUCCESS
               : CUDA_ERROR_INVALID_VALUE;
  const size_t chunk = std::min<size_t>(n, 4 << 20);
  void *bounce = nullptr;
  if (!agent.hostRegion.handle ||
      t.hsa_memory_allocate(agent.hostRegion, chunk, &bounce) !=
          HSA_STATUS_SUCCESS ||
      !bounce)
    return CUDA_ERROR_OUT_OF_MEMORY;
  CUresult r = CUDA_SUCCESS;
  for (size_t off = 0; off < n && !r; off += chunk) {
    size_t len = std::min(chunk, n - off);
    auto *d = static_cast<char *>(dst) + off;
    auto *s = static_cast<const char *>(src) + off;
    if (toDevice) {
      std::memcpy(bounce, s, len);
      if (t.hsa_memory_copy(d, bounce, len) != HSA_STATUS_SUCCESS)
        r = CUDA_ERROR_INVALID_VALUE;
    } else if (t.hsa_memory_copy(bounce, s, len) != HSA_STATUS_SUCCESS) {
      r = CUDA_ERROR_INVALID_VALUE;
    } else {
      std::memcpy(d, bounce, len);
    }
  }
  t.hsa_memory_free(bounce);
  return r;
}
} // namespace

CUresult copyToDevice(const Agent &agent, void *device, const void *host,
                      size_t n) {
  return copyStaged(agent, device, host, n, /*toDevice=*/true);
}

CUresult copyToHost(const Agent &agent, void *host, const void *device,
                    size_t n) {
  return copyStaged(agent, host, device, n, /*toDevice=*/false);
}

CUresult copyMemory(const Agent &agent, void *dst, const void *src, size_t n) {
  if (!n)
    return CUDA_SUCCESS;
  bool dstKnown = findAllocation(uintptr_t(dst)),
       srcKnown = findAllocation(uintptr_t(src));
  // The CPU agent shares the process's memory: every pointer is reachable.
  if (agent.host || (dstKnown && srcKnown))
    return hsa().hsa_memory_copy(dst, src, n) == HSA_STATUS_SUCCESS
               ? CUDA_SUCCESS
               : CUDA_ERROR_INVALID_VALUE;
  if (!dstKnown && !srcKnown) {
    std::memmove(dst, src, n);
    return CUDA_SUCCESS;
  }
  return dstKnown ? copyToDevice(agent, dst, src, n)
                  : copyToHost(agent, dst, src, n);
}

CUresult allocateMemory(CUctx_st *ctx, size_t size, MemoryKind kind,
                        unsigned hostFlags, void **out) {
  const Agent &a = *ctx->dev->agent;
  bool host = kind == MemoryKind::Host;
  // Managed memory is the fine-grained system memory both sides reach
  // coherently (Managed.cpp).
  bool system = kind != MemoryKind::Device;
  hsa_region_t region =
      system && a.hostRegion.handle ? a.hostRegion : a.deviceRegion;
  if (a.allocMax && size > a.allocMax && !system)
    return CUDA_ERROR_OUT_OF_MEMORY;
  void *p = nullptr;
  if (hsa().hsa_memory_allocate(region, size, &p) != HSA_STATUS_SUCCESS || !p)
    return CUDA_ERROR_OUT_OF_MEMORY;
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  Allocation al;
  al.base = uintptr_t(p);
  al.size = size;
  al.ctx = ctx;
  al.host = host;
  al.managed = kind == MemoryKind::Managed;
  al.hostFlags = hostFlags;
  al.id = rt().nextId++;
  rt().allocations[al.base] = al;
  *out = p;
  return CUDA_SUCCESS;
}

} // namespace ptxmlir::cuda

namespace {

CUresult allocate(CUctx_st *ctx, size_t size, bool host, unsigned hostFlags,
                  void **out) {
  return allocateMemory(ctx, size, host ? MemoryKind::Host : MemoryKind::Device,
                        hostFlags, out);
}

CUresult release(uintptr_t p, bool host) {
  CUctx_st *owner;
  {
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    auto it = rt().allocations.find(p);
    if (it == rt().allocations.end() || it->second.host != host ||
        it->second.module || it->second.registered)
      return CUDA_ERROR_INVALID_VALUE;
    owner = it->second.ctx;
  }
  // Kernels still running may use it: CUDA frees after prior work ends.
  synchronizeContext(owner);
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  auto it = rt().allocations.find(p);
  if (it == rt().allocations.end())
    return CUDA_ERROR_INVALID_VALUE; // freed by another thread meanwhile
  rt().allocations.erase(it);
  hsa().hsa_memory_free(reinterpret_cast<void *>(p));
  return CUDA_SUCCESS;
}

/// Runs host-side memory work on behalf of stream `h` of the current
/// context, after the work it must follow.
template <typename F> CUresult onStream(CUstream h, F &&work) {
  CUstream_st *s;
  if (CUresult r = currentStream(h, s))
    return r;
  if (CUresult r = drainForHostWork(s))
    return r;
  return work(*s->ctx->dev->agent);
}

bool isDevice(CUdeviceptr p, size_t n) {
  return n == 0 ? p != 0 : findAllocation(uintptr_t(p), n) != nullptr;
}

CUresult copyChecked(CUdeviceptr dst, bool dstDevice, CUdeviceptr src,
                     bool srcDevice, size_t n, CUstream stream) {
  if (!dst || !src)
    return CUDA_ERROR_INVALID_VALUE;
  if ((dstDevice && !isDevice(dst, n)) || (srcDevice && !isDevice(src, n)))
    return CUDA_ERROR_INVALID_VALUE;
  return onStream(stream, [&](const Agent &a) {
    return copyMemory(a, reinterpret_cast<void *>(dst),
                      reinterpret_cast<const void *>(src), n);
  });
}

CUresult memset(CUdeviceptr dst, size_t pitch, const void *value,
                unsigned elemSize, size_t width, size_t height,
                CUstream stream) {
  if (height > 1 && pitch < width * elemSize)
    return CUDA_ERROR_INVALID_VALUE;
  if (dst % elemSize || (height > 1 && pitch % elemSize))
    return CUDA_ERROR_INVALID_VALUE;
  size_t rowBytes = width * elemSize;
  if (!rowBytes || !height) {
    return onStream(stream, [](const Agent &) { return CUDA_SUCCESS; });
  }
  size_t span = (height - 1) * pitch + rowBytes;
  if (!isDevice(dst, span))
    return CUDA_ERROR_INVALID_VALUE;
  return onStream(stream, [&](const Agent &a) -> CUresult {
    std::vector<uint8_t> pattern(std::min<size_t>(rowBytes, 1 << 20));
    for (size_t i = 0; i < pattern.size(); i += elemSize)
      std::memcpy(pattern.data() + i, value, elemSize);
    for (size_t row = 0; row < height; ++row) {
      auto *base = reinterpret_cast<uint8_t *>(dst + row * pitch);
      for (size_t off = 0; off < rowBytes; off += pattern.size()) {
        size_t len = std::min(pattern.size(), rowBytes - off);
        if (CUresult r = copyMemory(a, base + off, pattern.data(), len))
          return r;
      }
    }
    return CUDA_SUCCESS;
  });
}

CUresult copy2D(const CUDA_MEMCPY2D *c, CUstream stream) {
  if (!c)
    return CUDA_ERROR_INVALID_VALUE;
  auto base = [](CUmemorytype type, const void *host, CUdeviceptr dev,
                 CUarray array, uintptr_t &out, bool &device) -> CUresult {
    switch (type) {
    case CU_MEMORYTYPE_HOST:
      out = uintptr_t(host);
      device = false;
      return CUDA_SUCCESS;
    case CU_MEMORYTYPE_DEVICE:
      out = uintptr_t(dev);
      device = true;
      return CUDA_SUCCESS;
    case CU_MEMORYTYPE_UNIFIED:
      out = uintptr_t(dev);
      device = findAllocation(out) != nullptr;
      return CUDA_SUCCESS;
    case CU_MEMORYTYPE_ARRAY:
      return CUDA_ERROR_NOT_SUPPORTED; // no CUDA arrays
    }
    return CUDA_ERROR_INVALID_VALUE; // not a CUmemorytype at all
  };
  uintptr_t src, dst;
  bool srcDevice, dstDevice;
  if (CUresult r = base(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
                        src, srcDevice))
    return r;
  if (CUresult r = base(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray,
                        dst, dstDevice))
    return r;
  size_t w = c->WidthInBytes, h = c->Height;
  if (!w || !h)
    return onStream(stream, [](const Agent &) { return CUDA_SUCCESS; });
  size_t srcPitch = c->srcPitch ? c->srcPitch : w,
         dstPitch = c->dstPitch ? c->dstPitch : w;
  if (!src || !dst || (h > 1 && (srcPitch < w || dstPitch < w)))
    return CUDA_ERROR_INVALID_VALUE;
  src += c->srcY * srcPitch + c->srcXInBytes;
  dst += c->dstY * dstPitch + c->dstXInBytes;
  if ((srcDevice && !isDevice(src, (h - 1) * srcPitch + w)) ||
      (dstDevice && !isDevice(dst, (h - 1) * dstPitch + w)))
    return CUDA_ERROR_INVALID_VALUE;
  return onStream(stream, [&](const Agent &a) -> CUresult {
    if (srcPitch == w && dstPitch == w)
      return copyMemory(a, reinterpret_cast<void *>(dst),
                        reinterpret_cast<const void *>(src), w * h);
    for (size_t row = 0; row < h; ++row)
      if (CUresult r = copyMemory(
              a, reinterpret_cast<void *>(dst + row * dstPitch),
              reinterpret_cast<const void *>(src + row * srcPitch), w))
        return r;
    return CUDA_SUCCESS;
  });
}

} // namespace

extern "C" {

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

CUresult CUDAAPI cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!dptr || !bytesize)
      return CUDA_ERROR_INVALID_VALUE;
    void *p;
    if (CUresult r = allocate(ctx, bytesize, false, 0, &p))
      return r;
    *dptr = CUdeviceptr(p);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pPitch,
                                    size_t WidthInBytes, size_t Height,
                                    unsigned int ElementSizeBytes) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!dptr || !pPitch || !WidthInBytes || !Height ||
        (ElementSizeBytes != 4 && ElementSizeBytes != 8 &&
         ElementSizeBytes != 16))
      return CUDA_ERROR_INVALID_VALUE;
    size_t pitch = (WidthInBytes + 511) & ~size_t(511);
    void *p;
    if (CUresult r = allocate(ctx, pitch * Height, false, 0, &p))
      return r;
    *dptr = CUdeviceptr(p);
    *pPitch = pitch;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuMemFree_v2(CUdeviceptr dptr) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    // cudart 13 passes cudaFree(NULL) (the classic "create the context"
    // call) through: freeing nothing succeeds.
    if (!dptr)
      return CUDA_SUCCESS;
    return release(uintptr_t(dptr), false);
  });
}

CUresult CUDAAPI cuMemGetInfo_v2(size_t *free, size_t *total) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!free || !total)
      return CUDA_ERROR_INVALID_VALUE;
    size_t used = 0;
    {
      std::lock_guard<std::recursive_mutex> lock(rt().mu);
      for (auto &[base, a] : rt().allocations)
        if (!a.host && !a.module && a.ctx->dev == ctx->dev)
          used += a.size;
    }
    *total = ctx->dev->agent->memorySize;
    *free = *total > used ? *total - used : 0;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuMemGetAddressRange_v2(CUdeviceptr *pbase, size_t *psize,
                                         CUdeviceptr dptr) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    const Allocation *a = findAllocation(uintptr_t(dptr));
    if (!a)
      return CUDA_ERROR_NOT_FOUND;
    if (pbase)
      *pbase = CUdeviceptr(a->base);
    if (psize)
      *psize = a->size;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuMemAllocHost_v2(void **pp, size_t bytesize) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!pp || !bytesize)
      return CUDA_ERROR_INVALID_VALUE;
    return allocate(ctx, bytesize, true, CU_MEMHOSTALLOC_PORTABLE, pp);
  });
}

CUresult CUDAAPI cuMemHostAlloc(void **pp, size_t bytesize,
                                unsigned int Flags) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!pp || !bytesize ||
        (Flags &
         ~unsigned(CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP |
                   CU_MEMHOSTALLOC_WRITECOMBINED)))
      return CUDA_ERROR_INVALID_VALUE;
    return allocate(ctx, bytesize, true, Flags, pp);
  });
}

CUresult CUDAAPI cuMemFreeHost(void *p) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    if (!p)
      return CUDA_ERROR_INVALID_VALUE;
    return release(uintptr_t(p), true);
  });
}

CUresult CUDAAPI cuMemHostGetDevicePointer_v2(CUdeviceptr *pdptr, void *p,
                                              unsigned int Flags) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!pdptr || !p || Flags != 0)
      return CUDA_ERROR_INVALID_VALUE;
    const Allocation *a = findAllocation(uintptr_t(p));
    if (!a || !a->host)
      return CUDA_ERROR_INVALID_VALUE;
    // One address space: the agent sees host memory at the same address.
    *pdptr = CUdeviceptr(p);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuMemHostGetFlags(unsigned int *pFlags, void *p) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    if (!pFlags || !p)
      return CUDA_ERROR_INVALID_VALUE;
    const Allocation *a = findAllocation(uintptr_t(p));
    if (!a || !a->host)
      return CUDA_ERROR_INVALID_VALUE;
    *pFlags = a->hostFlags;
    return CUDA_SUCCESS;
  });
}

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

CUresult CUDAAPI cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost,
                                 size_t ByteCount) {
  return PTXMLIR_API({
    return copyChecked(dstDevice, true, CUdeviceptr(srcHost), false, ByteCount,
                       nullptr);
  });
}

CUresult CUDAAPI cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice,
                                 size_t ByteCount) {
  return PTXMLIR_API({
    return copyChecked(CUdeviceptr(dstHost), false, srcDevice, true, ByteCount,
                       nullptr);
  });
}

CUresult CUDAAPI cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice,
                                 size_t ByteCount) {
  return PTXMLIR_API({
    return copyChecked(dstDevice, true, srcDevice, true, ByteCount, nullptr);
  });
}

CUresult CUDAAPI cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount) {
  return PTXMLIR_API({
    // Unified addressing: each side is device memory when we allocated it.
    return copyChecked(dst, false, src, false, ByteCount, nullptr);
  });
}

CUresult CUDAAPI cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice,
                                      const void *srcHost, size_t ByteCount,
                                      CUstream hStream) {
  return PTXMLIR_API({
    return copyChecked(dstDevice, true, CUdeviceptr(srcHost), false, ByteCount,
                       hStream);
  });
}

CUresult CUDAAPI cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice,
                                      size_t ByteCount, CUstream hStream) {
  return PTXMLIR_API({
    return copyChecked(CUdeviceptr(dstHost), false, srcDevice, true, ByteCount,
                       hStream);
  });
}

CUresult CUDAAPI cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice,
                                      CUdeviceptr srcDevice, size_t ByteCount,
                                      CUstream hStream) {
  return PTXMLIR_API({
    return copyChecked(dstDevice, true, srcDevice, true, ByteCount, hStream);
  });
}

CUresult CUDAAPI cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src,
                               size_t ByteCount, CUstream hStream) {
  return PTXMLIR_API(
      { return copyChecked(dst, false, src, false, ByteCount, hStream); });
}

CUresult CUDAAPI cuMemcpy2D_v2(const CUDA_MEMCPY2D *pCopy) {
  return PTXMLIR_API({ return copy2D(pCopy, nullptr); });
}

CUresult CUDAAPI cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *pCopy) {
  return PTXMLIR_API({ return copy2D(pCopy, nullptr); });
}

CUresult CUDAAPI cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *pCopy,
                                    CUstream hStream) {
  return PTXMLIR_API({ return copy2D(pCopy, hStream); });
}

//===----------------------------------------------------------------------===//
// Memsets
//===----------------------------------------------------------------------===//

CUresult CUDAAPI cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc,
                               size_t N) {
  return PTXMLIR_API({ return memset(dstDevice, 0, &uc, 1, N, 1, nullptr); });
}
CUresult CUDAAPI cuMemsetD16_v2(CUdeviceptr dstDevice, unsigned short us,
                                size_t N) {
  return PTXMLIR_API({ return memset(dstDevice, 0, &us, 2, N, 1, nullptr); });
}
CUresult CUDAAPI cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui,
                                size_t N) {
  return PTXMLIR_API({ return memset(dstDevice, 0, &ui, 4, N, 1, nullptr); });
}
CUresult CUDAAPI cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc,
                                 size_t N, CUstream hStream) {
  return PTXMLIR_API({ return memset(dstDevice, 0, &uc, 1, N, 1, hStream); });
}
CUresult CUDAAPI cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us,
                                  size_t N, CUstream hStream) {
  return PTXMLIR_API({ return memset(dstDevice, 0, &us, 2, N, 1, hStream); });
}
CUresult CUDAAPI cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui,
                                  size_t N, CUstream hStream) {
  return PTXMLIR_API({ return memset(dstDevice, 0, &ui, 4, N, 1, hStream); });
}
CUresult CUDAAPI cuMemsetD2D8_v2(CUdeviceptr dstDevice, size_t dstPitch,
                                 unsigned char uc, size_t Width,
                                 size_t Height) {
  return PTXMLIR_API(
      { return memset(dstDevice, dstPitch, &uc, 1, Width, Height, nullptr); });
}
CUresult CUDAAPI cuMemsetD2D16_v2(CUdeviceptr dstDevice, size_t dstPitch,
                                  unsigned short us, size_t Width,
                                  size_t Height) {
  return PTXMLIR_API(
      { return memset(dstDevice, dstPitch, &us, 2, Width, Height, nullptr); });
}
CUresult CUDAAPI cuMemsetD2D32_v2(CUdeviceptr dstDevice, size_t dstPitch,
                                  unsigned int ui, size_t Width,
                                  size_t Height) {
  return PTXMLIR_API(
      { return memset(dstDevice, dstPitch, &ui, 4, Width, Height, nullptr); });
}

CUresult CUDAAPI cuMemsetD2D8Async(CUdeviceptr dstDevice, size_t dstPitch,
                                   unsigned char uc, size_t Width,
                                   size_t Height, CUstream hStream) {
  return PTXMLIR_API(
      { return memset(dstDevice, dstPitch, &uc, 1, Width, Height, hStream); });
}
CUresult CUDAAPI cuMemsetD2D16Async(CUdeviceptr dstDevice, size_t dstPitch,
                                    unsigned short us, size_t Width,
                                    size_t Height, CUstream hStream) {
  return PTXMLIR_API(
      { return memset(dstDevice, dstPitch, &us, 2, Width, Height, hStream); });
}
CUresult CUDAAPI cuMemsetD2D32Async(CUdeviceptr dstDevice, size_t dstPitch,
                                    unsigned int ui, size_t Width,
                                    size_t Height, CUstream hStream) {
  return PTXMLIR_API(
      { return memset(dstDevice, dstPitch, &ui, 4, Width, Height, hStream); });
}

//===----------------------------------------------------------------------===//
// Stream-ordered allocation: ordered by waiting for the stream first.
//===----------------------------------------------------------------------===//

CUresult CUDAAPI cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize,
                                 CUstream hStream) {
  return PTXMLIR_API({
    if (!dptr || !bytesize)
      return CUDA_ERROR_INVALID_VALUE;
    return onStream(hStream, [&](const Agent &) -> CUresult {
      CUctx_st *ctx;
      if (CUresult r = currentContext(ctx))
        return r;
      void *p;
      if (CUresult r = allocate(ctx, bytesize, false, 0, &p))
        return r;
      *dptr = CUdeviceptr(p);
      return CUDA_SUCCESS;
    });
  });
}

CUresult CUDAAPI cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream) {
  return PTXMLIR_API({
    if (!dptr)
      return CUDA_ERROR_INVALID_VALUE;
    return onStream(hStream, [&](const Agent &) {
      return release(uintptr_t(dptr), false);
    });
  });
}

//===----------------------------------------------------------------------===//
// Pointer attributes
//===----------------------------------------------------------------------===//

/// The bytes cuPointerGetAttribute writes for `a`; 0 for no attribute.
static size_t pointerAttributeSize(CUpointer_attribute a) {
  switch (int(a)) {
  case CU_POINTER_ATTRIBUTE_CONTEXT:
  case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
  case CU_POINTER_ATTRIBUTE_HOST_POINTER:
  case CU_POINTER_ATTRIBUTE_BUFFER_ID:
  case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
  case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
  case CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
  case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
  case CU_POINTER_ATTRIBUTE_MAPPING_SIZE:
  case CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR:
  case CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID:
    return 8;
  case CU_POINTER_ATTRIBUTE_P2P_TOKENS:
    return sizeof(CUDA_POINTER_ATTRIBUTE_P2P_TOKENS);
  case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
  case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
  case CU_POINTER_ATTRIBUTE_IS_MANAGED:
  case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
  case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
  case CU_POINTER_ATTRIBUTE_MAPPED:
  case CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
  case CU_POINTER_ATTRIBUTE_ACCESS_FLAGS:
  case CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE:
    return 4;
  default:
    return 0;
  }
}

CUresult CUDAAPI cuPointerGetAttribute(void *data,
                                       CUpointer_attribute attribute,
                                       CUdeviceptr ptr) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    if (!data)
      return CUDA_ERROR_INVALID_VALUE;
    const Allocation *a = findAllocation(uintptr_t(ptr));
    if (!a)
      return CUDA_ERROR_INVALID_VALUE;
    switch (attribute) {
    case CU_POINTER_ATTRIBUTE_CONTEXT:
      *static_cast<CUcontext *>(data) = a->ctx;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
      *static_cast<unsigned *>(data) =
          a->host ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
      *static_cast<CUdeviceptr *>(data) = ptr;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_HOST_POINTER:
      if (!a->host && !a->managed)
        return CUDA_ERROR_INVALID_VALUE;
      *static_cast<void **>(data) = reinterpret_cast<void *>(ptr);
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
    case CU_POINTER_ATTRIBUTE_MAPPED:
      *static_cast<int *>(data) = 1;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_IS_MANAGED:
      *static_cast<int *>(data) = a->managed;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
    case CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
      *static_cast<int *>(data) = 0;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_BUFFER_ID:
      *static_cast<unsigned long long *>(data) = a->id;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
      *static_cast<int *>(data) = a->ctx->dev->ordinal;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
      *static_cast<CUdeviceptr *>(data) = CUdeviceptr(a->base);
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
      *static_cast<size_t *>(data) = a->size;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
      *static_cast<unsigned long long *>(data) = 0;
      return CUDA_SUCCESS;
    case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
      *static_cast<void **>(data) = nullptr;
      return CUDA_SUCCESS;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
  });
}

// Unlike the singular form, a pointer we did not allocate, and an
// attribute that does not apply to it (the host pointer of device memory),
// give default values, not errors: what cudaPointerGetAttributes relies on
// to report ordinary host memory as unregistered.
CUresult CUDAAPI cuPointerGetAttributes(unsigned int numAttributes,
                                        CUpointer_attribute *attributes,
                                        void **data, CUdeviceptr ptr) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    if (!attributes || !data)
      return CUDA_ERROR_INVALID_VALUE;
    for (unsigned i = 0; i < numAttributes; ++i) {
      size_t bytes = pointerAttributeSize(attributes[i]);
      if (!bytes || !data[i])
        return CUDA_ERROR_INVALID_VALUE;
      if (cuPointerGetAttribute(data[i], attributes[i], ptr) == CUDA_SUCCESS)
        continue;
      std::memset(data[i], 0, bytes);
      if (attributes[i] == CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL)
        *static_cast<int *>(data[i]) = CU_DEVICE_INVALID;
    }
    return CUDA_SUCCESS;
  });
}

//===----------------------------------------------------------------------===//
// Legacy (CUDA < 3.2) and per-thread-stream spellings
//===----------------------------------------------------------------------===//

static CUresult narrow(CUdeviceptr p, CUdeviceptr_v1 *out) {
  if (p > UINT32_MAX) {
    cuMemFree_v2(p);
    return CUDA_ERROR_OUT_OF_MEMORY; // not addressable with 32 bits
  }
  *out = CUdeviceptr_v1(p);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemAlloc(CUdeviceptr_v1 *dptr, unsigned int bytesize) {
  if (!dptr)
    return cuMemAlloc_v2(nullptr, bytesize);
  CUdeviceptr p;
  if (CUresult r = cuMemAlloc_v2(&p, bytesize))
    return r;
  return narrow(p, dptr);
}
CUresult CUDAAPI cuMemFree(CUdeviceptr_v1 dptr) { return cuMemFree_v2(dptr); }
CUresult CUDAAPI cuMemGetInfo(unsigned int *free, unsigned int *total) {
  size_t f, t;
  if (!free || !total)
    return cuMemGetInfo_v2(nullptr, nullptr);
  CUresult r = cuMemGetInfo_v2(&f, &t);
  if (!r) {
    *free = unsigned(std::min<size_t>(f, UINT32_MAX));
    *total = unsigned(std::min<size_t>(t, UINT32_MAX));
  }
  return r;
}
CUresult CUDAAPI cuMemAllocPitch(CUdeviceptr_v1 *dptr, unsigned int *pPitch,
                                 unsigned int WidthInBytes, unsigned int Height,
                                 unsigned int ElementSizeBytes) {
  CUdeviceptr p;
  size_t pitch;
  CUresult r =
      cuMemAllocPitch_v2(dptr ? &p : nullptr, pPitch ? &pitch : nullptr,
                         WidthInBytes, Height, ElementSizeBytes);
  if (r)
    return r;
  *pPitch = unsigned(pitch);
  return narrow(p, dptr);
}
CUresult CUDAAPI cuMemGetAddressRange(CUdeviceptr_v1 *pbase,
                                      unsigned int *psize,
                                      CUdeviceptr_v1 dptr) {
  CUdeviceptr base;
  size_t size;
  CUresult r = cuMemGetAddressRange_v2(&base, &size, dptr);
  if (r)
    return r;
  if (pbase)
    *pbase = CUdeviceptr_v1(base);
  if (psize)
    *psize = unsigned(size);
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuMemAllocHost(void **pp, unsigned int bytesize) {
  return cuMemAllocHost_v2(pp, bytesize);
}
CUresult CUDAAPI cuMemHostGetDevicePointer(CUdeviceptr_v1 *pdptr, void *p,
                                           unsigned int Flags) {
  CUdeviceptr d;
  CUresult r = cuMemHostGetDevicePointer_v2(pdptr ? &d : nullptr, p, Flags);
  return r ? r : narrow(d, pdptr);
}
CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr_v1 dstDevice, const void *srcHost,
                              unsigned int ByteCount) {
  return cuMemcpyHtoD_v2(dstDevice, srcHost, ByteCount);
}
CUresult CUDAAPI cuMemcpyDtoH(void *dstHost, CUdeviceptr_v1 srcDevice,
                              unsigned int ByteCount) {
  return cuMemcpyDtoH_v2(dstHost, srcDevice, ByteCount);
}
CUresult CUDAAPI cuMemcpyDtoD(CUdeviceptr_v1 dstDevice,
                              CUdeviceptr_v1 srcDevice,
                              unsigned int ByteCount) {
  return cuMemcpyDtoD_v2(dstDevice, srcDevice, ByteCount);
}
CUresult CUDAAPI cuMemsetD8(CUdeviceptr_v1 dstDevice, unsigned char uc,
                            unsigned int N) {
  return cuMemsetD8_v2(dstDevice, uc, N);
}
CUresult CUDAAPI cuMemsetD16(CUdeviceptr_v1 dstDevice, unsigned short us,
                             unsigned int N) {
  return cuMemsetD16_v2(dstDevice, us, N);
}
CUresult CUDAAPI cuMemsetD32(CUdeviceptr_v1 dstDevice, unsigned int ui,
                             unsigned int N) {
  return cuMemsetD32_v2(dstDevice, ui, N);
}

CUresult CUDAAPI cuMemcpyHtoD_v2_ptds(CUdeviceptr dstDevice,
                                      const void *srcHost, size_t ByteCount) {
  return cuMemcpyHtoD_v2(dstDevice, srcHost, ByteCount);
}
CUresult CUDAAPI cuMemcpyDtoH_v2_ptds(void *dstHost, CUdeviceptr srcDevice,
                                      size_t ByteCount) {
  return cuMemcpyDtoH_v2(dstHost, srcDevice, ByteCount);
}
CUresult CUDAAPI cuMemcpyDtoD_v2_ptds(CUdeviceptr dstDevice,
                                      CUdeviceptr srcDevice, size_t ByteCount) {
  return cuMemcpyDtoD_v2(dstDevice, srcDevice, ByteCount);
}
CUresult CUDAAPI cuMemcpy_ptds(CUdeviceptr dst, CUdeviceptr src,
                               size_t ByteCount) {
  return cuMemcpy(dst, src, ByteCount);
}
CUresult CUDAAPI cuMemcpyAsync_ptsz(CUdeviceptr dst, CUdeviceptr src,
                                    size_t ByteCount, CUstream hStream) {
  return cuMemcpyAsync(dst, src, ByteCount, hStream);
}
CUresult CUDAAPI cuMemcpyHtoDAsync_v2_ptsz(CUdeviceptr dstDevice,
                                           const void *srcHost,
                                           size_t ByteCount, CUstream hStream) {
  return cuMemcpyHtoDAsync_v2(dstDevice, srcHost, ByteCount, hStream);
}
CUresult CUDAAPI cuMemcpyDtoHAsync_v2_ptsz(void *dstHost, CUdeviceptr srcDevice,
                                           size_t ByteCount, CUstream hStream) {
  return cuMemcpyDtoHAsync_v2(dstHost, srcDevice, ByteCount, hStream);
}
CUresult CUDAAPI cuMemcpyDtoDAsync_v2_ptsz(CUdeviceptr dstDevice,
                                           CUdeviceptr srcDevice,
                                           size_t ByteCount, CUstream hStream) {
  return cuMemcpyDtoDAsync_v2(dstDevice, srcDevice, ByteCount, hStream);
}
CUresult CUDAAPI cuMemcpy2D_v2_ptds(const CUDA_MEMCPY2D *pCopy) {
  return cuMemcpy2D_v2(pCopy);
}
CUresult CUDAAPI cuMemcpy2DAsync_v2_ptsz(const CUDA_MEMCPY2D *pCopy,
                                         CUstream hStream) {
  return cuMemcpy2DAsync_v2(pCopy, hStream);
}
CUresult CUDAAPI cuMemsetD8_v2_ptds(CUdeviceptr dstDevice, unsigned char uc,
                                    size_t N) {
  return cuMemsetD8_v2(dstDevice, uc, N);
}
CUresult CUDAAPI cuMemsetD16_v2_ptds(CUdeviceptr dstDevice, unsigned short us,
                                     size_t N) {
  return cuMemsetD16_v2(dstDevice, us, N);
}
CUresult CUDAAPI cuMemsetD32_v2_ptds(CUdeviceptr dstDevice, unsigned int ui,
                                     size_t N) {
  return cuMemsetD32_v2(dstDevice, ui, N);
}
CUresult CUDAAPI cuMemsetD8Async_ptsz(CUdeviceptr dstDevice, unsigned char uc,
                                      size_t N, CUstream hStream) {
  return cuMemsetD8Async(dstDevice, uc, N, hStream);
}
CUresult CUDAAPI cuMemsetD16Async_ptsz(CUdeviceptr dstDevice, unsigned short us,
                                       size_t N, CUstream hStream) {
  return cuMemsetD16Async(dstDevice, us, N, hStream);
}
CUresult CUDAAPI cuMemAllocAsync_ptsz(CUdeviceptr *dptr, size_t bytesize,
                                      CUstream hStream) {
  return cuMemAllocAsync(dptr, bytesize, hStream);
}
CUresult CUDAAPI cuMemFreeAsync_ptsz(CUdeviceptr dptr, CUstream hStream) {
  return cuMemFreeAsync(dptr, hStream);
}
CUresult CUDAAPI cuMemsetD32Async_ptsz(CUdeviceptr dstDevice, unsigned int ui,
                                       size_t N, CUstream hStream) {
  return cuMemsetD32Async(dstDevice, ui, N, hStream);
}

} // extern "C"
