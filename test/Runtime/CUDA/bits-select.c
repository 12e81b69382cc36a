// bmsk (.clamp/.wrap), szext (.clamp .s32, .wrap .u32), fns, slct (.s32
// and .f32 selectors, with and without .ftz: -0, NaN and subnormal
// selectors) and min/max .xorsign.abs on f16x2/bf16x2 (a NaN result keeps
// its canonical sign) on the CPU agent, against a C reference written from
// the PTX manual's semantics (Inputs/bits-select.ptx, sm_86).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/bits-select.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { BLOCKS = 8, THREADS = 128, N = BLOCKS * THREADS, OUTS = 10, ROW = 12 };

static uint32_t rng = 12345;
static uint32_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 17;
  rng ^= rng << 5;
  return rng;
}

static uint32_t bmsk(uint32_t a, uint32_t b, int wrap) {
  uint32_t pos = wrap ? a & 31 : (a > 32 ? 32 : a);
  uint32_t len = wrap ? b & 31 : (b > 32 ? 32 : b);
  uint32_t d = 0;
  for (uint32_t i = 0; i < 32; ++i)
    if (i >= pos && i < pos + len)
      d |= 1u << i;
  return d;
}

static uint32_t szext(uint32_t a, uint32_t b, int wrap, int sgn) {
  uint32_t n = wrap ? b & 31 : (b > 32 ? 32 : b);
  if (n == 0)
    return 0;
  if (n == 32)
    return a;
  uint32_t low = a & ((1u << n) - 1);
  if (sgn && (low >> (n - 1)) & 1)
    low |= ~((1u << n) - 1);
  return low;
}

static uint32_t fns(uint32_t mask, uint32_t base, int32_t offset) {
  if (offset == 0)
    return (mask >> base) & 1 ? base : 0xffffffffu;
  int pos = (int)base;
  int64_t count = (offset > 0 ? (int64_t)offset : -(int64_t)offset) - 1;
  int inc = offset > 0 ? 1 : -1;
  while (pos >= 0 && pos < 32) {
    if ((mask >> pos) & 1) {
      if (count == 0)
        return (uint32_t)pos;
      --count;
    }
    pos += inc;
  }
  return 0xffffffffu;
}

static int f32IsNaN(uint32_t x) { return (x & 0x7fffffff) > 0x7f800000; }

// slct.f32: c >= 0 picks a (-0 included), c < 0 and NaN pick b; .ftz
// flushes a subnormal c to a zero of its sign first.
static uint32_t slctF(uint32_t a, uint32_t b, uint32_t c, int ftz) {
  if (f32IsNaN(c))
    return b;
  if (ftz && (c & 0x7f800000) == 0)
    c &= 0x80000000;
  int neg = (c >> 31) && (c & 0x7fffffff);
  return neg ? b : a;
}

// One 16-bit half of min/max{.NaN}.xorsign.abs: |a| and |b| compared as
// magnitudes (their bit patterns order like their values), the result's
// sign a.sign ^ b.sign unless the result is NaN (canonical 0x7fff).
static uint16_t xorsignAbs(uint16_t a, uint16_t b, int expBits, int isMax,
                           int nanMode) {
  uint16_t expMask = (uint16_t)(((1u << expBits) - 1) << (15 - expBits));
  uint16_t sign = (uint16_t)((a ^ b) & 0x8000);
  uint16_t ma = a & 0x7fff, mb = b & 0x7fff;
  int na = ma > expMask, nb = mb > expMask;
  if ((na && nb) || (nanMode && (na || nb)))
    return 0x7fff;
  uint16_t m;
  if (na)
    m = mb;
  else if (nb)
    m = ma;
  else
    m = isMax ? (ma > mb ? ma : mb) : (ma < mb ? ma : mb);
  return m | sign;
}

static uint32_t packed(uint32_t a, uint32_t b, int expBits, int isMax,
                       int nanMode) {
  uint16_t lo = xorsignAbs((uint16_t)a, (uint16_t)b, expBits, isMax, nanMode);
  uint16_t hi = xorsignAbs((uint16_t)(a >> 16), (uint16_t)(b >> 16), expBits,
                           isMax, nanMode);
  return (uint32_t)lo | (uint32_t)hi << 16;
}

static uint32_t special16(void) {
  static const uint16_t s[] = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00,
                               0xfe01, 0x7f80, 0xff80, 0x7fc0, 0xffc1,
                               0x0001, 0x8001, 0x3c00, 0xbc00};
  return s[next() % (sizeof s / sizeof s[0])];
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  static uint32_t in[N * 4], out[N * ROW];
  static const uint32_t fs[] = {0x00000000, 0x80000000, 0x7fc00000,
                                0xffc00000, 0x7f800001, 0x00000001,
                                0x80000001, 0x807fffff, 0x3f800000,
                                0xbf800000, 0x7f800000, 0xff800000};
  for (int i = 0; i < N; ++i) {
    uint32_t *v = &in[4 * i];
    v[0] = next();
    v[1] = next();
    v[2] = next();
    v[3] = i % 2 ? fs[next() % 12] : next();
    if (i % 3 == 0)
      v[0] %= 40;
    if (i % 4 < 2)
      v[1] %= 40;
    if (i % 5 < 3)
      v[2] = (uint32_t)((int32_t)(next() % 67) - 33);
    if (i % 7 == 0) {
      v[0] = special16() | special16() << 16;
      v[1] = special16() | special16() << 16;
    }
  }
  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "k");
  CUdeviceptr dOut = deviceBuffer(NULL, sizeof out, 0);
  CUdeviceptr dIn = deviceBuffer(in, sizeof in, 0);
  void *args[] = {&dOut, &dIn};
  launch1D(fn, BLOCKS, THREADS, args);
  EXPECT(cuMemcpyDtoH(out, dOut, sizeof out), CUDA_SUCCESS);
  static const char *names[OUTS] = {
      "bmsk.clamp", "bmsk.wrap",  "szext.clamp.s32", "szext.wrap.u32",
      "fns",        "slct.s32",   "slct.f32",        "slct.ftz.f32",
      "min.xorsign.abs.f16x2", "max.NaN.xorsign.abs.bf16x2"};
  int shown = 0;
  for (int i = 0; i < N; ++i) {
    uint32_t a = in[4 * i], b = in[4 * i + 1], c = in[4 * i + 2],
             f = in[4 * i + 3];
    uint32_t want[OUTS] = {bmsk(a, b, 0),
                           bmsk(a, b, 1),
                           szext(a, b, 0, 1),
                           szext(a, b, 1, 0),
                           fns(a, b & 31, (int32_t)c),
                           (int32_t)c >= 0 ? a : b,
                           slctF(a, b, f, 0),
                           slctF(a, b, f, 1),
                           packed(a, b, 5, 0, 0),
                           packed(a, b, 8, 1, 1)};
    for (int j = 0; j < OUTS; ++j) {
      uint32_t got = out[ROW * i + j];
      EXPECT_TRUE(got == want[j]);
      if (got != want[j] && shown++ < 20)
        printf("%s a=%08x b=%08x c=%08x f=%08x: got %08x, want %08x\n",
               names[j], a, b, c, f, got, want[j]);
    }
  }
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
