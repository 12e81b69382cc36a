// The CUDA device runtime (device printf, assert, malloc/free, __trap) on
// the CPU agent at wave32 and wave64, with nvcc's PTX (Inputs/devrt.cu,
// Inputs/devrt.ptx). The printf lines are what NVIDIA's driver prints for
// the same PTX on an H100 (driver 580); heap counts are ours (NVIDIA's
// allocator packs blocks differently).
//
// REQUIRES: libcuda, cpu-agent
// clang-format off
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/devrt.ptx printf \
// RUN:   | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/devrt.ptx printf \
// RUN:   | FileCheck %s
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/devrt.ptx overflow \
// RUN:   | FileCheck %s --check-prefix=OVERFLOW
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/devrt.ptx overflow \
// RUN:   | FileCheck %s --check-prefix=OVERFLOW
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/devrt.ptx assert \
// RUN:   2>%t.err | FileCheck %s --check-prefix=ASSERT-OUT
// RUN: FileCheck %s --check-prefix=ASSERT < %t.err
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/devrt.ptx assert \
// RUN:   2>%t.err | FileCheck %s --check-prefix=ASSERT-OUT
// RUN: FileCheck %s --check-prefix=ASSERT < %t.err
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/devrt.ptx trap \
// RUN:   2>%t.err | FileCheck %s --check-prefix=TRAP
// RUN: FileCheck %s --check-prefix=TRAP-ERR < %t.err
// RUN: env PTXMLIR_HOST_CHIP=gfx1100 %t %S/Inputs/devrt.ptx heap \
// RUN:   | FileCheck %s --check-prefix=DONE
// RUN: env PTXMLIR_HOST_CHIP=gfx942 %t %S/Inputs/devrt.ptx heap \
// RUN:   | FileCheck %s --check-prefix=DONE

// CHECK: int -42|   42|42   |00042|ff|FF|10|4294967295|Z|%|7|+5
// CHECK-NEXT: float 3.141590|2.500|1.234568e+04|0.0001|1E+20|0x1p+0|     -1.50|inf
// CHECK-NEXT: long -1099511627776|deadbeefcafe|123456789012|18446744073709551615
// CHECK-NEXT: str dev|        ab|c   |xy|(null)|
// CHECK-NEXT: ptr 0x1234|(nil)|0xff
// CHECK-NEXT: star      7|9   |
// CHECK-NEXT: bad %q %k
// CHECK-NEXT: two 1 2
// CHECK-NEXT: returned 2
// CHECK-NEXT: no args
// CHECK-NEXT: after formats
// CHECK-DAG: line 0 0
// CHECK-DAG: line 1 31
// CHECK: after lines
// CHECK: all {{[0-9]+}} checks passed

// 128 records of 40 bytes (16 of header, the 12-byte format padded to 16,
// 8 bytes of arguments), 102 of which fit 4096 bytes; the rest is dropped.
// OVERFLOW: printed 102 of 128
// OVERFLOW: all {{[0-9]+}} checks passed

// ASSERT-OUT-DAG: before 0
// ASSERT-OUT-DAG: before 1
// ASSERT-OUT: all {{[0-9]+}} checks passed
// ASSERT: devrt.cu:29: void asserts(int): block: [{{[01]}},0,0], thread: [1,0,0] Assertion `threadIdx.x < limit` failed.
// ASSERT-NOT: kernel failed

// TRAP: trap {{[0-3]}}
// TRAP: all {{[0-9]+}} checks passed
// TRAP-ERR: kernel failed (CUDA_ERROR_LAUNCH_FAILED)

// DONE: 1 MiB blocks: 15, again 15
// DONE: all {{[0-9]+}} checks passed
// clang-format on
#include "check.h"

#include <string.h>
#include <unistd.h>

