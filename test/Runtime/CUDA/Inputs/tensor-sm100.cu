// Kernels of test/Runtime/CUDA/tensor-sm100.c: the sm_100 modes of
// cp.async.bulk.tensor (.tile::gather4, .tile::scatter4, .cta_group,
// .im2col::w, .im2col::w::128).
// Regenerate the PTX with
//   nvcc -arch=sm_100a -ptx tensor-sm100.cu -o tensor-sm100.ptx
#include <cuda.h>
#include <stdint.h>

__device__ __forceinline__ uint32_t smem(const void *p) {
  return (uint32_t)__cvta_generic_to_shared(p);
}

// Waits for phase 0 of the mbarrier at bar; 0 when it did not complete in
// `spins` polls (a wrong transaction count).
__device__ int waitPhase0(uint64_t *bar, unsigned spins) {
  for (unsigned i = 0; i < spins; ++i) {
    uint32_t done;
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, "
                 "[%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(smem(bar))
                 : "memory");
    if (done)
      return 1;
  }
  return 0;
}

// One thread: a gather4 load of rows {y0..y3} from column x into shared
// memory (cta: 0 no .cta_group, 1 .cta_group::1, 2 .cta_group::2), with
// `bytes` expected on the mbarrier; the shared box (words words) is copied
// to out, then whether the mbarrier completed.
extern "C" __global__ void gather4(const __grid_constant__ CUtensorMap m,
                                   int x, int y0, int y1, int y2, int y3,
                                   int cta, unsigned bytes, unsigned words,
                                   uint32_t *out) {
  __shared__ alignas(1024) uint32_t box[2048];
  __shared__ alignas(8) uint64_t bar;
  for (unsigned k = 0; k < words; ++k)
    box[k] = 0xdddddddd;
  asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(smem(&bar)));
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(
                   smem(&bar)),
               "r"(bytes)
               : "memory");
  if (cta == 0)
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile::"
                 "gather4.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, "
                 "%4, %5, %6}], [%7];" ::"r"(smem(box)),
                 "l"(&m), "r"(x), "r"(y0), "r"(y1), "r"(y2), "r"(y3),
                 "r"(smem(&bar))
                 : "memory");
  else if (cta == 1)
    asm volatile("cp.async.bulk.tensor.2d.shared::cta.global.tile::"
                 "gather4.mbarrier::complete_tx::bytes.cta_group::1 [%0], "
                 "[%1, {%2, %3, %4, %5, %6}], [%7];" ::"r"(smem(box)),
                 "l"(&m), "r"(x), "r"(y0), "r"(y1), "r"(y2), "r"(y3),
                 "r"(smem(&bar))
                 : "memory");
  else
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile::"
                 "gather4.mbarrier::complete_tx::bytes.cta_group::2 [%0], "
                 "[%1, {%2, %3, %4, %5, %6}], [%7];" ::"r"(smem(box)),
                 "l"(&m), "r"(x), "r"(y0), "r"(y1), "r"(y2), "r"(y3),
                 "r"(smem(&bar))
                 : "memory");
  int done = waitPhase0(&bar, 1u << 20);
  for (unsigned k = 0; k < words; ++k)
    out[k] = box[k];
  out[words] = done;
}

// One thread: words words of in are stored through the map as rows
// {y0..y3} from column x (.tile::scatter4).
extern "C" __global__ void scatter4(const __grid_constant__ CUtensorMap m,
                                    int x, int y0, int y1, int y2, int y3,
                                    unsigned words, const uint32_t *in) {
  __shared__ alignas(1024) uint32_t box[2048];
  for (unsigned k = 0; k < words; ++k)
    box[k] = in[k];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4."
               "bulk_group [%0, {%1, %2, %3, %4, %5}], [%6];" ::"l"(&m),
               "r"(x), "r"(y0), "r"(y1), "r"(y2), "r"(y3), "r"(smem(box))
               : "memory");
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

// One thread: an im2col::w (w128 = 0) or im2col::w::128 load of the 4d
// NHWC tensor at pixel {w, h, n}, channel c, with {wHalo, wOffset}, and
// `bytes` expected on the mbarrier; the box (words words) is copied to out,
// then whether the mbarrier completed.
extern "C" __global__ void im2colw(const __grid_constant__ CUtensorMap m,
                                   int c, int w, int h, int n,
                                   unsigned short halo, unsigned short off,
                                   int w128, unsigned bytes, unsigned words,
                                   uint32_t *out) {
  __shared__ alignas(1024) uint32_t box[4096];
  __shared__ alignas(8) uint64_t bar;
  for (unsigned k = 0; k < words; ++k)
    box[k] = 0xdddddddd;
  asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(smem(&bar)));
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(
                   smem(&bar)),
               "r"(bytes)
               : "memory");
  if (w128)
    asm volatile("cp.async.bulk.tensor.4d.shared::cta.global.im2col::w::128."
                 "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], "
                 "[%6], {%7, %8};" ::"r"(smem(box)),
                 "l"(&m), "r"(c), "r"(w), "r"(h), "r"(n), "r"(smem(&bar)),
                 "h"(halo), "h"(off)
                 : "memory");
  else
    asm volatile("cp.async.bulk.tensor.4d.shared::cta.global.im2col::w."
                 "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], "
                 "[%6], {%7, %8};" ::"r"(smem(box)),
                 "l"(&m), "r"(c), "r"(w), "r"(h), "r"(n), "r"(smem(&bar)),
                 "h"(halo), "h"(off)
                 : "memory");
  int done = waitPhase0(&bar, 1u << 20);
  for (unsigned k = 0; k < words; ++k)
    out[k] = box[k];
  out[words] = done;
}

// One thread: a 2d tile load (store = 0; `bytes` expected on the mbarrier,
// the box of words words copied to out, then whether the mbarrier
// completed) or store (store = 1: words words of in) at {x, y}.
extern "C" __global__ void tile2d(const __grid_constant__ CUtensorMap m,
                                  int x, int y, int store, unsigned bytes,
                                  unsigned words, const uint32_t *in,
                                  uint32_t *out) {
  __shared__ alignas(1024) uint32_t box[2048];
  __shared__ alignas(8) uint64_t bar;
  for (unsigned k = 0; k < words; ++k)
    box[k] = store ? in[k] : 0xdddddddd;
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  if (store) {
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group "
                 "[%0, {%1, %2}], [%3];" ::"l"(&m),
                 "r"(x), "r"(y), "r"(smem(box))
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
    return;
  }
  asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(smem(&bar)));
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(
                   smem(&bar)),
               "r"(bytes)
               : "memory");
  asm volatile("cp.async.bulk.tensor.2d.shared::cta.global.tile."
               "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
                   smem(box)),
               "l"(&m), "r"(x), "r"(y), "r"(smem(&bar))
               : "memory");
  int done = waitPhase0(&bar, 1u << 20);
  for (unsigned k = 0; k < words; ++k)
    out[k] = box[k];
  out[words] = done;
}

// One thread: tensormap.replace .elemtype of the map at m (global memory)
// to 14 (.b4x16_p64) or 15 (.b6x16_p32 / .b6p2x16).
extern "C" __global__ void elemtype(CUtensorMap *m, int t) {
  if (t == 14)
    asm volatile("tensormap.replace.tile.elemtype.global.b1024.b32 [%0], 14;"
                 ::"l"(m)
                 : "memory");
  else
    asm volatile("tensormap.replace.tile.elemtype.global.b1024.b32 [%0], 15;"
                 ::"l"(m)
                 : "memory");
  asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
}
