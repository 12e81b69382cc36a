// On the NVVM path, mask() bytes that are not whole addresses in a .u8
// variable cannot be printed as PTX mask(): they stay 0, with a warning at
// the table entry (the PTX variable's location when compiled from PTX; see
// test/Target/NVPTX/mask-init.ptx). The table itself is removed.
// RUN: ptx-opt %s -convert-wave-to-nvvm -verify-diagnostics | FileCheck %s

// CHECK-NOT: __ptxmlir_mask_init
// CHECK: llvm.mlir.global external @w() {{.*}} : !llvm.array<2 x i32>
module attributes {ptx.wave_size = 32 : i32} {
  llvm.mlir.global external @foo(dense<0> : tensor<16xi8>) {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.array<16 x i8>
  // `.u32 w[2] = {7, 0xff00(foo+4)}`: a byte in a .u32 element.
  llvm.mlir.global external @w() {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<2 x i32> {
    %0 = llvm.mlir.zero : !llvm.array<2 x i32>
    %1 = llvm.mlir.constant(7 : i32) : i32
    %2 = llvm.insertvalue %1, %0[0] : !llvm.array<2 x i32>
    %3 = llvm.mlir.constant(0 : i32) : i32
    %4 = llvm.insertvalue %3, %2[1] : !llvm.array<2 x i32>
    llvm.return %4 : !llvm.array<2 x i32>
  }
  llvm.mlir.global external @__ptxmlir_mask_init() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.array<3 x i64> {
    %0 = llvm.mlir.zero : !llvm.array<3 x i64>
    %1 = llvm.mlir.addressof @w : !llvm.ptr<1>
    %2 = llvm.getelementptr %1[4] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
    // expected-warning @+1 {{mask() initializer bytes stay 0 in NVPTX output: only whole addresses in eight consecutive .u8 bytes (0xff(sym) to 0xff00000000000000(sym)) can be printed as mask()}}
    %3 = llvm.ptrtoint %2 : !llvm.ptr<1> to i64
    %4 = llvm.mlir.addressof @foo : !llvm.ptr<1>
    %5 = llvm.getelementptr %4[4] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
    %6 = llvm.ptrtoint %5 : !llvm.ptr<1> to i64
    %7 = llvm.mlir.constant(8 : i64) : i64
    %8 = llvm.insertvalue %3, %0[0] : !llvm.array<3 x i64>
    %9 = llvm.insertvalue %6, %8[1] : !llvm.array<3 x i64>
    %10 = llvm.insertvalue %7, %9[2] : !llvm.array<3 x i64>
    llvm.return %10 : !llvm.array<3 x i64>
  }
}
