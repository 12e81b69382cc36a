// An initializer cannot hold the address of a `.managed` variable: the
// address exists from load time on (the loader fills the slot).
// RUN: ptx-opt %s -split-input-file -lower-managed-variables -verify-diagnostics

llvm.mlir.global external @m(dense<0> : tensor<4xi8>) {addr_space = 1 : i32, alignment = 4 : i64, ptx.managed} : !llvm.array<4 x i8>
llvm.mlir.global external @q() {addr_space = 1 : i32, alignment = 8 : i64} : i64 {
  // expected-error @+1 {{lowering of an initializer holding the address of .managed variable 'm' is not supported yet}}
  %0 = llvm.mlir.addressof @m : !llvm.ptr<1>
  %1 = llvm.ptrtoint %0 : !llvm.ptr<1> to i64
  llvm.return %1 : i64
}
