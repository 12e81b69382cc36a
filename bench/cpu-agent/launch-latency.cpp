// cuLaunchKernel round trip: an empty kernel (one block of one thread)
// launched and waited for (cuStreamSynchronize) ROUNDS times, after a
// warm-up. Prints the median and mean round trip in microseconds.
// Built against NVIDIA's cuda.h; runs on whatever libcuda.so.1 it finds.
//
// Usage: launch-latency [ROUNDS]
#include <cuda.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

static const char kPTX[] = R"(
.version 7.0
.target sm_75
.address_size 64
.visible .entry empty() { ret; }
)";

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult r_ = (call);                                                      \
    if (r_ != CUDA_SUCCESS) {                                                  \
      const char *n_ = "?";                                                    \
      cuGetErrorName(r_, &n_);                                                 \
      std::fprintf(stderr, "%s: %s\n", #call, n_);                             \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main(int argc, char **argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 2000;
  if (rounds < 1)
    rounds = 1;
  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  char name[256] = {0};
  CHECK(cuDeviceGetName(name, sizeof(name), dev));
  CUcontext ctx;
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CUmodule mod;
  CHECK(cuModuleLoadData(&mod, kPTX));
  CUfunction fn;
  CHECK(cuModuleGetFunction(&fn, mod, "empty"));
  auto launch = [&] {
    CUresult r =
        cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr);
    return r == CUDA_SUCCESS ? cuStreamSynchronize(nullptr) : r;
  };
  for (int i = 0; i < 100; ++i)
    CHECK(launch());
  std::vector<double> us(rounds);
  for (int i = 0; i < rounds; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    CHECK(launch());
    auto t1 = std::chrono::steady_clock::now();
    us[i] = std::chrono::duration<double, std::micro>(t1 - t0).count();
  }
  double mean = 0;
  for (double v : us)
    mean += v;
  mean /= rounds;
  std::sort(us.begin(), us.end());
  std::printf("device: %s\n", name);
  std::printf("cuLaunchKernel + cuStreamSynchronize, empty kernel, %d "
              "rounds: median %.1f us, mean %.1f us, min %.1f us\n",
              rounds, us[rounds / 2], mean, us[0]);
  CHECK(cuModuleUnload(mod));
  CHECK(cuDevicePrimaryCtxRelease(dev));
  return 0;
}
