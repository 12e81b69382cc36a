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

def PTXLinkModules : Pass<"ptx-link-modules", "::mlir::ModuleOp"> {
  let summary = "Link the ptx.module ops of a module into one";
  let description = [{
    A program built with `nvcc -rdc=true` has one PTX module per translation
    unit. The modules are merged into the first, as a static linker merges
    objects: a module-local symbol (no linkage directive) that an earlier
    module also names, or any other module names globally, is renamed in
    its own module (`name$ptxmlir_m<index>`); each global name
    (`.visible`, `.weak`, `.common`, `.extern`) keeps one definition, the
    `.visible` one or else the first `.weak`/`.common` one, and one
    declaration where no module defines it; two `.visible` definitions are
    an error. The result has the highest `.version` and target of its
    inputs; `.address_size` must agree.
  }];
}

#endif // PTXMLIR_PTX_TRANSFORMS_PASSES_TD
