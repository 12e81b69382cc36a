//===- Passes.td - passes inside the ptx dialect -----------*- tablegen -*-===//

#ifndef PTXMLIR_PTX_TRANSFORMS_PASSES_TD
#define PTXMLIR_PTX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def PTXLowerPredication : Pass<"ptx-lower-predication"> {
  let summary = "Turn guarded instructions into selects and branches";
  let description = [{
    A guarded instruction without side effects is executed unconditionally
    and its results are selected against the registers' previous values. A
    guarded instruction with side effects (memory, synchronisation, calls)
    moves into a block of its own entered only when the guard holds; its
    results reach the continuation as block arguments.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

#endif // PTXMLIR_PTX_TRANSFORMS_PASSES_TD
