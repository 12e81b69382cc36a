//===- Error.cpp - cuGetErrorName / cuGetErrorString ----------------------===//

#include "Internal.h"

namespace ptxmlir::cuda {

namespace {
struct ErrorText {
  CUresult code;
  const char *name;
  const char *text;
};
constexpr ErrorText kErrors[] = {
#define X(name, text) {name, #name, text},
#include "Errors.def"
#undef X
};

const ErrorText *find(CUresult r) {
  for (const ErrorText &e : kErrors)
    if (e.code == r)
      return &e;
  return nullptr;
}
} // namespace

const char *errorName(CUresult r) {
  const ErrorText *e = find(r);
  return e ? e->name : "CUDA_ERROR_UNKNOWN";
}

} // namespace ptxmlir::cuda

using namespace ptxmlir::cuda;

extern "C" {

// Neither needs cuInit, and neither logs: applications call them to
// report an error we already logged.
CUresult CUDAAPI cuGetErrorName(CUresult error, const char **pStr) {
  if (!pStr)
    return CUDA_ERROR_INVALID_VALUE;
  const ErrorText *e = find(error);
  *pStr = e ? e->name : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuGetErrorString(CUresult error, const char **pStr) {
  if (!pStr)
    return CUDA_ERROR_INVALID_VALUE;
  const ErrorText *e = find(error);
  *pStr = e ? e->text : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/// Every exported CUDA function we do not implement lands here (Stubs.c).
int ptxmlir_cuda_not_supported(const char *name) {
  logf("%s -> CUDA_ERROR_NOT_SUPPORTED (not implemented by ptx-mlir)", name);
  return CUDA_ERROR_NOT_SUPPORTED;
}

} // extern "C"
