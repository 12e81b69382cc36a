// cuGetExportTable, the private interface NVIDIA's CUDA runtime asks the
// driver for (runtime/cuda/ExportTables.cpp): the known tables by UUID with
// their sizes, unknown UUIDs as errors, the primary context handed out
// without activating it, context-local storage (put/get/delete, NULL and
// (CUcontext)-1 for the current context, destructors on reset), the context
// checks, and the integrity check's fixed and computed answers. That cudart
// accepts the computed answer is shown by test/cudart.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_LOG=1 %t 2>%t.log | FileCheck %s
// RUN: FileCheck --check-prefix=LOG %s < %t.log
// CHECK: all {{[0-9]+}} checks passed
// LOG: cuGetExportTable(01234567-89AB-CDEF-0123-456789ABCDEF): unknown table
// LOG: cuGetExportTable(F8CFF951-2146-8B4E-B9E2-FB469E7C0DD9): unknown (opt
// LOG: runtime interface (6BD5FB6C-{{.*}}) slot 3 called: not provided
#include "check.h"

#include <string.h>

typedef CUresult (*Fn)();

static const void **table(const char *bytes) {
  CUuuid id = {{0}};
  const void *t = NULL;
  memcpy(id.bytes, bytes, 16);
  EXPECT(cuGetExportTable(&t, &id), CUDA_SUCCESS);
  return (const void **)t;
}

static const char kRuntime[] = "\x6b\xd5\xfb\x6c\x5b\xf4\xe7\x4a\x89\x87\xd9"
                               "\x39\x12\xfd\x9d\xf9";
static const char kTools[] = "\xa0\x94\x79\x8c\x2e\x74\x2e\x74\x93\xf2\x08"
                             "\x00\x20\x0c\x0a\x66";
static const char kToolsTls[] = "\x42\xd8\x5a\x81\x23\xf6\xcb\x47\x82\x98\xf6"
                                "\xe7\x8a\x3a\xec\xdc";
static const char kStorage[] = "\xc6\x93\x33\x6e\x11\x21\xdf\x11\xa8\xc3\x68"
                               "\xf3\x55\xd8\x95\x93";
static const char kChecks[] = "\x26\x3e\x88\x60\x7c\xd2\x61\x43\x92\xf6\xbb"
                              "\xd5\x00\x6d\xfa\x7e";
static const char kIntegrity[] = "\xd4\x08\x20\x55\xbd\xe6\x70\x4b\x8d\x34"
                                 "\xba\x12\x3c\x66\xe1\xf2";
static const char kOptional[] = "\xf8\xcf\xf9\x51\x21\x46\x8b\x4e\xb9\xe2\xfb"
                                "\x46\x9e\x7c\x0d\xd9";
static const char kUnknown[] = "\x01\x23\x45\x67\x89\xab\xcd\xef\x01\x23\x45"
                               "\x67\x89\xab\xcd\xef";

