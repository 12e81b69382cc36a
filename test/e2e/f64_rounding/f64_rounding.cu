// Double-precision arithmetic in every IEEE rounding mode:
// __dadd_r*, __dsub_r*, __dmul_r*, __fma_r*, __ddiv_r*, __dsqrt_r*, __drcp_r*,
// plus the default +, *, /, sqrt.
#define NOUT 32
extern "C" __global__ void k_f64_ops(const double* a, const double* b, const double* c, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = a[i], y = b[i], z = c[i];
  double* o = out + (size_t)i * NOUT;
  o[0] = __dadd_rn(x, y);
  o[1] = __dadd_rz(x, y);
  o[2] = __dadd_ru(x, y);
  o[3] = __dadd_rd(x, y);
  o[4] = __dsub_rn(x, y);
  o[5] = __dsub_rz(x, y);
  o[6] = __dsub_ru(x, y);
  o[7] = __dsub_rd(x, y);
  o[8] = __dmul_rn(x, y);
  o[9] = __dmul_rz(x, y);
  o[10] = __dmul_ru(x, y);
  o[11] = __dmul_rd(x, y);
  o[12] = __fma_rn(x, y, z);
  o[13] = __fma_rz(x, y, z);
  o[14] = __fma_ru(x, y, z);
  o[15] = __fma_rd(x, y, z);
  o[16] = __ddiv_rn(x, y);
  o[17] = __ddiv_rz(x, y);
  o[18] = __ddiv_ru(x, y);
  o[19] = __ddiv_rd(x, y);
  o[20] = __dsqrt_rn(x);
  o[21] = __dsqrt_rz(x);
  o[22] = __dsqrt_ru(x);
  o[23] = __dsqrt_rd(x);
  o[24] = __drcp_rn(x);
  o[25] = __drcp_rz(x);
  o[26] = __drcp_ru(x);
  o[27] = __drcp_rd(x);
  o[28] = x + y;
  o[29] = x * y;
  o[30] = x / y;
  o[31] = sqrt(x);
}
