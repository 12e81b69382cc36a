// Host for bf16_arith.  Expected values are exact results rounded once to
// bfloat16 (round to nearest even) with the integer rounding core; bit-exact
// comparison except that any NaN matches any NaN and zero signs produced
// from zero operands of min/max/relu are not checked.
#include "e2e.h"
using namespace e2e;

static double D(uint16_t h) { return bf16_to_double(h); }
static bool isnanb(uint16_t h) { return bf16_bits_isnan(h); }
static uint16_t bmin(uint16_t a, uint16_t b, bool prop) {
  if (isnanb(a) || isnanb(b)) return (prop || (isnanb(a) && isnanb(b))) ? 0x7FFF : (isnanb(a) ? b : a);
  return D(a) < D(b) ? a : b;
}
static uint16_t bmax(uint16_t a, uint16_t b, bool prop) {
  if (isnanb(a) || isnanb(b)) return (prop || (isnanb(a) && isnanb(b))) ? 0x7FFF : (isnanb(a) ? b : a);
  return D(a) > D(b) ? a : b;
}
static uint16_t gen(Rng& r) {
  auto mk = [&](int e) { return (uint16_t)(((e + 127) << 7) | (r.next32() & 0x7F) | (r.coin() ? 0x8000 : 0)); };
  switch (r.below(8)) {
    case 0: return (uint16_t)r.next32();
    case 1: return (uint16_t)(r.next32() & 0x807F);  // subnormal
    case 2: return mk(r.range(115, 127));            // overflow-prone
    case 3: return mk(r.range(-126, -110));          // underflow-prone
    default: return mk(r.range(-10, 10));
  }
}
static bool beq(uint16_t g, uint16_t e, bool any_zero) {
  if (g == e) return true;
  if (isnanb(g) && isnanb(e)) return true;
  return any_zero && (g & 0x7FFF) == 0 && (e & 0x7FFF) == 0;
}
static uint16_t expect(int k, uint16_t x, uint16_t y, uint16_t z, bool* any_zero) {
  *any_zero = false;
  switch (k) {
    case 0: case 11: return (uint16_t)exact_add_to(D(x), D(y), kBF16, RN);
    case 1: case 13: return (uint16_t)exact_sub_to(D(x), D(y), kBF16, RN);
    case 2: case 12: return (uint16_t)exact_mul_to(D(x), D(y), kBF16, RN);
    case 3: return (uint16_t)exact_fma_to(D(x), D(y), D(z), kBF16, RN);
    case 4: return x ^ 0x8000;
    case 5: return x & 0x7FFF;
    case 6: *any_zero = D(x) == 0 && D(y) == 0; return bmin(x, y, false);
    case 7: *any_zero = D(x) == 0 && D(y) == 0; return bmax(x, y, false);
    case 8: *any_zero = D(x) == 0 && D(y) == 0; return bmin(x, y, true);
    case 9: *any_zero = D(x) == 0 && D(y) == 0; return bmax(x, y, true);
    default: {  // fma + relu
      uint16_t r = (uint16_t)exact_fma_to(D(x), D(y), D(z), kBF16, RN);
      *any_zero = D(r) == 0;
      if (isnanb(r)) return 0x7FFF;
      return D(r) < 0 ? 0 : r;
    }
  }
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xBF16);
  const int N = 4096;
  static const char* names[14] = {"__hadd", "__hsub", "__hmul", "__hfma", "__hneg", "__habs", "__hmin",
                                  "__hmax", "__hmin_nan", "__hmax_nan", "__hfma_relu", "__hadd_rn", "__hmul_rn",
                                  "__hsub_rn"};
  {
    std::vector<uint16_t> a(N), b(N), c(N);
    for (int i = 0; i < N; i++) { a[i] = gen(rng); b[i] = gen(rng); c[i] = gen(rng); }
    static const uint16_t sp[] = {0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F80, 0xFF80, 0x7FC0, 0x0001, 0x8001, 0x007F, 0x0080, 0x7F7F, 0xFF7F, 0x3F00};
    for (int p = 0; p < 14; p++) for (int q = 0; q < 14; q++) { a[p * 14 + q] = sp[p]; b[p * 14 + q] = sp[q]; }
    CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
    CUdeviceptr dout = alloc_out<uint16_t>((size_t)N * 14), dfl = alloc_out<uint32_t>(N);
    LAUNCH(get_function(ctx, "k_bf16"), N / 256, 256, 0, da, db, dc, dout, dfl, N);
    std::vector<uint16_t> o = download<uint16_t>(dout, (size_t)N * 14);
    std::vector<uint32_t> fl = download<uint32_t>(dfl, N);
    for (int i = 0; i < N; i++) {
      uint16_t x = a[i], y = b[i], z = c[i];
      for (int k = 0; k < 14; k++) {
        bool any_zero;
        uint16_t e = expect(k, x, y, z, &any_zero);
        uint16_t g = o[(size_t)i * 14 + k];
        ck.expect(beq(g, e, any_zero), "%s(0x%04x [%g], 0x%04x [%g], 0x%04x [%g]) = 0x%04x [%g], expected 0x%04x [%g]",
                  names[k], x, D(x), y, D(y), z, D(z), g, D(g), e, D(e));
      }
      double dx = D(x), dy = D(y);
      bool un = std::isnan(dx) || std::isnan(dy);
      unsigned f = (unsigned)(dx == dy) | ((unsigned)(!un && dx != dy) << 1) | ((unsigned)(dx < dy) << 2) |
                   ((unsigned)(dx <= dy) << 3) | ((unsigned)(dx > dy) << 4) | ((unsigned)(dx >= dy) << 5) |
                   ((unsigned)(un || dx == dy) << 6) | ((unsigned)(dx != dy) << 7) | ((unsigned)(un || dx < dy) << 8) |
                   ((unsigned)(un || dx >= dy) << 9) | ((unsigned)std::isnan(dx) << 10) |
                   ((unsigned)(std::isinf(dx) ? (dx > 0 ? 2 : 0) : 1) << 11);
      ck.expect(fl[i] == f, "bf16 compare/classify flags (0x%04x, 0x%04x): got 0x%04x expected 0x%04x", x, y, fl[i], f);
    }
    dfree(da); dfree(db); dfree(dc); dfree(dout); dfree(dfl);
  }
  {
    std::vector<uint32_t> a(N), b(N), c(N);
    for (int i = 0; i < N; i++) {
      a[i] = gen(rng) | ((uint32_t)gen(rng) << 16);
      b[i] = gen(rng) | ((uint32_t)gen(rng) << 16);
      c[i] = gen(rng) | ((uint32_t)gen(rng) << 16);
    }
    CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * 8);
    LAUNCH(get_function(ctx, "k_bf162"), N / 256, 256, 0, da, db, dc, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 8);
    static const int lanek[8] = {0, 1, 2, 3, 6, 7, 4, 5};
    static const char* names2[8] = {"__hadd2", "__hsub2", "__hmul2", "__hfma2", "__hmin2", "__hmax2", "__hneg2", "__habs2"};
    for (int i = 0; i < N; i++)
      for (int k = 0; k < 8; k++)
        for (int lane = 0; lane < 2; lane++) {
          uint16_t x = (uint16_t)(a[i] >> (16 * lane)), y = (uint16_t)(b[i] >> (16 * lane)), z = (uint16_t)(c[i] >> (16 * lane));
          bool any_zero;
          uint16_t e = expect(lanek[k], x, y, z, &any_zero);
          uint16_t g = (uint16_t)(o[(size_t)i * 8 + k] >> (16 * lane));
          ck.expect(beq(g, e, any_zero), "%s lane %d (0x%04x, 0x%04x, 0x%04x): got 0x%04x expected 0x%04x", names2[k],
                    lane, x, y, z, g, e);
        }
    dfree(da); dfree(db); dfree(dc); dfree(dout);
  }
  return ck.finish(ctx);
}
