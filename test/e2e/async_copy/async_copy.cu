// Asynchronous copies and mbarriers: cp.async 4/8/16-byte copies with
// zero-fill (src-size < cp-size) and the ignore-src predicate,
// commit_group/wait_group double buffering (cuda_pipeline.h), mbarrier
// init/arrive/test_wait/try_wait(.parity)/pending_count/arrive_drop,
// cp.async.mbarrier.arrive(.noinc), expect_tx/complete_tx, the bulk copies
// of sm_90 (global -> shared with complete_tx, shared -> global in a bulk
// group, shared -> shared::cluster), st.async/red.async, mapa/getctarank,
// griddepcontrol, cuda::barrier with cuda::memcpy_async, and a producer
// warp feeding consumer warps through mbarriers (warp specialisation; on
// wave64 the producer shares its wave with a consumer).
//
// Guarded by __CUDA_ARCH__: sm_75 PTX computes the same results with plain
// loads, stores and __syncthreads, sm_80 uses cp.async and mbarriers,
// sm_90 adds the bulk copies. The host never needs to know the target.
#include <cuda/barrier>
#include <cuda_pipeline.h>
#include <stdint.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define HAVE_CP_ASYNC 1
#else
#define HAVE_CP_ASYNC 0
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define HAVE_BULK 1
#else
#define HAVE_BULK 0
#endif

__device__ __forceinline__ unsigned smem(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

// Plain copy of `n` of `cp` bytes, the rest zero: what cp.async does.
__device__ __forceinline__ void copy_zfill(unsigned char* d, const unsigned char* s, int cp, int n) {
  for (int i = 0; i < cp; i++) d[i] = i < n ? s[i] : 0;
}

#if HAVE_CP_ASYNC
__device__ __forceinline__ bool mbar_test_wait(unsigned bar, unsigned long long state) {
  unsigned r;
  asm volatile("{ .reg .pred p; mbarrier.test_wait.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
               : "=r"(r) : "r"(bar), "l"(state) : "memory");
  return r;
}
__device__ __forceinline__ bool mbar_test_parity(unsigned bar, unsigned parity) {
  unsigned r;
  asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
               : "=r"(r) : "r"(bar), "r"(parity) : "memory");
  return r;
}
__device__ __forceinline__ unsigned long long mbar_arrive(unsigned bar) {
  unsigned long long s;
  asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(s) : "r"(bar) : "memory");
  return s;
}
__device__ __forceinline__ void mbar_init(unsigned bar, unsigned count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" :: "r"(bar), "r"(count) : "memory");
}
// A bounded wait: 1 when the phase completed, 0 after too many polls.
__device__ __forceinline__ int mbar_wait_parity(unsigned bar, unsigned parity) {
  for (int i = 0; i < (1 << 22); i++) {
    unsigned r;
#if HAVE_BULK
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(r) : "r"(bar), "r"(parity) : "memory");
#else
    r = mbar_test_parity(bar, parity);
#endif
    if (r) return 1;
  }
  return 0;
}
#endif

// ---------------------------------------------------------------------------
// cp.async: every thread fills a 48-byte slot of shared memory with a 4-byte
// (src-size t%5), an 8-byte (t%9) and a 16-byte .cg (t%17) zero-filling
// copy and a 16-byte copy whose ignore-src predicate is t%3==0; then reads
// the slot of thread t+1.
// ---------------------------------------------------------------------------
extern "C" __global__ void k_cp_async(const unsigned char* src, unsigned* out) {
  __shared__ __align__(16) unsigned char s[128 * 48];
  int t = threadIdx.x, g = blockIdx.x * 128 + t;
  unsigned char* slot = s + t * 48;
  const unsigned char* gs = src + (size_t)g * 48;
  for (int i = 0; i < 48; i++) slot[i] = 0xAB;
  int n4 = t % 5, n8 = t % 9, n16 = t % 17;
  bool ignore = t % 3 == 0;
#if HAVE_CP_ASYNC
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" :: "r"(smem(slot)), "l"(gs), "r"(n4) : "memory");
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" :: "r"(smem(slot + 8)), "l"(gs + 8), "r"(n8) : "memory");
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"(smem(slot + 16)), "l"(gs + 16), "r"(n16) : "memory");
  asm volatile("{ .reg .pred p; setp.ne.b32 p, %2, 0; cp.async.ca.shared.global [%0], [%1], 16, p; }"
               :: "r"(smem(slot + 32)), "l"(gs + 32), "r"((int)ignore) : "memory");
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(smem(slot + 4)), "l"(gs + 4) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_group 0;" ::: "memory");
#else
  copy_zfill(slot, gs, 4, n4);
  copy_zfill(slot + 8, gs + 8, 8, n8);
  copy_zfill(slot + 16, gs + 16, 16, n16);
  copy_zfill(slot + 32, gs + 32, 16, ignore ? 0 : 16);
  copy_zfill(slot + 4, gs + 4, 4, 4);
#endif
  __syncthreads();
  const unsigned* other = (const unsigned*)(s + ((t + 1) % 128) * 48);
  for (int i = 0; i < 12; i++) out[(size_t)g * 12 + i] = other[i];
}

