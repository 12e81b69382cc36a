/* Shared by the libcuda test programs: EXPECT(call, CUDA_ERROR_...) checks
 * a call's result and keeps going; the program exits non-zero and prints
 * each mismatch when any check failed, "all N checks passed" otherwise. */
#ifndef PTXMLIR_TEST_RUNTIME_CUDA_CHECK_H
#define PTXMLIR_TEST_RUNTIME_CUDA_CHECK_H

#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int checks, failures;

static const char *resultName(CUresult r) {
  const char *s = NULL;
  if (cuGetErrorName(r, &s) != CUDA_SUCCESS || !s)
    return "(unknown CUresult)";
  return s;
}

#define EXPECT(call, want)                                                     \
  do {                                                                         \
    CUresult got_ = (call);                                                    \
    ++checks;                                                                  \
    if (got_ != (want)) {                                                      \
      ++failures;                                                              \
      printf("FAIL %s:%d: %s returned %s, expected %s\n", __FILE__, __LINE__,  \
             #call, resultName(got_), resultName(want));                       \
    }                                                                          \
  } while (0)

#define EXPECT_TRUE(cond)                                                      \
  do {                                                                         \
    ++checks;                                                                  \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                   \
    }                                                                          \
  } while (0)

/* Creates a context on device 0 in *ctx and returns the function `name` of
 * the module file `path` (NULL, with the failed check printed, when a step
 * fails). */
static inline CUfunction loadKernel(CUcontext *ctx, const char *path,
                                    const char *name) {
  CUdevice dev;
  CUmodule mod = NULL;
  CUfunction fn = NULL;
  EXPECT(cuInit(0), CUDA_SUCCESS);
  EXPECT(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
  EXPECT(cuCtxCreate(ctx, NULL, 0, dev), CUDA_SUCCESS);
  EXPECT(cuModuleLoad(&mod, path), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&fn, mod, name), CUDA_SUCCESS);
  return fn;
}

/* A device buffer of `bytes` bytes: a copy of `host`, or every byte `fill`
 * when host is NULL. */
static inline CUdeviceptr deviceBuffer(const void *host, size_t bytes,
                                       unsigned char fill) {
  CUdeviceptr p = 0;
  EXPECT(cuMemAlloc(&p, bytes), CUDA_SUCCESS);
  if (host)
    EXPECT(cuMemcpyHtoD(p, host, bytes), CUDA_SUCCESS);
  else
    EXPECT(cuMemsetD8(p, fill, bytes), CUDA_SUCCESS);
  return p;
}

/* Launches a 1-D grid of `blocks` x `threads` and waits for it. */
static inline void launch1D(CUfunction fn, unsigned blocks, unsigned threads,
                            void **args) {
  EXPECT(cuLaunchKernel(fn, blocks, 1, 1, threads, 1, 1, 0, NULL, args, NULL),
         CUDA_SUCCESS);
  EXPECT(cuCtxSynchronize(), CUDA_SUCCESS);
}

/* The common case: kernel "k" of the module file `path`, one block of
 * `threads` threads, its only argument a zeroed device buffer of `bytes`
 * bytes that is copied back into `out`. Returns the context, and the
 * kernel's module in *mod unless mod is NULL. */
static inline CUcontext runOneBufferWithModule(const char *path,
                                               unsigned threads, void *out,
                                               size_t bytes, CUmodule *mod) {
  CUcontext ctx = NULL;
  CUfunction fn = loadKernel(&ctx, path, "k");
  CUdeviceptr dOut = deviceBuffer(NULL, bytes, 0);
  void *args[] = {&dOut};
  launch1D(fn, 1, threads, args);
  EXPECT(cuMemcpyDtoH(out, dOut, bytes), CUDA_SUCCESS);
  if (mod)
    EXPECT(cuFuncGetModule(mod, fn), CUDA_SUCCESS);
  return ctx;
}

static inline CUcontext runOneBuffer(const char *path, unsigned threads,
                                     void *out, size_t bytes) {
  return runOneBufferWithModule(path, threads, out, bytes, NULL);
}

/* Addresses the loader wrote as bytes (mask() initializers) next to the ones
 * the kernel computes: out[2i] and out[2i + 1] must be equal and not 0 for
 * each of the `pairs` pairs, what[i] naming pair i in a failure. */
static inline void expectAddressPairs(const uint64_t *out,
                                      const char *const *what, int pairs) {
  for (int i = 0; i < pairs; ++i) {
    int same = out[2 * i] == out[2 * i + 1];
    EXPECT_TRUE(same && out[2 * i] != 0);
    if (!same || out[2 * i] == 0)
      printf("%s: bytes give 0x%llx, the kernel computes 0x%llx\n", what[i],
             (unsigned long long)out[2 * i],
             (unsigned long long)out[2 * i + 1]);
  }
}

static int finish(void) {
  if (failures) {
    printf("%d of %d checks failed\n", failures, checks);
    return 1;
  }
  printf("all %d checks passed\n", checks);
  return 0;
}

#endif
