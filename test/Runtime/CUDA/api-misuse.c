// API misuse gets NVIDIA's error codes, never a crash: calls before cuInit,
// without a context, with null pointers, bad handles, out-of-range sizes,
// unloaded modules and double frees. Also checks what the correct calls
// return, so a libcuda that fails everything does not pass.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t %S/Inputs/scale.ptx | FileCheck %s
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>
#include <unistd.h>

static char *readFile(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = calloc(1, (size_t)n + 1);
  if (fread(s, 1, (size_t)n, f) != (size_t)n)
    n = 0;
  fclose(f);
  return s;
}

/// Writes `n` bytes to a fresh temporary file named in `path` (32 bytes).
static int tempFile(char *path, const void *bytes, size_t n) {
  strcpy(path, "/tmp/ptxmlir-misuse-XXXXXX");
  int fd = mkstemp(path);
  if (fd < 0)
    return 0;
  int ok = write(fd, bytes, n) == (ssize_t)n;
  close(fd);
  return ok;
}

/// Files that hold no image: every loader that reads files refuses them.
static void badFiles(void) {
  static const char elfStart[] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0};
  char emptyPath[32], shortPath[32];
  EXPECT_TRUE(tempFile(emptyPath, "", 0));
  EXPECT_TRUE(tempFile(shortPath, elfStart, sizeof elfStart));
  CUmodule m;
  CUlibrary lib;
  CUlinkState link;
  EXPECT(cuModuleLoad(&m, emptyPath), CUDA_ERROR_INVALID_IMAGE);
  EXPECT(cuModuleLoad(&m, "/"), CUDA_ERROR_INVALID_IMAGE);
  EXPECT(cuModuleLoad(&m, shortPath), CUDA_ERROR_INVALID_IMAGE);
  EXPECT(cuLibraryLoadFromFile(&lib, emptyPath, NULL, NULL, 0, NULL, NULL, 0),
         CUDA_ERROR_INVALID_IMAGE);
  EXPECT(cuLibraryLoadFromFile(&lib, shortPath, NULL, NULL, 0, NULL, NULL, 0),
         CUDA_ERROR_INVALID_IMAGE);
  EXPECT(cuLinkCreate(0, NULL, NULL, &link), CUDA_SUCCESS);
  EXPECT(cuLinkAddFile(link, CU_JIT_INPUT_PTX, emptyPath, 0, NULL, NULL),
         CUDA_ERROR_INVALID_IMAGE);
  EXPECT(cuLinkAddFile(link, CU_JIT_INPUT_FATBINARY, shortPath, 0, NULL, NULL),
         CUDA_ERROR_INVALID_IMAGE);
  EXPECT(cuLinkAddFile(link, CU_JIT_INPUT_PTX, "/nonexistent/file.ptx", 0, NULL,
                       NULL),
         CUDA_ERROR_FILE_NOT_FOUND);
  EXPECT(cuLinkDestroy(link), CUDA_SUCCESS);
  unlink(emptyPath);
  unlink(shortPath);
}

