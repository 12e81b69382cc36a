// The sm_100 modes of cp.async.bulk.tensor (Inputs/tensor-sm100.cu, PTX
// from nvcc -arch=sm_100a), from the PTX manual's text (§5.5.3.4 "Tiled
// scatter4/gather4 modes", cp.async.bulk.tensor; docs/lowering.md, "Tensor
// maps"), not measured: no sm_100 GPU was at hand and an H200 refuses
// these forms. Against a CPU reference over a 64x16 u32 tensor (element
// value: its index + 1):
//  - gather4: four rows {y0..y3} of box[0] elements from column x land in
//    shared memory in operand order (the manual does not state the order:
//    our reading), swizzled as a 4-row tile box; elements outside the
//    tensor (columns past 63, rows -1 and 16) are zero; the mbarrier
//    completes on 4 x box[0] x 4 bytes; with and without .cta_group::1/::2
//    (a launch is a cluster of one CTA: nothing changes);
//  - scatter4: the inverse; elements outside the tensor are skipped.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/tensor-sm100.ptx | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/tensor-sm100.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { TW = 64, TH = 16, TN = TW * TH };

// CUTLASS's Swizzle<B,4,3> of a box byte offset (B = 0 none, 2 64B, 3
// 128B), the tile-mode placement measured on an H200 (tensor-layout.c).
static unsigned swizzle(unsigned o, unsigned b) {
  return b ? o ^ ((o >> 3) & (((1u << b) - 1) << 4)) : o;
}

static CUtensorMap encode(CUdeviceptr base, unsigned box0, unsigned b) {
  CUtensorMap map;
  cuuint64_t dims[2] = {TW, TH}, strides[1] = {TW * 4};
  cuuint32_t box[2] = {box0, 1}, estr[2] = {1, 1};
  CUtensorMapSwizzle sw = b == 3   ? CU_TENSOR_MAP_SWIZZLE_128B
                          : b == 2 ? CU_TENSOR_MAP_SWIZZLE_64B
                                   : CU_TENSOR_MAP_SWIZZLE_NONE;
  EXPECT(cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_UINT32, 2,
                                (void *)base, dims, strides, box, estr,
                                CU_TENSOR_MAP_INTERLEAVE_NONE, sw,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
         CUDA_SUCCESS);
  return map;
}

static int inside(int x, int y) { return x >= 0 && x < TW && y >= 0 && y < TH; }

static const struct {
  int x, y[4];
  unsigned box0, swz;
  int cta;
} gathers[] = {
    {4, {2, 5, 0, 9}, 8, 0, 0},
    {60, {15, 16, -1, 3}, 8, 0, 1},    // partly and wholly outside
    {0, {7, 1, 1, 12}, 32, 3, 2},      // 128B swizzle, a repeated row
    {16, {0, 1, 2, 3}, 16, 2, 0},      // 64B swizzle
    {-4, {8, 9, 10, 11}, 8, 0, 2},     // a negative column
};

static void gatherTest(CUfunction fn, CUdeviceptr dt) {
  CUdeviceptr dout = deviceBuffer(NULL, 4 * 4 * 32 * 4 + 4, 0);
  for (unsigned i = 0; i < sizeof gathers / sizeof *gathers; ++i) {
    unsigned b0 = gathers[i].box0, words = 4 * b0, bytes = words * 4;
    CUtensorMap map = encode(dt, b0, gathers[i].swz);
    int x = gathers[i].x, cta = gathers[i].cta;
    int y[4];
    memcpy(y, gathers[i].y, sizeof y);
    void *args[] = {&map, &x,   &y[0],  &y[1],  &y[2],
                    &y[3], &cta, &bytes, &words, &dout};
    launch1D(fn, 1, 1, args);
    uint32_t got[4 * 32 + 1], want[4 * 32];
    EXPECT(cuMemcpyDtoH(got, dout, (words + 1) * 4), CUDA_SUCCESS);
    for (unsigned r = 0; r < 4; ++r)
      for (unsigned k = 0; k < b0; ++k) {
        int gx = x + (int)k, gy = y[r];
        want[swizzle((r * b0 + k) * 4, gathers[i].swz) / 4] =
            inside(gx, gy) ? (uint32_t)(gy * TW + gx + 1) : 0;
      }
    int ok = !memcmp(got, want, bytes);
    if (!ok)
      for (unsigned w = 0; w < words; ++w)
        if (got[w] != want[w])
          printf("gather %u: word %u is %#x, expected %#x\n", i, w, got[w],
                 want[w]);
    EXPECT_TRUE(ok);
    EXPECT_TRUE(got[words] == 1); // the mbarrier completed
  }
}

static const struct {
  int x, y[4];
  unsigned box0, swz;
} scatters[] = {
    {8, {3, 0, 14, 7}, 8, 0},
    {60, {1, 16, 2, -1}, 8, 0},        // partly and wholly outside
    {0, {4, 9, 10, 11}, 32, 3},        // 128B swizzle
};

static void scatterTest(CUfunction fn, CUdeviceptr dt, const uint32_t *init) {
  static uint32_t in[4 * 32];
  for (unsigned w = 0; w < 4 * 32; ++w)
    in[w] = 0x5000u + w;
  CUdeviceptr din = deviceBuffer(in, sizeof in, 0);
  for (unsigned i = 0; i < sizeof scatters / sizeof *scatters; ++i) {
    EXPECT(cuMemcpyHtoD(dt, init, TN * 4), CUDA_SUCCESS);
    unsigned b0 = scatters[i].box0, words = 4 * b0;
    CUtensorMap map = encode(dt, b0, scatters[i].swz);
    int x = scatters[i].x;
    int y[4];
    memcpy(y, scatters[i].y, sizeof y);
    void *args[] = {&map, &x, &y[0], &y[1], &y[2], &y[3], &words, &din};
    launch1D(fn, 1, 1, args);
    static uint32_t got[TN], want[TN];
    EXPECT(cuMemcpyDtoH(got, dt, sizeof got), CUDA_SUCCESS);
    memcpy(want, init, sizeof want);
    for (unsigned r = 0; r < 4; ++r)
      for (unsigned k = 0; k < b0; ++k) {
        int gx = x + (int)k, gy = y[r];
        if (inside(gx, gy))
          want[gy * TW + gx] =
              in[swizzle((r * b0 + k) * 4, scatters[i].swz) / 4];
      }
    int ok = !memcmp(got, want, sizeof got);
    if (!ok)
      for (unsigned t = 0; t < TN; ++t)
        if (got[t] != want[t])
          printf("scatter %u: element (%u, %u) is %#x, expected %#x\n", i,
                 t % TW, t / TW, got[t], want[t]);
    EXPECT_TRUE(ok);
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s tensor-sm100.ptx\n", argv[0]);
    return 2;
  }
  CUcontext ctx;
  CUfunction gather = loadKernel(&ctx, argv[1], "gather4");
  CUmodule mod;
  EXPECT(cuFuncGetModule(&mod, gather), CUDA_SUCCESS);
  CUfunction scatter = NULL;
  EXPECT(cuModuleGetFunction(&scatter, mod, "scatter4"), CUDA_SUCCESS);
  static uint32_t init[TN];
  for (unsigned t = 0; t < TN; ++t)
    init[t] = t + 1;
  CUdeviceptr dt = deviceBuffer(init, sizeof init, 0);
  if (gather)
    gatherTest(gather, dt);
  if (scatter)
    scatterTest(scatter, dt, init);
  return finish();
}
