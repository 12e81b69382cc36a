// __constant__ and __device__ variables from the host: cudaMemcpyToSymbol
// and cudaMemcpyFromSymbol (whole, at an offset, and the Async forms),
// cudaGetSymbolAddress (then plain cudaMemcpy and a kernel argument),
// cudaGetSymbolSize, and a static initializer read before anything wrote
// the variable.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS symbols
#define TEST_NAME "symbols"
#include "check.cuh"

#include <cmath>

constexpr int DEGREE = 8;
__constant__ float coeffs[DEGREE + 1];
__constant__ int offsets[4] = {10, 20, 30, 40};
__device__ int answer = 42;
__device__ int table[64];
__device__ unsigned long long calls;

// Horner evaluation (with explicit fma, so the CPU computes the same
// roundings) of the polynomial with coefficients from constant memory, plus
// a constant offset.
__global__ void evaluate(const float *x, float *y, int n, int which) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = coeffs[DEGREE];
  for (int k = DEGREE - 1; k >= 0; --k)
    acc = fmaf(acc, x[i], coeffs[k]);
  y[i] = acc + offsets[which];
  atomicAdd(&calls, 1ull);
}

__global__ void squareTable(int *viaPointer) {
  int i = threadIdx.x;
  table[i] = table[i] * table[i];
  // The same storage, through the address the host looked up.
  if (viaPointer != &table[0])
    answer = -1;
}

int main() {
  int a = 0;
  CHECK(cudaMemcpyFromSymbol(&a, answer, sizeof a));
  REQUIRE(a == 42, "answer = %d before any write, expected 42", a);

  float hc[DEGREE + 1];
  for (int k = 0; k <= DEGREE; ++k)
    hc[k] = 0.5f * (k % 3) - 0.25f * k;
  CHECK(cudaMemcpyToSymbol(coeffs, hc, sizeof hc));
  // Overwrite offsets[2] only.
  int thirty3 = 33;
  CHECK(cudaMemcpyToSymbol(offsets, &thirty3, sizeof(int), 2 * sizeof(int)));

  const int n = 1000;
  float *x, *y;
  CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CHECK(cudaMallocManaged(&y, n * sizeof(float)));
  for (int i = 0; i < n; ++i)
    x[i] = (i % 17) * 0.125f - 1.0f;
  for (int which = 0; which < 4; ++which) {
    evaluate<<<(n + 127) / 128, 128>>>(x, y, n, which);
    CHECK_LAUNCH();
    const int off[4] = {10, 20, 33, 40};
    for (int i = 0; i < n; ++i) {
      float acc = hc[DEGREE];
      for (int k = DEGREE - 1; k >= 0; --k)
        acc = std::fma(acc, x[i], hc[k]);
      float want = acc + off[which];
      REQUIRE(y[i] == want, "offset %d: y[%d] = %.9g, expected %.9g", which, i,
              y[i], want);
    }
  }
  unsigned long long c = 0;
  CHECK(cudaMemcpyFromSymbol(&c, calls, sizeof c));
  REQUIRE(c == 4ull * n, "calls = %llu, expected %d", c, 4 * n);

  int back[4];
  CHECK(cudaMemcpyFromSymbol(back, offsets, sizeof back));
  REQUIRE(back[0] == 10 && back[1] == 20 && back[2] == 33 && back[3] == 40,
          "offsets = {%d, %d, %d, %d}", back[0], back[1], back[2], back[3]);

  size_t size = 0;
  CHECK(cudaGetSymbolSize(&size, table));
  REQUIRE(size == sizeof(int) * 64, "cudaGetSymbolSize(table) = %zu", size);
  int *tablePtr = nullptr;
  CHECK(cudaGetSymbolAddress((void **)&tablePtr, table));
  int ht[64];
  for (int i = 0; i < 64; ++i)
    ht[i] = i - 20;
  CHECK(cudaMemcpy(tablePtr, ht, sizeof ht, cudaMemcpyHostToDevice));
  squareTable<<<1, 64>>>(tablePtr);
  CHECK_LAUNCH();
  CHECK(cudaMemcpyFromSymbol(&a, answer, sizeof a));
  REQUIRE(a == 42,
          "answer = %d: &table in device code differs from "
          "cudaGetSymbolAddress's %p",
          a, (void *)tablePtr);

  // The Async forms on a stream, the second half only.
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  int half[32];
  CHECK(cudaMemcpyFromSymbolAsync(half, table, sizeof half, 32 * sizeof(int),
                                  cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamSynchronize(s));
  for (int i = 0; i < 32; ++i)
    REQUIRE(half[i] == (i + 12) * (i + 12), "table[%d] = %d, expected %d",
            i + 32, half[i], (i + 12) * (i + 12));
  int seven = 7;
  CHECK(cudaMemcpyToSymbolAsync(answer, &seven, sizeof seven, 0,
                                cudaMemcpyHostToDevice, s));
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaMemcpyFromSymbol(&a, answer, sizeof a));
  REQUIRE(a == 7, "answer = %d, expected 7", a);

  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  return pass();
}
