// C++ in kernels: a kernel template instantiated for int, float and
// double; a value class with constructors, operators and member functions
// (__host__ __device__, so the CPU reference uses the same code); functors
// passed by value to a transform template; a lambda inside a kernel; a
// class with static and const members passed to a kernel by value.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS templates-classes
#define TEST_NAME "templates-classes"
#include "check.cuh"

#include <vector>

struct Vec3 {
  float x, y, z;
  __host__ __device__ Vec3() : x(0), y(0), z(0) {}
  __host__ __device__ Vec3(float x, float y, float z) : x(x), y(y), z(z) {}
  __host__ __device__ Vec3 operator+(const Vec3 &o) const {
    return {x + o.x, y + o.y, z + o.z};
  }
  __host__ __device__ Vec3 operator*(float s) const {
    return {x * s, y * s, z * s};
  }
  __host__ __device__ Vec3 &operator+=(const Vec3 &o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  __host__ __device__ float dot(const Vec3 &o) const {
    return x * o.x + y * o.y + z * o.z;
  }
  __host__ __device__ Vec3 cross(const Vec3 &o) const {
    return {y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x};
  }
};

// Sums the pairwise cross products of a small particle set.
__global__ void crossSums(const Vec3 *p, Vec3 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Vec3 acc;
  for (int j = 0; j < n; ++j)
    acc += p[i].cross(p[j]) * 0.5f;
  out[i] = acc;
}

template <typename T, int Unroll>
__global__ void axpbyT(T a, const T *x, T b, T *y, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * Unroll;
#pragma unroll
  for (int u = 0; u < Unroll; ++u)
    if (base + u < n)
      y[base + u] = a * x[base + u] + b * y[base + u];
}

template <typename T, typename Op>
__global__ void transform(const T *in, T *out, int n, Op op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = op(in[i]);
}

struct Clamp {
  int lo, hi;
  __host__ __device__ int operator()(int v) const {
    return v < lo ? lo : v > hi ? hi : v;
  }
};

template <typename T> struct Polynomial {
  T c0, c1, c2;
  __host__ __device__ T operator()(T v) const { return (c2 * v + c1) * v + c0; }
};

class Counter {
public:
  static constexpr int kBins = 8;
  __host__ __device__ explicit Counter(int shift) : shift_(shift) {}
  __device__ int bin(unsigned v) const { return (v >> shift_) % kBins; }
  __device__ void count(unsigned v, unsigned *bins) const {
    atomicAdd(&bins[bin(v)], 1u);
  }

private:
  int shift_;
};

__global__ void countWith(Counter c, const unsigned *v, int n, unsigned *bins) {
  // A lambda defined in device code.
  auto forEach = [&](auto f) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x)
      f(v[i]);
  };
  forEach([&](unsigned x) { c.count(x, bins); });
}

template <typename T> static void checkAxpby(const char *type) {
  const int n = 1000;
  std::vector<T> hx(n), hy(n);
  for (int i = 0; i < n; ++i) {
    hx[i] = T(i % 50);
    hy[i] = T(3 - i % 7);
  }
  T *x, *y;
  CHECK(cudaMalloc(&x, n * sizeof(T)));
  CHECK(cudaMalloc(&y, n * sizeof(T)));
  CHECK(cudaMemcpy(x, hx.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(y, hy.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  axpbyT<T, 4><<<(n + 4 * 64 - 1) / (4 * 64), 64>>>(T(2), x, T(-3), y, n);
  CHECK_LAUNCH();
  std::vector<T> got(n);
  CHECK(cudaMemcpy(got.data(), y, n * sizeof(T), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    T want = T(2) * hx[i] + T(-3) * hy[i];
    REQUIRE(got[i] == want, "axpby<%s>[%d] = %g, expected %g", type, i,
            double(got[i]), double(want));
  }
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
}

int main() {
  checkAxpby<int>("int");
  checkAxpby<float>("float");
  checkAxpby<double>("double");

  const int np = 64;
  Vec3 *p, *out;
  CHECK(cudaMallocManaged(&p, np * sizeof(Vec3)));
  CHECK(cudaMallocManaged(&out, np * sizeof(Vec3)));
  for (int i = 0; i < np; ++i)
    p[i] = Vec3(float(i % 5), float(i % 3) - 1, float(i % 7) * 0.5f);
  crossSums<<<2, 32>>>(p, out, np);
  CHECK_LAUNCH();
  for (int i = 0; i < np; ++i) {
    Vec3 acc;
    for (int j = 0; j < np; ++j)
      acc += p[i].cross(p[j]) * 0.5f;
    REQUIRE(out[i].x == acc.x && out[i].y == acc.y && out[i].z == acc.z,
            "crossSums[%d] = (%g, %g, %g), expected (%g, %g, %g)", i, out[i].x,
            out[i].y, out[i].z, acc.x, acc.y, acc.z);
  }

  const int n = 500;
  int *iv, *io;
  CHECK(cudaMallocManaged(&iv, n * sizeof(int)));
  CHECK(cudaMallocManaged(&io, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    iv[i] = i - 250;
  Clamp clamp{-100, 50};
  transform<<<(n + 127) / 128, 128>>>(iv, io, n, clamp);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i)
    REQUIRE(io[i] == clamp(iv[i]), "clamp(%d) = %d", iv[i], io[i]);

  double *dv, *dout;
  CHECK(cudaMallocManaged(&dv, n * sizeof(double)));
  CHECK(cudaMallocManaged(&dout, n * sizeof(double)));
  for (int i = 0; i < n; ++i)
    dv[i] = i * 0.25 - 10;
  Polynomial<double> poly{1.0, -2.0, 0.5};
  transform<<<(n + 127) / 128, 128>>>(dv, dout, n, poly);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i)
    REQUIRE(dout[i] == poly(dv[i]), "poly(%g) = %g, expected %g", dv[i],
            dout[i], poly(dv[i]));

  unsigned *uv, *bins;
  CHECK(cudaMallocManaged(&uv, n * sizeof(unsigned)));
  CHECK(cudaMallocManaged(&bins, Counter::kBins * sizeof(unsigned)));
  unsigned want[Counter::kBins] = {};
  for (int i = 0; i < n; ++i) {
    uv[i] = i * 2654435761u;
    ++want[(uv[i] >> 4) % Counter::kBins];
  }
  for (int b = 0; b < Counter::kBins; ++b)
    bins[b] = 0;
  countWith<<<3, 64>>>(Counter(4), uv, n, bins);
  CHECK_LAUNCH();
  for (int b = 0; b < Counter::kBins; ++b)
    REQUIRE(bins[b] == want[b], "bin %d = %u, expected %u", b, bins[b],
            want[b]);

  for (void *q : {(void *)p, (void *)out, (void *)iv, (void *)io, (void *)dv,
                  (void *)dout, (void *)uv, (void *)bins})
    CHECK(cudaFree(q));
  return pass();
}
