// The sm_100 swizzles, from the PTX ISA 9.4 manual's pattern tables
// (§5.5.7 "Swizzling Modes"; docs/lowering.md "Tensor maps"), not measured
// (an H200 refuses to encode them, and no sm_100 GPU was at hand): the 96B
// swizzle mode (tensormap.replace .swizzle_mode 4) and the 128B mode with
// 32B atoms, 32B atoms and the 8-byte flip, and 64B atoms (encoded with
// CU_TENSOR_MAP_SWIZZLE_128B_ATOM_*, or tensormap.replace
// .swizzle_atomicity). Each tile load's shared bytes, and each tile store's
// global bytes, are compared with a reference built from the tables
// themselves (the table's row for each 128-byte line names the 16-byte
// chunk each position holds) over the packed box of the global pattern
// (half-word k at byte 2k), not with the lowering's XOR formula. Readings
// of the text where it is not explicit: a table's rows are consecutive
// 128-byte lines of the packed box (the 96B mode's too: its figure is not
// in the text), the 8-byte flip happens on the odd lines, and stores use
// the same placement as loads.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/tensor-layout.ptx %S/Inputs/tensor-swizzle.ptx | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/tensor-layout.ptx %S/Inputs/tensor-swizzle.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { SMEM = 16384, GBYTES = 65536, BASE = 256 };

// The manual's tables: row r of a mode lists, for each 16-byte position of
// a 128-byte line, the chunk it holds; the pattern repeats every `rows`
// lines. The 32B-atom rows are written as the manual's pairs.
typedef struct {
  const char *name;
  unsigned rows;
  unsigned char t[8][8];
  int flip; // the 8-byte halves of each chunk swap on odd lines
} Table;

static const Table T32 = {"32B", 2, {{0, 1, 2, 3, 4, 5, 6, 7},
                                     {1, 0, 3, 2, 5, 4, 7, 6}}, 0};
static const Table T96 = {"96B", 2, {{0, 1, 2, 3, 4, 5, 6, 7},
                                     {1, 0, 3, 2, 5, 4, 7, 6}}, 0};
static const Table T64 = {"64B", 4, {{0, 1, 2, 3, 4, 5, 6, 7},
                                     {1, 0, 3, 2, 5, 4, 7, 6},
                                     {2, 3, 0, 1, 6, 7, 4, 5},
                                     {3, 2, 1, 0, 7, 6, 5, 4}}, 0};
static const Table T128 = {"128B", 8, {{0, 1, 2, 3, 4, 5, 6, 7},
                                       {1, 0, 3, 2, 5, 4, 7, 6},
                                       {2, 3, 0, 1, 6, 7, 4, 5},
                                       {3, 2, 1, 0, 7, 6, 5, 4},
                                       {4, 5, 6, 7, 0, 1, 2, 3},
                                       {5, 4, 7, 6, 1, 0, 3, 2},
                                       {6, 7, 4, 5, 2, 3, 0, 1},
                                       {7, 6, 5, 4, 3, 2, 1, 0}}, 0};
static const Table T128A32 = {"128B/32B", 4, {{0, 1, 2, 3, 4, 5, 6, 7},
                                              {2, 3, 0, 1, 6, 7, 4, 5},
                                              {4, 5, 6, 7, 0, 1, 2, 3},
                                              {6, 7, 4, 5, 2, 3, 0, 1}}, 0};
static const Table T128A32F = {"128B/32B+flip", 4,
                               {{0, 1, 2, 3, 4, 5, 6, 7},
                                {2, 3, 0, 1, 6, 7, 4, 5},
                                {4, 5, 6, 7, 0, 1, 2, 3},
                                {6, 7, 4, 5, 2, 3, 0, 1}}, 1};
static const Table T128A64 = {"128B/64B", 2, {{0, 1, 2, 3, 4, 5, 6, 7},
                                              {4, 5, 6, 7, 0, 1, 2, 3}}, 0};

// Where byte o of the packed box goes in shared memory under table t.
static unsigned place(const Table *t, unsigned o) {
  unsigned line = o / 128, chunk = o / 16 % 8, b = o % 16;
  const unsigned char *row = t->t[line % t->rows];
  unsigned p = 0;
  while (row[p] != chunk)
    ++p;
  if (t->flip && line % 2)
    b ^= 8;
  return line * 128 + p * 16 + b;
}

static CUfunction kload, kstore, kreplace2;
static CUdeviceptr dglob, dout, dinfo, dsrc, dmap;
static uint8_t gpat[GBYTES];

