// Tile loads and stores of the packed 4-bit type .b4x16
// (CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B, tensormap.replace .elemtype 13),
// from the PTX ISA 9.4 manual's text (§5.5.1.1: "the packed sixteen .b4
// elements in a 64-bit container is copied as is between the shared memory
// and the global memory"), not measured (an H200 refuses the type): the
// box's bytes are the global bytes as they are, dimension 0 counting 4-bit
// elements (cuda.h: "Dimension for the packed data types must reflect the
// number of individual U# values"), bytes outside the tensor zero (loads)
// or skipped (stores), swizzled as a byte box would be. Also the encoding
// checks cuda.h gives for the type (even globalDim[0]; the inner box a
// multiple of 16 bytes, 32 elements; no NaN fill). The padded packed types
// are tensor-sm100.c's.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/tensor-layout.ptx %S/Inputs/tensor-swizzle.ptx | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/tensor-layout.ptx %S/Inputs/tensor-swizzle.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { SMEM = 16384, GBYTES = 8192, BASE = 256, ROW = 128, ROWS = 16 };
#define B4 CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B

static CUfunction kload, kstore, kreplace2;
static CUdeviceptr dglob, dout, dinfo, dsrc, dmap;
static uint8_t gpat[GBYTES];

// A 2d .b4x16 tensor of dim0 4-bit elements x 16 rows (128-byte rows) at
// BASE; a box of box0 x rows elements at {x, y}.
typedef struct {
  const char *name;
  unsigned dim0, box0, rows;
  int x, y;
  CUtensorMapSwizzle swizzle;
} Case;

static CUresult encode(CUtensorMap *map, CUtensorMapDataType type,
                       unsigned dim0, unsigned box0, unsigned rows,
                       CUtensorMapSwizzle s, CUtensorMapFloatOOBfill fill) {
  cuuint64_t dims[2] = {dim0, ROWS}, strides[1] = {ROW};
  cuuint32_t box[2] = {box0, rows}, es[2] = {1, 1};
  return cuTensorMapEncodeTiled(map, type, 2, (void *)(uintptr_t)(dglob + BASE),
                                dims, strides, box, es,
                                CU_TENSOR_MAP_INTERLEAVE_NONE, s,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE, fill);
}

// The swizzled shared offset of box byte o (the 32B/64B/128B patterns an
// H200 showed, tensor-layout.c).
static unsigned swz(CUtensorMapSwizzle s, unsigned o) {
  unsigned span = s == CU_TENSOR_MAP_SWIZZLE_32B    ? 32
                  : s == CU_TENSOR_MAP_SWIZZLE_64B  ? 64
                  : s == CU_TENSOR_MAP_SWIZZLE_128B ? 128
                                                    : 16;
  return o ^ ((o >> 3) & (span - 16));
}

// The global byte (offset from the buffer) of box byte o, or -1 outside.
static long globalByte(const Case *c, unsigned o) {
  unsigned rowBytes = c->box0 / 2;
  long col = c->x / 2 + (long)(o % rowBytes), row = c->y + (long)(o / rowBytes);
  if (col < 0 || col >= (long)c->dim0 / 2 || row < 0 || row >= ROWS)
    return -1;
  return BASE + row * ROW + col;
}

static void checkLoad(const Case *c, CUtensorMap *map, CUdeviceptr gmap) {
  unsigned bytes = c->box0 / 2 * c->rows, dump = bytes + 256;
  int rank = 2, co[5] = {c->x, c->y, 0, 0, 0};
  void *args[] = {map,    &gmap,  &rank, &co[0], &co[1], &co[2], &co[3], &co[4],
                  &bytes, &dump, &dout, &dinfo};
  EXPECT(cuLaunchKernel(kload, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL),
         CUDA_SUCCESS);
  EXPECT(cuCtxSynchronize(), CUDA_SUCCESS);
  uint8_t got[SMEM], want[SMEM];
  uint32_t info[2];
  EXPECT(cuMemcpyDtoH(got, dout, dump), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(info, dinfo, 8), CUDA_SUCCESS);
  memset(want, 0xa5, dump);
  for (unsigned o = 0; o < bytes; ++o) {
    long g = globalByte(c, o);
    want[swz(c->swizzle, o)] = g < 0 ? 0 : gpat[g];
  }
  unsigned bad = 0;
  for (unsigned k = 0; k < dump; ++k)
    bad += got[k] != want[k];
  ++checks;
  if (bad || info[0] != 1 || info[1] != bytes) {
    ++failures;
    printf("FAIL load %s%s: %u bytes differ; tx %u of %u\n", c->name,
           gmap ? " (replaced)" : "", bad, info[1], bytes);
  }
}

