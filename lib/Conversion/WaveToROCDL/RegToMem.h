//===- RegToMem.h - values across blocks through stack slots ----*- C++ -*-===//
//
// Private to lib/Conversion/WaveToROCDL. The warp scheduler re-enters a
// kernel's blocks from a dispatcher loop, which breaks SSA dominance. Before
// it rewires the blocks, every value that crosses a block boundary goes
// through a stack slot (LLVM's reg2mem); the AMDGPU pipeline's SROA turns
// the slots back into registers and phis of the new control flow.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_LIB_CONVERSION_WAVETOROCDL_REGTOMEM_H
#define PTXMLIR_LIB_CONVERSION_WAVETOROCDL_REGTOMEM_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Value.h"

namespace mlir::ptx::rocdl {

/// For `blocks` of one region (none of them its entry block): their
/// arguments, and each value one of them defines that is used in another
/// block, are stored to a private stack slot (address space 5, as AMDGPU
/// requires) created at the start of `slots` and
/// loaded where used; side-effect-free operations without operands
/// (constants, addresses of globals) are cloned next to their users instead.
/// Edges into an argument-taking block from a terminator with several
/// successors get a block of their own (returned in `blocks`' region, and
/// appended to `blocks`). Afterwards no value crosses a boundary between
/// blocks of `blocks` except those defined in `slots`'s dominating blocks.
/// The slots it creates are appended to `created` when given.
void demoteCrossBlockValues(SmallVectorImpl<Block *> &blocks, Block *slots,
                            SmallVectorImpl<Value> *created = nullptr);

} // namespace mlir::ptx::rocdl

#endif // PTXMLIR_LIB_CONVERSION_WAVETOROCDL_REGTOMEM_H
