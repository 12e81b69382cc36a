// Matrix transpose through a shared-memory tile padded by one column (the
// bank-conflict-free version of CUDA's transpose sample): 32x8 threads move
// a 32x32 tile, for a non-square matrix whose sides are not multiples of
// 32; transposing twice gives the original back.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS transpose
#define TEST_NAME "transpose"
#include "check.cuh"

#include <vector>

constexpr int TILE = 32, ROWS = 8;

// out (cols x rows) = transpose of in (rows x cols).
__global__ void transpose(const float *in, float *out, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < cols && y + j < rows)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < rows && y + j < cols)
      out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int R = 100, C = 70;
  std::vector<float> h(R * C), t(R * C), back(R * C);
  for (int i = 0; i < R * C; ++i)
    h[i] = float(i) * 0.5f;
  float *a, *b;
  CHECK(cudaMalloc(&a, R * C * sizeof(float)));
  CHECK(cudaMalloc(&b, R * C * sizeof(float)));
  CHECK(cudaMemcpy(a, h.data(), R * C * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(TILE, ROWS);
  transpose<<<dim3((C + TILE - 1) / TILE, (R + TILE - 1) / TILE), block>>>(
      a, b, R, C);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(t.data(), b, R * C * sizeof(float), cudaMemcpyDeviceToHost));
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c)
      REQUIRE(t[c * R + r] == h[r * C + c], "t[%d][%d] = %g, expected %g", c, r,
              t[c * R + r], h[r * C + c]);

  CHECK(cudaMemset(a, 0, R * C * sizeof(float)));
  transpose<<<dim3((R + TILE - 1) / TILE, (C + TILE - 1) / TILE), block>>>(
      b, a, C, R);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(back.data(), a, R * C * sizeof(float),
                   cudaMemcpyDeviceToHost));
  for (int i = 0; i < R * C; ++i)
    REQUIRE(back[i] == h[i], "back[%d] = %g, expected %g", i, back[i], h[i]);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  return pass();
}
