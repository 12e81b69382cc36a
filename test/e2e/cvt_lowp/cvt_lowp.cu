// Low-precision cvt forms: .relu and .satfinite to f16/bf16 (and the x2
// forms), f32 -> tf32 in .rna/.rn/.rz (with .relu/.satfinite), the FP8
// conversions f32 pair / f16x2 -> e4m3x2/e5m2x2 (.satfinite, .relu) and back
// e4m3x2/e5m2x2 -> f16x2 (.relu), plus the cuda_fp8.h intrinsics.
//
// Guarded by __CUDA_ARCH__: each target's PTX only has the cvt forms that
// target allows (.relu/.satfinite to f16/bf16 and .rna tf32: sm_80; FP8 and
// .rn/.rz tf32: sm_89/sm_90).  Below that, plain C fallbacks compute the
// same bits, so the host checks one set of results for every PTX file.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>

typedef unsigned short u16;
typedef unsigned u32;

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 900
static __device__ __forceinline__ u32 fbits(float x) { return __float_as_uint(x); }
// Fallbacks: the NVIDIA results (canonical NaNs, .relu: sign set -> +0,
// .satfinite: +-inf -> +-max finite) on top of the plain conversions.
static __device__ __forceinline__ bool isnan_f(float x) { return (fbits(x) & 0x7FFFFFFFu) > 0x7F800000u; }
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 800
static __device__ u16 relu16(u16 h, bool nan) { return nan ? 0x7FFF : (h & 0x8000) ? 0 : h; }
static __device__ u16 satf16(u16 h, bool nan) {
  if (nan) return 0x7FFF;
  return (h & 0x7FFF) == 0x7C00 ? (u16)((h & 0x8000) | 0x7BFF) : h;
}
static __device__ u16 satbf16(u16 h, bool nan) {
  if (nan) return 0x7FFF;
  return (h & 0x7FFF) == 0x7F80 ? (u16)((h & 0x8000) | 0x7F7F) : h;
}
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 900
static __device__ u32 tf32_fb(float x, int mode /*0 rna, 1 rn, 2 rz*/, bool relu, bool satf) {
  u32 u = fbits(x), r;
  if (isnan_f(x)) {
    // .rna truncates a NaN's pattern (sign kept); .rn/.rz give 0x7FFFE000.
    if (mode != 0) return 0x7FFFE000u;
    r = u & 0xFFFFE000u;
  } else {
    u32 s = u & 0x80000000u, a = u & 0x7FFFFFFFu;
    if (a != 0x7F800000u) {
      if (mode == 0) a += 0x1000u;
      else if (mode == 1) a += 0xFFFu + ((a >> 13) & 1u);
      a &= 0xFFFFE000u;
    }
    if (relu && s) return 0;
    r = s | a;
  }
  // .satfinite: an all-ones exponent (inf, and NaN from .rna) loses one ulp.
  if (satf && (r & 0x7F800000u) == 0x7F800000u) r -= 0x2000u;
  return r;
}
static __device__ unsigned char f8_fb(float x, __nv_fp8_interpretation_t k, bool relu) {
  if (isnan_f(x)) return 0x7F;
  unsigned char r = (unsigned char)__nv_cvt_float_to_fp8(x, __NV_SATFINITE, k);
  return (relu && (r & 0x80)) ? 0 : r;
}
static __device__ u16 f8x2_fb(float a, float b, __nv_fp8_interpretation_t k, bool relu) {
  return (u16)((f8_fb(a, k, relu) << 8) | f8_fb(b, k, relu));
}
static __device__ u16 f8x2_h_fb(u32 h2, __nv_fp8_interpretation_t k, bool relu) {
  return f8x2_fb(__half2float(__ushort_as_half((u16)(h2 >> 16))), __half2float(__ushort_as_half((u16)h2)), k,
                 relu);
}
static __device__ u32 h2_from_f8x2_fb(u16 v, __nv_fp8_interpretation_t k, bool relu) {
  __half2_raw r = __nv_cvt_fp8x2_to_halfraw2(v, k);
  u16 lo = r.x, hi = r.y;
  if ((lo & 0x7FFF) > 0x7C00) lo = 0x7FFF;
  if ((hi & 0x7FFF) > 0x7C00) hi = 0x7FFF;
  if (relu) {
    if (lo & 0x8000) lo = 0;
    if (hi & 0x8000) hi = 0;
  }
  return ((u32)hi << 16) | lo;
}
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define CVT16(ins, x) ({ u16 r_; asm(ins " %0, %1;" : "=h"(r_) : "f"(x)); r_; })
#define CVT32_2(ins, x, y) ({ u32 r_; asm(ins " %0, %1, %2;" : "=r"(r_) : "f"(x), "f"(y)); r_; })
#define CVT32(ins, x) ({ u32 r_; asm(ins " %0, %1;" : "=r"(r_) : "f"(x)); r_; })
#endif

