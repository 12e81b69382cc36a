// Vector atom/red (sm_90) on the CPU agent: 512 threads contend on the same
// addresses. Each element of a vector atomic is an atomic of its own (the
// ISA guarantees atomicity per element only), so per element the returned
// old values and the final value must be a chain: for add, the olds plus
// the final value are the init plus each (old + operand); for max/min the
// final value is the PTX max/min of all operands (a NaN yields the other
// operand, both NaN the canonical NaN, -0 < +0) and every old value is the
// init or an operand. The same program runs the PTX on NVIDIA's driver.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs -lm
// RUN: %t %S/Inputs/vector-atomics.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

enum { BLOCKS = 4, THREADS = 128, N = BLOCKS * THREADS, STRIDE = 64 };

// Per-thread input (in) and returned values (olds), 64 bytes each.
struct In {
  float add[4];     // atom.v4.f32.add and red.v4.f32.add
  uint16_t mx[8];   // atom.v8.f16.max
  uint32_t mn[2];   // atom.v2.bf16x2.min
  uint16_t badd[2]; // atom.v2.bf16.add (threads with tid % 4 == 0)
  uint32_t pad;
  uint32_t red[2];  // red.v2.f16x2.add
  uint32_t pad2[2];
};
struct Olds {
  float add[4];
  uint16_t mx[8];
  uint32_t mn[2];
  uint16_t badd[2];
  uint32_t pad[5];
};
// The accumulators (acc): byte offsets 0, 16, 32, 48, 64, 80.
struct Acc {
  float add[4];
  uint32_t red[2];
  uint32_t pad0[2];
  uint16_t mx[8];
  uint32_t mn[2];
  uint32_t pad1[2];
  uint16_t badd[2];
  uint32_t pad2[3];
  float redf[4];
};

