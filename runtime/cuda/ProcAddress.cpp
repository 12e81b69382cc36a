//===- ProcAddress.cpp - cuGetProcAddress ---------------------------------===//
//
// The CUDA runtime (cudart 11.3+) finds every driver function through
// cuGetProcAddress(name, cudaVersion, flags): for "cuMemAlloc" at 12000 it
// wants cuMemAlloc_v2. ProcTable.c, generated from NVIDIA's cudaTypedefs.h,
// lists each name's symbols with the CUDA version that introduced them; the
// answer is the newest one not newer than the version asked for.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"
#include "ProcTable.h"

#include <cstring>

using namespace ptxmlir::cuda;

namespace {
CUresult lookup(const char *symbol, void **pfn, int cudaVersion,
                cuuint64_t flags, CUdriverProcAddressQueryResult *status) {
  if (!symbol || !pfn)
    return CUDA_ERROR_INVALID_VALUE;
  if (flags & ~cuuint64_t(CU_GET_PROC_ADDRESS_LEGACY_STREAM |
                          CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM))
    return CUDA_ERROR_INVALID_VALUE;
  bool perThread = flags & CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM;
  const ptxmlir_proc_entry *best = nullptr, *bestPerThread = nullptr;
  bool known = false;
  for (unsigned i = 0; i < ptxmlir_proc_table_size; ++i) {
    const ptxmlir_proc_entry &e = ptxmlir_proc_table[i];
    if (std::strcmp(e.name, symbol) != 0)
      continue;
    known = true;
    if (e.version > cudaVersion)
      continue;
    const ptxmlir_proc_entry *&slot = e.perThreadStream ? bestPerThread : best;
    if (!slot || e.version > slot->version)
      slot = &e;
  }
  // A per-thread flavour only when it is as new as the plain one.
  if (perThread && bestPerThread &&
      (!best || bestPerThread->version >= best->version))
    best = bestPerThread;
  *pfn = best ? best->address : nullptr;
  if (status)
    *status = best    ? CU_GET_PROC_ADDRESS_SUCCESS
              : known ? CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT
                      : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  // What a user needs first when a new binary fails: the entry points it
  // asked for that we lack.
  if (!best)
    logf("cuGetProcAddress(%s, %d): %s", symbol, cudaVersion,
         known ? "version not sufficient" : "symbol not found");
  else if (best->address == best->stub)
    logf("cuGetProcAddress(%s, %d): %s is not implemented (returns "
         "CUDA_ERROR_NOT_SUPPORTED)",
         symbol, cudaVersion, best->symbol);
  return best ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
}
} // namespace

extern "C" {

CUresult CUDAAPI cuGetProcAddress_v2(const char *symbol, void **pfn,
                                     int cudaVersion, cuuint64_t flags,
                                     CUdriverProcAddressQueryResult *status) {
  return PTXMLIR_API(
      { return lookup(symbol, pfn, cudaVersion, flags, status); });
}

CUresult CUDAAPI cuGetProcAddress(const char *symbol, void **pfn,
                                  int cudaVersion, cuuint64_t flags) {
  return PTXMLIR_API(
      { return lookup(symbol, pfn, cudaVersion, flags, nullptr); });
}

} // extern "C"
