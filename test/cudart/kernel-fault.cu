// A kernel that writes through a bad pointer (far outside any allocation,
// in the unmapped page at address 0x100): the launch returns, the next
// synchronisation returns cudaErrorIllegalAddress ("an illegal memory
// access was encountered"), and the error is sticky: every later call,
// cudaMalloc, cudaMemcpy and launches included, returns it (CUDA Runtime
// API, enum cudaError: cudaErrorIllegalAddress
// "leaves the process in an inconsistent state and any further CUDA work
// will return the same error").
//
// REQUIRES: nvcc, libcuda, cpu-agent
// Under AddressSanitizer the CPU agent leaves SIGSEGV to it: a bad access
// is ASan's report, not CUDA_ERROR_ILLEGAL_ADDRESS.
// UNSUPPORTED: asan
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS kernel-fault
#define TEST_NAME "kernel-fault"
#include "check.cuh"

#include <cstdint>
#include <cstring>

__global__ void writeAt(int *base, long long index, int value) {
  if (threadIdx.x == 7)
    base[index] = value;
}

int main() {
  int *good;
  CHECK(cudaMalloc(&good, 64 * sizeof(int)));
  writeAt<<<1, 32>>>(good, 5, 1);
  CHECK_LAUNCH();

  // base[index] is address 0x100: out of bounds by far, and unmapped.
  long long index =
      (0x100 - (long long)(uintptr_t)good) / (long long)sizeof(int);
  writeAt<<<1, 32>>>(good, index, 2);
  EXPECT_ERROR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorIllegalAddress);
  // Every later call that reaches the driver returns it (the context is
  // broken). Whether cudart's own cudaGetLastError keeps returning it
  // without a driver call in between is not checked here: it has not been
  // measured with NVIDIA's driver yet.
  int *more = nullptr;
  EXPECT_ERROR(cudaMalloc(&more, 16), cudaErrorIllegalAddress);
  int h = 0;
  EXPECT_ERROR(cudaMemcpy(&h, good, sizeof h, cudaMemcpyDeviceToHost),
               cudaErrorIllegalAddress);
  writeAt<<<1, 32>>>(good, 0, 3);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorIllegalAddress);
  EXPECT_ERROR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  REQUIRE(std::strcmp(cudaGetErrorName(cudaErrorIllegalAddress),
                      "cudaErrorIllegalAddress") == 0 &&
              std::strcmp(cudaGetErrorString(cudaErrorIllegalAddress),
                          "an illegal memory access was encountered") == 0,
          "name \"%s\", string \"%s\"",
          cudaGetErrorName(cudaErrorIllegalAddress),
          cudaGetErrorString(cudaErrorIllegalAddress));
  return pass();
}
