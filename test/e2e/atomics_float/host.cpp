// Host for atomics_float.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xF1A7);
  const int B = 256, G = 8, N = B * G;
  std::vector<float> fv(N);
  std::vector<double> dv(N);
  for (int i = 0; i < N; i++) {
    fv[i] = (float)rng.range(-64, 64) * 0.125f;          // multiples of 1/8: every partial sum is exact
    dv[i] = (double)rng.range(-(1 << 20), 1 << 20) * std::ldexp(1.0, -20);
  }
  std::vector<float> gf0 = {0.5f, 0.0f, -INFINITY, -1.0f};
  std::vector<double> gd0 = {0.25};
  std::vector<uint16_t> gh0 = {0x3C00, 0x0000};  // half2 (1.0, 0.0) as a pair
  std::vector<uint16_t> gh1 = {0x1234, 0x0000};  // half[0] must stay untouched, half[1] accumulates
  std::vector<uint16_t> gb0 = {0x0000, 0x3F80};  // bf16 (0.0, 1.0)
  CUdeviceptr dgf = upload(gf0), dgd = upload(gd0), dgh2 = upload(gh0), dgh = upload(gh1), dgb = upload(gb0);
  CUdeviceptr dfv = upload(fv), ddv = upload(dv);
  CUdeviceptr dfold = alloc_out<float>(N), dbs = alloc_out<float>(G), dbsd = alloc_out<double>(G);
  LAUNCH(get_function(ctx, "k_fatomics"), G, B, 0, dgf, dgd, dgh2, dgh, dgb, dfv, ddv, dfold, dbs, dbsd);
  std::vector<float> gf = download<float>(dgf, 4), fold = download<float>(dfold, N), bs = download<float>(dbs, G);
  std::vector<double> gd = download<double>(dgd, 1), bsd = download<double>(dbsd, G);
  std::vector<uint16_t> gh2 = download<uint16_t>(dgh2, 2), gh = download<uint16_t>(dgh, 2), gb = download<uint16_t>(dgb, 2);
  double sf = gf0[0], sd = gd0[0];
  float mx = gf0[2];
  for (int i = 0; i < N; i++) {
    sf += fv[i];
    sd += dv[i];
    volatile float m = fv[i] * 3.0f - (float)(i % 5);
    mx = std::max(mx, (float)m);
  }
  ck.f32("atomicAdd(float) sum", 0, gf[0], (float)sf);
  ck.f32("atomicAdd(float, 1.0) count", 1, gf[1], (float)N);
  ck.f64("atomicAdd(double) sum", 0, gd[0], sd);
  ck.f32("CAS-based atomicMax(float)", 2, gf[2], mx);
  bool exch_ok = false;
  for (int i = 0; i < N; i++) exch_ok |= gf[3] == (float)i * 0.5f;
  ck.expect(exch_ok, "atomicExch(float): final value %g was not written by any thread", gf[3]);
  std::vector<int64_t> gold, eold;
  for (int i = 0; i < N; i++) { gold.push_back((int64_t)fold[i]); eold.push_back(i); }
  check_multiset(ck, "atomicAdd(float, 1.0) returned values", gold, eold);
  for (int b = 0; b < G; b++) {
    double s = 0, s2 = 1.0;
    for (int t = 0; t < B; t++) { s += fv[b * B + t]; s2 += dv[b * B + t]; }
    ck.f32("shared atomicAdd(float) block sum", b, bs[b], (float)s);
    ck.f64("shared atomicAdd(double) block sum", b, bsd[b], s2);
  }
  ck.f16("atomicAdd(__half2) low lane (1 + 1024*1.0)", 0, gh2[0], (uint16_t)round_double_to(1.0 + 1024.0, kF16, RN));
  ck.f16("atomicAdd(__half2) high lane (1024*0.25)", 1, gh2[1], (uint16_t)round_double_to(256.0, kF16, RN));
  ck.u32("atomicAdd(__half) neighbour untouched", 0, gh[0], 0x1234);
  ck.f16("atomicAdd(__half) (512*0.5)", 1, gh[1], (uint16_t)round_double_to(256.0, kF16, RN));
  ck.bf16("atomicAdd(__nv_bfloat162) low lane (128*1.0)", 0, gb[0], (uint16_t)round_double_to(128.0, kBF16, RN));
  ck.bf16("atomicAdd(__nv_bfloat162) high lane (1 + 128*0.5)", 1, gb[1], (uint16_t)round_double_to(65.0, kBF16, RN));
  dfree(dgf); dfree(dgd); dfree(dgh2); dfree(dgh); dfree(dgb); dfree(dfv); dfree(ddv); dfree(dfold); dfree(dbs); dfree(dbsd);
  return ck.finish(ctx);
}
