// Kernels of test/Runtime/CUDA/tensor-nan.c: float reductions of
// cp.reduce.async.bulk.tensor (.1d, .tile) into global memory, for the NaN,
// infinity, signed-zero, subnormal and overflow results of each element
// type. Regenerate the PTX with
//   nvcc -arch=sm_90 -ptx tensor-nan.cu -o tensor-nan.ptx
#include <cuda.h>
#include <stdint.h>

enum { MAXBYTES = 16384, BOX = 256 };

__device__ __forceinline__ uint32_t smem(const void *p) {
  return (uint32_t)__cvta_generic_to_shared(p);
}

// The block copies the `bytes` bytes of src (the operands, a multiple of
// the box's bytes) into shared memory; one thread then reduces them into
// the tensor of `map` (1d, box of 256 elements of `esize` bytes), one
// reduction per box, and waits for the bulk group.
#define REDUCE_KERNEL(name, op)                                                \
  extern "C" __global__ void name(const __grid_constant__ CUtensorMap map,     \
                                  const uint4 *src, unsigned bytes,            \
                                  unsigned esize) {                            \
    __shared__ alignas(128) uint4 stage[MAXBYTES / 16];                        \
    for (unsigned i = threadIdx.x; i < bytes / 16; i += blockDim.x)            \
      stage[i] = src[i];                                                       \
    __syncthreads();                                                           \
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");               \
    if (threadIdx.x != 0)                                                      \
      return;                                                                  \
    unsigned step = BOX * esize;                                               \
    for (unsigned off = 0; off < bytes; off += step)                           \
      asm volatile("cp.reduce.async.bulk.tensor.1d.global.shared::cta." op     \
                   ".tile.bulk_group [%0, {%1}], [%2];" ::"l"(&map),           \
                   "r"(off / esize), "r"(smem((const char *)stage + off))      \
                   : "memory");                                                \
    asm volatile("cp.async.bulk.commit_group;");                               \
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");                  \
  }

REDUCE_KERNEL(red_add, "add")
REDUCE_KERNEL(red_min, "min")
REDUCE_KERNEL(red_max, "max")
