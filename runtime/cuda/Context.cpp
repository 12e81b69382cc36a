//===- Context.cpp - contexts, primary contexts, the context stack --------===//

#include "DeviceRuntime.h"
#include "Internal.h"

#ifdef PTXMLIR_HAVE_HSA_HOST
#include "hsa-host/HostAgent.h"
#endif

using namespace ptxmlir::cuda;

namespace {
bool validFlags(unsigned flags) {
  unsigned sched = flags & CU_CTX_SCHED_MASK;
  return (flags & ~unsigned(CU_CTX_FLAGS_MASK)) == 0 &&
         (sched == 0 || sched == CU_CTX_SCHED_SPIN ||
          sched == CU_CTX_SCHED_YIELD || sched == CU_CTX_SCHED_BLOCKING_SYNC);
}

CUresult createContext(CUcontext *pctx, unsigned flags, CUdevice dev) {
  DeviceState *d;
  if (CUresult r = validDevice(dev, d))
    return r;
  if (!pctx || !validFlags(flags))
    return CUDA_ERROR_INVALID_VALUE;
  auto *ctx = new CUctx_st;
  ctx->dev = d;
  ctx->flags = flags;
  {
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    ctx->id = rt().nextId++;
  }
  registerHandle(ctx, HandleKind::Context);
  if (CUresult r = activateContext(ctx)) {
    unregisterHandle(ctx);
    delete ctx;
    return r;
  }
  contextStack().push_back(ctx);
  *pctx = ctx;
  return CUDA_SUCCESS;
}

/// The context a handle names, or the error for it.
CUresult liveContext(CUcontext ctx) {
  if (CUresult r = checkInit())
    return r;
  if (!isHandle(ctx, HandleKind::Context))
    return CUDA_ERROR_INVALID_CONTEXT;
  return CUDA_SUCCESS;
}

/// A context argument of the queries that take one: NULL is the current
/// context (checked as queries are: a sticky error does not matter).
CUresult namedOrCurrent(CUcontext &ctx) {
  return ctx ? liveContext(ctx) : currentContext(ctx, true);
}
} // namespace

