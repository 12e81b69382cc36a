/* Shared by the libcuda test programs: EXPECT(call, CUDA_ERROR_...) checks
 * a call's result and keeps going; the program exits non-zero and prints
 * each mismatch when any check failed, "all N checks passed" otherwise. */
#ifndef PTXMLIR_TEST_RUNTIME_CUDA_CHECK_H
#define PTXMLIR_TEST_RUNTIME_CUDA_CHECK_H

#include <cuda.h>
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

static int finish(void) {
  if (failures) {
    printf("%d of %d checks failed\n", failures, checks);
    return 1;
  }
  printf("all %d checks passed\n", checks);
  return 0;
}

#endif
