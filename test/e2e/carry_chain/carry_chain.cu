// Extended-precision arithmetic with the condition-code carry flag:
// add.cc/addc, sub.cc/subc, mixed add/sub chains, mad.lo.cc/madc.hi chains
// (64x64->128 and 128x128->256 multiplies) and 64-bit add.cc/sub.cc chains.
// Every chain lives inside a single asm statement so the carry flag is never
// live across compiler-generated code.

// 256-bit add: out[9*i + 0..7] = a + b, out[9*i + 8] = carry out (0/1)
extern "C" __global__ void k_add256(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned* x = a + 8 * i;
  const unsigned* y = b + 8 * i;
  unsigned r[9];
  asm("add.cc.u32  %0, %9,  %17;\n\t"
      "addc.cc.u32 %1, %10, %18;\n\t"
      "addc.cc.u32 %2, %11, %19;\n\t"
      "addc.cc.u32 %3, %12, %20;\n\t"
      "addc.cc.u32 %4, %13, %21;\n\t"
      "addc.cc.u32 %5, %14, %22;\n\t"
      "addc.cc.u32 %6, %15, %23;\n\t"
      "addc.cc.u32 %7, %16, %24;\n\t"
      "addc.u32    %8, 0, 0;"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7]), "=r"(r[8])
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(x[4]), "r"(x[5]), "r"(x[6]), "r"(x[7]),
        "r"(y[0]), "r"(y[1]), "r"(y[2]), "r"(y[3]), "r"(y[4]), "r"(y[5]), "r"(y[6]), "r"(y[7]));
  for (int k = 0; k < 9; k++) out[9 * i + k] = r[k];
}

// 256-bit subtract: out = a - b, out[8] = 0 - 0 - borrow (0 or 0xffffffff)
extern "C" __global__ void k_sub256(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned* x = a + 8 * i;
  const unsigned* y = b + 8 * i;
  unsigned r[9];
  asm("sub.cc.u32  %0, %9,  %17;\n\t"
      "subc.cc.u32 %1, %10, %18;\n\t"
      "subc.cc.u32 %2, %11, %19;\n\t"
      "subc.cc.u32 %3, %12, %20;\n\t"
      "subc.cc.u32 %4, %13, %21;\n\t"
      "subc.cc.u32 %5, %14, %22;\n\t"
      "subc.cc.u32 %6, %15, %23;\n\t"
      "subc.cc.u32 %7, %16, %24;\n\t"
      "subc.u32    %8, 0, 0;"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7]), "=r"(r[8])
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(x[4]), "r"(x[5]), "r"(x[6]), "r"(x[7]),
        "r"(y[0]), "r"(y[1]), "r"(y[2]), "r"(y[3]), "r"(y[4]), "r"(y[5]), "r"(y[6]), "r"(y[7]));
  for (int k = 0; k < 9; k++) out[9 * i + k] = r[k];
}

// Mixed chains: the carry produced by an add is consumed by a subc and vice
// versa.  out[10*i + 0..4]: chain A, out[10*i + 5..9]: chain B.
extern "C" __global__ void k_mixed(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned* x = a + 4 * i;
  const unsigned* y = b + 4 * i;
  unsigned r[10];
  // A: add.cc, subc.cc, addc.cc, subc.cc, addc
  asm("add.cc.u32  %0, %5, %9;\n\t"
      "subc.cc.u32 %1, %6, %10;\n\t"
      "addc.cc.u32 %2, %7, %11;\n\t"
      "subc.cc.u32 %3, %8, %12;\n\t"
      "addc.u32    %4, 0, 0;"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4])
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(y[0]), "r"(y[1]), "r"(y[2]), "r"(y[3]));
  // B: sub.cc, addc.cc, subc.cc, addc.cc, subc
  asm("sub.cc.u32  %0, %5, %9;\n\t"
      "addc.cc.u32 %1, %6, %10;\n\t"
      "subc.cc.u32 %2, %7, %11;\n\t"
      "addc.cc.u32 %3, %8, %12;\n\t"
      "subc.u32    %4, 0, 0;"
      : "=r"(r[5]), "=r"(r[6]), "=r"(r[7]), "=r"(r[8]), "=r"(r[9])
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(y[0]), "r"(y[1]), "r"(y[2]), "r"(y[3]));
  for (int k = 0; k < 10; k++) out[10 * i + k] = r[k];
}

