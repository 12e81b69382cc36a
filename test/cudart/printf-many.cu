// Device printf from 256 threads of 4 blocks, one line each. The order of
// lines from different threads is unspecified, so the output is sorted
// before it is checked: every thread's line is there exactly once, with its
// own values.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static | env LC_ALL=C sort | FileCheck %s
// RUN: %run_wave64 %t.static | env LC_ALL=C sort | FileCheck %s
// RUN: %run_wave32 %t.shared | env LC_ALL=C sort | FileCheck %s
// RUN: %run_wave64 %t.shared | env LC_ALL=C sort | FileCheck %s
//
// CHECK:      {{^}}PASS printf-many{{$}}
// CHECK-NEXT: {{^}}thread 000: block 0 lane  0, 0 squared is 0, half is 0.0, odd no{{$}}
// CHECK-NEXT: {{^}}thread 001: block 0 lane  1, 1 squared is 1, half is 0.5, odd yes{{$}}
// CHECK-COUNT-252: {{^thread [0-9]{3}: block [0-3] lane +[0-9]{1,2}, [0-9]+ squared is [0-9]+, half is [0-9]+\.[05], odd (yes|no)$}}
// CHECK-NEXT: {{^}}thread 254: block 3 lane 62, 254 squared is 64516, half is 127.0, odd no{{$}}
// CHECK-NEXT: {{^}}thread 255: block 3 lane 63, 255 squared is 65025, half is 127.5, odd yes{{$}}
#define TEST_NAME "printf-many"
#include "check.cuh"

__global__ void hello() {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  printf("thread %03d: block %d lane %2d, %d squared is %d, half is %.1f, "
         "odd %s\n",
         id, blockIdx.x, threadIdx.x, id, id * id, id / 2.0f,
         id % 2 ? "yes" : "no");
}

int main() {
  hello<<<4, 64>>>();
  CHECK_LAUNCH();
  return pass();
}
