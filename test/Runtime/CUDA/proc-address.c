// cuGetProcAddress (v1 and _v2) returns our functions under the symbol the
// CUDA version asks for: cuMemAlloc is cuMemAlloc_v2 from CUDA 3.2 on,
// cuCtxCreate is _v4 from 12.5, per-thread-stream flavours on request;
// unknown names and too-old versions say so in symbolStatus. Unimplemented
// entry points exist and return CUDA_ERROR_NOT_SUPPORTED.
//
// REQUIRES: libcuda
// RUN: %cuda_cc %t %s %cuda_libs -ldl
// RUN: %t | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <dlfcn.h>

#undef cuGetProcAddress
CUresult CUDAAPI cuGetProcAddress(const char *symbol, void **pfn,
                                  int cudaVersion, cuuint64_t flags);

static void *sym(const char *name) { return dlsym(RTLD_DEFAULT, name); }

int main(void) {
  void *fn = NULL;
  CUdriverProcAddressQueryResult st = (CUdriverProcAddressQueryResult)-1;
  // Works before cuInit: the CUDA runtime looks up cuInit itself this way.
  EXPECT(cuGetProcAddress_v2("cuInit", &fn, 12000, 0, &st), CUDA_SUCCESS);
  EXPECT_TRUE(fn == sym("cuInit") && st == CU_GET_PROC_ADDRESS_SUCCESS);

  EXPECT(cuGetProcAddress_v2("cuMemAlloc", &fn, 13000, 0, &st), CUDA_SUCCESS);
  EXPECT_TRUE(fn == sym("cuMemAlloc_v2") && fn != NULL);
  EXPECT(cuGetProcAddress_v2("cuMemAlloc", &fn, 3000, 0, &st), CUDA_SUCCESS);
  EXPECT_TRUE(fn == sym("cuMemAlloc") && fn != sym("cuMemAlloc_v2"));
  EXPECT(cuGetProcAddress_v2("cuCtxCreate", &fn, 12000, 0, &st), CUDA_SUCCESS);
  EXPECT_TRUE(fn == sym("cuCtxCreate_v3"));
  EXPECT(cuGetProcAddress_v2("cuCtxCreate", &fn, 13000, 0, &st), CUDA_SUCCESS);
  EXPECT_TRUE(fn == sym("cuCtxCreate_v4"));
  EXPECT(cuGetProcAddress_v2("cuStreamDestroy", &fn, 12000, 0, &st),
         CUDA_SUCCESS);
  EXPECT_TRUE(fn == sym("cuStreamDestroy_v2"));
  EXPECT(cuGetProcAddress_v2("cuGetProcAddress", &fn, 12000, 0, &st),
         CUDA_SUCCESS);
  EXPECT_TRUE(fn == sym("cuGetProcAddress_v2"));
  EXPECT(cuGetProcAddress_v2("cuMemcpyHtoD", &fn, 12000,
                             CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
                             &st),
         CUDA_SUCCESS);
  EXPECT_TRUE(fn == sym("cuMemcpyHtoD_v2_ptds"));
  EXPECT(cuGetProcAddress_v2("cuLaunchKernel", &fn, 12000,
                             CU_GET_PROC_ADDRESS_LEGACY_STREAM, &st),
         CUDA_SUCCESS);
  EXPECT_TRUE(fn == sym("cuLaunchKernel"));
  EXPECT(cuGetProcAddress_v2("cuLibraryLoadData", &fn, 12000, 0, &st),
         CUDA_SUCCESS);
  EXPECT_TRUE(fn == sym("cuLibraryLoadData") && fn != NULL);

  // Unknown symbol, too old a version, bad arguments.
  fn = (void *)1;
  EXPECT(cuGetProcAddress_v2("cuNoSuchFunction", &fn, 13000, 0, &st),
         CUDA_ERROR_NOT_FOUND);
  EXPECT_TRUE(fn == NULL && st == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  EXPECT(cuGetProcAddress_v2("cuLibraryLoadData", &fn, 11000, 0, &st),
         CUDA_ERROR_NOT_FOUND);
  EXPECT_TRUE(fn == NULL && st == CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
  EXPECT(cuGetProcAddress_v2("cuMemAlloc_v2", &fn, 13000, 0, &st),
         CUDA_ERROR_NOT_FOUND);
  EXPECT(cuGetProcAddress_v2(NULL, &fn, 13000, 0, &st),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuGetProcAddress_v2("cuInit", NULL, 13000, 0, &st),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuGetProcAddress_v2("cuInit", &fn, 13000, 0x100, &st),
         CUDA_ERROR_INVALID_VALUE);
  // The CUDA 11 spelling, without the status.
  EXPECT(cuGetProcAddress("cuMemFree", &fn, 12000, 0), CUDA_SUCCESS);
  EXPECT_TRUE(fn == sym("cuMemFree_v2"));

  // Functions found this way work.
  CUresult (*getVersion)(int *) = NULL;
  int version = 0;
  EXPECT(cuGetProcAddress_v2("cuDriverGetVersion", (void **)&getVersion,
                             13000, 0, NULL),
         CUDA_SUCCESS);
  EXPECT(getVersion(&version), CUDA_SUCCESS);
  EXPECT_TRUE(version == 13000);

  // Not implemented: present, and says so.
  CUresult (*arrayCreate)(CUarray *, const CUDA_ARRAY_DESCRIPTOR *) = NULL;
  EXPECT(cuGetProcAddress_v2("cuArrayCreate", (void **)&arrayCreate, 13000, 0,
                             &st),
         CUDA_SUCCESS);
  EXPECT_TRUE(arrayCreate == sym("cuArrayCreate_v2") && arrayCreate);
  CUarray arr;
  CUDA_ARRAY_DESCRIPTOR desc = {0};
  EXPECT(arrayCreate(&arr, &desc), CUDA_ERROR_NOT_SUPPORTED);
  EXPECT(cuGraphCreate(NULL, 0), CUDA_ERROR_NOT_SUPPORTED);
  return finish();
}
