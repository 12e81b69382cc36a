//===- DeviceRuntime.cpp - printf buffers, asserts and device heaps -------===//
//
// libcuda's half of the CUDA device runtime (DeviceRuntime.h). The state is
// kept here, by context and by module, rather than in the objects of
// Internal.h; the map itself lives for the process (cudart's exit handlers
// may run after static destructors), a context's entry until the context
// is released.
//
//===----------------------------------------------------------------------===//

#include "DeviceRuntime.h"
#include "Internal.h"

#include "ptxmlir/Runtime/DeviceRuntime.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace devrt = ptxmlir::devrt;

namespace ptxmlir::cuda {
namespace {

struct ContextState {
  std::mutex mu;
  void *printfBuffer = nullptr; ///< PrintfHeader, then the records
  void *heap = nullptr;         ///< HeapHeader, then the blocks
  uint64_t read = 0;            ///< bytes of records printed
};

struct ModuleState {
  bool checked = false;
  uint64_t global = 0; ///< where `__ptxmlir_devrt` is; 0: not used
  bool written = false;
};

struct State {
  std::mutex mu;
  std::unordered_map<CUctx_st *, std::shared_ptr<ContextState>> contexts;
  std::unordered_map<CUmod_st *, ModuleState> modules;
};

State &state() {
  static State *s = new State; // never destroyed (see above)
  return *s;
}

/// Shared: a context reset may release the state while another thread
/// still drains it.
std::shared_ptr<ContextState> findContext(CUctx_st *ctx) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mu);
  auto it = s.contexts.find(ctx);
  return it == s.contexts.end() ? nullptr : it->second;
}

void freeBuffers(ContextState &cs) {
  if (cs.printfBuffer)
    hsa().hsa_memory_free(cs.printfBuffer);
  if (cs.heap)
    hsa().hsa_memory_free(cs.heap);
  cs.printfBuffer = cs.heap = nullptr;
  cs.read = 0;
}

void *allocate(hsa_region_t region, size_t bytes) {
  void *p = nullptr;
  if (!region.handle ||
      hsa().hsa_memory_allocate(region, bytes, &p) != HSA_STATUS_SUCCESS)
    return nullptr;
  return p;
}

/// The printf buffer (host-visible: the host reads records where the
/// device wrote them) and the heap (device memory, header written once).
CUresult allocateBuffers(CUctx_st *ctx, ContextState &cs) {
  const Agent &agent = *ctx->dev->agent;
  size_t fifo = ctx->limits[CU_LIMIT_PRINTF_FIFO_SIZE];
  size_t heapBytes = ctx->limits[CU_LIMIT_MALLOC_HEAP_SIZE];
  // Free-list entries count 16-byte units in 32 bits.
  if (heapBytes > (uint64_t(1) << 36) - devrt::kHeapDataOffset)
    return CUDA_ERROR_OUT_OF_MEMORY;
  size_t printfBytes = sizeof(devrt::PrintfHeader) + (fifo + 7) / 8 * 8;
  hsa_region_t visible =
      agent.hostRegion.handle ? agent.hostRegion : agent.kernargRegion;
  cs.printfBuffer = allocate(visible, printfBytes);
  cs.heap = allocate(agent.deviceRegion, devrt::kHeapDataOffset + heapBytes);
  if (!cs.printfBuffer || !cs.heap) {
    freeBuffers(cs);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  std::memset(cs.printfBuffer, 0, printfBytes);
  static_cast<devrt::PrintfHeader *>(cs.printfBuffer)->capacity =
      (fifo + 7) / 8 * 8;
  devrt::HeapHeader heap{};
  heap.capacity = heapBytes;
  if (CUresult r = copyToDevice(agent, cs.heap, &heap, sizeof heap)) {
    freeBuffers(cs);
    return r;
  }
  return CUDA_SUCCESS;
}

uint64_t align8(uint64_t n) { return (n + 7) / 8 * 8; }

/// snprintf of one conversion with its `*` arguments.
template <typename T>
void appendFormatted(std::string &out, const std::string &spec,
                     const int *stars, unsigned nstars, T value) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wformat-nonliteral"
  auto print = [&](char *buf, size_t size) {
    switch (nstars) {
    case 0:
      return std::snprintf(buf, size, spec.c_str(), value);
    case 1:
      return std::snprintf(buf, size, spec.c_str(), stars[0], value);
    default:
      return std::snprintf(buf, size, spec.c_str(), stars[0], stars[1], value);
    }
  };
#pragma clang diagnostic pop
  char small[256];
  int n = print(small, sizeof small);
  if (n < 0)
    return;
  if (size_t(n) < sizeof small) {
    out.append(small, n);
    return;
  }
  std::string big(size_t(n) + 1, '\0');
  print(big.data(), big.size());
  out.append(big.data(), n);
}

