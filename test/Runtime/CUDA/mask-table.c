// The loader checks the `__ptxmlir_mask_init` table (the bytes of mask()
// initializers, written at load time) before it writes anything: every
// byte address inside one of the module's variables, every shift a whole
// byte below 64. A code object with a bad table is CUDA_ERROR_INVALID_IMAGE,
// never a write. The importer rejects the name in PTX
// (test/Target/PTX/reserved-names.ptx), so each table here is compiled
// under the name `x_ptxmlir_mask_init` with cuLink and renamed in the code
// object's string table (same length) before cuModuleLoadData.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: %t 2>&1 | FileCheck %s
//
// CHECK: entry 0: the byte lies in no variable of the module (byte address 0x0, shift 0)
// CHECK: entry 1: the byte lies in no variable of the module
// CHECK: entry 0: the shift is not a whole byte below 64 (byte address 0x{{[0-9a-f]+}}, shift 64)
// CHECK: entry 0: the shift is not a whole byte below 64 (byte address 0x{{[0-9a-f]+}}, shift 4)
// CHECK: entry 0: the byte lies in no variable of the module
// CHECK: entry 0: the byte lies in no variable of the module
// CHECK: __ptxmlir_mask_init is not a variable of i64 triples
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

static const char *header = ".version 8.0\n"
                            ".target sm_80\n"
                            ".address_size 64\n"
                            ".func f()\n{\n  ret;\n}\n"
                            ".visible .global .align 8 .u64 foo[2] = {0, 0};\n";
static const char *kernel = ".visible .entry k()\n{\n  ret;\n}\n";

/// Compiles `table` (PTX declaring x_ptxmlir_mask_init) with cuLink, renames
/// the table to __ptxmlir_mask_init and loads the code object.
static CUresult loadWithTable(const char *table, CUmodule *mod) {
  char ptx[2048];
  snprintf(ptx, sizeof ptx, "%s%s%s", header, table, kernel);
  CUlinkState state = NULL;
  void *cubin = NULL;
  size_t size = 0;
  EXPECT(cuLinkCreate(0, NULL, NULL, &state), CUDA_SUCCESS);
  EXPECT(cuLinkAddData(state, CU_JIT_INPUT_PTX, ptx, strlen(ptx) + 1, "t.ptx",
                       0, NULL, NULL),
         CUDA_SUCCESS);
  EXPECT(cuLinkComplete(state, &cubin, &size), CUDA_SUCCESS);
  if (!cubin || !size) {
    cuLinkDestroy(state);
    return CUDA_ERROR_UNKNOWN;
  }
  char *image = malloc(size);
  memcpy(image, cubin, size);
  cuLinkDestroy(state);
  static const char from[] = "x_ptxmlir_mask_init";
  static const char to[] = "__ptxmlir_mask_init";
  int renamed = 0;
  for (size_t i = 0; i + sizeof from - 1 <= size; ++i)
    if (memcmp(image + i, from, sizeof from - 1) == 0) {
      memcpy(image + i, to, sizeof to - 1);
      ++renamed;
    }
  EXPECT_TRUE(renamed > 0);
  CUresult r = cuModuleLoadData(mod, image);
  free(image);
  return r;
}

