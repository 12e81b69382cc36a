// Host for atomics_global.  Final values of commutative updates are checked
// exactly; returned old values are checked as multisets (their order depends
// on scheduling): e.g. atomicAdd(+1) must return a permutation of 0..N-1 and
// atomicInc must return the values of the wrap sequence.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xA70);
  const int B = 256, G = 16, N = B * G;
  // ---------------- 32-bit ----------------
  {
    std::vector<int32_t> vals(N);
    std::vector<uint32_t> uvals(N);
    for (int i = 0; i < N; i++) { vals[i] = (int32_t)rand_u32_mixed(rng); uvals[i] = rand_u32_mixed(rng); }
    std::vector<int32_t> c0 = {7, 11, -5, -1, 12345, -12345, (int32_t)0xF0000000u, 17, 100, 50, -1, 0, 0x5A5A5A5A, 1000, 0, 0};
    CUdeviceptr dc = upload(c0), dv = upload(vals), du = upload(uvals);
    CUdeviceptr dolds = alloc_out<int32_t>((size_t)N * 5);
    std::vector<int32_t> bins0(16, 0);
    CUdeviceptr dbins = upload(bins0);
    LAUNCH(get_function(ctx, "k_atomics32"), G, B, 0, dc, dv, du, dolds, dbins);
    std::vector<int32_t> c = download<int32_t>(dc, 16), olds = download<int32_t>(dolds, (size_t)N * 5),
                         bins = download<int32_t>(dbins, 16);
    uint32_t sum_u = (uint32_t)c0[1], sub = (uint32_t)c0[2];
    int32_t mn = c0[4], mx = c0[5];
    uint32_t mnu = (uint32_t)c0[6], mxu = (uint32_t)c0[7];
    uint32_t an = (uint32_t)c0[10], orr = (uint32_t)c0[11], xr = (uint32_t)c0[12];
    int64_t cas = c0[13];
    uint32_t ebins[16] = {0};
    for (int i = 0; i < N; i++) {
      sum_u += uvals[i];
      sub -= (uint32_t)vals[i];
      mn = std::min(mn, vals[i]); mx = std::max(mx, vals[i]);
      mnu = std::min(mnu, uvals[i]); mxu = std::max(mxu, uvals[i]);
      an &= ~(1u << (i & 31)) | ((uint32_t)vals[i] & 0x40000000u);
      orr |= 1u << (uvals[i] & 31);
      xr ^= (uint32_t)vals[i];
      cas += i % 7 + 1;
      ebins[i % 13] += (uint32_t)vals[i];
      ebins[13 + uvals[i] % 3] += 1;
    }
    ck.i32("atomicAdd(+1) final", 0, c[0], c0[0] + N);
    ck.u32("atomicAdd(unsigned) final", 1, (uint32_t)c[1], sum_u);
    ck.u32("atomicSub final", 2, (uint32_t)c[2], sub);
    ck.i32("atomicMin(int) final", 4, c[4], mn);
    ck.i32("atomicMax(int) final", 5, c[5], mx);
    ck.u32("atomicMin(unsigned) final", 6, (uint32_t)c[6], mnu);
    ck.u32("atomicMax(unsigned) final", 7, (uint32_t)c[7], mxu);
    ck.u32("atomicAnd final", 10, (uint32_t)c[10], an);
    ck.u32("atomicOr final", 11, (uint32_t)c[11], orr);
    ck.u32("atomicXor final", 12, (uint32_t)c[12], xr);
    ck.i32("atomicCAS-loop add final", 13, c[13], (int32_t)cas);
    for (int k = 0; k < 16; k++) ck.u32("contended bins", k, (uint32_t)bins[k], ebins[k]);
    // old values
    std::vector<int32_t> g0, e0, g1, e1, g2, e2, g3, e3, g4;
    uint32_t inc = (uint32_t)c0[8], dec = (uint32_t)c0[9];
    for (int i = 0; i < N; i++) {
      g0.push_back(olds[(size_t)i * 5 + 0]); e0.push_back(c0[0] + i);
      g1.push_back(olds[(size_t)i * 5 + 1]); e1.push_back(i + 1000);
      g2.push_back(olds[(size_t)i * 5 + 2]); e2.push_back((int32_t)inc); inc = inc >= 37u ? 0u : inc + 1;
      g3.push_back(olds[(size_t)i * 5 + 3]); e3.push_back((int32_t)dec); dec = (dec == 0 || dec > 19u) ? 19u : dec - 1;
      g4.push_back(olds[(size_t)i * 5 + 4]);
    }
    ck.u32("atomicInc final", 8, (uint32_t)c[8], inc);
    ck.u32("atomicDec final", 9, (uint32_t)c[9], dec);
    check_multiset(ck, "atomicAdd(+1) returned values", g0, e0);
    check_multiset(ck, "atomicInc(37) returned values", g2, e2);
    check_multiset(ck, "atomicDec(19) returned values", g3, e3);
    // atomicExch: returned values plus the final value = initial value plus all written values
    g1.push_back(c[3]);
    e1.push_back(c0[3]);
    check_multiset(ck, "atomicExch returned+final values", g1, e1);
    // CAS loop: the successful old values, sorted, form the chain init, init+inc...
    std::sort(g4.begin(), g4.end());
    bool chain = g4.front() == c0[13];
    std::vector<int> seen(8, 0);
    for (int i = 0; i + 1 < N; i++) {
      int d = g4[i + 1] - g4[i];
      if (d < 1 || d > 7) chain = false; else seen[d]++;
    }
    seen[c[13] - g4.back() >= 1 && c[13] - g4.back() <= 7 ? c[13] - g4.back() : 0]++;
    for (int k = 1; k <= 7; k++) {
      int expected = 0;
      for (int i = 0; i < N; i++) expected += (i % 7 + 1) == k;
      if (seen[k] != expected) chain = false;
    }
    ck.expect(chain, "atomicCAS loop: successful old values do not form a consistent chain");
    dfree(dc); dfree(dv); dfree(du); dfree(dolds); dfree(dbins);
  }
  // ---------------- 64-bit ----------------
  {
    std::vector<uint64_t> vals(N);
    for (auto& v : vals) v = rand_u64_mixed(rng);
    std::vector<uint64_t> c0 = {0x100000000ull, 5, (uint64_t)INT64_MAX, (uint64_t)INT64_MIN, ~0ull, 0, ~0ull, 0,
                                0x0123456789ABCDEFull, 77, 0xFFFFFFFF00000000ull, 0};
    CUdeviceptr dc = upload(c0), dv = upload(vals);
    CUdeviceptr dolds = alloc_out<uint64_t>((size_t)N * 3);
    LAUNCH(get_function(ctx, "k_atomics64"), G, B, 0, dc, dv, dolds);
    std::vector<uint64_t> c = download<uint64_t>(dc, 12), olds = download<uint64_t>(dolds, (size_t)N * 3);
    uint64_t sum = c0[1], an = c0[6], orr = c0[7], xr = c0[8], cas = c0[10];
    int64_t mn = (int64_t)c0[2], mx = (int64_t)c0[3];
    uint64_t mnu = c0[4], mxu = c0[5];
    std::vector<uint64_t> g0, e0, g1, e1, g2;
    for (int i = 0; i < N; i++) {
      uint64_t v = vals[i];
      sum += v;
      mn = std::min(mn, (int64_t)v); mx = std::max(mx, (int64_t)v);
      mnu = std::min(mnu, v); mxu = std::max(mxu, v);
      an &= v | (1ull << (i & 63));
      orr |= v & 0x0101010101010101ull;
      xr ^= v;
      cas += (uint64_t)(i % 5 + 1) << 33;
      g0.push_back(olds[(size_t)i * 3]); e0.push_back(c0[0] + i);
      g1.push_back(olds[(size_t)i * 3 + 1]); e1.push_back((uint64_t)i * 0x100000001ull);
      g2.push_back(olds[(size_t)i * 3 + 2]);
    }
    ck.u64("atomicAdd(ull, 1) final", 0, c[0], c0[0] + N);
    ck.u64("atomicAdd(ull) final", 1, c[1], sum);
    ck.i64("atomicMin(long long) final", 2, (int64_t)c[2], mn);
    ck.i64("atomicMax(long long) final", 3, (int64_t)c[3], mx);
    ck.u64("atomicMin(ull) final", 4, c[4], mnu);
    ck.u64("atomicMax(ull) final", 5, c[5], mxu);
    ck.u64("atomicAnd(ull) final", 6, c[6], an);
    ck.u64("atomicOr(ull) final", 7, c[7], orr);
    ck.u64("atomicXor(ull) final", 8, c[8], xr);
    ck.u64("atomicCAS(ull) loop final", 10, c[10], cas);
    check_multiset(ck, "atomicAdd(ull, 1) returned values", g0, e0);
    g1.push_back(c[9]);
    e1.push_back(c0[9]);
    check_multiset(ck, "atomicExch(ull) returned+final values", g1, e1);
    for (auto& v : g2) v -= c0[10];  // offsets from the initial value (the counter wraps around 2^64)
    std::sort(g2.begin(), g2.end());
    bool chain = g2.front() == 0;
    for (int i = 0; i + 1 < N; i++) {
      uint64_t d = g2[i + 1] - g2[i];
      if (d < (1ull << 33) || d > (5ull << 33) || (d & ((1ull << 33) - 1))) chain = false;
    }
    ck.expect(chain, "atomicCAS(ull) loop: successful old values do not form a consistent chain");
    dfree(dc); dfree(dv); dfree(dolds);
  }
  return ck.finish(ctx);
}
