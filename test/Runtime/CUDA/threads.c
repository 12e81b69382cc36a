// Several host threads at once: each binds the primary context, loads the
// module (compiling concurrently), launches on its own stream and checks
// its results; the context stack is per thread.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_CACHE=0 %t %S/Inputs/scale.ptx | FileCheck %s
// CHECK: 4 of 4 threads correct
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <pthread.h>

enum { N = 1024, THREADS = 4 };
static const char *path;
static CUcontext primary;
static int correct[THREADS];

static void *work(void *arg) {
  int id = (int)(long)arg;
  CUcontext cur = (CUcontext)1;
  CUmodule m;
  CUfunction f;
  CUstream s;
  CUdeviceptr d;
  float data[N];
  // A new thread has no current context.
  if (cuCtxGetCurrent(&cur) != CUDA_SUCCESS || cur != NULL)
    return NULL;
  if (cuCtxSetCurrent(primary) || cuModuleLoad(&m, path) ||
      cuModuleGetFunction(&f, m, "scale") || cuStreamCreate(&s, 0) ||
      cuMemAlloc(&d, sizeof data))
    return NULL;
  for (int i = 0; i < N; ++i)
    data[i] = (float)i;
  unsigned n = N;
  float factor = (float)(id + 2);
  void *params[] = {&d, &n, &factor};
  if (cuMemcpyHtoDAsync(d, data, sizeof data, s) ||
      cuLaunchKernel(f, N / 128, 1, 1, 128, 1, 1, 0, s, params, NULL) ||
      cuMemcpyDtoHAsync(data, d, sizeof data, s) || cuStreamSynchronize(s))
    return NULL;
  int ok = 1;
  for (int i = 0; i < N; ++i)
    ok &= data[i] == (float)i * factor;
  correct[id] = ok && cuMemFree(d) == CUDA_SUCCESS &&
                cuStreamDestroy(s) == CUDA_SUCCESS &&
                cuModuleUnload(m) == CUDA_SUCCESS;
  return NULL;
}

int main(int argc, char **argv) {
  path = argv[1];
  pthread_t t[THREADS];
  EXPECT(cuInit(0), CUDA_SUCCESS);
  EXPECT(cuDevicePrimaryCtxRetain(&primary, 0), CUDA_SUCCESS);
  for (long i = 0; i < THREADS; ++i)
    pthread_create(&t[i], NULL, work, (void *)i);
  int good = 0;
  for (int i = 0; i < THREADS; ++i) {
    pthread_join(t[i], NULL);
    good += correct[i];
  }
  printf("%d of %d threads correct\n", good, THREADS);
  EXPECT_TRUE(good == THREADS);
  CUcontext cur = (CUcontext)1;
  EXPECT(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
  EXPECT_TRUE(cur == NULL); // the threads' bindings stayed theirs
  EXPECT(cuDevicePrimaryCtxRelease(0), CUDA_SUCCESS);
  return finish();
}
