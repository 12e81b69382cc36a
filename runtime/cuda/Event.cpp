//===- Event.cpp - events as HSA signals ----------------------------------===//
//
// Recording an event puts a barrier-AND packet with a fresh completion
// signal on the stream; the event is complete when the signal is. Core HSA
// has no timestamps for that moment, so the time is taken on the host when
// the completion is first seen: a watcher thread waits (blocked, not
// spinning) on the pending events' signals while there are any, and
// cuEventQuery/Synchronize stamp what they see complete first. Elapsed times
// are therefore host times of signal completion (docs/runtime.md).
//
// Whoever sees a record complete first stamps it, so two threads may stamp
// two records of one stream in either order. Stamps must still follow
// stream order: each timed record links to the stream's previous unstamped
// one, and stamping a record stamps that chain too, under one lock with one
// clock reading. An earlier record thus never gets a later time.
//
//===----------------------------------------------------------------------===//

#include "DeviceRuntime.h"
#include "Internal.h"

#include <chrono>
#include <condition_variable>
#include <thread>

using namespace ptxmlir::cuda;

namespace {

uint64_t nowNs() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

std::mutex &stampMutex() {
  static std::mutex *m = new std::mutex; // the watcher outlives exit
  return *m;
}

/// Stamps `e` and the unstamped records before it on its stream. Clock
/// readings under the lock only grow, so whatever a later call stamps gets
/// a time no earlier than what was stamped before.
void stamp(const EventStampRef &e) {
  std::lock_guard<std::mutex> lock(stampMutex());
  if (e->ns.load(std::memory_order_relaxed))
    return;
  uint64_t now = nowNs();
  EventStampRef p = e;
  while (p && !p->ns.load(std::memory_order_relaxed)) {
    p->ns.store(now, std::memory_order_relaxed);
    EventStampRef prev = std::move(p->prev);
    p = std::move(prev);
  }
}

struct Watcher {
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::pair<SignalRef, EventStampRef>> pending;
  bool started = false;

  void add(SignalRef sig, EventStampRef s) {
    std::lock_guard<std::mutex> lock(mu);
    pending.emplace_back(std::move(sig), std::move(s));
    if (!started) {
      started = true;
      std::thread([this] { run(); }).detach();
    }
    cv.notify_one();
  }

  void run() {
    uint64_t tick = std::max<uint64_t>(rt().hsa.timestampFrequency / 1000, 1);
    std::unique_lock<std::mutex> lock(mu);
    for (;;) {
      cv.wait(lock, [&] { return !pending.empty(); });
      SignalRef first = pending.front().first;
      lock.unlock();
      hsa().hsa_signal_wait_scacquire(first->handle, HSA_SIGNAL_CONDITION_LT, 1,
                                      tick, HSA_WAIT_STATE_BLOCKED);
      lock.lock();
      for (auto it = pending.begin(); it != pending.end();) {
        if (signalDone(it->first->handle)) {
          stamp(it->second);
          it = pending.erase(it);
        } else {
          ++it;
        }
      }
    }
  }
};

Watcher &watcher() {
  static Watcher *w = new Watcher; // outlives exit: its thread is detached
  return *w;
}

CUresult liveEvent(CUevent e) {
  if (CUresult r = checkInit())
    return r;
  return isHandle(e, HandleKind::Event) ? CUDA_SUCCESS
                                        : CUDA_ERROR_INVALID_HANDLE;
}

CUresult record(CUevent hEvent, CUstream hStream) {
  if (CUresult r = liveEvent(hEvent))
    return r;
  CUstream_st *s;
  if (CUresult r = currentStream(hStream, s))
    return r;
  if (hEvent->ctx != s->ctx)
    return CUDA_ERROR_INVALID_HANDLE;
  SignalRef sig = makeSignal(1);
  if (!sig)
    return CUDA_ERROR_OUT_OF_MEMORY;
  EventStampRef done;
  if (!(hEvent->flags & CU_EVENT_DISABLE_TIMING))
    done = std::make_shared<EventStamp>();
  {
    // The chain must follow packet order: another thread may record on the
    // same stream.
    std::lock_guard<std::mutex> lock(s->recordMu);
    if (CUresult r = submitBarrier(s, {}, sig))
      return r;
    if (done) {
      done->prev = s->lastStamp;
      s->lastStamp = done;
    }
  }
  hEvent->signal = sig;
  hEvent->stamp = done;
  if (done)
    watcher().add(sig, done);
  return CUDA_SUCCESS;
}
} // namespace

