//===- HostAgent.h - the CPU agent, a software HSA kernel agent -*- C++ -*-===//
//
// The CPU agent runs host code objects (ptxmlir/Target/Host/HostABI.h) on
// the CPU behind the HSA API, so the CUDA layer drives it exactly as it
// drives ROCr. Its functions are reached only through the HSA table; none is
// exported under an hsa_* name, so ROCr may live in the same process.
//
// Environment (read at the first hsa_init, or per dispatch where noted):
//   PTXMLIR_HOST_CHIP         the AMD chip whose ISA and wave size the agent
//                             takes (default gfx1100; gfx9xx run wave64)
//   PTXMLIR_HOST_THREADS      worker threads for blocks (default: all)
//   PTXMLIR_HOST_CHECK=0      per dispatch: no independent-thread-scheduling
//                             check
//   PTXMLIR_HOST_WATCHDOG_MS  per dispatch: fail a dispatch running longer
//                             (checked when fibers yield or block; off by
//                             default)
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_HSAHOST_HOSTAGENT_H
#define PTXMLIR_RUNTIME_HSAHOST_HOSTAGENT_H

#include "common/HsaTable.h"

#include <cstddef>

namespace ptxmlir::hsahost {

/// Fills every entry of `t` with the CPU agent's implementation.
void fillHsaTable(ptxmlir::runtime::HsaTable &t);

/// The first dispatch error since the last clearDispatchError(), or
/// HSA_STATUS_SUCCESS: HSA_STATUS_ERROR_MEMORY_FAULT (hsa_ext_amd.h) for an
/// illegal address or a stack overflow, HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION,
/// HSA_STATUS_ERROR_INVALID_PACKET_FORMAT for a malformed packet, and
/// HSA_STATUS_ERROR_EXCEPTION for the rest: a trap, a thread relying on
/// independent thread scheduling, a deadlock, an arithmetic exception, the
/// watchdog. The message names the PTX location (when known), the kernel,
/// the block and the thread; it stays valid until clearDispatchError().
/// The error is recorded before the queue's callback is called with the
/// same status, so the callback can read it.
hsa_status_t lastDispatchError(const char **message);
void clearDispatchError();

/// Why the last HSA call of this OS thread that failed while loading a code
/// object failed (bad ELF, wrong target, unresolved symbol ...), or "".
const char *lastLoadErrorMessage();

/// Extra stack bytes per GPU thread on top of the kernel's private segment
/// (CU_LIMIT_STACK_SIZE). Fiber stacks are max(256 KiB, private + limit).
void setStackLimit(size_t bytes);
size_t getStackLimit();

} // namespace ptxmlir::hsahost

#endif // PTXMLIR_RUNTIME_HSAHOST_HOSTAGENT_H
