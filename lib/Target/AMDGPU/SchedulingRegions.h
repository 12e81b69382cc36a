//===- SchedulingRegions.h - long blocks cut for codegen --------*- C++ -*-===//
//
// LLVM's AMDGPU code generator spends time that grows faster than linearly
// with the length of a basic block: instruction selection builds one DAG per
// block, and the machine schedulers (before and after register allocation)
// schedule one region per stretch between scheduling boundaries, several
// times over (the GCN scheduler's stages). nvcc unrolls loops into blocks
// of thousands of instructions (local_memory's k_local: one block of 4347
// IR instructions took 0.2 s of selection and 0.3 s of scheduling of a
// 0.75 s compile).
//
// So, after optimisation, every block longer than a bound is cut into
// stretches of equal length (one instruction apart at most), none longer
// than the bound, by `llvm.amdgcn.sched.barrier(0)`. With mask 0 the
// intrinsic lets nothing be scheduled across it and is a scheduling
// boundary, so each stretch is a region of its own; it emits no
// instruction. The program's meaning is unchanged: only how far the
// schedulers may move instructions. (Measured on k_local: selection
// 0.2 -> 0.09 s, scheduling 0.3 -> 0.06 s.)
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_TARGET_AMDGPU_SCHEDULINGREGIONS_H
#define PTXMLIR_LIB_TARGET_AMDGPU_SCHEDULINGREGIONS_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::ptx::amdgpu {

/// Instructions per scheduling region at most (see above). Over the blocks
/// of the e2e corpus, bounds from 250 to 800 gave the same compile time;
/// 800 cuts the fewest blocks (docs/benchmarks.md, session 16).
constexpr unsigned kMaxSchedulingRegion = 800;

/// Cuts every block of `module` longer than `maxInstructions` (not counting
/// PHIs, debug instructions and the terminator) into stretches of equal
/// length (one instruction apart at most), none longer than
/// `maxInstructions`, with scheduling barriers; 0
/// cuts nothing. Returns how many barriers it inserted.
unsigned
limitSchedulingRegions(llvm::Module &module,
                       unsigned maxInstructions = kMaxSchedulingRegion);

} // namespace mlir::ptx::amdgpu

#endif // PTXMLIR_LIB_TARGET_AMDGPU_SCHEDULINGREGIONS_H
