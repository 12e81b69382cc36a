// `__managed__` variables as the CUDA runtime uses them: the library is
// loaded with no context current, cuLibraryGetManaged answers at once (the
// PTX initializer already in place) and the host reads and writes the
// storage directly. Kernels in the primary context, in it again after
// cuDevicePrimaryCtxReset, and in a second context all use the same
// storage; cuLibraryGetGlobal and cuModuleGetGlobal answer it too. A
// module loaded on its own (cuModuleLoadData) has storage of its own.
// At wave32 and wave64.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/managed-vars.ptx \
// RUN:   | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/managed-vars.ptx \
// RUN:   | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <string.h>

enum { THREADS = 64 };

static char *readFile(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = calloc(n + 1, 1);
  if (fread(s, 1, n, f) != (size_t)n) {
    free(s);
    s = NULL;
  }
  fclose(f);
  return s;
}

/* Runs bump once in the current context; out[0..1] are the addresses the
 * kernel computes for counter and table. */
static void bump(CUfunction f, uint64_t out[2]) {
  CUdeviceptr dOut = deviceBuffer(NULL, 16, 0);
  void *args[] = {&dOut};
  launch1D(f, 1, THREADS, args);
  EXPECT(cuMemcpyDtoH(out, dOut, 16), CUDA_SUCCESS);
  EXPECT(cuMemFree(dOut), CUDA_SUCCESS);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  char *ptx = readFile(argv[1]);
  if (!ptx)
    return 2;
  EXPECT(cuInit(0), CUDA_SUCCESS);
  CUdevice dev;
  EXPECT(cuDeviceGet(&dev, 0), CUDA_SUCCESS);

  // No context: the storage exists and holds the initializers.
  CUcontext none = (CUcontext)1;
  EXPECT(cuCtxGetCurrent(&none), CUDA_SUCCESS);
  EXPECT_TRUE(none == NULL);
  CUlibrary lib;
  EXPECT(cuLibraryLoadData(&lib, ptx, NULL, NULL, 0, NULL, NULL, 0),
         CUDA_SUCCESS);
  CUdeviceptr dCounter = 0, dTable = 0, dZeroed = 0, d;
  size_t bytes = 0;
  EXPECT(cuLibraryGetManaged(&dCounter, &bytes, lib, "counter"), CUDA_SUCCESS);
  EXPECT_TRUE(bytes == 4);
  EXPECT(cuLibraryGetManaged(&dTable, &bytes, lib, "table"), CUDA_SUCCESS);
  EXPECT_TRUE(bytes == 32);
  EXPECT(cuLibraryGetManaged(&dZeroed, NULL, lib, "zeroed"), CUDA_SUCCESS);
  EXPECT(cuLibraryGetManaged(&d, &bytes, lib, "bump"), CUDA_ERROR_NOT_FOUND);
  EXPECT(cuLibraryGetManaged(&d, &bytes, lib, "nope"), CUDA_ERROR_NOT_FOUND);
  EXPECT(cuLibraryGetManaged(&d, &bytes, lib, NULL), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuLibraryGetManaged(&d, &bytes, NULL, "counter"),
         CUDA_ERROR_INVALID_HANDLE);
  if (!dCounter || !dTable || !dZeroed)
    return finish();
  uint32_t *counter = (uint32_t *)(uintptr_t)dCounter;
  uint64_t *table = (uint64_t *)(uintptr_t)dTable;
  uint32_t *zeroed = (uint32_t *)(uintptr_t)dZeroed;
  EXPECT_TRUE(*counter == 7);
  EXPECT_TRUE(table[0] == 10 && table[1] == 20 && table[2] == 30 &&
              table[3] == 40);
  EXPECT_TRUE(*zeroed == 0);
  *counter = 100;

  // The primary context sees what the host wrote, and the host what the
  // kernel wrote.
  CUcontext primary;
  EXPECT(cuDevicePrimaryCtxRetain(&primary, dev), CUDA_SUCCESS);
  EXPECT(cuCtxSetCurrent(primary), CUDA_SUCCESS);
  CUkernel k;
  EXPECT(cuLibraryGetKernel(&k, lib, "bump"), CUDA_SUCCESS);
  uint64_t out[2] = {0, 0};
  bump((CUfunction)k, out);
  EXPECT_TRUE(*counter == 100 + THREADS);
  EXPECT_TRUE(table[1] == 22);
  EXPECT_TRUE(*zeroed == 10);
  EXPECT_TRUE(out[0] == dCounter && out[1] == dTable);
  EXPECT(cuLibraryGetGlobal(&d, &bytes, lib, "counter"), CUDA_SUCCESS);
  EXPECT_TRUE(d == dCounter && bytes == 4);
  CUmodule mod;
  EXPECT(cuLibraryGetModule(&mod, lib), CUDA_SUCCESS);
  EXPECT(cuModuleGetGlobal(&d, &bytes, mod, "table"), CUDA_SUCCESS);
  EXPECT_TRUE(d == dTable && bytes == 32);

  // After a reset the library is loaded into the context again: same
  // storage, the values kept.
  *counter = 1000;
  EXPECT(cuDevicePrimaryCtxReset(dev), CUDA_SUCCESS);
  EXPECT(cuDevicePrimaryCtxRetain(&primary, dev), CUDA_SUCCESS);
  EXPECT(cuCtxSetCurrent(primary), CUDA_SUCCESS);
  bump((CUfunction)k, out);
  EXPECT_TRUE(*counter == 1000 + THREADS);
  EXPECT_TRUE(table[1] == 24);
  EXPECT_TRUE(*zeroed == 20);
  EXPECT_TRUE(out[0] == dCounter && out[1] == dTable);

  // A second context: the same storage again.
  CUcontext other;
  EXPECT(cuCtxCreate(&other, NULL, 0, dev), CUDA_SUCCESS);
  bump((CUfunction)k, out);
  EXPECT_TRUE(*counter == 1000 + 2 * THREADS);
  EXPECT_TRUE(table[1] == 26);
  EXPECT_TRUE(*zeroed == 30);
  EXPECT_TRUE(out[0] == dCounter && out[1] == dTable);

  // A module of its own has its own storage, initialised from the PTX.
  CUmodule own;
  CUfunction f;
  EXPECT(cuModuleLoadData(&own, ptx), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&f, own, "bump"), CUDA_SUCCESS);
  CUdeviceptr ownCounter = 0;
  EXPECT(cuModuleGetGlobal(&ownCounter, &bytes, own, "counter"), CUDA_SUCCESS);
  EXPECT_TRUE(ownCounter && ownCounter != dCounter && bytes == 4);
  if (ownCounter) {
    EXPECT_TRUE(*(uint32_t *)(uintptr_t)ownCounter == 7);
    bump(f, out);
    EXPECT_TRUE(*(uint32_t *)(uintptr_t)ownCounter == 7 + THREADS);
    EXPECT_TRUE(out[0] == ownCounter);
  }
  EXPECT_TRUE(*counter == 1000 + 2 * THREADS);
  EXPECT(cuModuleUnload(own), CUDA_SUCCESS);
  EXPECT(cuCtxDestroy(other), CUDA_SUCCESS);

  EXPECT(cuCtxSetCurrent(primary), CUDA_SUCCESS);
  EXPECT(cuLibraryUnload(lib), CUDA_SUCCESS);
  EXPECT(cuDevicePrimaryCtxRelease(dev), CUDA_SUCCESS);
  free(ptx);
  return finish();
}