/// Formats a printf record as the host printf would the same format and
/// values, with NVIDIA's reading of the argument buffer.
void formatPrintf(const uint8_t *rec, uint32_t size, std::string &out) {
  devrt::PrintfRecord r;
  std::memcpy(&r, rec, sizeof r);
  const uint8_t *end = rec + size;
  const char *fmt = reinterpret_cast<const char *>(rec + sizeof r);
  const uint8_t *args = rec + sizeof r + align8(r.formatBytes);
  const uint8_t *strings = args + align8(r.argBytes);
  if (!r.formatBytes || strings > end)
    return;
  std::string_view format(fmt, strnlen(fmt, r.formatBytes));
  unsigned argBytes = 0;
  std::vector<devrt::FormatPiece> pieces = devrt::parseFormat(format, argBytes);
  auto word = [&](unsigned off, unsigned bytes) -> uint64_t {
    uint64_t v = 0;
    if (off + bytes <= r.argBytes)
      std::memcpy(&v, args + off, bytes);
    return v;
  };
  for (const devrt::FormatPiece &p : pieces) {
    std::string_view text = format.substr(p.begin, p.end - p.begin);
    if (!p.conversion) {
      for (size_t i = 0; i < text.size(); ++i) {
        out.push_back(text[i]);
        if (text[i] == '%' && i + 1 < text.size() && text[i + 1] == '%')
          ++i;
      }
      continue;
    }
    int stars[2];
    unsigned nstars = 0;
    if (p.starWidth)
      stars[nstars++] = int32_t(word(p.widthOffset, 4));
    if (p.starPrecision)
      stars[nstars++] = int32_t(word(p.precisionOffset, 4));
    size_t lengthChars = std::strlen(p.length);
    std::string spec(text.substr(0, text.size() - 1 - lengthChars));
    uint64_t v = word(p.valueOffset, p.valueBytes);
    switch (p.conv) {
    case 'd':
    case 'i':
    case 'o':
    case 'u':
    case 'x':
    case 'X':
      if (p.length[0] == 'h') {
        // NVIDIA reads 8 bytes, then prints them as a short or char.
        spec += p.length;
        spec += p.conv;
        appendFormatted(out, spec, stars, nstars, int(uint32_t(v)));
      } else if (p.valueBytes == 8) {
        spec += "ll";
        spec += p.conv;
        appendFormatted(out, spec, stars, nstars, (long long)v);
      } else {
        spec += p.conv;
        appendFormatted(out, spec, stars, nstars, int(uint32_t(v)));
      }
      break;
    case 'c':
      spec += 'c';
      appendFormatted(out, spec, stars, nstars, int(uint32_t(v)));
      break;
    case 's': {
      spec += 's';
      const char *s = "(null)";
      std::string copy;
      if (v) {
        size_t n = strnlen(reinterpret_cast<const char *>(strings),
                           size_t(end - strings));
        copy.assign(reinterpret_cast<const char *>(strings), n);
        strings += std::min<size_t>(n + 1, size_t(end - strings));
        s = copy.c_str();
      }
      appendFormatted(out, spec, stars, nstars, s);
      break;
    }
    case 'p':
      spec += 'p';
      appendFormatted(out, spec, stars, nstars,
                      reinterpret_cast<void *>(uintptr_t(v)));
      break;
    default: { // the float conversions
      double d;
      std::memcpy(&d, &v, sizeof d);
      spec += p.conv;
      appendFormatted(out, spec, stars, nstars, d);
      break;
    }
    }
  }
}

/// NVIDIA's assert message.
std::string formatAssert(const uint8_t *rec, uint32_t size) {
  devrt::AssertRecord r;
  std::memcpy(&r, rec, sizeof r);
  const char *p = reinterpret_cast<const char *>(rec + sizeof r);
  const char *end = reinterpret_cast<const char *>(rec + size);
  auto take = [&](uint32_t bytes) {
    std::string s;
    if (bytes && p + bytes <= end)
      s.assign(p, strnlen(p, bytes));
    p += bytes;
    return s;
  };
  std::string message = take(r.messageBytes);
  std::string file = take(r.fileBytes);
  std::string function = take(r.functionBytes);
  char head[128];
  std::snprintf(head, sizeof head,
                ": block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `",
                r.block[0], r.block[1], r.block[2], r.thread[0], r.thread[1],
                r.thread[2]);
  return file + ":" + std::to_string(r.line) + ": " + function + head +
         message + "` failed.\n";
}

