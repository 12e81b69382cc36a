// The manual's float forms that the verifier rejects: mixed precision
// (add/sub/fma only, .f32 with .f16/.bf16, no .ftz, c of .f32), half-type
// rounding and .sat, half fma modifiers, the cvt forms of the narrow float
// types, .relu/.satfinite and packed destinations, and cvt.rs. ptxas
// (CUDA 13.0, sm_100a) rejects each of these forms too.
// RUN: ptx-opt %s -split-input-file -verify-diagnostics

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.mul' op mul has no mixed-precision form}}
  %0 = ptx.mul %h, %h {atype = #ptx.type<f16>, rnd = #ptx.rnd<rn>, type = #ptx.type<f32>} : (i16, i16) -> f32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.add' op .ftz is not valid with mixed precision}}
  %0 = ptx.add %h, %f {atype = #ptx.type<f16>, ftz, type = #ptx.type<f32>} : (i16, f32) -> f32
  return
}

// -----

// c (our b) is .f32, not the half type.
func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.sub' op b: register of type 'i16' is not compatible with .f32}}
  %0 = ptx.sub %h, %h {atype = #ptx.type<bf16>, type = #ptx.type<f32>} : (i16, i16) -> f32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.fma' op mixed precision is .f32 with .f16/.bf16 sources}}
  %0 = ptx.fma %h, %h, %h {atype = #ptx.type<f16>, rnd = #ptx.rnd<rn>, type = #ptx.type<f16>} : (i16, i16, i16) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.fma' op .relu/.oob are only valid with half types}}
  %0 = ptx.fma %h, %h, %f {atype = #ptx.type<f16>, relu, rnd = #ptx.rnd<rn>, type = #ptx.type<f32>} : (i16, i16, f32) -> f32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.fma' op c: register of type 'i16' is not compatible with .f32}}
  %0 = ptx.fma %h, %h, %h {atype = #ptx.type<f16>, rnd = #ptx.rnd<rz>, type = #ptx.type<f32>} : (i16, i16, i16) -> f32
  return
}

// -----

// Half types round to nearest only.
func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.add' op rounding modifier .rm is not valid with .f16 (only .rn)}}
  %0 = ptx.add %h, %h {rnd = #ptx.rnd<rm>, type = #ptx.type<f16>} : (i16, i16) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.mul' op rounding modifier .rz is not valid with .bf16x2 (only .rn)}}
  %0 = ptx.mul %r, %r {rnd = #ptx.rnd<rz>, type = #ptx.type<bf16x2>} : (i32, i32) -> i32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.add' op .sat is not valid with .bf16}}
  %0 = ptx.add %h, %h {sat, type = #ptx.type<bf16>} : (i16, i16) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.fma' op .sat is not valid with .relu or .bf16 types}}
  %0 = ptx.fma %h, %h, %h {relu, rnd = #ptx.rnd<rn>, sat, type = #ptx.type<f16>} : (i16, i16, i16) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.fma' op .oob is not valid with .ftz}}
  %0 = ptx.fma %h, %h, %h {ftz, oob, rnd = #ptx.rnd<rn>, type = #ptx.type<f16>} : (i16, i16, i16) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op cvt.e4m3x2.f32 requires .rn.satfinite}}
  %0 = ptx.cvt %f, %f {atype = #ptx.type<f32>, dtype = #ptx.type<e4m3x2>, rnd = #ptx.rnd<rn>} : (f32, f32) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op cvt.e2m3x2.f16x2 takes two .f32 sources}}
  %0 = ptx.cvt %r {atype = #ptx.type<f16x2>, dtype = #ptx.type<e2m3x2>, rnd = #ptx.rnd<rn>, satfinite, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i32) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op only cvt.rn{.relu}.f16x2 converts from .e4m3x2}}
  %0 = ptx.cvt %h {atype = #ptx.type<e4m3x2>, dtype = #ptx.type<f16x2>, rnd = #ptx.rnd<rn>, satfinite, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i16) -> i32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op cvt.tf32.f32 takes .rna, .rn or .rz}}
  %0 = ptx.cvt %f {atype = #ptx.type<f32>, dtype = #ptx.type<tf32>, rnd = #ptx.rnd<rm>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> i32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op .relu is not valid with cvt.rna.tf32.f32}}
  %0 = ptx.cvt %f {atype = #ptx.type<f32>, dtype = #ptx.type<tf32>, relu, rnd = #ptx.rnd<rna>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> i32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op cvt.ue8m0x2 takes .rz or .rp}}
  %0 = ptx.cvt %f, %f {atype = #ptx.type<f32>, dtype = #ptx.type<ue8m0x2>, rnd = #ptx.rnd<rn>} : (f32, f32) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op .relu is not valid with cvt.ue8m0x2}}
  %0 = ptx.cvt %r {atype = #ptx.type<bf16x2>, dtype = #ptx.type<ue8m0x2>, relu, rnd = #ptx.rnd<rz>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i32) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op only cvt.rn.bf16x2 converts from .ue8m0x2}}
  %0 = ptx.cvt %h {atype = #ptx.type<ue8m0x2>, dtype = #ptx.type<f16x2>, rnd = #ptx.rnd<rn>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i16) -> i32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op .relu and .satfinite are only valid converting .f32 to .f16, .bf16, .f16x2 or .bf16x2}}
  %0 = ptx.cvt %h {atype = #ptx.type<f16>, dtype = #ptx.type<f32>, relu, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i16) -> f32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op .relu and .satfinite take .rn or .rz}}
  %0 = ptx.cvt %f {atype = #ptx.type<f32>, dtype = #ptx.type<bf16>, relu, rnd = #ptx.rnd<rm>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op cvt.f16x2.f32 takes .rn or .rz}}
  %0 = ptx.cvt %f, %f {atype = #ptx.type<f32>, dtype = #ptx.type<f16x2>, rnd = #ptx.rnd<rm>} : (f32, f32) -> i32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op cvt.bf16x2.f32 converts two .f32 sources}}
  %0 = ptx.cvt %f {atype = #ptx.type<f32>, dtype = #ptx.type<bf16x2>, rnd = #ptx.rnd<rn>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> i32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op a second source is only valid for packed destinations}}
  %0 = ptx.cvt %f, %f {atype = #ptx.type<f32>, dtype = #ptx.type<f16>, rnd = #ptx.rnd<rn>} : (f32, f32) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op .rna is only valid converting to .tf32}}
  %0 = ptx.cvt %f {atype = #ptx.type<f32>, dtype = #ptx.type<f16>, rnd = #ptx.rnd<rna>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op .rs is only valid with the random-bits operand of the stochastic-rounding cvt}}
  %0 = ptx.cvt %f, %f {atype = #ptx.type<f32>, dtype = #ptx.type<f16x2>, rnd = #ptx.rnd<rs>} : (f32, f32) -> i32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt' op cvt.e4m3.f32 is not a cvt form}}
  %0 = ptx.cvt %f {atype = #ptx.type<f32>, dtype = #ptx.type<e4m3>, rnd = #ptx.rnd<rn>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> i16
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt_rs' op cvt.rs.e4m3x4.f32 requires .satfinite}}
  %0 = ptx.cvt_rs %f, %f, %f, %f, %r {atype = #ptx.type<f32>, dtype = #ptx.type<e4m3x4>, rnd = #ptx.rnd<rs>, operandSegmentSizes = array<i32: 4, 0, 1, 0, 0>} : (f32, f32, f32, f32, i32) -> i32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt_rs' op cvt.rs.f16x2.f32 takes two .f32 sources}}
  %0 = ptx.cvt_rs %f, %r {atype = #ptx.type<f32>, dtype = #ptx.type<f16x2>, rnd = #ptx.rnd<rs>, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>} : (f32, i32) -> i32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt_rs' op cvt with random bits requires .rs}}
  %0 = ptx.cvt_rs %f, %f, %r {atype = #ptx.type<f32>, dtype = #ptx.type<bf16x2>, rnd = #ptx.rnd<rn>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (f32, f32, i32) -> i32
  return
}

// -----

func.func @f(%f: f32, %h: i16, %r: i32) {
  // expected-error @+1 {{'ptx.cvt_rs' op cvt.rs converts to .f16x2, .bf16x2, .e4m3x4, .e5m2x4, .e2m3x4, .e3m2x4 or .e2m1x4}}
  %0 = ptx.cvt_rs %f, %f, %r {atype = #ptx.type<f32>, dtype = #ptx.type<e4m3x2>, rnd = #ptx.rnd<rs>, satfinite, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (f32, f32, i32) -> i16
  return
}
