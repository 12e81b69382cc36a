//===- Hsa.cpp - the device layer: HSA agents through one table -----------===//

#include "Hsa.h"
#include "Log.h"

#include "ptxmlir/Target/AMDGPU/Chip.h"
#include "ptxmlir/Target/Host/HostABI.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SHA256.h"
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <thread>

#ifdef PTXMLIR_HAVE_HSA_HOST
#include "hsa-host/HostAgent.h"
#endif

namespace ptxmlir::cuda {

namespace {
// AMD extensions to hsa_agent_info_t (hsa_ext_amd.h); ROCr answers them
// through the core hsa_agent_get_info, other agents may refuse them.
constexpr int kAmdComputeUnitCount = 0xA002;
constexpr int kAmdMaxClockFrequency = 0xA003;

bool loadRocr(runtime::HsaTable &t, std::string &path) {
  for (const char *candidate :
       {"/opt/rocm/lib/libhsa-runtime64.so.1", "libhsa-runtime64.so.1"}) {
    void *lib = ::dlopen(candidate, RTLD_NOW | RTLD_LOCAL);
    if (!lib)
      continue;
    bool complete = true;
#define PTXMLIR_HSA_LOAD(name)                                                 \
  t.name = reinterpret_cast<decltype(t.name)>(::dlsym(lib, #name));            \
  if (!t.name) {                                                               \
    logf("%s lacks %s", candidate, #name);                                     \
    complete = false;                                                          \
  }
    PTXMLIR_HSA_FUNCTIONS(PTXMLIR_HSA_LOAD)
#undef PTXMLIR_HSA_LOAD
    if (complete) {
      path = candidate;
      return true;
    }
    t = runtime::HsaTable();
  }
  return false;
}

struct RegionSearch {
  const runtime::HsaTable *t;
  Agent *agent;
  bool fromCpu;
  hsa_region_t anyGlobal{}; ///< device memory when nothing better exists
};

hsa_status_t visitRegion(hsa_region_t region, void *data) {
  auto *s = static_cast<RegionSearch *>(data);
  const runtime::HsaTable &t = *s->t;
  hsa_region_segment_t segment;
  uint32_t flags = 0;
  bool allocAllowed = false;
  if (t.hsa_region_get_info(region, HSA_REGION_INFO_SEGMENT, &segment) !=
          HSA_STATUS_SUCCESS ||
      segment != HSA_REGION_SEGMENT_GLOBAL)
    return HSA_STATUS_SUCCESS;
  t.hsa_region_get_info(region, HSA_REGION_INFO_GLOBAL_FLAGS, &flags);
  t.hsa_region_get_info(region, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED,
                        &allocAllowed);
  if (!allocAllowed)
    return HSA_STATUS_SUCCESS;
  Agent &a = *s->agent;
  if (s->fromCpu) {
    if (!a.hostRegion.handle && (flags & HSA_REGION_GLOBAL_FLAG_FINE_GRAINED))
      a.hostRegion = region;
    if (!a.kernargRegion.handle && (flags & HSA_REGION_GLOBAL_FLAG_KERNARG))
      a.kernargRegion = region;
    return HSA_STATUS_SUCCESS;
  }
  if ((flags & HSA_REGION_GLOBAL_FLAG_KERNARG) && !a.kernargRegion.handle)
    a.kernargRegion = region;
  // Device memory: coarse-grained (VRAM) first; a fine-grained region only
  // when there is nothing else (the CPU agent's memory is all one kind).
  if (flags & HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED)
    a.deviceRegion = region;
  else if (!a.deviceRegion.handle && !(flags & HSA_REGION_GLOBAL_FLAG_KERNARG))
    a.deviceRegion = region;
  if (!s->anyGlobal.handle)
    s->anyGlobal = region;
  if ((flags & HSA_REGION_GLOBAL_FLAG_FINE_GRAINED) && !a.hostRegion.handle)
    a.hostRegion = region;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t firstIsa(hsa_isa_t isa, void *data) {
  *static_cast<hsa_isa_t *>(data) = isa;
  return HSA_STATUS_INFO_BREAK;
}

struct AgentSearch {
  HsaRuntime *rt;
  std::vector<hsa_agent_t> cpus;
};

hsa_status_t visitAgent(hsa_agent_t agent, void *data) {
  auto *s = static_cast<AgentSearch *>(data);
  const runtime::HsaTable &t = s->rt->table;
  hsa_device_type_t type;
  if (t.hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) !=
      HSA_STATUS_SUCCESS)
    return HSA_STATUS_SUCCESS;
  Agent a;
  a.agent = agent;
  char name[64] = {};
  t.hsa_agent_get_info(agent, HSA_AGENT_INFO_NAME, name);
  a.name = name;
  hsa_isa_t isa{};
  if (t.hsa_agent_iterate_isas(agent, firstIsa, &isa) == HSA_STATUS_SUCCESS ||
      isa.handle) {
    uint32_t len = 0;
    if (isa.handle &&
        t.hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH, &len) ==
            HSA_STATUS_SUCCESS &&
        len < 256) {
      char buf[256] = {};
      t.hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, buf);
      a.isaName = buf;
    }
  }
  a.chip = chipForIsa(a.isaName);
  a.host = llvm::StringRef(a.isaName).starts_with(PTXMLIR_HOST_ISA_PREFIX);
  if (type == HSA_DEVICE_TYPE_CPU && !a.host) {
    s->cpus.push_back(agent);
    return HSA_STATUS_SUCCESS;
  }
  if (type != HSA_DEVICE_TYPE_GPU && !a.host)
    return HSA_STATUS_SUCCESS;
  if (a.chip.empty()) {
    logf("agent %s: ISA '%s' is not one we compile for, skipped", name,
         a.isaName.c_str());
    return HSA_STATUS_SUCCESS;
  }
  t.hsa_agent_get_info(agent, HSA_AGENT_INFO_PROFILE, &a.profile);
  t.hsa_agent_get_info(agent, HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE,
                       &a.rounding);
  t.hsa_agent_get_info(agent, HSA_AGENT_INFO_WAVEFRONT_SIZE, &a.wavefrontSize);
  t.hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &a.queueMaxSize);
  uint32_t caches[4] = {};
  if (t.hsa_agent_get_info(agent, HSA_AGENT_INFO_CACHE_SIZE, caches) ==
      HSA_STATUS_SUCCESS)
    a.l2CacheBytes = caches[1];
  uint32_t v = 0;
  if (t.hsa_agent_get_info(agent, hsa_agent_info_t(kAmdComputeUnitCount), &v) ==
          HSA_STATUS_SUCCESS &&
      v)
    a.computeUnits = v;
  else if (a.host)
    a.computeUnits = std::max(1u, std::thread::hardware_concurrency());
  v = 0;
  if (t.hsa_agent_get_info(agent, hsa_agent_info_t(kAmdMaxClockFrequency),
                           &v) == HSA_STATUS_SUCCESS &&
      v)
    a.clockMHz = v;
  // Where %clock64 counts a scaled constant clock, its rate is the one that
  // turns clock64() differences into time.
  if (unsigned mhz = mlir::ptx::amdgpu::getScaledClockMHz(a.chip))
    a.clockMHz = mhz;
  RegionSearch rs{&t, &a, false, {}};
  t.hsa_agent_iterate_regions(agent, visitRegion, &rs);
  if (!a.deviceRegion.handle)
    a.deviceRegion = rs.anyGlobal;
  if (a.deviceRegion.handle) {
    t.hsa_region_get_info(a.deviceRegion, HSA_REGION_INFO_SIZE, &a.memorySize);
    t.hsa_region_get_info(a.deviceRegion, HSA_REGION_INFO_ALLOC_MAX_SIZE,
                          &a.allocMax);
  }
  // A stable UUID: the same agent gives the same UUID in every process.
  auto digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef(llvm::StringRef(
      a.isaName + "/" + a.name + "/" + std::to_string(s->rt->agents.size()))));
  std::memcpy(a.uuid, digest.data(), 16);
  s->rt->agents.push_back(a);
  return HSA_STATUS_SUCCESS;
}

bool discoverAgents(HsaRuntime &out) {
  out.agents.clear();
  AgentSearch s{&out, {}};
  out.table.hsa_iterate_agents(visitAgent, &s);
  for (Agent &a : out.agents) {
    // ROCr keeps system memory (and often kernarg memory) on the CPU agent.
    for (hsa_agent_t cpu : s.cpus) {
      RegionSearch rs{&out.table, &a, true, {}};
      out.table.hsa_agent_iterate_regions(cpu, visitRegion, &rs);
    }
  }
  uint64_t freq = 0;
  if (out.table.hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY,
                                    &freq) == HSA_STATUS_SUCCESS &&
      freq)
    out.timestampFrequency = freq;
  // An agent without device or kernarg memory cannot run anything.
  std::vector<Agent> usable;
  for (Agent &a : out.agents) {
    if (a.deviceRegion.handle && a.kernargRegion.handle)
      usable.push_back(a);
    else
      logf("agent %s: no device or kernarg memory region, skipped",
           a.name.c_str());
  }
  out.agents = std::move(usable);
  return !out.agents.empty();
}

