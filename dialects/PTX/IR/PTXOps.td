//===- PTXOps.td - all ops of the ptx dialect --------------*- tablegen -*-===//

#ifndef PTXMLIR_PTX_OPS_TD
#define PTXMLIR_PTX_OPS_TD

include "PTX/IR/PTXOpsModule.td"
include "PTX/IR/PTXOpsTexture.td"
include "PTX/IR/PTXOpsMatrix.td"
include "PTX/IR/PTXOpsVideo.td"
include "PTX/IR/PTXOpsAsync.td"

#endif // PTXMLIR_PTX_OPS_TD
