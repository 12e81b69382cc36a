//===- Agent.cpp - runtime lifetime, the agent, its ISA and regions -------===//
//
// One agent ("ptxmlir-host", a CPU device with kernel dispatch), one ISA
// and two regions (global, group). Handles are addresses of static objects,
// so a handle that is not one of them is invalid.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"
#include "Regions.h"

#include "ptxmlir/Target/AMDGPU/Chip.h"
#include "ptxmlir/Target/Host/HostABI.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace ptxmlir::hsahost {

namespace {

struct AgentObject {
  AgentConfig config;
};
struct IsaObject {
  int unused;
};

// Never destroyed: calls may come from the CUDA runtime's exit handlers.
AgentObject &theAgentObject() {
  static auto *a = new AgentObject;
  return *a;
}
IsaObject theIsa;
std::mutex initMutex;
unsigned initCount = 0;

hsa_isa_t isaHandle() { return {reinterpret_cast<uint64_t>(&theIsa)}; }

/// Writes a NUL-terminated name into a fixed-size HSA char array.
void copyName(void *value, const std::string &s, size_t size) {
  char *out = static_cast<char *>(value);
  std::memset(out, 0, size);
  std::memcpy(out, s.data(), std::min(s.size(), size - 1));
}

AgentConfig makeConfig() {
  AgentConfig c;
  const char *chip = std::getenv("PTXMLIR_HOST_CHIP");
  c.chip = chip && *chip ? chip : "gfx1100";
  c.isaName = PTXMLIR_HOST_ISA_PREFIX + c.chip;
  c.target = PTXMLIR_HOST_CHIP_PREFIX + c.chip;
  // The chip's wave size, from the compiler's one table of chips: 0 for a
  // chip it does not know.
  c.waveSize = mlir::ptx::amdgpu::getWaveSize(c.chip);
  c.hardwareThreads = std::max(1u, std::thread::hardware_concurrency());
  return c;
}

uint64_t nowNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1000000000ull + ts.tv_nsec;
}

} // namespace

bool isInitialized() {
  std::lock_guard<std::mutex> lock(initMutex);
  return initCount > 0;
}

const AgentConfig &agentConfig() { return theAgentObject().config; }
hsa_agent_t theAgent() {
  return {reinterpret_cast<uint64_t>(&theAgentObject())};
}
bool isOurAgent(hsa_agent_t agent) {
  return agent.handle == reinterpret_cast<uint64_t>(&theAgentObject());
}

