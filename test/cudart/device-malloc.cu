// Device-side malloc/free and new/delete: every thread allocates a buffer
// of its own size, fills it, and a later launch reads and frees it (memory
// from malloc lives until freed, across launches, and any thread may free
// it); one thread per block allocates a buffer the block shares; pointers
// are 16-byte aligned (CUDA C++ Programming Guide, "Dynamic Global Memory
// Allocation and Operations"). free(NULL) does nothing.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS device-malloc
#define TEST_NAME "device-malloc"
#include "check.cuh"

#include <cstdint>

__global__ void allocate(int **ptrs, int *misaligned) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int count = 1 + t % 37;
  int *p = (int *)malloc(count * sizeof(int));
  ptrs[t] = p;
  if (!p)
    return;
  if ((uintptr_t)p % 16)
    atomicAdd(misaligned, 1);
  for (int i = 0; i < count; ++i)
    p[i] = t * 1000 + i;
}

// Reads another thread's buffer (the one of the thread in the mirrored
// position) and frees it.
__global__ void checkAndFree(int **ptrs, int nthreads, int *bad) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int owner = nthreads - 1 - t;
  int *p = ptrs[owner];
  if (!p) {
    atomicAdd(bad, 1);
    return;
  }
  int count = 1 + owner % 37;
  for (int i = 0; i < count; ++i)
    if (p[i] != owner * 1000 + i)
      atomicAdd(bad, 1);
  free(p);
  free(nullptr);
}

struct Node {
  int value;
  Node *next;
};

// A per-block linked list built with new by thread 0, summed by every
// thread through a shared pointer, deleted by thread 0.
__global__ void blockList(int *sums) {
  __shared__ Node *head;
  if (threadIdx.x == 0) {
    head = nullptr;
    for (int i = 1; i <= 10; ++i)
      head = new Node{i * (int)(blockIdx.x + 1), head};
  }
  __syncthreads();
  int sum = 0;
  for (Node *n = head; n; n = n->next)
    sum += n->value;
  if (threadIdx.x == 5)
    sums[blockIdx.x] = sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    while (head) {
      Node *next = head->next;
      delete head;
      head = next;
    }
  }
}

__global__ void arrays(long long *out) {
  long long *a = new long long[64];
  for (int i = 0; i < 64; ++i)
    a[i] = (long long)i * threadIdx.x;
  long long s = 0;
  for (int i = 0; i < 64; ++i)
    s += a[i];
  delete[] a;
  out[threadIdx.x] = s;
}

int main() {
  const int blocks = 8, threads = 128, n = blocks * threads;
  int **ptrs, *counters;
  CHECK(cudaMalloc(&ptrs, n * sizeof(int *)));
  CHECK(cudaMallocManaged(&counters, 2 * sizeof(int)));
  counters[0] = counters[1] = 0;

  allocate<<<blocks, threads>>>(ptrs, &counters[0]);
  CHECK_LAUNCH();
  checkAndFree<<<blocks, threads>>>(ptrs, n, &counters[1]);
  CHECK_LAUNCH();
  REQUIRE(counters[0] == 0, "%d pointers from malloc not 16-byte aligned",
          counters[0]);
  REQUIRE(counters[1] == 0, "%d bad values or failed allocations", counters[1]);

  // The heap is reusable after the frees: the same again.
  allocate<<<blocks, threads>>>(ptrs, &counters[0]);
  CHECK_LAUNCH();
  checkAndFree<<<blocks, threads>>>(ptrs, n, &counters[1]);
  CHECK_LAUNCH();
  REQUIRE(counters[1] == 0, "second round: %d bad values", counters[1]);

  int *sums;
  CHECK(cudaMallocManaged(&sums, 4 * sizeof(int)));
  blockList<<<4, 64>>>(sums);
  CHECK_LAUNCH();
  for (int b = 0; b < 4; ++b)
    REQUIRE(sums[b] == 55 * (b + 1), "block %d list sum %d, expected %d", b,
            sums[b], 55 * (b + 1));

  long long *out;
  CHECK(cudaMallocManaged(&out, 32 * sizeof(long long)));
  arrays<<<1, 32>>>(out);
  CHECK_LAUNCH();
  for (int t = 0; t < 32; ++t)
    REQUIRE(out[t] == 2016LL * t, "new[] sum for thread %d: %lld", t, out[t]);

  CHECK(cudaFree(ptrs));
  CHECK(cudaFree(counters));
  CHECK(cudaFree(sums));
  CHECK(cudaFree(out));
  return pass();
}
