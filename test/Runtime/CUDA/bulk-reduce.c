// cp.reduce.async.bulk, every form ptxas 13.0 accepts (Inputs/bulk-reduce.py
// generates the PTX; its FORMS tables and the ones here are in step):
// into .global (bulk group) four blocks reduce their 256 staged bytes into
// the same destination, so each element takes four atomic updates; into
// .shared::cluster (mbarrier) each block reduces a staged source into a
// staged destination and waits for the mbarrier phase. Expected values come
// from a sequential reference of each operation's rule: inc/dec get the same
// operand from every block and float adds use operands whose sums are exact,
// so the order of the blocks does not matter; f32/f64/f16/bf16 adds include
// subnormal sums (no flush: .noftz for f16/bf16; f32/f64 as measured on an
// H200), f16/bf16 min/max include NaNs, infinities, signed zeros and
// subnormals (min/max's rules: a NaN yields the other operand, two NaNs the
// canonical NaN, -0 < +0). The same program and PTX (and the PTX exported
// after import) pass with NVIDIA's driver on an H200 (docs/lowering.md).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/bulk-reduce.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

enum { BLOCKS = 4, THREADS = 64, SEG = 256 };
enum Op { AND, OR, XOR, ADD, INC, DEC, MIN, MAX };
enum Ty { B32, B64, U32, S32, U64, S64, F32, F64, F16, BF16 };
typedef struct {
  enum Op op;
  enum Ty ty;
} Form;

static const Form GLOBAL[] = {
    {AND, B32}, {AND, B64}, {OR, B32},  {OR, B64},   {XOR, B32}, {XOR, B64},
    {ADD, U32}, {ADD, S32}, {ADD, U64}, {ADD, F32},  {ADD, F64}, {ADD, F16},
    {ADD, BF16}, {INC, U32}, {DEC, U32}, {MIN, U32}, {MIN, S32}, {MIN, U64},
    {MIN, S64}, {MIN, F16}, {MIN, BF16}, {MAX, U32}, {MAX, S32}, {MAX, U64},
    {MAX, S64}, {MAX, F16}, {MAX, BF16}, {ADD, U32} /* .L2::cache_hint */};
static const Form SHARED[] = {{AND, B32}, {OR, B32},  {XOR, B32},
                              {ADD, U32}, {ADD, S32}, {ADD, U64},
                              {INC, U32}, {DEC, U32}, {MIN, U32},
                              {MIN, S32}, {MAX, U32}, {MAX, S32}};
enum {
  NG = sizeof GLOBAL / sizeof GLOBAL[0],
  NS = sizeof SHARED / sizeof SHARED[0]
};
static const char *OPS[] = {"and", "or", "xor", "add",
                            "inc", "dec", "min", "max"};
static const char *TYS[] = {"b32", "b64", "u32", "s32", "u64",
                            "s64", "f32", "f64", "f16", "bf16"};

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}
static int64_t between(int64_t lo, int64_t hi) {
  return lo + (int64_t)(next() % (uint64_t)(hi - lo + 1));
}

static unsigned bytesOf(enum Ty t) {
  switch (t) {
  case B64: case U64: case S64: case F64:
    return 8;
  case F16: case BF16:
    return 2;
  default:
    return 4;
  }
}

static float halfToFloat(uint16_t h, int bf) {
  if (bf) {
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
  }
  int e = (h >> 10) & 31, m = h & 1023;
  float v = e == 0    ? ldexpf((float)m, -24)
            : e == 31 ? (m ? NAN : INFINITY)
                      : ldexpf((float)(m | 1024), e - 25);
  return h & 0x8000 ? -v : v;
}
// k * 2^e as f16/bf16 bits; exact by construction (no rounding needed).
static uint16_t exactHalf(int64_t k, int e, int bf) {
  float v = ldexpf((float)k, e);
  if (bf) {
    uint32_t u;
    memcpy(&u, &v, 4);
    return (uint16_t)(u >> 16);
  }
  uint16_t s = v < 0 || (v == 0 && signbit(v)) ? 0x8000 : 0;
  float a = fabsf(v);
  if (a == 0)
    return s;
  if (a < 0x1p-14f)
    return s | (uint16_t)(a * 0x1p24f);
  int ex;
  float fr = frexpf(a, &ex); // a = fr * 2^ex, fr in [0.5, 1)
  return s | (uint16_t)((ex + 14) << 10) |
         (uint16_t)((uint32_t)(fr * 2048.0f) & 1023);
}

