// Host for cvt_lowp.  The references are written from the PTX ISA text and
// pinned to what an NVIDIA H200 returns where the text leaves a choice
// (docs/lowering.md "cvt"):
//  * f32/f16 -> e4m3/e5m2 (.rn.satfinite): nearest-even among the finite
//    encodings (found by search over the encoding table, not by bit tricks),
//    |x| above the largest finite value (and +-inf) -> +-max finite, NaN ->
//    0x7F; .relu: a result with the sign set (negative values, -0) -> +0,
//    NaN stays 0x7F.
//  * e4m3/e5m2 -> f16: exact; NaN -> canonical 0x7FFF; .relu as above.
//  * f32 -> f16/bf16 .relu/.satfinite: the correctly rounded value; .relu:
//    sign set -> +0, NaN -> 0x7FFF; .satfinite: +-inf -> +-max finite,
//    NaN -> 0x7FFF.
//  * f32 -> tf32: an f32 bit pattern with the low 13 bits clear, rounded
//    in .rna (ties away), .rn or .rz; NaN: .rn/.rz -> 0x7FFFE000, .rna ->
//    the NaN's pattern with the low 13 bits cleared (0x7F800001 becomes
//    +inf); .rna.satfinite: an all-ones exponent field loses one ulp
//    (+-inf -> +-0x7F7FE000, a NaN stays a NaN); .relu as above.
#include "e2e.h"
using namespace e2e;

