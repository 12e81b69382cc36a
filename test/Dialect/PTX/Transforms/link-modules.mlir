// -ptx-link-modules on the two units of test/Runtime/CUDA/Inputs
// (link-kernel.ptx, link-lib.ptx, imported): one module remains, with the
// newer .version; the kernel unit's extern scale() and offset are the other
// unit's definitions; the local helper() and $str of the second unit are
// renamed there (its own call follows); the weak twice() is kept once.
// RUN: ptx-opt -ptx-link-modules -split-input-file -verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: ptx.module attributes {target = ["sm_80"], version = "8.5"}
// CHECK-NOT: ptx.module
// CHECK: ptx.var @"$str" {{.*}}init = [97, 98, 99, 0]
// CHECK: ptx.func @helper attributes
// CHECK: ptx.func @twice attributes {linkage = #ptx.linkage<weak>
// CHECK: ptx.entry @k
// CHECK: callee = @scale
// CHECK: callee = @helper,
// CHECK: addr_sym = @offset
// CHECK: addr_sym = @"$str"
// CHECK: ptx.var @offset {{.*}}init = [100], linkage = #ptx.linkage<visible>
// CHECK: ptx.var @"$str$ptxmlir_m1" {{.*}}init = [120, 121, 0]
// CHECK: ptx.func @helper$ptxmlir_m1 attributes
// CHECK: ptx.func @scale attributes {linkage = #ptx.linkage<visible>
// CHECK: callee = @helper$ptxmlir_m1,
// CHECK-NOT: ptx.func @twice
// CHECK-NOT: linkage<extern>

