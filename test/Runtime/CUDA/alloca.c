// alloca, stacksave and stackrestore (PTX 7.3): Inputs/alloca.ptx (nvcc's
// output for alloca() in device code: divergent sizes, allocations in a
// loop and in a called function) and Inputs/stack.ptx (by hand: a
// stacksave / alloca / stackrestore round that must free its memory, so
// that every round's alloca returns the same 64-byte aligned address),
// against CPU references, at wave32 and wave64. On AMD the kernels' code
// objects say .uses_dynamic_stack and our libcuda adds
// CU_LIMIT_STACK_SIZE to the private segment of their launches.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/alloca.ptx \
// RUN:   %S/Inputs/stack.ptx | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/alloca.ptx \
// RUN:   %S/Inputs/stack.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <string.h>

enum { THREADS = 64 };

static int inner(int k, int t) {
  int v[32];
  for (int i = 0; i < k; ++i)
    v[i] = i ^ t;
  int s = 0;
  for (int i = k - 1; i >= 0; --i)
    s = (int)((unsigned)s * 3u + (unsigned)v[i]);
  return s;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s alloca.ptx stack.ptx\n", argv[0]);
    return 2;
  }
  CUcontext ctx;
  CUfunction sum = loadKernel(&ctx, argv[1], "sum");
  CUmodule mod, stackMod;
  CUfunction rounds = NULL, restore = NULL;
  EXPECT(cuFuncGetModule(&mod, sum), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&rounds, mod, "rounds"), CUDA_SUCCESS);
  EXPECT(cuModuleLoad(&stackMod, argv[2]), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&restore, stackMod, "restore"), CUDA_SUCCESS);
  CUdeviceptr dout = deviceBuffer(NULL, THREADS * 8, 0);
  int got[2 * THREADS];

  if (sum) {
    int n = 20;
    void *args[] = {&dout, &n};
    launch1D(sum, 1, THREADS, args);
    EXPECT(cuMemcpyDtoH(got, dout, THREADS * 4), CUDA_SUCCESS);
    int ok = 1;
    for (int t = 0; t < THREADS; ++t) {
      int m = n + t % 5, a[32], s = 0;
      for (int i = 0; i < m; ++i)
        a[i] = i * i + t;
      for (int i = 0; i < m; ++i)
        s += a[(i * 7) % m];
      if (got[t] != s) {
        printf("sum: thread %d got %d, expected %d\n", t, got[t], s);
        ok = 0;
      }
    }
    EXPECT_TRUE(ok);
  }
  if (rounds) {
    int r = 8;
    void *args[] = {&dout, &r};
    launch1D(rounds, 1, THREADS, args);
    EXPECT(cuMemcpyDtoH(got, dout, THREADS * 4), CUDA_SUCCESS);
    int ok = 1;
    for (int t = 0; t < THREADS; ++t) {
      unsigned acc = 0;
      for (int q = 0; q < r; ++q) {
        int k = 1 + (q + t) % 13;
        for (int i = 0; i < k; ++i)
          acc += (unsigned)inner(k, q + i) * (unsigned)(i + 1);
      }
      if (got[t] != (int)acc) {
        printf("rounds: thread %d got %d, expected %d\n", t, got[t], (int)acc);
        ok = 0;
      }
    }
    EXPECT_TRUE(ok);
  }
  if (restore) {
    unsigned r = 50;
    void *args[] = {&dout, &r};
    launch1D(restore, 1, THREADS, args);
    EXPECT(cuMemcpyDtoH(got, dout, THREADS * 8), CUDA_SUCCESS);
    int ok = 1;
    for (int t = 0; t < THREADS; ++t) {
      unsigned want = 0;
      for (unsigned q = 0; q < r; ++q)
        want += q * 2016u + 64u * (unsigned)t;
      if ((unsigned)got[2 * t] != want || got[2 * t + 1] != 7) {
        printf("restore: thread %d got %u and flags %d, expected %u and 7\n", t,
               (unsigned)got[2 * t], got[2 * t + 1], want);
        ok = 0;
      }
    }
    EXPECT_TRUE(ok);
  }
  return finish();
}
