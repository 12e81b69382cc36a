// Reductions: two-pass sum with a shared-memory tree (int, exact), a float
// sum with warp-shuffle + shared memory and grid-stride loads, a double sum,
// and a single-pass variant that finishes with one atomicAdd per block.

extern "C" __global__ void k_sum_int_pass(const int* in, long long* partial, int n) {
  __shared__ long long s[256];
  int t = threadIdx.x;
  long long acc = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  s[t] = acc;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}

extern "C" __global__ void k_sum_ll_final(const long long* partial, long long* out, int n) {
  __shared__ long long s[256];
  int t = threadIdx.x;
  long long acc = 0;
  for (int i = t; i < n; i += blockDim.x) acc += partial[i];
  s[t] = acc;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) *out = s[0];
}

extern "C" __global__ void k_sum_float(const float* in, float* partial, int n) {
  __shared__ float warp_sums[32];
  int t = threadIdx.x, lane = t & 31, w = t >> 5;
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
  if (lane == 0) warp_sums[w] = acc;
  __syncthreads();
  if (w == 0) {
    acc = lane < (int)(blockDim.x >> 5) ? warp_sums[lane] : 0.0f;
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
    if (lane == 0) partial[blockIdx.x] = acc;
  }
}

extern "C" __global__ void k_sum_double_atomic(const double* in, double* out, unsigned* blocks_done, int n) {
  __shared__ double s[128];
  int t = threadIdx.x;
  double acc = 0.0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  s[t] = acc;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) {
    atomicAdd(out, s[0]);
    atomicAdd(blocks_done, 1u);
  }
}
