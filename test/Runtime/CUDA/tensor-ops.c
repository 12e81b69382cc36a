// Cache policies, prefetches, cp.reduce.async.bulk.tensor and im2col tensor
// loads (Inputs/tensor-ops.cu, PTX from nvcc -arch=sm_90) checked against a
// CPU reference:
//  - policy: createpolicy (every form), prefetch/prefetchu,
//    cp.async.bulk.prefetch, and ld/st/atom/red/cp.async with
//    .L2::cache_hint behave as without the hint;
//  - reduce: cp.reduce.async.bulk.tensor .tile with every operation on the
//    types the manual allows (u32, s32, f32, f16, bf16, u64, s64), boxes
//    partly outside the tensor (outside elements are left alone);
//  - im2col: 4d NHWC loads in im2col mode (bounding box corners, traversal
//    across images, element strides, im2col offsets, zero fill outside),
//    and cp.async.bulk.prefetch.tensor in im2col mode;
//  - replace: tensormap.replace of each field kind, in global memory and
//    through shared memory and tensormap.cp_fenceproxy, then a tensor store
//    through the rewritten map; element stride 0 as the H200 reads it.
// With --nvidia the same program runs on NVIDIA's driver; the reference for
// im2col also reports which order of the pixel-box corner arrays the
// results follow (index 0 = W, ours; or the reverse).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/tensor-ops.ptx | FileCheck %s
// RUN: %t %S/Inputs/tensor-ops.ptx reduce=3 | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { TW = 64, TH = 16, TN = TW * TH };

