// Matrix multiply C = A * B with 16x16 tiles in shared memory, sizes that
// are not multiples of the tile (so edge tiles are padded with zeros), a
// 2-D grid of 2-D blocks; checked against a naive kernel and the CPU.
// Inputs are small integers, so every sum is exact in float.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS matmul-tiled
#define TEST_NAME "matmul-tiled"
#include "check.cuh"

#include <vector>

constexpr int TILE = 16;

// A is M x K, B is K x N, C is M x N, all row-major.
__global__ void matmulTiled(const float *A, const float *B, float *C, int M,
                            int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    int ak = t * TILE + threadIdx.x;
    int bk = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[row * K + ak] : 0;
    Bs[threadIdx.y][threadIdx.x] = (bk < K && col < N) ? B[bk * N + col] : 0;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}

__global__ void matmulNaive(const float *A, const float *B, float *C, int M,
                            int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N)
    return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}

int main() {
  const int M = 70, K = 50, N = 66;
  std::vector<float> A(M * K), B(K * N), C(M * N), ref(M * N);
  for (int i = 0; i < M * K; ++i)
    A[i] = float((i * 7) % 11 - 5);
  for (int i = 0; i < K * N; ++i)
    B[i] = float((i * 5) % 13 - 6);
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      float acc = 0;
      for (int k = 0; k < K; ++k)
        acc += A[r * K + k] * B[k * N + c];
      ref[r * N + c] = acc;
    }

  float *dA, *dB, *dC;
  CHECK(cudaMalloc(&dA, A.size() * sizeof(float)));
  CHECK(cudaMalloc(&dB, B.size() * sizeof(float)));
  CHECK(cudaMalloc(&dC, C.size() * sizeof(float)));
  CHECK(cudaMemcpy(dA, A.data(), A.size() * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dB, B.data(), B.size() * sizeof(float),
                   cudaMemcpyHostToDevice));

  dim3 block(TILE, TILE);
  dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  matmulTiled<<<grid, block>>>(dA, dB, dC, M, N, K);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(C.data(), dC, C.size() * sizeof(float),
                   cudaMemcpyDeviceToHost));
  for (int i = 0; i < M * N; ++i)
    REQUIRE(C[i] == ref[i], "tiled C[%d][%d] = %g, expected %g", i / N, i % N,
            C[i], ref[i]);

  CHECK(cudaMemset(dC, 0, C.size() * sizeof(float)));
  dim3 block2(32, 8);
  dim3 grid2((N + 31) / 32, (M + 7) / 8);
  matmulNaive<<<grid2, block2>>>(dA, dB, dC, M, N, K);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(C.data(), dC, C.size() * sizeof(float),
                   cudaMemcpyDeviceToHost));
  for (int i = 0; i < M * N; ++i)
    REQUIRE(C[i] == ref[i], "naive C[%d][%d] = %g, expected %g", i / N, i % N,
            C[i], ref[i]);

  CHECK(cudaFree(dA));
  CHECK(cudaFree(dB));
  CHECK(cudaFree(dC));
  return pass();
}
