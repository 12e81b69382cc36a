//===- Passes.h - ptx-mlir conversion passes --------------------*- C++ -*-===//

#ifndef PTXMLIR_CONVERSION_PASSES_H
#define PTXMLIR_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Pass/Pass.h"
#include "ptxmlir/Dialect/Wave/IR/WaveDialect.h"

namespace mlir::ptx {

#define GEN_PASS_DECL
#include "ptxmlir/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ptxmlir/Conversion/Passes.h.inc"

} // namespace mlir::ptx

#endif // PTXMLIR_CONVERSION_PASSES_H
