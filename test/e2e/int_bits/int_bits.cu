// Bit manipulation: shl/shr with variable amounts (incl. >= width), funnel
// shifts, rotates, popc/clz/brev/ffs/bfind, bfe/bfi (32/64), lop3, cnot.
#include <stdint.h>

#define NOUT_SH32 12
extern "C" __global__ void k_shift32(const unsigned* a, const unsigned* b, const unsigned* s,
                                     unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], k = s[i], r;
  unsigned* o = out + (size_t)i * NOUT_SH32;
  asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(k));
  o[0] = r;
  asm("shr.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(k));
  o[1] = r;
  asm("shr.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(k));
  o[2] = r;
  o[3] = x << (k & 31);
  o[4] = (unsigned)((int)x >> (k & 31));
  o[5] = x >> (k & 31);
  o[6] = __funnelshift_l(x, y, k);
  o[7] = __funnelshift_lc(x, y, k);
  o[8] = __funnelshift_r(x, y, k);
  o[9] = __funnelshift_rc(x, y, k);
  o[10] = (x << (k & 31)) | (x >> ((32u - k) & 31u));  // rotate left
  asm("shl.b32 %0, %1, 33;" : "=r"(r) : "r"(x));        // immediate >= width
  o[11] = r + (x >> 31);
}

#define NOUT_SH64 7
extern "C" __global__ void k_shift64(const unsigned long long* a, const unsigned* s,
                                     unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long x = a[i], r;
  unsigned k = s[i];
  unsigned long long* o = out + (size_t)i * NOUT_SH64;
  asm("shl.b64 %0, %1, %2;" : "=l"(r) : "l"(x), "r"(k));
  o[0] = r;
  asm("shr.u64 %0, %1, %2;" : "=l"(r) : "l"(x), "r"(k));
  o[1] = r;
  asm("shr.s64 %0, %1, %2;" : "=l"(r) : "l"(x), "r"(k));
  o[2] = r;
  o[3] = x << (k & 63);
  o[4] = (unsigned long long)((long long)x >> (k & 63));
  o[5] = x >> (k & 63);
  o[6] = (x << (k & 63)) | (x >> ((64u - k) & 63u));
}

#define NOUT_BITS 20
extern "C" __global__ void k_bits(const unsigned* a, const unsigned long long* la, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], r;
  unsigned long long y = la[i], rl;
  unsigned* o = out + (size_t)i * NOUT_BITS;
  o[0] = __popc(x);
  o[1] = __clz(x);
  o[2] = __brev(x);
  o[3] = __ffs(x);
  o[4] = __popcll(y);
  o[5] = __clzll(y);
  rl = __brevll(y);
  o[6] = (unsigned)rl;
  o[7] = (unsigned)(rl >> 32);
  o[8] = __ffsll(y);
  asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(x));
  o[9] = r;
  asm("bfind.s32 %0, %1;" : "=r"(r) : "r"(x));
  o[10] = r;
  asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r) : "r"(x));
  o[11] = r;
  asm("bfind.u64 %0, %1;" : "=r"(r) : "l"(y));
  o[12] = r;
  asm("bfind.s64 %0, %1;" : "=r"(r) : "l"(y));
  o[13] = r;
  asm("cnot.b32 %0, %1;" : "=r"(r) : "r"(x));
  o[14] = r;
  asm("not.b32 %0, %1;" : "=r"(r) : "r"(x));
  o[15] = r;
  // constant-position field extraction/insertion in plain C
  o[16] = (x >> 5) & 0x7FFu;
  o[17] = (unsigned)(((int)(x << 3)) >> 20);
  o[18] = (x & ~(0xFFu << 12)) | ((unsigned)(y & 0xFF) << 12);
  o[19] = __popc(x ^ (unsigned)(y >> 32)) + __clz(x & (unsigned)y);
}

// bfe / bfi with variable position and length (only the low 8 bits of each
// are significant).
extern "C" __global__ void k_bfe(const unsigned* a, const unsigned* b, const unsigned* pos,
                                 const unsigned* len, const unsigned long long* la,
                                 const unsigned long long* lb, unsigned* out32,
                                 unsigned long long* out64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], p = pos[i], l = len[i], r;
  unsigned long long X = la[i], Y = lb[i], R;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(p), "r"(l));
  out32[3 * i + 0] = r;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(p), "r"(l));
  out32[3 * i + 1] = r;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(x), "r"(y), "r"(p), "r"(l));
  out32[3 * i + 2] = r;
  // 64-bit forms: only positions/lengths below 256 are tested.  The PTX ISA
  // says only the low 8 bits of each count, but NVIDIA hardware treats values
  // >= 256 as large (nothing extracted / inserted) for .u64/.s64/.b64, while
  // the 32-bit forms do mask (observed on an H200).
  p &= 0xFFu;
  l &= 0xFFu;
  asm("bfe.u64 %0, %1, %2, %3;" : "=l"(R) : "l"(X), "r"(p), "r"(l));
  out64[3 * i + 0] = R;
  asm("bfe.s64 %0, %1, %2, %3;" : "=l"(R) : "l"(X), "r"(p), "r"(l));
  out64[3 * i + 1] = R;
  asm("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(R) : "l"(X), "l"(Y), "r"(p), "r"(l));
  out64[3 * i + 2] = R;
}

#define LOP3(lut)                                                                  \
  do {                                                                             \
    unsigned r_;                                                                   \
    asm("lop3.b32 %0, %1, %2, %3, " #lut ";" : "=r"(r_) : "r"(x), "r"(y), "r"(z)); \
    *o++ = r_;                                                                     \
  } while (0)

#define NOUT_LOP3 14
extern "C" __global__ void k_lop3(const unsigned* a, const unsigned* b, const unsigned* c,
                                  unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], z = c[i];
  unsigned* o = out + (size_t)i * NOUT_LOP3;
  LOP3(0x00);
  LOP3(0xFF);
  LOP3(0x96);  // a ^ b ^ c
  LOP3(0xE8);  // majority
  LOP3(0xCA);  // a ? b : c
  LOP3(0x80);  // a & b & c
  LOP3(0xFE);  // a | b | c
  LOP3(0x1B);
  LOP3(0x6A);
  LOP3(0xB4);
  LOP3(0x3C);  // a ^ b
  LOP3(0xF0);  // a
  // the compiler's own lop3 formation from C expressions
  *o++ = (x & y) | (~x & z);
  *o++ = (x ^ y) & ~z;
}
