// Float atomic adds on the CPU agent: a compare-exchange loop on the bits
// whose new value is what an NVIDIA H200 leaves in memory (FloatAtomics.h;
// measured by test/Runtime/CUDA/atomic-nan.c): f32/f16/bf16 NaN results
// canonical, f32 into global memory with subnormals flushed where the add
// is marked ptx.atomic_ftz (atom/red; the bulk reductions are not), f64
// NaNs by
// the global (operand's, else memory's, as they are) or shared (memory's,
// else the operand's, quieted) rule, a generic pointer told apart by the
// shared window. Other atomics are left alone.
// RUN: ptx-opt %s -convert-wave-to-host=chip=gfx1100 | FileCheck %s

// CHECK-LABEL: llvm.func @global_f32(
// CHECK-SAME: %[[C:.*]]: !llvm.ptr, %[[P:.*]]: !llvm.ptr, %[[V:.*]]: f32)
// CHECK: %[[VB:.*]] = llvm.bitcast %[[V]] : f32 to i32
// CHECK: %[[FIRST:.*]] = llvm.load %[[P]] atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: llvm.br ^[[LOOP:.*]](%[[FIRST]] : i32)
// CHECK: ^[[LOOP]](%[[CUR:.*]]: i32):
// Flush: exponent field 0 -> the sign alone.
// CHECK: llvm.mlir.constant(2139095040 : i32)
// CHECK: llvm.mlir.constant(-2147483648 : i32)
// CHECK: llvm.fadd
// A NaN becomes 0x7fffffff.
// CHECK: %[[ISNAN:.*]] = llvm.icmp "ugt"
// CHECK: %[[CANON:.*]] = llvm.mlir.constant(2147483647 : i32) : i32
// CHECK: %[[NEXT:.*]] = llvm.select %[[ISNAN]], %[[CANON]], %{{.*}} : i1, i32
// CHECK: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[CUR]], %[[NEXT]] monotonic monotonic {alignment = 4 : i64} : !llvm.ptr, i32
// CHECK: %[[SEEN:.*]] = llvm.extractvalue %[[PAIR]][0]
// CHECK: %[[OK:.*]] = llvm.extractvalue %[[PAIR]][1]
// CHECK: llvm.cond_br %[[OK]], ^[[DONE:.*]], ^[[LOOP]](%[[SEEN]] : i32)
// CHECK: ^[[DONE]]:
// CHECK: %[[OLD:.*]] = llvm.bitcast %[[CUR]] : i32 to f32
// CHECK: llvm.return %[[OLD]] : f32
// CHECK-NOT: atomicrmw
llvm.func @global_f32(%p: !llvm.ptr<1>, %v: f32) -> f32 {
  %0 = llvm.atomicrmw fadd %p, %v monotonic {alignment = 4 : i64, ptx.atomic_ftz} : !llvm.ptr<1>, f32
  llvm.return %0 : f32
}

// Unmarked global f32 (a bulk reduction): no flush.
// CHECK-LABEL: llvm.func @global_f32_keep(
// CHECK: ^bb1(%{{.*}}: i32):
// CHECK-NOT: 2139095040 : i32
// CHECK: llvm.fadd
// CHECK-NEXT: llvm.bitcast
// CHECK-NEXT: llvm.mlir.constant(2147483647 : i32)
// CHECK: llvm.cmpxchg
llvm.func @global_f32_keep(%p: !llvm.ptr<1>, %v: f32) {
  %0 = llvm.atomicrmw fadd %p, %v monotonic : !llvm.ptr<1>, f32
  llvm.return
}

// Marked generic f32: flushed unless the address is in the shared window.
// CHECK-LABEL: llvm.func @generic_f32(
// CHECK: %[[SH:.*]] = llvm.and %{{.*}}, %{{.*}} : i1
// CHECK: ^bb1(%{{.*}}: i32):
// CHECK: llvm.fadd
// CHECK: %[[KEEP:.*]] = llvm.fadd
// CHECK-NEXT: %[[KEEPB:.*]] = llvm.bitcast %[[KEEP]] : f32 to i32
// CHECK-NEXT: llvm.select %[[SH]], %[[KEEPB]], %{{.*}} : i1, i32
llvm.func @generic_f32(%p: !llvm.ptr, %v: f32) {
  %0 = llvm.atomicrmw fadd %p, %v monotonic {ptx.atomic_ftz} : !llvm.ptr, f32
  llvm.return
}

