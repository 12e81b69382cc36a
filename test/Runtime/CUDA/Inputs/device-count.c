/* Prints how many devices libcuda found. */
#include <cuda.h>
#include <stdio.h>

int main(void) {
  int n = 0;
  if (cuInit(0) != CUDA_SUCCESS || cuDeviceGetCount(&n) != CUDA_SUCCESS)
    return 1;
  printf("devices: %d\n", n);
  return 0;
}