hsa_status_t host_hsa_init() {
  std::lock_guard<std::mutex> lock(initMutex);
  if (initCount == UINT32_MAX)
    return HSA_STATUS_ERROR_REFCOUNT_OVERFLOW;
  // The configuration is read once per runtime instance, so the chip can
  // change only between a full shut-down and the next hsa_init.
  if (initCount == 0) {
    AgentConfig config = makeConfig();
    if (!config.waveSize) {
      // No code object could ever run: fail loudly rather than later.
      std::fprintf(stderr,
                   "ptxmlir: PTXMLIR_HOST_CHIP='%s' is not an AMD GPU "
                   "ptx-mlir knows (e.g. gfx1100, gfx942)\n",
                   config.chip.c_str());
      return HSA_STATUS_ERROR;
    }
    theAgentObject().config = std::move(config);
  }
  ++initCount;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_shut_down() {
  bool last;
  {
    std::lock_guard<std::mutex> lock(initMutex);
    if (initCount == 0)
      return HSA_STATUS_ERROR_NOT_INITIALIZED;
    last = --initCount == 0;
  }
  // Queue threads must not outlive the runtime instance that owns them.
  if (last)
    destroyAllQueues();
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_status_string(hsa_status_t status,
                                    const char **statusString) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!statusString)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const char *s = nullptr;
  switch (static_cast<int>(status)) {
#define CASE(code, text)                                                       \
  case code:                                                                   \
    s = text;                                                                  \
    break;
    CASE(HSA_STATUS_SUCCESS, "HSA_STATUS_SUCCESS: the function succeeded")
    CASE(HSA_STATUS_INFO_BREAK,
         "HSA_STATUS_INFO_BREAK: a callback stopped the iteration")
    CASE(HSA_STATUS_ERROR, "HSA_STATUS_ERROR: a generic error")
    CASE(HSA_STATUS_ERROR_INVALID_ARGUMENT,
         "HSA_STATUS_ERROR_INVALID_ARGUMENT: an argument is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_QUEUE_CREATION,
         "HSA_STATUS_ERROR_INVALID_QUEUE_CREATION: the queue type is not "
         "supported")
    CASE(HSA_STATUS_ERROR_INVALID_ALLOCATION,
         "HSA_STATUS_ERROR_INVALID_ALLOCATION: the allocation is not allowed")
    CASE(HSA_STATUS_ERROR_INVALID_AGENT,
         "HSA_STATUS_ERROR_INVALID_AGENT: the agent is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_REGION,
         "HSA_STATUS_ERROR_INVALID_REGION: the region is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_SIGNAL,
         "HSA_STATUS_ERROR_INVALID_SIGNAL: the signal is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_QUEUE,
         "HSA_STATUS_ERROR_INVALID_QUEUE: the queue is invalid")
    CASE(HSA_STATUS_ERROR_OUT_OF_RESOURCES,
         "HSA_STATUS_ERROR_OUT_OF_RESOURCES: out of resources")
    CASE(HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
         "HSA_STATUS_ERROR_INVALID_PACKET_FORMAT: an AQL packet is malformed")
    CASE(HSA_STATUS_ERROR_RESOURCE_FREE,
         "HSA_STATUS_ERROR_RESOURCE_FREE: a resource could not be freed")
    CASE(HSA_STATUS_ERROR_NOT_INITIALIZED,
         "HSA_STATUS_ERROR_NOT_INITIALIZED: the runtime is not initialized")
    CASE(HSA_STATUS_ERROR_REFCOUNT_OVERFLOW,
         "HSA_STATUS_ERROR_REFCOUNT_OVERFLOW: the runtime reference count "
         "overflowed")
    CASE(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS,
         "HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS: the arguments are "
         "incompatible (e.g. a code object for another target)")
    CASE(HSA_STATUS_ERROR_INVALID_INDEX,
         "HSA_STATUS_ERROR_INVALID_INDEX: the index is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_ISA,
         "HSA_STATUS_ERROR_INVALID_ISA: the ISA is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_ISA_NAME,
         "HSA_STATUS_ERROR_INVALID_ISA_NAME: the ISA name is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
         "HSA_STATUS_ERROR_INVALID_CODE_OBJECT: the code object is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_EXECUTABLE,
         "HSA_STATUS_ERROR_INVALID_EXECUTABLE: the executable is invalid")
    CASE(HSA_STATUS_ERROR_FROZEN_EXECUTABLE,
         "HSA_STATUS_ERROR_FROZEN_EXECUTABLE: the executable is frozen")
    CASE(HSA_STATUS_ERROR_INVALID_SYMBOL_NAME,
         "HSA_STATUS_ERROR_INVALID_SYMBOL_NAME: no symbol has this name")
    CASE(HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED,
         "HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED: the variable is already "
         "defined")
    CASE(HSA_STATUS_ERROR_VARIABLE_UNDEFINED,
         "HSA_STATUS_ERROR_VARIABLE_UNDEFINED: the variable is undefined")
    CASE(HSA_STATUS_ERROR_EXCEPTION,
         "HSA_STATUS_ERROR_EXCEPTION: a kernel raised an exception")
    CASE(HSA_STATUS_ERROR_INVALID_CODE_SYMBOL,
         "HSA_STATUS_ERROR_INVALID_CODE_SYMBOL: the code symbol is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL,
         "HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL: the executable symbol "
         "is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_FILE,
         "HSA_STATUS_ERROR_INVALID_FILE: the file descriptor is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER,
         "HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER: the code object "
         "reader is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_CACHE,
         "HSA_STATUS_ERROR_INVALID_CACHE: the cache is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_WAVEFRONT,
         "HSA_STATUS_ERROR_INVALID_WAVEFRONT: the wavefront is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP,
         "HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP: the signal group is invalid")
    CASE(HSA_STATUS_ERROR_INVALID_RUNTIME_STATE,
         "HSA_STATUS_ERROR_INVALID_RUNTIME_STATE: the runtime is in an "
         "invalid state")
    CASE(HSA_STATUS_ERROR_FATAL, "HSA_STATUS_ERROR_FATAL: a fatal error")
    // The AMD extension's kernel faults, which the agent also reports.
    CASE(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION,
         "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: a kernel accessed "
         "memory outside its apertures")
    CASE(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION,
         "HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION: a kernel executed an illegal "
         "instruction")
    CASE(HSA_STATUS_ERROR_MEMORY_FAULT,
         "HSA_STATUS_ERROR_MEMORY_FAULT: a kernel accessed an illegal address")
#undef CASE
  default:
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  *statusString = s;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_system_get_info(hsa_system_info_t attribute,
                                      void *value) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!value)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  switch (attribute) {
  case HSA_SYSTEM_INFO_VERSION_MAJOR:
    *static_cast<uint16_t *>(value) = 1;
    return HSA_STATUS_SUCCESS;
  case HSA_SYSTEM_INFO_VERSION_MINOR:
    *static_cast<uint16_t *>(value) = 1;
    return HSA_STATUS_SUCCESS;
  case HSA_SYSTEM_INFO_TIMESTAMP:
    *static_cast<uint64_t *>(value) = nowNs();
    return HSA_STATUS_SUCCESS;
  // Timestamps (and so signal wait timeouts) are in nanoseconds.
  case HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY:
    *static_cast<uint64_t *>(value) = 1000000000ull;
    return HSA_STATUS_SUCCESS;
  case HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT:
    *static_cast<uint64_t *>(value) = UINT64_MAX;
    return HSA_STATUS_SUCCESS;
  case HSA_SYSTEM_INFO_ENDIANNESS:
    *static_cast<hsa_endianness_t *>(value) = HSA_ENDIANNESS_LITTLE;
    return HSA_STATUS_SUCCESS;
  case HSA_SYSTEM_INFO_MACHINE_MODEL:
    *static_cast<hsa_machine_model_t *>(value) = HSA_MACHINE_MODEL_LARGE;
    return HSA_STATUS_SUCCESS;
  case HSA_SYSTEM_INFO_EXTENSIONS:
    std::memset(value, 0, 128);
    return HSA_STATUS_SUCCESS;
  default:
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}

hsa_status_t host_hsa_iterate_agents(hsa_status_t (*callback)(hsa_agent_t,
                                                              void *),
                                     void *data) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!callback)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // A callback's status other than SUCCESS (INFO_BREAK included) ends the
  // iteration and is returned.
  return callback(theAgent(), data);
}

