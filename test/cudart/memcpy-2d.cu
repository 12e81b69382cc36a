// Pitched 2-D memory: cudaMallocPitch (pitch at least the row width), a
// kernel addressing rows by the pitch, cudaMemcpy2D between a packed host
// array and pitched device memory and back into a host array of another
// pitch, cudaMemset2D of a sub-rectangle, device-to-device cudaMemcpy2D of
// a sub-rectangle, and cudaMemcpy2DAsync; cudaMemcpy2D with a width larger
// than the pitch is cudaErrorInvalidPitchValue (CUDA Runtime API,
// cudaMemcpy2D).
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS memcpy-2d
#define TEST_NAME "memcpy-2d"
#include "check.cuh"

#include <vector>

__global__ void addCoords(float *base, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    float *row = (float *)((char *)base + y * pitch);
    row[x] += 1000.0f * y + x;
  }
}

int main() {
  const int W = 75, H = 33; // floats per row, rows
  std::vector<float> h(W * H);
  for (int i = 0; i < W * H; ++i)
    h[i] = float(i % 7);

  float *d;
  size_t pitch = 0;
  CHECK(cudaMallocPitch((void **)&d, &pitch, W * sizeof(float), H));
  REQUIRE(pitch >= W * sizeof(float) && pitch % sizeof(float) == 0,
          "pitch %zu for rows of %zu bytes", pitch, W * sizeof(float));
  CHECK(cudaMemcpy2D(d, pitch, h.data(), W * sizeof(float), W * sizeof(float),
                     H, cudaMemcpyHostToDevice));
  dim3 block(16, 8), grid((W + 15) / 16, (H + 7) / 8);
  addCoords<<<grid, block>>>(d, pitch, W, H);
  CHECK_LAUNCH();

  // Back into a host array with 5 spare floats per row, which stay as they
  // were.
  const int HP = W + 5;
  std::vector<float> back(HP * H, -1.0f);
  CHECK(cudaMemcpy2D(back.data(), HP * sizeof(float), d, pitch,
                     W * sizeof(float), H, cudaMemcpyDeviceToHost));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < HP; ++x) {
      float want = x < W ? h[y * W + x] + 1000.0f * y + x : -1.0f;
      REQUIRE(back[y * HP + x] == want, "(%d, %d) = %g, expected %g", x, y,
              back[y * HP + x], want);
    }

  // Zero a 10 x 4 rectangle at (20, 5) bytewise.
  CHECK(cudaMemset2D((char *)d + 5 * pitch + 20 * sizeof(float), pitch, 0,
                     10 * sizeof(float), 4));
  // Copy rows 0..9, columns 30..49 device to device into a second buffer.
  float *d2;
  size_t pitch2 = 0;
  CHECK(cudaMallocPitch((void **)&d2, &pitch2, 20 * sizeof(float), 10));
  CHECK(cudaMemcpy2D(d2, pitch2, d + 30, pitch, 20 * sizeof(float), 10,
                     cudaMemcpyDeviceToDevice));
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaMemcpy2DAsync(back.data(), HP * sizeof(float), d, pitch,
                          W * sizeof(float), H, cudaMemcpyDeviceToHost, s));
  std::vector<float> sub(20 * 10);
  CHECK(cudaMemcpy2DAsync(sub.data(), 20 * sizeof(float), d2, pitch2,
                          20 * sizeof(float), 10, cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamSynchronize(s));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      bool zeroed = x >= 20 && x < 30 && y >= 5 && y < 9;
      float want = zeroed ? 0.0f : h[y * W + x] + 1000.0f * y + x;
      REQUIRE(back[y * HP + x] == want,
              "after memset (%d, %d) = %g, "
              "expected %g",
              x, y, back[y * HP + x], want);
    }
  for (int y = 0; y < 10; ++y)
    for (int x = 0; x < 20; ++x) {
      float want = h[y * W + x + 30] + 1000.0f * y + (x + 30);
      REQUIRE(sub[y * 20 + x] == want, "sub (%d, %d) = %g, expected %g", x, y,
              sub[y * 20 + x], want);
    }

  EXPECT_ERROR(cudaMemcpy2D(back.data(), HP * sizeof(float), d, pitch,
                            pitch + 4, H, cudaMemcpyDeviceToHost),
               cudaErrorInvalidPitchValue);
  EXPECT_ERROR(cudaGetLastError(), cudaErrorInvalidPitchValue);
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(d));
  CHECK(cudaFree(d2));
  return pass();
}