int main(void) {
  CUcontext ctx;
  CUdevice dev;
  CUmodule mod;
  EXPECT(cuInit(0), CUDA_SUCCESS);
  EXPECT(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
  EXPECT(cuCtxCreate(&ctx, NULL, 0, dev), CUDA_SUCCESS);

  // Bad tables, each CUDA_ERROR_INVALID_IMAGE: a byte at address 0 (what
  // a zero table wrote to before), one past the end of foo, shifts of 64
  // and of half a byte, a byte of a function, a byte of the table itself,
  // and a table that is not whole triples.
  static const char *bad[] = {
      ".visible .global .align 8 .u64 x_ptxmlir_mask_init[3] = {0, 0, 0};\n",
      ".visible .global .align 8 .u64 x_ptxmlir_mask_init[6] = "
      "{foo, foo, 0, foo+16, foo, 0};\n",
      ".visible .global .align 8 .u64 x_ptxmlir_mask_init[3] = "
      "{foo, foo, 64};\n",
      ".visible .global .align 8 .u64 x_ptxmlir_mask_init[3] = "
      "{foo+1, foo, 4};\n",
      ".visible .global .align 8 .u64 x_ptxmlir_mask_init[3] = {f, foo, 0};\n",
      ".visible .global .align 8 .u64 x_ptxmlir_mask_init[3] = "
      "{x_ptxmlir_mask_init, foo, 0};\n",
      ".visible .global .align 8 .u64 x_ptxmlir_mask_init[2] = {foo, foo};\n",
  };
  for (unsigned i = 0; i < sizeof bad / sizeof *bad; ++i) {
    mod = NULL;
    EXPECT(loadWithTable(bad[i], &mod), CUDA_ERROR_INVALID_IMAGE);
    if (mod)
      cuModuleUnload(mod);
  }

  // A sane table loads and is applied, one staged span per variable: byte
  // 1 of foo's address into foo's first byte, byte 0 into its last; in bar
  // byte 0 into its first byte and, the later of two entries, byte 1 into
  // its last; the bytes between keep their initializers.
  mod = NULL;
  EXPECT(loadWithTable(".visible .global .align 1 .u8 bar[4] = "
                       "{1, 2, 3, 4};\n"
                       ".visible .global .align 8 .u64 "
                       "x_ptxmlir_mask_init[15] = {foo, foo, 8, foo+15, foo, "
                       "0, bar, foo, 0, bar+3, foo, 0, bar+3, foo, 8};\n",
                       &mod),
         CUDA_SUCCESS);
  if (mod) {
    CUdeviceptr foo = 0, bar = 0;
    size_t bytes = 0;
    unsigned char host[16], hostBar[4];
    EXPECT(cuModuleGetGlobal(&foo, &bytes, mod, "foo"), CUDA_SUCCESS);
    EXPECT_TRUE(bytes == 16);
    EXPECT(cuMemcpyDtoH(host, foo, sizeof host), CUDA_SUCCESS);
    EXPECT_TRUE(host[0] == (unsigned char)(foo >> 8));
    EXPECT_TRUE(host[15] == (unsigned char)foo);
    for (int i = 1; i < 15; ++i)
      EXPECT_TRUE(host[i] == 0);
    EXPECT(cuModuleGetGlobal(&bar, &bytes, mod, "bar"), CUDA_SUCCESS);
    EXPECT_TRUE(bytes == 4);
    EXPECT(cuMemcpyDtoH(hostBar, bar, sizeof hostBar), CUDA_SUCCESS);
    EXPECT_TRUE(hostBar[0] == (unsigned char)foo);
    EXPECT_TRUE(hostBar[1] == 2 && hostBar[2] == 3);
    EXPECT_TRUE(hostBar[3] == (unsigned char)(foo >> 8));
    EXPECT(cuModuleUnload(mod), CUDA_SUCCESS);
  }

  // A function-scope variable's mask() bytes are written too: the loader
  // finds it by name like the module-scope ones.
  static const char fnScope[] =
      ".version 8.0\n.target sm_80\n.address_size 64\n"
      ".visible .global .align 8 .u64 foo[2] = {0, 0};\n"
      ".visible .entry k(.param .u64 out)\n{\n"
      "  .global .align 8 .u8 fb[8] = {0xff(foo), 0xff00(foo), "
      "0xff0000(foo), 0xff000000(foo), 0xff00000000(foo), "
      "0xff0000000000(foo), 0xff000000000000(foo), "
      "0xff00000000000000(foo)};\n"
      "  .reg .b64 %rd<3>;\n  ld.param.u64 %rd1, [out];\n"
      "  ld.global.u64 %rd2, [fb];\n  st.global.u64 [%rd1], %rd2;\n"
      "  ret;\n}\n";
  mod = NULL;
  EXPECT(cuModuleLoadData(&mod, fnScope), CUDA_SUCCESS);
  if (mod) {
    CUfunction fn;
    CUdeviceptr foo = 0, dOut = deviceBuffer(NULL, 8, 0);
    uint64_t got = 0;
    void *args[] = {&dOut};
    EXPECT(cuModuleGetGlobal(&foo, NULL, mod, "foo"), CUDA_SUCCESS);
    EXPECT(cuModuleGetFunction(&fn, mod, "k"), CUDA_SUCCESS);
    launch1D(fn, 1, 1, args);
    EXPECT(cuMemcpyDtoH(&got, dOut, 8), CUDA_SUCCESS);
    EXPECT_TRUE(got == (uint64_t)foo);
    EXPECT(cuMemFree(dOut), CUDA_SUCCESS);
    EXPECT(cuModuleUnload(mod), CUDA_SUCCESS);
  }
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);
  return finish();
}
