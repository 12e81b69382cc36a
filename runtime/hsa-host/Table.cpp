//===- Table.cpp - the CPU agent's HSA call table -------------------------===//

#include "HostAgent.h"
#include "Internal.h"

namespace ptxmlir::hsahost {

void fillHsaTable(runtime::HsaTable &t) {
#define PTXMLIR_HOST_FILL(name) t.name = &host_##name;
  PTXMLIR_HSA_FUNCTIONS(PTXMLIR_HOST_FILL)
#undef PTXMLIR_HOST_FILL
}

} // namespace ptxmlir::hsahost
