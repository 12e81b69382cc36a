// Host for shared_mem.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x5A3D);
  // ---------------- static + dynamic ----------------
  {
    const int B = 256, G = 4, N = B * G, NDYN = 1000;
    std::vector<int32_t> in(N);
    for (auto& v : in) v = rng.range(-100000, 100000);
    CUdeviceptr din = upload(in), dout = alloc_out<int32_t>((size_t)N * 6);
    LAUNCH(get_function(ctx, "k_static_dynamic"), G, B, NDYN * 4, din, dout, NDYN);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)N * 6);
    for (int g = 0; g < N; g++) {
      int blk = g / B, t = g % B, base = blk * B;
      auto dyn = [&](int k) -> float { return k < B ? (float)in[base + k] + 0.5f : (float)(k * 2); };
      auto byte = [&](int k) -> int32_t { return (uint8_t)(in[base + k] ^ k); };
      int32_t e[6];
      e[0] = in[base + (t + 1) % 256] * 3;
      e[1] = (int32_t)f2u(dyn((t + 7) % 256));
      e[2] = (int32_t)(((t % 32) * 1.25 + blk) * 4.0);
      e[3] = (int32_t)dyn(NDYN - 1 - t);
      e[4] = byte(255 - t) | (byte((t + 1) & 255) << 8);
      e[5] = 4 * t;
      static const char* names[6] = {"static int", "dynamic float bits", "static double", "dynamic tail", "static bytes", "address delta"};
      for (int k = 0; k < 6; k++) ck.expect(o[(size_t)g * 6 + k] == e[k], "%s thread %d: got %d expected %d", names[k], g, o[(size_t)g * 6 + k], e[k]);
    }
    dfree(din); dfree(dout);
  }
  // ---------------- carved dynamic buffer ----------------
  {
    const int B = 128, G = 3, N = B * G, ND = 300, NI = 200;
    std::vector<int32_t> in(N);
    for (auto& v : in) v = (int32_t)rng.next32();
    CUdeviceptr din = upload(in), dout = alloc_out<int32_t>((size_t)N * 2);
    LAUNCH(get_function(ctx, "k_dyn_carve"), G, B, ND * 8 + NI * 4, din, dout, ND, NI);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)N * 2);
    for (int g = 0; g < N; g++) {
      int blk = g / B, t = g % B;
      ck.i32("block reversal", g, o[2 * g], in[blk * B + (B - 1 - t)]);
      ck.i32("double region + int tail", g, o[2 * g + 1], (int32_t)((ND - 1 - t) * 0.5 * 2.0) + (-(NI - 1)));
    }
    dfree(din); dfree(dout);
  }
  // ---------------- transpose ----------------
  {
    const int W = 100, H = 70;
    std::vector<float> in((size_t)W * H);
    for (auto& v : in) v = rng.uniform(-1, 1);
    CUdeviceptr din = upload(in), dout = alloc_out<float>((size_t)W * H);
    LAUNCH(get_function(ctx, "k_transpose"), Dim((W + 31) / 32, (H + 31) / 32), Dim(32, 8), 0, din, dout, W, H);
    std::vector<float> o = download<float>(dout, (size_t)W * H);
    for (int y = 0; y < W; y++)
      for (int x = 0; x < H; x++) ck.f32("transpose", (size_t)y * H + x, o[(size_t)y * H + x], in[(size_t)x * W + y]);
    dfree(din); dfree(dout);
  }
  // ---------------- generic pointers ----------------
  {
    const int B = 128, G = 2, N = B * G;
    std::vector<int32_t> sel(N);
    for (auto& v : sel) v = (int32_t)rng.below(64);
    CUdeviceptr dsel = upload(sel), dg = alloc_out<int32_t>(N), dout = alloc_out<int32_t>((size_t)N * 8);
    LAUNCH(get_function(ctx, "k_generic"), G, B, 0, dsel, dg, dout);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)N * 8);
    std::vector<int32_t> gm = download<int32_t>(dg, N);
    for (int g = 0; g < N; g++) {
      int t = g % B, partner = g ^ 1;
      bool sh = sel[g] & 1;
      int32_t s_t = (sel[partner] & 1) ? partner * 10 + 3 : -1;
      int32_t s_t5 = 0;
      {
        int t5 = (t + 5) & 127, g5 = g - t + t5, p5 = g5 ^ 1;
        s_t5 = (sel[p5] & 1) ? p5 * 10 + 3 : -1;
      }
      int32_t e[8] = {s_t, g * 10 + 3, sh ? 1 : 2, 1, g * 8 + (sel[g] & 7), 4 * t, s_t, s_t5};
      static const char* names[8] = {"s[tid] after generic stores", "load through generic pointer",
                                     "isShared|isGlobal<<1|isLocal<<2 (shared/global ptr)",
                                     "isLocal|isShared<<1|isGlobal<<2 (local ptr)", "load of local through generic ptr",
                                     "cvta.to.shared delta", "cvta.shared->generic load", "ld.shared via 32-bit address"};
      for (int k = 0; k < 8; k++) ck.expect(o[(size_t)g * 8 + k] == e[k], "%s thread %d: got %d expected %d", names[k], g, o[(size_t)g * 8 + k], e[k]);
      int32_t eg = sh ? (int32_t)0xCDCDCDCD : g * 10 + 3;
      ck.expect(gm[g] == eg, "global buffer element %d: got 0x%08x expected 0x%08x", g, (uint32_t)gm[g], (uint32_t)eg);
    }
    dfree(dsel); dfree(dg); dfree(dout);
  }
  return ck.finish(ctx);
}
