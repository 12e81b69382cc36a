// cuLink* links several PTX modules (an -rdc program's units) into one code
// object: a kernel calls a function and reads a variable of the other
// module, both modules' local helper() and $str stay apart, the weak
// twice() is kept once; a symbol two modules define is an error in the
// JIT error log, as nvlink reports it. wave32 and wave64.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs | FileCheck %s
// CHECK: error log: {{.*}}link-dup.ptx:5:{{.*}} 'offset' is defined in two
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <string.h>

static CUresult link2(const char *dir, const char *a, const char *b,
                      CUmodule *mod, char *log, size_t logSize) {
  char pa[512], pb[512];
  snprintf(pa, sizeof pa, "%s/%s", dir, a);
  snprintf(pb, sizeof pb, "%s/%s", dir, b);
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER,
                         CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)(uintptr_t)logSize};
  CUlinkState link;
  EXPECT(cuLinkCreate(2, opts, vals, &link), CUDA_SUCCESS);
  EXPECT(cuLinkAddFile(link, CU_JIT_INPUT_PTX, pa, 0, NULL, NULL),
         CUDA_SUCCESS);
  EXPECT(cuLinkAddFile(link, CU_JIT_INPUT_PTX, pb, 0, NULL, NULL),
         CUDA_SUCCESS);
  void *image = NULL;
  size_t size = 0;
  CUresult r = cuLinkComplete(link, &image, &size);
  if (r == CUDA_SUCCESS)
    EXPECT(cuModuleLoadData(mod, image), CUDA_SUCCESS);
  EXPECT(cuLinkDestroy(link), CUDA_SUCCESS);
  return r;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  CUdevice dev;
  CUcontext ctx;
  EXPECT(cuInit(0), CUDA_SUCCESS);
  EXPECT(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
  EXPECT(cuCtxCreate(&ctx, NULL, 0, dev), CUDA_SUCCESS);

  char log[4096] = "";
  CUmodule mod = NULL;
  EXPECT(
      link2(argv[1], "link-kernel.ptx", "link-lib.ptx", &mod, log, sizeof log),
      CUDA_SUCCESS);
  CUfunction k = NULL;
  EXPECT(cuModuleGetFunction(&k, mod, "k"), CUDA_SUCCESS);
  enum { N = 64 };
  CUdeviceptr d = deviceBuffer(NULL, N * 4, 0);
  void *args[] = {&d};
  launch1D(k, 1, N, args);
  unsigned out[N];
  EXPECT(cuMemcpyDtoH(out, d, sizeof out), CUDA_SUCCESS);
  for (unsigned i = 0; i < N; ++i)
    EXPECT_TRUE(out[i] == 3 * i + 100 + (i + 1000) + 2 * i + 97);
  // The variable the other module defines is the module's global.
  CUdeviceptr offset;
  size_t bytes;
  EXPECT(cuModuleGetGlobal(&offset, &bytes, mod, "offset"), CUDA_SUCCESS);
  EXPECT_TRUE(bytes == 4);

  // The same modules in the other order link the same program.
  CUmodule mod2 = NULL;
  EXPECT(
      link2(argv[1], "link-lib.ptx", "link-kernel.ptx", &mod2, log, sizeof log),
      CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&k, mod2, "k"), CUDA_SUCCESS);
  launch1D(k, 1, N, args);
  unsigned out2[N];
  EXPECT(cuMemcpyDtoH(out2, d, sizeof out2), CUDA_SUCCESS);
  EXPECT_TRUE(memcmp(out, out2, sizeof out) == 0);

  EXPECT(link2(argv[1], "link-lib.ptx", "link-dup.ptx", &mod2, log, sizeof log),
         CUDA_ERROR_INVALID_PTX);
  printf("error log: %s\n", log);
  return finish();
}
