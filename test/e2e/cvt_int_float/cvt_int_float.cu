// Integer -> float/double conversions in every rounding mode
// (__int2float_r*, __uint2float_r*, __ll2float_r*, __ull2float_r*,
// __ll2double_r*, __ull2double_r*), double -> float in every rounding mode
// (__double2float_r*), float -> double, and bit reinterpretation helpers.

#define NOUT_F 22
#define NOUT_D 14
extern "C" __global__ void k_i2f(const unsigned long long* in, const double* din, float* of,
                                 double* od, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long u = in[i];
  int s32 = (int)u;
  unsigned u32 = (unsigned)u;
  long long s64 = (long long)u;
  double d = din[i];
  float* o = of + (size_t)i * NOUT_F;
  o[0] = __int2float_rn(s32);
  o[1] = __int2float_rz(s32);
  o[2] = __int2float_ru(s32);
  o[3] = __int2float_rd(s32);
  o[4] = __uint2float_rn(u32);
  o[5] = __uint2float_rz(u32);
  o[6] = __uint2float_ru(u32);
  o[7] = __uint2float_rd(u32);
  o[8] = __ll2float_rn(s64);
  o[9] = __ll2float_rz(s64);
  o[10] = __ll2float_ru(s64);
  o[11] = __ll2float_rd(s64);
  o[12] = __ull2float_rn(u);
  o[13] = __ull2float_rz(u);
  o[14] = __ull2float_ru(u);
  o[15] = __ull2float_rd(u);
  o[16] = (float)s32;  // C conversions: round to nearest
  o[17] = (float)u;
  o[18] = __double2float_rn(d);
  o[19] = __double2float_rz(d);
  o[20] = __double2float_ru(d);
  o[21] = __double2float_rd(d);
  double* q = od + (size_t)i * NOUT_D;
  q[0] = __int2double_rn(s32);
  q[1] = __uint2double_rn(u32);
  q[2] = __ll2double_rn(s64);
  q[3] = __ll2double_rz(s64);
  q[4] = __ll2double_ru(s64);
  q[5] = __ll2double_rd(s64);
  q[6] = __ull2double_rn(u);
  q[7] = __ull2double_rz(u);
  q[8] = __ull2double_ru(u);
  q[9] = __ull2double_rd(u);
  q[10] = (double)__double2float_rn(d);  // f32 -> f64 is exact
  q[11] = (double)s64;
  q[12] = __hiloint2double(__double2hiint(d) ^ 0x80000000, __double2loint(d));  // negate through the bits
  q[13] = __longlong_as_double(__double_as_longlong(d) + 1);                     // next representable (magnitude)
}
