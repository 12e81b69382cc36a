// Fat binaries written by hand, as nvcc lays them out: the best PTX (the
// highest compute_XY not above the reported 8.0) is chosen, LZ4-compressed
// entries are decompressed (with overlapping matches), the
// __fatBinC_Wrapper_t is followed, SASS-only containers get
// CUDA_ERROR_NO_BINARY_FOR_GPU and a message naming what they hold, and
// cuLibrary* (what the CUDA 12/13 runtime calls) loads and launches them.
//
// REQUIRES: libcuda, cpu-agent
// RUN: %cuda_cc %t %s %cuda_libs
// RUN: env PTXMLIR_LOG=1 %t %S/Inputs/scale.ptx 2>&1 | FileCheck %s
// CHECK: fat binary holds compute_75 (PTX), compute_80 (PTX), compute_90 (PTX), sm_80 (SASS): using compute_80 PTX
// CHECK: no PTX for compute capability 8.0 or lower in the fat binary; it holds: sm_80 (SASS), sm_86 (SASS)
// CHECK: no PTX for compute capability 8.0 or lower in the fat binary; it holds: compute_90 (PTX)
// CHECK: no PTX for compute capability 8.0 or lower in the fat binary; it holds: sm_80 (SASS)
// CHECK: no PTX for compute capability 8.0 or lower in the fat binary; it holds: sm_80 (SASS)
// CHECK: an NVIDIA cubin (SASS) cannot run here
// CHECK: all {{[0-9]+}} checks passed
#include "check.h"

#include <stdint.h>
#include <string.h>

static void put16(uint8_t *p, uint16_t v) { memcpy(p, &v, 2); }
static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

/* A greedy LZ4 block compressor (the format of flag 0x2000 entries). */
static void lenExt(uint8_t *out, size_t *op, size_t len) {
  for (; len >= 255; len -= 255)
    out[(*op)++] = 255;
  out[(*op)++] = (uint8_t)len;
}

static size_t emit(uint8_t *out, size_t op, const uint8_t *lit, size_t litLen,
                   size_t offset, size_t matchLen) {
  uint8_t *token = &out[op++];
  *token = (uint8_t)((litLen < 15 ? litLen : 15) << 4);
  if (litLen >= 15)
    lenExt(out, &op, litLen - 15);
  memcpy(out + op, lit, litLen);
  op += litLen;
  if (!matchLen)
    return op;
  out[op++] = (uint8_t)offset;
  out[op++] = (uint8_t)(offset >> 8);
  size_t m = matchLen - 4;
  *token |= (uint8_t)(m < 15 ? m : 15);
  if (m >= 15)
    lenExt(out, &op, m - 15);
  return op;
}

static size_t lz4(const uint8_t *in, size_t n, uint8_t *out) {
  static int table[1 << 12];
  for (int i = 0; i < (1 << 12); ++i)
    table[i] = -1;
  size_t ip = 0, op = 0, anchor = 0;
  while (ip + 12 < n) {
    uint32_t seq;
    memcpy(&seq, in + ip, 4);
    uint32_t h = (seq * 2654435761u) >> 20;
    int cand = table[h];
    table[h] = (int)ip;
    if (cand >= 0 && ip - (size_t)cand < 65536 &&
        memcmp(in + cand, in + ip, 4) == 0) {
      size_t len = 4;
      while (ip + len < n - 5 && in[cand + len] == in[ip + len])
        ++len;
      op = emit(out, op, in + anchor, ip - anchor, ip - (size_t)cand, len);
      ip += len;
      anchor = ip;
    } else {
      ++ip;
    }
  }
  return emit(out, op, in + anchor, n - anchor, 0, 0);
}

static uint8_t *fatbin;
static size_t fatSize;

static void begin(void) {
  free(fatbin);
  fatbin = calloc(1, 1 << 20);
  fatSize = 16;
}

