// Host for float_fastmath: every result is compared with a double-precision
// host reference, using the maximum errors documented in the CUDA Math API
// (appendix "Mathematical Functions" / "Intrinsic Functions") plus a small
// margin.  These are tolerance checks: the instructions are approximate.
#include "e2e.h"
using namespace e2e;

enum { NF = 20 };
static const char* kNames[NF] = {"__sinf", "__cosf", "__expf", "__log2f", "__logf", "rsqrtf", "__fdividef",
                                 "__frsqrt_rn", "sinf", "cosf", "expf", "logf", "tanhf", "erff", "exp2f",
                                 "log1pf", "cbrtf", "atan2f", "powf", "hypotf"};

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xFA57);
  const int N = 2048;
  const double PI = 3.14159265358979323846;
  std::vector<float> xs((size_t)NF * N), ys((size_t)NF * N, 1.0f);
  for (int i = 0; i < N; i++) {
    auto X = [&](int f) -> float& { return xs[(size_t)f * N + i]; };
    auto Y = [&](int f) -> float& { return ys[(size_t)f * N + i]; };
    X(0) = rng.uniform((float)-PI, (float)PI);
    X(1) = rng.uniform((float)-PI, (float)PI);
    X(2) = rng.uniform(-20.0f, 20.0f);
    X(3) = std::ldexp(rng.uniform(1.0f, 2.0f), rng.range(-20, 20));
    X(4) = std::ldexp(rng.uniform(1.0f, 2.0f), rng.range(-20, 20));
    X(5) = std::ldexp(rng.uniform(1.0f, 2.0f), rng.range(-40, 40));
    X(6) = rng.uniform(-100.0f, 100.0f);
    Y(6) = std::ldexp(rng.uniform(1.0f, 2.0f), rng.range(-10, 10)) * (rng.coin() ? 1.0f : -1.0f);
    X(7) = std::ldexp(rng.uniform(1.0f, 2.0f), rng.range(-100, 100));
    X(8) = rng.uniform(-100.0f, 100.0f);
    X(9) = rng.uniform(-100.0f, 100.0f);
    X(10) = rng.uniform(-80.0f, 80.0f);
    X(11) = std::ldexp(rng.uniform(1.0f, 2.0f), rng.range(-100, 100));
    X(12) = rng.uniform(-10.0f, 10.0f);
    X(13) = rng.uniform(-4.0f, 4.0f);
    X(14) = rng.uniform(-100.0f, 100.0f);
    X(15) = rng.uniform(-0.9f, 100.0f);
    X(16) = rng.uniform(-1000.0f, 1000.0f);
    X(17) = rng.uniform(-10.0f, 10.0f);
    Y(17) = rng.uniform(-10.0f, 10.0f);
    X(18) = rng.uniform(0.01f, 100.0f);
    Y(18) = rng.uniform(-5.0f, 5.0f);
    X(19) = rng.uniform(-1e3f, 1e3f);
    Y(19) = rng.uniform(-1e3f, 1e3f);
  }
  CUdeviceptr dx = upload(xs), dy = upload(ys);
  CUdeviceptr dout = alloc_out<float>((size_t)NF * N);
  LAUNCH(get_function(ctx, "k_math"), Dim(N / 256, NF), 256, 0, dx, dy, dout, N);
  std::vector<float> o = download<float>(dout, (size_t)NF * N);
  for (int f = 0; f < NF; f++) {
    for (int i = 0; i < N; i++) {
      double x = xs[(size_t)f * N + i], y = ys[(size_t)f * N + i];
      float g = o[(size_t)f * N + i];
      char what[64];
      snprintf(what, sizeof what, "%s(%.9g, %.9g)", kNames[f], x, y);
      switch (f) {
        case 0: ck.near(what, i, g, std::sin(x), 0, 6e-7); break;  // abs err 2^-21.41
        case 1: ck.near(what, i, g, std::cos(x), 0, 6e-7); break;
        case 2: ck.ulp_f32(what, i, g, std::exp(x), 3.0 + std::floor(std::fabs(1.173 * x))); break;
        case 3: ck.near(what, i, g, std::log2(x), 4.0 * 5.96e-8, 2.5e-7); break;  // 2^-22 abs in [0.5,2], else 2 ulp
        case 4: ck.near(what, i, g, std::log(x), 4.0 * 5.96e-8, 4.0e-7); break;   // 2^-21.41 abs in [0.5,2], else 3 ulp
        case 5: ck.ulp_f32(what, i, g, 1.0 / std::sqrt(x), 2.5); break;
        case 6: ck.ulp_f32(what, i, g, x / y, 2.5); break;
        case 7: ck.ulp_f32(what, i, g, 1.0 / std::sqrt(x), 0.5); break;  // correctly rounded
        case 8: ck.ulp_f32(what, i, g, std::sin(x), 2.5); break;
        case 9: ck.ulp_f32(what, i, g, std::cos(x), 2.5); break;
        case 10: ck.ulp_f32(what, i, g, std::exp(x), 2.5); break;
        case 11: ck.ulp_f32(what, i, g, std::log(x), 1.5); break;
        case 12: ck.ulp_f32(what, i, g, std::tanh(x), 2.5); break;
        case 13: ck.ulp_f32(what, i, g, std::erf(x), 2.5); break;
        case 14: ck.ulp_f32(what, i, g, std::exp2(x), 2.5); break;
        case 15: ck.ulp_f32(what, i, g, std::log1p(x), 1.5); break;
        case 16: ck.ulp_f32(what, i, g, std::cbrt(x), 1.5); break;
        case 17: ck.ulp_f32(what, i, g, std::atan2(x, y), 3.5); break;
        case 18: ck.ulp_f32(what, i, g, std::pow(x, y), 4.5); break;
        case 19: ck.ulp_f32(what, i, g, std::hypot(x, y), 3.5); break;
      }
    }
  }
  dfree(dx); dfree(dy); dfree(dout);
  return ck.finish(ctx);
}
