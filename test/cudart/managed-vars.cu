// __managed__ variables: one with a static initializer read by the host
// before any other CUDA call, written by the host and read by a kernel,
// written by kernels (atomics) and read by the host after synchronising;
// plus cudaMallocManaged memory the host and the device take turns on, with
// cudaMemPrefetchAsync/cudaMemAdvise hints (no effect on values).
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS managed-vars
#define TEST_NAME "managed-vars"
#include "check.cuh"

__managed__ int magic = 1234;
__managed__ int total;
__managed__ float scale;
__managed__ float values[512];

__global__ void accumulate(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    values[i] *= scale;
    atomicAdd(&total, i + magic);
  }
}

__global__ void increment(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += i;
}

int main() {
  REQUIRE(magic == 1234, "magic = %d before any CUDA call, expected 1234",
          magic);
  magic = 3;
  total = 0;
  scale = 2.5f;
  for (int i = 0; i < 512; ++i)
    values[i] = i * 0.25f;
  accumulate<<<4, 128>>>(512);
  CHECK_LAUNCH();
  REQUIRE(total == 512 * 511 / 2 + 512 * 3, "total = %d, expected %d", total,
          512 * 511 / 2 + 512 * 3);
  for (int i = 0; i < 512; ++i)
    REQUIRE(values[i] == i * 0.25f * 2.5f, "values[%d] = %g", i, values[i]);

  // Host and device take turns on managed memory.
  const int n = 4096;
  int *p;
  CHECK(cudaMallocManaged(&p, n * sizeof(int)));
  int dev = 0;
  CHECK(cudaGetDevice(&dev));
  int concurrent = 0;
  CHECK(cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess,
                               dev));
  for (int i = 0; i < n; ++i)
    p[i] = -i;
  if (concurrent) {
#if CUDART_VERSION >= 13000
    cudaMemLocation loc = {cudaMemLocationTypeDevice, dev};
    CHECK(cudaMemAdvise(p, n * sizeof(int), cudaMemAdviseSetPreferredLocation,
                        loc));
    CHECK(cudaMemPrefetchAsync(p, n * sizeof(int), loc, 0, 0));
#else
    CHECK(cudaMemAdvise(p, n * sizeof(int), cudaMemAdviseSetPreferredLocation,
                        dev));
    CHECK(cudaMemPrefetchAsync(p, n * sizeof(int), dev, 0));
#endif
  }
  for (int round = 1; round <= 3; ++round) {
    increment<<<n / 256, 256>>>(p, n);
    CHECK_LAUNCH();
    for (int i = 0; i < n; ++i)
      REQUIRE(p[i] == -i + round * i, "round %d: p[%d] = %d", round, i, p[i]);
  }
  CHECK(cudaFree(p));
  return pass();
}