// ---------------------------------------------------------------------------
// Double buffering with commit/wait_group: tile k+1 is in flight while tile k
// is used; odd tiles zero-fill the last (t%4)*4 bytes of each 16-byte chunk.
// out[k*256+i] = 2*tile[i] + tile[(i+1)%256]; 64 threads, one row per block.
// ---------------------------------------------------------------------------
extern "C" __global__ void k_pipeline(const float* in, float* out, int tiles) {
  __shared__ __align__(16) float buf[2][256];
  int t = threadIdx.x;
  const float* row = in + (size_t)blockIdx.x * tiles * 256;
  float* orow = out + (size_t)blockIdx.x * tiles * 256;
  auto issue = [&](int k) {
    size_t zfill = (k & 1) ? (size_t)(t % 4) * 4 : 0;
    __pipeline_memcpy_async(&buf[k & 1][t * 4], row + (size_t)k * 256 + t * 4, 16, zfill);
    __pipeline_commit();
  };
  issue(0);
  for (int k = 0; k < tiles; k++) {
    if (k + 1 < tiles) {
      issue(k + 1);
      __pipeline_wait_prior(1);
    } else {
      __pipeline_wait_prior(0);
    }
    __syncthreads();
    const float* b = buf[k & 1];
    for (int i = t; i < 256; i += 64) orow[(size_t)k * 256 + i] = 2.0f * b[i] + b[(i + 1) % 256];
    __syncthreads();
  }
}

// ---------------------------------------------------------------------------
// mbarrier phases: the n <= 128 threads of the block exchange data[] through
// an mbarrier for `rounds` rounds. Even rounds wait with test_wait on the
// arrive state, odd rounds with (try_)wait.parity; a second mbarrier guards
// data[] before the next round overwrites it. out[t] = hash of what thread t
// read, out[n+t] = 1 when no wait timed out.
// ---------------------------------------------------------------------------
extern "C" __global__ void k_mbarrier(unsigned* out, int rounds) {
  __shared__ unsigned long long bar[2];
  __shared__ unsigned data[128];
  int t = threadIdx.x, n = blockDim.x;
  unsigned acc = 0, ok = 1;
#if HAVE_CP_ASYNC
  unsigned b0 = smem(&bar[0]), b1 = smem(&bar[1]);
  if (t == 0) {
    mbar_init(b0, n);
    mbar_init(b1, n);
  }
  __syncthreads();
#endif
  for (int r = 0; r < rounds; r++) {
    data[t] = t * 7 + r * 1000;
#if HAVE_CP_ASYNC
    unsigned long long st = mbar_arrive(b0);
    if (r % 2 == 0) {
      int i = 0;
      while (!mbar_test_wait(b0, st) && ++i < (1 << 22)) {
      }
      ok &= i < (1 << 22);
    } else {
      ok &= mbar_wait_parity(b0, r & 1);
    }
#else
    __syncthreads();
#endif
    acc = acc * 31 + data[(t + 1 + r) % n];
#if HAVE_CP_ASYNC
    unsigned long long st1 = mbar_arrive(b1);
    int i = 0;
    while (!mbar_test_wait(b1, st1) && ++i < (1 << 22)) {
    }
    ok &= i < (1 << 22);
#else
    __syncthreads();
#endif
  }
  out[t] = acc;
  out[n + t] = ok;
}


