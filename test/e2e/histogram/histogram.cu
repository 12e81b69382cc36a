// Histograms with shared-memory atomics: 256 byte-value bins privatised per
// block then merged with global atomics, and a 64-bin float histogram with
// a skewed (highly contended) distribution.

extern "C" __global__ void k_hist256(const unsigned char* data, unsigned* bins, int n) {
  __shared__ unsigned s[256];
  for (int k = threadIdx.x; k < 256; k += blockDim.x) s[k] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(&s[data[i]], 1u);
  __syncthreads();
  for (int k = threadIdx.x; k < 256; k += blockDim.x)
    if (s[k]) atomicAdd(&bins[k], s[k]);
}

// bins over [lo, hi); values outside are counted in under/over counters.
extern "C" __global__ void k_hist_float(const float* x, unsigned* bins, unsigned* outside, int n, float lo,
                                        float hi) {
  __shared__ unsigned s[64];
  __shared__ unsigned s_out[2];
  if (threadIdx.x < 64) s[threadIdx.x] = 0;
  if (threadIdx.x < 2) s_out[threadIdx.x] = 0;
  __syncthreads();
  float scale = 64.0f / (hi - lo);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float v = x[i];
    if (v < lo) atomicAdd(&s_out[0], 1u);
    else if (v >= hi) atomicAdd(&s_out[1], 1u);
    else atomicAdd(&s[min(63, __float2int_rd((v - lo) * scale))], 1u);
  }
  __syncthreads();
  if (threadIdx.x < 64) atomicAdd(&bins[threadIdx.x], s[threadIdx.x]);
  if (threadIdx.x < 2) atomicAdd(&outside[threadIdx.x], s_out[threadIdx.x]);
}
