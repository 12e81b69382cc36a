// Host for cvt_int_float.  Expected results come from the exact integer
// rounding core in e2e.h (no host FPU conversion is involved).
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x12F);
  const int N = 4096;
  std::vector<uint64_t> in(N);
  std::vector<double> din(N);
  std::vector<uint64_t> e64 = edge_u64();
  std::vector<uint32_t> e32 = edge_u32();
  for (int i = 0; i < N; i++) {
    uint64_t v;
    if (i < (int)e64.size()) v = e64[i];
    else if (i < (int)(e64.size() + e32.size())) v = (uint64_t)(int64_t)(int32_t)e32[i - e64.size()];
    else {
      switch (rng.below(5)) {
        case 0: v = rng.next64(); break;
        case 1: v = rng.next64() >> rng.below(64); break;
        case 2: v = (uint64_t)(int64_t)(int32_t)(rng.next32() >> rng.below(32)) * (rng.coin() ? 1 : (uint64_t)-1); break;
        case 3: {  // values at and around rounding ties: k * 2^s + {0, half, half +- 1}
          uint64_t k = rng.next64() >> rng.range(30, 41);
          int s = rng.range(1, 40);
          uint64_t half = 1ull << (s - 1);
          uint64_t off[4] = {0, half, half - 1, half + 1};
          v = (k << s) + off[rng.below(4)];
          if (rng.coin()) v = (uint64_t)0 - v;
          break;
        }
        default: v = (rng.next64() | 0x8000000000000000ull) >> rng.below(3); break;
      }
    }
    in[i] = v;
    switch (rng.below(4)) {
      case 0: din[i] = rand_f64_exp(rng, -160, 130); break;  // subnormal / overflowing float results
      case 1: din[i] = rand_f64_exp(rng, -20, 20); break;
      case 2: din[i] = (double)rng.uniform(-4, 4) * (1.0 + std::ldexp((double)rng.range(-3, 3), -24)); break;  // near ties
      default: {
        static const double sp[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 3.4028235677973366e38, 3.4028234663852886e38,
                                    3.40282357e38, 1.401298464324817e-45, 7.006492321624085e-46, 7.0064923216240854e-46,
                                    -1.0e-50, 1.1754942106924411e-38, 1e300};
        din[i] = sp[rng.below(14)];
      }
    }
  }
  CUdeviceptr din_u = upload(in), din_d = upload(din);
  CUdeviceptr dof = alloc_out<float>((size_t)N * 22), dod = alloc_out<double>((size_t)N * 14);
  LAUNCH(get_function(ctx, "k_i2f"), N / 256, 256, 0, din_u, din_d, dof, dod, N);
  std::vector<float> of = download<float>(dof, (size_t)N * 22);
  std::vector<double> od = download<double>(dod, (size_t)N * 14);
  for (int i = 0; i < N; i++) {
    uint64_t u = in[i];
    int32_t s32 = (int32_t)(uint32_t)u;
    uint32_t u32 = (uint32_t)u;
    int64_t s64 = (int64_t)u;
    double d = din[i];
    uint32_t ef[22];
    for (int r = 0; r < 4; r++) {
      Rnd m = (Rnd)r;
      ef[0 + r] = (uint32_t)round_i64_to(s32, kF32, m);
      ef[4 + r] = (uint32_t)round_u64_to(u32, kF32, m);
      ef[8 + r] = (uint32_t)round_i64_to(s64, kF32, m);
      ef[12 + r] = (uint32_t)round_u64_to(u, kF32, m);
      ef[18 + r] = (uint32_t)round_double_to(d, kF32, m);
    }
    ef[16] = ef[0];
    ef[17] = ef[12];
    static const char* fn[22] = {"int2float_rn", "int2float_rz", "int2float_ru", "int2float_rd", "uint2float_rn",
                                 "uint2float_rz", "uint2float_ru", "uint2float_rd", "ll2float_rn", "ll2float_rz",
                                 "ll2float_ru", "ll2float_rd", "ull2float_rn", "ull2float_rz", "ull2float_ru",
                                 "ull2float_rd", "(float)int", "(float)ull", "double2float_rn", "double2float_rz",
                                 "double2float_ru", "double2float_rd"};
    for (int k = 0; k < 22; k++) {
      uint32_t g = f2u(of[(size_t)i * 22 + k]);
      bool ok = g == ef[k] || (f32_bits_isnan(g) && f32_bits_isnan(ef[k]));
      if (k >= 18)
        ck.expect(ok, "__%s(%a): got %a (0x%08x) expected %a (0x%08x)", fn[k], d, u2f(g), g, u2f(ef[k]), ef[k]);
      else
        ck.expect(ok, "__%s(0x%016" PRIx64 "): got %a (0x%08x) expected %a (0x%08x)", fn[k], u, u2f(g), g, u2f(ef[k]), ef[k]);
    }
    uint64_t ed[14];
    ed[0] = round_i64_to(s32, kF64, RN);
    ed[1] = round_u64_to(u32, kF64, RN);
    for (int r = 0; r < 4; r++) {
      ed[2 + r] = round_i64_to(s64, kF64, (Rnd)r);
      ed[6 + r] = round_u64_to(u, kF64, (Rnd)r);
    }
    ed[10] = d2u((double)u2f(ef[18]));
    ed[11] = ed[2];
    ed[12] = d2u(d) ^ 0x8000000000000000ull;
    ed[13] = d2u(d) + 1;
    static const char* dn[14] = {"int2double_rn", "uint2double_rn", "ll2double_rn", "ll2double_rz", "ll2double_ru",
                                 "ll2double_rd", "ull2double_rn", "ull2double_rz", "ull2double_ru", "ull2double_rd",
                                 "(double)double2float_rn", "(double)ll", "hiloint2double(neg)", "longlong_as_double+1"};
    for (int k = 0; k < 14; k++) {
      uint64_t g = d2u(od[(size_t)i * 14 + k]);
      bool ok = g == ed[k] || (k != 12 && k != 13 && f64_bits_isnan(g) && f64_bits_isnan(ed[k]));
      ck.expect(ok, "__%s(u=0x%016" PRIx64 ", d=%a): got %a (0x%016" PRIx64 ") expected %a (0x%016" PRIx64 ")", dn[k], u,
                d, u2d(g), g, u2d(ed[k]), ed[k]);
    }
  }
  dfree(din_u); dfree(din_d); dfree(dof); dfree(dod);
  return ck.finish(ctx);
}
