// Block-wide barriers that also vote: __syncthreads_count (how many threads
// passed a true predicate), __syncthreads_and and __syncthreads_or, for
// predicates true in no thread, one thread, some and all, in blocks of 32,
// 96 (not a multiple of 64) and 1024 threads.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS sync-count
#define TEST_NAME "sync-count"
#include "check.cuh"

// Predicate kind k for thread t of a block of n: 0 none, 1 only the last
// thread, 2 every third thread, 3 all.
__host__ __device__ bool predicate(int k, int t, int n) {
  switch (k) {
  case 0:
    return false;
  case 1:
    return t == n - 1;
  case 2:
    return t % 3 == 1;
  default:
    return true;
  }
}

// out[block][k] = {count, and, or}, written by a thread chosen by the block
// index, which must agree with all others (mismatches are counted).
__global__ void vote(int *out, int *mismatches) {
  int t = threadIdx.x, n = blockDim.x;
  for (int k = 0; k < 4; ++k) {
    bool p = predicate(k, t, n);
    int c = __syncthreads_count(p);
    int a = __syncthreads_and(p);
    int o = __syncthreads_or(p);
    int *slot = &out[(blockIdx.x * 4 + k) * 3];
    if (t == (int)(blockIdx.x * 37) % n) {
      slot[0] = c;
      slot[1] = a;
      slot[2] = o;
    }
    __syncthreads();
    if (c != slot[0] || (a != 0) != (slot[1] != 0) ||
        (o != 0) != (slot[2] != 0))
      atomicAdd(mismatches, 1);
    __syncthreads();
  }
}

int main() {
  int *out, *mismatches;
  CHECK(cudaMallocManaged(&out, 3 * 4 * 3 * sizeof(int)));
  CHECK(cudaMallocManaged(&mismatches, sizeof(int)));
  for (int n : {32, 96, 1024}) {
    *mismatches = 0;
    vote<<<3, n>>>(out, mismatches);
    CHECK_LAUNCH();
    REQUIRE(*mismatches == 0, "block of %d: %d threads disagreed", n,
            *mismatches);
    for (int b = 0; b < 3; ++b)
      for (int k = 0; k < 4; ++k) {
        int count = 0;
        for (int t = 0; t < n; ++t)
          count += predicate(k, t, n);
        const int *s = &out[(b * 4 + k) * 3];
        REQUIRE(s[0] == count, "n %d, predicate %d: count %d, expected %d", n,
                k, s[0], count);
        REQUIRE((s[1] != 0) == (count == n), "n %d, predicate %d: and %d", n, k,
                s[1]);
        REQUIRE((s[2] != 0) == (count > 0), "n %d, predicate %d: or %d", n, k,
                s[2]);
      }
  }
  CHECK(cudaFree(out));
  CHECK(cudaFree(mismatches));
  return pass();
}
