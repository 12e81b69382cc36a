// Host for int_arith: checks mul.hi/wide, mul24/mad24, mad.hi, 64-bit mul.hi,
// div/rem (incl. negatives and constant divisors, by zero and INT_MIN / -1),
// abs/neg/min/max/sad.
#include "e2e.h"
using namespace e2e;

static int64_t sx32(uint32_t v) { return (int64_t)(int32_t)v; }
static int64_t sext24(uint32_t v) { return (int64_t)((int32_t)(v << 8) >> 8); }
static uint64_t zext24(uint32_t v) { return v & 0xFFFFFFu; }

// C semantics of / and % on signed values (truncation toward zero), computed
// on magnitudes so the reference does not rely on the host's own division of
// negative numbers.
static int64_t sdiv(int64_t x, int64_t y, int64_t* rem) {
  bool nx = x < 0, ny = y < 0;
  uint64_t ax = nx ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
  uint64_t ay = ny ? (uint64_t)0 - (uint64_t)y : (uint64_t)y;
  uint64_t q = ax / ay, r = ax % ay;
  *rem = nx ? -(int64_t)r : (int64_t)r;
  return (nx != ny) ? (int64_t)((uint64_t)0 - q) : (int64_t)q;
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x1A7A1u);
  const int N = 4096;
  const unsigned TPB = 256, GRID = N / TPB;

  // ---------------- 32-bit multiplies ----------------
  {
    std::vector<uint32_t> a, b, c(N);
    make_pairs_u32(rng, N, a, b);
    for (auto& v : c) v = rand_u32_mixed(rng);
    CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * 16);
    LAUNCH(get_function(ctx, "k_mul32"), GRID, TPB, 0, da, db, dc, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 16);
    static const char* names[16] = {"mulhi.s32", "mulhi.u32", "mulwide.s32.lo", "mulwide.s32.hi",
                                    "mulwide.u32.lo", "mulwide.u32.hi", "mul24.lo.s32", "mul24.lo.u32",
                                    "mad24.lo.s32", "mad24.lo.u32", "mul24.hi.s32", "mul24.hi.u32",
                                    "mad24.hi.s32", "mad.lo.u32", "mad.hi.u32", "mad.hi.s32"};
    for (int i = 0; i < N; i++) {
      uint32_t x = a[i], y = b[i], z = c[i];
      int64_t sp = sx32(x) * sx32(y);
      uint64_t up = (uint64_t)x * (uint64_t)y;
      int64_t s24 = sext24(x) * sext24(y);  // 48-bit signed product
      uint64_t u24 = zext24(x) * zext24(y);
      uint32_t e[16];
      e[0] = (uint32_t)((uint64_t)sp >> 32);
      e[1] = (uint32_t)(up >> 32);
      e[2] = (uint32_t)(uint64_t)sp;
      e[3] = (uint32_t)((uint64_t)sp >> 32);
      e[4] = (uint32_t)up;
      e[5] = (uint32_t)(up >> 32);
      e[6] = (uint32_t)(uint64_t)s24;
      e[7] = (uint32_t)u24;
      e[8] = (uint32_t)(uint64_t)s24 + z;
      e[9] = (uint32_t)u24 + z;
      e[10] = (uint32_t)((uint64_t)s24 >> 16);  // bits 47..16
      e[11] = (uint32_t)(u24 >> 16);
      e[12] = (uint32_t)((uint64_t)s24 >> 16) + z;
      e[13] = (uint32_t)up + z;
      e[14] = (uint32_t)(up >> 32) + z;
      e[15] = (uint32_t)((uint64_t)sp >> 32) + z;
      for (int k = 0; k < 16; k++)
        ck.expect(o[(size_t)i * 16 + k] == e[k], "%s(0x%08x, 0x%08x, 0x%08x) = 0x%08x, expected 0x%08x", names[k],
                  x, y, z, o[(size_t)i * 16 + k], e[k]);
    }
    dfree(da); dfree(db); dfree(dc); dfree(dout);
  }

  // ---------------- 64-bit multiplies ----------------
  {
    std::vector<uint64_t> a, b, c(N);
    make_pairs_u64(rng, N, a, b);
    for (auto& v : c) v = rand_u64_mixed(rng);
    CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
    CUdeviceptr dout = alloc_out<uint64_t>((size_t)N * 6);
    LAUNCH(get_function(ctx, "k_mul64"), GRID, TPB, 0, da, db, dc, dout, N);
    std::vector<uint64_t> o = download<uint64_t>(dout, (size_t)N * 6);
    static const char* names[6] = {"mul64hi", "umul64hi", "mul.lo.u64", "mad.lo.u64", "mad.hi.u64", "mad.hi.s64"};
    for (int i = 0; i < N; i++) {
      uint64_t x = a[i], y = b[i], z = c[i];
      i128 sp = (i128)(int64_t)x * (i128)(int64_t)y;
      u128 up = (u128)x * (u128)y;
      uint64_t e[6];
      e[0] = (uint64_t)((u128)sp >> 64);
      e[1] = (uint64_t)(up >> 64);
      e[2] = (uint64_t)up;
      e[3] = (uint64_t)up + z;
      e[4] = (uint64_t)(up >> 64) + z;
      e[5] = (uint64_t)((u128)sp >> 64) + z;
      for (int k = 0; k < 6; k++)
        ck.expect(o[(size_t)i * 6 + k] == e[k], "%s(0x%016" PRIx64 ", 0x%016" PRIx64 ") = 0x%016" PRIx64
                  ", expected 0x%016" PRIx64, names[k], x, y, o[(size_t)i * 6 + k], e[k]);
    }
    dfree(da); dfree(db); dfree(dc); dfree(dout);
  }

  // ---------------- 32-bit div / rem ----------------
  {
    std::vector<uint32_t> ua, ub;
    make_pairs_u32(rng, N, ua, ub);
    std::vector<int32_t> a(N), b(N);
    for (int i = 0; i < N; i++) {
      a[i] = (int32_t)ua[i];
      b[i] = (int32_t)ub[i];
      if (b[i] == 0) b[i] = (i & 1) ? 1 : -1;                   // avoid division by zero
      if (a[i] == INT32_MIN && b[i] == -1) b[i] = -2;           // avoid the overflowing quotient
    }
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dout = alloc_out<int32_t>((size_t)N * 16);
    LAUNCH(get_function(ctx, "k_div32"), GRID, TPB, 0, da, db, dout, N);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)N * 16);
    static const char* names[16] = {"x/y", "x%y", "ux/uy", "ux%uy", "x/7", "x%7", "x/-3", "x%-3",
                                    "ux/10", "ux%10", "x/16", "x%16", "ux/3", "(ux>>4)+(ux&15)",
                                    "x/1000000007", "ux%641"};
    for (int i = 0; i < N; i++) {
      int64_t x = a[i], y = b[i];
      uint32_t ux = (uint32_t)a[i], uy = (uint32_t)b[i];
      int64_t r;
      int32_t e[16];
      e[0] = (int32_t)sdiv(x, y, &r); e[1] = (int32_t)r;
      e[2] = (int32_t)(ux / uy); e[3] = (int32_t)(ux % uy);
      e[4] = (int32_t)sdiv(x, 7, &r); e[5] = (int32_t)r;
      e[6] = (int32_t)sdiv(x, -3, &r); e[7] = (int32_t)r;
      e[8] = (int32_t)(ux / 10u); e[9] = (int32_t)(ux % 10u);
      e[10] = (int32_t)sdiv(x, 16, &r); e[11] = (int32_t)r;
      e[12] = (int32_t)(ux / 3u);
      e[13] = (int32_t)((ux >> 4) + (ux & 15u));
      e[14] = (int32_t)sdiv(x, 1000000007, &r);
      e[15] = (int32_t)(ux % 641u);
      for (int k = 0; k < 16; k++)
        ck.expect(o[(size_t)i * 16 + k] == e[k], "%s with x=%d y=%d: got %d expected %d", names[k], a[i], b[i],
                  o[(size_t)i * 16 + k], e[k]);
    }
    dfree(da); dfree(db); dfree(dout);
  }

  // ---------------- 64-bit div / rem ----------------
  {
    std::vector<uint64_t> ua, ub;
    make_pairs_u64(rng, N, ua, ub);
    std::vector<int64_t> a(N), b(N);
    for (int i = 0; i < N; i++) {
      a[i] = (int64_t)ua[i];
      b[i] = (int64_t)ub[i];
      if (b[i] == 0) b[i] = (i & 1) ? 3 : -5;
      if (a[i] == INT64_MIN && b[i] == -1) b[i] = 2;
    }
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dout = alloc_out<int64_t>((size_t)N * 10);
    LAUNCH(get_function(ctx, "k_div64"), GRID, TPB, 0, da, db, dout, N);
    std::vector<int64_t> o = download<int64_t>(dout, (size_t)N * 10);
    static const char* names[10] = {"x/y", "x%y", "ux/uy", "ux%uy", "x/7", "x%7", "ux/10", "ux%10",
                                    "x/-1000003", "x%-1000003"};
    for (int i = 0; i < N; i++) {
      int64_t x = a[i], y = b[i], r;
      uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
      int64_t e[10];
      e[0] = sdiv(x, y, &r); e[1] = r;
      e[2] = (int64_t)(ux / uy); e[3] = (int64_t)(ux % uy);
      e[4] = sdiv(x, 7, &r); e[5] = r;
      e[6] = (int64_t)(ux / 10u); e[7] = (int64_t)(ux % 10u);
      e[8] = sdiv(x, -1000003, &r); e[9] = r;
      for (int k = 0; k < 10; k++)
        ck.expect(o[(size_t)i * 10 + k] == e[k], "%s with x=%" PRId64 " y=%" PRId64 ": got %" PRId64
                  " expected %" PRId64, names[k], x, y, o[(size_t)i * 10 + k], e[k]);
    }
    dfree(da); dfree(db); dfree(dout);
  }

  // ---------------- div / rem by zero and of the minimum by -1 ----------------
  {
    // Dividends and divisors whose low halves are edge values too: the
    // 32-bit forms divide the low 32 bits.
    static const int64_t xs[] = {0, 1, 7, -7, INT32_MIN, INT32_MAX, INT64_MIN, INT64_MAX, -1,
                                 (int64_t)0x80000000u, 0x123456789abcdefLL, -1000000007LL};
    static const int64_t ys[] = {0, -1, 1, -2, 3, (int64_t)0xFFFFFFFFu, 0x100000000LL, INT64_MIN};
    std::vector<int64_t> a, b;
    for (int64_t x : xs)
      for (int64_t y : ys) {
        a.push_back(x);
        b.push_back(y);
      }
    const int n = (int)a.size();
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dout = alloc_out<int64_t>((size_t)n * 8);
    LAUNCH(get_function(ctx, "k_div_edge"), 1, (unsigned)n, 0, da, db, dout, n);
    std::vector<int64_t> o = download<int64_t>(dout, (size_t)n * 8);
    static const char* names[8] = {"div.s32", "rem.s32", "div.u32", "rem.u32",
                                   "div.s64", "rem.s64", "div.u64", "rem.u64"};
    for (int i = 0; i < n; i++) {
      int64_t e[8], r;
      int32_t x32 = (int32_t)(uint32_t)a[i], y32 = (int32_t)(uint32_t)b[i];
      uint32_t ux32 = (uint32_t)x32, uy32 = (uint32_t)y32;
      uint64_t ux = (uint64_t)a[i], uy = (uint64_t)b[i];
      // By zero: all ones, quotient and remainder alike (as the H200
      // gives). Minimum / -1: the minimum (the negation wraps), remainder 0.
      if (y32 == 0) {
        e[0] = -1; e[1] = -1;
      } else if (y32 == -1) {
        e[0] = (int32_t)((uint32_t)0 - ux32); e[1] = 0;
      } else {
        e[0] = (int32_t)sdiv(x32, y32, &r); e[1] = (int32_t)r;
      }
      e[2] = uy32 ? ux32 / uy32 : 0xFFFFFFFFu;
      e[3] = uy32 ? ux32 % uy32 : 0xFFFFFFFFu;
      if (b[i] == 0) {
        e[4] = -1; e[5] = -1;
      } else if (b[i] == -1) {
        e[4] = (int64_t)((uint64_t)0 - ux); e[5] = 0;
      } else {
        e[4] = sdiv(a[i], b[i], &r); e[5] = r;
      }
      e[6] = uy ? (int64_t)(ux / uy) : -1;
      e[7] = uy ? (int64_t)(ux % uy) : -1;
      for (int k = 0; k < 8; k++)
        ck.expect(o[(size_t)i * 8 + k] == e[k], "%s with x=%" PRId64 " y=%" PRId64 ": got %" PRId64
                  " expected %" PRId64, names[k], a[i], b[i], o[(size_t)i * 8 + k], e[k]);
    }
    dfree(da); dfree(db); dfree(dout);
  }

  // ---------------- abs / neg / min / max / sad ----------------
  {
    std::vector<uint32_t> ua, ub, uc(N);
    std::vector<uint64_t> la, lb;
    make_pairs_u32(rng, N, ua, ub);
    make_pairs_u64(rng, N, la, lb);
    for (auto& v : uc) v = rand_u32_mixed(rng);
    CUdeviceptr da = upload(ua), db = upload(ub), dc = upload(uc), dla = upload(la), dlb = upload(lb);
    CUdeviceptr dout = alloc_out<int64_t>((size_t)N * 16);
    LAUNCH(get_function(ctx, "k_minmax"), GRID, TPB, 0, da, db, dc, dla, dlb, dout, N);
    std::vector<int64_t> o = download<int64_t>(dout, (size_t)N * 16);
    static const char* names[16] = {"abs.s32", "neg.s32", "min.s32", "max.s32", "min.u32", "max.u32",
                                    "sad.s32", "sad.u32", "min.s64", "max.s64", "min.u64", "max.u64",
                                    "abs.s64", "abs-widened", "absdiff-wrap", "select64"};
    for (int i = 0; i < N; i++) {
      int32_t x = (int32_t)ua[i], y = (int32_t)ub[i];
      uint32_t z = uc[i];
      int64_t p = (int64_t)la[i], q = (int64_t)lb[i];
      int64_t e[16];
      // abs/neg wrap modulo 2^32: abs(INT_MIN) == INT_MIN
      e[0] = (int32_t)(x < 0 ? (uint32_t)0 - (uint32_t)x : (uint32_t)x);
      e[1] = (int32_t)((uint32_t)0 - (uint32_t)x);
      e[2] = x < y ? x : y;
      e[3] = x > y ? x : y;
      e[4] = (int64_t)std::min(ua[i], ub[i]);
      e[5] = (int64_t)std::max(ua[i], ub[i]);
      // sad: c + |a - b| with the difference taken exactly, then mod 2^32
      int64_t d = (int64_t)x - (int64_t)y;
      e[6] = (int64_t)(uint32_t)((uint64_t)(d < 0 ? -d : d) + z);
      int64_t du = (int64_t)ua[i] - (int64_t)ub[i];
      e[7] = (int64_t)(uint32_t)((uint64_t)(du < 0 ? -du : du) + z);
      e[8] = p < q ? p : q;
      e[9] = p > q ? p : q;
      e[10] = (int64_t)std::min(la[i], lb[i]);
      e[11] = (int64_t)std::max(la[i], lb[i]);
      e[12] = (int64_t)(p < 0 ? (uint64_t)0 - (uint64_t)p : (uint64_t)p);
      e[13] = x < 0 ? -(int64_t)x : (int64_t)x;
      e[14] = (int64_t)(uint32_t)(d < 0 ? -d : d);
      e[15] = p > q ? p : (int64_t)((uint64_t)q + 1);
      for (int k = 0; k < 16; k++)
        ck.expect(o[(size_t)i * 16 + k] == e[k], "%s x=%d y=%d z=%u p=%" PRId64 " q=%" PRId64 ": got %" PRId64
                  " expected %" PRId64, names[k], x, y, z, p, q, o[(size_t)i * 16 + k], e[k]);
    }
    dfree(da); dfree(db); dfree(dc); dfree(dla); dfree(dlb); dfree(dout);
  }
  return ck.finish(ctx);
}
