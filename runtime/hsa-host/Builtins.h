//===- Builtins.h - what generated host code links against ----------------===//

#ifndef PTXMLIR_RUNTIME_HSAHOST_BUILTINS_H
#define PTXMLIR_RUNTIME_HSAHOST_BUILTINS_H

#include <vector>

namespace ptxmlir::hsahost {

struct RuntimeSymbol {
  const char *name;
  void *address;
};

/// The __ptxmlir_* runtime functions of HostABI.h and the compiler-rt
/// half/bfloat16 conversions x86 code generation may call, by the names
/// generated code uses.
const std::vector<RuntimeSymbol> &runtimeSymbols();

} // namespace ptxmlir::hsahost

#endif // PTXMLIR_RUNTIME_HSAHOST_BUILTINS_H
