// Atomic operations CUDA does not provide, built from atomicCAS as the CUDA
// C++ Programming Guide shows: a float maximum and minimum (through the
// bits as int), a double multiply; plus the native float and double
// atomicAdd and atomicMax/atomicMin on integers, all checked against the
// CPU.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS atomic-float-max
#define TEST_NAME "atomic-float-max"
#include "check.cuh"

#include <cfloat>
#include <cmath>
#include <vector>

__device__ float atomicMaxFloat(float *addr, float value) {
  int *p = reinterpret_cast<int *>(addr);
  int old = *p, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= value)
      break;
    old = atomicCAS(p, assumed, __float_as_int(value));
  } while (old != assumed);
  return __int_as_float(old);
}

__device__ float atomicMinFloat(float *addr, float value) {
  int *p = reinterpret_cast<int *>(addr);
  int old = *p, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) <= value)
      break;
    old = atomicCAS(p, assumed, __float_as_int(value));
  } while (old != assumed);
  return __int_as_float(old);
}

__device__ double atomicMulDouble(double *addr, double factor) {
  auto *p = reinterpret_cast<unsigned long long *>(addr);
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old =
        atomicCAS(p, assumed,
                  __double_as_longlong(__longlong_as_double(assumed) * factor));
  } while (old != assumed);
  return __longlong_as_double(old);
}

struct Results {
  float max, min;
  double product;
  float fsum;
  double dsum;
  int imax, imin;
  unsigned umax;
};

__global__ void reduce(const float *v, int n, Results *r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  atomicMaxFloat(&r->max, v[i]);
  atomicMinFloat(&r->min, v[i]);
  if (i % 64 == 0)
    atomicMulDouble(&r->product, 2.0);
  atomicAdd(&r->fsum, 0.25f);
  atomicAdd(&r->dsum, (double)v[i]);
  atomicMax(&r->imax, (int)v[i]);
  atomicMin(&r->imin, (int)v[i]);
  atomicMax(&r->umax, (unsigned)i);
}

int main() {
  const int n = 10000;
  std::vector<float> h(n);
  float wantMax = -FLT_MAX, wantMin = FLT_MAX;
  double dsum = 0;
  int imax = -1 << 30, imin = 1 << 30;
  for (int i = 0; i < n; ++i) {
    h[i] = float((i * 7907) % 20011) * 0.125f - 1000.0f;
    wantMax = h[i] > wantMax ? h[i] : wantMax;
    wantMin = h[i] < wantMin ? h[i] : wantMin;
    dsum += h[i];
    imax = (int)h[i] > imax ? (int)h[i] : imax;
    imin = (int)h[i] < imin ? (int)h[i] : imin;
  }
  float *v;
  Results *r;
  CHECK(cudaMalloc(&v, n * sizeof(float)));
  CHECK(cudaMallocManaged(&r, sizeof(Results)));
  CHECK(cudaMemcpy(v, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  *r = Results{-FLT_MAX, FLT_MAX, 1.0, 0.0f, 0.0, -1 << 30, 1 << 30, 0u};

  reduce<<<(n + 255) / 256, 256>>>(v, n, r);
  CHECK_LAUNCH();
  const int muls = (n + 63) / 64;
  REQUIRE(r->max == wantMax, "max %g, expected %g", r->max, wantMax);
  REQUIRE(r->min == wantMin, "min %g, expected %g", r->min, wantMin);
  REQUIRE(r->product == std::ldexp(1.0, muls), "product %g, expected 2^%d",
          r->product, muls);
  REQUIRE(r->fsum == 0.25f * n, "float sum %g, expected %g", r->fsum,
          0.25f * n);
  // Multiples of 1/8 below 2^20: every partial sum is exact in double.
  REQUIRE(r->dsum == dsum, "double sum %.17g, expected %.17g", r->dsum, dsum);
  REQUIRE(r->imax == imax && r->imin == imin,
          "int max/min %d %d, expected "
          "%d %d",
          r->imax, r->imin, imax, imin);
  REQUIRE(r->umax == n - 1u, "unsigned max %u", r->umax);
  CHECK(cudaFree(v));
  CHECK(cudaFree(r));
  return pass();
}
