// __match_any_sync / __match_all_sync (32- and 64-bit), __reduce_*_sync
// (sm_80+, with a shuffle-based fallback that gives identical results on
// older targets), elect.sync (sm_90+, with an equivalent fallback), and
// __syncwarp-ordered shared-memory exchange.

#define NOUT_M 8
extern "C" __global__ void k_match(const unsigned* v32, const unsigned long long* v64, unsigned* out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  unsigned a = v32[tid];
  unsigned long long b = v64[tid];
  unsigned* o = out + (size_t)tid * NOUT_M;
  int pred = -1;
  o[0] = __match_any_sync(0xffffffffu, a);
  o[1] = __match_all_sync(0xffffffffu, a, &pred);
  o[2] = (unsigned)pred;
  o[3] = __match_any_sync(0xffffffffu, b);
  pred = -1;
  o[4] = __match_all_sync(0xffffffffu, b, &pred);
  o[5] = (unsigned)pred;
  o[6] = 0xDEADBEEFu;
  o[7] = 0xDEADBEEFu;
  if (lane < 20) o[6] = __match_any_sync(0x000fffffu, a);
  if (lane >= 24) {
    pred = -1;
    unsigned m = __match_all_sync(0xff000000u, b, &pred);
    o[7] = m ^ (unsigned)pred;
  }
}

__device__ __forceinline__ unsigned red_add(unsigned m, unsigned v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_add_sync(m, v);
#else
  int w = m == 0xffffffffu ? 32 : 16;
  for (int k = w / 2; k >= 1; k >>= 1) v += __shfl_xor_sync(m, v, k, w);
  return v;
#endif
}
__device__ __forceinline__ int red_add_s(unsigned m, int v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_add_sync(m, v);
#else
  return (int)red_add(m, (unsigned)v);
#endif
}
__device__ __forceinline__ int red_min_s(unsigned m, int v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_min_sync(m, v);
#else
  for (int k = 16; k >= 1; k >>= 1) v = min(v, __shfl_xor_sync(m, v, k));
  return v;
#endif
}
__device__ __forceinline__ int red_max_s(unsigned m, int v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_max_sync(m, v);
#else
  for (int k = 16; k >= 1; k >>= 1) v = max(v, __shfl_xor_sync(m, v, k));
  return v;
#endif
}
__device__ __forceinline__ unsigned red_min_u(unsigned m, unsigned v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_min_sync(m, v);
#else
  for (int k = 16; k >= 1; k >>= 1) v = min(v, (unsigned)__shfl_xor_sync(m, v, k));
  return v;
#endif
}
__device__ __forceinline__ unsigned red_max_u(unsigned m, unsigned v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_max_sync(m, v);
#else
  for (int k = 16; k >= 1; k >>= 1) v = max(v, (unsigned)__shfl_xor_sync(m, v, k));
  return v;
#endif
}
__device__ __forceinline__ unsigned red_and(unsigned m, unsigned v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_and_sync(m, v);
#else
  for (int k = 16; k >= 1; k >>= 1) v &= __shfl_xor_sync(m, v, k);
  return v;
#endif
}
__device__ __forceinline__ unsigned red_or(unsigned m, unsigned v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_or_sync(m, v);
#else
  for (int k = 16; k >= 1; k >>= 1) v |= __shfl_xor_sync(m, v, k);
  return v;
#endif
}
__device__ __forceinline__ unsigned red_xor(unsigned m, unsigned v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_xor_sync(m, v);
#else
  for (int k = 16; k >= 1; k >>= 1) v ^= __shfl_xor_sync(m, v, k);
  return v;
#endif
}

#define NOUT_R 9
extern "C" __global__ void k_reduce(const unsigned* v, unsigned* out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  unsigned x = v[tid];
  unsigned* o = out + (size_t)tid * NOUT_R;
  o[0] = red_add(0xffffffffu, x);
  o[1] = (unsigned)red_add_s(0xffffffffu, (int)x);
  o[2] = (unsigned)red_min_s(0xffffffffu, (int)x);
  o[3] = (unsigned)red_max_s(0xffffffffu, (int)x);
  o[4] = red_min_u(0xffffffffu, x);
  o[5] = red_max_u(0xffffffffu, x);
  o[6] = red_and(0xffffffffu, x) ^ (red_or(0xffffffffu, x) << 1);
  o[7] = red_xor(0xffffffffu, x);
  o[8] = 0xDEADBEEFu;
  if (lane < 16) o[8] = red_add(0x0000ffffu, x);
}

__device__ __forceinline__ unsigned elect(unsigned mask, unsigned* is_leader) {
#if __CUDA_ARCH__ >= 900
  unsigned leader, p;
  asm volatile("{ .reg .pred e; elect.sync %0|e, %2; selp.u32 %1, 1, 0, e; }" : "=r"(leader), "=r"(p) : "r"(mask));
  *is_leader = p;
  return leader;
#else
  unsigned leader = (unsigned)(__ffs(mask) - 1);
  *is_leader = ((threadIdx.x & 31) == leader) ? 1u : 0u;
  return leader;
#endif
}

#define NOUT_E 6
extern "C" __global__ void k_elect_syncwarp(const int* v, unsigned* out) {
  __shared__ int s[64];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int w = threadIdx.x >> 5;
  unsigned* o = out + (size_t)tid * NOUT_E;
  unsigned isl;
  o[0] = elect(0xffffffffu, &isl);
  o[1] = isl;
  o[2] = 0xDEADBEEFu;
  o[3] = 0xDEADBEEFu;
  if (lane >= 5 && (lane & 1)) {
    o[2] = elect(0xAAAAAAA0u, &isl);
    o[3] = isl;
  }
  // __syncwarp orders shared-memory accesses between the lanes of a warp
  int* sw = s + 32 * w;
  sw[lane] = v[tid];
  __syncwarp();
  int r = sw[(lane + 1) & 31];
  __syncwarp();
  sw[lane] = r * 2 + lane;
  __syncwarp();
  o[4] = (unsigned)sw[31 - lane];
  __syncwarp();
  o[5] = 0xDEADBEEFu;
  if (lane < 16) {
    sw[lane] = v[tid] + 7;
    __syncwarp(0x0000ffffu);
    o[5] = (unsigned)sw[15 - lane];
  }
}
