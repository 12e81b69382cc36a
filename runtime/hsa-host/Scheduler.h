//===- Scheduler.h - one block of GPU threads as fibers -------------------===//
//
// A BlockRunner runs one block at a time on its worker thread: one fiber per
// GPU thread, all live at once, scheduled cooperatively. Fibers run until
// they call the runtime (a wave op, a barrier, a yield) or return; wave ops
// and barriers then complete with exact lockstep semantics (DESIGN.md, "The
// CPU agent's execution model").
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_HSAHOST_SCHEDULER_H
#define PTXMLIR_RUNTIME_HSAHOST_SCHEDULER_H

#include "Fiber.h"

#include "ptxmlir/Target/Host/HostABI.h"

#include <hsa/hsa.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ptxmlir::hsahost {

/// What every block of one dispatch shares.
struct DispatchParams {
  ptxmlir_host_entry_fn entry = nullptr;
  const char *kernelName = "";
  uint32_t ntid[3] = {1, 1, 1};
  uint32_t nctaid[3] = {1, 1, 1};
  uint32_t waveSize = 32;
  const char *kernarg = nullptr;
  uint32_t ldsSize = 0;
  size_t stackSize = 256 * 1024;
  /// CLOCK_MONOTONIC ns after which the dispatch fails; 0 = no watchdog.
  uint64_t deadlineNs = 0;
  /// Check mode: .sync ops whose membermask names a live lane outside
  /// their group fail the dispatch.
  bool checkConvergence = true;
};

class BlockRunner;

enum class FiberState : uint8_t {
  Runnable,
  AtWaveOp,    ///< parked at a wave collective
  AtBarrier,   ///< at a barrier: waiting for its warp, then (unless it
               ///< only arrives) for the barrier to complete
  BarrierDone, ///< barrier completed; resumes once its wave lets it
  Exited,
};

enum class WaveOpKind : uint8_t { ActiveMask, Ballot, ReadLane, ReadFirstLane };

struct Fiber {
  ptxmlir_thread_ctx ctx;
  void *sp = nullptr;
  BlockRunner *runner = nullptr;
  uint32_t index = 0; ///< linear thread id in the block
  FiberState state = FiberState::Runnable;
  // The parked wave op.
  WaveOpKind kind = WaveOpKind::ActiveMask;
  bool hasMask = false;
  uint64_t opId = 0;
  uint32_t value = 0, arg = 0, membermask = 0;
  const char *loc = nullptr;
  // The barrier it is at (AtBarrier).
  uint32_t barrierId = 0, barrierCount = 0, barrierRedKind = 0;
  bool barrierPending = false; ///< its warp has not arrived yet
  bool barrierWaits = false;   ///< bar.sync/bar.red, not bar.arrive
  bool barrierReduce = false, barrierPred = false;
  uint64_t result = 0;
  void *fakeStack = nullptr; // ASan's fake stack while switched out
};

class BlockRunner {
public:
  /// Runs block `ctaid` to completion. On failure returns the status and
  /// sets `message`.
  hsa_status_t run(const DispatchParams &params, const uint32_t ctaid[3],
                   std::string &message);

  // Called by the runtime functions on behalf of the running fiber.
  uint64_t waveOp(Fiber &f, WaveOpKind kind, uint64_t opId, uint32_t value,
                  uint32_t arg, uint32_t membermask, bool hasMask,
                  const char *loc);
  uint32_t barrier(Fiber &f, uint32_t id, uint32_t count, bool wait,
                   bool reduce, uint32_t kind, uint32_t pred, const char *loc);
  void yield(Fiber &f);
  [[noreturn]] void trap(Fiber &f, const char *loc);
  [[noreturn]] void exitFiber(Fiber &f);
  [[noreturn]] void faultFromSignal(int sig, const void *addr);

  const DispatchParams &dispatch() const { return *params; }
  static void fiberMain(void *arg);

private:
  /// One of the 16 barriers in its current phase. Counts are per warp of
  /// 32 threads (see barrier()); bar.red's predicate counts are per thread.
  struct Barrier {
    uint32_t arrivedWarps = 0, count = 0, predTrue = 0, predCount = 0;
    uint32_t redKind = 0;
    const char *loc = nullptr;
    /// Threads of arrived warps waiting for the barrier to complete.
    std::vector<uint32_t> waiters;
  };

  void suspend(Fiber &f);
  void resume(Fiber &f);
  bool releaseWave(uint32_t wave);
  void releaseGroup(uint32_t first, uint32_t end, uint64_t opId);
  uint32_t warpEnd(uint32_t warp) const;
  void tryWarpArrival(uint32_t warp, uint32_t id);
  bool barrierComplete(const Barrier &b) const;
  void completeBarrier(Barrier &b);
  void fail(hsa_status_t status, const Fiber *f, const char *loc,
            const std::string &what);
  std::string where(const Fiber *f) const;
  std::string deadlockMessage() const;

  const DispatchParams *params = nullptr;
  uint32_t ctaid[3] = {0, 0, 0};
  uint32_t threadCount = 0, exitedCount = 0;
  /// Warps of 32 threads (the last may be partial); per warp its exited
  /// threads and its threads at a barrier its warp has not arrived at.
  uint32_t warpCount = 0, exitedWarps = 0;
  std::vector<uint32_t> warpExited, warpPending;
  std::vector<Fiber> fibers;
  std::vector<FiberStack> stacks;
  StackPool stackPool;
  Barrier barriers[16];
  void *schedulerSp = nullptr;
  Fiber *current = nullptr;
  // ASan: the worker thread's own stack, to switch back to.
  [[maybe_unused]] const void *schedulerStackBottom = nullptr;
  [[maybe_unused]] size_t schedulerStackSize = 0;
  [[maybe_unused]] void *schedulerFakeStack = nullptr;
  // A fault raised inside a fiber (set by the signal handler).
  int faultSignal = 0;
  const void *faultAddress = nullptr;
  bool failed = false;
  hsa_status_t failStatus = HSA_STATUS_SUCCESS;
  std::string failMessage;
};

/// Prepares the calling worker thread to turn faults inside fibers into
/// dispatch errors (alternate signal stack, handler installed once).
void installFaultHandler();

} // namespace ptxmlir::hsahost

#endif // PTXMLIR_RUNTIME_HSAHOST_SCHEDULER_H
