// Kernels of test/Runtime/CUDA/alloca.c: alloca, stacksave and
// stackrestore as nvcc emits them for alloca() and for variable-length
// arrays. Regenerate the PTX with
//   nvcc -arch=sm_75 -ptx alloca.cu -o alloca.ptx
#include <cstdint>

// Each thread: an alloca of n + threadIdx.x % 5 ints (divergent sizes),
// filled, then summed in a scrambled order.
extern "C" __global__ void sum(int *out, int n) {
  int m = n + threadIdx.x % 5;
  int *a = (int *)alloca(m * sizeof(int));
  for (int i = 0; i < m; ++i)
    a[i] = i * i + threadIdx.x;
  int s = 0;
  for (int i = 0; i < m; ++i)
    s += a[(i * 7) % m];
  out[threadIdx.x] = s;
}

__device__ __noinline__ int inner(int k, int t) {
  int *v = (int *)alloca(k * sizeof(int));
  for (int i = 0; i < k; ++i)
    v[i] = i ^ t;
  int s = 0;
  for (int i = k - 1; i >= 0; --i)
    s = s * 3 + v[i];
  return s;
}

// Each thread: `rounds` calls with VLAs of growing sizes, and a VLA in a
// loop scope of the kernel itself; the stack must not grow with rounds.
extern "C" __global__ void rounds(int *out, int rounds) {
  int acc = 0;
  for (int r = 0; r < rounds; ++r) {
    int k = 1 + (r + threadIdx.x) % 13;
    int *w = (int *)alloca(k * sizeof(int));
    for (int i = 0; i < k; ++i)
      w[i] = inner(k, r + i);
    for (int i = 0; i < k; ++i)
      acc += w[i] * (i + 1);
  }
  out[threadIdx.x] = acc;
}