module {
  ptx.module attributes {target = ["sm_80"], version = "8.0"} {
    ptx.func @scale attributes {linkage = #ptx.linkage<extern>, params = [#ptx.param<name = "x", space = param, type = b32>], rets = [#ptx.param<name = "r", space = param, type = b32>]} {
    }
    ptx.var @offset {align = 4 : i64, linkage = #ptx.linkage<extern>, space = #ptx.space<global>, type = #ptx.type<u32>}
    ptx.var @"$str" {align = 1 : i64, dims = array<i64: 4>, init = [97, 98, 99, 0], space = #ptx.space<global>, type = #ptx.type<b8>}
    ptx.func @helper attributes {params = [#ptx.param<name = "x", space = param, type = b32>], rets = [#ptx.param<name = "r", space = param, type = b32>]} {
      %0 = ptx.ld {addr_offset = 0 : i64, addr_sym = @x, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : () -> i32
      %c1000_i64 = arith.constant 1000 : i64
      %1 = ptx.add %0, %c1000_i64 {type = #ptx.type<s32>} : (i32, i64) -> i32
      ptx.st %1 {addr_offset = 0 : i64, addr_sym = @r, operandSegmentSizes = array<i32: 0, 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (i32) -> ()
      ptx.ret 
    }
    ptx.func @twice attributes {linkage = #ptx.linkage<weak>, params = [#ptx.param<name = "x", space = param, type = b32>], rets = [#ptx.param<name = "r", space = param, type = b32>]} {
      %0 = ptx.ld {addr_offset = 0 : i64, addr_sym = @x, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : () -> i32
      %1 = ptx.add %0, %0 {type = #ptx.type<s32>} : (i32, i32) -> i32
      ptx.st %1 {addr_offset = 0 : i64, addr_sym = @r, operandSegmentSizes = array<i32: 0, 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (i32) -> ()
      ptx.ret 
    }
    ptx.entry @k attributes {linkage = #ptx.linkage<visible>, params = [#ptx.param<name = "out", space = param, type = u64>]} {
      %0 = ptx.ld {addr_offset = 0 : i64, addr_sym = @out, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<u64>} : () -> i64
      %1 = ptx.cvta %0 {space = #ptx.space<global>, to, type = #ptx.type<u64>} : (i64) -> i64
      %2 = ptx.sreg <tid> dim 0 : i32
      %3 = ptx.mov %2 {type = #ptx.type<u32>} : (i32) -> i32
      %4 = ptx.param_buf {type = #ptx.type<b32>}
      %5 = ptx.param_buf {type = #ptx.type<b32>}
      ptx.st %4, %3 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (!ptx.param_buf, i32) -> ()
      ptx.call %5, %4 {callee = @scale, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, uni} : (!ptx.param_buf, !ptx.param_buf) -> ()
      %6 = ptx.ld %5 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (!ptx.param_buf) -> i32
      %7 = ptx.param_buf {type = #ptx.type<b32>}
      %8 = ptx.param_buf {type = #ptx.type<b32>}
      ptx.st %7, %3 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (!ptx.param_buf, i32) -> ()
      ptx.call %8, %7 {callee = @helper, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, uni} : (!ptx.param_buf, !ptx.param_buf) -> ()
      %9 = ptx.ld %8 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (!ptx.param_buf) -> i32
      %10 = ptx.param_buf {type = #ptx.type<b32>}
      %11 = ptx.param_buf {type = #ptx.type<b32>}
      ptx.st %10, %3 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (!ptx.param_buf, i32) -> ()
      ptx.call %11, %10 {callee = @twice, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, uni} : (!ptx.param_buf, !ptx.param_buf) -> ()
      %12 = ptx.ld %11 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (!ptx.param_buf) -> i32
      %13 = ptx.ld {addr_offset = 0 : i64, addr_sym = @offset, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<global>, type = #ptx.type<u32>} : () -> i32
      %14 = ptx.ld {addr_offset = 0 : i64, addr_sym = @"$str", operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<global>, type = #ptx.type<u8>} : () -> i32
      %15 = ptx.add %6, %13 {type = #ptx.type<s32>} : (i32, i32) -> i32
      %16 = ptx.add %15, %9 {type = #ptx.type<s32>} : (i32, i32) -> i32
      %17 = ptx.add %16, %12 {type = #ptx.type<s32>} : (i32, i32) -> i32
      %18 = ptx.add %17, %14 {type = #ptx.type<s32>} : (i32, i32) -> i32
      %c4_i64 = arith.constant 4 : i64
      %19 = ptx.mul %3, %c4_i64 {mode = #ptx.mul_mode<wide>, type = #ptx.type<u32>} : (i32, i64) -> i64
      %20 = ptx.add %1, %19 {type = #ptx.type<s64>} : (i64, i64) -> i64
      ptx.st %20, %18 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, space = #ptx.space<global>, type = #ptx.type<u32>} : (i64, i32) -> ()
      ptx.ret 
    }
  }
  ptx.module attributes {target = ["sm_80"], version = "8.5"} {
    ptx.var @offset {align = 4 : i64, init = [100], linkage = #ptx.linkage<visible>, space = #ptx.space<global>, type = #ptx.type<u32>}
    ptx.var @"$str" {align = 1 : i64, dims = array<i64: 3>, init = [120, 121, 0], space = #ptx.space<global>, type = #ptx.type<b8>}
    ptx.func @helper attributes {params = [#ptx.param<name = "x", space = param, type = b32>], rets = [#ptx.param<name = "r", space = param, type = b32>]} {
      %0 = ptx.ld {addr_offset = 0 : i64, addr_sym = @x, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : () -> i32
      %c3_i64 = arith.constant 3 : i64
      %1 = ptx.mul %0, %c3_i64 {mode = #ptx.mul_mode<lo>, type = #ptx.type<s32>} : (i32, i64) -> i32
      ptx.st %1 {addr_offset = 0 : i64, addr_sym = @r, operandSegmentSizes = array<i32: 0, 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (i32) -> ()
      ptx.ret 
    }
    ptx.func @twice attributes {linkage = #ptx.linkage<weak>, params = [#ptx.param<name = "x", space = param, type = b32>], rets = [#ptx.param<name = "r", space = param, type = b32>]} {
      %0 = ptx.ld {addr_offset = 0 : i64, addr_sym = @x, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : () -> i32
      %c1_i64 = arith.constant 1 : i64
      %1 = ptx.shl %0, %c1_i64 {type = #ptx.type<b32>} : (i32, i64) -> i32
      ptx.st %1 {addr_offset = 0 : i64, addr_sym = @r, operandSegmentSizes = array<i32: 0, 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (i32) -> ()
      ptx.ret 
    }
    ptx.func @scale attributes {linkage = #ptx.linkage<visible>, params = [#ptx.param<name = "x", space = param, type = b32>], rets = [#ptx.param<name = "r", space = param, type = b32>]} {
      %0 = ptx.ld {addr_offset = 0 : i64, addr_sym = @x, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : () -> i32
      %1 = ptx.param_buf {type = #ptx.type<b32>}
      %2 = ptx.param_buf {type = #ptx.type<b32>}
      ptx.st %1, %0 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (!ptx.param_buf, i32) -> ()
      ptx.call %2, %1 {callee = @helper, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>, uni} : (!ptx.param_buf, !ptx.param_buf) -> ()
      %3 = ptx.ld %2 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (!ptx.param_buf) -> i32
      ptx.st %3 {addr_offset = 0 : i64, addr_sym = @r, operandSegmentSizes = array<i32: 0, 1, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : (i32) -> ()
      ptx.ret 
    }
  }
}

// -----

// Two .visible definitions of one name: nvlink's "multiple definition".
module {
  ptx.module attributes {target = ["sm_80"], version = "8.0"} {
    // expected-note @+1 {{first defined here}}
    ptx.var @offset {align = 4 : i64, init = [100], linkage = #ptx.linkage<visible>, space = #ptx.space<global>, type = #ptx.type<u32>}
  }
  ptx.module attributes {target = ["sm_80"], version = "8.0"} {
    // expected-error @+1 {{'offset' is defined in two PTX modules}}
    ptx.var @offset {align = 4 : i64, init = [7], linkage = #ptx.linkage<visible>, space = #ptx.space<global>, type = #ptx.type<u32>}
  }
}

// -----

// Modules of different address sizes cannot be linked.
module {
  ptx.module attributes {target = ["sm_80"], version = "8.0"} {
  }
  // expected-error @+1 {{.address_size 32 cannot be linked with .address_size 64}}
  ptx.module attributes {address_size = 32 : i32, target = ["sm_80"], version = "8.0"} {
  }
}

// -----

// A weak and a visible definition: the visible one is kept wherever it is;
// a declaration nobody defines stays, once. A parameter named like a
// renamed local symbol is not renamed.
// CHECK-LABEL: ptx.module
// CHECK: ptx.func @ext attributes {linkage = #ptx.linkage<extern>
// CHECK-NOT: ptx.func @ext
// CHECK: ptx.var @g {{.*}}init = [2], linkage = #ptx.linkage<visible>
// CHECK: ptx.var @loc$ptxmlir_m1 
// CHECK: ptx.func @f
// CHECK: addr_sym = @loc,
// CHECK-NOT: ptx.var @g
module {
  ptx.module attributes {target = ["sm_80"], version = "8.0"} {
    ptx.func @ext attributes {linkage = #ptx.linkage<extern>, params = []} {
    }
    ptx.var @g {align = 4 : i64, init = [1], linkage = #ptx.linkage<weak>, space = #ptx.space<global>, type = #ptx.type<u32>}
    ptx.var @loc {align = 4 : i64, space = #ptx.space<global>, type = #ptx.type<u32>}
  }
  ptx.module attributes {target = ["sm_80"], version = "8.0"} {
    ptx.func @ext attributes {linkage = #ptx.linkage<extern>, params = []} {
    }
    ptx.var @g {align = 4 : i64, init = [2], linkage = #ptx.linkage<visible>, space = #ptx.space<global>, type = #ptx.type<u32>}
    ptx.var @loc {align = 4 : i64, space = #ptx.space<global>, type = #ptx.type<u32>}
    ptx.func @f attributes {params = [#ptx.param<name = "loc", space = param, type = b32>]} {
      %0 = ptx.ld {addr_offset = 0 : i64, addr_sym = @loc, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<b32>} : () -> i32
      ptx.ret
    }
  }
}
