//===- Passes.h - passes inside the ptx dialect -----------------*- C++ -*-===//

#ifndef PTXMLIR_DIALECT_PTX_TRANSFORMS_PASSES_H
#define PTXMLIR_DIALECT_PTX_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::ptx {

#define GEN_PASS_DECL
#include "PTX/Transforms/Passes.h.inc"

/// The work of -ptx-lower-predication on every function under `root`.
LogicalResult lowerPredication(Operation *root);

/// The work of -ptx-link-modules: merges every ptx.module in `top` into the
/// first one (located errors for symbols two modules define).
LogicalResult linkModules(ModuleOp top);

#define GEN_PASS_REGISTRATION
#include "PTX/Transforms/Passes.h.inc"

} // namespace mlir::ptx

#endif // PTXMLIR_DIALECT_PTX_TRANSFORMS_PASSES_H
