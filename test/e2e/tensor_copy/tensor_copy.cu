// Tensor copies through tensor maps (cuTensorMapEncodeTiled on the host):
// cp.async.bulk.tensor.2d/.3d loads into shared memory completing on an
// mbarrier, with boxes partly or wholly outside the tensor (zero and NaN
// fill; the NaN is the one an H200 writes), element strides, the 128B
// swizzle read back through a swizzled index the kernel computes itself
// (CUTLASS's Swizzle<3,4,3>), and stores from shared memory in a bulk group
// that skip what lies outside the tensor (at its high ends: an H200 traps on
// a store box starting at a negative coordinate). .multicast::cluster is
// left out: an H200 traps on it outside a cluster launch.
//
// Guarded by __CUDA_ARCH__: sm_90 PTX uses the tensor copies; sm_75/sm_80
// PTX computes the same results with plain loads and stores from the
// descriptor the host passes next to the tensor map (the map is unused).
#include <cuda.h>
#include <stdint.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define HAVE_TMA 1
#else
#define HAVE_TMA 0
#endif

// What the tensor map describes, for the fallback path and the host.
struct Desc {
  unsigned long long base;  // the global address
  unsigned long long dims[3];
  unsigned long long strides[3];  // bytes; strides[0] = 4
  int box[3];
  int estr[3];
  int rank;
  int nanFill;
  int swizzle;  // 1: the smem box is 128B-swizzled (sm_90 only)
};

// Elements of the box in shared memory along dimension i.
__device__ __forceinline__ int boxCount(const Desc& d, int i) {
  return i == 0 ? d.box[0] : (d.box[i] + d.estr[i] - 1) / d.estr[i];
}
__device__ __forceinline__ int boxElems(const Desc& d) {
  int n = 1;
  for (int i = 0; i < d.rank; i++) n *= boxCount(d, i);
  return n;
}
// The global element box element k comes from; false outside the tensor.
__device__ __forceinline__ bool element(const Desc& d, const int* c, int k, unsigned long long* off) {
  bool in = true;
  unsigned long long o = 0;
  for (int i = 0; i < d.rank; i++) {
    int n = boxCount(d, i), idx = k % n;
    k /= n;
    long long x = (long long)c[i] + (long long)idx * (i == 0 ? 1 : d.estr[i]);
    if (x < 0 || (unsigned long long)x >= d.dims[i]) in = false;
    o += (unsigned long long)x * d.strides[i];
  }
  *off = o;
  return in;
}

__device__ __forceinline__ unsigned smem(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

// 128B swizzle of a byte offset in a 1024-byte aligned box.
__device__ __forceinline__ unsigned swz128(unsigned o) { return o ^ ((o >> 3) & 0x70); }

#if HAVE_TMA
__device__ __forceinline__ int mbar_wait_parity(unsigned bar, unsigned parity) {
  for (int i = 0; i < (1 << 22); i++) {
    unsigned r;
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(r) : "r"(bar), "r"(parity) : "memory");
    if (r) return 1;
  }
  return 0;
}
#endif

// Block b loads the box at coords[3b..] and writes its elements, in box
// order, to out[b * n ...] (n = box elements); ok[b] = 1 when the wait
// completed.
extern "C" __global__ void k_load(const __grid_constant__ CUtensorMap tm, Desc d, const int* coords,
                                  uint32_t* out, int* ok) {
  __shared__ alignas(1024) uint32_t buf[2048];
  __shared__ alignas(8) unsigned long long bar;
  const int* c = coords + 3 * blockIdx.x;
  int n = boxElems(d), t = threadIdx.x;
  int good = 1;
#if HAVE_TMA
  unsigned b = smem(&bar), dst = smem(buf);
  if (t == 0) asm volatile("mbarrier.init.shared.b64 [%0], 1;" :: "r"(b) : "memory");
  __syncthreads();
  if (t == 0) {
    unsigned long long st;
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 %0, [%1], %2;" : "=l"(st) : "r"(b), "r"(n * 4) : "memory");
    const void* m = &tm;
    if (d.rank == 2)
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                   :: "r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(b) : "memory");
    else
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];"
                   :: "r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(b) : "memory");
  }
  good = mbar_wait_parity(b, 0);
  for (int k = t; k < n; k += blockDim.x) {
    unsigned o = 4 * k;
    if (d.swizzle) o = swz128(o);
    out[(size_t)blockIdx.x * n + k] = buf[o / 4];
  }
#else
  for (int k = t; k < n; k += blockDim.x) {
    unsigned long long off;
    uint32_t v = d.nanFill ? 0x7ff77ff7u : 0u;
    if (element(d, c, k, &off)) v = *(const uint32_t*)(uintptr_t)(d.base + off);
    out[(size_t)blockIdx.x * n + k] = v;
  }
#endif
  if (t == 0) ok[blockIdx.x] = good;
}

// Block b writes vals[b * n ...] (box order) into shared memory and stores
// the box at coords[3b..] to the tensor; what lies outside is skipped.
extern "C" __global__ void k_store(const __grid_constant__ CUtensorMap tm, Desc d, const int* coords,
                                   const uint32_t* vals) {
  __shared__ alignas(1024) uint32_t buf[2048];
  const int* c = coords + 3 * blockIdx.x;
  int n = boxElems(d), t = threadIdx.x;
#if HAVE_TMA
  for (int k = t; k < n; k += blockDim.x) buf[k] = vals[(size_t)blockIdx.x * n + k];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (t == 0) {
    const void* m = &tm;
    if (d.rank == 2)
      asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];"
                   :: "l"(m), "r"(c[0]), "r"(c[1]), "r"(smem(buf)) : "memory");
    else
      asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%1, %2, %3}], [%4];"
                   :: "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(smem(buf)) : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
  __syncthreads();
#else
  (void)buf;
  for (int k = t; k < n; k += blockDim.x) {
    unsigned long long off;
    if (element(d, c, k, &off)) *(uint32_t*)(uintptr_t)(d.base + off) = vals[(size_t)blockIdx.x * n + k];
  }
#endif
}
