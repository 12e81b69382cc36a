//===- hsa-host-test.cpp - the CPU agent through its HSA table ------------===//
//
// Drives the CPU agent (runtime/hsa-host) exactly as the CUDA layer does:
// only through the HSA table. Code objects are built here from the test
// kernels (Inputs/hsa-host-kernels.c, compiled at build time) plus a
// metadata note written with llvm::msgpack, so each case can vary the
// target, the metadata or the bytes. Prints "ok: <case>" per passing case;
// any failed check prints its line and makes the exit status 1.
//
//===----------------------------------------------------------------------===//

#include "HostAgent.h"
#include "common/CodeObject.h"

#include "Inputs/hsa-host-kernels.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Support/Error.h"

#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

using namespace ptxmlir;

namespace {

int failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,    \
                   #cond);                                                     \
    }                                                                          \
  } while (0)

std::string show(const std::string &s) { return "'" + s + "'"; }
template <typename T> std::string show(const T &v) {
  std::ostringstream os;
  if constexpr (std::is_floating_point_v<T>)
    os << v;
  else
    os << "0x" << std::hex << static_cast<unsigned long long>(v);
  return os.str();
}

template <typename A, typename B>
void checkEq(const A &a, const B &b, const char *ea, const char *eb, int line) {
  if (a == b)
    return;
  ++failures;
  std::fprintf(stderr, "%s:%d: check failed: %s == %s (%s vs %s)\n", __FILE__,
               line, ea, eb, show(a).c_str(), show(b).c_str());
}

#define CHECK_EQ(a, b) checkEq((a), (b), #a, #b, __LINE__)

#define CHECK_CONTAINS(haystack, needle)                                       \
  do {                                                                         \
    std::string h = (haystack);                                                \
    if (h.find(needle) == std::string::npos) {                                 \
      ++failures;                                                              \
      std::fprintf(stderr, "%s:%d: '%s' does not contain '%s'\n", __FILE__,    \
                   __LINE__, h.c_str(), std::string(needle).c_str());          \
    }                                                                          \
  } while (0)

/// Runs one case and prints "ok: <name>" when it added no failure.
void runCase(const char *name, const std::function<void()> &body) {
  int before = failures;
  body();
  if (failures == before)
    std::printf("ok: %s\n", name);
  else
    std::printf("FAILED: %s\n", name);
  std::fflush(stdout);
}

runtime::HsaTable hsa;
hsa_agent_t agent;
hsa_region_t globalRegion, groupRegion;
uint32_t waveSize;
std::string chip;

//===----------------------------------------------------------------------===//
// Building code objects
//===----------------------------------------------------------------------===//

struct KernelMeta {
  const char *name;
  uint32_t kernargSize;
  uint32_t groupSize;
};

const KernelMeta kernels[] = {
    {"global_var", 8, 0},
    {"fill", sizeof(FillArgs), 0},
    {"exchange", sizeof(ExchangeArgs), 4096},
    {"waveops", sizeof(WaveArgs), 0},
    {"its", sizeof(ItsArgs), 0},
    {"trap", sizeof(TrapArgs), 0},
    {"barrier_exit", sizeof(BarrierExitArgs), 0},
    {"mxcsr", sizeof(MxcsrArgs), 0},
    {"overflow", sizeof(OverflowArgs), 0},
    {"convert", sizeof(ConvertArgs), 0},
    {"fault", sizeof(FaultArgs), 0},
    {"dims", sizeof(DimsArgs), 96 * 4},
    {"spin", sizeof(SpinArgs), 0},
};

std::string readFile(const char *path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The msgpack metadata in the AMDHSA v5 shape.
std::string metadata(const std::string &target,
                     const std::vector<KernelMeta> &ks, uint32_t wave,
                     bool dropKernargSize = false) {
  llvm::msgpack::Document doc;
  auto root = doc.getRoot().getMap(/*Convert=*/true);
  auto version = doc.getArrayNode();
  version.push_back(doc.getNode(uint64_t(1)));
  version.push_back(doc.getNode(uint64_t(2)));
  root["amdhsa.version"] = version;
  root["amdhsa.target"] = doc.getNode(target, /*Copy=*/true);
  auto list = doc.getArrayNode();
  for (const KernelMeta &k : ks) {
    auto m = doc.getMapNode();
    m[".name"] = doc.getNode(k.name);
    m[".symbol"] = doc.getNode(std::string(k.name) + ".kd", /*Copy=*/true);
    if (!dropKernargSize)
      m[".kernarg_segment_size"] = doc.getNode(uint64_t(k.kernargSize));
    m[".kernarg_segment_align"] = doc.getNode(uint64_t(8));
    m[".group_segment_fixed_size"] = doc.getNode(uint64_t(k.groupSize));
    m[".private_segment_fixed_size"] = doc.getNode(uint64_t(0));
    m[".wavefront_size"] = doc.getNode(uint64_t(wave));
    m[".max_flat_workgroup_size"] = doc.getNode(uint64_t(1024));
    auto args = doc.getArrayNode();
    auto arg = doc.getMapNode();
    arg[".offset"] = doc.getNode(uint64_t(0));
    arg[".size"] = doc.getNode(uint64_t(8));
    arg[".value_kind"] = doc.getNode("by_value");
    args.push_back(arg);
    m[".args"] = args;
    list.push_back(m);
  }
  root["amdhsa.kernels"] = list;
  std::string blob;
  doc.writeToBlob(blob);
  return blob;
}

/// An ELF note: name "AMDGPU", type NT_AMDGPU_METADATA, 4-byte padding.
std::string note(const std::string &desc) {
  std::string n;
  auto word = [&](uint32_t v) { n.append(reinterpret_cast<char *>(&v), 4); };
  word(7);
  word(desc.size());
  word(llvm::ELF::NT_AMDGPU_METADATA);
  n.append("AMDGPU\0\0", 8);
  n += desc;
  n.resize((n.size() + 3) & ~size_t(3), '\0');
  return n;
}

/// Appends a SHT_NOTE section ".note.ptxmlir" holding `noteBytes` to the
/// ELF64 relocatable `obj` (what llvm-objcopy --add-section does): the note
/// and a grown section-name table go after the old contents, followed by
/// the section headers with one more entry.
std::string addNoteSection(const std::string &obj,
                           const std::string &noteBytes) {
  using namespace llvm::ELF;
  Elf64_Ehdr eh;
  std::memcpy(&eh, obj.data(), sizeof(eh));
  std::vector<Elf64_Shdr> sh(eh.e_shnum);
  std::memcpy(sh.data(), obj.data() + eh.e_shoff,
              sh.size() * sizeof(Elf64_Shdr));
  std::string out = obj;
  auto align = [&](size_t a) { out.resize((out.size() + a - 1) / a * a); };
  align(8);
  size_t noteOffset = out.size();
  out += noteBytes;
  Elf64_Shdr &strtab = sh[eh.e_shstrndx];
  std::string names(obj.data() + strtab.sh_offset, strtab.sh_size);
  uint32_t nameOffset = names.size();
  names += std::string(".note.ptxmlir") + '\0';
  size_t namesOffset = out.size();
  out += names;
  strtab.sh_offset = namesOffset;
  strtab.sh_size = names.size();
  Elf64_Shdr n{};
  n.sh_name = nameOffset;
  n.sh_type = SHT_NOTE;
  n.sh_offset = noteOffset;
  n.sh_size = noteBytes.size();
  n.sh_addralign = 4;
  sh.push_back(n);
  align(8);
  eh.e_shoff = out.size();
  eh.e_shnum = sh.size();
  out.append(reinterpret_cast<const char *>(sh.data()),
             sh.size() * sizeof(Elf64_Shdr));
  std::memcpy(&out[0], &eh, sizeof(eh));
  return out;
}

std::string kernelObject() { return readFile(PTXMLIR_HOST_TEST_KERNELS); }

std::string codeObject(const std::string &target) {
  return addNoteSection(
      kernelObject(),
      note(metadata(target, {std::begin(kernels), std::end(kernels)},
                    waveSize)));
}

/// Loads `bytes` into a new executable; returns the status of the load.
hsa_status_t load(const std::string &bytes, hsa_executable_t &exec) {
  hsa_code_object_reader_t reader;
  hsa_status_t s = hsa.hsa_code_object_reader_create_from_memory(
      bytes.data(), bytes.size(), &reader);
  if (s != HSA_STATUS_SUCCESS)
    return s;
  CHECK_EQ(hsa.hsa_executable_create_alt(
               HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
               nullptr, &exec),
           HSA_STATUS_SUCCESS);
  s = hsa.hsa_executable_load_agent_code_object(exec, agent, reader, nullptr,
                                                nullptr);
  CHECK_EQ(hsa.hsa_code_object_reader_destroy(reader), HSA_STATUS_SUCCESS);
  return s;
}

//===----------------------------------------------------------------------===//
// Dispatching
//===----------------------------------------------------------------------===//

struct QueueEvents {
  std::atomic<int> count{0};
  std::atomic<int> lastStatus{0};
};
QueueEvents events;

void queueCallback(hsa_status_t status, hsa_queue_t *, void *data) {
  auto *e = static_cast<QueueEvents *>(data);
  e->lastStatus = status;
  ++e->count;
}

hsa_queue_t *queue;
hsa_executable_t exec;

struct Kernel {
  uint64_t object = 0;
  uint32_t kernargSize = 0, groupSize = 0;
};

Kernel kernel(const char *name) {
  Kernel k;
  hsa_executable_symbol_t sym;
  std::string symbol = std::string(name) + ".kd";
  CHECK_EQ(
      hsa.hsa_executable_get_symbol_by_name(exec, symbol.c_str(), &agent, &sym),
      HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &k.object),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
               &k.kernargSize),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
               &k.groupSize),
           HSA_STATUS_SUCCESS);
  return k;
}

