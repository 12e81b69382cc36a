// mask() initializers (`.global .u8 b[8] = {0xff(foo), 0xff00(foo), ...}`):
// the loader writes each byte of the address after relocation. The kernel
// reassembles the bytes of every form (sym, sym+off, generic(sym)+off, a
// function, .u8/.u32/.u64 elements, a .const variable, next to numbers) and
// stores them next to the address it computes with mov/cvta; the host also
// reads b0 back with cuModuleGetGlobal and compares it with foo's address.
// The same PTX runs with NVIDIA's driver (sm_80).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/mask-init.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

enum { PAIRS = 7 };

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  static const char *what[PAIRS] = {
      "foo", "generic(foo)+12", "u32 words: foo+4", "the number next to them",
      ".const u64 words: generic(foo)+8", "function f", "mixed bytes"};
  uint64_t out[2 * PAIRS];
  CUmodule mod = NULL;
  CUcontext ctx = runOneBufferWithModule(argv[1], 1, out, sizeof out, &mod);
  expectAddressPairs(out, what, PAIRS);

  CUdeviceptr foo = 0, b0 = 0;
  size_t bytes = 0;
  EXPECT(cuModuleGetGlobal(&foo, &bytes, mod, "foo"), CUDA_SUCCESS);
  EXPECT(cuModuleGetGlobal(&b0, &bytes, mod, "b0"), CUDA_SUCCESS);
  EXPECT_TRUE(bytes == 8);
  unsigned char host[8];
  EXPECT(cuMemcpyDtoH(host, b0, sizeof host), CUDA_SUCCESS);
  uint64_t addr = 0;
  for (int i = 7; i >= 0; --i)
    addr = addr << 8 | host[i];
  EXPECT_TRUE(addr == (uint64_t)foo);
  if (addr != (uint64_t)foo)
    printf("b0 holds 0x%llx, cuModuleGetGlobal(foo) is 0x%llx\n",
           (unsigned long long)addr, (unsigned long long)foo);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