bool tryRocr(HsaRuntime &out, std::string &why) {
  std::string path;
  if (!loadRocr(out.table, path)) {
    why = "ROCr (libhsa-runtime64.so.1) not found";
    return false;
  }
  hsa_status_t st = out.table.hsa_init();
  if (st != HSA_STATUS_SUCCESS) {
    const char *msg = nullptr;
    out.table.hsa_status_string(st, &msg);
    why = "ROCr (" + path + "): hsa_init failed: " + (msg ? msg : "?");
    out.table = runtime::HsaTable();
    return false;
  }
  if (!discoverAgents(out)) {
    why = "ROCr (" + path + ") has no usable GPU agent";
    out.table.hsa_shut_down();
    out.table = runtime::HsaTable();
    return false;
  }
  out.source = "ROCr (" + path + ")";
  return true;
}

bool tryHost(HsaRuntime &out, std::string &why) {
#ifdef PTXMLIR_HAVE_HSA_HOST
  out.table = runtime::HsaTable();
  ptxmlir::hsahost::fillHsaTable(out.table);
  if (!out.table.hsa_init || out.table.hsa_init() != HSA_STATUS_SUCCESS) {
    why += "; the CPU agent failed to initialise";
    return false;
  }
  if (!discoverAgents(out)) {
    why += "; the CPU agent reports no usable agent";
    return false;
  }
  out.source = "CPU agent";
  return true;
#else
  why += "; this libcuda was built without the CPU agent";
  return false;
#endif
}
} // namespace

std::string chipForIsa(const std::string &isaName) {
  llvm::StringRef isa(isaName);
  if (isa.consume_front(PTXMLIR_HOST_ISA_PREFIX))
    return PTXMLIR_HOST_CHIP_PREFIX + isa.split(':').first.str();
  if (isa.consume_front("amdgcn-amd-amdhsa--"))
    return isa.split(':').first.str();
  return "";
}

bool initHsa(HsaRuntime &out, std::string &why) {
  const char *dev = std::getenv("PTXMLIR_DEVICE");
  bool hostOnly = dev && std::strcmp(dev, "host") == 0;
  if (hostOnly)
    why = "PTXMLIR_DEVICE=host";
  else if (tryRocr(out, why))
    return true;
  logf("%s: using the CPU agent", why.c_str());
  return tryHost(out, why);
}

} // namespace ptxmlir::cuda
