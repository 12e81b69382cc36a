// The harness of the packed-* tests: runs kernel `k(in, out, n)` of the
// PTX file argv[1] over 8192 pairs of 32-bit operands (two 16-bit halves
// each, mixing random halves with zeros, infinities, NaNs and subnormals of
// f16 and bf16), each thread writing 8 results, and checks the FNV-1a hash
// of all results against argv[2] (hex): the hash an H200 (driver 580) gives
// for the same PTX and inputs. PACKED_DUMP=1 prints every result.
#include "check.h"

#include <stdint.h>
#include <stdlib.h>

enum { N = 8192 };
static uint32_t rng = 12345;
static uint32_t next(void) {
  rng = rng * 1664525u + 1013904223u;
  return rng;
}
int main(int c, char **v) {
  if (c != 3) {
    fprintf(stderr, "usage: %s KERNEL.ptx EXPECTED-HASH\n", v[0]);
    return 2;
  }
  uint64_t expected = strtoull(v[2], 0, 16);
  static const uint16_t sp[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00,
                                0x7e00, 0xfe00, 0x7c01, 0x0001, 0x8001, 0x03ff,
                                0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81, 0x3f80,
                                0xbf80, 0x0080, 0x8080, 0x007f};
  const int S = sizeof sp / sizeof *sp;
  static uint32_t in[2 * N], out[8 * N];
  for (int i = 0; i < N; i++) {
    uint16_t h[4];
    for (int k = 0; k < 4; k++) {
      uint32_t r = next();
      h[k] = (r >> 28) < 6 ? sp[(r >> 8) % S] : (uint16_t)(next() >> 7);
    }
    if ((next() >> 29) == 0)
      h[2] = h[0];
    if ((next() >> 29) == 0)
      h[3] = h[1];
    in[2 * i] = h[0] | (uint32_t)h[1] << 16;
    in[2 * i + 1] = h[2] | (uint32_t)h[3] << 16;
  }
  CUcontext x;
  CUfunction f = loadKernel(&x, v[1], "k");
  CUdeviceptr di = deviceBuffer(in, sizeof in, 0);
  CUdeviceptr dout = deviceBuffer(NULL, sizeof out, 0xee);
  unsigned n = N;
  void *a[] = {&di, &dout, &n};
  launch1D(f, N / 128, 128, a);
  EXPECT(cuMemcpyDtoH(out, dout, sizeof out), CUDA_SUCCESS);
  uint64_t h = 1469598103934665603ull;
  for (int i = 0; i < 8 * N; i++) {
    h ^= out[i];
    h *= 1099511628211ull;
  }
  printf("hash %016llx\n", (unsigned long long)h);
  EXPECT_TRUE(h == expected);
  if (getenv("PACKED_DUMP"))
    for (int i = 0; i < N; i++) {
      printf("%08x %08x:", in[2 * i], in[2 * i + 1]);
      for (int k = 0; k < 8; k++)
        printf(" %08x", out[8 * i + k]);
      printf("\n");
    }
  EXPECT(cuCtxDestroy(x), CUDA_SUCCESS);
  return finish();
}
