// Saturation (.sat: clamp to [0,1], NaN -> +0) and flush-to-zero (.ftz:
// subnormal inputs and results become sign-preserving zeros).  The .ftz
// instructions come from inline asm so the rest of the module keeps the
// default (IEEE, subnormal-preserving) behaviour, which k_ftz also checks.

#define NOUT_SAT 8
extern "C" __global__ void k_sat(const float* a, const float* b, const float* c, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i], z = c[i], r;
  float* o = out + (size_t)i * NOUT_SAT;
  o[0] = __saturatef(x);
  asm("add.sat.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[1] = r;
  asm("sub.sat.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[2] = r;
  asm("mul.sat.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[3] = r;
  asm("fma.rn.sat.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(x), "f"(y), "f"(z));
  o[4] = r;
  asm("add.rz.sat.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[5] = r;
  asm("cvt.sat.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  o[6] = r;
  o[7] = __saturatef(x * y);  // mul followed by saturate (may fuse to mul.sat)
}

#define NOUT_FTZ 16
extern "C" __global__ void k_ftz(const float* a, const float* b, const float* c, float* out,
                                 unsigned* flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i], z = c[i], r;
  float* o = out + (size_t)i * NOUT_FTZ;
  asm("add.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[0] = r;
  asm("mul.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[1] = r;
  asm("fma.rn.ftz.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(x), "f"(y), "f"(z));
  o[2] = r;
  asm("sub.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[3] = r;
  asm("min.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[4] = r;
  asm("max.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[5] = r;
  asm("add.ftz.sat.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[6] = r;
  asm("div.rn.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[7] = r;
  asm("sqrt.rn.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  o[8] = r;
  asm("cvt.rni.ftz.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  o[9] = r;
  asm("neg.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  o[10] = r;
  asm("abs.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  o[11] = r;
  asm("mul.rz.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  o[12] = r;
  // default (non-ftz) versions: subnormals must be preserved
  o[13] = __fadd_rn(x, y);
  o[14] = __fmul_rn(x, y);
  o[15] = __fmaf_rn(x, y, z);
  unsigned p0, p1, p2;
  asm("{ .reg .pred p; setp.eq.ftz.f32 p, %1, 0f00000000; selp.u32 %0, 1, 0, p; }" : "=r"(p0) : "f"(x));
  asm("{ .reg .pred p; setp.lt.ftz.f32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(p1) : "f"(x), "f"(y));
  asm("{ .reg .pred p; setp.eq.f32 p, %1, 0f00000000; selp.u32 %0, 1, 0, p; }" : "=r"(p2) : "f"(x));
  flags[i] = p0 | (p1 << 1) | (p2 << 2);
}
