// Errors of the runtime API itself, none of them sticky: each call returns
// its error, cudaGetLastError returns the latest one once and then
// cudaSuccess, and the device keeps working. cudaGetErrorName and
// cudaGetErrorString give the enum's name and NVIDIA's text, and
// "unrecognized error code" for a value outside the enum (CUDA Runtime
// API, cudaGetErrorName / cudaGetErrorString). The codes expected are
// those the CUDA Runtime API reference lists for each call.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS api-errors
#define TEST_NAME "api-errors"
#include "check.cuh"

#include <cstring>

__global__ void one(int *p) { *p = 1; }

static void names(cudaError_t e, const char *name, const char *text) {
  REQUIRE(std::strcmp(cudaGetErrorName(e), name) == 0,
          "cudaGetErrorName(%d) = \"%s\", expected \"%s\"", (int)e,
          cudaGetErrorName(e), name);
  REQUIRE(std::strcmp(cudaGetErrorString(e), text) == 0,
          "cudaGetErrorString(%s) = \"%s\", expected \"%s\"", name,
          cudaGetErrorString(e), text);
}

int main() {
  names(cudaSuccess, "cudaSuccess", "no error");
  names(cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument");
  names(cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation",
        "out of memory");
  names(cudaErrorInvalidDevice, "cudaErrorInvalidDevice",
        "invalid device ordinal");
  names(cudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection",
        "invalid copy direction for memcpy");
  names(cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration",
        "invalid configuration argument");
  names(cudaErrorIllegalAddress, "cudaErrorIllegalAddress",
        "an illegal memory access was encountered");
  names(cudaErrorAssert, "cudaErrorAssert", "device-side assert triggered");
  names(cudaErrorNotReady, "cudaErrorNotReady", "device not ready");
  REQUIRE(std::strcmp(cudaGetErrorName((cudaError_t)12345),
                      "unrecognized error code") == 0,
          "cudaGetErrorName(12345) = \"%s\"",
          cudaGetErrorName((cudaError_t)12345));
  REQUIRE(std::strcmp(cudaGetErrorString((cudaError_t)12345),
                      "unrecognized error code") == 0,
          "cudaGetErrorString(12345) = \"%s\"",
          cudaGetErrorString((cudaError_t)12345));
  CHECK(cudaGetLastError()); // nothing failed yet

  // An allocation far beyond any device's memory.
  void *p = nullptr;
  EXPECT_ERROR(cudaMalloc(&p, (size_t)1 << 60), cudaErrorMemoryAllocation);
  REQUIRE(p == nullptr, "failed cudaMalloc wrote %p", p);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorMemoryAllocation);
  CHECK(cudaGetLastError());

  // No pointer to return into.
  EXPECT_ERROR(cudaMalloc(nullptr, 16), cudaErrorInvalidValue);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorInvalidValue);

  int *d;
  CHECK(cudaMalloc(&d, 64));
  int h[16] = {};
  // A copy direction outside the enum.
  EXPECT_ERROR(cudaMemcpy(h, d, sizeof h, (cudaMemcpyKind)7),
               cudaErrorInvalidMemcpyDirection);
  // Freeing NULL is a no-op; freeing a host pointer is an error.
  CHECK(cudaFree(nullptr));
  EXPECT_ERROR(cudaFree(h), cudaErrorInvalidValue);
  EXPECT_ERROR(cudaSetDevice(-1), cudaErrorInvalidDevice);
  // Only the latest error is kept.
  EXPECT_ERROR(cudaGetLastError(), cudaErrorInvalidDevice);
  CHECK(cudaGetLastError());

  // An event never recorded counts as complete; a stream with nothing in
  // it is idle.
  cudaEvent_t e;
  cudaStream_t s;
  CHECK(cudaEventCreate(&e));
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaEventQuery(e));
  CHECK(cudaStreamQuery(s));
  CHECK(cudaEventDestroy(e));
  CHECK(cudaStreamDestroy(s));

  // The device still works.
  one<<<1, 1>>>(d);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost));
  REQUIRE(h[0] == 1, "kernel wrote %d", h[0]);
  CHECK(cudaFree(d));
  return pass();
}
