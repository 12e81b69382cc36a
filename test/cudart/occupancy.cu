// The occupancy calculator, checked for consistency with the device's
// properties rather than for NVIDIA's numbers:
// cudaOccupancyMaxActiveBlocksPerMultiprocessor never promises more
// threads, blocks or shared memory per multiprocessor than
// cudaGetDeviceProperties reports, falls (weakly) as dynamic shared memory
// grows, and is 0 when one block's shared memory cannot fit;
// cudaOccupancyMaxPotentialBlockSize suggests a block size the kernel can
// be launched with, and the launch works;
// cudaOccupancyAvailableDynamicSMemPerBlock fits in sharedMemPerBlockOptin.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS occupancy
#define TEST_NAME "occupancy"
#include "check.cuh"

__global__ void scale(float *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] *= 2.0f;
}

__global__ void withShared(float *d, int n) {
  extern __shared__ float buf[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  buf[threadIdx.x] = i < n ? d[i] : 0.0f;
  __syncthreads();
  if (i < n)
    d[i] = buf[blockDim.x - 1 - threadIdx.x];
}

__global__ void __launch_bounds__(128) bounded(float *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] += 1.0f;
}

static size_t smemForBlock(int blockSize) { return blockSize * sizeof(float); }

int main() {
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));

  int prevBlocks = 1 << 30;
  for (int bs : {32, 64, 128, 256, 512, 1024}) {
    int blocks = -1;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, scale, bs, 0));
    REQUIRE(blocks >= 1, "block size %d: %d blocks per SM", bs, blocks);
    REQUIRE(blocks <= p.maxBlocksPerMultiProcessor,
            "block size %d: %d blocks per SM > maxBlocksPerMultiProcessor %d",
            bs, blocks, p.maxBlocksPerMultiProcessor);
    REQUIRE(blocks * bs <= p.maxThreadsPerMultiProcessor,
            "block size %d: %d blocks exceed maxThreadsPerMultiProcessor %d",
            bs, blocks, p.maxThreadsPerMultiProcessor);
    REQUIRE(blocks <= prevBlocks,
            "block size %d: %d blocks, more than %d "
            "with smaller blocks",
            bs, blocks, prevBlocks);
    prevBlocks = blocks;
  }

  // Shared memory limits blocks per SM.
  int prev = 1 << 30;
  for (size_t smem = 0; smem <= p.sharedMemPerBlock; smem += 4096) {
    int blocks = -1;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, withShared, 64,
                                                        smem));
    REQUIRE(blocks >= 1, "%zu bytes of shared memory: %d blocks", smem, blocks);
    REQUIRE(blocks <= prev, "%zu bytes: %d blocks, more than %d with less",
            smem, blocks, prev);
    REQUIRE(smem == 0 || blocks * smem <= p.sharedMemPerMultiprocessor,
            "%d blocks of %zu bytes exceed sharedMemPerMultiprocessor %zu",
            blocks, smem, p.sharedMemPerMultiprocessor);
    prev = blocks;
  }
  int none = -1;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &none, withShared, 64, p.sharedMemPerMultiprocessor + 4096));
  REQUIRE(none == 0, "shared memory beyond the SM's: %d blocks", none);

  // Launch bounds cap the block size the calculator suggests.
  int minGrid = 0, blockSize = 0;
  CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, bounded));
  REQUIRE(blockSize >= 1 && blockSize <= 128,
          "bounded kernel: block size %d suggested", blockSize);
  CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, scale));
  REQUIRE(blockSize >= 1 && blockSize <= p.maxThreadsPerBlock,
          "block size %d suggested, maxThreadsPerBlock %d", blockSize,
          p.maxThreadsPerBlock);
  REQUIRE(minGrid >= p.multiProcessorCount,
          "minGridSize %d, fewer than the %d multiprocessors", minGrid,
          p.multiProcessorCount);

  const int n = 100000;
  float *d;
  CHECK(cudaMallocManaged(&d, n * sizeof(float)));
  for (int i = 0; i < n; ++i)
    d[i] = float(i);
  scale<<<(n + blockSize - 1) / blockSize, blockSize>>>(d, n);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i)
    REQUIRE(d[i] == 2.0f * i, "d[%d] = %g", i, d[i]);

  // The variable-shared-memory form, with the shared memory per block
  // depending on the block size.
  CHECK(cudaOccupancyMaxPotentialBlockSizeVariableSMem(
      &minGrid, &blockSize, withShared, smemForBlock));
  REQUIRE(blockSize >= 1 && blockSize <= p.maxThreadsPerBlock,
          "variable smem: block size %d", blockSize);
  withShared<<<(n + blockSize - 1) / blockSize, blockSize,
               smemForBlock(blockSize)>>>(d, n);
  CHECK_LAUNCH();
  // Each full block reverses its slice.
  for (int i = 0; i + blockSize <= n; i += blockSize * 97)
    REQUIRE(d[i] == 2.0f * (i + blockSize - 1), "reversed d[%d] = %g", i, d[i]);

  size_t avail = 0;
  CHECK(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, withShared, 2, 256));
  REQUIRE(avail > 0 && avail <= p.sharedMemPerBlockOptin,
          "available dynamic shared memory %zu, optin maximum %zu", avail,
          p.sharedMemPerBlockOptin);

  CHECK(cudaFree(d));
  return pass();
}
