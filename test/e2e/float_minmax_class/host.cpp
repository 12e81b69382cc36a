// Host for float_minmax_class.  fmin/fmax return the non-NaN operand when
// exactly one is NaN; min.NaN/max.NaN return NaN if either is NaN.  The sign
// of min/max(+0, -0) is not specified and either zero is accepted.
#include "e2e.h"
using namespace e2e;

template <class T>
static unsigned cmp_bits(T x, T y) {
  return (unsigned)(x < y) | ((unsigned)(x <= y) << 1) | ((unsigned)(x > y) << 2) | ((unsigned)(x >= y) << 3) |
         ((unsigned)(x == y) << 4) | ((unsigned)(x != y) << 5) | ((unsigned)(std::isnan(x) || std::isnan(y)) << 6) |
         ((unsigned)!(x < y) << 7);
}
template <class T>
static unsigned cls_bits(T x) {
  return (unsigned)std::isnan(x) | ((unsigned)std::isinf(x) << 1) | ((unsigned)std::isfinite(x) << 2) |
         ((unsigned)std::signbit(x) << 3);
}
template <class T>
static unsigned testp_bits(T x) {
  int c = std::fpclassify(x);
  unsigned r = 0;
  if (c == FP_INFINITE) r |= 2;
  if (c != FP_INFINITE && c != FP_NAN) r |= 4;
  if (c != FP_NAN) r |= 8;
  if (c == FP_NAN) r |= 16;
  if (c == FP_NORMAL || c == FP_ZERO) r |= 32;  // testp.normal is true for +-0 on NVIDIA hardware (observed, H200)
  if (c == FP_SUBNORMAL) r |= 64;
  return r;
}
template <class T>
static T fmin_ref(T x, T y, bool nan_prop) {
  if (std::isnan(x) || std::isnan(y)) {
    if (nan_prop || (std::isnan(x) && std::isnan(y))) return (T)NAN;
    return std::isnan(x) ? y : x;
  }
  return x < y ? x : y;
}
template <class T>
static T fmax_ref(T x, T y, bool nan_prop) {
  if (std::isnan(x) || std::isnan(y)) {
    if (nan_prop || (std::isnan(x) && std::isnan(y))) return (T)NAN;
    return std::isnan(x) ? y : x;
  }
  return x > y ? x : y;
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x31A);
  // ---------------- f32 ----------------
  {
    std::vector<float> sp = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, u2f(0xFFC00000u), u2f(0x7F800001u),
                             u2f(0x7FBFFFFFu), u2f(1), u2f(0x80000001u), u2f(0x007FFFFFu), 1.1754943508222875e-38f,
                             -3.4028234663852886e38f, 2.5f, -2.5f};
    std::vector<float> a, b;
    for (float x : sp) for (float y : sp) { a.push_back(x); b.push_back(y); }
    const int N = 2048;
    while ((int)a.size() < N) {
      float x = rand_f32_exp(rng, -149, 127), y = rng.below(4) == 0 ? x : rand_f32_exp(rng, -149, 127);
      if (rng.below(8) == 0) y = -x;
      if (rng.below(10) == 0) x = sp[rng.below((uint32_t)sp.size())];
      a.push_back(x); b.push_back(y);
    }
    a.resize(N); b.resize(N);
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dout = alloc_out<float>((size_t)N * 8), dfl = alloc_out<uint32_t>((size_t)N * 3);
    LAUNCH(get_function(ctx, "k_f32"), N / 128, 128, 0, da, db, dout, dfl, N);
    std::vector<float> o = download<float>(dout, (size_t)N * 8);
    std::vector<uint32_t> fl = download<uint32_t>(dfl, (size_t)N * 3);
    static const char* names[8] = {"fminf", "fmaxf", "min.NaN", "max.NaN", "copysignf", "fabsf", "neg", "x<y?x:y"};
    for (int i = 0; i < N; i++) {
      float x = a[i], y = b[i];
      float e[8];
      e[0] = fmin_ref(x, y, false);
      e[1] = fmax_ref(x, y, false);
      e[2] = fmin_ref(x, y, true);
      e[3] = fmax_ref(x, y, true);
      e[4] = u2f((f2u(x) & 0x7FFFFFFFu) | (f2u(y) & 0x80000000u));
      e[5] = u2f(f2u(x) & 0x7FFFFFFFu);
      e[6] = u2f(f2u(x) ^ 0x80000000u);
      e[7] = (x < y) ? x : y;
      for (int k = 0; k < 8; k++) {
        float g = o[(size_t)i * 8 + k];
        bool ok = f2u(g) == f2u(e[k]) || (std::isnan(g) && std::isnan(e[k]));
        if (k < 4 && x == 0 && y == 0) ok = (g == 0.0f);
        ck.expect(ok, "%s(%a [0x%08x], %a [0x%08x]) = %a (0x%08x), expected %a (0x%08x)", names[k], x, f2u(x), y, f2u(y),
                  g, f2u(g), e[k], f2u(e[k]));
      }
      ck.expect(fl[3 * i] == cmp_bits(x, y), "f32 compare bits (%a, %a): got 0x%02x expected 0x%02x", x, y, fl[3 * i], cmp_bits(x, y));
      ck.expect(fl[3 * i + 1] == cls_bits(x), "f32 isnan/isinf/isfinite/signbit (%a [0x%08x]): got 0x%x expected 0x%x", x, f2u(x), fl[3 * i + 1], cls_bits(x));
      ck.expect(fl[3 * i + 2] == testp_bits(x), "f32 testp bits (%a [0x%08x]): got 0x%02x expected 0x%02x", x, f2u(x), fl[3 * i + 2], testp_bits(x));
    }
    dfree(da); dfree(db); dfree(dout); dfree(dfl);
  }
  // ---------------- f64 ----------------
  {
    std::vector<double> sp = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, u2d(0xFFF8000000000000ull),
                              u2d(0x7FF0000000000001ull), u2d(1), u2d(0x8000000000000001ull), u2d(0x000FFFFFFFFFFFFFull),
                              2.2250738585072014e-308, -1.7976931348623157e308, 2.5, -2.5};
    std::vector<double> a, b;
    for (double x : sp) for (double y : sp) { a.push_back(x); b.push_back(y); }
    const int N = 1024;
    while ((int)a.size() < N) {
      double x = rand_f64_exp(rng, -1074, 1023), y = rng.below(4) == 0 ? x : rand_f64_exp(rng, -1074, 1023);
      if (rng.below(8) == 0) y = -x;
      a.push_back(x); b.push_back(y);
    }
    a.resize(N); b.resize(N);
    CUdeviceptr da = upload(a), db = upload(b);
    CUdeviceptr dout = alloc_out<double>((size_t)N * 6), dfl = alloc_out<uint32_t>((size_t)N * 3);
    LAUNCH(get_function(ctx, "k_f64"), N / 128, 128, 0, da, db, dout, dfl, N);
    std::vector<double> o = download<double>(dout, (size_t)N * 6);
    std::vector<uint32_t> fl = download<uint32_t>(dfl, (size_t)N * 3);
    static const char* names[6] = {"fmin", "fmax", "copysign", "fabs", "neg", "x>y?x:y"};
    for (int i = 0; i < N; i++) {
      double x = a[i], y = b[i];
      double e[6];
      e[0] = fmin_ref(x, y, false);
      e[1] = fmax_ref(x, y, false);
      e[2] = u2d((d2u(x) & 0x7FFFFFFFFFFFFFFFull) | (d2u(y) & 0x8000000000000000ull));
      e[3] = u2d(d2u(x) & 0x7FFFFFFFFFFFFFFFull);
      e[4] = u2d(d2u(x) ^ 0x8000000000000000ull);
      e[5] = (x > y) ? x : y;
      for (int k = 0; k < 6; k++) {
        double g = o[(size_t)i * 6 + k];
        bool ok = d2u(g) == d2u(e[k]) || (std::isnan(g) && std::isnan(e[k]));
        if (k < 2 && x == 0 && y == 0) ok = (g == 0.0);
        ck.expect(ok, "%s(%a, %a) = %a, expected %a", names[k], x, y, g, e[k]);
      }
      ck.expect(fl[3 * i] == cmp_bits(x, y), "f64 compare bits (%a, %a): got 0x%02x expected 0x%02x", x, y, fl[3 * i], cmp_bits(x, y));
      ck.expect(fl[3 * i + 1] == cls_bits(x), "f64 class bits (%a): got 0x%x expected 0x%x", x, fl[3 * i + 1], cls_bits(x));
      ck.expect(fl[3 * i + 2] == testp_bits(x), "f64 testp bits (%a): got 0x%02x expected 0x%02x", x, fl[3 * i + 2], testp_bits(x));
    }
    dfree(da); dfree(db); dfree(dout); dfree(dfl);
  }
  return ck.finish(ctx);
}