// f32 -> low precision.  Thread i converts x = in[i] (and y = in[n-1-i] for
// the two-source forms: x goes to the upper half).
#define NOUT_F 24
extern "C" __global__ void k_from_f32(const float* in, u32* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i], y = in[n - 1 - i];
  u32* o = out + (size_t)i * NOUT_F;
  u32 h2 = ((u32)__half_as_ushort(__float2half_rn(x)) << 16) | __half_as_ushort(__float2half_rn(y));
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  u16 r;
  asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(r) : "f"(x), "f"(y)); o[0] = r;
  asm("cvt.rn.satfinite.relu.e4m3x2.f32 %0, %1, %2;" : "=h"(r) : "f"(x), "f"(y)); o[1] = r;
  asm("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(r) : "f"(x), "f"(y)); o[2] = r;
  asm("cvt.rn.satfinite.relu.e5m2x2.f32 %0, %1, %2;" : "=h"(r) : "f"(x), "f"(y)); o[3] = r;
  asm("cvt.rn.satfinite.e4m3x2.f16x2 %0, %1;" : "=h"(r) : "r"(h2)); o[22] = r;
  asm("cvt.rn.satfinite.relu.e5m2x2.f16x2 %0, %1;" : "=h"(r) : "r"(h2)); o[23] = r;
  o[18] = CVT32("cvt.rn.tf32.f32", x);
  o[19] = CVT32("cvt.rz.tf32.f32", x);
  o[20] = CVT32("cvt.rn.relu.tf32.f32", x);
  o[21] = CVT32("cvt.rz.relu.tf32.f32", x);
#else
  o[0] = f8x2_fb(x, y, __NV_E4M3, false);
  o[1] = f8x2_fb(x, y, __NV_E4M3, true);
  o[2] = f8x2_fb(x, y, __NV_E5M2, false);
  o[3] = f8x2_fb(x, y, __NV_E5M2, true);
  o[22] = f8x2_h_fb(h2, __NV_E4M3, false);
  o[23] = f8x2_h_fb(h2, __NV_E5M2, true);
  o[18] = tf32_fb(x, 1, false, false);
  o[19] = tf32_fb(x, 2, false, false);
  o[20] = tf32_fb(x, 1, true, false);
  o[21] = tf32_fb(x, 2, true, false);
#endif
  // cuda_fp8.h: satfinite pairs use cvt on sm_89+, the rest is C code.
  o[4] = __nv_cvt_float2_to_fp8x2(make_float2(x, y), __NV_SATFINITE, __NV_E4M3);
  o[5] = __nv_cvt_float_to_fp8(x, __NV_NOSAT, __NV_E5M2);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  o[6] = CVT16("cvt.rn.relu.f16.f32", x);
  o[7] = CVT16("cvt.rz.relu.f16.f32", x);
  o[8] = CVT16("cvt.rn.relu.bf16.f32", x);
  o[9] = CVT16("cvt.rz.relu.bf16.f32", x);
  o[10] = CVT16("cvt.rn.satfinite.f16.f32", x);
  o[11] = CVT16("cvt.rn.satfinite.bf16.f32", x);
  o[12] = CVT16("cvt.rz.satfinite.f16.f32", x);
  o[13] = CVT32_2("cvt.rn.relu.satfinite.f16x2.f32", x, y);
  o[14] = CVT32_2("cvt.rn.relu.bf16x2.f32", x, y);
  o[15] = CVT32_2("cvt.rz.satfinite.bf16x2.f32", x, y);
  o[16] = CVT32("cvt.rna.tf32.f32", x);
  o[17] = CVT32("cvt.rna.satfinite.tf32.f32", x);
#else
  bool nx = isnan_f(x), ny = isnan_f(y);
  o[6] = relu16(__half_as_ushort(__float2half_rn(x)), nx);
  o[7] = relu16(__half_as_ushort(__float2half_rz(x)), nx);
  o[8] = relu16(__bfloat16_as_ushort(__float2bfloat16_rn(x)), nx);
  o[9] = relu16(__bfloat16_as_ushort(__float2bfloat16_rz(x)), nx);
  o[10] = satf16(__half_as_ushort(__float2half_rn(x)), nx);
  o[11] = satbf16(__bfloat16_as_ushort(__float2bfloat16_rn(x)), nx);
  o[12] = satf16(__half_as_ushort(__float2half_rz(x)), nx);
  o[13] = ((u32)relu16(satf16(__half_as_ushort(__float2half_rn(x)), nx), nx) << 16) |
          relu16(satf16(__half_as_ushort(__float2half_rn(y)), ny), ny);
  o[14] = ((u32)relu16(__bfloat16_as_ushort(__float2bfloat16_rn(x)), nx) << 16) |
          relu16(__bfloat16_as_ushort(__float2bfloat16_rn(y)), ny);
  o[15] = ((u32)satbf16(__bfloat16_as_ushort(__float2bfloat16_rz(x)), nx) << 16) |
          satbf16(__bfloat16_as_ushort(__float2bfloat16_rz(y)), ny);
  o[16] = tf32_fb(x, 0, false, false);
  o[17] = tf32_fb(x, 0, false, true);
#endif
}

