// Inclusive prefix sum of 100000 integers in three launches: each block
// scans its 512 elements in shared memory (Hillis-Steele, double
// buffered) and writes its total; one block scans the block totals; a last
// kernel adds each block's offset.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS scan-inclusive
#define TEST_NAME "scan-inclusive"
#include "check.cuh"

#include <vector>

constexpr int BLOCK = 512;

// Scans in[0..n) block by block; blockTotals may be null.
__global__ void scanBlocks(const int *in, int *out, int *blockTotals, int n) {
  __shared__ int buf[2][BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  int cur = 0;
  buf[cur][threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int d = 1; d < BLOCK; d <<= 1) {
    int v = buf[cur][threadIdx.x];
    if (threadIdx.x >= d)
      v += buf[cur][threadIdx.x - d];
    buf[1 - cur][threadIdx.x] = v;
    cur = 1 - cur;
    __syncthreads();
  }
  if (i < n)
    out[i] = buf[cur][threadIdx.x];
  if (blockTotals && threadIdx.x == BLOCK - 1)
    blockTotals[blockIdx.x] = buf[cur][threadIdx.x];
}

__global__ void addOffsets(int *data, const int *scannedTotals, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (blockIdx.x > 0 && i < n)
    data[i] += scannedTotals[blockIdx.x - 1];
}

int main() {
  const int n = 100000;
  const int blocks = (n + BLOCK - 1) / BLOCK; // 196: one block scans them
  std::vector<int> h(n), want(n), got(n);
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    h[i] = (i % 13) - 4;
    acc += h[i];
    want[i] = acc;
  }

  int *in, *out, *totals;
  CHECK(cudaMalloc(&in, n * sizeof(int)));
  CHECK(cudaMalloc(&out, n * sizeof(int)));
  CHECK(cudaMalloc(&totals, blocks * sizeof(int)));
  CHECK(cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  scanBlocks<<<blocks, BLOCK>>>(in, out, totals, n);
  CHECK(cudaGetLastError());
  scanBlocks<<<1, BLOCK>>>(totals, totals, nullptr, blocks);
  CHECK(cudaGetLastError());
  addOffsets<<<blocks, BLOCK>>>(out, totals, n);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(got.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    REQUIRE(got[i] == want[i], "scan[%d] = %d, expected %d", i, got[i],
            want[i]);

  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(totals));
  return pass();
}
