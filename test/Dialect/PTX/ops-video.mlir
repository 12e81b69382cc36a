// RUN: ptx-opt %s | FileCheck %s
// RUN: ptx-opt %s | ptx-opt | FileCheck %s
//
// Video ops, with operand selectors (#ptx.sel) and negation, parse and print back unchanged.

ptx.module attributes {target = ["sm_90"], version = "8.0"} {
// CHECK-LABEL: ptx.entry @video
  ptx.entry @video attributes {linkage = #ptx.linkage<visible>, params = [#ptx.param<name = "p", space = param, type = u64>]} {
    %0 = ptx.undef : i1
    %1 = ptx.ld {addr_offset = 0 : i64, addr_sym = @p, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<u32>} : () -> i32
    %2 = ptx.ld {addr_offset = 4 : i64, addr_sym = @p, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<u32>} : () -> i32
    %3 = ptx.ld {addr_offset = 8 : i64, addr_sym = @p, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<u32>} : () -> i32
    %4 = ptx.vadd %1, %2 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32
    // CHECK: %4 = ptx.vadd %1, %2 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32
    %5 = ptx.vadd %1, %2 {a_sel = #ptx.sel<b0>, atype = #ptx.type<u32>, b_sel = #ptx.sel<h1>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, sat} : (i32, i32) -> i32
    // CHECK: %5 = ptx.vadd %1, %2 {a_sel = #ptx.sel<b0>, atype = #ptx.type<u32>, b_sel = #ptx.sel<h1>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, sat} : (i32, i32) -> i32
    %6 = ptx.vadd %1, %2, %3 {a_sel = #ptx.sel<b1>, atype = #ptx.type<u32>, b_sel = #ptx.sel<b2>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>, op2 = #ptx.video_op2<add>} : (i32, i32, i32) -> i32
    // CHECK: %6 = ptx.vadd %1, %2, %3 {a_sel = #ptx.sel<b1>, atype = #ptx.type<u32>, b_sel = #ptx.sel<b2>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>, op2 = #ptx.video_op2<add>} : (i32, i32, i32) -> i32
    %7 = ptx.vadd %1, %2, %3 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, d_sel = #ptx.sel<h0>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    // CHECK: %7 = ptx.vadd %1, %2, %3 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, d_sel = #ptx.sel<h0>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    %8 = ptx.vsub %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, op2 = #ptx.video_op2<min>} : (i32, i32, i32) -> i32
    // CHECK: %8 = ptx.vsub %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, op2 = #ptx.video_op2<min>} : (i32, i32, i32) -> i32
    %9 = ptx.vabsdiff %1, %2, %3 {a_sel = #ptx.sel<b3>, atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>, op2 = #ptx.video_op2<max>} : (i32, i32, i32) -> i32
    // CHECK: %9 = ptx.vabsdiff %1, %2, %3 {a_sel = #ptx.sel<b3>, atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>, op2 = #ptx.video_op2<max>} : (i32, i32, i32) -> i32
    %10 = ptx.vmin %1, %2, %3 {atype = #ptx.type<s32>, b_sel = #ptx.sel<b0>, btype = #ptx.type<s32>, d_sel = #ptx.sel<b2>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %10 = ptx.vmin %1, %2, %3 {atype = #ptx.type<s32>, b_sel = #ptx.sel<b0>, btype = #ptx.type<s32>, d_sel = #ptx.sel<b2>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %c7_i64 = arith.constant 7 : i64
    %11 = ptx.vmax %1, %c7_i64 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, sat} : (i32, i64) -> i32
    // CHECK: %11 = ptx.vmax %1, %c7_i64 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, sat} : (i32, i64) -> i32
    %12 = ptx.vshl %1, %2 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>, mode = #ptx.shf_mode<clamp>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32
    // CHECK: %12 = ptx.vshl %1, %2 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>, mode = #ptx.shf_mode<clamp>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32
    %13 = ptx.vshr %1, %2, %3 {a_sel = #ptx.sel<h1>, atype = #ptx.type<s32>, btype = #ptx.type<u32>, dtype = #ptx.type<s32>, mode = #ptx.shf_mode<wrap>, op2 = #ptx.video_op2<add>} : (i32, i32, i32) -> i32
    // CHECK: %13 = ptx.vshr %1, %2, %3 {a_sel = #ptx.sel<h1>, atype = #ptx.type<s32>, btype = #ptx.type<u32>, dtype = #ptx.type<s32>, mode = #ptx.shf_mode<wrap>, op2 = #ptx.video_op2<add>} : (i32, i32, i32) -> i32
    %c4_i64 = arith.constant 4 : i64
    %14 = ptx.vshr %1, %c4_i64, %3 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, d_sel = #ptx.sel<b1>, dtype = #ptx.type<u32>, mode = #ptx.shf_mode<clamp>} : (i32, i64, i32) -> i32
    // CHECK: %14 = ptx.vshr %1, %c4_i64, %3 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, d_sel = #ptx.sel<b1>, dtype = #ptx.type<u32>, mode = #ptx.shf_mode<clamp>} : (i32, i64, i32) -> i32
    %15 = ptx.vmad %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %15 = ptx.vmad %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %16 = ptx.vmad %1, %2, %3 {a_neg, a_sel = #ptx.sel<b0>, atype = #ptx.type<s32>, b_sel = #ptx.sel<h1>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, sat, scale = #ptx.video_scale<shr7>} : (i32, i32, i32) -> i32
    // CHECK: %16 = ptx.vmad %1, %2, %3 {a_neg, a_sel = #ptx.sel<b0>, atype = #ptx.type<s32>, b_sel = #ptx.sel<h1>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, sat, scale = #ptx.video_scale<shr7>} : (i32, i32, i32) -> i32
    %17 = ptx.vmad %1, %2, %3 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, c_neg, dtype = #ptx.type<s32>, scale = #ptx.video_scale<shr15>} : (i32, i32, i32) -> i32
    // CHECK: %17 = ptx.vmad %1, %2, %3 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, c_neg, dtype = #ptx.type<s32>, scale = #ptx.video_scale<shr15>} : (i32, i32, i32) -> i32
    %18 = ptx.vmad %1, %2, %3 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>, po} : (i32, i32, i32) -> i32
    // CHECK: %18 = ptx.vmad %1, %2, %3 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>, po} : (i32, i32, i32) -> i32
    %19 = ptx.vset %1, %2 {atype = #ptx.type<s32>, btype = #ptx.type<u32>, cmp = #ptx.cmp<lt>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32
    // CHECK: %19 = ptx.vset %1, %2 {atype = #ptx.type<s32>, btype = #ptx.type<u32>, cmp = #ptx.cmp<lt>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32
    %20 = ptx.vset %1, %2, %3 {a_sel = #ptx.sel<b0>, atype = #ptx.type<s32>, btype = #ptx.type<s32>, cmp = #ptx.cmp<ne>, op2 = #ptx.video_op2<add>} : (i32, i32, i32) -> i32
    // CHECK: %20 = ptx.vset %1, %2, %3 {a_sel = #ptx.sel<b0>, atype = #ptx.type<s32>, btype = #ptx.type<s32>, cmp = #ptx.cmp<ne>, op2 = #ptx.video_op2<add>} : (i32, i32, i32) -> i32
    %21 = ptx.vset %1, %2, %3 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, cmp = #ptx.cmp<eq>, d_sel = #ptx.sel<b1>} : (i32, i32, i32) -> i32
    // CHECK: %21 = ptx.vset %1, %2, %3 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, cmp = #ptx.cmp<eq>, d_sel = #ptx.sel<b1>} : (i32, i32, i32) -> i32
    %22 = ptx.vadd %1, %2 if %0 prev(%21) {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : (i32, i32, i1, i32) -> i32
    // CHECK: %22 = ptx.vadd %1, %2 if %0 prev(%21) {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : (i32, i32, i1, i32) -> i32
    %23 = ptx.vadd2 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %23 = ptx.vadd2 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %24 = ptx.vadd2 %1, %2, %3 {a_sel = #ptx.sel<h10>, atype = #ptx.type<s32>, b_sel = #ptx.sel<h32>, btype = #ptx.type<s32>, d_sel = #ptx.sel<h0>, dtype = #ptx.type<s32>, sat} : (i32, i32, i32) -> i32
    // CHECK: %24 = ptx.vadd2 %1, %2, %3 {a_sel = #ptx.sel<h10>, atype = #ptx.type<s32>, b_sel = #ptx.sel<h32>, btype = #ptx.type<s32>, d_sel = #ptx.sel<h0>, dtype = #ptx.type<s32>, sat} : (i32, i32, i32) -> i32
    %25 = ptx.vsub2 %1, %2, %3 {a_sel = #ptx.sel<h00>, add, atype = #ptx.type<u32>, b_sel = #ptx.sel<h11>, btype = #ptx.type<u32>, d_sel = #ptx.sel<h1>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    // CHECK: %25 = ptx.vsub2 %1, %2, %3 {a_sel = #ptx.sel<h00>, add, atype = #ptx.type<u32>, b_sel = #ptx.sel<h11>, btype = #ptx.type<u32>, d_sel = #ptx.sel<h1>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    %26 = ptx.vavrg2 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %26 = ptx.vavrg2 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %27 = ptx.vabsdiff2 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %27 = ptx.vabsdiff2 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %28 = ptx.vmin2 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, d_sel = #ptx.sel<h10>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %28 = ptx.vmin2 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, d_sel = #ptx.sel<h10>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %29 = ptx.vmax2 %1, %2, %3 {add, atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    // CHECK: %29 = ptx.vmax2 %1, %2, %3 {add, atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    %30 = ptx.vset2 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, cmp = #ptx.cmp<lt>} : (i32, i32, i32) -> i32
    // CHECK: %30 = ptx.vset2 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, cmp = #ptx.cmp<lt>} : (i32, i32, i32) -> i32
    %31 = ptx.vset2 %1, %2, %3 {add, atype = #ptx.type<u32>, btype = #ptx.type<u32>, cmp = #ptx.cmp<ge>, d_sel = #ptx.sel<h1>} : (i32, i32, i32) -> i32
    // CHECK: %31 = ptx.vset2 %1, %2, %3 {add, atype = #ptx.type<u32>, btype = #ptx.type<u32>, cmp = #ptx.cmp<ge>, d_sel = #ptx.sel<h1>} : (i32, i32, i32) -> i32
    %32 = ptx.vadd4 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %32 = ptx.vadd4 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %33 = ptx.vadd4 %1, %2, %3 {a_sel = #ptx.sel<b7654>, atype = #ptx.type<s32>, b_sel = #ptx.sel<b0123>, btype = #ptx.type<s32>, d_sel = #ptx.sel<b3210>, dtype = #ptx.type<s32>, sat} : (i32, i32, i32) -> i32
    // CHECK: %33 = ptx.vadd4 %1, %2, %3 {a_sel = #ptx.sel<b7654>, atype = #ptx.type<s32>, b_sel = #ptx.sel<b0123>, btype = #ptx.type<s32>, d_sel = #ptx.sel<b3210>, dtype = #ptx.type<s32>, sat} : (i32, i32, i32) -> i32
    %34 = ptx.vsub4 %1, %2, %3 {add, atype = #ptx.type<u32>, b_sel = #ptx.sel<b4567>, btype = #ptx.type<u32>, d_sel = #ptx.sel<b20>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    // CHECK: %34 = ptx.vsub4 %1, %2, %3 {add, atype = #ptx.type<u32>, b_sel = #ptx.sel<b4567>, btype = #ptx.type<u32>, d_sel = #ptx.sel<b20>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    %35 = ptx.vavrg4 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, d_sel = #ptx.sel<b1>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %35 = ptx.vavrg4 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, d_sel = #ptx.sel<b1>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %36 = ptx.vabsdiff4 %1, %2, %3 {add, atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    // CHECK: %36 = ptx.vabsdiff4 %1, %2, %3 {add, atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    %37 = ptx.vmin4 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, d_sel = #ptx.sel<b321>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    // CHECK: %37 = ptx.vmin4 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, d_sel = #ptx.sel<b321>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32
    %38 = ptx.vmax4 %1, %2, %3 {a_sel = #ptx.sel<b3333>, atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    // CHECK: %38 = ptx.vmax4 %1, %2, %3 {a_sel = #ptx.sel<b3333>, atype = #ptx.type<u32>, btype = #ptx.type<u32>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32
    %39 = ptx.vset4 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, cmp = #ptx.cmp<lt>, d_sel = #ptx.sel<b321>} : (i32, i32, i32) -> i32
    // CHECK: %39 = ptx.vset4 %1, %2, %3 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, cmp = #ptx.cmp<lt>, d_sel = #ptx.sel<b321>} : (i32, i32, i32) -> i32
    %40 = ptx.vset4 %1, %2, %3 {add, atype = #ptx.type<u32>, btype = #ptx.type<u32>, cmp = #ptx.cmp<ne>} : (i32, i32, i32) -> i32
    // CHECK: %40 = ptx.vset4 %1, %2, %3 {add, atype = #ptx.type<u32>, btype = #ptx.type<u32>, cmp = #ptx.cmp<ne>} : (i32, i32, i32) -> i32
    ptx.ret 
  }
}
