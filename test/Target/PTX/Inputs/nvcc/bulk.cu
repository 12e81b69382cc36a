#include <cuda/barrier>
#include <cuda/ptx>
#include <cuda.h>
namespace ptx = cuda::ptx;
using barrier = cuda::barrier<cuda::thread_scope_block>;
__global__ void bulk(const __grid_constant__ CUtensorMap tmap, const int *g, int *out) {
  __shared__ alignas(128) int s[256];
  #pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ barrier bar;
  if (threadIdx.x == 0) { init(&bar, blockDim.x); }
  __syncthreads();
  barrier::arrival_token tok;
  if (threadIdx.x == 0) {
    cuda::memcpy_async(s, g, cuda::aligned_size_t<16>(sizeof(s)), bar);
    cuda::device::experimental::cp_async_bulk_tensor_2d_global_to_shared(&s[0], &tmap, 0, 0, bar);
    tok = cuda::device::barrier_arrive_tx(bar, 1, sizeof(s) * 2);
  } else {
    tok = bar.arrive();
  }
  bar.wait(std::move(tok));
  cudaGridDependencySynchronize();
  out[threadIdx.x] = s[threadIdx.x];
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (threadIdx.x == 0) {
    cuda::device::experimental::cp_async_bulk_tensor_2d_shared_to_global(&tmap, 0, 0, &s[0]);
    cuda::device::experimental::cp_async_bulk_commit_group();
    cuda::device::experimental::cp_async_bulk_wait_group_read<0>();
  }
  cudaTriggerProgrammaticLaunchCompletion();
}
