// Kernel parameters of every shape cudart passes: scalars of each size
// (char, short, int, long long, float, double, bool) in an order that
// needs padding, pointers, a struct with mixed members by value, a 1 KiB
// struct by value, a struct with an aligned(16) member, and a kernel
// launched through cudaLaunchKernel with an argument array, plus the
// C++11 cudaLaunchKernelEx with a cudaLaunchConfig_t.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS kernel-params
#define TEST_NAME "kernel-params"
#include "check.cuh"

struct Mixed {
  char c;
  double d;
  short s;
  int i;
  float f[3];
};

struct Big {
  int values[256];
};

struct alignas(16) Aligned {
  float4 v;
  char tag;
};

__global__ void scalars(char c, double d, short s, long long ll, bool b,
                        float f, unsigned char uc, int i, double *out) {
  out[0] = c;
  out[1] = d;
  out[2] = s;
  out[3] = (double)ll;
  out[4] = b ? 1.0 : 0.0;
  out[5] = f;
  out[6] = uc;
  out[7] = i;
}

__global__ void structs(Mixed m, char pad, Aligned a, double *out) {
  out[0] = m.c + m.d + m.s + m.i + m.f[0] + m.f[1] + m.f[2];
  out[1] = pad;
  out[2] = a.v.x + a.v.y + a.v.z + a.v.w + a.tag;
}

__global__ void big(Big b, int scale, long long *out) {
  long long s = 0;
  for (int k = threadIdx.x; k < 256; k += blockDim.x)
    s += (long long)b.values[k] * scale;
  atomicAdd((unsigned long long *)out, (unsigned long long)s);
}

int main() {
  double *out;
  CHECK(cudaMallocManaged(&out, 16 * sizeof(double)));

  scalars<<<1, 1>>>(-5, 2.5e300, -1234, -(1LL << 50), true, 0.75f, 250,
                    2147483647, out);
  CHECK_LAUNCH();
  const double want[8] = {-5, 2.5e300, -1234, -(double)(1LL << 50),
                          1,  0.75,    250,   2147483647};
  for (int k = 0; k < 8; ++k)
    REQUIRE(out[k] == want[k], "scalar %d: %g, expected %g", k, out[k],
            want[k]);

  Mixed m{'a', 0.5, -7, 100000, {1.5f, 2.5f, 3.5f}};
  Aligned al{make_float4(1, 2, 3, 4), 9};
  structs<<<1, 1>>>(m, 'z', al, out);
  CHECK_LAUNCH();
  REQUIRE(out[0] == 97 + 0.5 - 7 + 100000 + 7.5, "Mixed: %g", out[0]);
  REQUIRE(out[1] == 'z', "pad: %g", out[1]);
  REQUIRE(out[2] == 19, "Aligned: %g", out[2]);

  Big b;
  long long total = 0; // of the values
  for (int k = 0; k < 256; ++k) {
    b.values[k] = k * k - 1000;
    total += b.values[k];
  }
  long long *sum;
  CHECK(cudaMallocManaged(&sum, sizeof *sum));
  *sum = 0;
  big<<<1, 64>>>(b, 3, sum);
  CHECK_LAUNCH();
  REQUIRE(*sum == 3 * total, "Big: %lld, expected %lld", *sum, 3 * total);

  // The same through cudaLaunchKernel's argument array.
  *sum = 0;
  int scale = 5;
  void *args[] = {&b, &scale, &sum};
  CHECK(cudaLaunchKernel((const void *)big, dim3(2), dim3(32), args, 0, 0));
  CHECK_LAUNCH();
  REQUIRE(*sum == 2 * 5 * total,
          "cudaLaunchKernel Big: %lld, expected "
          "%lld",
          *sum, 2 * 5 * total);

  // And through cudaLaunchKernelEx.
  *sum = 0;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(1);
  config.blockDim = dim3(128);
  config.dynamicSmemBytes = 0;
  config.stream = 0;
  CHECK(cudaLaunchKernelEx(&config, big, b, 1, sum));
  CHECK_LAUNCH();
  REQUIRE(*sum == total, "cudaLaunchKernelEx Big: %lld, expected %lld", *sum,
          total);

  CHECK(cudaFree(out));
  CHECK(cudaFree(sum));
  return pass();
}
