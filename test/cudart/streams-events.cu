// Streams and events: four streams each copy a chunk in (pinned memory),
// run a kernel and copy it back, and one stream waits on another's event
// (cudaStreamWaitEvent) before using its result; events time the work
// (cudaEventElapsedTime is positive; only its sign is checked); an event
// made with cudaEventDisableTiming, or never recorded, gives
// cudaErrorInvalidResourceHandle there (CUDA Runtime API,
// cudaEventElapsedTime); stream priorities come from
// cudaDeviceGetStreamPriorityRange and read back.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS streams-events
#define TEST_NAME "streams-events"
#include "check.cuh"

constexpr int STREAMS = 4;
constexpr int CHUNK = 4096;

__global__ void work(float *d, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = d[i];
  for (int r = 0; r < rounds; ++r)
    v = v * 0.5f + 1.0f;
  d[i] = v;
}

__global__ void addFrom(float *dst, const float *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dst[i] += src[i];
}

static float reference(float v, int rounds) {
  for (int r = 0; r < rounds; ++r)
    v = v * 0.5f + 1.0f;
  return v;
}

int main() {
  const int n = STREAMS * CHUNK;
  float *h, *d;
  CHECK(cudaMallocHost(&h, n * sizeof(float)));
  CHECK(cudaMalloc(&d, n * sizeof(float)));
  for (int i = 0; i < n; ++i)
    h[i] = float(i % 100);

  int least = 0, greatest = 0;
  CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  REQUIRE(greatest <= least, "priority range: least %d, greatest %d", least,
          greatest);
  cudaStream_t s[STREAMS];
  for (int k = 0; k < STREAMS; ++k)
    CHECK(cudaStreamCreateWithPriority(&s[k], cudaStreamNonBlocking,
                                       k == 0 ? greatest : least));
  int prio = 1;
  CHECK(cudaStreamGetPriority(s[0], &prio));
  REQUIRE(prio == greatest, "stream 0 priority %d, expected %d", prio,
          greatest);
  unsigned flags = 0;
  CHECK(cudaStreamGetFlags(s[1], &flags));
  REQUIRE(flags == cudaStreamNonBlocking, "stream flags %#x", flags);

  cudaEvent_t start, stop, done[STREAMS], untimed, never;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
  CHECK(cudaEventCreate(&never));
  for (int k = 0; k < STREAMS; ++k)
    CHECK(cudaEventCreate(&done[k]));

  CHECK(cudaEventRecord(start, s[0]));
  for (int k = 0; k < STREAMS; ++k) {
    float *hk = h + k * CHUNK, *dk = d + k * CHUNK;
    CHECK(cudaMemcpyAsync(dk, hk, CHUNK * sizeof(float), cudaMemcpyHostToDevice,
                          s[k]));
    work<<<CHUNK / 256, 256, 0, s[k]>>>(dk, CHUNK, 50 + k);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(done[k], s[k]));
  }
  // Stream 0 adds stream 3's chunk to its own once stream 3 is done.
  CHECK(cudaStreamWaitEvent(s[0], done[3], 0));
  addFrom<<<CHUNK / 256, 256, 0, s[0]>>>(d, d + 3 * CHUNK, CHUNK);
  CHECK(cudaGetLastError());
  for (int k = 0; k < STREAMS; ++k) {
    float *hk = h + k * CHUNK, *dk = d + k * CHUNK;
    CHECK(cudaMemcpyAsync(hk, dk, CHUNK * sizeof(float), cudaMemcpyDeviceToHost,
                          s[k]));
  }
  for (int k = 1; k < STREAMS; ++k)
    CHECK(cudaStreamWaitEvent(s[0], done[k], 0));
  CHECK(cudaEventRecord(stop, s[0]));
  CHECK(cudaEventRecord(untimed, s[0]));
  CHECK(cudaEventSynchronize(stop));
  CHECK(cudaEventQuery(stop));
  for (int k = 0; k < STREAMS; ++k)
    CHECK(cudaStreamSynchronize(s[k]));
  for (int k = 0; k < STREAMS; ++k)
    CHECK(cudaStreamQuery(s[k]));

  for (int i = 0; i < n; ++i) {
    int k = i / CHUNK;
    float want = reference(float(i % 100), 50 + k);
    if (k == 0)
      want += reference(float((i + 3 * CHUNK) % 100), 50 + 3);
    REQUIRE(h[i] == want, "h[%d] = %g, expected %g", i, h[i], want);
  }

  float ms = -1.0f;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  REQUIRE(ms > 0.0f, "elapsed time %g ms", ms);
  CHECK(cudaEventElapsedTime(&ms, done[0], stop));
  REQUIRE(ms >= 0.0f, "elapsed time %g ms from an earlier event", ms);
  EXPECT_ERROR(cudaEventElapsedTime(&ms, start, untimed),
               cudaErrorInvalidResourceHandle);
  EXPECT_ERROR(cudaEventElapsedTime(&ms, start, never),
               cudaErrorInvalidResourceHandle);
  // The last error is that one, and reading it clears it.
  EXPECT_ERROR(cudaGetLastError(), cudaErrorInvalidResourceHandle);
  CHECK(cudaGetLastError());

  for (int k = 0; k < STREAMS; ++k) {
    CHECK(cudaEventDestroy(done[k]));
    CHECK(cudaStreamDestroy(s[k]));
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  CHECK(cudaEventDestroy(untimed));
  CHECK(cudaEventDestroy(never));
  CHECK(cudaFreeHost(h));
  CHECK(cudaFree(d));
  return pass();
}
