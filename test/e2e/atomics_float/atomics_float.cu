// Floating-point atomics: atomicAdd on float/double (global and shared),
// __half2 / __half / __nv_bfloat162 atomicAdd (native where the target
// supports it, CAS loop otherwise), atomicExch(float), and a float
// atomicMax built from atomicCAS.  Added values are chosen so that every
// partial sum is exact, making the result independent of ordering.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ float atomic_max_float(float* addr, float v) {
  int* a = (int*)addr;
  int old = *(volatile int*)a, assumed;
  while (v > __int_as_float(old)) {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(v));
    if (old == assumed) break;
  }
  return __int_as_float(old);
}

__device__ __forceinline__ void add_half2(__half2* p, __half2 v) {
#if __CUDA_ARCH__ >= 600
  atomicAdd(p, v);
#else
  unsigned* u = (unsigned*)p;
  unsigned old = *u, assumed;
  do {
    assumed = old;
    __half2 nv = __hadd2(*(__half2*)&assumed, v);
    old = atomicCAS(u, assumed, *(unsigned*)&nv);
  } while (old != assumed);
#endif
}
__device__ __forceinline__ void add_half(__half* p, __half v) {
#if __CUDA_ARCH__ >= 700
  atomicAdd(p, v);
#else
  // 16-bit CAS emulated on the containing aligned word
  unsigned* u = (unsigned*)((size_t)p & ~(size_t)3);
  unsigned shift = ((size_t)p & 2) ? 16 : 0;
  unsigned old = *u, assumed;
  do {
    assumed = old;
    __half cur = __ushort_as_half((unsigned short)(assumed >> shift));
    unsigned short nv = __half_as_ushort(__hadd(cur, v));
    old = atomicCAS(u, assumed, (assumed & ~(0xFFFFu << shift)) | ((unsigned)nv << shift));
  } while (old != assumed);
#endif
}
__device__ __forceinline__ void add_bf162(__nv_bfloat162* p, __nv_bfloat162 v) {
#if __CUDA_ARCH__ >= 800
  atomicAdd(p, v);  // native atom.add.bf16x2 on sm_90, CAS loop in the header on sm_80
#else
  unsigned* u = (unsigned*)p;
  unsigned old = *u, assumed;
  do {
    assumed = old;
    __nv_bfloat162 cur = *(__nv_bfloat162*)&assumed;
    __nv_bfloat162 nv = __floats2bfloat162_rn(__low2float(cur) + __low2float(v), __high2float(cur) + __high2float(v));
    old = atomicCAS(u, assumed, *(unsigned*)&nv);
  } while (old != assumed);
#endif
}

extern "C" __global__ void k_fatomics(float* gf, double* gd, __half2* gh2, __half* gh, __nv_bfloat162* gb2,
                                      const float* fv, const double* dv, float* fold, float* blocksum,
                                      double* blocksumd) {
  __shared__ float sf;
  __shared__ double sd;
  int t = threadIdx.x;
  int gid = blockIdx.x * blockDim.x + t;
  if (t == 0) { sf = 0.0f; sd = 1.0; }
  __syncthreads();
  float x = fv[gid];
  double y = dv[gid];
  atomicAdd(&gf[0], x);
  fold[gid] = atomicAdd(&gf[1], 1.0f);
  atomicAdd(&gd[0], y);
  atomic_max_float(&gf[2], x * 3.0f - (float)(gid % 5));
  atomicExch(&gf[3], (float)gid * 0.5f);
  atomicAdd(&sf, x);
  atomicAdd(&sd, y);
  if (gid < 1024) add_half2(gh2, __floats2half2_rn(1.0f, 0.25f));
  if (gid < 512) add_half(&gh[1], __float2half(0.5f));
  if (gid < 128) add_bf162(gb2, __floats2bfloat162_rn(1.0f, 0.5f));
  __syncthreads();
  if (t == 0) {
    blocksum[blockIdx.x] = sf;
    blocksumd[blockIdx.x] = sd;
  }
}