// A 2d u32 tensor of 64 x 32 elements (256-byte rows) at BASE, box
// {box0, rows} at {x, y}, inside the tensor.
typedef struct {
  unsigned box0, rows, x, y;
} Box;

static CUresult encode2d(CUtensorMap *map, const Box *b, CUtensorMapSwizzle s) {
  cuuint64_t dims[2] = {64, 32}, strides[1] = {256};
  cuuint32_t box[2] = {b->box0, b->rows}, es[2] = {1, 1};
  return cuTensorMapEncodeTiled(
      map, CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, (void *)(uintptr_t)(dglob + BASE),
      dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, s,
      CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

// Byte o of the packed box in global memory (offset from the buffer).
static unsigned globalByte(const Box *b, unsigned o) {
  unsigned row = o / (4 * b->box0), col = o % (4 * b->box0);
  return BASE + (b->y + row) * 256 + b->x * 4 + col;
}

// Loads through `map` (or *gmap) and compares the shared bytes with table
// t's placement of the box.
static void checkLoad(const char *what, CUtensorMap *map, CUdeviceptr gmap,
                      const Box *b, const Table *t) {
  unsigned bytes = 4 * b->box0 * b->rows, dump = bytes + 256;
  int rank = 2, c[5] = {(int)b->x, (int)b->y, 0, 0, 0};
  void *args[] = {map,   &gmap, &rank, &c[0], &c[1], &c[2], &c[3], &c[4],
                  &bytes, &dump, &dout, &dinfo};
  EXPECT(cuLaunchKernel(kload, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL),
         CUDA_SUCCESS);
  EXPECT(cuCtxSynchronize(), CUDA_SUCCESS);
  uint8_t got[SMEM], want[SMEM];
  uint32_t info[2];
  EXPECT(cuMemcpyDtoH(got, dout, dump), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(info, dinfo, 8), CUDA_SUCCESS);
  memset(want, 0xa5, dump);
  for (unsigned o = 0; o < bytes; ++o)
    want[place(t, o)] = gpat[globalByte(b, o)];
  unsigned bad = 0, first = 0;
  for (unsigned k = 0; k < dump; ++k)
    if (got[k] != want[k] && !bad++)
      first = k;
  ++checks;
  if (bad || info[0] != 1 || info[1] != bytes) {
    ++failures;
    printf("FAIL load %s (%s, box %ux%u): %u bytes differ (first at %u: %02x, "
           "table %02x); tx %u of %u\n",
           what, t->name, b->box0, b->rows, bad, first, got[first],
           want[first], info[1], bytes);
  }
}

// Stores the shared pattern (byte k = k * 7 + 3) through `map` and compares
// global memory with table t's placement.
static void checkStore(const char *what, CUtensorMap *map, const Box *b,
                       const Table *t) {
  static uint8_t src[SMEM], got[GBYTES], want[GBYTES];
  for (unsigned k = 0; k < SMEM; ++k)
    src[k] = (uint8_t)(k * 7 + 3);
  EXPECT(cuMemcpyHtoD(dsrc, src, SMEM), CUDA_SUCCESS);
  EXPECT(cuMemsetD8(dglob, 0x5a, GBYTES), CUDA_SUCCESS);
  unsigned len = SMEM, bytes = 4 * b->box0 * b->rows;
  int rank = 2, c[5] = {(int)b->x, (int)b->y, 0, 0, 0};
  void *args[] = {map,   &rank, &c[0], &c[1], &c[2],
                  &c[3], &c[4], &dsrc, &len};
  EXPECT(cuLaunchKernel(kstore, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL),
         CUDA_SUCCESS);
  EXPECT(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(got, dglob, GBYTES), CUDA_SUCCESS);
  memset(want, 0x5a, GBYTES);
  for (unsigned o = 0; o < bytes; ++o)
    want[globalByte(b, o)] = src[place(t, o)];
  unsigned bad = 0;
  for (unsigned k = 0; k < GBYTES; ++k)
    bad += got[k] != want[k];
  ++checks;
  if (bad) {
    ++failures;
    printf("FAIL store %s (%s, box %ux%u): %u bytes differ\n", what, t->name,
           b->box0, b->rows, bad);
  }
  EXPECT(cuMemcpyHtoD(dglob, gpat, GBYTES), CUDA_SUCCESS);
}

// A map encoded with swizzle s, copied to global memory and rewritten by
// tensormap.replace (.swizzle_mode 4 when mode96, .swizzle_atomicity atom
// when atom >= 0), then loaded through.
static void checkReplaced(const char *what, const Box *b, CUtensorMapSwizzle s,
                          int mode96, int atom, const Table *t) {
  CUtensorMap map;
  EXPECT(encode2d(&map, b, s), CUDA_SUCCESS);
  EXPECT(cuMemcpyHtoD(dmap, &map, sizeof map), CUDA_SUCCESS);
  int b4x16 = 0;
  void *args[] = {&dmap, &mode96, &atom, &b4x16};
  EXPECT(cuLaunchKernel(kreplace2, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL),
         CUDA_SUCCESS);
  EXPECT(cuCtxSynchronize(), CUDA_SUCCESS);
  checkLoad(what, &map, dmap, b, t);
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
  for (unsigned k = 0; k < GBYTES / 2; ++k) {
    gpat[2 * k] = (uint8_t)k;
    gpat[2 * k + 1] = (uint8_t)(k >> 8);
  }
  dglob = deviceBuffer(gpat, GBYTES, 0);
  dout = deviceBuffer(NULL, SMEM, 0);
  dinfo = deviceBuffer(NULL, 8, 0);
  dsrc = deviceBuffer(NULL, SMEM, 0);
  dmap = deviceBuffer(NULL, 128, 0);

  // Boxes: 128-byte rows (16 lines: every table repeats within), 64-byte
  // rows, and 96-byte rows for the 96B mode (at most 96 bytes, the manual's
  // restriction).
  static const Box wide = {32, 16, 8, 3}, half = {16, 24, 4, 1},
                   b96 = {24, 16, 0, 2}, b96s = {24, 5, 16, 0};
  static const struct {
    CUtensorMapSwizzle s;
    const Table *t;
  } atoms[] = {{CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B, &T128A32},
               {CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B_FLIP_8B, &T128A32F},
               {CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B, &T128A64}};
  for (unsigned i = 0; i < 3; ++i) {
    CUtensorMap map;
    EXPECT(encode2d(&map, &wide, atoms[i].s), CUDA_SUCCESS);
    checkLoad("encoded", &map, 0, &wide, atoms[i].t);
    EXPECT(encode2d(&map, &half, atoms[i].s), CUDA_SUCCESS);
    checkLoad("encoded", &map, 0, &half, atoms[i].t);
    // The manual allows the flip for loads only.
    if (atoms[i].t->flip)
      continue;
    EXPECT(encode2d(&map, &wide, atoms[i].s), CUDA_SUCCESS);
    checkStore("encoded", &map, &wide, atoms[i].t);
    EXPECT(encode2d(&map, &half, atoms[i].s), CUDA_SUCCESS);
    checkStore("encoded", &map, &half, atoms[i].t);
  }
  // The same through tensormap.replace .swizzle_atomicity on a 128B map,
  // and back to 16-byte atoms.
  checkReplaced("atomicity 1", &wide, CU_TENSOR_MAP_SWIZZLE_128B, 0, 1,
                &T128A32);
  checkReplaced("atomicity 2", &wide, CU_TENSOR_MAP_SWIZZLE_128B, 0, 2,
                &T128A32F);
  checkReplaced("atomicity 3", &half, CU_TENSOR_MAP_SWIZZLE_128B, 0, 3,
                &T128A64);
  checkReplaced("atomicity 0", &wide, CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B, 0,
                0, &T128);
  // The 96B mode through .swizzle_mode 4 on an unswizzled map.
  checkReplaced("mode 4", &b96, CU_TENSOR_MAP_SWIZZLE_NONE, 1, -1, &T96);
  checkReplaced("mode 4", &b96s, CU_TENSOR_MAP_SWIZZLE_NONE, 1, -1, &T96);
  // The 16-byte-atom tables of the modes measured on an H200 (tensor-
  // layout.c, tensor_copy), as a check of the reference itself.
  {
    CUtensorMap map;
    static const Box b32 = {8, 16, 0, 0}, b64 = {16, 16, 8, 1};
    EXPECT(encode2d(&map, &b32, CU_TENSOR_MAP_SWIZZLE_32B), CUDA_SUCCESS);
    checkLoad("encoded", &map, 0, &b32, &T32);
    EXPECT(encode2d(&map, &b64, CU_TENSOR_MAP_SWIZZLE_64B), CUDA_SUCCESS);
    checkLoad("encoded", &map, 0, &b64, &T64);
    EXPECT(encode2d(&map, &wide, CU_TENSOR_MAP_SWIZZLE_128B), CUDA_SUCCESS);
    checkLoad("encoded", &map, 0, &wide, &T128);
    checkStore("encoded", &map, &wide, &T128);
  }
  return finish();
}
