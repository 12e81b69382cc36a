// %total_smem_size, %dynamic_smem_size and %aggr_smem_size report the
// launch's shared memory (static 256 bytes + the dynamic bytes, in 128-byte
// units, as an H200 reports them); %reserved_smem_offset_*, %pm*, %envreg*
// and %current_graph_exec read 0. The static variable sits at shared
// address 0 and the dynamic array right after it.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/smem-sregs.ptx | FileCheck %s
// CHECK: dynamic 0: total 256 dynamic 0 aggr 256
// CHECK: dynamic 1000: total 1280 dynamic 1000 aggr 1280
// CHECK: dynamic 4096: total 4352 dynamic 4096 aggr 4352
// CHECK: dynamic 50000: total 50304 dynamic 50000 aggr 50304
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "k");
  CUdeviceptr out = deviceBuffer(NULL, 128, 0);
  EXPECT(cuFuncSetAttribute(
             fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 50000),
         CUDA_SUCCESS);
  const unsigned sizes[] = {0, 1000, 4096, 50000};
  for (unsigned i = 0; i < sizeof sizes / sizeof *sizes; ++i) {
    unsigned dyn = sizes[i];
    uint32_t h[32];
    void *args[] = {&out};
    EXPECT(cuMemsetD8(out, 0xee, 128), CUDA_SUCCESS);
    EXPECT(cuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, dyn, NULL, args, NULL),
           CUDA_SUCCESS);
    EXPECT(cuMemcpyDtoH(h, out, 128), CUDA_SUCCESS);
    printf("dynamic %u: total %u dynamic %u aggr %u\n", dyn, h[0], h[1],
           h[2]);
    EXPECT_TRUE(h[0] == ((256 + dyn + 127) & ~127u));
    EXPECT_TRUE(h[1] == dyn);
    EXPECT_TRUE(h[2] == h[0]);
    // %reserved_smem_offset_{begin,end,cap,0,1}, %pm0, %pm7, %pm0_64
    for (int w = 3; w <= 11; ++w)
      EXPECT_TRUE(h[w] == 0);
    // %envreg0..3 and 31 (word 17 is not written), %current_graph_exec,
    // %envreg4..12
    for (int w = 12; w <= 16; ++w)
      EXPECT_TRUE(h[w] == 0);
    EXPECT_TRUE(h[18] == 0 && h[19] == 0);
    for (int w = 22; w <= 30; ++w)
      EXPECT_TRUE(h[w] == 0);
    EXPECT_TRUE(h[20] == 0);   // st
    EXPECT_TRUE(h[21] == 256); // dyn
  }
  EXPECT(cuMemFree(out), CUDA_SUCCESS);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
