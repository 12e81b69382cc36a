// red.async on the CPU agent, every form of the PTX ISA: per block, 128
// threads reduce into shared words with the mbarrier forms (inc/dec .u32,
// min/max .u32/.s32, and/or/xor .b32, add .u32/.s32/.u64), each completing
// its bytes on one mbarrier whose phase the threads wait for; then all
// blocks reduce into global words with the .release forms (add .u32/.s32/
// .u64/.s64 at .gpu/.sys scope). Expected values come from a sequential
// reference of each operation's rule (inc and dec wrap at their operand, so
// their order does not matter with one operand for all threads).
// Inputs/red-async.ptx is nvcc's for Inputs/red-async.cu (sm_100a).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/red-async.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { BLOCKS = 4, THREADS = 128 };

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "red_async");
  if (!fn)
    return finish();
  CUdeviceptr out32 = deviceBuffer(NULL, BLOCKS * 11 * 4, 0);
  CUdeviceptr out64 = deviceBuffer(NULL, BLOCKS * 8, 0);
  CUdeviceptr g32 = deviceBuffer(NULL, 8, 0);
  CUdeviceptr g64 = deviceBuffer(NULL, 16, 0);
  void *args[] = {&out32, &out64, &g32, &g64};
  launch1D(fn, BLOCKS, THREADS, args);

  // The reference, one thread after the other.
  uint32_t w[11] = {0, 10, 0xffffffffu, 0, 0, 0x80000000u, 0xffffffffu,
                    0, 0x12345678u, 0, 0};
  uint64_t w64 = 5;
  for (uint32_t t = 0; t < THREADS; t++) {
    w[0] = w[0] >= 50 ? 0 : w[0] + 1;                  // inc.u32, b = 50
    w[1] = (w[1] == 0 || w[1] > 100) ? 100 : w[1] - 1; // dec.u32, b = 100
    if (t * 7u + 3u < w[2])
      w[2] = t * 7u + 3u;
    if ((int32_t)t - 64 < (int32_t)w[3])
      w[3] = (uint32_t)((int32_t)t - 64);
    if (t * 0x01000193u > w[4])
      w[4] = t * 0x01000193u;
    if (-(int32_t)t - 1 > (int32_t)w[5])
      w[5] = (uint32_t)(-(int32_t)t - 1);
    w[6] &= ~(1u << (t % 16));
    w[7] |= 1u << (t % 20);
    w[8] ^= t * 0x9e3779b9u;
    w[9] += t + 1u;
    w[10] += (uint32_t)(-(int32_t)t * 3);
    w64 += ((uint64_t)t << 33) + 1;
  }
  uint32_t r32[BLOCKS * 11];
  uint64_t r64[BLOCKS], g[4];
  EXPECT(cuMemcpyDtoH(r32, out32, sizeof r32), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(r64, out64, sizeof r64), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(g, g32, 8), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(g + 2, g64, 16), CUDA_SUCCESS);
  static const char *names[11] = {"inc.u32", "dec.u32", "min.u32", "min.s32",
                                  "max.u32", "max.s32", "and.b32", "or.b32",
                                  "xor.b32", "add.u32", "add.s32"};
  for (int blk = 0; blk < BLOCKS; blk++) {
    for (int i = 0; i < 11; i++) {
      EXPECT_TRUE(r32[blk * 11 + i] == w[i]);
      if (r32[blk * 11 + i] != w[i])
        printf("  block %d red.async.%s: 0x%08x, expected 0x%08x\n", blk,
               names[i], r32[blk * 11 + i], w[i]);
    }
    EXPECT_TRUE(r64[blk] == w64);
  }
  uint32_t gu32 = 0, gs32 = 0;
  uint64_t gu64 = 0, gs64 = 0;
  for (uint32_t blk = 0; blk < BLOCKS; blk++)
    for (uint32_t t = 0; t < THREADS; t++) {
      gu32 += t + 1u;
      gs32 += (uint32_t)(-(int32_t)t);
      gu64 += ((uint64_t)t << 32) + blk;
      gs64 += (uint64_t)(-(int64_t)t * 1000000007LL);
    }
  uint32_t gw[2];
  memcpy(gw, g, 8);
  EXPECT_TRUE(gw[0] == gu32);
  EXPECT_TRUE(gw[1] == gs32);
  EXPECT_TRUE(g[2] == gu64);
  EXPECT_TRUE(g[3] == gs64);
  return finish();
}
