//===- Regions.h - the CPU agent's memory regions -------------------------===//

#ifndef PTXMLIR_RUNTIME_HSAHOST_REGIONS_H
#define PTXMLIR_RUNTIME_HSAHOST_REGIONS_H

#include <hsa/hsa.h>

namespace ptxmlir::hsahost {

/// Global memory: ordinary process memory, fine-grained and usable for
/// kernel arguments (the agent and the host share one address space).
hsa_region_t globalRegion();
/// The group segment: per-block memory the runtime cannot allocate from.
hsa_region_t groupRegion();

} // namespace ptxmlir::hsahost

#endif // PTXMLIR_RUNTIME_HSAHOST_REGIONS_H
