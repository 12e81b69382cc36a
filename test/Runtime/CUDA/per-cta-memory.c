// Per-CTA global memory (PTX ISA 9.4, .minperctamemory): libcuda allocates
// one slice per block of the grid, %perctamemorysize is the directive's size
// rounded up to a multiple of 1024 (3000 -> 3072, 2048 -> 2048) and
// %perctamemoryoffset the base of the block's slice, slices in linear block
// order one pitch apart (so they do not overlap). Each block of a 3-D grid
// writes its whole slice and reads it back (Inputs/per-cta-memory.ptx); the
// parameters before and after `out` keep their values. A region that cannot
// be allocated is CUDA_ERROR_OUT_OF_MEMORY, and the context stays usable.
// Run at wave32 (gfx1100) and wave64 (gfx942). Not compared with an NVIDIA
// GPU: ptxas and the driver of CUDA 13.0 do not take PTX ISA 9.4.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/per-cta-memory.ptx | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/per-cta-memory.ptx | FileCheck %s
// CHECK: slices: 12 blocks, pitch 3072
// CHECK: small: 12 blocks, pitch 2048
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { SLICES_REC = 32, SMALL_REC = 16 };

static uint32_t word(const uint8_t *rec, int offset) {
  uint32_t v;
  memcpy(&v, rec + offset, 4);
  return v;
}

static uint64_t dword(const uint8_t *rec, int offset) {
  uint64_t v;
  memcpy(&v, rec + offset, 8);
  return v;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  CUcontext ctx;
  CUfunction slices = loadKernel(&ctx, argv[1], "slices");
  CUmodule mod;
  CUfunction small = NULL, huge = NULL;
  EXPECT(cuFuncGetModule(&mod, slices), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&small, mod, "small"), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&huge, mod, "huge"), CUDA_SUCCESS);

  // The per-CTA memory base is no kernel parameter: three of them.
  size_t offset = 0, size = 0;
  EXPECT(cuFuncGetParamInfo(slices, 2, &offset, &size), CUDA_SUCCESS);
  EXPECT_TRUE(offset == 16 && size == 1);
  EXPECT(cuFuncGetParamInfo(slices, 3, &offset, &size),
         CUDA_ERROR_INVALID_VALUE);

  // slices: grid 3x2x2, 96 threads (three warps) per block.
  enum { BLOCKS = 12 };
  uint8_t rec[BLOCKS * SLICES_REC];
  CUdeviceptr out = deviceBuffer(NULL, sizeof rec, 0);
  uint32_t magic = 0x5eedf00d;
  uint8_t tail = 0xa7;
  void *args[] = {&magic, &out, &tail};
  EXPECT(cuLaunchKernel(slices, 3, 2, 2, 96, 1, 1, 0, NULL, args, NULL),
         CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(rec, out, sizeof rec), CUDA_SUCCESS);
  uint64_t base0 = dword(rec, 0);
  printf("slices: %d blocks, pitch %u\n", BLOCKS, word(rec, 8));
  for (uint32_t c = 0; c < BLOCKS; ++c) {
    const uint8_t *r = rec + c * SLICES_REC;
    EXPECT_TRUE(dword(r, 0) == base0 + (uint64_t)c * 3072);
    EXPECT_TRUE(word(r, 8) == 3072);
    EXPECT_TRUE(word(r, 12) == 0); // mismatches
    EXPECT_TRUE(word(r, 16) == c << 16);
    EXPECT_TRUE(word(r, 20) == (c << 16 | 749));
    EXPECT_TRUE(word(r, 24) == magic);
    EXPECT_TRUE(word(r, 28) == tail);
  }
  EXPECT(cuMemFree(out), CUDA_SUCCESS);

  // small: grid 2x3x2 (another shape), 64 threads per block.
  uint8_t srec[BLOCKS * SMALL_REC];
  out = deviceBuffer(NULL, sizeof srec, 0);
  void *sargs[] = {&out};
  EXPECT(cuLaunchKernel(small, 2, 3, 2, 64, 1, 1, 0, NULL, sargs, NULL),
         CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(srec, out, sizeof srec), CUDA_SUCCESS);
  base0 = dword(srec, 0);
  printf("small: %d blocks, pitch %u\n", BLOCKS, word(srec, 8));
  for (uint32_t c = 0; c < BLOCKS; ++c) {
    const uint8_t *r = srec + c * SMALL_REC;
    EXPECT_TRUE(dword(r, 0) == base0 + (uint64_t)c * 2048);
    EXPECT_TRUE(word(r, 8) == 2048);
    EXPECT_TRUE(word(r, 12) == 2 * c); // the two words written and read
  }

  // 2^20 slices of 4 GiB - 1 KiB: no such memory. Then 2^31 - 1 by 65535
  // by 65535 blocks: the size overflows 64 bits.
  EXPECT(cuLaunchKernel(huge, 1u << 20, 1, 1, 32, 1, 1, 0, NULL, NULL, NULL),
         CUDA_ERROR_OUT_OF_MEMORY);
  EXPECT(cuLaunchKernel(huge, 2147483647u, 65535, 65535, 1, 1, 1, 0, NULL,
                        NULL, NULL),
         CUDA_ERROR_OUT_OF_MEMORY);
  // Still usable: small again, one block.
  EXPECT(cuMemsetD8(out, 0, sizeof srec), CUDA_SUCCESS);
  EXPECT(cuLaunchKernel(small, 1, 1, 1, 32, 1, 1, 0, NULL, sargs, NULL),
         CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(srec, out, SMALL_REC), CUDA_SUCCESS);
  EXPECT_TRUE(word(srec, 8) == 2048 && dword(srec, 0) != 0);
  EXPECT(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT(cuMemFree(out), CUDA_SUCCESS);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