/// Prints the complete records in order (cs.mu held).
void drainLocked(ContextState &cs) {
  if (!cs.printfBuffer)
    return;
  auto *h = static_cast<devrt::PrintfHeader *>(cs.printfBuffer);
  uint8_t *data = reinterpret_cast<uint8_t *>(h + 1);
  uint64_t write = __atomic_load_n(&h->write, __ATOMIC_ACQUIRE);
  std::string out;
  while (cs.read < write &&
         cs.read + sizeof(devrt::RecordHeader) <= h->capacity) {
    uint8_t *rec = data + cs.read;
    auto *sizeWord = reinterpret_cast<uint32_t *>(rec);
    uint32_t size = __atomic_load_n(sizeWord, __ATOMIC_ACQUIRE);
    // 0: a record still being written (a kernel still runs).
    if (!size || size % 8 || cs.read + size > write)
      break;
    uint32_t kind;
    std::memcpy(&kind, rec + 4, 4);
    if (kind == devrt::kPrintfRecord) {
      formatPrintf(rec, size, out);
    } else if (kind == devrt::kAssertRecord) {
      // Keep stdout and stderr in the order the device wrote them.
      std::fwrite(out.data(), 1, out.size(), stdout);
      std::fflush(stdout);
      out.clear();
      std::string m = formatAssert(rec, size);
      std::fwrite(m.data(), 1, m.size(), stderr);
    }
    // After the reset below, a new record may start anywhere inside this
    // one: all of it must read as "not written yet", not only its size.
    std::memset(rec, 0, size);
    cs.read += size;
  }
  if (!out.empty()) {
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
  }
  // Everything reserved has been printed: start again at the front, unless
  // a thread reserved more meanwhile (then the exchange fails).
  if (cs.read == write) {
    uint64_t expected = write;
    if (__atomic_compare_exchange_n(&h->write, &expected, 0, false,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      cs.read = 0;
  }
  if (uint64_t dropped = __atomic_exchange_n(&h->dropped, 0, __ATOMIC_RELAXED))
    logf("device printf: %llu record(s) did not fit CU_LIMIT_PRINTF_FIFO_SIZE "
         "and were dropped",
         (unsigned long long)dropped);
}

} // namespace

CUresult prepareDeviceRuntime(CUfunc_st *f) {
  CUmod_st *m = f->module;
  CUctx_st *ctx = m->ctx;
  State &s = state();
  bool checked;
  {
    std::lock_guard<std::mutex> lock(s.mu);
    ModuleState &ms = s.modules[m];
    if (ms.written || (ms.checked && !ms.global))
      return CUDA_SUCCESS;
    checked = ms.checked;
  }
  // Asked without the lock: HSA calls may wait for the agent, whose error
  // callbacks take it (deviceRuntimeAsserted).
  uint64_t address = 0;
  if (!checked) {
    Variable v;
    if (findVariable(m->executable, *ctx->dev->agent, devrt::kGlobalName, v) ==
            CUDA_SUCCESS &&
        v.size >= sizeof(devrt::DevrtGlobal))
      address = v.address;
  }
  std::shared_ptr<ContextState> cs;
  uint64_t global;
  {
    std::lock_guard<std::mutex> lock(s.mu);
    ModuleState &ms = s.modules[m];
    if (!ms.checked) {
      ms.checked = true;
      ms.global = address;
    }
    if (!ms.global)
      return CUDA_SUCCESS;
    global = ms.global;
    std::shared_ptr<ContextState> &slot = s.contexts[ctx];
    if (!slot)
      slot = std::make_shared<ContextState>();
    cs = slot;
  }
  std::lock_guard<std::mutex> lock(cs->mu);
  if (!cs->printfBuffer)
    if (CUresult r = allocateBuffers(ctx, *cs))
      return r;
  devrt::DevrtGlobal g{};
  g.printfBuffer = uint64_t(uintptr_t(cs->printfBuffer));
  g.heap = uint64_t(uintptr_t(cs->heap));
  if (CUresult r = copyToDevice(*ctx->dev->agent,
                                reinterpret_cast<void *>(uintptr_t(global)), &g,
                                sizeof g))
    return r;
  std::lock_guard<std::mutex> lock2(s.mu);
  s.modules[m].written = true;
  return CUDA_SUCCESS;
}

void drainDeviceRuntime(CUctx_st *ctx) {
  if (std::shared_ptr<ContextState> cs = findContext(ctx)) {
    std::lock_guard<std::mutex> lock(cs->mu);
    drainLocked(*cs);
  }
}

bool deviceRuntimeAsserted(CUctx_st *ctx) {
  std::shared_ptr<ContextState> cs = findContext(ctx);
  if (!cs)
    return false;
  std::lock_guard<std::mutex> lock(cs->mu);
  drainLocked(*cs);
  return cs->printfBuffer &&
         __atomic_load_n(
             &static_cast<devrt::PrintfHeader *>(cs->printfBuffer)->asserted,
             __ATOMIC_ACQUIRE);
}

CUresult deviceRuntimeSetLimit(CUctx_st *ctx, CUlimit limit) {
  if (limit != CU_LIMIT_PRINTF_FIFO_SIZE && limit != CU_LIMIT_MALLOC_HEAP_SIZE)
    return CUDA_SUCCESS;
  std::shared_ptr<ContextState> cs = findContext(ctx);
  if (!cs)
    return CUDA_SUCCESS;
  std::lock_guard<std::mutex> lock(cs->mu);
  return cs->printfBuffer ? CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS;
}

void forgetDeviceRuntimeModule(CUmod_st *m) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mu);
  s.modules.erase(m);
}

void releaseDeviceRuntime(CUctx_st *ctx) {
  State &s = state();
  std::shared_ptr<ContextState> cs;
  {
    std::lock_guard<std::mutex> lock(s.mu);
    auto it = s.contexts.find(ctx);
    if (it == s.contexts.end())
      return;
    cs = std::move(it->second);
    s.contexts.erase(it);
  }
  std::lock_guard<std::mutex> lock(cs->mu);
  drainLocked(*cs);
  freeBuffers(*cs);
}

} // namespace ptxmlir::cuda
