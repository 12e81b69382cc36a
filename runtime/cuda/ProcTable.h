/*===- ProcTable.h - what cuGetProcAddress searches ------------*- C -*-===*\
|* Generated (ProcTable.c) from NVIDIA's cudaTypedefs.h by                  *|
|* gen-entry-points.py: for each API name every symbol it has had, with the *|
|* CUDA version that introduced it.                                         *|
\*===--------------------------------------------------------------------===*/

#ifndef PTXMLIR_RUNTIME_CUDA_PROCTABLE_H
#define PTXMLIR_RUNTIME_CUDA_PROCTABLE_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ptxmlir_proc_entry {
  const char *name;    /* "cuMemAlloc" */
  const char *symbol;  /* "cuMemAlloc_v2" */
  int version;         /* 3020: CUDA 3.2 */
  int perThreadStream; /* the _ptds/_ptsz flavour */
  void *address;
  void *stub; /* equal to address: not implemented (NOT_SUPPORTED) */
} ptxmlir_proc_entry;

extern const ptxmlir_proc_entry ptxmlir_proc_table[];
extern const unsigned ptxmlir_proc_table_size;

#ifdef __cplusplus
}
#endif

#endif
