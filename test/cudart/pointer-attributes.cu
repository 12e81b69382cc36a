// cudaPointerGetAttributes on every kind of pointer: cudaMalloc memory
// (type cudaMemoryTypeDevice, its device pointer, also for an interior
// pointer), cudaMallocHost memory (cudaMemoryTypeHost, host pointer
// itself), cudaMallocManaged memory (cudaMemoryTypeManaged, usable from
// both sides), ordinary malloc memory (cudaMemoryTypeUnregistered, success
// since CUDA 11), and the device of each; cudaMemcpyDefault infers copy
// directions from the pointers.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS pointer-attributes
#define TEST_NAME "pointer-attributes"
#include "check.cuh"

#include <cstdlib>

__global__ void inc(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    ++p[i];
}

int main() {
  int dev = -1;
  CHECK(cudaGetDevice(&dev));
  cudaPointerAttributes a;

  int *d;
  CHECK(cudaMalloc(&d, 1024 * sizeof(int)));
  CHECK(cudaPointerGetAttributes(&a, d));
  REQUIRE(a.type == cudaMemoryTypeDevice, "device memory: type %d", a.type);
  REQUIRE(a.device == dev, "device memory: device %d, expected %d", a.device,
          dev);
  REQUIRE(a.devicePointer == d && a.hostPointer == nullptr,
          "device memory: devicePointer %p, hostPointer %p (ptr %p)",
          a.devicePointer, a.hostPointer, (void *)d);
  CHECK(cudaPointerGetAttributes(&a, d + 100));
  REQUIRE(a.type == cudaMemoryTypeDevice && a.devicePointer == d + 100,
          "interior pointer: type %d, devicePointer %p, expected %p", a.type,
          a.devicePointer, (void *)(d + 100));

  int *pinned;
  CHECK(cudaMallocHost(&pinned, 1024 * sizeof(int)));
  CHECK(cudaPointerGetAttributes(&a, pinned));
  REQUIRE(a.type == cudaMemoryTypeHost, "pinned memory: type %d", a.type);
  REQUIRE(a.hostPointer == pinned && a.devicePointer != nullptr,
          "pinned memory: hostPointer %p, devicePointer %p (ptr %p)",
          a.hostPointer, a.devicePointer, (void *)pinned);

  int *managed;
  CHECK(cudaMallocManaged(&managed, 1024 * sizeof(int)));
  CHECK(cudaPointerGetAttributes(&a, managed));
  REQUIRE(a.type == cudaMemoryTypeManaged, "managed memory: type %d", a.type);
  REQUIRE(a.devicePointer == managed && a.hostPointer == managed,
          "managed memory: devicePointer %p, hostPointer %p (ptr %p)",
          a.devicePointer, a.hostPointer, (void *)managed);

  int *plain = static_cast<int *>(std::malloc(1024 * sizeof(int)));
  CHECK(cudaPointerGetAttributes(&a, plain));
  REQUIRE(a.type == cudaMemoryTypeUnregistered,
          "malloc memory: type %d, expected cudaMemoryTypeUnregistered",
          a.type);

  // Copies whose direction cudaMemcpyDefault works out.
  for (int i = 0; i < 1024; ++i) {
    plain[i] = i;
    managed[i] = 0;
  }
  CHECK(cudaMemcpy(d, plain, 1024 * sizeof(int), cudaMemcpyDefault));
  inc<<<4, 256>>>(d, 1024);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(pinned, d, 1024 * sizeof(int), cudaMemcpyDefault));
  CHECK(cudaMemcpy(managed, pinned, 1024 * sizeof(int), cudaMemcpyDefault));
  inc<<<4, 256>>>(managed, 1024);
  CHECK_LAUNCH();
  for (int i = 0; i < 1024; ++i)
    REQUIRE(managed[i] == i + 2, "managed[%d] = %d", i, managed[i]);

  std::free(plain);
  CHECK(cudaFree(d));
  CHECK(cudaFreeHost(pinned));
  CHECK(cudaFree(managed));
  return pass();
}
