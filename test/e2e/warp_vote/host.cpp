// Host for warp_vote: per-warp reference computed from the predicate array.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x707E);
  const int BLOCK = 80, GRID = 6, T = BLOCK * GRID;
  std::vector<int32_t> pred(T);
  // per-warp patterns: all true, all false, random, single lane, odd lanes only, alternate non-0/1 values
  for (int t = 0; t < T; t++) {
    int lane = (t % BLOCK) & 31, w = (t % BLOCK) / 32 + 3 * (t / BLOCK);
    switch (w % 6) {
      case 0: pred[t] = 1; break;
      case 1: pred[t] = 0; break;
      case 2: pred[t] = (int32_t)(rng.next32() & 1); break;
      case 3: pred[t] = lane == 13 ? 1 : 0; break;
      case 4: pred[t] = (lane & 1) ? (int32_t)rng.range(1, 100) : 0; break;
      default: pred[t] = (int32_t)rng.next32(); break;  // any non-zero value is true
    }
  }
  CUdeviceptr dp = upload(pred);
  CUdeviceptr dout = alloc_out<uint32_t>((size_t)T * 10);
  LAUNCH(get_function(ctx, "k_vote"), GRID, BLOCK, 0, dp, dout);
  std::vector<uint32_t> o = download<uint32_t>(dout, (size_t)T * 10);
  static const char* names[10] = {"__activemask", "__ballot_sync", "__all_sync", "__any_sync", "vote.sync.uni",
                                  "ballot (odd lanes)", "all|any<<1|uni<<2 (odd lanes)", "lanes<8 ballot|all|any",
                                  "ballot(!p) lanes>=16", "popc(ballot)+full"};
  for (int t = 0; t < T; t++) {
    int tb = t % BLOCK, lane = tb & 31, wbase = t - lane;
    int nlanes = std::min(32, BLOCK - (tb - lane));
    uint32_t mask = nlanes == 32 ? 0xFFFFFFFFu : ((1u << nlanes) - 1);
    auto P = [&](int l) { return pred[wbase + l] != 0; };
    auto ballot = [&](uint32_t m, bool neg) {
      uint32_t b = 0;
      for (int l = 0; l < 32; l++) if ((m >> l) & 1) if (P(l) != neg) b |= 1u << l;
      return b;
    };
    uint32_t e[10];
    e[0] = mask;
    e[1] = ballot(mask, false);
    e[2] = e[1] == mask;
    e[3] = e[1] != 0;
    e[4] = (e[1] == mask || e[1] == 0);
    uint32_t m5 = 0xAAAAAAAAu & mask, b5 = ballot(m5, false);
    e[5] = (lane & 1) ? b5 : 0xDEADBEEFu;
    e[6] = (lane & 1) ? ((b5 == m5) | ((b5 != 0) << 1) | ((b5 == m5 || b5 == 0) << 2)) : 0xDEADBEEFu;
    uint32_t b7 = ballot(0xFFu, false);
    e[7] = lane < 8 ? (b7 | ((b7 == 0xFFu) << 8) | ((b7 != 0) << 9)) : 0xDEADBEEFu;
    uint32_t m8 = 0xFFFF0000u & mask;
    e[8] = (lane >= 16 && m8) ? ballot(m8, true) : 0xDEADBEEFu;
    e[9] = (uint32_t)__builtin_popcount(e[1]) + 100u;
    for (int k = 0; k < 10; k++)
      ck.expect(o[(size_t)t * 10 + k] == e[k], "%s: thread %d (lane %d, pred %d): got 0x%08x expected 0x%08x", names[k], t,
                lane, pred[t], o[(size_t)t * 10 + k], e[k]);
  }
  dfree(dp); dfree(dout);
  return ck.finish(ctx);
}
