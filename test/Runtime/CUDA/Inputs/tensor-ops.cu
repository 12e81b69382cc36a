// Kernels of test/Runtime/CUDA/tensor-ops.c: cache policies and the
// .L2::cache_hint operand, prefetches, cp.reduce.async.bulk.tensor and the
// im2col mode of cp.async.bulk.tensor. Regenerate the PTX with
//   nvcc -arch=sm_90a -ptx tensor-ops.cu -o tensor-ops.ptx
#include <cuda.h>
#include <stdint.h>

__device__ __forceinline__ uint32_t smem(const void *p) {
  return (uint32_t)__cvta_generic_to_shared(p);
}

// 32 threads: every instruction with a cache-policy operand, and the
// prefetches, must behave as without them.
extern "C" __global__ void policy(const uint32_t *in, uint32_t *out) {
  __shared__ alignas(16) uint32_t s[32];
  uint32_t local[4] = {threadIdx.x, 1, 2, 3};
  unsigned i = threadIdx.x;
  uint64_t p0, p1, p2, p3, p4;
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;"
               : "=l"(p0));
  asm volatile("createpolicy.fractional.L2::evict_first.L2::evict_unchanged"
               ".b64 %0, 0.5;"
               : "=l"(p1));
  asm volatile("createpolicy.fractional.L2::evict_normal.b64 %0;" : "=l"(p4));
  asm volatile("createpolicy.range.global.L2::evict_last.L2::evict_first.b64 "
               "%0, [%1], 64, 128;"
               : "=l"(p2)
               : "l"(in));
  asm volatile("createpolicy.cvt.L2.b64 %0, %1;" : "=l"(p3) : "l"(p0));
  asm volatile("prefetch.global.L2 [%0];" ::"l"(in + i));
  asm volatile("prefetch.global.L1 [%0];" ::"l"(in + i));
  asm volatile("prefetch.global.L2::evict_last [%0];" ::"l"(in + i));
  asm volatile("prefetch.global.L2::evict_normal [%0];" ::"l"(in + i));
  asm volatile("prefetch.L1 [%0];" ::"l"(local));
  asm volatile("prefetchu.L1 [%0];" ::"l"(in + i));
  if (i == 0) {
    asm volatile("cp.async.bulk.prefetch.L2.global [%0], 128;" ::"l"(in));
    asm volatile(
        "cp.async.bulk.prefetch.L2.global.L2::cache_hint [%0], 128, %1;" ::"l"(
            in),
        "l"(p0));
  }
  uint32_t a, b, old;
  asm volatile("ld.global.L2::cache_hint.u32 %0, [%1], %2;"
               : "=r"(a)
               : "l"(in + i), "l"(p0));
  asm volatile("ld.global.nc.L2::cache_hint.u32 %0, [%1], %2;"
               : "=r"(b)
               : "l"(in + i), "l"(p1));
  asm volatile("st.global.L2::cache_hint.u32 [%0], %1, %2;" ::"l"(out + i),
               "r"(a + 2 * b + local[i & 3] - i), "l"(p2));
  asm volatile("atom.global.add.L2::cache_hint.u32 %0, [%1], 1, %2;"
               : "=r"(old)
               : "l"(out + 32), "l"(p4));
  asm volatile("red.global.add.L2::cache_hint.u32 [%0], %1, %2;" ::"l"(out +
                                                                         33),
               "r"(a), "l"(p3));
  asm volatile(
      "cp.async.ca.shared.global.L2::cache_hint [%0], [%1], 4, %2;" ::"r"(
          smem(s + i)),
      "l"(in + i), "l"(p1));
  asm volatile("cp.async.commit_group;");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[34 + i] = s[31 - i];
}

// Reduction number n (all of them when `which` is -1).
#define RED(n, op, map, x, y, buf)                                             \
  if (which < 0 || which == n)                                                 \
  asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta." op         \
               ".tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(&map),           \
               "r"(x), "r"(y), "r"(smem(buf))                                  \
               : "memory")

