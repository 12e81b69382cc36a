// Every op of the ptx dialect in its textual form, with its modifiers and,
// for instructions, guarded forms (`if [not] %p prev(...)`); printing and
// parsing again (also through the generic form) gives the same IR.
//
// RUN: ptx-opt %s | ptx-opt | FileCheck %s
// RUN: ptx-opt %s --mlir-print-op-generic | ptx-opt | FileCheck %s

// CHECK: ptx.module attributes {address_size = 32 : i32, target = ["sm_90", "texmode_independent"], version = "8.7"}
ptx.module attributes {version = "8.7", target = ["sm_90", "texmode_independent"], address_size = 32 : i32} {
  // CHECK: ptx.pragma ["nounroll"]
  ptx.pragma ["nounroll"]
  // CHECK: ptx.var @plain {space = #ptx.space<global>, type = #ptx.type<u32>}
  ptx.var @plain {space = #ptx.space<global>, type = #ptx.type<u32>}
  // CHECK: ptx.var @arr {align = 4 : i64, dims = array<i64: 3>, init = [1, 2, 3], linkage = #ptx.linkage<visible>, space = #ptx.space<global>, type = #ptx.type<u32>}
  ptx.var @arr {align = 4 : i64, dims = array<i64: 3>, init = [1, 2, 3], linkage = #ptx.linkage<visible>, space = #ptx.space<global>, type = #ptx.type<u32>}
  // CHECK: ptx.var @matrix {dims = array<i64: 2, 2>, init = [1.000000e+00 : f32, 2.000000e+00 : f32, 1.500000e+00, 0x7FF0000000000000 : f64], space = #ptx.space<const>, type = #ptx.type<f32>}
  ptx.var @matrix {dims = array<i64: 2, 2>, init = [1.000000e+00 : f32, 2.000000e+00 : f32, 1.500000e+00, 0x7FF0000000000000 : f64], space = #ptx.space<const>, type = #ptx.type<f32>}
  // CHECK: ptx.var @vec {align = 16 : i64, init = [7, 8, 9, 10], space = #ptx.space<global>, type = #ptx.type<u32>, vec = #ptx.vec<v4>}
  ptx.var @vec {align = 16 : i64, init = [7, 8, 9, 10], space = #ptx.space<global>, type = #ptx.type<u32>, vec = #ptx.vec<v4>}
  // CHECK: ptx.var @unsized {align = 16 : i64, dims = array<i64: -1>, linkage = #ptx.linkage<extern>, space = #ptx.space<shared>, type = #ptx.type<b8>}
  ptx.var @unsized {align = 16 : i64, dims = array<i64: -1>, linkage = #ptx.linkage<extern>, space = #ptx.space<shared>, type = #ptx.type<b8>}
  // CHECK: ptx.var @ptrs {dims = array<i64: 4>, init = [#ptx.addr<sym = @plain>, #ptx.addr<sym = @arr, offset = 4>, #ptx.addr<sym = @arr, offset = 8, generic = true>, #ptx.addr<sym = @arr, generic = true, mask = 255>], space = #ptx.space<global>, type = #ptx.type<u64>}
  ptx.var @ptrs {dims = array<i64: 4>, init = [#ptx.addr<sym = @plain>, #ptx.addr<sym = @arr, offset = 4>, #ptx.addr<sym = @arr, offset = 8, generic = true>, #ptx.addr<sym = @arr, generic = true, mask = 255>], space = #ptx.space<global>, type = #ptx.type<u64>}
  // CHECK: ptx.var @weakvar {init = [-5], linkage = #ptx.linkage<weak>, space = #ptx.space<global>, type = #ptx.type<s32>}
  ptx.var @weakvar {init = [-5], linkage = #ptx.linkage<weak>, space = #ptx.space<global>, type = #ptx.type<s32>}
  // CHECK: ptx.var @commonvar {linkage = #ptx.linkage<common>, space = #ptx.space<global>, type = #ptx.type<u32>}
  ptx.var @commonvar {linkage = #ptx.linkage<common>, space = #ptx.space<global>, type = #ptx.type<u32>}

  // CHECK-LABEL: ptx.entry @kernel
  // CHECK-SAME: attributes {blocksareclusters, explicitcluster, linkage = #ptx.linkage<visible>, maxclusterrank = 8 : i32, maxnctapersm = 4 : i32, maxnreg = 32 : i32, maxntid = array<i32: 256, 1, 1>, minnctapersm = 2 : i32, params = [#ptx.param<name = "p", space = param, type = u64, ptr_space = global, ptr_align = 16>, #ptx.param<name = "s", space = param, type = b8, align = 8, count = 16>], pragmas = ["nounroll"], reqnctapercluster = array<i32: 2, 1, 1>, reqntid = array<i32: 256>}
  ptx.entry @kernel attributes {linkage = #ptx.linkage<visible>, params = [#ptx.param<name = "p", space = param, type = u64, ptr_space = global, ptr_align = 16>, #ptx.param<name = "s", space = param, type = b8, align = 8, count = 16>], maxntid = array<i32: 256, 1, 1>, reqntid = array<i32: 256>, minnctapersm = 2 : i32, maxnctapersm = 4 : i32, maxnreg = 32 : i32, explicitcluster, reqnctapercluster = array<i32: 2, 1, 1>, maxclusterrank = 8 : i32, blocksareclusters, pragmas = ["nounroll"]} {
    // CHECK: ptx.var @depot {align = 8 : i64, dims = array<i64: 32>, space = #ptx.space<local>, type = #ptx.type<b8>}
    ptx.var @depot {align = 8 : i64, dims = array<i64: 32>, space = #ptx.space<local>, type = #ptx.type<b8>}
    // CHECK: ptx.pragma ["nounroll"]
    ptx.pragma ["nounroll"]
    // CHECK: %[[V0:.*]] = ptx.ld {addr_offset = 0 : i64, addr_sym = @p, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<u64>} : () -> i64
    %0 = ptx.ld {addr_sym = @p, space = #ptx.space<param>, type = #ptx.type<u64>, operandSegmentSizes = array<i32: 0, 0, 0, 0>} : () -> i64
    // CHECK: %[[V1:.*]] = ptx.sreg <tid> dim 0 : i32
    %1 = ptx.sreg <tid> dim 0 : i32
    // CHECK: %[[V2:.*]] = ptx.sreg <envreg> dim 3 : i32
    %2 = ptx.sreg <envreg> dim 3 : i32
    // CHECK: %[[V3:.*]] = ptx.sreg <clock64> : i64
    %3 = ptx.sreg <clock64> : i64
    // CHECK: %[[V4:.*]] = ptx.sreg <laneid> : i32
    %4 = ptx.sreg <laneid> : i32
    // CHECK: %[[V5:.*]] = ptx.addressof @arr : i64
    %5 = ptx.addressof @arr : i64
    // CHECK: %[[V6:.*]] = ptx.addressof @depot : i32
    %6 = ptx.addressof @depot : i32
    // CHECK: %[[V7:.*]] = ptx.undef : i32
    %7 = ptx.undef : i32
    // CHECK: %[[V8:.*]] = ptx.undef : !ptx.cc
    %8 = ptx.undef : !ptx.cc
    // CHECK: ptx.exit
    ptx.exit
  }

  // CHECK-LABEL: ptx.entry @percta
  // CHECK-SAME: attributes {minperctamemory = 3000 : ui32, params = []}
  ptx.entry @percta attributes {params = [], minperctamemory = 3000 : ui32} {
    // CHECK: ptx.sreg <perctamemoryoffset> : i64
    %0 = ptx.sreg <perctamemoryoffset> : i64
    // CHECK: ptx.sreg <perctamemorysize> : i32
    %1 = ptx.sreg <perctamemorysize> : i32
    ptx.ret
  }

  // CHECK-LABEL: ptx.func @proto
  // CHECK-SAME: attributes {linkage = #ptx.linkage<extern>, noreturn, params = [#ptx.param<name = "a", space = param, type = b32>], rets = [#ptx.param<name = "r", space = param, type = b32>]}
  ptx.func @proto attributes {linkage = #ptx.linkage<extern>, params = [#ptx.param<name = "a", space = param, type = b32>], rets = [#ptx.param<name = "r", space = param, type = b32>], noreturn} {
  }

  // CHECK-LABEL: ptx.func @integer
  // CHECK-SAME: attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "b", space = reg, type = b32>, #ptx.param<name = "c", space = reg, type = b32>, #ptx.param<name = "x", space = reg, type = b64>, #ptx.param<name = "h", space = reg, type = b16>, #ptx.param<name = "p", space = reg, type = pred>]}
  ptx.func @integer attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "b", space = reg, type = b32>, #ptx.param<name = "c", space = reg, type = b32>, #ptx.param<name = "x", space = reg, type = b64>, #ptx.param<name = "h", space = reg, type = b16>, #ptx.param<name = "p", space = reg, type = pred>]} {
  // CHECK: ^bb0(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i16, %arg5: i1):
  ^bb0(%a: i32, %b: i32, %c: i32, %x: i64, %h: i16, %p: i1):
    // CHECK: %[[C1_I64:.*]] = arith.constant 1 : i64
    %c1 = arith.constant 1 : i64
    // CHECK: %[[V0:.*]] = ptx.add %arg0, %arg1 {sat, type = #ptx.type<s32>} : (i32, i32) -> i32
    %0 = ptx.add %a, %b {sat, type = #ptx.type<s32>} : (i32, i32) -> i32
    // CHECK: %[[V1:.*]] = ptx.add %arg0, %[[C1_I64]] if %arg5 prev(%[[V0]]) {type = #ptx.type<u32>} : (i32, i64, i1, i32) -> i32
    %1 = ptx.add %a, %c1 if %p prev(%0) {type = #ptx.type<u32>} : (i32, i64, i1, i32) -> i32
    // CHECK: %[[V2:.*]] = ptx.sub %arg3, %arg3 if not %arg5 prev(%arg3) {type = #ptx.type<s64>} : (i64, i64, i1, i64) -> i64
    %2 = ptx.sub %x, %x if not %p prev(%x) {type = #ptx.type<s64>} : (i64, i64, i1, i64) -> i64
    // CHECK: %[[V3:.*]] = ptx.mul %arg0, %arg1 {mode = #ptx.mul_mode<wide>, type = #ptx.type<s32>} : (i32, i32) -> i64
    %3 = ptx.mul %a, %b {mode = #ptx.mul_mode<wide>, type = #ptx.type<s32>} : (i32, i32) -> i64
    // CHECK: %[[V4:.*]] = ptx.mul %arg0, %arg1 {mode = #ptx.mul_mode<hi>, type = #ptx.type<u32>} : (i32, i32) -> i32
    %4 = ptx.mul %a, %b {mode = #ptx.mul_mode<hi>, type = #ptx.type<u32>} : (i32, i32) -> i32
    // CHECK: %[[V5:.*]] = ptx.mad %arg0, %arg1, %arg2 {mode = #ptx.mul_mode<hi>, sat, type = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %5 = ptx.mad %a, %b, %c {mode = #ptx.mul_mode<hi>, sat, type = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %[[V6:.*]] = ptx.mad %arg0, %arg1, %arg3 {mode = #ptx.mul_mode<wide>, type = #ptx.type<u32>} : (i32, i32, i64) -> i64
    %6 = ptx.mad %a, %b, %x {mode = #ptx.mul_mode<wide>, type = #ptx.type<u32>} : (i32, i32, i64) -> i64
    // CHECK: %[[V7:.*]] = ptx.mul24 %arg0, %arg1 {mode = #ptx.mul_mode<lo>, type = #ptx.type<s32>} : (i32, i32) -> i32
    %7 = ptx.mul24 %a, %b {mode = #ptx.mul_mode<lo>, type = #ptx.type<s32>} : (i32, i32) -> i32
    // CHECK: %[[V8:.*]] = ptx.mad24 %arg0, %arg1, %arg2 {mode = #ptx.mul_mode<hi>, sat, type = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %8 = ptx.mad24 %a, %b, %c {mode = #ptx.mul_mode<hi>, sat, type = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %[[V9:.*]] = ptx.sad %arg0, %arg1, %arg2 {type = #ptx.type<u32>} : (i32, i32, i32) -> i32
    %9 = ptx.sad %a, %b, %c {type = #ptx.type<u32>} : (i32, i32, i32) -> i32
    // CHECK: %[[V10:.*]] = ptx.div %arg0, %arg1 {type = #ptx.type<s32>} : (i32, i32) -> i32
    %10 = ptx.div %a, %b {type = #ptx.type<s32>} : (i32, i32) -> i32
    // CHECK: %[[V11:.*]] = ptx.rem %arg3, %arg3 {type = #ptx.type<u64>} : (i64, i64) -> i64
    %11 = ptx.rem %x, %x {type = #ptx.type<u64>} : (i64, i64) -> i64
    // CHECK: %[[V12:.*]] = ptx.abs %arg0 {type = #ptx.type<s32>} : (i32) -> i32
    %12 = ptx.abs %a {type = #ptx.type<s32>} : (i32) -> i32
    // CHECK: %[[V13:.*]] = ptx.neg %arg4 {type = #ptx.type<s16>} : (i16) -> i16
    %13 = ptx.neg %h {type = #ptx.type<s16>} : (i16) -> i16
    // CHECK: %[[V14:.*]] = ptx.min %arg0, %arg1 {relu, type = #ptx.type<s32>} : (i32, i32) -> i32
    %14 = ptx.min %a, %b {relu, type = #ptx.type<s32>} : (i32, i32) -> i32
    // CHECK: %[[V15:.*]] = ptx.max %arg0, %arg1 {type = #ptx.type<u16x2>} : (i32, i32) -> i32
    %15 = ptx.max %a, %b {type = #ptx.type<u16x2>} : (i32, i32) -> i32
    // CHECK: %[[V16:.*]] = ptx.popc %arg3 {type = #ptx.type<b64>} : (i64) -> i32
    %16 = ptx.popc %x {type = #ptx.type<b64>} : (i64) -> i32
    // CHECK: %[[V17:.*]] = ptx.clz %arg0 {type = #ptx.type<b32>} : (i32) -> i32
    %17 = ptx.clz %a {type = #ptx.type<b32>} : (i32) -> i32
    // CHECK: %[[V18:.*]] = ptx.bfind %arg3 {shiftamt, type = #ptx.type<s64>} : (i64) -> i32
    %18 = ptx.bfind %x {shiftamt, type = #ptx.type<s64>} : (i64) -> i32
    // CHECK: %[[V19:.*]] = ptx.fns %arg0, %arg1, %[[C1_I64]] {type = #ptx.type<b32>} : (i32, i32, i64) -> i32
    %19 = ptx.fns %a, %b, %c1 {type = #ptx.type<b32>} : (i32, i32, i64) -> i32
    // CHECK: %[[V20:.*]] = ptx.brev %arg3 {type = #ptx.type<b64>} : (i64) -> i64
    %20 = ptx.brev %x {type = #ptx.type<b64>} : (i64) -> i64
    // CHECK: %[[V21:.*]] = ptx.bfe %arg0, %arg1, %arg2 {type = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %21 = ptx.bfe %a, %b, %c {type = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %[[V22:.*]] = ptx.bfi %arg0, %arg1, %arg2, %[[C1_I64]] {type = #ptx.type<b32>} : (i32, i32, i32, i64) -> i32
    %22 = ptx.bfi %a, %b, %c, %c1 {type = #ptx.type<b32>} : (i32, i32, i32, i64) -> i32
    // CHECK: %[[V23:.*]] = ptx.bmsk %arg0, %arg1 {mode = #ptx.bmsk_mode<wrap>, type = #ptx.type<b32>} : (i32, i32) -> i32
    %23 = ptx.bmsk %a, %b {mode = #ptx.bmsk_mode<wrap>, type = #ptx.type<b32>} : (i32, i32) -> i32
    // CHECK: %[[V24:.*]] = ptx.szext %arg0, %arg1 {mode = #ptx.shf_mode<clamp>, type = #ptx.type<s32>} : (i32, i32) -> i32
    %24 = ptx.szext %a, %b {mode = #ptx.shf_mode<clamp>, type = #ptx.type<s32>} : (i32, i32) -> i32
    // CHECK: %[[V25:.*]] = ptx.dp4a %arg0, %arg1, %arg2 {atype = #ptx.type<u32>, btype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %25 = ptx.dp4a %a, %b, %c {atype = #ptx.type<u32>, btype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %[[V26:.*]] = ptx.dp2a %arg0, %arg1, %arg2 {atype = #ptx.type<s32>, btype = #ptx.type<u32>, mode = #ptx.mul_mode<lo>} : (i32, i32, i32) -> i32
    %26 = ptx.dp2a %a, %b, %c {atype = #ptx.type<s32>, btype = #ptx.type<u32>, mode = #ptx.mul_mode<lo>} : (i32, i32, i32) -> i32
    // CHECK: %[[V27:.*]] = ptx.bfe %arg0, %arg1, %arg2 if %arg5 prev(%[[V21]]) {type = #ptx.type<u32>} : (i32, i32, i32, i1, i32) -> i32
    %27 = ptx.bfe %a, %b, %c if %p prev(%21) {type = #ptx.type<u32>} : (i32, i32, i32, i1, i32) -> i32
    // CHECK: ptx.ret
    ptx.ret
  }

  // CHECK-LABEL: ptx.func @carry
  // CHECK-SAME: attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "b", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]}
  ptx.func @carry attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "b", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]} {
  // CHECK: ^bb0(%arg0: i32, %arg1: i32, %arg2: i1):
  ^bb0(%a: i32, %b: i32, %p: i1):
    // CHECK: %[[D:.*]], %[[COUT:.*]] = ptx.add_cc %arg0, %arg1 {type = #ptx.type<u32>} : (i32, i32) -> (i32, !ptx.cc)
    %d0, %cc0 = ptx.add_cc %a, %b {type = #ptx.type<u32>} : (i32, i32) -> (i32, !ptx.cc)
    // CHECK: %[[D_0:.*]], %[[COUT_1:.*]] = ptx.addc %arg0, %arg1, %[[COUT]] {cc, type = #ptx.type<s32>} : (i32, i32, !ptx.cc) -> (i32, !ptx.cc)
    %d1, %cc1 = ptx.addc %a, %b, %cc0 {cc, type = #ptx.type<s32>} : (i32, i32, !ptx.cc) -> (i32, !ptx.cc)
    // CHECK: %[[D_2:.*]] = ptx.addc %arg0, %arg1, %[[COUT_1]] {type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> i32
    %d2 = ptx.addc %a, %b, %cc1 {type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> i32
    // CHECK: %[[D_3:.*]], %[[COUT_4:.*]] = ptx.sub_cc %arg0, %arg1 {type = #ptx.type<s32>} : (i32, i32) -> (i32, !ptx.cc)
    %d3, %cc3 = ptx.sub_cc %a, %b {type = #ptx.type<s32>} : (i32, i32) -> (i32, !ptx.cc)
    // CHECK: %[[D_5:.*]], %[[COUT_6:.*]] = ptx.subc %arg0, %arg1, %[[COUT_4]] {cc, type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> (i32, !ptx.cc)
    %d4, %cc4 = ptx.subc %a, %b, %cc3 {cc, type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> (i32, !ptx.cc)
    // CHECK: %[[D_7:.*]] = ptx.subc %arg0, %arg1, %[[COUT_6]] {type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> i32
    %d5 = ptx.subc %a, %b, %cc4 {type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> i32
    // CHECK: %[[D_8:.*]], %[[COUT_9:.*]] = ptx.mad_cc %arg0, %arg1, %arg0 {mode = #ptx.mul_mode<lo>, type = #ptx.type<u32>} : (i32, i32, i32) -> (i32, !ptx.cc)
    %d6, %cc6 = ptx.mad_cc %a, %b, %a {mode = #ptx.mul_mode<lo>, type = #ptx.type<u32>} : (i32, i32, i32) -> (i32, !ptx.cc)
    // CHECK: %[[D_10:.*]], %[[COUT_11:.*]] = ptx.madc %arg0, %arg1, %arg0, %[[COUT_9]] {cc, mode = #ptx.mul_mode<hi>, type = #ptx.type<u32>} : (i32, i32, i32, !ptx.cc) -> (i32, !ptx.cc)
    %d7, %cc7 = ptx.madc %a, %b, %a, %cc6 {cc, mode = #ptx.mul_mode<hi>, type = #ptx.type<u32>} : (i32, i32, i32, !ptx.cc) -> (i32, !ptx.cc)
    // CHECK: %[[D_12:.*]], %[[COUT_13:.*]] = ptx.addc %arg0, %arg1, %[[COUT_11]] if %arg2 prev(%[[D_10]], %[[COUT_11]]) {cc, type = #ptx.type<u32>} : (i32, i32, !ptx.cc, i1, i32, !ptx.cc) -> (i32, !ptx.cc)
    %d8, %cc8 = ptx.addc %a, %b, %cc7 if %p prev(%d7, %cc7) {cc, type = #ptx.type<u32>} : (i32, i32, !ptx.cc, i1, i32, !ptx.cc) -> (i32, !ptx.cc)
    // CHECK: %[[D_14:.*]] = ptx.madc %arg0, %arg1, %arg0, %[[COUT_13]] {mode = #ptx.mul_mode<lo>, type = #ptx.type<s32>} : (i32, i32, i32, !ptx.cc) -> i32
    %d9 = ptx.madc %a, %b, %a, %cc8 {mode = #ptx.mul_mode<lo>, type = #ptx.type<s32>} : (i32, i32, i32, !ptx.cc) -> i32
    // CHECK: ptx.ret
    ptx.ret
  }

  // CHECK-LABEL: ptx.func @float
  // CHECK-SAME: attributes {params = [#ptx.param<name = "f", space = reg, type = f32>, #ptx.param<name = "g", space = reg, type = f32>, #ptx.param<name = "d", space = reg, type = f64>, #ptx.param<name = "h", space = reg, type = b16>, #ptx.param<name = "hh", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]}
  ptx.func @float attributes {params = [#ptx.param<name = "f", space = reg, type = f32>, #ptx.param<name = "g", space = reg, type = f32>, #ptx.param<name = "d", space = reg, type = f64>, #ptx.param<name = "h", space = reg, type = b16>, #ptx.param<name = "hh", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]} {
  // CHECK: ^bb0(%arg0: f32, %arg1: f32, %arg2: f64, %arg3: i16, %arg4: i32, %arg5: i1):
  ^bb0(%f: f32, %g: f32, %d: f64, %h: i16, %hh: i32, %p: i1):
    // CHECK: %[[CST:.*]] = arith.constant 1.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    // CHECK: %[[V0:.*]] = ptx.add %arg0, %[[CST]] {ftz, rnd = #ptx.rnd<rn>, sat, type = #ptx.type<f32>} : (f32, f32) -> f32
    %0 = ptx.add %f, %one {ftz, rnd = #ptx.rnd<rn>, sat, type = #ptx.type<f32>} : (f32, f32) -> f32
    // CHECK: %[[V1:.*]] = ptx.sub %arg2, %arg2 {rnd = #ptx.rnd<rz>, type = #ptx.type<f64>} : (f64, f64) -> f64
    %1 = ptx.sub %d, %d {rnd = #ptx.rnd<rz>, type = #ptx.type<f64>} : (f64, f64) -> f64
    // CHECK: %[[V2:.*]] = ptx.mul %arg0, %arg1 if not %arg5 prev(%[[V0]]) {rnd = #ptx.rnd<rm>, type = #ptx.type<f32>} : (f32, f32, i1, f32) -> f32
    %2 = ptx.mul %f, %g if not %p prev(%0) {rnd = #ptx.rnd<rm>, type = #ptx.type<f32>} : (f32, f32, i1, f32) -> f32
    // CHECK: %[[V3:.*]] = ptx.fma %arg0, %arg1, %arg0 {ftz, rnd = #ptx.rnd<rn>, sat, type = #ptx.type<f32>} : (f32, f32, f32) -> f32
    %3 = ptx.fma %f, %g, %f {ftz, rnd = #ptx.rnd<rn>, sat, type = #ptx.type<f32>} : (f32, f32, f32) -> f32
    // CHECK: %[[V4:.*]] = ptx.fma %arg4, %arg4, %arg4 {oob, relu, rnd = #ptx.rnd<rn>, type = #ptx.type<bf16x2>} : (i32, i32, i32) -> i32
    %4 = ptx.fma %hh, %hh, %hh {oob, relu, rnd = #ptx.rnd<rn>, type = #ptx.type<bf16x2>} : (i32, i32, i32) -> i32
    // CHECK: %[[V5:.*]] = ptx.mad %arg2, %arg2, %arg2 {rnd = #ptx.rnd<rp>, type = #ptx.type<f64>} : (f64, f64, f64) -> f64
    %5 = ptx.mad %d, %d, %d {rnd = #ptx.rnd<rp>, type = #ptx.type<f64>} : (f64, f64, f64) -> f64
    // CHECK: %[[V6:.*]] = ptx.div %arg0, %arg1 {ftz, full, type = #ptx.type<f32>} : (f32, f32) -> f32
    %6 = ptx.div %f, %g {full, ftz, type = #ptx.type<f32>} : (f32, f32) -> f32
    // CHECK: %[[V7:.*]] = ptx.div %arg2, %arg2 {rnd = #ptx.rnd<rn>, type = #ptx.type<f64>} : (f64, f64) -> f64
    %7 = ptx.div %d, %d {rnd = #ptx.rnd<rn>, type = #ptx.type<f64>} : (f64, f64) -> f64
    // CHECK: %[[V8:.*]] = ptx.rcp %arg2 {approx, ftz, type = #ptx.type<f64>} : (f64) -> f64
    %8 = ptx.rcp %d {approx, ftz, type = #ptx.type<f64>} : (f64) -> f64
    // CHECK: %[[V9:.*]] = ptx.sqrt %arg0 {rnd = #ptx.rnd<rn>, type = #ptx.type<f32>} : (f32) -> f32
    %9 = ptx.sqrt %f {rnd = #ptx.rnd<rn>, type = #ptx.type<f32>} : (f32) -> f32
    // CHECK: %[[V10:.*]] = ptx.rsqrt %arg0 {approx, ftz, type = #ptx.type<f32>} : (f32) -> f32
    %10 = ptx.rsqrt %f {approx, ftz, type = #ptx.type<f32>} : (f32) -> f32
    // CHECK: %[[V11:.*]] = ptx.sin %arg0 {approx, ftz, type = #ptx.type<f32>} : (f32) -> f32
    %11 = ptx.sin %f {approx, ftz, type = #ptx.type<f32>} : (f32) -> f32
    // CHECK: %[[V12:.*]] = ptx.cos %arg0 {approx, type = #ptx.type<f32>} : (f32) -> f32
    %12 = ptx.cos %f {approx, type = #ptx.type<f32>} : (f32) -> f32
    // CHECK: %[[V13:.*]] = ptx.lg2 %arg0 {approx, ftz, type = #ptx.type<f32>} : (f32) -> f32
    %13 = ptx.lg2 %f {approx, ftz, type = #ptx.type<f32>} : (f32) -> f32
    // CHECK: %[[V14:.*]] = ptx.ex2 %arg3 {approx, ftz, type = #ptx.type<bf16>} : (i16) -> i16
    %14 = ptx.ex2 %h {approx, ftz, type = #ptx.type<bf16>} : (i16) -> i16
    // CHECK: %[[V15:.*]] = ptx.tanh %arg4 {approx, type = #ptx.type<f16x2>} : (i32) -> i32
    %15 = ptx.tanh %hh {approx, type = #ptx.type<f16x2>} : (i32) -> i32
    // CHECK: %[[V16:.*]] = ptx.abs %arg0 {ftz, type = #ptx.type<f32>} : (f32) -> f32
    %16 = ptx.abs %f {ftz, type = #ptx.type<f32>} : (f32) -> f32
    // CHECK: %[[V17:.*]] = ptx.neg %arg2 {type = #ptx.type<f64>} : (f64) -> f64
    %17 = ptx.neg %d {type = #ptx.type<f64>} : (f64) -> f64
    // CHECK: %[[V18:.*]] = ptx.min %arg0, %arg1 {NaN, abs, ftz, type = #ptx.type<f32>, xorsign} : (f32, f32) -> f32
    %18 = ptx.min %f, %g {NaN, abs, ftz, xorsign, type = #ptx.type<f32>} : (f32, f32) -> f32
    // CHECK: %[[V19:.*]] = ptx.max %arg3, %arg3 {NaN, type = #ptx.type<bf16>} : (i16, i16) -> i16
    %19 = ptx.max %h, %h {NaN, type = #ptx.type<bf16>} : (i16, i16) -> i16
    // CHECK: %[[V20:.*]] = ptx.copysign %arg0, %arg1 {type = #ptx.type<f32>} : (f32, f32) -> f32
    %20 = ptx.copysign %f, %g {type = #ptx.type<f32>} : (f32, f32) -> f32
    // CHECK: %[[V21:.*]] = ptx.testp %arg2 {op = #ptx.testp_op<notanumber>, type = #ptx.type<f64>} : (f64) -> i1
    %21 = ptx.testp %d {op = #ptx.testp_op<notanumber>, type = #ptx.type<f64>} : (f64) -> i1
    // CHECK: %[[V22:.*]] = ptx.add %arg4, %arg4 {rnd = #ptx.rnd<rn>, type = #ptx.type<bf16x2>} : (i32, i32) -> i32
    %22 = ptx.add %hh, %hh {rnd = #ptx.rnd<rn>, type = #ptx.type<bf16x2>} : (i32, i32) -> i32
    // CHECK: ptx.ret
    ptx.ret
  }

  // CHECK-LABEL: ptx.func @compare
  // CHECK-SAME: attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "b", space = reg, type = b32>, #ptx.param<name = "f", space = reg, type = f32>, #ptx.param<name = "p", space = reg, type = pred>]}
  ptx.func @compare attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "b", space = reg, type = b32>, #ptx.param<name = "f", space = reg, type = f32>, #ptx.param<name = "p", space = reg, type = pred>]} {
  // CHECK: ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: i1):
  ^bb0(%a: i32, %b: i32, %f: f32, %p: i1):
    // CHECK: %[[P:.*]] = ptx.setp %arg0, %arg1 {cmp = #ptx.cmp<lo>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, type = #ptx.type<u32>} : (i32, i32) -> i1
    %0 = ptx.setp %a, %b {cmp = #ptx.cmp<lo>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i1
    // CHECK: %[[P_0:.*]] = ptx.setp %arg2, %arg2, %arg3 {boolop = #ptx.boolop<and>, cmp = #ptx.cmp<nan>, ftz, type = #ptx.type<f32>} : (f32, f32, i1) -> i1
    %1 = ptx.setp %f, %f, %p {boolop = #ptx.boolop<and>, cmp = #ptx.cmp<nan>, ftz, type = #ptx.type<f32>} : (f32, f32, i1) -> i1
    // CHECK: %[[P_1:.*]], %[[Q:.*]] = ptx.setp %arg0, %arg1 {cmp = #ptx.cmp<eq>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, type = #ptx.type<b32>} : (i32, i32) -> (i1, i1)
    %2, %3 = ptx.setp %a, %b {cmp = #ptx.cmp<eq>, type = #ptx.type<b32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> (i1, i1)
    // CHECK: %[[P_2:.*]] = ptx.setp %arg0, %arg1 if %arg3 prev(%[[P]]) {cmp = #ptx.cmp<ge>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>, type = #ptx.type<s32>} : (i32, i32, i1, i1) -> i1
    %4 = ptx.setp %a, %b if %p prev(%0) {cmp = #ptx.cmp<ge>, type = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : (i32, i32, i1, i1) -> i1
    // CHECK: %[[V0:.*]] = ptx.set %arg0, %arg1 {cmp = #ptx.cmp<gt>, dtype = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, stype = #ptx.type<s32>} : (i32, i32) -> i32
    %5 = ptx.set %a, %b {cmp = #ptx.cmp<gt>, dtype = #ptx.type<u32>, stype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32
    // CHECK: %[[V1:.*]] = ptx.set %arg2, %arg2, %[[P_0]] {boolop = #ptx.boolop<xor>, cmp = #ptx.cmp<equ>, dtype = #ptx.type<f32>, stype = #ptx.type<f32>} : (f32, f32, i1) -> f32
    %6 = ptx.set %f, %f, %1 {boolop = #ptx.boolop<xor>, cmp = #ptx.cmp<equ>, dtype = #ptx.type<f32>, stype = #ptx.type<f32>} : (f32, f32, i1) -> f32
    // CHECK: %[[V2:.*]] = ptx.selp %arg0, %arg1, %arg3 {type = #ptx.type<b32>} : (i32, i32, i1) -> i32
    %7 = ptx.selp %a, %b, %p {type = #ptx.type<b32>} : (i32, i32, i1) -> i32
    // CHECK: %[[V3:.*]] = ptx.slct %arg0, %arg1, %arg2 {ctype = #ptx.type<f32>, dtype = #ptx.type<u32>, ftz} : (i32, i32, f32) -> i32
    %8 = ptx.slct %a, %b, %f {ctype = #ptx.type<f32>, dtype = #ptx.type<u32>, ftz} : (i32, i32, f32) -> i32
    // CHECK: ptx.ret
    ptx.ret
  }

  // CHECK-LABEL: ptx.func @logic
  // CHECK-SAME: attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "b", space = reg, type = b32>, #ptx.param<name = "x", space = reg, type = b64>, #ptx.param<name = "p", space = reg, type = pred>]}
  ptx.func @logic attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "b", space = reg, type = b32>, #ptx.param<name = "x", space = reg, type = b64>, #ptx.param<name = "p", space = reg, type = pred>]} {
  // CHECK: ^bb0(%arg0: i32, %arg1: i32, %arg2: i64, %arg3: i1):
  ^bb0(%a: i32, %b: i32, %x: i64, %p: i1):
    // CHECK: %[[C150_I64:.*]] = arith.constant 150 : i64
    %lut = arith.constant 150 : i64
    // CHECK: %[[V0:.*]] = ptx.and %arg0, %arg1 {type = #ptx.type<b32>} : (i32, i32) -> i32
    %0 = ptx.and %a, %b {type = #ptx.type<b32>} : (i32, i32) -> i32
    // CHECK: %[[V1:.*]] = ptx.or %arg3, %arg3 {type = #ptx.type<pred>} : (i1, i1) -> i1
    %1 = ptx.or %p, %p {type = #ptx.type<pred>} : (i1, i1) -> i1
    // CHECK: %[[V2:.*]] = ptx.xor %arg2, %arg2 {type = #ptx.type<b64>} : (i64, i64) -> i64
    %2 = ptx.xor %x, %x {type = #ptx.type<b64>} : (i64, i64) -> i64
    // CHECK: %[[V3:.*]] = ptx.not %arg3 {type = #ptx.type<pred>} : (i1) -> i1
    %3 = ptx.not %p {type = #ptx.type<pred>} : (i1) -> i1
    // CHECK: %[[V4:.*]] = ptx.cnot %arg0 {type = #ptx.type<b32>} : (i32) -> i32
    %4 = ptx.cnot %a {type = #ptx.type<b32>} : (i32) -> i32
    // CHECK: %[[V5:.*]] = ptx.lop3 %arg0, %arg1, %arg0, %[[C150_I64]] {type = #ptx.type<b32>} : (i32, i32, i32, i64) -> i32
    %5 = ptx.lop3 %a, %b, %a, %lut {type = #ptx.type<b32>} : (i32, i32, i32, i64) -> i32
    // CHECK: %[[V6:.*]] = ptx.shf %arg0, %arg1, %arg0 {dir = #ptx.shf_dir<r>, mode = #ptx.shf_mode<wrap>, type = #ptx.type<b32>} : (i32, i32, i32) -> i32
    %6 = ptx.shf %a, %b, %a {dir = #ptx.shf_dir<r>, mode = #ptx.shf_mode<wrap>, type = #ptx.type<b32>} : (i32, i32, i32) -> i32
    // CHECK: %[[V7:.*]] = ptx.shl %arg2, %arg0 {type = #ptx.type<b64>} : (i64, i32) -> i64
    %7 = ptx.shl %x, %a {type = #ptx.type<b64>} : (i64, i32) -> i64
    // CHECK: %[[V8:.*]] = ptx.shr %arg0, %arg1 if %[[V3]] prev(%arg0) {type = #ptx.type<s32>} : (i32, i32, i1, i32) -> i32
    %8 = ptx.shr %a, %b if %3 prev(%a) {type = #ptx.type<s32>} : (i32, i32, i1, i32) -> i32
    // CHECK: ptx.ret
    ptx.ret
  }

  // CHECK-LABEL: ptx.func @movement
  // CHECK-SAME: attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "x", space = reg, type = b64>, #ptx.param<name = "h", space = reg, type = b16>, #ptx.param<name = "f", space = reg, type = f32>, #ptx.param<name = "p", space = reg, type = pred>]}
  ptx.func @movement attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "x", space = reg, type = b64>, #ptx.param<name = "h", space = reg, type = b16>, #ptx.param<name = "f", space = reg, type = f32>, #ptx.param<name = "p", space = reg, type = pred>]} {
  // CHECK: ^bb0(%arg0: i32, %arg1: i64, %arg2: i16, %arg3: f32, %arg4: i1):
  ^bb0(%a: i32, %x: i64, %h: i16, %f: f32, %p: i1):
    // CHECK: %[[C12816_I64:.*]] = arith.constant 12816 : i64
    %sel = arith.constant 12816 : i64
    // CHECK: %[[V0:.*]] = ptx.mov %arg0 {type = #ptx.type<b32>} : (i32) -> i32
    %0 = ptx.mov %a {type = #ptx.type<b32>} : (i32) -> i32
    // CHECK: %[[V1:.*]] = ptx.mov %arg3 if %arg4 prev(%arg3) {type = #ptx.type<f32>} : (f32, i1, f32) -> f32
    %1 = ptx.mov %f if %p prev(%f) {type = #ptx.type<f32>} : (f32, i1, f32) -> f32
    // CHECK: %[[V2:.*]] = ptx.mov_pack %arg0, %arg0 {operandSegmentSizes = array<i32: 2, 0, 0>, type = #ptx.type<b64>} : (i32, i32) -> i64
    %2 = ptx.mov_pack %a, %a {type = #ptx.type<b64>, operandSegmentSizes = array<i32: 2, 0, 0>} : (i32, i32) -> i64
    // CHECK: %[[V3:.*]]:4 = ptx.mov_unpack %arg1 {type = #ptx.type<b64>} : (i64) -> (i16, i16, i16, i16)
    %3:4 = ptx.mov_unpack %x {type = #ptx.type<b64>} : (i64) -> (i16, i16, i16, i16)
    // CHECK: %[[V4:.*]]:2 = ptx.mov_unpack %arg0 if %arg4 prev(%arg2, %arg2) {type = #ptx.type<b32>} : (i32, i1, i16, i16) -> (i16, i16)
    %4:2 = ptx.mov_unpack %a if %p prev(%h, %h) {type = #ptx.type<b32>} : (i32, i1, i16, i16) -> (i16, i16)
    // CHECK: %[[V5:.*]] = ptx.prmt %arg0, %arg0, %[[C12816_I64]] {type = #ptx.type<b32>} : (i32, i32, i64) -> i32
    %5 = ptx.prmt %a, %a, %sel {type = #ptx.type<b32>} : (i32, i32, i64) -> i32
    // CHECK: %[[V6:.*]] = ptx.prmt %arg0, %arg0, %arg0 {mode = #ptx.prmt_mode<ecl>, type = #ptx.type<b32>} : (i32, i32, i32) -> i32
    %6 = ptx.prmt %a, %a, %a {mode = #ptx.prmt_mode<ecl>, type = #ptx.type<b32>} : (i32, i32, i32) -> i32
    // CHECK: %[[V7:.*]] = ptx.cvt %arg3 {atype = #ptx.type<f32>, dtype = #ptx.type<s32>, ftz, operandSegmentSizes = array<i32: 1, 0, 0, 0>, rnd = #ptx.rnd<rzi>, sat} : (f32) -> i32
    %7 = ptx.cvt %f {atype = #ptx.type<f32>, dtype = #ptx.type<s32>, ftz, rnd = #ptx.rnd<rzi>, sat, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> i32
    // CHECK: %[[V8:.*]] = ptx.cvt %arg3, %arg3 {atype = #ptx.type<f32>, dtype = #ptx.type<bf16x2>, relu, rnd = #ptx.rnd<rn>} : (f32, f32) -> i32
    %8 = ptx.cvt %f, %f {atype = #ptx.type<f32>, dtype = #ptx.type<bf16x2>, relu, rnd = #ptx.rnd<rn>} : (f32, f32) -> i32
    // CHECK: %[[V9:.*]] = ptx.cvt %arg3, %arg3 {atype = #ptx.type<f32>, dtype = #ptx.type<e4m3x2>, rnd = #ptx.rnd<rn>, satfinite} : (f32, f32) -> i16
    %9 = ptx.cvt %f, %f {atype = #ptx.type<f32>, dtype = #ptx.type<e4m3x2>, rnd = #ptx.rnd<rn>, satfinite} : (f32, f32) -> i16
    // CHECK: %[[V10:.*]] = ptx.cvt %arg2 {atype = #ptx.type<u16>, dtype = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i16) -> i32
    %10 = ptx.cvt %h {atype = #ptx.type<u16>, dtype = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i16) -> i32
    // CHECK: %[[V11:.*]] = ptx.cvt_pack %arg0, %arg0 {atype = #ptx.type<s32>, dtype = #ptx.type<s16>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, sat} : (i32, i32) -> i32
    %11 = ptx.cvt_pack %a, %a {atype = #ptx.type<s32>, dtype = #ptx.type<s16>, sat, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32
    // CHECK: %[[V12:.*]] = ptx.cvt_pack %arg0, %arg0, %[[V11]] {atype = #ptx.type<s32>, ctype = #ptx.type<b32>, dtype = #ptx.type<u8>, sat} : (i32, i32, i32) -> i32
    %12 = ptx.cvt_pack %a, %a, %11 {atype = #ptx.type<s32>, ctype = #ptx.type<b32>, dtype = #ptx.type<u8>, sat} : (i32, i32, i32) -> i32
    // CHECK: %[[V13:.*]] = ptx.cvta %arg1 {space = #ptx.space<global>, to, type = #ptx.type<u64>} : (i64) -> i64
    %13 = ptx.cvta %x {space = #ptx.space<global>, to, type = #ptx.type<u64>} : (i64) -> i64
    // CHECK: %[[V14:.*]] = ptx.cvta %arg1 {space = #ptx.space<"shared::cta">, type = #ptx.type<u64>} : (i64) -> i64
    %14 = ptx.cvta %x {space = #ptx.space<"shared::cta">, type = #ptx.type<u64>} : (i64) -> i64
    // CHECK: %[[V15:.*]] = ptx.isspacep %arg1 {space = #ptx.space<local>} : (i64) -> i1
    %15 = ptx.isspacep %x {space = #ptx.space<local>} : (i64) -> i1
    // CHECK: %[[V16:.*]] = ptx.mapa %arg0, %arg0 {space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32) -> i32
    %16 = ptx.mapa %a, %a {space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32) -> i32
    // CHECK: %[[V17:.*]] = ptx.getctarank %arg1 {type = #ptx.type<u64>} : (i64) -> i32
    %17 = ptx.getctarank %x {type = #ptx.type<u64>} : (i64) -> i32
    // CHECK: ptx.ret
    ptx.ret
  }

  // CHECK-LABEL: ptx.func @memory
  // CHECK-SAME: attributes {params = [#ptx.param<name = "ptr", space = reg, type = b64>, #ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "f", space = reg, type = f32>, #ptx.param<name = "pol", space = reg, type = b64>, #ptx.param<name = "p", space = reg, type = pred>]}
  ptx.func @memory attributes {params = [#ptx.param<name = "ptr", space = reg, type = b64>, #ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "f", space = reg, type = f32>, #ptx.param<name = "pol", space = reg, type = b64>, #ptx.param<name = "p", space = reg, type = pred>]} {
  // CHECK: ^bb0(%arg0: i64, %arg1: i32, %arg2: f32, %arg3: i64, %arg4: i1):
  ^bb0(%ptr: i64, %a: i32, %f: f32, %pol: i64, %p: i1):
    // CHECK: %[[V0:.*]] = ptx.ld %arg0 {addr_offset = 8 : i64, cop = #ptx.cop<cg>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<global>, type = #ptx.type<u32>} : (i64) -> i32
    %0 = ptx.ld %ptr {addr_offset = 8 : i64, cop = #ptx.cop<cg>, space = #ptx.space<global>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> i32
    // CHECK: %[[V1:.*]]:4 = ptx.ld %arg0 {addr_offset = 0 : i64, l1_eviction = #ptx.l1_eviction<"L1::evict_last">, nc, operandSegmentSizes = array<i32: 1, 0, 0, 0>, prefetch_size = #ptx.prefetch_size<"L2::128B">, space = #ptx.space<global>, type = #ptx.type<f32>, vec = #ptx.vec<v4>} : (i64) -> (f32, f32, f32, f32)
    %1:4 = ptx.ld %ptr {nc, l1_eviction = #ptx.l1_eviction<"L1::evict_last">, prefetch_size = #ptx.prefetch_size<"L2::128B">, space = #ptx.space<global>, type = #ptx.type<f32>, vec = #ptx.vec<v4>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> (f32, f32, f32, f32)
    // CHECK: %[[V2:.*]] = ptx.ld %arg0, %arg3 {addr_offset = 0 : i64, cache_hint = #ptx.cache_hint<"L2::cache_hint">, l2_eviction = #ptx.l2_eviction<"L2::evict_first">, space = #ptx.space<global>, type = #ptx.type<u32>} : (i64, i64) -> i32
    %2 = ptx.ld %ptr, %pol {cache_hint = #ptx.cache_hint<"L2::cache_hint">, l2_eviction = #ptx.l2_eviction<"L2::evict_first">, space = #ptx.space<global>, type = #ptx.type<u32>} : (i64, i64) -> i32
    // CHECK: %[[V3:.*]] = ptx.ld {addr_offset = 4 : i64, addr_sym = @arr, operandSegmentSizes = array<i32: 0, 0, 0, 0>, scope = #ptx.scope<gpu>, sem = #ptx.sem<acquire>, space = #ptx.space<global>, type = #ptx.type<u32>} : () -> i32
    %3 = ptx.ld {addr_offset = 4 : i64, addr_sym = @arr, scope = #ptx.scope<gpu>, sem = #ptx.sem<acquire>, space = #ptx.space<global>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 0, 0, 0, 0>} : () -> i32
    // CHECK: %[[V4:.*]] = ptx.ld %arg0 if %arg4 prev(%[[V3]]) {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 1, 1>, sem = #ptx.sem<volatile>, type = #ptx.type<u32>} : (i64, i1, i32) -> i32
    %4 = ptx.ld %ptr if %p prev(%3) {sem = #ptx.sem<volatile>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 1, 1>} : (i64, i1, i32) -> i32
    // CHECK: %[[V5:.*]]:2 = ptx.ldu %arg0 {addr_offset = 0 : i64, space = #ptx.space<global>, type = #ptx.type<f32>, vec = #ptx.vec<v2>} : (i64) -> (f32, f32)
    %5:2 = ptx.ldu %ptr {space = #ptx.space<global>, type = #ptx.type<f32>, vec = #ptx.vec<v2>} : (i64) -> (f32, f32)
    // CHECK: ptx.st %arg0, %arg1 {addr_offset = -4 : i64, cop = #ptx.cop<wt>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, space = #ptx.space<global>, type = #ptx.type<u32>} : (i64, i32) -> ()
    ptx.st %ptr, %a {addr_offset = -4 : i64, cop = #ptx.cop<wt>, space = #ptx.space<global>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, i32) -> ()
    // CHECK: ptx.st %arg0, %arg2, %arg2 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 2, 0, 0, 0>, scope = #ptx.scope<sys>, sem = #ptx.sem<release>, space = #ptx.space<"shared::cluster">, type = #ptx.type<f32>, vec = #ptx.vec<v2>} : (i64, f32, f32) -> ()
    ptx.st %ptr, %f, %f {scope = #ptx.scope<sys>, sem = #ptx.sem<release>, space = #ptx.space<"shared::cluster">, type = #ptx.type<f32>, vec = #ptx.vec<v2>, operandSegmentSizes = array<i32: 1, 2, 0, 0, 0>} : (i64, f32, f32) -> ()
    // CHECK: ptx.st %arg0, %arg1, %arg3 {addr_offset = 0 : i64, cache_hint = #ptx.cache_hint<"L2::cache_hint">, space = #ptx.space<global>, type = #ptx.type<u32>} : (i64, i32, i64) -> ()
    ptx.st %ptr, %a, %pol {cache_hint = #ptx.cache_hint<"L2::cache_hint">, space = #ptx.space<global>, type = #ptx.type<u32>} : (i64, i32, i64) -> ()
    // CHECK: ptx.st %arg1 if not %arg4 {addr_offset = 0 : i64, addr_sym = @depot, operandSegmentSizes = array<i32: 0, 1, 0, 1, 0>, space = #ptx.space<local>, type = #ptx.type<u32>} : (i32, i1) -> ()
    ptx.st %a if not %p {addr_sym = @depot, space = #ptx.space<local>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 0, 1, 0, 1, 0>} : (i32, i1) -> ()
    // CHECK: ptx.prefetch %arg0 {addr_offset = 0 : i64, level = #ptx.prefetch_level<"L2::evict_last">, space = #ptx.space<global>} : (i64) -> ()
    ptx.prefetch %ptr {level = #ptx.prefetch_level<"L2::evict_last">, space = #ptx.space<global>} : (i64) -> ()
    // CHECK: ptx.prefetchu %arg0 {addr_offset = 0 : i64, level = #ptx.prefetch_level<L1>} : (i64) -> ()
    ptx.prefetchu %ptr {level = #ptx.prefetch_level<L1>} : (i64) -> ()
    // CHECK: %[[V6:.*]] = ptx.atom %arg0, %arg1 {addr_offset = 0 : i64, op = #ptx.atom_op<add>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>, scope = #ptx.scope<gpu>, sem = #ptx.sem<acq_rel>, space = #ptx.space<global>, type = #ptx.type<u32>} : (i64, i32) -> i32
    %6 = ptx.atom %ptr, %a {op = #ptx.atom_op<add>, scope = #ptx.scope<gpu>, sem = #ptx.sem<acq_rel>, space = #ptx.space<global>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (i64, i32) -> i32
    // CHECK: %[[V7:.*]] = ptx.atom %arg0, %arg1, %arg1 {addr_offset = 0 : i64, op = #ptx.atom_op<cas>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0>, space = #ptx.space<shared>, type = #ptx.type<b32>} : (i64, i32, i32) -> i32
    %7 = ptx.atom %ptr, %a, %a {op = #ptx.atom_op<cas>, space = #ptx.space<shared>, type = #ptx.type<b32>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0>} : (i64, i32, i32) -> i32
    // CHECK: %[[V8:.*]] = ptx.atom %arg0, %arg2, %arg3 {addr_offset = 0 : i64, cache_hint = #ptx.cache_hint<"L2::cache_hint">, op = #ptx.atom_op<add>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 0, 0>, type = #ptx.type<f32>} : (i64, f32, i64) -> f32
    %8 = ptx.atom %ptr, %f, %pol {cache_hint = #ptx.cache_hint<"L2::cache_hint">, op = #ptx.atom_op<add>, type = #ptx.type<f32>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 0, 0>} : (i64, f32, i64) -> f32
    // CHECK: %[[V9:.*]] = ptx.atom %arg0, %arg1 if %arg4 prev(%[[V6]]) {addr_offset = 0 : i64, op = #ptx.atom_op<exch>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 1, 1>, type = #ptx.type<b32>} : (i64, i32, i1, i32) -> i32
    %9 = ptx.atom %ptr, %a if %p prev(%6) {op = #ptx.atom_op<exch>, type = #ptx.type<b32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 1, 1>} : (i64, i32, i1, i32) -> i32
    // CHECK: ptx.red %arg0, %arg1 {addr_offset = 0 : i64, op = #ptx.atom_op<inc>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, scope = #ptx.scope<sys>, sem = #ptx.sem<relaxed>, space = #ptx.space<global>, type = #ptx.type<u32>} : (i64, i32) -> ()
    ptx.red %ptr, %a {op = #ptx.atom_op<inc>, scope = #ptx.scope<sys>, sem = #ptx.sem<relaxed>, space = #ptx.space<global>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, i32) -> ()
    // CHECK: ptx.red %arg0, %arg1 {addr_offset = 0 : i64, noftz, op = #ptx.atom_op<add>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, type = #ptx.type<f16x2>} : (i64, i32) -> ()
    ptx.red %ptr, %a {noftz, op = #ptx.atom_op<add>, type = #ptx.type<f16x2>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, i32) -> ()
    // CHECK: %{{.*}}:2 = ptx.atom %arg0, %arg1, %arg1 {addr_offset = 0 : i64, noftz, op = #ptx.atom_op<min>, operandSegmentSizes = array<i32: 1, 2, 0, 0, 0, 0>, space = #ptx.space<global>, type = #ptx.type<bf16x2>, vec = #ptx.vec<v2>} : (i64, i32, i32) -> (i32, i32)
    %vr:2 = ptx.atom %ptr, %a, %a {noftz, op = #ptx.atom_op<min>, space = #ptx.space<global>, type = #ptx.type<bf16x2>, vec = #ptx.vec<v2>, operandSegmentSizes = array<i32: 1, 2, 0, 0, 0, 0>} : (i64, i32, i32) -> (i32, i32)
    // CHECK: ptx.fence {mbarrier_init, scope = #ptx.scope<cluster>, sem = #ptx.sem<release>}
    ptx.fence {mbarrier_init, scope = #ptx.scope<cluster>, sem = #ptx.sem<release>} : () -> ()
    // CHECK: ptx.ret
    ptx.ret
  }

  // CHECK-LABEL: ptx.func @sync
  // CHECK-SAME: attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]}
  ptx.func @sync attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]} {
  // CHECK: ^bb0(%arg0: i32, %arg1: i1):
  ^bb0(%a: i32, %p: i1):
    // CHECK: %[[C0_I64:.*]] = arith.constant 0 : i64
    %c0 = arith.constant 0 : i64
    // CHECK: %[[C_1_I64:.*]] = arith.constant -1 : i64
    %m = arith.constant -1 : i64
    // CHECK: ptx.bar_sync %[[C0_I64]] {cta, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> ()
    ptx.bar_sync %c0 {cta, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> ()
    // CHECK: ptx.bar_sync %[[C0_I64]], %arg0 if %arg1 : (i64, i32, i1) -> ()
    ptx.bar_sync %c0, %a if %p : (i64, i32, i1) -> ()
    // CHECK: ptx.bar_arrive %[[C0_I64]], %arg0 {cta} : (i64, i32) -> ()
    ptx.bar_arrive %c0, %a {cta} : (i64, i32) -> ()
    // CHECK: %[[V0:.*]] = ptx.bar_red %[[C0_I64]], %arg1 {op = #ptx.redux_op<popc>, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>, type = #ptx.type<u32>} : (i64, i1) -> i32
    %0 = ptx.bar_red %c0, %p {op = #ptx.redux_op<popc>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>} : (i64, i1) -> i32
    // CHECK: ptx.barrier_sync %[[C0_I64]], %arg0 {aligned} : (i64, i32) -> ()
    ptx.barrier_sync %c0, %a {aligned} : (i64, i32) -> ()
    // CHECK: ptx.barrier_arrive %[[C0_I64]], %arg0 {aligned, cta} : (i64, i32) -> ()
    ptx.barrier_arrive %c0, %a {aligned, cta} : (i64, i32) -> ()
    // CHECK: %[[V1:.*]] = ptx.barrier_red %[[C0_I64]], %arg0, %arg1 {aligned, op = #ptx.redux_op<and>, type = #ptx.type<pred>} : (i64, i32, i1) -> i1
    %1 = ptx.barrier_red %c0, %a, %p {aligned, op = #ptx.redux_op<and>, type = #ptx.type<pred>} : (i64, i32, i1) -> i1
    // CHECK: ptx.bar_warp_sync %[[C_1_I64]] : (i64) -> ()
    ptx.bar_warp_sync %m : (i64) -> ()
    // CHECK: ptx.membar {level = #ptx.membar_level<gl>} : () -> ()
    ptx.membar {level = #ptx.membar_level<gl>} : () -> ()
    // CHECK: ptx.membar {proxy = #ptx.proxy<alias>} : () -> ()
    ptx.membar {proxy = #ptx.proxy<alias>} : () -> ()
    // CHECK: ptx.fence {scope = #ptx.scope<cluster>, sem = #ptx.sem<acq_rel>} : () -> ()
    ptx.fence {scope = #ptx.scope<cluster>, sem = #ptx.sem<acq_rel>} : () -> ()
    // CHECK: ptx.fence {scope = #ptx.scope<sys>} : () -> ()
    ptx.fence {scope = #ptx.scope<sys>} : () -> ()
    // CHECK: ptx.fence_proxy {proxy = #ptx.proxy<async>, space = #ptx.space<"shared::cta">} : () -> ()
    ptx.fence_proxy {proxy = #ptx.proxy<async>, space = #ptx.space<"shared::cta">} : () -> ()
    // CHECK: %[[D:.*]] = ptx.shfl_sync %arg0, %[[C0_I64]], %[[C0_I64]], %[[C_1_I64]] {mode = #ptx.shfl_mode<idx>, type = #ptx.type<b32>} : (i32, i64, i64, i64) -> i32
    %2 = ptx.shfl_sync %a, %c0, %c0, %m {mode = #ptx.shfl_mode<idx>, type = #ptx.type<b32>} : (i32, i64, i64, i64) -> i32
    // CHECK: %[[D_0:.*]], %[[P:.*]] = ptx.shfl_sync %arg0, %arg0, %arg0, %arg0 if not %arg1 prev(%[[D]], %arg1) {mode = #ptx.shfl_mode<bfly>, type = #ptx.type<b32>} : (i32, i32, i32, i32, i1, i32, i1) -> (i32, i1)
    %3, %4 = ptx.shfl_sync %a, %a, %a, %a if not %p prev(%2, %p) {mode = #ptx.shfl_mode<bfly>, type = #ptx.type<b32>} : (i32, i32, i32, i32, i1, i32, i1) -> (i32, i1)
    // CHECK: %[[V2:.*]] = ptx.vote_sync %arg1, %[[C_1_I64]] {mode = #ptx.vote_mode<ballot>, type = #ptx.type<b32>} : (i1, i64) -> i32
    %5 = ptx.vote_sync %p, %m {mode = #ptx.vote_mode<ballot>, type = #ptx.type<b32>} : (i1, i64) -> i32
    // CHECK: %[[V3:.*]] = ptx.vote_sync %arg1, %arg0 {mode = #ptx.vote_mode<uni>, type = #ptx.type<pred>} : (i1, i32) -> i1
    %6 = ptx.vote_sync %p, %a {mode = #ptx.vote_mode<uni>, type = #ptx.type<pred>} : (i1, i32) -> i1
    // CHECK: %[[D_1:.*]], %[[P_2:.*]] = ptx.match_sync %arg0, %[[C_1_I64]] {mode = #ptx.match_mode<all>, type = #ptx.type<b32>} : (i32, i64) -> (i32, i1)
    %7, %8 = ptx.match_sync %a, %m {mode = #ptx.match_mode<all>, type = #ptx.type<b32>} : (i32, i64) -> (i32, i1)
    // CHECK: %[[D_3:.*]] = ptx.match_sync %arg0, %[[C_1_I64]] {mode = #ptx.match_mode<any>, type = #ptx.type<b32>} : (i32, i64) -> i32
    %9 = ptx.match_sync %a, %m {mode = #ptx.match_mode<any>, type = #ptx.type<b32>} : (i32, i64) -> i32
    // CHECK: %[[V4:.*]] = ptx.activemask {type = #ptx.type<b32>} : () -> i32
    %10 = ptx.activemask {type = #ptx.type<b32>} : () -> i32
    // CHECK: %[[V5:.*]] = ptx.redux_sync %arg0, %[[C_1_I64]] {op = #ptx.redux_op<max>, type = #ptx.type<s32>} : (i32, i64) -> i32
    %11 = ptx.redux_sync %a, %m {op = #ptx.redux_op<max>, type = #ptx.type<s32>} : (i32, i64) -> i32
    // CHECK: %[[V6:.*]] = ptx.redux_sync %arg0, %[[C_1_I64]] {NaN, abs, op = #ptx.redux_op<min>, type = #ptx.type<f32>} : (i32, i64) -> i32
    %12 = ptx.redux_sync %a, %m {NaN, abs, op = #ptx.redux_op<min>, type = #ptx.type<f32>} : (i32, i64) -> i32
    // CHECK: %[[D_4:.*]], %[[P_5:.*]] = ptx.elect_sync %[[C_1_I64]] : (i64) -> (i32, i1)
    %13, %14 = ptx.elect_sync %m : (i64) -> (i32, i1)
    // CHECK: ptx.nanosleep %arg0 {type = #ptx.type<u32>} : (i32) -> ()
    ptx.nanosleep %a {type = #ptx.type<u32>} : (i32) -> ()
    // CHECK: ptx.pmevent %[[C0_I64]] {mask} : (i64) -> ()
    ptx.pmevent %c0 {mask} : (i64) -> ()
    // CHECK: ptx.brkpt : () -> ()
    ptx.brkpt : () -> ()
    // CHECK: ptx.trap if %arg1 : (i1) -> ()
    ptx.trap if %p : (i1) -> ()
    // CHECK: ptx.ret
    ptx.ret
  }

  // CHECK-LABEL: ptx.func @calls
  // CHECK-SAME: attributes {params = [#ptx.param<name = "fp", space = reg, type = b64>, #ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]}
  ptx.func @calls attributes {params = [#ptx.param<name = "fp", space = reg, type = b64>, #ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]} {
  // CHECK: ^bb0(%arg0: i64, %arg1: i32, %arg2: i1):
  ^bb0(%fp: i64, %a: i32, %p: i1):
    // CHECK: %[[V0:.*]] = ptx.param_buf {type = #ptx.type<b32>}
    %0 = ptx.param_buf {type = #ptx.type<b32>}
    // CHECK: %[[V1:.*]] = ptx.param_buf {align = 8 : i64, count = 16 : i64, name = "ret", type = #ptx.type<b8>}
    %1 = ptx.param_buf {align = 8 : i64, count = 16 : i64, type = #ptx.type<b8>, name = "ret"}
    // CHECK: ptx.call %[[V1]], %[[V0]] {callee = @proto, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>} : (!ptx.param_buf, !ptx.param_buf) -> ()
    ptx.call %1, %0 {callee = @proto, operandSegmentSizes = array<i32: 0, 1, 1, 0, 0>} : (!ptx.param_buf, !ptx.param_buf) -> ()
    // CHECK: ptx.call %[[V0]] if %arg2 {callee = @proto, operandSegmentSizes = array<i32: 0, 0, 1, 1, 0>, uni} : (!ptx.param_buf, i1) -> ()
    ptx.call %0 if %p {callee = @proto, uni, operandSegmentSizes = array<i32: 0, 0, 1, 1, 0>} : (!ptx.param_buf, i1) -> ()
    // CHECK: ptx.call %arg0, %[[V1]], %[[V0]] {proto_args = [#ptx.param<name = "_", space = param, type = b32>], proto_rets = [#ptx.param<name = "_", space = param, type = b8, align = 8, count = 16>]} : (i64, !ptx.param_buf, !ptx.param_buf) -> ()
    ptx.call %fp, %1, %0 {proto_args = [#ptx.param<name = "_", space = param, type = b32>], proto_rets = [#ptx.param<name = "_", space = param, type = b8, align = 8, count = 16>]} : (i64, !ptx.param_buf, !ptx.param_buf) -> ()
    // CHECK: ptx.call %arg0, %[[V0]] {operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>, targets = [@proto]} : (i64, !ptx.param_buf) -> ()
    ptx.call %fp, %0 {targets = [@proto], operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>} : (i64, !ptx.param_buf) -> ()
    // CHECK: ptx.call %arg1 {callee = @regfn, operandSegmentSizes = array<i32: 0, 0, 1, 0, 0>} : (i32) -> ()
    ptx.call %a {callee = @regfn, operandSegmentSizes = array<i32: 0, 0, 1, 0, 0>} : (i32) -> ()
    // CHECK: ptx.ret
    ptx.ret
  }

  // CHECK-LABEL: ptx.func @regfn
  // CHECK-SAME: attributes {params = [#ptx.param<name = "r", space = reg, type = b32>]}
  ptx.func @regfn attributes {params = [#ptx.param<name = "r", space = reg, type = b32>]} {
  // CHECK: ^bb0(%arg0: i32):
  ^bb0(%r: i32):
    // CHECK: ptx.ret
    ptx.ret
  }

  // CHECK-LABEL: ptx.func @control
  // CHECK-SAME: attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]}
  ptx.func @control attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]} {
  // CHECK: ^bb0(%arg0: i32, %arg1: i1):
  ^bb0(%a: i32, %p: i1):
    // CHECK: ptx.bra if %arg1 ^bb2 else ^bb1
    ptx.bra if %p ^bb2 else ^bb1
  // CHECK: ^bb1:
  ^bb1:
    // CHECK: ptx.bra uni if %arg1 negated ^bb7(%arg0 : i32) else ^bb4
    ptx.bra uni if %p negated ^bb7(%a : i32) else ^bb4
  // CHECK: ^bb2:
  ^bb2:
    // CHECK: ptx.brx_idx %arg0 : i32, ^bb3, ^bb4
    ptx.brx_idx %a : i32, ^bb3, ^bb4
  // CHECK: ^bb3:
  ^bb3:
    // CHECK: ptx.brx_idx uni if %arg1 negated %arg0 : i32, ^bb4, ^bb5
    ptx.brx_idx uni if %p negated %a : i32, ^bb4, ^bb5
  // CHECK: ^bb4:
  ^bb4:
    // CHECK: ptx.ret if %arg1 else ^bb5
    ptx.ret if %p else ^bb5
  // CHECK: ^bb5:
  ^bb5:
    // CHECK: ptx.exit uni if %arg1 negated else ^bb6
    ptx.exit uni if %p negated else ^bb6
  // CHECK: ^bb6:
  ^bb6:
    // CHECK: ptx.bra ^bb7(%arg0 : i32)
    ptx.bra ^bb7(%a : i32)
  // CHECK: ^bb7(%[[V0:.*]]: i32):
  ^bb7(%x: i32):
    // CHECK: ptx.ret
    ptx.ret
  }
}