/// Writes a packet's body, then its header with a release store, then
/// rings the doorbell: the HSA publication protocol.
void publish(hsa_queue_t *q, const void *packet, uint16_t header) {
  uint64_t index = hsa.hsa_queue_add_write_index_relaxed(q, 1);
  auto *slot = static_cast<char *>(q->base_address) + (index % q->size) * 64;
  std::memcpy(slot + 2, static_cast<const char *>(packet) + 2, 62);
  __atomic_store_n(reinterpret_cast<uint16_t *>(slot), header,
                   __ATOMIC_RELEASE);
  hsa.hsa_signal_store_screlease(q->doorbell_signal, int64_t(index));
}

uint16_t headerOf(hsa_packet_type_t type) {
  return uint16_t(type << HSA_PACKET_HEADER_TYPE) |
         uint16_t(1 << HSA_PACKET_HEADER_BARRIER) |
         uint16_t(HSA_FENCE_SCOPE_SYSTEM
                  << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
         uint16_t(HSA_FENCE_SCOPE_SYSTEM
                  << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
}

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
};

/// Submits a dispatch of `blocks` x `threads` to `q` with `args` copied
/// into kernarg memory; returns its completion signal (1 until done).
template <typename Args>
hsa_signal_t submitOn(hsa_queue_t *q, const Kernel &k, const Args &args,
                      Dim3 blocks, Dim3 threads, uint32_t dynamicShared = 0,
                      uint64_t kernelObjectOverride = 0) {
  void *kernarg = nullptr;
  CHECK_EQ(hsa.hsa_memory_allocate(globalRegion, sizeof(Args), &kernarg),
           HSA_STATUS_SUCCESS);
  std::memcpy(kernarg, &args, sizeof(Args));
  hsa_signal_t done;
  CHECK_EQ(hsa.hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
  hsa_kernel_dispatch_packet_t p{};
  p.setup = 3 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  p.workgroup_size_x = threads.x;
  p.workgroup_size_y = threads.y;
  p.workgroup_size_z = threads.z;
  p.grid_size_x = blocks.x * threads.x;
  p.grid_size_y = blocks.y * threads.y;
  p.grid_size_z = blocks.z * threads.z;
  p.group_segment_size = k.groupSize + dynamicShared;
  p.private_segment_size = 0;
  p.kernel_object = kernelObjectOverride ? kernelObjectOverride : k.object;
  p.kernarg_address = kernarg;
  p.completion_signal = done;
  publish(q, &p, headerOf(HSA_PACKET_TYPE_KERNEL_DISPATCH));
  return done;
}

/// A one-dimensional dispatch on the test's queue.
template <typename Args>
hsa_signal_t submit(const Kernel &k, const Args &args, uint32_t blocks,
                    uint32_t threads, uint32_t dynamicShared = 0,
                    uint64_t kernelObjectOverride = 0) {
  return submitOn(queue, k, args, {blocks, 1, 1}, {threads, 1, 1},
                  dynamicShared, kernelObjectOverride);
}

/// Waits for `done` and frees it; false on a 20 s timeout.
bool wait(hsa_signal_t done) {
  int64_t v = hsa.hsa_signal_wait_scacquire(
      done, HSA_SIGNAL_CONDITION_EQ, 0, 20000000000ull, HSA_WAIT_STATE_BLOCKED);
  CHECK_EQ(v, 0);
  CHECK_EQ(hsa.hsa_signal_destroy(done), HSA_STATUS_SUCCESS);
  return v == 0;
}

template <typename T> T *alloc(size_t count) {
  void *p = nullptr;
  CHECK_EQ(hsa.hsa_memory_allocate(globalRegion, count * sizeof(T), &p),
           HSA_STATUS_SUCCESS);
  std::memset(p, 0, count * sizeof(T));
  return static_cast<T *>(p);
}

/// The dispatch error since the last call, cleared.
std::string takeError(hsa_status_t &status) {
  const char *msg = nullptr;
  status = hsahost::lastDispatchError(&msg);
  std::string s = msg ? msg : "";
  hsahost::clearDispatchError();
  return s;
}

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

void testBeforeInit() {
  hsa_signal_t s;
  void *p;
  hsa_code_object_reader_t r;
  const char *str;
  CHECK_EQ(hsa.hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_EQ(hsa.hsa_iterate_agents(
               [](hsa_agent_t, void *) { return HSA_STATUS_SUCCESS; }, nullptr),
           HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_EQ(hsa.hsa_signal_create(0, 0, nullptr, &s),
           HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_EQ(hsa.hsa_memory_allocate(globalRegion, 16, &p),
           HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_EQ(hsa.hsa_code_object_reader_create_from_memory("x", 1, &r),
           HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_EQ(hsa.hsa_status_string(HSA_STATUS_SUCCESS, &str),
           HSA_STATUS_ERROR_NOT_INITIALIZED);
}

void testInitRefcount() {
  CHECK_EQ(hsa.hsa_init(), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_init(), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_shut_down(), HSA_STATUS_SUCCESS);
  // Still initialised: one reference left.
  uint16_t major = 0;
  CHECK_EQ(hsa.hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(major, 1);
  uint64_t freq = 0;
  CHECK_EQ(hsa.hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &freq),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(freq, 1000000000ull);
  const char *str = nullptr;
  CHECK_EQ(hsa.hsa_status_string(HSA_STATUS_ERROR_INVALID_AGENT, &str),
           HSA_STATUS_SUCCESS);
  CHECK(str && std::strstr(str, "INVALID_AGENT"));
  str = nullptr;
  CHECK_EQ(
      hsa.hsa_status_string(hsa_status_t(HSA_STATUS_ERROR_MEMORY_FAULT), &str),
      HSA_STATUS_SUCCESS);
  CHECK(str && std::strstr(str, "MEMORY_FAULT"));
  CHECK_EQ(hsa.hsa_status_string(HSA_STATUS_SUCCESS, nullptr),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(hsa.hsa_status_string(hsa_status_t(0x7777), &str),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

void testAgent() {
  int count = 0;
  CHECK_EQ(hsa.hsa_iterate_agents(
               [](hsa_agent_t a, void *d) {
                 ++*static_cast<int *>(d);
                 agent = a;
                 return HSA_STATUS_SUCCESS;
               },
               &count),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(count, 1);
  // INFO_BREAK stops the iteration and is returned.
  CHECK_EQ(
      hsa.hsa_iterate_agents(
          [](hsa_agent_t, void *) { return HSA_STATUS_INFO_BREAK; }, nullptr),
      HSA_STATUS_INFO_BREAK);
  CHECK_EQ(hsa.hsa_iterate_agents(nullptr, nullptr),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);

  char name[64] = {};
  CHECK_EQ(hsa.hsa_agent_get_info(agent, HSA_AGENT_INFO_NAME, name),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(std::string(name), std::string("ptxmlir-host"));
  hsa_device_type_t type;
  CHECK_EQ(hsa.hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(type, HSA_DEVICE_TYPE_CPU);
  hsa_agent_feature_t feature;
  CHECK_EQ(hsa.hsa_agent_get_info(agent, HSA_AGENT_INFO_FEATURE, &feature),
           HSA_STATUS_SUCCESS);
  CHECK(feature & HSA_AGENT_FEATURE_KERNEL_DISPATCH);
  CHECK_EQ(
      hsa.hsa_agent_get_info(agent, HSA_AGENT_INFO_WAVEFRONT_SIZE, &waveSize),
      HSA_STATUS_SUCCESS);
  CHECK_EQ(waveSize, chip.rfind("gfx9", 0) == 0 ? 64u : 32u);
  uint32_t wgMax = 0, queueMax = 0, cus = 0;
  CHECK_EQ(
      hsa.hsa_agent_get_info(agent, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, &wgMax),
      HSA_STATUS_SUCCESS);
  CHECK_EQ(wgMax, 1024u);
  uint16_t dims[3] = {};
  CHECK_EQ(
      hsa.hsa_agent_get_info(agent, HSA_AGENT_INFO_WORKGROUP_MAX_DIM, dims),
      HSA_STATUS_SUCCESS);
  CHECK(dims[0] == 1024 && dims[1] == 1024 && dims[2] == 1024);
  CHECK_EQ(
      hsa.hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &queueMax),
      HSA_STATUS_SUCCESS);
  CHECK(queueMax >= 1024);
  CHECK_EQ(
      hsa.hsa_agent_get_info(
          agent, hsa_agent_info_t(HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT), &cus),
      HSA_STATUS_SUCCESS);
  CHECK(cus >= 1);
  hsa_profile_t profile;
  CHECK_EQ(hsa.hsa_agent_get_info(agent, HSA_AGENT_INFO_PROFILE, &profile),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(profile, HSA_PROFILE_FULL);
  uint32_t caches[4] = {};
  CHECK_EQ(hsa.hsa_agent_get_info(agent, HSA_AGENT_INFO_CACHE_SIZE, caches),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_agent_get_info(agent, HSA_AGENT_INFO_NAME, nullptr),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(hsa.hsa_agent_get_info(agent, hsa_agent_info_t(0x7fff), name),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(
      hsa.hsa_agent_get_info({agent.handle + 8}, HSA_AGENT_INFO_NAME, name),
      HSA_STATUS_ERROR_INVALID_AGENT);

  // The ISA.
  hsa_isa_t isa{0};
  CHECK_EQ(hsa.hsa_agent_iterate_isas(
               agent,
               [](hsa_isa_t i, void *d) {
                 *static_cast<hsa_isa_t *>(d) = i;
                 return HSA_STATUS_SUCCESS;
               },
               &isa),
           HSA_STATUS_SUCCESS);
  uint32_t length = 0;
  CHECK_EQ(hsa.hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH, &length),
           HSA_STATUS_SUCCESS);
  std::string expected = "ptxmlir-host--" + chip;
  CHECK_EQ(length, expected.size());
  std::vector<char> isaName(length + 1, 'x');
  CHECK_EQ(hsa.hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, isaName.data()),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(std::string(isaName.data()), expected);
  CHECK_EQ(hsa.hsa_isa_get_info_alt({isa.handle + 1}, HSA_ISA_INFO_NAME,
                                    isaName.data()),
           HSA_STATUS_ERROR_INVALID_ISA);
}

void testRegionsAndMemory() {
  struct Found {
    int global = 0, group = 0;
  } found;
  CHECK_EQ(hsa.hsa_agent_iterate_regions(
               agent,
               [](hsa_region_t r, void *d) {
                 auto *f = static_cast<Found *>(d);
                 hsa_region_segment_t seg;
                 if (hsa.hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT,
                                             &seg) != HSA_STATUS_SUCCESS)
                   return HSA_STATUS_ERROR;
                 if (seg == HSA_REGION_SEGMENT_GLOBAL) {
                   globalRegion = r;
                   ++f->global;
                 } else if (seg == HSA_REGION_SEGMENT_GROUP) {
                   groupRegion = r;
                   ++f->group;
                 }
                 return HSA_STATUS_SUCCESS;
               },
               &found),
           HSA_STATUS_SUCCESS);
  CHECK(found.global == 1 && found.group == 1);
  uint32_t flags = 0;
  CHECK_EQ(hsa.hsa_region_get_info(globalRegion, HSA_REGION_INFO_GLOBAL_FLAGS,
                                   &flags),
           HSA_STATUS_SUCCESS);
  CHECK(flags & HSA_REGION_GLOBAL_FLAG_KERNARG);
  CHECK(flags & HSA_REGION_GLOBAL_FLAG_FINE_GRAINED);
  bool allowed = false;
  CHECK_EQ(hsa.hsa_region_get_info(
               globalRegion, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &allowed),
           HSA_STATUS_SUCCESS);
  CHECK(allowed);
  size_t groupSize = 0, alignment = 0;
  CHECK_EQ(
      hsa.hsa_region_get_info(groupRegion, HSA_REGION_INFO_SIZE, &groupSize),
      HSA_STATUS_SUCCESS);
  CHECK_EQ(groupSize, size_t(65536));
  CHECK_EQ(hsa.hsa_region_get_info(globalRegion,
                                   HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT,
                                   &alignment),
           HSA_STATUS_SUCCESS);

  void *p = nullptr, *q = nullptr;
  CHECK_EQ(hsa.hsa_memory_allocate(globalRegion, 100, nullptr),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(hsa.hsa_memory_allocate(globalRegion, 0, &p),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(hsa.hsa_memory_allocate(groupRegion, 100, &p),
           HSA_STATUS_ERROR_INVALID_ALLOCATION);
  CHECK_EQ(hsa.hsa_memory_allocate({globalRegion.handle + 4}, 100, &p),
           HSA_STATUS_ERROR_INVALID_REGION);
  CHECK_EQ(hsa.hsa_memory_allocate(globalRegion, 100, &p), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_memory_allocate(globalRegion, 100, &q), HSA_STATUS_SUCCESS);
  CHECK(p && reinterpret_cast<uintptr_t>(p) % alignment == 0);
  std::memset(p, 0x5a, 100);
  CHECK_EQ(hsa.hsa_memory_copy(q, p, 100), HSA_STATUS_SUCCESS);
  CHECK_EQ(static_cast<unsigned char *>(q)[99], 0x5a);
  CHECK_EQ(hsa.hsa_memory_copy(nullptr, p, 100),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(hsa.hsa_memory_free(p), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_memory_free(q), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_memory_free(nullptr), HSA_STATUS_SUCCESS);
  int local;
  CHECK_EQ(hsa.hsa_memory_free(&local), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

void testSignals() {
  hsa_signal_t s;
  CHECK_EQ(hsa.hsa_signal_create(5, 0, nullptr, nullptr),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(hsa.hsa_signal_create(5, 1, nullptr, &s),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(hsa.hsa_signal_create(5, 1, &agent, &s), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_signal_load_scacquire(s), 5);
  hsa.hsa_signal_store_relaxed(s, 7);
  CHECK_EQ(hsa.hsa_signal_load_scacquire(s), 7);
  // Satisfied conditions return at once with the value.
  CHECK_EQ(hsa.hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, 7,
                                         UINT64_MAX, HSA_WAIT_STATE_BLOCKED),
           7);
  CHECK_EQ(hsa.hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_NE, 3,
                                         UINT64_MAX, HSA_WAIT_STATE_ACTIVE),
           7);
  CHECK_EQ(hsa.hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_LT, 8,
                                         UINT64_MAX, HSA_WAIT_STATE_BLOCKED),
           7);
  CHECK_EQ(hsa.hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_GTE, 7,
                                         UINT64_MAX, HSA_WAIT_STATE_BLOCKED),
           7);
  // An unsatisfied wait ends after its timeout (nanoseconds) with the
  // current value.
  auto start = std::chrono::steady_clock::now();
  CHECK_EQ(hsa.hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_LT, 7,
                                         30000000ull, HSA_WAIT_STATE_BLOCKED),
           7);
  auto waited = std::chrono::steady_clock::now() - start;
  CHECK(waited >= std::chrono::milliseconds(25));
  CHECK(waited < std::chrono::seconds(5));
  // A store from another thread wakes a blocked waiter.
  std::thread writer([s] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    hsa.hsa_signal_store_screlease(s, 0);
  });
  CHECK_EQ(hsa.hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, 0,
                                         UINT64_MAX, HSA_WAIT_STATE_BLOCKED),
           0);
  writer.join();
  CHECK_EQ(hsa.hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_signal_destroy(s), HSA_STATUS_ERROR_INVALID_SIGNAL);
  CHECK_EQ(hsa.hsa_signal_destroy({0}), HSA_STATUS_ERROR_INVALID_SIGNAL);
}

void testQueueCreation() {
  hsa_queue_t *q = nullptr;
  auto create = [&](hsa_agent_t a, uint32_t size, hsa_queue_type32_t type,
                    hsa_queue_t **out) {
    return hsa.hsa_queue_create(a, size, type, queueCallback, &events,
                                UINT32_MAX, UINT32_MAX, out);
  };
  CHECK_EQ(create(agent, 3, HSA_QUEUE_TYPE_MULTI, &q),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(create(agent, 0, HSA_QUEUE_TYPE_MULTI, &q),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(create(agent, 64, HSA_QUEUE_TYPE_MULTI, nullptr),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(create(agent, 64, 77, &q), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(create({agent.handle + 8}, 64, HSA_QUEUE_TYPE_MULTI, &q),
           HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK_EQ(create(agent, 64, HSA_QUEUE_TYPE_MULTI, &q), HSA_STATUS_SUCCESS);
  CHECK(q && q->size == 64 && q->base_address && q->doorbell_signal.handle);
  CHECK_EQ(hsa.hsa_queue_load_read_index_scacquire(q), 0u);
  CHECK_EQ(hsa.hsa_queue_load_write_index_relaxed(q), 0u);
  CHECK_EQ(hsa.hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_queue_destroy(nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(create(agent, 256, HSA_QUEUE_TYPE_SINGLE, &queue),
           HSA_STATUS_SUCCESS);
}

void testCodeObjectReader() {
  // The metadata reader on its own: bad input is an error, never a crash.
  auto expectError = [](llvm::StringRef bytes, llvm::StringRef text) {
    auto info = runtime::readCodeObject(bytes);
    CHECK(!info);
    if (!info)
      CHECK_CONTAINS(llvm::toString(info.takeError()), text.str());
  };
  expectError("garbage", "not an ELF");
  std::string obj = kernelObject();
  CHECK(obj.size() > 64);
  expectError(obj, "no AMDGPU metadata note");
  expectError(obj.substr(0, 80), "");
  expectError(addNoteSection(obj, note("\xc1\xc1\xc1")), "malformed msgpack");
  expectError(
      addNoteSection(obj, note(metadata("host-" + chip, {kernels[1]}, waveSize,
                                        /*dropKernargSize=*/true))),
      "kernel 'fill': missing .kernarg_segment_size");
  auto info = runtime::readCodeObject(codeObject("host-" + chip));
  CHECK(!!info);
  if (info) {
    CHECK_EQ(info->target, "host-" + chip);
    CHECK(!info->isAMDGPU);
    const runtime::KernelInfo *k = info->lookup("exchange");
    CHECK(k != nullptr);
    if (k) {
      CHECK_EQ(k->symbol, std::string("exchange.kd"));
      CHECK_EQ(k->kernargSize, uint32_t(sizeof(ExchangeArgs)));
      CHECK_EQ(k->groupSegmentFixedSize, 4096u);
      CHECK_EQ(k->args.size(), size_t(1));
    }
  } else {
    llvm::consumeError(info.takeError());
  }
}

void testLoadErrors() {
  hsa_code_object_reader_t reader;
  CHECK_EQ(hsa.hsa_code_object_reader_create_from_memory(nullptr, 4, &reader),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(hsa.hsa_code_object_reader_create_from_memory("abcd", 0, &reader),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(hsa.hsa_code_object_reader_create_from_memory("abcd", 4, nullptr),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  hsa_executable_t e;
  CHECK_EQ(hsa.hsa_executable_create_alt(HSA_PROFILE_FULL,
                                         HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR,
                                         nullptr, nullptr),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(load("this is not an ELF file", e),
           HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  CHECK_CONTAINS(hsahost::lastLoadErrorMessage(), "not an ELF");
  CHECK_EQ(hsa.hsa_executable_destroy(e), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_destroy(e), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  CHECK_EQ(load(kernelObject(), e), HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  CHECK_CONTAINS(hsahost::lastLoadErrorMessage(), "no AMDGPU metadata");
  CHECK_EQ(hsa.hsa_executable_destroy(e), HSA_STATUS_SUCCESS);
  // Code objects for another chip or for the GPU are incompatible.
  std::string other = chip == "gfx1100" ? "host-gfx1030" : "host-gfx1100";
  CHECK_EQ(load(codeObject(other), e), HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
  CHECK_CONTAINS(hsahost::lastLoadErrorMessage(), other);
  CHECK_EQ(hsa.hsa_executable_destroy(e), HSA_STATUS_SUCCESS);
  CHECK_EQ(load(codeObject("amdgcn-amd-amdhsa--" + chip), e),
           HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
  CHECK_EQ(hsa.hsa_executable_destroy(e), HSA_STATUS_SUCCESS);
  // A wave size the agent does not run.
  std::string wrongWave = addNoteSection(
      kernelObject(),
      note(metadata("host-" + chip, {kernels[1]}, waveSize == 32 ? 64 : 32)));
  CHECK_EQ(load(wrongWave, e), HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
  CHECK_EQ(hsa.hsa_executable_destroy(e), HSA_STATUS_SUCCESS);
  // Unresolved symbols fail the load, naming the symbol.
  std::string unresolved = addNoteSection(
      readFile(PTXMLIR_HOST_TEST_UNRESOLVED),
      note(metadata("host-" + chip, {{"unresolved", 8, 0}}, waveSize)));
  CHECK_EQ(load(unresolved, e), HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  CHECK_CONTAINS(hsahost::lastLoadErrorMessage(),
                 "ptxmlir_test_undefined_function");
  CHECK_EQ(hsa.hsa_executable_destroy(e), HSA_STATUS_SUCCESS);
}

void testLoad() {
  CHECK_EQ(load(codeObject("host-" + chip), exec), HSA_STATUS_SUCCESS);
  CHECK_EQ(std::string(hsahost::lastLoadErrorMessage()), std::string());
  CHECK_EQ(hsa.hsa_executable_freeze(exec, nullptr), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_freeze(exec, nullptr),
           HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  hsa_code_object_reader_t reader;
  std::string bytes = codeObject("host-" + chip);
  CHECK_EQ(hsa.hsa_code_object_reader_create_from_memory(bytes.data(),
                                                         bytes.size(), &reader),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_load_agent_code_object(exec, agent, reader,
                                                     nullptr, nullptr),
           HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  CHECK_EQ(hsa.hsa_code_object_reader_destroy(reader), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_code_object_reader_destroy(reader),
           HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);

  hsa_executable_symbol_t sym;
  CHECK_EQ(hsa.hsa_executable_get_symbol_by_name(exec, "fill", &agent, &sym),
           HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  CHECK_EQ(hsa.hsa_executable_get_symbol_by_name(exec, nullptr, &agent, &sym),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(hsa.hsa_executable_get_symbol_by_name(exec, "fill.kd", &agent, &sym),
           HSA_STATUS_SUCCESS);
  hsa_symbol_kind_t kind;
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(kind, HSA_SYMBOL_KIND_KERNEL);
  uint32_t length = 0;
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH, &length),
           HSA_STATUS_SUCCESS);
  std::string name(length, '\0');
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_NAME, name.data()),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(name, std::string("fill.kd"));
  Kernel fill = kernel("fill");
  CHECK(fill.object != 0);
  CHECK_EQ(fill.kernargSize, uint32_t(sizeof(FillArgs)));
  CHECK_EQ(kernel("exchange").groupSize, 4096u);

  CHECK_EQ(hsa.hsa_executable_get_symbol_by_name(exec, "gvar", nullptr, &sym),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(kind, HSA_SYMBOL_KIND_VARIABLE);
  uint64_t address = 0;
  uint32_t size = 0;
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &address),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &size),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(size, 16u);
  CHECK(address != 0);
  if (address)
    CHECK_EQ(reinterpret_cast<int *>(address)[2], 3);
  uint64_t object;
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object),
           HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               {sym.handle + 8}, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind),
           HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL);
}

void testGlobalVariable() {
  hsa_executable_symbol_t sym;
  uint64_t address = 0;
  CHECK_EQ(hsa.hsa_executable_get_symbol_by_name(exec, "gvar", nullptr, &sym),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &address),
           HSA_STATUS_SUCCESS);
  uint64_t constant = 0;
  uint32_t constantSize = 0;
  CHECK_EQ(hsa.hsa_executable_get_symbol_by_name(exec, "cvar", nullptr, &sym),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &constant),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_symbol_get_info(
               sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &constantSize),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(constantSize, 16u);
  int *c = reinterpret_cast<int *>(constant);
  CHECK(c && c[0] == 5 && c[3] == 8);
  // The host writes read-only data, as CUDA does for __constant__.
  int newConstants[4] = {100, 200, 300, 400};
  if (c)
    CHECK_EQ(hsa.hsa_memory_copy(c, newConstants, sizeof(newConstants)),
             HSA_STATUS_SUCCESS);
  uint64_t unused = 0;
  CHECK(wait(submit(kernel("global_var"), unused, 1, 32)));
  int *g = reinterpret_cast<int *>(address);
  CHECK(g[0] == 111 && g[1] == 212 && g[2] == 313 && g[3] == 414);
}

void testInOrder() {
  Kernel fill = kernel("fill");
  const uint32_t blocks = 4, threads = 64, n = blocks * threads;
  uint32_t *out = alloc<uint32_t>(n);
  uint64_t *owners = alloc<uint64_t>(blocks);
  hsa_signal_t done[3];
  for (uint32_t i = 0; i < 3; ++i)
    done[i] =
        submit(fill, FillArgs{out, owners, 100 * (i + 1), 0}, blocks, threads);
  CHECK(wait(done[2]));
  // The last dispatch finished, so the earlier ones did before it.
  CHECK_EQ(hsa.hsa_signal_load_scacquire(done[0]), 0);
  CHECK_EQ(hsa.hsa_signal_load_scacquire(done[1]), 0);
  hsa.hsa_signal_destroy(done[0]);
  hsa.hsa_signal_destroy(done[1]);
  bool all = true;
  for (uint32_t i = 0; i < n; ++i)
    all &= out[i] == 300 + i;
  CHECK(all);
  CHECK_EQ(hsa.hsa_queue_load_read_index_scacquire(queue),
           hsa.hsa_queue_load_write_index_relaxed(queue));
}

void testBarrierAnd() {
  Kernel fill = kernel("fill");
  uint32_t *out = alloc<uint32_t>(64);
  uint64_t *owners = alloc<uint64_t>(1);
  hsa_signal_t dep, barrierDone;
  CHECK_EQ(hsa.hsa_signal_create(1, 0, nullptr, &dep), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_signal_create(1, 0, nullptr, &barrierDone),
           HSA_STATUS_SUCCESS);
  hsa_barrier_and_packet_t b{};
  b.dep_signal[0] = dep;
  b.completion_signal = barrierDone;
  publish(queue, &b, headerOf(HSA_PACKET_TYPE_BARRIER_AND));
  hsa_signal_t done = submit(fill, FillArgs{out, owners, 7, 0}, 1, 64);
  // The dispatch waits behind the barrier until its dependency is 0.
  CHECK_EQ(hsa.hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0,
                                         50000000ull, HSA_WAIT_STATE_BLOCKED),
           1);
  CHECK_EQ(out[5], 0u);
  CHECK_EQ(hsa.hsa_signal_load_scacquire(barrierDone), 1);
  hsa.hsa_signal_store_screlease(dep, 0);
  CHECK(wait(done));
  CHECK_EQ(hsa.hsa_signal_load_scacquire(barrierDone), 0);
  CHECK_EQ(out[5], 12u);
  hsa.hsa_signal_destroy(dep);
  hsa.hsa_signal_destroy(barrierDone);

  // barrier-OR: one of its dependencies reaching 0 is enough.
  hsa_signal_t deps[2], orDone;
  for (hsa_signal_t &d : deps)
    CHECK_EQ(hsa.hsa_signal_create(1, 0, nullptr, &d), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_signal_create(1, 0, nullptr, &orDone), HSA_STATUS_SUCCESS);
  hsa_barrier_or_packet_t o{};
  o.dep_signal[1] = deps[0];
  o.dep_signal[3] = deps[1];
  o.completion_signal = orDone;
  publish(queue, &o, headerOf(HSA_PACKET_TYPE_BARRIER_OR));
  CHECK_EQ(hsa.hsa_signal_wait_scacquire(orDone, HSA_SIGNAL_CONDITION_EQ, 0,
                                         30000000ull, HSA_WAIT_STATE_BLOCKED),
           1);
  hsa.hsa_signal_store_screlease(deps[1], 0);
  CHECK_EQ(hsa.hsa_signal_wait_scacquire(orDone, HSA_SIGNAL_CONDITION_EQ, 0,
                                         20000000000ull,
                                         HSA_WAIT_STATE_BLOCKED),
           0);
  for (hsa_signal_t d : deps)
    hsa.hsa_signal_destroy(d);
  hsa.hsa_signal_destroy(orDone);
}

void testExchange() {
  const uint32_t n = 256;
  ExchangeArgs args{alloc<uint32_t>(n), alloc<uint32_t>(1), alloc<uint32_t>(3),
                    alloc<uint32_t>(n), alloc<uint32_t>(1)};
  CHECK(wait(submit(kernel("exchange"), args, 1, n)));
  bool neighbours = true, local = true;
  for (uint32_t t = 0; t < n; ++t) {
    neighbours &= args.neighbour[t] == ((t + 1) % n) * 7;
    local &= args.localOk[t] == 1;
  }
  CHECK(neighbours);
  CHECK(local);
  CHECK_EQ(args.sum[0], 3 * n * (n - 1) / 2);
  CHECK_EQ(args.red[0], (n + 2) / 3); // tid % 3 == 0 for 0, 3, ..., 255
  CHECK_EQ(args.red[1], 0u);
  CHECK_EQ(args.red[2], 1u);
  CHECK_EQ(args.yieldOk[0], 1u);
}

void testDimensions() {
  // Every thread reports its context: 3-D blocks in a 3-D grid.
  const Dim3 blocks{2, 3, 2}, threads{8, 4, 3};
  const uint32_t perBlock = 8 * 4 * 3, n = 2 * 3 * 2 * perBlock;
  uint32_t *out = alloc<uint32_t>(n * 16);
  CHECK(wait(submitOn(queue, kernel("dims"), DimsArgs{out}, blocks, threads)));
  bool ok = true;
  for (uint32_t b = 0; b < 12; ++b) {
    uint32_t c[3] = {b % 2, b / 2 % 3, b / 6};
    for (uint32_t t = 0; t < perBlock; ++t) {
      const uint32_t *o = out + (b * perBlock + t) * 16;
      uint32_t expect[16] = {t % 8,        t / 8 % 4, t / 32, 8, 4, 3,
                             c[0],         c[1],      c[2],   2, 3, 2,
                             t % waveSize, waveSize,  96 * 4, 1};
      for (int i = 0; i < 16; ++i)
        if (o[i] != expect[i]) {
          if (ok)
            std::fprintf(stderr,
                         "dims: block %u thread %u field %d = %u, "
                         "expected %u\n",
                         b, t, i, o[i], expect[i]);
          ok = false;
        }
    }
  }
  CHECK(ok);
}

void testTwoQueues() {
  // Dispatches on two queues run at the same time.
  hsa_queue_t *second = nullptr;
  CHECK_EQ(hsa.hsa_queue_create(agent, 64, HSA_QUEUE_TYPE_MULTI, nullptr,
                                nullptr, UINT32_MAX, UINT32_MAX, &second),
           HSA_STATUS_SUCCESS);
  CHECK(second && second->id != queue->id);
  Kernel fill = kernel("fill");
  uint32_t *a = alloc<uint32_t>(64), *b = alloc<uint32_t>(64);
  uint64_t *owners = alloc<uint64_t>(4);
  auto start = std::chrono::steady_clock::now();
  hsa_signal_t da = submitOn(queue, fill, FillArgs{a, owners, 5, 200000},
                             {1, 1, 1}, {64, 1, 1});
  hsa_signal_t db = submitOn(second, fill, FillArgs{b, owners + 2, 9, 200000},
                             {1, 1, 1}, {64, 1, 1});
  CHECK(wait(da));
  CHECK(wait(db));
  auto took = std::chrono::steady_clock::now() - start;
  // Each sleeps 200 ms in its block; in sequence they would take 400.
  CHECK(took < std::chrono::milliseconds(390));
  CHECK(a[63] == 5 + 63 && b[63] == 9 + 63);
  CHECK(owners[0] != owners[2]);
  CHECK_EQ(hsa.hsa_queue_destroy(second), HSA_STATUS_SUCCESS);
}

void testBigBlock() {
  // 1024 threads: the largest block, and the exchange's full group segment.
  const uint32_t n = 1024;
  ExchangeArgs args{alloc<uint32_t>(n), alloc<uint32_t>(1), alloc<uint32_t>(3),
                    alloc<uint32_t>(n), alloc<uint32_t>(1)};
  CHECK(wait(submit(kernel("exchange"), args, 2, n)));
  CHECK_EQ(args.sum[0], 3 * n * (n - 1) / 2);
  CHECK_EQ(args.neighbour[n - 1], 0u);
  CHECK_EQ(args.neighbour[100], 101u * 7);
  CHECK_EQ(args.red[0], (n + 2) / 3);
}

void testWaveOps() {
  // 96 threads: three wave32s, or one and a half wave64s.
  const uint32_t n = 96;
  uint64_t *out = alloc<uint64_t>(n * 8);
  CHECK(wait(submit(kernel("waveops"), WaveArgs{out}, 1, n)));
  bool ok = true;
  for (uint32_t t = 0; t < n; ++t) {
    uint32_t lane = t % waveSize, first = t - lane;
    uint32_t live = std::min(waveSize, n - first);
    uint64_t groupA = 0, groupB = 0, oddA = 0;
    for (uint32_t l = 0; l < live; ++l) {
      (l % 3 == 0 ? groupA : groupB) |= 1ull << l;
      if (l % 3 == 0 && (l & 1))
        oddA |= 1ull << l;
    }
    const uint64_t *o = out + t * 8;
    bool inA = lane % 3 == 0;
    uint64_t expect[8];
    expect[0] = inA ? oddA : groupB;
    expect[1] = inA ? groupA : groupB;
    expect[2] = inA ? 30 : 0; // lane 3 is in group A only
    expect[3] = inA ? 100 : 101;
    // The last loop iteration of a lane ran with the lanes that loop at
    // least as long.
    uint64_t loop = 0;
    for (uint32_t l = 0; l < live; ++l)
      if (l % 4 >= lane % 4)
        loop |= 1ull << l;
    expect[4] = loop;
    expect[5] = live == 64 ? ~0ull : (1ull << live) - 1;
    uint32_t src = (lane + 33) % waveSize;
    expect[6] = src < live ? src + 1000 : 0;
    expect[7] = waveSize;
    for (int i = 0; i < 8; ++i) {
      if (o[i] != expect[i]) {
        if (ok)
          std::fprintf(stderr,
                       "waveops: thread %u out[%d] = 0x%llx, "
                       "expected 0x%llx\n",
                       t, i, (unsigned long long)o[i],
                       (unsigned long long)expect[i]);
        ok = false;
      }
    }
  }
  CHECK(ok);
}

void testIndependentThreadScheduling() {
  hsa_status_t status;
  const uint32_t n = 64;
  uint64_t *out = alloc<uint64_t>(n);
  int before = events.count;
  CHECK(wait(submit(kernel("its"), ItsArgs{out, 0}, 1, n)));
  std::string msg = takeError(status);
  CHECK_EQ(status, HSA_STATUS_ERROR_EXCEPTION);
  CHECK_CONTAINS(msg, "its.ptx:12:3: relies on independent thread scheduling");
  CHECK_CONTAINS(msg, "kernel 'its'");
  CHECK_EQ(events.count.load(), before + 1);
  CHECK_EQ(events.lastStatus.load(), int(HSA_STATUS_ERROR_EXCEPTION));
  // With each side's own membermask the same code is fine.
  CHECK(wait(submit(kernel("its"), ItsArgs{out, 1}, 1, n)));
  CHECK_EQ(takeError(status), std::string());
  CHECK_EQ(status, HSA_STATUS_SUCCESS);
  uint64_t low = waveSize == 64 ? 0x0000ffff0000ffffull : 0xffffull;
  CHECK_EQ(out[0], low);
  CHECK_EQ(out[16], low << 16);
}

void testTrap() {
  hsa_status_t status;
  CHECK(wait(submit(kernel("trap"), TrapArgs{1, 5}, 4, 64)));
  std::string msg = takeError(status);
  CHECK_EQ(status, HSA_STATUS_ERROR_EXCEPTION);
  CHECK_EQ(msg, std::string("trap.ptx:7:5: trap (kernel 'trap', block "
                            "(1,0,0), thread (5,0,0))"));
  CHECK_EQ(events.lastStatus.load(), int(HSA_STATUS_ERROR_EXCEPTION));
  // The queue goes on.
  CHECK(wait(submit(kernel("trap"), TrapArgs{99, 0}, 2, 64)));
  CHECK_EQ(takeError(status), std::string());
}

void testBarrierExit() {
  hsa_status_t status;
  const uint32_t n = 64;
  uint32_t *out = alloc<uint32_t>(n);
  // Exited threads count as arrived at a whole-block barrier.
  CHECK(wait(
      submit(kernel("barrier_exit"), BarrierExitArgs{out, 32, 0, 0}, 1, n)));
  CHECK_EQ(takeError(status), std::string());
  CHECK(out[31] == 0 && out[32] == 1 && out[63] == 1);
  // bar.sync 1, 64 with half the block gone never completes.
  CHECK(wait(
      submit(kernel("barrier_exit"), BarrierExitArgs{out, 32, 64, 0}, 1, n)));
  std::string msg = takeError(status);
  CHECK_EQ(status, HSA_STATUS_ERROR_EXCEPTION);
  CHECK_CONTAINS(msg, "deadlock");
  CHECK_CONTAINS(msg, "kernel 'barrier_exit'");
  CHECK_CONTAINS(msg, "barrier 1 (bar.ptx:20:3), 32 of 64 arrived");
  // A count the block can reach with arrivals only.
  std::memset(out, 0, n * sizeof(uint32_t));
  CHECK(wait(
      submit(kernel("barrier_exit"), BarrierExitArgs{out, 32, 32, 0}, 1, n)));
  CHECK_EQ(takeError(status), std::string());
  CHECK_EQ(out[40], 1u);
  // A warp counts 32 at a counted barrier once its live threads are there:
  // warp 0 with 16 exited threads and warp 1 make 64.
  std::memset(out, 0, n * sizeof(uint32_t));
  CHECK(wait(
      submit(kernel("barrier_exit"), BarrierExitArgs{out, 16, 64, 0}, 1, n)));
  CHECK_EQ(takeError(status), std::string());
  CHECK(out[15] == 0 && out[16] == 1 && out[63] == 1);
  // Half of each warp at barrier 1, half at barrier 2: no warp arrives.
  CHECK(wait(
      submit(kernel("barrier_exit"), BarrierExitArgs{out, 0, 64, 1}, 1, n)));
  msg = takeError(status);
  CHECK_EQ(status, HSA_STATUS_ERROR_EXCEPTION);
  CHECK_CONTAINS(msg, "32 thread(s) wait at barrier 1 (bar.ptx:20:3), 0 of "
                      "64 arrived (0 warp(s) of 32); warp 0: 16 of 32 live "
                      "thread(s) at barrier 1; warp 1: 16 of 32");
}

void testManyBlocks() {
  Kernel fill = kernel("fill");
  const uint32_t blocks = 48, threads = 32, n = blocks * threads;
  uint32_t *out = alloc<uint32_t>(n);
  uint64_t *owners = alloc<uint64_t>(blocks);
  CHECK(wait(submit(fill, FillArgs{out, owners, 1, 2000}, blocks, threads)));
  bool all = true;
  for (uint32_t i = 0; i < n; ++i)
    all &= out[i] == 1 + i;
  CHECK(all);
  std::set<uint64_t> workers(owners, owners + blocks);
  CHECK(workers.count(0) == 0);
  // PTXMLIR_HOST_THREADS=4 in the test: several workers took blocks.
  CHECK(workers.size() >= 2);
}

void testMxcsr() {
  const uint32_t n = 64;
  for (int round = 0; round < 2; ++round) {
    uint32_t *out = alloc<uint32_t>(n);
    CHECK(wait(submit(kernel("mxcsr"), MxcsrArgs{out}, 2, n)));
    bool all = true;
    for (uint32_t t = 0; t < n; ++t)
      all &= out[t] == 0x1F80;
    CHECK(all);
  }
}

void testStackOverflow() {
  hsa_status_t status;
  uint32_t *out = alloc<uint32_t>(32);
  CHECK(wait(submit(kernel("overflow"), OverflowArgs{10, out}, 1, 32)));
  CHECK_EQ(takeError(status), std::string());
  CHECK_EQ(out[3], 55u);
  for (int round = 0; round < 2; ++round) {
    CHECK(wait(submit(kernel("overflow"), OverflowArgs{1000, out}, 1, 32)));
    std::string msg = takeError(status);
    CHECK_EQ(status, hsa_status_t(HSA_STATUS_ERROR_MEMORY_FAULT));
    CHECK_CONTAINS(msg, "stack overflow");
    CHECK_CONTAINS(msg, "kernel 'overflow'");
  }
  hsahost::setStackLimit(8 << 20);
  CHECK(wait(submit(kernel("overflow"), OverflowArgs{1000, out}, 1, 32)));
  CHECK_EQ(takeError(status), std::string());
  hsahost::setStackLimit(0);
}

void testFaults() {
  hsa_status_t status;
  uint32_t *out = alloc<uint32_t>(32);
  CHECK(wait(submit(kernel("fault"), FaultArgs{0, 0, out}, 1, 32)));
  std::string msg = takeError(status);
  CHECK_EQ(status, hsa_status_t(HSA_STATUS_ERROR_MEMORY_FAULT));
  CHECK_CONTAINS(msg, "illegal address 0x10 (kernel 'fault', block (0,0,0), "
                      "thread (3,0,0))");
  CHECK_EQ(events.lastStatus.load(), int(HSA_STATUS_ERROR_MEMORY_FAULT));
  CHECK(wait(submit(kernel("fault"), FaultArgs{1, 0, out}, 1, 32)));
  msg = takeError(status);
  CHECK_EQ(status, HSA_STATUS_ERROR_EXCEPTION);
  CHECK_CONTAINS(msg, "arithmetic exception");
  CHECK(wait(submit(kernel("fault"), FaultArgs{2, 0, out}, 1, 32)));
  msg = takeError(status);
  CHECK_EQ(status, hsa_status_t(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION));
  CHECK_CONTAINS(msg, "illegal instruction");
  // Each signal was unblocked again: the same faults are caught twice, and
  // a clean run still works.
  CHECK(wait(submit(kernel("fault"), FaultArgs{0, 0, out}, 1, 32)));
  CHECK_EQ(takeError(status).empty(), false);
  CHECK(wait(submit(kernel("fault"), FaultArgs{1, 0, out}, 1, 32)));
  CHECK_EQ(takeError(status).empty(), false);
  CHECK(wait(submit(kernel("fault"), FaultArgs{1, 5, out}, 1, 32)));
  CHECK_EQ(takeError(status), std::string());
  CHECK_EQ(out[3], 1u);
}

void testConversions() {
  struct Case {
    double in;
    uint16_t halfD, halfF, bf16D, bf16F;
  };
  const double tiny = std::ldexp(1.0, -24);
  const Case cases[] = {
      {1.0, 0x3C00, 0x3C00, 0x3F80, 0x3F80},
      {-2.5, 0xC100, 0xC100, 0xC020, 0xC020},
      {65504.0, 0x7BFF, 0x7BFF, 0x4780, 0x4780},
      {65520.0, 0x7C00, 0x7C00, 0x4780, 0x4780},
      {tiny, 0x0001, 0x0001, 0x3380, 0x3380},
      {tiny / 2, 0x0000, 0x0000, 0x3300, 0x3300},
      {tiny * 0.75, 0x0001, 0x0001, 0x3340, 0x3340},
      // 1 + 2^-11 + 2^-40: a half tie only after rounding to float first.
      {1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40), 0x3C01, 0x3C00,
       0x3F80, 0x3F80},
      // 1 + 2^-8 + 2^-30: the same for bfloat16.
      {1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -30), 0x3C04, 0x3C04, 0x3F81,
       0x3F80},
      {1e300, 0x7C00, 0x7C00, 0x7F80, 0x7F80},
      // bfloat16 subnormals (float's exponent range, 7 fraction bits).
      {0x1.f95f8p-131, 0x0000, 0x0000, 0x0008, 0x0008},
      {-0x1.af9bc44ab17d9p-131, 0x8000, 0x8000, 0x8007, 0x8007},
      {-0.0, 0x8000, 0x8000, 0x8000, 0x8000},
  };
  const uint32_t count = sizeof(cases) / sizeof(cases[0]);
  double *in = alloc<double>(count);
  for (uint32_t i = 0; i < count; ++i)
    in[i] = cases[i].in;
  ConvertArgs args{in,
                   count,
                   alloc<uint16_t>(count),
                   alloc<uint16_t>(count),
                   alloc<uint16_t>(count),
                   alloc<uint16_t>(count),
                   alloc<float>(count)};
  CHECK(wait(submit(kernel("convert"), args, 1, 32)));
  for (uint32_t i = 0; i < count; ++i) {
    CHECK_EQ(args.halfFromDouble[i], cases[i].halfD);
    CHECK_EQ(args.halfFromFloat[i], cases[i].halfF);
    CHECK_EQ(args.bf16FromDouble[i], cases[i].bf16D);
    CHECK_EQ(args.bf16FromFloat[i], cases[i].bf16F);
  }
  CHECK_EQ(args.floatFromHalf[0], 1.0f);
  CHECK_EQ(args.floatFromHalf[4], float(tiny));
  CHECK(std::isinf(args.floatFromHalf[3]));
}

void testWatchdog() {
  hsa_status_t status;
  uint32_t *flag = alloc<uint32_t>(1);
  setenv("PTXMLIR_HOST_WATCHDOG_MS", "200", 1);
  CHECK(wait(submit(kernel("spin"), SpinArgs{flag}, 1, 32)));
  unsetenv("PTXMLIR_HOST_WATCHDOG_MS");
  std::string msg = takeError(status);
  CHECK_EQ(status, HSA_STATUS_ERROR_EXCEPTION);
  CHECK_CONTAINS(msg, "watchdog");
  // A spin that the host ends.
  hsa_signal_t done = submit(kernel("spin"), SpinArgs{flag}, 1, 32);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  __atomic_store_n(flag, 1u, __ATOMIC_RELEASE);
  CHECK(wait(done));
  CHECK_EQ(takeError(status), std::string());
}

void testBadPackets() {
  hsa_status_t status;
  uint64_t unused = 0;
  Kernel fill = kernel("fill");
  uint64_t garbage = 0x1234;
  CHECK(wait(submit(fill, unused, 1, 32, 0, garbage)));
  std::string msg = takeError(status);
  CHECK_EQ(status, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
  CHECK_CONTAINS(msg, "kernel_object");
  CHECK_EQ(events.lastStatus.load(),
           int(HSA_STATUS_ERROR_INVALID_PACKET_FORMAT));
  // More group memory than the agent has.
  CHECK(wait(submit(fill, unused, 1, 32, 70000)));
  msg = takeError(status);
  CHECK_CONTAINS(msg, "exceeds 64 KiB");
}

void testShutDown() {
  CHECK_EQ(hsa.hsa_queue_destroy(queue), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_destroy(exec), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_executable_destroy(exec),
           HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  CHECK_EQ(hsa.hsa_shut_down(), HSA_STATUS_SUCCESS);
  CHECK_EQ(hsa.hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED);
  hsa_signal_t s;
  CHECK_EQ(hsa.hsa_signal_create(0, 0, nullptr, &s),
           HSA_STATUS_ERROR_NOT_INITIALIZED);

  // The chip is read again by the next first hsa_init; an unknown one
  // fails it.
  std::string saved = chip;
  setenv("PTXMLIR_HOST_CHIP", "gfx4242", 1);
  CHECK_EQ(hsa.hsa_init(), HSA_STATUS_ERROR);
  CHECK_EQ(hsa.hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED);
  setenv("PTXMLIR_HOST_CHIP", saved == "gfx90a" ? "gfx1030" : "gfx90a", 1);
  CHECK_EQ(hsa.hsa_init(), HSA_STATUS_SUCCESS);
  uint32_t wave = 0;
  CHECK_EQ(hsa.hsa_agent_get_info(agent, HSA_AGENT_INFO_WAVEFRONT_SIZE, &wave),
           HSA_STATUS_SUCCESS);
  CHECK_EQ(wave, saved == "gfx90a" ? 32u : 64u);
  CHECK_EQ(hsa.hsa_shut_down(), HSA_STATUS_SUCCESS);
  setenv("PTXMLIR_HOST_CHIP", saved.c_str(), 1);
}

} // namespace

int main() {
  const char *env = std::getenv("PTXMLIR_HOST_CHIP");
  chip = env && *env ? env : "gfx1100";
  hsahost::fillHsaTable(hsa);
  bool complete = true;
#define PTXMLIR_CHECK_FILLED(name) complete &= hsa.name != nullptr;
  PTXMLIR_HSA_FUNCTIONS(PTXMLIR_CHECK_FILLED)
#undef PTXMLIR_CHECK_FILLED
  runCase("table", [&] { CHECK(complete); });
  std::printf("chip %s\n", chip.c_str());
  runCase("before init", testBeforeInit);
  runCase("init refcount", testInitRefcount);
  runCase("agent", testAgent);
  std::printf("wave size %u\n", waveSize);
  runCase("regions and memory", testRegionsAndMemory);
  runCase("signals", testSignals);
  runCase("queue creation", testQueueCreation);
  runCase("code object reader", testCodeObjectReader);
  runCase("load errors", testLoadErrors);
  runCase("load", testLoad);
  runCase("global variable", testGlobalVariable);
  runCase("in order", testInOrder);
  runCase("barrier packets", testBarrierAnd);
  runCase("exchange", testExchange);
  runCase("dimensions", testDimensions);
  runCase("two queues", testTwoQueues);
  runCase("big block", testBigBlock);
  runCase("wave ops", testWaveOps);
  runCase("independent thread scheduling", testIndependentThreadScheduling);
  runCase("trap", testTrap);
  runCase("barrier exit", testBarrierExit);
  runCase("many blocks", testManyBlocks);
  runCase("mxcsr", testMxcsr);
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PTXMLIR_TEST_ASAN 1
#endif
#endif
#ifdef PTXMLIR_TEST_ASAN
  // ASan owns SIGSEGV and aborts on the overflow itself.
  std::printf("ok: stack overflow (not checked under ASan)\n");
  std::printf("ok: faults (not checked under ASan)\n");
#else
  runCase("stack overflow", testStackOverflow);
  runCase("faults", testFaults);
#endif
  runCase("conversions", testConversions);
  runCase("watchdog", testWatchdog);
  runCase("bad packets", testBadPackets);
  runCase("shut down", testShutDown);
  std::printf("%d failure(s)\n", failures);
  return failures ? 1 : 0;
}
