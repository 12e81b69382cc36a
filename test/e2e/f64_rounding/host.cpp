// Host for f64_rounding.  Expected values come from the host FPU under
// fesetround (x86-64 SSE2 double arithmetic and glibc fma are correctly
// rounded in every mode).  Bit-exact comparison (any NaN matches any NaN).
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xF64);
  std::vector<double> specials = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, 1.7976931348623157e308,
                                  -1.7976931348623157e308, 2.2250738585072014e-308, u2d(1), u2d(0x8000000000000001ull),
                                  u2d(0x000FFFFFFFFFFFFFull), 0.5, 3.0, 1e-300, 1e300, 9007199254740993.0, 0.1};
  std::vector<double> a, b, c;
  for (double x : specials)
    for (double y : specials) { a.push_back(x); b.push_back(y); c.push_back(specials[(a.size() * 5) % specials.size()]); }
  const int N = 4096;
  while ((int)a.size() < N) {
    double x, y, z;
    switch (rng.below(5)) {
      case 0: x = rand_f64_exp(rng, -1075, 1023); y = rand_f64_exp(rng, -1075, 1023); z = rand_f64_exp(rng, -1075, 1023); break;
      case 1: x = rand_f64_exp(rng, -10, 10); y = rand_f64_exp(rng, -10, 10); z = rand_f64_exp(rng, -20, 20); break;
      case 2:
        x = rand_f64_exp(rng, -4, 4); y = -x * (1.0 + (double)rng.range(-8, 8) * 2.220446049250313e-16);
        z = -(x * y) * (1.0 + (double)rng.range(-4, 4) * 1.1102230246251565e-16); break;
      case 3: x = rand_f64_exp(rng, -540, -500); y = rand_f64_exp(rng, -540, -500); z = rand_f64_exp(rng, -1074, -1000); break;
      default: x = rand_f64_exp(rng, 500, 520); y = rand_f64_exp(rng, 490, 510); z = rand_f64_exp(rng, 1000, 1023); break;
    }
    a.push_back(x); b.push_back(y); c.push_back(z);
  }
  a.resize(N); b.resize(N); c.resize(N);
  CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
  CUdeviceptr dout = alloc_out<double>((size_t)N * 32);
  LAUNCH(get_function(ctx, "k_f64_ops"), N / 128, 128, 0, da, db, dc, dout, N);
  std::vector<double> o = download<double>(dout, (size_t)N * 32);
  static const char* ops[7] = {"dadd", "dsub", "dmul", "fma", "ddiv", "dsqrt", "drcp"};
  for (int i = 0; i < N; i++) {
    double x = a[i], y = b[i], z = c[i];
    double e[32];
    for (int r = 0; r < 4; r++) {
      Rnd m = (Rnd)r;
      e[0 + r] = host_dadd(x, y, m);
      e[4 + r] = host_dsub(x, y, m);
      e[8 + r] = host_dmul(x, y, m);
      e[12 + r] = host_dfma(x, y, z, m);
      e[16 + r] = host_ddiv(x, y, m);
      e[20 + r] = host_dsqrt(x, m);
      e[24 + r] = host_ddiv(1.0, x, m);
    }
    e[28] = e[0];
    e[29] = e[8];
    e[30] = e[16];
    e[31] = e[20];
    for (int k = 0; k < 32; k++) {
      double g = o[(size_t)i * 32 + k];
      uint64_t gb = d2u(g), eb = d2u(e[k]);
      bool ok = gb == eb || (f64_bits_isnan(gb) && f64_bits_isnan(eb));
      char name[32];
      if (k < 28) snprintf(name, sizeof name, "__%s_%s", ops[k / 4], rnd_name(k % 4));
      else snprintf(name, sizeof name, "%s", k == 28 ? "x+y" : k == 29 ? "x*y" : k == 30 ? "x/y" : "sqrt");
      ck.expect(ok, "%s(%a, %a, %a): got %a expected %a", name, x, y, z, g, e[k]);
    }
  }
  dfree(da); dfree(db); dfree(dc); dfree(dout);
  return ck.finish(ctx);
}