// A special or ordinary f16/bf16 for min/max.
static uint16_t minmaxHalf(int bf) {
  static const uint16_t f16[] = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00,
                                 0xfe00, 0x7c01, 0x0001, 0x8001, 0x03ff};
  static const uint16_t b16[] = {0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0,
                                 0xffc0, 0x7f81, 0x0001, 0x8001, 0x007f};
  if (next() % 3 == 0)
    return (bf ? b16 : f16)[next() % 10];
  uint16_t h;
  do
    h = (uint16_t)next();
  while ((bf ? (h & 0x7f80) == 0x7f80 : (h & 0x7c00) == 0x7c00));
  return h;
}

// PTX min/max on f16/bf16: a NaN yields the other operand, two NaNs the
// canonical NaN, -0 < +0.
static uint16_t halfMinMax(uint16_t a, uint16_t b, int bf, int isMax) {
  float x = halfToFloat(a, bf), y = halfToFloat(b, bf);
  if (isnan(x) && isnan(y))
    return 0x7fff;
  if (isnan(x))
    return b;
  if (isnan(y))
    return a;
  if (x == y) // signed zeros: min takes -0, max +0
    return isMax ? (a & b) : (a | b);
  return (isMax ? x > y : x < y) ? a : b;
}

// An f32 or f64 from its bits (little-endian, as put and get) and back; to
// f32 with rounding, so that a sum of two f32s taken in f64 (over 2 * 24 + 2
// bits) rounds to their f32 sum.
static double bitsFloat(uint64_t bits, enum Ty t) {
  float x;
  double d;
  memcpy(&x, &bits, 4);
  memcpy(&d, &bits, 8);
  return t == F32 ? x : d;
}
static uint64_t floatBits(double d, enum Ty t) {
  float x = (float)d;
  uint64_t u = 0;
  memcpy(&u, t == F32 ? (void *)&x : (void *)&d, bytesOf(t));
  return u;
}

static uint64_t mask(enum Ty t) {
  return bytesOf(t) == 8 ? ~0ull : (1ull << (8 * bytesOf(t))) - 1;
}
static int64_t sext(uint64_t v, enum Ty t) {
  return t == S32 ? (int64_t)(int32_t)v : (int64_t)v;
}

static uint64_t apply(Form f, uint64_t old, uint64_t b) {
  uint64_t m = mask(f.ty);
  switch (f.op) {
  case AND:
    return old & b;
  case OR:
    return old | b;
  case XOR:
    return old ^ b;
  case INC:
    return old >= b ? 0 : old + 1;
  case DEC:
    return (old == 0 || old > b) ? b : old - 1;
  case ADD:
    if (f.ty == F32 || f.ty == F64)
      return floatBits(bitsFloat(old, f.ty) + bitsFloat(b, f.ty), f.ty);
    if (f.ty == F16 || f.ty == BF16) {
      // Sums are exact: recompute in float and re-encode through the units
      // the operands were made of.
      int bf = f.ty == BF16;
      float s = halfToFloat((uint16_t)old, bf) + halfToFloat((uint16_t)b, bf);
      int e = bf ? -133 : -24;
      if (fabsf(s) >= (bf ? 0x1p-126f : 0x1p-14f))
        e = bf ? -2 : -4;
      if (s == 0) // keep the sign of an exact zero sum (-0 + -0 = -0)
        return (uint16_t)((old & b) & 0x8000);
      return exactHalf((int64_t)ldexpf(s, -e), e, bf);
    }
    return (old + b) & m;
  case MIN:
  case MAX: {
    int isMax = f.op == MAX;
    if (f.ty == F16 || f.ty == BF16)
      return halfMinMax((uint16_t)old, (uint16_t)b, f.ty == BF16, isMax);
    int lt = (f.ty == S32 || f.ty == S64) ? sext(b, f.ty) < sext(old, f.ty)
                                          : b < old;
    return (isMax ? !lt && b != old : lt) ? b : old;
  }
  }
  return old;
}

// Operands of element i of form f: the destination's initial value (init)
// or a source value of one block.
static uint64_t operand(Form f, unsigned i, int init, uint64_t incDecB) {
  uint64_t m = mask(f.ty);
  if (f.op == INC || f.op == DEC)
    return init ? (uint64_t)between(0, 24) : incDecB;
  if (f.op == ADD && (f.ty == F32 || f.ty == F64)) {
    // -0, a subnormal (a multiple of the smallest) or a multiple of 2^-8.
    double v = i % 8 == 1 ? -0.0
               : i % 4 == 0
                   ? ldexp((double)between(-8, 8), f.ty == F32 ? -149 : -1074)
                   : ldexp((double)between(-1024, 1024), -8);
    return floatBits(v, f.ty);
  }
  if (f.op == ADD && (f.ty == F16 || f.ty == BF16)) {
    int bf = f.ty == BF16;
    if (i % 8 == 1)
      return 0x8000;
    if (i % 4 == 0)
      return exactHalf(between(-8, 8), bf ? -133 : -24, bf);
    return bf ? exactHalf(between(-16, 16), -2, 1)
              : exactHalf(between(-64, 64), -4, 0);
  }
  if (f.ty == F16 || f.ty == BF16)
    return minmaxHalf(f.ty == BF16);
  return next() & m;
}