// ---------------------------------------------------------------------------
// One thread walks an mbarrier through its states: pending_count of
// .noComplete arrivals, arrive_drop, parities of completed phases, and on
// sm_90 expect_tx/complete_tx (also a complete_tx before its expect_tx).
// out[0..15], see the host for the expected values.
// ---------------------------------------------------------------------------
extern "C" __global__ void k_mbar_states(unsigned* out) {
  __shared__ unsigned long long bar[3];
  for (int i = 0; i < 16; i++) out[i] = 0;
#if HAVE_CP_ASYNC
  unsigned b = smem(&bar[0]);
  unsigned long long s, s0;
  unsigned pc;
  mbar_init(b, 5);
  asm volatile("mbarrier.arrive.noComplete.shared.b64 %0, [%1], 1;" : "=l"(s) : "r"(b) : "memory");
  s0 = s;
  asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(pc) : "l"(s));
  out[0] = pc;
  asm volatile("mbarrier.arrive.noComplete.shared.b64 %0, [%1], 2;" : "=l"(s) : "r"(b) : "memory");
  asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(pc) : "l"(s));
  out[1] = pc;
  asm volatile("mbarrier.arrive_drop.noComplete.shared.b64 %0, [%1], 1;" : "=l"(s) : "r"(b) : "memory");
  asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(pc) : "l"(s));
  out[2] = pc;
  out[3] = mbar_test_wait(b, s0) | mbar_test_parity(b, 0) << 1 | mbar_test_parity(b, 1) << 2;
  mbar_arrive(b);  // completes phase 0; the next phases expect 4 arrivals
  out[4] = mbar_test_wait(b, s0) | mbar_test_parity(b, 0) << 1 | mbar_test_parity(b, 1) << 2;
  asm volatile("mbarrier.arrive.noComplete.shared.b64 %0, [%1], 3;" : "=l"(s) : "r"(b) : "memory");
  asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(pc) : "l"(s));
  out[5] = pc;
  s = mbar_arrive(b);  // completes phase 1
  out[6] = mbar_test_wait(b, s) | mbar_test_parity(b, 0) << 1 | mbar_test_parity(b, 1) << 2;
  asm volatile("mbarrier.inval.shared.b64 [%0];" :: "r"(b) : "memory");
#if HAVE_BULK
  unsigned b1 = smem(&bar[1]), b2 = smem(&bar[2]);
  mbar_init(b1, 1);
  asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], 64;" :: "r"(b1) : "memory");
  s = mbar_arrive(b1);
  out[7] = mbar_test_wait(b1, s);
  asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], 32;" :: "r"(b1) : "memory");
  out[8] = mbar_test_wait(b1, s);
  asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], 32;" :: "r"(b1) : "memory");
  out[9] = mbar_test_wait(b1, s) | mbar_test_parity(b1, 0) << 1;
  mbar_init(b2, 1);
  asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], 16;" :: "r"(b2) : "memory");
  out[10] = mbar_test_parity(b2, 0);
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 %0, [%1], 16;" : "=l"(s) : "r"(b2) : "memory");
  out[11] = mbar_test_wait(b2, s);
#else
  out[7] = 0;
  out[8] = 0;
  out[9] = 3;
  out[10] = 0;
  out[11] = 1;
#endif
#else
  out[0] = 5;
  out[1] = 4;
  out[2] = 2;
  out[3] = 1 << 2;
  out[4] = 1 | 1 << 1;
  out[5] = 4;
  out[6] = 1 | 1 << 2;
  out[7] = 0;
  out[8] = 0;
  out[9] = 3;
  out[10] = 0;
  out[11] = 1;
#endif
}

// ---------------------------------------------------------------------------
// arrive_drop with 128 threads: phase 0 all arrive; phase 1 warps 1 and 3
// arrive_drop; phase 2 only warps 0 and 2 arrive and it still completes.
// out[t] = bit k set when thread t saw phase k complete (7).
// ---------------------------------------------------------------------------
extern "C" __global__ void k_arrive_drop(unsigned* out) {
  __shared__ unsigned long long bar;
  int t = threadIdx.x, w = t / 32;
  unsigned seen = 0;
#if HAVE_CP_ASYNC
  unsigned b = smem(&bar);
  if (t == 0) mbar_init(b, 128);
  __syncthreads();
  mbar_arrive(b);
  seen |= mbar_wait_parity(b, 0);
  if (w & 1) {
    unsigned long long s;
    asm volatile("mbarrier.arrive_drop.shared.b64 %0, [%1];" : "=l"(s) : "r"(b) : "memory");
  } else {
    mbar_arrive(b);
  }
  seen |= mbar_wait_parity(b, 1) << 1;
  // Phase 2 must not complete before every thread has seen phase 1 (a
  // parity names only the current or the preceding phase).
  __syncthreads();
  if (!(w & 1)) mbar_arrive(b);
  seen |= mbar_wait_parity(b, 0) << 2;
#else
  __syncthreads();
  seen = 7;
#endif
  out[t] = seen;
}

