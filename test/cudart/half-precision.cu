// Half precision with cuda_fp16.h: __half arithmetic (__hadd, __hsub,
// __hmul, __hfma, __hneg, comparisons), __half2 vector arithmetic
// (__hadd2, __hmul2, __hfma2, __low2half/__high2half), conversions from
// and to float (__float2half rounds to nearest even) and __hmax/__hmin.
// Inputs are multiples of 1/64 in [-4, 4): every exact result is a double,
// so the reference is the exact value rounded once to half, with the same
// header's host-side __double2half.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS half-precision
#define TEST_NAME "half-precision"
#include "check.cuh"

#include <cstring>
#include <cuda_fp16.h>
#include <vector>

constexpr int FIELDS = 12;

__global__ void halves(const __half *a, const __half *b, const __half *c,
                       __half *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half x = a[i], y = b[i], z = c[i];
  __half *o = out + i * FIELDS;
  o[0] = __hadd(x, y);
  o[1] = __hsub(x, y);
  o[2] = __hmul(x, y);
  o[3] = __hfma(x, y, z);
  o[4] = __hneg(x);
  o[5] = __hlt(x, y) ? x : y;
  o[6] = __hmax(x, z);
  o[7] = __hmin(y, z);
  __half2 p = __halves2half2(x, y), q = __halves2half2(z, x);
  __half2 s = __hadd2(p, q), m = __hmul2(p, q), f = __hfma2(p, q, p);
  o[8] = __low2half(s);   // x + z
  o[9] = __high2half(m);  // y * x
  o[10] = __high2half(f); // y * x + y
  o[11] = __float2half(__half2float(x) * 3.0f + 0.001f);
}

static unsigned short bits(__half h) {
  unsigned short u;
  std::memcpy(&u, &h, sizeof u);
  return u;
}

int main() {
  const int n = 1024;
  std::vector<double> va(n), vb(n), vc(n);
  std::vector<__half> ha(n), hb(n), hc(n), out(n * FIELDS);
  for (int i = 0; i < n; ++i) {
    va[i] = ((i * 37) % 512 - 256) / 64.0;
    vb[i] = ((i * 101 + 7) % 512 - 256) / 64.0;
    vc[i] = ((i * 53 + 3) % 512 - 256) / 64.0;
    ha[i] = __double2half(va[i]);
    hb[i] = __double2half(vb[i]);
    hc[i] = __double2half(vc[i]);
  }
  __half *a, *b, *c, *o;
  CHECK(cudaMalloc(&a, n * sizeof(__half)));
  CHECK(cudaMalloc(&b, n * sizeof(__half)));
  CHECK(cudaMalloc(&c, n * sizeof(__half)));
  CHECK(cudaMalloc(&o, out.size() * sizeof(__half)));
  CHECK(cudaMemcpy(a, ha.data(), n * sizeof(__half), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(b, hb.data(), n * sizeof(__half), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(c, hc.data(), n * sizeof(__half), cudaMemcpyHostToDevice));
  halves<<<n / 256, 256>>>(a, b, c, o, n);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(out.data(), o, out.size() * sizeof(__half),
                   cudaMemcpyDeviceToHost));

  for (int i = 0; i < n; ++i) {
    double x = va[i], y = vb[i], z = vc[i];
    double w[FIELDS] = {x + y, x - y, x * y, x * y + z, -x, x < y ? x : y,
                        x > z ? x : z, y < z ? y : z, x + z, y * x, y * x + y,
                        // float arithmetic first, as in the kernel
                        (double)((float)x * 3.0f + 0.001f)};
    for (int f = 0; f < FIELDS; ++f) {
      __half want = f == 11 ? __float2half((float)w[f]) : __double2half(w[f]);
      __half got = out[i * FIELDS + f];
      REQUIRE(bits(got) == bits(want),
              "element %d field %d: %#06x (%g), expected %#06x (%g) "
              "(x %g, y %g, z %g)",
              i, f, bits(got), __half2float(got), bits(want),
              __half2float(want), x, y, z);
    }
  }
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(c));
  CHECK(cudaFree(o));
  return pass();
}