namespace {

struct F8 {
  int ebits, mbits, maxenc;
};
constexpr F8 kE4M3{4, 3, 0x7E}, kE5M2{5, 2, 0x7B};
constexpr Fmt kTF32{8, 10};

double f8_mag(unsigned enc, F8 f) {
  int bias = (1 << (f.ebits - 1)) - 1;
  unsigned e = enc >> f.mbits, m = enc & ((1u << f.mbits) - 1);
  return e == 0 ? std::ldexp((double)m, 1 - bias - f.mbits)
                : std::ldexp((double)(m | (1u << f.mbits)), (int)e - bias - f.mbits);
}

uint8_t ref_f8(double v, F8 f, bool relu) {
  if (std::isnan(v)) return 0x7F;
  bool neg = std::signbit(v);
  double a = std::fabs(v);
  unsigned enc;
  if (a >= f8_mag(f.maxenc, f)) {
    enc = f.maxenc;
  } else {
    unsigned lo = 0;
    while (f8_mag(lo + 1, f) <= a) lo++;
    double dl = a - f8_mag(lo, f), dh = f8_mag(lo + 1, f) - a;
    enc = dl < dh ? lo : dh < dl ? lo + 1 : ((lo & 1) ? lo + 1 : lo);
  }
  if (relu && neg) return 0;
  return (uint8_t)(enc | (neg ? 0x80 : 0));
}

double f8_decode(unsigned b, F8 f) {
  unsigned mag = b & 0x7F;
  bool nan = f.ebits == 4 ? mag == 0x7F : mag > 0x7C;
  if (nan) return NAN;
  double v = (f.ebits == 5 && mag == 0x7C) ? INFINITY : f8_mag(mag, f);
  return (b & 0x80) ? -v : v;
}
uint16_t ref_f8_to_f16(unsigned b, F8 f, bool relu) {
  double v = f8_decode(b, f);
  if (std::isnan(v)) return 0x7FFF;
  if (relu && std::signbit(v)) return 0;
  return (uint16_t)round_double_to(v, kF16, RN);
}

uint16_t ref_h(float x, Fmt f, Rnd r, bool relu, bool satf) {
  if (std::isnan(x)) return 0x7FFF;
  uint16_t h = (uint16_t)round_double_to(x, f, r);
  if (satf && (h & 0x7FFF) == (uint16_t)inf_bits(f, false)) h = (uint16_t)((h & 0x8000) | (inf_bits(f, false) - 1));
  if (relu && (h & 0x8000)) h = 0;
  return h;
}

// 0: rna, 1: rn, 2: rz
uint32_t ref_tf32(float x, int mode, bool relu, bool satf) {
  uint32_t u;
  if (std::isnan(x)) {
    if (mode != 0) return 0x7FFFE000u;  // .rn/.rz (and .relu): canonical NaN, low bits clear
    u = f2u(x) & 0xFFFFE000u;           // .rna: the pattern truncated, sign kept
  } else {
    uint32_t t;
    if (std::isinf(x)) {
      t = (uint32_t)inf_bits(kTF32, x < 0);
    } else if (mode != 0) {
      t = (uint32_t)round_double_to(x, kTF32, mode == 1 ? RN : RZ);
    } else {
      // Ties away from zero: the truncated value or the next one, by distance.
      uint32_t lo = (uint32_t)round_double_to(x, kTF32, RZ);
      uint32_t mag = lo & 0x3FFFF, sgn = lo & 0x40000;
      double a = std::fabs((double)x), vl = std::fabs(decode_bits(lo, kTF32));
      double vh = std::fabs(decode_bits(sgn | (mag + 1), kTF32));
      if (std::isinf(vh)) vh = std::ldexp(1.0, 128);
      t = (a - vl >= vh - a && a != vl) ? (sgn | (mag + 1)) : lo;
    }
    u = t << 13;
    if (relu && (u & 0x80000000u)) return 0;
  }
  // .satfinite (.rna): an all-ones exponent loses one tf32 ulp: +-inf ->
  // +-max finite, and a NaN stays a NaN 0x2000 below (observed on an H200).
  if (satf && (u & 0x7F800000u) == 0x7F800000u) u -= 0x2000u;
  return u;
}

uint16_t f16_rn(float x) { return (uint16_t)round_double_to(x, kF16, RN); }

}  // namespace

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xF8F8);
  // ---------------- f32 -> FP8 / f16 / bf16 / tf32 ----------------
  {
    std::vector<float> sp = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, u2f(0x7F800001u), u2f(0xFFC00001u),
                             448.0f, -448.0f, 464.0f, 464.00003f, 479.9f, 480.0f, 1e6f, -1e6f, 57344.0f, 61439.996f,
                             61440.0f, -61440.0f, 65504.0f, 65519.996f, 65520.0f, -65520.0f, 3.3895314e38f,
                             3.3961776e38f, 3.4028235e38f, -3.4028235e38f, u2f(0x7F7FF000u), u2f(0x7F7FEFFFu),
                             std::ldexp(1.0f, -9), std::ldexp(1.0f, -10), -std::ldexp(1.0f, -10),
                             std::ldexp(1.5f, -10), std::ldexp(3.0f, -11), std::ldexp(1.0f, -16),
                             std::ldexp(1.0f, -17), -std::ldexp(1.0f, -17), std::ldexp(3.0f, -18),
                             std::ldexp(1.0f, -18), std::ldexp(1.0f, -6), std::ldexp(1.0f, -14), 1.0f + 1.0f / 16,
                             1.0f + 3.0f / 16, -(1.0f + 1.0f / 16), 1.0f + 1.0f / 8, 1.0f + 3.0f / 8, -1.0f - 3.0f / 8,
                             1.0f, -1.0f, 0.5f, u2f(0x3F801000u), u2f(0x3F803000u), u2f(0x3F801001u),
                             u2f(0xBF801000u), u2f(0x00001000u), u2f(0x00003000u), u2f(0x00000001u),
                             u2f(0x80001FFFu), u2f(0x007FF000u), u2f(0x007FFFFFu), 5.9604645e-08f, 2.9802322e-08f,
                             -2.9802322e-08f, 6.1035156e-05f, u2f(0x3F808000u), u2f(0x3F818000u), u2f(0x3F810000u)};
    const int N = 8192;
    std::vector<float> x(N);
    for (int i = 0; i < N; i++) {
      if (i < (int)sp.size()) { x[i] = sp[i]; continue; }
      switch (rng.below(7)) {
        case 0: x[i] = rand_f32_exp(rng, -20, 17); break;  // FP8 range with subnormals and overflow
        case 1: {                                           // exact e4m3 / e5m2 ties and neighbours
          F8 f = rng.coin() ? kE4M3 : kE5M2;
          unsigned e = rng.below(f.maxenc);
          double m = (f8_mag(e, f) + f8_mag(e + 1, f)) / 2;
          x[i] = (float)m;
          if (rng.coin()) x[i] = u2f(f2u(x[i]) + (uint32_t)rng.range(-1, 1));
          if (rng.coin()) x[i] = -x[i];
          break;
        }
        case 2: x[i] = u2f((rng.next32() & 0xFFFFE000u) | 0x1000u); break;  // tf32 ties
        case 3: x[i] = u2f(rng.next32()); break;
        case 4: x[i] = rand_f32_exp(rng, -26, 17); break;  // half range
        case 5: x[i] = u2f((rng.next32() & 0xFFFF0000u) | 0x8000u); break;  // bf16 ties
        default: x[i] = (float)rng.range(-600, 600) / 4; break;
      }
    }
    CUdeviceptr dx = upload(x);
    const int NF = 24;
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * NF);
    LAUNCH(get_function(ctx, "k_from_f32"), N / 256, 256, 0, dx, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * NF);
    static const char* names[NF] = {
        "cvt.rn.satfinite.e4m3x2.f32", "cvt.rn.satfinite.relu.e4m3x2.f32", "cvt.rn.satfinite.e5m2x2.f32",
        "cvt.rn.satfinite.relu.e5m2x2.f32", "__nv_cvt_float2_to_fp8x2(satfinite, e4m3)",
        "__nv_cvt_float_to_fp8(nosat, e5m2)", "cvt.rn.relu.f16.f32", "cvt.rz.relu.f16.f32", "cvt.rn.relu.bf16.f32",
        "cvt.rz.relu.bf16.f32", "cvt.rn.satfinite.f16.f32", "cvt.rn.satfinite.bf16.f32", "cvt.rz.satfinite.f16.f32",
        "cvt.rn.relu.satfinite.f16x2.f32", "cvt.rn.relu.bf16x2.f32", "cvt.rz.satfinite.bf16x2.f32",
        "cvt.rna.tf32.f32", "cvt.rna.satfinite.tf32.f32", "cvt.rn.tf32.f32", "cvt.rz.tf32.f32",
        "cvt.rn.relu.tf32.f32", "cvt.rz.relu.tf32.f32", "cvt.rn.satfinite.e4m3x2.f16x2",
        "cvt.rn.satfinite.relu.e5m2x2.f16x2"};
    for (int i = 0; i < N; i++) {
      float a = x[i], b = x[N - 1 - i];
      uint32_t e[NF];
      for (int k = 0; k < 4; k++) {
        F8 f = k < 2 ? kE4M3 : kE5M2;
        bool relu = k & 1;
        e[k] = (uint32_t)(ref_f8(a, f, relu) << 8) | ref_f8(b, f, relu);
      }
      e[4] = (uint32_t)(ref_f8(b, kE4M3, false) << 8) | ref_f8(a, kE4M3, false);
      e[5] = std::isnan(a) ? 0x7F : (uint32_t)round_double_to(a, Fmt{5, 2}, RN);
      e[6] = ref_h(a, kF16, RN, true, false);
      e[7] = ref_h(a, kF16, RZ, true, false);
      e[8] = ref_h(a, kBF16, RN, true, false);
      e[9] = ref_h(a, kBF16, RZ, true, false);
      e[10] = ref_h(a, kF16, RN, false, true);
      e[11] = ref_h(a, kBF16, RN, false, true);
      e[12] = ref_h(a, kF16, RZ, false, true);
      e[13] = ((uint32_t)ref_h(a, kF16, RN, true, true) << 16) | ref_h(b, kF16, RN, true, true);
      e[14] = ((uint32_t)ref_h(a, kBF16, RN, true, false) << 16) | ref_h(b, kBF16, RN, true, false);
      e[15] = ((uint32_t)ref_h(a, kBF16, RZ, false, true) << 16) | ref_h(b, kBF16, RZ, false, true);
      e[16] = ref_tf32(a, 0, false, false);
      e[17] = ref_tf32(a, 0, false, true);
      e[18] = ref_tf32(a, 1, false, false);
      e[19] = ref_tf32(a, 2, false, false);
      e[20] = ref_tf32(a, 1, true, false);
      e[21] = ref_tf32(a, 2, true, false);
      // f16x2 sources: the halves are the f16 rounding of x and y.
      double ha = std::isnan(a) ? NAN : half_to_double(f16_rn(a)), hb = std::isnan(b) ? NAN : half_to_double(f16_rn(b));
      e[22] = (uint32_t)(ref_f8(ha, kE4M3, false) << 8) | ref_f8(hb, kE4M3, false);
      e[23] = (uint32_t)(ref_f8(ha, kE5M2, true) << 8) | ref_f8(hb, kE5M2, true);
      for (int k = 0; k < NF; k++) {
        uint32_t g = o[(size_t)i * NF + k];
        ck.expect(g == e[k], "%s(x=%a (0x%08x), y=%a (0x%08x)): got 0x%x expected 0x%x", names[k], a, f2u(a), b,
                  f2u(b), g, e[k]);
      }
    }
    dfree(dx);
    dfree(dout);
  }
  // ---------------- every e4m3 / e5m2 encoding -> f16 ----------------
  {
    const int N = 256, NF = 6;
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * NF);
    LAUNCH(get_function(ctx, "k_from_fp8"), 1, 256, 0, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * NF);
    static const char* names[NF] = {"cvt.rn.f16x2.e4m3x2", "cvt.rn.relu.f16x2.e4m3x2", "cvt.rn.f16x2.e5m2x2",
                                    "cvt.rn.relu.f16x2.e5m2x2", "__nv_cvt_fp8x2_to_halfraw2(e4m3)",
                                    "__nv_cvt_fp8x2_to_halfraw2(e5m2)"};
    for (int i = 0; i < N; i++) {
      unsigned hi = (unsigned)((i * 37 + 11) & 255), lo = (unsigned)i;
      uint32_t e[NF];
      for (int k = 0; k < 4; k++) {
        F8 f = k < 2 ? kE4M3 : kE5M2;
        bool relu = k & 1;
        e[k] = ((uint32_t)ref_f8_to_f16(hi, f, relu) << 16) | ref_f8_to_f16(lo, f, relu);
      }
      e[4] = e[0];
      e[5] = e[2];
      for (int k = 0; k < NF; k++) {
        uint32_t g = o[(size_t)i * NF + k];
        ck.expect(g == e[k], "%s(0x%02x%02x): got 0x%08x expected 0x%08x", names[k], hi, lo, g, e[k]);
      }
    }
    dfree(dout);
  }
  // ---------------- every f16 encoding -> e4m3 / e5m2 ----------------
  {
    const int N = 65536, NF = 4;
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)N * NF);
    LAUNCH(get_function(ctx, "k_from_f16"), N / 256, 256, 0, dout, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * NF);
    static const char* names[NF] = {"cvt.rn.satfinite.e4m3x2.f16x2", "cvt.rn.satfinite.relu.e4m3x2.f16x2",
                                    "cvt.rn.satfinite.e5m2x2.f16x2", "cvt.rn.satfinite.relu.e5m2x2.f16x2"};
    for (int i = 0; i < N; i++) {
      uint16_t hi = (uint16_t)(((uint32_t)i * 40503u) & 0xFFFF), lo = (uint16_t)i;
      double vh = half_to_double(hi), vl = half_to_double(lo);
      for (int k = 0; k < NF; k++) {
        F8 f = k < 2 ? kE4M3 : kE5M2;
        bool relu = k & 1;
        uint32_t e = (uint32_t)(ref_f8(vh, f, relu) << 8) | ref_f8(vl, f, relu);
        uint32_t g = o[(size_t)i * NF + k];
        ck.expect(g == e, "%s(0x%04x%04x): got 0x%04x expected 0x%04x", names[k], hi, lo, g, e);
      }
    }
    dfree(dout);
  }
  return ck.finish(ctx);
}
