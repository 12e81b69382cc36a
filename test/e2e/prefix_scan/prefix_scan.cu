// Prefix sums: a work-efficient (Blelloch) block scan in shared memory over
// 512 elements per block, a scan of the block totals with the same kernel,
// and a uniform-add pass -> inclusive scan of n elements.  Also a
// warp-shuffle inclusive scan combined across warps through shared memory.

#define ELEMS 512
extern "C" __global__ void k_scan_block(const unsigned* in, unsigned* out, unsigned* block_sums, int n) {
  __shared__ unsigned s[ELEMS];
  int t = threadIdx.x;  // blockDim.x == ELEMS / 2
  int base = blockIdx.x * ELEMS;
  int i0 = base + 2 * t, i1 = base + 2 * t + 1;
  unsigned v0 = i0 < n ? in[i0] : 0u, v1 = i1 < n ? in[i1] : 0u;
  s[2 * t] = v0;
  s[2 * t + 1] = v1;
  int offset = 1;
  for (int d = ELEMS >> 1; d > 0; d >>= 1) {  // up-sweep
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      s[bi] += s[ai];
    }
    offset <<= 1;
  }
  __syncthreads();
  if (t == 0) {
    if (block_sums) block_sums[blockIdx.x] = s[ELEMS - 1];
    s[ELEMS - 1] = 0;
  }
  for (int d = 1; d < ELEMS; d <<= 1) {  // down-sweep
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      unsigned tmp = s[ai];
      s[ai] = s[bi];
      s[bi] += tmp;
    }
  }
  __syncthreads();
  if (i0 < n) out[i0] = s[2 * t] + v0;  // exclusive -> inclusive
  if (i1 < n) out[i1] = s[2 * t + 1] + v1;
}

extern "C" __global__ void k_scan_add(unsigned* data, const unsigned* scanned_block_sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int blk = i / ELEMS;
  if (i < n && blk > 0) data[i] += scanned_block_sums[blk - 1];
}

// Inclusive scan of one block's elements (blockDim.x <= 1024) with shuffles.
extern "C" __global__ void k_scan_warp(const int* in, int* out, int n) {
  __shared__ int warp_tot[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  int v = i < n ? in[i] : 0;
  for (int d = 1; d < 32; d <<= 1) {
    int y = __shfl_up_sync(0xffffffffu, v, d);
    if (lane >= d) v += y;
  }
  if (lane == 31) warp_tot[w] = v;
  __syncthreads();
  if (w == 0) {
    int t = lane < (int)(blockDim.x >> 5) ? warp_tot[lane] : 0;
    for (int d = 1; d < 32; d <<= 1) {
      int y = __shfl_up_sync(0xffffffffu, t, d);
      if (lane >= d) t += y;
    }
    warp_tot[lane] = t;
  }
  __syncthreads();
  if (w > 0) v += warp_tot[w - 1];
  if (i < n) out[i] = v;
}
