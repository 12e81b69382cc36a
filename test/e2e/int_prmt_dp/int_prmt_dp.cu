// Byte permute (prmt, default mode incl. sign replication and every special
// mode: f4e, b4e, rc8, ecl, ecr, rc16), __byte_perm, and the dot-product
// instructions dp4a / dp2a (all signedness combinations).

#define PRMT_MODE(mode, idx)                                                             \
  do {                                                                                   \
    unsigned r_;                                                                         \
    asm("prmt.b32." #mode " %0, %1, %2, %3;" : "=r"(r_) : "r"(x), "r"(y), "r"(s));       \
    o[idx] = r_;                                                                         \
  } while (0)

#define NOUT_PRMT 9
extern "C" __global__ void k_prmt(const unsigned* a, const unsigned* b, const unsigned* sel,
                                  unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], s = sel[i], r;
  unsigned* o = out + (size_t)i * NOUT_PRMT;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(s));  // default mode
  o[0] = r;
  o[1] = __byte_perm(x, y, s);
  PRMT_MODE(f4e, 2);
  PRMT_MODE(b4e, 3);
  PRMT_MODE(rc8, 4);
  PRMT_MODE(ecl, 5);
  PRMT_MODE(ecr, 6);
  PRMT_MODE(rc16, 7);
  o[8] = __byte_perm(x, y, 0x0123) ^ __byte_perm(x, 0, 0x4440);  // constant selectors (bswap, zext byte)
}

#define NOUT_DP 12
extern "C" __global__ void k_dp(const unsigned* a, const unsigned* b, const unsigned* c,
                                unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], z = c[i], r;
  unsigned* o = out + (size_t)i * NOUT_DP;
  o[0] = (unsigned)__dp4a((int)x, (int)y, (int)z);
  o[1] = __dp4a(x, y, z);
  asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[2] = r;
  asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[3] = r;
  o[4] = (unsigned)__dp2a_lo((int)x, (int)y, (int)z);
  o[5] = __dp2a_lo(x, y, z);
  o[6] = (unsigned)__dp2a_hi((int)x, (int)y, (int)z);
  o[7] = __dp2a_hi(x, y, z);
  asm("dp2a.lo.s32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[8] = r;
  asm("dp2a.hi.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[9] = r;
  // a small manual int8 dot product the compiler may turn into dp4a
  int acc = (int)z;
  for (int k = 0; k < 4; k++) acc += (int)(signed char)(x >> (8 * k)) * (int)(signed char)(y >> (8 * k));
  o[10] = (unsigned)acc;
  unsigned uacc = z;
  for (int k = 0; k < 4; k++) uacc += ((x >> (8 * k)) & 0xFFu) * ((y >> (8 * k)) & 0xFFu);
  o[11] = uacc;
}
