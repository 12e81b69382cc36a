//===- RerollChains.h - identical blocks rolled into loops ------*- C++ -*-===//
//
// nvcc unrolls polling loops: libcu++'s mbarrier wait becomes 30 and more
// copies of `try_wait; if done goto out` in a row (e2e async_copy: 377
// try_waits, a block each). After optimisation each copy is a block of an
// atomic load, a compare and a branch, identical to the one before but for
// the names of its values. LLVM's AMDGPU code generator pays per block
// (instruction selection builds a DAG per block; live-variable analysis
// walks every physical register per block), ptxas does not.
//
// So, after optimisation, a run of such blocks is rolled back into a loop
// that runs the first block's code as many times as the run had copies:
// the first block becomes the loop's header, a new latch counts the trips
// and leaves to where the last copy fell through. The program does what it
// did: the same instructions, in the same order, as many times at most.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_TARGET_AMDGPU_REROLLCHAINS_H
#define PTXMLIR_LIB_TARGET_AMDGPU_REROLLCHAINS_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::ptx::amdgpu {

/// Shortest run rolled (see above).
constexpr unsigned kMinRerolledRun = 4;

/// Rolls every run of at least `minRun` blocks of `module` into a loop,
/// where each block of the run (but the first) has the previous one as its
/// only predecessor, no PHIs, and the same instructions as the first one
/// (the same flags and metadata; operands the same values, the same
/// positions in its own block, or carried: the value at one position of
/// the block before, where the first block has an outside value; no
/// convergent calls, no tokens), ending in a conditional branch on the
/// same position's condition to the same block on the same side and to the
/// next block of the run on the other; values of a block are used in it,
/// by the next block where carried, by that common successor's PHIs
/// consistently with the first block, or (the last block's) after the run.
/// Returns the number of runs rolled.
unsigned rerollChains(llvm::Module &module, unsigned minRun = kMinRerolledRun);

} // namespace mlir::ptx::amdgpu

#endif // PTXMLIR_LIB_TARGET_AMDGPU_REROLLCHAINS_H
