// Device enumeration and properties, checked for sanity: one device or
// more; cudaGetDeviceProperties agrees with cudaDeviceGetAttribute for
// every field read; warpSize is 32; limits are non-zero and ordered;
// cudaMemGetInfo's free memory is at most its total; driver and runtime
// versions are known; cudaSetDevice(count) is cudaErrorInvalidDevice
// (CUDA Runtime API, cudaSetDevice).
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS device-props
#define TEST_NAME "device-props"
#include "check.cuh"

#include <cstring>

static int attr(cudaDeviceAttr a, int dev) {
  int v = -1;
  CHECK(cudaDeviceGetAttribute(&v, a, dev));
  return v;
}

#define SAME(field, attribute)                                                 \
  REQUIRE((long long)p.field == (long long)attr(attribute, dev),               \
          "prop " #field " = %lld, " #attribute " = %d", (long long)p.field,   \
          attr(attribute, dev))

int main() {
  int count = 0;
  CHECK(cudaGetDeviceCount(&count));
  REQUIRE(count >= 1, "%d devices", count);
  int driver = 0, runtime = 0;
  CHECK(cudaDriverGetVersion(&driver));
  CHECK(cudaRuntimeGetVersion(&runtime));
  REQUIRE(driver >= 12000 && runtime >= 12000, "driver %d, runtime %d", driver,
          runtime);

  for (int dev = 0; dev < count; ++dev) {
    CHECK(cudaSetDevice(dev));
    int current = -1;
    CHECK(cudaGetDevice(&current));
    REQUIRE(current == dev, "cudaGetDevice = %d after cudaSetDevice(%d)",
            current, dev);
    cudaDeviceProp p;
    std::memset(&p, 0, sizeof p);
    CHECK(cudaGetDeviceProperties(&p, dev));
    REQUIRE(p.name[0] != '\0' && std::strlen(p.name) < sizeof p.name,
            "empty device name");
    REQUIRE(p.major >= 1 && p.minor >= 0, "compute capability %d.%d", p.major,
            p.minor);
    REQUIRE(p.warpSize == 32, "warpSize %d", p.warpSize);
    REQUIRE(p.totalGlobalMem > 0, "totalGlobalMem 0");
    REQUIRE(p.multiProcessorCount > 0, "multiProcessorCount 0");
    REQUIRE(p.maxThreadsPerBlock >= 512 && p.maxThreadsPerBlock <= 1024,
            "maxThreadsPerBlock %d", p.maxThreadsPerBlock);
    REQUIRE(p.maxThreadsDim[0] * p.maxThreadsDim[1] >= p.maxThreadsPerBlock,
            "maxThreadsDim %d x %d", p.maxThreadsDim[0], p.maxThreadsDim[1]);
    REQUIRE(p.maxThreadsPerMultiProcessor >= p.maxThreadsPerBlock,
            "maxThreadsPerMultiProcessor %d", p.maxThreadsPerMultiProcessor);
    REQUIRE(p.maxGridSize[0] >= 65535 && p.maxGridSize[1] >= 65535 &&
                p.maxGridSize[2] >= 65535,
            "maxGridSize %d %d %d", p.maxGridSize[0], p.maxGridSize[1],
            p.maxGridSize[2]);
    REQUIRE(p.sharedMemPerBlock >= 16384 &&
                p.sharedMemPerBlock <= p.sharedMemPerBlockOptin &&
                p.sharedMemPerBlockOptin <= p.sharedMemPerMultiprocessor,
            "shared memory per block %zu, optin %zu, per SM %zu",
            p.sharedMemPerBlock, p.sharedMemPerBlockOptin,
            p.sharedMemPerMultiprocessor);
    REQUIRE(p.totalConstMem >= 65536, "totalConstMem %zu", p.totalConstMem);
    REQUIRE(p.regsPerBlock > 0 && p.regsPerMultiprocessor >= p.regsPerBlock,
            "registers per block %d, per SM %d", p.regsPerBlock,
            p.regsPerMultiprocessor);
    REQUIRE(p.maxBlocksPerMultiProcessor > 0, "maxBlocksPerMultiProcessor 0");
    REQUIRE(p.unifiedAddressing == 1, "unifiedAddressing %d",
            p.unifiedAddressing);

    SAME(major, cudaDevAttrComputeCapabilityMajor);
    SAME(minor, cudaDevAttrComputeCapabilityMinor);
    SAME(warpSize, cudaDevAttrWarpSize);
    SAME(multiProcessorCount, cudaDevAttrMultiProcessorCount);
    SAME(maxThreadsPerBlock, cudaDevAttrMaxThreadsPerBlock);
    SAME(maxThreadsDim[0], cudaDevAttrMaxBlockDimX);
    SAME(maxThreadsDim[1], cudaDevAttrMaxBlockDimY);
    SAME(maxThreadsDim[2], cudaDevAttrMaxBlockDimZ);
    SAME(maxGridSize[0], cudaDevAttrMaxGridDimX);
    SAME(maxGridSize[1], cudaDevAttrMaxGridDimY);
    SAME(maxGridSize[2], cudaDevAttrMaxGridDimZ);
    SAME(sharedMemPerBlock, cudaDevAttrMaxSharedMemoryPerBlock);
    SAME(sharedMemPerBlockOptin, cudaDevAttrMaxSharedMemoryPerBlockOptin);
    SAME(sharedMemPerMultiprocessor,
         cudaDevAttrMaxSharedMemoryPerMultiprocessor);
    SAME(totalConstMem, cudaDevAttrTotalConstantMemory);
    SAME(regsPerBlock, cudaDevAttrMaxRegistersPerBlock);
    SAME(maxThreadsPerMultiProcessor, cudaDevAttrMaxThreadsPerMultiProcessor);
    SAME(maxBlocksPerMultiProcessor, cudaDevAttrMaxBlocksPerMultiprocessor);
    SAME(l2CacheSize, cudaDevAttrL2CacheSize);
    SAME(unifiedAddressing, cudaDevAttrUnifiedAddressing);
    SAME(managedMemory, cudaDevAttrManagedMemory);
    SAME(concurrentManagedAccess, cudaDevAttrConcurrentManagedAccess);
    SAME(canMapHostMemory, cudaDevAttrCanMapHostMemory);
    SAME(asyncEngineCount, cudaDevAttrAsyncEngineCount);
    SAME(pciBusID, cudaDevAttrPciBusId);
    SAME(pciDeviceID, cudaDevAttrPciDeviceId);
    SAME(memoryBusWidth, cudaDevAttrGlobalMemoryBusWidth);

    size_t freeMem = 0, totalMem = 0;
    CHECK(cudaMemGetInfo(&freeMem, &totalMem));
    REQUIRE(totalMem > 0 && freeMem <= totalMem && totalMem <= p.totalGlobalMem,
            "cudaMemGetInfo free %zu, total %zu, totalGlobalMem %zu", freeMem,
            totalMem, p.totalGlobalMem);
  }

  EXPECT_ERROR(cudaSetDevice(count), cudaErrorInvalidDevice);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorInvalidDevice);
  cudaDeviceProp p;
  EXPECT_ERROR(cudaGetDeviceProperties(&p, count), cudaErrorInvalidDevice);
  int v = 0;
  EXPECT_ERROR(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, -1),
               cudaErrorInvalidDevice);
  CHECK(cudaSetDevice(0));
  EXPECT_ERROR(cudaGetLastError(), cudaErrorInvalidDevice);
  CHECK(cudaGetLastError());
  return pass();
}
