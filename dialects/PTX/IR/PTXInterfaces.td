//===- PTXInterfaces.td - interfaces of the ptx dialect ----*- tablegen -*-===//

#ifndef PTXMLIR_PTX_INTERFACES_TD
#define PTXMLIR_PTX_INTERFACES_TD

include "mlir/IR/OpBase.td"

def PTX_PredicableOpInterface : OpInterface<"PredicableOpInterface"> {
  let cppNamespace = "::mlir::ptx";
  let description = [{
    An instruction that may carry a PTX guard predicate (`@%p` / `@!%p`).
    When the guard is false the destination registers keep their previous
    values, which the op carries as its `prev` operands, one per result.
  }];
  let methods = [
    InterfaceMethod<"The guard predicate, or null when unpredicated.",
      "::mlir::Value", "getGuard">,
    InterfaceMethod<"Whether the guard is negated (`@!%p`).",
      "bool", "getGuardNeg">,
    InterfaceMethod<"The previous values of the destination registers.",
      "::mlir::Operation::operand_range", "getPrev">,
  ];
}

def PTX_InstructionOpInterface : OpInterface<"InstructionOpInterface"> {
  let cppNamespace = "::mlir::ptx";
  let description = [{
    Static facts about the PTX instruction an op models, generated from the
    op definitions by ptx-tblgen.
  }];
  let methods = [
    StaticInterfaceMethod<"The PTX opcode spelling, e.g. `shfl.sync`.",
      "::llvm::StringRef", "getPTXOpcode">,
  ];
}

#endif // PTXMLIR_PTX_INTERFACES_TD
