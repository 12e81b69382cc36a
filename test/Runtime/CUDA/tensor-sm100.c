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
//  - scatter4: the inverse; elements outside the tensor are skipped;
//  - im2col::w and im2col::w::128 loads of a 4d NHWC u32 tensor (C 8, W 40,
//    H 3, N 3) through cuTensorMapEncodeIm2colWide maps, against a
//    reference of our reading of §5.5.5 (docs/lowering.md, "Tensor maps"):
//    pixels along W from the W coordinate (also left of the bounding box),
//    by W's traversal stride, to the box's end, then on in the next image
//    from the lower corner, H fixed; ppc main pixels then wHalo halo pixels
//    (::w), or four chunks of 32 main pixels each followed by wHalo halo
//    pixels (::w::128), a halo pixel continuing its chunk's last main pixel
//    along W in the same image; wOffset added to every W position; zero
//    outside the tensor; 64B and 128B swizzles; the mbarrier completes on
//    pixels x channels x 4 bytes;
//  - cuTensorMapEncodeIm2colWide's argument checks (cuda.h);
//  - the padded packed types (§5.5.1.1.1): 16U4_ALIGN16B (.b4x16_p64) and
//    16U6_ALIGN16B (.b6x16_p32 loads, .b6p2x16 stores) in 2d tile copies of
//    a 256 x 4 tensor, box 128 x 2: a load puts each group of 16 elements
//    (8 or 12 global bytes) at the start of 16 shared bytes, leaving the
//    padding as it was, zero outside; the mbarrier completes on the shared
//    bytes (our reading); a 6-bit store packs the low 6 bits of each shared
//    byte, element 0 lowest (our reading of "packing ... contiguously"), a
//    4-bit store (which the manual forbids) copies the 8 data bytes back;
//    with and without the 128B swizzle; maps encoded directly and through
//    tensormap.replace .elemtype 14/15 (which must give the same bytes);
//    cuda.h's checks for the padded types.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/tensor-sm100.ptx \
// RUN:   | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/tensor-sm100.ptx \
// RUN:   | FileCheck %s
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
    {60, {15, 16, -1, 3}, 8, 0, 1}, // partly and wholly outside
    {0, {7, 1, 1, 12}, 32, 3, 2},   // 128B swizzle, a repeated row
    {16, {0, 1, 2, 3}, 16, 2, 0},   // 64B swizzle
    {-4, {8, 9, 10, 11}, 8, 0, 2},  // a negative column
};

