// Device code that needs a call stack: a recursive function (tree
// recursion, not turned into a loop), a recursive quicksort of a small
// per-thread array, and per-thread local arrays indexed dynamically; the
// stack size limit (cudaLimitStackSize) is read and raised.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS recursion
#define TEST_NAME "recursion"
#include "check.cuh"

#include <algorithm>
#include <vector>

__host__ __device__ int fib(int n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__device__ void quicksort(int *v, int lo, int hi) {
  if (lo >= hi)
    return;
  int pivot = v[(lo + hi) / 2], i = lo, j = hi;
  while (i <= j) {
    while (v[i] < pivot)
      ++i;
    while (v[j] > pivot)
      --j;
    if (i <= j) {
      int t = v[i];
      v[i] = v[j];
      v[j] = t;
      ++i;
      --j;
    }
  }
  quicksort(v, lo, j);
  quicksort(v, i, hi);
}

constexpr int LEN = 40;

__global__ void work(const int *in, int *sorted, int *fibs, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int local[LEN]; // indexed dynamically: lives in local memory
  for (int k = 0; k < LEN; ++k)
    local[k] = in[t * LEN + k];
  quicksort(local, 0, LEN - 1);
  for (int k = 0; k < LEN; ++k)
    sorted[t * LEN + k] = local[k];
  fibs[t] = fib(t % 16);
}

int main() {
  size_t stack = 0;
  CHECK(cudaDeviceGetLimit(&stack, cudaLimitStackSize));
  REQUIRE(stack > 0, "stack size limit 0");
  CHECK(cudaDeviceSetLimit(cudaLimitStackSize, 8192));
  CHECK(cudaDeviceGetLimit(&stack, cudaLimitStackSize));
  REQUIRE(stack >= 8192, "stack size limit %zu after asking for 8192", stack);

  const int n = 256;
  std::vector<int> h(n * LEN);
  unsigned seed = 99;
  for (auto &v : h) {
    seed = seed * 1664525u + 1013904223u;
    v = int(seed >> 16) % 1000 - 500;
  }
  int *in, *sorted, *fibs;
  CHECK(cudaMalloc(&in, h.size() * sizeof(int)));
  CHECK(cudaMallocManaged(&sorted, h.size() * sizeof(int)));
  CHECK(cudaMallocManaged(&fibs, n * sizeof(int)));
  CHECK(
      cudaMemcpy(in, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  work<<<n / 64, 64>>>(in, sorted, fibs, n);
  CHECK_LAUNCH();
  for (int t = 0; t < n; ++t) {
    std::vector<int> want(h.begin() + t * LEN, h.begin() + (t + 1) * LEN);
    std::sort(want.begin(), want.end());
    for (int k = 0; k < LEN; ++k)
      REQUIRE(sorted[t * LEN + k] == want[k],
              "thread %d: sorted[%d] = %d, "
              "expected %d",
              t, k, sorted[t * LEN + k], want[k]);
    REQUIRE(fibs[t] == fib(t % 16), "fib(%d) = %d", t % 16, fibs[t]);
  }
  CHECK(cudaFree(in));
  CHECK(cudaFree(sorted));
  CHECK(cudaFree(fibs));
  return pass();
}
