// Several kernels in one file using dynamic shared memory (extern
// __shared__) with sizes chosen at launch: of different element types,
// split into several arrays by hand, together with static __shared__
// arrays (dynamic memory comes after them and must not overlap them), and
// a block using more than 48 KiB after cudaFuncSetAttribute
// (cudaFuncAttributeMaxDynamicSharedMemorySize) where the device allows it.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS dynamic-shared
#define TEST_NAME "dynamic-shared"
#include "check.cuh"

#include <vector>

// Reverses each block's slice through shared memory.
__global__ void reverseInts(int *d, int n) {
  extern __shared__ int si[];
  int base = blockIdx.x * blockDim.x, t = threadIdx.x;
  if (base + t < n)
    si[t] = d[base + t];
  __syncthreads();
  int len = min((int)blockDim.x, n - base);
  if (t < len)
    d[base + t] = si[len - 1 - t];
}

// Doubles, with a stride of 2 elements per thread.
__global__ void pairSums(const double *in, double *out) {
  extern __shared__ double sd[];
  int t = threadIdx.x;
  sd[2 * t] = in[blockIdx.x * 2 * blockDim.x + 2 * t];
  sd[2 * t + 1] = in[blockIdx.x * 2 * blockDim.x + 2 * t + 1];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] =
      sd[2 * t] + sd[(2 * t + 3) % (2 * blockDim.x)];
}

// One dynamic allocation split into a float array and a short array, next
// to a static array.
__global__ void split(const float *in, float *out, int perThread) {
  __shared__ int tag[32];
  extern __shared__ unsigned char raw[];
  float *f = reinterpret_cast<float *>(raw);
  short *s = reinterpret_cast<short *>(f + blockDim.x * perThread);
  int t = threadIdx.x;
  if (t < 32)
    tag[t] = 1000 + t;
  for (int k = 0; k < perThread; ++k)
    f[t * perThread + k] = in[t * perThread + k];
  s[t] = (short)(t * 3);
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < perThread; ++k)
    acc += f[((t + 1) % blockDim.x) * perThread + k];
  out[t] = acc + s[blockDim.x - 1 - t] + tag[t % 32];
}

// Uses all the dynamic shared memory it is given.
__global__ void bigShared(int *out, int words) {
  extern __shared__ int big[];
  for (int i = threadIdx.x; i < words; i += blockDim.x)
    big[i] = i ^ 0x5a5a;
  __syncthreads();
  int bad = 0;
  for (int i = threadIdx.x; i < words; i += blockDim.x)
    bad += big[words - 1 - i] != ((words - 1 - i) ^ 0x5a5a);
  atomicAdd(out, bad);
}

int main() {
  const int n = 1000;
  int *di;
  CHECK(cudaMallocManaged(&di, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    di[i] = i;
  reverseInts<<<(n + 127) / 128, 128, 128 * sizeof(int)>>>(di, n);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i) {
    int base = i / 128 * 128, len = n - base < 128 ? n - base : 128;
    int want = base + (len - 1 - (i - base));
    REQUIRE(di[i] == want, "reverse: d[%d] = %d, expected %d", i, di[i], want);
  }

  const int blocks = 3, threads = 64;
  double *in, *out;
  CHECK(cudaMallocManaged(&in, blocks * 2 * threads * sizeof(double)));
  CHECK(cudaMallocManaged(&out, blocks * threads * sizeof(double)));
  for (int i = 0; i < blocks * 2 * threads; ++i)
    in[i] = i * 0.5;
  pairSums<<<blocks, threads, 2 * threads * sizeof(double)>>>(in, out);
  CHECK_LAUNCH();
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t) {
      const double *s = in + b * 2 * threads;
      double want = s[2 * t] + s[(2 * t + 3) % (2 * threads)];
      REQUIRE(out[b * threads + t] == want, "pairSums[%d][%d] = %g", b, t,
              out[b * threads + t]);
    }

  const int perThread = 3, st = 96;
  float *fin, *fout;
  CHECK(cudaMallocManaged(&fin, st * perThread * sizeof(float)));
  CHECK(cudaMallocManaged(&fout, st * sizeof(float)));
  for (int i = 0; i < st * perThread; ++i)
    fin[i] = float(i % 10);
  split<<<1, st, st * perThread * sizeof(float) + st * sizeof(short)>>>(
      fin, fout, perThread);
  CHECK_LAUNCH();
  for (int t = 0; t < st; ++t) {
    float acc = 0;
    for (int k = 0; k < perThread; ++k)
      acc += fin[((t + 1) % st) * perThread + k];
    float want = acc + (st - 1 - t) * 3 + 1000 + t % 32;
    REQUIRE(fout[t] == want, "split[%d] = %g, expected %g", t, fout[t], want);
  }

  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  int *bad;
  CHECK(cudaMallocManaged(&bad, sizeof(int)));
  *bad = 0;
  // 48 KiB works everywhere; more only after opting in.
  bigShared<<<2, 256, 48 * 1024>>>(bad, 48 * 1024 / 4);
  CHECK_LAUNCH();
  if (p.sharedMemPerBlockOptin > 48 * 1024) {
    int bytes = (int)p.sharedMemPerBlockOptin;
    CHECK(cudaFuncSetAttribute(
        bigShared, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
    bigShared<<<2, 256, bytes>>>(bad, bytes / 4);
    CHECK_LAUNCH();
  }
  REQUIRE(*bad == 0, "%d words of shared memory read back wrong", *bad);

  for (void *q : {(void *)di, (void *)in, (void *)out, (void *)fin,
                  (void *)fout, (void *)bad})
    CHECK(cudaFree(q));
  return pass();
}
