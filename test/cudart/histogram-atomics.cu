// A 256-bin histogram of 2^16 bytes, twice: with atomicAdd on global
// memory, and with a per-block histogram in shared memory (shared-memory
// atomics) merged into global memory at the end. A third kernel counts
// with atomicInc/atomicSub/atomicExch/atomicOr on a few global words.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS histogram-atomics
#define TEST_NAME "histogram-atomics"
#include "check.cuh"

#include <vector>

constexpr int BINS = 256;

__global__ void histGlobal(const unsigned char *data, int n, unsigned *hist) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&hist[data[i]], 1u);
}

__global__ void histShared(const unsigned char *data, int n, unsigned *hist) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (local[b])
      atomicAdd(&hist[b], local[b]);
}

// words[0]: atomicInc wrapping at 99; words[1]: atomicSub; words[2]: the
// bitwise or of one bit per thread; words[3]: atomicExch (any thread's id).
__global__ void otherAtomics(unsigned *words) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicInc(&words[0], 99u);
  atomicSub(&words[1], 3u);
  atomicOr(&words[2], 1u << (t % 32));
  atomicExch(&words[3], t);
}

int main() {
  const int n = 1 << 16;
  std::vector<unsigned char> h(n);
  std::vector<unsigned> want(BINS, 0), got(BINS);
  unsigned seed = 7;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    // Skewed so that a few bins are hot.
    h[i] = (seed >> 16) % 3 == 0 ? 42 : (unsigned char)(seed >> 20);
    ++want[h[i]];
  }

  unsigned char *data;
  unsigned *hist;
  CHECK(cudaMalloc(&data, n));
  CHECK(cudaMalloc(&hist, BINS * sizeof(unsigned)));
  CHECK(cudaMemcpy(data, h.data(), n, cudaMemcpyHostToDevice));

  CHECK(cudaMemset(hist, 0, BINS * sizeof(unsigned)));
  histGlobal<<<64, 256>>>(data, n, hist);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(got.data(), hist, BINS * sizeof(unsigned),
                   cudaMemcpyDeviceToHost));
  for (int b = 0; b < BINS; ++b)
    REQUIRE(got[b] == want[b], "global: bin %d = %u, expected %u", b, got[b],
            want[b]);

  CHECK(cudaMemset(hist, 0, BINS * sizeof(unsigned)));
  histShared<<<32, 192>>>(data, n, hist);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(got.data(), hist, BINS * sizeof(unsigned),
                   cudaMemcpyDeviceToHost));
  for (int b = 0; b < BINS; ++b)
    REQUIRE(got[b] == want[b], "shared: bin %d = %u, expected %u", b, got[b],
            want[b]);

  unsigned *words, hw[4] = {0, 100000, 0, 0xffffffffu};
  CHECK(cudaMalloc(&words, sizeof hw));
  CHECK(cudaMemcpy(words, hw, sizeof hw, cudaMemcpyHostToDevice));
  const int threads = 8 * 128;
  otherAtomics<<<8, 128>>>(words);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(hw, words, sizeof hw, cudaMemcpyDeviceToHost));
  REQUIRE(hw[0] == threads % 100, "atomicInc: %u, expected %u", hw[0],
          threads % 100);
  REQUIRE(hw[1] == 100000u - 3u * threads, "atomicSub: %u, expected %u", hw[1],
          100000u - 3u * threads);
  REQUIRE(hw[2] == 0xffffffffu, "atomicOr: %#x", hw[2]);
  REQUIRE(hw[3] < (unsigned)threads, "atomicExch left %u", hw[3]);

  CHECK(cudaFree(data));
  CHECK(cudaFree(hist));
  CHECK(cudaFree(words));
  return pass();
}
