// NaN, infinity, signed-zero, subnormal and overflow results of the float
// reductions of cp.reduce.async.bulk.tensor against the bits an NVIDIA H200
// gives (Inputs/tensor-nan.h200.txt; docs/lowering.md "NaN results of
// float atomics"). Inputs/tensor-nan.py writes the cases, Inputs/
// tensor-nan.cu the kernels (PTX from nvcc -arch=sm_90). Each group of
// consecutive lines with the same map data type and operation is one
// launch: the memory and operand of every line sit at their element
// position of a 16-byte chunk of their own (other elements 1.5 in memory,
// 0.75 as operand), the chunks padded to whole 256-element boxes, and one
// thread reduces the operands, staged in shared memory, into the 1d tensor
// with one cp.reduce.async.bulk.tensor per box. Every line's element is
// compared bit for bit; the filler elements must hold 1.5 + 0.75,
// min(1.5, 0.75) or max(1.5, 0.75).
//
//   tensor-nan MODULE CASES [--dump] [--only TYPE.OP]
//     --dump prints each line with " = RESULT" (how the table was made);
//     --only runs one group.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/tensor-nan.ptx %S/Inputs/tensor-nan.h200.txt | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { MAXLINES = 4096, MAXBYTES = 16384, BOX = 256, THREADS = 128 };

typedef struct {
  const char *name;
  CUtensorMapDataType dtype;
  unsigned esize;
  uint64_t mem, opnd, sum; // fillers: 1.5, 0.75, 2.25
} Type;

static const Type TYPES[] = {
    {"f32", CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, 0x3fc00000, 0x3f400000,
     0x40100000},
    {"f32ftz", CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ, 4, 0x3fc00000, 0x3f400000,
     0x40100000},
    {"tf32", CU_TENSOR_MAP_DATA_TYPE_TFLOAT32, 4, 0x3fc00000, 0x3f400000,
     0x40100000},
    {"tf32ftz", CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ, 4, 0x3fc00000, 0x3f400000,
     0x40100000},
    {"f16", CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, 0x3e00, 0x3a00, 0x4080},
    {"bf16", CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, 0x3fc0, 0x3f40, 0x4010},
    {"f64", CU_TENSOR_MAP_DATA_TYPE_FLOAT64, 8, 0x3ff8000000000000ull,
     0x3fe8000000000000ull, 0x4002000000000000ull},
};

typedef struct {
  char type[16], op[8], text[96];
  unsigned pos;
  unsigned long long mem, opnd, want;
  int hasWant;
} Line;

static Line lines[MAXLINES];

static const Type *findType(const char *name) {
  for (unsigned i = 0; i < sizeof TYPES / sizeof *TYPES; ++i)
    if (!strcmp(TYPES[i].name, name))
      return &TYPES[i];
  return NULL;
}

static uint64_t getElem(const unsigned char *p, unsigned esize) {
  uint64_t v = 0;
  memcpy(&v, p, esize); // little endian
  return v;
}
static void setElem(unsigned char *p, unsigned esize, uint64_t v) {
  memcpy(p, &v, esize);
}

