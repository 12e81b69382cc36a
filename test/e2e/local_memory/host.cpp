// Host for local_memory: a straightforward C++ replay of each thread.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x10CA1);
  {
    const int N = 512;
    std::vector<int32_t> idx((size_t)N * 32), vals(N);
    for (auto& v : idx) v = (int32_t)rng.next32();
    for (auto& v : vals) v = rng.range(-1000000000, 1000000000);
    CUdeviceptr di = upload(idx), dv = upload(vals);
    CUdeviceptr dout = alloc_out<int32_t>((size_t)N * 6), dod = alloc_out<double>((size_t)N * 2);
    LAUNCH(get_function(ctx, "k_local"), N / 128, 128, 0, di, dv, dout, dod, N);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)N * 6);
    std::vector<double> od = download<double>(dod, (size_t)N * 2);
    for (int i = 0; i < N; i++) {
      int32_t arr[64];
      double darr[16];
      uint8_t bytes[40];
      for (int k = 0; k < 64; k++) arr[k] = vals[(i + k) % N] ^ k;
      for (int k = 0; k < 16; k++) darr[k] = (double)vals[(i * 3 + k) % N] * 0.5;
      for (int k = 0; k < 40; k++) bytes[k] = (uint8_t)(vals[(i + 2 * k) % N] >> 3);
      uint32_t s = 0;
      double ds = 0.0;
      for (int k = 0; k < 32; k++) {
        int j = idx[(size_t)i * 32 + k] & 63;
        arr[j] += k;
        s += (uint32_t)arr[(j * 7) & 63];
        volatile double t = darr[(j + 3) & 15] * 1.5;  // volatile: no host fma contraction
        darr[j & 15] = t - darr[j & 15];
        bytes[j % 40] ^= (uint8_t)(bytes[(j * 3) % 40] + k);
      }
      for (int k = 0; k < 16; k++) { volatile double t = darr[k] * (k + 1); ds += t; }
      uint32_t bs = 0;
      for (int k = 0; k < 40; k++) bs = bs * 31u + bytes[k];
      struct { int16_t a; int8_t b; double c; } recs[8];
      for (int k = 0; k < 8; k++) {
        recs[k].a = (int16_t)(vals[(i + k) % N] >> 16);
        recs[k].b = (int8_t)vals[(i + k + 1) % N];
        recs[k].c = k * 0.25;
      }
      int r = idx[(size_t)i * 32] & 7;
      recs[r].c += recs[(r + 1) & 7].a;
      recs[(r + 3) & 7].b = (int8_t)(recs[r].b + 1);
      int rs = 0;
      double rc = 0.0;
      for (int k = 0; k < 8; k++) { rs += recs[k].a * (k + 1) + recs[k].b; rc += recs[k].c; }
      std::vector<int32_t> ts(12);
      for (int k = 0; k < 12; k++) ts[k] = arr[((uint32_t)idx[(size_t)i * 32 + k] * 5u) & 63];  // wraps as on the GPU
      std::sort(ts.begin(), ts.end());
      int32_t e[6] = {(int32_t)s, (int32_t)bs, rs, ts[0], ts[6], ts[11]};
      static const char* names[6] = {"dynamic int array", "dynamic byte array", "struct array", "sorted[0]", "sorted[6]", "sorted[11]"};
      for (int k = 0; k < 6; k++) ck.expect(o[6 * i + k] == e[k], "%s thread %d: got %d expected %d", names[k], i, o[6 * i + k], e[k]);
      ck.f64("dynamic double array", i, od[2 * i], ds);
      ck.f64("struct double field", i, od[2 * i + 1], rc);
    }
    dfree(di); dfree(dv); dfree(dout); dfree(dod);
  }
  {
    const int N = 256;
    std::vector<int32_t> seeds(N);
    for (auto& v : seeds) v = (int32_t)rng.next32();
    CUdeviceptr ds = upload(seeds), dout = alloc_out<int32_t>((size_t)N * 2);
    LAUNCH(get_function(ctx, "k_stack"), N / 64, 64, 0, ds, dout, N);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)N * 2);
    for (int i = 0; i < N; i++) {
      std::vector<int> st = {1};
      uint32_t seed = (uint32_t)seeds[i], acc = 0;
      int visited = 0;
      while (!st.empty()) {
        int node = st.back();
        st.pop_back();
        visited++;
        acc = acc * 33u + (uint32_t)node;
        uint32_t h = (uint32_t)node * 2654435761u ^ seed;
        if (node < 512) {
          if (h & 1) st.push_back(2 * node);
          if (h & 2) st.push_back(2 * node + 1);
        }
      }
      ck.i32("DFS hash", i, o[2 * i], (int32_t)acc);
      ck.i32("DFS visited", i, o[2 * i + 1], visited);
    }
    dfree(ds); dfree(dout);
  }
  return ck.finish(ctx);
}