static float bitsToFloat(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static uint32_t floatBits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
// Exact conversions for the values used here (normal or zero, and
// representable).
static float halfToFloat(uint16_t h) {
  int e = h >> 10 & 31, m = h & 1023;
  float v = e == 0 ? (float)m / 16777216.0f
                   : (float)(m | 1024) *
                         (e >= 25 ? (float)(1 << (e - 25))
                                  : 1.0f / (float)(1 << (25 - e)));
  return (h & 0x8000) ? -v : v;
}
static uint16_t floatToHalf(float f) {
  uint32_t u = floatBits(f);
  uint16_t sign = (uint16_t)(u >> 16 & 0x8000);
  if ((u & 0x7fffffff) == 0)
    return sign;
  int e = (int)(u >> 23 & 255) - 127 + 15;
  return (uint16_t)(sign | (uint16_t)(e << 10) | (uint16_t)(u >> 13 & 1023));
}
static float bf16ToFloat(uint16_t b) { return bitsToFloat((uint32_t)b << 16); }
static uint16_t floatToBf16(float f) { return (uint16_t)(floatBits(f) >> 16); }

enum Op { ADD, MIN, MAX, INC, DEC, AND, OR, XOR };
enum Type { U32, S32, F32, F16, BF16, U64, S64, NTYPES };
static const unsigned esize[NTYPES] = {4, 4, 4, 2, 2, 8, 8};
static const CUtensorMapDataType dtype[NTYPES] = {
    CU_TENSOR_MAP_DATA_TYPE_UINT32,  CU_TENSOR_MAP_DATA_TYPE_INT32,
    CU_TENSOR_MAP_DATA_TYPE_FLOAT32, CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
    CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, CU_TENSOR_MAP_DATA_TYPE_UINT64,
    CU_TENSOR_MAP_DATA_TYPE_INT64};

// The reductions the kernel issues, in order.
static const struct {
  enum Type type;
  enum Op op;
  int x, y;
} reds[] = {
    {U32, ADD, 0, 0},   {U32, MIN, 8, 0},   {U32, MAX, 16, 0},
    {U32, INC, 24, 0},  {U32, DEC, 32, 0},  {U32, AND, 40, 0},
    {U32, OR, 48, 0},   {U32, XOR, 56, 0},  {U32, ADD, 60, 15},
    {S32, MIN, 0, 0},   {S32, MAX, 8, 0},   {S32, ADD, 16, 0},
    {S32, ADD, 60, 15}, {F32, ADD, 0, 0},   {F32, ADD, 60, 14},
    {F16, ADD, 0, 0},   {F16, MIN, 8, 0},   {F16, MAX, 16, 0},
    {BF16, ADD, 0, 0},  {BF16, MIN, 8, 0},  {BF16, MAX, 16, 0},
    {U64, ADD, 0, 0},   {U64, MIN, 8, 0},   {U64, MAX, 16, 0},
    {U64, AND, 24, 0},  {U64, OR, 32, 0},   {U64, XOR, 40, 0},
    {S64, MIN, 0, 0},   {S64, MAX, 8, 0},
};

static uint64_t tileValue(enum Type t, unsigned k) {
  switch (t) {
  case U32:
    return k == 15 ? 0xF0000000u : k * 7;
  case S32:
    return (uint32_t)((int32_t)k * 1000 - 7000);
  case F32:
    return floatBits((float)k * 0.5f - 3.0f);
  case F16:
    return floatToHalf((float)k * 0.5f - 2.0f);
  case BF16:
    return floatToBf16((float)k * 0.25f - 1.5f);
  case U64:
    return k * 0x100000001ull + (k == 15 ? 0xF000000000000000ull : 0);
  default:
    return (uint64_t)(((int64_t)k - 8) * 0x123456789ll);
  }
}
static uint64_t initValue(enum Type t, unsigned i) {
  switch (t) {
  case U32:
    return (i * 37) % 150 + (i % 9 == 0 ? 0x80000000u : 0);
  case S32:
    return (uint32_t)((int32_t)((i * 7919) % 20000) - 10000);
  case F32:
    return floatBits((float)(i % 29) - 14.0f);
  case F16:
    return floatToHalf((float)(i % 13) * 0.25f - 1.0f);
  case BF16:
    return floatToBf16((float)(i % 11) * 0.5f - 2.0f);
  case U64:
    return i * 0x9E3779B97F4A7C15ull;
  default:
    return (uint64_t)(((int64_t)i - 512) * 0x98765432ll);
  }
}

static uint64_t combine(enum Type t, enum Op op, uint64_t a, uint64_t b) {
  switch (t) {
  case F32:
    return floatBits(bitsToFloat((uint32_t)a) + bitsToFloat((uint32_t)b));
  case F16:
  case BF16: {
    float x = t == F16 ? halfToFloat((uint16_t)a) : bf16ToFloat((uint16_t)a);
    float y = t == F16 ? halfToFloat((uint16_t)b) : bf16ToFloat((uint16_t)b);
    float r = op == ADD ? x + y : op == MIN ? (x < y ? x : y) : (x > y ? x : y);
    return t == F16 ? floatToHalf(r) : floatToBf16(r);
  }
  case U32:
  case S32: {
    uint32_t x = (uint32_t)a, y = (uint32_t)b;
    int32_t sx = (int32_t)x, sy = (int32_t)y;
    switch (op) {
    case ADD:
      return (uint32_t)(x + y);
    case MIN:
      return t == S32 ? (uint32_t)(sx < sy ? sx : sy) : (x < y ? x : y);
    case MAX:
      return t == S32 ? (uint32_t)(sx > sy ? sx : sy) : (x > y ? x : y);
    case INC:
      return x >= y ? 0 : x + 1;
    case DEC:
      return (x == 0 || x > y) ? y : x - 1;
    case AND:
      return x & y;
    case OR:
      return x | y;
    default:
      return x ^ y;
    }
  }
  default: {
    int64_t sx = (int64_t)a, sy = (int64_t)b;
    switch (op) {
    case ADD:
      return a + b;
    case MIN:
      return t == S64 ? (uint64_t)(sx < sy ? sx : sy) : (a < b ? a : b);
    case MAX:
      return t == S64 ? (uint64_t)(sx > sy ? sx : sy) : (a > b ? a : b);
    case AND:
      return a & b;
    case OR:
      return a | b;
    default:
      return a ^ b;
    }
  }
  }
}

static uint64_t getElem(const unsigned char *p, unsigned size, unsigned i) {
  uint64_t v = 0;
  memcpy(&v, p + (size_t)i * size, size); // little endian
  return v;
}
static void setElem(unsigned char *p, unsigned size, unsigned i, uint64_t v) {
  memcpy(p + (size_t)i * size, &v, size);
}

static void policyTest(CUfunction fn) {
  uint32_t in[32], out[66];
  for (unsigned i = 0; i < 32; ++i)
    in[i] = i * 3 + 1;
  CUdeviceptr din = deviceBuffer(in, sizeof in, 0);
  CUdeviceptr dout = deviceBuffer(NULL, sizeof out, 0);
  void *args[] = {&din, &dout};
  launch1D(fn, 1, 32, args);
  EXPECT(cuMemcpyDtoH(out, dout, sizeof out), CUDA_SUCCESS);
  uint32_t sum = 0;
  for (unsigned i = 0; i < 32; ++i) {
    uint32_t want = 3 * in[i] + (i & 3 ? (i & 3) : i) - i;
    if (out[i] != want)
      printf("policy: out[%u] = %u, expected %u\n", i, out[i], want);
    EXPECT_TRUE(out[i] == want);
    EXPECT_TRUE(out[34 + i] == in[31 - i]);
    sum += in[i];
  }
  EXPECT_TRUE(out[32] == 32);
  EXPECT_TRUE(out[33] == sum);
}

static void reduceTest(CUfunction fn, int which) {
  unsigned char *host[NTYPES], *want[NTYPES];
  CUdeviceptr dev[NTYPES];
  CUtensorMap maps[NTYPES];
  uint64_t src[7 * 16]; // 128 bytes per type
  unsigned char *srcBytes = (unsigned char *)src;
  memset(src, 0, sizeof src);
  for (unsigned t = 0; t < NTYPES; ++t) {
    unsigned size = esize[t];
    host[t] = malloc(TN * size);
    want[t] = malloc(TN * size);
    for (unsigned i = 0; i < TN; ++i)
      setElem(host[t], size, i, initValue((enum Type)t, i));
    memcpy(want[t], host[t], TN * size);
    for (unsigned k = 0; k < 16; ++k)
      setElem(srcBytes + 128 * t, size, k, tileValue((enum Type)t, k));
    dev[t] = deviceBuffer(host[t], TN * size, 0);
    cuuint64_t dims[2] = {TW, TH}, strides[1] = {(cuuint64_t)TW * size};
    cuuint32_t box[2] = {8, 2}, estr[2] = {1, 1};
    EXPECT(cuTensorMapEncodeTiled(&maps[t], dtype[t], 2, (void *)dev[t], dims,
                                  strides, box, estr,
                                  CU_TENSOR_MAP_INTERLEAVE_NONE,
                                  CU_TENSOR_MAP_SWIZZLE_NONE,
                                  CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
           CUDA_SUCCESS);
  }
  for (unsigned r = 0; r < sizeof reds / sizeof *reds; ++r) {
    if (which >= 0 && (unsigned)which != r)
      continue;
    enum Type t = reds[r].type;
    unsigned size = esize[t];
    for (unsigned k = 0; k < 16; ++k) {
      int x = reds[r].x + (int)(k % 8), y = reds[r].y + (int)(k / 8);
      if (x < 0 || y < 0 || x >= TW || y >= TH)
        continue;
      unsigned i = (unsigned)(y * TW + x);
      setElem(want[t], size, i,
              combine(t, reds[r].op, getElem(want[t], size, i),
                      getElem(srcBytes + 128 * t, size, k)));
    }
  }
  CUdeviceptr dsrc = deviceBuffer(src, sizeof src, 0);
  void *args[] = {&maps[0], &maps[1], &maps[2], &maps[3], &maps[4],
                  &maps[5], &maps[6], &dsrc,     &which};
  launch1D(fn, 1, 1, args);
  for (unsigned t = 0; t < NTYPES; ++t) {
    unsigned size = esize[t];
    EXPECT(cuMemcpyDtoH(host[t], dev[t], TN * size), CUDA_SUCCESS);
    unsigned bad = 0;
    for (unsigned i = 0; i < TN; ++i) {
      uint64_t got = getElem(host[t], size, i), exp = getElem(want[t], size, i);
      if (got != exp && bad++ < 4)
        printf("reduce type %u: element (%u, %u) = 0x%llx, expected 0x%llx\n",
               t, i % TW, i / TW, (unsigned long long)got,
               (unsigned long long)exp);
    }
    EXPECT_TRUE(bad == 0);
    free(host[t]);
    free(want[t]);
  }
}

// im2col: a 4d NHWC float tensor, C=8, W=5, H=4, N=2; element values are
// their index + 1 (0 marks the zero fill).
enum { C = 8, W = 5, H = 4, N = 2, PIXELS = 16 };

static void im2colReference(uint32_t *out, const int *lower, const int *upper,
                            const unsigned *estr, int c, int w, int h, int n,
                            int ow, int oh, int reversed) {
  // Index of the corner arrays for W and H.
  int iw = reversed ? 1 : 0, ih = reversed ? 0 : 1;
  int loW = lower[iw], loH = lower[ih];
  int cw = (W + upper[iw] - loW + (int)estr[1] - 1) / (int)estr[1];
  int ch = (H + upper[ih] - loH + (int)estr[2] - 1) / (int)estr[2];
  if (cw < 1)
    cw = 1;
  if (ch < 1)
    ch = 1;
  int start =
      (n * ch + (h - loH) / (int)estr[2]) * cw + (w - loW) / (int)estr[1];
  for (int p = 0; p < PIXELS; ++p) {
    int l = start + p;
    int px = loW + (l % cw) * (int)estr[1] + ow;
    l /= cw;
    int py = loH + (l % ch) * (int)estr[2] + oh;
    int pn = l / ch;
    for (int k = 0; k < C; ++k) {
      int cc = c + k;
      int inside = px >= 0 && px < W && py >= 0 && py < H && pn >= 0 &&
                   pn < N && cc >= 0 && cc < C;
      out[p * C + k] =
          inside ? (uint32_t)(((pn * H + py) * W + px) * C + cc + 1) : 0;
    }
  }
}

static void im2colTest(CUfunction fn) {
  static uint32_t data[N * H * W * C];
  for (unsigned i = 0; i < N * H * W * C; ++i)
    data[i] = i + 1;
  CUdeviceptr ddata = deviceBuffer(data, sizeof data, 0);
  CUdeviceptr dout = deviceBuffer(NULL, PIXELS * C * 4, 0);
  static const struct {
    int lower[2], upper[2];
    unsigned estr[4];
    int c, w, h, n, ow, oh;
  } cfgs[] = {
      // A 3x3 filter with padding 1; the column crosses into image 1.
      {{-1, -1}, {-1, -1}, {1, 1, 1, 1}, 0, 1, 2, 0, 2, 1},
      // Asymmetric corners tell W's from H's.
      {{-2, 0}, {0, -1}, {1, 1, 1, 1}, 0, -2, 0, 0, 0, 1},
      // A traversal stride of 2 along W.
      {{-1, -1}, {-1, -1}, {1, 2, 1, 1}, 0, -1, -1, 0, 1, 1},
  };
  for (unsigned i = 0; i < sizeof cfgs / sizeof *cfgs; ++i) {
    CUtensorMap map;
    cuuint64_t dims[4] = {C, W, H, N};
    cuuint64_t strides[3] = {C * 4, W * C * 4, H * W * C * 4};
    EXPECT(cuTensorMapEncodeIm2col(
               &map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, (void *)ddata, dims,
               strides, cfgs[i].lower, cfgs[i].upper, C, PIXELS, cfgs[i].estr,
               CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
               CU_TENSOR_MAP_L2_PROMOTION_NONE,
               CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
           CUDA_SUCCESS);
    int c = cfgs[i].c, w = cfgs[i].w, h = cfgs[i].h, n = cfgs[i].n;
    unsigned short ow = (unsigned short)cfgs[i].ow,
                   oh = (unsigned short)cfgs[i].oh;
    unsigned bytes = PIXELS * C * 4;
    void *args[] = {&map, &c, &w, &h, &n, &ow, &oh, &bytes, &dout};
    EXPECT(cuMemsetD8(dout, 0xee, bytes), CUDA_SUCCESS);
    launch1D(fn, 1, 1, args);
    uint32_t got[PIXELS * C], ours[PIXELS * C], other[PIXELS * C];
    EXPECT(cuMemcpyDtoH(got, dout, bytes), CUDA_SUCCESS);
    im2colReference(ours, cfgs[i].lower, cfgs[i].upper, cfgs[i].estr, c, w, h,
                    n, cfgs[i].ow, cfgs[i].oh, 0);
    im2colReference(other, cfgs[i].lower, cfgs[i].upper, cfgs[i].estr, c, w,
                    h, n, cfgs[i].ow, cfgs[i].oh, 1);
    int matches = !memcmp(got, ours, bytes);
    if (!matches) {
      printf("im2col config %u: %s\n", i,
             !memcmp(got, other, bytes)
                 ? "matches the reversed corner order"
                 : "matches neither reference");
      for (unsigned p = 0; p < PIXELS; ++p)
        printf("  pixel %2u: got element %4u (ch0), expected %4u\n", p,
               got[p * C], ours[p * C]);
    }
    EXPECT_TRUE(matches);
  }
}

// im2col stores and reductions (.im2col_no_offs): the same 4d tensor as a
// u32 map; box word j (0x5000 + j) goes to the tensor element the im2col
// load of the same map and coordinates reads for it without offsets
// (im2colReference), and nowhere when that element is outside the tensor.
// The tensor starts as 0xee000000 + index. Each configuration can run in
// a process of its own (im2colstore=N): a trap ends the context.
// Configurations 0-7 pass on an H200 (session 20). On 8 and 9, whose walks
// reach spatial positions outside the tensor (padding), an H200 traps
// (CUDA_ERROR_ILLEGAL_INSTRUCTION), as it does for any negative coordinate
// or spatial position past the tensor's end; ptx-mlir skips those elements,
// as it does for tile stores.
static const struct {
  int lower[2], upper[2];
  unsigned estr[4];
  int c, w, h, n, red;
} storeCfgs[] = {
    // The whole image as the bounding box; the column crosses into image 1.
    {{0, 0}, {0, 0}, {1, 1, 1, 1}, 0, 0, 2, 0, 0},
    // Negative upper corners shrink the box; the column crosses into image 1.
    {{0, 0}, {-1, -1}, {1, 1, 1, 1}, 0, 1, 1, 0, 0},
    // A W traversal stride of 2.
    {{0, 0}, {0, 0}, {1, 2, 1, 1}, 0, 0, 0, 0, 0},
    // Channels past C and pixels past N (image 2) are skipped.
    {{0, 0}, {0, 0}, {1, 1, 1, 1}, 4, 0, 1, 1, 0},
    // The same four as additions.
    {{0, 0}, {0, 0}, {1, 1, 1, 1}, 0, 0, 2, 0, 1},
    {{0, 0}, {-1, -1}, {1, 1, 1, 1}, 0, 1, 1, 0, 1},
    {{0, 0}, {0, 0}, {1, 2, 1, 1}, 0, 0, 0, 0, 1},
    {{0, 0}, {0, 0}, {1, 1, 1, 1}, 4, 0, 1, 1, 1},
    // Padding (an H200 traps): a 3x3 filter's box with asymmetric corners.
    {{-1, -1}, {-1, 1}, {1, 1, 1, 1}, 0, 1, 2, 0, 0},
    {{-2, 0}, {0, -1}, {1, 2, 1, 1}, 4, 0, 1, 0, 1},
};

static void im2colStoreTest(CUfunction fn, int which) {
  enum { TENSOR = N * H * W * C, BOX = PIXELS * C };
  static uint32_t init[TENSOR], box[BOX];
  for (unsigned i = 0; i < TENSOR; ++i)
    init[i] = 0xee000000u + i;
  for (unsigned j = 0; j < BOX; ++j)
    box[j] = 0x5000u + j;
  CUdeviceptr ddata = deviceBuffer(init, sizeof init, 0);
  CUdeviceptr dbox = deviceBuffer(box, sizeof box, 0);
  for (unsigned i = 0; i < sizeof storeCfgs / sizeof *storeCfgs; ++i) {
    if (which >= 0 && (unsigned)which != i)
      continue;
    EXPECT(cuMemcpyHtoD(ddata, init, sizeof init), CUDA_SUCCESS);
    CUtensorMap map;
    cuuint64_t dims[4] = {C, W, H, N};
    cuuint64_t strides[3] = {C * 4, W * C * 4, H * W * C * 4};
    EXPECT(cuTensorMapEncodeIm2col(
               &map, CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, (void *)ddata, dims,
               strides, storeCfgs[i].lower, storeCfgs[i].upper, C, PIXELS,
               storeCfgs[i].estr, CU_TENSOR_MAP_INTERLEAVE_NONE,
               CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
               CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
           CUDA_SUCCESS);
    int c = storeCfgs[i].c, w = storeCfgs[i].w, h = storeCfgs[i].h,
        n = storeCfgs[i].n, red = storeCfgs[i].red;
    unsigned bytes = BOX * 4;
    void *args[] = {&map, &c, &w, &h, &n, &bytes, &red, &dbox};
    launch1D(fn, 1, 1, args);
    static uint32_t got[TENSOR], want[TENSOR];
    uint32_t pos[BOX];
    EXPECT(cuMemcpyDtoH(got, ddata, sizeof got), CUDA_SUCCESS);
    im2colReference(pos, storeCfgs[i].lower, storeCfgs[i].upper,
                    storeCfgs[i].estr, c, w, h, n, 0, 0, 0);
    memcpy(want, init, sizeof want);
    unsigned placed = 0;
    for (unsigned j = 0; j < BOX; ++j)
      if (pos[j]) {
        want[pos[j] - 1] = red ? want[pos[j] - 1] + box[j] : box[j];
        ++placed;
      }
    int matches = !memcmp(got, want, sizeof got);
    if (!matches) {
      // Where each box word went (elements of channel 0 of the pixel).
      printf("im2col %s config %u: mismatch (%u box words placed by the "
             "reference)\n",
             red ? "reduction" : "store", i, placed);
      for (unsigned t = 0; t < TENSOR; ++t)
        if (got[t] != want[t]) {
          uint32_t v = red ? got[t] - init[t] : got[t];
          printf("  element %3u (n%u h%u w%u c%u): got box word %5d, "
                 "expected %5d\n",
                 t, t / (H * W * C), t / (W * C) % H, t / C % W, t % C,
                 got[t] == init[t] ? -1 : (int)(v - 0x5000u),
                 want[t] == init[t]
                     ? -1
                     : (int)((red ? want[t] - init[t] : want[t]) - 0x5000u));
        }
    }
    EXPECT_TRUE(matches);
  }
}

// tensormap.replace: a u32 map of a 64x16 tensor (row stride 256 bytes,
// box 8x2) is copied to global memory; the kernel rewrites one field and
// stores the tile through it. Per kind, the field's value as ptx-mlir reads
// it (ours) and the other reading (alternative): the values are the
// field's own, not minus one; global_stride ordinal 0 is dimension 1's;
// elemtype 9 is .f64 and 10 .bf16 (the PTX numbering, not cuda.h's).
// Kinds 10 and 11 write element stride 0 (no valid map has it): in
// dimension 1 of a 4-row box the H200 stores row 0 alone (a stride of at
// least 4; ours reads 0 as 8), in dimension 0 it is ignored.
enum { GBYTES = 8192 };
struct StoreShape {
  unsigned box0, box1, e1, esize, dim0, dim1, stride, span;
};
static void simulateStore(unsigned char *img, const unsigned char *tile,
                          struct StoreShape s) {
  unsigned rows = (s.box1 + s.e1 - 1) / s.e1;
  for (unsigned by = 0; by < rows; ++by)
    for (unsigned bx = 0; bx < s.box0; ++bx) {
      unsigned o = (by * s.box0 + bx) * s.esize;
      if (s.span)
        o ^= (o >> 3) & (s.span - 16);
      unsigned x = bx, y = by * s.e1;
      if (x >= s.dim0 || y >= s.dim1)
        continue;
      memcpy(img + (size_t)y * s.stride + x * s.esize, tile + o, s.esize);
    }
}

static void replaceTest(CUfunction fn, int only) {
  static unsigned char tile[1024], img[GBYTES], ours[GBYTES], alt[GBYTES],
      other[GBYTES];
  for (unsigned i = 0; i < sizeof tile; ++i)
    tile[i] = (unsigned char)(i * 7 + 1);
  CUdeviceptr dtile = deviceBuffer(tile, sizeof tile, 0);
  CUdeviceptr dmap = deviceBuffer(NULL, 128, 0);
  for (int kind = 0; kind < 12; ++kind) {
    if (only >= 0 ? kind != only : kind == 5)
      continue;
    CUdeviceptr dg = deviceBuffer(NULL, GBYTES, 0xee);
    CUdeviceptr dother = deviceBuffer(NULL, GBYTES, 0xee);
    cuuint64_t dims[2] = {64, 16}, strides[1] = {256};
    cuuint32_t box[2] = {8, kind == 1 || kind == 10 ? 4u
                            : kind == 8             ? 8u
                                                    : 2u},
               estr[2] = {1, 1};
    CUtensorMap map;
    EXPECT(cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_UINT32, 2,
                                  (void *)dg, dims, strides, box, estr,
                                  CU_TENSOR_MAP_INTERLEAVE_NONE,
                                  CU_TENSOR_MAP_SWIZZLE_NONE,
                                  CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
           CUDA_SUCCESS);
    EXPECT(cuMemcpyHtoD(dmap, &map, sizeof map), CUDA_SUCCESS);
    void *args[] = {&dmap, &kind, &dtile, &dother};
    launch1D(fn, 1, 1, args);
    EXPECT(cuMemcpyDtoH(img, dg, GBYTES), CUDA_SUCCESS);
    EXPECT(cuMemcpyDtoH(other, dother, GBYTES), CUDA_SUCCESS);
    struct StoreShape base = {8, box[1], 1, 4, 64, 16, 256, 0}, o = base,
                      a = base;
    switch (kind) {
    case 0:
    case 6:
      o.box1 = 4, a.box1 = 5;
      break;
    case 1:
      o.e1 = 2, a.e1 = 3;
      break;
    case 2:
      o.esize = 8, a.esize = 2;
      break;
    case 3:
      o.dim0 = 4, a.dim0 = 5;
      break;
    case 4:
      o.stride = 512;
      break;
    case 8:
      o.span = 32;
      break;
    case 9:
      o.esize = 2, a.esize = 4;
      break;
    case 10: // element stride 0: a stride of 8, as on the H200
      o.e1 = 8, a.e1 = 1;
      break;
    }
    memset(ours, 0xee, GBYTES);
    memset(alt, 0xee, GBYTES);
    if (kind != 7) {
      simulateStore(ours, tile, o);
      simulateStore(alt, tile, a);
    }
    int okMain = !memcmp(img, ours, GBYTES);
    if (kind == 7) {
      unsigned char want[GBYTES];
      memset(want, 0xee, GBYTES);
      simulateStore(want, tile, base);
      okMain = okMain && !memcmp(other, want, GBYTES);
    }
    if (!okMain) {
      unsigned changed = 0;
      for (unsigned i = 0; i < GBYTES; ++i)
        changed += img[i] != 0xee;
      printf("replace kind %d: %s (%u bytes written)\n", kind,
             !memcmp(img, alt, GBYTES) ? "matches the alternative reading"
                                       : "matches neither reading",
             changed);
      for (unsigned y = 0; y < 16; ++y) {
        uint64_t row = 0;
        for (unsigned x = 0; x < 64; ++x)
          row |= (uint64_t)(img[y * 256 + x * 4] != 0xee) << x;
        printf("  row %u written: %016llx\n", y, (unsigned long long)row);
      }
    }
    EXPECT_TRUE(okMain);
  }
}

// tensor-ops PTX [policy | reduce[=N] | im2col | replace[=N]]: all parts
// by default; reduce=N issues reduction N of `reds` alone, replace=N kind N
// alone (a trap on one stays apart).
int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr,
            "usage: %s tensor-ops.ptx "
            "[policy|reduce[=N]|im2col|im2colstore[=N]|replace[=N]]\n",
            argv[0]);
    return 2;
  }
  const char *part = argc > 2 ? argv[2] : "";
  int all = !*part, which = -1;
  if (!strncmp(part, "reduce=", 7))
    which = atoi(part + 7);
  CUcontext ctx;
  CUfunction policy = loadKernel(&ctx, argv[1], "policy");
  CUmodule mod;
  EXPECT(cuFuncGetModule(&mod, policy), CUDA_SUCCESS);
  CUfunction reduce = NULL, im2col = NULL, replace = NULL, store = NULL;
  EXPECT(cuModuleGetFunction(&reduce, mod, "reduce"), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&im2col, mod, "im2col"), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&replace, mod, "replace"), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&store, mod, "im2colStore"), CUDA_SUCCESS);
  if (policy && (all || !strcmp(part, "policy")))
    policyTest(policy);
  if (reduce && (all || !strncmp(part, "reduce", 6)))
    reduceTest(reduce, which);
  if (im2col && (all || !strcmp(part, "im2col")))
    im2colTest(im2col);
  if (store && (all || !strncmp(part, "im2colstore", 11)))
    im2colStoreTest(store,
                    !strncmp(part, "im2colstore=", 12) ? atoi(part + 12) : -1);
  if (replace && (all || !strncmp(part, "replace", 7)))
    replaceTest(replace, !strncmp(part, "replace=", 8) ? atoi(part + 8) : -1);
  return finish();
}
