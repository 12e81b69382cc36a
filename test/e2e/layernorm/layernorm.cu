// LayerNorm: y = (x - mean) * rsqrt(var + eps) * gamma + beta.  Two-pass
// mean/variance with block reductions (one block per row), and a Welford
// single-pass variant with one warp per row that merges partial statistics
// through shuffles.

__device__ float block_sum(float v, float* partial) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
  __syncthreads();  // partial may still be read from a previous call
  if (lane == 0) partial[w] = v;
  __syncthreads();
  float s = 0.0f;
  for (int k = 0; k < nw; k++) s += partial[k];
  return s;
}

extern "C" __global__ void k_layernorm(const float* x, const float* gamma, const float* beta, float* y,
                                       float* stats, int hidden, float eps) {
  __shared__ float partial[32];
  const float* xr = x + (size_t)blockIdx.x * hidden;
  float s = 0.0f;
  for (int c = threadIdx.x; c < hidden; c += blockDim.x) s += xr[c];
  float mean = block_sum(s, partial) / (float)hidden;
  float v = 0.0f;
  for (int c = threadIdx.x; c < hidden; c += blockDim.x) {
    float d = xr[c] - mean;
    v += d * d;
  }
  float var = block_sum(v, partial) / (float)hidden;
  float rstd = rsqrtf(var + eps);
  for (int c = threadIdx.x; c < hidden; c += blockDim.x)
    y[(size_t)blockIdx.x * hidden + c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
  if (threadIdx.x == 0) {
    stats[2 * blockIdx.x] = mean;
    stats[2 * blockIdx.x + 1] = rstd;
  }
}

// Welford, one warp per row.
extern "C" __global__ void k_layernorm_welford(const float* x, const float* gamma, const float* beta, float* y,
                                               int rows, int hidden, float eps) {
  int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  int lane = threadIdx.x & 31;
  if (row >= rows) return;
  const float* xr = x + (size_t)row * hidden;
  float n = 0.0f, mean = 0.0f, m2 = 0.0f;
  for (int c = lane; c < hidden; c += 32) {
    n += 1.0f;
    float d = xr[c] - mean;
    mean += d / n;
    m2 += d * (xr[c] - mean);
  }
  for (int o = 16; o > 0; o >>= 1) {
    float nb = __shfl_xor_sync(0xffffffffu, n, o);
    float mb = __shfl_xor_sync(0xffffffffu, mean, o);
    float m2b = __shfl_xor_sync(0xffffffffu, m2, o);
    float nt = n + nb;
    if (nt > 0.0f) {
      float d = mb - mean;
      mean = mean + d * (nb / nt);
      m2 = m2 + m2b + d * d * (n * nb / nt);
    }
    n = nt;
  }
  float rstd = rsqrtf(m2 / n + eps);
  for (int c = lane; c < hidden; c += 32) y[(size_t)row * hidden + c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
}
