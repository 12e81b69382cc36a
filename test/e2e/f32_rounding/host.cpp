// Host for f32_rounding.  Expected values: add/sub/mul/fma are rounded
// exactly from the exact result with the integer rounding core in e2e.h;
// div/sqrt/rcp use the host FPU under fesetround (IEEE correctly rounded).
// Results must match bit for bit (any NaN matches any NaN).
#include "e2e.h"
using namespace e2e;

static float bits_f(uint64_t b) { return u2f((uint32_t)b); }

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xF32);
  std::vector<float> specials = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, 3.4028234663852886e38f,
                                 -3.4028234663852886e38f, 1.1754943508222875e-38f, u2f(1), u2f(0x80000001u),
                                 u2f(0x007FFFFFu), 0.5f, 3.0f, 1e-30f, 1e30f, 16777216.0f, 16777217.0f * 0.5f};
  std::vector<float> a, b, c;
  for (float x : specials)
    for (float y : specials) { a.push_back(x); b.push_back(y); c.push_back(specials[(a.size() * 7) % specials.size()]); }
  const int N = 8192;
  while ((int)a.size() < N) {
    float x, y, z;
    switch (rng.below(5)) {
      case 0:  // full exponent range incl. subnormals and overflow
        x = rand_f32_exp(rng, -150, 127); y = rand_f32_exp(rng, -150, 127); z = rand_f32_exp(rng, -150, 127); break;
      case 1:  // moderate range: lots of inexact results
        x = rand_f32_exp(rng, -8, 8); y = rand_f32_exp(rng, -8, 8); z = rand_f32_exp(rng, -16, 16); break;
      case 2:  // near-cancellation for add/sub/fma
        x = rand_f32_exp(rng, -4, 4); y = -x * (1.0f + (float)rng.range(-8, 8) * 1.1920929e-07f);
        z = -(x * y) * (1.0f + (float)rng.range(-4, 4) * 5.9604645e-08f); break;
      case 3:  // subnormal results
        x = rand_f32_exp(rng, -75, -60); y = rand_f32_exp(rng, -75, -60); z = rand_f32_exp(rng, -149, -120); break;
      default:  // large products near overflow
        x = rand_f32_exp(rng, 60, 70); y = rand_f32_exp(rng, 55, 65); z = rand_f32_exp(rng, 120, 127); break;
    }
    a.push_back(x); b.push_back(y); c.push_back(z);
  }
  a.resize(N); b.resize(N); c.resize(N);
  CUdeviceptr da = upload(a), db = upload(b), dc = upload(c);
  CUdeviceptr dout = alloc_out<float>((size_t)N * 32);
  LAUNCH(get_function(ctx, "k_f32_ops"), N / 256, 256, 0, da, db, dc, dout, N);
  std::vector<float> o = download<float>(dout, (size_t)N * 32);
  static const char* ops[8] = {"fadd", "fsub", "fmul", "fmaf", "fdiv", "fsqrt", "frcp", ""};
  for (int i = 0; i < N; i++) {
    float x = a[i], y = b[i], z = c[i];
    float e[32];
    for (int r = 0; r < 4; r++) {
      Rnd m = (Rnd)r;
      e[0 + r] = bits_f(exact_add_to(x, y, kF32, m));
      e[4 + r] = bits_f(exact_sub_to(x, y, kF32, m));
      e[8 + r] = bits_f(exact_mul_to(x, y, kF32, m));
      e[12 + r] = bits_f(exact_fma_to(x, y, z, kF32, m));
      e[16 + r] = host_fdiv(x, y, m);
      e[20 + r] = host_fsqrt(x, m);
      e[24 + r] = host_fdiv(1.0f, x, m);
    }
    e[28] = e[0];
    e[29] = e[8];
    e[30] = e[16];
    e[31] = e[20];
    for (int k = 0; k < 32; k++) {
      float g = o[(size_t)i * 32 + k];
      uint32_t gb = f2u(g), eb = f2u(e[k]);
      bool ok = gb == eb || (f32_bits_isnan(gb) && f32_bits_isnan(eb));
      char name[32];
      if (k < 28) snprintf(name, sizeof name, "__%s_%s", ops[k / 4], rnd_name(k % 4));
      else snprintf(name, sizeof name, "%s", k == 28 ? "x+y" : k == 29 ? "x*y" : k == 30 ? "x/y" : "sqrtf");
      ck.expect(ok, "%s(%a, %a, %a): got %a (0x%08x) expected %a (0x%08x)", name, x, y, z, g, gb, e[k], eb);
    }
  }
  dfree(da); dfree(db); dfree(dc); dfree(dout);
  return ck.finish(ctx);
}
