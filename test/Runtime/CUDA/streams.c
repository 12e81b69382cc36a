// Streams run their work in order; the legacy NULL stream waits for the
// blocking streams and they wait for it; cuStreamWaitEvent orders two
// streams; host functions and callbacks run after the work before them;
// timed events of one stream get times in stream order, whichever is seen
// complete first; stream-ordered allocation works.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/scale.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

enum { N = 4096 };
static float host[N];
static int calls;

static void CUDA_CB hostFn(void *data) { ++*(int *)data; }
static void CUDA_CB callback(CUstream s, CUresult status, void *data) {
  if (status == CUDA_SUCCESS)
    ++*(int *)data;
}

static void launch(CUfunction f, CUstream s, CUdeviceptr d, float factor) {
  unsigned n = N;
  void *params[] = {&d, &n, &factor};
  EXPECT(cuLaunchKernel(f, N / 256, 1, 1, 256, 1, 1, 0, s, params, NULL),
         CUDA_SUCCESS);
}

static int allEqual(float v) {
  for (int i = 0; i < N; ++i)
    if (host[i] != v)
      return 0;
  return 1;
}

int main(int argc, char **argv) {
  CUcontext ctx;
  CUmodule m;
  CUfunction scale;
  CUstream s1, s2, nb;
  CUevent e;
  CUdeviceptr d, d2;
  EXPECT(cuInit(0), CUDA_SUCCESS);
  EXPECT(cuCtxCreate(&ctx, NULL, 0, 0), CUDA_SUCCESS);
  EXPECT(cuModuleLoad(&m, argv[1]), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&scale, m, "scale"), CUDA_SUCCESS);
  EXPECT(cuStreamCreate(&s1, 0), CUDA_SUCCESS);
  EXPECT(cuStreamCreate(&s2, 0), CUDA_SUCCESS);
  EXPECT(cuStreamCreateWithPriority(&nb, CU_STREAM_NON_BLOCKING, -1),
         CUDA_SUCCESS);
  EXPECT(cuEventCreate(&e, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  EXPECT(cuMemAlloc(&d, sizeof host), CUDA_SUCCESS);

  // In order on one stream: 1 -> *2 -> *3 -> *5, then a host function.
  EXPECT(cuMemsetD32Async(d, 0x3f800000, N, s1), CUDA_SUCCESS); // 1.0f
  launch(scale, s1, d, 2);
  launch(scale, s1, d, 3);
  launch(scale, s1, d, 5);
  EXPECT(cuLaunchHostFunc(s1, hostFn, &calls), CUDA_SUCCESS);
  EXPECT(cuStreamAddCallback(s1, callback, &calls, 0), CUDA_SUCCESS);
  EXPECT(cuStreamSynchronize(s1), CUDA_SUCCESS);
  EXPECT(cuStreamQuery(s1), CUDA_SUCCESS);
  EXPECT_TRUE(calls == 2);
  EXPECT(cuMemcpyDtoHAsync(host, d, sizeof host, s1), CUDA_SUCCESS);
  EXPECT_TRUE(allEqual(30));

  // The legacy stream follows blocking streams: the synchronous memset
  // waits for s1's kernels, then s1's next kernel sees the memset.
  launch(scale, s1, d, 2);
  launch(scale, s1, d, 2);
  EXPECT(cuMemsetD32(d, 0x40e00000, N), CUDA_SUCCESS); // 7.0f
  launch(scale, s1, d, 3);
  launch(scale, NULL, d, 2); // legacy stream: after s1's launch
  EXPECT(cuMemcpyDtoH(host, d, sizeof host), CUDA_SUCCESS);
  EXPECT_TRUE(allEqual(42));

  // An event orders s2 after s1.
  launch(scale, s1, d, 0.5f);
  EXPECT(cuEventRecord(e, s1), CUDA_SUCCESS);
  EXPECT(cuStreamWaitEvent(s2, e, 0), CUDA_SUCCESS);
  launch(scale, s2, d, 4);
  EXPECT(cuStreamSynchronize(s2), CUDA_SUCCESS);
  EXPECT(cuEventQuery(e), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(host, d, sizeof host), CUDA_SUCCESS);
  EXPECT_TRUE(allEqual(84));

  // Timed events take their times in stream order even when the last one is
  // seen complete first (the watcher thread may not have seen the others).
  enum { EVENTS = 8 };
  CUevent timed[EVENTS];
  for (int i = 0; i < EVENTS; ++i)
    EXPECT(cuEventCreate(&timed[i], CU_EVENT_DEFAULT), CUDA_SUCCESS);
  launch(scale, s1, d, 1);
  launch(scale, s1, d, 1);
  for (int i = 0; i < EVENTS; ++i) // all complete at about the same time
    EXPECT(cuEventRecord(timed[i], s1), CUDA_SUCCESS);
  EXPECT(cuEventSynchronize(timed[EVENTS - 1]), CUDA_SUCCESS);
  int ordered = 1;
  for (int i = EVENTS - 2; i >= 0; --i) {
    float ms = -1;
    EXPECT(cuEventQuery(timed[i]), CUDA_SUCCESS);
    EXPECT(cuEventElapsedTime(&ms, timed[i], timed[i + 1]), CUDA_SUCCESS);
    ordered &= ms >= 0.0f;
  }
  EXPECT_TRUE(ordered);
  for (int i = 0; i < EVENTS; ++i)
    EXPECT(cuEventDestroy(timed[i]), CUDA_SUCCESS);

  // Stream-ordered allocation on a non-blocking stream.
  EXPECT(cuMemAllocAsync(&d2, sizeof host, nb), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoDAsync(d2, d, sizeof host, nb), CUDA_SUCCESS);
  launch(scale, nb, d2, 0.25f);
  EXPECT(cuMemcpyDtoHAsync(host, d2, sizeof host, nb), CUDA_SUCCESS);
  EXPECT(cuStreamSynchronize(nb), CUDA_SUCCESS);
  EXPECT_TRUE(allEqual(21));
  EXPECT(cuMemFreeAsync(d2, nb), CUDA_SUCCESS);
  EXPECT(cuMemFreeAsync(d2, nb), CUDA_ERROR_INVALID_VALUE);

  EXPECT(cuStreamDestroy(s1), CUDA_SUCCESS);
  EXPECT(cuStreamDestroy(s2), CUDA_SUCCESS);
  EXPECT(cuStreamDestroy(nb), CUDA_SUCCESS);
  EXPECT(cuEventDestroy(e), CUDA_SUCCESS);
  EXPECT(cuMemFree(d), CUDA_SUCCESS);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
