// GEMV: y = alpha * A x + beta * y for row-major A.  One warp per row with
// float4 loads (K a multiple of 4), and a thread-per-row variant for the
// transposed product y = A^T x.
extern "C" __global__ void k_gemv_warp(const float* A, const float* x, float* y, int M, int K, float alpha, float beta) {
  int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  int lane = threadIdx.x & 31;
  if (row >= M) return;
  const float4* a4 = (const float4*)(A + (size_t)row * K);
  const float4* x4 = (const float4*)x;
  float s = 0.0f;
  for (int k = lane; k < K / 4; k += 32) {
    float4 a = a4[k], b = x4[k];
    s += a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  }
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
  if (lane == 0) y[row] = alpha * s + beta * y[row];
}

// y[j] = sum_i A[i][j] * x[i]  (coalesced across threads)
extern "C" __global__ void k_gemv_t(const float* A, const float* x, float* y, int M, int K) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= K) return;
  float s = 0.0f;
  for (int i = 0; i < M; i++) s += A[(size_t)i * K + j] * x[i];
  y[j] = s;
}
