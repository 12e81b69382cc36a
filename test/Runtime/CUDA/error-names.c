// cuGetErrorName and cuGetErrorString know every CUresult in cuda.h: the
// RUN line feeds the program the enumerators of cudaError_enum read from
// the header itself, so a code added to cuda.h and missing here fails.
//
// REQUIRES: libcuda
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: awk '/typedef enum cudaError_enum/,/} CUresult;/' %cuda_include/cuda.h | sed -n 's/^ *\(CUDA_[A-Z0-9_]*\) *= *\([0-9]*\).*/\1 \2/p' | %t | FileCheck %s
// CHECK: {{[0-9]+}} codes from cuda.h
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <string.h>

int main(void) {
  char name[128];
  int value, codes = 0;
  const char *s;
  while (scanf("%127s %d", name, &value) == 2) {
    ++codes;
    s = NULL;
    EXPECT(cuGetErrorName((CUresult)value, &s), CUDA_SUCCESS);
    if (!s || strcmp(s, name) != 0)
      printf("FAIL: code %d is %s, cuGetErrorName says %s\n", value, name,
             s ? s : "(null)");
    EXPECT_TRUE(s && strcmp(s, name) == 0);
    s = NULL;
    EXPECT(cuGetErrorString((CUresult)value, &s), CUDA_SUCCESS);
    EXPECT_TRUE(s && *s);
  }
  printf("%d codes from cuda.h\n", codes);
  EXPECT_TRUE(codes > 90);
  // Neither needs cuInit; unknown codes and null out-pointers are errors.
  s = "x";
  EXPECT(cuGetErrorName((CUresult)12345, &s), CUDA_ERROR_INVALID_VALUE);
  EXPECT_TRUE(s == NULL);
  EXPECT(cuGetErrorString((CUresult)12345, &s), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuGetErrorName(CUDA_SUCCESS, NULL), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuGetErrorString(CUDA_SUCCESS, NULL), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuGetErrorString(CUDA_ERROR_INVALID_VALUE, &s), CUDA_SUCCESS);
  EXPECT_TRUE(strcmp(s, "invalid argument") == 0);
  return finish();
}
