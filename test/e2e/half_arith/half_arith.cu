// __half / __half2 arithmetic (cuda_fp16.h): add/sub/mul/fma (plain, _sat,
// _relu), neg/abs, min/max (NaN-ignoring and NaN-propagating), div, sqrt,
// ordered/unordered comparisons and classification, and half2 lane moves.
#include <cuda_fp16.h>

__device__ __forceinline__ __half H(unsigned short u) { return __ushort_as_half(u); }
__device__ __forceinline__ unsigned short U(__half h) { return __half_as_ushort(h); }
__device__ __forceinline__ unsigned U2(__half2 h) {
  return (unsigned)__half_as_ushort(__low2half(h)) | ((unsigned)__half_as_ushort(__high2half(h)) << 16);
}
__device__ __forceinline__ __half2 H2(unsigned u) {
  return __halves2half2(__ushort_as_half((unsigned short)u), __ushort_as_half((unsigned short)(u >> 16)));
}

__device__ __forceinline__ __half fma_relu(__half a, __half b, __half c) {
#if __CUDA_ARCH__ >= 800
  return __hfma_relu(a, b, c);
#else
  __half r = __hfma(a, b, c);
  if (__hisnan(r)) return __ushort_as_half(0x7FFF);
  return __hlt(r, __float2half(0.0f)) ? __float2half(0.0f) : r;
#endif
}
__device__ __forceinline__ __half2 fma2_relu(__half2 a, __half2 b, __half2 c) {
#if __CUDA_ARCH__ >= 800
  return __hfma2_relu(a, b, c);
#else
  return __halves2half2(fma_relu(__low2half(a), __low2half(b), __low2half(c)),
                        fma_relu(__high2half(a), __high2half(b), __high2half(c)));
#endif
}

#define NOUT 18
extern "C" __global__ void k_half(const unsigned short* a, const unsigned short* b, const unsigned short* c,
                                  unsigned short* out, unsigned* flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half x = H(a[i]), y = H(b[i]), z = H(c[i]);
  unsigned short* o = out + (size_t)i * NOUT;
  o[0] = U(__hadd(x, y));
  o[1] = U(__hsub(x, y));
  o[2] = U(__hmul(x, y));
  o[3] = U(__hfma(x, y, z));
  o[4] = U(__hneg(x));
  o[5] = U(__habs(x));
  o[6] = U(__hmin(x, y));
  o[7] = U(__hmax(x, y));
  o[8] = U(__hmin_nan(x, y));
  o[9] = U(__hmax_nan(x, y));
  o[10] = U(__hadd_sat(x, y));
  o[11] = U(__hmul_sat(x, y));
  o[12] = U(__hfma_sat(x, y, z));
  o[13] = U(fma_relu(x, y, z));
  o[14] = U(__hdiv(x, y));
  o[15] = U(hsqrt(x));
  o[16] = U(__hadd_rn(x, y));
  o[17] = U(__hmul_rn(x, y));
  unsigned f = (unsigned)__heq(x, y) | ((unsigned)__hne(x, y) << 1) | ((unsigned)__hlt(x, y) << 2) |
               ((unsigned)__hle(x, y) << 3) | ((unsigned)__hgt(x, y) << 4) | ((unsigned)__hge(x, y) << 5) |
               ((unsigned)__hequ(x, y) << 6) | ((unsigned)__hneu(x, y) << 7) | ((unsigned)__hltu(x, y) << 8) |
               ((unsigned)__hleu(x, y) << 9) | ((unsigned)__hgtu(x, y) << 10) | ((unsigned)__hgeu(x, y) << 11) |
               ((unsigned)__hisnan(x) << 12) | ((unsigned)(__hisinf(x) + 1) << 13);
  flags[i] = f;
}

#define NOUT2 14
extern "C" __global__ void k_half2(const unsigned* a, const unsigned* b, const unsigned* c, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 x = H2(a[i]), y = H2(b[i]), z = H2(c[i]);
  unsigned* o = out + (size_t)i * NOUT2;
  o[0] = U2(__hadd2(x, y));
  o[1] = U2(__hsub2(x, y));
  o[2] = U2(__hmul2(x, y));
  o[3] = U2(__hfma2(x, y, z));
  o[4] = U2(__hneg2(x));
  o[5] = U2(__habs2(x));
  o[6] = U2(__hmin2(x, y));
  o[7] = U2(__hmax2(x, y));
  o[8] = U2(__hadd2_sat(x, y));
  o[9] = U2(fma2_relu(x, y, z));
  o[10] = U2(__lowhigh2highlow(x));
  o[11] = U2(__lows2half2(x, y));
  o[12] = U2(__highs2half2(x, y));
  o[13] = U2(__hmul2(__low2half2(x), __high2half2(y)));
}
