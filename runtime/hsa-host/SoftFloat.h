//===- SoftFloat.h - half and bfloat16 conversions for generated code -----===//
//
// x86 code generation lowers conversions to and from half/bfloat16 to
// compiler-rt calls; the process may lack them (libgcc provides only some),
// so the JIT binds these. Values travel in XMM registers as LLVM passes
// them; narrowing rounds to nearest even in one step (double -> half never
// goes through float, which would round twice).
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_HSAHOST_SOFTFLOAT_H
#define PTXMLIR_RUNTIME_HSAHOST_SOFTFLOAT_H

#include <cstdint>

namespace ptxmlir::hsahost::softfloat {

float extendhfsf2(_Float16 h);
double extendhfdf2(_Float16 h);
_Float16 truncsfhf2(float f);
_Float16 truncdfhf2(double d);
float extendbfsf2(__bf16 b);
__bf16 truncsfbf2(float f);
__bf16 truncdfbf2(double d);

/// Rounds `d` to nearest even in a binary format with `expBits` exponent
/// and `mantBits` fraction bits; returns its bit pattern.
uint32_t narrowFromDouble(double d, int expBits, int mantBits);

} // namespace ptxmlir::hsahost::softfloat

#endif // PTXMLIR_RUNTIME_HSAHOST_SOFTFLOAT_H
