// Source of test/Runtime/CUDA/Inputs/red-async.ptx:
//   nvcc -arch=sm_100a -ptx red-async.cu
#include <stdint.h>
#define RA(op, ty, c, a, v, bar)                                               \
  asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::"          \
               "complete_tx::bytes." op "." ty " [%0], %1, [%2];" ::"r"(a),    \
               c(v), "r"(bar)                                                  \
               : "memory")
__device__ unsigned smem(const void *p) {
  return (unsigned)__cvta_generic_to_shared(p);
}
extern "C" __global__ void red_async(uint32_t *out32, uint64_t *out64,
                                     uint32_t *g32, uint64_t *g64) {
  __shared__ uint32_t w[11];
  __shared__ uint64_t w64;
  __shared__ uint64_t bar;
  unsigned t = threadIdx.x, b = smem(&bar);
  if (t == 0) {
    const uint32_t init[11] = {0,          10,         0xffffffffu, 0,
                               0,          0x80000000u, 0xffffffffu, 0,
                               0x12345678u, 0,          0};
    for (int i = 0; i < 11; i++) w[i] = init[i];
    w64 = 5;
    asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(b), "r"(blockDim.x)
                 : "memory");
  }
  __syncthreads();
  // 10 * 4 + 4 + 8 bytes complete per thread.
  asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], "
               "52;" ::"r"(b)
               : "memory");
  RA("inc", "u32", "r", smem(&w[0]), 50u, b);
  RA("dec", "u32", "r", smem(&w[1]), 100u, b);
  RA("min", "u32", "r", smem(&w[2]), t * 7u + 3u, b);
  RA("min", "s32", "r", smem(&w[3]), (int)t - 64, b);
  RA("max", "u32", "r", smem(&w[4]), t * 0x01000193u, b);
  RA("max", "s32", "r", smem(&w[5]), -(int)t - 1, b);
  RA("and", "b32", "r", smem(&w[6]), ~(1u << (t % 16)), b);
  RA("or", "b32", "r", smem(&w[7]), 1u << (t % 20), b);
  RA("xor", "b32", "r", smem(&w[8]), t * 0x9e3779b9u, b);
  RA("add", "u32", "r", smem(&w[9]), t + 1u, b);
  RA("add", "s32", "r", smem(&w[10]), -(int)t * 3, b);
  RA("add", "u64", "l", smem(&w64), ((uint64_t)t << 33) + 1, b);
  asm volatile("{\n"
               ".reg .pred p;\n"
               "W: mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, "
               "[%0], 0;\n"
               "@!p bra W;\n"
               "}" ::"r"(b)
               : "memory");
  if (t == 0) {
    for (int i = 0; i < 11; i++) out32[blockIdx.x * 11 + i] = w[i];
    out64[blockIdx.x] = w64;
  }
  // The .release forms (sm_100) on global memory, all blocks contending.
  asm volatile("red.async.release.gpu.global.add.u32 [%0], %1;" ::"l"(g32),
               "r"(t + 1u)
               : "memory");
  asm volatile("red.async.release.sys.global.add.s32 [%0], %1;" ::"l"(g32 + 1),
               "r"(-(int)t)
               : "memory");
  asm volatile("red.async.release.gpu.global.add.u64 [%0], %1;" ::"l"(g64),
               "l"(((uint64_t)t << 32) + blockIdx.x)
               : "memory");
  asm volatile("red.async.release.sys.global.add.s64 [%0], %1;" ::"l"(g64 + 1),
               "l"(-(int64_t)t * 1000000007LL)
               : "memory");
}
