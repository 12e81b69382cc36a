// vectorAdd through the CUDA Driver API, as CUDA's own sample does it:
// 50000 floats, 256 threads per block. Built against NVIDIA's cuda.h and
// linked with NVIDIA's stub libcuda.so; at run time it gets whichever
// libcuda.so.1 the loader finds (ptx-mlir's, from build/lib, in the README).
//
// Usage: vector_add [vector_add.ptx]
#include <cuda.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static void check(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS)
    return;
  const char *name = "?", *text = "?";
  cuGetErrorName(r, &name);
  cuGetErrorString(r, &text);
  std::fprintf(stderr, "%s failed: %s (%s)\n", what, name, text);
  std::printf("Test FAILED\n");
  std::exit(1);
}

int main(int argc, char **argv) {
  std::string ptx = argc > 1 ? argv[1] : "vector_add.ptx";
  const int n = 50000;
  const size_t bytes = n * sizeof(float);
  std::printf("[Vector addition of %d elements]\n", n);

  check(cuInit(0), "cuInit");
  CUdevice dev;
  check(cuDeviceGet(&dev, 0), "cuDeviceGet");
  char name[256] = {0};
  check(cuDeviceGetName(name, sizeof(name), dev), "cuDeviceGetName");
  std::printf("Device 0: %s\n", name);
  CUcontext ctx;
  check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
  CUmodule mod;
  check(cuModuleLoad(&mod, ptx.c_str()), "cuModuleLoad");
  CUfunction fn;
  check(cuModuleGetFunction(&fn, mod, "vector_add"), "cuModuleGetFunction");

  std::vector<float> a(n), b(n), c(n, 0.0f);
  srand(1);
  for (int i = 0; i < n; ++i) {
    a[i] = rand() / (float)RAND_MAX;
    b[i] = rand() / (float)RAND_MAX;
  }
  CUdeviceptr da, db, dc;
  check(cuMemAlloc(&da, bytes), "cuMemAlloc");
  check(cuMemAlloc(&db, bytes), "cuMemAlloc");
  check(cuMemAlloc(&dc, bytes), "cuMemAlloc");
  check(cuMemcpyHtoD(da, a.data(), bytes), "cuMemcpyHtoD");
  check(cuMemcpyHtoD(db, b.data(), bytes), "cuMemcpyHtoD");

  int threads = 256, blocks = (n + threads - 1) / threads;
  std::printf("CUDA kernel launch with %d blocks of %d threads\n", blocks,
              threads);
  int count = n;
  void *args[] = {&da, &db, &dc, &count};
  check(cuLaunchKernel(fn, blocks, 1, 1, threads, 1, 1, 0, nullptr, args,
                       nullptr),
        "cuLaunchKernel");
  check(cuCtxSynchronize(), "cuCtxSynchronize");
  check(cuMemcpyDtoH(c.data(), dc, bytes), "cuMemcpyDtoH");

  for (int i = 0; i < 3; ++i)
    std::printf("c[%d] = %f + %f = %f\n", i, a[i], b[i], c[i]);
  for (int i = 0; i < n; ++i)
    if (c[i] != a[i] + b[i]) {
      std::fprintf(stderr, "Result verification failed at element %d\n", i);
      std::printf("Test FAILED\n");
      return 1;
    }
  check(cuMemFree(da), "cuMemFree");
  check(cuMemFree(db), "cuMemFree");
  check(cuMemFree(dc), "cuMemFree");
  check(cuModuleUnload(mod), "cuModuleUnload");
  check(cuDevicePrimaryCtxRelease(dev), "cuDevicePrimaryCtxRelease");
  std::printf("Test PASSED\n");
  return 0;
}
