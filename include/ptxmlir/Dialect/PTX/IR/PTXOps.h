//===- PTXOps.h - ops of the ptx dialect ------------------------*- C++ -*-===//

#ifndef PTXMLIR_DIALECT_PTX_IR_PTXOPS_H
#define PTXMLIR_DIALECT_PTX_IR_PTXOPS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "ptxmlir/Dialect/PTX/IR/PTXDialect.h"

#include "PTX/IR/PTXInterfaces.h.inc"

namespace mlir::ptx::detail {
/// Checks shared by every instruction: guard and prev operands.
LogicalResult verifyInstruction(Operation *op);
/// The generic textual form of instructions:
///   %d = ptx.add %a, %b [if %p | if not %p] [prev %old] {attrs} : fn-type
ParseResult parseInstruction(OpAsmParser &parser, OperationState &result,
                             unsigned numOperandGroups);
template <typename OpT>
ParseResult parseInstruction(OpAsmParser &parser, OperationState &result) {
  using Props = typename OpT::Properties;
  constexpr unsigned n = std::tuple_size<
      decltype(std::declval<Props>().operandSegmentSizes)>::value;
  return parseInstruction(parser, result, n);
}
void printInstruction(Operation *op, OpAsmPrinter &printer);
} // namespace mlir::ptx::detail

namespace mlir::ptx {
/// The value of an integer immediate operand (the importer's
/// arith.constant), or none when `v` is absent or a register.
std::optional<int64_t> getImmediate(Value v);

ParseResult parseFallthrough(OpAsmParser &parser,
                             SmallVectorImpl<Block *> &successors);
void printFallthrough(OpAsmPrinter &printer, Operation *op,
                      SuccessorRange successors);
} // namespace mlir::ptx

#define GET_OP_CLASSES
#include "PTX/IR/PTXOps.h.inc"

#endif // PTXMLIR_DIALECT_PTX_IR_PTXOPS_H