extern "C" {

CUresult CUDAAPI cuCtxCreate_v2(CUcontext *pctx, unsigned int flags,
                                CUdevice dev) {
  return PTXMLIR_API({ return createContext(pctx, flags, dev); });
}

CUresult CUDAAPI cuCtxCreate(CUcontext *pctx, unsigned int flags,
                             CUdevice dev) {
  return cuCtxCreate_v2(pctx, flags, dev);
}

CUresult CUDAAPI cuCtxCreate_v3(CUcontext *pctx,
                                CUexecAffinityParam *paramsArray, int numParams,
                                unsigned int flags, CUdevice dev) {
  return PTXMLIR_API({
    // Execution affinity (SM counts) has no HSA counterpart.
    if (numParams > 0)
      return CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY;
    return createContext(pctx, flags, dev);
  });
}

CUresult CUDAAPI cuCtxCreate_v4(CUcontext *pctx, CUctxCreateParams *params,
                                unsigned int flags, CUdevice dev) {
  return PTXMLIR_API({
    if (params && (params->numExecAffinityParams > 0 || params->cigParams))
      return CUDA_ERROR_NOT_SUPPORTED;
    return createContext(pctx, flags, dev);
  });
}

CUresult CUDAAPI cuCtxDestroy_v2(CUcontext ctx) {
  return PTXMLIR_API({
    if (CUresult r = liveContext(ctx))
      return r;
    if (ctx->primary)
      return CUDA_ERROR_INVALID_CONTEXT;
    runStorageDestructors(ctx);
    deactivateContext(ctx);
    unregisterHandle(ctx);
    auto &stack = contextStack();
    if (!stack.empty() && stack.back() == ctx)
      stack.pop_back();
    // Other threads may still name it: the registry makes that an error.
    delete ctx;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxDestroy(CUcontext ctx) { return cuCtxDestroy_v2(ctx); }

CUresult CUDAAPI cuCtxPushCurrent_v2(CUcontext ctx) {
  return PTXMLIR_API({
    if (CUresult r = liveContext(ctx))
      return r;
    contextStack().push_back(ctx);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxPushCurrent(CUcontext ctx) {
  return cuCtxPushCurrent_v2(ctx);
}

CUresult CUDAAPI cuCtxPopCurrent_v2(CUcontext *pctx) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    auto &stack = contextStack();
    if (stack.empty())
      return CUDA_ERROR_INVALID_CONTEXT;
    if (pctx)
      *pctx = stack.back();
    stack.pop_back();
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxPopCurrent(CUcontext *pctx) {
  return cuCtxPopCurrent_v2(pctx);
}

CUresult CUDAAPI cuCtxSetCurrent(CUcontext ctx) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    auto &stack = contextStack();
    if (!ctx) {
      if (!stack.empty())
        stack.pop_back();
      return CUDA_SUCCESS;
    }
    if (!isHandle(ctx, HandleKind::Context))
      return CUDA_ERROR_INVALID_CONTEXT;
    if (stack.empty())
      stack.push_back(ctx);
    else
      stack.back() = ctx;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxGetCurrent(CUcontext *pctx) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    if (!pctx)
      return CUDA_ERROR_INVALID_VALUE;
    auto &stack = contextStack();
    *pctx = stack.empty() ? nullptr : stack.back();
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxGetDevice(CUdevice *device) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, true))
      return r;
    if (!device)
      return CUDA_ERROR_INVALID_VALUE;
    *device = ctx->dev->ordinal;
    return CUDA_SUCCESS;
  });
}

// CUDA 13's form: an explicit context, NULL for the current one.
CUresult CUDAAPI cuCtxGetDevice_v2(CUdevice *device, CUcontext ctx) {
  return PTXMLIR_API({
    if (CUresult r = namedOrCurrent(ctx))
      return r;
    if (!device)
      return CUDA_ERROR_INVALID_VALUE;
    *device = ctx->dev->ordinal;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxGetFlags(unsigned int *flags) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, true))
      return r;
    if (!flags)
      return CUDA_ERROR_INVALID_VALUE;
    *flags = ctx->flags;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxGetId(CUcontext ctx, unsigned long long *ctxId) {
  return PTXMLIR_API({
    if (CUresult r = namedOrCurrent(ctx))
      return r;
    if (!ctxId)
      return CUDA_ERROR_INVALID_VALUE;
    *ctxId = ctx->id;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxGetApiVersion(CUcontext ctx, unsigned int *version) {
  return PTXMLIR_API({
    if (CUresult r = namedOrCurrent(ctx))
      return r;
    if (!version)
      return CUDA_ERROR_INVALID_VALUE;
    *version = 3020;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxSynchronize(void) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    return synchronizeContext(ctx);
  });
}

CUresult CUDAAPI cuCtxSynchronize_v2(CUcontext ctx) {
  return PTXMLIR_API({
    if (!ctx) {
      if (CUresult r = currentContext(ctx))
        return r;
    } else {
      if (CUresult r = liveContext(ctx))
        return r;
      if (!ctx->active)
        return CUDA_ERROR_CONTEXT_IS_DESTROYED;
      if (int s = ctx->sticky.load())
        return CUresult(s);
    }
    return synchronizeContext(ctx);
  });
}

CUresult CUDAAPI cuCtxGetLimit(size_t *pvalue, CUlimit limit) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, true))
      return r;
    if (!pvalue)
      return CUDA_ERROR_INVALID_VALUE;
    if (limit < 0 || limit > CU_LIMIT_PERSISTING_L2_CACHE_SIZE)
      return CUDA_ERROR_UNSUPPORTED_LIMIT;
    *pvalue = ctx->limits[limit];
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxSetLimit(CUlimit limit, size_t value) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (limit < 0 || limit > CU_LIMIT_PERSISTING_L2_CACHE_SIZE)
      return CUDA_ERROR_UNSUPPORTED_LIMIT;
    if (limit == CU_LIMIT_MAX_L2_FETCH_GRANULARITY &&
        (value > 128 || (value & (value - 1))))
      return CUDA_ERROR_INVALID_VALUE;
    if (CUresult r = deviceRuntimeSetLimit(ctx, limit))
      return r;
    ctx->limits[limit] = value;
#ifdef PTXMLIR_HAVE_HSA_HOST
    // The CPU agent sizes each GPU thread's fiber stack from it.
    if (limit == CU_LIMIT_STACK_SIZE && ctx->dev->agent->host)
      ptxmlir::hsahost::setStackLimit(value);
#endif
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxGetCacheConfig(CUfunc_cache *pconfig) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, true))
      return r;
    if (!pconfig)
      return CUDA_ERROR_INVALID_VALUE;
    *pconfig = CU_FUNC_CACHE_PREFER_NONE;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxSetCacheConfig(CUfunc_cache config) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, true))
      return r;
    // A hint with nothing to tune on an HSA agent.
    return config >= CU_FUNC_CACHE_PREFER_NONE &&
                   config <= CU_FUNC_CACHE_PREFER_EQUAL
               ? CUDA_SUCCESS
               : CUDA_ERROR_INVALID_VALUE;
  });
}