static void put(uint8_t *p, uint64_t v, unsigned n) { memcpy(p, &v, n); }
static uint64_t get(const uint8_t *p, unsigned n) {
  uint64_t v = 0;
  memcpy(&v, p, n);
  return v;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  static uint8_t gin[NG][BLOCKS][SEG], gout[NG][SEG], gwant[NG][SEG];
  static uint8_t sin[NS][BLOCKS][2][SEG], sout[NS][BLOCKS][SEG],
      swant[NS][BLOCKS][SEG];
  for (unsigned f = 0; f < NG; f++) {
    Form fm = GLOBAL[f];
    unsigned n = bytesOf(fm.ty);
    for (unsigned i = 0; i < SEG / n; i++) {
      uint64_t b = (uint64_t)between(0, 20);
      uint64_t w = operand(fm, i, 1, b);
      put(&gout[f][i * n], w, n);
      for (unsigned blk = 0; blk < BLOCKS; blk++) {
        uint64_t v = operand(fm, i, 0, b);
        put(&gin[f][blk][i * n], v, n);
        w = apply(fm, w, v);
      }
      put(&gwant[f][i * n], w, n);
    }
  }
  for (unsigned f = 0; f < NS; f++) {
    Form fm = SHARED[f];
    unsigned n = bytesOf(fm.ty);
    for (unsigned blk = 0; blk < BLOCKS; blk++)
      for (unsigned i = 0; i < SEG / n; i++) {
        uint64_t b = (uint64_t)between(0, 20);
        uint64_t w = operand(fm, i, 1, b), v = operand(fm, i, 0, b);
        put(&sin[f][blk][0][i * n], w, n);
        put(&sin[f][blk][1][i * n], v, n);
        put(&swant[f][blk][i * n], apply(fm, w, v), n);
      }
  }

  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "k");
  if (!fn)
    return finish();
  CUdeviceptr dgin = deviceBuffer(gin, sizeof gin, 0);
  CUdeviceptr dgout = deviceBuffer(gout, sizeof gout, 0);
  CUdeviceptr dsin = deviceBuffer(sin, sizeof sin, 0);
  CUdeviceptr dsout = deviceBuffer(NULL, sizeof sout, 0xcc);
  void *args[] = {&dgin, &dgout, &dsin, &dsout};
  // Launched as clusters of one CTA: NVIDIA's driver raises an illegal
  // instruction for a .shared::cluster destination otherwise (H200).
  CUlaunchAttribute attr;
  memset(&attr, 0, sizeof attr);
  attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attr.value.clusterDim.x = attr.value.clusterDim.y =
      attr.value.clusterDim.z = 1;
  CUlaunchConfig cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.gridDimX = BLOCKS;
  cfg.gridDimY = cfg.gridDimZ = 1;
  cfg.blockDimX = THREADS;
  cfg.blockDimY = cfg.blockDimZ = 1;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  EXPECT(cuLaunchKernelEx(&cfg, fn, args, NULL), CUDA_SUCCESS);
  EXPECT(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(gout, dgout, sizeof gout), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(sout, dsout, sizeof sout), CUDA_SUCCESS);

  for (unsigned f = 0; f < NG; f++) {
    Form fm = GLOBAL[f];
    unsigned n = bytesOf(fm.ty), bad = 0;
    for (unsigned i = 0; i < SEG / n; i++) {
      uint64_t got = get(&gout[f][i * n], n), want = get(&gwant[f][i * n], n);
      if (got != want && bad++ < 4)
        printf("  .global %s.%s element %u: 0x%llx, expected 0x%llx\n",
               OPS[fm.op], TYS[fm.ty], i, (unsigned long long)got,
               (unsigned long long)want);
    }
    EXPECT_TRUE(bad == 0);
  }
  for (unsigned f = 0; f < NS; f++) {
    Form fm = SHARED[f];
    unsigned n = bytesOf(fm.ty), bad = 0;
    for (unsigned blk = 0; blk < BLOCKS; blk++)
      for (unsigned i = 0; i < SEG / n; i++) {
        uint64_t got = get(&sout[f][blk][i * n], n),
                 want = get(&swant[f][blk][i * n], n);
        if (got != want && bad++ < 4)
          printf("  .shared::cluster %s.%s block %u element %u: 0x%llx, "
                 "expected 0x%llx\n",
                 OPS[fm.op], TYS[fm.ty], blk, i, (unsigned long long)got,
                 (unsigned long long)want);
      }
    EXPECT_TRUE(bad == 0);
  }
  return finish();
}
