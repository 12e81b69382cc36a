// Host for cvt_float_int.  Reference: round the (exactly representable)
// input to an integer with nearbyint/trunc/ceil/floor on double, then clamp
// to the destination range (PTX float->int cvt saturates by default).  NaN:
// see conv().
#include "e2e.h"
using namespace e2e;

// Round x (a float or double value, held exactly in a double) to an integer
// in mode r and saturate to the destination range.
//
// NaN: the PTX ISA does not pin the result down; NVIDIA hardware (observed on
// an H200 with sm_75/80/90 PTX) gives 0 when converting f32 (or f16/bf16) to
// an integer of at most 32 bits, and the bit pattern 1 << (bits - 1) (the
// most negative signed value, also for unsigned destinations) when the source
// is f64 or the destination is 64-bit.
static uint64_t conv(double x, Rnd r, bool is_signed, int bits, bool src_f64) {
  if (std::isnan(x)) {
    if (!src_f64 && bits < 64) return 0;
    uint64_t pat = 1ull << (bits - 1);
    return is_signed ? 0 - pat : pat;  // sign-extended for signed destinations
  }
  double v;
  switch (r) {
    case RN: v = std::nearbyint(x); break;  // host default mode is round-to-nearest-even
    case RZ: v = std::trunc(x); break;
    case RU: v = std::ceil(x); break;
    default: v = std::floor(x); break;
  }
  if (is_signed) {
    // bounds as exact doubles: -2^(bits-1) and 2^(bits-1)
    double lo = -std::ldexp(1.0, bits - 1), hi = std::ldexp(1.0, bits - 1);
    int64_t mn = bits == 64 ? INT64_MIN : -(int64_t(1) << (bits - 1));
    int64_t mx = bits == 64 ? INT64_MAX : (int64_t(1) << (bits - 1)) - 1;
    if (v < lo) return (uint64_t)mn;
    if (v >= hi) return (uint64_t)mx;
    return (uint64_t)(int64_t)v;
  }
  double hi = std::ldexp(1.0, bits);
  uint64_t mx = bits == 64 ? UINT64_MAX : (uint64_t(1) << bits) - 1;
  if (v <= 0) return 0;  // also -0
  if (v >= hi) return mx;
  return (uint64_t)v;
}

static void expected(double x, bool f64, uint64_t e[24]) {
  for (int r = 0; r < 4; r++) {
    e[0 + r] = conv(x, (Rnd)r, true, 32, f64);
    e[4 + r] = conv(x, (Rnd)r, false, 32, f64);
    e[8 + r] = conv(x, (Rnd)r, true, 64, f64);
    e[12 + r] = conv(x, (Rnd)r, false, 64, f64);
  }
  e[16] = conv(x, RN, true, 16, f64);
  e[17] = conv(x, RZ, false, 16, f64);
  e[18] = conv(x, RD, true, 8, f64);
  e[19] = conv(x, RU, false, 8, f64);
  e[20] = conv(x, RN, true, 32, f64);
  e[21] = conv(x, RZ, true, 32, f64);
  e[22] = conv(x, RZ, true, 32, f64);
  e[23] = conv(x, RZ, true, 64, f64);
}
static const char* kNames[24] = {
    "int_rn", "int_rz", "int_ru", "int_rd", "uint_rn", "uint_rz", "uint_ru", "uint_rd",
    "ll_rn", "ll_rz", "ll_ru", "ll_rd", "ull_rn", "ull_rz", "ull_ru", "ull_rd",
    "cvt.rni.s16", "cvt.rzi.u16", "cvt.rmi.s8", "cvt.rpi.u8", "cvt.rni.s32", "cvt.rzi.sat.s32", "(int) cast",
    "(long long) cast"};

