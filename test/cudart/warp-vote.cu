// Warp vote and match functions: __ballot_sync, __all_sync, __any_sync over
// full warps and over the lower half-warp only (a partial mask, with only
// those lanes taking part), __activemask in a divergent branch (holds the
// calling lane, and only lanes of that branch), __match_any_sync and
// __match_all_sync, and the sm_80 warp reductions __reduce_add_sync,
// __reduce_min_sync, __reduce_max_sync and __reduce_or_sync; counted with
// __popc and located with __ffs.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS warp-vote
#define TEST_NAME "warp-vote"
#include "check.cuh"

#include <vector>

constexpr unsigned FULL = 0xffffffffu;
constexpr int FIELDS = 14;

__global__ void vote(const int *in, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = in[i];
  unsigned *o = out + i * FIELDS;
  unsigned ballot = __ballot_sync(FULL, v > 0);
  o[0] = ballot;
  o[1] = __all_sync(FULL, v > -1000) ? 1 : 0;
  o[2] = __any_sync(FULL, v == 7) ? 1 : 0;
  o[3] = __popc(ballot);
  o[4] = __ffs(ballot); // 1 + the lowest lane with v > 0, 0 if none
  o[5] = o[6] = 0xdead;
  if (lane < 16) {
    o[5] = __ballot_sync(0x0000ffffu, v % 2 == 0);
    o[6] = __all_sync(0x0000ffffu, v != 12345) ? 1 : 0;
  }
  o[7] = 0;
  if (v % 3 == 0)
    o[7] = __activemask();
  o[8] = __match_any_sync(FULL, v % 5);
  int same = 0;
  o[9] = __match_all_sync(FULL, lane / 32, &same);
  o[10] = same;
  o[11] = __reduce_add_sync(FULL, (unsigned)(v + 1000));
  o[12] = __reduce_min_sync(FULL, (unsigned)(v + 1000)) |
          (__reduce_max_sync(FULL, (unsigned)(v + 1000)) << 16);
  o[13] = __reduce_or_sync(FULL, 1u << (lane % 8));
}

int main() {
  const int blocks = 2, threads = 128, n = blocks * threads;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = (i * 37) % 41 - 20;
  // Warp 3 has no positive value, warp 5 has only positive ones.
  for (int l = 0; l < 32; ++l) {
    h[3 * 32 + l] = -l - 1;
    h[5 * 32 + l] = l + 1;
  }
  h[2 * 32 + 9] = 7;

  int *in;
  unsigned *out;
  CHECK(cudaMalloc(&in, n * sizeof(int)));
  CHECK(cudaMallocManaged(&out, n * FIELDS * sizeof(unsigned)));
  CHECK(cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  vote<<<blocks, threads>>>(in, out);
  CHECK_LAUNCH();

  for (int w = 0; w < n / 32; ++w) {
    unsigned ballot = 0, even = 0, redAdd = 0, redMin = ~0u, redMax = 0;
    bool any7 = false;
    for (int l = 0; l < 32; ++l) {
      int v = h[w * 32 + l];
      ballot |= (v > 0 ? 1u : 0u) << l;
      if (l < 16)
        even |= (v % 2 == 0 ? 1u : 0u) << l;
      any7 |= v == 7;
      unsigned u = v + 1000;
      redAdd += u;
      redMin = u < redMin ? u : redMin;
      redMax = u > redMax ? u : redMax;
    }
    for (int l = 0; l < 32; ++l) {
      int i = w * 32 + l, v = h[i];
      const unsigned *o = out + i * FIELDS;
      REQUIRE(o[0] == ballot, "warp %d lane %d: ballot %#x, expected %#x", w, l,
              o[0], ballot);
      REQUIRE(o[1] == 1, "warp %d lane %d: all_sync %u", w, l, o[1]);
      REQUIRE(o[2] == (any7 ? 1u : 0u), "warp %d lane %d: any_sync %u", w, l,
              o[2]);
      REQUIRE(o[3] == (unsigned)__builtin_popcount(ballot), "warp %d: popc %u",
              w, o[3]);
      REQUIRE(o[4] == (unsigned)__builtin_ffs((int)ballot), "warp %d: ffs %u",
              w, o[4]);
      if (l < 16) {
        REQUIRE(o[5] == even,
                "warp %d lane %d: half-warp ballot %#x, "
                "expected %#x",
                w, l, o[5], even);
        REQUIRE(o[6] == 1, "warp %d lane %d: half-warp all %u", w, l, o[6]);
      } else {
        REQUIRE(o[5] == 0xdead && o[6] == 0xdead, "lane %d took part", l);
      }
      if (v % 3 == 0) {
        unsigned allowed = 0;
        for (int k = 0; k < 32; ++k)
          allowed |= (h[w * 32 + k] % 3 == 0 ? 1u : 0u) << k;
        REQUIRE((o[7] >> l) & 1,
                "warp %d lane %d: activemask %#x lacks the "
                "lane",
                w, l, o[7]);
        REQUIRE((o[7] & ~allowed) == 0,
                "warp %d lane %d: activemask %#x "
                "has lanes of the other branch (%#x)",
                w, l, o[7], allowed);
      }
      unsigned match = 0;
      for (int k = 0; k < 32; ++k)
        match |= (h[w * 32 + k] % 5 == v % 5 ? 1u : 0u) << k;
      REQUIRE(o[8] == match, "warp %d lane %d: match_any %#x, expected %#x", w,
              l, o[8], match);
      REQUIRE(o[9] == FULL && o[10] == 1,
              "warp %d lane %d: match_all %#x, "
              "pred %u",
              w, l, o[9], o[10]);
      REQUIRE(o[11] == redAdd, "warp %d: reduce_add %u, expected %u", w, o[11],
              redAdd);
      REQUIRE(o[12] == (redMin | redMax << 16),
              "warp %d: reduce min/max "
              "%#x",
              w, o[12]);
      REQUIRE(o[13] == 0xffu, "warp %d: reduce_or %#x", w, o[13]);
    }
  }
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return pass();
}
