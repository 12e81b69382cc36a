//===- Scheduler.cpp - one block of GPU threads as fibers -----------------===//
//
// The scheduler runs every runnable fiber in turn (a pass), then, per wave
// with no runnable lane, releases the group of lanes parked at the
// lowest-ranked wave op; lanes whose barrier completed resume once no lane
// of their wave waits at a collective (collectives first, as the hardware
// finishes a wave's divergent path before the wave reaches the barrier).
// Barriers count CUDA warps of 32 threads, as NVIDIA GPUs do (barrier()).
// A pass in which nothing ran and nothing was released is a deadlock.
//
// Fibers of a block share one OS thread, so barrier memory ordering needs
// only the compiler barrier implied by the opaque switch call.
//
//===----------------------------------------------------------------------===//

#include "Scheduler.h"
#include "Internal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <pthread.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PTXMLIR_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(PTXMLIR_ASAN)
#define PTXMLIR_ASAN 1
#endif

#ifdef PTXMLIR_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

namespace ptxmlir::hsahost {

namespace {

/// A CUDA warp, whatever the wave size: barriers count arrivals per warp.
constexpr uint32_t kWarpSize = 32;

/// The runner whose fiber this OS thread is running, for the fault handler.
thread_local BlockRunner *runningRunner = nullptr;

uint64_t monotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1000000000ull + ts.tv_nsec;
}

std::string dim3(const uint32_t v[3]) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," +
         std::to_string(v[2]) + ")";
}

} // namespace

//===----------------------------------------------------------------------===//
// Switching
//===----------------------------------------------------------------------===//

void BlockRunner::fiberMain(void *arg) {
  Fiber &f = *static_cast<Fiber *>(arg);
  BlockRunner &r = *f.runner;
#ifdef PTXMLIR_ASAN
  __sanitizer_finish_switch_fiber(nullptr, &r.schedulerStackBottom,
                                  &r.schedulerStackSize);
#endif
  r.params->entry(&f.ctx);
  r.exitFiber(f);
}

void BlockRunner::resume(Fiber &f) {
  current = &f;
  runningRunner = this;
#ifdef PTXMLIR_ASAN
  const FiberStack &s = stacks[f.index];
  __sanitizer_start_switch_fiber(&schedulerFakeStack, s.low(),
                                 s.high() - s.low());
#endif
  ptxmlir_hsahost_switch_context(&schedulerSp, f.sp);
#ifdef PTXMLIR_ASAN
  __sanitizer_finish_switch_fiber(schedulerFakeStack, nullptr, nullptr);
#endif
  runningRunner = nullptr;
  current = nullptr;
  if (faultSignal) {
    // The handler left without returning, so the signal is still blocked.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, faultSignal);
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    std::string what;
    llvm::raw_string_ostream os(what);
    hsa_status_t status = kStatusMemoryFault;
    if (faultSignal == SIGFPE) {
      // PTX division never traps; the host back end should not emit a
      // trapping one, but a kernel must not take the process down.
      status = HSA_STATUS_ERROR_EXCEPTION;
      os << "arithmetic exception (integer division by zero or overflow) at "
            "pc "
         << faultAddress;
    } else if (faultSignal == SIGILL) {
      status = kStatusIllegalInstruction;
      os << "illegal instruction at pc " << faultAddress;
    } else if (isGuardPageFault(stacks, faultAddress)) {
      os << "stack overflow (the thread's stack guard page was hit at "
         << faultAddress << "; raise the stack limit)";
    } else {
      os << "illegal address " << faultAddress
         << (faultSignal == SIGBUS ? " (bus error)" : "");
    }
    faultSignal = 0;
    fail(status, &f, nullptr, what);
  }
}

void BlockRunner::suspend(Fiber &f) {
#ifdef PTXMLIR_ASAN
  __sanitizer_start_switch_fiber(&f.fakeStack, schedulerStackBottom,
                                 schedulerStackSize);
#endif
  ptxmlir_hsahost_switch_context(&f.sp, schedulerSp);
#ifdef PTXMLIR_ASAN
  __sanitizer_finish_switch_fiber(f.fakeStack, &schedulerStackBottom,
                                  &schedulerStackSize);
#endif
}

