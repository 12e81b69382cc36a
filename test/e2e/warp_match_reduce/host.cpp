// Host for warp_match_reduce: per-warp references for match/reduce/elect and
// the __syncwarp-ordered exchange.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x3A7C);
  const int BLOCK = 64, GRID = 4, T = BLOCK * GRID;  // 8 warps
  std::vector<uint32_t> a(T);
  std::vector<uint64_t> b(T);
  for (int t = 0; t < T; t++) {
    int lane = t & 31, w = t / 32;
    switch (w) {
      case 0: a[t] = lane % 3; b[t] = ((uint64_t)(lane % 2) << 40) | 5; break;  // differ only in the high word
      case 1: a[t] = 0x12345678u; b[t] = 0xABCDEF0123456789ull; break;       // all equal
      case 2: a[t] = rng.below(4); b[t] = (uint64_t)rng.below(3) << 32; break;
      case 3: a[t] = (uint32_t)t * 2654435761u; b[t] = rng.next64(); break;   // all distinct
      case 4: a[t] = lane < 24 ? 7 : 9; b[t] = lane >= 24 ? 0xFFFFFFFF00000000ull : (uint64_t)lane; break;
      case 5: a[t] = rng.next32(); b[t] = 0x100000000ull * (lane & 1); break;
      case 6: a[t] = lane >= 20 ? 1 : 0; b[t] = 42; break;
      default: a[t] = rng.next32() & 0x80000001u; b[t] = (uint64_t)(rng.next32() & 1) << 63; break;
    }
  }
  CUdeviceptr da = upload(a), db = upload(b);
  // ---------------- match ----------------
  {
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)T * 8);
    LAUNCH(get_function(ctx, "k_match"), GRID, BLOCK, 0, da, db, dout);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)T * 8);
    static const char* names[8] = {"match_any(32)", "match_all(32)", "match_all(32) pred", "match_any(64)",
                                   "match_all(64)", "match_all(64) pred", "match_any(32) mask 0x000fffff",
                                   "match_all(64) mask 0xff000000 ^ pred"};
    for (int t = 0; t < T; t++) {
      int lane = t & 31, base = t - lane;
      auto any32 = [&](uint32_t m) { uint32_t r = 0; for (int l = 0; l < 32; l++) if (((m >> l) & 1) && a[base + l] == a[t]) r |= 1u << l; return r; };
      auto any64 = [&](uint32_t m) { uint32_t r = 0; for (int l = 0; l < 32; l++) if (((m >> l) & 1) && b[base + l] == b[t]) r |= 1u << l; return r; };
      uint32_t e[8];
      e[0] = any32(0xFFFFFFFFu);
      e[2] = e[0] == 0xFFFFFFFFu;
      e[1] = e[2] ? 0xFFFFFFFFu : 0u;
      e[3] = any64(0xFFFFFFFFu);
      e[5] = e[3] == 0xFFFFFFFFu;
      e[4] = e[5] ? 0xFFFFFFFFu : 0u;
      e[6] = lane < 20 ? any32(0x000FFFFFu) : 0xDEADBEEFu;
      bool all7 = any64(0xFF000000u) == 0xFF000000u;
      e[7] = lane >= 24 ? ((all7 ? 0xFF000000u : 0u) ^ (all7 ? 1u : 0u)) : 0xDEADBEEFu;
      for (int k = 0; k < 8; k++)
        ck.expect(o[(size_t)t * 8 + k] == e[k], "%s thread %d: got 0x%08x expected 0x%08x", names[k], t, o[(size_t)t * 8 + k], e[k]);
    }
    dfree(dout);
  }
  // ---------------- reduce ----------------
  {
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)T * 9);
    LAUNCH(get_function(ctx, "k_reduce"), GRID, BLOCK, 0, da, dout);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)T * 9);
    static const char* names[9] = {"reduce_add(u32)", "reduce_add(s32)", "reduce_min(s32)", "reduce_max(s32)",
                                   "reduce_min(u32)", "reduce_max(u32)", "reduce_and ^ reduce_or<<1", "reduce_xor",
                                   "reduce_add mask 0xffff"};
    for (int t = 0; t < T; t++) {
      int lane = t & 31, base = t - lane;
      uint32_t add = 0, mnu = 0xFFFFFFFFu, mxu = 0, an = 0xFFFFFFFFu, orr = 0, xr = 0, add16 = 0;
      int32_t mns = INT32_MAX, mxs = INT32_MIN;
      for (int l = 0; l < 32; l++) {
        uint32_t v = a[base + l];
        add += v; mnu = std::min(mnu, v); mxu = std::max(mxu, v);
        mns = std::min(mns, (int32_t)v); mxs = std::max(mxs, (int32_t)v);
        an &= v; orr |= v; xr ^= v;
        if (l < 16) add16 += v;
      }
      uint32_t e[9] = {add, add, (uint32_t)mns, (uint32_t)mxs, mnu, mxu, an ^ (orr << 1), xr, lane < 16 ? add16 : 0xDEADBEEFu};
      for (int k = 0; k < 9; k++)
        ck.expect(o[(size_t)t * 9 + k] == e[k], "%s thread %d: got 0x%08x expected 0x%08x", names[k], t, o[(size_t)t * 9 + k], e[k]);
    }
    dfree(dout);
  }
  // ---------------- elect / syncwarp ----------------
  {
    std::vector<int32_t> v(T);
    for (int t = 0; t < T; t++) v[t] = (int32_t)rng.range(-1000000, 1000000);
    CUdeviceptr dv = upload(v);
    CUdeviceptr dout = alloc_out<uint32_t>((size_t)T * 6);
    LAUNCH(get_function(ctx, "k_elect_syncwarp"), GRID, BLOCK, 0, dv, dout);
    std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)T * 6);
    static const char* names[6] = {"elect leader (full)", "elect is_leader (full)", "elect leader (0xAAAAAAA0)",
                                   "elect is_leader (0xAAAAAAA0)", "syncwarp exchange", "syncwarp(0xffff) exchange"};
    for (int t = 0; t < T; t++) {
      int lane = t & 31, base = t - lane;
      bool sel = lane >= 5 && (lane & 1);
      uint32_t e[6];
      e[0] = 0;
      e[1] = lane == 0;
      e[2] = sel ? 5u : 0xDEADBEEFu;
      e[3] = sel ? (lane == 5 ? 1u : 0u) : 0xDEADBEEFu;
      int src = 31 - lane;  // reads what lane src wrote: r(src) * 2 + src, r(src) = v[(src + 1) & 31]
      e[4] = (uint32_t)(v[base + ((src + 1) & 31)] * 2 + src);
      e[5] = lane < 16 ? (uint32_t)(v[base + 15 - lane] + 7) : 0xDEADBEEFu;
      for (int k = 0; k < 6; k++)
        ck.expect(o[(size_t)t * 6 + k] == e[k], "%s thread %d: got 0x%08x expected 0x%08x", names[k], t, o[(size_t)t * 6 + k], e[k]);
    }
    dfree(dv); dfree(dout);
  }
  dfree(da); dfree(db);
  return ck.finish(ctx);
}