static int dtorCalls;
static CUcontext dtorCtx;
static void *dtorKey, *dtorValue;
static void dtor(CUcontext ctx, void *key, void *value) {
  ++dtorCalls;
  dtorCtx = ctx;
  dtorKey = key;
  dtorValue = value;
  // cudart frees its per-context state here, calling back into the
  // driver: no lock of ours may be held.
  CUcontext cur;
  EXPECT(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
}

int main(void) {
  const void *t = NULL;
  CUuuid id = {{0}};
  EXPECT(cuGetExportTable(NULL, &id), CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuGetExportTable(&t, NULL), CUDA_ERROR_INVALID_VALUE);
  memcpy(id.bytes, kUnknown, 16);
  EXPECT(cuGetExportTable(&t, &id), CUDA_ERROR_INVALID_VALUE);
  EXPECT_TRUE(t == NULL);
  memcpy(id.bytes, kOptional, 16);
  EXPECT(cuGetExportTable(&t, &id), CUDA_ERROR_INVALID_VALUE);

  // Slot 0: the table's size in bytes (the storage table has none).
  const void **runtime = table(kRuntime), **tools = table(kTools),
             **tls = table(kToolsTls), **storage = table(kStorage),
             **checksTable = table(kChecks), **integrity = table(kIntegrity);
  EXPECT_TRUE((uintptr_t)runtime[0] == 13 * sizeof(void *));
  EXPECT_TRUE((uintptr_t)tools[0] == 7 * sizeof(void *));
  EXPECT_TRUE((uintptr_t)tls[0] == 4 * sizeof(void *));
  EXPECT_TRUE((uintptr_t)checksTable[0] == 4 * sizeof(void *));
  EXPECT_TRUE((uintptr_t)integrity[0] == 3 * sizeof(void *));
  // A slot with no known meaning fails instead of crashing.
  EXPECT(((Fn)runtime[3])(), CUDA_ERROR_NOT_SUPPORTED);

  // Tools hooks: zeroed buffers, never a tool attached.
  void *buf = NULL;
  size_t size = 0;
  ((void (*)(void **, size_t *))tools[2])(&buf, &size);
  EXPECT_TRUE(buf != NULL && size == 1024 && ((unsigned *)buf)[size - 1] == 0);
  ((void (*)(void **, size_t *))tools[6])(&buf, &size);
  EXPECT_TRUE(buf != NULL && size == 14 && ((unsigned *)buf)[0] == 0);

  // The integrity check: fixed answers for versions ending in 0 and 1,
  // a keyed digest of the time (and more) otherwise.
  typedef CUresult (*Integrity)(unsigned, unsigned long long,
                                unsigned long long *);
  Integrity check = (Integrity)integrity[1];
  unsigned long long a[2] = {0, 0}, b[2] = {0, 0}, c[2] = {0, 0};
  EXPECT(check(13000, 1700000000, a), CUDA_SUCCESS);
  EXPECT_TRUE(a[0] == 0x3341181c03cb675cull && a[1] == 0x8ed383aa1f4cd1e8ull);
  EXPECT(check(12081, 1700000000, a), CUDA_SUCCESS);
  EXPECT_TRUE(a[0] == 0x1841181c03cb675cull && a[1] == 0x8ed383aa1f4cd1e8ull);
  EXPECT(check(13002, 1700000000, a), CUDA_ERROR_NOT_INITIALIZED);

  EXPECT(cuInit(0), CUDA_SUCCESS);
  EXPECT(check(13002, 1700000000, a), CUDA_SUCCESS);
  EXPECT(check(13002, 1700000000, b), CUDA_SUCCESS);
  EXPECT(check(13002, 1700000001, c), CUDA_SUCCESS);
  EXPECT_TRUE(a[0] == b[0] && a[1] == b[1]);
  EXPECT_TRUE(a[0] != c[0] || a[1] != c[1]);
  EXPECT(check(13002, 0, NULL), CUDA_ERROR_INVALID_VALUE);

  // The primary context's handle, neither retained nor activated.
  typedef CUresult (*Primary)(CUcontext *, CUdevice);
  CUcontext primary = NULL, retained = NULL;
  unsigned flags;
  int active = 1;
  EXPECT(((Primary)runtime[2])(&primary, 0), CUDA_SUCCESS);
  EXPECT(((Primary)runtime[2])(&primary, 7), CUDA_ERROR_INVALID_DEVICE);
  EXPECT(cuDevicePrimaryCtxGetState(0, &flags, &active), CUDA_SUCCESS);
  EXPECT_TRUE(primary != NULL && active == 0);
  // cudart makes it current before it retains it.
  EXPECT(cuCtxSetCurrent(primary), CUDA_SUCCESS);
  EXPECT(cuDevicePrimaryCtxRetain(&retained, 0), CUDA_SUCCESS);
  EXPECT_TRUE(retained == primary);

  // The context checks.
  unsigned word = 7;
  const void *out = NULL;
  typedef CUresult (*Check)(CUcontext, unsigned *, const void **);
  EXPECT(((Check)checksTable[2])(primary, &word, &out), CUDA_SUCCESS);
  EXPECT_TRUE(word == 0);
  EXPECT_TRUE(((unsigned (*)(void))checksTable[3])() == 0);

  // Context-local storage.
  typedef CUresult (*Put)(CUcontext, void *, void *,
                          void (*)(CUcontext, void *, void *));
  typedef CUresult (*Delete)(CUcontext, void *);
  typedef CUresult (*Get)(void **, CUcontext, void *);
  Put put = (Put)storage[0];
  Delete del = (Delete)storage[1];
  Get get = (Get)storage[2];
  int keyA, keyB, valueA, valueB;
  void *v = NULL;
  EXPECT(get(&v, primary, &keyA), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(put(NULL, &keyA, &valueA, dtor), CUDA_SUCCESS);
  EXPECT(get(&v, primary, &keyA), CUDA_SUCCESS);
  EXPECT_TRUE(v == &valueA);
  EXPECT(put((CUcontext)(intptr_t)-1, &keyB, &valueB, NULL), CUDA_SUCCESS);
  EXPECT(get(&v, NULL, &keyB), CUDA_SUCCESS);
  EXPECT_TRUE(v == &valueB);
  EXPECT(del(primary, &keyB), CUDA_SUCCESS);
  EXPECT(get(&v, primary, &keyB), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(get(&v, (CUcontext)&keyA, &keyA), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT(get(NULL, primary, &keyA), CUDA_ERROR_INVALID_VALUE);

  // Reset runs the destructor once, with the context still usable.
  EXPECT(cuDevicePrimaryCtxReset(0), CUDA_SUCCESS);
  EXPECT_TRUE(dtorCalls == 1 && dtorCtx == primary && dtorKey == &keyA &&
              dtorValue == &valueA);
  EXPECT(get(&v, primary, &keyA), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuDevicePrimaryCtxRetain(&retained, 0), CUDA_SUCCESS);
  EXPECT_TRUE(retained == primary);
  EXPECT(put(NULL, &keyA, &valueA, dtor), CUDA_SUCCESS);
  // So does the last release.
  EXPECT(cuDevicePrimaryCtxRelease(0), CUDA_SUCCESS);
  EXPECT_TRUE(dtorCalls == 2);
  EXPECT(cuDevicePrimaryCtxRelease(0), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_TRUE(dtorCalls == 2);
  return finish();
}