void BlockRunner::exitFiber(Fiber &f) {
  f.state = FiberState::Exited;
  ++exitedCount;
  uint32_t warp = f.index / kWarpSize;
  bool warpGone = ++warpExited[warp] == warpEnd(warp) - warp * kWarpSize;
  exitedWarps += warpGone;
  // The exit may complete its warp's arrival at a barrier; a whole-block
  // barrier no longer waits for a warp whose threads have all exited.
  for (uint32_t id = 0; id < 16 && warpPending[warp]; ++id)
    tryWarpArrival(warp, id);
  for (uint32_t id = 0; id < 16 && warpGone; ++id) {
    Barrier &b = barriers[id];
    if (b.count == 0 && barrierComplete(b))
      completeBarrier(b);
  }
#ifdef PTXMLIR_ASAN
  __sanitizer_start_switch_fiber(nullptr, schedulerStackBottom,
                                 schedulerStackSize);
#endif
  ptxmlir_hsahost_switch_context(&f.sp, schedulerSp);
  __builtin_unreachable();
}

void BlockRunner::trap(Fiber &f, const char *loc) {
  fail(HSA_STATUS_ERROR_EXCEPTION, &f, loc, "trap");
  // The fiber is abandoned: generated code holds no resources to unwind.
  f.state = FiberState::Exited;
#ifdef PTXMLIR_ASAN
  __sanitizer_start_switch_fiber(nullptr, schedulerStackBottom,
                                 schedulerStackSize);
#endif
  ptxmlir_hsahost_switch_context(&f.sp, schedulerSp);
  __builtin_unreachable();
}

void BlockRunner::faultFromSignal(int sig, const void *addr) {
  faultSignal = sig;
  faultAddress = addr;
  Fiber &f = *current;
  f.state = FiberState::Exited;
  ptxmlir_hsahost_switch_context(&f.sp, schedulerSp);
  __builtin_unreachable();
}

//===----------------------------------------------------------------------===//
// Runtime calls
//===----------------------------------------------------------------------===//

uint64_t BlockRunner::waveOp(Fiber &f, WaveOpKind kind, uint64_t opId,
                             uint32_t value, uint32_t arg, uint32_t membermask,
                             bool hasMask, const char *loc) {
  f.state = FiberState::AtWaveOp;
  f.kind = kind;
  f.opId = opId;
  f.value = value;
  f.arg = arg;
  f.membermask = membermask;
  f.hasMask = hasMask;
  f.loc = loc;
  suspend(f);
  return f.result;
}

// PTX ISA, barrier{.cta}: "When specifying a thread count, the value must
// be a multiple of the warp size." "barrier{.cta} instruction causes
// executing thread to wait for all non-exited threads from its warp and
// marks warps' arrival at barrier." Earlier editions: "the arrival count for
// the barrier is incremented by the warp size (not the number of active
// threads in the warp)". So a thread at a barrier waits (bar.arrive too)
// until every non-exited thread of its warp is at that barrier, through any
// instruction; the warp then arrives once and counts 32 threads, a partial
// last warp included. An H200 does so for bar.sync and barrier.sync alike
// (test/Runtime/CUDA/counted-barriers.c). bar.red counts each thread's
// predicate.
uint32_t BlockRunner::barrier(Fiber &f, uint32_t id, uint32_t count, bool wait,
                              bool reduce, uint32_t kind, uint32_t pred,
                              const char *loc) {
  uint32_t reachable = warpCount * kWarpSize;
  if (id >= 16 || count > reachable || (reduce && kind > PTXMLIR_RED_OR)) {
    fail(HSA_STATUS_ERROR_EXCEPTION, &f, loc,
         id >= 16 ? "barrier id " + std::to_string(id) + " out of range"
         : count > reachable ? "barrier count " + std::to_string(count) +
                                   " exceeds the block's " +
                                   std::to_string(threadCount) + " threads"
                             : "unknown bar.red operation");
    f.state = FiberState::Exited;
    suspend(f);
    __builtin_unreachable();
  }
  f.state = FiberState::AtBarrier;
  f.barrierId = id;
  f.barrierCount = count;
  f.barrierRedKind = kind;
  f.barrierPending = true;
  f.barrierWaits = wait;
  f.barrierReduce = reduce;
  f.barrierPred = pred != 0;
  f.loc = loc;
  f.result = 0;
  ++warpPending[f.index / kWarpSize];
  tryWarpArrival(f.index / kWarpSize, id);
  suspend(f);
  return static_cast<uint32_t>(f.result);
}

void BlockRunner::yield(Fiber &f) { suspend(f); }

uint32_t BlockRunner::warpEnd(uint32_t warp) const {
  return std::min((warp + 1) * kWarpSize, threadCount);
}