static void checkStore(const Case *c) {
  static uint8_t src[SMEM], got[GBYTES], want[GBYTES];
  for (unsigned k = 0; k < SMEM; ++k)
    src[k] = (uint8_t)(k * 7 + 3);
  CUtensorMap map;
  EXPECT(encode(&map, B4, c->dim0, c->box0, c->rows, c->swizzle, 0),
         CUDA_SUCCESS);
  EXPECT(cuMemcpyHtoD(dsrc, src, SMEM), CUDA_SUCCESS);
  EXPECT(cuMemsetD8(dglob, 0x5a, GBYTES), CUDA_SUCCESS);
  unsigned len = SMEM, bytes = c->box0 / 2 * c->rows;
  int rank = 2, co[5] = {c->x, c->y, 0, 0, 0};
  void *args[] = {&map,   &rank, &co[0], &co[1], &co[2],
                  &co[3], &co[4], &dsrc, &len};
  EXPECT(cuLaunchKernel(kstore, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL),
         CUDA_SUCCESS);
  EXPECT(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(got, dglob, GBYTES), CUDA_SUCCESS);
  memset(want, 0x5a, GBYTES);
  for (unsigned o = 0; o < bytes; ++o) {
    long g = globalByte(c, o);
    if (g >= 0)
      want[g] = src[swz(c->swizzle, o)];
  }
  unsigned bad = 0;
  for (unsigned k = 0; k < GBYTES; ++k)
    bad += got[k] != want[k];
  ++checks;
  if (bad) {
    ++failures;
    printf("FAIL store %s: %u bytes differ\n", c->name, bad);
  }
  EXPECT(cuMemcpyHtoD(dglob, gpat, GBYTES), CUDA_SUCCESS);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s tensor-layout.ptx tensor-swizzle.ptx\n",
            argv[0]);
    return 2;
  }
  CUcontext ctx;
  CUmodule mod, mod2;
  kload = loadKernel(&ctx, argv[1], "load");
  if (!kload)
    return finish();
  EXPECT(cuFuncGetModule(&mod, kload), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&kstore, mod, "store"), CUDA_SUCCESS);
  EXPECT(cuModuleLoad(&mod2, argv[2]), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&kreplace2, mod2, "replace2"), CUDA_SUCCESS);
  for (unsigned k = 0; k < GBYTES; ++k)
    gpat[k] = (uint8_t)(k * 13 + (k >> 8));
  dglob = deviceBuffer(gpat, GBYTES, 0);
  dout = deviceBuffer(NULL, SMEM, 0);
  dinfo = deviceBuffer(NULL, 8, 0);
  dsrc = deviceBuffer(NULL, SMEM, 0);
  dmap = deviceBuffer(NULL, 128, 0);

  // 192 elements (96 bytes) a row: boxes inside, past the row's end and
  // the last row, before the first element, swizzled.
  static const Case cases[] = {
      {"inside", 192, 64, 4, 32, 2, CU_TENSOR_MAP_SWIZZLE_NONE},
      {"edge", 192, 64, 4, 160, 14, CU_TENSOR_MAP_SWIZZLE_NONE},
      {"before", 192, 64, 3, -32, 0, CU_TENSOR_MAP_SWIZZLE_NONE},
      {"sw32", 192, 64, 8, 0, 1, CU_TENSOR_MAP_SWIZZLE_32B},
      {"sw128", 256, 256, 12, 0, 3, CU_TENSOR_MAP_SWIZZLE_128B},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof *cases; ++i) {
    const Case *c = &cases[i];
    CUtensorMap map;
    EXPECT(encode(&map, B4, c->dim0, c->box0, c->rows, c->swizzle, 0),
           CUDA_SUCCESS);
    checkLoad(c, &map, 0);
    if (c->x >= 0)
      checkStore(c);
  }
  // A u8 map of 96 x 16 bytes, box 32 x 4, rewritten to .elemtype 13: its
  // dimension 0 then counts 96 4-bit elements, its box 32.
  {
    static const Case r = {"replaced", 96, 32, 4, 16, 5,
                           CU_TENSOR_MAP_SWIZZLE_NONE};
    CUtensorMap map;
    EXPECT(encode(&map, CU_TENSOR_MAP_DATA_TYPE_UINT8, 96, 32, 4,
                  CU_TENSOR_MAP_SWIZZLE_NONE, 0),
           CUDA_SUCCESS);
    EXPECT(cuMemcpyHtoD(dmap, &map, sizeof map), CUDA_SUCCESS);
    int mode96 = 0, atom = -1, b4x16 = 1;
    void *args[] = {&dmap, &mode96, &atom, &b4x16};
    EXPECT(cuLaunchKernel(kreplace2, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL),
           CUDA_SUCCESS);
    EXPECT(cuCtxSynchronize(), CUDA_SUCCESS);
    checkLoad(&r, &map, dmap);
  }

  // Encoding: cuda.h's rules for the type.
  CUtensorMap map;
  CUtensorMapSwizzle none = CU_TENSOR_MAP_SWIZZLE_NONE;
  EXPECT(encode(&map, B4, 191, 64, 4, none, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT(encode(&map, B4, 192, 48, 4, none, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT(encode(&map, B4, 192, 33, 4, none, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT(encode(&map, B4, 192, 64, 4, none,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(encode(&map, B4, 192, 128, 4, CU_TENSOR_MAP_SWIZZLE_32B, 0),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(encode(&map, B4, 192, 128, 4, CU_TENSOR_MAP_SWIZZLE_64B, 0),
         CUDA_SUCCESS);
  return finish();
}
