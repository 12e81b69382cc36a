// Cooperative groups within a block: this_thread_block(), tiled_partition
// into static tiles of 32 and 8 threads (shfl_down, thread_rank,
// meta_group_rank, ballot/any/all on the tile), cg::reduce with cg::plus
// and cg::greater, a dynamic tiled_partition(block, 16), and
// coalesced_threads() in a divergent branch.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS cg-tile-reduce
#define TEST_NAME "cg-tile-reduce"
#include "check.cuh"

#include <climits>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <vector>

namespace cg = cooperative_groups;

template <unsigned Size>
__device__ int tileSum(cg::thread_block_tile<Size> tile, int v) {
  for (unsigned offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v; // valid in thread_rank() 0
}

// out per block: [0] sum by 32-tiles, [1] sum by 8-tiles with cg::reduce,
// [2] maximum by cg::reduce, [3] tiles of 8 whose values are all even,
// [4] tiles of 8 with any value divisible by 5, [5] sum over the dynamic
// 16-tiles, [6] size of the coalesced group of odd threads (per warp, 16).
__global__ void tiles(const int *in, int *out) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int acc[7];
  if (block.thread_rank() < 7)
    acc[block.thread_rank()] = block.thread_rank() == 2 ? INT_MIN : 0;
  block.sync();

  int v = in[blockIdx.x * block.size() + block.thread_rank()];

  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int s32 = tileSum(warp, v);
  if (warp.thread_rank() == 0)
    atomicAdd(&acc[0], s32);

  cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);
  int s8 = cg::reduce(tile8, v, cg::plus<int>());
  int m8 = cg::reduce(tile8, v, cg::greater<int>());
  bool allEven = tile8.all(v % 2 == 0);
  bool anyFive = tile8.any(v % 5 == 0);
  unsigned ballot = tile8.ballot(v < 0);
  if (tile8.thread_rank() == 0) {
    atomicAdd(&acc[1], s8);
    atomicMax(&acc[2], m8);
    atomicAdd(&acc[3], allEven ? 1 : 0);
    atomicAdd(&acc[4], anyFive ? 1 : 0);
  }
  // Every lane of the tile sees the same ballot, of width 8.
  if (ballot >> 8)
    atomicAdd(&acc[0], 1 << 20); // poisons the sum

  cg::thread_group tile16 = cg::tiled_partition(block, 16);
  __shared__ int part[1024 / 16];
  int t16 = block.thread_rank() / 16;
  if (tile16.thread_rank() == 0)
    part[t16] = 0;
  tile16.sync();
  atomicAdd(&part[t16], v);
  tile16.sync();
  if (tile16.thread_rank() == 0)
    atomicAdd(&acc[5], part[t16]);

  if (block.thread_rank() % 2) {
    cg::coalesced_group odd = cg::coalesced_threads();
    if (odd.thread_rank() == 0)
      atomicAdd(&acc[6], (int)odd.size());
  }

  block.sync();
  if (block.thread_rank() < 7)
    out[blockIdx.x * 7 + block.thread_rank()] = acc[block.thread_rank()];
}

int main() {
  const int blocks = 4, threads = 256;
  std::vector<int> h(blocks * threads);
  for (int i = 0; i < blocks * threads; ++i)
    h[i] = (i * 7919) % 1000 - 300;
  // One 8-tile of even values only.
  for (int i = 0; i < 8; ++i)
    h[8 + i] = 2 * i + 2;

  int *in, *out;
  CHECK(cudaMalloc(&in, h.size() * sizeof(int)));
  CHECK(cudaMallocManaged(&out, blocks * 7 * sizeof(int)));
  CHECK(
      cudaMemcpy(in, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  tiles<<<blocks, threads>>>(in, out);
  CHECK_LAUNCH();

  for (int b = 0; b < blocks; ++b) {
    int sum = 0, mx = -1000000, even = 0, five = 0;
    for (int t = 0; t < threads / 8; ++t) {
      bool allEven = true, anyFive = false;
      for (int l = 0; l < 8; ++l) {
        int v = h[b * threads + t * 8 + l];
        sum += v;
        mx = v > mx ? v : mx;
        allEven &= v % 2 == 0;
        anyFive |= v % 5 == 0;
      }
      even += allEven;
      five += anyFive;
    }
    const int *o = &out[b * 7];
    REQUIRE(o[0] == sum, "block %d: 32-tile sum %d, expected %d", b, o[0], sum);
    REQUIRE(o[1] == sum, "block %d: 8-tile reduce %d, expected %d", b, o[1],
            sum);
    REQUIRE(o[2] == mx, "block %d: max %d, expected %d", b, o[2], mx);
    REQUIRE(o[3] == even, "block %d: %d all-even tiles, expected %d", b, o[3],
            even);
    REQUIRE(o[4] == five,
            "block %d: %d tiles with a multiple of 5, "
            "expected %d",
            b, o[4], five);
    REQUIRE(o[5] == sum, "block %d: 16-tile sum %d, expected %d", b, o[5], sum);
    REQUIRE(o[6] == threads / 2,
            "block %d: coalesced odd threads %d, "
            "expected %d",
            b, o[6], threads / 2);
  }
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return pass();
}
