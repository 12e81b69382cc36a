// shared::cluster addresses on the CPU agent, where a cluster is one CTA:
// cvta{.to}.shared::cluster, ld/st.shared::cluster, mapa to rank 0 and
// isspacep.shared::cluster all treat the window as the CTA's own shared
// memory (Inputs/shared-cluster.ptx, sm_90).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/shared-cluster.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>

enum { N = 128 };

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  uint32_t out[N * 6];
  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "k");
  CUdeviceptr dOut = deviceBuffer(NULL, sizeof out, 0xff);
  void *args[] = {&dOut};
  launch1D(fn, 2, N, args);
  EXPECT(cuMemcpyDtoH(out, dOut, sizeof out), CUDA_SUCCESS);
  for (uint32_t i = 0; i < N; ++i) {
    uint32_t v = 1000 + i;
    uint32_t want[6] = {v, v, v, 1, 0, v};
    for (int j = 0; j < 6; ++j) {
      EXPECT_TRUE(out[6 * i + j] == want[j]);
      if (out[6 * i + j] != want[j])
        printf("thread %u value %d: got %u, want %u\n", i, j, out[6 * i + j],
               want[j]);
    }
  }
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
