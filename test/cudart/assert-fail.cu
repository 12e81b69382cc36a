// assert() failing in one thread of a kernel: NVIDIA's driver prints
// "<file>:<line>: <function>: block: [x,y,z], thread: [x,y,z] Assertion
// `<expression>` failed." and the synchronisation returns cudaErrorAssert
// (710, "device-side assert triggered"), which is sticky: the context is
// unusable afterwards, and every later call returns the same error
// (CUDA Runtime API, enum cudaError: cudaErrorAssert).
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static 2>&1 | env LC_ALL=C sort | FileCheck %s
// RUN: %run_wave64 %t.static 2>&1 | env LC_ALL=C sort | FileCheck %s
// RUN: %run_wave32 %t.shared 2>&1 | env LC_ALL=C sort | FileCheck %s
// RUN: %run_wave64 %t.shared 2>&1 | env LC_ALL=C sort | FileCheck %s
//
// The message and PASS may come on either stream, in either order; sorted,
// the message (which starts with the source's absolute path, as nvcc was
// given it) comes first. Exactly one thread fails, so there is exactly one
// message.
// CHECK-NOT: Assertion
#define TEST_NAME "assert-fail"
#include "check.cuh"

#include <cassert>
#include <string_view>

__global__ void check_positive(const int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    // CHECK: {{^/.*}}/assert-fail.cu:[[#@LINE+1]]: void check_positive(const int *, int): block: [1,0,0], thread: [3,0,0] Assertion `v[i] > 0` failed.
    assert(v[i] > 0);
}
// CHECK-NOT: Assertion
// CHECK: {{^}}PASS assert-fail{{$}}

int main() {
  const int n = 256;
  int *v;
  CHECK(cudaMallocManaged(&v, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    v[i] = i == 64 + 3 ? 0 : i + 1;

  // Nothing fails here.
  check_positive<<<4, 64>>>(v, 64);
  CHECK_LAUNCH();

  check_positive<<<4, 64>>>(v, n);
  EXPECT_ERROR(cudaDeviceSynchronize(), cudaErrorAssert);
  // Sticky: the error stays, for every call.
  EXPECT_ERROR(cudaGetLastError(), cudaErrorAssert);
  EXPECT_ERROR(cudaDeviceSynchronize(), cudaErrorAssert);
  int *more = nullptr;
  EXPECT_ERROR(cudaMalloc(&more, 16), cudaErrorAssert);
  REQUIRE(std::string_view(cudaGetErrorString(cudaErrorAssert)) ==
              "device-side assert triggered",
          "cudaGetErrorString(cudaErrorAssert) = \"%s\"",
          cudaGetErrorString(cudaErrorAssert));
  return pass();
}
