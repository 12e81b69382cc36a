// .reg return parameters (u32, b64 with a guarded ret, f32 through an
// indirect call with a .reg .callprototype): the importer reads each as a
// .param return. Checked on the CPU agent; the same PTX runs on NVIDIA
// hardware (sm_80).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/reg-returns.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { N = 64 };

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  uint32_t out[N * 8];
  CUcontext ctx = runOneBuffer(argv[1], N, out, sizeof out);
  for (uint32_t i = 0; i < N; ++i) {
    uint32_t x = 13 * i;
    uint64_t wide = (uint64_t)x << 4, gotWide;
    if (x <= 100)
      wide += 7;
    float half = (float)x * 0.5f, gotHalf;
    memcpy(&gotWide, &out[8 * i + 2], 8);
    memcpy(&gotHalf, &out[8 * i + 4], 4);
    EXPECT_TRUE(out[8 * i] == 2 * x);
    EXPECT_TRUE(gotWide == wide);
    EXPECT_TRUE(gotHalf == half);
    if (out[8 * i] != 2 * x || gotWide != wide || gotHalf != half)
      printf("thread %u: got %u %llu %g\n", i, out[8 * i],
             (unsigned long long)gotWide, gotHalf);
  }
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
