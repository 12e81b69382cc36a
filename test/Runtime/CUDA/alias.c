// Calls through `.alias` names on the CPU agent: a direct call, an indirect
// call through the alias's address (mov), one through a function pointer
// in a .global initialized with the alias, and a call of an alias of the
// alias all reach the aliasee (Inputs/alias.ptx; thread i: 2i, 4i, 8i,
// 16i). The lowering resolves aliases to the aliasee (PTXToShared/Alias.cpp).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/alias.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>

enum { N = 64 };

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  uint32_t out[N * 4];
  CUcontext ctx = runOneBuffer(argv[1], N, out, sizeof out);
  for (uint32_t i = 0; i < N; ++i)
    for (uint32_t j = 0; j < 4; ++j) {
      uint32_t want = i << (j + 1);
      EXPECT_TRUE(out[4 * i + j] == want);
      if (out[4 * i + j] != want)
        printf("thread %u call %u: got %u, want %u\n", i, j, out[4 * i + j],
               want);
    }
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
