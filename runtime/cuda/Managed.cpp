//===- Managed.cpp - managed memory, prefetches and advice ----------------===//
//
// Managed memory is memory both the host and the agent reach at the same
// address with no copies: on the CPU agent any host memory, on an AMD GPU
// the fine-grained system region (the one cuMemAllocHost uses), which ROCr
// keeps coherent between the CPU and the GPU. Nothing ever migrates, so a
// prefetch only orders itself on its stream, and advice changes nothing but
// what cuMemRangeGetAttribute reports; both are recorded per 4 KiB page, as
// CUDA applies them to whole CPU pages.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <algorithm>
#include <cstring>
#include <new>

using namespace ptxmlir::cuda;

namespace {

constexpr size_t kPage = 4096;

/// The pages of managed allocations that [p, p+n) covers, after checking
/// the range lies in one managed allocation. Holds rt().mu.
struct ManagedRange {
  std::unique_lock<std::recursive_mutex> lock;
  Allocation *alloc = nullptr;
  size_t firstPage = 0, endPage = 0;
};

CUresult managedRange(CUdeviceptr p, size_t n, ManagedRange &out) {
  if (CUresult r = checkInit())
    return r;
  if (!p || !n)
    return CUDA_ERROR_INVALID_VALUE;
  out.lock = std::unique_lock<std::recursive_mutex>(rt().mu);
  const Allocation *a = findAllocation(uintptr_t(p), n);
  if (!a || !a->managed)
    return CUDA_ERROR_INVALID_VALUE;
  out.alloc = const_cast<Allocation *>(a);
  // The page records, made on first use: a huge allocation's may not fit.
  if (out.alloc->pages.empty()) {
    try {
      out.alloc->pages.resize((a->size + kPage - 1) / kPage);
    } catch (const std::bad_alloc &) {
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  }
  size_t begin = uintptr_t(p) - a->base;
  out.firstPage = begin / kPage;
  out.endPage = (begin + n + kPage - 1) / kPage;
  return CUDA_SUCCESS;
}

ManagedPage &page(Allocation &a, size_t i) { return a.pages[i]; }

/// A location argument (CUDA 12.2+ form) checked: a device that exists or
/// the host; host NUMA nodes are the host (one node).
CUresult checkLocation(CUmemLocation loc, MemLocation &out) {
  switch (loc.type) {
  case CU_MEM_LOCATION_TYPE_DEVICE: {
    DeviceState *d;
    if (CUresult r = validDevice(loc.id, d))
      return r == CUDA_ERROR_INVALID_DEVICE ? CUDA_ERROR_INVALID_DEVICE : r;
    out = {CU_MEM_LOCATION_TYPE_DEVICE, loc.id};
    return CUDA_SUCCESS;
  }
  case CU_MEM_LOCATION_TYPE_HOST:
  case CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT:
    out = {CU_MEM_LOCATION_TYPE_HOST, 0};
    return CUDA_SUCCESS;
  case CU_MEM_LOCATION_TYPE_HOST_NUMA:
    if (loc.id != 0)
      return CUDA_ERROR_INVALID_VALUE;
    out = {CU_MEM_LOCATION_TYPE_HOST_NUMA, 0};
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

/// The legacy device argument: an ordinal or CU_DEVICE_CPU.
CUresult legacyLocation(CUdevice dev, CUmemLocation &out) {
  if (dev == CU_DEVICE_CPU) {
    out = {CU_MEM_LOCATION_TYPE_HOST, 0};
    return CUDA_SUCCESS;
  }
  DeviceState *d;
  if (CUresult r = validDevice(dev, d))
    return r;
  out = {CU_MEM_LOCATION_TYPE_DEVICE, dev};
  return CUDA_SUCCESS;
}

/// The location every page of the range agrees on, or an invalid one.
template <typename F> MemLocation common(ManagedRange &r, F &&field) {
  MemLocation first = field(page(*r.alloc, r.firstPage));
  for (size_t i = r.firstPage + 1; i < r.endPage; ++i)
    if (!(field(page(*r.alloc, i)) == first))
      return {};
  return first;
}

/// The legacy device-id reading of a location.
int legacyId(MemLocation l) {
  switch (l.type) {
  case CU_MEM_LOCATION_TYPE_DEVICE:
    return l.id;
  case CU_MEM_LOCATION_TYPE_HOST:
  case CU_MEM_LOCATION_TYPE_HOST_NUMA:
    return CU_DEVICE_CPU;
  default:
    return CU_DEVICE_INVALID;
  }
}

CUresult prefetch(CUdeviceptr p, size_t n, CUmemLocation loc, unsigned flags,
                  CUstream h) {
  if (flags)
    return CUDA_ERROR_INVALID_VALUE;
  MemLocation where;
  if (CUresult r = checkLocation(loc, where))
    return r;
  CUstream_st *s;
  if (CUresult r = currentStream(h, s))
    return r;
  {
    ManagedRange range;
    if (CUresult r = managedRange(p, n, range))
      return r;
    for (size_t i = range.firstPage; i < range.endPage; ++i)
      page(*range.alloc, i).lastPrefetch = where;
  }
  // The memory is already where every processor reaches it: the prefetch
  // is done once the work before it on the stream is.
  return CUDA_SUCCESS;
}

CUresult advise(CUdeviceptr p, size_t n, CUmem_advise advice,
                CUmemLocation loc) {
  MemLocation where;
  bool needsLocation = advice != CU_MEM_ADVISE_SET_READ_MOSTLY &&
                       advice != CU_MEM_ADVISE_UNSET_READ_MOSTLY &&
                       advice != CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION;
  if (advice < CU_MEM_ADVISE_SET_READ_MOSTLY ||
      advice > CU_MEM_ADVISE_UNSET_ACCESSED_BY)
    return CUDA_ERROR_INVALID_VALUE;
  if (needsLocation)
    if (CUresult r = checkLocation(loc, where))
      return r;
  // Bit 0: the host; bit 1 + d: device d.
  unsigned bit =
      where.type == CU_MEM_LOCATION_TYPE_DEVICE ? 1 + unsigned(where.id) : 0;
  if (bit >= 64)
    return CUDA_ERROR_INVALID_DEVICE;
  uint64_t accessor = uint64_t(1) << bit;
  ManagedRange range;
  if (CUresult r = managedRange(p, n, range))
    return r;
  for (size_t i = range.firstPage; i < range.endPage; ++i) {
    ManagedPage &pg = page(*range.alloc, i);
    switch (advice) {
    case CU_MEM_ADVISE_SET_READ_MOSTLY:
      pg.readMostly = true;
      break;
    case CU_MEM_ADVISE_UNSET_READ_MOSTLY:
      pg.readMostly = false;
      break;
    case CU_MEM_ADVISE_SET_PREFERRED_LOCATION:
      pg.preferred = where;
      break;
    case CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION:
      pg.preferred = {};
      break;
    case CU_MEM_ADVISE_SET_ACCESSED_BY:
      pg.accessedBy |= accessor;
      break;
    case CU_MEM_ADVISE_UNSET_ACCESSED_BY:
      pg.accessedBy &= ~accessor;
      break;
    }
  }
  return CUDA_SUCCESS;
}

CUresult rangeAttribute(void *data, size_t dataSize,
                        CUmem_range_attribute attribute, CUdeviceptr p,
                        size_t n) {
  if (!data)
    return CUDA_ERROR_INVALID_VALUE;
  ManagedRange range;
  if (CUresult r = managedRange(p, n, range))
    return r;
  auto preferred = [](const ManagedPage &pg) { return pg.preferred; };
  auto prefetched = [](const ManagedPage &pg) { return pg.lastPrefetch; };
  auto putInt = [&](int v) {
    if (dataSize != 4)
      return CUDA_ERROR_INVALID_VALUE;
    std::memcpy(data, &v, 4);
    return CUDA_SUCCESS;
  };
  switch (int(attribute)) {
  case CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY: {
    bool all = true;
    for (size_t i = range.firstPage; i < range.endPage; ++i)
      all &= page(*range.alloc, i).readMostly;
    return putInt(all ? 1 : 0);
  }
  case CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION:
    return putInt(legacyId(common(range, preferred)));
  case CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION:
    return putInt(legacyId(common(range, prefetched)));
  case CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE:
    return putInt(common(range, preferred).type);
  case CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID:
    return putInt(common(range, preferred).id);
  case CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE:
    return putInt(common(range, prefetched).type);
  case CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID:
    return putInt(common(range, prefetched).id);
  case CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY: {
    if (!dataSize || dataSize % 4)
      return CUDA_ERROR_INVALID_VALUE;
    uint64_t all = ~uint64_t(0);
    for (size_t i = range.firstPage; i < range.endPage; ++i)
      all &= page(*range.alloc, i).accessedBy;
    auto *out = static_cast<int *>(data);
    size_t slots = dataSize / 4, k = 0;
    for (unsigned bit = 0; bit < 64 && k < slots; ++bit)
      if (all & (uint64_t(1) << bit))
        out[k++] = bit == 0 ? CU_DEVICE_CPU : int(bit - 1);
    for (; k < slots; ++k)
      out[k] = CU_DEVICE_INVALID;
    return CUDA_SUCCESS;
  }
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

} // namespace

extern "C" {

CUresult CUDAAPI cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize,
                                   unsigned int flags) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!dptr || !bytesize ||
        (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST))
      return CUDA_ERROR_INVALID_VALUE;
    void *p;
    if (CUresult r = allocateMemory(ctx, bytesize, MemoryKind::Managed, 0, &p))
      return r;
    *dptr = CUdeviceptr(p);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count,
                                       CUmemLocation location,
                                       unsigned int flags, CUstream hStream) {
  return PTXMLIR_API(
      { return prefetch(devPtr, count, location, flags, hStream); });
}

CUresult CUDAAPI cuMemPrefetchAsync_v2_ptsz(CUdeviceptr devPtr, size_t count,
                                            CUmemLocation location,
                                            unsigned int flags,
                                            CUstream hStream) {
  return cuMemPrefetchAsync_v2(devPtr, count, location, flags, hStream);
}

CUresult CUDAAPI cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count,
                                    CUdevice dstDevice, CUstream hStream) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    CUmemLocation loc;
    if (CUresult r = legacyLocation(dstDevice, loc))
      return r;
    return prefetch(devPtr, count, loc, 0, hStream);
  });
}

