// RMSNorm: y = x * rsqrt(mean(x^2) + eps) * w, one block per row, block
// reduction through warp shuffles and shared memory; also a half-precision
// output variant.
#include <cuda_fp16.h>

__device__ float block_sum(float v) {
  __shared__ float partial[32];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  if (lane == 0) partial[w] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < (blockDim.x >> 5) ? partial[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if (threadIdx.x == 0) partial[0] = v;
  }
  __syncthreads();
  return partial[0];
}

extern "C" __global__ void k_rmsnorm(const float* x, const float* w, float* y, __half* yh, int hidden, float eps) {
  const float* xr = x + (size_t)blockIdx.x * hidden;
  float ss = 0.0f;
  for (int c = threadIdx.x; c < hidden; c += blockDim.x) ss += xr[c] * xr[c];
  ss = block_sum(ss);
  float scale = rsqrtf(ss / (float)hidden + eps);
  for (int c = threadIdx.x; c < hidden; c += blockDim.x) {
    float v = xr[c] * scale * w[c];
    y[(size_t)blockIdx.x * hidden + c] = v;
    yh[(size_t)blockIdx.x * hidden + c] = __float2half_rn(v);
  }
}
