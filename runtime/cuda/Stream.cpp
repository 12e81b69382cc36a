//===- Stream.cpp - streams as in-order HSA queues ------------------------===//
//
// A stream is an HSA queue on which every packet has the barrier bit set,
// so packets run one after another. Each packet gets a completion signal;
// waiting for a stream is waiting for its last packet's signal. The legacy
// NULL stream's ordering with the other blocking streams becomes barrier-AND
// packets on the last signals of the streams it must follow.
//
//===----------------------------------------------------------------------===//

#include "DeviceRuntime.h"
#include "Internal.h"
#include "Kernarg.h"

#include <sched.h>

#ifdef PTXMLIR_HAVE_HSA_HOST
#include "hsa-host/HostAgent.h"
#endif

namespace ptxmlir::cuda {

bool signalDone(hsa_signal_t sig) {
  return hsa().hsa_signal_load_scacquire(sig) < 1;
}

CUresult waitSignal(CUctx_st *ctx, hsa_signal_t sig) {
  // A failed dispatch may never complete its signal: wake up now and then
  // to look at the context's sticky error.
  uint64_t tick = std::max<uint64_t>(rt().hsa.timestampFrequency / 100, 1);
  for (;;) {
    if (hsa().hsa_signal_wait_scacquire(sig, HSA_SIGNAL_CONDITION_LT, 1, tick,
                                        HSA_WAIT_STATE_BLOCKED) < 1)
      return CUDA_SUCCESS;
    if (int s = ctx->sticky.load())
      return CUresult(s);
  }
}

namespace {
void queueError(hsa_status_t status, hsa_queue_t *, void *data) {
  auto *s = static_cast<CUstream_st *>(data);
  const char *msg = nullptr;
  hsa().hsa_status_string(status, &msg);
  std::string detail = msg ? msg : "";
#ifdef PTXMLIR_HAVE_HSA_HOST
  if (s->ctx->dev->agent->host) {
    const char *m = nullptr;
    if (hsahost::lastDispatchError(&m) != HSA_STATUS_SUCCESS && m)
      detail = m;
  }
#endif
  // ROCr's memory-fault statuses (hsa_ext_amd.h: aperture violation 41,
  // memory fault 43) are illegal addresses; the rest failed launches.
  CUresult r = (int(status) == 41 || int(status) == 43)
                   ? CUDA_ERROR_ILLEGAL_ADDRESS
                   : CUDA_ERROR_LAUNCH_FAILED;
  // A failed assert traps: NVIDIA's driver reports CUDA_ERROR_ASSERT, and
  // the assert message (printed by the drain) is all it prints.
  bool asserted = deviceRuntimeAsserted(s->ctx);
  if (asserted)
    r = CUDA_ERROR_ASSERT;
  int expected = CUDA_SUCCESS;
  s->ctx->sticky.compare_exchange_strong(expected, r);
  // Always printed: the application only gets an error code.
  if (!asserted)
    std::fprintf(stderr, "ptxmlir: kernel failed (%s): %s\n", errorName(r),
                 detail.c_str());
}

/// Streams found through a context under rt().mu, kept alive while the
/// caller waits on them without it: another thread may destroy them
/// meanwhile.
class HeldStreams {
public:
  HeldStreams() = default;
  HeldStreams(const HeldStreams &) = delete;
  HeldStreams &operator=(const HeldStreams &) = delete;
  ~HeldStreams() {
    for (CUstream_st *s : streams)
      releaseStream(s);
  }
  void hold(CUstream_st *s) {
    retainStream(s);
    streams.push_back(s);
  }
  std::vector<CUstream_st *> streams;
};

/// Drops finished packets from the front (they finish in order).
void reap(CUstream_st *s) {
  while (!s->inflight.empty() &&
         signalDone(s->inflight.front().completion->handle)) {
    if (s->inflight.front().kernarg)
      hsa().hsa_memory_free(s->inflight.front().kernarg);
    if (s->inflight.front().perCTAMemory)
      hsa().hsa_memory_free(s->inflight.front().perCTAMemory);
    s->inflight.pop_front();
  }
}

/// The last packet of `s` if it has not finished.
SignalRef pendingTail(CUstream_st *s) {
  std::lock_guard<std::mutex> lock(s->mu);
  reap(s);
  return s->inflight.empty() ? nullptr : s->inflight.back().completion;
}

/// What the legacy-stream rule makes new work on `s` wait for.
std::vector<SignalRef> legacyDependencies(CUstream_st *s) {
  std::vector<SignalRef> deps;
  CUctx_st *ctx = s->ctx;
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  if (s->legacy) {
    for (CUstream_st *t : ctx->streams)
      if (!(t->flags & CU_STREAM_NON_BLOCKING))
        if (SignalRef tail = pendingTail(t))
          deps.push_back(tail);
  } else if (!(s->flags & CU_STREAM_NON_BLOCKING) && ctx->legacyStream) {
    if (SignalRef tail = pendingTail(ctx->legacyStream))
      deps.push_back(tail);
  }
  return deps;
}

/// Writes one packet (s->mu held).
CUresult writePacket(CUstream_st *s, hsa_packet_type_t type,
                     const std::function<void(void *, hsa_signal_t)> &fill,
                     InFlightPacket extra, SignalRef done = nullptr) {
  if (!done)
    done = makeSignal(1);
  if (!done)
    return CUDA_ERROR_OUT_OF_MEMORY;
  hsa_queue_t *q = s->queue;
  uint64_t index = hsa().hsa_queue_add_write_index_relaxed(q, 1);
  while (index - hsa().hsa_queue_load_read_index_scacquire(q) >= q->size) {
    // A failed queue never drains: give up rather than hang (the queue is
    // unusable from here on, and the context reports the failure).
    if (int e = s->ctx->sticky.load())
      return CUresult(e);
    reap(s);
    sched_yield();
  }
  auto *slot = static_cast<uint8_t *>(q->base_address) +
               (index % q->size) * sizeof(hsa_kernel_dispatch_packet_t);
  fill(slot, done->handle);
  uint16_t setup;
  std::memcpy(&setup, slot + 2, 2);
  // The header goes last, with release order: the packet processor may
  // read the slot the moment the header is valid.
  uint32_t word = packetHeader(type) | (uint32_t(setup) << 16);
  __atomic_store_n(reinterpret_cast<uint32_t *>(slot), word, __ATOMIC_RELEASE);
  hsa().hsa_signal_store_screlease(q->doorbell_signal, index);
  extra.completion = std::move(done);
  s->inflight.push_back(std::move(extra));
  return CUDA_SUCCESS;
}

CUresult writeBarrier(CUstream_st *s, std::vector<SignalRef> deps) {
  InFlightPacket extra;
  extra.dependencies = deps;
  return writePacket(
      s, HSA_PACKET_TYPE_BARRIER_AND,
      [&](void *slot, hsa_signal_t done) {
        auto *p = static_cast<hsa_barrier_and_packet_t *>(slot);
        std::memset(reinterpret_cast<uint8_t *>(p) + 4, 0, sizeof(*p) - 4);
        for (size_t i = 0; i < deps.size() && i < 5; ++i)
          p->dep_signal[i] = deps[i]->handle;
        p->completion_signal = done;
      },
      std::move(extra));
}
} // namespace

CUresult createStream(CUctx_st *ctx, unsigned flags, int priority,
                      CUstream_st *&out) {
  Agent &a = *ctx->dev->agent;
  auto s = std::make_unique<CUstream_st>();
  s->ctx = ctx;
  s->flags = flags;
  s->priority = priority;
  uint32_t size = 1024;
  while (size > a.queueMaxSize && size > 1)
    size /= 2;
  if (hsa().hsa_queue_create(a.agent, size, HSA_QUEUE_TYPE_MULTI, queueError,
                             s.get(), UINT32_MAX, UINT32_MAX,
                             &s->queue) != HSA_STATUS_SUCCESS) {
    logf("hsa_queue_create failed");
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  s->id = rt().nextId++;
  out = s.release();
  registerHandle(out, HandleKind::Stream);
  return CUDA_SUCCESS;
}

CUresult destroyStream(CUstream_st *s) {
  {
    // Claims the stream: a second destroy, or any call naming it from now
    // on, finds no handle.
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    if (!isHandle(s, HandleKind::Stream))
      return CUDA_ERROR_INVALID_HANDLE;
    unregisterHandle(s);
  }
  synchronizeStream(s);
  {
    // Only now: until its work is done the legacy stream must follow it.
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    s->ctx->streams.erase(s);
  }
  releaseStream(s);
  return CUDA_SUCCESS;
}

void retainStream(CUstream_st *s) {
  s->refs.fetch_add(1, std::memory_order_relaxed);
}

void releaseStream(CUstream_st *s) {
  if (s->refs.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  {
    std::lock_guard<std::mutex> lock(s->mu);
    reap(s);
    // Packets that never finished (a failed kernel) keep their memory: the
    // queue is going away, but the agent may still look at it.
    s->inflight.clear();
  }
  hsa().hsa_queue_destroy(s->queue);
  delete s;
}

CUresult resolveStream(CUctx_st *ctx, CUstream h, CUstream_st *&out) {
  if (!h || h == CU_STREAM_LEGACY || h == CU_STREAM_PER_THREAD) {
    out = ctx->legacyStream;
    return CUDA_SUCCESS;
  }
  if (!isHandle(h, HandleKind::Stream))
    return CUDA_ERROR_INVALID_HANDLE;
  if (h->ctx != ctx)
    return CUDA_ERROR_INVALID_HANDLE;
  out = h;
  return CUDA_SUCCESS;
}

CUresult currentStream(CUstream h, CUstream_st *&out, bool ignoreSticky) {
  CUctx_st *ctx;
  if (CUresult r = currentContext(ctx, ignoreSticky))
    return r;
  return resolveStream(ctx, h, out);
}

CUresult submitPacket(CUstream_st *s, hsa_packet_type_t type,
                      const std::function<void(void *, hsa_signal_t)> &fill,
                      InFlightPacket extra, SignalRef completion) {
  std::vector<SignalRef> deps = legacyDependencies(s);
  std::lock_guard<std::mutex> lock(s->mu);
  reap(s);
  for (size_t i = 0; i < deps.size(); i += 5) {
    std::vector<SignalRef> chunk(deps.begin() + i,
                                 deps.begin() + std::min(deps.size(), i + 5));
    if (CUresult r = writeBarrier(s, std::move(chunk)))
      return r;
  }
  return writePacket(s, type, fill, std::move(extra), std::move(completion));
}

CUresult submitBarrier(CUstream_st *s, std::vector<SignalRef> deps,
                       SignalRef completion) {
  InFlightPacket extra;
  extra.dependencies = deps;
  return submitPacket(
      s, HSA_PACKET_TYPE_BARRIER_AND,
      [&](void *slot, hsa_signal_t done) {
        auto *p = static_cast<hsa_barrier_and_packet_t *>(slot);
        std::memset(reinterpret_cast<uint8_t *>(p) + 4, 0, sizeof(*p) - 4);
        for (size_t i = 0; i < deps.size() && i < 5; ++i)
          p->dep_signal[i] = deps[i]->handle;
        p->completion_signal = done;
      },
      std::move(extra), std::move(completion));
}

CUresult synchronizeStream(CUstream_st *s) {
  SignalRef tail = pendingTail(s);
  if (tail)
    if (CUresult r = waitSignal(s->ctx, tail->handle)) {
      drainDeviceRuntime(s->ctx);
      return r;
    }
  {
    std::lock_guard<std::mutex> lock(s->mu);
    reap(s);
  }
  // Device printf output appears at synchronisation points.
  drainDeviceRuntime(s->ctx);
  return CUresult(s->ctx->sticky.load());
}

CUresult synchronizeContext(CUctx_st *ctx) {
  HeldStreams held;
  {
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    for (CUstream_st *s : ctx->streams)
      held.hold(s);
    if (ctx->legacyStream)
      held.hold(ctx->legacyStream);
  }
  CUresult result = CUDA_SUCCESS;
  for (CUstream_st *s : held.streams)
    if (CUresult r = synchronizeStream(s); r && !result)
      result = r;
  return result;
}

CUresult drainForHostWork(CUstream_st *s) {
  if (s->legacy) {
    HeldStreams blocking;
    {
      std::lock_guard<std::recursive_mutex> lock(rt().mu);
      for (CUstream_st *t : s->ctx->streams)
        if (!(t->flags & CU_STREAM_NON_BLOCKING))
          blocking.hold(t);
    }
    for (CUstream_st *t : blocking.streams)
      if (CUresult r = synchronizeStream(t))
        return r;
    return synchronizeStream(s);
  }
  if (CUresult r = synchronizeStream(s))
    return r;
  if (!(s->flags & CU_STREAM_NON_BLOCKING))
    return synchronizeStream(s->ctx->legacyStream);
  return CUDA_SUCCESS;
}

} // namespace ptxmlir::cuda

using namespace ptxmlir::cuda;

//===----------------------------------------------------------------------===//
// API
//===----------------------------------------------------------------------===//

extern "C" {

CUresult CUDAAPI cuStreamCreate(CUstream *phStream, unsigned int Flags) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!phStream || (Flags & ~unsigned(CU_STREAM_NON_BLOCKING)))
      return CUDA_ERROR_INVALID_VALUE;
    CUstream_st *s;
    if (CUresult r = createStream(ctx, Flags, 0, s))
      return r;
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    ctx->streams.insert(s);
    *phStream = s;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuStreamCreateWithPriority(CUstream *phStream,
                                            unsigned int flags, int priority) {
  return PTXMLIR_API({
    // One priority level: [0, 0]; out-of-range priorities are clamped, as
    // CUDA does.
    if (CUresult r = cuStreamCreate(phStream, flags))
      return r;
    (*phStream)->priority = 0;
    (void)priority;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuStreamDestroy_v2(CUstream hStream) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    if (!isHandle(hStream, HandleKind::Stream) || hStream->legacy)
      return CUDA_ERROR_INVALID_HANDLE;
    return destroyStream(hStream);
  });
}

CUresult CUDAAPI cuStreamDestroy(CUstream hStream) {
  return cuStreamDestroy_v2(hStream);
}

CUresult CUDAAPI cuStreamSynchronize(CUstream hStream) {
  return PTXMLIR_API({
    CUstream_st *s;
    if (CUresult r = currentStream(hStream, s))
      return r;
    return s->legacy ? drainForHostWork(s) : synchronizeStream(s);
  });
}

CUresult CUDAAPI cuStreamQuery(CUstream hStream) {
  return PTXMLIR_API({
    CUstream_st *s;
    if (CUresult r = currentStream(hStream, s))
      return r;
    if (pendingTail(s))
      return CUDA_ERROR_NOT_READY;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuStreamWaitEvent(CUstream hStream, CUevent hEvent,
                                   unsigned int Flags) {
  return PTXMLIR_API({
    CUstream_st *s;
    if (CUresult r = currentStream(hStream, s))
      return r;
    if (!isHandle(hEvent, HandleKind::Event))
      return CUDA_ERROR_INVALID_HANDLE;
    if (Flags & ~unsigned(CU_EVENT_WAIT_EXTERNAL))
      return CUDA_ERROR_INVALID_VALUE;
    // Never recorded, or already done: nothing to wait for.
    if (!hEvent->signal || signalDone(hEvent->signal->handle))
      return CUDA_SUCCESS;
    return submitBarrier(s, {hEvent->signal}, nullptr);
  });
}

CUresult CUDAAPI cuStreamGetPriority(CUstream hStream, int *priority) {
  return PTXMLIR_API({
    CUstream_st *s;
    if (CUresult r = currentStream(hStream, s, /*ignoreSticky=*/true))
      return r;
    if (!priority)
      return CUDA_ERROR_INVALID_VALUE;
    *priority = s->priority;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuStreamGetFlags(CUstream hStream, unsigned int *flags) {
  return PTXMLIR_API({
    CUstream_st *s;
    if (CUresult r = currentStream(hStream, s, /*ignoreSticky=*/true))
      return r;
    if (!flags)
      return CUDA_ERROR_INVALID_VALUE;
    *flags = s->flags;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuStreamGetCtx(CUstream hStream, CUcontext *pctx) {
  return PTXMLIR_API({
    CUstream_st *s;
    if (CUresult r = currentStream(hStream, s, /*ignoreSticky=*/true))
      return r;
    if (!pctx)
      return CUDA_ERROR_INVALID_VALUE;
    *pctx = s->ctx;
    return CUDA_SUCCESS;
  });
}

// CUDA 12.5+: green contexts do not exist here, so *pGreenCtx is NULL.
CUresult CUDAAPI cuStreamGetCtx_v2(CUstream hStream, CUcontext *pCtx,
                                   CUgreenCtx *pGreenCtx) {
  return PTXMLIR_API({
    CUstream_st *s;
    if (CUresult r = currentStream(hStream, s, /*ignoreSticky=*/true))
      return r;
    if (!pCtx || !pGreenCtx)
      return CUDA_ERROR_INVALID_VALUE;
    *pCtx = s->ctx;
    *pGreenCtx = nullptr;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuStreamGetDevice(CUstream hStream, CUdevice *device) {
  return PTXMLIR_API({
    CUstream_st *s;
    if (CUresult r = currentStream(hStream, s, /*ignoreSticky=*/true))
      return r;
    if (!device)
      return CUDA_ERROR_INVALID_VALUE;
    *device = s->ctx->dev->ordinal;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuStreamGetId(CUstream hStream, unsigned long long *streamId) {
  return PTXMLIR_API({
    CUstream_st *s;
    if (CUresult r = currentStream(hStream, s, /*ignoreSticky=*/true))
      return r;
    if (!streamId)
      return CUDA_ERROR_INVALID_VALUE;
    *streamId = s->id;
    return CUDA_SUCCESS;
  });
}

// Host functions run on the calling thread once the stream's earlier work
// is done: later work on the stream is submitted after they return, so the
// ordering CUDA promises holds (the call itself blocks, which CUDA allows).
CUresult CUDAAPI cuLaunchHostFunc(CUstream hStream, CUhostFn fn,
                                  void *userData) {
  return PTXMLIR_API({
    CUstream_st *s;
    if (CUresult r = currentStream(hStream, s))
      return r;
    if (!fn)
      return CUDA_ERROR_INVALID_VALUE;
    if (CUresult r = drainForHostWork(s))
      return r;
    fn(userData);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuStreamAddCallback(CUstream hStream,
                                     CUstreamCallback callback, void *userData,
                                     unsigned int flags) {
  return PTXMLIR_API({
    CUstream_st *s;
    if (CUresult r = currentStream(hStream, s, /*ignoreSticky=*/true))
      return r;
    if (!callback || flags != 0)
      return CUDA_ERROR_INVALID_VALUE;
    // The callback learns the stream's status, failures included.
    CUresult status = drainForHostWork(s);
    callback(hStream, status, userData);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuLaunchHostFunc_ptsz(CUstream hStream, CUhostFn fn,
                                       void *userData) {
  return cuLaunchHostFunc(hStream, fn, userData);
}
CUresult CUDAAPI cuStreamAddCallback_ptsz(CUstream hStream,
                                          CUstreamCallback callback,
                                          void *userData, unsigned int flags) {
  return cuStreamAddCallback(hStream, callback, userData, flags);
}

// The per-thread default stream behaves as the legacy stream here (it is
// stricter ordering, never weaker); these are the _ptsz spellings.
CUresult CUDAAPI cuStreamSynchronize_ptsz(CUstream hStream) {
  return cuStreamSynchronize(hStream);
}
CUresult CUDAAPI cuStreamQuery_ptsz(CUstream hStream) {
  return cuStreamQuery(hStream);
}
CUresult CUDAAPI cuStreamWaitEvent_ptsz(CUstream hStream, CUevent hEvent,
                                        unsigned int Flags) {
  return cuStreamWaitEvent(hStream, hEvent, Flags);
}
CUresult CUDAAPI cuStreamGetPriority_ptsz(CUstream hStream, int *priority) {
  return cuStreamGetPriority(hStream, priority);
}
CUresult CUDAAPI cuStreamGetFlags_ptsz(CUstream hStream, unsigned int *flags) {
  return cuStreamGetFlags(hStream, flags);
}
CUresult CUDAAPI cuStreamGetCtx_ptsz(CUstream hStream, CUcontext *pctx) {
  return cuStreamGetCtx(hStream, pctx);
}

} // extern "C"
