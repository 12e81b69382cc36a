// The wave lowerings create arith ops (constants, divisions, extensions)
// and load the arith dialect themselves: an input without any arith op
// used to crash ptx-opt here (no arith dialect in the context).
// RUN: ptx-opt %s -convert-wave-to-nvvm | FileCheck %s --check-prefix=NVVM
// RUN: ptx-opt %s -convert-wave-to-rocdl | FileCheck %s --check-prefix=ROCDL

module attributes {ptx.wave_size = 32 : i32} {
  // NVVM-LABEL: llvm.func @k
  // NVVM: %[[ID:.*]] = arith.constant 0 : i32
  // NVVM: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%[[ID]])
  // ROCDL-LABEL: llvm.func @k
  // ROCDL: llvm.call_intrinsic "llvm.amdgcn.s.barrier"
  // ROCDL: %[[N:.*]] = arith.divui
  // ROCDL: llvm.return %[[N]]
  llvm.func @k() -> i32 {
    wave.barrier {op_id = 0 : i64}
    %0 = wave.grid_dim 0
    llvm.return %0 : i32
  }
}
