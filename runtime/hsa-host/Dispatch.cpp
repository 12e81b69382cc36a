//===- Dispatch.cpp - blocks of a dispatch over the worker threads --------===//
//
// Blocks go to a process-wide pool of worker threads (one per hardware
// thread unless PTXMLIR_HOST_THREADS says otherwise); each worker takes the
// next block index until none is left, so a block never moves between
// threads and each worker reuses its fiber stacks across blocks and
// dispatches. One dispatch uses the pool at a time.
//
//===----------------------------------------------------------------------===//

#include "Dispatch.h"
#include "Executable.h"
#include "HostAgent.h"
#include "Internal.h"
#include "Scheduler.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <mutex>
#include <thread>

namespace ptxmlir::hsahost {

namespace {

class WorkerPool {
public:
  explicit WorkerPool(unsigned size) {
    for (unsigned i = 0; i < size; ++i)
      threads.emplace_back([this, i] { loop(i); });
  }
  unsigned size() const { return threads.size(); }

  /// Runs job(i) on workers 0..count-1 and waits for all of them.
  void run(unsigned count, const std::function<void(unsigned)> &fn) {
    std::lock_guard<std::mutex> serial(runMutex);
    std::unique_lock<std::mutex> lock(mutex);
    job = &fn;
    wanted = std::min<unsigned>(count, threads.size());
    remaining = wanted;
    ++generation;
    cv.notify_all();
    doneCv.wait(lock, [&] { return remaining == 0; });
    job = nullptr;
  }

private:
  void loop(unsigned index) {
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      cv.wait(lock, [&] { return generation != seen; });
      seen = generation;
      if (index >= wanted)
        continue;
      const std::function<void(unsigned)> *fn = job;
      lock.unlock();
      (*fn)(index);
      lock.lock();
      if (--remaining == 0)
        doneCv.notify_all();
    }
  }

  std::mutex runMutex, mutex;
  std::condition_variable cv, doneCv;
  std::vector<std::thread> threads;
  const std::function<void(unsigned)> *job = nullptr;
  uint64_t generation = 0;
  unsigned wanted = 0, remaining = 0;
};

WorkerPool &pool() {
  // Never destroyed: its threads wait for work until the process exits.
  static WorkerPool *p = [] {
    unsigned n = agentConfig().hardwareThreads;
    if (const char *env = std::getenv("PTXMLIR_HOST_THREADS"))
      if (int v = std::atoi(env); v > 0)
        n = unsigned(v);
    return new WorkerPool(std::max(1u, n));
  }();
  return *p;
}

std::atomic<size_t> stackLimit{0};

std::mutex errorMutex;
hsa_status_t errorStatus = HSA_STATUS_SUCCESS;
// Never destroyed, like the rest of the agent's state (Executable.cpp).
std::string &errorMessage() {
  static auto *s = new std::string;
  return *s;
}

uint64_t envMillis(const char *name) {
  const char *env = std::getenv(name);
  return env ? std::strtoull(env, nullptr, 10) : 0;
}

uint64_t monotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1000000000ull + ts.tv_nsec;
}

} // namespace

void setStackLimit(size_t bytes) { stackLimit.store(bytes); }
size_t getStackLimit() { return stackLimit.load(); }

void recordDispatchError(hsa_status_t status, const std::string &message) {
  std::lock_guard<std::mutex> lock(errorMutex);
  // The first error is the cause; later ones are usually its consequences.
  if (errorStatus != HSA_STATUS_SUCCESS)
    return;
  errorStatus = status;
  errorMessage() = message;
}

hsa_status_t lastDispatchError(const char **message) {
  std::lock_guard<std::mutex> lock(errorMutex);
  if (message)
    *message = errorMessage().c_str();
  return errorStatus;
}

void clearDispatchError() {
  std::lock_guard<std::mutex> lock(errorMutex);
  errorStatus = HSA_STATUS_SUCCESS;
  errorMessage().clear();
}

