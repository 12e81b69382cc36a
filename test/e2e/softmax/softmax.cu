// Row-wise softmax, two variants: one block per row (warp-shuffle + shared
// memory block reductions for max and sum) and one warp per row.

__device__ __forceinline__ float warp_max(float v) {
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}
__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
// Block-wide reduction (blockDim.x multiple of 32, <= 1024). is_max selects max or sum.
__device__ float block_reduce(float v, bool is_max) {
  __shared__ float partial[32];
  __shared__ float result;
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
  v = is_max ? warp_max(v) : warp_sum(v);
  if (lane == 0) partial[w] = v;
  __syncthreads();
  if (w == 0) {
    float x = lane < nw ? partial[lane] : (is_max ? -INFINITY : 0.0f);
    x = is_max ? warp_max(x) : warp_sum(x);
    if (lane == 0) result = x;
  }
  __syncthreads();
  float r = result;
  __syncthreads();  // partial/result may be reused by the next call
  return r;
}

extern "C" __global__ void k_softmax_block(const float* x, float* y, int cols) {
  const float* xr = x + (size_t)blockIdx.x * cols;
  float* yr = y + (size_t)blockIdx.x * cols;
  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
  m = block_reduce(m, true);
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += expf(xr[c] - m);
  s = block_reduce(s, false);
  float inv = 1.0f / s;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) yr[c] = expf(xr[c] - m) * inv;
}

// One warp per row; blockDim.x = 128 -> 4 rows per block.
extern "C" __global__ void k_softmax_warp(const float* x, float* y, int rows, int cols) {
  int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  int lane = threadIdx.x & 31;
  if (row >= rows) return;  // whole warps leave together
  const float* xr = x + (size_t)row * cols;
  float* yr = y + (size_t)row * cols;
  float m = -INFINITY;
  for (int c = lane; c < cols; c += 32) m = fmaxf(m, xr[c]);
  m = warp_max(m);
  float s = 0.0f;
  for (int c = lane; c < cols; c += 32) s += __expf(xr[c] - m);
  s = warp_sum(s);
  for (int c = lane; c < cols; c += 32) yr[c] = __fdividef(__expf(xr[c] - m), s);
}
