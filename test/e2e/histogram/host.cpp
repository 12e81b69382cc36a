// Host for histogram: exact counts.  Float inputs are multiples of 1/64 so
// the bin index computation is exact on any implementation.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x4157);
  {
    const int N = 65536 + 77;
    std::vector<uint8_t> d(N);
    for (int i = 0; i < N; i++) d[i] = (i % 5 == 0) ? 42 : (uint8_t)(rng.next32() >> (rng.below(4) * 8));
    std::vector<uint32_t> zero(256, 0);
    CUdeviceptr dd = upload(d), db = upload(zero);
    LAUNCH(get_function(ctx, "k_hist256"), 32, 256, 0, dd, db, N);
    std::vector<uint32_t> bins = download<uint32_t>(db, 256);
    std::vector<uint32_t> ref(256, 0);
    for (uint8_t v : d) ref[v]++;
    for (int k = 0; k < 256; k++) ck.u32("byte histogram bin", k, bins[k], ref[k]);
    dfree(dd); dfree(db);
  }
  {
    const int N = 50000;
    const float lo = -2.0f, hi = 2.0f;
    std::vector<float> x(N);
    for (int i = 0; i < N; i++) {
      int q = (i % 3 == 0) ? 5 : rng.range(-160, 160);  // skew: a third of the values in one bin
      x[i] = (float)q / 64.0f;
    }
    std::vector<uint32_t> zero(64, 0), zero2(2, 0);
    CUdeviceptr dx = upload(x), db = upload(zero), dout = upload(zero2);
    LAUNCH(get_function(ctx, "k_hist_float"), 20, 256, 0, dx, db, dout, N, lo, hi);
    std::vector<uint32_t> bins = download<uint32_t>(db, 64), outside = download<uint32_t>(dout, 2);
    std::vector<uint32_t> ref(64, 0);
    uint32_t under = 0, over = 0;
    for (float v : x) {
      if (v < lo) under++;
      else if (v >= hi) over++;
      else ref[std::min(63, (int)std::floor((v - lo) * 16.0f))]++;
    }
    for (int k = 0; k < 64; k++) ck.u32("float histogram bin", k, bins[k], ref[k]);
    ck.u32("values below range", 0, outside[0], under);
    ck.u32("values above range", 1, outside[1], over);
    dfree(dx); dfree(db); dfree(dout);
  }
  return ck.finish(ctx);
}
