// Vector addition the classic way: cudaMalloc, cudaMemcpy to the device, a
// launch, cudaMemcpy back; plus a device-to-device copy, cudaMemset and a
// cudaMemcpyDefault copy (the direction inferred from the pointers).
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS vector-add-memcpy
#define TEST_NAME "vector-add-memcpy"
#include "check.cuh"

#include <vector>

__global__ void vectorAdd(const int *a, const int *b, int *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 50000;
  const size_t bytes = n * sizeof(int);
  std::vector<int> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = i * 3 - 7;
    b[i] = 1000 - i;
  }

  int *da, *db, *dc;
  CHECK(cudaMalloc(&da, bytes));
  CHECK(cudaMalloc(&db, bytes));
  CHECK(cudaMalloc(&dc, bytes));
  CHECK(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(dc, 0, bytes));

  int threads = 256, blocks = (n + threads - 1) / threads;
  vectorAdd<<<blocks, threads>>>(da, db, dc, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    REQUIRE(c[i] == a[i] + b[i], "c[%d] = %d, expected %d", i, c[i],
            a[i] + b[i]);

  // c = a + a, with a copied device to device into b first.
  CHECK(cudaMemcpy(db, da, bytes, cudaMemcpyDeviceToDevice));
  vectorAdd<<<blocks, threads>>>(da, db, dc, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDefault));
  for (int i = 0; i < n; ++i)
    REQUIRE(c[i] == 2 * a[i], "c[%d] = %d, expected %d", i, c[i], 2 * a[i]);

  // A memset of the middle only.
  CHECK(cudaMemset(dc + 100, 0, 50 * sizeof(int)));
  CHECK(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int want = (i >= 100 && i < 150) ? 0 : 2 * a[i];
    REQUIRE(c[i] == want, "after memset c[%d] = %d, expected %d", i, c[i],
            want);
  }

  CHECK(cudaFree(da));
  CHECK(cudaFree(db));
  CHECK(cudaFree(dc));
  return pass();
}
