// What the host back end cannot lay out is an error at the variable: a
// module-scope .local variable and a shared address in an initializer
// (PTXToShared rejects both in PTX first, so this input is hand-written
// shared-layer IR).
// RUN: ptx-opt %s -split-input-file -convert-wave-to-host=chip=gfx1100 -verify-diagnostics

// expected-error @+1 {{module-scope .local variables have no host lowering}}
llvm.mlir.global internal @scratch() {addr_space = 5 : i32} : i32

// -----

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<4 x i32>
llvm.mlir.global external @where() {addr_space = 1 : i32} : !llvm.ptr<3> {
  // expected-error @+1 {{the address of a shared variable in an initializer has no host lowering}}
  %0 = llvm.mlir.addressof @tile : !llvm.ptr<3>
  llvm.return %0 : !llvm.ptr<3>
}

