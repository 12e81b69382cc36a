/*===- ptxmlir.h - the embedding API (C) -------------------------*- C -*-===*\
|*                                                                            *|
|* Compile PTX text to an AMD code object from any language with a C FFI.     *|
|* Thread-safe.                                                               *|
\*===----------------------------------------------------------------------===*/

#ifndef PTXMLIR_COMPILER_PTXMLIR_H
#define PTXMLIR_COMPILER_PTXMLIR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  PTXMLIR_OUTPUT_PTX_DIALECT = 0,
  PTXMLIR_OUTPUT_SHARED_LAYER = 1,
  PTXMLIR_OUTPUT_LLVM_DIALECT = 2,
  PTXMLIR_OUTPUT_LLVM_IR = 3,
  PTXMLIR_OUTPUT_ASSEMBLY = 4,
  PTXMLIR_OUTPUT_OBJECT = 5,
  PTXMLIR_OUTPUT_CODE_OBJECT = 6
} ptxmlir_output;

/* Compiles `size` bytes of PTX for `chip` ("gfx1100" ...). On success
 * returns 0 and sets *out / *out_size to a malloc'ed buffer (free with
 * ptxmlir_free). On failure returns non-zero. *diagnostics, when not NULL,
 * receives a malloc'ed NUL-terminated string with the located diagnostics
 * (possibly empty). `source_name` names the PTX in diagnostics (may be
 * NULL). */
int ptxmlir_compile(const char *ptx, size_t size, const char *chip,
                    ptxmlir_output output, const char *source_name, char **out,
                    size_t *out_size, char **diagnostics);

void ptxmlir_free(void *p);

#ifdef __cplusplus
}
#endif

#endif /* PTXMLIR_COMPILER_PTXMLIR_H */
