//===- HostAgent.h - the CPU agent: a software HSA kernel agent
//------------===//
//
// The CPU agent runs host code objects (ptxmlir/Target/Host/HostABI.h) on
// the CPU behind the HSA API, so the CUDA layer drives it exactly as it
// drives ROCr. Its functions are reached only through the HSA table; none is
// exported under an hsa_* name, so ROCr may live in the same process.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_HSAHOST_HOSTAGENT_H
#define PTXMLIR_RUNTIME_HSAHOST_HOSTAGENT_H

#include "common/HsaTable.h"

#include <cstddef>

namespace ptxmlir::hsahost {

/// Fills every entry of `t` with the CPU agent's implementation.
void fillHsaTable(ptxmlir::runtime::HsaTable &t);

/// The first dispatch error since the last clearDispatchError():
/// HSA_STATUS_ERROR_MEMORY_FAULT (hsa_ext_amd.h) for an illegal address or
/// a stack overflow, HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION, and
/// HSA_STATUS_ERROR_EXCEPTION for a trap, a thread relying on independent
/// thread scheduling, a deadlock, an arithmetic exception or the watchdog;
/// HSA_STATUS_ERROR_INVALID_PACKET_FORMAT for a malformed packet.
/// HSA_STATUS_SUCCESS when there was none. The
/// message names the kernel, the PTX location (when known), the block and
/// the thread; it stays valid until clearDispatchError(). The queue's
/// callback has already been called with HSA_STATUS_ERROR_EXCEPTION.
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
