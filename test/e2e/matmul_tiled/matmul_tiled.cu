// Tiled SGEMM C = alpha * A(MxK) * B(KxN) + beta * C with 16x16 shared-memory
// tiles and bounds checks (dimensions are not multiples of the tile), plus
// a 2x2 register-blocked variant with 32x32 tiles.
#define TILE 16
extern "C" __global__ void k_sgemm_tiled(const float* A, const float* B, float* C, int M, int N, int K, float alpha,
                                         float beta) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE + 1];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    int ak = k0 + threadIdx.x, bk = k0 + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[(size_t)row * K + ak] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (bk < K && col < N) ? B[(size_t)bk * N + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = alpha * acc + beta * C[(size_t)row * N + col];
}

// 32x32 output tile per 16x16 block, each thread computes 2x2 outputs.
extern "C" __global__ void k_sgemm_2x2(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[32][17];
  __shared__ float Bs[16][33];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row0 = blockIdx.y * 32 + ty * 2, col0 = blockIdx.x * 32 + tx * 2;
  float acc[2][2] = {{0.0f, 0.0f}, {0.0f, 0.0f}};
  for (int k0 = 0; k0 < K; k0 += 16) {
    for (int r = ty; r < 32; r += 16) {
      int gr = blockIdx.y * 32 + r, gk = k0 + tx;
      As[r][tx] = (gr < M && gk < K) ? A[(size_t)gr * K + gk] : 0.0f;
    }
    for (int c = tx; c < 32; c += 16) {
      int gc = blockIdx.x * 32 + c, gk = k0 + ty;
      Bs[ty][c] = (gk < K && gc < N) ? B[(size_t)gk * N + gc] : 0.0f;
    }
    __syncthreads();
    for (int k = 0; k < 16; k++) {
      float a0 = As[ty * 2][k], a1 = As[ty * 2 + 1][k];
      float b0 = Bs[k][tx * 2], b1 = Bs[k][tx * 2 + 1];
      acc[0][0] += a0 * b0;
      acc[0][1] += a0 * b1;
      acc[1][0] += a1 * b0;
      acc[1][1] += a1 * b1;
    }
    __syncthreads();
  }
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      if (row0 + i < M && col0 + j < N) C[(size_t)(row0 + i) * N + col0 + j] = acc[i][j];
}
