// Float/double -> integer conversions in every rounding mode, to 8/16/32/64
// bit signed and unsigned destinations, incl. NaN, infinities and
// out-of-range inputs (PTX float->int cvt saturates; for NaN see host.cpp).
// All results are widened to 64 bits (sign- or zero-extended as the C types
// dictate) and stored as unsigned long long.

#define NOUT 24
extern "C" __global__ void k_f2i(const float* a, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i];
  unsigned long long* o = out + (size_t)i * NOUT;
  o[0] = (unsigned long long)(long long)__float2int_rn(x);
  o[1] = (unsigned long long)(long long)__float2int_rz(x);
  o[2] = (unsigned long long)(long long)__float2int_ru(x);
  o[3] = (unsigned long long)(long long)__float2int_rd(x);
  o[4] = __float2uint_rn(x);
  o[5] = __float2uint_rz(x);
  o[6] = __float2uint_ru(x);
  o[7] = __float2uint_rd(x);
  o[8] = (unsigned long long)__float2ll_rn(x);
  o[9] = (unsigned long long)__float2ll_rz(x);
  o[10] = (unsigned long long)__float2ll_ru(x);
  o[11] = (unsigned long long)__float2ll_rd(x);
  o[12] = __float2ull_rn(x);
  o[13] = __float2ull_rz(x);
  o[14] = __float2ull_ru(x);
  o[15] = __float2ull_rd(x);
  int r;
  unsigned short h;
  asm("cvt.rni.s16.f32 %0, %1;" : "=h"(h) : "f"(x));
  o[16] = (unsigned long long)(long long)(short)h;
  asm("cvt.rzi.u16.f32 %0, %1;" : "=h"(h) : "f"(x));
  o[17] = h;
  asm("cvt.rmi.s8.f32 %0, %1;" : "=r"(r) : "f"(x));  // sign-extended into the 32-bit register
  o[18] = (unsigned long long)(long long)r;
  asm("cvt.rpi.u8.f32 %0, %1;" : "=r"(r) : "f"(x));  // zero-extended into the 32-bit register
  o[19] = (unsigned)r;
  asm("cvt.rni.s32.f32 %0, %1;" : "=r"(r) : "f"(x));
  o[20] = (unsigned long long)(long long)r;
  asm("cvt.rzi.sat.s32.f32 %0, %1;" : "=r"(r) : "f"(x));  // .sat is redundant for float->int
  o[21] = (unsigned long long)(long long)r;
  o[22] = (unsigned long long)(long long)(int)x;    // C cast: cvt.rzi.s32.f32
  o[23] = (unsigned long long)(long long)x;         // C cast: cvt.rzi.s64.f32
}

extern "C" __global__ void k_d2i(const double* a, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = a[i];
  unsigned long long* o = out + (size_t)i * NOUT;
  o[0] = (unsigned long long)(long long)__double2int_rn(x);
  o[1] = (unsigned long long)(long long)__double2int_rz(x);
  o[2] = (unsigned long long)(long long)__double2int_ru(x);
  o[3] = (unsigned long long)(long long)__double2int_rd(x);
  o[4] = __double2uint_rn(x);
  o[5] = __double2uint_rz(x);
  o[6] = __double2uint_ru(x);
  o[7] = __double2uint_rd(x);
  o[8] = (unsigned long long)__double2ll_rn(x);
  o[9] = (unsigned long long)__double2ll_rz(x);
  o[10] = (unsigned long long)__double2ll_ru(x);
  o[11] = (unsigned long long)__double2ll_rd(x);
  o[12] = __double2ull_rn(x);
  o[13] = __double2ull_rz(x);
  o[14] = __double2ull_ru(x);
  o[15] = __double2ull_rd(x);
  int r;
  unsigned short h;
  asm("cvt.rni.s16.f64 %0, %1;" : "=h"(h) : "d"(x));
  o[16] = (unsigned long long)(long long)(short)h;
  asm("cvt.rzi.u16.f64 %0, %1;" : "=h"(h) : "d"(x));
  o[17] = h;
  asm("cvt.rmi.s8.f64 %0, %1;" : "=r"(r) : "d"(x));
  o[18] = (unsigned long long)(long long)r;
  asm("cvt.rpi.u8.f64 %0, %1;" : "=r"(r) : "d"(x));
  o[19] = (unsigned)r;
  asm("cvt.rni.s32.f64 %0, %1;" : "=r"(r) : "d"(x));
  o[20] = (unsigned long long)(long long)r;
  asm("cvt.rzi.sat.s32.f64 %0, %1;" : "=r"(r) : "d"(x));
  o[21] = (unsigned long long)(long long)r;
  o[22] = (unsigned long long)(long long)(int)x;    // C cast: cvt.rzi.s32.f64
  o[23] = (unsigned long long)(long long)x;         // C cast: cvt.rzi.s64.f64
}
