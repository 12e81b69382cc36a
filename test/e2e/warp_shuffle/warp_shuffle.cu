// Warp shuffles: __shfl_sync / __shfl_up_sync / __shfl_down_sync /
// __shfl_xor_sync with widths 32..2, on int, float, double and long long,
// with source lanes / deltas outside the segment, partial member masks, and
// raw shfl.sync with the predicate output and non-default clamp values.

// cfg[3*k] = mode (0 idx, 1 up, 2 down, 3 xor), cfg[3*k+1] = lane/delta/mask, cfg[3*k+2] = width
extern "C" __global__ void k_shfl(const int* cfg, int ncfg, const int* vi, const float* vf, const double* vd,
                                  const long long* vl, int* oi, float* of, double* od, long long* ol) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int nthreads = gridDim.x * blockDim.x;
  int lane = threadIdx.x & 31;
  int xi = vi[tid];
  float xf = vf[tid];
  double xd = vd[tid];
  long long xl = vl[tid];
  for (int k = 0; k < ncfg; k++) {
    int mode = cfg[3 * k], arg = cfg[3 * k + 1], w = cfg[3 * k + 2];
    int ri;
    float rf;
    double rd;
    long long rl;
    if (mode == 0) {
      int src = arg == 1000 ? lane * 3 + 1 : (arg == 1001 ? -1 - lane : arg);  // per-lane sources
      ri = __shfl_sync(0xffffffffu, xi, src, w);
      rf = __shfl_sync(0xffffffffu, xf, src, w);
      rd = __shfl_sync(0xffffffffu, xd, src, w);
      rl = __shfl_sync(0xffffffffu, xl, src, w);
    } else if (mode == 1) {
      ri = __shfl_up_sync(0xffffffffu, xi, (unsigned)arg, w);
      rf = __shfl_up_sync(0xffffffffu, xf, (unsigned)arg, w);
      rd = __shfl_up_sync(0xffffffffu, xd, (unsigned)arg, w);
      rl = __shfl_up_sync(0xffffffffu, xl, (unsigned)arg, w);
    } else if (mode == 2) {
      ri = __shfl_down_sync(0xffffffffu, xi, (unsigned)arg, w);
      rf = __shfl_down_sync(0xffffffffu, xf, (unsigned)arg, w);
      rd = __shfl_down_sync(0xffffffffu, xd, (unsigned)arg, w);
      rl = __shfl_down_sync(0xffffffffu, xl, (unsigned)arg, w);
    } else {
      ri = __shfl_xor_sync(0xffffffffu, xi, arg, w);
      rf = __shfl_xor_sync(0xffffffffu, xf, arg, w);
      rd = __shfl_xor_sync(0xffffffffu, xd, arg, w);
      rl = __shfl_xor_sync(0xffffffffu, xl, arg, w);
    }
    oi[k * nthreads + tid] = ri;
    of[k * nthreads + tid] = rf;
    od[k * nthreads + tid] = rd;
    ol[k * nthreads + tid] = rl;
  }
}

// Compile-time constant operands (the common case) and partial member masks.
#define NOUT_C 12
extern "C" __global__ void k_shfl_const(const int* vi, int* out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int x = vi[tid];
  int* o = out + (size_t)tid * NOUT_C;
  // butterfly sum over the warp
  unsigned s = (unsigned)x;  // unsigned: wrap-around is well defined
  for (int m = 16; m >= 1; m >>= 1) s += __shfl_xor_sync(0xffffffffu, s, m);
  o[0] = (int)s;
  // inclusive scan with shfl_up over segments of 8
  unsigned t = (unsigned)x;
  for (int d = 1; d < 8; d <<= 1) {
    unsigned y = __shfl_up_sync(0xffffffffu, t, d, 8);
    if ((lane & 7) >= d) t += y;
  }
  o[1] = (int)t;
  o[2] = __shfl_sync(0xffffffffu, x, 0);           // broadcast
  o[3] = __shfl_down_sync(0xffffffffu, x, 31);
  o[4] = __shfl_sync(0xffffffffu, x, 7, 4);         // 7 mod 4 = 3 within each group of 4
  // partial member masks: only the named lanes execute the shuffle
  o[5] = -1;
  o[6] = -1;
  o[7] = -1;
  o[8] = -1;
  o[9] = -1;
  if (lane < 16) o[5] = __shfl_down_sync(0x0000ffffu, x, 1, 16);
  if (lane >= 16) o[6] = __shfl_xor_sync(0xffff0000u, x, 5, 16);
  if (lane & 1) o[7] = __shfl_sync(0xaaaaaaaau, x, lane ^ 2);
  if (lane & 1) o[8] = __shfl_down_sync(0xaaaaaaaau, x, 2);
  if (lane < 8) o[9] = __shfl_up_sync(0x000000ffu, x, 3, 8);
  o[10] = __shfl_up_sync(0xffffffffu, x, 0);
  o[11] = __shfl_xor_sync(0xffffffffu, x, 0, 2);
}

// Raw shfl.sync with the predicate result (is the source lane in range?)
// and explicit c operands (clamp value and segment mask).
#define SHFL_P(modestr, cimm, idx)                                                              \
  asm volatile("{ .reg .pred p; shfl.sync." modestr ".b32 %0|p, %2, %3, " #cimm ", 0xffffffff;" \
               " selp.u32 %1, 1, 0, p; }"                                                       \
               : "=r"(r), "=r"(p)                                                               \
               : "r"(x), "r"(b));                                                               \
  ov[(size_t)tid * 6 + idx] = r;                                                                \
  op[(size_t)tid * 6 + idx] = p
extern "C" __global__ void k_shfl_pred(const int* vi, const int* bi, int* ov, int* op) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int x = vi[tid], b = bi[tid], r, p;
  SHFL_P("up", 0x0, 0);      // width 32
  SHFL_P("down", 0x1f, 1);   // width 32
  SHFL_P("bfly", 0x1f, 2);   // width 32
  SHFL_P("idx", 0x1f, 3);    // width 32
  SHFL_P("idx", 0x1803, 4);  // width 8, clamp lane 3 inside each segment
  SHFL_P("down", 0x100f, 5); // width 16
}