static float halfToFloat(uint16_t h) {
  int e = h >> 10 & 31, m = h & 1023;
  float v = e == 0 ? ldexpf((float)m, -24)
            : e == 31 ? (m ? NAN : INFINITY)
                      : ldexpf((float)(m | 1024), e - 25);
  return (h & 0x8000) ? -v : v;
}
static float bf16ToFloat(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

// PTX min/max of two 16-bit values; canonical NaN 0x7fff.
static uint16_t minmax16(uint16_t a, uint16_t b, int isMax, int bf) {
  float x = bf ? bf16ToFloat(a) : halfToFloat(a);
  float y = bf ? bf16ToFloat(b) : halfToFloat(b);
  if (isnan(x) && isnan(y))
    return 0x7fff;
  if (isnan(x) || isnan(y))
    return isnan(x) ? b : a;
  if (x == y)
    return isMax ? (a & b) : (a | b);
  return (isMax ? x > y : x < y) ? a : b;
}

static int cmpFloat(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

static uint16_t pool(uint32_t k) {
  static const uint16_t p[] = {
      0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7d01,
      0x0001, 0x8001, 0x03ff, 0x5640, 0xd640, 0x7bff, 0xfbff, 0x3555};
  return p[k % 16];
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  static struct In in[N];
  static struct Olds olds[N];
  struct Acc acc0, acc;
  _Static_assert(sizeof(struct In) == STRIDE, "in stride");
  _Static_assert(sizeof(struct Olds) == STRIDE, "olds stride");
  _Static_assert(sizeof(struct Acc) == 96, "acc layout");
  memset(in, 0, sizeof in);
  memset(&acc0, 0, sizeof acc0);
  acc0.add[0] = 1.0f, acc0.add[1] = -2.0f, acc0.add[2] = 100.0f;
  acc0.add[3] = 0.0f;
  // max: element 0 starts NaN, 1 at -0 (operands -0/+0/negatives), 2 sees
  // NaN operands, 3 only NaNs (canonical NaN), 4 subnormals, 5-7 mixed.
  uint16_t mx0[8] = {0x7e00, 0x8000, 0xfc00, 0x7e00,
                     0x8001, 0x0000, 0xfbff, 0x3c00};
  memcpy(acc0.mx, mx0, sizeof mx0);
  acc0.mn[0] = 0x7f807f80u; // +inf, +inf
  acc0.mn[1] = 0x7fc00000u; // bf16 +0 (low), NaN (high)
  for (uint32_t t = 0; t < N; ++t) {
    for (int j = 0; j < 4; ++j)
      in[t].add[j] = (float)((t * 7 + j * 3) % 16) * 0.25f - 1.0f;
    for (int j = 0; j < 8; ++j)
      in[t].mx[j] = pool(t * 5 + j * 3);
    in[t].mx[1] = (t == 300) ? 0x0000 : (t % 3 ? 0x8000 : 0xbc00);
    in[t].mx[2] = (t % 2) ? 0x7e00 : pool(t);
    in[t].mx[3] = 0x7c01 + (t & 7);
    in[t].mx[4] = (t * 13) % 1024 | ((t & 1) << 15);
    uint16_t lo = (uint16_t)(0x3f80 + (t * 37) % 200);
    uint16_t hi = (uint16_t)((t % 5 == 0) ? 0x7fc1 : 0xc000 + t);
    in[t].mn[0] = (uint32_t)hi << 16 | lo;
    in[t].mn[1] = (t == 17) ? 0x00008000u : ((uint32_t)(0x4000 + t) << 16 | 0x0001);
    in[t].badd[0] = 0x3f80; // 1.0
    in[t].badd[1] = 0x4000; // 2.0
    in[t].red[0] = 0x38003c00u; // {1.0, 0.5}
    in[t].red[1] = 0x34004000u; // {2.0, 0.25}
  }

  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "k");
  CUdeviceptr dAcc = deviceBuffer(&acc0, sizeof acc0, 0);
  CUdeviceptr dIn = deviceBuffer(in, sizeof in, 0);
  CUdeviceptr dOlds = deviceBuffer(NULL, sizeof olds, 0xee);
  void *args[] = {&dAcc, &dIn, &dOlds};
  launch1D(fn, BLOCKS, THREADS, args);
  EXPECT(cuMemcpyDtoH(&acc, dAcc, sizeof acc), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(olds, dOlds, sizeof olds), CUDA_SUCCESS);

  // f32 add: sums are exact (multiples of 1/4), so any order gives them;
  // {olds, final} == {init, old + operand}.
  static float lhs[N + 1], rhs[N + 1];
  for (int j = 0; j < 4; ++j) {
    float sum = acc0.add[j];
    for (int t = 0; t < N; ++t) {
      sum += in[t].add[j];
      lhs[t] = olds[t].add[j];
      rhs[t] = olds[t].add[j] + in[t].add[j];
    }
    lhs[N] = acc.add[j];
    rhs[N] = acc0.add[j];
    qsort(lhs, N + 1, sizeof(float), cmpFloat);
    qsort(rhs, N + 1, sizeof(float), cmpFloat);
    EXPECT_TRUE(acc.add[j] == sum);
    EXPECT_TRUE(memcmp(lhs, rhs, sizeof lhs) == 0);
    EXPECT_TRUE(acc.redf[j] == sum - acc0.add[j]);
    if (acc.add[j] != sum || acc.redf[j] != sum - acc0.add[j])
      printf("f32 add %d: got %g and %g, want %g\n", j, acc.add[j],
             acc.redf[j], sum);
  }
  // red f16x2: N * {1, 0.5, 2, 0.25} = {512, 256, 1024, 128}, exact.
  EXPECT_TRUE(acc.red[0] == 0x5c006000u);
  EXPECT_TRUE(acc.red[1] == 0x58006400u);
  if (acc.red[0] != 0x5c006000u || acc.red[1] != 0x58006400u)
    printf("red f16x2: got 0x%08x 0x%08x\n", acc.red[0], acc.red[1]);
  // f16 max, 8 elements.
  for (int j = 0; j < 8; ++j) {
    uint16_t want = acc0.mx[j];
    for (int t = 0; t < N; ++t)
      want = minmax16(want, in[t].mx[j], 1, 0);
    EXPECT_TRUE(acc.mx[j] == want);
    if (acc.mx[j] != want)
      printf("f16 max %d: got 0x%04x want 0x%04x\n", j, acc.mx[j], want);
    int initSeen = 0, bad = 0;
    for (int t = 0; t < N; ++t) {
      uint16_t o = olds[t].mx[j];
      int known = o == acc0.mx[j] || o == 0x7fff;
      initSeen |= o == acc0.mx[j];
      for (int u = 0; u < N && !known; ++u)
        known = o == in[u].mx[j];
      bad |= !known;
    }
    EXPECT_TRUE(initSeen && !bad);
  }
  // bf16x2 min, 4 lanes.
  for (int w = 0; w < 2; ++w)
    for (int l = 0; l < 2; ++l) {
      uint16_t want = (uint16_t)(acc0.mn[w] >> (16 * l));
      for (int t = 0; t < N; ++t)
        want = minmax16(want, (uint16_t)(in[t].mn[w] >> (16 * l)), 0, 1);
      uint16_t got = (uint16_t)(acc.mn[w] >> (16 * l));
      EXPECT_TRUE(got == want);
      if (got != want)
        printf("bf16x2 min %d.%d: got 0x%04x want 0x%04x\n", w, l, got, want);
      int bad = 0;
      for (int t = 0; t < N; ++t) {
        uint16_t o = (uint16_t)(olds[t].mn[w] >> (16 * l));
        int known = o == (uint16_t)(acc0.mn[w] >> (16 * l)) || o == 0x7fff;
        for (int u = 0; u < N && !known; ++u)
          known = o == (uint16_t)(in[u].mn[w] >> (16 * l));
        bad |= !known;
      }
      EXPECT_TRUE(!bad);
    }
  // bf16 add by the 128 threads with tid % 4 == 0: the olds are exactly
  // 0, 1, ..., 127 (and 0, 2, ..., 254) in some order.
  for (int j = 0; j < 2; ++j) {
    int seen[128] = {0}, bad = 0;
    for (int t = 0; t < N; t += 4) {
      float o = bf16ToFloat(olds[t].badd[j]) / (float)(j + 1);
      int k = (int)o;
      if (o != (float)k || k < 0 || k >= 128 || seen[k]++)
        bad = 1;
    }
    EXPECT_TRUE(!bad);
    EXPECT_TRUE(acc.badd[j] == (j ? 0x4380 : 0x4300));
    if (bad || acc.badd[j] != (j ? 0x4380 : 0x4300))
      printf("bf16 add %d: final 0x%04x, olds %s\n", j, acc.badd[j],
             bad ? "wrong" : "ok");
  }
  // Threads that skipped the bf16 add kept the poison.
  EXPECT_TRUE(olds[1].badd[0] == 0xeeee);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
