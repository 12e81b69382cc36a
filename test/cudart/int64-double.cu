// 64-bit integer and double-precision arithmetic, compared bit for bit
// with the CPU: signed and unsigned multiply, divide, remainder and
// shifts, __umul64hi/__mul64hi, __clzll, __popcll, __brevll, __ffsll;
// double add, multiply, divide, sqrt and fma (all correctly rounded on
// both), conversions between double, float and 64-bit integers, and
// atomicAdd on unsigned long long.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS int64-double
#define TEST_NAME "int64-double"
#include "check.cuh"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

constexpr int IFIELDS = 11, DFIELDS = 8;

__global__ void ints(const long long *a, const long long *b, long long *out,
                     unsigned long long *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  long long x = a[i], y = b[i]; // y is never 0 or -1
  unsigned long long ux = x, uy = y;
  long long *o = out + i * IFIELDS;
  o[0] = (long long)(ux * uy); // wraps, as the CPU's does
  o[1] = x / y;
  o[2] = x % y;
  o[3] = (long long)(ux / uy);
  o[4] = (long long)(ux >> (i % 64));
  o[5] = x >> (i % 64);
  o[6] = (long long)__umul64hi(ux, uy);
  o[7] = __mul64hi(x, y);
  o[8] = __clzll(x) | (long long)__popcll(x) << 8 | (long long)__ffsll(x) << 16;
  o[9] = (long long)__brevll(ux);
  o[10] = (long long)(ux << (i % 64));
  atomicAdd(total, ux);
}

__global__ void doubles(const double *a, const double *b, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double x = a[i], y = b[i];
  double *o = out + i * DFIELDS;
  o[0] = __dadd_rn(x, y);
  o[1] = __dmul_rn(x, y);
  o[2] = x / y;
  o[3] = sqrt(fabs(x));
  o[4] = fma(x, y, -x);
  o[5] = (double)(float)x;
  o[6] = (double)(long long)(x * 1e6);
  o[7] = (double)(unsigned long long)(fabs(y) * 1e3);
}

static unsigned long long brev64(unsigned long long v) {
  unsigned long long r = 0;
  for (int k = 0; k < 64; ++k)
    r |= ((v >> k) & 1) << (63 - k);
  return r;
}

static long long mulhiSigned(long long x, long long y) {
  return (long long)(((__int128)x * y) >> 64);
}

int main() {
  const int n = 512;
  std::vector<long long> a(n), b(n), out(n * IFIELDS);
  unsigned long long seed = 0x9E3779B97F4A7C15ull, want = 0;
  for (int i = 0; i < n; ++i) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    a[i] = (long long)seed >> (i % 40);
    long long y = (long long)(seed * 0x2545F4914F6CDD1Dull) >> (i % 61);
    b[i] = (y == 0 || y == -1) ? 3 : y;
    want += (unsigned long long)a[i];
  }
  long long *da, *db, *dout;
  unsigned long long *total;
  CHECK(cudaMalloc(&da, n * sizeof(long long)));
  CHECK(cudaMalloc(&db, n * sizeof(long long)));
  CHECK(cudaMalloc(&dout, out.size() * sizeof(long long)));
  CHECK(cudaMallocManaged(&total, sizeof *total));
  *total = 0;
  CHECK(
      cudaMemcpy(da, a.data(), n * sizeof(long long), cudaMemcpyHostToDevice));
  CHECK(
      cudaMemcpy(db, b.data(), n * sizeof(long long), cudaMemcpyHostToDevice));
  ints<<<n / 128, 128>>>(da, db, dout, total, n);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(out.data(), dout, out.size() * sizeof(long long),
                   cudaMemcpyDeviceToHost));
  REQUIRE(*total == want, "atomicAdd total %llu, expected %llu", *total, want);
  for (int i = 0; i < n; ++i) {
    long long x = a[i], y = b[i];
    unsigned long long ux = x, uy = y;
    long long w[IFIELDS] = {(long long)(ux * uy),
                            x / y,
                            x % y,
                            (long long)(ux / uy),
                            (long long)(ux >> (i % 64)),
                            x >> (i % 64),
                            (long long)(((unsigned __int128)ux * uy) >> 64),
                            mulhiSigned(x, y),
                            (ux ? __builtin_clzll(ux) : 64) |
                                (long long)__builtin_popcountll(ux) << 8 |
                                (long long)__builtin_ffsll(x) << 16,
                            (long long)brev64(ux),
                            (long long)(ux << (i % 64))};
    for (int f = 0; f < IFIELDS; ++f)
      REQUIRE(out[i * IFIELDS + f] == w[f],
              "ints[%d] field %d: %lld, expected %lld (x %lld, y %lld)", i, f,
              out[i * IFIELDS + f], w[f], x, y);
  }

  std::vector<double> da_(n), db_(n), dres(n * DFIELDS);
  // |x| < 2^14 and |y| < 2^38, so the conversions to integers are in range.
  for (int i = 0; i < n; ++i) {
    da_[i] = (double)a[i] * std::ldexp(1.0, -50 + i % 40);
    db_[i] = (double)b[i] * std::ldexp(1.0, -55 + i % 30) + 0.1;
  }
  double *dx, *dy, *dr;
  CHECK(cudaMalloc(&dx, n * sizeof(double)));
  CHECK(cudaMalloc(&dy, n * sizeof(double)));
  CHECK(cudaMalloc(&dr, dres.size() * sizeof(double)));
  CHECK(cudaMemcpy(dx, da_.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, db_.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  doubles<<<n / 128, 128>>>(dx, dy, dr, n);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(dres.data(), dr, dres.size() * sizeof(double),
                   cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    double x = da_[i], y = db_[i];
    volatile double prod = x * y; // no contraction on the host side
    double w[DFIELDS] = {x + y,
                         prod,
                         x / y,
                         std::sqrt(std::fabs(x)),
                         std::fma(x, y, -x),
                         (double)(float)x,
                         (double)(long long)(x * 1e6),
                         (double)(unsigned long long)(std::fabs(y) * 1e3)};
    for (int f = 0; f < DFIELDS; ++f) {
      double g = dres[i * DFIELDS + f];
      REQUIRE(std::memcmp(&g, &w[f], sizeof g) == 0,
              "doubles[%d] field %d: %a, expected %a (x %a, y %a)", i, f, g,
              w[f], x, y);
    }
  }
  for (void *q : {(void *)da, (void *)db, (void *)dout, (void *)total,
                  (void *)dx, (void *)dy, (void *)dr})
    CHECK(cudaFree(q));
  return pass();
}
