// Virtual functions in device code: objects of a small class hierarchy are
// constructed on the device (placement new, so their vtables are the
// device's), a later kernel calls their virtual members through base
// pointers, and a last one runs their destructors.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | FileCheck %s
// RUN: %run_wave64 %t.static | FileCheck %s
// RUN: %run_wave32 %t.shared | FileCheck %s
// RUN: %run_wave64 %t.shared | FileCheck %s
// CHECK: PASS virtual-functions
#define TEST_NAME "virtual-functions"
#include "check.cuh"

#include <new>

class Shape {
public:
  __device__ virtual ~Shape() {}
  __device__ virtual float area() const = 0;
  __device__ virtual int corners() const { return 0; }
};

class Rect : public Shape {
public:
  __device__ Rect(float w, float h) : w_(w), h_(h) {}
  __device__ float area() const override { return w_ * h_; }
  __device__ int corners() const override { return 4; }

protected:
  float w_, h_;
};

class Square : public Rect {
public:
  __device__ explicit Square(float s) : Rect(s, s) {}
  __device__ int corners() const override { return 40; } // marked
};

class Triangle : public Shape {
public:
  __device__ Triangle(float b, float h) : b_(b), h_(h) {}
  __device__ float area() const override { return 0.5f * b_ * h_; }
  __device__ int corners() const override { return 3; }

private:
  float b_, h_;
};

class Circle : public Shape {
public:
  __device__ explicit Circle(float r) : r_(r) {}
  __device__ float area() const override { return 3.0f * r_ * r_; }

private:
  float r_;
};

// Big enough and aligned for any of the classes.
struct alignas(16) Slot {
  unsigned char bytes[32];
};

__global__ void construct(Slot *slots, Shape **shapes, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = float(i % 10 + 1);
  void *mem = &slots[i];
  switch (i % 4) {
  case 0:
    shapes[i] = new (mem) Rect(s, 2.0f);
    break;
  case 1:
    shapes[i] = new (mem) Square(s);
    break;
  case 2:
    shapes[i] = new (mem) Triangle(s, 4.0f);
    break;
  default:
    shapes[i] = new (mem) Circle(s);
    break;
  }
}

__global__ void measure(Shape *const *shapes, float *areas, int *corners,
                        int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    areas[i] = shapes[i]->area();
    corners[i] = shapes[i]->corners();
  }
}

__global__ void destroy(Shape **shapes, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    shapes[i]->~Shape();
}

int main() {
  const int n = 200;
  Slot *slots;
  Shape **shapes;
  float *areas;
  int *corners;
  CHECK(cudaMalloc(&slots, n * sizeof(Slot)));
  CHECK(cudaMalloc(&shapes, n * sizeof(Shape *)));
  CHECK(cudaMallocManaged(&areas, n * sizeof(float)));
  CHECK(cudaMallocManaged(&corners, n * sizeof(int)));
  construct<<<(n + 63) / 64, 64>>>(slots, shapes, n);
  CHECK_LAUNCH();
  measure<<<(n + 127) / 128, 128>>>(shapes, areas, corners, n);
  CHECK_LAUNCH();
  for (int i = 0; i < n; ++i) {
    float s = float(i % 10 + 1), area = 0;
    int c = 0;
    switch (i % 4) {
    case 0:
      area = s * 2.0f;
      c = 4;
      break;
    case 1:
      area = s * s;
      c = 40;
      break;
    case 2:
      area = 0.5f * s * 4.0f;
      c = 3;
      break;
    default:
      area = 3.0f * s * s;
      c = 0;
      break;
    }
    REQUIRE(areas[i] == area, "shape %d: area %g, expected %g", i, areas[i],
            area);
    REQUIRE(corners[i] == c, "shape %d: %d corners, expected %d", i, corners[i],
            c);
  }
  destroy<<<(n + 127) / 128, 128>>>(shapes, n);
  CHECK_LAUNCH();
  CHECK(cudaFree(slots));
  CHECK(cudaFree(shapes));
  CHECK(cudaFree(areas));
  CHECK(cudaFree(corners));
  return pass();
}
