// Integer arithmetic: mul.hi / mul.wide, mul24 / mad24, mad.hi, 64-bit mul.hi,
// signed/unsigned div and rem (incl. negative operands, division by
// constants, by zero and of the minimum by -1), abs / neg / min / max, sad.
#include <stdint.h>

#define NOUT_MUL32 16
extern "C" __global__ void k_mul32(const unsigned* a, const unsigned* b, const unsigned* c,
                                   unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], z = c[i];
  unsigned* o = out + (size_t)i * NOUT_MUL32;
  unsigned r;
  o[0] = (unsigned)__mulhi((int)x, (int)y);
  o[1] = __umulhi(x, y);
  long long sw = (long long)(int)x * (long long)(int)y;  // mul.wide.s32
  o[2] = (unsigned)sw;
  o[3] = (unsigned)((unsigned long long)sw >> 32);
  unsigned long long uw = (unsigned long long)x * (unsigned long long)y;  // mul.wide.u32
  o[4] = (unsigned)uw;
  o[5] = (unsigned)(uw >> 32);
  o[6] = (unsigned)__mul24((int)x, (int)y);
  o[7] = __umul24(x, y);
  asm("mad24.lo.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[8] = r;
  asm("mad24.lo.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[9] = r;
  asm("mul24.hi.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
  o[10] = r;
  asm("mul24.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
  o[11] = r;
  asm("mad24.hi.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[12] = r;
  o[13] = x * y + z;  // mad.lo.u32
  asm("mad.hi.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[14] = r;
  asm("mad.hi.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[15] = r;
}

#define NOUT_MUL64 6
extern "C" __global__ void k_mul64(const unsigned long long* a, const unsigned long long* b,
                                   const unsigned long long* c, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long x = a[i], y = b[i], z = c[i], r;
  unsigned long long* o = out + (size_t)i * NOUT_MUL64;
  o[0] = (unsigned long long)__mul64hi((long long)x, (long long)y);
  o[1] = __umul64hi(x, y);
  o[2] = x * y;
  o[3] = x * y + z;
  asm("mad.hi.u64 %0, %1, %2, %3;" : "=l"(r) : "l"(x), "l"(y), "l"(z));
  o[4] = r;
  asm("mad.hi.s64 %0, %1, %2, %3;" : "=l"(r) : "l"(x), "l"(y), "l"(z));
  o[5] = r;
}

#define NOUT_DIV32 16
extern "C" __global__ void k_div32(const int* a, const int* b, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i];
  unsigned ux = (unsigned)x, uy = (unsigned)y;
  int* o = out + (size_t)i * NOUT_DIV32;
  o[0] = x / y;
  o[1] = x % y;
  o[2] = (int)(ux / uy);
  o[3] = (int)(ux % uy);
  // division by constants (strength-reduced by the compiler)
  o[4] = x / 7;
  o[5] = x % 7;
  o[6] = x / -3;
  o[7] = x % -3;
  o[8] = (int)(ux / 10u);
  o[9] = (int)(ux % 10u);
  o[10] = x / 16;
  o[11] = x % 16;
  o[12] = (int)(ux / 3u);
  o[13] = (int)(ux >> 4) + (int)(ux & 15u);
  o[14] = x / 1000000007;
  o[15] = (int)(ux % 641u);
}

#define NOUT_DIV64 10
extern "C" __global__ void k_div64(const long long* a, const long long* b, long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  long long x = a[i], y = b[i];
  unsigned long long ux = (unsigned long long)x, uy = (unsigned long long)y;
  long long* o = out + (size_t)i * NOUT_DIV64;
  o[0] = x / y;
  o[1] = x % y;
  o[2] = (long long)(ux / uy);
  o[3] = (long long)(ux % uy);
  o[4] = x / 7;
  o[5] = x % 7;
  o[6] = (long long)(ux / 10ull);
  o[7] = (long long)(ux % 10ull);
  o[8] = x / -1000003;
  o[9] = x % -1000003;
}

// div/rem where C has no answer: by zero, and the most negative value by -1
// (both widths, signed and unsigned). PTX leaves them machine-specific; the
// host checks the values NVIDIA hardware gives (docs/lowering.md).
#define NOUT_EDGE 8
extern "C" __global__ void k_div_edge(const long long* a, const long long* b, long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  long long x = a[i], y = b[i], r;
  int x32 = (int)x, y32 = (int)y, r32;
  long long* o = out + (size_t)i * NOUT_EDGE;
  asm volatile("div.s32 %0, %1, %2;" : "=r"(r32) : "r"(x32), "r"(y32));
  o[0] = r32;
  asm volatile("rem.s32 %0, %1, %2;" : "=r"(r32) : "r"(x32), "r"(y32));
  o[1] = r32;
  asm volatile("div.u32 %0, %1, %2;" : "=r"(r32) : "r"(x32), "r"(y32));
  o[2] = (unsigned)r32;
  asm volatile("rem.u32 %0, %1, %2;" : "=r"(r32) : "r"(x32), "r"(y32));
  o[3] = (unsigned)r32;
  asm volatile("div.s64 %0, %1, %2;" : "=l"(r) : "l"(x), "l"(y));
  o[4] = r;
  asm volatile("rem.s64 %0, %1, %2;" : "=l"(r) : "l"(x), "l"(y));
  o[5] = r;
  asm volatile("div.u64 %0, %1, %2;" : "=l"(r) : "l"(x), "l"(y));
  o[6] = r;
  asm volatile("rem.u64 %0, %1, %2;" : "=l"(r) : "l"(x), "l"(y));
  o[7] = r;
}

#define NOUT_MINMAX 16
extern "C" __global__ void k_minmax(const int* a, const int* b, const unsigned* c,
                                    const long long* la, const long long* lb, long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i];
  unsigned z = c[i];
  long long p = la[i], q = lb[i];
  long long* o = out + (size_t)i * NOUT_MINMAX;
  int r;
  long long rl;
  asm("abs.s32 %0, %1;" : "=r"(r) : "r"(x));
  o[0] = r;
  asm("neg.s32 %0, %1;" : "=r"(r) : "r"(x));
  o[1] = r;
  o[2] = min(x, y);
  o[3] = max(x, y);
  o[4] = (long long)umin((unsigned)x, (unsigned)y);
  o[5] = (long long)umax((unsigned)x, (unsigned)y);
  o[6] = (long long)__sad(x, y, z);
  o[7] = (long long)__usad((unsigned)x, (unsigned)y, z);
  o[8] = llmin(p, q);
  o[9] = llmax(p, q);
  o[10] = (long long)ullmin((unsigned long long)p, (unsigned long long)q);
  o[11] = (long long)ullmax((unsigned long long)p, (unsigned long long)q);
  asm("abs.s64 %0, %1;" : "=l"(rl) : "l"(p));
  o[12] = rl;
  o[13] = (x < 0) ? -(long long)x : (long long)x;  // abs without overflow
  o[14] = (long long)(x < y ? (unsigned)y - (unsigned)x : (unsigned)x - (unsigned)y);  // |x-y| mod 2^32
  o[15] = (p > q) ? p : (long long)((unsigned long long)q + 1ull);
}
