//===- Queue.cpp - AQL queues and their packet processors -----------------===//
//
// Each queue owns a ring of 64-byte AQL packets and a packet-processor
// thread. The processor handles packets strictly in order, once a packet's
// header type is valid and the doorbell has been rung for it: it copies the
// packet, runs it, invalidates the slot, advances the read index and only
// then decrements the completion signal, so a waiter that wakes sees the
// slot free.
//
//===----------------------------------------------------------------------===//

#include "Dispatch.h"
#include "Internal.h"
#include "Signal.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <unordered_set>

namespace ptxmlir::hsahost {

namespace {

struct Queue {
  hsa_queue_t queue; // first: the application's hsa_queue_t* is our Queue*
  std::atomic<uint64_t> readIndex{0};
  std::atomic<uint64_t> writeIndex{0};
  Signal doorbell;
  void (*callback)(hsa_status_t, hsa_queue_t *, void *) = nullptr;
  void *callbackData = nullptr;
  std::atomic<bool> stopping{false};
  std::thread processor;

  void process();
  bool waitForDependencies(const hsa_signal_t *deps, size_t count, bool any);
  void report(hsa_status_t status, const std::string &message);
};

std::mutex queuesMutex;
std::unordered_set<Queue *> &queues() {
  static auto *set = new std::unordered_set<Queue *>();
  return *set;
}
uint64_t nextQueueId = 0;

constexpr uint16_t kInvalidHeader = HSA_PACKET_TYPE_INVALID
                                    << HSA_PACKET_HEADER_TYPE;

Queue *toQueue(const hsa_queue_t *q) {
  return reinterpret_cast<Queue *>(const_cast<hsa_queue_t *>(q));
}

void Queue::report(hsa_status_t status, const std::string &message) {
  recordDispatchError(status, message);
  if (callback)
    callback(status, &queue, callbackData);
}

bool Queue::waitForDependencies(const hsa_signal_t *deps, size_t count,
                                bool any) {
  for (;;) {
    bool allZero = true, anyZero = false, anySignal = false;
    for (size_t i = 0; i < count; ++i) {
      if (!deps[i].handle)
        continue;
      anySignal = true;
      bool zero = toSignal(deps[i])->value.load() == 0;
      allZero &= zero;
      anyZero |= zero;
    }
    if (any ? (!anySignal || anyZero) : allZero)
      return true;
    if (stopping.load())
      return false;
    // Wait on one pending signal at a time, with a bounded wait so that
    // queue destruction and the other signals are noticed.
    for (size_t i = 0; i < count; ++i) {
      if (deps[i].handle && toSignal(deps[i])->value.load() != 0) {
        toSignal(deps[i])->wait(HSA_SIGNAL_CONDITION_EQ, 0,
                                any ? 1000000ull : 50000000ull,
                                HSA_WAIT_STATE_BLOCKED);
        break;
      }
    }
  }
}

void Queue::process() {
  auto *ring = static_cast<hsa_kernel_dispatch_packet_t *>(queue.base_address);
  uint32_t mask = queue.size - 1;
  for (;;) {
    uint64_t index = readIndex.load(std::memory_order_relaxed);
    hsa_kernel_dispatch_packet_t *slot = &ring[index & mask];
    uint16_t header = __atomic_load_n(&slot->header, __ATOMIC_ACQUIRE);
    uint32_t type = (header >> HSA_PACKET_HEADER_TYPE) &
                    ((1u << HSA_PACKET_HEADER_WIDTH_TYPE) - 1);
    int64_t bell = doorbell.value.load();
    if (stopping.load())
      return;
    if (type == HSA_PACKET_TYPE_INVALID || bell < int64_t(index)) {
      // Rung but not yet valid: the producer is still writing the header.
      if (bell >= int64_t(index))
        doorbell.wait(HSA_SIGNAL_CONDITION_NE, bell, 100000ull,
                      HSA_WAIT_STATE_BLOCKED);
      else
        doorbell.wait(HSA_SIGNAL_CONDITION_NE, bell, UINT64_MAX,
                      HSA_WAIT_STATE_BLOCKED);
      continue;
    }
    hsa_kernel_dispatch_packet_t packet;
    std::memcpy(&packet, slot, sizeof(packet));
    hsa_signal_t completion = packet.completion_signal;
    switch (type) {
    case HSA_PACKET_TYPE_KERNEL_DISPATCH: {
      std::string message;
      hsa_status_t status = runDispatch(packet, message);
      if (status != HSA_STATUS_SUCCESS)
        report(status == HSA_STATUS_ERROR_INVALID_PACKET_FORMAT ||
                       status == kStatusMemoryFault ||
                       status == kStatusIllegalInstruction
                   ? status
                   : HSA_STATUS_ERROR_EXCEPTION,
               message);
      break;
    }
    case HSA_PACKET_TYPE_BARRIER_AND:
    case HSA_PACKET_TYPE_BARRIER_OR: {
      hsa_barrier_and_packet_t barrier;
      std::memcpy(&barrier, slot, sizeof(barrier));
      completion = barrier.completion_signal;
      if (!waitForDependencies(barrier.dep_signal, 5,
                               type == HSA_PACKET_TYPE_BARRIER_OR))
        return;
      break;
    }
    default:
      report(HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
             "AQL packet of unsupported type " + std::to_string(type));
      break;
    }
    __atomic_store_n(&slot->header, kInvalidHeader, __ATOMIC_RELEASE);
    readIndex.store(index + 1, std::memory_order_release);
    if (completion.handle)
      signalSubtract(completion, 1);
  }
}

void destroyQueue(Queue *q) {
  q->stopping.store(true);
  q->doorbell.store(INT64_MAX);
  if (q->processor.joinable())
    q->processor.join();
  std::free(q->queue.base_address);
  delete q;
}

} // namespace

void destroyAllQueues() {
  std::unordered_set<Queue *> all;
  {
    std::lock_guard<std::mutex> lock(queuesMutex);
    all.swap(queues());
  }
  for (Queue *q : all)
    destroyQueue(q);
}

hsa_status_t
host_hsa_queue_create(hsa_agent_t agent, uint32_t size, hsa_queue_type32_t type,
                      void (*callback)(hsa_status_t, hsa_queue_t *, void *),
                      void *data, uint32_t, uint32_t, hsa_queue_t **queue) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!isOurAgent(agent))
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!queue || size == 0 || (size & (size - 1)) != 0 || size > kQueueMaxSize ||
      (type != HSA_QUEUE_TYPE_MULTI && type != HSA_QUEUE_TYPE_SINGLE))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (size < kQueueMinSize)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  {
    std::lock_guard<std::mutex> lock(queuesMutex);
    if (queues().size() >= kQueuesMax)
      return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  size_t bytes = size_t(size) * sizeof(hsa_kernel_dispatch_packet_t);
  void *ring = std::aligned_alloc(64, bytes);
  if (!ring)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  // Every slot starts invalid, so the processor waits for the producer.
  auto *packets = static_cast<hsa_kernel_dispatch_packet_t *>(ring);
  std::memset(ring, 0, bytes);
  for (uint32_t i = 0; i < size; ++i)
    packets[i].header = kInvalidHeader;
  auto *q = new Queue();
  q->queue.type = type;
  q->queue.features = HSA_QUEUE_FEATURE_KERNEL_DISPATCH;
  q->queue.base_address = ring;
  q->queue.doorbell_signal = toHandle(&q->doorbell);
  q->queue.size = size;
  q->queue.reserved1 = 0;
  q->doorbell.value.store(-1);
  q->callback = callback;
  q->callbackData = data;
  {
    std::lock_guard<std::mutex> lock(queuesMutex);
    q->queue.id = nextQueueId++;
    queues().insert(q);
  }
  q->processor = std::thread([q] { q->process(); });
  *queue = &q->queue;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_queue_destroy(hsa_queue_t *queue) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!queue)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  Queue *q = toQueue(queue);
  {
    std::lock_guard<std::mutex> lock(queuesMutex);
    if (!queues().erase(q))
      return HSA_STATUS_ERROR_INVALID_QUEUE;
  }
  destroyQueue(q);
  return HSA_STATUS_SUCCESS;
}

uint64_t host_hsa_queue_load_read_index_scacquire(const hsa_queue_t *queue) {
  return toQueue(queue)->readIndex.load(std::memory_order_acquire);
}

uint64_t host_hsa_queue_load_write_index_relaxed(const hsa_queue_t *queue) {
  return toQueue(queue)->writeIndex.load(std::memory_order_relaxed);
}

uint64_t host_hsa_queue_add_write_index_relaxed(const hsa_queue_t *queue,
                                                uint64_t value) {
  return toQueue(queue)->writeIndex.fetch_add(value, std::memory_order_relaxed);
}

} // namespace ptxmlir::hsahost
