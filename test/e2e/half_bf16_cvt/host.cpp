// Host for half_bf16_cvt.  Float/double/integer -> half/bf16 expectations
// come from the exact integer rounding core (all four IEEE modes, overflow to
// inf or max-finite per mode, subnormals kept).  half/bf16 -> integer:
// exact rounding of the (exactly representable) value, saturated to the
// destination range, NaN -> 0 (0x8000000000000000 for 64-bit destinations).
#include "e2e.h"
using namespace e2e;

static uint64_t conv(double x, Rnd r, bool is_signed, int bits) {
  // NaN converts to 0 for destinations up to 32 bits; NVIDIA hardware returns
  // 0x8000000000000000 for 64-bit destinations, signed and unsigned alike
  // (observed on an H200 with sm_75/80/90 PTX; see also cvt_float_int).
  if (std::isnan(x)) return bits == 64 ? 0x8000000000000000ull : 0;
  double v = r == RN ? std::nearbyint(x) : r == RZ ? std::trunc(x) : r == RU ? std::ceil(x) : std::floor(x);
  if (is_signed) {
    double lo = -std::ldexp(1.0, bits - 1), hi = std::ldexp(1.0, bits - 1);
    int64_t mn = bits == 64 ? INT64_MIN : -(int64_t(1) << (bits - 1));
    int64_t mx = bits == 64 ? INT64_MAX : (int64_t(1) << (bits - 1)) - 1;
    if (v < lo) return (uint64_t)mn;
    if (v >= hi) return (uint64_t)mx;
    return (uint64_t)(int64_t)v;
  }
  uint64_t mx = bits == 64 ? UINT64_MAX : (uint64_t(1) << bits) - 1;
  if (v <= 0) return 0;
  if (v >= std::ldexp(1.0, bits)) return mx;
  return (uint64_t)v;
}
static bool eq16(uint16_t g, uint16_t e, Fmt f) {
  if (g == e) return true;
  return f.ebits == 5 ? (f16_bits_isnan(g) && f16_bits_isnan(e)) : (bf16_bits_isnan(g) && bf16_bits_isnan(e));
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xC0F);
  const int N = 4096;
  // ---------------- float / double -> half / bf16 ----------------
  {
    std::vector<float> x(N);
    std::vector<double> d(N);
    for (int i = 0; i < N; i++) {
      switch (rng.below(6)) {
        case 0: x[i] = rand_f32_exp(rng, -26, 17); break;       // half range incl. subnormal / overflow
        case 1: x[i] = rand_f32_exp(rng, -149, 127); break;     // bf16 range
        case 2: {                                                // exact half / bf16 ties
          uint32_t h = rng.next32() & 0x7FFF;
          double v = half_to_double((uint16_t)h);
          if (!std::isfinite(v)) v = 1.0;
          x[i] = (float)(v * (1.0 + std::ldexp(1.0, -11)));
          if (rng.coin()) x[i] = -x[i];
          break;
        }
        case 3: x[i] = u2f((rng.next32() & 0xFFFF0000u) | 0x8000u); break;  // bf16 ties
        case 4: x[i] = u2f(rng.next32()); break;
        default: x[i] = rand_f32_exp(rng, -10, 10); break;
      }
      d[i] = rng.coin() ? (double)x[i] * (1.0 + std::ldexp((double)rng.range(-3, 3), -40)) : rand_f64_exp(rng, -140, 130);
    }
    static const float sp[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 65504.0f, 65520.0f, 65519.996f, -65520.0f,
                               5.9604645e-08f, 2.9802322e-08f, 2.9802326e-08f, 6.1035156e-05f, 3.3895314e38f,
                               3.3961776e38f, 3.4028235e38f, 1.0f, 1.00048828125f, 1.0009765625f};
    for (int k = 0; k < 19; k++) { x[k] = sp[k]; d[k] = sp[k]; }
    d[19] = 1e300; d[20] = -1e300; d[21] = 1e-300; d[22] = 65519.999999999; d[23] = 65520.000000001;
    CUdeviceptr dx = upload(x), dd = upload(d);
    CUdeviceptr dout = alloc_out<uint16_t>((size_t)N * 16);
    LAUNCH(get_function(ctx, "k_from_float"), N / 256, 256, 0, dx, dd, dout, N);
    std::vector<uint16_t> o = download<uint16_t>(dout, (size_t)N * 16);
    static const char* names[16] = {"float2half_rn", "float2half_rz", "float2half_ru", "float2half_rd", "float2half",
                                    "float2bfloat16_rn", "float2bfloat16_rz", "float2bfloat16_ru", "float2bfloat16_rd",
                                    "float2bfloat16", "double2half", "double2bfloat16", "floats2half2_rn.lo",
                                    "floats2half2_rn.hi", "floats2bfloat162_rn.lo", "floats2bfloat162_rn.hi"};
    for (int i = 0; i < N; i++) {
      float v = x[i];
      uint16_t e[16];
      for (int r = 0; r < 4; r++) {
        e[r] = (uint16_t)round_double_to(v, kF16, (Rnd)r);
        e[5 + r] = (uint16_t)round_double_to(v, kBF16, (Rnd)r);
      }
      e[4] = e[0];
      e[9] = e[5];
      e[10] = (uint16_t)round_double_to(d[i], kF16, RN);
      e[11] = (uint16_t)round_double_to(d[i], kBF16, RN);
      volatile float m1 = -v * 0.75f, m3 = v * 3.0f;  // same single-precision products as the device
      e[12] = e[0];
      e[13] = (uint16_t)round_double_to(m1, kF16, RN);
      e[14] = e[5];
      e[15] = (uint16_t)round_double_to(m3, kBF16, RN);
      for (int k = 0; k < 16; k++) {
        Fmt f = (k <= 4 || k == 10 || k == 12 || k == 13) ? kF16 : kBF16;
        uint16_t g = o[(size_t)i * 16 + k];
        ck.expect(eq16(g, e[k], f), "__%s(x=%a, d=%a): got 0x%04x expected 0x%04x", names[k], v, d[i], g, e[k]);
      }
    }
    dfree(dx); dfree(dd); dfree(dout);
  }
  // ---------------- half / bf16 -> float and integers ----------------
  {
    std::vector<uint16_t> h(N), b(N);
    for (int i = 0; i < N; i++) {
      h[i] = (uint16_t)rng.next32();
      b[i] = rng.coin() ? (uint16_t)rng.next32() : (uint16_t)(((rng.range(-3, 66) + 127) << 7) | (rng.next32() & 0x7F) | (rng.coin() ? 0x8000 : 0));
      if (i < 64) h[i] = (uint16_t)(((rng.range(-1, 12) + 15) << 10) | (rng.next32() & 0x3FF) | (rng.coin() ? 0x8000 : 0));
    }
    static const uint16_t hs[] = {0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x3800, 0xB800, 0x3E00, 0xBE00, 0x7BFF, 0xFBFF, 0x4100, 0xC100};
    static const uint16_t bs[] = {0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x3F00, 0xBF00, 0x4F00, 0xCF00, 0x5F00, 0xDF00, 0x4700, 0xC701};
    for (int k = 0; k < 13; k++) { h[64 + k] = hs[k]; b[64 + k] = bs[k]; }
    CUdeviceptr dh = upload(h), db = upload(b);
    CUdeviceptr dof = alloc_out<float>((size_t)N * 4), doi = alloc_out<uint64_t>((size_t)N * 24);
    LAUNCH(get_function(ctx, "k_to_other"), N / 256, 256, 0, dh, db, dof, doi, N);
    std::vector<float> of = download<float>(dof, (size_t)N * 4);
    std::vector<uint64_t> oi = download<uint64_t>(doi, (size_t)N * 24);
    static const char* names[24] = {"half2int_rn", "half2int_rz", "half2int_ru", "half2int_rd", "half2uint_rn",
                                    "half2uint_rz", "half2short_rn", "half2short_rz", "half2ushort_ru",
                                    "half2ushort_rd", "half2ll_rn", "half2ull_rz", "bfloat162int_rn",
                                    "bfloat162int_rz", "bfloat162int_ru", "bfloat162int_rd", "bfloat162uint_rz",
                                    "bfloat162short_rz", "bfloat162ushort_rz", "bfloat162ll_rz", "bfloat162ull_rz",
                                    "half2char_rz", "half2uchar_rz", "bfloat162char_rz"};
    for (int i = 0; i < N; i++) {
      double hv = half_to_double(h[i]), bv = bf16_to_double(b[i]);
      ck.f32("half2float", i, of[4 * i + 0], (float)hv);
      ck.f32("bfloat162float", i, of[4 * i + 1], (float)bv);
      volatile float hx = (float)hv, nhx = -(float)hv;
      ck.f32("half22float2 x + y", i, of[4 * i + 2], hx + nhx);
      ck.f32("low2float * 2", i, of[4 * i + 3], (float)hv * 2.0f);
      uint64_t e[24];
      for (int r = 0; r < 4; r++) { e[r] = conv(hv, (Rnd)r, true, 32); e[12 + r] = conv(bv, (Rnd)r, true, 32); }
      e[4] = conv(hv, RN, false, 32);
      e[5] = conv(hv, RZ, false, 32);
      e[6] = conv(hv, RN, true, 16);
      e[7] = conv(hv, RZ, true, 16);
      e[8] = conv(hv, RU, false, 16);
      e[9] = conv(hv, RD, false, 16);
      e[10] = conv(hv, RN, true, 64);
      e[11] = conv(hv, RZ, false, 64);
      e[16] = conv(bv, RZ, false, 32);
      e[17] = conv(bv, RZ, true, 16);
      e[18] = conv(bv, RZ, false, 16);
      e[19] = conv(bv, RZ, true, 64);
      e[20] = conv(bv, RZ, false, 64);
      e[21] = conv(hv, RZ, true, 8);
      e[22] = conv(hv, RZ, false, 8);
      e[23] = conv(bv, RZ, true, 8);
      for (int k = 0; k < 24; k++)
        ck.expect(oi[(size_t)i * 24 + k] == e[k], "__%s(half 0x%04x = %g / bf16 0x%04x = %g): got %" PRId64 " (0x%" PRIx64
                  ") expected %" PRId64 " (0x%" PRIx64 ")", names[k], h[i], hv, b[i], bv, (int64_t)oi[(size_t)i * 24 + k],
                  oi[(size_t)i * 24 + k], (int64_t)e[k], e[k]);
    }
    dfree(dh); dfree(db); dfree(dof); dfree(doi);
  }
  // ---------------- integers -> half / bf16 ----------------
  {
    std::vector<uint64_t> in(N);
    std::vector<uint64_t> e64 = edge_u64();
    for (int i = 0; i < N; i++) {
      if (i < (int)e64.size()) in[i] = e64[i];
      else switch (rng.below(4)) {
        case 0: in[i] = (uint64_t)(int64_t)rng.range(-70000, 70000); break;
        case 1: in[i] = (uint64_t)(int64_t)(int32_t)rng.next32(); break;
        case 2: in[i] = rng.next64() >> rng.below(64); break;
        default: in[i] = (uint64_t)(int64_t)(int16_t)rng.next32(); break;
      }
    }
    static const int64_t sp[] = {65504, 65519, 65520, 65535, -65520, 2049, 2051, 4097, -4097, 257, 259, -32768, 32767};
    for (int k = 0; k < 13; k++) in[64 + k] = (uint64_t)sp[k];
    CUdeviceptr din = upload(in);
    CUdeviceptr dout = alloc_out<uint16_t>((size_t)N * 20);
    LAUNCH(get_function(ctx, "k_from_int"), N / 256, 256, 0, din, dout, N);
    std::vector<uint16_t> o = download<uint16_t>(dout, (size_t)N * 20);
    static const char* names[20] = {"int2half_rn", "int2half_rz", "int2half_ru", "int2half_rd", "uint2half_rn",
                                    "short2half_rn", "short2half_rz", "ushort2half_ru", "ll2half_rn", "ull2half_rd",
                                    "int2bfloat16_rn", "int2bfloat16_rz", "int2bfloat16_ru", "int2bfloat16_rd",
                                    "uint2bfloat16_rn", "short2bfloat16_rn", "ll2bfloat16_rn", "ull2bfloat16_rz",
                                    "ll2bfloat16_ru", "ull2bfloat16_rd"};
    for (int i = 0; i < N; i++) {
      uint64_t u = in[i];
      int32_t s = (int32_t)(uint32_t)u;
      int16_t sh = (int16_t)(uint16_t)u;
      uint16_t e[20];
      for (int r = 0; r < 4; r++) {
        e[r] = (uint16_t)round_i64_to(s, kF16, (Rnd)r);
        e[10 + r] = (uint16_t)round_i64_to(s, kBF16, (Rnd)r);
      }
      e[4] = (uint16_t)round_u64_to((uint32_t)u, kF16, RN);
      e[5] = (uint16_t)round_i64_to(sh, kF16, RN);
      e[6] = (uint16_t)round_i64_to(sh, kF16, RZ);
      e[7] = (uint16_t)round_u64_to((uint16_t)u, kF16, RU);
      e[8] = (uint16_t)round_i64_to((int64_t)u, kF16, RN);
      e[9] = (uint16_t)round_u64_to(u, kF16, RD);
      e[14] = (uint16_t)round_u64_to((uint32_t)u, kBF16, RN);
      e[15] = (uint16_t)round_i64_to(sh, kBF16, RN);
      e[16] = (uint16_t)round_i64_to((int64_t)u, kBF16, RN);
      e[17] = (uint16_t)round_u64_to(u, kBF16, RZ);
      e[18] = (uint16_t)round_i64_to((int64_t)u, kBF16, RU);
      e[19] = (uint16_t)round_u64_to(u, kBF16, RD);
      for (int k = 0; k < 20; k++)
        ck.expect(o[(size_t)i * 20 + k] == e[k], "__%s(0x%016" PRIx64 " / %" PRId64 "): got 0x%04x expected 0x%04x",
                  names[k], u, (int64_t)u, o[(size_t)i * 20 + k], e[k]);
    }
    dfree(din); dfree(dout);
  }
  return ck.finish(ctx);
}
