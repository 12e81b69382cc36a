// Host for prefix_scan: exact (wrapping unsigned / small signed) references.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x5CA7);
  {
    const int N = 10000, ELEMS = 512, NB = (N + ELEMS - 1) / ELEMS;
    std::vector<uint32_t> in(N);
    for (auto& v : in) v = rng.next32();
    CUdeviceptr din = upload(in), dout = alloc_out<uint32_t>(N), dsums = alloc_out<uint32_t>(NB),
                dsums_scan = alloc_out<uint32_t>(NB);
    CUfunction scan = get_function(ctx, "k_scan_block");
    LAUNCH(scan, NB, ELEMS / 2, 0, din, dout, dsums, N);
    CUdeviceptr null_ptr = 0;
    LAUNCH(scan, 1, ELEMS / 2, 0, dsums, dsums_scan, null_ptr, NB);
    LAUNCH(get_function(ctx, "k_scan_add"), (N + 255) / 256, 256, 0, dout, dsums_scan, N);
    std::vector<uint32_t> o = download<uint32_t>(dout, N);
    std::vector<uint32_t> sums = download<uint32_t>(dsums, NB);
    uint32_t acc = 0;
    for (int i = 0; i < N; i++) {
      acc += in[i];
      ck.u32("inclusive scan (Blelloch + block sums)", i, o[i], acc);
    }
    for (int b = 0; b < NB; b++) {
      uint32_t s = 0;
      for (int i = b * ELEMS; i < std::min(N, (b + 1) * ELEMS); i++) s += in[i];
      ck.u32("block total", b, sums[b], s);
    }
    dfree(din); dfree(dout); dfree(dsums); dfree(dsums_scan);
  }
  {
    const int B = 1024, G = 3, N = B * G - 100;
    std::vector<int32_t> in(N);
    for (auto& v : in) v = rng.range(-1000, 1000);
    CUdeviceptr din = upload(in), dout = alloc_out<int32_t>(N);
    LAUNCH(get_function(ctx, "k_scan_warp"), G, B, 0, din, dout, N);
    std::vector<int32_t> o = download<int32_t>(dout, N);
    int32_t acc = 0;
    for (int i = 0; i < N; i++) {
      if (i % B == 0) acc = 0;
      acc += in[i];
      ck.i32("block inclusive scan (shuffles)", i, o[i], acc);
    }
    dfree(din); dfree(dout);
  }
  return ck.finish(ctx);
}