// ---------------------------------------------------------------------------
// cp.async completing on an mbarrier: first with .noinc (the mbarrier counts
// the cp.async arrivals), then without (net zero; each thread also arrives).
// out[2*g] and out[2*g+1]: words read back from the slots of other threads.
// ---------------------------------------------------------------------------
extern "C" __global__ void k_cp_async_mbar(const int4* src, int* out) {
  __shared__ int4 s[2][128];
  __shared__ unsigned long long bar[2];
  int t = threadIdx.x, g = blockIdx.x * 128 + t;
#if HAVE_CP_ASYNC
  unsigned b0 = smem(&bar[0]), b1 = smem(&bar[1]);
  if (t == 0) {
    mbar_init(b0, 128);
    mbar_init(b1, 128);
  }
  __syncthreads();
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(smem(&s[0][t])), "l"(src + g) : "memory");
  asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" :: "r"(b0) : "memory");
  int ok = mbar_wait_parity(b0, 0);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" :: "r"(smem(&s[1][t])), "l"(src + (g ^ 1)) : "memory");
  asm volatile("cp.async.mbarrier.arrive.shared.b64 [%0];" :: "r"(b1) : "memory");
  unsigned long long st = mbar_arrive(b1);
  int i = 0;
  while (!mbar_test_wait(b1, st) && ++i < (1 << 22)) {
  }
  ok &= i < (1 << 22);
#else
  s[0][t] = src[g];
  __syncthreads();
  s[1][t] = src[g ^ 1];
  __syncthreads();
  int ok = 1;
#endif
  out[2 * g] = ok ? s[0][(t + 5) % 128].y : -1;
  out[2 * g + 1] = ok ? s[1][(t + 77) % 128].w : -1;
}

// ---------------------------------------------------------------------------
// Bulk copies (sm_90): global -> shared on an mbarrier (expect_tx before the
// copy, then two half copies before the expect_tx), shared -> global in a
// bulk group, a try_wait on an arrive state, griddepcontrol. `nwords` ints
// per block (a multiple of 8, at most 1024); 128 threads.
// dst[blk*nwords + i] = 3*src + 1 (the bulk store); info[blk*4 + k].
// ---------------------------------------------------------------------------
extern "C" __global__ void k_bulk(const int* src, int* dst, unsigned* info, int nwords) {
  __shared__ __align__(128) int s[1024];
  __shared__ unsigned long long bar[2];
  int t = threadIdx.x;
  const int* gsrc = src + (size_t)blockIdx.x * nwords;
  int* gdst = dst + (size_t)blockIdx.x * nwords;
  unsigned ok = 1, sum = 0;
#if HAVE_BULK
  asm volatile("griddepcontrol.wait;" ::: "memory");
  unsigned bytes = nwords * 4;
  unsigned b0 = smem(&bar[0]), b1 = smem(&bar[1]);
  if (t == 0) {
    mbar_init(b0, 1);
    mbar_init(b1, 128);
  }
  __syncthreads();
  // global -> shared, expect_tx first.
  if (t == 0) {
    unsigned long long st;
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 %0, [%1], %2;" : "=l"(st) : "r"(b0), "r"(bytes) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 :: "r"(smem(s)), "l"(gsrc), "r"(bytes), "r"(b0) : "memory");
  }
  ok &= mbar_wait_parity(b0, 0);
  for (int i = t; i < nwords; i += 128) s[i] = 3 * s[i] + 1;
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  // shared -> global in a bulk group.
  if (t == 0) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                 :: "l"(gdst), "r"(smem(s)), "r"(bytes) : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
  __syncthreads();
  // global -> shared again: two halves issued before the expect_tx.
  if (t == 0) {
    unsigned half = bytes / 2;
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 :: "r"(smem(s)), "l"(gsrc), "r"(half), "r"(b0) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 :: "r"(smem(s) + half), "l"((const char*)gsrc + half), "r"(bytes - half), "r"(b0) : "memory");
    asm volatile("mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64 _, [%0], %1;" :: "r"(b0), "r"(bytes)
                 : "memory");
  }
  ok &= mbar_wait_parity(b0, 1);
  for (int i = t; i < nwords; i += 128) sum += (unsigned)s[i] * (i + 1u);
  // An all-thread phase on b1 with try_wait on the arrive state.
  {
    unsigned long long st = mbar_arrive(b1);
    unsigned r = 0;
    for (int i = 0; i < (1 << 22) && !r; i++)
      asm volatile("{ .reg .pred p; mbarrier.try_wait.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                   : "=r"(r) : "r"(b1), "l"(st) : "memory");
    ok &= r;
  }
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#else
  for (int i = t; i < nwords; i += 128) s[i] = 3 * gsrc[i] + 1;
  __syncthreads();
  for (int i = t; i < nwords; i += 128) gdst[i] = s[i];
  for (int i = t; i < nwords; i += 128) sum += (unsigned)gsrc[i] * (i + 1u);
#endif
  __shared__ unsigned sums[128];
  sums[t] = sum;
  __syncthreads();
  if (t == 0) {
    unsigned total = 0;
    for (int i = 0; i < 128; i++) total += sums[i];
    info[blockIdx.x * 4 + 0] = total;
  }
  unsigned all_ok = __syncthreads_and(ok);
  if (t == 0) info[blockIdx.x * 4 + 1] = all_ok;
}

