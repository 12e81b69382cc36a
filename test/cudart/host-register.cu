// cudaHostRegister: ordinary malloc'd memory page-locked in place and
// mapped for the device (cudaHostRegisterMapped); a kernel writes it
// through the pointer from cudaHostGetDevicePointer; copies from it; then
// cudaHostUnregister. Registering it twice is
// cudaErrorHostMemoryAlreadyRegistered and unregistering memory that is
// not registered is cudaErrorHostMemoryNotRegistered (CUDA Runtime API,
// cudaHostRegister / cudaHostUnregister).
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS host-register
#define TEST_NAME "host-register"
#include "check.cuh"

#include <cstdlib>

__global__ void iota(int *p, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = base + i;
}

int main() {
  const int n = 16384;
  const size_t bytes = n * sizeof(int);
  int *h = static_cast<int *>(std::aligned_alloc(4096, bytes));
  REQUIRE(h, "aligned_alloc failed");
  CHECK(cudaHostRegister(h, bytes, cudaHostRegisterMapped));
  EXPECT_ERROR(cudaHostRegister(h, bytes, cudaHostRegisterMapped),
               cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorHostMemoryAlreadyRegistered);

  int *dh = nullptr;
  CHECK(cudaHostGetDevicePointer((void **)&dh, h, 0));
  iota<<<n / 256, 256>>>(dh, n, 100);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i)
    REQUIRE(h[i] == 100 + i, "h[%d] = %d", i, h[i]);

  // Registered memory as the source of an async copy.
  int *d;
  CHECK(cudaMalloc(&d, bytes));
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, s));
  iota<<<n / 256, 256, 0, s>>>(dh, n, -5);
  CHECK(cudaMemcpyAsync(h + 1, d, sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamSynchronize(s));
  REQUIRE(h[0] == -5 && h[1] == 100 && h[2] == -3,
          "h[0..2] = %d %d %d, expected -5 100 -3", h[0], h[1], h[2]);

  CHECK(cudaHostUnregister(h));
  EXPECT_ERROR(cudaHostUnregister(h), cudaErrorHostMemoryNotRegistered);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorHostMemoryNotRegistered);
  CHECK(cudaGetLastError());
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(d));
  std::free(h);
  return pass();
}
