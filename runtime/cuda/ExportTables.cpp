//===- ExportTables.cpp - cuGetExportTable: cudart's private interface ----===//
//
// NVIDIA's CUDA runtime (cudart, static or shared) asks the driver for
// tables of function pointers by UUID through cuGetExportTable. None of
// them is documented; what each slot does was read from how cudart 13 uses
// it (docs/runtime.md, "The CUDA runtime library"). Each table is a static
// array with named slots: slot 0 of most tables is the table's size in
// bytes, and every slot we have no meaning for holds a stub that logs the
// call (PTXMLIR_LOG) and fails, so an unexpected call is an error code,
// never a jump through a null pointer. An unknown UUID is an error too.
//
// The tables are constant and have no destructors: cudart's atexit work
// may call in after C++ static destructors ran. Context-local storage
// lives in the context (a destroyed context's handle is an error here).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"
#include "Md2.h"

#include <cstring>
#include <ctime>
#include <pthread.h>
#include <unistd.h>

using namespace ptxmlir::cuda;

namespace {

using Slot = const void *;

/// How cudart names a table: the 16 bytes of its CUuuid, in memory order.
struct TableId {
  const char *name;
  uint8_t bytes[16];
};

// The tables' UUIDs, written as cudart's bytes appear in memory.
constexpr TableId kCudartInterface = {"runtime interface",
                                      {0x6b, 0xd5, 0xfb, 0x6c, 0x5b, 0xf4, 0xe7,
                                       0x4a, 0x89, 0x87, 0xd9, 0x39, 0x12, 0xfd,
                                       0x9d, 0xf9}};
constexpr TableId kToolsCallbacks = {"tools callback hooks",
                                     {0xa0, 0x94, 0x79, 0x8c, 0x2e, 0x74, 0x2e,
                                      0x74, 0x93, 0xf2, 0x08, 0x00, 0x20, 0x0c,
                                      0x0a, 0x66}};
constexpr TableId kToolsTls = {"tools thread-local storage",
                               {0x42, 0xd8, 0x5a, 0x81, 0x23, 0xf6, 0xcb, 0x47,
                                0x82, 0x98, 0xf6, 0xe7, 0x8a, 0x3a, 0xec,
                                0xdc}};
constexpr TableId kContextStorage = {"context-local storage",
                                     {0xc6, 0x93, 0x33, 0x6e, 0x11, 0x21, 0xdf,
                                      0x11, 0xa8, 0xc3, 0x68, 0xf3, 0x55, 0xd8,
                                      0x95, 0x93}};
constexpr TableId kContextChecks = {"context checks",
                                    {0x26, 0x3e, 0x88, 0x60, 0x7c, 0xd2, 0x61,
                                     0x43, 0x92, 0xf6, 0xbb, 0xd5, 0x00, 0x6d,
                                     0xfa, 0x7e}};
constexpr TableId kIntegrityCheck = {"integrity check",
                                     {0xd4, 0x08, 0x20, 0x55, 0xbd, 0xe6, 0x70,
                                      0x4b, 0x8d, 0x34, 0xba, 0x12, 0x3c, 0x66,
                                      0xe1, 0xf2}};
/// Asked for after the others; cudart carries on without it.
constexpr TableId kOptionalF8 = {"unknown (optional)",
                                 {0xf8, 0xcf, 0xf9, 0x51, 0x21, 0x46, 0x8b,
                                  0x4e, 0xb9, 0xe2, 0xfb, 0x46, 0x9e, 0x7c,
                                  0x0d, 0xd9}};

std::string uuidText(const uint8_t *b) {
  char s[40];
  std::snprintf(s, sizeof(s),
                "%02X%02X%02X%02X-%02X%02X-%02X%02X-%02X%02X-%02X%02X%02X%02X"
                "%02X%02X",
                b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9],
                b[10], b[11], b[12], b[13], b[14], b[15]);
  return s;
}

/// A slot we know no meaning for: says which was called and fails.
template <const TableId &Table, int Index> CUresult CUDAAPI unknownSlot() {
  logf("cuGetExportTable: %s (%s) slot %d called: not provided", Table.name,
       uuidText(Table.bytes).c_str(), Index);
  return CUDA_ERROR_NOT_SUPPORTED;
}