// ---------------------------------------------------------------------------
// Distributed shared memory of a cluster of one CTA (sm_90; NVIDIA needs an
// explicit cluster launch for it): mapa of the own rank, a bulk copy
// shared::cta -> shared::cluster, st.async and red.async completing on an
// mbarrier, getctarank. 128 threads, `nwords` ints (multiple of 4, <= 1024).
// info[blk*4 + k] and info[4*grid + blk*128 + t].
// ---------------------------------------------------------------------------
#if HAVE_BULK
#define CLUSTER_OF_ONE __cluster_dims__(1, 1, 1)
#else
#define CLUSTER_OF_ONE
#endif
extern "C" __global__ void CLUSTER_OF_ONE k_dsmem(const int* src, unsigned* info, int nwords) {
  __shared__ __align__(128) int s[1024];
  __shared__ __align__(128) int s2[1024];
  __shared__ unsigned st_words[128];
  __shared__ unsigned counter;
  __shared__ unsigned long long bar;
  int t = threadIdx.x;
  const int* gsrc = src + (size_t)blockIdx.x * nwords;
  unsigned ok = 1, rank = 0, sum = 0;
  for (int i = t; i < nwords; i += 128) s[i] = gsrc[i] ^ 0x5555;
#if HAVE_BULK
  unsigned bytes = nwords * 4;
  unsigned b = smem(&bar);
  if (t == 0) {
    mbar_init(b, 1);
    counter = 0;
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned myrank, bar_c;
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(myrank));
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(bar_c) : "r"(b), "r"(myrank));
  if (t == 0) {
    unsigned dst_c;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(dst_c) : "r"(smem(s2)), "r"(myrank));
    asm volatile("getctarank.shared::cluster.u32 %0, %1;" : "=r"(rank) : "r"(dst_c));
    asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cluster.b64 [%0], %1;" :: "r"(bar_c), "r"(bytes) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 :: "r"(dst_c), "r"(smem(s)), "r"(bytes), "r"(bar_c) : "memory");
    mbar_arrive(b);
  }
  ok &= mbar_wait_parity(b, 0);
  for (int i = t; i < nwords; i += 128) sum += (unsigned)s2[i] * (i + 1u);
  __syncthreads();
  // st.async / red.async on this CTA, completing 8 bytes per thread.
  if (t == 0) asm volatile("mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64 _, [%0], 1024;" :: "r"(bar_c)
                           : "memory");
  {
    unsigned wc, cc;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(wc) : "r"(smem(&st_words[(t + 3) % 128])), "r"(myrank));
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(cc) : "r"(smem(&counter)), "r"(myrank));
    asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];"
                 :: "r"(wc), "r"(t * 11u + 5), "r"(bar_c) : "memory");
    asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];"
                 :: "r"(cc), "r"(t + 1u), "r"(bar_c) : "memory");
  }
  ok &= mbar_wait_parity(b, 1);
  unsigned stw = st_words[t], cnt = counter;
