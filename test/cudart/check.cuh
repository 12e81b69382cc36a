// Shared by the test/cudart programs. Each program defines TEST_NAME before
// including this header and ends with `return pass();`. Every failure
// prints one line
//   FAIL <name>: <file>:<line>: <what>
// and exits with status 1, so the last line of a run is either
// "PASS <name>" or "FAIL <name>: ...".
#ifndef PTXMLIR_TEST_CUDART_CHECK_CUH
#define PTXMLIR_TEST_CUDART_CHECK_CUH

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#ifndef TEST_NAME
#error "define TEST_NAME (the program's name) before including check.cuh"
#endif

[[noreturn]] static inline void failAt(const char *file, int line,
                                       const char *fmt, ...) {
  std::fflush(stdout);
  std::printf("FAIL %s: %s:%d: ", TEST_NAME, file, line);
  va_list ap;
  va_start(ap, fmt);
  std::vprintf(fmt, ap);
  va_end(ap);
  std::printf("\n");
  std::fflush(stdout);
  std::exit(1);
}

static inline int pass() {
  std::printf("PASS %s\n", TEST_NAME);
  std::fflush(stdout);
  return 0;
}

// A runtime call that must succeed.
#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess)                                                   \
      failAt(__FILE__, __LINE__, "%s returned %s (%s)", #call,                 \
             cudaGetErrorName(err_), cudaGetErrorString(err_));                \
  } while (0)

// A runtime call that must return exactly `want`.
#define EXPECT_ERROR(call, want)                                               \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != (want))                                                        \
      failAt(__FILE__, __LINE__, "%s returned %s (%s), expected %s", #call,    \
             cudaGetErrorName(err_), cudaGetErrorString(err_),                 \
             cudaGetErrorName(want));                                          \
  } while (0)

// A kernel launch: the launch itself, then its execution.
#define CHECK_LAUNCH()                                                         \
  do {                                                                         \
    CHECK(cudaGetLastError());                                                 \
    CHECK(cudaDeviceSynchronize());                                            \
  } while (0)

// Any other condition, with a printf-style explanation.
#define REQUIRE(cond, ...)                                                     \
  do {                                                                         \
    if (!(cond))                                                               \
      failAt(__FILE__, __LINE__, __VA_ARGS__);                                 \
  } while (0)

#endif // PTXMLIR_TEST_CUDART_CHECK_CUH
