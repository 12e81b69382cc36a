// cp.async.bulk.global.shared::cta .cp_mask on the CPU agent at both wave
// sizes (Inputs/bulk-cp-mask.ptx, sm_100a): bit i of the 16-bit byteMask
// selects byte i of each 16-byte chunk (the manual: "If the bit is set, the
// byte is copied"); the destination is prefilled with a pattern, and the
// bytes of clear bits and those past `size` must keep it (our reading: the
// manual does not say what happens to them). Masks 0, 0xFFFF, 0x00FF,
// 0x8001, 0xAAAA, 0x5555, 0x7FFE from a register and 0x0F0F as an
// immediate with a cache hint; sizes 16 to 256. Not run on NVIDIA
// hardware (sm_100; the reference GPU is an sm_90).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/bulk-cp-mask.ptx | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/bulk-cp-mask.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>

enum { CASES = 8, REGION = 256, SRC = 512 };

typedef struct {
  uint32_t mask, size, srcOff;
} Case;

static const Case kCases[CASES] = {
    {0x0000, 256, 0},   {0xFFFF, 256, 16}, {0x00FF, 48, 32},
    {0x8001, 16, 48},   {0xAAAA, 112, 64}, {0x5555, 32, 80},
    {0x7FFE, 240, 96},  {0x0F0F, 64, 112} /* immediate, cache hint */};

// Source bytes are even and prefilled ones odd, so no byte can match both.
static uint8_t srcByte(unsigned i) { return (uint8_t)(i * 37 + 10) & 0xFE; }
static uint8_t fillByte(unsigned i) { return (uint8_t)(i * 13 + 0x5a) | 1; }

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  uint8_t src[SRC], dst[CASES * REGION], out[CASES * REGION];
  uint32_t table[2 * (CASES - 1)];
  for (unsigned i = 0; i < SRC; ++i)
    src[i] = srcByte(i);
  for (unsigned i = 0; i < sizeof dst; ++i)
    dst[i] = fillByte(i);
  for (unsigned c = 0; c + 1 < CASES; ++c) {
    // The register form takes the low 16 bits: set upper bits to be ignored.
    table[2 * c] = kCases[c].mask | 0xABCD0000u;
    table[2 * c + 1] = kCases[c].size;
  }

  CUcontext ctx;
  CUfunction fn = loadKernel(&ctx, argv[1], "k");
  CUdeviceptr dSrc = deviceBuffer(src, sizeof src, 0);
  CUdeviceptr dDst = deviceBuffer(dst, sizeof dst, 0);
  CUdeviceptr dCases = deviceBuffer(table, sizeof table, 0);
  void *args[] = {&dSrc, &dDst, &dCases};
  launch1D(fn, 1, 64, args);
  EXPECT(cuMemcpyDtoH(out, dDst, sizeof out), CUDA_SUCCESS);

  int shown = 0;
  for (unsigned c = 0; c < CASES; ++c) {
    const Case *k = &kCases[c];
    for (unsigned b = 0; b < REGION; ++b) {
      unsigned at = c * REGION + b;
      int copied = b < k->size && (k->mask >> (b % 16) & 1);
      uint8_t want = copied ? srcByte(k->srcOff + b) : fillByte(at);
      EXPECT_TRUE(out[at] == want);
      if (out[at] != want && shown++ < 20)
        printf("case %u (mask 0x%04x size %u) byte %u: got 0x%02x want "
               "0x%02x\n",
               c, k->mask, k->size, b, out[at], want);
    }
  }
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
