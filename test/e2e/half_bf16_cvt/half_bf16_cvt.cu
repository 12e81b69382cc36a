// Conversions to and from __half / __nv_bfloat16 in every rounding mode:
// float/double -> half/bf16, half/bf16 -> float, half/bf16 <-> 16/32/64-bit
// integers (saturating), and the packed float2 <-> half2 / bf162 forms.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

#define NOUT_F 16
extern "C" __global__ void k_from_float(const float* in, const double* din, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  double d = din[i];
  unsigned short* o = out + (size_t)i * NOUT_F;
  o[0] = __half_as_ushort(__float2half_rn(x));
  o[1] = __half_as_ushort(__float2half_rz(x));
  o[2] = __half_as_ushort(__float2half_ru(x));
  o[3] = __half_as_ushort(__float2half_rd(x));
  o[4] = __half_as_ushort(__float2half(x));
  o[5] = __bfloat16_as_ushort(__float2bfloat16_rn(x));
  o[6] = __bfloat16_as_ushort(__float2bfloat16_rz(x));
  o[7] = __bfloat16_as_ushort(__float2bfloat16_ru(x));
  o[8] = __bfloat16_as_ushort(__float2bfloat16_rd(x));
  o[9] = __bfloat16_as_ushort(__float2bfloat16(x));
  o[10] = __half_as_ushort(__double2half(d));
  o[11] = __bfloat16_as_ushort(__double2bfloat16(d));
  __half2 h2 = __floats2half2_rn(x, -x * 0.75f);
  o[12] = __half_as_ushort(__low2half(h2));
  o[13] = __half_as_ushort(__high2half(h2));
  __nv_bfloat162 b2 = __floats2bfloat162_rn(x, x * 3.0f);
  o[14] = __bfloat16_as_ushort(__low2bfloat16(b2));
  o[15] = __bfloat16_as_ushort(__high2bfloat16(b2));
}

// half / bf16 -> float and -> integers.  Integer results widened to 64 bits.
#define NOUT_H 24
extern "C" __global__ void k_to_other(const unsigned short* hin, const unsigned short* bin, float* of,
                                      unsigned long long* oi, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half h = __ushort_as_half(hin[i]);
  __nv_bfloat16 b = __ushort_as_bfloat16(bin[i]);
  of[4 * i + 0] = __half2float(h);
  of[4 * i + 1] = __bfloat162float(b);
  float2 f2 = __half22float2(__halves2half2(h, __hneg(h)));
  of[4 * i + 2] = f2.x + f2.y;  // x + (-x): +0 or NaN
  of[4 * i + 3] = __low2float(__halves2half2(h, h)) * 2.0f;
  unsigned long long* o = oi + (size_t)i * NOUT_H;
  o[0] = (unsigned long long)(long long)__half2int_rn(h);
  o[1] = (unsigned long long)(long long)__half2int_rz(h);
  o[2] = (unsigned long long)(long long)__half2int_ru(h);
  o[3] = (unsigned long long)(long long)__half2int_rd(h);
  o[4] = __half2uint_rn(h);
  o[5] = __half2uint_rz(h);
  o[6] = (unsigned long long)(long long)__half2short_rn(h);
  o[7] = (unsigned long long)(long long)__half2short_rz(h);
  o[8] = __half2ushort_ru(h);
  o[9] = __half2ushort_rd(h);
  o[10] = (unsigned long long)__half2ll_rn(h);
  o[11] = __half2ull_rz(h);
  o[12] = (unsigned long long)(long long)__bfloat162int_rn(b);
  o[13] = (unsigned long long)(long long)__bfloat162int_rz(b);
  o[14] = (unsigned long long)(long long)__bfloat162int_ru(b);
  o[15] = (unsigned long long)(long long)__bfloat162int_rd(b);
  o[16] = __bfloat162uint_rz(b);
  o[17] = (unsigned long long)(long long)__bfloat162short_rz(b);
  o[18] = __bfloat162ushort_rz(b);
  o[19] = (unsigned long long)__bfloat162ll_rz(b);
  o[20] = __bfloat162ull_rz(b);
  o[21] = (unsigned long long)(long long)(signed char)__half2char_rz(h);
  o[22] = (unsigned long long)__half2uchar_rz(h);
  o[23] = (unsigned long long)(long long)__bfloat162char_rz(b);
}

// integers -> half / bf16 in every rounding mode
#define NOUT_I 20
extern "C" __global__ void k_from_int(const unsigned long long* in, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long u = in[i];
  int s = (int)u;
  short sh = (short)u;
  unsigned short* o = out + (size_t)i * NOUT_I;
  o[0] = __half_as_ushort(__int2half_rn(s));
  o[1] = __half_as_ushort(__int2half_rz(s));
  o[2] = __half_as_ushort(__int2half_ru(s));
  o[3] = __half_as_ushort(__int2half_rd(s));
  o[4] = __half_as_ushort(__uint2half_rn((unsigned)u));
  o[5] = __half_as_ushort(__short2half_rn(sh));
  o[6] = __half_as_ushort(__short2half_rz(sh));
  o[7] = __half_as_ushort(__ushort2half_ru((unsigned short)u));
  o[8] = __half_as_ushort(__ll2half_rn((long long)u));
  o[9] = __half_as_ushort(__ull2half_rd(u));
  o[10] = __bfloat16_as_ushort(__int2bfloat16_rn(s));
  o[11] = __bfloat16_as_ushort(__int2bfloat16_rz(s));
  o[12] = __bfloat16_as_ushort(__int2bfloat16_ru(s));
  o[13] = __bfloat16_as_ushort(__int2bfloat16_rd(s));
  o[14] = __bfloat16_as_ushort(__uint2bfloat16_rn((unsigned)u));
  o[15] = __bfloat16_as_ushort(__short2bfloat16_rn(sh));
  o[16] = __bfloat16_as_ushort(__ll2bfloat16_rn((long long)u));
  o[17] = __bfloat16_as_ushort(__ull2bfloat16_rz(u));
  o[18] = __bfloat16_as_ushort(__ll2bfloat16_ru((long long)u));
  o[19] = __bfloat16_as_ushort(__ull2bfloat16_rd(u));
}
