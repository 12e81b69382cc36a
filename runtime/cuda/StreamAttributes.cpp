//===- StreamAttributes.cpp - stream attributes and capture queries -------===//
//
// Libraries built on the CUDA runtime (cuBLAS, CUB, PyTorch) ask a stream
// whether it is being captured into a graph before they enqueue work, and
// read or set its attributes. Graph capture does not exist here
// (cuStreamBeginCapture returns CUDA_ERROR_NOT_SUPPORTED), so no stream is
// ever capturing. Attributes that only tune the hardware (L2 access policy
// windows, memory synchronisation domains) are kept and read back, and
// change nothing else.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

using namespace ptxmlir::cuda;

namespace {

CUresult captureStatus(CUstream h, CUstreamCaptureStatus *status,
                       cuuint64_t *id) {
  CUstream_st *s;
  if (CUresult r = currentStream(h, s, /*ignoreSticky=*/true))
    return r;
  if (!status)
    return CUDA_ERROR_INVALID_VALUE;
  *status = CU_STREAM_CAPTURE_STATUS_NONE;
  if (id)
    *id = 0;
  return CUDA_SUCCESS;
}

/// The outputs that only mean something while capturing: left alone, as
/// CUDA leaves them, apart from the counts.
CUresult captureInfo(CUstream h, CUstreamCaptureStatus *status, cuuint64_t *id,
                     size_t *numDependencies) {
  if (CUresult r = captureStatus(h, status, id))
    return r;
  if (numDependencies)
    *numDependencies = 0;
  return CUDA_SUCCESS;
}

CUresult getAttribute(CUstream h, CUstreamAttrID attr,
                      CUstreamAttrValue *value) {
  CUstream_st *s;
  if (CUresult r = currentStream(h, s, /*ignoreSticky=*/true))
    return r;
  if (!value)
    return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<std::mutex> lock(s->mu);
  switch (int(attr)) {
  case CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW:
    value->accessPolicyWindow = s->accessPolicyWindow;
    return CUDA_SUCCESS;
  case CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY:
    value->syncPolicy = s->syncPolicy;
    return CUDA_SUCCESS;
  case CU_STREAM_ATTRIBUTE_PRIORITY:
    value->priority = s->priority;
    return CUDA_SUCCESS;
  case CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
    value->memSyncDomainMap = s->memSyncDomainMap;
    return CUDA_SUCCESS;
  case CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN:
    value->memSyncDomain = s->memSyncDomain;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult setAttribute(CUstream h, CUstreamAttrID attr,
                      const CUstreamAttrValue *value) {
  CUstream_st *s;
  if (CUresult r = currentStream(h, s, /*ignoreSticky=*/true))
    return r;
  if (!value)
    return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<std::mutex> lock(s->mu);
  switch (int(attr)) {
  case CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW: {
    const CUaccessPolicyWindow &w = value->accessPolicyWindow;
    if (w.hitRatio < 0 || w.hitRatio > 1)
      return CUDA_ERROR_INVALID_VALUE;
    s->accessPolicyWindow = w;
    return CUDA_SUCCESS;
  }
  case CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY:
    if (value->syncPolicy < CU_SYNC_POLICY_AUTO ||
        value->syncPolicy > CU_SYNC_POLICY_BLOCKING_SYNC)
      return CUDA_ERROR_INVALID_VALUE;
    s->syncPolicy = value->syncPolicy;
    return CUDA_SUCCESS;
  case CU_STREAM_ATTRIBUTE_PRIORITY:
    // One priority level (cuCtxGetStreamPriorityRange): clamped, as CUDA
    // clamps values outside the range.
    s->priority = 0;
    return CUDA_SUCCESS;
  case CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
    s->memSyncDomainMap = value->memSyncDomainMap;
    return CUDA_SUCCESS;
  case CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN:
    if (value->memSyncDomain != CU_LAUNCH_MEM_SYNC_DOMAIN_DEFAULT &&
        value->memSyncDomain != CU_LAUNCH_MEM_SYNC_DOMAIN_REMOTE)
      return CUDA_ERROR_INVALID_VALUE;
    s->memSyncDomain = value->memSyncDomain;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

} // namespace

extern "C" {

CUresult CUDAAPI cuStreamIsCapturing(CUstream hStream,
                                     CUstreamCaptureStatus *captureStatus_) {
  return PTXMLIR_API(
      { return captureStatus(hStream, captureStatus_, nullptr); });
}

CUresult CUDAAPI cuStreamIsCapturing_ptsz(
    CUstream hStream, CUstreamCaptureStatus *captureStatus_) {
  return cuStreamIsCapturing(hStream, captureStatus_);
}

CUresult CUDAAPI cuStreamGetCaptureInfo(CUstream hStream,
                                        CUstreamCaptureStatus *status,
                                        cuuint64_t *id) {
  return PTXMLIR_API({ return captureInfo(hStream, status, id, nullptr); });
}

CUresult CUDAAPI cuStreamGetCaptureInfo_ptsz(CUstream hStream,
                                             CUstreamCaptureStatus *status,
                                             cuuint64_t *id) {
  return cuStreamGetCaptureInfo(hStream, status, id);
}

CUresult CUDAAPI cuStreamGetCaptureInfo_v2(CUstream hStream,
                                           CUstreamCaptureStatus *status,
                                           cuuint64_t *id, CUgraph *graph,
                                           const CUgraphNode **dependencies,
                                           size_t *numDependencies) {
  return PTXMLIR_API(
      { return captureInfo(hStream, status, id, numDependencies); });
}

CUresult CUDAAPI cuStreamGetCaptureInfo_v2_ptsz(
    CUstream hStream, CUstreamCaptureStatus *status, cuuint64_t *id,
    CUgraph *graph, const CUgraphNode **dependencies, size_t *numDependencies) {
  return cuStreamGetCaptureInfo_v2(hStream, status, id, graph, dependencies,
                                   numDependencies);
}

CUresult CUDAAPI cuStreamGetCaptureInfo_v3(CUstream hStream,
                                           CUstreamCaptureStatus *status,
                                           cuuint64_t *id, CUgraph *graph,
                                           const CUgraphNode **dependencies,
                                           const CUgraphEdgeData **edgeData,
                                           size_t *numDependencies) {
  return PTXMLIR_API(
      { return captureInfo(hStream, status, id, numDependencies); });
}

CUresult CUDAAPI cuStreamGetCaptureInfo_v3_ptsz(
    CUstream hStream, CUstreamCaptureStatus *status, cuuint64_t *id,
    CUgraph *graph, const CUgraphNode **dependencies,
    const CUgraphEdgeData **edgeData, size_t *numDependencies) {
  return cuStreamGetCaptureInfo_v3(hStream, status, id, graph, dependencies,
                                   edgeData, numDependencies);
}

CUresult CUDAAPI cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *mode) {
  return PTXMLIR_API({
    if (!mode || *mode < CU_STREAM_CAPTURE_MODE_GLOBAL ||
        *mode > CU_STREAM_CAPTURE_MODE_RELAXED)
      return CUDA_ERROR_INVALID_VALUE;
    // The mode matters only while capturing; it is still the thread's.
    static thread_local int current = CU_STREAM_CAPTURE_MODE_GLOBAL;
    int old = current;
    current = *mode;
    *mode = CUstreamCaptureMode(old);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuStreamGetAttribute(CUstream hStream, CUstreamAttrID attr,
                                      CUstreamAttrValue *value_out) {
  return PTXMLIR_API({ return getAttribute(hStream, attr, value_out); });
}

CUresult CUDAAPI cuStreamGetAttribute_ptsz(CUstream hStream,
                                           CUstreamAttrID attr,
                                           CUstreamAttrValue *value_out) {
  return cuStreamGetAttribute(hStream, attr, value_out);
}

CUresult CUDAAPI cuStreamSetAttribute(CUstream hStream, CUstreamAttrID attr,
                                      const CUstreamAttrValue *value) {
  return PTXMLIR_API({ return setAttribute(hStream, attr, value); });
}

CUresult CUDAAPI cuStreamSetAttribute_ptsz(CUstream hStream,
                                           CUstreamAttrID attr,
                                           const CUstreamAttrValue *value) {
  return cuStreamSetAttribute(hStream, attr, value);
}

CUresult CUDAAPI cuStreamGetId_ptsz(CUstream hStream,
                                    unsigned long long *streamId) {
  return cuStreamGetId(hStream, streamId);
}

CUresult CUDAAPI cuStreamGetDevice_ptsz(CUstream hStream, CUdevice *device) {
  return cuStreamGetDevice(hStream, device);
}

} // extern "C"