// Runs lines[first, first + n) (one type and operation) and checks or
// prints them.
static void runGroup(CUmodule mod, unsigned first, unsigned n, int dump) {
  const Type *ty = findType(lines[first].type);
  char kname[16];
  snprintf(kname, sizeof kname, "red_%s", lines[first].op);
  CUfunction fn;
  EXPECT(cuModuleGetFunction(&fn, mod, kname), CUDA_SUCCESS);
  unsigned es = ty->esize, per = 16 / es, step = BOX * es;
  unsigned bytes = (n * 16 + step - 1) / step * step;
  if (bytes > MAXBYTES) {
    printf("%s.%s: too many lines\n", ty->name, lines[first].op);
    ++failures;
    return;
  }
  unsigned char *mem = malloc(bytes), *opnd = malloc(bytes),
                *got = malloc(bytes);
  for (unsigned e = 0; e < bytes / es; ++e) {
    setElem(mem + e * es, es, ty->mem);
    setElem(opnd + e * es, es, ty->opnd);
  }
  for (unsigned i = 0; i < n; ++i) {
    const Line *l = &lines[first + i];
    setElem(mem + i * 16 + l->pos * es, es, l->mem);
    setElem(opnd + i * 16 + l->pos * es, es, l->opnd);
  }
  CUdeviceptr dmem = deviceBuffer(mem, bytes, 0);
  CUdeviceptr dsrc = deviceBuffer(opnd, bytes, 0);
  CUtensorMap map;
  cuuint64_t dims[1] = {bytes / es}, strides[1] = {bytes};
  cuuint32_t box[1] = {BOX}, estr[1] = {1};
  EXPECT(cuTensorMapEncodeTiled(&map, ty->dtype, 1, (void *)dmem, dims, strides,
                                box, estr, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                CU_TENSOR_MAP_SWIZZLE_NONE,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
         CUDA_SUCCESS);
  void *args[] = {&map, &dsrc, &bytes, &es};
  launch1D(fn, 1, THREADS, args);
  memset(got, 0, bytes);
  EXPECT(cuMemcpyDtoH(got, dmem, bytes), CUDA_SUCCESS);

  // The fillers: every element that is no line's.
  const char *op = lines[first].op;
  uint64_t fill = !strcmp(op, "add")   ? ty->sum
                  : !strcmp(op, "min") ? ty->opnd
                                       : ty->mem;
  unsigned bad = 0;
  for (unsigned e = 0; e < bytes / es; ++e) {
    unsigned chunk = e / per;
    if (chunk < n && e % per == lines[first + chunk].pos)
      continue;
    bad += getElem(got + e * es, es) != fill;
  }
  ++checks;
  if (bad) {
    ++failures;
    printf("FAIL %s.%s: %u filler elements are not %llx\n", ty->name, op, bad,
           (unsigned long long)fill);
  }
  for (unsigned i = 0; i < n; ++i) {
    const Line *l = &lines[first + i];
    uint64_t r = getElem(got + i * 16 + l->pos * es, es);
    if (dump) {
      printf("%s = %0*llx\n", l->text, (int)es * 2, (unsigned long long)r);
      continue;
    }
    ++checks;
    if (!l->hasWant || r != l->want) {
      ++failures;
      printf("FAIL %s = %0*llx (H200: %0*llx)\n", l->text, (int)es * 2,
             (unsigned long long)r, (int)es * 2, l->want);
    }
  }
  free(mem);
  free(opnd);
  free(got);
  cuMemFree(dmem);
  cuMemFree(dsrc);
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  int dump = 0;
  const char *only = NULL;
  for (int i = 3; i < argc; ++i) {
    if (!strcmp(argv[i], "--dump"))
      dump = 1;
    else if (!strcmp(argv[i], "--only") && i + 1 < argc)
      only = argv[++i];
  }
  FILE *f = fopen(argv[2], "r");
  if (!f) {
    printf("cannot open %s\n", argv[2]);
    return 2;
  }
  char buf[256];
  unsigned n = 0;
  if (!fgets(buf, sizeof buf, f) || strncmp(buf, "cases ", 6)) {
    printf("%s: bad header\n", argv[2]);
    return 2;
  }
  while (fgets(buf, sizeof buf, f) && n < MAXLINES) {
    Line *l = &lines[n];
    if (sscanf(buf, "%15s %7s %u %llx %llx", l->type, l->op, &l->pos, &l->mem,
               &l->opnd) != 5 ||
        !findType(l->type) || l->pos >= 16 / findType(l->type)->esize) {
      printf("bad line: %s", buf);
      return 2;
    }
    char *eq = strchr(buf, '=');
    l->hasWant = eq && sscanf(eq + 1, "%llx", &l->want) == 1;
    size_t len = eq ? (size_t)(eq - buf) : strcspn(buf, "\n");
    while (len && (buf[len - 1] == ' ' || buf[len - 1] == '\n'))
      --len;
    snprintf(l->text, sizeof l->text, "%.*s", (int)len, buf);
    ++n;
  }
  fclose(f);

  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "red_add");
  if (!fn)
    return finish();
  CUmodule mod;
  EXPECT(cuFuncGetModule(&mod, fn), CUDA_SUCCESS);
  for (unsigned first = 0; first < n;) {
    unsigned end = first + 1;
    while (end < n && !strcmp(lines[end].type, lines[first].type) &&
           !strcmp(lines[end].op, lines[first].op))
      ++end;
    char name[32];
    snprintf(name, sizeof name, "%s.%s", lines[first].type, lines[first].op);
    if (!only || !strcmp(only, name))
      runGroup(mod, first, end - first, dump);
    first = end;
  }
  if (dump)
    return failures != 0;
  return finish();
}
