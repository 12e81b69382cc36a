//===- PTXOps.td - all ops of the ptx dialect --------------*- tablegen -*-===//

#ifndef PTXMLIR_PTX_OPS_TD
#define PTXMLIR_PTX_OPS_TD

include "PTX/IR/PTXOpsModule.td"

#endif // PTXMLIR_PTX_OPS_TD
