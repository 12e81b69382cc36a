// Host for warp_shuffle.  The reference models shfl.sync exactly as the PTX
// ISA describes it (lane, bval = b[4:0], clamp value c[4:0], segment mask
// c[12:8]; out-of-range sources return the thread's own value), with the
// c operand the CUDA intrinsics use for a given width.
#include "e2e.h"
using namespace e2e;

enum { IDX = 0, UP = 1, DOWN = 2, BFLY = 3 };
static int src_lane(int mode, int lane, uint32_t b, uint32_t c, bool* pred) {
  int bval = (int)(b & 0x1F), cval = (int)(c & 0x1F), seg = (int)((c >> 8) & 0x1F);
  int maxLane = (lane & seg) | (cval & ~seg);
  int minLane = lane & seg;
  int j;
  bool p;
  switch (mode) {
    case UP: j = lane - bval; p = j >= maxLane; break;
    case DOWN: j = lane + bval; p = j <= maxLane; break;
    case BFLY: j = lane ^ bval; p = j <= maxLane; break;
    default: j = minLane | (bval & ~seg); p = j <= maxLane; break;
  }
  if (pred) *pred = p;
  return p ? j : lane;
}
static uint32_t c_for(int mode, int width) { return ((uint32_t)(32 - width) << 8) | (mode == UP ? 0u : 0x1Fu); }

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0x5F1);
  const int T = 128;  // 2 blocks x 64 threads = 4 warps
  std::vector<int32_t> vi(T);
  std::vector<float> vf(T);
  std::vector<double> vd(T);
  std::vector<int64_t> vl(T);
  for (int t = 0; t < T; t++) {
    vi[t] = (int32_t)rng.next32();
    vf[t] = rand_f32_exp(rng, -100, 100);
    vd[t] = rand_f64_exp(rng, -900, 900);
    vl[t] = (int64_t)rng.next64();
  }
  CUdeviceptr dvi = upload(vi), dvf = upload(vf), dvd = upload(vd), dvl = upload(vl);

  // ---------------- runtime configurations ----------------
  {
    std::vector<int32_t> cfg;
    for (int w = 32; w >= 2; w >>= 1) {
      int idx_args[] = {0, w - 1, w + 1, 1000, 1001, 37};
      for (int a : idx_args) { cfg.push_back(IDX); cfg.push_back(a); cfg.push_back(w); }
      int ud_args[] = {0, 1, w / 2, w - 1, w};
      for (int a : ud_args) { cfg.push_back(UP); cfg.push_back(a); cfg.push_back(w); }
      cfg.push_back(UP); cfg.push_back(33); cfg.push_back(w);
      for (int a : ud_args) { cfg.push_back(DOWN); cfg.push_back(a); cfg.push_back(w); }
      cfg.push_back(DOWN); cfg.push_back(40); cfg.push_back(w);
      int x_args[] = {1, w - 1, w, 31, 0, 17};
      for (int a : x_args) { cfg.push_back(BFLY); cfg.push_back(a); cfg.push_back(w); }
    }
    int ncfg = (int)cfg.size() / 3;
    CUdeviceptr dcfg = upload(cfg);
    CUdeviceptr doi = alloc_out<int32_t>((size_t)ncfg * T), dof = alloc_out<float>((size_t)ncfg * T),
                dod = alloc_out<double>((size_t)ncfg * T), dol = alloc_out<int64_t>((size_t)ncfg * T);
    LAUNCH(get_function(ctx, "k_shfl"), 2, 64, 0, dcfg, ncfg, dvi, dvf, dvd, dvl, doi, dof, dod, dol);
    std::vector<int32_t> oi = download<int32_t>(doi, (size_t)ncfg * T);
    std::vector<float> of = download<float>(dof, (size_t)ncfg * T);
    std::vector<double> od = download<double>(dod, (size_t)ncfg * T);
    std::vector<int64_t> ol = download<int64_t>(dol, (size_t)ncfg * T);
    static const char* mn[4] = {"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync"};
    for (int k = 0; k < ncfg; k++) {
      int mode = cfg[3 * k], arg = cfg[3 * k + 1], w = cfg[3 * k + 2];
      for (int t = 0; t < T; t++) {
        int lane = t & 31, base = t - lane;
        int b = arg;
        if (mode == IDX && arg == 1000) b = lane * 3 + 1;
        if (mode == IDX && arg == 1001) b = -1 - lane;
        int s = base + src_lane(mode, lane, (uint32_t)b, c_for(mode, w), nullptr);
        size_t o = (size_t)k * T + t;
        ck.expect(oi[o] == vi[s], "%s int (arg %d, width %d) thread %d: got %d expected %d (from thread %d)", mn[mode], b, w, t, oi[o], vi[s], s);
        ck.expect(f2u(of[o]) == f2u(vf[s]), "%s float (arg %d, width %d) thread %d: got %a expected %a (from thread %d)", mn[mode], b, w, t, of[o], vf[s], s);
        ck.expect(d2u(od[o]) == d2u(vd[s]), "%s double (arg %d, width %d) thread %d: got %a expected %a (from thread %d)", mn[mode], b, w, t, od[o], vd[s], s);
        ck.expect(ol[o] == vl[s], "%s long long (arg %d, width %d) thread %d: got %" PRId64 " expected %" PRId64 " (from thread %d)", mn[mode], b, w, t, ol[o], vl[s], s);
      }
    }
    dfree(dcfg); dfree(doi); dfree(dof); dfree(dod); dfree(dol);
  }

  // ---------------- constant operands and partial masks ----------------
  {
    CUdeviceptr dout = alloc_out<int32_t>((size_t)T * 12);
    LAUNCH(get_function(ctx, "k_shfl_const"), 2, 64, 0, dvi, dout);
    std::vector<int32_t> o = download<int32_t>(dout, (size_t)T * 12);
    static const char* names[12] = {"xor-butterfly sum", "shfl_up scan (width 8)", "broadcast lane 0", "down 31",
                                    "idx 7 width 4", "down 1 width 16 mask 0xffff", "xor 5 width 16 mask 0xffff0000",
                                    "idx lane^2 mask 0xaaaaaaaa", "down 2 mask 0xaaaaaaaa", "up 3 width 8 mask 0xff",
                                    "up 0", "xor 0 width 2"};
    for (int t = 0; t < T; t++) {
      int lane = t & 31, base = t - lane;
      int32_t e[12];
      uint32_t sum = 0;
      for (int l = 0; l < 32; l++) sum += (uint32_t)vi[base + l];
      e[0] = (int32_t)sum;
      uint32_t sc = 0;
      for (int l = lane & ~7; l <= lane; l++) sc += (uint32_t)vi[base + l];
      e[1] = (int32_t)sc;
      e[2] = vi[base];
      e[3] = lane == 0 ? vi[base + 31] : vi[t];
      e[4] = vi[base + (lane & ~3) + 3];
      e[5] = lane < 16 ? (lane < 15 ? vi[t + 1] : vi[t]) : -1;
      e[6] = lane >= 16 ? vi[base + (lane ^ 5)] : -1;
      e[7] = (lane & 1) ? vi[base + (lane ^ 2)] : -1;
      e[8] = (lane & 1) ? (lane + 2 <= 31 ? vi[t + 2] : vi[t]) : -1;
      e[9] = lane < 8 ? (lane >= 3 ? vi[t - 3] : vi[t]) : -1;
      e[10] = vi[t];
      e[11] = vi[t];
      for (int k = 0; k < 12; k++) ck.expect(o[(size_t)t * 12 + k] == e[k], "%s thread %d: got %d expected %d", names[k], t, o[(size_t)t * 12 + k], e[k]);
    }
    dfree(dout);
  }

  // ---------------- raw shfl.sync with predicate ----------------
  {
    std::vector<int32_t> bi(T);
    for (int t = 0; t < T; t++) bi[t] = (int32_t)rng.below(40);
    CUdeviceptr dbi = upload(bi);
    CUdeviceptr dov = alloc_out<int32_t>((size_t)T * 6), dop = alloc_out<int32_t>((size_t)T * 6);
    LAUNCH(get_function(ctx, "k_shfl_pred"), 2, 64, 0, dvi, dbi, dov, dop);
    std::vector<int32_t> ov = download<int32_t>(dov, (size_t)T * 6), op = download<int32_t>(dop, (size_t)T * 6);
    static const int modes[6] = {UP, DOWN, BFLY, IDX, IDX, DOWN};
    static const uint32_t cs[6] = {0x0, 0x1F, 0x1F, 0x1F, 0x1803, 0x100F};
    static const char* names[6] = {"shfl.sync.up c=0", "shfl.sync.down c=0x1f", "shfl.sync.bfly c=0x1f",
                                   "shfl.sync.idx c=0x1f", "shfl.sync.idx c=0x1803", "shfl.sync.down c=0x100f"};
    for (int t = 0; t < T; t++) {
      int lane = t & 31, base = t - lane;
      for (int k = 0; k < 6; k++) {
        bool p;
        int s = base + src_lane(modes[k], lane, (uint32_t)bi[t], cs[k], &p);
        ck.expect(ov[(size_t)t * 6 + k] == vi[s], "%s b=%d thread %d: value %d expected %d (thread %d)", names[k], bi[t], t,
                  ov[(size_t)t * 6 + k], vi[s], s);
        ck.expect(op[(size_t)t * 6 + k] == (p ? 1 : 0), "%s b=%d thread %d: predicate %d expected %d", names[k], bi[t], t,
                  op[(size_t)t * 6 + k], p ? 1 : 0);
      }
    }
    dfree(dbi); dfree(dov); dfree(dop);
  }
  dfree(dvi); dfree(dvf); dfree(dvd); dfree(dvl);
  return ck.finish(ctx);
}
