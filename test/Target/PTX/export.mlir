// The exporter on IR that the importer does not produce: register classes
// for every value type (PTX has no .bf16 registers), parallel copies into
// block arguments (through temporaries when they overlap), `ptx.not` of a
// predicate printed as `!%p` only right before its one use, and carries
// passed along edges.
//
// RUN: ptx-translate --export-ptx %s | FileCheck %s
// RUN: %if ptxas %{ ptx-translate --export-ptx %s -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

// Every .func is declared first; the definitions follow.
// CHECK: .func types(
// CHECK: .func carry(
// CHECK-NEXT: .reg .b32 a,
// CHECK-NEXT: .reg .pred p
// CHECK-NEXT: )
// CHECK-NEXT: ;
// CHECK: .func header_pragma
// CHECK-NEXT: ;
ptx.module attributes {version = "8.7", target = ["sm_90"]} {
  // CHECK: .func types(
  // CHECK-DAG: .reg .b16 %hb<1>;
  // CHECK-DAG: .reg .f16 %h<1>;
  // CHECK-DAG: .reg .b8 %rc<1>;
  // CHECK-DAG: .reg .b128 %rq<1>;
  // CHECK: cvt.rn.bf16.f32 %hb0, a;
  // CHECK: cvt.rn.f16.f32 %h0, a;
  // CHECK: st.global.b16 [p], %hb0;
  // CHECK: st.global.b16 [p], %h0;
  // CHECK: ld.global.u8 %rc0, [p];
  // CHECK: ld.global.b128 %rq0, [p+16];
  ptx.func @types attributes {params = [#ptx.param<name = "a", space = reg, type = f32>, #ptx.param<name = "p", space = reg, type = b64>]} {
  ^bb0(%a: f32, %p: i64):
    %0 = ptx.cvt %a {atype = #ptx.type<f32>, dtype = #ptx.type<bf16>, rnd = #ptx.rnd<rn>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> bf16
    %1 = ptx.cvt %a {atype = #ptx.type<f32>, dtype = #ptx.type<f16>, rnd = #ptx.rnd<rn>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> f16
    ptx.st %p, %0 {type = #ptx.type<b16>, space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, bf16) -> ()
    ptx.st %p, %1 {type = #ptx.type<b16>, space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, f16) -> ()
    %2 = ptx.ld %p {type = #ptx.type<u8>, space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> i8
    %3 = ptx.ld %p {addr_offset = 16 : i64, type = #ptx.type<b128>, space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> i128
    ptx.ret
  }

  // Swapping two values around a loop needs temporaries.
  // CHECK: .func swap(
  // CHECK: $L__BB1_1:
  // CHECK-NEXT: @p bra $L__edge0;
  // CHECK-NEXT: ret;
  // CHECK-NEXT: $L__edge0:
  // CHECK-NEXT: mov.b32 %[[T0:r[0-9]+]], b;
  // CHECK-NEXT: mov.b32 %[[T1:r[0-9]+]], a;
  // CHECK-NEXT: mov.b32 a, %[[T0]];
  // CHECK-NEXT: mov.b32 b, %[[T1]];
  // CHECK-NEXT: bra $L__BB1_1;
  ptx.func @swap attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "b", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]} {
  ^bb0(%a: i32, %b: i32, %p: i1):
    ptx.bra ^bb1(%a, %b : i32, i32)
  ^bb1(%x: i32, %y: i32):
    ptx.bra if %p ^bb1(%y, %x : i32, i32) else ^bb2
  ^bb2:
    ptx.ret
  }

  // A negation used right away is an operand; one used later, or twice,
  // is an instruction of its own.
  // CHECK: .func negation(
  // CHECK: selp.b32 %r0, a, a, !p;
  // CHECK-NEXT: not.pred %[[N:p[0-9]+]], p;
  // CHECK-NEXT: selp.b32 %r1, a, a, q;
  // CHECK-NEXT: selp.b32 %r2, a, a, %[[N]];
  // CHECK-NEXT: selp.b32 %r3, a, a, %[[N]];
  ptx.func @negation attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>, #ptx.param<name = "q", space = reg, type = pred>]} {
  ^bb0(%a: i32, %p: i1, %q: i1):
    %n0 = ptx.not %p {type = #ptx.type<pred>} : (i1) -> i1
    %0 = ptx.selp %a, %a, %n0 {type = #ptx.type<b32>} : (i32, i32, i1) -> i32
    %n1 = ptx.not %p {type = #ptx.type<pred>} : (i1) -> i1
    %1 = ptx.selp %a, %a, %q {type = #ptx.type<b32>} : (i32, i32, i1) -> i32
    %2 = ptx.selp %a, %a, %n1 {type = #ptx.type<b32>} : (i32, i32, i1) -> i32
    %3 = ptx.selp %a, %a, %n1 {type = #ptx.type<b32>} : (i32, i32, i1) -> i32
    ptx.ret
  }

  // The carry flag flows along edges without copies.
  // CHECK: .func carry(
  // CHECK: add.cc.u32 %r0, a, a;
  // CHECK-NEXT: @p bra $L__BB3_2;
  // CHECK-NEXT: addc.cc.u32 %r1, a, a;
  // CHECK-NEXT: $L__BB3_2:
  // CHECK-NEXT: addc.u32 %r2, a, a;
  ptx.func @carry attributes {params = [#ptx.param<name = "a", space = reg, type = b32>, #ptx.param<name = "p", space = reg, type = pred>]} {
  ^bb0(%a: i32, %p: i1):
    %d0, %cc0 = ptx.add_cc %a, %a {type = #ptx.type<u32>} : (i32, i32) -> (i32, !ptx.cc)
    ptx.bra if %p ^bb2(%cc0 : !ptx.cc) else ^bb1
  ^bb1:
    %d1, %cc1 = ptx.addc %a, %a, %cc0 {cc, type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> (i32, !ptx.cc)
    ptx.bra ^bb2(%cc1 : !ptx.cc)
  ^bb2(%cc: !ptx.cc):
    %d2 = ptx.addc %a, %a, %cc {type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> i32
    ptx.ret
  }

  // A .func's pragmas open its body: ptxas takes none in a .func header
  // (nor in its declaration above).
  // CHECK: .func header_pragma
  // CHECK-NEXT: {
  // CHECK: .pragma "nounroll";
  // CHECK-NEXT: ret;
  ptx.func @header_pragma attributes {params = [], pragmas = ["nounroll"]} {
    ptx.ret
  }
}
