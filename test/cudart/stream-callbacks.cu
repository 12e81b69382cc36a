// Host work in stream order: cudaStreamAddCallback and cudaLaunchHostFunc
// run after everything before them in the stream (they see the results of
// the kernels and copies before them) and before everything after them (a
// kernel after a host function reads the value the function wrote to
// mapped pinned memory); callbacks get the stream and cudaSuccess; each
// runs once, in order.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS stream-callbacks
#define TEST_NAME "stream-callbacks"
#include "check.cuh"

#include <atomic>
#include <string>

constexpr int N = 1024;

struct State {
  cudaStream_t stream;
  int *host;                 // pinned copy of the device data
  int *flag;                 // mapped pinned memory, written by hostFn
  std::atomic<int> sequence; // bumped by every host callback
  char kinds[5];             // 'c' (callback) or 'h' (host function)
  int sums[4];               // what each callback saw in host[]
  int badStatus;
  int badStream;
};

static int sum(const int *v) {
  int s = 0;
  for (int i = 0; i < N; ++i)
    s += v[i];
  return s;
}

static void CUDART_CB callback(cudaStream_t stream, cudaError_t status,
                               void *data) {
  auto *st = static_cast<State *>(data);
  int k = st->sequence++;
  if (k >= 4)
    return;
  if (status != cudaSuccess)
    ++st->badStatus;
  if (stream != st->stream)
    ++st->badStream;
  st->kinds[k] = 'c';
  st->sums[k] = sum(st->host);
}

static void CUDART_CB hostFn(void *data) {
  auto *st = static_cast<State *>(data);
  int k = st->sequence++;
  if (k >= 4)
    return;
  st->kinds[k] = 'h';
  st->sums[k] = sum(st->host);
  *st->flag = 1000 + k;
}

__global__ void fill(int *d, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N)
    d[i] = value;
}

// Adds the flag's value (written by a host function just before).
__global__ void addFlag(int *d, const volatile int *flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N)
    d[i] += *flag;
}

int main() {
  static State st; // outlives the stream's work
  st.sequence = 0;
  int *d, *devFlag;
  CHECK(cudaStreamCreate(&st.stream));
  CHECK(cudaMalloc(&d, N * sizeof(int)));
  CHECK(cudaMallocHost(&st.host, N * sizeof(int)));
  CHECK(cudaHostAlloc(&st.flag, sizeof(int), cudaHostAllocMapped));
  CHECK(cudaHostGetDevicePointer((void **)&devFlag, st.flag, 0));
  *st.flag = 0;

  cudaStream_t s = st.stream;
  fill<<<N / 256, 256, 0, s>>>(d, 1);
  CHECK(
      cudaMemcpyAsync(st.host, d, N * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamAddCallback(s, callback, &st, 0)); // sees 1s: N
  fill<<<N / 256, 256, 0, s>>>(d, 2);
  CHECK(
      cudaMemcpyAsync(st.host, d, N * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK(cudaLaunchHostFunc(s, hostFn, &st)); // sees 2s: 2N; flag = 1001
  addFlag<<<N / 256, 256, 0, s>>>(d, devFlag);
  CHECK(
      cudaMemcpyAsync(st.host, d, N * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK(cudaLaunchHostFunc(s, hostFn, &st));         // sees 1003s; flag = 1002
  CHECK(cudaStreamAddCallback(s, callback, &st, 0)); // sees 1003s too
  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(s));

  REQUIRE(st.sequence == 4, "%d host callbacks ran, expected 4",
          st.sequence.load());
  REQUIRE(std::string(st.kinds) == "chhc",
          "host work ran in the order \"%s\", expected \"chhc\"", st.kinds);
  const int want[4] = {N, 2 * N, 1003 * N, 1003 * N};
  for (int k = 0; k < 4; ++k)
    REQUIRE(st.sums[k] == want[k], "callback %d saw a sum of %d, expected %d",
            k, st.sums[k], want[k]);
  REQUIRE(st.badStatus == 0, "%d callbacks got an error status", st.badStatus);
  REQUIRE(st.badStream == 0, "%d callbacks got another stream", st.badStream);
  REQUIRE(*st.flag == 1002, "flag = %d, expected 1002", *st.flag);

  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(d));
  CHECK(cudaFreeHost(st.host));
  CHECK(cudaFreeHost(st.flag));
  return pass();
}
