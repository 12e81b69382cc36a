// __nv_bfloat16 / __nv_bfloat162 arithmetic (cuda_bf16.h): add/sub/mul/fma,
// neg/abs, min/max (NaN-ignoring and NaN-propagating), _sat and _relu
// variants, comparisons, and bf162 lane-wise forms.  Operations that the
// header only provides for sm_80+ are guarded; the fallback path computes
// the same correctly rounded result (fma via round-to-odd in float).
#include <cuda_bf16.h>

typedef __nv_bfloat16 bf;
typedef __nv_bfloat162 bf2;
__device__ __forceinline__ bf B(unsigned short u) { return __ushort_as_bfloat16(u); }
__device__ __forceinline__ unsigned short U(bf h) { return __bfloat16_as_ushort(h); }
__device__ __forceinline__ unsigned U2(bf2 h) {
  return (unsigned)U(__low2bfloat16(h)) | ((unsigned)U(__high2bfloat16(h)) << 16);
}
__device__ __forceinline__ bf2 B2(unsigned u) { return __halves2bfloat162(B((unsigned short)u), B((unsigned short)(u >> 16))); }

// Correctly rounded bf16 fma on every architecture.
__device__ __forceinline__ bf fma_bf(bf a, bf b, bf c) {
#if __CUDA_ARCH__ >= 800
  return __hfma(a, b, c);
#else
  float fa = __bfloat162float(a), fb = __bfloat162float(b), fc = __bfloat162float(c);
  float tz = __fmaf_rz(fa, fb, fc), dn = __fmaf_rd(fa, fb, fc), up = __fmaf_ru(fa, fb, fc);
  // round to odd: truncate, and if the result was inexact (the downward and
  // upward roundings differ) force the last float mantissa bit to 1
  unsigned bits = __float_as_uint(tz);
  if (__float_as_uint(dn) != __float_as_uint(up) && !isnan(tz)) bits |= 1u;
  return __float2bfloat16_rn(__uint_as_float(bits));
#endif
}
__device__ __forceinline__ bool bf_isnan(bf a) { return (U(a) & 0x7FFF) > 0x7F80; }
__device__ __forceinline__ bf relu_bf(bf r) {
  if (bf_isnan(r)) return B(0x7FFF);
  return (U(r) & 0x8000) && (U(r) & 0x7FFF) ? B(0) : r;
}
__device__ __forceinline__ bf fma_relu_bf(bf a, bf b, bf c) {
#if __CUDA_ARCH__ >= 800
  return __hfma_relu(a, b, c);
#else
  return relu_bf(fma_bf(a, b, c));
#endif
}
__device__ __forceinline__ bf min_bf(bf a, bf b) {
#if __CUDA_ARCH__ >= 800
  return __hmin(a, b);
#else
  return __float2bfloat16_rn(fminf(__bfloat162float(a), __bfloat162float(b)));
#endif
}
__device__ __forceinline__ bf max_bf(bf a, bf b) {
#if __CUDA_ARCH__ >= 800
  return __hmax(a, b);
#else
  return __float2bfloat16_rn(fmaxf(__bfloat162float(a), __bfloat162float(b)));
#endif
}
__device__ __forceinline__ bf min_nan_bf(bf a, bf b) {
#if __CUDA_ARCH__ >= 800
  return __hmin_nan(a, b);
#else
  return (bf_isnan(a) || bf_isnan(b)) ? B(0x7FFF) : min_bf(a, b);
#endif
}
__device__ __forceinline__ bf max_nan_bf(bf a, bf b) {
#if __CUDA_ARCH__ >= 800
  return __hmax_nan(a, b);
#else
  return (bf_isnan(a) || bf_isnan(b)) ? B(0x7FFF) : max_bf(a, b);
#endif
}

#define NOUT 14
extern "C" __global__ void k_bf16(const unsigned short* a, const unsigned short* b, const unsigned short* c,
                                  unsigned short* out, unsigned* flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  bf x = B(a[i]), y = B(b[i]), z = B(c[i]);
  unsigned short* o = out + (size_t)i * NOUT;
  o[0] = U(__hadd(x, y));
  o[1] = U(__hsub(x, y));
  o[2] = U(__hmul(x, y));
  o[3] = U(fma_bf(x, y, z));
  o[4] = U(__hneg(x));
  o[5] = U(__habs(x));
  o[6] = U(min_bf(x, y));
  o[7] = U(max_bf(x, y));
  o[8] = U(min_nan_bf(x, y));
  o[9] = U(max_nan_bf(x, y));
  o[10] = U(fma_relu_bf(x, y, z));
  o[11] = U(__hadd_rn(x, y));
  o[12] = U(__hmul_rn(x, y));
  o[13] = U(__hsub_rn(x, y));
  unsigned f = (unsigned)__heq(x, y) | ((unsigned)__hne(x, y) << 1) | ((unsigned)__hlt(x, y) << 2) |
               ((unsigned)__hle(x, y) << 3) | ((unsigned)__hgt(x, y) << 4) | ((unsigned)__hge(x, y) << 5) |
               ((unsigned)__hequ(x, y) << 6) | ((unsigned)__hneu(x, y) << 7) | ((unsigned)__hltu(x, y) << 8) |
               ((unsigned)__hgeu(x, y) << 9) | ((unsigned)__hisnan(x) << 10) | ((unsigned)(__hisinf(x) + 1) << 11);
  flags[i] = f;
}

#define NOUT2 8
extern "C" __global__ void k_bf162(const unsigned* a, const unsigned* b, const unsigned* c, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  bf2 x = B2(a[i]), y = B2(b[i]), z = B2(c[i]);
  unsigned* o = out + (size_t)i * NOUT2;
  o[0] = U2(__hadd2(x, y));
  o[1] = U2(__hsub2(x, y));
  o[2] = U2(__hmul2(x, y));
#if __CUDA_ARCH__ >= 800
  o[3] = U2(__hfma2(x, y, z));
  o[4] = U2(__hmin2(x, y));
  o[5] = U2(__hmax2(x, y));
#else
  o[3] = U2(__halves2bfloat162(fma_bf(__low2bfloat16(x), __low2bfloat16(y), __low2bfloat16(z)),
                               fma_bf(__high2bfloat16(x), __high2bfloat16(y), __high2bfloat16(z))));
  o[4] = U2(__halves2bfloat162(min_bf(__low2bfloat16(x), __low2bfloat16(y)), min_bf(__high2bfloat16(x), __high2bfloat16(y))));
  o[5] = U2(__halves2bfloat162(max_bf(__low2bfloat16(x), __low2bfloat16(y)), max_bf(__high2bfloat16(x), __high2bfloat16(y))));
#endif
  o[6] = U2(__hneg2(x));
  o[7] = U2(__habs2(x));
}
