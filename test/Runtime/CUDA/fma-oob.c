// fma.rn.oob{.relu} on .f16, .bf16, .f16x2, .bf16x2 (sm_90), against the
// rule measured on an NVIDIA H200 (docs/lowering.md "fma.oob"): an `a` or
// `b` element whose 16 bits without the sign are 0x7ff7 (the OOB-NaN that
// tensor loads write with CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA)
// makes that result element +0, with or without .relu and whatever `c` is;
// otherwise (also for `c` = 0x7ff7) the result is the plain fma.rn{.relu}'s,
// which the same kernel computes next to it. Every operand position takes every
// 16-bit NaN and a sample of the other patterns (all 65536 with --all),
// with ordinary values in the other two; then all triples of special
// values. Each packed half is checked with the other half ordinary.
// With --dump FILE, every case with a NaN operand or where .oob differs
// from the plain result is written there (the measurement's record).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/fma-oob.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { OOB_NAN = 0x7ff7 };

static int isNan16(uint16_t h, int bf) {
  return bf ? (h & 0x7f80) == 0x7f80 && (h & 0x7f)
            : (h & 0x7c00) == 0x7c00 && (h & 0x3ff);
}

// The rule: `a` or `b` is the OOB-NaN, with either sign -> +0 (whatever
// `c` is); `c` = 0x7ff7 is an ordinary NaN.
static int oobCase(uint16_t a, uint16_t b, uint16_t c) {
  (void)c;
  return (a & 0x7fff) == OOB_NAN || (b & 0x7fff) == OOB_NAN;
}

static FILE *dump;
static int printed;

static void check(const char *ty, int lane, uint16_t a, uint16_t b,
                  uint16_t c, uint16_t oob, uint16_t oobRelu, uint16_t plain,
                  uint16_t plainRelu, int bf) {
  int o = oobCase(a, b, c);
  uint16_t want = o ? 0 : plain, wantRelu = o ? 0 : plainRelu;
  ++checks;
  int bad = oob != want || oobRelu != wantRelu;
  if (bad) {
    ++failures;
    if (printed++ < 40)
      printf("FAIL %s lane %d a=%04x b=%04x c=%04x: oob %04x relu %04x, "
             "expected %04x %04x (plain %04x %04x)\n",
             ty, lane, a, b, c, oob, oobRelu, want, wantRelu, plain,
             plainRelu);
  }
  if (dump && (bad || oob != plain || oobRelu != plainRelu ||
               isNan16(a, bf) || isNan16(b, bf) || isNan16(c, bf)))
    fprintf(dump, "%s %d %04x %04x %04x oob=%04x oobrelu=%04x plain=%04x "
                  "plainrelu=%04x%s\n",
            ty, lane, a, b, c, oob, oobRelu, plain, plainRelu,
            bad ? " MISMATCH" : "");
}

