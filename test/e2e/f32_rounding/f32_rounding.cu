// Single-precision arithmetic in every IEEE rounding mode:
// __fadd_r*, __fsub_r*, __fmul_r*, __fmaf_r*, __fdiv_r*, __fsqrt_r*, __frcp_r*,
// plus the default (IEEE round-to-nearest) +, *, /, sqrtf.
#define NOUT 32
extern "C" __global__ void k_f32_ops(const float* a, const float* b, const float* c, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i], z = c[i];
  float* o = out + (size_t)i * NOUT;
  o[0] = __fadd_rn(x, y);
  o[1] = __fadd_rz(x, y);
  o[2] = __fadd_ru(x, y);
  o[3] = __fadd_rd(x, y);
  o[4] = __fsub_rn(x, y);
  o[5] = __fsub_rz(x, y);
  o[6] = __fsub_ru(x, y);
  o[7] = __fsub_rd(x, y);
  o[8] = __fmul_rn(x, y);
  o[9] = __fmul_rz(x, y);
  o[10] = __fmul_ru(x, y);
  o[11] = __fmul_rd(x, y);
  o[12] = __fmaf_rn(x, y, z);
  o[13] = __fmaf_rz(x, y, z);
  o[14] = __fmaf_ru(x, y, z);
  o[15] = __fmaf_rd(x, y, z);
  o[16] = __fdiv_rn(x, y);
  o[17] = __fdiv_rz(x, y);
  o[18] = __fdiv_ru(x, y);
  o[19] = __fdiv_rd(x, y);
  o[20] = __fsqrt_rn(x);
  o[21] = __fsqrt_rz(x);
  o[22] = __fsqrt_ru(x);
  o[23] = __fsqrt_rd(x);
  o[24] = __frcp_rn(x);
  o[25] = __frcp_rz(x);
  o[26] = __frcp_ru(x);
  o[27] = __frcp_rd(x);
  o[28] = x + y;
  o[29] = x * y;
  o[30] = x / y;       // IEEE division (nvcc default -prec-div=true)
  o[31] = sqrtf(x);    // IEEE sqrt (nvcc default -prec-sqrt=true)
}
