// Kernel parameters with their address taken (__grid_constant__: `mov.b64
// %rd, k_param_0` then `cvta.param`, the address passed to a .func and
// dereferenced generically) read the launch's argument bytes; an aggregate
// and a scalar parameter, both by address; k2 (hand-written) takes the
// address of a `.param .u32`, which is then passed by reference.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/grid-constant.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

struct P {
  int a[8];
  float s;
};

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  CUcontext ctx;
  int host[64];
  struct P p = {{3, -1, 4, 1, -5, 9, 2, -6}, 2.5f};
  int n = 700;
  CUfunction fn = loadKernel(&ctx, argv[1], "k");
  CUdeviceptr out = deviceBuffer(NULL, sizeof host, 0);
  void *args[] = {&p, &n, &out};
  launch1D(fn, 1, 64, args);
  EXPECT(cuMemcpyDtoH(host, out, sizeof host), CUDA_SUCCESS);
  // pick(&p.a[0], t & 7) * (int)p.s + n + 1000 (nvcc folds __isGlobal of
  // a grid constant's address to true).
  for (int t = 0; t < 64; ++t) {
    int want = p.a[t & 7] * 2 + n + 1000;
    EXPECT_TRUE(host[t] == want);
    if (host[t] != want)
      printf("thread %d: got %d want %d\n", t, host[t], want);
  }
  // k2: a scalar parameter read through its address.
  CUmodule mod = NULL;
  CUfunction fn2 = NULL;
  EXPECT(cuFuncGetModule(&mod, fn), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&fn2, mod, "k2"), CUDA_SUCCESS);
  void *args2[] = {&n, &out};
  launch1D(fn2, 1, 1, args2);
  EXPECT(cuMemcpyDtoH(host, out, 2 * sizeof(int)), CUDA_SUCCESS);
  EXPECT_TRUE(host[0] == n && host[1] == 2 * n);
  EXPECT(cuMemFree(out), CUDA_SUCCESS);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
