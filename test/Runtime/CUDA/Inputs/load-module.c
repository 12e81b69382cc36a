/* load-module [--link] FILE [KERNEL]: loads FILE into a fresh context from
 * memory (cuModuleLoadDataEx with an error log; with --link, through
 * cuLinkCreate/AddData/Complete first) and looks KERNEL up. Prints the
 * results and the error log. */
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *name(CUresult r) {
  const char *s = "?";
  cuGetErrorName(r, &s);
  return s;
}

int main(int argc, char **argv) {
  int link = argc > 1 && strcmp(argv[1], "--link") == 0;
  if (argc < 2 + link)
    return 2;
  FILE *f = fopen(argv[1 + link], "rb");
  if (!f)
    return 2;
  char *data = calloc(1, 1 << 22);
  size_t n = fread(data, 1, (1 << 22) - 1, f);
  fclose(f);
  CUcontext ctx;
  CUmodule m;
  CUfunction fn;
  if (cuInit(0) || cuCtxCreate(&ctx, NULL, 0, 0)) {
    free(data);
    return 1;
  }
  const void *image = data;
  CUlinkState state = NULL;
  if (link) {
    void *cubin;
    size_t size;
    CUresult r = cuLinkCreate(0, NULL, NULL, &state);
    if (!r)
      r = cuLinkAddData(state, CU_JIT_INPUT_PTX, data, n + 1, "in.ptx", 0, NULL,
                        NULL);
    printf("link add: %s\n", name(r));
    r = cuLinkComplete(state, &cubin, &size);
    printf("link complete: %s, %s\n", name(r),
           r == CUDA_SUCCESS && size > 4 && memcmp(cubin, "\177ELF", 4) == 0
               ? "ELF"
               : "no ELF");
    if (r) {
      cuLinkDestroy(state);
      cuCtxDestroy(ctx);
      free(data);
      return 1;
    }
    image = cubin;
  }
  char log[8192] = "";
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER,
                         CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)(uintptr_t)sizeof log};
  CUresult r = cuModuleLoadDataEx(&m, image, 2, opts, vals);
  printf("load: %s\n", name(r));
  if (*log)
    printf("error log: %s\n", log);
  if (r == CUDA_SUCCESS && argc > 2 + link)
    printf("function %s: %s\n", argv[2 + link],
           name(cuModuleGetFunction(&fn, m, argv[2 + link])));
  if (r == CUDA_SUCCESS)
    cuModuleUnload(m);
  if (state)
    cuLinkDestroy(state);
  cuCtxDestroy(ctx);
  free(data);
  return 0;
}
