// Page-locked host memory: cudaMallocHost buffers for fast copies;
// cudaHostAlloc(cudaHostAllocMapped) memory a kernel reads and writes
// directly through the pointer from cudaHostGetDevicePointer (zero-copy:
// no cudaMemcpy at all), also through the host pointer itself where the
// device has unified addressing; cudaHostGetFlags.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS pinned-memory
#define TEST_NAME "pinned-memory"
#include "check.cuh"

__global__ void scaleInPlace(float *p, int n, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= f;
}

__global__ void copyOut(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] + 1.0f;
}

int main() {
  // Before the context exists, as older programs do (harmless since UVA).
  CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  REQUIRE(prop.canMapHostMemory, "canMapHostMemory is 0");

  const int n = 8192;
  // Pinned staging buffers.
  float *pinned, *d;
  CHECK(cudaMallocHost(&pinned, n * sizeof(float)));
  CHECK(cudaMalloc(&d, n * sizeof(float)));
  for (int i = 0; i < n; ++i)
    pinned[i] = float(i);
  CHECK(cudaMemcpy(d, pinned, n * sizeof(float), cudaMemcpyHostToDevice));
  scaleInPlace<<<n / 256, 256>>>(d, n, 3.0f);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(pinned, d, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    REQUIRE(pinned[i] == 3.0f * i, "pinned[%d] = %g", i, pinned[i]);

  // Zero-copy: the kernel works on host memory directly.
  float *mapped, *mappedDev;
  CHECK(cudaHostAlloc(&mapped, n * sizeof(float), cudaHostAllocMapped));
  unsigned flags = 0;
  CHECK(cudaHostGetFlags(&flags, mapped));
  REQUIRE(flags & cudaHostAllocMapped, "cudaHostGetFlags = %#x", flags);
  CHECK(cudaHostGetDevicePointer((void **)&mappedDev, mapped, 0));
  for (int i = 0; i < n; ++i)
    mapped[i] = 0.5f * i;
  scaleInPlace<<<n / 256, 256>>>(mappedDev, n, 4.0f);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i)
    REQUIRE(mapped[i] == 2.0f * i, "mapped[%d] = %g", i, mapped[i]);

  // Device memory to mapped host memory, and back the other way.
  copyOut<<<n / 256, 256>>>(d, mappedDev, n);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i)
    REQUIRE(mapped[i] == 3.0f * i + 1.0f, "copied mapped[%d] = %g", i,
            mapped[i]);

  if (prop.unifiedAddressing) {
    // With UVA the host pointer of cudaHostAlloc memory works in kernels.
    scaleInPlace<<<n / 256, 256>>>(mapped, n, 2.0f);
    CHECK_LAUNCH();
    for (int i = 0; i < n; ++i)
      REQUIRE(mapped[i] == 2.0f * (3.0f * i + 1.0f), "UVA mapped[%d] = %g", i,
              mapped[i]);
  }

  CHECK(cudaFreeHost(pinned));
  CHECK(cudaFreeHost(mapped));
  CHECK(cudaFree(d));
  return pass();
}
