// A grid-wide barrier: cudaLaunchCooperativeKernel with this_grid().sync()
// between phases of a two-phase reduction (every block writes a partial
// sum, the grid synchronises, every block reads all partials), repeated
// over several rounds that reuse the buffer. The grid is sized from
// cudaOccupancyMaxActiveBlocksPerMultiprocessor and the multiprocessor
// count, so all blocks are co-resident; one block more than that is
// cudaErrorCooperativeLaunchTooLarge (CUDA Runtime API, enum cudaError).
//
// REQUIRES: nvcc, libcuda, cpu-agent
// Cooperative launch is not implemented: the CPU agent cannot yet keep a
// grid's blocks co-resident, and grid sync needs the workspace nvcc reads
// from %envreg1/%envreg2 (docs/cudart.md). The device says
// cudaDevAttrCooperativeLaunch = 0, so the program fails there; an XPASS
// will say when it works.
// XFAIL: *
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS cg-grid-sync
#define TEST_NAME "cg-grid-sync"
#include "check.cuh"

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

constexpr int THREADS = 128;
constexpr int ROUNDS = 3;

// results[r * gridDim + b] = what block b computed as the grid's total in
// round r (the sum of data, plus r per element).
__global__ void gridRounds(const int *data, int n, int *partials,
                           long long *results) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ int blockSum;
  for (int r = 0; r < ROUNDS; ++r) {
    if (block.thread_rank() == 0)
      blockSum = 0;
    block.sync();
    int local = 0;
    for (unsigned long long i = grid.thread_rank(); i < (unsigned)n;
         i += grid.size())
      local += data[i] + r;
    atomicAdd(&blockSum, local);
    block.sync();
    if (block.thread_rank() == 0)
      partials[blockIdx.x] = blockSum;
    grid.sync(); // every partial is written
    if (block.thread_rank() == 0) {
      long long total = 0;
      for (unsigned b = 0; b < gridDim.x; ++b)
        total += partials[b];
      results[r * gridDim.x + blockIdx.x] = total;
    }
    grid.sync(); // every block read the partials before they change
  }
}

int main() {
  int dev = 0;
  CHECK(cudaGetDevice(&dev));
  int coop = 0, sms = 0;
  CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  REQUIRE(coop, "cudaDevAttrCooperativeLaunch is 0");
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  int perSM = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, gridRounds,
                                                      THREADS, 0));
  REQUIRE(perSM > 0 && sms > 0, "%d blocks per SM, %d SMs", perSM, sms);
  int maxBlocks = perSM * sms;
  int blocks = maxBlocks < 64 ? maxBlocks : 64;

  const int n = 20000;
  int *data, *partials;
  long long *results;
  CHECK(cudaMallocManaged(&data, n * sizeof(int)));
  CHECK(cudaMalloc(&partials, maxBlocks * sizeof(int) + 4));
  CHECK(cudaMallocManaged(&results, ROUNDS * blocks * sizeof(long long)));
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    data[i] = i % 31 - 15;
    sum += data[i];
  }

  int nArg = n;
  void *args[] = {&data, &nArg, &partials, &results};
  CHECK(cudaLaunchCooperativeKernel((void *)gridRounds, dim3(blocks),
                                    dim3(THREADS), args, 0, 0));
  CHECK(cudaDeviceSynchronize());
  for (int r = 0; r < ROUNDS; ++r)
    for (int b = 0; b < blocks; ++b) {
      long long want = sum + (long long)r * n;
      long long got = results[r * blocks + b];
      REQUIRE(got == want, "round %d, block %d: total %lld, expected %lld", r,
              b, got, want);
    }

  // Too many blocks to be co-resident: refused at launch, not sticky.
  EXPECT_ERROR(cudaLaunchCooperativeKernel((void *)gridRounds,
                                           dim3(maxBlocks + 1), dim3(THREADS),
                                           args, 0, 0),
               cudaErrorCooperativeLaunchTooLarge);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorCooperativeLaunchTooLarge);
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaFree(data));
  CHECK(cudaFree(partials));
  CHECK(cudaFree(results));
  return pass();
}
