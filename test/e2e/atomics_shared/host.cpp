// Host for atomics_shared: per-block shared-memory atomics and scoped
// global atomics.  Final values exactly; returned values as multisets.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x5A70);
  // ---------------- shared-memory atomics ----------------
  {
    const int B = 256, G = 6, N = B * G;
    std::vector<int32_t> init = {3, 10, -20, -7, 5000, -5000, (int32_t)0x80000000u, 100, 20, 30,
                                 (int32_t)0xFFFFFFFFu, 0x100, 0x0F0F0F0F, 11, -100, INT32_MIN};
    std::vector<uint64_t> init64 = {1ull << 40, 0x123456789ull, (uint64_t)INT64_MIN, 99};
    std::vector<int32_t> vals(N);
    std::vector<uint64_t> lvals(N);
    for (int i = 0; i < N; i++) { vals[i] = (int32_t)rand_u32_mixed(rng); lvals[i] = rand_u64_mixed(rng); }
    CUdeviceptr di = upload(init), di64 = upload(init64), dv = upload(vals), dl = upload(lvals);
    CUdeviceptr dout = alloc_out<int32_t>((size_t)G * 16), dout64 = alloc_out<uint64_t>((size_t)G * 4),
                dolds = alloc_out<int32_t>((size_t)N * 5);
    LAUNCH(get_function(ctx, "k_shared"), G, B, 0, di, di64, dv, dl, dout, dout64, dolds);
    std::vector<int32_t> out = download<int32_t>(dout, (size_t)G * 16), olds = download<int32_t>(dolds, (size_t)N * 5);
    std::vector<uint64_t> out64 = download<uint64_t>(dout64, (size_t)G * 4);
    for (int b = 0; b < G; b++) {
      uint32_t add = (uint32_t)init[1], sub = (uint32_t)init[2], red = (uint32_t)init[14];
      int32_t mn = init[4], mx = init[5], rmx = init[15];
      uint32_t mnu = (uint32_t)init[6], mxu = (uint32_t)init[7], an = (uint32_t)init[10], orr = (uint32_t)init[11],
               xr = (uint32_t)init[12];
      uint64_t a64 = init64[0], x64 = init64[1];
      int64_t m64 = (int64_t)init64[2];
      std::vector<int32_t> g0, e0, g1, e1, g2, e2, g3, e3, g4, e4;
      uint32_t inc = (uint32_t)init[8], dec = (uint32_t)init[9];
      bool exch64_ok = false;
      for (int t = 0; t < B; t++) {
        int gid = b * B + t;
        int32_t v = vals[gid];
        uint64_t L = lvals[gid];
        add += (uint32_t)v; sub -= (uint32_t)v; red += (uint32_t)v;
        mn = std::min(mn, v); mx = std::max(mx, v); rmx = std::max(rmx, v);
        mnu = std::min(mnu, (uint32_t)v); mxu = std::max(mxu, (uint32_t)v);
        an &= ~(1u << (t & 31));
        orr |= 1u << ((uint32_t)v % 31u);
        xr ^= (uint32_t)v;
        a64 += L; x64 ^= (L | 1ull); m64 = std::max(m64, (int64_t)L);
        if (out64[b * 4 + 3] == L) exch64_ok = true;
        g0.push_back(olds[(size_t)gid * 5]); e0.push_back(init[0] + t);
        g1.push_back(olds[(size_t)gid * 5 + 1]); e1.push_back(gid + 100);
        g2.push_back(olds[(size_t)gid * 5 + 2]); e2.push_back((int32_t)inc); inc = inc >= 13u ? 0u : inc + 1;
        g3.push_back(olds[(size_t)gid * 5 + 3]); e3.push_back((int32_t)dec); dec = (dec == 0 || dec > 7u) ? 7u : dec - 1;
        g4.push_back(olds[(size_t)gid * 5 + 4]); e4.push_back(init[13] + 3 * t);
      }
      const int32_t* o = &out[b * 16];
      ck.i32("shared atomicAdd(+1)", b, o[0], init[0] + B);
      ck.u32("shared atomicAdd_block", b, (uint32_t)o[1], add);
      ck.u32("shared atomicSub", b, (uint32_t)o[2], sub);
      ck.i32("shared atomicMin", b, o[4], mn);
      ck.i32("shared atomicMax", b, o[5], mx);
      ck.u32("shared atomicMin(unsigned)", b, (uint32_t)o[6], mnu);
      ck.u32("shared atomicMax(unsigned)", b, (uint32_t)o[7], mxu);
      ck.u32("shared atomicInc(13) final", b, (uint32_t)o[8], inc);
      ck.u32("shared atomicDec(7) final", b, (uint32_t)o[9], dec);
      ck.u32("shared atomicAnd", b, (uint32_t)o[10], an);
      ck.u32("shared atomicOr", b, (uint32_t)o[11], orr);
      ck.u32("shared atomicXor", b, (uint32_t)o[12], xr);
      ck.i32("shared atomicCAS loop", b, o[13], init[13] + 3 * B);
      ck.u32("red.shared.add", b, (uint32_t)o[14], red);
      ck.i32("red.shared.max.s32", b, o[15], rmx);
      ck.u64("shared atomicAdd(ull)", b, out64[b * 4 + 0], a64);
      ck.u64("shared atomicCAS(ull) xor loop", b, out64[b * 4 + 1], x64);
      ck.i64("shared atomicMax(long long)", b, (int64_t)out64[b * 4 + 2], m64);
      ck.expect(exch64_ok, "shared atomicExch(ull) block %d: final value 0x%016" PRIx64 " was not written by any thread", b,
                out64[b * 4 + 3]);
      check_multiset(ck, "shared atomicAdd(+1) returned values", g0, e0);
      g1.push_back(o[3]);
      e1.push_back(init[3]);
      check_multiset(ck, "shared atomicExch returned+final values", g1, e1);
      check_multiset(ck, "shared atomicInc returned values", g2, e2);
      check_multiset(ck, "shared atomicDec returned values", g3, e3);
      check_multiset(ck, "shared atomicCAS loop returned values", g4, e4);
    }
    dfree(di); dfree(di64); dfree(dv); dfree(dl); dfree(dout); dfree(dout64); dfree(dolds);
  }
  // ---------------- scoped global atomics ----------------
  {
    const int B = 256, G = 8, N = B * G, NG = 6 * G + 6;
    std::vector<int32_t> vals(N);
    for (auto& v : vals) v = rng.range(-1000000, 1000000);
    std::vector<int32_t> g0(NG, 0);
    g0[G + 2] = INT32_MIN;
    for (int b = 0; b < G; b++) g0[G + 3 + b] = INT32_MAX;
    const int GP = 4 * G + 3;
    g0[GP + G + 1] = -1;
    std::vector<uint64_t> g640(2, 0);
    std::vector<float> gf0(G + 1, 0.0f);
    CUdeviceptr dg = upload(g0), dg64 = upload(g640), dgf = upload(gf0), dv = upload(vals);
    CUdeviceptr dt = alloc_out<uint32_t>((size_t)N * 2);
    LAUNCH(get_function(ctx, "k_scoped"), G, B, 0, dg, dg64, dgf, dv, dt);
    std::vector<int32_t> g = download<int32_t>(dg, NG);
    std::vector<uint64_t> g64 = download<uint64_t>(dg64, 2);
    std::vector<float> gf = download<float>(dgf, G + 1);
    std::vector<uint32_t> tk = download<uint32_t>(dt, (size_t)N * 2);
    uint32_t all = 0, orr = 0;
    int32_t mx = INT32_MIN;
    uint64_t s64 = 0, s64s = 0;
    std::vector<uint32_t> ginc, einc;
    for (int b = 0; b < G; b++) {
      uint32_t bs = 0, bx = 0;
      int32_t bmn = INT32_MAX;
      std::vector<uint32_t> gt, et;
      for (int t = 0; t < B; t++) {
        int gid = b * B + t;
        int32_t v = vals[gid];
        bs += (uint32_t)v; bx ^= (uint32_t)v; bmn = std::min(bmn, v);
        all += (uint32_t)v; mx = std::max(mx, v); orr |= 1u << (gid & 31);
        s64 += (uint64_t)(uint32_t)v; s64s += (uint64_t)(int64_t)v;
        gt.push_back(tk[2 * gid + 1]); et.push_back((uint32_t)t);
        ginc.push_back(tk[2 * gid]); einc.push_back((uint32_t)gid);
      }
      ck.u32("atomicAdd_block per-block sum", b, (uint32_t)g[b], bs);
      ck.i32("atomicMin_block per-block min", b, g[G + 3 + b], bmn);
      ck.u32("atomicXor_block per-block xor", b, (uint32_t)g[3 * G + 3 + b], bx);
      ck.f32("atomicAdd_block(float)", b, gf[b], 0.25f * B);
      ck.i32("red.relaxed.cta.global.add", b, g[GP + b], B);
      ck.i32("atomicCAS_block ticket final", b, g[GP + G + 3 + b], B);
      check_multiset(ck, "atomicCAS_block tickets", gt, et);
    }
    ck.u32("atomicAdd_system sum", 0, (uint32_t)g[G], all);
    ck.i32("atomicAdd count", 0, g[G + 1], N);
    ck.i32("atomicMax_system", 0, g[G + 2], mx);
    ck.u32("atomicOr_system", 0, (uint32_t)g[2 * G + 3], orr);
    ck.u64("atomicAdd_system(ull)", 0, g64[0], s64);
    ck.u64("red.relaxed.sys.global.add.u64", 1, g64[1], s64s);
    ck.f32("atomicAdd_system(float)", 0, gf[G], (float)N);
    ck.i32("red.relaxed.gpu.global.add", 0, g[GP + G], 2 * N);
    ck.u32("red.global.and", 0, (uint32_t)g[GP + G + 1], ~((1u << 20) - 1));
    ck.i32("atom.relaxed.sys.global.inc final", 0, g[GP + G + 2], N);
    check_multiset(ck, "atom.relaxed.sys.global.inc returned values", ginc, einc);
    dfree(dg); dfree(dg64); dfree(dgf); dfree(dv); dfree(dt);
  }
  return ck.finish(ctx);
}
