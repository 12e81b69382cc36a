// Host for int_bits: shifts (incl. amounts >= width), funnel shifts, rotates,
// popc/clz/brev/ffs/bfind/cnot, bfe/bfi (reference written bit by bit from the
// PTX ISA definition), lop3.
#include "e2e.h"
using namespace e2e;

static uint32_t rand_amount(Rng& r) {
  switch (r.below(5)) {
    case 0: case 1: return r.below(72);  // 0..71 covers 0, 31, 32, 33, 63, 64, 65
    case 2: return r.below(34);
    case 3: { static const uint32_t big[] = {128, 255, 256, 257, 288, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0xFFFFFFE1u, 1024};
              return big[r.below(10)]; }
    default: return r.next32();
  }
}

static int clz32(uint32_t x) { int n = 0; for (int i = 31; i >= 0 && !((x >> i) & 1); i--) n++; return n; }
static int clz64(uint64_t x) { int n = 0; for (int i = 63; i >= 0 && !((x >> i) & 1); i--) n++; return n; }
static int popc64(uint64_t x) { int n = 0; for (int i = 0; i < 64; i++) n += (x >> i) & 1; return n; }
static uint64_t brev(uint64_t x, int w) { uint64_t r = 0; for (int i = 0; i < w; i++) if ((x >> i) & 1) r |= 1ull << (w - 1 - i); return r; }
static int ffs64(uint64_t x) { for (int i = 0; i < 64; i++) if ((x >> i) & 1) return i + 1; return 0; }
static uint32_t bfind(uint64_t a, int w, bool sgn, bool shiftamt) {
  int msb = w - 1;
  if (sgn && ((a >> msb) & 1)) a = ~a;
  if (w == 32) a &= 0xFFFFFFFFull;
  uint32_t num = 0xFFFFFFFFu;
  for (int i = msb; i >= 0; i--) if ((a >> i) & 1) { num = (uint32_t)i; break; }
  if (shiftamt && num != 0xFFFFFFFFu) num = (uint32_t)msb - num;
  return num;
}
// PTX ISA bfe / bfi pseudo code, bit by bit.
static uint64_t bfe(uint64_t a, uint32_t b, uint32_t c, int w, bool sgn) {
  int msb = w - 1;
  uint32_t pos = b & 0xFF, len = c & 0xFF;
  int sbit = 0;
  if (sgn && len != 0) { uint32_t k = std::min<uint32_t>(pos + len - 1, (uint32_t)msb); sbit = (a >> k) & 1; }
  uint64_t d = 0;
  for (int i = 0; i <= msb; i++) {
    int bit = (i < (int)len && pos + i <= (uint32_t)msb) ? (int)((a >> (pos + i)) & 1) : sbit;
    if (bit) d |= 1ull << i;
  }
  return d;
}
static uint64_t bfi(uint64_t a, uint64_t b, uint32_t c, uint32_t d, int w) {
  int msb = w - 1;
  uint32_t pos = c & 0xFF, len = d & 0xFF;
  uint64_t f = b;
  for (uint32_t i = 0; i < len && pos + i <= (uint32_t)msb; i++) {
    f &= ~(1ull << (pos + i));
    f |= ((a >> i) & 1) << (pos + i);
  }
  return f;
}
static uint32_t lop3(uint32_t a, uint32_t b, uint32_t c, uint32_t lut) {
  uint32_t r = 0;
  for (int i = 0; i < 32; i++) {
    int idx = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((c >> i) & 1);
    r |= ((lut >> idx) & 1u) << i;
  }
  return r;
}
// shifts with PTX clamping: amounts > width behave like width
static uint64_t shl_clamp(uint64_t x, uint32_t k, int w) {
  if (k >= (uint32_t)w) return 0;
  uint64_t r = x << k;
  return w == 32 ? (r & 0xFFFFFFFFull) : r;
}
static uint64_t shr_u_clamp(uint64_t x, uint32_t k, int w) { return k >= (uint32_t)w ? 0 : (x >> k); }
static uint64_t shr_s_clamp(uint64_t x, uint32_t k, int w) {
  bool neg = (x >> (w - 1)) & 1;
  uint64_t mask = w == 32 ? 0xFFFFFFFFull : ~0ull;
  if (k >= (uint32_t)w) return neg ? mask : 0;
  uint64_t r = x >> k;
  if (neg && k) r |= (mask << (w - k)) & mask;
  return r;
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xB175);
  const int N = 4096;
  const unsigned TPB = 256, GRID = N / TPB;

  // ---------------- 32-bit shifts ----------------
  {
    std::vector<uint32_t> a(N), b(N), s(N);
    std::vector<uint32_t> edges = edge_u32();
    for (int i = 0; i < N; i++) {
      a[i] = i < (int)edges.size() * 8 ? edges[i % edges.size()] : rand_u32_mixed(rng);
      b[i] = rand_u32_mixed(rng);
      s[i] = i < (int)edges.size() * 8 ? (uint32_t)(i / edges.size()) * 9 % 72 : rand_amount(rng);
    }
    // make sure the classic edge amounts appear with an all-ones / sign-bit value
    static const uint32_t ks[] = {0, 1, 31, 32, 33, 63, 64, 65, 255, 256, 0xFFFFFFFFu};
    for (int j = 0; j < 11; j++) { a[N - 1 - j] = 0x80000001u; s[N - 1 - j] = ks[j]; b[N - 1 - j] = 0xF00000FFu; }
    CUdeviceptr da = upload(a), db = upload(b), ds = upload(s);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * 12);
    LAUNCH(get_function(ctx, "k_shift32"), GRID, TPB, 0, da, db, ds, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 12);
    static const char* names[12] = {"shl.b32", "shr.u32", "shr.s32", "x<<(k&31)", "sx>>(k&31)", "x>>(k&31)",
                                    "funnelshift_l", "funnelshift_lc", "funnelshift_r", "funnelshift_rc",
                                    "rotl", "shl.b32 imm33"};
    for (int i = 0; i < N; i++) {
      uint32_t x = a[i], y = b[i], k = s[i];
      uint64_t cat = ((uint64_t)y << 32) | x;  // hi:lo
      uint32_t kw = k & 31, kc = k < 32 ? k : 32;
      uint32_t e[12];
      e[0] = (uint32_t)shl_clamp(x, k, 32);
      e[1] = (uint32_t)shr_u_clamp(x, k, 32);
      e[2] = (uint32_t)shr_s_clamp(x, k, 32);
      e[3] = (uint32_t)shl_clamp(x, kw, 32);
      e[4] = (uint32_t)shr_s_clamp(x, kw, 32);
      e[5] = x >> kw;
      e[6] = (uint32_t)((cat << kw) >> 32);
      e[7] = kc == 32 ? x : (uint32_t)((cat << kc) >> 32);
      e[8] = (uint32_t)(cat >> kw);
      e[9] = kc == 32 ? y : (uint32_t)(cat >> kc);
      e[10] = kw ? (x << kw) | (x >> (32 - kw)) : x;
      e[11] = x >> 31;
      for (int j = 0; j < 12; j++)
        ck.expect(o[(size_t)i * 12 + j] == e[j], "%s(x=0x%08x, hi=0x%08x, k=%u) = 0x%08x expected 0x%08x", names[j],
                  x, y, k, o[(size_t)i * 12 + j], e[j]);
    }
    dfree(da); dfree(db); dfree(ds); dfree(dout);
  }

  // ---------------- 64-bit shifts ----------------
  {
    std::vector<uint64_t> a(N);
    std::vector<uint32_t> s(N);
    for (int i = 0; i < N; i++) { a[i] = rand_u64_mixed(rng); s[i] = rand_amount(rng) % (rng.coin() ? 140u : 0xFFFFFFFFu); }
    static const uint32_t ks[] = {0, 1, 31, 32, 33, 63, 64, 65, 127, 256, 0xFFFFFFFFu};
    for (int j = 0; j < 11; j++) { a[j] = 0x8000000000000001ull; s[j] = ks[j]; }
    CUdeviceptr da = upload(a), ds = upload(s);
    CUdeviceptr dout = alloc_out<uint64_t>((size_t)N * 7);
    LAUNCH(get_function(ctx, "k_shift64"), GRID, TPB, 0, da, ds, dout, N);
    std::vector<uint64_t> o = download<uint64_t>(dout, (size_t)N * 7);
    static const char* names[7] = {"shl.b64", "shr.u64", "shr.s64", "x<<(k&63)", "sx>>(k&63)", "x>>(k&63)", "rotl64"};
    for (int i = 0; i < N; i++) {
      uint64_t x = a[i];
      uint32_t k = s[i], kw = k & 63;
      uint64_t e[7];
      e[0] = shl_clamp(x, k, 64);
      e[1] = shr_u_clamp(x, k, 64);
      e[2] = shr_s_clamp(x, k, 64);
      e[3] = shl_clamp(x, kw, 64);
      e[4] = shr_s_clamp(x, kw, 64);
      e[5] = x >> kw;
      e[6] = kw ? (x << kw) | (x >> (64 - kw)) : x;
      for (int j = 0; j < 7; j++)
        ck.expect(o[(size_t)i * 7 + j] == e[j], "%s(x=0x%016" PRIx64 ", k=%u) = 0x%016" PRIx64 " expected 0x%016" PRIx64,
                  names[j], x, k, o[(size_t)i * 7 + j], e[j]);
    }
    dfree(da); dfree(ds); dfree(dout);
  }

  // ---------------- popc / clz / brev / ffs / bfind / cnot ----------------
  {
    std::vector<uint32_t> a(N);
    std::vector<uint64_t> la(N);
    std::vector<uint32_t> e32 = edge_u32();
    std::vector<uint64_t> e64 = edge_u64();
    for (int i = 0; i < N; i++) {
      a[i] = i < (int)e32.size() ? e32[i] : rand_u32_mixed(rng);
      la[i] = i < (int)e64.size() ? e64[i] : rand_u64_mixed(rng);
    }
    CUdeviceptr da = upload(a), dla = upload(la);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * 20);
    LAUNCH(get_function(ctx, "k_bits"), GRID, TPB, 0, da, dla, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 20);
    static const char* names[20] = {"popc", "clz", "brev", "ffs", "popcll", "clzll", "brevll.lo", "brevll.hi",
                                    "ffsll", "bfind.u32", "bfind.s32", "bfind.shiftamt.u32", "bfind.u64",
                                    "bfind.s64", "cnot", "not", "(x>>5)&0x7ff", "sext field", "insert field",
                                    "popc/clz mix"};
    for (int i = 0; i < N; i++) {
      uint32_t x = a[i];
      uint64_t y = la[i];
      uint32_t e[20];
      e[0] = (uint32_t)popc64(x);
      e[1] = (uint32_t)clz32(x);
      e[2] = (uint32_t)brev(x, 32);
      e[3] = (uint32_t)ffs64(x);
      e[4] = (uint32_t)popc64(y);
      e[5] = (uint32_t)clz64(y);
      uint64_t br = brev(y, 64);
      e[6] = (uint32_t)br;
      e[7] = (uint32_t)(br >> 32);
      e[8] = (uint32_t)ffs64(y);
      e[9] = bfind(x, 32, false, false);
      e[10] = bfind(x, 32, true, false);
      e[11] = bfind(x, 32, false, true);
      e[12] = bfind(y, 64, false, false);
      e[13] = bfind(y, 64, true, false);
      e[14] = x == 0 ? 1u : 0u;
      e[15] = ~x;
      e[16] = (uint32_t)bfe(x, 5, 11, 32, false);
      e[17] = (uint32_t)bfe(x, 17, 12, 32, true);  // ((int)(x<<3))>>20 == signed bits 17..28
      e[18] = (uint32_t)bfi(y & 0xFF, x, 12, 8, 32);
      e[19] = (uint32_t)popc64(x ^ (uint32_t)(y >> 32)) + (uint32_t)clz32(x & (uint32_t)y);
      for (int j = 0; j < 20; j++)
        ck.expect(o[(size_t)i * 20 + j] == e[j], "%s(x=0x%08x, y=0x%016" PRIx64 ") = 0x%08x expected 0x%08x", names[j],
                  x, y, o[(size_t)i * 20 + j], e[j]);
    }
    dfree(da); dfree(dla); dfree(dout);
  }

  // ---------------- bfe / bfi ----------------
  {
    std::vector<uint32_t> a(N), b(N), pos(N), len(N);
    std::vector<uint64_t> la(N), lb(N);
    for (int i = 0; i < N; i++) {
      a[i] = rand_u32_mixed(rng) | (rng.coin() ? 0x80000000u : 0u);
      b[i] = rng.next32();
      la[i] = rand_u64_mixed(rng) | (rng.coin() ? 0x8000000000000000ull : 0ull);
      lb[i] = rng.next64();
      switch (rng.below(4)) {
        case 0: pos[i] = rng.below(33); len[i] = rng.below(33); break;
        case 1: pos[i] = rng.below(66); len[i] = rng.below(66); break;
        case 2: pos[i] = rng.below(256); len[i] = rng.below(256); break;
        default: pos[i] = rng.next32(); len[i] = rng.next32(); break;  // only low 8 bits count
      }
    }
    pos[0] = 0; len[0] = 0; pos[1] = 0; len[1] = 32; pos[2] = 31; len[2] = 1; pos[3] = 0x100 + 4; len[3] = 0x200 + 8;
    pos[4] = 60; len[4] = 10; pos[5] = 0; len[5] = 64; pos[6] = 32; len[6] = 32; pos[7] = 255; len[7] = 255;
    CUdeviceptr da = upload(a), db = upload(b), dp = upload(pos), dl = upload(len), dla = upload(la), dlb = upload(lb);
    CUdeviceptr d32 = alloc_out<uint32_t>((size_t)N * 3), d64 = alloc_out<uint64_t>((size_t)N * 3);
    LAUNCH(get_function(ctx, "k_bfe"), GRID, TPB, 0, da, db, dp, dl, dla, dlb, d32, d64, N);
    std::vector<uint32_t> o32 = download<uint32_t>(d32, (size_t)N * 3);
    std::vector<uint64_t> o64 = download<uint64_t>(d64, (size_t)N * 3);
    for (int i = 0; i < N; i++) {
      uint32_t e0 = (uint32_t)bfe(a[i], pos[i], len[i], 32, false);
      uint32_t e1 = (uint32_t)bfe(a[i], pos[i], len[i], 32, true);
      uint32_t e2 = (uint32_t)bfi(a[i], b[i], pos[i], len[i], 32);
      ck.expect(o32[3 * i] == e0, "bfe.u32(0x%08x, pos=%u, len=%u) = 0x%08x expected 0x%08x", a[i], pos[i], len[i], o32[3 * i], e0);
      ck.expect(o32[3 * i + 1] == e1, "bfe.s32(0x%08x, pos=%u, len=%u) = 0x%08x expected 0x%08x", a[i], pos[i], len[i], o32[3 * i + 1], e1);
      ck.expect(o32[3 * i + 2] == e2, "bfi.b32(0x%08x, 0x%08x, pos=%u, len=%u) = 0x%08x expected 0x%08x", a[i], b[i], pos[i], len[i], o32[3 * i + 2], e2);
      uint64_t f0 = bfe(la[i], pos[i], len[i], 64, false);
      uint64_t f1 = bfe(la[i], pos[i], len[i], 64, true);
      uint64_t f2 = bfi(la[i], lb[i], pos[i], len[i], 64);
      ck.expect(o64[3 * i] == f0, "bfe.u64(0x%016" PRIx64 ", pos=%u, len=%u) = 0x%016" PRIx64 " expected 0x%016" PRIx64, la[i], pos[i], len[i], o64[3 * i], f0);
      ck.expect(o64[3 * i + 1] == f1, "bfe.s64(0x%016" PRIx64 ", pos=%u, len=%u) = 0x%016" PRIx64 " expected 0x%016" PRIx64, la[i], pos[i], len[i], o64[3 * i + 1], f1);
      ck.expect(o64[3 * i + 2] == f2, "bfi.b64(0x%016" PRIx64 ", 0x%016" PRIx64 ", pos=%u, len=%u) = 0x%016" PRIx64 " expected 0x%016" PRIx64, la[i], lb[i], pos[i], len[i], o64[3 * i + 2], f2);
    }
    dfree(da); dfree(db); dfree(dp); dfree(dl); dfree(dla); dfree(dlb); dfree(d32); dfree(d64);
  }

  // ---------------- lop3 ----------------
  {
    std::vector<uint32_t> a(N), b(N), c(N);
    for (int i = 0; i < N; i++) { a[i] = rng.next32(); b[i] = rng.next32(); c[i] = rand_u32_mixed(rng); }
    a[0] = 0xF0F0F0F0u; b[0] = 0xCCCCCCCCu; c[0] = 0xAAAAAAAAu;  // truth-table operands: result == LUT replicated
    CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * 14);
    LAUNCH(get_function(ctx, "k_lop3"), GRID, TPB, 0, da, db, dc, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 14);
    static const uint32_t luts[12] = {0x00, 0xFF, 0x96, 0xE8, 0xCA, 0x80, 0xFE, 0x1B, 0x6A, 0xB4, 0x3C, 0xF0};
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < 12; j++) {
        uint32_t e = lop3(a[i], b[i], c[i], luts[j]);
        ck.expect(o[(size_t)i * 14 + j] == e, "lop3(0x%08x,0x%08x,0x%08x, 0x%02x) = 0x%08x expected 0x%08x", a[i], b[i],
                  c[i], luts[j], o[(size_t)i * 14 + j], e);
      }
      uint32_t e12 = (a[i] & b[i]) | (~a[i] & c[i]);
      uint32_t e13 = (a[i] ^ b[i]) & ~c[i];
      ck.u32("select(a,b,c)", i, o[(size_t)i * 14 + 12], e12);
      ck.u32("(a^b)&~c", i, o[(size_t)i * 14 + 13], e13);
    }
    dfree(da); dfree(db); dfree(dc); dfree(dout);
  }
  return ck.finish(ctx);
}