static void beforeInit(void) {
  int n, v;
  CUdevice d;
  CUcontext c;
  CUdeviceptr p;
  EXPECT(cuDeviceGetCount(&n), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT(cuDeviceGet(&d, 0), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT(cuCtxGetCurrent(&c), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT(cuMemAlloc(&p, 16), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT(cuDriverGetVersion(NULL), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuDriverGetVersion(&v), CUDA_SUCCESS);
  EXPECT_TRUE(v >= 12000);
  EXPECT(cuInit(1), CUDA_ERROR_INVALID_VALUE);
}

static void devices(void) {
  int n = 0, v = 0;
  CUdevice d;
  char name[64];
  size_t mem = 0;
  EXPECT(cuDeviceGetCount(&n), CUDA_SUCCESS);
  EXPECT_TRUE(n >= 1);
  EXPECT(cuDeviceGetCount(NULL), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuDeviceGet(NULL, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuDeviceGet(&d, n), CUDA_ERROR_INVALID_DEVICE);
  EXPECT(cuDeviceGet(&d, -1), CUDA_ERROR_INVALID_DEVICE);
  EXPECT(cuDeviceGet(&d, 0), CUDA_SUCCESS);
  EXPECT(cuDeviceGetName(NULL, 64, d), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuDeviceGetName(name, 64, 42), CUDA_ERROR_INVALID_DEVICE);
  EXPECT(cuDeviceGetName(name, 64, d), CUDA_SUCCESS);
  EXPECT_TRUE(strncmp(name, "ptx-mlir", 8) == 0);
  EXPECT(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, d),
         CUDA_SUCCESS);
  EXPECT_TRUE(v == 32);
  EXPECT(cuDeviceGetAttribute(
             &v, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, d),
         CUDA_SUCCESS);
  EXPECT_TRUE(v == 65536);
  EXPECT(cuDeviceGetAttribute(
             &v, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, d),
         CUDA_SUCCESS);
  EXPECT_TRUE(v == 8);
  EXPECT(cuDeviceGetAttribute(&v, (CUdevice_attribute)100000, d),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuDeviceGetAttribute(NULL, CU_DEVICE_ATTRIBUTE_WARP_SIZE, d),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuDeviceTotalMem(NULL, d), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuDeviceTotalMem(&mem, d), CUDA_SUCCESS);
  EXPECT_TRUE(mem > 0);
}

static void noContext(void) {
  CUdeviceptr p;
  CUcontext c = (CUcontext)1;
  CUstream s;
  CUmodule m;
  CUdevice d;
  EXPECT(cuCtxGetCurrent(NULL), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuCtxGetCurrent(&c), CUDA_SUCCESS);
  EXPECT_TRUE(c == NULL);
  EXPECT(cuMemAlloc(&p, 16), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuCtxSynchronize(), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuCtxGetDevice(&d), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuStreamCreate(&s, 0), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuModuleLoadData(&m, ".version 8.0"), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuCtxPopCurrent(&c), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuCtxPushCurrent((CUcontext)&p), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuCtxSetCurrent((CUcontext)&p), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuCtxCreate(NULL, NULL, 0, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuCtxCreate(&c, NULL, 0x10000, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuCtxCreate(&c, NULL, 0, 77), CUDA_ERROR_INVALID_DEVICE);
}

static void memory(void) {
  CUdeviceptr p, q;
  int h[256], o[256];
  for (int i = 0; i < 256; ++i)
    h[i] = i * 3;
  EXPECT(cuMemAlloc(NULL, 16), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemAlloc(&p, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemAlloc(&p, (size_t)1 << 62), CUDA_ERROR_OUT_OF_MEMORY);
  EXPECT(cuMemAlloc(&p, sizeof h), CUDA_SUCCESS);
  EXPECT(cuMemcpyHtoD(p, h, sizeof h + 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemcpyHtoD(p + 1000, h, 100), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemcpyHtoD(p, NULL, 16), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemcpyDtoH(NULL, p, 16), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemcpyHtoD((CUdeviceptr)0x1234, h, 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemcpyDtoD(p, (CUdeviceptr)0x1234, 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemsetD32(p + 2, 0, 1), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemsetD16(p + 1, 0, 1), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemsetD8(p, 0, sizeof h + 1), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemcpyHtoD(p, h, sizeof h), CUDA_SUCCESS);
  EXPECT(cuMemsetD32(p + 8, 0xdeadbeef, 2), CUDA_SUCCESS);
  EXPECT(cuMemsetD8(p + 16, 0xab, 4), CUDA_SUCCESS);
  EXPECT(cuMemAlloc(&q, sizeof h), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoD(q, p, sizeof h), CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(o, q, sizeof o), CUDA_SUCCESS);
  EXPECT_TRUE(o[0] == 0 && o[1] == 3 && (unsigned)o[2] == 0xdeadbeef &&
              (unsigned)o[3] == 0xdeadbeef && (unsigned)o[4] == 0xabababab &&
              o[5] == 15 && o[255] == 765);

  // 2D copy: column 1..2 of a 4x3 host matrix into a pitched allocation.
  size_t pitch = 0;
  CUdeviceptr m2;
  EXPECT(cuMemAllocPitch(&m2, &pitch, 16, 3, 3), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemAllocPitch(&m2, &pitch, 16, 3, 4), CUDA_SUCCESS);
  EXPECT_TRUE(pitch >= 16);
  int grid[12], back[12];
  for (int i = 0; i < 12; ++i)
    grid[i] = i;
  CUDA_MEMCPY2D c2 = {0};
  c2.srcMemoryType = CU_MEMORYTYPE_HOST;
  c2.srcHost = grid;
  c2.srcPitch = 16;
  c2.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  c2.dstDevice = m2;
  c2.dstPitch = pitch;
  c2.WidthInBytes = 16;
  c2.Height = 3;
  EXPECT(cuMemcpy2D(&c2), CUDA_SUCCESS);
  c2.Height = 4; // one row past the allocation
  EXPECT(cuMemcpy2D(&c2), CUDA_ERROR_INVALID_VALUE);
  CUDA_MEMCPY2D d2 = {0};
  d2.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  d2.srcDevice = m2;
  d2.srcPitch = pitch;
  d2.srcXInBytes = 4;
  d2.dstMemoryType = CU_MEMORYTYPE_HOST;
  d2.dstHost = back;
  d2.dstPitch = 8;
  d2.WidthInBytes = 8;
  d2.Height = 3;
  EXPECT(cuMemcpy2D(&d2), CUDA_SUCCESS);
  EXPECT_TRUE(back[0] == 1 && back[1] == 2 && back[2] == 5 && back[5] == 10);
  EXPECT(cuMemcpy2D(NULL), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemFree(m2), CUDA_SUCCESS);

  // Pointer attributes.
  unsigned type = 0;
  CUdeviceptr start = 0;
  size_t size = 0;
  CUcontext owner = NULL, cur = NULL;
  EXPECT(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, p),
         CUDA_SUCCESS);
  EXPECT_TRUE(type == CU_MEMORYTYPE_DEVICE);
  EXPECT(cuPointerGetAttribute(&start, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
                               p + 10),
         CUDA_SUCCESS);
  EXPECT_TRUE(start == p);
  EXPECT(cuPointerGetAttribute(&size, CU_POINTER_ATTRIBUTE_RANGE_SIZE, p + 10),
         CUDA_SUCCESS);
  EXPECT_TRUE(size == sizeof h);
  EXPECT(cuPointerGetAttribute(&owner, CU_POINTER_ATTRIBUTE_CONTEXT, p),
         CUDA_SUCCESS);
  cuCtxGetCurrent(&cur);
  EXPECT_TRUE(owner == cur);
  EXPECT(cuPointerGetAttribute(NULL, CU_POINTER_ATTRIBUTE_CONTEXT, p),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                               (CUdeviceptr)h),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                               p + sizeof h),
         CUDA_ERROR_INVALID_VALUE);

  // Frees: double, interior, null, wrong kind, use after free.
  EXPECT(cuMemFree(p + 8), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemFree(0), CUDA_SUCCESS); // cudaFree(NULL) comes here
  EXPECT(cuMemFree(p), CUDA_SUCCESS);
  EXPECT(cuMemFree(p), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemcpyHtoD(p, h, 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemFree(q), CUDA_SUCCESS);

  void *host = NULL;
  CUdeviceptr mapped = 0;
  EXPECT(cuMemAllocHost(NULL, 64), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemAllocHost(&host, 64), CUDA_SUCCESS);
  EXPECT(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                               (CUdeviceptr)host),
         CUDA_SUCCESS);
  EXPECT_TRUE(type == CU_MEMORYTYPE_HOST);
  EXPECT(cuMemHostGetDevicePointer(&mapped, host, 1),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemHostGetDevicePointer(&mapped, h, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemHostGetDevicePointer(&mapped, host, 0), CUDA_SUCCESS);
  EXPECT_TRUE(mapped != 0);
  EXPECT(cuMemFree((CUdeviceptr)host), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemFreeHost(host), CUDA_SUCCESS);
  EXPECT(cuMemFreeHost(host), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemFreeHost(NULL), CUDA_ERROR_INVALID_VALUE);

  size_t freeBytes = 0, total = 0;
  EXPECT(cuMemGetInfo(&freeBytes, NULL), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemGetInfo(&freeBytes, &total), CUDA_SUCCESS);
  EXPECT_TRUE(total > 0 && freeBytes <= total);
}

static void modules(const char *path, const char *ptx) {
  CUmodule m;
  CUfunction f;
  CUdeviceptr g;
  size_t gsize = 0;
  char errlog[4096] = "untouched";
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER,
                         CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {errlog, (void *)(uintptr_t)sizeof errlog};
  const char *bad = ".version 8.0\n.target sm_80\n.address_size 64\n"
                    ".visible .entry k()\n{\n\tbogus.op %r1;\n}\n";

  EXPECT(cuModuleLoadData(&m, NULL), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuModuleLoadData(NULL, ptx), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuModuleLoadData(&m, "certainly not a module"),
         CUDA_ERROR_INVALID_IMAGE);
  EXPECT(cuModuleLoad(&m, "/nonexistent/file.ptx"), CUDA_ERROR_FILE_NOT_FOUND);
  EXPECT(cuModuleLoadDataEx(&m, bad, 2, opts, vals), CUDA_ERROR_INVALID_PTX);
  // The located diagnostic lands in the error log buffer.
  EXPECT_TRUE(strstr(errlog, "error") != NULL && strstr(errlog, ":6:") != NULL);
  EXPECT(cuModuleLoadDataEx(&m, ptx, 2, NULL, NULL), CUDA_ERROR_INVALID_VALUE);

  EXPECT(cuModuleLoad(&m, path), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&f, m, "no_such_kernel"), CUDA_ERROR_NOT_FOUND);
  EXPECT(cuModuleGetFunction(&f, m, NULL), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuModuleGetFunction(&f, (CUmodule)&g, "scale"),
         CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuModuleGetFunction(&f, m, "scale"), CUDA_SUCCESS);
  EXPECT(cuModuleGetGlobal(&g, &gsize, m, "no_such_global"),
         CUDA_ERROR_NOT_FOUND);
  EXPECT(cuModuleGetGlobal(&g, &gsize, m, "counter"), CUDA_SUCCESS);
  EXPECT_TRUE(gsize == 4);
  unsigned counter = 0;
  EXPECT(cuMemcpyDtoH(&counter, g, 4), CUDA_SUCCESS);
  EXPECT_TRUE(counter == 5);
  EXPECT(cuMemcpyDtoH(&counter, g, 8), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemFree(g), CUDA_ERROR_INVALID_VALUE);

  int v = 0;
  EXPECT(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f),
         CUDA_SUCCESS);
  EXPECT_TRUE(v == 1024);
  EXPECT(cuFuncGetAttribute(NULL, CU_FUNC_ATTRIBUTE_NUM_REGS, f),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_NUM_REGS, (CUfunction)&g),
         CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                            1 << 20),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                            32768),
         CUDA_SUCCESS);
  EXPECT(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                            f),
         CUDA_SUCCESS);
  EXPECT_TRUE(v == 32768);
  size_t off = 99, psize = 99;
  EXPECT(cuFuncGetParamInfo(f, 1, &off, &psize), CUDA_SUCCESS);
  EXPECT_TRUE(off == 8 && psize == 4);
  EXPECT(cuFuncGetParamInfo(f, 2, &off, &psize), CUDA_SUCCESS);
  EXPECT_TRUE(off == 12 && psize == 4);
  EXPECT(cuFuncGetParamInfo(f, 3, &off, &psize), CUDA_ERROR_INVALID_VALUE);
  int blocks = 0, minGrid = 0, blockSize = 0;
  EXPECT(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, f, 256, 0),
         CUDA_SUCCESS);
  EXPECT_TRUE(blocks == 8);
  EXPECT(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, f, 256, 16384),
         CUDA_SUCCESS);
  EXPECT_TRUE(blocks == 4);
  EXPECT(cuOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, f, NULL, 0, 0),
         CUDA_SUCCESS);
  EXPECT_TRUE(blockSize > 0 && blockSize <= 1024 && minGrid > 0);

  // Launches: argument validation, then both ways of passing arguments.
  float data[300];
  for (int i = 0; i < 300; ++i)
    data[i] = (float)i;
  CUdeviceptr d;
  unsigned n = 300;
  float factor = 2.0f;
  EXPECT(cuMemAlloc(&d, sizeof data), CUDA_SUCCESS);
  EXPECT(cuMemcpyHtoD(d, data, sizeof data), CUDA_SUCCESS);
  void *params[] = {&d, &n, &factor};
  // Dimensions it cannot launch: NVIDIA's unnamed result 9, which cudart
  // reports as cudaErrorInvalidConfiguration.
  EXPECT(cuLaunchKernel(f, 1, 1, 1, 2048, 1, 1, 0, NULL, params, NULL),
         (CUresult)9);
  EXPECT(cuLaunchKernel(f, 0, 1, 1, 64, 1, 1, 0, NULL, params, NULL),
         (CUresult)9);
  EXPECT(cuLaunchKernel(f, 1, 1, 1, 64, 1, 128, 0, NULL, params, NULL),
         (CUresult)9);
  EXPECT(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 1 << 20, NULL, params, NULL),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, (CUstream)&g, params, NULL),
         CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuLaunchKernel((CUfunction)&g, 1, 1, 1, 64, 1, 1, 0, NULL, params,
                        NULL),
         CUDA_ERROR_INVALID_HANDLE);
  struct {
    CUdeviceptr p;
    unsigned n;
    float f;
  } packed = {d, 300, 3.0f};
  size_t packedSize = sizeof packed, tooSmall = 8;
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed,
                   CU_LAUNCH_PARAM_BUFFER_SIZE, &packedSize,
                   CU_LAUNCH_PARAM_END};
  void *extraSmall[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed,
                        CU_LAUNCH_PARAM_BUFFER_SIZE, &tooSmall,
                        CU_LAUNCH_PARAM_END};
  void *extraBad[] = {(void *)0x77, &packed, CU_LAUNCH_PARAM_END};
  EXPECT(cuLaunchKernel(f, 3, 1, 1, 128, 1, 1, 0, NULL, params, extra),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuLaunchKernel(f, 3, 1, 1, 128, 1, 1, 0, NULL, NULL, extraSmall),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuLaunchKernel(f, 3, 1, 1, 128, 1, 1, 0, NULL, NULL, extraBad),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuLaunchKernel(f, 3, 1, 1, 128, 1, 1, 0, NULL, params, NULL),
         CUDA_SUCCESS);
  EXPECT(cuLaunchKernel(f, 3, 1, 1, 128, 1, 1, 0, NULL, NULL, extra),
         CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(data, d, sizeof data), CUDA_SUCCESS);
  EXPECT_TRUE(data[0] == 0.0f && data[1] == 6.0f && data[299] == 1794.0f);

  // Unloaded modules: their handles and functions are gone.
  EXPECT(cuModuleUnload(m), CUDA_SUCCESS);
  EXPECT(cuModuleUnload(m), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuModuleGetFunction(&f, m, "scale"), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, NULL, params, NULL),
         CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuMemcpyDtoH(&counter, g, 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemFree(d), CUDA_SUCCESS);

  // The same PTX from memory.
  EXPECT(cuModuleLoadData(&m, ptx), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&f, m, "boom"), CUDA_SUCCESS);
  EXPECT(cuModuleUnload(m), CUDA_SUCCESS);
}

