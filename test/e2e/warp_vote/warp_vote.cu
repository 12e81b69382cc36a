// Warp votes: __activemask (converged code, incl. a partial last warp),
// __ballot_sync, __all_sync, __any_sync, vote.sync.uni (inline asm), and
// votes inside divergent branches with explicit partial member masks.
// Launched with 80 threads per block: two full warps and one 16-lane warp.

__device__ __forceinline__ unsigned vote_uni(unsigned mask, int p) {
  unsigned r;
  asm volatile("{ .reg .pred q, u; setp.ne.s32 q, %1, 0; vote.sync.uni.pred u, q, %2; selp.u32 %0, 1, 0, u; }"
               : "=r"(r)
               : "r"(p), "r"(mask));
  return r;
}

#define NOUT 10
extern "C" __global__ void k_vote(const int* pred, unsigned* out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int p = pred[tid];
  unsigned* o = out + (size_t)tid * NOUT;
  unsigned mask = __activemask();  // converged: every existing lane of the warp
  o[0] = mask;
  o[1] = __ballot_sync(mask, p);
  o[2] = (unsigned)__all_sync(mask, p);
  o[3] = (unsigned)__any_sync(mask, p);
  o[4] = vote_uni(mask, p);
  // divergent regions with explicit member masks
  o[5] = 0xDEADBEEFu;
  o[6] = 0xDEADBEEFu;
  o[7] = 0xDEADBEEFu;
  o[8] = 0xDEADBEEFu;
  if (lane & 1) {
    unsigned m = 0xAAAAAAAAu & mask;
    o[5] = __ballot_sync(m, p);
    o[6] = (unsigned)__all_sync(m, p) | ((unsigned)__any_sync(m, p) << 1) | (vote_uni(m, p) << 2);
  }
  if (lane < 8) {
    o[7] = __ballot_sync(0xFFu, p) | ((unsigned)__all_sync(0xFFu, p) << 8) | ((unsigned)__any_sync(0xFFu, p) << 9);
  } else if (lane >= 16) {
    unsigned m = 0xFFFF0000u & mask;
    if (m) o[8] = __ballot_sync(m, !p);
  }
  o[9] = __popc(__ballot_sync(mask, p)) + (__ballot_sync(mask, 1) == mask ? 100u : 0u);
}
