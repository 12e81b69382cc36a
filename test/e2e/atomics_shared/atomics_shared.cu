// Atomics on shared memory (32/64-bit add/sub/exch/min/max/inc/dec/and/or/
// xor/CAS, red with unused results), and the scoped variants on global
// memory: atomic*_block, atomic*_system, and red/atom with explicit .cta /
// .gpu / .sys scopes via inline asm.

extern "C" __global__ void k_shared(const int* init, const unsigned long long* init64, const int* vals,
                                    const unsigned long long* lvals, int* out, unsigned long long* out64,
                                    int* olds) {
  __shared__ int s[16];
  __shared__ unsigned long long s64[4];
  int t = threadIdx.x;
  int gid = blockIdx.x * blockDim.x + t;
  if (t < 16) s[t] = init[t];
  if (t < 4) s64[t] = init64[t];
  __syncthreads();
  int v = vals[gid];
  unsigned long long L = lvals[gid];
  int* o = olds + (size_t)gid * 5;
  o[0] = atomicAdd(&s[0], 1);
  atomicAdd_block(&s[1], v);
  atomicSub(&s[2], v);
  o[1] = atomicExch(&s[3], gid + 100);
  atomicMin(&s[4], v);
  atomicMax(&s[5], v);
  atomicMin((unsigned*)&s[6], (unsigned)v);
  atomicMax((unsigned*)&s[7], (unsigned)v);
  o[2] = (int)atomicInc((unsigned*)&s[8], 13u);
  o[3] = (int)atomicDec((unsigned*)&s[9], 7u);
  atomicAnd(&s[10], ~(1 << (t & 31)));
  atomicOr(&s[11], 1 << ((unsigned)v % 31u));
  atomicXor(&s[12], v);
  int old = s[13], assumed;
  do {
    assumed = old;
    old = atomicCAS(&s[13], assumed, assumed + 3);
  } while (old != assumed);
  o[4] = old;
  unsigned sa = (unsigned)__cvta_generic_to_shared(&s[14]);
  asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(sa), "r"(v) : "memory");
  unsigned sb = (unsigned)__cvta_generic_to_shared(&s[15]);
  asm volatile("red.shared.max.s32 [%0], %1;" ::"r"(sb), "r"(v) : "memory");
  atomicAdd(&s64[0], L);
  unsigned long long o64 = s64[1], a64;
  do {
    a64 = o64;
    o64 = atomicCAS(&s64[1], a64, a64 ^ (L | 1ull));
  } while (o64 != a64);
  atomicMax((long long*)&s64[2], (long long)L);
  atomicExch(&s64[3], L);
  __syncthreads();
  if (t < 16) out[blockIdx.x * 16 + t] = s[t];
  if (t < 4) out64[blockIdx.x * 4 + t] = s64[t];
}

// g[0..G-1]: per-block counters (block scope); g[G..]: grid-wide counters.
extern "C" __global__ void k_scoped(int* g, unsigned long long* g64, float* gf, const int* vals, unsigned* tickets) {
  int G = gridDim.x;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = vals[gid];
  atomicAdd_block(&g[blockIdx.x], v);
  atomicAdd_system(&g[G + 0], v);
  atomicAdd(&g[G + 1], 1);
  atomicMax_system(&g[G + 2], v);
  atomicMin_block(&g[G + 3 + blockIdx.x], v);  // per-block min, block scope
  atomicOr_system((unsigned*)&g[2 * G + 3], 1u << (gid & 31));
  atomicXor_block(&g[3 * G + 3 + blockIdx.x], v);
  atomicAdd_system(&g64[0], (unsigned long long)(unsigned)v);
  atomicAdd_block(&gf[blockIdx.x], 0.25f);
  atomicAdd_system(&gf[G], 1.0f);
  int* gp = &g[4 * G + 3];
  asm volatile("red.relaxed.cta.global.add.u32 [%0], %1;" ::"l"(gp + blockIdx.x), "r"(1) : "memory");
  asm volatile("red.relaxed.gpu.global.add.u32 [%0], %1;" ::"l"(gp + G), "r"(2) : "memory");
  asm volatile("red.relaxed.sys.global.add.u64 [%0], %1;" ::"l"(&g64[1]), "l"((unsigned long long)v) : "memory");
  if (gid < 20) asm volatile("red.global.and.b32 [%0], %1;" ::"l"(gp + G + 1), "r"(~(1u << gid)) : "memory");
  unsigned prev;
  asm volatile("atom.relaxed.sys.global.inc.u32 %0, [%1], %2;" : "=r"(prev) : "l"(gp + G + 2), "r"(0xFFFFFFFFu) : "memory");
  int prev2;
  // per-block ticket through a CAS loop with block scope
  int* tk = gp + G + 3 + blockIdx.x;
  int cur = *(volatile int*)tk;
  do {
    prev2 = cur;
    cur = atomicCAS_block(tk, prev2, prev2 + 1);
  } while (cur != prev2);
  tickets[2 * gid] = prev;
  tickets[2 * gid + 1] = (unsigned)prev2;
}
