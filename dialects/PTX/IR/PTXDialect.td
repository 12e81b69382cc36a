//===- PTXDialect.td - the ptx dialect ---------------------*- tablegen -*-===//
//
// One op per PTX opcode. Modifiers are enum or unit attributes; the
// instruction type is an attribute separate from the SSA type of the
// registers (a `.b32` register may feed `add.f32`).
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_PTX_DIALECT_TD
#define PTXMLIR_PTX_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def PTX_Dialect : Dialect {
  let name = "ptx";
  let cppNamespace = "::mlir::ptx";
  let summary = "NVIDIA PTX, one op per opcode";
  let description = [{
    The `ptx` dialect models the NVIDIA Parallel Thread Execution ISA (PTX
    9.x). Every PTX opcode is its own op; modifiers such as `.rn`, `.ftz`,
    `.sat`, state spaces, scopes and memory-ordering semantics are typed enum
    or unit attributes, and the instruction type (`.s32`, `.f16x2` ...) is an
    attribute separate from the SSA type of the operands. SSA values carry
    their register's declared type: `.pred` is `i1`, `.b/.u/.sN` are `iN`,
    `.f16/.bf16/.f32/.f64` stay floats and packed x2 values are `i32`.

    Predicated instructions carry an optional guard operand, a negation flag
    and, for each result, the value the destination register held before, so
    that a later pass can turn them into selects or branches.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 0;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

#endif // PTXMLIR_PTX_DIALECT_TD
