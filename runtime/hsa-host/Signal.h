//===- Signal.h - HSA signals of the CPU agent ----------------------------===//

#ifndef PTXMLIR_RUNTIME_HSAHOST_SIGNAL_H
#define PTXMLIR_RUNTIME_HSAHOST_SIGNAL_H

#include <hsa/hsa.h>

#include <atomic>
#include <condition_variable>
#include <mutex>

namespace ptxmlir::hsahost {

/// A 64-bit value with a condition variable for blocked waiters. Stores
/// notify only when someone waits; `waiters` and `value` are both
/// sequentially consistent, so a waiter that missed a store sees its value
/// when it re-checks under the mutex.
struct Signal {
  static constexpr uint64_t kMagic = 0x5054584d4c534947ull; // "PTXMLSIG"
  uint64_t magic = kMagic;
  std::atomic<int64_t> value{0};
  std::atomic<int> waiters{0};
  std::mutex mutex;
  std::condition_variable cv;

  void store(int64_t v);
  void add(int64_t v);
  /// hsa_signal_wait semantics; `timeoutNs` == UINT64_MAX waits forever.
  int64_t wait(hsa_signal_condition_t condition, int64_t compare,
               uint64_t timeoutNs, hsa_wait_state_t state);
  void notify();
};

inline Signal *toSignal(hsa_signal_t s) {
  return reinterpret_cast<Signal *>(s.handle);
}
hsa_signal_t toHandle(Signal *s);

} // namespace ptxmlir::hsahost

#endif // PTXMLIR_RUNTIME_HSAHOST_SIGNAL_H
