// A kernel that fails (PTX trap) makes the launch succeed and every later
// call in its context report CUDA_ERROR_LAUNCH_FAILED (sticky), including
// cuCtxSynchronize and cuStreamSynchronize; a fresh context works again.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/scale.ptx 2>&1 | FileCheck %s
// CHECK: ptxmlir: kernel failed (CUDA_ERROR_LAUNCH_FAILED)
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

int main(int argc, char **argv) {
  CUcontext ctx;
  CUmodule m;
  CUfunction boom, scale;
  CUdeviceptr p;
  CUstream s;
  EXPECT(cuInit(0), CUDA_SUCCESS);
  EXPECT(cuCtxCreate(&ctx, NULL, 0, 0), CUDA_SUCCESS);
  EXPECT(cuStreamCreate(&s, 0), CUDA_SUCCESS);
  EXPECT(cuModuleLoad(&m, argv[1]), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&boom, m, "boom"), CUDA_SUCCESS);
  EXPECT(cuLaunchKernel(boom, 1, 1, 1, 32, 1, 1, 0, s, NULL, NULL),
         CUDA_SUCCESS);
  EXPECT(cuStreamSynchronize(s), CUDA_ERROR_LAUNCH_FAILED);
  EXPECT(cuCtxSynchronize(), CUDA_ERROR_LAUNCH_FAILED);
  EXPECT(cuMemAlloc(&p, 16), CUDA_ERROR_LAUNCH_FAILED);
  EXPECT(cuModuleGetFunction(&scale, m, "scale"), CUDA_SUCCESS);
  EXPECT(cuLaunchKernel(scale, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, NULL),
         CUDA_ERROR_LAUNCH_FAILED);
  EXPECT(cuCtxSynchronize(), CUDA_ERROR_LAUNCH_FAILED);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);

  EXPECT(cuCtxCreate(&ctx, NULL, 0, 0), CUDA_SUCCESS);
  EXPECT(cuMemAlloc(&p, 16), CUDA_SUCCESS);
  EXPECT(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