template <class T>
static std::vector<T> make_inputs(Rng& rng, int n) {
  std::vector<double> sp = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997, 1.0, -1.0,
                            127.5, 128.0, -128.5, -129.0, 255.5, 256.0, 32767.5, 32768.0, -32768.5, -32769.0,
                            65535.5, 65536.0, 2147483520.0, 2147483648.0, -2147483648.0, -2147483904.0,
                            4294967040.0, 4294967296.0, 9.2233720368547758e18, -9.2233720368547758e18,
                            1.8446744073709552e19, 1e20, -1e20, 3.4028234663852886e38, -3.4028234663852886e38,
                            1e-40, -1e-40, INFINITY, -INFINITY, NAN, -NAN};
  if (sizeof(T) == 8) {
    std::vector<double> more = {2147483647.0, 2147483647.5, 2147483646.5, -2147483648.5, -2147483647.5,
                                4294967295.0, 4294967295.5, 4294967294.5, 9.2233720368547748e18,
                                -9.2233720368547779e18, 1.8446744073709550e19, 1e300, -1e300, 4.9e-324};
    sp.insert(sp.end(), more.begin(), more.end());
  }
  std::vector<T> v;
  for (double d : sp) v.push_back((T)d);
  while ((int)v.size() < n) {
    T x;
    switch (rng.below(4)) {
      case 0: x = (T)rng.range(-70000, 70000) + (T)0.5; break;  // ties
      case 1: x = sizeof(T) == 4 ? (T)rand_f32_exp(rng, -3, 66) : (T)rand_f64_exp(rng, -3, 66); break;
      case 2: x = sizeof(T) == 4 ? (T)rand_f32_exp(rng, 28, 34) : (T)rand_f64_exp(rng, 28, 34); break;  // near 2^31/2^32
      default: x = sizeof(T) == 4 ? (T)rand_f32_exp(rng, 60, 66) : (T)rand_f64_exp(rng, 60, 66); break;  // near 2^63/2^64
    }
    v.push_back(x);
  }
  v.resize(n);
  return v;
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xC7F1);
  const int N = 2048;
  {
    std::vector<float> a = make_inputs<float>(rng, N);
    CUdeviceptr da = upload(a);
    CUdeviceptr dout = alloc_out<uint64_t>((size_t)N * 24);
    LAUNCH(get_function(ctx, "k_f2i"), N / 128, 128, 0, da, dout, N);
    std::vector<uint64_t> o = download<uint64_t>(dout, (size_t)N * 24);
    for (int i = 0; i < N; i++) {
      uint64_t e[24];
      expected(a[i], false, e);
      for (int k = 0; k < 24; k++)
        ck.expect(o[(size_t)i * 24 + k] == e[k], "float %s(%a = %.9g): got 0x%016" PRIx64 " (%" PRId64 ") expected 0x%016" PRIx64 " (%" PRId64 ")",
                  kNames[k], a[i], a[i], o[(size_t)i * 24 + k], (int64_t)o[(size_t)i * 24 + k], e[k], (int64_t)e[k]);
    }
    dfree(da); dfree(dout);
  }
  {
    std::vector<double> a = make_inputs<double>(rng, N);
    CUdeviceptr da = upload(a);
    CUdeviceptr dout = alloc_out<uint64_t>((size_t)N * 24);
    LAUNCH(get_function(ctx, "k_d2i"), N / 128, 128, 0, da, dout, N);
    std::vector<uint64_t> o = download<uint64_t>(dout, (size_t)N * 24);
    for (int i = 0; i < N; i++) {
      uint64_t e[24];
      expected(a[i], true, e);
      for (int k = 0; k < 24; k++)
        ck.expect(o[(size_t)i * 24 + k] == e[k], "double %s(%a = %.17g): got 0x%016" PRIx64 " (%" PRId64 ") expected 0x%016" PRIx64 " (%" PRId64 ")",
                  kNames[k], a[i], a[i], o[(size_t)i * 24 + k], (int64_t)o[(size_t)i * 24 + k], e[k], (int64_t)e[k]);
    }
    dfree(da); dfree(dout);
  }
  return ck.finish(ctx);
}
