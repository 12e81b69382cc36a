// Kernels of test/Runtime/CUDA/tensor-layout.c: one tile-mode tensor load
// or store of any rank, with the shared memory dumped, and tensormap.replace
// of the layout fields. Regenerate the PTX with
//   nvcc -arch=sm_90a -ptx tensor-layout.cu -o tensor-layout.ptx
#include <cuda.h>
#include <stdint.h>

enum { SMEM = 16384 };

__device__ __forceinline__ uint32_t smem(const void *p) {
  return (uint32_t)__cvta_generic_to_shared(p);
}

__device__ __forceinline__ uint64_t now() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ uint32_t testWait(uint32_t bar) {
  uint32_t done;
  asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, "
               "[%1], 0; selp.u32 %0, 1, 0, p; }"
               : "=r"(done)
               : "r"(bar)
               : "memory");
  return done;
}

#define COORDS1 "{%2}"
#define COORDS2 "{%2, %3}"
#define COORDS3 "{%2, %3, %4}"
#define COORDS4 "{%2, %3, %4, %5}"
#define COORDS5 "{%2, %3, %4, %5, %6}"

#define LOAD(n)                                                                \
  asm volatile("cp.async.bulk.tensor." #n "d.shared::cluster.global.tile."    \
               "mbarrier::complete_tx::bytes [%0], [%1, " COORDS##n            \
               "], [%7];" ::"r"(smem(buf)),                                    \
               "l"(m), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(c4),           \
               "r"(smem(&bar))                                                 \
               : "memory")

#define STORE(n)                                                               \
  asm volatile("cp.async.bulk.tensor." #n "d.global.shared::cta.tile."        \
               "bulk_group [%1, " COORDS##n "], [%0];" ::"r"(smem(buf)),       \
               "l"(m), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(c4)            \
               : "memory")

// One thread: fills the shared buffer with 0xa5, loads the box at
// {c0..c4} (the map is `map`, or *gmap when that is not null), waits for
// the mbarrier with `guess` transaction bytes expected, and copies `dump`
// bytes of the buffer to out. info[0] is 1 when the wait completed with
// `guess` bytes; otherwise (2 ms later, the copy done) info[1] is the byte
// count that completed the phase (found by adding 32768 expected bytes and
// completing them one by one), or 0xffffffff.
extern "C" __global__ void load(const __grid_constant__ CUtensorMap map,
                                const CUtensorMap *gmap, int rank, int c0,
                                int c1, int c2, int c3, int c4, uint32_t guess,
                                uint32_t dump, uint8_t *out, uint32_t *info) {
  __shared__ alignas(1024) uint8_t buf[SMEM];
  __shared__ alignas(8) uint64_t bar;
  const CUtensorMap *m = gmap ? gmap : &map;
  if (gmap)
    asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(
                     gmap)
                 : "memory");
  uint32_t *w = (uint32_t *)buf;
  for (int k = 0; k < SMEM / 4; ++k)
    w[k] = 0xa5a5a5a5u;
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar)));
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  switch (rank) {
  case 1:
    LOAD(1);
    break;
  case 2:
    LOAD(2);
    break;
  case 3:
    LOAD(3);
    break;
  case 4:
    LOAD(4);
    break;
  default:
    LOAD(5);
    break;
  }
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(
                   smem(&bar)),
               "r"(guess)
               : "memory");
  uint64_t start = now();
  uint32_t done = 0;
  while (!(done = testWait(smem(&bar))) && now() - start < 2000000)
    ;
  uint32_t bytes = guess;
  if (!done) {
    bytes = 0xffffffffu;
    asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], "
                 "32768;" ::"r"(smem(&bar))
                 : "memory");
    for (uint32_t s = 1; s <= 65536; ++s) {
      asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], "
                   "1;" ::"r"(smem(&bar))
                   : "memory");
      if (testWait(smem(&bar))) {
        bytes = guess + 32768 - s;
        break;
      }
    }
  }
  info[0] = done;
  info[1] = bytes;
  for (uint32_t k = 0; k < dump && k < SMEM; ++k)
    out[k] = buf[k];
}

// One thread: copies `len` bytes of src into the shared buffer and stores
// the box at {c0..c4} through the map.
extern "C" __global__ void store(const __grid_constant__ CUtensorMap map,
                                 int rank, int c0, int c1, int c2, int c3,
                                 int c4, const uint8_t *src, uint32_t len) {
  __shared__ alignas(1024) uint8_t buf[SMEM];
  const CUtensorMap *m = &map;
  for (uint32_t k = 0; k < len && k < SMEM; ++k)
    buf[k] = src[k];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  switch (rank) {
  case 1:
    STORE(1);
    break;
  case 2:
    STORE(2);
    break;
  case 3:
    STORE(3);
    break;
  case 4:
    STORE(4);
    break;
  default:
    STORE(5);
    break;
  }
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

#define REPLACE(field, v)                                                      \
  asm volatile("tensormap.replace.tile." field ".global.b1024.b32 [%0], " #v  \
               ";" ::"l"(m)                                                    \
               : "memory")

// One thread: tensormap.replace of the map at m (global memory): `field`
// 0 .interleave_layout, 1 .swizzle_mode, to `value` (immediates 0-3).
extern "C" __global__ void replace(CUtensorMap *m, int field, int value) {
  if (field == 0) {
    if (value == 0)
      REPLACE("interleave_layout", 0);
    else if (value == 1)
      REPLACE("interleave_layout", 1);
    else
      REPLACE("interleave_layout", 2);
  } else {
    if (value == 0)
      REPLACE("swizzle_mode", 0);
    else if (value == 1)
      REPLACE("swizzle_mode", 1);
    else if (value == 2)
      REPLACE("swizzle_mode", 2);
    else
      REPLACE("swizzle_mode", 3);
  }
  asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
}
