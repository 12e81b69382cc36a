// Several .reg return parameters and .pred returns (two and three returns
// of mixed b32/b64/f32, a .pred return among others) through direct and
// indirect (.reg .callprototype) calls, a guarded ret and a guarded call:
// the importer reads them as .param returns, the lowering passes them as
// buffer pointers. Checked on the CPU agent, also after an export and
// re-import (the exporter prints the .reg form back).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/reg-returns-multi.ptx | FileCheck %s
// RUN: ptx-translate --import-ptx %S/Inputs/reg-returns-multi.ptx \
// RUN:   | ptx-translate --export-ptx -o %t.exported.ptx
// RUN: %t %t.exported.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { N = 64, WORDS = 20 };

static void two(uint32_t x, uint32_t *lo, uint64_t *wide) {
  *lo = 3 * x;
  *wide = ((uint64_t)x << 32) + 5;
  if (x > 40)
    return;
  *wide += 1000;
  *lo += 1;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  uint32_t out[N * WORDS];
  CUcontext ctx = runOneBuffer(argv[1], N, out, sizeof out);
  for (uint32_t i = 0; i < N; ++i) {
    const uint32_t *o = &out[WORDS * i];
    uint32_t x = 13 * i, lo, guardedLo = 77;
    uint64_t wide, w[4];
    float s[2];
    two(x, &lo, &wide);
    if (x & 1)
      two(x + 1, &guardedLo, &w[0]);
    float sRef = (float)x * 0.25f + 1.0f;
    uint64_t pRef = (uint64_t)x * x;
    memcpy(&w[0], &o[2], 8);
    memcpy(&w[1], &o[6], 8);
    memcpy(&w[2], &o[14], 8);
    memcpy(&w[3], &o[16], 8);
    memcpy(s, &o[12], 8);
    int ok = 1;
    for (int c = 0; c < 2; ++c) { // direct, indirect
      const uint32_t *d = o + 4 * c;
      ok &= d[0] == lo && d[1] == (x ^ 0x5a5a) && w[c] == wide &&
            s[c] == sRef && w[2 + c] == pRef;
    }
    ok &= o[8] == (x & 1) && o[9] == x >> 1 && o[10] == guardedLo;
    EXPECT_TRUE(ok);
    if (!ok)
      printf("thread %u: lo %u %u q %u %u wide %llu %llu s %g %g p %llu "
             "%llu odd %u half %u guarded %u\n",
             i, o[0], o[4], o[1], o[5], (unsigned long long)w[0],
             (unsigned long long)w[1], s[0], s[1], (unsigned long long)w[2],
             (unsigned long long)w[3], o[8], o[9], o[10]);
  }
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
