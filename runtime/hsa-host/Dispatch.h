//===- Dispatch.h - running a kernel dispatch packet ----------------------===//

#ifndef PTXMLIR_RUNTIME_HSAHOST_DISPATCH_H
#define PTXMLIR_RUNTIME_HSAHOST_DISPATCH_H

#include <hsa/hsa.h>

#include <string>

namespace ptxmlir::hsahost {

/// Runs every block of the dispatch `packet` describes over the worker
/// threads and returns when all have finished. On failure (bad packet,
/// trap, deadlock, fault ...) returns the status and sets `message`; the
/// rest of the grid may then be skipped.
hsa_status_t runDispatch(const hsa_kernel_dispatch_packet_t &packet,
                         std::string &message);

} // namespace ptxmlir::hsahost

#endif // PTXMLIR_RUNTIME_HSAHOST_DISPATCH_H