hsa_status_t host_hsa_agent_get_info(hsa_agent_t agent,
                                     hsa_agent_info_t attribute, void *value) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!isOurAgent(agent))
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!value)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const AgentConfig &c = agentConfig();
  switch (static_cast<int>(attribute)) {
  case HSA_AGENT_INFO_NAME:
    copyName(value, "ptxmlir-host", 64);
    break;
  case HSA_AGENT_INFO_VENDOR_NAME:
    copyName(value, "ptx-mlir", 64);
    break;
  case HSA_AGENT_INFO_FEATURE:
    *static_cast<hsa_agent_feature_t *>(value) =
        HSA_AGENT_FEATURE_KERNEL_DISPATCH;
    break;
  case HSA_AGENT_INFO_MACHINE_MODEL:
    *static_cast<hsa_machine_model_t *>(value) = HSA_MACHINE_MODEL_LARGE;
    break;
  case HSA_AGENT_INFO_PROFILE:
    *static_cast<hsa_profile_t *>(value) = HSA_PROFILE_FULL;
    break;
  case HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE:
    *static_cast<hsa_default_float_rounding_mode_t *>(value) =
        HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
    break;
  case HSA_AGENT_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES:
    *static_cast<hsa_default_float_rounding_mode_t *>(value) =
        HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
    break;
  case HSA_AGENT_INFO_FAST_F16_OPERATION:
    *static_cast<bool *>(value) = false;
    break;
  case HSA_AGENT_INFO_WAVEFRONT_SIZE:
    *static_cast<uint32_t *>(value) = c.waveSize;
    break;
  case HSA_AGENT_INFO_WORKGROUP_MAX_DIM: {
    uint16_t *dims = static_cast<uint16_t *>(value);
    dims[0] = dims[1] = dims[2] = kWorkgroupMaxSize;
    break;
  }
  case HSA_AGENT_INFO_WORKGROUP_MAX_SIZE:
    *static_cast<uint32_t *>(value) = kWorkgroupMaxSize;
    break;
  case HSA_AGENT_INFO_GRID_MAX_DIM:
    *static_cast<hsa_dim3_t *>(value) = {UINT32_MAX, UINT32_MAX, UINT32_MAX};
    break;
  case HSA_AGENT_INFO_GRID_MAX_SIZE:
    *static_cast<uint32_t *>(value) = UINT32_MAX;
    break;
  case HSA_AGENT_INFO_FBARRIER_MAX_SIZE:
    *static_cast<uint32_t *>(value) = 32;
    break;
  case HSA_AGENT_INFO_QUEUES_MAX:
    *static_cast<uint32_t *>(value) = kQueuesMax;
    break;
  case HSA_AGENT_INFO_QUEUE_MIN_SIZE:
    *static_cast<uint32_t *>(value) = kQueueMinSize;
    break;
  case HSA_AGENT_INFO_QUEUE_MAX_SIZE:
    *static_cast<uint32_t *>(value) = kQueueMaxSize;
    break;
  case HSA_AGENT_INFO_QUEUE_TYPE:
    *static_cast<hsa_queue_type32_t *>(value) = HSA_QUEUE_TYPE_MULTI;
    break;
  case HSA_AGENT_INFO_NODE:
    *static_cast<uint32_t *>(value) = 0;
    break;
  case HSA_AGENT_INFO_DEVICE:
    *static_cast<hsa_device_type_t *>(value) = HSA_DEVICE_TYPE_CPU;
    break;
  case HSA_AGENT_INFO_CACHE_SIZE: {
    // The host's data caches, L1 to L3 (0 where the C library cannot say).
    uint32_t *sizes = static_cast<uint32_t *>(value);
    const int names[4] = {_SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE,
                          _SC_LEVEL3_CACHE_SIZE, _SC_LEVEL4_CACHE_SIZE};
    for (int i = 0; i < 4; ++i) {
      long size = sysconf(names[i]);
      sizes[i] = size > 0 && size <= long(UINT32_MAX) ? uint32_t(size) : 0;
    }
    break;
  }
  case HSA_AGENT_INFO_ISA:
    *static_cast<hsa_isa_t *>(value) = isaHandle();
    break;
  case HSA_AGENT_INFO_EXTENSIONS:
    std::memset(value, 0, 128);
    break;
  case HSA_AGENT_INFO_VERSION_MAJOR:
  case HSA_AGENT_INFO_VERSION_MINOR:
    *static_cast<uint16_t *>(value) = 1;
    break;
  case HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT:
    *static_cast<uint32_t *>(value) = c.hardwareThreads;
    break;
  default:
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_agent_iterate_isas(hsa_agent_t agent,
                                         hsa_status_t (*callback)(hsa_isa_t,
                                                                  void *),
                                         void *data) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!isOurAgent(agent))
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!callback)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  return callback(isaHandle(), data);
}