CUresult CUDAAPI cuMemPrefetchAsync_ptsz(CUdeviceptr devPtr, size_t count,
                                         CUdevice dstDevice, CUstream hStream) {
  return cuMemPrefetchAsync(devPtr, count, dstDevice, hStream);
}

CUresult CUDAAPI cuMemAdvise_v2(CUdeviceptr devPtr, size_t count,
                                CUmem_advise advice, CUmemLocation location) {
  return PTXMLIR_API({ return advise(devPtr, count, advice, location); });
}

CUresult CUDAAPI cuMemAdvise(CUdeviceptr devPtr, size_t count,
                             CUmem_advise advice, CUdevice device) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    CUmemLocation loc{CU_MEM_LOCATION_TYPE_HOST, 0};
    if (advice != CU_MEM_ADVISE_SET_READ_MOSTLY &&
        advice != CU_MEM_ADVISE_UNSET_READ_MOSTLY &&
        advice != CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION)
      if (CUresult r = legacyLocation(device, loc))
        return r;
    return advise(devPtr, count, advice, loc);
  });
}

CUresult CUDAAPI cuMemRangeGetAttribute(void *data, size_t dataSize,
                                        CUmem_range_attribute attribute,
                                        CUdeviceptr devPtr, size_t count) {
  return PTXMLIR_API(
      { return rangeAttribute(data, dataSize, attribute, devPtr, count); });
}

CUresult CUDAAPI cuMemRangeGetAttributes(void **data, size_t *dataSizes,
                                         CUmem_range_attribute *attributes,
                                         size_t numAttributes,
                                         CUdeviceptr devPtr, size_t count) {
  return PTXMLIR_API({
    if (!data || !dataSizes || !attributes || !numAttributes)
      return CUDA_ERROR_INVALID_VALUE;
    for (size_t i = 0; i < numAttributes; ++i)
      if (CUresult r = rangeAttribute(data[i], dataSizes[i], attributes[i],
                                      devPtr, count))
        return r;
    return CUDA_SUCCESS;
  });
}

} // extern "C"