hsa_status_t runDispatch(const hsa_kernel_dispatch_packet_t &packet,
                         std::string &message) {
  KernelDescriptor kernel;
  if (!copyKernelDescriptor(packet.kernel_object, kernel)) {
    message = "dispatch packet: kernel_object is not a kernel of a live "
              "executable";
    return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
  }
  DispatchParams p;
  p.entry = kernel.entry;
  p.kernelName = kernel.name.c_str();
  p.waveSize = agentConfig().waveSize;
  p.kernarg = static_cast<const char *>(packet.kernarg_address);
  p.ldsSize = packet.group_segment_size;
  uint32_t dims =
      (packet.setup >> HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS) &
      ((1u << HSA_KERNEL_DISPATCH_PACKET_SETUP_WIDTH_DIMENSIONS) - 1);
  uint32_t wg[3] = {packet.workgroup_size_x, packet.workgroup_size_y,
                    packet.workgroup_size_z};
  uint32_t grid[3] = {packet.grid_size_x, packet.grid_size_y,
                      packet.grid_size_z};
  std::string kernelRef = "kernel '" + kernel.name + "': ";
  if (dims < 1 || dims > 3) {
    message = kernelRef + "dispatch packet: dimensions must be 1, 2 or 3";
    return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
  }
  uint64_t blocks = 1;
  for (uint32_t d = 0; d < 3; ++d) {
    // Unused dimensions must be 1; tolerate 0 there, as ROCr does.
    if (d >= dims && (wg[d] == 0 || grid[d] == 0))
      wg[d] = grid[d] = 1;
    if (wg[d] == 0 || grid[d] == 0 || grid[d] % wg[d] != 0) {
      message = kernelRef +
                "dispatch packet: every grid size must be a non-zero "
                "multiple of the workgroup size (CUDA grids are whole blocks)";
      return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
    }
    p.ntid[d] = wg[d];
    p.nctaid[d] = grid[d] / wg[d];
    blocks *= p.nctaid[d];
  }
  if (uint64_t(wg[0]) * wg[1] * wg[2] > kWorkgroupMaxSize) {
    message = kernelRef + "dispatch packet: more than 1024 work-items per "
                          "workgroup";
    return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
  }
  if (p.ldsSize > kGroupSegmentSize) {
    message = kernelRef + "dispatch packet: group segment of " +
              std::to_string(p.ldsSize) + " bytes exceeds 64 KiB";
    return HSA_STATUS_ERROR_INVALID_ALLOCATION;
  }
  size_t privateSize =
      std::max<size_t>(packet.private_segment_size, kernel.privateSegmentSize);
  p.stackSize = std::max<size_t>(256 * 1024, privateSize + getStackLimit());
  if (uint64_t ms = envMillis("PTXMLIR_HOST_WATCHDOG_MS"))
    p.deadlineNs = monotonicNs() + ms * 1000000ull;
  if (const char *check = std::getenv("PTXMLIR_HOST_CHECK"))
    p.checkConvergence = std::string(check) != "0";

  std::atomic<uint64_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex failMutex;
  hsa_status_t status = HSA_STATUS_SUCCESS;
  WorkerPool &workers = pool();
  unsigned count = unsigned(std::min<uint64_t>(blocks, workers.size()));
  auto job = [&](unsigned) {
    installFaultHandler();
    thread_local BlockRunner runner;
    std::string blockMessage;
    for (;;) {
      uint64_t b = next.fetch_add(1);
      if (b >= blocks || failed.load(std::memory_order_relaxed))
        return;
      uint32_t ctaid[3] = {uint32_t(b % p.nctaid[0]),
                           uint32_t(b / p.nctaid[0] % p.nctaid[1]),
                           uint32_t(b / (uint64_t(p.nctaid[0]) * p.nctaid[1]))};
      hsa_status_t s = runner.run(p, ctaid, blockMessage);
      if (s == HSA_STATUS_SUCCESS)
        continue;
      std::lock_guard<std::mutex> lock(failMutex);
      if (!failed.exchange(true)) {
        status = s;
        message = blockMessage;
      }
      return;
    }
  };
  // One block needs no other thread: running it here saves two thread
  // hand-offs per dispatch.
  if (count == 1)
    job(0);
  else
    workers.run(count, job);
  return status;
}

} // namespace ptxmlir::hsahost