hsa_status_t host_hsa_isa_get_info_alt(hsa_isa_t isa, hsa_isa_info_t attribute,
                                       void *value) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (isa.handle != isaHandle().handle)
    return HSA_STATUS_ERROR_INVALID_ISA;
  if (!value)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const AgentConfig &c = agentConfig();
  switch (attribute) {
  // The specification's NAME_LENGTH excludes the NUL terminator (ROCr's
  // includes it); NAME writes the terminator too.
  case HSA_ISA_INFO_NAME_LENGTH:
    *static_cast<uint32_t *>(value) = c.isaName.size();
    break;
  case HSA_ISA_INFO_NAME:
    std::memcpy(value, c.isaName.c_str(), c.isaName.size() + 1);
    break;
  case HSA_ISA_INFO_MACHINE_MODELS: {
    bool *models = static_cast<bool *>(value);
    models[HSA_MACHINE_MODEL_SMALL] = false;
    models[HSA_MACHINE_MODEL_LARGE] = true;
    break;
  }
  case HSA_ISA_INFO_PROFILES: {
    bool *profiles = static_cast<bool *>(value);
    profiles[HSA_PROFILE_BASE] = false;
    profiles[HSA_PROFILE_FULL] = true;
    break;
  }
  case HSA_ISA_INFO_DEFAULT_FLOAT_ROUNDING_MODES:
  case HSA_ISA_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES: {
    bool *modes = static_cast<bool *>(value);
    modes[HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT] = false;
    modes[HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO] = false;
    modes[HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR] = true;
    break;
  }
  case HSA_ISA_INFO_FAST_F16_OPERATION:
    *static_cast<bool *>(value) = false;
    break;
  case HSA_ISA_INFO_WORKGROUP_MAX_DIM: {
    uint16_t *dims = static_cast<uint16_t *>(value);
    dims[0] = dims[1] = dims[2] = kWorkgroupMaxSize;
    break;
  }
  case HSA_ISA_INFO_WORKGROUP_MAX_SIZE:
    *static_cast<uint32_t *>(value) = kWorkgroupMaxSize;
    break;
  case HSA_ISA_INFO_GRID_MAX_DIM:
    *static_cast<hsa_dim3_t *>(value) = {UINT32_MAX, UINT32_MAX, UINT32_MAX};
    break;
  case HSA_ISA_INFO_GRID_MAX_SIZE:
    *static_cast<uint64_t *>(value) = UINT32_MAX;
    break;
  case HSA_ISA_INFO_FBARRIER_MAX_SIZE:
    *static_cast<uint32_t *>(value) = 32;
    break;
  default:
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
host_hsa_agent_iterate_regions(hsa_agent_t agent,
                               hsa_status_t (*callback)(hsa_region_t, void *),
                               void *data) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!isOurAgent(agent))
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!callback)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (hsa_region_t r : {globalRegion(), groupRegion()})
    if (hsa_status_t s = callback(r, data); s != HSA_STATUS_SUCCESS)
      return s;
  return HSA_STATUS_SUCCESS;
}

} // namespace ptxmlir::hsahost
