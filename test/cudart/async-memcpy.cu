// Asynchronous copies and memsets on streams: a pipeline that splits the
// data over three streams (H2D copy, kernel, D2H copy per chunk, pinned
// memory), cudaMemsetAsync of part of a buffer (memset writes bytes, so
// 0xAB fills each int with 0xABABABAB), device-to-device cudaMemcpyAsync,
// and a cudaMemcpyAsync from pageable memory (legal, if not overlapped).
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS async-memcpy
#define TEST_NAME "async-memcpy"
#include "check.cuh"

#include <vector>

__global__ void negate(int *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] = -d[i];
}

int main() {
  const int n = 3 * 8192, chunk = n / 3;
  int *h, *d, *d2;
  CHECK(cudaMallocHost(&h, n * sizeof(int)));
  CHECK(cudaMalloc(&d, n * sizeof(int)));
  CHECK(cudaMalloc(&d2, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    h[i] = i * 3 + 1;

  cudaStream_t s[3];
  for (auto &st : s)
    CHECK(cudaStreamCreate(&st));
  for (int k = 0; k < 3; ++k) {
    int off = k * chunk;
    CHECK(cudaMemcpyAsync(d + off, h + off, chunk * sizeof(int),
                          cudaMemcpyHostToDevice, s[k]));
    negate<<<chunk / 256, 256, 0, s[k]>>>(d + off, chunk);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(h + off, d + off, chunk * sizeof(int),
                          cudaMemcpyDeviceToHost, s[k]));
  }
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i)
    REQUIRE(h[i] == -(i * 3 + 1), "pipeline h[%d] = %d", i, h[i]);

  // memset bytes, then a device-to-device copy, all on stream 0.
  CHECK(cudaMemsetAsync(d, 0xAB, n * sizeof(int), s[0]));
  CHECK(cudaMemsetAsync(d + 100, 0, 20 * sizeof(int), s[0]));
  CHECK(
      cudaMemcpyAsync(d2, d, n * sizeof(int), cudaMemcpyDeviceToDevice, s[0]));
  CHECK(cudaMemcpyAsync(h, d2, n * sizeof(int), cudaMemcpyDeviceToHost, s[0]));
  CHECK(cudaStreamSynchronize(s[0]));
  for (int i = 0; i < n; ++i) {
    int want = (i >= 100 && i < 120) ? 0 : (int)0xABABABABu;
    REQUIRE(h[i] == want, "memset h[%d] = %#x, expected %#x", i, h[i], want);
  }

  // Pageable memory with the Async call.
  std::vector<int> pageable(n);
  for (int i = 0; i < n; ++i)
    pageable[i] = 7 * i;
  CHECK(cudaMemcpyAsync(d, pageable.data(), n * sizeof(int),
                        cudaMemcpyHostToDevice, s[1]));
  negate<<<n / 256, 256, 0, s[1]>>>(d, n);
  CHECK(cudaGetLastError());
  std::vector<int> back(n);
  CHECK(cudaMemcpyAsync(back.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost,
                        s[1]));
  CHECK(cudaStreamSynchronize(s[1]));
  for (int i = 0; i < n; ++i)
    REQUIRE(back[i] == -7 * i, "pageable back[%d] = %d", i, back[i]);

  // A memset on the legacy default stream orders after stream work
  // (the streams are blocking ones).
  negate<<<n / 256, 256, 0, s[2]>>>(d, n);
  CHECK(cudaMemset(d, 0, sizeof(int)));
  CHECK(cudaMemcpy(back.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
  REQUIRE(back[0] == 0, "back[0] = %d after memset", back[0]);
  for (int i = 1; i < n; ++i)
    REQUIRE(back[i] == 7 * i, "back[%d] = %d", i, back[i]);

  for (auto &st : s)
    CHECK(cudaStreamDestroy(st));
  CHECK(cudaFreeHost(h));
  CHECK(cudaFree(d));
  CHECK(cudaFree(d2));
  return pass();
}
