// Barriers with a thread count count warps, not threads: a warp arrives once
// all its non-exited threads have arrived (through any barrier instruction
// with that id) and counts 32. Kernels of Inputs/counted-barriers.ptx: a warp
// with exited lanes at counted barrier.red/bar.red/barrier.sync (the
// reviewer's t10, which deadlocked the CPU agent with "95 of 96 arrived"), a
// divergent warp reaching one barrier through two instructions (t2, with and
// without exited lanes), a warp whose last lanes exit while the others wait,
// a 48-thread block at a count of 64, and half warps at bar.sync or
// barrier.sync whose other lanes neither arrive nor exit for a while (the
// barrier waits for them, on the H200 too). Each expected value is what an
// H200 (driver 580.159.04, JIT from the same PTX) gave.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/counted-barriers.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>

enum { MAX_THREADS = 128 };

static CUmodule mod;

/* Runs kernel `name` on one block of `threads` threads with `arg` and
 * checks out[t] against want(t, arg); prints the first mismatches. */
static void check(const char *name, unsigned threads, uint32_t arg,
                  uint32_t (*want)(uint32_t t, uint32_t arg)) {
  CUfunction fn = NULL;
  EXPECT(cuModuleGetFunction(&fn, mod, name), CUDA_SUCCESS);
  CUdeviceptr dOut = deviceBuffer(NULL, 4 * threads, 0xff);
  void *args[] = {&dOut, &arg};
  launch1D(fn, 1, threads, args);
  uint32_t out[MAX_THREADS];
  EXPECT(cuMemcpyDtoH(out, dOut, 4 * threads), CUDA_SUCCESS);
  EXPECT(cuMemFree(dOut), CUDA_SUCCESS);
  int shown = 0;
  for (uint32_t t = 0; t < threads; ++t) {
    uint32_t w = want(t, arg);
    EXPECT_TRUE(out[t] == w);
    if (out[t] != w && shown++ < 4)
      printf("%s(%u): thread %u got %u, want %u\n", name, arg, t, out[t], w);
  }
}

/* h(t, lim) is 10 or 20 (all / not all t < lim) plus 100 or 200 (any / no
 * t < lim), over the threads of the barrier's phase. */
static uint32_t exitInFunc(uint32_t t, uint32_t n) {
  uint32_t first = (n >= 96 ? 10 : 20) + (n > 0 ? 100 : 200);
  return t == 95 ? 7 : 110 * 1000 + first;
}

static uint32_t exitedLanes(uint32_t t, uint32_t n) {
  return t >= n ? 7 : (n + 1) / 2 * 1000 + (t + 32) % n + 1;
}

static uint32_t diverge(uint32_t t, uint32_t n) {
  return t < 32 && t >= n ? 1 : 7;
}

static uint32_t lateExit(uint32_t t, uint32_t n) {
  (void)n;
  return t < 48 ? 1 : 7;
}

static uint32_t partialWarp(uint32_t t, uint32_t n) {
  (void)t, (void)n;
  return 48;
}

static uint32_t partialGroup(uint32_t t, uint32_t n) {
  (void)n;
  return t % 32 < 16 ? 1 : 3;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "exit_in_func");
  EXPECT(cuFuncGetModule(&mod, fn), CUDA_SUCCESS);
  check("exit_in_func", 96, 50, exitInFunc);
  check("exit_in_func", 96, 96, exitInFunc);
  check("exited_lanes", 96, 88, exitedLanes);
  check("exited_lanes", 96, 65, exitedLanes);
  check("diverge", 128, 0, diverge);
  check("diverge", 128, 8, diverge);
  check("late_exit", 64, 0, lateExit);
  check("partial_warp", 48, 0, partialWarp);
  check("partial_group", 64, 0, partialGroup);
  check("partial_group", 64, 1, partialGroup);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
