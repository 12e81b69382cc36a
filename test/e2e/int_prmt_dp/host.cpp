// Host for int_prmt_dp: prmt (every mode, reference tables typed in from the
// PTX ISA mode table), __byte_perm, dp4a/dp2a in all signedness combinations.
#include "e2e.h"
using namespace e2e;

static uint32_t byte_of(uint32_t a, uint32_t b, int idx) {
  uint64_t v = ((uint64_t)b << 32) | a;
  return (uint32_t)(v >> (8 * idx)) & 0xFFu;
}
static uint32_t prmt_default(uint32_t a, uint32_t b, uint32_t c, bool use_sign) {
  uint32_t r = 0;
  for (int k = 0; k < 4; k++) {
    uint32_t nib = (c >> (4 * k)) & 0xF;
    uint32_t byte = byte_of(a, b, nib & 7);
    if (use_sign && (nib & 8)) byte = (byte & 0x80) ? 0xFF : 0x00;
    r |= byte << (8 * k);
  }
  return r;
}
// Rows: selector 0..3; columns: source byte for d.b0, d.b1, d.b2, d.b3.
static const int kF4E[4][4] = {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}};
static const int kB4E[4][4] = {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}};
static const int kRC8[4][4] = {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}};
static const int kECL[4][4] = {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}};
static const int kECR[4][4] = {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}};
static const int kRC16[4][4] = {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}};
static uint32_t prmt_mode(uint32_t a, uint32_t b, uint32_t c, const int (*tab)[4]) {
  uint32_t r = 0;
  for (int k = 0; k < 4; k++) r |= byte_of(a, b, tab[c & 3][k]) << (8 * k);
  return r;
}
static int64_t sb(uint32_t v, int k, bool sgn) {  // byte k
  uint32_t x = (v >> (8 * k)) & 0xFF;
  return sgn ? (int64_t)(int8_t)x : (int64_t)x;
}
static int64_t sh(uint32_t v, int k, bool sgn) {  // 16-bit half k
  uint32_t x = (v >> (16 * k)) & 0xFFFF;
  return sgn ? (int64_t)(int16_t)x : (int64_t)x;
}
static uint32_t dp4a(uint32_t a, uint32_t b, uint32_t c, bool sa, bool sbb) {
  int64_t acc = 0;
  for (int k = 0; k < 4; k++) acc += sb(a, k, sa) * sb(b, k, sbb);
  return (uint32_t)((uint64_t)acc + c);
}
static uint32_t dp2a(uint32_t a, uint32_t b, uint32_t c, bool sa, bool sbb, bool hi) {
  int64_t acc = 0;
  for (int k = 0; k < 2; k++) acc += sh(a, k, sa) * sb(b, k + (hi ? 2 : 0), sbb);
  return (uint32_t)((uint64_t)acc + c);
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x9E47);
  const int N = 4096;
  const unsigned TPB = 128, GRID = N / TPB;
  {
    std::vector<uint32_t> a(N), b(N), s(N);
    for (int i = 0; i < N; i++) {
      a[i] = rng.next32();
      b[i] = rng.next32();
      s[i] = (i < 16) ? (uint32_t)i * 0x1111u : (i < 64 ? (uint32_t)i : rng.next32());
    }
    a[0] = 0x83828180u; b[0] = 0x07060504u;  // sign bits set in the low word, clear in the high word
    CUdeviceptr da = upload(a), db = upload(b), ds = upload(s);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * 9);
    LAUNCH(get_function(ctx, "k_prmt"), GRID, TPB, 0, da, db, ds, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 9);
    static const char* names[9] = {"prmt", "__byte_perm", "prmt.f4e", "prmt.b4e", "prmt.rc8", "prmt.ecl",
                                   "prmt.ecr", "prmt.rc16", "byte_perm const"};
    for (int i = 0; i < N; i++) {
      uint32_t x = a[i], y = b[i], c = s[i];
      uint32_t e[9];
      e[0] = prmt_default(x, y, c, true);
      e[1] = prmt_default(x, y, c & 0x7777u, false);
      e[2] = prmt_mode(x, y, c, kF4E);
      e[3] = prmt_mode(x, y, c, kB4E);
      e[4] = prmt_mode(x, y, c, kRC8);
      e[5] = prmt_mode(x, y, c, kECL);
      e[6] = prmt_mode(x, y, c, kECR);
      e[7] = prmt_mode(x, y, c, kRC16);
      uint32_t bswap = ((x & 0xFF) << 24) | ((x & 0xFF00) << 8) | ((x >> 8) & 0xFF00) | (x >> 24);
      e[8] = bswap ^ (x & 0xFFu);
      for (int j = 0; j < 9; j++)
        ck.expect(o[(size_t)i * 9 + j] == e[j], "%s(a=0x%08x, b=0x%08x, c=0x%08x) = 0x%08x expected 0x%08x", names[j],
                  x, y, c, o[(size_t)i * 9 + j], e[j]);
    }
    dfree(da); dfree(db); dfree(ds); dfree(dout);
  }
  {
    std::vector<uint32_t> a, b, c(N);
    make_pairs_u32(rng, N, a, b);
    for (auto& v : c) v = rand_u32_mixed(rng);
    a[N - 1] = 0x80808080u; b[N - 1] = 0x80808080u; c[N - 1] = 0x7FFFFFFFu;  // accumulate overflow
    a[N - 2] = 0x80008000u; b[N - 2] = 0xFFFFFFFFu; c[N - 2] = 0x80000000u;
    CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * 12);
    LAUNCH(get_function(ctx, "k_dp"), GRID, TPB, 0, da, db, dc, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 12);
    static const char* names[12] = {"dp4a.s32.s32", "dp4a.u32.u32", "dp4a.s32.u32", "dp4a.u32.s32",
                                    "dp2a.lo.s32.s32", "dp2a.lo.u32.u32", "dp2a.hi.s32.s32", "dp2a.hi.u32.u32",
                                    "dp2a.lo.s32.u32", "dp2a.hi.u32.s32", "manual s8 dot", "manual u8 dot"};
    for (int i = 0; i < N; i++) {
      uint32_t x = a[i], y = b[i], z = c[i];
      uint32_t e[12];
      e[0] = dp4a(x, y, z, true, true);
      e[1] = dp4a(x, y, z, false, false);
      e[2] = dp4a(x, y, z, true, false);
      e[3] = dp4a(x, y, z, false, true);
      e[4] = dp2a(x, y, z, true, true, false);
      e[5] = dp2a(x, y, z, false, false, false);
      e[6] = dp2a(x, y, z, true, true, true);
      e[7] = dp2a(x, y, z, false, false, true);
      e[8] = dp2a(x, y, z, true, false, false);
      e[9] = dp2a(x, y, z, false, true, true);
      e[10] = e[0];
      e[11] = e[1];
      for (int j = 0; j < 12; j++)
        ck.expect(o[(size_t)i * 12 + j] == e[j], "%s(a=0x%08x, b=0x%08x, c=0x%08x) = 0x%08x expected 0x%08x", names[j],
                  x, y, z, o[(size_t)i * 12 + j], e[j]);
    }
    dfree(da); dfree(db); dfree(dc); dfree(dout);
  }
  return ck.finish(ctx);
}
