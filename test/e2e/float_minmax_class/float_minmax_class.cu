// Floating-point min/max with NaN operands (fminf/fmaxf/fmin/fmax and the
// NaN-propagating min.NaN/max.NaN), copysign, fabs, neg, ordered/unordered
// comparisons and classification with testp (f32 and f64).

__device__ __forceinline__ unsigned testp_bits_f32(float x) {
  unsigned r;
  asm("{\n\t.reg .pred p;\n\t"
      ".reg .u32 t;\n\t"
      "mov.u32 %0, 0;\n\t"
      "testp.infinite.f32 p, %1;   selp.u32 t, 2, 0, p;  or.b32 %0, %0, t;\n\t"
      "testp.finite.f32 p, %1;     selp.u32 t, 4, 0, p;  or.b32 %0, %0, t;\n\t"
      "testp.number.f32 p, %1;     selp.u32 t, 8, 0, p;  or.b32 %0, %0, t;\n\t"
      "testp.notanumber.f32 p, %1; selp.u32 t, 16, 0, p; or.b32 %0, %0, t;\n\t"
      "testp.normal.f32 p, %1;     selp.u32 t, 32, 0, p; or.b32 %0, %0, t;\n\t"
      "testp.subnormal.f32 p, %1;  selp.u32 t, 64, 0, p; or.b32 %0, %0, t;\n\t"
      "}"
      : "=&r"(r)
      : "f"(x));
  return r;
}
__device__ __forceinline__ unsigned testp_bits_f64(double x) {
  unsigned r;
  asm("{\n\t.reg .pred p;\n\t"
      ".reg .u32 t;\n\t"
      "mov.u32 %0, 0;\n\t"
      "testp.infinite.f64 p, %1;   selp.u32 t, 2, 0, p;  or.b32 %0, %0, t;\n\t"
      "testp.finite.f64 p, %1;     selp.u32 t, 4, 0, p;  or.b32 %0, %0, t;\n\t"
      "testp.number.f64 p, %1;     selp.u32 t, 8, 0, p;  or.b32 %0, %0, t;\n\t"
      "testp.notanumber.f64 p, %1; selp.u32 t, 16, 0, p; or.b32 %0, %0, t;\n\t"
      "testp.normal.f64 p, %1;     selp.u32 t, 32, 0, p; or.b32 %0, %0, t;\n\t"
      "testp.subnormal.f64 p, %1;  selp.u32 t, 64, 0, p; or.b32 %0, %0, t;\n\t"
      "}"
      : "=&r"(r)
      : "d"(x));
  return r;
}

__device__ __forceinline__ float min_nan(float a, float b) {
#if __CUDA_ARCH__ >= 800
  float r;
  asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
#else
  return (isnan(a) || isnan(b)) ? __int_as_float(0x7fffffff) : fminf(a, b);
#endif
}
__device__ __forceinline__ float max_nan(float a, float b) {
#if __CUDA_ARCH__ >= 800
  float r;
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
#else
  return (isnan(a) || isnan(b)) ? __int_as_float(0x7fffffff) : fmaxf(a, b);
#endif
}

#define NOUT_F32 8
extern "C" __global__ void k_f32(const float* a, const float* b, float* out, unsigned* flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i];
  float* o = out + (size_t)i * NOUT_F32;
  o[0] = fminf(x, y);
  o[1] = fmaxf(x, y);
  o[2] = min_nan(x, y);
  o[3] = max_nan(x, y);
  o[4] = copysignf(x, y);
  o[5] = fabsf(x);
  o[6] = -x;
  o[7] = (x < y) ? x : y;  // C select (NaN -> y)
  unsigned cmp = (unsigned)(x < y) | ((unsigned)(x <= y) << 1) | ((unsigned)(x > y) << 2) |
                 ((unsigned)(x >= y) << 3) | ((unsigned)(x == y) << 4) | ((unsigned)(x != y) << 5) |
                 ((unsigned)(isnan(x) || isnan(y)) << 6) | ((unsigned)!(x < y) << 7);
  unsigned cls = (unsigned)(isnan(x) != 0) | ((unsigned)(isinf(x) != 0) << 1) | ((unsigned)(isfinite(x) != 0) << 2) |
                 ((unsigned)(signbit(x) != 0) << 3);
  flags[3 * i + 0] = cmp;
  flags[3 * i + 1] = cls;
  flags[3 * i + 2] = testp_bits_f32(x);
}

#define NOUT_F64 6
extern "C" __global__ void k_f64(const double* a, const double* b, double* out, unsigned* flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = a[i], y = b[i];
  double* o = out + (size_t)i * NOUT_F64;
  o[0] = fmin(x, y);
  o[1] = fmax(x, y);
  o[2] = copysign(x, y);
  o[3] = fabs(x);
  o[4] = -x;
  o[5] = (x > y) ? x : y;
  unsigned cmp = (unsigned)(x < y) | ((unsigned)(x <= y) << 1) | ((unsigned)(x > y) << 2) |
                 ((unsigned)(x >= y) << 3) | ((unsigned)(x == y) << 4) | ((unsigned)(x != y) << 5) |
                 ((unsigned)(isnan(x) || isnan(y)) << 6) | ((unsigned)!(x < y) << 7);
  unsigned cls = (unsigned)(isnan(x) != 0) | ((unsigned)(isinf(x) != 0) << 1) | ((unsigned)(isfinite(x) != 0) << 2) |
                 ((unsigned)(signbit(x) != 0) << 3);
  flags[3 * i + 0] = cmp;
  flags[3 * i + 1] = cls;
  flags[3 * i + 2] = testp_bits_f64(x);
}
