// st.bulk, discard and applypriority (Inputs/st-bulk.ptx, by hand for
// sm_100a; not measured: no sm_100 GPU here): st.bulk zeroes exactly its
// range of shared memory, through a .shared::cta and a generic address,
// with a register and an immediate size; discard and applypriority leave
// the kernel's later stores alone. CPU agent, wave32 and wave64.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/st-bulk.ptx | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/st-bulk.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s st-bulk.ptx\n", argv[0]);
    return 2;
  }
  unsigned char got[256];
  runOneBuffer(argv[1], 64, got, sizeof got);
  int ok = 1;
  for (unsigned i = 0; i < sizeof got; ++i) {
    unsigned char want =
        (i >= 32 && i < 128) || (i >= 160 && i < 224) ? 0 : 0xff;
    if (got[i] != want) {
      printf("byte %u is %#x, expected %#x\n", i, got[i], want);
      ok = 0;
    }
  }
  EXPECT_TRUE(ok);
  return finish();
}
