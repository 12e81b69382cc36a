// Integer width conversions: sign/zero extension and truncation between
// 8/16/32/64-bit types, saturating cvt (cvt.sat.*), cvt.pack.sat (sm_72+),
// and 8/16-bit loads and stores (which must not disturb neighbouring bytes).

#define NOUT 24
extern "C" __global__ void k_intcvt(const unsigned long long* in, const unsigned long long* in2,
                                    unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long x = in[i], y = in2[i];
  int x32 = (int)x, y32 = (int)y, r;
  unsigned long long* o = out + (size_t)i * NOUT;
  o[0] = (unsigned long long)(long long)(signed char)x;
  o[1] = (unsigned long long)(unsigned char)x;
  o[2] = (unsigned long long)(long long)(short)x;
  o[3] = (unsigned long long)(unsigned short)x;
  o[4] = (unsigned long long)(long long)(int)x;
  o[5] = (unsigned long long)(unsigned)x;
  o[6] = (unsigned long long)(long long)((int)(signed char)(x >> 8) + (int)(unsigned short)(x >> 40));
  asm("cvt.sat.s8.s32 %0, %1;" : "=r"(r) : "r"(x32));
  o[7] = (unsigned long long)(long long)r;
  asm("cvt.sat.u8.s32 %0, %1;" : "=r"(r) : "r"(x32));
  o[8] = (unsigned long long)(long long)r;
  asm("cvt.sat.s16.s32 %0, %1;" : "=r"(r) : "r"(x32));
  o[9] = (unsigned long long)(long long)r;
  asm("cvt.sat.u16.s32 %0, %1;" : "=r"(r) : "r"(x32));
  o[10] = (unsigned long long)(long long)r;
  asm("cvt.sat.s32.s64 %0, %1;" : "=r"(r) : "l"(x));
  o[11] = (unsigned long long)(long long)r;
  asm("cvt.sat.u32.s64 %0, %1;" : "=r"(r) : "l"(x));
  o[12] = (unsigned)r;
  asm("cvt.sat.s32.u32 %0, %1;" : "=r"(r) : "r"(x32));
  o[13] = (unsigned long long)(long long)r;
  asm("cvt.sat.u32.s32 %0, %1;" : "=r"(r) : "r"(x32));
  o[14] = (unsigned)r;
  unsigned long long rl;
  asm("cvt.sat.u64.s64 %0, %1;" : "=l"(rl) : "l"(x));
  o[15] = rl;
  asm("cvt.sat.s64.u64 %0, %1;" : "=l"(rl) : "l"(x));
  o[16] = rl;
  asm("cvt.pack.sat.s16.s32 %0, %1, %2;" : "=r"(r) : "r"(x32), "r"(y32));
  o[17] = (unsigned)r;
  asm("cvt.pack.sat.u16.s32 %0, %1, %2;" : "=r"(r) : "r"(x32), "r"(y32));
  o[18] = (unsigned)r;
  asm("cvt.pack.sat.s8.s32.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x32), "r"(y32), "r"((int)(y >> 32)));
  o[19] = (unsigned)r;
  asm("cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x32), "r"(y32), "r"((int)(y >> 32)));
  o[20] = (unsigned)r;
  asm("cvt.pack.sat.s4.s32.b32 %0, %1, %2, %3;" : "=r"(r) : "r"((int)(signed char)x32), "r"((int)(signed char)y32),
      "r"((int)(y >> 32)));
  o[21] = (unsigned)r;
  asm("cvt.pack.sat.u2.s32.b32 %0, %1, %2, %3;" : "=r"(r) : "r"((int)(signed char)x32), "r"((int)(signed char)y32),
      "r"((int)(y >> 32)));
  o[22] = (unsigned)r;
  o[23] = (unsigned long long)(unsigned short)((unsigned)x32 * 3u + (unsigned)y32) + ((unsigned long long)(unsigned char)(x >> 56) << 32);
}

// Narrow loads (ld.s8/u8/s16/u16) and stores (st.b8/b16).  Each thread
// stores only to its own even-indexed byte / short; odd elements must keep
// their poison value.
extern "C" __global__ void k_narrow_mem(const signed char* sc, const unsigned char* uc, const short* ss,
                                        const unsigned short* us, int* out, signed char* oc, short* os, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[4 * i + 0] = sc[i];
  out[4 * i + 1] = uc[i];
  out[4 * i + 2] = ss[i];
  out[4 * i + 3] = us[i];
  oc[2 * i] = (signed char)(sc[i] + uc[i]);
  os[2 * i] = (short)(ss[i] * 3 - us[i]);
}
