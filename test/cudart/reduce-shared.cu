// Sum and maximum of 2^16 integers by the classic shared-memory tree
// reduction: each block reduces 2 * blockDim elements to one partial
// result, a second launch (one block) reduces the partials. Block size is
// a template parameter, as in CUDA's reduction samples.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS reduce-shared
#define TEST_NAME "reduce-shared"
#include "check.cuh"

#include <climits>
#include <vector>

template <unsigned BLOCK>
__global__ void reduceSum(const int *in, long long *out, unsigned n) {
  __shared__ long long s[BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * BLOCK) + tid;
  long long v = 0;
  if (i < n)
    v = in[i];
  if (i + BLOCK < n)
    v += in[i + BLOCK];
  s[tid] = v;
  __syncthreads();
  for (unsigned stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

template <unsigned BLOCK>
__global__ void reduceSumPartials(const long long *in, long long *out,
                                  unsigned n) {
  __shared__ long long s[BLOCK];
  long long v = 0;
  for (unsigned i = threadIdx.x; i < n; i += BLOCK)
    v += in[i];
  s[threadIdx.x] = v;
  __syncthreads();
  for (unsigned stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    *out = s[0];
}

__global__ void reduceMax(const int *in, int *out, unsigned n) {
  extern __shared__ int sm[];
  unsigned tid = threadIdx.x;
  int best = INT_MIN;
  for (unsigned i = blockIdx.x * blockDim.x + tid; i < n;
       i += blockDim.x * gridDim.x)
    best = max(best, in[i]);
  sm[tid] = best;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      sm[tid] = max(sm[tid], sm[tid + stride]);
    __syncthreads();
  }
  if (tid == 0)
    atomicMax(out, sm[0]);
}

int main() {
  const unsigned n = 1 << 16;
  std::vector<int> h(n);
  unsigned seed = 12345;
  long long want = 0;
  int wantMax = INT_MIN;
  for (unsigned i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    h[i] = int(seed >> 8) - (1 << 23);
    want += h[i];
    wantMax = h[i] > wantMax ? h[i] : wantMax;
  }

  int *d;
  long long *partial, *sum;
  constexpr unsigned BLOCK = 256;
  const unsigned blocks = (n + 2 * BLOCK - 1) / (2 * BLOCK);
  CHECK(cudaMalloc(&d, n * sizeof(int)));
  CHECK(cudaMalloc(&partial, blocks * sizeof(long long)));
  CHECK(cudaMalloc(&sum, sizeof(long long)));
  CHECK(cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  reduceSum<BLOCK><<<blocks, BLOCK>>>(d, partial, n);
  CHECK(cudaGetLastError());
  reduceSumPartials<128><<<1, 128>>>(partial, sum, blocks);
  CHECK_LAUNCH();
  long long got = 0;
  CHECK(cudaMemcpy(&got, sum, sizeof got, cudaMemcpyDeviceToHost));
  REQUIRE(got == want, "sum = %lld, expected %lld", got, want);

  // An odd element count: the last block is partly empty.
  const unsigned n2 = n - 77;
  long long want2 = 0;
  for (unsigned i = 0; i < n2; ++i)
    want2 += h[i];
  reduceSum<BLOCK>
      <<<(n2 + 2 * BLOCK - 1) / (2 * BLOCK), BLOCK>>>(d, partial, n2);
  CHECK(cudaGetLastError());
  reduceSumPartials<128>
      <<<1, 128>>>(partial, sum, (n2 + 2 * BLOCK - 1) / (2 * BLOCK));
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(&got, sum, sizeof got, cudaMemcpyDeviceToHost));
  REQUIRE(got == want2, "sum of %u = %lld, expected %lld", n2, got, want2);

  int *maxOut, init = INT_MIN, gotMax = 0;
  CHECK(cudaMalloc(&maxOut, sizeof(int)));
  CHECK(cudaMemcpy(maxOut, &init, sizeof init, cudaMemcpyHostToDevice));
  reduceMax<<<32, 128, 128 * sizeof(int)>>>(d, maxOut, n);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(&gotMax, maxOut, sizeof gotMax, cudaMemcpyDeviceToHost));
  REQUIRE(gotMax == wantMax, "max = %d, expected %d", gotMax, wantMax);

  CHECK(cudaFree(d));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(sum));
  CHECK(cudaFree(maxOut));
  return pass();
}
