//===- Executable.h - kernels loaded into the CPU agent -------------------===//

#ifndef PTXMLIR_RUNTIME_HSAHOST_EXECUTABLE_H
#define PTXMLIR_RUNTIME_HSAHOST_EXECUTABLE_H

#include "ptxmlir/Target/Host/HostABI.h"

#include <cstdint>
#include <string>

namespace ptxmlir::hsahost {

/// What a kernel object handle (hsa_kernel_dispatch_packet_t::kernel_object)
/// points at: the CPU agent's own kernel descriptor.
struct KernelDescriptor {
  static constexpr uint64_t kMagic = 0x5054584d4c4b4552ull; // "PTXMLKER"
  uint64_t magic = kMagic;
  ptxmlir_host_entry_fn entry = nullptr;
  std::string name;
  uint32_t kernargSize = 0, kernargAlign = 8;
  uint32_t groupSegmentSize = 0, privateSegmentSize = 0;
  uint32_t waveSize = 32;
};

/// Copies the descriptor a kernel object handle names; false when it names
/// none (a stale or garbage handle).
bool copyKernelDescriptor(uint64_t kernelObject, KernelDescriptor &out);

} // namespace ptxmlir::hsahost

#endif // PTXMLIR_RUNTIME_HSAHOST_EXECUTABLE_H
