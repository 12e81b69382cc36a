//===- Signal.cpp - HSA signals: a value, waiters and conditions ----------===//

#include "Signal.h"
#include "Internal.h"

#include <chrono>
#include <mutex>
#include <thread>
#include <unordered_set>

namespace ptxmlir::hsahost {

namespace {

std::mutex registryMutex;
std::unordered_set<Signal *> &registry() {
  static auto *set = new std::unordered_set<Signal *>();
  return *set;
}

bool satisfied(hsa_signal_condition_t condition, int64_t value,
               int64_t compare) {
  switch (condition) {
  case HSA_SIGNAL_CONDITION_EQ:
    return value == compare;
  case HSA_SIGNAL_CONDITION_NE:
    return value != compare;
  case HSA_SIGNAL_CONDITION_LT:
    return value < compare;
  case HSA_SIGNAL_CONDITION_GTE:
    return value >= compare;
  }
  return true;
}

} // namespace

hsa_signal_t toHandle(Signal *s) { return {reinterpret_cast<uint64_t>(s)}; }

void Signal::notify() {
  if (waiters.load() == 0)
    return;
  // Taking the mutex orders this notify after a waiter's check-then-wait.
  { std::lock_guard<std::mutex> lock(mutex); }
  cv.notify_all();
}

void Signal::store(int64_t v) {
  value.store(v);
  notify();
}

void Signal::add(int64_t v) {
  value.fetch_add(v);
  notify();
}

int64_t Signal::wait(hsa_signal_condition_t condition, int64_t compare,
                     uint64_t timeoutNs, hsa_wait_state_t state) {
  using Clock = std::chrono::steady_clock;
  int64_t v = value.load();
  if (satisfied(condition, v, compare))
    return v;
  Clock::time_point start = Clock::now();
  bool forever = timeoutNs == UINT64_MAX ||
                 timeoutNs > uint64_t(365ull * 24 * 3600 * 1000000000ull);
  Clock::time_point deadline =
      forever ? Clock::time_point::max()
              : start + std::chrono::nanoseconds(timeoutNs);
  // An active wait spins for a short while before blocking: most waits on
  // a completion signal end within microseconds of the last block.
  if (state == HSA_WAIT_STATE_ACTIVE) {
    Clock::time_point spinEnd = start + std::chrono::microseconds(200);
    while (Clock::now() < std::min(spinEnd, deadline)) {
      v = value.load();
      if (satisfied(condition, v, compare))
        return v;
      std::this_thread::yield();
    }
  }
  waiters.fetch_add(1);
  std::unique_lock<std::mutex> lock(mutex);
  for (;;) {
    v = value.load();
    if (satisfied(condition, v, compare) || Clock::now() >= deadline)
      break;
    if (forever)
      cv.wait(lock);
    else
      cv.wait_until(lock, deadline);
  }
  lock.unlock();
  waiters.fetch_sub(1);
  return v;
}

void signalSubtract(hsa_signal_t signal, hsa_signal_value_t value) {
  if (signal.handle)
    toSignal(signal)->add(-value);
}

hsa_status_t host_hsa_signal_create(hsa_signal_value_t initialValue,
                                    uint32_t numConsumers,
                                    const hsa_agent_t *consumers,
                                    hsa_signal_t *signal) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!signal || (numConsumers > 0 && !consumers))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (uint32_t i = 0; i < numConsumers; ++i)
    if (!isOurAgent(consumers[i]))
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  auto *s = new Signal();
  s->value.store(initialValue);
  {
    std::lock_guard<std::mutex> lock(registryMutex);
    registry().insert(s);
  }
  *signal = toHandle(s);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_signal_destroy(hsa_signal_t signal) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  Signal *s = toSignal(signal);
  {
    std::lock_guard<std::mutex> lock(registryMutex);
    if (!s || !registry().erase(s))
      return HSA_STATUS_ERROR_INVALID_SIGNAL;
  }
  s->magic = 0;
  delete s;
  return HSA_STATUS_SUCCESS;
}

// Invalid handles are undefined behaviour in the specification; a null
// one is at least harmless here (loads read 0, stores do nothing).

hsa_signal_value_t host_hsa_signal_load_scacquire(hsa_signal_t signal) {
  return signal.handle ? toSignal(signal)->value.load() : 0;
}

void host_hsa_signal_store_relaxed(hsa_signal_t signal,
                                   hsa_signal_value_t value) {
  if (signal.handle)
    toSignal(signal)->store(value);
}

void host_hsa_signal_store_screlease(hsa_signal_t signal,
                                     hsa_signal_value_t value) {
  if (signal.handle)
    toSignal(signal)->store(value);
}

hsa_signal_value_t host_hsa_signal_wait_scacquire(
    hsa_signal_t signal, hsa_signal_condition_t condition,
    hsa_signal_value_t compareValue, uint64_t timeoutHint,
    hsa_wait_state_t waitStateHint) {
  if (!signal.handle)
    return 0;
  return toSignal(signal)->wait(condition, compareValue, timeoutHint,
                                waitStateHint);
}

} // namespace ptxmlir::hsahost