static CUmodule load(const char *path) {
  CUdevice dev;
  CUcontext ctx;
  CUmodule m = NULL;
  EXPECT(cuInit(0), CUDA_SUCCESS);
  EXPECT(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
  EXPECT(cuCtxCreate(&ctx, NULL, 0, dev), CUDA_SUCCESS);
  EXPECT(cuModuleLoad(&m, path), CUDA_SUCCESS);
  return m;
}

static CUfunction get(CUmodule m, const char *name) {
  CUfunction f = NULL;
  EXPECT(cuModuleGetFunction(&f, m, name), CUDA_SUCCESS);
  return f;
}

/* Launches `name` on blocks x threads and returns what cuCtxSynchronize
 * says. */
static CUresult run(CUmodule m, const char *name, unsigned blocks,
                    unsigned threads, void **args) {
  EXPECT(cuLaunchKernel(get(m, name), blocks, 1, 1, threads, 1, 1, 0, NULL,
                        args, NULL),
         CUDA_SUCCESS);
  return cuCtxSynchronize();
}

static void printfMode(const char *path) {
  CUmodule m = load(path);
  CUdeviceptr s = deviceBuffer("dev", 4, 0);
  double d = 3.14159;
  long long ll = -(1ll << 40);
  void *args[] = {&s, &d, &ll};
  EXPECT(run(m, "formats", 1, 1, args), CUDA_SUCCESS);
  printf("after formats\n");
  CUdeviceptr count = deviceBuffer(NULL, 4, 0);
  void *largs[] = {&count};
  EXPECT(run(m, "lines", 2, 32, largs), CUDA_SUCCESS);
  printf("after lines\n");
  // The buffer exists now: NVIDIA's driver refuses a new size too.
  size_t before = 0, after = 1;
  EXPECT(cuCtxGetLimit(&before, CU_LIMIT_PRINTF_FIFO_SIZE), CUDA_SUCCESS);
  EXPECT(cuCtxSetLimit(CU_LIMIT_PRINTF_FIFO_SIZE, 4096),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuCtxGetLimit(&after, CU_LIMIT_PRINTF_FIFO_SIZE), CUDA_SUCCESS);
  EXPECT_TRUE(before == after);
}

static void overflowMode(const char *path) {
  CUmodule m = load(path);
  EXPECT(cuCtxSetLimit(CU_LIMIT_PRINTF_FIFO_SIZE, 4096), CUDA_SUCCESS);
  CUdeviceptr count = deviceBuffer(NULL, 4, 0);
  void *largs[] = {&count};
  // Count the lines by redirecting stdout into a file.
  fflush(stdout);
  FILE *tmp = tmpfile();
  int saved = dup(1);
  dup2(fileno(tmp), 1);
  EXPECT(run(m, "lines", 4, 32, largs), CUDA_SUCCESS);
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  rewind(tmp);
  char line[128];
  int printed = 0;
  while (fgets(line, sizeof line, tmp))
    printed += strncmp(line, "line ", 5) == 0;
  fclose(tmp);
  int ran = 0;
  EXPECT(cuMemcpyDtoH(&ran, count, 4), CUDA_SUCCESS);
  printf("printed %d of %d\n", printed, ran);
  // The buffer starts again at its front after a drain.
  EXPECT(run(m, "lines", 1, 2, largs), CUDA_SUCCESS);
}

static void assertMode(const char *path) {
  CUmodule m = load(path);
  int limit = 1;
  void *args[] = {&limit};
  EXPECT(run(m, "asserts", 2, 2, args), CUDA_ERROR_ASSERT);
  // The context is broken for good, as with NVIDIA's driver.
  CUdeviceptr p;
  EXPECT(cuMemAlloc(&p, 16), CUDA_ERROR_ASSERT);
  EXPECT(cuCtxSynchronize(), CUDA_ERROR_ASSERT);
}

static void trapMode(const char *path) {
  CUmodule m = load(path);
  int t = 2;
  void *args[] = {&t};
  EXPECT(run(m, "traps", 1, 4, args), CUDA_ERROR_LAUNCH_FAILED);
  EXPECT(cuCtxSynchronize(), CUDA_ERROR_LAUNCH_FAILED);
}

static int compare(const void *a, const void *b) {
  unsigned long long x = *(const unsigned long long *)a,
                     y = *(const unsigned long long *)b;
  return x < y ? -1 : x > y;
}

static void heapMode(const char *path) {
  CUmodule m = load(path);
  // 16 MiB instead of NVIDIA's default 8, before any launch.
  EXPECT(cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, 16 << 20), CUDA_SUCCESS);
  enum { N = 256 };
  CUdeviceptr out = deviceBuffer(NULL, 2 * N * 8, 0);
  int n = N;
  void *args[] = {&out, &n};
  EXPECT(run(m, "heap", 1, N, args), CUDA_SUCCESS);
  unsigned long long host[2 * N];
  EXPECT(cuMemcpyDtoH(host, out, sizeof host), CUDA_SUCCESS);
  int bad = 0;
  for (int t = 0; t < N; ++t)
    bad += host[t] != 0;
  EXPECT_TRUE(bad == 0);
  // Blocks live at the same time are distinct.
  qsort(host + N, N, 8, compare);
  int same = 0;
  for (int t = 1; t < N; ++t)
    same += host[N + t] == host[N + t - 1];
  EXPECT_TRUE(same == 0 && host[N] != 0);

  CUdeviceptr lim = deviceBuffer(NULL, 4 * 8, 0);
  void *largs[] = {&lim};
  EXPECT(run(m, "limits", 1, 1, largs), CUDA_SUCCESS);
  unsigned long long l[4];
  EXPECT(cuMemcpyDtoH(l, lim, sizeof l), CUDA_SUCCESS);
  EXPECT_TRUE(l[0] == 1); // malloc(0) is not NULL
  EXPECT_TRUE(l[1] == 1); // 1 TiB is
  // 1 MiB blocks in a 16 MiB heap: ours have a 16-byte header (15 fit),
  // NVIDIA's H100 gave 13; all of them again after they were freed.
  EXPECT_TRUE(l[2] >= 13 && l[2] <= 15 && l[3] == l[2]);
  printf("1 MiB blocks: %llu, again %llu\n", l[2], l[3]);
  EXPECT(cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, 8 << 20),
         CUDA_ERROR_INVALID_VALUE);
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  const char *mode = argv[2];
  if (!strcmp(mode, "printf"))
    printfMode(argv[1]);
  else if (!strcmp(mode, "overflow"))
    overflowMode(argv[1]);
  else if (!strcmp(mode, "assert"))
    assertMode(argv[1]);
  else if (!strcmp(mode, "trap"))
    trapMode(argv[1]);
  else if (!strcmp(mode, "heap"))
    heapMode(argv[1]);
  else
    return 2;
  return finish();
}
