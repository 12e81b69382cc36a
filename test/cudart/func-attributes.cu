// cudaFuncGetAttributes: the static shared memory of a kernel is exact,
// __launch_bounds__ caps maxThreadsPerBlock, and
// cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize) is
// read back; a launch with more threads than the launch bounds fails with
// cudaErrorLaunchOutOfResources ("too many resources requested for
// launch"), which is not sticky; a maximum dynamic shared memory size
// above the opt-in maximum is cudaErrorInvalidValue.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS func-attributes
#define TEST_NAME "func-attributes"
#include "check.cuh"

__global__ void staticShared(int *out) {
  __shared__ int buf[300]; // 1200 bytes
  buf[threadIdx.x] = threadIdx.x * 2;
  __syncthreads();
  out[threadIdx.x] = buf[(threadIdx.x + 1) % blockDim.x];
}

__global__ void __launch_bounds__(64) bounded(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

__global__ void dynamicShared(int *out, int n) {
  extern __shared__ int dyn[];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    dyn[i] = i;
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int i = 0; i < n; ++i)
      s += dyn[i];
    *out = s;
  }
}

int main() {
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));

  cudaFuncAttributes a;
  CHECK(cudaFuncGetAttributes(&a, staticShared));
  REQUIRE(a.sharedSizeBytes == 1200, "staticShared: sharedSizeBytes %zu",
          a.sharedSizeBytes);
  REQUIRE(a.maxThreadsPerBlock >= 256 &&
              a.maxThreadsPerBlock <= p.maxThreadsPerBlock,
          "staticShared: maxThreadsPerBlock %d", a.maxThreadsPerBlock);
  REQUIRE(a.numRegs >= 0 && a.localSizeBytes < 1024,
          "staticShared: %d registers, %zu bytes local", a.numRegs,
          a.localSizeBytes);
  REQUIRE(a.ptxVersion >= 80 || a.ptxVersion == 0,
          "ptxVersion %d, expected the compute_80 PTX or none", a.ptxVersion);

  CHECK(cudaFuncGetAttributes(&a, bounded));
  REQUIRE(a.maxThreadsPerBlock == 64, "bounded: maxThreadsPerBlock %d",
          a.maxThreadsPerBlock);

  int *out;
  CHECK(cudaMallocManaged(&out, 1024 * sizeof(int)));
  staticShared<<<1, 256>>>(out);
  CHECK_LAUNCH();
  for (int t = 0; t < 256; ++t)
    REQUIRE(out[t] == ((t + 1) % 256) * 2, "out[%d] = %d", t, out[t]);

  bounded<<<2, 64>>>(out);
  CHECK_LAUNCH();
  bounded<<<1, 128>>>(out);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorLaunchOutOfResources);
  CHECK(cudaDeviceSynchronize()); // not sticky

  // Dynamic shared memory: the opt-in maximum, set and read back.
  const int optin = (int)p.sharedMemPerBlockOptin;
  CHECK(cudaFuncSetAttribute(
      dynamicShared, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
  CHECK(cudaFuncGetAttributes(&a, dynamicShared));
  REQUIRE(a.maxDynamicSharedSizeBytes == optin,
          "maxDynamicSharedSizeBytes %d after setting %d",
          a.maxDynamicSharedSizeBytes, optin);
  int n = optin / (int)sizeof(int);
  dynamicShared<<<1, 256, n * sizeof(int)>>>(out, n);
  CHECK_LAUNCH();
  long long want = (long long)n * (n - 1) / 2;
  REQUIRE(out[0] == (int)want, "sum of %d = %d, expected %lld", n, out[0],
          want);
  EXPECT_ERROR(cudaFuncSetAttribute(dynamicShared,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    optin + 1024),
               cudaErrorInvalidValue);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorInvalidValue);
  CHECK(cudaFree(out));
  return pass();
}
