// tanh.approx.{f32,f16,f16x2,bf16,bf16x2} against tanh in double, on every
// 16-bit input and about 131,000 f32 inputs (each binade, a dense sweep of
// [-12, 12], the 0.6 seam of our formula, the special values):
// - f32: relative error at most 2^-11, the manual's bound; subnormal inputs
//   give themselves (tanh x = x there);
// - f16, bf16: at most one unit in the last place of the result type;
// - ±0 gives itself, ±inf gives ±1, NaN gives a NaN (its bits are
//   float-nan.c's business).
// The largest errors seen are printed as notes.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs -lm
// RUN: %t %S/Inputs/tanh-approx.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static double fromBits32(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static double fromHalf(uint16_t h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double s = (h & 0x8000) ? -1 : 1;
  if (e == 31)
    return m ? NAN : s * INFINITY;
  return s * (e ? ldexp(1024 + m, e - 25) : ldexp(m, -24));
}

static double fromBF16(uint16_t h) { return fromBits32((uint32_t)h << 16); }

// One unit in the last place at |t| of a float with `mant` stored mantissa
// bits and smallest normal exponent `emin`.
static double ulpAt(double t, int mant, int emin) {
  int e;
  frexp(fabs(t), &e);
  e -= 1;
  if (e < emin)
    e = emin;
  return ldexp(1, e - mant);
}

// A fails count and the worst error for each type.
static double worstF32, worstF16, worstBF16;
static int badShown;

static void fail(const char *what, uint32_t in, uint32_t out) {
  ++failures;
  if (badShown++ < 20)
    printf("FAIL %s: tanh.approx(0x%x) = 0x%x\n", what, in, out);
}

// Exact cases shared by all types: returns 1 when x was one of them.
static int exactCase(const char *what, double x, double r, uint32_t in,
                     uint32_t out, uint32_t outBits, uint32_t one) {
  ++checks;
  if (isnan(x)) {
    if (!isnan(r))
      fail(what, in, out);
    return 1;
  }
  if (x == 0 || isinf(x)) {
    uint32_t want = x == 0 ? in : (signbit(x) ? one | outBits : one);
    if (out != want)
      fail(what, in, out);
    return 1;
  }
  return 0;
}

static void check16(int bf, uint16_t in, uint16_t out) {
  const char *what = bf ? "bf16" : "f16";
  double x = bf ? fromBF16(in) : fromHalf(in);
  double r = bf ? fromBF16(out) : fromHalf(out);
  if (exactCase(what, x, r, in, out, 0x8000, bf ? 0x3f80 : 0x3c00))
    return;
  double t = tanh(x);
  double ulp = bf ? ulpAt(t, 7, -126) : ulpAt(t, 10, -14);
  double err = fabs(r - t) / ulp;
  double *worst = bf ? &worstBF16 : &worstF16;
  if (err > *worst)
    *worst = err;
  if (!(err <= 1.0))
    fail(what, in, out);
}

static void checkF32(uint32_t in, uint32_t out) {
  double x = fromBits32(in), r = fromBits32(out);
  if (exactCase("f32", x, r, in, out, 0x80000000u, 0x3f800000u))
    return;
  if (fabs(x) < 0x1p-126) {
    if (out != in)
      fail("f32 subnormal", in, out);
    return;
  }
  double t = tanh(x);
  double err = fabs(r - t) / fabs(t);
  if (err > worstF32)
    worstF32 = err;
  if (!(err <= 0x1p-11))
    fail("f32", in, out);
}

static CUmodule mod;

// Runs kernel `name` on n elements of `elem` bytes in, `outElem` out.
static void *run(const char *name, const void *in, size_t n, size_t elem,
                 size_t outElem) {
  CUfunction fn;
  EXPECT(cuModuleGetFunction(&fn, mod, name), CUDA_SUCCESS);
  CUdeviceptr din = deviceBuffer(in, n * elem, 0);
  CUdeviceptr dout = deviceBuffer(NULL, n * outElem, 0xee);
  unsigned count = (unsigned)n;
  void *args[] = {&din, &dout, &count};
  launch1D(fn, (count + 255) / 256, 256, args);
  void *out = malloc(n * outElem);
  EXPECT(cuMemcpyDtoH(out, dout, n * outElem), CUDA_SUCCESS);
  EXPECT(cuMemFree(din), CUDA_SUCCESS);
  EXPECT(cuMemFree(dout), CUDA_SUCCESS);
  return out;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  CUcontext ctx;
  if (!loadKernel(&ctx, argv[1], "tanh_f32"))
    return finish();
  EXPECT(cuModuleLoad(&mod, argv[1]), CUDA_SUCCESS);

  // f32 inputs.
  enum { kMax = 1 << 18 };
  uint32_t *in = malloc(kMax * 4);
  size_t n = 0;
  static const uint32_t special[] = {
      0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000,
      0xffc00000, 0x7f800001, 0x7fbfffff, 0x00000001, 0x807fffff,
      0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff, 0x3f800000,
      0xbf800000, 0x3f19999a, 0x3f199999, 0x3f19999b, 0xbf19999a,
      0x41100000, 0x42300000, 0x42320000, 0x39800000, 0xb9800000};
  for (size_t i = 0; i < sizeof special / 4; i++)
    in[n++] = special[i];
  uint32_t seed = 12345;
  for (uint32_t e = 0; e < 255; e++)
    for (int k = 0; k < 64; k++) {
      seed = seed * 1664525u + 1013904223u;
      in[n++] = (seed & 0x80000000u) | e << 23 | (seed >> 9 & 0x7fffff);
    }
  for (int i = -12 * 4096; i <= 12 * 4096; i++) {
    float f = i / 4096.0f;
    memcpy(&in[n++], &f, 4);
  }
  uint32_t *out = run("tanh_f32", in, n, 4, 4);
  for (size_t i = 0; i < n; i++)
    checkF32(in[i], out[i]);
  free(out);
  free(in);

  // Every 16-bit pattern, packed in pairs and alone.
  uint32_t *pairs = malloc(32768 * 4);
  for (uint32_t i = 0; i < 32768; i++)
    pairs[i] = (2 * i) | (2 * i + 1) << 16;
  for (int bf = 0; bf < 2; bf++) {
    uint32_t *o = run(bf ? "tanh_bf16x2" : "tanh_f16x2", pairs, 32768, 4, 4);
    for (uint32_t i = 0; i < 32768; i++) {
      check16(bf, 2 * i, o[i] & 0xffff);
      check16(bf, 2 * i + 1, o[i] >> 16);
    }
    free(o);
  }
  free(pairs);
  uint16_t *singles = malloc(65536 * 2);
  for (uint32_t i = 0; i < 65536; i++)
    singles[i] = i;
  uint16_t *o = run("tanh_16", singles, 65536, 2, 4);
  for (uint32_t i = 0; i < 65536; i++) {
    check16(0, i, o[2 * i]);
    check16(1, i, o[2 * i + 1]);
  }
  free(o);
  free(singles);
  printf("note: worst f32 relative error 2^%.2f, f16 %.3f ulp, bf16 %.3f "
         "ulp\n",
         log2(worstF32), worstF16, worstBF16);
  return finish();
}
