// Host for async_copy.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xA5C0);
  // ---------------- cp.async with zero-fill and ignore-src ----------------
  {
    const int B = 128, G = 4, N = B * G;
    std::vector<uint8_t> src((size_t)N * 48);
    for (auto& v : src) v = (uint8_t)rng.next32();
    CUdeviceptr dsrc = upload(src), dout = alloc_out<uint32_t>((size_t)N * 12);
    LAUNCH(get_function(ctx, "k_cp_async"), G, B, 0, dsrc, dout);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)N * 12);
    for (int g = 0; g < N; g++) {
      int t = g % B, ot = (t + 1) % B, og = g - t + ot;
      const uint8_t* s = &src[(size_t)og * 48];
      uint8_t slot[48];
      auto fill = [&](int at, int cp, int n) {
        for (int i = 0; i < cp; i++) slot[at + i] = i < n ? s[at + i] : 0;
      };
      fill(0, 4, ot % 5);
      fill(4, 4, 4);
      fill(8, 8, ot % 9);
      fill(16, 16, ot % 17);
      fill(32, 16, ot % 3 == 0 ? 0 : 16);
      for (int i = 0; i < 12; i++) {
        uint32_t e;
        memcpy(&e, slot + 4 * i, 4);
        ck.u32("cp.async slot word", (size_t)g * 12 + i, o[(size_t)g * 12 + i], e);
      }
    }
    dfree(dsrc);
    dfree(dout);
  }
  // ---------------- double buffering ----------------
  {
    const int R = 3, T = 5, N = R * T * 256;
    std::vector<float> in(N);
    for (auto& v : in) v = rng.uniform(-100, 100);
    CUdeviceptr din = upload(in), dout = alloc_out<float>(N);
    LAUNCH(get_function(ctx, "k_pipeline"), R, 64, 0, din, dout, T);
    std::vector<float> o = download<float>(dout, N);
    for (int r = 0; r < R; r++)
      for (int k = 0; k < T; k++) {
        float b[256];
        for (int i = 0; i < 256; i++) {
          int c = i / 4, j = i % 4;
          bool zero = (k & 1) && j >= 4 - (c % 4);
          b[i] = zero ? 0.0f : in[((size_t)r * T + k) * 256 + i];
        }
        for (int i = 0; i < 256; i++) {
          size_t at = ((size_t)r * T + k) * 256 + i;
          ck.f32("pipeline", at, o[at], 2.0f * b[i] + b[(i + 1) % 256]);
        }
      }
    dfree(din);
    dfree(dout);
  }
  // ---------------- mbarrier phases ----------------
  // Also blocks of one warp and less: on wave64 the kernel polls, and a
  // block of one warp runs the scheduled code too (docs/lowering.md).
  for (int n : {128, 32, 5}) {
    const int rounds = 6;
    CUdeviceptr dout = alloc_out<uint32_t>(2 * n);
    LAUNCH(get_function(ctx, "k_mbarrier"), 1, n, 0, dout, rounds);
    std::vector<uint32_t> o = download<uint32_t>(dout, 2 * n);
    for (int t = 0; t < n; t++) {
      uint32_t acc = 0;
      for (int r = 0; r < rounds; r++) acc = acc * 31 + (uint32_t)(((t + 1 + r) % n) * 7 + r * 1000);
      ck.u32(n == 128 ? "mbarrier exchange" : n == 32 ? "mbarrier exchange (32 threads)" : "mbarrier exchange (5 threads)",
             t, o[t], acc);
      ck.u32(n == 128 ? "mbarrier waits completed"
                      : n == 32 ? "mbarrier waits completed (32 threads)" : "mbarrier waits completed (5 threads)",
             t, o[n + t], 1);
    }
    dfree(dout);
  }
  // ---------------- mbarrier states, one thread ----------------
  {
    CUdeviceptr dout = alloc_out<uint32_t>(16);
    LAUNCH(get_function(ctx, "k_mbar_states"), 1, 1, 0, dout);
    std::vector<uint32_t> o = download<uint32_t>(dout, 16);
    // pending_count of the states of .noComplete arrivals of 1 and 2 on a
    // count of 5 and of an arrive_drop of 1 (the count before the arrival,
    // as the H200 reports it); waits as test_wait(state of phase 0) |
    // parity 0 << 1 | parity 1 << 2 in phase 0, 1 and 2; pending_count in
    // phase 1 (4 expected after the drop) after an arrival of 3; then
    // expect_tx(64)/arrive/complete_tx(32)x2 and complete_tx(16) before
    // arrive.expect_tx(16).
    const uint32_t e[16] = {5, 4, 2, 4, 3, 4, 5, 0, 0, 3, 0, 1, 0, 0, 0, 0};
    static const char* names[16] = {"pending before arrive 1", "pending before arrive 2", "pending before drop 1",
                                    "waits in phase 0", "waits in phase 1", "pending in phase 1 before arrive 3",
                                    "waits in phase 2", "tx 64 pending", "tx 32 pending", "tx done",
                                    "tx -16", "expect_tx after complete_tx", "-", "-", "-", "-"};
    for (int i = 0; i < 16; i++) ck.expect(o[i] == e[i], "%s: got %u expected %u", names[i], o[i], e[i]);
    dfree(dout);
  }
  // ---------------- arrive_drop ----------------
  {
    CUdeviceptr dout = alloc_out<uint32_t>(128);
    LAUNCH(get_function(ctx, "k_arrive_drop"), 1, 128, 0, dout);
    std::vector<uint32_t> o = download<uint32_t>(dout, 128);
    for (int t = 0; t < 128; t++) ck.u32("arrive_drop phases seen (bit mask)", t, o[t], 7);
    dfree(dout);
  }
  // ---------------- cp.async + mbarrier ----------------
  {
    const int B = 128, G = 2, N = B * G;
    std::vector<int32_t> src((size_t)N * 4);
    for (auto& v : src) v = (int32_t)rng.next32();
    CUdeviceptr dsrc = upload(src), dout = alloc_out<int32_t>((size_t)N * 2);
    LAUNCH(get_function(ctx, "k_cp_async_mbar"), G, B, 0, dsrc, dout);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)N * 2);
    for (int g = 0; g < N; g++) {
      int t = g % B, base = g - t;
      ck.i32("cp.async.mbarrier.arrive.noinc", g, o[2 * g], src[(size_t)(base + (t + 5) % B) * 4 + 1]);
      ck.i32("cp.async.mbarrier.arrive", g, o[2 * g + 1], src[(size_t)((base + (t + 77) % B) ^ 1) * 4 + 3]);
    }
    dfree(dsrc);
    dfree(dout);
  }
  // ---------------- bulk copies ----------------
  {
    const int G = 3, W = 1000;
    std::vector<int32_t> src((size_t)G * W);
    for (auto& v : src) v = (int32_t)rng.next32();
    CUdeviceptr dsrc = upload(src), ddst = alloc_out<int32_t>((size_t)G * W), dinfo = alloc_out<uint32_t>((size_t)G * 4);
    LAUNCH(get_function(ctx, "k_bulk"), G, 128, 0, dsrc, ddst, dinfo, W);
    std::vector<int32_t> d = download<int32_t>(ddst, (size_t)G * W);
    std::vector<uint32_t> info = download<uint32_t>(dinfo, (size_t)G * 4);
    for (int b = 0; b < G; b++) {
      uint32_t sum = 0;
      for (int i = 0; i < W; i++) {
        size_t at = (size_t)b * W + i;
        ck.i32("bulk store of 3*x+1", at, d[at], (int32_t)(3u * (uint32_t)src[at] + 1u));
        sum += (uint32_t)src[at] * (uint32_t)(i + 1);
      }
      ck.u32("bulk reload sum", b, info[b * 4 + 0], sum);
      ck.u32("bulk waits completed", b, info[b * 4 + 1], 1);
    }
    dfree(dsrc);
    dfree(ddst);
    dfree(dinfo);
  }
  // ---------------- distributed shared memory of a one-CTA cluster ----------------
  {
    const int G = 2, W = 1000;
    std::vector<int32_t> src((size_t)G * W);
    for (auto& v : src) v = (int32_t)rng.next32();
    CUdeviceptr dsrc = upload(src), dinfo = alloc_out<uint32_t>((size_t)G * (4 + 128));
    LAUNCH(get_function(ctx, "k_dsmem"), G, 128, 0, dsrc, dinfo, W);
    std::vector<uint32_t> info = download<uint32_t>(dinfo, (size_t)G * (4 + 128));
    for (int b = 0; b < G; b++) {
      uint32_t sum = 0;
      for (int i = 0; i < W; i++) sum += (uint32_t)(src[(size_t)b * W + i] ^ 0x5555) * (uint32_t)(i + 1);
      ck.u32("shared::cta -> shared::cluster copy sum", b, info[b * 4 + 0], sum);
      ck.u32("red.async add", b, info[b * 4 + 1], 128 * 129 / 2);
      ck.u32("getctarank", b, info[b * 4 + 2], 0);
      ck.u32("dsmem waits completed", b, info[b * 4 + 3], 1);
      for (int t = 0; t < 128; t++)
        ck.u32("st.async word", (size_t)b * 128 + t, info[G * 4 + b * 128 + t], (uint32_t)((t + 125) % 128) * 11u + 5u);
    }
    dfree(dsrc);
    dfree(dinfo);
  }
  // ---------------- cuda::barrier + cuda::memcpy_async ----------------
  {
    const int G = 2;
    std::vector<int32_t> src((size_t)G * 3 * 512);
    for (auto& v : src) v = rng.range(-1000000, 1000000);
    CUdeviceptr dsrc = upload(src), dout = alloc_out<int32_t>((size_t)G * 128);
    LAUNCH(get_function(ctx, "k_cuda_barrier"), G, 128, 0, dsrc, dout);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)G * 128);
    for (int b = 0; b < G; b++)
      for (int t = 0; t < 128; t++) {
        uint32_t acc = 0;
        for (int r = 0; r < 3; r++)
          for (int i = t; i < 512; i += 128) acc += (uint32_t)src[((size_t)b * 3 + r) * 512 + i] * (uint32_t)(r + 1);
        ck.i32("cuda::barrier memcpy_async", (size_t)b * 128 + t, o[b * 128 + t], (int32_t)acc);
      }
    dfree(dsrc);
    dfree(dout);
  }
  // ---------------- warp specialisation through mbarriers ----------------
  for (int n : {128, 1024}) {
    const int G = 2, R = 5;
    std::vector<int32_t> in((size_t)G * R * 32);
    for (auto& v : in) v = rng.range(-1000000, 1000000);
    CUdeviceptr din = upload(in), dout = alloc_out<int32_t>((size_t)G * n * R),
                dok = alloc_out<uint32_t>((size_t)G * n);
    LAUNCH(get_function(ctx, "k_mbar_warps"), G, n, 0, din, dout, dok);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)G * n * R);
    std::vector<uint32_t> ok = download<uint32_t>(dok, (size_t)G * n);
    for (int b = 0; b < G; b++)
      for (int t = 0; t < n; t++) {
        ck.u32(n == 128 ? "mbarrier producer/consumer warps waits (128 threads)"
                        : "mbarrier producer/consumer warps waits (1024 threads)",
               (size_t)b * n + t, ok[(size_t)b * n + t], 1);
        for (int r = 0; r < R; r++) {
          int32_t e = t < 32 ? 0 : in[((size_t)b * R + r) * 32 + ((t + r) & 31)] * 3 + r;
          ck.i32(n == 128 ? "mbarrier producer/consumer warps data (128 threads)"
                          : "mbarrier producer/consumer warps data (1024 threads)",
                 ((size_t)b * R + r) * n + t, o[((size_t)b * R + r) * n + t], e);
        }
      }
    dfree(din);
    dfree(dout);
    dfree(dok);
  }
  return ck.finish(ctx);
}