// One thread: each map's 8x2 source tile (128 bytes of src per map) is
// reduced (all reductions, or only number `which` when it is not -1)
// into its 64x16 tensor at several places, one per operation. On an H200 a
// box at a negative coordinate traps, and so did an s32 add box at x = 62
// (8 bytes past a 16-byte boundary, 6 of its 8 columns outside): the
// partly-outside boxes here start at x = 60.
extern "C" __global__ void
reduce(const __grid_constant__ CUtensorMap mu32,
       const __grid_constant__ CUtensorMap ms32,
       const __grid_constant__ CUtensorMap mf32,
       const __grid_constant__ CUtensorMap mf16,
       const __grid_constant__ CUtensorMap mbf16,
       const __grid_constant__ CUtensorMap mu64,
       const __grid_constant__ CUtensorMap ms64, const uint4 *src,
       int which) {
  __shared__ alignas(128) uint4 tiles[7][8];
  for (int t = 0; t < 7; ++t)
    for (int k = 0; k < 8; ++k)
      tiles[t][k] = src[t * 8 + k];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  RED(0, "add", mu32, 0, 0, tiles[0]);
  RED(1, "min", mu32, 8, 0, tiles[0]);
  RED(2, "max", mu32, 16, 0, tiles[0]);
  RED(3, "inc", mu32, 24, 0, tiles[0]);
  RED(4, "dec", mu32, 32, 0, tiles[0]);
  RED(5, "and", mu32, 40, 0, tiles[0]);
  RED(6, "or", mu32, 48, 0, tiles[0]);
  RED(7, "xor", mu32, 56, 0, tiles[0]);
  RED(8, "add", mu32, 60, 15, tiles[0]);
  RED(9, "min", ms32, 0, 0, tiles[1]);
  RED(10, "max", ms32, 8, 0, tiles[1]);
  RED(11, "add", ms32, 16, 0, tiles[1]);
  RED(12, "add", ms32, 60, 15, tiles[1]);
  RED(13, "add", mf32, 0, 0, tiles[2]);
  RED(14, "add", mf32, 60, 14, tiles[2]);
  RED(15, "add", mf16, 0, 0, tiles[3]);
  RED(16, "min", mf16, 8, 0, tiles[3]);
  RED(17, "max", mf16, 16, 0, tiles[3]);
  RED(18, "add", mbf16, 0, 0, tiles[4]);
  RED(19, "min", mbf16, 8, 0, tiles[4]);
  RED(20, "max", mbf16, 16, 0, tiles[4]);
  RED(21, "add", mu64, 0, 0, tiles[5]);
  RED(22, "min", mu64, 8, 0, tiles[5]);
  RED(23, "max", mu64, 16, 0, tiles[5]);
  RED(24, "and", mu64, 24, 0, tiles[5]);
  RED(25, "or", mu64, 32, 0, tiles[5]);
  RED(26, "xor", mu64, 40, 0, tiles[5]);
  RED(27, "min", ms64, 0, 0, tiles[6]);
  RED(28, "max", ms64, 8, 0, tiles[6]);
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

// One thread: an im2col load of a 4d (NHWC) tensor starting at pixel
// {w, h, n}, channel c, with the im2col offsets {ow, oh}; the box is copied
// to out. Also prefetches the same box (no effect).
extern "C" __global__ void im2col(const __grid_constant__ CUtensorMap m,
                                  int c, int w, int h, int n,
                                  unsigned short ow, unsigned short oh,
                                  unsigned bytes, uint32_t *out) {
  __shared__ alignas(1024) uint32_t box[2048];
  __shared__ alignas(8) uint64_t bar;
  asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(smem(&bar)));
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  asm volatile("cp.async.bulk.prefetch.tensor.4d.L2.global.im2col "
               "[%0, {%1, %2, %3, %4}], {%5, %6};" ::"l"(&m),
               "r"(c), "r"(w), "r"(h), "r"(n), "h"(ow), "h"(oh)
               : "memory");
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(
                   smem(&bar)),
               "r"(bytes)
               : "memory");
  asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col."
               "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], "
               "[%6], {%7, %8};" ::"r"(smem(box)),
               "l"(&m), "r"(c), "r"(w), "r"(h), "r"(n), "r"(smem(&bar)),
               "h"(ow), "h"(oh)
               : "memory");
  uint32_t done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, "
                 "[%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(smem(&bar))
                 : "memory");
  for (unsigned k = 0; k < bytes / 4; ++k)
    out[k] = box[k];
}

