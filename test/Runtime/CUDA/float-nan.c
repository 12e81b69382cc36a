// NaN and overflow results of the float instructions against the bits an
// NVIDIA H200 gives (Inputs/float-nan.h200.txt: measured on an H200 with
// driver 580.159.04, which JIT-compiled Inputs/float-nan.ptx, on
// 2026-12-01; rules in docs/lowering.md "NaN results"). Inputs/float-nan.py
// generates the PTX and the case list: every float instruction that can
// return a NaN (arithmetic with .rn/.rz, .ftz/.sat/.relu, div, rcp, sqrt,
// rsqrt, the .approx functions, min/max, abs/neg, copysign, testp, cvt
// between float types and to integral values, the packed forms), fed quiet
// and signalling NaNs of both signs with payloads, and the ordinary
// operands that make a NaN (inf - inf, 0 * inf, sqrt(-1), ...).
// The same runner takes Inputs/bulk-nan.py's cases (the float adds of
// cp.reduce.async.bulk; table measured on the same H200 and driver on
// 2026-12-01) and Inputs/mma-nan.py's (mma.sync, run by mma-nan.test).
//
//   float-nan MODULE CASES --dump   runs the cases, prints "CASE = RESULT"
//                                   (how the table was made)
//   float-nan MODULE TABLE          compares with a table written so
//
// A table starts with "kernels N cases M", or "kernels N cases M threads T"
// for kernels nan_0..nan_N-1 that one block of T threads runs (else one
// thread); each kernel writes its results' raw bits to out[case].
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/float-nan.ptx %S/Inputs/float-nan.h200.txt | FileCheck %s
// RUN: %t %S/Inputs/bulk-nan.ptx %S/Inputs/bulk-nan.h200.txt | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  int dump = argc > 3 && !strcmp(argv[3], "--dump");
  FILE *f = fopen(argv[2], "r");
  if (!f) {
    printf("cannot open %s\n", argv[2]);
    return 2;
  }
  unsigned nk = 0, n = 0, threads = 1;
  char header[128];
  int fields =
      fgets(header, sizeof header, f)
          ? sscanf(header, "kernels %u cases %u threads %u", &nk, &n, &threads)
          : 0;
  if (fields < 2 || !nk || !n || !threads || threads > 1024) {
    printf("%s: bad header\n", argv[2]);
    return 2;
  }
  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "nan_0");
  if (!fn)
    return finish();
  CUmodule mod;
  EXPECT(cuModuleLoad(&mod, argv[1]), CUDA_SUCCESS);
  CUdeviceptr dout = deviceBuffer(NULL, (size_t)n * 8, 0);
  for (unsigned k = 0; k < nk; k++) {
    char name[32];
    snprintf(name, sizeof name, "nan_%u", k);
    EXPECT(cuModuleGetFunction(&fn, mod, name), CUDA_SUCCESS);
    void *args[] = {&dout};
    launch1D(fn, 1, threads, args);
  }
  uint64_t *out = malloc((size_t)n * 8);
  EXPECT(cuMemcpyDtoH(out, dout, (size_t)n * 8), CUDA_SUCCESS);
  if (dump)
    printf("%s", header);
  char line[256];
  int printed = 0;
  while (fgets(line, sizeof line, f)) {
    unsigned i, bits;
    if (sscanf(line, "%u %u", &i, &bits) != 2 || i >= n) {
      printf("bad line: %s", line);
      ++failures;
      continue;
    }
    uint64_t got = bits == 64 ? out[i] : out[i] & ((1ull << bits) - 1);
    char *eq = strchr(line, '=');
    if (dump) {
      line[strcspn(line, "\n")] = 0;
      printf("%s = %0*llx\n", line, (int)bits / 4, (unsigned long long)got);
      continue;
    }
    ++checks;
    unsigned long long want;
    if (!eq || sscanf(eq + 1, "%llx", &want) != 1 || got != want) {
      ++failures;
      line[strcspn(line, "\n")] = 0;
      if (printed++ < 200)
        printf("FAIL %.*s= %0*llx (H200: %s)\n", eq ? (int)(eq - line) : 0,
               line, (int)bits / 4, (unsigned long long)got,
               eq ? eq + 2 : "?");
      if (printed == 200)
        printf("(more failures not printed)\n");
    }
  }
  fclose(f);
  free(out);
  cuMemFree(dout);
  if (dump)
    return failures != 0;
  return finish();
}
