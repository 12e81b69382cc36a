//===- DeviceRuntime.h - libcuda's side of the device runtime --*- C++ -*-===//
//
// The host half of the CUDA device runtime (device printf, assert, malloc;
// ptxmlir/Runtime/DeviceRuntime.h has the memory layout and the device
// half's story). Each context gets a printf buffer and a heap when it first
// launches a kernel of a module that uses them; the module's
// `__ptxmlir_devrt` global is written before that launch. Records are
// printed at synchronisation points: nothing runs on the host meanwhile.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_CUDA_DEVICERUNTIME_H
#define PTXMLIR_RUNTIME_CUDA_DEVICERUNTIME_H

#include <cuda.h>

struct CUctx_st;
struct CUfunc_st;
struct CUmod_st;

namespace ptxmlir::cuda {

/// Before a launch of `f`: when its module uses the device runtime, the
/// context's buffers (allocated on first use from the current limits) are
/// written into the module's global. CUDA_ERROR_OUT_OF_MEMORY when they
/// cannot be had.
CUresult prepareDeviceRuntime(CUfunc_st *f);
/// A synchronisation point: prints the context's complete printf records
/// (stdout) and assert messages (stderr), in the order they were made.
void drainDeviceRuntime(CUctx_st *ctx);
/// After a failed launch: drains, and says whether a thread failed an
/// assert (the launch's error is then CUDA_ERROR_ASSERT).
bool deviceRuntimeAsserted(CUctx_st *ctx);
/// cuCtxSetLimit: CU_LIMIT_PRINTF_FIFO_SIZE and CU_LIMIT_MALLOC_HEAP_SIZE
/// cannot change once a kernel using them was launched in the context
/// (CUDA_ERROR_INVALID_VALUE, as NVIDIA's driver answers).
CUresult deviceRuntimeSetLimit(CUctx_st *ctx, CUlimit limit);
/// A module is unloaded: forget what was known of it.
void forgetDeviceRuntimeModule(CUmod_st *m);
/// A context's resources go: prints what is left and frees the buffers.
void releaseDeviceRuntime(CUctx_st *ctx);

} // namespace ptxmlir::cuda

#endif // PTXMLIR_RUNTIME_CUDA_DEVICERUNTIME_H