void BlockRunner::tryWarpArrival(uint32_t warp, uint32_t id) {
  uint32_t first = warp * kWarpSize, end = warpEnd(warp), at = 0;
  Fiber *lowest = nullptr;
  for (uint32_t i = first; i < end; ++i) {
    Fiber &f = fibers[i];
    if (f.state != FiberState::AtBarrier || !f.barrierPending ||
        f.barrierId != id)
      continue;
    ++at;
    if (!lowest)
      lowest = &f;
  }
  if (!at || at + warpExited[warp] < end - first)
    return;
  Barrier &b = barriers[id];
  if (b.arrivedWarps++ == 0) {
    b.count = lowest->barrierCount;
    b.loc = lowest->loc;
    b.redKind = lowest->barrierRedKind;
  }
  for (uint32_t i = first; i < end; ++i) {
    Fiber &f = fibers[i];
    if (f.state != FiberState::AtBarrier || !f.barrierPending ||
        f.barrierId != id)
      continue;
    f.barrierPending = false;
    --warpPending[warp];
    if (f.barrierReduce) {
      ++b.predCount;
      b.predTrue += f.barrierPred;
    }
    if (f.barrierWaits)
      b.waiters.push_back(i);
    else
      f.state = FiberState::BarrierDone;
  }
  if (barrierComplete(b))
    completeBarrier(b);
}

bool BlockRunner::barrierComplete(const Barrier &b) const {
  if (b.arrivedWarps == 0)
    return false;
  if (b.count == 0)
    return b.arrivedWarps + exitedWarps >= warpCount;
  return b.arrivedWarps * kWarpSize >= b.count;
}

void BlockRunner::completeBarrier(Barrier &b) {
  uint32_t result = 0;
  switch (b.redKind) {
  case PTXMLIR_RED_POPC:
    result = b.predTrue;
    break;
  case PTXMLIR_RED_AND:
    result = b.predTrue == b.predCount;
    break;
  case PTXMLIR_RED_OR:
    result = b.predTrue != 0;
    break;
  }
  for (uint32_t w : b.waiters) {
    fibers[w].state = FiberState::BarrierDone;
    fibers[w].result = result;
  }
  // Threads of warps that have not arrived yet stay for the next phase.
  b.waiters.clear();
  b.arrivedWarps = b.predTrue = b.predCount = 0;
}

//===----------------------------------------------------------------------===//
// Waves
//===----------------------------------------------------------------------===//

bool BlockRunner::releaseWave(uint32_t wave) {
  uint32_t ws = params->waveSize;
  uint32_t first = wave * ws, end = std::min(first + ws, threadCount);
  bool runnable = false, atOp = false, done = false;
  uint64_t minOp = UINT64_MAX;
  for (uint32_t i = first; i < end; ++i) {
    const Fiber &f = fibers[i];
    switch (f.state) {
    case FiberState::Runnable:
      runnable = true;
      break;
    case FiberState::AtWaveOp:
      atOp = true;
      minOp = std::min(minOp, f.opId);
      break;
    case FiberState::BarrierDone:
      done = true;
      break;
    default:
      break;
    }
  }
  if (atOp) {
    if (runnable)
      return false;
    releaseGroup(first, end, minOp);
    return true;
  }
  if (!done)
    return false;
  for (uint32_t i = first; i < end; ++i)
    if (fibers[i].state == FiberState::BarrierDone)
      fibers[i].state = FiberState::Runnable;
  return true;
}

