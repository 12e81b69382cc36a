// The device heap's size is cudaLimitMallocHeapSize, set before any kernel
// that uses malloc runs: with 1 MiB, a 4 MiB malloc returns NULL, small
// ones succeed until the heap is full (well before 4 MiB in total),
// and after free the memory can be had again. Setting the limit once such
// a kernel has run is cudaErrorInvalidValue (CUDA Runtime API,
// cudaDeviceSetLimit).
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS device-malloc-limit
#define TEST_NAME "device-malloc-limit"
#include "check.cuh"

constexpr size_t HEAP = 1 << 20;
constexpr int CHUNK = 16 << 10;
constexpr int MAX_CHUNKS = 256; // 4 MiB if all succeeded

struct Result {
  int bigFailed;   // malloc(4 MiB) returned NULL
  int smallWorked; // a 16 KiB malloc succeeded
  int chunks;      // 16 KiB mallocs before the first NULL
  int again;       // chunks after freeing everything
};

__global__ void fill(Result *r, char **chunks) {
  void *big = malloc(4 * HEAP);
  r->bigFailed = big == nullptr;
  free(big);
  void *small = malloc(CHUNK);
  r->smallWorked = small != nullptr;
  free(small);

  int n = 0;
  while (n < MAX_CHUNKS && (chunks[n] = (char *)malloc(CHUNK)) != nullptr) {
    chunks[n][0] = 1;
    chunks[n][CHUNK - 1] = 2;
    ++n;
  }
  r->chunks = n;
  for (int i = 0; i < n; ++i)
    free(chunks[i]);

  int m = 0;
  while (m < MAX_CHUNKS && (chunks[m] = (char *)malloc(CHUNK)) != nullptr)
    ++m;
  r->again = m;
  for (int i = 0; i < m; ++i)
    free(chunks[i]);
}

int main() {
  size_t limit = 0;
  CHECK(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
  REQUIRE(limit > 0, "default heap size is 0");
  CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, HEAP));
  CHECK(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
  REQUIRE(limit >= HEAP, "heap size %zu after asking for %zu", limit, HEAP);

  Result *r;
  char **chunks;
  CHECK(cudaMallocManaged(&r, sizeof(Result)));
  CHECK(cudaMalloc(&chunks, MAX_CHUNKS * sizeof(char *)));
  fill<<<1, 1>>>(r, chunks);
  CHECK_LAUNCH();
  REQUIRE(r->bigFailed, "malloc of 4 MiB from a 1 MiB heap did not fail");
  REQUIRE(r->smallWorked, "malloc of 16 KiB from a 1 MiB heap failed");
  // The heap granted may be larger than asked for, never 4 MiB.
  REQUIRE(r->chunks > 0 && r->chunks < MAX_CHUNKS,
          "%d chunks of 16 KiB from a heap of %zu bytes", r->chunks, limit);
  REQUIRE(r->again >= (r->chunks + 1) / 2 && r->again < MAX_CHUNKS,
          "%d chunks after freeing, %d the first time", r->again, r->chunks);

  EXPECT_ERROR(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 2 * HEAP),
               cudaErrorInvalidValue);
  // That error is not sticky.
  EXPECT_ERROR(cudaGetLastError(), cudaErrorInvalidValue);
  CHECK(cudaGetLastError());
  CHECK(cudaFree(r));
  CHECK(cudaFree(chunks));
  return pass();
}
