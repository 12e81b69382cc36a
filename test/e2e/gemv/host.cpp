// Host for gemv: double reference, tolerance proportional to sum |a*x|.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x6E3F);
  const int M = 333, K = 1024;
  const float alpha = 0.75f, beta = 2.0f;
  std::vector<float> A((size_t)M * K), x(K), y0(M), xt(M);
  for (auto& v : A) v = rng.uniform(-1, 1);
  for (auto& v : x) v = rng.uniform(-1, 1);
  for (auto& v : y0) v = rng.uniform(-1, 1);
  for (auto& v : xt) v = rng.uniform(-1, 1);
  CUdeviceptr dA = upload(A), dx = upload(x), dy = upload(y0);
  LAUNCH(get_function(ctx, "k_gemv_warp"), (M + 7) / 8, 256, 0, dA, dx, dy, M, K, alpha, beta);
  std::vector<float> y = download<float>(dy, M);
  for (int i = 0; i < M; i++) {
    double s = 0, m = 0;
    for (int k = 0; k < K; k++) { double p = (double)A[(size_t)i * K + k] * x[k]; s += p; m += std::fabs(p); }
    ck.near("gemv (warp per row, float4)", i, y[i], alpha * s + beta * y0[i], 0, 1e-5 * (m + 2.0));
  }
  CUdeviceptr dxt = upload(xt), dyt = alloc_out<float>(K);
  LAUNCH(get_function(ctx, "k_gemv_t"), K / 128, 128, 0, dA, dxt, dyt, M, K);
  std::vector<float> yt = download<float>(dyt, K);
  for (int j = 0; j < K; j++) {
    double s = 0, m = 0;
    for (int i = 0; i < M; i++) { double p = (double)A[(size_t)i * K + j] * xt[i]; s += p; m += std::fabs(p); }
    ck.near("gemv transposed", j, yt[j], s, 0, 2.5e-5 * (m + 1.0));  // M * 2^-24 * sum|p|
  }
  dfree(dA); dfree(dx); dfree(dy); dfree(dxt); dfree(dyt);
  return ck.finish(ctx);
}
