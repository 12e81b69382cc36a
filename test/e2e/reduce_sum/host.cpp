// Host for reduce_sum: the integer reduction must be exact; the double sum
// uses values that are multiples of 2^-10 (exact in any order); the float
// sum is checked with a tolerance.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x5E3);
  const int N = (1 << 16) + 123;
  {
    std::vector<int32_t> in(N);
    for (auto& v : in) v = (int32_t)rng.next32();  // full range: the 64-bit sum must not overflow or truncate
    const int G = 64;
    CUdeviceptr din = upload(in), dpart = alloc_out<int64_t>(G), dout = alloc_out<int64_t>(1);
    LAUNCH(get_function(ctx, "k_sum_int_pass"), G, 256, 0, din, dpart, N);
    LAUNCH(get_function(ctx, "k_sum_ll_final"), 1, 256, 0, dpart, dout, G);
    int64_t s = 0;
    for (int32_t v : in) s += v;
    ck.i64("two-pass int sum", 0, download<int64_t>(dout, 1)[0], s);
    dfree(din); dfree(dpart); dfree(dout);
  }
  {
    std::vector<float> in(N);
    for (auto& v : in) v = rng.uniform(-1.0f, 1.0f);
    const int G = 40;
    CUdeviceptr din = upload(in), dpart = alloc_out<float>(G);
    LAUNCH(get_function(ctx, "k_sum_float"), G, 512, 0, din, dpart, N);
    std::vector<float> part = download<float>(dpart, G);
    double total = 0, ref = 0, mag = 0;
    for (float p : part) total += p;
    for (float v : in) { ref += v; mag += std::fabs(v); }
    // per-block partial sums: compare each against its own reference too
    for (int b = 0; b < G; b++) {
      double r = 0, m = 0;
      for (int i = b * 512; i < N; i += G * 512)
        for (int k = 0; k < 512 && i + k < N; k++) { r += in[i + k]; m += std::fabs(in[i + k]); }
      ck.near("float block partial sum", b, part[b], r, 0, 1e-6 * m + 1e-6);
    }
    ck.near("float total", 0, total, ref, 0, 1e-6 * mag);
    dfree(din); dfree(dpart);
  }
  {
    std::vector<double> in(N);
    for (auto& v : in) v = (double)rng.range(-(1 << 20), 1 << 20) * (1.0 / 1024);
    std::vector<double> zero(1, 0.0);
    std::vector<uint32_t> zero_u(1, 0);
    const int G = 50;
    CUdeviceptr din = upload(in), dout = upload(zero), ddone = upload(zero_u);
    LAUNCH(get_function(ctx, "k_sum_double_atomic"), G, 128, 0, din, dout, ddone, N);
    double s = 0;
    for (double v : in) s += v;
    ck.f64("double sum (exact values, atomicAdd per block)", 0, download<double>(dout, 1)[0], s);
    ck.u32("blocks done counter", 0, download<uint32_t>(ddone, 1)[0], G);
    dfree(din); dfree(dout); dfree(ddone);
  }
  return ck.finish(ctx);
}