Slot tableSize(unsigned slots) {
  return reinterpret_cast<Slot>(uintptr_t(slots * sizeof(Slot)));
}

/// The context a table call names: NULL and (CUcontext)-1 mean the current
/// one. The context need not be active (cudart makes the primary context
/// current before it retains it).
CUresult namedContext(CUcontext in, CUctx_st *&out) {
  if (CUresult r = checkInit())
    return r;
  if (!in || in == reinterpret_cast<CUcontext>(intptr_t(-1))) {
    auto &stack = contextStack();
    if (stack.empty() || !stack.back())
      return CUDA_ERROR_INVALID_CONTEXT;
    in = stack.back();
  }
  if (!isHandle(in, HandleKind::Context))
    return CUDA_ERROR_INVALID_CONTEXT;
  out = in;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Runtime interface
//===----------------------------------------------------------------------===//

/// Loads a fat binary (through its wrapper or its header) into the current
/// context: how cudart before CUDA 12 registered its images.
CUresult CUDAAPI moduleFromFatbin(CUmodule *module, const void *fatbin) {
  return PTXMLIR_API({
    if (!module || !fatbin)
      return CUDA_ERROR_INVALID_VALUE;
    return cuModuleLoadData(module, fatbin);
  });
}

/// The same, with three arguments cudart passes as null/zero for ordinary
/// images; anything else is an option we do not know.
CUresult CUDAAPI moduleFromFatbinExt(CUmodule *module, const void *fatbin,
                                     void *arg3, void *arg4, unsigned arg5) {
  return PTXMLIR_API({
    if (arg3 || arg4 || arg5) {
      logf("runtime interface slot 6: unknown arguments %p %p %u", arg3, arg4,
           arg5);
      return CUDA_ERROR_NOT_SUPPORTED;
    }
    return moduleFromFatbin(module, fatbin);
  });
}

/// Slot 8: as slot 6 with the image first.
CUresult CUDAAPI moduleFromFatbinExt2(const void *fatbin, CUmodule *module,
                                      void *arg3, void *arg4, unsigned arg5) {
  return moduleFromFatbinExt(module, fatbin, arg3, arg4, arg5);
}

/// The primary context's handle, without retaining or activating it.
CUresult CUDAAPI primaryContext(CUcontext *pctx, CUdevice dev) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (!pctx)
      return CUDA_ERROR_INVALID_VALUE;
    *pctx = primaryContextHandle(d);
    return CUDA_SUCCESS;
  });
}

/// Slot 7: called with a small integer at start-up; nothing to do.
void CUDAAPI runtimeNotice(uintptr_t value) {
  logf("runtime interface slot 7(%zu)", size_t(value));
}

/// Slot 12: NVIDIA's driver loads its PTX compiler here; ours is built in.
CUresult CUDAAPI loadCompilers() { return CUDA_SUCCESS; }

const Slot kCudartInterfaceTable[13] = {
    tableSize(13),
    reinterpret_cast<Slot>(&moduleFromFatbin),
    reinterpret_cast<Slot>(&primaryContext),
    reinterpret_cast<Slot>(&unknownSlot<kCudartInterface, 3>),
    reinterpret_cast<Slot>(&unknownSlot<kCudartInterface, 4>),
    reinterpret_cast<Slot>(&unknownSlot<kCudartInterface, 5>),
    reinterpret_cast<Slot>(&moduleFromFatbinExt),
    reinterpret_cast<Slot>(&runtimeNotice),
    reinterpret_cast<Slot>(&moduleFromFatbinExt2),
    reinterpret_cast<Slot>(&unknownSlot<kCudartInterface, 9>),
    reinterpret_cast<Slot>(&unknownSlot<kCudartInterface, 10>),
    reinterpret_cast<Slot>(&unknownSlot<kCudartInterface, 11>),
    reinterpret_cast<Slot>(&loadCompilers),
};

//===----------------------------------------------------------------------===//
// Tools: callback hooks and thread-local storage. No tool (profiler,
// debugger) is ever attached: the hooks' buffers stay zero.
//===----------------------------------------------------------------------===//

// Sizes as cudart 13 reads them: 1024 and 14 32-bit words.
uint32_t gToolsBuffer1[1024];
uint32_t gToolsBuffer2[14];

