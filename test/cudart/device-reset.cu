// cudaDeviceReset destroys the primary context; the next call makes a new
// one and the program goes on: kernels launch again (their module is
// loaded again, so a __device__ variable is back to its initializer),
// memory is allocated again, and resets in a row work too. Memory left
// allocated at a reset is simply gone with its context.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS device-reset
#define TEST_NAME "device-reset"
#include "check.cuh"

__device__ int launches = 100;

__global__ void fill(int *d, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] = v + i;
  if (i == 0)
    ++launches;
}

static void useDevice(int v) {
  const int n = 1000;
  int *d, h[n];
  CHECK(cudaMalloc(&d, n * sizeof(int)));
  fill<<<(n + 255) / 256, 256>>>(d, n, v);
  CHECK_LAUNCH();
  fill<<<(n + 255) / 256, 256>>>(d, n, v);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    REQUIRE(h[i] == v + i, "value %d: h[%d] = %d", v, i, h[i]);
  int count = 0;
  CHECK(cudaMemcpyFromSymbol(&count, launches, sizeof count));
  REQUIRE(count == 102,
          "value %d: launches = %d, expected 102 (100 from "
          "the initializer, reloaded after each reset)",
          v, count);
  CHECK(cudaFree(d));
}

int main() {
  useDevice(1);
  int *leftover;
  CHECK(cudaMalloc(&leftover, 4096));
  CHECK(cudaDeviceReset());
  useDevice(2);
  CHECK(cudaDeviceReset());
  CHECK(cudaDeviceReset()); // twice in a row
  useDevice(3);
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  CHECK(cudaDeviceReset());
  return pass();
}
