//===- TensorMap.cpp - cuTensorMapEncode*, cuTensorMapReplaceAddress ------===//
//
// Tensor maps in ptx-mlir's own 128-byte encoding
// (include/ptxmlir/Runtime/TensorMap.h), read by the lowering of
// cp.async.bulk.tensor. The arguments are checked as cuda.h documents them
// and as NVIDIA's driver does (test/Runtime/CUDA/tensor-layout.c); what is
// valid but not implemented (the padded packed sub-byte types, packed and
// interleaved im2col maps, im2col-wide) returns CUDA_ERROR_NOT_SUPPORTED
// with a PTXMLIR_LOG line.
//
//===----------------------------------------------------------------------===//

#include "ptxmlir/Runtime/TensorMap.h"
#include "Internal.h"

using namespace ptxmlir::cuda;
namespace tmap = ptxmlir::tensormap;

namespace {
CUresult finish(const char *fn, tmap::Status s) {
  if (s.result != tmap::kSuccess && logEnabled())
    logf("%s: %s", fn, s.why);
  return CUresult(s.result);
}
} // namespace

CUresult CUDAAPI cuTensorMapEncodeTiled(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill) {
  return PTXMLIR_API({
    // NVIDIA's driver wants a current context too (seen on an H200).
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, /*ignoreSticky=*/true))
      return r;
    return finish(__func__,
                  tmap::encodeTiled(tensorMap, tensorDataType, tensorRank,
                                    globalAddress, globalDim, globalStrides,
                                    boxDim, elementStrides, interleave, swizzle,
                                    l2Promotion, oobFill));
  });
}

CUresult CUDAAPI cuTensorMapEncodeIm2col(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const int *pixelBoxLowerCorner,
    const int *pixelBoxUpperCorner, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
    CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill) {
  return PTXMLIR_API({
    // NVIDIA's driver wants a current context too (seen on an H200).
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, /*ignoreSticky=*/true))
      return r;
    return finish(__func__,
                  tmap::encodeIm2col(tensorMap, tensorDataType, tensorRank,
                                     globalAddress, globalDim, globalStrides,
                                     pixelBoxLowerCorner, pixelBoxUpperCorner,
                                     channelsPerPixel, pixelsPerColumn,
                                     elementStrides, interleave, swizzle,
                                     l2Promotion, oobFill));
  });
}

CUresult CUDAAPI cuTensorMapEncodeIm2colWide(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, int pixelBoxLowerCornerWidth,
    int pixelBoxUpperCornerWidth, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapIm2ColWideMode mode,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill) {
  return PTXMLIR_API({
    // NVIDIA's driver wants a current context too (seen on an H200).
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, /*ignoreSticky=*/true))
      return r;
    return finish(__func__,
                  tmap::encodeIm2colWide(
                      tensorMap, tensorDataType, tensorRank, globalAddress,
                      globalDim, globalStrides, pixelBoxLowerCornerWidth,
                      pixelBoxUpperCornerWidth, channelsPerPixel,
                      pixelsPerColumn, elementStrides, interleave, mode,
                      swizzle, l2Promotion, oobFill));
  });
}

CUresult CUDAAPI cuTensorMapReplaceAddress(CUtensorMap *tensorMap,
                                           void *globalAddress) {
  return PTXMLIR_API({
    // NVIDIA's driver wants a current context too (seen on an H200).
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx, /*ignoreSticky=*/true))
      return r;
    return finish(__func__, tmap::replaceAddress(tensorMap, globalAddress));
  });
}
