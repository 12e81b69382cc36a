#include <cuda/barrier>
#include <cuda_pipeline.h>
__global__ void cpasync(const float *g, float *out) {
  __shared__ float s[256];
  __pipeline_memcpy_async(&s[threadIdx.x], &g[threadIdx.x], sizeof(float));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void bar(const int *g, int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> b;
  __shared__ int s[128];
  if (threadIdx.x == 0) init(&b, blockDim.x);
  __syncthreads();
  cuda::memcpy_async(&s[threadIdx.x], &g[threadIdx.x], sizeof(int), b);
  b.arrive_and_wait();
  out[threadIdx.x] = s[threadIdx.x];
}
