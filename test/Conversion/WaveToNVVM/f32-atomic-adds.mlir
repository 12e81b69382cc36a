// On the NVVM path an f32 atomic add into global memory that PTX does not
// flush (cp.reduce.async.bulk, the tensor reductions: no ptx.atomic_ftz)
// becomes a compare-exchange loop around a plain fadd, since NVPTX's
// atom.global.add.f32 flushes subnormals on NVIDIA GPUs. atom/red's own
// adds (ptx.atomic_ftz), shared memory and other types keep the atomicrmw.
// RUN: ptx-opt %s -convert-wave-to-nvvm | FileCheck %s

module attributes {ptx.wave_size = 32 : i32} {
  // CHECK-LABEL: llvm.func @bulk
  // CHECK: %[[FIRST:.*]] = llvm.load %arg0 atomic syncscope("device") monotonic {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  // CHECK: llvm.br ^[[LOOP:.*]](%[[FIRST]] : i32)
  // CHECK: ^[[LOOP]](%[[CUR:.*]]: i32):
  // CHECK: %[[F:.*]] = llvm.bitcast %[[CUR]] : i32 to f32
  // CHECK: %[[SUM:.*]] = llvm.fadd %[[F]], %arg1 : f32
  // CHECK: %[[NEW:.*]] = llvm.bitcast %[[SUM]] : f32 to i32
  // CHECK: %[[PAIR:.*]] = llvm.cmpxchg %arg0, %[[CUR]], %[[NEW]] syncscope("device") monotonic monotonic
  // CHECK: %[[SEEN:.*]] = llvm.extractvalue %[[PAIR]][0]
  // CHECK: %[[OK:.*]] = llvm.extractvalue %[[PAIR]][1]
  // CHECK: llvm.cond_br %[[OK]], ^[[DONE:.*]], ^[[LOOP]](%[[SEEN]] : i32)
  // CHECK: ^[[DONE]]:
  // CHECK: %[[OLD:.*]] = llvm.bitcast %[[CUR]] : i32 to f32
  // CHECK: llvm.return %[[OLD]] : f32
  // CHECK-NOT: llvm.atomicrmw
  llvm.func @bulk(%p: !llvm.ptr<1>, %v: f32) -> f32 {
    %0 = llvm.atomicrmw fadd %p, %v syncscope("ptx.gpu") monotonic {alignment = 4 : i64} : !llvm.ptr<1>, f32
    llvm.return %0 : f32
  }
  // CHECK-LABEL: llvm.func @kept
  // CHECK: llvm.atomicrmw fadd %arg0, %arg2 syncscope("device") monotonic {alignment = 4 : i64, ptx.atomic_ftz}
  // CHECK: llvm.atomicrmw fadd %arg1, %arg2 syncscope("block") monotonic
  // CHECK: llvm.atomicrmw fadd %arg0, %arg3 syncscope("device") monotonic
  // CHECK-NOT: llvm.cmpxchg
  llvm.func @kept(%g: !llvm.ptr<1>, %s: !llvm.ptr<3>, %v: f32, %d: f64) {
    %0 = llvm.atomicrmw fadd %g, %v syncscope("ptx.gpu") monotonic {alignment = 4 : i64, ptx.atomic_ftz} : !llvm.ptr<1>, f32
    %1 = llvm.atomicrmw fadd %s, %v syncscope("ptx.cta") monotonic {alignment = 4 : i64} : !llvm.ptr<3>, f32
    %2 = llvm.atomicrmw fadd %g, %d syncscope("ptx.gpu") monotonic {alignment = 8 : i64} : !llvm.ptr<1>, f64
    llvm.return
  }
}
