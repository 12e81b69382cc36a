// Barriers: __syncthreads in loops, __syncthreads_count / _and / _or
// (bar.red), named barriers via inline asm (bar.sync / bar.arrive with a
// thread count, producer/consumer warps), barrier ids and counts held in
// registers, barrier.sync with the whole CTA, and producer/consumer warps
// in a block of 1024 threads (on wave64 every wave holds a producer and a
// consumer warp, and no split dispatch fits such a block).

extern "C" __global__ void k_bar_red(const int* pred, int* out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int p = pred[gid];
  int c = __syncthreads_count(p);
  int a = __syncthreads_and(p);
  int o = __syncthreads_or(p);
  unsigned pc;
  asm volatile("{ .reg .pred q; setp.ne.s32 q, %1, 0; bar.red.popc.u32 %0, 0, q; }" : "=r"(pc) : "r"(p & 2));
  out[4 * gid + 0] = c;
  out[4 * gid + 1] = a;
  out[4 * gid + 2] = o;
  out[4 * gid + 3] = (int)pc;
}

// Iterated stencil: each step reads neighbours written in the previous step.
extern "C" __global__ void k_sync_loop(const int* in, int* out, int steps) {
  __shared__ unsigned buf[2][256];
  int t = threadIdx.x, n = blockDim.x;
  buf[0][t] = (unsigned)in[blockIdx.x * n + t];
  __syncthreads();
  int cur = 0;
  for (int s = 0; s < steps; s++) {
    unsigned l = buf[cur][(t + n - 1) % n], r = buf[cur][(t + 1) % n], m = buf[cur][t];
    buf[cur ^ 1][t] = (l ^ (r << 1)) + m * 3u + (unsigned)s;
    __syncthreads();
    cur ^= 1;
  }
  out[blockIdx.x * n + t] = (int)buf[cur][t];
}

// Named barriers, block of 128 threads = 4 warps.
//   warp 0 (producer) / warp 1 (consumer) use barriers 1 ("full") and 2 ("empty")
//   warp 2 (producer) / warp 3 (consumer) use barriers 3 and 4
// Each pair does ROUNDS rounds through a one-slot buffer of 32 ints.
#define ROUNDS 6
extern "C" __global__ void k_named(const int* in, int* out) {
  __shared__ int slot[2][32];
  int t = threadIdx.x, w = t >> 5, lane = t & 31;
  int pair = w >> 1;
  int* buf = slot[pair];
  const int* src = in + (size_t)blockIdx.x * 2 * ROUNDS * 32 + pair * ROUNDS * 32;
  int* dst = out + (size_t)blockIdx.x * 2 * ROUNDS * 32 + pair * ROUNDS * 32;
  if ((w & 1) == 0) {  // producer
    for (int r = 0; r < ROUNDS; r++) {
      if (r > 0) {
        if (pair == 0) asm volatile("bar.sync 2, 64;" ::: "memory");
        else asm volatile("bar.sync 4, 64;" ::: "memory");
      }
      buf[lane] = src[r * 32 + lane] * 5 + r;
      if (pair == 0) asm volatile("bar.arrive 1, 64;" ::: "memory");
      else asm volatile("bar.arrive 3, 64;" ::: "memory");
    }
  } else {  // consumer
    for (int r = 0; r < ROUNDS; r++) {
      if (pair == 0) asm volatile("bar.sync 1, 64;" ::: "memory");
      else asm volatile("bar.sync 3, 64;" ::: "memory");
      dst[r * 32 + lane] = buf[31 - lane];
      if (r + 1 < ROUNDS) {
        if (pair == 0) asm volatile("bar.arrive 2, 64;" ::: "memory");
        else asm volatile("bar.arrive 4, 64;" ::: "memory");
      }
    }
  }
}

// Barrier id and thread count in registers; two halves of the block
// synchronise independently, then everybody meets at barrier 0.
extern "C" __global__ void k_named_reg(const int* in, int* out) {
  __shared__ int s[256];
  int t = threadIdx.x, n = blockDim.x, half = n / 2;
  int gid = blockIdx.x * n + t;
  s[t] = in[gid];
  unsigned id = (t < half) ? 5u : 6u, cnt = (unsigned)half;
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(cnt) : "memory");
  // within each half: rotate by one element
  int base = (t < half) ? 0 : half;
  int v = s[base + ((t - base + 1) % half)];
  asm volatile("barrier.sync %0, %1;" ::"r"(id), "r"(cnt) : "memory");
  s[t] = v * 2;
  asm volatile("barrier.sync 0;" ::: "memory");
  out[gid] = s[n - 1 - t] + v;
}

// Producer/consumer warps in a block of 1024 threads (32 x 32): warp 2p
// produces for warp 2p + 1 through barriers 1 ("full") and 2 ("empty"),
// each counting the whole block; then __syncthreads and a bar.red with a
// thread count.
#define WIDE_ROUNDS 4
extern "C" __global__ void k_named_wide(const int* in, int* out, unsigned* cnt) {
  __shared__ int slot[16][32];
  int t = threadIdx.y * blockDim.x + threadIdx.x, w = t >> 5, lane = t & 31;
  int p = w >> 1;
  size_t base = ((size_t)blockIdx.x * 16 + p) * WIDE_ROUNDS * 32;
  int last;
  if ((w & 1) == 0) {  // producer
    for (int r = 0; r < WIDE_ROUNDS; r++) {
      if (r > 0) asm volatile("bar.sync 2, 1024;" ::: "memory");
      slot[p][lane] = in[base + r * 32 + lane] * 3 + r;
      asm volatile("bar.arrive 1, 1024;" ::: "memory");
    }
    last = in[base + lane];
  } else {  // consumer
    last = 0;
    for (int r = 0; r < WIDE_ROUNDS; r++) {
      asm volatile("bar.sync 1, 1024;" ::: "memory");
      last = slot[p][31 - lane];
      out[base + r * 32 + lane] = last;
      if (r + 1 < WIDE_ROUNDS) asm volatile("bar.arrive 2, 1024;" ::: "memory");
    }
  }
  __syncthreads();
  unsigned c;
  asm volatile("{ .reg .pred q; setp.ne.s32 q, %1, 0; bar.red.popc.u32 %0, 3, 1024, q; }"
               : "=r"(c) : "r"(last & 1));
  if (t == 0) cnt[blockIdx.x] = c;
}

