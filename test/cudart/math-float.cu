// Single-precision math functions against the CPU's double-precision libm:
// IEEE operations (division and sqrtf by default are correctly rounded,
// fmaf is exact) must match bit for bit; sinf, cosf, tanf, expf, exp2f,
// logf, log2f, atanf, tanhf, cbrtf and rsqrtf must lie within 4 units in
// the last place and powf within 8 (the CUDA C++ Programming Guide's
// bounds, "Mathematical Functions", are 1 to 4 ulp).
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS math-float
#define TEST_NAME "math-float"
#include "check.cuh"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

constexpr int FIELDS = 15;

__global__ void math(const float *a, const float *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = a[i], y = b[i]; // x in [-10, 10], y in (0, 10]
  float *o = out + i * FIELDS;
  o[0] = x / y;
  o[1] = sqrtf(y);
  o[2] = fmaf(x, y, 0.1f);
  o[3] = sinf(x);
  o[4] = cosf(x);
  o[5] = tanf(x * 0.1f);
  o[6] = expf(x);
  o[7] = exp2f(x);
  o[8] = logf(y);
  o[9] = log2f(y);
  o[10] = atanf(x);
  o[11] = tanhf(x * 0.25f);
  o[12] = cbrtf(x);
  o[13] = rsqrtf(y);
  o[14] = powf(y, x * 0.3f);
}

static int64_t ulps(float a, float b) {
  int32_t ia, ib;
  std::memcpy(&ia, &a, 4);
  std::memcpy(&ib, &b, 4);
  // Map to a monotonic integer line.
  int64_t la = ia < 0 ? (int64_t)INT32_MIN - ia : ia;
  int64_t lb = ib < 0 ? (int64_t)INT32_MIN - ib : ib;
  return la > lb ? la - lb : lb - la;
}

int main() {
  const int n = 4096;
  std::vector<float> a(n), b(n), out(n * FIELDS);
  for (int i = 0; i < n; ++i) {
    a[i] = -10.0f + 20.0f * i / n + 0.0001f * (i % 7);
    b[i] = 10.0f * (i + 1) / n + 0.00003f * (i % 11);
  }
  float *da, *db, *dout;
  CHECK(cudaMalloc(&da, n * sizeof(float)));
  CHECK(cudaMalloc(&db, n * sizeof(float)));
  CHECK(cudaMalloc(&dout, out.size() * sizeof(float)));
  CHECK(cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  math<<<n / 256, 256>>>(da, db, dout, n);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(out.data(), dout, out.size() * sizeof(float),
                   cudaMemcpyDeviceToHost));

  static const char *names[FIELDS] = {
      "x / y", "sqrtf", "fmaf",  "sinf",  "cosf",  "tanf",   "expf", "exp2f",
      "logf",  "log2f", "atanf", "tanhf", "cbrtf", "rsqrtf", "powf"};
  for (int i = 0; i < n; ++i) {
    double x = a[i], y = b[i];
    float x01 = a[i] * 0.1f, x025 = a[i] * 0.25f, x03 = a[i] * 0.3f;
    double ref[FIELDS] = {
        x / y,        std::sqrt(y),       std::fma(a[i], b[i], 0.1f),
        std::sin(x),  std::cos(x),        std::tan((double)x01),
        std::exp(x),  std::exp2(x),       std::log(y),
        std::log2(y), std::atan(x),       std::tanh((double)x025),
        std::cbrt(x), 1.0 / std::sqrt(y), std::pow(y, (double)x03)};
    for (int f = 0; f < FIELDS; ++f) {
      float want = (float)ref[f];
      if (f == 2)
        want = std::fma(a[i], b[i], 0.1f); // exact fma in float
      int64_t allowed = f < 3 ? 0 : f == 14 ? 8 : 4;
      float got = out[i * FIELDS + f];
      REQUIRE(ulps(got, want) <= allowed,
              "%s at x = %.9g, y = %.9g: %.9g, expected %.9g (%lld ulp)",
              names[f], a[i], b[i], got, want, (long long)ulps(got, want));
    }
  }
  CHECK(cudaFree(da));
  CHECK(cudaFree(db));
  CHECK(cudaFree(dout));
  return pass();
}