static void streamsAndEvents(void) {
  CUstream s;
  CUevent a, b, untimed;
  float ms = -1;
  EXPECT(cuStreamCreate(NULL, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuStreamCreate(&s, 0x80), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  EXPECT(cuStreamQuery(s), CUDA_SUCCESS);
  EXPECT(cuStreamSynchronize((CUstream)&ms), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuEventCreate(NULL, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuEventCreate(&a, 0x100), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuEventCreate(&a, CU_EVENT_DEFAULT), CUDA_SUCCESS);
  EXPECT(cuEventCreate(&b, CU_EVENT_DEFAULT), CUDA_SUCCESS);
  EXPECT(cuEventCreate(&untimed, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  EXPECT(cuEventQuery(a), CUDA_SUCCESS); // never recorded
  EXPECT(cuEventElapsedTime(&ms, a, b), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuEventRecord(a, s), CUDA_SUCCESS);
  EXPECT(cuStreamWaitEvent(NULL, a, 0), CUDA_SUCCESS);
  EXPECT(cuStreamWaitEvent(NULL, (CUevent)&ms, 0), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuEventRecord(b, s), CUDA_SUCCESS);
  EXPECT(cuEventRecord(untimed, NULL), CUDA_SUCCESS);
  EXPECT(cuEventSynchronize(b), CUDA_SUCCESS);
  EXPECT(cuEventSynchronize(untimed), CUDA_SUCCESS);
  EXPECT(cuEventQuery(b), CUDA_SUCCESS);
  EXPECT(cuEventElapsedTime(NULL, a, b), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuEventElapsedTime(&ms, a, b), CUDA_SUCCESS);
  EXPECT_TRUE(ms >= 0.0f && ms < 10000.0f);
  EXPECT(cuEventElapsedTime(&ms, a, untimed), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuStreamSynchronize(s), CUDA_SUCCESS);
  EXPECT(cuStreamSynchronize(NULL), CUDA_SUCCESS);
  EXPECT(cuStreamSynchronize(CU_STREAM_LEGACY), CUDA_SUCCESS);
  EXPECT(cuEventDestroy(a), CUDA_SUCCESS);
  EXPECT(cuEventDestroy(a), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuEventRecord(a, s), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuEventDestroy(b), CUDA_SUCCESS);
  EXPECT(cuEventDestroy(untimed), CUDA_SUCCESS);
  EXPECT(cuStreamDestroy(s), CUDA_SUCCESS);
  EXPECT(cuStreamDestroy(s), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuStreamQuery(s), CUDA_ERROR_INVALID_HANDLE);
}

static void contexts(void) {
  CUcontext c1, c2, cur, popped, primary, primary2;
  CUdevice d = 0, got = -1;
  unsigned flags = 99;
  int active = -1;
  CUdeviceptr p;
  EXPECT(cuCtxCreate(&c1, NULL, 0, 0), CUDA_SUCCESS);
  EXPECT(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
  EXPECT_TRUE(cur == c1);
  EXPECT(cuCtxGetDevice(&got), CUDA_SUCCESS);
  EXPECT_TRUE(got == 0);
  EXPECT(cuCtxCreate(&c2, NULL, 0, 0), CUDA_SUCCESS);
  EXPECT(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
  EXPECT_TRUE(popped == c2);
  EXPECT(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
  EXPECT_TRUE(cur == c1);
  EXPECT(cuCtxPushCurrent(c2), CUDA_SUCCESS);
  EXPECT(cuMemAlloc(&p, 64), CUDA_SUCCESS);
  EXPECT(cuCtxDestroy(c2), CUDA_SUCCESS); // frees p and pops c2
  EXPECT(cuCtxDestroy(c2), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuMemFree(p), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
  EXPECT_TRUE(cur == c1);
  EXPECT(cuCtxPushCurrent(c2), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuCtxSetCurrent(c2), CUDA_ERROR_INVALID_CONTEXT);

  EXPECT(cuDevicePrimaryCtxGetState(d, &flags, &active), CUDA_SUCCESS);
  EXPECT_TRUE(active == 0);
  EXPECT(cuDevicePrimaryCtxGetState(d, NULL, &active),
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuDevicePrimaryCtxRelease(d), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuDevicePrimaryCtxSetFlags(d, 0x12345), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuDevicePrimaryCtxSetFlags(d, CU_CTX_SCHED_BLOCKING_SYNC),
         CUDA_SUCCESS);
  EXPECT(cuDevicePrimaryCtxRetain(NULL, d), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuDevicePrimaryCtxRetain(&primary, 5), CUDA_ERROR_INVALID_DEVICE);
  EXPECT(cuDevicePrimaryCtxRetain(&primary, d), CUDA_SUCCESS);
  EXPECT(cuDevicePrimaryCtxRetain(&primary2, d), CUDA_SUCCESS);
  EXPECT_TRUE(primary == primary2 && primary != c1);
  EXPECT(cuDevicePrimaryCtxGetState(d, &flags, &active), CUDA_SUCCESS);
  EXPECT_TRUE(active == 1 && flags == CU_CTX_SCHED_BLOCKING_SYNC);
  EXPECT(cuCtxDestroy(primary), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(cuCtxSetCurrent(primary), CUDA_SUCCESS);
  EXPECT(cuMemAlloc(&p, 64), CUDA_SUCCESS);
  EXPECT(cuDevicePrimaryCtxRelease(d), CUDA_SUCCESS);
  EXPECT(cuDevicePrimaryCtxRelease(d), CUDA_SUCCESS); // now inactive
  EXPECT(cuDevicePrimaryCtxGetState(d, &flags, &active), CUDA_SUCCESS);
  EXPECT_TRUE(active == 0);
  EXPECT(cuMemAlloc(&p, 64), CUDA_ERROR_CONTEXT_IS_DESTROYED);
  EXPECT(cuDevicePrimaryCtxRetain(&primary2, d), CUDA_SUCCESS);
  EXPECT_TRUE(primary2 == primary); // the same handle again
  EXPECT(cuMemAlloc(&p, 64), CUDA_SUCCESS);
  EXPECT(cuDevicePrimaryCtxReset(d), CUDA_SUCCESS);
  EXPECT(cuMemFree(p), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuCtxSetCurrent(c1), CUDA_SUCCESS);

  size_t limit = 0;
  EXPECT(cuCtxGetLimit(&limit, CU_LIMIT_STACK_SIZE), CUDA_SUCCESS);
  EXPECT_TRUE(limit > 0);
  EXPECT(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 4096), CUDA_SUCCESS);
  EXPECT(cuCtxGetLimit(&limit, CU_LIMIT_STACK_SIZE), CUDA_SUCCESS);
  EXPECT_TRUE(limit == 4096);
  EXPECT(cuCtxGetLimit(NULL, CU_LIMIT_STACK_SIZE), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuCtxGetLimit(&limit, (CUlimit)0x55), CUDA_ERROR_UNSUPPORTED_LIMIT);
  EXPECT(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT(cuCtxDestroy(c1), CUDA_SUCCESS);
  EXPECT(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
  EXPECT_TRUE(cur == NULL);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  char *ptx = readFile(argv[1]);
  if (!ptx)
    return 2;
  beforeInit();
  EXPECT(cuInit(0), CUDA_SUCCESS);
  devices();
  noContext();
  CUcontext ctx;
  EXPECT(cuCtxCreate(&ctx, NULL, 0, 0), CUDA_SUCCESS);
  memory();
  modules(argv[1], ptx);
  badFiles();
  streamsAndEvents();
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  contexts();
  free(ptx);
  return finish();
}
