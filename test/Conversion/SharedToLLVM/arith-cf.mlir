// convert-shared-to-llvm (lib/Conversion/SharedToLLVM) lowers what the wave
// lowerings leave of arith and cf to the LLVM dialect in one conversion and
// removes the casts between equal types: nothing but llvm ops remains. With
// rollback=true the driver may undo patterns; the result is the same.
// RUN: ptx-opt --convert-shared-to-llvm %s | FileCheck %s
// RUN: ptx-opt --convert-shared-to-llvm=rollback=true %s | FileCheck %s

// CHECK-LABEL: llvm.func @loop(
// CHECK-SAME: %[[N:[a-z0-9]+]]: i32, %[[P:[a-z0-9]+]]: !llvm.ptr<1>)
// CHECK: %[[ZERO:[0-9]+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: llvm.br ^bb1(%[[ZERO]], %[[ZERO]] : i32, i32)
// CHECK: ^bb1(%[[I:[0-9]+]]: i32, %[[S:[0-9]+]]: i32):
// CHECK: %[[CMP:[0-9]+]] = llvm.icmp "ult" %[[I]], %[[N]] : i32
// CHECK: llvm.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK: ^bb2:
// CHECK: llvm.mul %[[I]], %[[I]] : i32
// CHECK: llvm.add %[[S]],
// CHECK: llvm.add %[[I]],
// CHECK: llvm.br ^bb1(
// CHECK: ^bb3:
// CHECK: llvm.sitofp %[[S]] : i32 to f32
// CHECK: llvm.fmul
// CHECK: llvm.store
// CHECK-NOT: arith.
// CHECK-NOT: cf.
// CHECK-NOT: unrealized_conversion_cast
// CHECK: llvm.return
llvm.func @loop(%n: i32, %p: !llvm.ptr<1>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0, %c0 : i32, i32)
^head(%i: i32, %s: i32):
  %lt = arith.cmpi ult, %i, %n : i32
  cf.cond_br %lt, ^body, ^exit
^body:
  %sq = arith.muli %i, %i : i32
  %s2 = arith.addi %s, %sq : i32
  %i2 = arith.addi %i, %c1 : i32
  cf.br ^head(%i2, %s2 : i32, i32)
^exit:
  %f = arith.sitofp %s : i32 to f32
  %h = arith.constant 0.5 : f32
  %g = arith.mulf %f, %h : f32
  llvm.store %g, %p : f32, !llvm.ptr<1>
  llvm.return
}
