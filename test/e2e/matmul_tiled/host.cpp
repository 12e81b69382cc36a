// Host for matmul_tiled: double-precision reference; tolerance proportional
// to sum_k |a_ik * b_kj| (float accumulation error bound).
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x6E33);
  const int M = 100, N = 72, K = 130;
  const float alpha = 1.5f, beta = -0.5f;
  std::vector<float> A((size_t)M * K), B((size_t)K * N), C0((size_t)M * N);
  for (auto& v : A) v = rng.uniform(-1, 1);
  for (auto& v : B) v = rng.uniform(-1, 1);
  for (auto& v : C0) v = rng.uniform(-1, 1);
  std::vector<double> ref((size_t)M * N), mag((size_t)M * N);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double s = 0, m = 0;
      for (int k = 0; k < K; k++) {
        double p = (double)A[(size_t)i * K + k] * B[(size_t)k * N + j];
        s += p;
        m += std::fabs(p);
      }
      ref[(size_t)i * N + j] = s;
      mag[(size_t)i * N + j] = m;
    }
  CUdeviceptr dA = upload(A), dB = upload(B);
  {
    CUdeviceptr dC = upload(C0);
    LAUNCH(get_function(ctx, "k_sgemm_tiled"), Dim((N + 15) / 16, (M + 15) / 16), Dim(16, 16), 0, dA, dB, dC, M, N, K, alpha, beta);
    std::vector<float> C = download<float>(dC, (size_t)M * N);
    for (size_t i = 0; i < C.size(); i++) {
      double e = alpha * ref[i] + beta * C0[i];
      ck.near("sgemm tiled 16x16 (alpha*AB + beta*C)", i, C[i], e, 0, 1e-5 * (alpha * mag[i] + 1.0));
    }
    dfree(dC);
  }
  {
    CUdeviceptr dC = alloc_out<float>((size_t)M * N);
    LAUNCH(get_function(ctx, "k_sgemm_2x2"), Dim((N + 31) / 32, (M + 31) / 32), Dim(16, 16), 0, dA, dB, dC, M, N, K);
    std::vector<float> C = download<float>(dC, (size_t)M * N);
    for (size_t i = 0; i < C.size(); i++) ck.near("sgemm 2x2 register blocked", i, C[i], ref[i], 0, 1e-5 * (mag[i] + 1.0));
    dfree(dC);
  }
  dfree(dA); dfree(dB);
  return ck.finish(ctx);
}
