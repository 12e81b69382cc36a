//===- Kernarg.h - kernarg segments and AQL dispatch packets ---*- C++ -*-===//
//
// A launch becomes an AQL kernel dispatch packet whose kernarg segment is
// laid out from the code object's metadata (runtime/common/CodeObject.h):
// explicit arguments take the CUDA kernel parameters in order, hidden_*
// arguments are filled as the AMDGPU code object v5 ABI describes. Kept
// apart from the API so tests can check the layout and packet fields
// directly.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_CUDA_KERNARG_H
#define PTXMLIR_RUNTIME_CUDA_KERNARG_H

#include "common/CodeObject.h"
#include <cstdint>
#include <cuda.h>
#include <hsa/hsa.h>
#include <vector>

namespace ptxmlir::cuda {

struct LaunchDims {
  uint32_t grid[3] = {1, 1, 1};  ///< blocks per dimension
  uint32_t block[3] = {1, 1, 1}; ///< threads per block per dimension
  uint32_t dynamicShared = 0;    ///< bytes
};

/// Whether the metadata argument kind is one the runtime fills itself.
bool isHiddenArg(const runtime::KernelArg &arg);

/// Whether the CUDA caller passes `arg` (kernelParams, `extra`): neither a
/// hidden_* argument nor the per-CTA memory base.
bool isKernelParam(const runtime::KernelArg &arg);

/// The bytes of per-CTA memory a launch of `kernel` needs: one slice of
/// its pitch per block of the grid, 0 for a kernel without
/// `.minperctamemory`. CUDA_ERROR_OUT_OF_MEMORY when that overflows.
CUresult perCTAMemoryBytes(const runtime::KernelInfo &kernel,
                           const LaunchDims &dims, uint64_t &bytes);

/// Lays out `kernel`'s kernarg segment into `out` (kernargSize bytes, at
/// least 16). Explicit arguments come from `kernelParams` (one pointer per
/// argument) or from `extra` (CU_LAUNCH_PARAM_BUFFER_POINTER/SIZE/END: a
/// buffer laid out at the kernarg offsets); exactly one must be given.
/// Returns CUDA_ERROR_INVALID_VALUE for malformed `extra` or a buffer too
/// small for the arguments. The per-CTA memory base, if the kernel takes
/// one, is `perCTAMemory`.
CUresult buildKernargs(const runtime::KernelInfo &kernel, void **kernelParams,
                       void **extra, const LaunchDims &dims,
                       std::vector<uint8_t> &out, uint64_t perCTAMemory = 0);

/// The work-groups that run `dims` one CUDA warp per wave64 wave
/// (ptxmlir/Target/AMDGPU/WarpPerWave.h): 1-D work-groups of 64 work-items
/// per warp, as many work-groups as `dims` has blocks. The kernarg segment
/// is still built from `dims`.
LaunchDims warpPerWaveDims(const LaunchDims &dims);

/// Number of dimensions an AQL packet declares: 3 if any z > 1, else 2 if
/// any y > 1, else 1.
uint16_t dispatchDimensions(const LaunchDims &dims);

/// The private segment bytes per work-item of a launch: the kernel's fixed
/// size, plus `stackLimit` (CU_LIMIT_STACK_SIZE) when its code object says
/// it has a dynamic stack (PTX alloca), as CUDA sizes the stack.
uint32_t launchPrivateSegmentSize(const runtime::KernelInfo &k,
                                  uint32_t fixedSize, uint64_t stackLimit);

/// Fills every field of a kernel dispatch packet except `header`, which
/// the submitter stores last with release semantics.
void fillDispatchPacket(hsa_kernel_dispatch_packet_t &packet,
                        const LaunchDims &dims, uint64_t kernelObject,
                        uint32_t groupSegmentFixedSize,
                        uint32_t privateSegmentSize, void *kernarg,
                        hsa_signal_t completion);

/// Header of a kernel dispatch (or barrier-AND) packet: barrier bit set
/// (streams are in order), system-scope acquire and release fences.
uint16_t packetHeader(hsa_packet_type_t type);

} // namespace ptxmlir::cuda

#endif // PTXMLIR_RUNTIME_CUDA_KERNARG_H