// Shared f32: no flush, marked or not.
// CHECK-LABEL: llvm.func @shared_f32(
// CHECK: ^bb1(%{{.*}}: i32):
// CHECK-NOT: 2139095040 : i32
// CHECK: llvm.fadd
// CHECK-NEXT: llvm.bitcast
// CHECK-NEXT: llvm.mlir.constant(2147483647 : i32)
// CHECK: llvm.cmpxchg
llvm.func @shared_f32(%p: !llvm.ptr<3>, %v: f32) {
  %0 = llvm.atomicrmw fadd %p, %v monotonic {ptx.atomic_ftz} : !llvm.ptr<3>, f32
  llvm.return
}

// Generic f64, acq_rel: the shared-window test before the loop, the rule
// chosen by it inside.
// CHECK-LABEL: llvm.func @generic_f64(
// CHECK-SAME: %[[C:.*]]: !llvm.ptr, %[[P:.*]]: !llvm.ptr, %[[V:.*]]: f64)
// CHECK: %[[GE:.*]] = llvm.icmp "uge"
// CHECK: %[[LT:.*]] = llvm.icmp "ult"
// CHECK: %[[SH:.*]] = llvm.and %[[GE]], %[[LT]] : i1
// CHECK: llvm.load %[[P]] atomic monotonic {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK: ^bb1(%[[CUR:.*]]: i64):
// CHECK: %[[DFLT:.*]] = llvm.mlir.constant(-2251799813685248 : i64) : i64
// CHECK: %[[Q:.*]] = llvm.mlir.constant(2251799813685248 : i64) : i64
// CHECK: %[[G1:.*]] = llvm.select %[[XN:.*]], %[[CUR]], %[[DFLT]]
// CHECK: %[[G:.*]] = llvm.select %[[VN:.*]], %{{.*}}, %[[G1]]
// CHECK: %[[XQ:.*]] = llvm.or %[[CUR]], %[[Q]]
// CHECK: %[[VQ:.*]] = llvm.or %{{.*}}, %[[Q]]
// CHECK: %[[S1:.*]] = llvm.select %[[VN]], %[[VQ]], %[[DFLT]]
// CHECK: %[[S:.*]] = llvm.select %[[XN]], %[[XQ]], %[[S1]]
// CHECK: %[[RULE:.*]] = llvm.select %[[SH]], %[[S]], %[[G]] : i1, i64
// CHECK: %[[NEXT:.*]] = llvm.select %{{.*}}, %[[RULE]], %{{.*}} : i1, i64
// CHECK: llvm.cmpxchg %[[P]], %[[CUR]], %[[NEXT]] acq_rel acquire
llvm.func @generic_f64(%p: !llvm.ptr, %v: f64) {
  %0 = llvm.atomicrmw fadd %p, %v acq_rel : !llvm.ptr, f64
  llvm.return
}

// bf16x2: each half on its own bits (no bf16 value crosses the loop).
// CHECK-LABEL: llvm.func @global_bf16x2(
// CHECK: ^bb1(%[[CUR:.*]]: i32):
// CHECK: llvm.trunc %{{.*}} : i32 to i16
// CHECK: llvm.fadd %{{.*}}, %{{.*}} : bf16
// CHECK: llvm.mlir.constant(32767 : i16)
// CHECK: llvm.mlir.constant(16 : i32)
// CHECK: llvm.fadd %{{.*}}, %{{.*}} : bf16
// CHECK: llvm.cmpxchg %{{.*}}, %[[CUR]], %{{.*}} monotonic monotonic {alignment = 4 : i64} : !llvm.ptr, i32
// CHECK: llvm.bitcast %[[CUR]] : i32 to vector<2xbf16>
llvm.func @global_bf16x2(%p: !llvm.ptr<1>, %v: vector<2xbf16>) -> vector<2xbf16> {
  %0 = llvm.atomicrmw fadd %p, %v monotonic : !llvm.ptr<1>, vector<2xbf16>
  llvm.return %0 : vector<2xbf16>
}

// Not float adds: unchanged.
// CHECK-LABEL: llvm.func @others(
// CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr, i32
// CHECK: llvm.atomicrmw fmax %{{.*}}, %{{.*}} monotonic : !llvm.ptr, f32
llvm.func @others(%p: !llvm.ptr<1>, %i: i32, %f: f32) {
  %0 = llvm.atomicrmw add %p, %i monotonic : !llvm.ptr<1>, i32
  %1 = llvm.atomicrmw fmax %p, %f monotonic : !llvm.ptr<1>, f32
  llvm.return
}
