/* The C embedding API: compile PTX to a code object from two threads at
 * once, and get located diagnostics (not a crash) for bad input.
 * Usage: ptxmlir-capi-test file.ptx   Prints what it checked. */
#include "ptxmlir/Compiler/ptxmlir.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *ptx;
static size_t ptxSize;

struct job {
  const char *chip;
  int ok;
  size_t size;
  int elf;
};

static void *compileJob(void *arg) {
  struct job *j = (struct job *)arg;
  char *out = NULL, *diag = NULL;
  size_t size = 0;
  j->ok = ptxmlir_compile(ptx, ptxSize, j->chip, PTXMLIR_OUTPUT_CODE_OBJECT,
                          "input.ptx", &out, &size, &diag) == 0;
  j->size = size;
  j->elf = out && size > 4 && memcmp(out, "\177ELF", 4) == 0;
  ptxmlir_free(out);
  ptxmlir_free(diag);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f)
    return 2;
  fseek(f, 0, SEEK_END);
  ptxSize = (size_t)ftell(f);
  fseek(f, 0, SEEK_SET);
  ptx = malloc(ptxSize);
  if (fread(ptx, 1, ptxSize, f) != ptxSize)
    return 2;
  fclose(f);

  struct job jobs[2] = {{"gfx1100", 0, 0, 0}, {"gfx942", 0, 0, 0}};
  pthread_t threads[2];
  for (int i = 0; i < 2; ++i)
    pthread_create(&threads[i], NULL, compileJob, &jobs[i]);
  for (int i = 0; i < 2; ++i)
    pthread_join(threads[i], NULL);
  for (int i = 0; i < 2; ++i)
    printf("%s: %s, %s\n", jobs[i].chip, jobs[i].ok ? "compiled" : "failed",
           jobs[i].elf ? "ELF code object" : "no code object");

  /* Bad PTX: a located error, no output. */
  const char *bad = ".version 8.0\n.target sm_80\n.address_size 64\n"
                    ".visible .entry k()\n{\n  bogus.op %r1;\n}\n";
  char *out = NULL, *diag = NULL;
  size_t size = 0;
  int rc =
      ptxmlir_compile(bad, strlen(bad), "gfx1100", PTXMLIR_OUTPUT_CODE_OBJECT,
                      "bad.ptx", &out, &size, &diag);
  printf("bad PTX: rc=%d out=%s diag=%s", rc, out ? "set" : "null",
         diag ? diag : "(none)\n");
  ptxmlir_free(out);
  ptxmlir_free(diag);

  /* Invalid arguments and an unknown chip. */
  rc = ptxmlir_compile(ptx, ptxSize, NULL, PTXMLIR_OUTPUT_CODE_OBJECT, NULL,
                       &out, &size, &diag);
  printf("null chip: rc=%d diag=%s", rc, diag ? diag : "(none)\n");
  ptxmlir_free(diag);
  rc = ptxmlir_compile(ptx, ptxSize, "gfx1", PTXMLIR_OUTPUT_CODE_OBJECT, NULL,
                       &out, &size, &diag);
  printf("unknown chip: rc=%d diag=%s", rc, diag ? diag : "(none)\n");
  ptxmlir_free(diag);

  /* An error from LLVM code generation (the LDS limit) is a diagnostic, and
     the process carries on compiling. */
  const char *big = ".version 8.0\n.target sm_80\n.address_size 64\n"
                    ".shared .align 4 .b8 big[200000];\n"
                    ".visible .entry k(.param .u64 out)\n{\n"
                    "  .reg .b32 %r<3>;\n  .reg .b64 %rd<2>;\n"
                    "  mov.u32 %r1, big;\n"
                    "  ld.shared.u32 %r2, [%r1+199996];\n"
                    "  ld.param.u64 %rd1, [out];\n"
                    "  st.global.u32 [%rd1], %r2;\n  ret;\n}\n";
  rc = ptxmlir_compile(big, strlen(big), "gfx1100", PTXMLIR_OUTPUT_CODE_OBJECT,
                       "big.ptx", &out, &size, &diag);
  printf("LDS over the limit: rc=%d out=%s diag=%s", rc, out ? "set" : "null",
         diag ? diag : "(none)\n");
  ptxmlir_free(out);
  ptxmlir_free(diag);
  rc = ptxmlir_compile(ptx, ptxSize, "gfx1100", PTXMLIR_OUTPUT_CODE_OBJECT,
                       NULL, &out, &size, &diag);
  printf("after it: rc=%d %s\n", rc, out ? "code object" : "nothing");
  ptxmlir_free(out);
  ptxmlir_free(diag);

  /* A call nothing can link (the module does not define the function): a
     located diagnostic, twice, and the next compile still links. Errors of
     lld itself are link-guard-test's business: no valid PTX we know of
     reaches one (every use of an undefined function is diagnosed, a sized
     .extern variable without a definition is defined here and an unsized
     .extern .global/.const one is a located error). */
  const char *undef = ".version 8.0\n.target sm_80\n.address_size 64\n"
                      ".extern .func g();\n"
                      ".visible .entry k()\n{\n  call g, ();\n  ret;\n}\n";
  for (int i = 0; i < 2; ++i) {
    rc = ptxmlir_compile(undef, strlen(undef), "gfx942",
                         PTXMLIR_OUTPUT_CODE_OBJECT, "undef.ptx", &out, &size,
                         &diag);
    printf("undefined function: rc=%d out=%s diag=%s", rc, out ? "set" : "null",
           diag ? diag : "(none)\n");
    ptxmlir_free(out);
    ptxmlir_free(diag);
  }
  rc = ptxmlir_compile(ptx, ptxSize, "gfx942", PTXMLIR_OUTPUT_CODE_OBJECT, NULL,
                       &out, &size, &diag);
  printf("link after them: rc=%d %s\n", rc,
         out && size > 4 && memcmp(out, "\177ELF", 4) == 0 ? "code object"
                                                           : "nothing");
  ptxmlir_free(out);
  ptxmlir_free(diag);
  free(ptx);
  return 0;
}
