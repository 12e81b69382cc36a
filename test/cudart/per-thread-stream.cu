// Built with --default-stream per-thread: every host thread's default
// stream (stream 0, <<<>>> without a stream, cudaMemcpy) is its own
// cudaStreamPerThread, which does not synchronise with other streams.
// Four host threads each run copies and kernels on their default stream
// at the same time and check their own results; cudaStreamPerThread is
// also named explicitly.
//
// NVCC-FLAGS: --default-stream per-thread
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS per-thread-stream
#define TEST_NAME "per-thread-stream"
#include "check.cuh"

#include <thread>
#include <vector>

#ifndef CUDA_API_PER_THREAD_DEFAULT_STREAM
#error "built without --default-stream per-thread"
#endif

__global__ void affine(int *d, int n, int mul, int add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] = d[i] * mul + add;
}

static void worker(int id, int *failures) {
  const int n = 4096;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = i + id;
  int *d = nullptr;
  if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess) {
    ++failures[id];
    return;
  }
  cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  for (int round = 0; round < 5; ++round)
    affine<<<n / 128, 128>>>(d, n, 2, id); // this thread's default stream
  affine<<<n / 128, 128, 0, cudaStreamPerThread>>>(d, n, 1, 1);
  if (cudaGetLastError() != cudaSuccess)
    ++failures[id];
  cudaMemcpyAsync(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost, 0);
  if (cudaStreamSynchronize(cudaStreamPerThread) != cudaSuccess)
    ++failures[id];
  for (int i = 0; i < n; ++i) {
    int v = i + id;
    for (int round = 0; round < 5; ++round)
      v = v * 2 + id;
    if (h[i] != v + 1) {
      ++failures[id];
      break;
    }
  }
  cudaFree(d);
}

int main() {
  CHECK(cudaFree(nullptr)); // create the context before the threads
  int failures[4] = {};
  std::vector<std::thread> threads;
  for (int id = 0; id < 4; ++id)
    threads.emplace_back(worker, id, failures);
  for (auto &t : threads)
    t.join();
  for (int id = 0; id < 4; ++id)
    REQUIRE(failures[id] == 0, "host thread %d saw %d failures", id,
            failures[id]);

  // The main thread's own per-thread stream.
  int *d;
  CHECK(cudaMalloc(&d, 256 * sizeof(int)));
  CHECK(cudaMemsetAsync(d, 0, 256 * sizeof(int), cudaStreamPerThread));
  affine<<<2, 128>>>(d, 256, 1, 9);
  CHECK(cudaGetLastError());
  int h[256];
  CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 256; ++i)
    REQUIRE(h[i] == 9, "h[%d] = %d", i, h[i]);
  CHECK(cudaStreamQuery(cudaStreamPerThread));
  CHECK(cudaFree(d));
  return pass();
}