static void gatherTest(CUfunction fn, CUdeviceptr dt) {
  CUdeviceptr dout = deviceBuffer(NULL, 4 * 4 * 32 * 4 + 4, 0);
  for (unsigned i = 0; i < sizeof gathers / sizeof *gathers; ++i) {
    unsigned b0 = gathers[i].box0, words = 4 * b0, bytes = words * 4;
    CUtensorMap map = encode(dt, b0, gathers[i].swz);
    int x = gathers[i].x, cta = gathers[i].cta;
    int y[4];
    memcpy(y, gathers[i].y, sizeof y);
    void *args[] = {&map,  &x,   &y[0],  &y[1],  &y[2],
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
    {60, {1, 16, 2, -1}, 8, 0}, // partly and wholly outside
    {0, {4, 9, 10, 11}, 32, 3}, // 128B swizzle
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

// im2col::w: the tensor's element (c, w, h, n) holds its index + 1.
enum { C = 8, W = 40, H = 3, N = 3 };

static const struct {
  int lower, upper;
  unsigned wstride, swz;
  int c, w, h, n;
  unsigned short halo, off;
  int w128;
  unsigned ppc;
} wides[] = {
    // ::w: 16 pixels from w 30 (the box is the whole row): 10 in image 0,
    // then image 1 from w 0; 2 halo pixels after the last.
    {0, 0, 1, 2, 0, 30, 1, 0, 2, 0, 0, 16},
    // A start left of the box (lower corner 2), a stride of 2, an upper
    // corner of -3, wOffset 1, channels from 4 (half outside).
    {2, -3, 2, 3, 4, -1, 2, 1, 1, 1, 0, 24},
    // ::w::128 with 2 halo pixels per chunk, box w 1..38: the walk crosses
    // into images 1, 2 and past the last one.
    {1, -1, 1, 3, 0, 5, 0, 0, 2, 0, 1, 0},
    // ::w::128, stride 3, wOffset 2, no halo, an H outside (zeros).
    {0, 0, 3, 2, 0, 0, 3, 0, 0, 2, 1, 0},
};

static void wideReference(uint32_t *out, unsigned i) {
  int lo = wides[i].lower, up = W - 1 + wides[i].upper;
  int s = (int)wides[i].wstride, w0 = wides[i].w;
  int count = (up - lo + s) / s;
  int first = w0 > up ? 0 : (up - w0) / s + 1;
  int mainLen = wides[i].w128 ? 32 : (int)wides[i].ppc;
  int chunkLen = mainLen + wides[i].halo;
  int pixels = wides[i].w128 ? 4 * chunkLen : chunkLen;
  for (int p = 0; p < pixels; ++p) {
    int chunk = p / chunkLen, t = p % chunkLen;
    int widx = chunk * mainLen + (t < mainLen ? t : mainLen - 1);
    int extra = t < mainLen ? 0 : t - mainLen + 1;
    int pos, img;
    if (widx < first) {
      pos = w0 + widx * s;
      img = wides[i].n;
    } else {
      int j = widx - first;
      pos = lo + (j % count) * s;
      img = wides[i].n + 1 + j / count;
    }
    pos += extra * s + wides[i].off;
    for (int k = 0; k < C; ++k) {
      int ch = wides[i].c + k, h = wides[i].h;
      int in = ch >= 0 && ch < C && pos >= 0 && pos < W && h >= 0 && h < H &&
               img >= 0 && img < N;
      unsigned o = swizzle((unsigned)(p * C + k) * 4, wides[i].swz);
      out[o / 4] = in ? (uint32_t)(((img * H + h) * W + pos) * C + ch + 1) : 0;
    }
  }
}

static void wideTest(CUfunction fn) {
  static uint32_t data[N * H * W * C];
  for (unsigned t = 0; t < N * H * W * C; ++t)
    data[t] = t + 1;
  CUdeviceptr dd = deviceBuffer(data, sizeof data, 0);
  CUdeviceptr dout = deviceBuffer(NULL, 4096 * 4 + 4, 0);
  cuuint64_t dims[4] = {C, W, H, N};
  cuuint64_t strides[3] = {C * 4, W * C * 4, H * W * C * 4};
  for (unsigned i = 0; i < sizeof wides / sizeof *wides; ++i) {
    CUtensorMap map;
    cuuint32_t estr[4] = {1, wides[i].wstride, 1, 1};
    EXPECT(cuTensorMapEncodeIm2colWide(
               &map, CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, (void *)dd, dims,
               strides, wides[i].lower, wides[i].upper, C, wides[i].ppc, estr,
               CU_TENSOR_MAP_INTERLEAVE_NONE,
               wides[i].w128 ? CU_TENSOR_MAP_IM2COL_WIDE_MODE_W128
                             : CU_TENSOR_MAP_IM2COL_WIDE_MODE_W,
               wides[i].swz == 3 ? CU_TENSOR_MAP_SWIZZLE_128B
                                 : CU_TENSOR_MAP_SWIZZLE_64B,
               CU_TENSOR_MAP_L2_PROMOTION_NONE,
               CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
           CUDA_SUCCESS);
    unsigned pixels =
        wides[i].w128 ? 4 * (32 + wides[i].halo) : wides[i].ppc + wides[i].halo;
    unsigned words = pixels * C, bytes = words * 4;
    int c = wides[i].c, w = wides[i].w, h = wides[i].h, n = wides[i].n,
        w128 = wides[i].w128;
    unsigned short halo = wides[i].halo, off = wides[i].off;
    void *args[] = {&map, &c,    &w,     &h,     &n,   &halo,
                    &off, &w128, &bytes, &words, &dout};
    launch1D(fn, 1, 1, args);
    static uint32_t got[4096 + 1], want[4096];
    EXPECT(cuMemcpyDtoH(got, dout, (words + 1) * 4), CUDA_SUCCESS);
    // Words the swizzle leaves out keep the kernel's 0xdddddddd.
    for (unsigned k = 0; k < 4096; ++k)
      want[k] = 0xddddddddu;
    wideReference(want, i);
    int ok = !memcmp(got, want, bytes);
    if (!ok)
      for (unsigned k = 0; k < words; ++k)
        if (got[k] != want[k])
          printf("im2col::w %u: word %u is %u, expected %u\n", i, k, got[k],
                 want[k]);
    EXPECT_TRUE(ok);
    EXPECT_TRUE(got[words] == 1); // the mbarrier completed
  }
  // cuda.h's checks.
  CUtensorMap map;
  cuuint32_t estr[4] = {1, 1, 1, 1};
  int lower = 0, upper = 0;
  struct {
    unsigned type, rank, cpp, ppc, interleave, mode, swz;
    int lower, upper;
  } bad[] = {
      {CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, 8, 16, 0, 0, 2, 0, 0},   // rank 2
      {CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, 8, 16, 0, 0, 0, 0, 0},   // no swizzle
      {CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, 8, 16, 0, 0, 1, 0, 0},   // 32B
      {CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, 8, 16, 2, 0, 2, 0, 0},   // interleave
      {CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, 8, 1025, 0, 0, 2, 0, 0}, // ppc
      {CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, 8, 0, 0, 0, 2, 0, 0},    // ppc 0
      {CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, 32, 16, 0, 0, 2, 0, 0},  // > 64B
      {CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, 8, 16, 0, 2, 2, 0, 0},   // mode
      {CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, 8, 16, 0, 0, 2, 20, -20}, // area
      {CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, 8, 16, 0, 0, 2, -32769, 0},
  };
  for (unsigned i = 0; i < sizeof bad / sizeof *bad; ++i)
    EXPECT(cuTensorMapEncodeIm2colWide(
               &map, (CUtensorMapDataType)bad[i].type, bad[i].rank, (void *)dd,
               dims, strides, bad[i].lower, bad[i].upper, bad[i].cpp,
               bad[i].ppc, estr, (CUtensorMapInterleave)bad[i].interleave,
               (CUtensorMapIm2ColWideMode)bad[i].mode,
               (CUtensorMapSwizzle)bad[i].swz, CU_TENSOR_MAP_L2_PROMOTION_NONE,
               CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
           CUDA_ERROR_INVALID_VALUE);
  // W128 ignores pixelsPerColumn.
  EXPECT(cuTensorMapEncodeIm2colWide(
             &map, CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, (void *)dd, dims, strides,
             lower, upper, C, 0, estr, CU_TENSOR_MAP_INTERLEAVE_NONE,
             CU_TENSOR_MAP_IM2COL_WIDE_MODE_W128, CU_TENSOR_MAP_SWIZZLE_128B,
             CU_TENSOR_MAP_L2_PROMOTION_NONE,
             CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
         CUDA_SUCCESS);
}

// Padded packed types: a 256 x 4 tensor of random bytes.
enum { PW = 256, PH = 4 };

static uint32_t rng = 12345;
static unsigned char nextByte(void) {
  rng = rng * 1103515245u + 12345u;
  return (unsigned char)(rng >> 16);
}

static void paddedTest(CUfunction tile, CUfunction retype) {
  static const struct {
    int six;
    unsigned swz;
    int x, y, store, viaReplace;
  } cases[] = {
      {1, 0, 128, 1, 0, 0}, {1, 3, 0, 3, 0, 1},   {1, 0, -128, 0, 0, 0},
      {0, 0, 128, 1, 0, 1}, {0, 3, 0, 3, 0, 0},   {1, 0, 128, 2, 1, 0},
      {1, 3, 0, 3, 1, 1},   {0, 0, 128, 0, 1, 0}, {1, 0, 256, 0, 0, 0},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof *cases; ++i) {
    unsigned gb = cases[i].six ? 12 : 8, pitch = PW / 16 * gb;
    static _Alignas(32) unsigned char img[PH * 192], want[PH * 192];
    for (unsigned k = 0; k < sizeof img; ++k)
      img[k] = nextByte();
    CUdeviceptr dimg = deviceBuffer(img, PH * pitch, 0);
    cuuint64_t dims[2] = {PW, PH}, strides[1] = {pitch};
    cuuint32_t box[2] = {128, 2}, estr[2] = {1, 1};
    CUtensorMapDataType type = cases[i].six
                                   ? CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B
                                   : CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B;
    CUtensorMapSwizzle sw =
        cases[i].swz ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_NONE;
    CUtensorMap map, direct;
    EXPECT(cuTensorMapEncodeTiled(&direct, type, 2, (void *)dimg, dims, strides,
                                  box, estr, CU_TENSOR_MAP_INTERLEAVE_NONE, sw,
                                  CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
           CUDA_SUCCESS);
    map = direct;
    if (cases[i].viaReplace) {
      // A u8 map of the same numbers, retyped on the device.
      EXPECT(cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_UINT8, 2,
                                    (void *)dimg, dims, strides, box, estr,
                                    CU_TENSOR_MAP_INTERLEAVE_NONE, sw,
                                    CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
             CUDA_SUCCESS);
      CUdeviceptr dmap = deviceBuffer(&map, sizeof map, 0);
      int t = cases[i].six ? 15 : 14;
      void *rargs[] = {&dmap, &t};
      launch1D(retype, 1, 1, rargs);
      EXPECT(cuMemcpyDtoH(&map, dmap, sizeof map), CUDA_SUCCESS);
      EXPECT_TRUE(!memcmp(&map, &direct, sizeof map));
      EXPECT(cuMemFree(dmap), CUDA_SUCCESS);
    }
    unsigned words = 2 * 128 / 4, bytes = words * 4;
    static uint32_t in[64], got[65];
    unsigned char *inb = (unsigned char *)in;
    for (unsigned k = 0; k < sizeof in; ++k)
      inb[k] = nextByte();
    CUdeviceptr din = deviceBuffer(in, sizeof in, 0);
    CUdeviceptr dout = deviceBuffer(NULL, sizeof got, 0);
    int x = cases[i].x, y = cases[i].y, store = cases[i].store;
    void *args[] = {&map, &x, &y, &store, &bytes, &words, &din, &dout};
    launch1D(tile, 1, 1, args);
    int ok;
    if (!store) {
      static unsigned char wantBox[256];
      memset(wantBox, 0xdd, sizeof wantBox);
      for (unsigned r = 0; r < 2; ++r)
        for (unsigned g = 0; g < 8; ++g) {
          int gy = y + (int)r, gg = x / 16 + (int)g;
          unsigned o = swizzle((r * 8 + g) * 16, cases[i].swz);
          int in = gy >= 0 && gy < PH && gg >= 0 && gg < PW / 16;
          for (unsigned b = 0; b < gb; ++b)
            wantBox[o + b] = in ? img[gy * pitch + gg * gb + b] : 0;
        }
      EXPECT(cuMemcpyDtoH(got, dout, sizeof got), CUDA_SUCCESS);
      ok = !memcmp(got, wantBox, bytes) && got[words] == 1;
    } else {
      memcpy(want, img, PH * pitch);
      for (unsigned r = 0; r < 2; ++r)
        for (unsigned g = 0; g < 8; ++g) {
          int gy = y + (int)r, gg = x / 16 + (int)g;
          if (gy < 0 || gy >= PH || gg < 0 || gg >= PW / 16)
            continue;
          const unsigned char *src =
              inb + swizzle((r * 8 + g) * 16, cases[i].swz);
          unsigned char *dst = want + gy * pitch + gg * gb;
          if (!cases[i].six) {
            memcpy(dst, src, 8);
            continue;
          }
          memset(dst, 0, 12);
          for (unsigned e = 0; e < 16; ++e)
            for (unsigned bit = 0; bit < 6; ++bit)
              if (src[e] >> bit & 1)
                dst[(6 * e + bit) / 8] |=
                    (unsigned char)(1u << ((6 * e + bit) % 8));
        }
      static unsigned char gotImg[PH * 192];
      EXPECT(cuMemcpyDtoH(gotImg, dimg, PH * pitch), CUDA_SUCCESS);
      ok = !memcmp(gotImg, want, PH * pitch);
    }
    if (!ok)
      printf("padded case %u differs\n", i);
    EXPECT_TRUE(ok);
    EXPECT(cuMemFree(dimg), CUDA_SUCCESS);
    EXPECT(cuMemFree(din), CUDA_SUCCESS);
    EXPECT(cuMemFree(dout), CUDA_SUCCESS);
  }
  // cuda.h's checks of the padded types.
  static _Alignas(64) unsigned char buf[4096];
  CUdeviceptr db = deviceBuffer(buf, sizeof buf, 0);
  CUtensorMap map;
  cuuint64_t dims[2] = {PW, PH}, odd[2] = {PW + 16, PH}, strides[1] = {192};
  cuuint32_t box[2] = {128, 2}, box64[2] = {64, 2}, estr[2] = {1, 1};
  CUtensorMapDataType six = CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B;
  EXPECT(cuTensorMapEncodeTiled(&map, six, 2, (void *)db, dims, strides, box64,
                                estr, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                CU_TENSOR_MAP_SWIZZLE_NONE,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
         CUDA_ERROR_INVALID_VALUE); // boxDim[0] is not 128
  EXPECT(cuTensorMapEncodeTiled(&map, six, 2, (void *)db, odd, strides, box,
                                estr, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                CU_TENSOR_MAP_SWIZZLE_NONE,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
         CUDA_ERROR_INVALID_VALUE); // globalDim[0] % 128
  EXPECT(cuTensorMapEncodeTiled(&map, six, 2, (void *)(db + 16), dims, strides,
                                box, estr, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                CU_TENSOR_MAP_SWIZZLE_NONE,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
         CUDA_ERROR_INVALID_VALUE); // a 16-byte aligned address
  EXPECT(cuTensorMapEncodeTiled(&map, six, 2, (void *)db, dims, strides, box,
                                estr, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                CU_TENSOR_MAP_SWIZZLE_64B,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
         CUDA_ERROR_INVALID_VALUE); // 64B swizzle
  EXPECT(cuTensorMapEncodeTiled(
             &map, six, 2, (void *)db, dims, strides, box, estr,
             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
             CU_TENSOR_MAP_L2_PROMOTION_NONE,
             CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA),
         CUDA_ERROR_INVALID_VALUE); // NaN fill
  {
    cuuint64_t d4[3] = {128, 4, 4}, s4[2] = {192, 768};
    int lo[1] = {0}, hi[1] = {0};
    cuuint32_t e3[3] = {1, 1, 1};
    EXPECT(cuTensorMapEncodeIm2col(&map, six, 3, (void *)db, d4, s4, lo, hi,
                                   128, 4, e3, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                   CU_TENSOR_MAP_SWIZZLE_128B,
                                   CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                   CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
           CUDA_ERROR_NOT_SUPPORTED); // im2col walks of packed groups
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
  CUfunction scatter = NULL, wide = NULL, tile = NULL, retype = NULL;
  EXPECT(cuModuleGetFunction(&scatter, mod, "scatter4"), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&wide, mod, "im2colw"), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&tile, mod, "tile2d"), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&retype, mod, "elemtype"), CUDA_SUCCESS);
  static uint32_t init[TN];
  for (unsigned t = 0; t < TN; ++t)
    init[t] = t + 1;
  CUdeviceptr dt = deviceBuffer(init, sizeof init, 0);
  if (gather)
    gatherTest(gather, dt);
  if (scatter)
    scatterTest(scatter, dt, init);
  if (wide)
    wideTest(wide);
  if (tile && retype)
    paddedTest(tile, retype);
  return finish();
}
