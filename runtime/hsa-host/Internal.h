//===- Internal.h - state shared by the CPU agent's files -----------------===//

#ifndef PTXMLIR_RUNTIME_HSAHOST_INTERNAL_H
#define PTXMLIR_RUNTIME_HSAHOST_INTERNAL_H

#include "common/HsaTable.h"

#include <hsa/hsa_ext_amd.h>

#include <cstdint>
#include <string>

namespace ptxmlir::hsahost {

// One internal function per HSA call, with the HSA signature: host_<name>.
#define PTXMLIR_HOST_DECL(name) decltype(::name) host_##name;
PTXMLIR_HSA_FUNCTIONS(PTXMLIR_HOST_DECL)
#undef PTXMLIR_HOST_DECL

/// True between the first hsa_init and the matching last hsa_shut_down.
bool isInitialized();

/// The one agent's identity, fixed at the first hsa_init.
struct AgentConfig {
  std::string chip;    ///< "gfx1100"
  std::string isaName; ///< PTXMLIR_HOST_ISA_PREFIX + chip
  std::string target;  ///< PTXMLIR_HOST_CHIP_PREFIX + chip
  uint32_t waveSize = 32;
  uint32_t hardwareThreads = 1;
};
const AgentConfig &agentConfig();
bool isOurAgent(hsa_agent_t agent);
hsa_agent_t theAgent();

/// ROCr's status for a memory fault in a kernel (an AMD extension, declared
/// as an unnamed enum).
constexpr hsa_status_t kStatusMemoryFault =
    static_cast<hsa_status_t>(HSA_STATUS_ERROR_MEMORY_FAULT);
constexpr hsa_status_t kStatusIllegalInstruction =
    static_cast<hsa_status_t>(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION);

constexpr uint32_t kGroupSegmentSize = 64 * 1024;
constexpr uint32_t kWorkgroupMaxSize = 1024;
constexpr uint32_t kQueueMinSize = 4;
constexpr uint32_t kQueueMaxSize = 1u << 17;
constexpr uint32_t kQueuesMax = 128;

/// Signals (Signal.cpp) used by the packet processor.
void signalSubtract(hsa_signal_t signal, hsa_signal_value_t value);
/// Destroys every queue still alive (the last hsa_shut_down).
void destroyAllQueues();

/// Records the message of a failed call on this OS thread (see
/// lastLoadErrorMessage).
void setLoadError(std::string message);

/// Dispatch errors (Dispatch.cpp).
void recordDispatchError(hsa_status_t status, const std::string &message);

} // namespace ptxmlir::hsahost

#endif // PTXMLIR_RUNTIME_HSAHOST_INTERNAL_H
