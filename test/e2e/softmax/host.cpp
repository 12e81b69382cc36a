// Host for softmax: double-precision reference, relative tolerance (expf is
// accurate to 2 ulp, __expf/__fdividef are approximate).
#include "e2e.h"
using namespace e2e;

static void ref_softmax(const float* x, double* y, int cols) {
  double m = -INFINITY, s = 0;
  for (int c = 0; c < cols; c++) m = std::max(m, (double)x[c]);
  for (int c = 0; c < cols; c++) s += std::exp((double)x[c] - m);
  for (int c = 0; c < cols; c++) y[c] = std::exp((double)x[c] - m) / s;
}

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x50F7);
  {
    const int ROWS = 64, COLS = 1000;
    std::vector<float> x((size_t)ROWS * COLS);
    for (int r = 0; r < ROWS; r++)
      for (int c = 0; c < COLS; c++) {
        float v = rng.uniform(-8.0f, 8.0f);
        if (r == 1) v += 1000.0f;                       // needs the max subtraction
        if (r == 2 && c % 97 == 0) v = -INFINITY;       // masked entries
        if (r == 3) v = 0.5f;                           // uniform row
        x[(size_t)r * COLS + c] = v;
      }
    CUdeviceptr dx = upload(x), dy = alloc_out<float>((size_t)ROWS * COLS);
    LAUNCH(get_function(ctx, "k_softmax_block"), ROWS, 256, 0, dx, dy, COLS);
    std::vector<float> y = download<float>(dy, (size_t)ROWS * COLS);
    std::vector<double> ref(COLS);
    for (int r = 0; r < ROWS; r++) {
      ref_softmax(&x[(size_t)r * COLS], ref.data(), COLS);
      double rowsum = 0;
      for (int c = 0; c < COLS; c++) {
        ck.near("softmax (block per row)", (size_t)r * COLS + c, y[(size_t)r * COLS + c], ref[c], 2e-5, 1e-9);
        rowsum += y[(size_t)r * COLS + c];
      }
      ck.near("softmax row sum", r, rowsum, 1.0, 1e-4, 0);
    }
    dfree(dx); dfree(dy);
  }
  {
    const int ROWS = 37, COLS = 128;  // 37 rows: the last block is partially used
    std::vector<float> x((size_t)ROWS * COLS);
    for (auto& v : x) v = rng.uniform(-10.0f, 10.0f);
    CUdeviceptr dx = upload(x), dy = alloc_out<float>((size_t)ROWS * COLS);
    LAUNCH(get_function(ctx, "k_softmax_warp"), (ROWS + 3) / 4, 128, 0, dx, dy, ROWS, COLS);
    std::vector<float> y = download<float>(dy, (size_t)ROWS * COLS);
    std::vector<double> ref(COLS);
    for (int r = 0; r < ROWS; r++) {
      ref_softmax(&x[(size_t)r * COLS], ref.data(), COLS);
      for (int c = 0; c < COLS; c++)
        ck.near("softmax (warp per row, __expf)", (size_t)r * COLS + c, y[(size_t)r * COLS + c], ref[c], 1e-4, 1e-9);
    }
    dfree(dx); dfree(dy);
  }
  return ck.finish(ctx);
}