// Runs kernel `fn` on n elements of `width` bytes.
static void run(CUfunction fn, const void *a, const void *b, const void *c,
                void *out, unsigned n, unsigned width) {
  CUdeviceptr da = deviceBuffer(a, (size_t)n * width, 0);
  CUdeviceptr db = deviceBuffer(b, (size_t)n * width, 0);
  CUdeviceptr dc = deviceBuffer(c, (size_t)n * width, 0);
  CUdeviceptr dout = deviceBuffer(NULL, (size_t)n * width * 4, 0xa5);
  void *args[] = {&da, &db, &dc, &dout, &n};
  launch1D(fn, (n + 255) / 256, 256, args);
  EXPECT(cuMemcpyDtoH(out, dout, (size_t)n * width * 4), CUDA_SUCCESS);
  cuMemFree(da);
  cuMemFree(db);
  cuMemFree(dc);
  cuMemFree(dout);
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  int all = 0;
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "--all"))
      all = 1;
    else if (!strcmp(argv[i], "--dump") && i + 1 < argc)
      dump = fopen(argv[++i], "w");
  }
  CUcontext ctx;
  CUfunction fns[4];
  fns[0] = loadKernel(&ctx, argv[1], "oob_f16");
  if (!fns[0])
    return finish();
  CUmodule mod;
  EXPECT(cuModuleLoad(&mod, argv[1]), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&fns[1], mod, "oob_bf16"), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&fns[2], mod, "oob_f16x2"), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&fns[3], mod, "oob_bf16x2"), CUDA_SUCCESS);
  static const char *names[4] = {"f16", "bf16", "f16x2", "bf16x2"};
  // Ordinary operand pairs: (1, 0.5), (-3, 2), (0, -0).
  static const uint16_t ordF16[3][2] = {
      {0x3c00, 0x3800}, {0xc200, 0x4000}, {0x0000, 0x8000}};
  static const uint16_t ordBf16[3][2] = {
      {0x3f80, 0x3f00}, {0xc040, 0x4000}, {0x0000, 0x8000}};
  static const uint16_t specF16[] = {0x7ff7, 0xfff7, 0x7fff, 0x7e00, 0x7c01,
                                     0x7c00, 0xfc00, 0x3c00, 0xc000, 0x0000,
                                     0x8000, 0x0001};
  static const uint16_t specBf16[] = {0x7ff7, 0xfff7, 0x7fff, 0x7fc0,
                                      0x7f81, 0x7f80, 0xff80, 0x3f80,
                                      0xc000, 0x0000, 0x8000, 0x0001};
  enum { NSPEC = sizeof specF16 / sizeof specF16[0] };
  for (int k = 0; k < 4; k++) {
    int bf = k & 1, packed = k >= 2;
    const uint16_t(*ord)[2] = bf ? ordBf16 : ordF16;
    const uint16_t *spec = bf ? specBf16 : specF16;
    // The 16-bit operand triples: phase 1, then the special triples.
    uint16_t *t = malloc((size_t)(3 * 3 * 65536 + NSPEC * NSPEC * NSPEC) * 3 *
                         sizeof(uint16_t));
    unsigned n = 0;
    for (int pos = 0; pos < 3; pos++)
      for (int p = 0; p < 3; p++)
        for (unsigned v = 0; v < 65536; v++) {
          if (!all && !isNan16(v, bf) && v % 97)
            continue;
          uint16_t *e = t + 3 * n++;
          e[pos] = v;
          e[(pos + 1) % 3] = ord[p][0];
          e[(pos + 2) % 3] = ord[p][1];
        }
    for (int i = 0; i < NSPEC; i++)
      for (int j = 0; j < NSPEC; j++)
        for (int l = 0; l < NSPEC; l++) {
          uint16_t *e = t + 3 * n++;
          e[0] = spec[i];
          e[1] = spec[j];
          e[2] = spec[l];
        }
    // Packed: each triple once in the low half (high half ordinary), once
    // in the high half.
    unsigned m = packed ? 2 * n : n, width = packed ? 4 : 2;
    void *a = malloc((size_t)m * width), *b = malloc((size_t)m * width),
         *c = malloc((size_t)m * width), *out = malloc((size_t)m * width * 4);
    for (unsigned i = 0; i < m; i++) {
      const uint16_t *e = t + 3 * (i % n);
      void *ops[3] = {a, b, c};
      for (int o = 0; o < 3; o++) {
        if (packed) {
          uint32_t other = ord[1][o % 2];
          ((uint32_t *)ops[o])[i] =
              i < n ? (other << 16 | e[o]) : ((uint32_t)e[o] << 16 | other);
        } else {
          ((uint16_t *)ops[o])[i] = e[o];
        }
      }
    }
    run(fns[k], a, b, c, out, m, width);
    for (unsigned i = 0; i < m; i++) {
      if (packed) {
        const uint32_t *r = (const uint32_t *)out + 4 * i;
        uint32_t x[3] = {((uint32_t *)a)[i], ((uint32_t *)b)[i],
                         ((uint32_t *)c)[i]};
        for (int lane = 0; lane < 2; lane++) {
          int s = 16 * lane;
          check(names[k], lane, x[0] >> s, x[1] >> s, x[2] >> s, r[0] >> s,
                r[1] >> s, r[2] >> s, r[3] >> s, bf);
        }
      } else {
        const uint16_t *r = (const uint16_t *)out + 4 * i;
        check(names[k], 0, ((uint16_t *)a)[i], ((uint16_t *)b)[i],
              ((uint16_t *)c)[i], r[0], r[1], r[2], r[3], bf);
      }
    }
    free(t);
    free(a);
    free(b);
    free(c);
    free(out);
  }
  if (dump)
    fclose(dump);
  return finish();
}
