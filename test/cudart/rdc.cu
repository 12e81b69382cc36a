// Separate compilation (-rdc=true): kernels here call device functions and
// read __device__ and __constant__ variables defined in another file
// (Inputs/rdc-device.cu), the host writes those variables through
// cudaMemcpyToSymbol on the extern declarations, and a kernel defined in
// the other file is launched from here. nvcc links the device code of both
// files into one image.
//
// NVCC-FLAGS: -rdc=true %S/Inputs/rdc-device.cu
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS rdc
#define TEST_NAME "rdc"
#include "check.cuh"

extern __device__ int rdcScale;
extern __device__ unsigned rdcCalls;
extern __constant__ int rdcTable[4];
extern __device__ int rdcApply(int x);
__global__ void rdcKernel(int *out, int n);

__global__ void applyAll(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = rdcApply(i);
}

int main() {
  const int n = 1000;
  int *out;
  CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  const int table[4] = {1, 10, 100, 1000};

  applyAll<<<(n + 255) / 256, 256>>>(out, n);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i)
    REQUIRE(out[i] == 3 * i + table[i & 3], "out[%d] = %d, expected %d", i,
            out[i], 3 * i + table[i & 3]);

  int seven = 7;
  CHECK(cudaMemcpyToSymbol(rdcScale, &seven, sizeof seven));
  applyAll<<<(n + 255) / 256, 256>>>(out, n);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i)
    REQUIRE(out[i] == 7 * i + table[i & 3], "scale 7: out[%d] = %d", i, out[i]);
  unsigned calls = 0;
  CHECK(cudaMemcpyFromSymbol(&calls, rdcCalls, sizeof calls));
  REQUIRE(calls == 2u * n, "rdcCalls = %u, expected %d", calls, 2 * n);
  int t[4];
  CHECK(cudaMemcpyFromSymbol(t, rdcTable, sizeof t));
  REQUIRE(t[3] == 1000, "rdcTable[3] = %d", t[3]);

  rdcKernel<<<(n + 255) / 256, 256>>>(out, n);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i) {
    int m = i % 20;
    REQUIRE(out[i] == m * (m + 1) / 2, "rdcKernel out[%d] = %d", i, out[i]);
  }
  CHECK(cudaFree(out));
  return pass();
}