static void entry(uint16_t kind, uint32_t arch, const void *payload,
                  uint32_t stored, uint64_t flags, uint64_t uncompressed) {
  uint8_t *e = fatbin + fatSize;
  uint32_t padded = (stored + 7) & ~7u;
  put16(e, kind);
  put16(e + 2, 0x0101);
  put32(e + 4, 64);
  put64(e + 8, padded);
  put32(e + 16, stored);
  put16(e + 26, 8);
  put32(e + 28, arch);
  put64(e + 40, flags | 0x11); // 64-bit, Linux
  put64(e + 56, uncompressed);
  memcpy(e + 64, payload, stored);
  fatSize += 64 + padded;
}

static void end(void) {
  put32(fatbin, 0xBA55ED50);
  put16(fatbin + 4, 1);
  put16(fatbin + 6, 16);
  put64(fatbin + 8, fatSize - 16);
}

static char *readFile(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *s = calloc(1, 1 << 16);
  size_t n = fread(s, 1, (1 << 16) - 512, f);
  fclose(f);
  s[n] = 0;
  return s;
}

int main(int argc, char **argv) {
  char *ptx = readFile(argv[1]);
  if (!ptx)
    return 2;
  // A long run of one character: LZ4 encodes it as an overlapping match.
  strcat(ptx, "// ");
  for (int i = 0; i < 300; ++i)
    strcat(ptx, "=");
  strcat(ptx, "\n");
  size_t ptxLen = strlen(ptx) + 1; // with its NUL, as nvcc stores PTX
  uint8_t *packed = malloc(ptxLen * 2);
  size_t packedLen = lz4((const uint8_t *)ptx, ptxLen, packed);
  EXPECT_TRUE(packedLen < ptxLen);
  const char *old75 = ".version 7.0\n.target sm_75\n.address_size 64\n"
                      ".visible .entry old75()\n{\n\tret;\n}\n";
  const char *junk90 = "this is not PTX and must never be compiled";
  const char sass[] = "\177ELF-pretend-sass";

  CUcontext ctx;
  CUmodule m;
  CUfunction f;
  EXPECT(cuInit(0), CUDA_SUCCESS);
  EXPECT(cuCtxCreate(&ctx, NULL, 0, 0), CUDA_SUCCESS);

  // compute_75, compute_80 (compressed), compute_90 and SASS: 80 wins.
  begin();
  entry(1, 75, old75, (uint32_t)strlen(old75) + 1, 0, 0);
  entry(1, 80, packed, (uint32_t)packedLen, 0x2000, ptxLen);
  entry(1, 90, junk90, (uint32_t)strlen(junk90) + 1, 0, 0);
  entry(2, 80, sass, sizeof sass, 0, 0);
  end();
  EXPECT(cuModuleLoadData(&m, fatbin), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&f, m, "scale"), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&f, m, "old75"), CUDA_ERROR_NOT_FOUND);
  EXPECT(cuModuleUnload(m), CUDA_SUCCESS);

  // The wrapper nvcc registers points at the container.
  struct {
    int magic, version;
    const void *data;
    void *filename;
  } wrapper = {0x466243b1, 1, fatbin, NULL};
  EXPECT(cuModuleLoadFatBinary(&m, &wrapper), CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&f, m, "scale"), CUDA_SUCCESS);

  // cuLibrary*: load, find the kernel, launch the CUkernel itself.
  CUlibrary lib;
  CUkernel k;
  CUfunction kf;
  EXPECT(cuLibraryLoadData(&lib, &wrapper, NULL, NULL, 0, NULL, NULL, 0),
         CUDA_SUCCESS);
  EXPECT(cuLibraryGetKernel(&k, lib, "nope"), CUDA_ERROR_NOT_FOUND);
  EXPECT(cuLibraryGetKernel(&k, lib, "scale"), CUDA_SUCCESS);
  EXPECT(cuKernelGetFunction(&kf, k), CUDA_SUCCESS);
  unsigned count = 0;
  EXPECT(cuLibraryGetKernelCount(&count, lib), CUDA_SUCCESS);
  EXPECT_TRUE(count == 2);
  float data[64];
  for (int i = 0; i < 64; ++i)
    data[i] = (float)i;
  CUdeviceptr d;
  unsigned n = 64;
  float factor = 0.5f;
  void *params[] = {&d, &n, &factor};
  EXPECT(cuMemAlloc(&d, sizeof data), CUDA_SUCCESS);
  EXPECT(cuMemcpyHtoD(d, data, sizeof data), CUDA_SUCCESS);
  EXPECT(cuLaunchKernel((CUfunction)k, 2, 1, 1, 32, 1, 1, 0, NULL, params,
                        NULL),
         CUDA_SUCCESS);
  EXPECT(cuMemcpyDtoH(data, d, sizeof data), CUDA_SUCCESS);
  EXPECT_TRUE(data[2] == 1.0f && data[63] == 31.5f);
  EXPECT(cuLibraryUnload(lib), CUDA_SUCCESS);
  EXPECT(cuLibraryUnload(lib), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuLibraryGetKernel(&k, lib, "scale"), CUDA_ERROR_INVALID_HANDLE);
  EXPECT(cuModuleUnload(m), CUDA_SUCCESS);

  // SASS only.
  begin();
  entry(2, 80, sass, sizeof sass, 0, 0);
  entry(2, 86, sass, sizeof sass, 0, 0);
  end();
  EXPECT(cuModuleLoadData(&m, fatbin), CUDA_ERROR_NO_BINARY_FOR_GPU);
  // PTX only for a newer architecture.
  begin();
  entry(1, 90, junk90, (uint32_t)strlen(junk90) + 1, 0, 0);
  end();
  EXPECT(cuModuleLoadData(&m, fatbin), CUDA_ERROR_NO_BINARY_FOR_GPU);
  // A compressed entry cut short: detected, not read past.
  begin();
  entry(1, 80, packed, (uint32_t)packedLen / 2, 0x2000, ptxLen);
  end();
  EXPECT(cuModuleLoadData(&m, fatbin), CUDA_ERROR_INVALID_IMAGE);
  // An entry claiming more bytes than the container holds.
  begin();
  entry(1, 80, old75, (uint32_t)strlen(old75) + 1, 0, 0);
  end();
  put64(fatbin + 16 + 8, 1 << 30);
  EXPECT(cuModuleLoadData(&m, fatbin), CUDA_ERROR_INVALID_IMAGE);

  // cuLinkAddData and cuLibraryLoadData read images as cuModuleLoadData
  // does: the same refusals, and the same message for a fat binary without
  // usable PTX.
  begin();
  entry(2, 80, sass, sizeof sass, 0, 0);
  end();
  CUlinkState link;
  EXPECT(cuLinkCreate(0, NULL, NULL, &link), CUDA_SUCCESS);
  EXPECT(cuLinkAddData(link, CU_JIT_INPUT_FATBINARY, fatbin, 0, "sass", 0, NULL,
                       NULL),
         CUDA_ERROR_NO_BINARY_FOR_GPU);
  EXPECT(cuLinkAddData(link, CU_JIT_INPUT_FATBINARY, (void *)old75, 0, "ptx", 0,
                       NULL, NULL),
         CUDA_ERROR_INVALID_IMAGE);
  EXPECT(cuLinkDestroy(link), CUDA_SUCCESS);
  EXPECT(cuCtxDestroy(ctx), CUDA_SUCCESS);

  // With no context current a library is only read, not loaded: it is
  // refused all the same.
  CUlibrary none;
  uint8_t cubin[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
  put16(cubin + 18, 190); // EM_CUDA
  EXPECT(cuLibraryLoadData(&none, fatbin, NULL, NULL, 0, NULL, NULL, 0),
         CUDA_ERROR_NO_BINARY_FOR_GPU);
  EXPECT(cuLibraryLoadData(&none, cubin, NULL, NULL, 0, NULL, NULL, 0),
         CUDA_ERROR_NO_BINARY_FOR_GPU);
  EXPECT(cuLibraryLoadData(&none, junk90, NULL, NULL, 0, NULL, NULL, 0),
         CUDA_ERROR_INVALID_IMAGE);
  free(fatbin);
  free(packed);
  free(ptx);
  return finish();
}
