// Function-scope variables whose names, joined to their function's, would
// be symbols the back ends make (`k.kd`, `k.num_vgpr`, `f.private_seg_size`,
// the CPU agent's `k.ptxmlir_entry`): the compiler names them
// `__ptxmlir_var.<function>.<variable>`, so the module loads, the loader
// writes their mask() bytes and the kernel sees them. cuModuleGetGlobal
// finds neither the PTX name nor `k.kd` (NVIDIA's ptxas makes such
// variables local symbols).
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/scoped-names.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>

enum { PAIRS = 4 };

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  static const char *what[PAIRS] = {"k's kd: foo",
                                    "k's ptxmlir_entry: generic(foo)+8",
                                    "k's num_vgpr: foo+16",
                                    "f's private_seg_size: foo+24"};
  uint64_t out[2 * PAIRS + 1];
  CUmodule mod = NULL;
  CUcontext ctx = runOneBufferWithModule(argv[1], 1, out, sizeof out, &mod);
  expectAddressPairs(out, what, PAIRS);
  EXPECT_TRUE(out[2 * PAIRS] == 41);

  CUdeviceptr p = 0;
  EXPECT(cuModuleGetGlobal(&p, NULL, mod, "kd"), CUDA_ERROR_NOT_FOUND);
  EXPECT(cuModuleGetGlobal(&p, NULL, mod, "k.kd"), CUDA_ERROR_NOT_FOUND);
  EXPECT(cuModuleGetGlobal(&p, NULL, mod, "uses_vcc"), CUDA_ERROR_NOT_FOUND);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
