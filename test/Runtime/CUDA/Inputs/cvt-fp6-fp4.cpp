// cvt to and from e2m3x2 / e3m2x2 / e2m1x2 (sm_100, no hardware here to
// compare with) against the host paths of NVIDIA's cuda_fp6.h / cuda_fp4.h:
// round to nearest even, clamp to the largest finite value, NaN -> +max,
// .relu: sign set -> +0; back to f16 exactly. Inputs/cvt-fp6-fp4.ptx.
#include "e2e.h"
#include <cuda_fp6.h>
#include <cuda_fp4.h>
using namespace e2e;
int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck; Rng rng(7);
  const int N = 65536;
  std::vector<float> x(N);
  float sp[] = {0.f, -0.f, INFINITY, -INFINITY, NAN, -NAN, 7.5f, 7.75f, 8.f, 28.f, 30.f, 32.f, 6.f, 5.f, 7.f, 0.25f, 0.125f, 0.0625f, 0.1875f, -0.0625f, 0.75f, 1.25f, 2.5f, 3.5f, -3.5f, 1e-40f};
  for (int i = 0; i < N; i++) x[i] = i < 26 ? sp[i] : (rng.coin() ? rand_f32_exp(rng, -8, 6) : (float)rng.range(-320, 320) / 16);
  CUdeviceptr dx = upload(x), dout = alloc_out<uint32_t>((size_t)N * 8);
  LAUNCH(get_function(ctx, "k_to"), N / 256, 256, 0, dx, dout, N);
  auto o = download<uint32_t>(dout, (size_t)N * 8);
  for (int i = 0; i < N; i++) {
    float a = x[i], b = x[N - 1 - i];
    auto f6 = [](float v, __nv_fp6_interpretation_t k) { return (uint32_t)__nv_cvt_float_to_fp6(v, k, cudaRoundNearest); };
    auto f4 = [](float v) { return (uint32_t)__nv_cvt_float_to_fp4(v, __NV_E2M1, cudaRoundNearest); };
    auto relu6 = [](float v, uint32_t r) { return std::isnan(v) ? r : (r & 0x20) ? 0u : r; };
    uint32_t e[8];
    e[0] = f6(a, __NV_E2M3) << 8 | f6(b, __NV_E2M3);
    e[1] = relu6(a, f6(a, __NV_E3M2)) << 8 | relu6(b, f6(b, __NV_E3M2));
    e[2] = f4(a) << 4 | f4(b);
    e[3] = f6(a, __NV_E3M2) << 8 | f6(b, __NV_E3M2);
    uint16_t v = (uint16_t)i;
    auto h6 = [](uint8_t c, __nv_fp6_interpretation_t k) { return (uint32_t)__nv_cvt_fp6_to_halfraw(c & 0x3F, k).x; };
    auto h4 = [](uint8_t c) { return (uint32_t)__nv_cvt_fp4_to_halfraw(c & 0xF, __NV_E2M1).x; };
    auto rl = [](uint32_t h) { return (h & 0x8000) ? 0u : h; };
    e[4] = h6(v >> 8, __NV_E2M3) << 16 | h6(v, __NV_E2M3);
    e[5] = rl(h6(v >> 8, __NV_E3M2)) << 16 | rl(h6(v, __NV_E3M2));
    e[6] = h4((uint8_t)v >> 4) << 16 | h4(v);
    e[7] = h6(v >> 8, __NV_E3M2) << 16 | h6(v, __NV_E3M2);
    for (int k = 0; k < 8; k++) ck.expect(o[i * 8 + k] == e[k], "slot %d i=%d a=%a b=%a got 0x%x exp 0x%x", k, i, a, b, o[i * 8 + k], e[k]);
  }
  return ck.finish(ctx);
}
