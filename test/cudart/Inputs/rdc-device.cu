// The second translation unit of rdc.cu (built with -rdc=true): device
// functions, a __device__ variable with an initializer, a __constant__
// table and a kernel, all used from rdc.cu.
#include <cuda_runtime.h>

__device__ int rdcScale = 3;
__device__ unsigned rdcCalls;
__constant__ int rdcTable[4] = {1, 10, 100, 1000};

__device__ int rdcApply(int x) {
  atomicAdd(&rdcCalls, 1u);
  return x * rdcScale + rdcTable[x & 3];
}

// Recursive, so it stays a real call across the files.
__device__ int rdcSumTo(int n) { return n <= 0 ? 0 : n + rdcSumTo(n - 1); }

__global__ void rdcKernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = rdcSumTo(i % 20);
}