void CUDAAPI toolsBuffer1(void **ptr, size_t *size) {
  if (ptr)
    *ptr = gToolsBuffer1;
  if (size)
    *size = sizeof(gToolsBuffer1) / sizeof(uint32_t);
}

void CUDAAPI toolsBuffer2(void **ptr, size_t *size) {
  if (ptr)
    *ptr = gToolsBuffer2;
  if (size)
    *size = sizeof(gToolsBuffer2) / sizeof(uint32_t);
}

const Slot kToolsCallbacksTable[7] = {
    tableSize(7),
    reinterpret_cast<Slot>(&unknownSlot<kToolsCallbacks, 1>),
    reinterpret_cast<Slot>(&toolsBuffer1),
    reinterpret_cast<Slot>(&unknownSlot<kToolsCallbacks, 3>),
    reinterpret_cast<Slot>(&unknownSlot<kToolsCallbacks, 4>),
    reinterpret_cast<Slot>(&unknownSlot<kToolsCallbacks, 5>),
    reinterpret_cast<Slot>(&toolsBuffer2),
};

const Slot kToolsTlsTable[4] = {
    tableSize(4),
    reinterpret_cast<Slot>(&unknownSlot<kToolsTls, 1>),
    reinterpret_cast<Slot>(&unknownSlot<kToolsTls, 2>),
    reinterpret_cast<Slot>(&unknownSlot<kToolsTls, 3>),
};

//===----------------------------------------------------------------------===//
// Context-local storage: cudart keeps its per-context state (its modules,
// its streams) under a key of its own in each context, and is called back
// (without our locks held) when the context goes away.
//===----------------------------------------------------------------------===//

CUresult CUDAAPI storagePut(CUcontext c, void *key, void *value,
                            ContextStorageDtor dtor) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = namedContext(c, ctx))
      return r;
    std::lock_guard<std::mutex> lock(ctx->storageMu);
    ctx->storage[key] = {value, dtor};
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI storageDelete(CUcontext c, void *key) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = namedContext(c, ctx))
      return r;
    std::lock_guard<std::mutex> lock(ctx->storageMu);
    return ctx->storage.erase(key) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
  });
}

CUresult CUDAAPI storageGet(void **value, CUcontext c, void *key) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = namedContext(c, ctx))
      return r;
    if (!value)
      return CUDA_ERROR_INVALID_VALUE;
    std::lock_guard<std::mutex> lock(ctx->storageMu);
    auto it = ctx->storage.find(key);
    // A miss is an error: cudart then creates its state for the context.
    if (it == ctx->storage.end())
      return CUDA_ERROR_INVALID_HANDLE;
    *value = it->second.value;
    return CUDA_SUCCESS;
  });
}

const Slot kContextStorageTable[4] = {
    reinterpret_cast<Slot>(&storagePut),
    reinterpret_cast<Slot>(&storageDelete),
    reinterpret_cast<Slot>(&storageGet),
    reinterpret_cast<Slot>(&unknownSlot<kContextStorage, 3>),
};

//===----------------------------------------------------------------------===//
// Context checks: flags of a context that no context of ours has.
//===----------------------------------------------------------------------===//

CUresult CUDAAPI contextCheck(CUcontext, uint32_t *flags, const void **) {
  if (flags)
    *flags = 0;
  return CUDA_SUCCESS;
}

uint32_t CUDAAPI contextCheck3() { return 0; }

const Slot kContextChecksTable[4] = {
    tableSize(4),
    reinterpret_cast<Slot>(&unknownSlot<kContextChecks, 1>),
    reinterpret_cast<Slot>(&contextCheck),
    reinterpret_cast<Slot>(&contextCheck3),
};

//===----------------------------------------------------------------------===//
// Integrity check: cudart sends a version and the time, and verifies the
// answer (an error 103, cudaErrorIntegrityCheckFailed, otherwise).
//===----------------------------------------------------------------------===//

CUresult CUDAAPI integrityCheck(uint32_t version, uint64_t unixSeconds,
                                uint64_t result[2]);

const Slot kIntegrityCheckTable[3] = {
    tableSize(3),
    reinterpret_cast<Slot>(&integrityCheck),
    reinterpret_cast<Slot>(&unknownSlot<kIntegrityCheck, 2>),
};

