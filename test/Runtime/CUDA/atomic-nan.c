// NaN results of the float atomics against the bits an NVIDIA H200 gives
// (Inputs/atomic-nan.h200.txt: measured on an H200 with driver 580.159.04,
// which JIT-compiled Inputs/atomic-nan.ptx, on 2026-12-01; rules in
// docs/lowering.md "NaN results of float atomics"). Inputs/atomic-nan.py
// generates the PTX and the case list: atom/red .add on f32, f64, f16,
// bf16 and the x2 forms (.global, .shared, generic, .v2), the vector
// .min/.max on f16/bf16 and x2, each on memory holding a NaN (quiet or
// signalling, both signs, payloads) with a finite or NaN operand, on
// finite memory with a NaN operand, inf + -inf and subnormal sums. A case
// line is
//   INDEX SLOTBITS ELEMTYPE ISATOM INSTR... MEMORY OPERAND
// and the table adds "= RETURNED MEMORY-AFTER" (RETURNED "-" for red).
//
//   atomic-nan MODULE CASES --dump    runs the cases, prints the table
//   atomic-nan MODULE CASES --dump --kernel K
//       runs kernel K alone, prints its cases (as the table was made: one
//       process a kernel, so that a fault in one leaves the others)
//   atomic-nan MODULE TABLE [--nan-class SUBSTR]...
//       compares with a table written so; for the instructions containing
//       SUBSTR the memory left behind is compared per lane only as "a NaN
//       where the H200 left a NaN, otherwise the same bits" (the values
//       returned are always compared exactly).
//
// The CPU agent gives every bit of the table (min/max are our
// compare-exchange loops everywhere; the adds are the host end's loops,
// lib/Conversion/WaveToHost/FloatAtomics.h). On AMD GPUs the adds are
// native atomics that leave that hardware's NaNs (docs/lowering.md): run
// there with --nan-class .add.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/atomic-nan.ptx %S/Inputs/atomic-nan.h200.txt | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

/* Whether lane value `v` of element type `ty` is a NaN. */
static int isNaN(uint64_t v, const char *ty) {
  if (!strcmp(ty, "f64"))
    return (v & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
  if (!strcmp(ty, "f32"))
    return (v & 0x7fffffff) > 0x7f800000;
  if (!strcmp(ty, "f16"))
    return (v & 0x7fff) > 0x7c00;
  return (v & 0x7fff) > 0x7f80; /* bf16 */
}

/* `got` matches `want` lane by lane: equal, or both NaNs when `loose`. */
static int sameBits(uint64_t got, uint64_t want, unsigned slot, const char *ty,
                    int loose) {
  if (got == want)
    return 1;
  if (!loose)
    return 0;
  unsigned eb = !strcmp(ty, "f64") ? 64 : !strcmp(ty, "f32") ? 32 : 16;
  uint64_t m = eb == 64 ? ~0ull : (1ull << eb) - 1;
  for (unsigned l = 0; l < slot / eb; l++) {
    uint64_t g = (got >> (l * eb)) & m, w = (want >> (l * eb)) & m;
    if (g != w && !(isNaN(g, ty) && isNaN(w, ty)))
      return 0;
  }
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  int dump = 0, only = -1;
  const char *loose[8];
  unsigned nloose = 0;
  for (int a = 3; a < argc; a++) {
    if (!strcmp(argv[a], "--dump"))
      dump = 1;
    else if (!strcmp(argv[a], "--kernel") && a + 1 < argc)
      only = atoi(argv[++a]);
    else if (!strcmp(argv[a], "--nan-class") && a + 1 < argc && nloose < 8)
      loose[nloose++] = argv[++a];
    else
      return 2;
  }
  FILE *f = fopen(argv[2], "r");
  if (!f) {
    printf("cannot open %s\n", argv[2]);
    return 2;
  }
  unsigned nk = 0, n = 0, per = 0;
  if (fscanf(f, "kernels %u cases %u per %u\n", &nk, &n, &per) != 3 || !nk ||
      !n || !per) {
    printf("%s: bad header\n", argv[2]);
    return 2;
  }
  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "atomic_nan_0");
  if (!fn)
    return finish();
  CUmodule mod;
  EXPECT(cuModuleLoad(&mod, argv[1]), CUDA_SUCCESS);
  CUdeviceptr dmem = deviceBuffer(NULL, (size_t)n * 8, 0);
  CUdeviceptr dret = deviceBuffer(NULL, (size_t)n * 8, 0);
  for (unsigned k = 0; k < nk; k++) {
    if (only >= 0 && k != (unsigned)only)
      continue;
    char name[32];
    snprintf(name, sizeof name, "atomic_nan_%u", k);
    EXPECT(cuModuleGetFunction(&fn, mod, name), CUDA_SUCCESS);
    void *args[] = {&dmem, &dret};
    launch1D(fn, 1, 1, args);
  }
  uint64_t *mem = malloc((size_t)n * 8), *ret = malloc((size_t)n * 8);
  EXPECT(cuMemcpyDtoH(mem, dmem, (size_t)n * 8), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(ret, dret, (size_t)n * 8), CUDA_SUCCESS);
  if (dump && only < 0)
    printf("kernels %u cases %u per %u\n", nk, n, per);
  char line[256];
  int printed = 0;
  while (fgets(line, sizeof line, f)) {
    unsigned i, slot, atom;
    char ty[8];
    line[strcspn(line, "\n")] = 0;
    if (sscanf(line, "%u %u %7s %u", &i, &slot, ty, &atom) != 4 || i >= n ||
        (slot != 16 && slot != 32 && slot != 64)) {
      printf("bad line: %s\n", line);
      ++failures;
      continue;
    }
    uint64_t mask = slot == 64 ? ~0ull : (1ull << slot) - 1;
    uint64_t gotMem = mem[i] & mask, gotRet = ret[i] & mask;
    int w = (int)slot / 4;
    char *eq = strchr(line, '=');
    if (dump) {
      if (only >= 0 && i / per != (unsigned)only)
        continue;
      if (atom)
        printf("%s = %0*llx %0*llx\n", line, w, (unsigned long long)gotRet, w,
               (unsigned long long)gotMem);
      else
        printf("%s = - %0*llx\n", line, w, (unsigned long long)gotMem);
      continue;
    }
    ++checks;
    unsigned long long wantRet = 0, wantMem = 0;
    int ok = eq != NULL;
    if (ok && atom)
      ok = sscanf(eq + 1, "%llx %llx", &wantRet, &wantMem) == 2;
    else if (ok)
      ok = sscanf(eq + 1, " - %llx", &wantMem) == 1;
    if (!ok) {
      printf("bad line: %s\n", line);
      ++failures;
      continue;
    }
    *eq = 0;
    int isLoose = 0;
    for (unsigned l = 0; l < nloose; l++)
      isLoose |= strstr(line, loose[l]) != NULL;
    if ((atom && gotRet != wantRet) ||
        !sameBits(gotMem, wantMem, slot, ty, isLoose)) {
      ++failures;
      if (printed++ < 200) {
        if (atom)
          printf("FAIL %s= %0*llx %0*llx (H200: %s)\n", line, w,
                 (unsigned long long)gotRet, w, (unsigned long long)gotMem,
                 eq + 2);
        else
          printf("FAIL %s= - %0*llx (H200: %s)\n", line, w,
                 (unsigned long long)gotMem, eq + 2);
      }
      if (printed == 200)
        printf("(more failures not printed)\n");
    }
  }
  fclose(f);
  free(mem);
  free(ret);
  cuMemFree(dmem);
  cuMemFree(dret);
  if (dump)
    return failures != 0;
  return finish();
}
