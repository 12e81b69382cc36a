// Vector addition over managed memory, the first program most CUDA users
// write: cudaMallocManaged, a <<<>>> launch, cudaDeviceSynchronize, and the
// host reading the result in place. A second kernel uses a grid-stride loop
// with fewer threads than elements.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS vector-add-managed
#define TEST_NAME "vector-add-managed"
#include "check.cuh"

__global__ void add(int n, const float *x, const float *y, float *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    z[i] = x[i] + y[i];
}

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 10000; // not a multiple of the block size
  float *x, *y, *z;
  CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CHECK(cudaMallocManaged(&y, n * sizeof(float)));
  CHECK(cudaMallocManaged(&z, n * sizeof(float)));
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * i;
    y[i] = 2.0f - i;
  }

  const int block = 256;
  add<<<(n + block - 1) / block, block>>>(n, x, y, z);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i)
    REQUIRE(z[i] == x[i] + y[i], "z[%d] = %g, expected %g", i, z[i],
            x[i] + y[i]);

  saxpy<<<8, 128>>>(n, 3.0f, x, y);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i) {
    float want = 3.0f * (0.5f * i) + (2.0f - i);
    REQUIRE(y[i] == want, "y[%d] = %g, expected %g", i, y[i], want);
  }

  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  CHECK(cudaFree(z));
  return pass();
}
