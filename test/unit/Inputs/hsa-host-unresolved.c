/* A host code object whose kernel calls a function no library defines:
 * loading it must fail with a message naming the symbol. */
#include "ptxmlir/Target/Host/HostABI.h"

extern void ptxmlir_test_undefined_function(void);

void unresolved_entry(ptxmlir_thread_ctx *ctx) __asm__(
    "unresolved.ptxmlir_entry");
void unresolved_entry(ptxmlir_thread_ctx *ctx) {
  (void)ctx;
  ptxmlir_test_undefined_function();
}
