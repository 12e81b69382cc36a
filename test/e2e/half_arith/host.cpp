// Host for half_arith.  Expected values: exact results (computed in double,
// which holds sums/products of halves exactly; fma through the exact fma
// helper) rounded once to binary16 with the integer rounding core.
// __hdiv and hsqrt are implemented with approximate float instructions and
// are allowed one half-ulp of error; everything else is bit-exact (any NaN
// matches any NaN; the sign of a zero produced by min/max/sat/relu of
// zero operands is not checked).
#include "e2e.h"
using namespace e2e;

static double D(uint16_t h) { return half_to_double(h); }
static uint16_t R(double v) { return (uint16_t)round_double_to(v, kF16, RN); }
static bool isnanh(uint16_t h) { return f16_bits_isnan(h); }
static uint16_t sat(uint16_t r) {
  double v = D(r);
  if (std::isnan(v)) return 0;
  if (v > 1.0) return 0x3C00;
  if (v < 0) return 0;
  return r;
}
static uint16_t hmin(uint16_t a, uint16_t b, bool prop) {
  if (isnanh(a) || isnanh(b)) return (prop || (isnanh(a) && isnanh(b))) ? 0x7FFF : (isnanh(a) ? b : a);
  return D(a) < D(b) ? a : b;
}
static uint16_t hmax(uint16_t a, uint16_t b, bool prop) {
  if (isnanh(a) || isnanh(b)) return (prop || (isnanh(a) && isnanh(b))) ? 0x7FFF : (isnanh(a) ? b : a);
  return D(a) > D(b) ? a : b;
}
static uint16_t relu(uint16_t r) {
  if (isnanh(r)) return 0x7FFF;
  return D(r) < 0 ? 0 : r;
}
static uint16_t gen(Rng& r) {
  switch (r.below(8)) {
    case 0: case 1: return (uint16_t)r.next32();  // any pattern: NaN, inf, subnormal...
    case 2: return (uint16_t)(r.next32() & 0x83FF);  // subnormals
    case 3: return (uint16_t)(((r.range(-3, 2) + 15) << 10) | (r.next32() & 0x3FF) | (r.coin() ? 0x8000 : 0));  // near [0,1]
    case 4: return (uint16_t)(((r.range(10, 15) + 15) << 10) | (r.next32() & 0x3FF) | (r.coin() ? 0x8000 : 0));  // large
    default: return (uint16_t)(((r.range(-6, 6) + 15) << 10) | (r.next32() & 0x3FF) | (r.coin() ? 0x8000 : 0));
  }
}
// Equality with the NaN / zero-sign allowances.
static bool heq(uint16_t g, uint16_t e, bool any_zero) {
  if (g == e) return true;
  if (isnanh(g) && isnanh(e)) return true;
  if (any_zero && (g & 0x7FFF) == 0 && (e & 0x7FFF) == 0) return true;
  return false;
}
static bool within1(uint16_t g, uint16_t e) {
  if (heq(g, e, false)) return true;
  if (isnanh(g) || isnanh(e)) return false;
  if ((g & 0x8000) != (e & 0x8000)) return (g & 0x7FFF) == 0 && (e & 0x7FFF) == 0;
  int d = (int)(g & 0x7FFF) - (int)(e & 0x7FFF);
  return d == 1 || d == -1;
}
static uint16_t lane_expect(int k, uint16_t x, uint16_t y, uint16_t z, bool* any_zero, bool* approx) {
  *any_zero = false;
  *approx = false;
  switch (k) {
    case 0: return (uint16_t)exact_add_to(D(x), D(y), kF16, RN);
    case 1: return (uint16_t)exact_sub_to(D(x), D(y), kF16, RN);
    case 2: return (uint16_t)exact_mul_to(D(x), D(y), kF16, RN);
    case 3: return (uint16_t)exact_fma_to(D(x), D(y), D(z), kF16, RN);
    case 4: return x ^ 0x8000;
    case 5: return x & 0x7FFF;
    case 6: *any_zero = D(x) == 0 && D(y) == 0; return hmin(x, y, false);
    case 7: *any_zero = D(x) == 0 && D(y) == 0; return hmax(x, y, false);
    case 8: *any_zero = D(x) == 0 && D(y) == 0; return hmin(x, y, true);
    case 9: *any_zero = D(x) == 0 && D(y) == 0; return hmax(x, y, true);
    case 10: { uint16_t r = (uint16_t)exact_add_to(D(x), D(y), kF16, RN); *any_zero = D(r) == 0; return sat(r); }
    case 11: { uint16_t r = (uint16_t)exact_mul_to(D(x), D(y), kF16, RN); *any_zero = D(r) == 0; return sat(r); }
    case 12: { uint16_t r = (uint16_t)exact_fma_to(D(x), D(y), D(z), kF16, RN); *any_zero = D(r) == 0; return sat(r); }
    case 13: { uint16_t r = (uint16_t)exact_fma_to(D(x), D(y), D(z), kF16, RN); *any_zero = D(r) == 0; return relu(r); }
    case 14: *approx = true; return R(D(x) / D(y));
    case 15: *approx = true; return R(std::sqrt(D(x)));
    case 16: return (uint16_t)exact_add_to(D(x), D(y), kF16, RN);
    default: return (uint16_t)exact_mul_to(D(x), D(y), kF16, RN);
  }
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x4A1F);
  const int N = 4096;
  static const char* names[18] = {"__hadd", "__hsub", "__hmul", "__hfma", "__hneg", "__habs", "__hmin", "__hmax",
                                  "__hmin_nan", "__hmax_nan", "__hadd_sat", "__hmul_sat", "__hfma_sat", "__hfma_relu",
                                  "__hdiv", "hsqrt", "__hadd_rn", "__hmul_rn"};
  {
    std::vector<uint16_t> a(N), b(N), c(N);
    for (int i = 0; i < N; i++) { a[i] = gen(rng); b[i] = gen(rng); c[i] = gen(rng); }
    static const uint16_t sp[] = {0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x8001, 0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x3800};
    for (int p = 0; p < 14; p++) for (int q = 0; q < 14; q++) { a[p * 14 + q] = sp[p]; b[p * 14 + q] = sp[q]; }
    CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
    CUdeviceptr dout = alloc_out<uint16_t>((size_t)N * 18), dfl = alloc_out<uint32_t>(N);
    LAUNCH(get_function(ctx, "k_half"), N / 256, 256, 0, da, db, dc, dout, dfl, N);
    std::vector<uint16_t> o = download<uint16_t>(dout, (size_t)N * 18);
    std::vector<uint32_t> fl = download<uint32_t>(dfl, N);
    for (int i = 0; i < N; i++) {
      uint16_t x = a[i], y = b[i], z = c[i];
      for (int k = 0; k < 18; k++) {
        bool any_zero, approx;
        uint16_t e = lane_expect(k, x, y, z, &any_zero, &approx);
        uint16_t g = o[(size_t)i * 18 + k];
        bool ok = approx ? within1(g, e) : heq(g, e, any_zero);
        ck.expect(ok, "%s(0x%04x [%g], 0x%04x [%g], 0x%04x [%g]) = 0x%04x [%g], expected 0x%04x [%g]%s", names[k], x,
                  D(x), y, D(y), z, D(z), g, D(g), e, D(e), approx ? " (+-1 ulp)" : "");
      }
      double dx = D(x), dy = D(y);
      bool un = std::isnan(dx) || std::isnan(dy);
      unsigned f = (unsigned)(dx == dy) | ((unsigned)(!un && dx != dy) << 1) | ((unsigned)(dx < dy) << 2) |
                   ((unsigned)(dx <= dy) << 3) | ((unsigned)(dx > dy) << 4) | ((unsigned)(dx >= dy) << 5) |
                   ((unsigned)(un || dx == dy) << 6) | ((unsigned)(dx != dy) << 7) | ((unsigned)(un || dx < dy) << 8) |
                   ((unsigned)(un || dx <= dy) << 9) | ((unsigned)(un || dx > dy) << 10) |
                   ((unsigned)(un || dx >= dy) << 11) | ((unsigned)std::isnan(dx) << 12) |
                   ((unsigned)(std::isinf(dx) ? (dx > 0 ? 2 : 0) : 1) << 13);
      ck.expect(fl[i] == f, "half compare/classify flags (0x%04x, 0x%04x): got 0x%04x expected 0x%04x", x, y, fl[i], f);
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
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * 14);
    LAUNCH(get_function(ctx, "k_half2"), N / 256, 256, 0, da, db, dc, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 14);
    static const int lanek[10] = {0, 1, 2, 3, 4, 5, 6, 7, 10, 13};
    static const char* names2[14] = {"__hadd2", "__hsub2", "__hmul2", "__hfma2", "__hneg2", "__habs2", "__hmin2",
                                     "__hmax2", "__hadd2_sat", "__hfma2_relu", "__lowhigh2highlow", "__lows2half2",
                                     "__highs2half2", "low2half2*high2half2"};
    for (int i = 0; i < N; i++) {
      for (int k = 0; k < 14; k++) {
        uint32_t g = o[(size_t)i * 14 + k];
        for (int lane = 0; lane < 2; lane++) {
          uint16_t x = (uint16_t)(a[i] >> (16 * lane)), y = (uint16_t)(b[i] >> (16 * lane)), z = (uint16_t)(c[i] >> (16 * lane));
          uint16_t gl = (uint16_t)(g >> (16 * lane)), e;
          bool any_zero = false, approx = false;
          if (k < 10) e = lane_expect(lanek[k], x, y, z, &any_zero, &approx);
          else if (k == 10) e = (uint16_t)(a[i] >> (16 * (1 - lane)));
          else if (k == 11) e = lane == 0 ? (uint16_t)a[i] : (uint16_t)b[i];
          else if (k == 12) e = lane == 0 ? (uint16_t)(a[i] >> 16) : (uint16_t)(b[i] >> 16);
          else e = (uint16_t)exact_mul_to(D((uint16_t)a[i]), D((uint16_t)(b[i] >> 16)), kF16, RN);
          bool ok = heq(gl, e, any_zero) || (k >= 10 && k <= 12 && gl == e);
          if (k >= 10 && k <= 12) ok = gl == e;  // pure data movement: exact bits
          ck.expect(ok, "%s lane %d (a=0x%08x b=0x%08x c=0x%08x): got 0x%04x expected 0x%04x", names2[k], lane, a[i],
                    b[i], c[i], gl, e);
        }
      }
    }
    dfree(da); dfree(db); dfree(dc); dfree(dout);
  }
  return ck.finish(ctx);
}
