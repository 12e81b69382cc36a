// Host for layernorm: double-precision reference, tolerances sized for float
// accumulation over ~1000 terms.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x1A7E);
  const int ROWS = 24, H = 1000;
  const float EPS = 1e-5f;
  std::vector<float> x((size_t)ROWS * H), g(H), b(H);
  for (int r = 0; r < ROWS; r++) {
    float off = r == 0 ? 10.0f : (r == 1 ? -3.0f : 0.0f);
    for (int c = 0; c < H; c++) x[(size_t)r * H + c] = off + rng.uniform(-1.0f, 1.0f) * (r == 2 ? 0.01f : 1.0f);
  }
  for (auto& v : g) v = rng.uniform(0.5f, 1.5f);
  for (auto& v : b) v = rng.uniform(-0.5f, 0.5f);
  std::vector<double> ref((size_t)ROWS * H), mean(ROWS), rstd(ROWS);
  for (int r = 0; r < ROWS; r++) {
    double s = 0, v = 0;
    for (int c = 0; c < H; c++) s += x[(size_t)r * H + c];
    mean[r] = s / H;
    for (int c = 0; c < H; c++) { double d = x[(size_t)r * H + c] - mean[r]; v += d * d; }
    rstd[r] = 1.0 / std::sqrt(v / H + (double)EPS);
    for (int c = 0; c < H; c++) ref[(size_t)r * H + c] = (x[(size_t)r * H + c] - mean[r]) * rstd[r] * g[c] + b[c];
  }
  CUdeviceptr dx = upload(x), dg = upload(g), db = upload(b);
  {
    CUdeviceptr dy = alloc_out<float>((size_t)ROWS * H), ds = alloc_out<float>((size_t)ROWS * 2);
    LAUNCH(get_function(ctx, "k_layernorm"), ROWS, 128, 0, dx, dg, db, dy, ds, H, EPS);
    std::vector<float> y = download<float>(dy, (size_t)ROWS * H), st = download<float>(ds, (size_t)ROWS * 2);
    for (int r = 0; r < ROWS; r++) {
      ck.near("layernorm mean", r, st[2 * r], mean[r], 1e-5, 1e-6);
      ck.near("layernorm rstd", r, st[2 * r + 1], rstd[r], 1e-3, 0);
      for (int c = 0; c < H; c++)
        ck.near("layernorm (two-pass)", (size_t)r * H + c, y[(size_t)r * H + c], ref[(size_t)r * H + c], 1e-3, 2e-3);
    }
    dfree(dy); dfree(ds);
  }
  {
    CUdeviceptr dy = alloc_out<float>((size_t)ROWS * H);
    LAUNCH(get_function(ctx, "k_layernorm_welford"), (ROWS + 3) / 4, 128, 0, dx, dg, db, dy, ROWS, H, EPS);
    std::vector<float> y = download<float>(dy, (size_t)ROWS * H);
    for (int r = 0; r < ROWS; r++)
      for (int c = 0; c < H; c++)
        ck.near("layernorm (Welford, warp per row)", (size_t)r * H + c, y[(size_t)r * H + c], ref[(size_t)r * H + c], 1e-3, 2e-3);
    dfree(dy);
  }
  dfree(dx); dfree(dg); dfree(db);
  return ck.finish(ctx);
}
