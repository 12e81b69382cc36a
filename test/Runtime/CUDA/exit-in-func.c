// `exit` inside .func (direct and indirect calls, two levels deep): the
// thread ends, its caller's code after the call does not run, and the
// threads that remain pass bar.sync without it. Checked on the CPU agent;
// the same PTX runs on NVIDIA hardware (sm_80).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/exit-in-func.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>

enum { N = 96 };

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  uint32_t out[N * 2];
  CUcontext ctx = runOneBuffer(argv[1], N, out, sizeof out);
  int exited = 0;
  for (uint32_t i = 0; i < N; ++i) {
    int exits = i % 3 == 0 || (i % 2 == 1 && i % 5 == 0);
    uint32_t want = exits ? 1 : 2 * i + i + (i % 2 ? 3000 : 1000);
    uint32_t want2 = exits ? 0 : 7;
    exited += exits;
    EXPECT_TRUE(out[2 * i] == want && out[2 * i + 1] == want2);
    if (out[2 * i] != want || out[2 * i + 1] != want2)
      printf("thread %u: got %u %u, want %u %u\n", i, out[2 * i],
             out[2 * i + 1], want, want2);
  }
  printf("%d of %d threads exited\n", exited, N);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
