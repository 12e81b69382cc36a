// redux.sync.{min,max}{.abs}{.NaN}.f32 on the CPU agent against a reference
// written from the PTX manual: min/max skip NaN inputs unless .NaN (then a
// NaN input gives the canonical NaN), -0 < +0, .abs takes |x| first; only
// lanes in the member mask take part. Four warps with different masks and
// inputs (NaNs, ±0, ±inf, subnormals). sm_100a PTX: not run on NVIDIA
// hardware here (the reference GPU is an sm_90).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs -lm
// RUN: %t %S/Inputs/redux-float.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

enum { WARPS = 4, N = WARPS * 32 };

static uint32_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static float flt(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static const uint32_t kNaN = 0x7fffffff; // canonical NaN

// PTX min/max of two values.
static uint32_t minmax(uint32_t a, uint32_t b, int isMax, int nan) {
  float x = flt(a), y = flt(b);
  if (isnan(x) || isnan(y)) {
    if (nan || (isnan(x) && isnan(y)))
      return kNaN;
    return isnan(x) ? b : a;
  }
  if (x == y) // ±0: max prefers +0, min -0
    return isMax ? (a & b) : (a | b);
  return (isMax ? x > y : x < y) ? a : b;
}

static uint32_t reference(const uint32_t *in, uint32_t mask, int isMax,
                          int abs, int nan) {
  uint32_t acc = 0;
  int any = 0;
  for (int l = 0; l < 32; ++l) {
    if (!(mask >> l & 1))
      continue;
    uint32_t v = abs ? in[l] & 0x7fffffff : in[l];
    acc = any ? minmax(acc, v, isMax, nan) : (nan && isnan(flt(v)) ? kNaN : v);
    any = 1;
  }
  return acc;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  uint32_t in[N], masks[WARPS] = {0xffffffffu, 0x0000ffffu, 0x80000001u,
                                  0x55555555u};
  uint32_t out[N * 4];
  for (int i = 0; i < N; ++i)
    in[i] = bits((float)((i * 37) % 23) - 11.5f);
  // warp 0: a NaN and both zeros; warp 1: all-NaN members except one;
  // warp 2: -inf/+inf; warp 3: subnormals, -0 only.
  in[5] = kNaN;
  in[6] = bits(-0.0f);
  in[7] = bits(0.0f);
  for (int l = 0; l < 16; ++l)
    in[32 + l] = 0x7fc00001u + l;
  in[32 + 9] = bits(3.0f);
  in[64] = bits(-INFINITY);
  in[64 + 31] = bits(INFINITY);
  for (int l = 0; l < 32; l += 2)
    in[96 + l] = (l & 4) ? 0x80000001u : bits(-0.0f);
  in[96 + 4] = 0x00000003u;

  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "k");
  CUdeviceptr dIn = deviceBuffer(in, sizeof in, 0);
  CUdeviceptr dMasks = deviceBuffer(masks, sizeof masks, 0);
  CUdeviceptr dOut = deviceBuffer(NULL, sizeof out, 0xee);
  void *args[] = {&dIn, &dMasks, &dOut};
  launch1D(fn, 1, N, args);
  EXPECT(cuMemcpyDtoH(out, dOut, sizeof out), CUDA_SUCCESS);
  for (int w = 0; w < WARPS; ++w) {
    uint32_t want[4] = {reference(in + 32 * w, masks[w], 0, 0, 0),
                        reference(in + 32 * w, masks[w], 1, 0, 1),
                        reference(in + 32 * w, masks[w], 0, 1, 0),
                        reference(in + 32 * w, masks[w], 1, 1, 1)};
    for (int l = 0; l < 32; ++l) {
      if (!(masks[w] >> l & 1))
        continue;
      for (int k = 0; k < 4; ++k) {
        uint32_t got = out[(32 * w + l) * 4 + k];
        EXPECT_TRUE(got == want[k]);
        if (got != want[k])
          printf("warp %d lane %d reduction %d: got 0x%08x want 0x%08x\n", w,
                 l, k, got, want[k]);
      }
    }
  }
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