void BlockRunner::releaseGroup(uint32_t first, uint32_t end, uint64_t opId) {
  uint64_t group = 0, ballot = 0;
  Fiber *lowest = nullptr;
  for (uint32_t i = first; i < end; ++i) {
    Fiber &f = fibers[i];
    if (f.state != FiberState::AtWaveOp || f.opId != opId)
      continue;
    group |= 1ull << (i - first);
    ballot |= uint64_t(f.value != 0) << (i - first);
    if (!lowest)
      lowest = &f;
  }
  if (params->checkConvergence) {
    for (uint32_t i = first; i < end; ++i) {
      Fiber &f = fibers[i];
      if (!(group >> (i - first) & 1) || !f.hasMask)
        continue;
      // Bit b of membermask is lane b of this lane's CUDA warp.
      uint32_t warpBase = (i - first) & ~31u;
      for (uint32_t b = 0; b < 32; ++b) {
        uint32_t lane = warpBase + b;
        if (!(f.membermask >> b & 1) || first + lane >= end)
          continue;
        if (fibers[first + lane].state == FiberState::Exited ||
            (group >> lane & 1))
          continue;
        fail(HSA_STATUS_ERROR_EXCEPTION, &f, f.loc,
             "relies on independent thread scheduling: membermask 0x" +
                 llvm::utohexstr(f.membermask) + " names lane " +
                 std::to_string(lane) +
                 ", which is live but not converged with the lanes 0x" +
                 llvm::utohexstr(group) + " of its wave");
        return;
      }
    }
  }
  for (uint32_t i = first; i < end; ++i) {
    Fiber &f = fibers[i];
    if (!(group >> (i - first) & 1))
      continue;
    switch (f.kind) {
    case WaveOpKind::ActiveMask:
      f.result = group;
      break;
    case WaveOpKind::Ballot:
      f.result = ballot;
      break;
    case WaveOpKind::ReadLane:
      f.result =
          f.arg < 64 && (group >> f.arg & 1) ? fibers[first + f.arg].value : 0;
      break;
    case WaveOpKind::ReadFirstLane:
      f.result = lowest->value;
      break;
    }
    f.state = FiberState::Runnable;
  }
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

std::string BlockRunner::where(const Fiber *f) const {
  std::string s =
      "(kernel '" + std::string(params->kernelName) + "', block " + dim3(ctaid);
  if (f)
    s += ", thread " + dim3(f->ctx.tid);
  return s + ")";
}

void BlockRunner::fail(hsa_status_t status, const Fiber *f, const char *loc,
                       const std::string &what) {
  if (failed)
    return;
  failed = true;
  failStatus = status;
  failMessage.clear();
  if (loc && *loc)
    failMessage = std::string(loc) + ": ";
  failMessage += what + " " + where(f);
}

std::string BlockRunner::deadlockMessage() const {
  std::string s = "deadlock: no thread can make progress";
  for (uint32_t id = 0; id < 16; ++id) {
    const Barrier &b = barriers[id];
    // Warps some of whose threads are at the barrier while others are not.
    std::string partial;
    const Fiber *firstPending = nullptr;
    uint32_t waiting = b.waiters.size();
    for (uint32_t w = 0; w < warpCount; ++w) {
      uint32_t first = w * kWarpSize, end = warpEnd(w), at = 0;
      for (uint32_t i = first; i < end; ++i) {
        const Fiber &f = fibers[i];
        if (f.state != FiberState::AtBarrier || !f.barrierPending ||
            f.barrierId != id)
          continue;
        ++at;
        if (!firstPending)
          firstPending = &f;
      }
      if (!at)
        continue;
      waiting += at;
      partial += "; warp " + std::to_string(w) + ": " + std::to_string(at) +
                 " of " + std::to_string(end - first - warpExited[w]) +
                 " live thread(s) at barrier " + std::to_string(id);
    }
    if (!b.arrivedWarps && !firstPending)
      continue;
    const char *loc = b.arrivedWarps ? b.loc : firstPending->loc;
    uint32_t count = b.arrivedWarps ? b.count : firstPending->barrierCount;
    s += "; " + std::to_string(waiting) + " thread(s) wait at barrier " +
         std::to_string(id);
    if (loc && *loc)
      s += " (" + std::string(loc) + ")";
    if (count)
      s += ", " + std::to_string(b.arrivedWarps * kWarpSize) + " of " +
           std::to_string(count) + " arrived (" +
           std::to_string(b.arrivedWarps) + " warp(s) of 32)";
    else
      s += ", " + std::to_string(b.arrivedWarps) + " of " +
           std::to_string(warpCount - exitedWarps) + " warp(s) arrived";
    s += partial;
  }
  s += ", " + std::to_string(exitedCount) + " of " +
       std::to_string(threadCount) + " thread(s) exited";
  return s;
}

//===----------------------------------------------------------------------===//
// The block
//===----------------------------------------------------------------------===//

hsa_status_t BlockRunner::run(const DispatchParams &p,
                              const uint32_t blockId[3], std::string &message) {
  params = &p;
  std::copy(blockId, blockId + 3, ctaid);
  threadCount = p.ntid[0] * p.ntid[1] * p.ntid[2];
  exitedCount = 0;
  warpCount = (threadCount + kWarpSize - 1) / kWarpSize;
  exitedWarps = 0;
  warpExited.assign(warpCount, 0);
  warpPending.assign(warpCount, 0);
  failed = false;
  faultSignal = 0;
  current = nullptr;
  for (Barrier &b : barriers) {
    b.arrivedWarps = b.count = b.predTrue = b.predCount = 0;
    b.waiters.clear();
  }
  if (!stackPool.acquire(threadCount, p.stackSize, stacks)) {
    message = "cannot map " + std::to_string(threadCount) + " fiber stacks " +
              where(nullptr);
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  // Malloc'ed, so ASan sees out-of-bounds shared-memory accesses. Whole
  // 128-byte units, as %total_smem_size reports.
  char *lds = static_cast<char *>(
      std::malloc(std::max<uint32_t>((p.ldsSize + 127) & ~127u, 1)));
  if (!lds) {
    message = "cannot allocate the group segment " + where(nullptr);
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  fibers.assign(threadCount, Fiber());
  for (uint32_t i = 0; i < threadCount; ++i) {
    Fiber &f = fibers[i];
    std::memset(&f.ctx, 0, sizeof(f.ctx));
    f.runner = this;
    f.index = i;
    f.ctx.tid[0] = i % p.ntid[0];
    f.ctx.tid[1] = i / p.ntid[0] % p.ntid[1];
    f.ctx.tid[2] = i / (p.ntid[0] * p.ntid[1]);
    std::copy(p.ntid, p.ntid + 3, f.ctx.ntid);
    std::copy(ctaid, ctaid + 3, f.ctx.ctaid);
    std::copy(p.nctaid, p.nctaid + 3, f.ctx.nctaid);
    f.ctx.lane = i % p.waveSize;
    f.ctx.wave_size = p.waveSize;
    f.ctx.lds = lds;
    f.ctx.local_base = stacks[i].low();
    f.ctx.local_end = stacks[i].high();
    f.ctx.kernarg = p.kernarg;
    f.ctx.lds_size = p.ldsSize;
    f.ctx.runtime = &f;
    f.sp = initFiberContext(stacks[i], i, &BlockRunner::fiberMain, &f);
  }

  uint32_t waveCount = (threadCount + p.waveSize - 1) / p.waveSize;
  while (!failed) {
    bool ran = false;
    for (uint32_t i = 0; i < threadCount && !failed; ++i) {
      if (fibers[i].state != FiberState::Runnable)
        continue;
      ran = true;
      resume(fibers[i]);
    }
    if (failed || exitedCount == threadCount)
      break;
    bool released = false;
    for (uint32_t w = 0; w < waveCount && !failed; ++w)
      released |= releaseWave(w);
    if (failed)
      break;
    if (!ran && !released) {
      fail(HSA_STATUS_ERROR_EXCEPTION, nullptr, nullptr, deadlockMessage());
      break;
    }
    if (p.deadlineNs && monotonicNs() > p.deadlineNs)
      fail(HSA_STATUS_ERROR_EXCEPTION, nullptr, nullptr,
           "watchdog: the kernel ran past its time limit");
  }
  std::free(lds);
  if (!failed)
    return HSA_STATUS_SUCCESS;
  message = failMessage;
  return failStatus;
}

//===----------------------------------------------------------------------===//
// Faults
//===----------------------------------------------------------------------===//

namespace {

/// Faults a kernel can raise, and the actions they had before ours.
constexpr int kFaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
struct sigaction previousActions[4];

struct sigaction &previousAction(int sig) {
  for (int i = 0; i < 4; ++i)
    if (kFaultSignals[i] == sig)
      return previousActions[i];
  return previousActions[0];
}

void faultHandler(int sig, siginfo_t *info, void *uctx) {
  BlockRunner *r = runningRunner;
  if (r) {
    runningRunner = nullptr;
    r->faultFromSignal(sig, info->si_addr);
  }
  // Not a fiber of ours: behave as if we were never installed.
  struct sigaction &prev = previousAction(sig);
  if ((prev.sa_flags & SA_SIGINFO) && prev.sa_sigaction) {
    prev.sa_sigaction(sig, info, uctx);
    return;
  }
  if (prev.sa_handler == SIG_DFL || prev.sa_handler == SIG_IGN) {
    // Returning re-runs the faulting instruction under the old action.
    sigaction(sig, &prev, nullptr);
    return;
  }
  prev.sa_handler(sig);
}

} // namespace

void installFaultHandler() {
#ifndef PTXMLIR_ASAN
  // A stack overflow leaves no stack for the handler: give each worker
  // thread an alternate one.
  thread_local bool altStackReady = false;
  if (!altStackReady) {
    static constexpr size_t kAltStackSize = 64 * 1024;
    stack_t ss{};
    ss.ss_sp = std::malloc(kAltStackSize); // lives as long as the thread
    ss.ss_size = kAltStackSize;
    altStackReady = ss.ss_sp && sigaltstack(&ss, nullptr) == 0;
  }
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa {};
    sa.sa_sigaction = faultHandler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 4; ++i)
      sigaction(kFaultSignals[i], &sa, &previousActions[i]);
  });
#endif
}

} // namespace ptxmlir::hsahost