// ---------------------------------------------------------------------------
// A warp whose lanes reach barrier 1 (64 threads) through two different
// non-aligned barrier.sync instructions, after its lanes 24-31 exited: the
// warp arrives once, when all its non-exited threads are there, and counts
// 32, so it must wait for warp 2, which arrives (bar.arrive) only after a
// delay and after writing `flag`. Warps 1 and 3 exit at once.
extern "C" __global__ void k_named_divergent(int* out, int spin) {
  __shared__ volatile int flag;
  int t = threadIdx.x, w = t >> 5, lane = t & 31;
  if (t == 0) flag = 0;
  __syncthreads();
  if (w == 0) {
    if (lane >= 24) return;
    if (lane < 12)
      asm volatile("barrier.sync 1, 64;" ::: "memory");
    else
      asm volatile("barrier.sync 1, 64;" ::: "memory");
    out[blockIdx.x * 128 + t] = flag;
  } else if (w == 2) {
    unsigned x = t;
    for (int i = 0; i < spin; i++) x = x * 1664525u + 1013904223u;
    if (lane == 0) flag = 1;
    out[blockIdx.x * 128 + t] = (int)x;
    asm volatile("bar.arrive 1, 64;" ::: "memory");
  }
}

// ---------------------------------------------------------------------------
// Two warps of one block (one wave64 wave on gfx9) wait for each other by
// spinning on volatile shared flags, with no barrier and no warp op: each
// lane of warp 0 writes data[lane] and sets its bit of flag 0; lane l of
// warp 1 spins until bit 31 - l is set, answers through data2[l] and sets
// its bit of flag 1; lane l of warp 0 spins until bit 31 - l of flag 1 is
// set and reads the answer.
extern "C" __global__ void k_flag_spin(const int* in, int* out, int spin) {
  __shared__ volatile unsigned flag[2];
  __shared__ int data[32], data2[32];
  int t = threadIdx.x, w = t >> 5, lane = t & 31;
  if (t < 2) flag[t] = 0;
  __syncthreads();
  if (w == 0) {
    unsigned x = (unsigned)in[blockIdx.x * 64 + t];
    for (int i = 0; i < spin; i++) x = x * 1664525u + 1013904223u;
    data[lane] = (int)x;
    __threadfence_block();
    atomicOr((unsigned*)&flag[0], 1u << lane);
    while (((flag[1] >> (31 - lane)) & 1) == 0) {
    }
    __threadfence_block();
    out[blockIdx.x * 64 + t] = data2[31 - lane];
  } else if (w == 1) {
    while (((flag[0] >> (31 - lane)) & 1) == 0) {
    }
    __threadfence_block();
    int v = data[31 - lane];
    data2[lane] = v + 1;
    out[blockIdx.x * 64 + t] = v;
    __threadfence_block();
    atomicOr((unsigned*)&flag[1], 1u << lane);
  }
}

// A spin lock taken with atomicExch by lane 0 of every warp, `rounds`
// times: the warps of one wave64 wave contend for it, and the loser spins
// while the holder must run on to release it. Each holder appends its warp
// to a log under the lock.
extern "C" __global__ void k_exch_lock(int* out, int rounds) {
  __shared__ int lock;
  __shared__ volatile int count;
  __shared__ int log[32 * 8];
  int t = threadIdx.x, w = t >> 5, lane = t & 31, warps = blockDim.x >> 5;
  if (t == 0) {
    lock = 0;
    count = 0;
  }
  __syncthreads();
  if (lane == 0)
    for (int r = 0; r < rounds; r++) {
      while (atomicExch(&lock, 1) != 0) {
      }
      __threadfence_block();
      int c = count;
      log[c] = w;
      count = c + 1;
      __threadfence_block();
      atomicExch(&lock, 0);
    }
  __syncthreads();
  for (int i = t; i < warps * rounds; i += blockDim.x)
    out[blockIdx.x * (32 * 8 + 1) + i] = log[i];
  if (t == 0)
    out[blockIdx.x * (32 * 8 + 1) + 32 * 8] = count;
}

// As k_flag_spin, but the flags are plain (not volatile) and the spins
// have a __threadfence_block() in their bodies, which keeps the load in
// the loop.
extern "C" __global__ void k_fence_spin(const int* in, int* out) {
  __shared__ unsigned flag[2];
  __shared__ int data[32], data2[32];
  int t = threadIdx.x, w = t >> 5, lane = t & 31;
  if (t < 2) flag[t] = 0;
  __syncthreads();
  if (w == 0) {
    data[lane] = in[blockIdx.x * 64 + t];
    __threadfence_block();
    atomicOr(&flag[0], 1u << lane);
    while (((flag[1] >> (31 - lane)) & 1) == 0)
      __threadfence_block();
    out[blockIdx.x * 64 + t] = data2[31 - lane];
  } else if (w == 1) {
    while (((flag[0] >> (31 - lane)) & 1) == 0)
      __threadfence_block();
    int v = data[31 - lane];
    data2[lane] = v + 1;
    out[blockIdx.x * 64 + t] = v;
    __threadfence_block();
    atomicOr(&flag[1], 1u << lane);
  }
}
