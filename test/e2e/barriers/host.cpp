// Host for barriers.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xBA22);
  // ---------------- bar.red ----------------
  {
    const int B = 256, G = 5, N = B * G;
    std::vector<int32_t> p(N);
    for (int i = 0; i < N; i++) {
      int blk = i / B, t = i % B;
      switch (blk) {
        case 0: p[i] = 1 + (int32_t)rng.below(5); break;  // all non-zero (values 1..5)
        case 1: p[i] = 0; break;
        case 2: p[i] = (int32_t)rng.below(4); break;
        case 3: p[i] = t == 200 ? 6 : 0; break;
        default: p[i] = t < 255 ? -1 : 0; break;
      }
    }
    CUdeviceptr dp = upload(p), dout = alloc_out<int32_t>((size_t)N * 4);
    LAUNCH(get_function(ctx, "k_bar_red"), G, B, 0, dp, dout);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)N * 4);
    for (int i = 0; i < N; i++) {
      int base = i - i % B, cnt = 0, cnt2 = 0;
      for (int t = 0; t < B; t++) { cnt += p[base + t] != 0; cnt2 += (p[base + t] & 2) != 0; }
      ck.i32("__syncthreads_count", i, o[4 * i], cnt);
      ck.i32("__syncthreads_and", i, o[4 * i + 1], cnt == B ? 1 : 0);
      ck.i32("__syncthreads_or", i, o[4 * i + 2], cnt > 0 ? 1 : 0);
      ck.i32("bar.red.popc (p & 2)", i, o[4 * i + 3], cnt2);
    }
    dfree(dp); dfree(dout);
  }
  // ---------------- __syncthreads in a loop ----------------
  {
    const int B = 256, G = 2, N = B * G, STEPS = 10;
    std::vector<int32_t> in(N);
    for (auto& v : in) v = (int32_t)rng.next32();
    CUdeviceptr din = upload(in), dout = alloc_out<int32_t>(N);
    LAUNCH(get_function(ctx, "k_sync_loop"), G, B, 0, din, dout, STEPS);
    std::vector<int32_t> o = download<int32_t>(dout, N);
    for (int blk = 0; blk < G; blk++) {
      std::vector<uint32_t> cur(B), nxt(B);
      for (int t = 0; t < B; t++) cur[t] = (uint32_t)in[blk * B + t];
      for (int s = 0; s < STEPS; s++) {
        for (int t = 0; t < B; t++) nxt[t] = (cur[(t + B - 1) % B] ^ (cur[(t + 1) % B] << 1)) + cur[t] * 3u + (uint32_t)s;
        cur.swap(nxt);
      }
      for (int t = 0; t < B; t++) ck.u32("stencil after 10 barrier-separated steps", blk * B + t, (uint32_t)o[blk * B + t], cur[t]);
    }
    dfree(din); dfree(dout);
  }
  // ---------------- named barriers: producer / consumer ----------------
  {
    const int G = 3, ROUNDS = 6, PER_BLOCK = 2 * ROUNDS * 32, N = G * PER_BLOCK;
    std::vector<int32_t> in(N);
    for (auto& v : in) v = rng.range(-100000, 100000);
    CUdeviceptr din = upload(in), dout = alloc_out<int32_t>(N);
    LAUNCH(get_function(ctx, "k_named"), G, 128, 0, din, dout);
    std::vector<int32_t> o = download<int32_t>(dout, N);
    for (int blk = 0; blk < G; blk++)
      for (int pair = 0; pair < 2; pair++)
        for (int r = 0; r < ROUNDS; r++)
          for (int lane = 0; lane < 32; lane++) {
            size_t base = (size_t)blk * PER_BLOCK + pair * ROUNDS * 32;
            int32_t e = in[base + r * 32 + (31 - lane)] * 5 + r;
            ck.expect(o[base + r * 32 + lane] == e, "named barrier block %d pair %d round %d lane %d: got %d expected %d",
                      blk, pair, r, lane, o[base + r * 32 + lane], e);
          }
    dfree(din); dfree(dout);
  }
  // ---------------- barrier id / count in registers ----------------
  {
    const int B = 256, G = 2, N = B * G, H = B / 2;
    std::vector<int32_t> in(N);
    for (auto& v : in) v = rng.range(-1000000, 1000000);
    CUdeviceptr din = upload(in), dout = alloc_out<int32_t>(N);
    LAUNCH(get_function(ctx, "k_named_reg"), G, B, 0, din, dout);
    std::vector<int32_t> o = download<int32_t>(dout, N);
    for (int i = 0; i < N; i++) {
      int blk = i / B;
      auto vof = [&](int t) { int base = t < H ? 0 : H; return in[blk * B + base + ((t - base + 1) % H)]; };
      int t = i % B;
      int32_t e = vof(B - 1 - t) * 2 + vof(t);
      ck.i32("bar.sync with register operands", i, o[i], e);
    }
    dfree(din); dfree(dout);
  }
  // ------- producer/consumer warps in blocks of 1024 threads (32 x 32) -------
  {
    const int G = 2, R = 4, PER_BLOCK = 16 * R * 32, N = G * PER_BLOCK;
    std::vector<int32_t> in(N);
    for (auto& v : in) v = rng.range(-100000, 100000);
    CUdeviceptr din = upload(in), dout = alloc_out<int32_t>(N), dcnt = alloc_out<uint32_t>(G);
    CUfunction f = get_function(ctx, "k_named_wide");
    void* args[] = {&din, &dout, &dcnt};
    CU_CHECK(cuLaunchKernel(f, G, 1, 1, 32, 32, 1, 0, nullptr, args, nullptr));
    CU_CHECK(cuCtxSynchronize());
    std::vector<int32_t> o = download<int32_t>(dout, N);
    std::vector<uint32_t> cnt = download<uint32_t>(dcnt, G);
    for (int blk = 0; blk < G; blk++) {
      uint32_t ones = 0;
      for (int p = 0; p < 16; p++) {
        size_t base = ((size_t)blk * 16 + p) * R * 32;
        for (int r = 0; r < R; r++)
          for (int lane = 0; lane < 32; lane++) {
            int32_t e = in[base + r * 32 + (31 - lane)] * 3 + r;
            ck.expect(o[base + r * 32 + lane] == e,
                      "1024-thread named barriers block %d pair %d round %d lane %d: got %d expected %d", blk, p, r,
                      lane, o[base + r * 32 + lane], e);
            if (r == R - 1) ones += e & 1;
          }
        for (int lane = 0; lane < 32; lane++) ones += in[base + lane] & 1;
      }
      ck.u32("bar.red.popc with a count in a 1024-thread block", blk, cnt[blk], ones);
    }
    dfree(din); dfree(dout); dfree(dcnt);
  }
  // ------- a warp at two barrier.sync instructions counts once -------
  {
    const int G = 3, spin = 3000;
    CUdeviceptr dout = alloc_out<int32_t>((size_t)G * 128);
    LAUNCH(get_function(ctx, "k_named_divergent"), G, 128, 0, dout, spin);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)G * 128);
    for (int blk = 0; blk < G; blk++)
      for (int t = 0; t < 128; t++) {
        int w = t >> 5, lane = t & 31;
        uint32_t x = (uint32_t)t;
        for (int i = 0; i < spin; i++) x = x * 1664525u + 1013904223u;
        int32_t e = w == 0 && lane < 24 ? 1 : w == 2 ? (int32_t)x : (int32_t)0xCDCDCDCDu;
        ck.i32(w == 0 ? "divergent barrier.sync sees the flag (warp counted once)"
                      : "divergent barrier.sync other warps",
               (size_t)blk * 128 + t, o[(size_t)blk * 128 + t], e);
      }
    dfree(dout);
  }
  // ------- two warps of one wave spin on each other's volatile flags -------
  {
    const int G = 3, spin = 500;
    std::vector<int32_t> in((size_t)G * 64);
    for (auto& v : in) v = rng.range(-1000000, 1000000);
    CUdeviceptr din = upload(in), dout = alloc_out<int32_t>((size_t)G * 64);
    LAUNCH(get_function(ctx, "k_flag_spin"), G, 64, 0, din, dout, spin);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)G * 64);
    auto lcg = [&](int blk, int t) {
      uint32_t x = (uint32_t)in[(size_t)blk * 64 + t];
      for (int i = 0; i < spin; i++) x = x * 1664525u + 1013904223u;
      return (int32_t)x;
    };
    for (int blk = 0; blk < G; blk++)
      for (int t = 0; t < 64; t++) {
        int lane = t & 31;
        // warp 1 read data[31 - lane]; warp 0 reads back data2[31 - lane],
        // which warp 1's lane 31 - lane wrote as data[lane] + 1.
        int32_t e = t < 32 ? (int32_t)((uint32_t)lcg(blk, lane) + 1u) : lcg(blk, 31 - lane);
        ck.i32(t < 32 ? "volatile flag spin: warp 0 gets warp 1's answer"
                      : "volatile flag spin: warp 1 reads warp 0's data",
               (size_t)blk * 64 + t, o[(size_t)blk * 64 + t], e);
      }
    dfree(din);
    dfree(dout);
  }
  // ------- a spin lock (atomicExch) between the warps of a block -------
  for (int B : {64, 256, 1024}) {
    const int G = 3, rounds = 8, warps = B / 32, stride = 32 * 8 + 1;
    CUdeviceptr dout = alloc_out<int32_t>((size_t)G * stride);
    LAUNCH(get_function(ctx, "k_exch_lock"), G, B, 0, dout, rounds);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)G * stride);
    for (int blk = 0; blk < G; blk++) {
      const int32_t* b = &o[(size_t)blk * stride];
      ck.i32("spin lock: entries under the lock", (size_t)blk * 1000 + B, b[32 * 8],
             warps * rounds);
      std::vector<int> seen(warps, 0);
      bool inRange = true;
      for (int i = 0; i < warps * rounds; i++) {
        if (b[i] < 0 || b[i] >= warps) inRange = false;
        else seen[b[i]]++;
      }
      ck.i32("spin lock: log holds warp ids", (size_t)blk * 1000 + B, inRange, 1);
      for (int w = 0; w < warps; w++)
        ck.i32("spin lock: each warp held it `rounds` times",
               (size_t)blk * 1000 + B + w, seen[w], rounds);
    }
    dfree(dout);
  }
  // ------- two warps of one wave spin on plain flags with a fence -------
  {
    const int G = 3;
    std::vector<int32_t> in((size_t)G * 64);
    for (auto& v : in) v = rng.range(-1000000, 1000000);
    CUdeviceptr din = upload(in), dout = alloc_out<int32_t>((size_t)G * 64);
    LAUNCH(get_function(ctx, "k_fence_spin"), G, 64, 0, din, dout);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)G * 64);
    for (int blk = 0; blk < G; blk++)
      for (int t = 0; t < 64; t++) {
        int lane = t & 31;
        int32_t e = t < 32 ? (int32_t)((uint32_t)in[(size_t)blk * 64 + lane] + 1u)
                           : in[(size_t)blk * 64 + 31 - lane];
        ck.i32(t < 32 ? "fenced flag spin: warp 0 gets warp 1's answer"
                      : "fenced flag spin: warp 1 reads warp 0's data",
               (size_t)blk * 64 + t, o[(size_t)blk * 64 + t], e);
      }
    dfree(din);
    dfree(dout);
  }
  return ck.finish(ctx);
}
