// A kernel calling a `.extern .func` the module does not define fails to
// load with CUDA_ERROR_INVALID_PTX and the located error in the JIT log,
// on the CPU agent too: its dynamic linker used to bind such names to the
// process's own symbols (`vprintf` to libc's, with another ABI). The CUDA
// device runtime's functions are defined (device-runtime.c).
// A `.extern .global` variable nothing defines is defined (zeroed), as
// ptxas does in whole-program compilation: the module loads, the kernel
// writes it and cuModuleGetGlobal finds it.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <string.h>

static const char *ptx =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".extern .func (.param .b32 r) helper(.param .b64 f, .param .b64 a);\n"
    ".global .align 1 .b8 fmt[4] = {104, 105, 10, 0};\n"
    ".visible .entry k(.param .u64 p)\n{\n"
    "  .reg .b32 %r<2>;\n  .reg .b64 %rd<3>;\n"
    "  mov.u64 %rd1, fmt;\n  cvta.global.u64 %rd2, %rd1;\n"
    "  {\n  .param .b64 p0;\n  st.param.b64 [p0], %rd2;\n"
    "  .param .b64 p1;\n  st.param.b64 [p1], 0;\n  .param .b32 r;\n"
    "  call.uni (r), helper, (p0, p1);\n" // line 18
    "  ld.param.b32 %r1, [r];\n  }\n  ret;\n}\n";

static const char *ptxVar =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".extern .global .u32 environ;\n"
    ".visible .entry k()\n{\n  .reg .b32 %r<2>;\n"
    "  ld.global.u32 %r1, [environ];\n  add.u32 %r1, %r1, 7;\n"
    "  st.global.u32 [environ], %r1;\n  ret;\n}\n";

int main(void) {
  CUdevice dev;
  CUcontext ctx;
  CUmodule m;
  EXPECT(cuInit(0), CUDA_SUCCESS);
  EXPECT(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
  EXPECT(cuCtxCreate(&ctx, NULL, 0, dev), CUDA_SUCCESS);
  char errlog[4096] = "untouched";
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER,
                         CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {errlog, (void *)(uintptr_t)sizeof errlog};
  EXPECT(cuModuleLoadDataEx(&m, ptx, 2, opts, vals), CUDA_ERROR_INVALID_PTX);
  EXPECT_TRUE(strstr(errlog, ":18:3: error: 'helper' is declared but no "
                             "linked PTX module defines it") != NULL);
  EXPECT_TRUE(strstr(errlog, ":4:") != NULL &&
              strstr(errlog, "declared here") != NULL);
  if (failures)
    printf("log: %s\n", errlog);

  CUfunction fn;
  CUdeviceptr g = 0;
  size_t gsize = 0;
  unsigned value = 1;
  EXPECT(cuModuleLoadData(&m, ptxVar), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&fn, m, "k"), CUDA_SUCCESS);
  EXPECT(cuModuleGetGlobal(&g, &gsize, m, "environ"), CUDA_SUCCESS);
  EXPECT_TRUE(gsize == 4);
  launch1D(fn, 1, 1, NULL);
  EXPECT(cuMemcpyDtoH(&value, g, 4), CUDA_SUCCESS);
  EXPECT_TRUE(value == 7);
  return finish();
}
