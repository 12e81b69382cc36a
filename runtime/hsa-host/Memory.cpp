//===- Memory.cpp - regions and hsa_memory_* ------------------------------===//
//
// Global memory comes from aligned malloc. Allocations are recorded so a
// pointer hsa_memory_allocate did not return is refused instead of being
// passed to free().
//
//===----------------------------------------------------------------------===//

#include "Internal.h"
#include "Regions.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unistd.h>
#include <unordered_set>

namespace ptxmlir::hsahost {

namespace {

struct RegionObject {
  hsa_region_segment_t segment;
};
RegionObject theGlobalRegion{HSA_REGION_SEGMENT_GLOBAL};
RegionObject theGroupRegion{HSA_REGION_SEGMENT_GROUP};

// Allocations are page-aligned so a buffer never shares a cache line with
// another one (the generated code uses real atomics on global memory).
constexpr size_t kAllocAlignment = 4096;

std::mutex allocMutex;
std::unordered_set<void *> &allocations() {
  static auto *set = new std::unordered_set<void *>();
  return *set;
}

size_t physicalMemory() {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? size_t(pages) * size_t(size) : (1ull << 32);
}

RegionObject *lookupRegion(hsa_region_t region) {
  if (region.handle == reinterpret_cast<uint64_t>(&theGlobalRegion))
    return &theGlobalRegion;
  if (region.handle == reinterpret_cast<uint64_t>(&theGroupRegion))
    return &theGroupRegion;
  return nullptr;
}

} // namespace

hsa_region_t globalRegion() {
  return {reinterpret_cast<uint64_t>(&theGlobalRegion)};
}
hsa_region_t groupRegion() {
  return {reinterpret_cast<uint64_t>(&theGroupRegion)};
}

hsa_status_t host_hsa_region_get_info(hsa_region_t region,
                                      hsa_region_info_t attribute,
                                      void *value) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  RegionObject *r = lookupRegion(region);
  if (!r)
    return HSA_STATUS_ERROR_INVALID_REGION;
  if (!value)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  bool global = r->segment == HSA_REGION_SEGMENT_GLOBAL;
  switch (static_cast<int>(attribute)) {
  case HSA_REGION_INFO_SEGMENT:
    *static_cast<hsa_region_segment_t *>(value) = r->segment;
    break;
  case HSA_REGION_INFO_GLOBAL_FLAGS:
    *static_cast<uint32_t *>(value) =
        global ? HSA_REGION_GLOBAL_FLAG_KERNARG |
                     HSA_REGION_GLOBAL_FLAG_FINE_GRAINED
               : 0;
    break;
  case HSA_REGION_INFO_SIZE:
  case HSA_REGION_INFO_ALLOC_MAX_SIZE:
    *static_cast<size_t *>(value) =
        global ? physicalMemory() : size_t(kGroupSegmentSize);
    break;
  case HSA_REGION_INFO_ALLOC_MAX_PRIVATE_WORKGROUP_SIZE:
    *static_cast<uint32_t *>(value) = 0;
    break;
  case HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED:
    *static_cast<bool *>(value) = global;
    break;
  case HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE:
  case HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT:
    *static_cast<size_t *>(value) = global ? kAllocAlignment : 0;
    break;
  case HSA_AMD_REGION_INFO_HOST_ACCESSIBLE:
    *static_cast<bool *>(value) = global;
    break;
  case HSA_AMD_REGION_INFO_BASE:
    *static_cast<void **>(value) = nullptr;
    break;
  default:
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_memory_allocate(hsa_region_t region, size_t size,
                                      void **ptr) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  RegionObject *r = lookupRegion(region);
  if (!r)
    return HSA_STATUS_ERROR_INVALID_REGION;
  if (!ptr || size == 0)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (r->segment != HSA_REGION_SEGMENT_GLOBAL || size > physicalMemory())
    return HSA_STATUS_ERROR_INVALID_ALLOCATION;
  size_t rounded = (size + kAllocAlignment - 1) & ~(kAllocAlignment - 1);
  void *p = std::aligned_alloc(kAllocAlignment, rounded);
  if (!p)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  {
    std::lock_guard<std::mutex> lock(allocMutex);
    allocations().insert(p);
  }
  *ptr = p;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_memory_free(void *ptr) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!ptr)
    return HSA_STATUS_SUCCESS;
  {
    std::lock_guard<std::mutex> lock(allocMutex);
    // Undefined behaviour in the specification; an error here is kinder
    // than heap corruption.
    if (!allocations().erase(ptr))
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  std::free(ptr);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_memory_copy(void *dst, const void *src, size_t size) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!dst || !src)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // Overlapping buffers are undefined in the specification; memmove makes
  // them harmless.
  std::memmove(dst, src, size);
  return HSA_STATUS_SUCCESS;
}

} // namespace ptxmlir::hsahost
