// Device printf with C's conversions, flags, widths and precisions, strings
// from constant and global memory, and the value CUDA's printf returns (the
// number of arguments, not of characters). The output of a launch appears
// by the next synchronisation: before the host's line between the launches.
//
// REQUIRES: nvcc, libcuda, cpu-agent
// RUN: %nvcc_build %s %t
// RUN: %run_wave32 %t.static \
// RUN:   | FileCheck --strict-whitespace --match-full-lines %s
// RUN: %run_wave64 %t.static \
// RUN:   | FileCheck --strict-whitespace --match-full-lines %s
// RUN: %run_wave32 %t.shared \
// RUN:   | FileCheck --strict-whitespace --match-full-lines %s
// RUN: %run_wave64 %t.shared \
// RUN:   | FileCheck --strict-whitespace --match-full-lines %s
//
// CHECK:int -42 7    42|42   |00042|+5| 5
// CHECK-NEXT:unsigned 4000000000 ff FF 10 0xff 0XFF
// CHECK-NEXT:long -1234567890123 1099511627776 18446744073709551615
// CHECK-NEXT:float 1.500000 3.14 -0.250 1.234568e+04 0.0001 1e+20 2.5
// CHECK-NEXT:double 0.1000000000000000055511151231257827
// CHECK-NEXT:char GPU string hello|   right|left    |
// CHECK-NEXT:constant string: coefficients, global string: buffer
// CHECK-NEXT:percent 100% done
// CHECK-NEXT:no arguments
// CHECK-NEXT:host: between launches
// CHECK-NEXT:second launch: block 1 thread 2 of 4
// CHECK-NEXT:PASS printf-formats
#define TEST_NAME "printf-formats"
#include "check.cuh"

__constant__ char constString[] = "coefficients";
__device__ char globalString[] = "buffer";

__global__ void formats(int *returns) {
  int r[9];
  r[0] = printf("int %d %i %5d|%-5d|%05d|%+d|% d\n", -42, 7, 42, 42, 42, 5, 5);
  r[1] = printf("unsigned %u %x %X %o %#x %#X\n", 4000000000u, 255u, 255u, 8u,
                255u, 255u);
  r[2] = printf("long %ld %lld %llu\n", -1234567890123L, 1LL << 40,
                18446744073709551615ULL);
  r[3] = printf("float %f %.2f %.3f %e %g %g %g\n", 1.5f, 3.14159f, -0.25f,
                12345.678, 0.0001, 1e20, 2.5);
  r[4] = printf("double %.34f\n", 0.1);
  r[5] = printf("char %c%c%c string %s|%8s|%-8s|\n", 'G', 'P', 'U', "hello",
                "right", "left");
  r[6] = printf("constant string: %s, global string: %s\n", constString,
                globalString);
  r[7] = printf("percent 100%% done\n");
  r[8] = printf("no arguments\n");
  for (int i = 0; i < 9; ++i)
    returns[i] = r[i];
}

__global__ void second() {
  if (blockIdx.x == 1 && threadIdx.x == 2)
    printf("second launch: block %d thread %d of %d\n", blockIdx.x, threadIdx.x,
           blockDim.x);
}

int main() {
  int *returns;
  CHECK(cudaMallocManaged(&returns, 9 * sizeof(int)));
  formats<<<1, 1>>>(returns);
  CHECK_LAUNCH();
  const int want[9] = {7, 6, 3, 7, 1, 6, 2, 0, 0};
  for (int i = 0; i < 9; ++i)
    REQUIRE(returns[i] == want[i], "printf #%d returned %d, expected %d", i,
            returns[i], want[i]);

  std::printf("host: between launches\n");
  std::fflush(stdout);
  second<<<2, 4>>>();
  CHECK_LAUNCH();
  CHECK(cudaFree(returns));
  return pass();
}