/// Appends `v` little-endian.
template <typename T> void pack(std::vector<uint8_t> &out, T v) {
  for (unsigned i = 0; i < sizeof(T); ++i)
    out.push_back(uint8_t(uint64_t(v) >> (8 * i)));
}

CUresult CUDAAPI integrityCheck(uint32_t version, uint64_t unixSeconds,
                                uint64_t result[2]) {
  return PTXMLIR_API({
    if (!result)
      return CUDA_ERROR_INVALID_VALUE;
    // Versions ending in 0 or 1 get a fixed answer.
    if (version % 10 == 0 || version % 10 == 1) {
      result[0] =
          version % 10 == 0 ? 0x3341181c03cb675cull : 0x1841181c03cb675cull;
      result[1] = 0x8ed383aa1f4cd1e8ull;
      return CUDA_SUCCESS;
    }
    if (CUresult r = checkInit())
      return r;
    // HMAC-MD2 over what cudart can check itself: the driver version, the
    // version asked for, the process and thread, where the two tables and
    // this function are, the time it sent, and each device's UUID and PCI
    // location; all packed little-endian.
    std::vector<uint8_t> msg;
    pack<uint32_t>(msg, kDriverVersion);
    pack<uint32_t>(msg, version);
    pack<uint32_t>(msg, uint32_t(getpid()));
    pack<uint32_t>(msg, uint32_t(uintptr_t(pthread_self())));
    pack<uint64_t>(msg, uintptr_t(kCudartInterfaceTable));
    pack<uint64_t>(msg, uintptr_t(kIntegrityCheckTable));
    pack<uint64_t>(msg, uintptr_t(&integrityCheck));
    pack<uint64_t>(msg, unixSeconds);
    for (const auto &d : rt().devices) {
      const uint8_t *uuid = d->agent->uuid;
      msg.insert(msg.end(), uuid, uuid + 16);
      PciLocation pci = pciLocation(*d);
      pack<int32_t>(msg, pci.domain);
      pack<int32_t>(msg, pci.bus);
      pack<int32_t>(msg, pci.device);
    }
    static constexpr uint8_t kKey[16] = {0x14, 0x6a, 0xdd, 0xae, 0x53, 0xa9,
                                         0xa7, 0x52, 0xaa, 0x08, 0x41, 0x36,
                                         0x0b, 0xf5, 0x5a, 0x9f};
    HmacMd2 mac(kKey, sizeof(kKey));
    mac.update(msg.data(), msg.size());
    Md2Digest digest = mac.final();
    for (unsigned w = 0; w < 2; ++w) {
      uint64_t v = 0;
      for (unsigned i = 0; i < 8; ++i)
        v |= uint64_t(digest[8 * w + i]) << (8 * i);
      result[w] = v;
    }
    return CUDA_SUCCESS;
  });
}

struct Table {
  const TableId &id;
  const Slot *slots;
};
const Table kTables[] = {
    {kCudartInterface, kCudartInterfaceTable},
    {kToolsCallbacks, kToolsCallbacksTable},
    {kToolsTls, kToolsTlsTable},
    {kContextStorage, kContextStorageTable},
    {kContextChecks, kContextChecksTable},
    {kIntegrityCheck, kIntegrityCheckTable},
};

} // namespace

extern "C" {

CUresult CUDAAPI cuGetExportTable(const void **ppExportTable,
                                  const CUuuid *pExportTableId) {
  return PTXMLIR_API({
    if (!ppExportTable || !pExportTableId)
      return CUDA_ERROR_INVALID_VALUE;
    const auto *want = reinterpret_cast<const uint8_t *>(pExportTableId->bytes);
    for (const Table &t : kTables)
      if (std::memcmp(t.id.bytes, want, 16) == 0) {
        *ppExportTable = t.slots;
        logf("cuGetExportTable(%s): %s", uuidText(want).c_str(), t.id.name);
        return CUDA_SUCCESS;
      }
    *ppExportTable = nullptr;
    if (std::memcmp(kOptionalF8.bytes, want, 16) == 0)
      logf("cuGetExportTable(%s): %s table not provided",
           uuidText(want).c_str(), kOptionalF8.name);
    else
      logf("cuGetExportTable(%s): unknown table, not provided",
           uuidText(want).c_str());
    return CUDA_ERROR_INVALID_VALUE;
  });
}

} // extern "C"
