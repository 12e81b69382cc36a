// RUN: ptx-opt %s -split-input-file -verify-diagnostics
//
// One case per PTX rule of the video instruction verifiers
// (PTXVerifiersVideo.cpp).

// vadd.s32.s32.s32 %r1, %r2.b0, %r3.h1;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{video operand types must be .u32 or .s32, got .s64}}
%r = ptx.vadd %a0, %a1 {a_sel = #ptx.sel<b0>, atype = #ptx.type<s32>, b_sel = #ptx.sel<h1>, btype = #ptx.type<s32>, dtype = #ptx.type<s64>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32

// -----

// vadd.s32.s32.s32 %r1, %r2.b0, %r3.h1;
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
// expected-error @+1 {{video operands are 32-bit registers, got}}
%r = ptx.vadd %a0, %a1 {a_sel = #ptx.sel<b0>, atype = #ptx.type<s32>, b_sel = #ptx.sel<h1>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, i32) -> i32

// -----

// vadd.s32.s32.s32 %r1, %r2.b0, %r3.h1;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{video results are 32-bit registers, got}}
%r = ptx.vadd %a0, %a1 {a_sel = #ptx.sel<b0>, atype = #ptx.type<s32>, b_sel = #ptx.sel<h1>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i16

// -----

// vadd.s32.s32.s32 %r1, %r2.b0, %r3.h1;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{a selector must be .b0-.b3, .h0 or .h1, got .b4}}
%r = ptx.vadd %a0, %a1 {a_sel = #ptx.sel<b4>, atype = #ptx.type<s32>, b_sel = #ptx.sel<h1>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32

// -----

// vadd.s32.s32.s32 %r1, %r2.b0, %r3.h1;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{b selector must be .b0-.b3, .h0 or .h1, got .h10}}
%r = ptx.vadd %a0, %a1 {a_sel = #ptx.sel<b0>, atype = #ptx.type<s32>, b_sel = #ptx.sel<h10>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32

// -----

// vadd.u32.u32.u32 %r1.h0, %r2, %r3, %r4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{destination selector must be .b0-.b3, .h0 or .h1, got .h2}}
%r = ptx.vadd %a0, %a1, %a2 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, d_sel = #ptx.sel<h2>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32

// -----

// vadd.u32.u32.u32 %r1.h0, %r2, %r3, %r4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{a secondary operation and a destination selector are exclusive}}
%r = ptx.vadd %a0, %a1, %a2 {atype = #ptx.type<u32>, btype = #ptx.type<u32>, d_sel = #ptx.sel<h0>, op2 = #ptx.video_op2<min>, dtype = #ptx.type<u32>} : (i32, i32, i32) -> i32

// -----

// vadd.s32.s32.s32.add %r1, %r2, %r3, %r4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{the third operand goes with a secondary operation or a destination selector, and only with them}}
%r = ptx.vadd %a0, %a1, %a2 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32

// -----

// vshl.u32.u32.u32.clamp %r9, %r2, %r3;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{the shift amount type is .u32}}
%r = ptx.vshl %a0, %a1 {atype = #ptx.type<u32>, btype = #ptx.type<s32>, dtype = #ptx.type<u32>, mode = #ptx.shf_mode<clamp>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32

// -----

// vmad.u32.u32.u32.po %r12, %r2, %r3, %r4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{.po (plus one) allows no negated operand}}
%r = ptx.vmad %a0, %a1, %a2 {atype = #ptx.type<u32>, b_neg, btype = #ptx.type<u32>, dtype = #ptx.type<u32>, po} : (i32, i32, i32) -> i32

// -----

// vmad.s32.s32.s32 %r1, -%r2, %r3, -%r4; (ptxas: negation of either the
// product or c)
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{negates the product and c; only one of them may be negated}}
%r = ptx.vmad %a0, %a1, %a2 {a_neg, atype = #ptx.type<s32>, btype = #ptx.type<s32>, c_neg, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32

// -----

// vset.s32.u32.lt %r13, %r2, %r3;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{comparison must be .eq, .ne, .lt, .le, .gt or .ge}}
%r = ptx.vset %a0, %a1 {atype = #ptx.type<s32>, btype = #ptx.type<u32>, cmp = #ptx.cmp<lo>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32

// -----

// vset2.s32.s32.lt %r20, %r2, %r3, %r4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{comparison must be .eq, .ne, .lt, .le, .gt or .ge}}
%r = ptx.vset2 %a0, %a1, %a2 {atype = #ptx.type<s32>, btype = #ptx.type<s32>, cmp = #ptx.cmp<hs>} : (i32, i32, i32) -> i32

// -----

// vadd2.s32.s32.s32 %r14.h0, %r2.h10, %r3.h32, %r4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{a selector must be .hxy with x, y in 0..3, got .h14}}
%r = ptx.vadd2 %a0, %a1, %a2 {a_sel = #ptx.sel<h14>, atype = #ptx.type<s32>, b_sel = #ptx.sel<h32>, btype = #ptx.type<s32>, d_sel = #ptx.sel<h0>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32

// -----

// vadd2.s32.s32.s32 %r14.h0, %r2.h10, %r3.h32, %r4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{b selector must be .hxy with x, y in 0..3, got .b3210}}
%r = ptx.vadd2 %a0, %a1, %a2 {a_sel = #ptx.sel<h10>, atype = #ptx.type<s32>, b_sel = #ptx.sel<b3210>, btype = #ptx.type<s32>, d_sel = #ptx.sel<h0>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32

// -----

// vadd2.s32.s32.s32 %r14.h0, %r2.h10, %r3.h32, %r4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{destination mask must be .h0, .h1 or .h10, got .h01}}
%r = ptx.vadd2 %a0, %a1, %a2 {a_sel = #ptx.sel<h10>, atype = #ptx.type<s32>, b_sel = #ptx.sel<h32>, btype = #ptx.type<s32>, d_sel = #ptx.sel<h01>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32

// -----

// vadd4.s32.s32.s32 %r21.b3210, %r2.b7654, %r3.b0123, %r4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{a selector must be .bxyzw with digits 0..7, got .b765}}
%r = ptx.vadd4 %a0, %a1, %a2 {a_sel = #ptx.sel<b765>, atype = #ptx.type<s32>, b_sel = #ptx.sel<b0123>, btype = #ptx.type<s32>, d_sel = #ptx.sel<b3210>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32

// -----

// vadd4.s32.s32.s32 %r21.b3210, %r2.b7654, %r3.b0123, %r4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{destination mask must be .b0 ... .b3210 (lanes 3..0, highest first), got .b4}}
%r = ptx.vadd4 %a0, %a1, %a2 {a_sel = #ptx.sel<b7654>, atype = #ptx.type<s32>, b_sel = #ptx.sel<b0123>, btype = #ptx.type<s32>, d_sel = #ptx.sel<b4>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32

// -----

// vadd4.s32.s32.s32.add %r21, %r2, %r3, %r4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{.sat is not valid with the .add accumulation}}
%r = ptx.vadd4 %a0, %a1, %a2 {add, sat, atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32, i32) -> i32

// -----

%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{expected a selector such as b0, h10 or b3210}}
%r = ptx.vadd %a0, %a1 {a_sel = #ptx.sel<q1>, atype = #ptx.type<s32>, btype = #ptx.type<s32>, dtype = #ptx.type<s32>} : (i32, i32) -> i32
