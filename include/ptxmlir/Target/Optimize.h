//===- Optimize.h - the LLVM optimisation pipeline for every back end -----===//

#ifndef PTXMLIR_TARGET_OPTIMIZE_H
#define PTXMLIR_TARGET_OPTIMIZE_H

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir::ptx {

/// Runs LLVM's default module pipeline at -O`optLevel` (0 does nothing),
/// tuned for `tm`.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &tm,
                    unsigned optLevel);

} // namespace mlir::ptx

#endif // PTXMLIR_TARGET_OPTIMIZE_H