extern "C" {

CUresult CUDAAPI cuEventCreate(CUevent *phEvent, unsigned int Flags) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!phEvent ||
        (Flags & ~unsigned(CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING |
                           CU_EVENT_INTERPROCESS)))
      return CUDA_ERROR_INVALID_VALUE;
    if ((Flags & CU_EVENT_INTERPROCESS) && !(Flags & CU_EVENT_DISABLE_TIMING))
      return CUDA_ERROR_INVALID_VALUE;
    auto *e = new CUevent_st;
    e->ctx = ctx;
    e->flags = Flags;
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    ctx->events.insert(e);
    registerHandle(e, HandleKind::Event);
    *phEvent = e;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuEventRecord(CUevent hEvent, CUstream hStream) {
  return PTXMLIR_API({ return record(hEvent, hStream); });
}

CUresult CUDAAPI cuEventRecordWithFlags(CUevent hEvent, CUstream hStream,
                                        unsigned int flags) {
  return PTXMLIR_API({
    if (flags & ~unsigned(CU_EVENT_RECORD_EXTERNAL))
      return CUDA_ERROR_INVALID_VALUE;
    return record(hEvent, hStream);
  });
}

CUresult CUDAAPI cuEventQuery(CUevent hEvent) {
  return PTXMLIR_API({
    if (CUresult r = liveEvent(hEvent))
      return r;
    if (int s = hEvent->ctx->sticky.load())
      return CUresult(s);
    if (!hEvent->signal)
      return CUDA_SUCCESS;
    if (!signalDone(hEvent->signal->handle))
      return CUDA_ERROR_NOT_READY;
    if (hEvent->stamp)
      stamp(hEvent->stamp);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuEventSynchronize(CUevent hEvent) {
  return PTXMLIR_API({
    if (CUresult r = liveEvent(hEvent))
      return r;
    if (!hEvent->signal)
      return CUDA_SUCCESS;
    SignalRef sig = hEvent->signal;
    EventStampRef done = hEvent->stamp;
    CUresult r = waitSignal(hEvent->ctx, sig->handle);
    drainDeviceRuntime(hEvent->ctx);
    if (r)
      return r;
    if (done)
      stamp(done);
    return CUresult(hEvent->ctx->sticky.load());
  });
}

CUresult CUDAAPI cuEventElapsedTime_v2(float *pMilliseconds, CUevent hStart,
                                       CUevent hEnd) {
  return PTXMLIR_API({
    if (CUresult r = liveEvent(hStart))
      return r;
    if (CUresult r = liveEvent(hEnd))
      return r;
    if (!pMilliseconds)
      return CUDA_ERROR_INVALID_VALUE;
    if ((hStart->flags | hEnd->flags) & CU_EVENT_DISABLE_TIMING)
      return CUDA_ERROR_INVALID_HANDLE;
    if (!hStart->signal || !hEnd->signal || !hStart->stamp || !hEnd->stamp)
      return CUDA_ERROR_INVALID_HANDLE;
    for (CUevent e : {hStart, hEnd}) {
      if (!signalDone(e->signal->handle))
        return CUDA_ERROR_NOT_READY;
      stamp(e->stamp);
    }
    double ms =
        (double(hEnd->stamp->ns.load()) - double(hStart->stamp->ns.load())) /
        1e6;
    *pMilliseconds = float(ms);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuEventElapsedTime(float *pMilliseconds, CUevent hStart,
                                    CUevent hEnd) {
  return cuEventElapsedTime_v2(pMilliseconds, hStart, hEnd);
}

CUresult CUDAAPI cuEventDestroy_v2(CUevent hEvent) {
  return PTXMLIR_API({
    if (CUresult r = liveEvent(hEvent))
      return r;
    // A pending record keeps its signal alive through the stream and the
    // watcher: the event itself may go now, as CUDA allows.
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    hEvent->ctx->events.erase(hEvent);
    unregisterHandle(hEvent);
    delete hEvent;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuEventDestroy(CUevent hEvent) {
  return cuEventDestroy_v2(hEvent);
}

CUresult CUDAAPI cuEventRecord_ptsz(CUevent hEvent, CUstream hStream) {
  return cuEventRecord(hEvent, hStream);
}

CUresult CUDAAPI cuEventRecordWithFlags_ptsz(CUevent hEvent, CUstream hStream,
                                             unsigned int flags) {
  return cuEventRecordWithFlags(hEvent, hStream, flags);
}

} // extern "C"