#else
  __syncthreads();
  for (int i = t; i < nwords; i += 128) sum += (unsigned)s[i] * (i + 1u);
  st_words[(t + 3) % 128] = t * 11u + 5;
  if (t == 0) counter = 0;
  __syncthreads();
  atomicAdd(&counter, t + 1u);
  __syncthreads();
  unsigned stw = st_words[t], cnt = counter;
#endif
  __shared__ unsigned sums[128];
  sums[t] = sum;
  __syncthreads();
  if (t == 0) {
    unsigned total = 0;
    for (int i = 0; i < 128; i++) total += sums[i];
    info[blockIdx.x * 4 + 0] = total;
    info[blockIdx.x * 4 + 1] = cnt;
    info[blockIdx.x * 4 + 2] = rank;
  }
  unsigned all_ok = __syncthreads_and(ok);
  if (t == 0) info[blockIdx.x * 4 + 3] = all_ok;
  info[gridDim.x * 4 + blockIdx.x * 128 + t] = stw;
}

// ---------------------------------------------------------------------------
// cuda::barrier with cuda::memcpy_async (cp.async.bulk + mbarrier on sm_90,
// cp.async on sm_80, a plain copy below), 128 threads, 512 ints per block,
// three rounds over different chunks. out[g] = sum of chunk words t, t+128..
// ---------------------------------------------------------------------------
extern "C" __global__ void k_cuda_barrier(const int* src, int* out) {
  __shared__ __align__(16) int s[512];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  int acc = 0;
  for (int r = 0; r < 3; r++) {
    const int* chunk = src + ((size_t)blockIdx.x * 3 + r) * 512;
    if (t == 0) cuda::memcpy_async(s, chunk, cuda::aligned_size_t<16>(512 * sizeof(int)), bar);
    bar.arrive_and_wait();
    for (int i = t; i < 512; i += 128) acc += s[i] * (r + 1);
    bar.arrive_and_wait();
  }
  out[blockIdx.x * 128 + t] = acc;
}

// ---------------------------------------------------------------------------
// Warp specialisation through mbarriers: warp 0 produces WS_ROUNDS slots of
// 32 values, the other warps of the block consume them ("full": 32
// arrivals of warp 0; "empty": one arrival per consumer thread). On wave64
// warp 0 shares its wave with warp 1, which polls while warp 0 has to run.
// out[r * n + t] is what consumer t read in round r (0 for warp 0);
// ok[t] says every wait completed. sm_75: the same through __syncthreads.
#define WS_ROUNDS 5
extern "C" __global__ void k_mbar_warps(const int* in, int* out, unsigned* ok) {
  __shared__ unsigned long long bar[2];
  __shared__ int slot[32];
  int t = threadIdx.x, n = blockDim.x, w = t >> 5, lane = t & 31;
  const int* src = in + (size_t)blockIdx.x * WS_ROUNDS * 32;
  int* dst = out + (size_t)blockIdx.x * n * WS_ROUNDS;
  unsigned good = 1;
#if HAVE_CP_ASYNC
  unsigned full = smem(&bar[0]), empty = smem(&bar[1]);
  if (t == 0) {
    mbar_init(full, 32);
    mbar_init(empty, n - 32);
  }
  __syncthreads();
  for (int r = 0; r < WS_ROUNDS; r++) {
    if (w == 0) {
      if (r > 0) good &= mbar_wait_parity(empty, (r - 1) & 1);
      slot[lane] = src[r * 32 + lane] * 3 + r;
      mbar_arrive(full);
      dst[r * n + t] = 0;
    } else {
      good &= mbar_wait_parity(full, r & 1);
      dst[r * n + t] = slot[(t + r) & 31];
      mbar_arrive(empty);
    }
  }
#else
  for (int r = 0; r < WS_ROUNDS; r++) {
    if (w == 0) slot[lane] = src[r * 32 + lane] * 3 + r;
    __syncthreads();
    dst[r * n + t] = w == 0 ? 0 : slot[(t + r) & 31];
    __syncthreads();
  }
#endif
  ok[(size_t)blockIdx.x * n + t] = good;
}
