// vectorAdd as most CUDA programs are written: the CUDA runtime API,
// managed memory, a <<<grid, block>>> launch. Built by nvcc with its
// defaults (static cudart), it runs unchanged on whichever libcuda.so.1 the
// loader finds: NVIDIA's driver, or ptx-mlir's build/lib/libcuda.so.1
// (scripts/run-example.sh does both the build and the run).
//
//   nvcc -arch=sm_80 vector_add.cu -o vector_add
//   LD_LIBRARY_PATH=build/lib ./vector_add
#include <cstdio>
#include <cuda_runtime.h>

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

static bool check(cudaError_t e, const char *what) {
  if (e == cudaSuccess)
    return true;
  std::printf("%s failed: %s (%s)\n", what, cudaGetErrorName(e),
              cudaGetErrorString(e));
  return false;
}

int main() {
  const int n = 50000;
  cudaDeviceProp prop;
  if (!check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties"))
    return 1;
  std::printf("device 0: %s, compute capability %d.%d\n", prop.name,
              prop.major, prop.minor);

  float *a, *b, *c;
  if (!check(cudaMallocManaged(&a, n * sizeof(float)), "cudaMallocManaged") ||
      !check(cudaMallocManaged(&b, n * sizeof(float)), "cudaMallocManaged") ||
      !check(cudaMallocManaged(&c, n * sizeof(float)), "cudaMallocManaged"))
    return 1;
  for (int i = 0; i < n; ++i) {
    a[i] = float(i) * 0.5f;
    b[i] = float(n - i);
  }
  const int block = 256, grid = (n + block - 1) / block;
  vectorAdd<<<grid, block>>>(a, b, c, n);
  if (!check(cudaGetLastError(), "launch") ||
      !check(cudaDeviceSynchronize(), "cudaDeviceSynchronize"))
    return 1;
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (c[i] != a[i] + b[i])
      ++wrong;
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  std::printf("vectorAdd of %d elements in %d blocks of %d threads: %s\n", n,
              grid, block, wrong ? "FAILED" : "PASSED");
  return wrong ? 1 : 0;
}
