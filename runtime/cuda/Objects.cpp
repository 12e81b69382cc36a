//===- Objects.cpp - process state, handles, contexts, signals ------------===//

#include "DeviceRuntime.h"
#include "Internal.h"

#ifdef PTXMLIR_HAVE_HSA_HOST
#include "hsa-host/HostAgent.h"
#endif

namespace ptxmlir::cuda {

Runtime &rt() {
  // Never destroyed: static destructors at exit would race with threads
  // and atexit handlers of the application that still call into us.
  static Runtime *r = new Runtime;
  return *r;
}

//===----------------------------------------------------------------------===//
// Signals
//===----------------------------------------------------------------------===//

namespace {
std::mutex &poolMutex() {
  static std::mutex *m = new std::mutex;
  return *m;
}
std::vector<hsa_signal_t> &pool() {
  static auto *p = new std::vector<hsa_signal_t>;
  return *p;
}
} // namespace

Signal::~Signal() {
  std::lock_guard<std::mutex> lock(poolMutex());
  pool().push_back(handle);
}

SignalRef makeSignal(hsa_signal_value_t value) {
  hsa_signal_t h{};
  {
    std::lock_guard<std::mutex> lock(poolMutex());
    if (!pool().empty()) {
      h = pool().back();
      pool().pop_back();
    }
  }
  if (h.handle)
    hsa().hsa_signal_store_relaxed(h, value);
  else if (hsa().hsa_signal_create(value, 0, nullptr, &h) != HSA_STATUS_SUCCESS)
    return nullptr;
  return SignalRef(new Signal{h});
}

//===----------------------------------------------------------------------===//
// Handles
//===----------------------------------------------------------------------===//

void registerHandle(const void *h, HandleKind k) {
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  rt().handles[h] = k;
}

void unregisterHandle(const void *h) {
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  rt().handles.erase(h);
}

bool isHandle(const void *h, HandleKind k) {
  if (!h)
    return false;
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  auto it = rt().handles.find(h);
  return it != rt().handles.end() && it->second == k;
}

//===----------------------------------------------------------------------===//
// Contexts
//===----------------------------------------------------------------------===//

CUresult checkInit() {
  return rt().initialized.load() ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED;
}

void ContextStack::push_back(CUctx_st *ctx) {
  if (!capacity)
    capacity = sizeof(local) / sizeof(local[0]);
  if (count == capacity) {
    auto **bigger = new CUctx_st *[2 * capacity];
    std::copy(data(), data() + count, bigger);
    delete[] heap;
    heap = bigger;
    capacity *= 2;
  }
  data()[count++] = ctx;
}

ContextStack &contextStack() {
  // Zero-initialised, no destructor registered.
  static thread_local ContextStack stack;
  return stack;
}

CUresult currentContext(CUctx_st *&ctx, bool ignoreSticky) {
  if (CUresult r = checkInit())
    return r;
  auto &stack = contextStack();
  if (stack.empty() || !stack.back())
    return CUDA_ERROR_INVALID_CONTEXT;
  ctx = stack.back();
  if (!isHandle(ctx, HandleKind::Context))
    return CUDA_ERROR_INVALID_CONTEXT;
  if (!ctx->active)
    return CUDA_ERROR_CONTEXT_IS_DESTROYED;
  if (!ignoreSticky)
    if (int s = ctx->sticky.load())
      return CUresult(s);
  return CUDA_SUCCESS;
}

CUresult validDevice(CUdevice dev, DeviceState *&out) {
  if (CUresult r = checkInit())
    return r;
  if (dev < 0 || size_t(dev) >= rt().devices.size())
    return CUDA_ERROR_INVALID_DEVICE;
  out = rt().devices[dev].get();
  return CUDA_SUCCESS;
}

CUctx_st *primaryContextHandle(DeviceState *d) {
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  if (!d->primary) {
    d->primary = new CUctx_st;
    d->primary->dev = d;
    d->primary->primary = true;
    d->primary->flags = d->primaryFlags;
    d->primary->id = rt().nextId++;
    registerHandle(d->primary, HandleKind::Context);
  }
  return d->primary;
}

void runStorageDestructors(CUctx_st *ctx) {
  std::map<void *, ContextStorageEntry> entries;
  {
    std::lock_guard<std::mutex> lock(ctx->storageMu);
    entries.swap(ctx->storage);
  }
  for (auto &[key, entry] : entries)
    if (entry.dtor)
      entry.dtor(ctx, key, entry.value);
}

PciLocation pciLocation(const DeviceState &d) {
  return {0, 0xf0 + d.ordinal, 0};
}

CUresult activateContext(CUctx_st *ctx) {
  ctx->sticky = CUDA_SUCCESS;
  ctx->limits[CU_LIMIT_STACK_SIZE] = 1024;
  ctx->limits[CU_LIMIT_PRINTF_FIFO_SIZE] = 1 << 20;
  ctx->limits[CU_LIMIT_MALLOC_HEAP_SIZE] = 8 << 20;
  ctx->limits[CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH] = 2;
  ctx->limits[CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT] = 2048;
  ctx->limits[CU_LIMIT_MAX_L2_FETCH_GRANULARITY] = 32;
  ctx->limits[CU_LIMIT_PERSISTING_L2_CACHE_SIZE] = 0;
  ctx->active = true;
  CUstream_st *legacy = nullptr;
  if (CUresult r = createStream(ctx, 0, 0, legacy)) {
    ctx->active = false;
    return r;
  }
  legacy->legacy = true;
  ctx->legacyStream = legacy;
  return CUDA_SUCCESS;
}

void deactivateContext(CUctx_st *ctx) {
  if (!ctx->active)
    return;
  synchronizeContext(ctx);
  releaseDeviceRuntime(ctx);
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  for (CUmod_st *m : std::set<CUmod_st *>(ctx->modules))
    unloadModule(m);
  ctx->modules.clear();
  for (auto &[handle, kind] : rt().handles)
    if (kind == HandleKind::Library)
      static_cast<CUlib_st *>(const_cast<void *>(handle))->modules.erase(ctx);
  for (CUevent_st *e : ctx->events) {
    unregisterHandle(e);
    delete e;
  }
  ctx->events.clear();
  for (CUstream_st *s : std::set<CUstream_st *>(ctx->streams))
    destroyStream(s);
  ctx->streams.clear();
  if (ctx->legacyStream)
    destroyStream(ctx->legacyStream);
  ctx->legacyStream = nullptr;
  freeContextAllocations(ctx);
  ctx->active = false;
  ctx->sticky = CUDA_SUCCESS;
#ifdef PTXMLIR_HAVE_HSA_HOST
  if (ctx->dev->agent->host)
    hsahost::clearDispatchError();
#endif
}

} // namespace ptxmlir::cuda