// e4m3x2 / e5m2x2 -> f16x2 for every encoding: thread i (0..255) converts
// the pair (upper byte (i * 37 + 11) & 255, lower byte i).
#define NOUT_8 6
extern "C" __global__ void k_from_fp8(u32* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  u16 v = (u16)((((i * 37 + 11) & 255) << 8) | (i & 255));
  u32* o = out + (size_t)i * NOUT_8;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  u32 r;
  asm("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(r) : "h"(v)); o[0] = r;
  asm("cvt.rn.relu.f16x2.e4m3x2 %0, %1;" : "=r"(r) : "h"(v)); o[1] = r;
  asm("cvt.rn.f16x2.e5m2x2 %0, %1;" : "=r"(r) : "h"(v)); o[2] = r;
  asm("cvt.rn.relu.f16x2.e5m2x2 %0, %1;" : "=r"(r) : "h"(v)); o[3] = r;
#else
  o[0] = h2_from_f8x2_fb(v, __NV_E4M3, false);
  o[1] = h2_from_f8x2_fb(v, __NV_E4M3, true);
  o[2] = h2_from_f8x2_fb(v, __NV_E5M2, false);
  o[3] = h2_from_f8x2_fb(v, __NV_E5M2, true);
#endif
  __half2_raw a = __nv_cvt_fp8x2_to_halfraw2(v, __NV_E4M3), b = __nv_cvt_fp8x2_to_halfraw2(v, __NV_E5M2);
  o[4] = ((u32)a.y << 16) | a.x;
  o[5] = ((u32)b.y << 16) | b.x;
}

// f16x2 -> e4m3x2 / e5m2x2 for every f16 encoding: thread i (0..65535)
// converts the pair (upper half (i * 40503) & 0xFFFF, lower half i).
#define NOUT_H 4
extern "C" __global__ void k_from_f16(u32* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  u32 h2 = ((u32)((i * 40503) & 0xFFFF) << 16) | (u32)(i & 0xFFFF);
  u32* o = out + (size_t)i * NOUT_H;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  u16 r;
  asm("cvt.rn.satfinite.e4m3x2.f16x2 %0, %1;" : "=h"(r) : "r"(h2)); o[0] = r;
  asm("cvt.rn.satfinite.relu.e4m3x2.f16x2 %0, %1;" : "=h"(r) : "r"(h2)); o[1] = r;
  asm("cvt.rn.satfinite.e5m2x2.f16x2 %0, %1;" : "=h"(r) : "r"(h2)); o[2] = r;
  asm("cvt.rn.satfinite.relu.e5m2x2.f16x2 %0, %1;" : "=h"(r) : "r"(h2)); o[3] = r;
#else
  o[0] = f8x2_h_fb(h2, __NV_E4M3, false);
  o[1] = f8x2_h_fb(h2, __NV_E4M3, true);
  o[2] = f8x2_h_fb(h2, __NV_E5M2, false);
  o[3] = f8x2_h_fb(h2, __NV_E5M2, true);
#endif
}