CUresult CUDAAPI cuCtxGetSharedMemConfig(CUsharedconfig *pConfig) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, true))
      return r;
    if (!pConfig)
      return CUDA_ERROR_INVALID_VALUE;
    *pConfig = CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuCtxSetSharedMemConfig(CUsharedconfig config) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, true))
      return r;
    return config <= CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE
               ? CUDA_SUCCESS
               : CUDA_ERROR_INVALID_VALUE;
  });
}

// Profiling hooks have nothing to start here; succeeding keeps programs
// that bracket their timed region with them running.
CUresult CUDAAPI cuProfilerStart(void) {
  return PTXMLIR_API({ return checkInit(); });
}

CUresult CUDAAPI cuProfilerStop(void) {
  return PTXMLIR_API({ return checkInit(); });
}

CUresult CUDAAPI cuCtxGetStreamPriorityRange(int *leastPriority,
                                             int *greatestPriority) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, true))
      return r;
    if (leastPriority)
      *leastPriority = 0;
    if (greatestPriority)
      *greatestPriority = 0;
    return CUDA_SUCCESS;
  });
}

//===----------------------------------------------------------------------===//
// Primary contexts
//===----------------------------------------------------------------------===//

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (!pctx)
      return CUDA_ERROR_INVALID_VALUE;
    primaryContextHandle(d);
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    if (!d->primary->active) {
      d->primary->flags = d->primaryFlags;
      if (CUresult r = activateContext(d->primary))
        return r;
    }
    ++d->primaryRefs;
    *pctx = d->primary;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease_v2(CUdevice dev) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    {
      std::lock_guard<std::recursive_mutex> lock(rt().mu);
      if (d->primaryRefs <= 0)
        return CUDA_ERROR_INVALID_CONTEXT;
      if (d->primaryRefs > 1) {
        --d->primaryRefs;
        return CUDA_SUCCESS;
      }
    }
    // The last reference: cudart's clean-up runs first, with no lock held
    // (it calls back into the driver).
    runStorageDestructors(d->primary);
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    if (d->primaryRefs > 0 && --d->primaryRefs == 0)
      deactivateContext(d->primary);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice dev) {
  return cuDevicePrimaryCtxRelease_v2(dev);
}

CUresult CUDAAPI cuDevicePrimaryCtxReset_v2(CUdevice dev) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (CUctx_st *p = d->primary)
      runStorageDestructors(p);
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    if (d->primary)
      deactivateContext(d->primary);
    d->primaryRefs = 0;
    d->primaryFlags = 0;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDevicePrimaryCtxReset(CUdevice dev) {
  return cuDevicePrimaryCtxReset_v2(dev);
}

CUresult CUDAAPI cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags,
                                            int *active) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (!flags || !active)
      return CUDA_ERROR_INVALID_VALUE;
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    *flags = d->primaryFlags;
    *active = d->primary && d->primary->active;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDevicePrimaryCtxSetFlags_v2(CUdevice dev,
                                               unsigned int flags) {
  return PTXMLIR_API({
    DeviceState *d;
    if (CUresult r = validDevice(dev, d))
      return r;
    if (!validFlags(flags))
      return CUDA_ERROR_INVALID_VALUE;
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    d->primaryFlags = flags;
    if (d->primary)
      d->primary->flags = flags;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags) {
  return cuDevicePrimaryCtxSetFlags_v2(dev, flags);
}

} // extern "C"