// tensormap.replace.tile.<field> of the tensor map at m in global memory:
// `ops` is the type and operands after .b1024., the rest their inputs.
#define REPLACE(field, ops, ...)                                               \
  asm volatile("tensormap.replace.tile." field ".global.b1024." ops            \
               ";" ::"l"(m),                                                   \
               ##__VA_ARGS__                                                   \
               : "memory")

// One thread: rewrites one field of the tensor map at m (a copy in global
// memory; kind 6 through shared memory and tensormap.cp_fenceproxy), then
// stores the shared tile through it at {0, 0}. tensor-ops.c's replaceTest
// says what each kind writes.
extern "C" __global__ void replace(CUtensorMap *m, int kind, const uint4 *src,
                                   void *other) {
  __shared__ alignas(1024) uint4 tile[64];
  __shared__ alignas(128) CUtensorMap sm;
  for (int k = 0; k < 64; ++k)
    tile[k] = src[k];
  switch (kind) {
  case 0:
    REPLACE("box_dim", "b32 [%0], 1, %1", "r"(4));
    break;
  case 1:
    REPLACE("element_stride", "b32 [%0], 1, %1", "r"(2));
    break;
  case 2:
    REPLACE("elemtype", "b32 [%0], 9");
    break;
  case 3:
    REPLACE("global_dim", "b32 [%0], 0, %1", "r"(4));
    break;
  case 4:
    REPLACE("global_stride", "b64 [%0], 0, %1", "l"(512ull));
    break;
  case 5:
    REPLACE("rank", "b32 [%0], %1", "r"(1));
    break;
  case 6: {
    const uint64_t *g = (const uint64_t *)m;
    uint64_t *s = (uint64_t *)&sm;
    for (int k = 0; k < 16; ++k)
      s[k] = g[k];
    asm volatile("tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%0], "
                 "1, %1;" ::"r"(smem(&sm)),
                 "r"(4)
                 : "memory");
    asm volatile("tensormap.cp_fenceproxy.global.shared::cta.tensormap::"
                 "generic.release.gpu.sync.aligned [%0], [%1], 128;" ::"l"(m),
                 "r"(smem(&sm))
                 : "memory");
    break;
  }
  case 7:
    REPLACE("global_address", "b64 [%0], %1", "l"(other));
    break;
  case 8:
    REPLACE("swizzle_mode", "b32 [%0], 1");
    break;
  case 9:
    REPLACE("elemtype", "b32 [%0], 10");
    break;
  case 10: // element stride 0 (0 is no valid encoding's)
    REPLACE("element_stride", "b32 [%0], 1, %1", "r"(0));
    break;
  case 11:
    REPLACE("element_stride", "b32 [%0], 0, %1", "r"(0));
    break;
  }
  if (kind != 6)
    asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
  asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(m)
               : "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group "
               "[%0, {%1, %1}], [%2];" ::"l"(m),
               "r"(0), "r"(smem(tile))
               : "memory");
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

// One thread: the box (bytes / 4 words of in) is written back through an
// im2col map in .im2col_no_offs mode, starting at pixel {w, h, n}, channel
// c: stored, or with red != 0 added (cp.reduce.async.bulk.tensor, the map's
// type).
extern "C" __global__ void im2colStore(const __grid_constant__ CUtensorMap m,
                                       int c, int w, int h, int n,
                                       unsigned bytes, int red,
                                       const uint32_t *in) {
  __shared__ alignas(1024) uint32_t box[2048];
  for (unsigned k = 0; k < bytes / 4; ++k)
    box[k] = in[k];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  if (red)
    asm volatile("cp.reduce.async.bulk.tensor.4d.global.shared::cta.add."
                 "im2col_no_offs.bulk_group [%0, {%1, %2, %3, %4}], [%5];" ::"l"(
                     &m),
                 "r"(c), "r"(w), "r"(h), "r"(n), "r"(smem(box))
                 : "memory");
  else
    asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs."
                 "bulk_group [%0, {%1, %2, %3, %4}], [%5];" ::"l"(&m),
                 "r"(c), "r"(w), "r"(h), "r"(n), "r"(smem(box))
                 : "memory");
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}
