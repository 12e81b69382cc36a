// Warp-shuffle reductions: __shfl_down_sync within each warp, warp sums
// combined through shared memory and atomicAdd across blocks (integers and
// doubles); __shfl_xor_sync butterfly all-reduce (every lane gets the
// total); __shfl_up_sync warp inclusive scan; __shfl_sync broadcast.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS reduce-shuffle
#define TEST_NAME "reduce-shuffle"
#include "check.cuh"

#include <cmath>
#include <vector>

constexpr unsigned FULL = 0xffffffffu;

template <typename T> __device__ T warpSum(T v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(FULL, v, offset);
  return v;
}

template <typename T> __global__ void blockSum(const T *in, T *out, int n) {
  __shared__ T warpSums[32];
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  T v = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    v += in[i];
  v = warpSum(v);
  if (lane == 0)
    warpSums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int nwarps = blockDim.x / warpSize;
    v = lane < nwarps ? warpSums[lane] : T(0);
    v = warpSum(v);
    if (lane == 0)
      atomicAdd(out, v);
  }
}

// Per warp: the xor all-reduce in every lane, the inclusive scan, and lane
// 5's value broadcast.
__global__ void warpOps(const int *in, int *allReduce, int *scan,
                        int *broadcast) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = in[i];
  int total = v;
  for (int mask = 16; mask > 0; mask >>= 1)
    total += __shfl_xor_sync(FULL, total, mask);
  allReduce[i] = total;
  int s = v;
  for (int d = 1; d < 32; d <<= 1) {
    int up = __shfl_up_sync(FULL, s, d);
    if (lane >= d)
      s += up;
  }
  scan[i] = s;
  broadcast[i] = __shfl_sync(FULL, v, 5);
}

int main() {
  const int n = 40000;
  std::vector<int> hi(n);
  std::vector<double> hd(n);
  long long wantI = 0;
  double wantD = 0;
  for (int i = 0; i < n; ++i) {
    hi[i] = (i * 37) % 101 - 50;
    hd[i] = 1.0 / (1 + i % 97);
    wantI += hi[i];
    wantD += hd[i];
  }

  int *di, *sumI;
  double *dd, *sumD;
  CHECK(cudaMalloc(&di, n * sizeof(int)));
  CHECK(cudaMalloc(&dd, n * sizeof(double)));
  CHECK(cudaMalloc(&sumI, sizeof(int)));
  CHECK(cudaMalloc(&sumD, sizeof(double)));
  CHECK(cudaMemcpy(di, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dd, hd.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(sumI, 0, sizeof(int)));
  CHECK(cudaMemset(sumD, 0, sizeof(double)));

  blockSum<int><<<40, 256>>>(di, sumI, n);
  CHECK(cudaGetLastError());
  blockSum<double><<<40, 256>>>(dd, sumD, n);
  CHECK_LAUNCH();
  int gotI;
  double gotD;
  CHECK(cudaMemcpy(&gotI, sumI, sizeof gotI, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&gotD, sumD, sizeof gotD, cudaMemcpyDeviceToHost));
  REQUIRE(gotI == wantI, "int sum = %d, expected %lld", gotI, wantI);
  // The order of the double additions differs from the CPU's.
  REQUIRE(std::fabs(gotD - wantD) <= 1e-9 * std::fabs(wantD),
          "double sum = %.17g, expected %.17g", gotD, wantD);

  const int m = 256; // 8 warps
  int *all, *scan, *bc;
  CHECK(cudaMalloc(&all, m * sizeof(int)));
  CHECK(cudaMalloc(&scan, m * sizeof(int)));
  CHECK(cudaMalloc(&bc, m * sizeof(int)));
  warpOps<<<2, 128>>>(di, all, scan, bc);
  CHECK_LAUNCH();
  std::vector<int> hAll(m), hScan(m), hBc(m);
  CHECK(cudaMemcpy(hAll.data(), all, m * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(
      cudaMemcpy(hScan.data(), scan, m * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hBc.data(), bc, m * sizeof(int), cudaMemcpyDeviceToHost));
  for (int w = 0; w < m / 32; ++w) {
    int total = 0, prefix = 0;
    for (int l = 0; l < 32; ++l)
      total += hi[w * 32 + l];
    for (int l = 0; l < 32; ++l) {
      int i = w * 32 + l;
      prefix += hi[i];
      REQUIRE(hAll[i] == total, "xor all-reduce [%d] = %d, expected %d", i,
              hAll[i], total);
      REQUIRE(hScan[i] == prefix, "scan [%d] = %d, expected %d", i, hScan[i],
              prefix);
      REQUIRE(hBc[i] == hi[w * 32 + 5], "broadcast [%d] = %d, expected %d", i,
              hBc[i], hi[w * 32 + 5]);
    }
  }

  CHECK(cudaFree(di));
  CHECK(cudaFree(dd));
  CHECK(cudaFree(sumI));
  CHECK(cudaFree(sumD));
  CHECK(cudaFree(all));
  CHECK(cudaFree(scan));
  CHECK(cudaFree(bc));
  return pass();
}