// 64x64 -> 128-bit multiply from 32-bit limbs with mad.lo.cc / madc.hi.
extern "C" __global__ void k_mul64x64(const unsigned long long* a, const unsigned long long* b,
                                      unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned a0 = (unsigned)a[i], a1 = (unsigned)(a[i] >> 32);
  unsigned b0 = (unsigned)b[i], b1 = (unsigned)(b[i] >> 32);
  unsigned r0, r1, r2, r3;
  asm("mul.lo.u32      %0, %4, %6;\n\t"
      "mul.hi.u32      %1, %4, %6;\n\t"
      "mad.lo.cc.u32   %1, %4, %7, %1;\n\t"
      "madc.hi.u32     %2, %4, %7, 0;\n\t"
      "mad.lo.cc.u32   %1, %5, %6, %1;\n\t"
      "madc.hi.cc.u32  %2, %5, %6, %2;\n\t"
      "madc.hi.u32     %3, %5, %7, 0;\n\t"
      "mad.lo.cc.u32   %2, %5, %7, %2;\n\t"
      "addc.u32        %3, %3, 0;"
      : "=&r"(r0), "=&r"(r1), "=&r"(r2), "=&r"(r3)
      : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
  out[4 * i + 0] = r0;
  out[4 * i + 1] = r1;
  out[4 * i + 2] = r2;
  out[4 * i + 3] = r3;
}

// 128x128 -> 256-bit schoolbook multiply, one row (a * b[j]) per asm
// statement: a low-half pass (mad.lo.cc/madc.lo.cc) and a high-half pass
// (mad.hi.cc/madc.hi.cc).  out[10*i + 0..9]; words 8 and 9 must stay 0.
#define MUL_ROW(J)                                                                            \
  asm("mad.lo.cc.u32  %0, %6, %10, %0;\n\t"                                                  \
      "madc.lo.cc.u32 %1, %7, %10, %1;\n\t"                                                  \
      "madc.lo.cc.u32 %2, %8, %10, %2;\n\t"                                                  \
      "madc.lo.cc.u32 %3, %9, %10, %3;\n\t"                                                  \
      "addc.cc.u32    %4, %4, 0;\n\t"                                                        \
      "addc.u32       %5, %5, 0;\n\t"                                                        \
      "mad.hi.cc.u32  %1, %6, %10, %1;\n\t"                                                  \
      "madc.hi.cc.u32 %2, %7, %10, %2;\n\t"                                                  \
      "madc.hi.cc.u32 %3, %8, %10, %3;\n\t"                                                  \
      "madc.hi.cc.u32 %4, %9, %10, %4;\n\t"                                                  \
      "addc.u32       %5, %5, 0;"                                                            \
      : "+r"(acc[J]), "+r"(acc[J + 1]), "+r"(acc[J + 2]), "+r"(acc[J + 3]), "+r"(acc[J + 4]), \
        "+r"(acc[J + 5])                                                                      \
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(y[J]))

extern "C" __global__ void k_mul128(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned* x = a + 4 * i;
  const unsigned* y = b + 4 * i;
  unsigned acc[10];
  for (int k = 0; k < 10; k++) acc[k] = 0;
  MUL_ROW(0);
  MUL_ROW(1);
  MUL_ROW(2);
  MUL_ROW(3);
  for (int k = 0; k < 10; k++) out[10 * i + k] = acc[k];
}

// 256-bit add and subtract with 64-bit limbs (add.cc.u64 / addc.cc.u64 ...).
// out[10*i + 0..4] = a + b (4 limbs + carry), out[10*i + 5..9] = a - b (+ borrow mask)
extern "C" __global__ void k_addsub64(const unsigned long long* a, const unsigned long long* b,
                                      unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned long long* x = a + 4 * i;
  const unsigned long long* y = b + 4 * i;
  unsigned long long r[10];
  asm("add.cc.u64  %0, %5, %9;\n\t"
      "addc.cc.u64 %1, %6, %10;\n\t"
      "addc.cc.u64 %2, %7, %11;\n\t"
      "addc.cc.u64 %3, %8, %12;\n\t"
      "addc.u64    %4, 0, 0;"
      : "=l"(r[0]), "=l"(r[1]), "=l"(r[2]), "=l"(r[3]), "=l"(r[4])
      : "l"(x[0]), "l"(x[1]), "l"(x[2]), "l"(x[3]), "l"(y[0]), "l"(y[1]), "l"(y[2]), "l"(y[3]));
  asm("sub.cc.u64  %0, %5, %9;\n\t"
      "subc.cc.u64 %1, %6, %10;\n\t"
      "subc.cc.u64 %2, %7, %11;\n\t"
      "subc.cc.u64 %3, %8, %12;\n\t"
      "subc.u64    %4, 0, 0;"
      : "=l"(r[5]), "=l"(r[6]), "=l"(r[7]), "=l"(r[8]), "=l"(r[9])
      : "l"(x[0]), "l"(x[1]), "l"(x[2]), "l"(x[3]), "l"(y[0]), "l"(y[1]), "l"(y[2]), "l"(y[3]));
  for (int k = 0; k < 10; k++) out[10 * i + k] = r[k];
}
