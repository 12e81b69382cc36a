// One case per error of the ptx dialect's verifiers: the shared rules of
// instructions (guards, prev values, operand types), the PTX rules of each
// instruction (PTXVerifiers.cpp), terminators and module structure
// (PTXOps.cpp), and the generic instruction syntax (PTXOpsFormat.cpp).
//
// RUN: ptx-opt %s -split-input-file -verify-diagnostics

// Without operandSegmentSizes every operand group has one value.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{expected 2 operands, or an explicit 'operandSegmentSizes'}}
  %0 = ptx.add %a {type = #ptx.type<s32>} : (i32) -> i32
  return
}

// -----

// An operand group of one value has exactly one (ODS checks only the total).
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.setp' op operand 'a' needs exactly one value, got 2}}
  %0 = ptx.setp %a, %b {cmp = #ptx.cmp<lo>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 2, 0, 0, 0, 0>} : (i32, i32) -> i1
  return
}

// -----

// Operand widths follow the instruction type, also for instructions without
// rules of their own: cvta.u32 takes a 32-bit address.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvta' op a: register of type 'i64' is not compatible with .u32}}
  %0 = ptx.cvta %x {space = #ptx.space<shared>, to, type = #ptx.type<u32>} : (i64) -> i32
  return
}

// -----

// A destination has the instruction type's size.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvta' op destination: register of type 'i32' is not compatible with .u64}}
  %0 = ptx.cvta %x {space = #ptx.space<shared>, to, type = #ptx.type<u64>} : (i64) -> i32
  return
}

// -----

// Bit types take any register of their size, but not of another size.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.and' op b: register of type 'i16' is not compatible with .b32}}
  %0 = ptx.and %a, %h {type = #ptx.type<b32>} : (i32, i16) -> i32
  return
}

// -----

// Integer types take no float registers.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mov' op a: register of type 'f32' is not compatible with .u32}}
  %0 = ptx.mov %f {type = #ptx.type<u32>} : (f32) -> i32
  return
}

// -----

// The shift amount is .u32, the shifted value has the instruction type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.shl' op a: register of type 'i32' is not compatible with .b64}}
  %0 = ptx.shl %a, %b {type = #ptx.type<b64>} : (i32, i32) -> i64
  return
}

// -----

// clz counts into a .u32 register, from a source of the instruction type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.clz' op a: register of type 'i32' is not compatible with .b64}}
  %0 = ptx.clz %a {type = #ptx.type<b64>} : (i32) -> i32
  return
}

// -----

// selp chooses between values of the instruction type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.selp' op destination: register of type 'i32' is not compatible with .b64}}
  %0 = ptx.selp %x, %x, %p {type = #ptx.type<b64>} : (i64, i64, i1) -> i32
  return
}

// -----

// Predicate instructions take predicates.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.not' op a: register of type 'i32' is not compatible with .pred}}
  %0 = ptx.not %a {type = #ptx.type<pred>} : (i32) -> i1
  return
}

// -----

// A negated guard needs a guard.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op negated guard without a guard predicate}}
  %0 = ptx.add %a, %b {guard_neg, type = #ptx.type<s32>} : (i32, i32) -> i32
  return
}

// -----

// prev values need a guard.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op 'prev' values require a guard predicate}}
  %0 = "ptx.add"(%a, %b, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 1>, type = #ptx.type<s32>} : (i32, i32, i32) -> i32
  return
}

// -----

// A guarded instruction has one prev value per result.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op a guarded instruction needs one 'prev' value per result, got 0 for 1}}
  %0 = ptx.add %a, %b if %p {type = #ptx.type<s32>} : (i32, i32, i1) -> i32
  return
}

// -----

// prev values have the result's type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op 'prev' value of type 'i64' does not match result type 'i32'}}
  %0 = ptx.add %a, %b if %p prev(%x) {type = #ptx.type<s32>} : (i32, i32, i1, i64) -> i32
  return
}

// -----

// A register must fit the instruction type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op a: register of type 'i64' is not compatible with .s32}}
  %0 = ptx.add %x, %b {type = #ptx.type<s32>} : (i64, i32) -> i32
  return
}

// -----

// A float register must have the instruction's float type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op destination: register of type 'f64' is not compatible with .f32}}
  %0 = ptx.add %f, %f {type = #ptx.type<f32>} : (f32, f32) -> f64
  return
}

// -----

// Float immediates need a float or bit type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  %c = arith.constant 1.0 : f32
  // expected-error @+1 {{'ptx.add' op b: floating-point immediate used with .s32}}
  %0 = ptx.add %a, %c {type = #ptx.type<s32>} : (i32, f32) -> i32
  return
}

// -----

// Integer add takes no rounding.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op rounding modifier .rn requires a floating-point type}}
  %0 = ptx.add %a, %b {rnd = #ptx.rnd<rn>, type = #ptx.type<s32>} : (i32, i32) -> i32
  return
}

// -----

// Integer add takes no .ftz.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op .ftz requires a floating-point type}}
  %0 = ptx.add %a, %b {ftz, type = #ptx.type<s32>} : (i32, i32) -> i32
  return
}

// -----

// Float add takes no integer rounding.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op rounding modifier .rni is not valid here}}
  %0 = ptx.add %f, %f {rnd = #ptx.rnd<rni>, type = #ptx.type<f32>} : (f32, f32) -> f32
  return
}

// -----

// .ftz is for .f32 and .f16.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.sub' op .ftz is only valid with .f32 and .f16 types}}
  %0 = ptx.sub %d, %d {ftz, type = #ptx.type<f64>} : (f64, f64) -> f64
  return
}

// -----

// Mixed precision is a float form.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op mixed precision requires .f32}}
  %0 = ptx.add %h, %h {atype = #ptx.type<s16>, type = #ptx.type<s32>} : (i16, i16) -> i32
  return
}

// -----

// .sat is .s32 only for integers.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op .sat is only valid with .s32 for integers}}
  %0 = ptx.add %a, %b {sat, type = #ptx.type<u32>} : (i32, i32) -> i32
  return
}

// -----

// .sat is not a double form.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op .sat is not valid with .f64}}
  %0 = ptx.add %d, %d {sat, type = #ptx.type<f64>} : (f64, f64) -> f64
  return
}

// -----

// Mixed precision adds .f16/.bf16 into .f32.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.add' op mixed precision is .f32 with .f16/.bf16 sources}}
  %0 = ptx.add %d, %d {atype = #ptx.type<f64>, type = #ptx.type<f32>} : (f64, f64) -> f32
  return
}

// -----

// Integer mul needs a mode.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mul' op integer mul needs .lo, .hi or .wide}}
  %0 = ptx.mul %a, %b {type = #ptx.type<s32>} : (i32, i32) -> i32
  return
}

// -----

// Integer mul has no .sat.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mul' op .sat is not valid for integer mul}}
  %0 = ptx.mul %a, %b {mode = #ptx.mul_mode<lo>, sat, type = #ptx.type<s32>} : (i32, i32) -> i32
  return
}

// -----

// .wide doubles 16- and 32-bit types.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mul' op .wide is only valid with 16- and 32-bit types}}
  %0 = ptx.mul %x, %x {mode = #ptx.mul_mode<wide>, type = #ptx.type<s64>} : (i64, i64) -> i64
  return
}

// -----

// A .wide result is twice as wide.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mul' op .wide destination must be twice as wide as .u32}}
  %0 = ptx.mul %a, %b {mode = #ptx.mul_mode<wide>, type = #ptx.type<u32>} : (i32, i32) -> i32
  return
}

// -----

// Float mul has no mode.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mul' op .hi is only valid for integer mul}}
  %0 = ptx.mul %f, %f {mode = #ptx.mul_mode<hi>, type = #ptx.type<f32>} : (f32, f32) -> f32
  return
}

// -----

// Integer mad needs a mode.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mad' op integer mad needs .lo, .hi or .wide}}
  %0 = ptx.mad %a, %b, %a {type = #ptx.type<s32>} : (i32, i32, i32) -> i32
  return
}

// -----

// mad .sat is mad.hi.s32 only.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mad' op .sat is only valid for mad.hi.s32}}
  %0 = ptx.mad %a, %b, %a {mode = #ptx.mul_mode<lo>, sat, type = #ptx.type<s32>} : (i32, i32, i32) -> i32
  return
}

// -----

// mad.wide on 64-bit types.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mad' op .wide is only valid with 16- and 32-bit types}}
  %0 = ptx.mad %x, %x, %x {mode = #ptx.mul_mode<wide>, type = #ptx.type<u64>} : (i64, i64, i64) -> i64
  return
}

// -----

// Float mad has no mode.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mad' op .lo is only valid for integer mad}}
  %0 = ptx.mad %f, %f, %f {mode = #ptx.mul_mode<lo>, rnd = #ptx.rnd<rn>, type = #ptx.type<f32>} : (f32, f32, f32) -> f32
  return
}

// -----

// mad.f64 rounds.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mad' op mad.f64 requires a rounding modifier}}
  %0 = ptx.mad %d, %d, %d {type = #ptx.type<f64>} : (f64, f64, f64) -> f64
  return
}

// -----

// mul24 types.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mul24' op mul24 is only defined for .s32 and .u32}}
  %0 = ptx.mul24 %x, %x {mode = #ptx.mul_mode<lo>, type = #ptx.type<u64>} : (i64, i64) -> i64
  return
}

// -----

// mul24 has no .wide.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mul24' op mul24 has no .wide form}}
  %0 = ptx.mul24 %a, %b {mode = #ptx.mul_mode<wide>, type = #ptx.type<u32>} : (i32, i32) -> i32
  return
}

// -----

// mad24 types.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mad24' op mad24 is only defined for .s32 and .u32}}
  %0 = ptx.mad24 %h, %h, %h {mode = #ptx.mul_mode<lo>, type = #ptx.type<u16>} : (i16, i16, i16) -> i16
  return
}

// -----

// mad24 has no .wide.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mad24' op mad24 has no .wide form}}
  %0 = ptx.mad24 %a, %b, %a {mode = #ptx.mul_mode<wide>, type = #ptx.type<s32>} : (i32, i32, i32) -> i32
  return
}

// -----

// mad24 .sat is mad24.hi.s32 only.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mad24' op .sat is only valid for mad24.hi.s32}}
  %0 = ptx.mad24 %a, %b, %a {mode = #ptx.mul_mode<lo>, sat, type = #ptx.type<s32>} : (i32, i32, i32) -> i32
  return
}

// -----

// Integer div has no .approx.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.div' op .approx/.full require a floating-point type}}
  %0 = ptx.div %a, %b {approx, type = #ptx.type<s32>} : (i32, i32) -> i32
  return
}

// -----

// div.f32 has one form.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.div' op div.f32 needs exactly one of .approx, .full or a rounding modifier}}
  %0 = ptx.div %f, %f {approx, full, type = #ptx.type<f32>} : (f32, f32) -> f32
  return
}

// -----

// div.f64 rounds.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.div' op div.f64 requires a rounding modifier}}
  %0 = ptx.div %d, %d {approx, type = #ptx.type<f64>} : (f64, f64) -> f64
  return
}

// -----

// div has no half forms.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.div' op div is defined for .f32 and .f64 floats}}
  %0 = ptx.div %h, %h {rnd = #ptx.rnd<rn>, type = #ptx.type<f16>} : (i16, i16) -> i16
  return
}

// -----

// div.f64 has no .ftz.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.div' op .ftz is only valid with .f32}}
  %0 = ptx.div %d, %d {ftz, rnd = #ptx.rnd<rn>, type = #ptx.type<f64>} : (f64, f64) -> f64
  return
}

// -----

// The carry-out is present with .cc.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  %d0, %cc = ptx.add_cc %a, %b {type = #ptx.type<u32>} : (i32, i32) -> (i32, !ptx.cc)
  // expected-error @+1 {{'ptx.addc' op the carry-out result must be present exactly when .cc is given}}
  %d1 = ptx.addc %a, %b, %cc {cc, type = #ptx.type<u32>} : (i32, i32, !ptx.cc) -> i32
  return
}

// -----

// Extended precision is 32- and 64-bit integer arithmetic.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  %d0, %cc = ptx.sub_cc %a, %b {type = #ptx.type<u32>} : (i32, i32) -> (i32, !ptx.cc)
  // expected-error @+1 {{'ptx.subc' op extended-precision arithmetic is defined for .u32, .s32, .u64 and .s64}}
  %d1 = ptx.subc %h, %h, %cc {type = #ptx.type<u16>} : (i16, i16, !ptx.cc) -> i16
  return
}

// -----

// madc has no .wide.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  %d0, %cc = ptx.mad_cc %a, %b, %a {mode = #ptx.mul_mode<lo>, type = #ptx.type<u32>} : (i32, i32, i32) -> (i32, !ptx.cc)
  // expected-error @+1 {{'ptx.madc' op madc has no .wide form}}
  %d1 = ptx.madc %a, %b, %x, %cc {mode = #ptx.mul_mode<wide>, type = #ptx.type<u32>} : (i32, i32, i64, !ptx.cc) -> i64
  return
}

// -----

// fma is a float instruction.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.fma' op fma requires a floating-point type}}
  %0 = ptx.fma %a, %b, %a {rnd = #ptx.rnd<rn>, type = #ptx.type<s32>} : (i32, i32, i32) -> i32
  return
}

// -----

// fma rounds.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.fma' op fma requires a rounding modifier}}
  %0 = ptx.fma %f, %f, %f {type = #ptx.type<f32>} : (f32, f32, f32) -> f32
  return
}

// -----

// Half fma rounds to nearest.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.fma' op half-precision fma only supports .rn}}
  %0 = ptx.fma %h, %h, %h {rnd = #ptx.rnd<rz>, type = #ptx.type<f16>} : (i16, i16, i16) -> i16
  return
}

// -----

// .relu and .oob are half forms.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.fma' op .relu/.oob are only valid with half types}}
  %0 = ptx.fma %f, %f, %f {relu, rnd = #ptx.rnd<rn>, type = #ptx.type<f32>} : (f32, f32, f32) -> f32
  return
}

// -----

// Float unary ops need a float type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.sqrt' op requires a floating-point type}}
  %0 = ptx.sqrt %a {rnd = #ptx.rnd<rn>, type = #ptx.type<u32>} : (i32) -> i32
  return
}

// -----

// sin is .f32 only.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.sin' op is not defined for .f64}}
  %0 = ptx.sin %d {approx, type = #ptx.type<f64>} : (f64) -> f64
  return
}

// -----

// tanh has no .ftz.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.tanh' op .ftz is not valid with .f32}}
  %0 = ptx.tanh %f {approx, ftz, type = #ptx.type<f32>} : (f32) -> f32
  return
}

// -----

// ex2 on bf16 flushes subnormals.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.ex2' op requires .ftz with .bf16x2}}
  %0 = ptx.ex2 %a {approx, type = #ptx.type<bf16x2>} : (i32) -> i32
  return
}

// -----

// The approximations are .approx only.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.lg2' op requires .approx}}
  %0 = ptx.lg2 %f {rnd = #ptx.rnd<rn>, type = #ptx.type<f32>} : (f32) -> f32
  return
}

// -----

// rcp is .approx or rounded, not both.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.rcp' op needs exactly one of .approx or a rounding modifier}}
  %0 = ptx.rcp %f {approx, rnd = #ptx.rnd<rn>, type = #ptx.type<f32>} : (f32) -> f32
  return
}

// -----

// .full belongs to div.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.sqrt' op .full is only valid for div}}
  %0 = ptx.sqrt %f {full, type = #ptx.type<f32>} : (f32) -> f32
  return
}

// -----

// A boolean operator and c go together.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.setp' op a boolean operator needs the predicate operand c, and c needs a boolean operator}}
  %0 = ptx.setp %a, %b, %p {cmp = #ptx.cmp<lt>, type = #ptx.type<s32>} : (i32, i32, i1) -> i1
  return
}

// -----

// The same rule for set.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.set' op a boolean operator needs the predicate operand c, and c needs a boolean operator}}
  %0 = ptx.set %a, %b {boolop = #ptx.boolop<and>, cmp = #ptx.cmp<lt>, dtype = #ptx.type<u32>, stype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32
  return
}

// -----

// Unordered comparisons are for floats.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.setp' op comparison .ltu requires a floating-point type}}
  %0 = ptx.setp %a, %b {cmp = #ptx.cmp<ltu>, type = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i1
  return
}

// -----

// Unsigned comparisons are for unsigned integers.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.setp' op comparison .hs requires an unsigned integer type}}
  %0 = ptx.setp %a, %b {cmp = #ptx.cmp<hs>, type = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i1
  return
}

// -----

// Bit types compare for equality only.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.set' op bit types only compare with .eq and .ne}}
  %0 = ptx.set %a, %b {cmp = #ptx.cmp<lt>, dtype = #ptx.type<u32>, stype = #ptx.type<b32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32
  return
}

// -----

// Predicates are combined, not compared.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.setp' op predicates cannot be compared}}
  %0 = ptx.setp %p, %p {cmp = #ptx.cmp<eq>, type = #ptx.type<pred>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i1, i1) -> i1
  return
}

// -----

// set writes .u32, .s32, .f32 or halves.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.set' op set destination type must be .u32, .s32, .f32 or a half type}}
  %0 = ptx.set %a, %b {cmp = #ptx.cmp<eq>, dtype = #ptx.type<u64>, stype = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i64
  return
}

// -----

// lop3 is .b32.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  %lut = arith.constant 1 : i64
  // expected-error @+1 {{'ptx.lop3' op lop3 is defined for .b32}}
  %0 = ptx.lop3 %x, %x, %x, %lut {type = #ptx.type<b64>} : (i64, i64, i64, i64) -> i64
  return
}

// -----

// immLut is an immediate.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.lop3' op immLut must be an immediate}}
  %0 = ptx.lop3 %a, %a, %a, %b {type = #ptx.type<b32>} : (i32, i32, i32, i32) -> i32
  return
}

// -----

// immLut is one byte.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  %lut = arith.constant 256 : i64
  // expected-error @+1 {{'ptx.lop3' op immLut must be an integer in 0..255}}
  %0 = ptx.lop3 %a, %a, %a, %lut {type = #ptx.type<b32>} : (i32, i32, i32, i64) -> i32
  return
}

// -----

// Packed registers fill the type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mov_pack' op packed registers must add up to the width of .b64}}
  %0 = ptx.mov_pack %a, %h {type = #ptx.type<b64>, operandSegmentSizes = array<i32: 2, 0, 0>} : (i32, i16) -> i64
  return
}

// -----

// Unpacked registers fill the type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.mov_unpack' op unpacked registers must add up to the width of .b32}}
  %0:2 = ptx.mov_unpack %a {type = #ptx.type<b32>} : (i32) -> (i16, i32)
  return
}

// -----

// cvt.pack's third source comes with .b32.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvt_pack' op the third source c comes with its type (.b32)}}
  %0 = ptx.cvt_pack %a, %a, %a {atype = #ptx.type<s32>, dtype = #ptx.type<u8>, sat} : (i32, i32, i32) -> i32
  return
}

// -----

// cvt.pack destinations.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvt_pack' op cvt.pack converts to .u16/.s16 (two sources) or to 2-, 4- or 8-bit types (three sources)}}
  %0 = ptx.cvt_pack %a, %a {atype = #ptx.type<s32>, dtype = #ptx.type<u8>, sat, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i32, i32) -> i32
  return
}

// -----

// Integer rounding reads floats.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvt' op integer rounding .rzi requires a floating-point source}}
  %0 = ptx.cvt %a {atype = #ptx.type<s32>, dtype = #ptx.type<s16>, rnd = #ptx.rnd<rzi>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i32) -> i16
  return
}

// -----

// Integer rounding between floats keeps the type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvt' op integer rounding between floats keeps the type}}
  %0 = ptx.cvt %d {atype = #ptx.type<f64>, dtype = #ptx.type<f32>, rnd = #ptx.rnd<rni>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f64) -> f32
  return
}

// -----

// Float rounding writes floats.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvt' op rounding .rn requires a floating-point destination}}
  %0 = ptx.cvt %f {atype = #ptx.type<f32>, dtype = #ptx.type<s32>, rnd = #ptx.rnd<rn>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> i32
  return
}

// -----

// Exact float conversions do not round.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvt' op a float cvt that cannot round takes no rounding modifier}}
  %0 = ptx.cvt %f {atype = #ptx.type<f32>, dtype = #ptx.type<f64>, rnd = #ptx.rnd<rn>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> f64
  return
}

// -----

// Float to integer rounds to an integer.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvt' op float-to-integer cvt requires an integer rounding modifier (.rni, .rzi, .rmi, .rpi)}}
  %0 = ptx.cvt %f {atype = #ptx.type<f32>, dtype = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f32) -> i32
  return
}

// -----

// Integer to float rounds.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvt' op integer-to-float cvt requires a rounding modifier}}
  %0 = ptx.cvt %a {atype = #ptx.type<s32>, dtype = #ptx.type<f64>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i32) -> f64
  return
}

// -----

// Narrowing float conversions round.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvt' op narrowing float cvt requires a rounding modifier}}
  %0 = ptx.cvt %d {atype = #ptx.type<f64>, dtype = #ptx.type<f32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (f64) -> f32
  return
}

// -----

// A second source packs two values.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.cvt' op a second source is only valid for packed destinations}}
  %0 = ptx.cvt %f, %f {atype = #ptx.type<f32>, dtype = #ptx.type<f64>} : (f32, f32) -> f64
  return
}

// -----

// Acquire and release semantics need a scope.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.ld' op .acquire requires a scope}}
  %0 = ptx.ld %x {sem = #ptx.sem<acquire>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> i32
  return
}

// -----

// Weak and volatile accesses have no scope.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.st' op a scope requires .relaxed, .acquire, .release, .acq_rel or .mmio}}
  ptx.st %x, %a {scope = #ptx.scope<gpu>, sem = #ptx.sem<volatile>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, i32) -> ()
  return
}

// -----

// A scope comes with semantics.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.ld' op a scope requires a memory-ordering semantic}}
  %0 = ptx.ld %x {scope = #ptx.scope<cta>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> i32
  return
}

// -----

// A cache hint comes with its policy operand.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.atom' op .L2::cache_hint and the cache-policy operand go together}}
  %0 = ptx.atom %x, %a {cache_hint = #ptx.cache_hint<"L2::cache_hint">, op = #ptx.atom_op<add>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (i64, i32) -> i32
  return
}

// -----

// A vector load has one destination per element.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.ld' op expected 4 destinations for .v4, got 2}}
  %0:2 = ptx.ld %x {type = #ptx.type<u32>, vec = #ptx.vec<v4>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> (i32, i32)
  return
}

// -----

// A scalar store has one source.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.st' op expected 1 sources for a scalar, got 2}}
  ptx.st %x, %a, %a {type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 2, 0, 0, 0>} : (i64, i32, i32) -> ()
  return
}

// -----

// ldu vectors.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.ldu' op expected 2 destinations for .v2, got 1}}
  %0 = ptx.ldu %x {type = #ptx.type<u32>, vec = #ptx.vec<v2>} : (i64) -> i32
  return
}

// -----

// .nc loads are global.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.ld' op .nc is only valid with .global}}
  %0 = ptx.ld %x {nc, space = #ptx.space<shared>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> i32
  return
}

// -----

// Loads do not release.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.ld' op ld cannot have .release semantics}}
  %0 = ptx.ld %x {scope = #ptx.scope<gpu>, sem = #ptx.sem<release>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> i32
  return
}

// -----

// A load destination fits the type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.ld' op destination: register of type 'i16' is not compatible with .u32}}
  %0 = ptx.ld %x {type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (i64) -> i16
  return
}

// -----

// Stores have no .nc.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.st' op st has no .nc form}}
  ptx.st %x, %a {nc, space = #ptx.space<global>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, i32) -> ()
  return
}

// -----

// Stores do not acquire.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.st' op st cannot have .acquire semantics}}
  ptx.st %x, %a {scope = #ptx.scope<sys>, sem = #ptx.sem<acq_rel>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, i32) -> ()
  return
}

// -----

// A store source fits the type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.st' op source: register of type 'i16' is not compatible with .u32}}
  ptx.st %x, %h {type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, i16) -> ()
  return
}

// -----

// cas has compare and swap operands.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.atom' op cas needs a compare and a swap operand}}
  %0 = ptx.atom %x, %a {op = #ptx.atom_op<cas>, type = #ptx.type<b32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (i64, i32) -> i32
  return
}

// -----

// Only cas has a third operand.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.atom' op only cas takes a third operand}}
  %0 = ptx.atom %x, %a, %a {op = #ptx.atom_op<add>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0>} : (i64, i32, i32) -> i32
  return
}

// -----

// .noftz is an add modifier.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.red' op .noftz is only valid with .add, or .min/.max of 16-bit floating-point types}}
  ptx.red %x, %a {noftz, op = #ptx.atom_op<max>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, i32) -> ()
  return
}

// -----

// Float atomics add, exchange, min or max.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.atom' op .inc is not defined for .f32}}
  %0 = ptx.atom %x, %f {op = #ptx.atom_op<inc>, type = #ptx.type<f32>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (i64, f32) -> f32
  return
}

// -----

// .inc/.dec are .u32.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.atom' op .inc/.dec are defined for .u32}}
  %0 = ptx.atom %x, %x {op = #ptx.atom_op<dec>, type = #ptx.type<u64>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (i64, i64) -> i64
  return
}

// -----

// The atomic operand fits the type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.red' op b: register of type 'i32' is not compatible with .u64}}
  ptx.red %x, %a {op = #ptx.atom_op<add>, type = #ptx.type<u64>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i64, i32) -> ()
  return
}

// -----

// .popc counts into .u32.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  %c0 = arith.constant 0 : i64
  // expected-error @+1 {{'ptx.bar_red' op .popc reduces into .u32}}
  %0 = ptx.bar_red %c0, %p {op = #ptx.redux_op<popc>, type = #ptx.type<s32>, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>} : (i64, i1) -> i32
  return
}

// -----

// .and/.or reduce predicates.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  %c0 = arith.constant 0 : i64
  // expected-error @+1 {{'ptx.barrier_red' op .and/.or reduce into .pred}}
  %0 = ptx.barrier_red %c0, %p {op = #ptx.redux_op<or>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>} : (i64, i1) -> i32
  return
}

// -----

// Barrier reductions.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  %c0 = arith.constant 0 : i64
  // expected-error @+1 {{'ptx.bar_red' op barrier reductions are .popc, .and and .or}}
  %0 = ptx.bar_red %c0, %p {op = #ptx.redux_op<add>, type = #ptx.type<u32>, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>} : (i64, i1) -> i32
  return
}

// -----

// membar has a level or a proxy kind.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.membar' op needs exactly one of a level or .proxy kind}}
  ptx.membar : () -> ()
  return
}

// -----

// fence semantics.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.fence' op fence semantics are .sc, .acq_rel, .acquire or .release}}
  ptx.fence {scope = #ptx.scope<gpu>, sem = #ptx.sem<relaxed>} : () -> ()
  return
}

// -----

// A ballot is .b32.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.vote_sync' op vote.sync.ballot produces .b32}}
  %0 = ptx.vote_sync %p, %a {mode = #ptx.vote_mode<ballot>, type = #ptx.type<pred>} : (i1, i32) -> i1
  return
}

// -----

// all/any/uni are .pred.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.vote_sync' op vote.sync.any produces .pred}}
  %0 = ptx.vote_sync %p, %a {mode = #ptx.vote_mode<any>, type = #ptx.type<b32>} : (i1, i32) -> i32
  return
}

// -----

// The vote destination fits the type.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.vote_sync' op destination: register of type 'i64' is not compatible with .b32}}
  %0 = ptx.vote_sync %p, %a {mode = #ptx.vote_mode<ballot>, type = #ptx.type<b32>} : (i1, i32) -> i64
  return
}

// -----

// A call has a callee symbol or pointer.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.call' op needs exactly one of a callee symbol or pointer}}
  ptx.call {operandSegmentSizes = array<i32: 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

// A direct call has no prototype.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.call' op a direct call has no prototype or call targets}}
  ptx.call {callee = @g, targets = [@g], operandSegmentSizes = array<i32: 0, 0, 0, 0, 0>} : () -> ()
  return
}

// -----

// An indirect call has a prototype or targets.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.call' op an indirect call needs a prototype or call targets}}
  ptx.call %x {operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>} : (i64) -> ()
  return
}

// -----

// A negated branch needs a guard.
func.func @f(%a: i32, %p: i1) {
  // expected-error @+1 {{'ptx.bra' op negated guard without a guard predicate}}
  ptx.bra negated ^bb1
^bb1:
  return
}

// -----

// A guarded branch falls through.
func.func @f(%a: i32, %p: i1) {
  // expected-error @+1 {{'ptx.bra' op a guarded terminator needs a fallthrough successor}}
  ptx.bra if %p ^bb1
^bb1:
  return
}

// -----

// Only a guarded branch falls through.
func.func @f(%a: i32, %p: i1) {
  // expected-error @+1 {{'ptx.bra' op only a guarded terminator has a fallthrough successor}}
  ptx.bra ^bb1 else ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

// The fallthrough takes no arguments (the BranchOpInterface rule).
func.func @f(%a: i32, %p: i1) {
  // expected-error @+1 {{branch has 0 operands for successor #1, but target block has 1}}
  ptx.bra if %p ^bb1 else ^bb2
^bb1:
  return
^bb2(%x: i32):
  return
}

// -----

// A negated brx.idx needs a guard.
func.func @f(%a: i32, %p: i1) {
  // expected-error @+1 {{'ptx.brx_idx' op negated guard without a guard predicate}}
  ptx.brx_idx negated %a : i32, ^bb1
^bb1:
  return
}

// -----

// brx.idx has targets (and a fallthrough when guarded).
func.func @f(%a: i32, %p: i1) {
  // expected-error @+1 {{'ptx.brx_idx' op needs at least one branch target}}
  ptx.brx_idx if %p %a : i32, ^bb1
^bb1:
  return
}

// -----

// brx.idx targets take no arguments.
func.func @f(%a: i32, %p: i1) {
  // expected-error @+1 {{'ptx.brx_idx' op branch targets must not take arguments}}
  ptx.brx_idx %a : i32, ^bb1
^bb1(%x: i32):
  return
}

// -----

// A negated ret needs a guard.
func.func @f(%a: i32, %p: i1) {
  // expected-error @+1 {{'ptx.ret' op negated guard without a guard predicate}}
  ptx.ret negated
}

// -----

// A guarded exit falls through.
func.func @f(%a: i32, %p: i1) {
  // expected-error @+1 {{'ptx.exit' op a guarded terminator needs a fallthrough successor}}
  ptx.exit if %p
}

// -----

// An unguarded ret does not.
func.func @f(%a: i32, %p: i1) {
  // expected-error @+1 {{'ptx.ret' op only a guarded terminator has a fallthrough successor}}
  ptx.ret else ^bb1
^bb1:
  return
}

// -----

// The version is major.minor.
// expected-error @+1 {{'ptx.module' op version must be 'major.minor', got '8'}}
ptx.module attributes {version = "8", target = ["sm_90"]} {
}

// -----

// The address size is 32 or 64.
// expected-error @+1 {{'ptx.module' op address_size must be 32 or 64}}
ptx.module attributes {version = "8.7", target = ["sm_90"], address_size = 16 : i32} {
}

// -----

// A module has a target.
// expected-error @+1 {{'ptx.module' op needs at least one target}}
ptx.module attributes {version = "8.7", target = []} {
}

// -----

// Kernels return nothing.
// expected-error @+1 {{'ptx.entry' op a kernel has no return parameters}}
ptx.entry @k attributes {params = [], rets = [#ptx.param<name = "r", space = param, type = b32>]} {
  ptx.ret
}

// -----

// Kernel parameters are .param.
// expected-error @+1 {{'ptx.entry' op kernel parameters must be in .param space}}
ptx.entry @k attributes {params = [#ptx.param<name = "a", space = reg, type = b32>]} {
^bb0(%a: i32):
  ptx.ret
}

// -----

// Function parameters are .param or .reg.
// expected-error @+1 {{'ptx.func' op parameter 'a' must be in .param or .reg space}}
ptx.func @f attributes {params = [#ptx.param<name = "a", space = global, type = b32>]} {
  ptx.ret
}

// -----

// Parameter alignments are powers of two.
// expected-error @+1 {{'ptx.func' op parameter 'a' alignment must be a power of two}}
ptx.func @f attributes {params = [#ptx.param<name = "a", space = param, type = b8, align = 6, count = 12>]} {
  ptx.ret
}

// -----

// The entry block has one argument per .reg parameter.
// expected-error @+1 {{'ptx.func' op entry block must have one argument per .reg parameter (1), got 0}}
ptx.func @f attributes {params = [#ptx.param<name = "a", space = reg, type = b32>]} {
  ptx.ret
}

// -----

// Variable alignments are powers of two.
// expected-error @+1 {{'ptx.var' op alignment must be a positive power of two}}
ptx.var @v {align = 3 : i64, space = #ptx.space<global>, type = #ptx.type<u32>}

// -----

// Array dimensions are positive (or -1 for []).
// expected-error @+1 {{'ptx.var' op array dimensions must be positive or -1 for []}}
ptx.var @v {dims = array<i64: 0>, space = #ptx.space<global>, type = #ptx.type<u32>}

// -----

// An initializer fits the variable.
// expected-error @+1 {{'ptx.var' op initializer has 3 elements, the variable holds 2}}
ptx.var @v {init = [1, 2, 3], space = #ptx.space<global>, type = #ptx.type<u32>, vec = #ptx.vec<v2>}

// -----

// %tid has components.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.sreg' op 'tid' needs a component .x, .y or .z}}
  %0 = ptx.sreg <tid> : i32
  return
}

// -----

// Components are .x, .y and .z.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.sreg' op 'ctaid' needs a component .x, .y or .z}}
  %0 = ptx.sreg <ctaid> dim 3 : i32
  return
}

// -----

// %envreg has an index.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.sreg' op %envreg needs an index 0..31}}
  %0 = ptx.sreg <envreg> dim 32 : i32
  return
}

// -----

// Other special registers have no components.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.sreg' op 'laneid' has no components}}
  %0 = ptx.sreg <laneid> dim 0 : i32
  return
}

// -----

// Special registers have their width.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.sreg' op 'clock64' is 64-bit}}
  %0 = ptx.sreg <clock64> : i32
  return
}

// -----

// Per-CTA memory registers only in an entry with .minperctamemory.
ptx.entry @k attributes {params = []} {
  // expected-error @+1 {{'ptx.sreg' op '%perctamemoryoffset' is only valid in an .entry with .minperctamemory}}
  %0 = ptx.sreg <perctamemoryoffset> : i64
  ptx.ret
}

// -----

// .minperctamemory is an .entry directive.
// expected-error @+1 {{'ptx.func' op .minperctamemory is only valid on .entry}}
ptx.func @f attributes {minperctamemory = 1024 : ui32, params = []} {
  ptx.ret
}

// -----

ptx.module attributes {target = ["sm_80"], version = "8.0"} {
  ptx.func @f attributes {params = []} {
    ptx.ret
  }
  ptx.func @g attributes {params = []} {
    ptx.ret
  }
  // expected-error @+1 {{'ptx.alias' op 'f' must be a .func declared without a body}}
  ptx.alias @f, @g
}

// -----

ptx.module attributes {target = ["sm_80"], version = "8.0"} {
  ptx.func @f attributes {params = []} {
  }
  ptx.func @g attributes {params = []} {
  }
  // expected-error @+1 {{'ptx.alias' op 'g' must be a defined .func}}
  ptx.alias @f, @g
}

// -----

ptx.module attributes {target = ["sm_80"], version = "8.0"} {
  ptx.func @f attributes {params = [#ptx.param<name = "a", space = param, type = b32>]} {
  }
  ptx.func @g attributes {params = []} {
    ptx.ret
  }
  // expected-error @+1 {{'ptx.alias' op 'f' and 'g' must have the same parameters}}
  ptx.alias @f, @g
}

// -----

// expected-error @+1 {{'ptx.alias' op must be at module scope}}
ptx.alias @f, @g

// -----

ptx.module attributes {target = ["sm_90"], version = "8.0"} {
  // expected-error @+1 {{'ptx.var' op .attribute(.managed/.unified) is only valid on .global variables}}
  ptx.var @s {managed, space = #ptx.space<shared>, type = #ptx.type<s32>}
}

// -----

ptx.module attributes {target = ["sm_90"], version = "8.0"} {
  // expected-error @+1 {{'ptx.var' op .unified takes two 64-bit halves of a UUID}}
  ptx.var @u {space = #ptx.space<global>, type = #ptx.type<s32>, unified = array<i64: 1>}
}

// -----

ptx.module attributes {target = ["sm_90"], version = "8.0"} {
  // expected-error @+1 {{'ptx.entry' op .attribute(.unified) is only valid on .func}}
  ptx.entry @k attributes {params = [], unified = array<i64: 1, 2>} {
    ptx.ret
  }
}

// -----

ptx.module attributes {target = ["sm_90"], version = "8.0"} {
  // expected-error @+1 {{'ptx.func' op .unified takes two 64-bit halves of a UUID}}
  ptx.func @f attributes {params = [], unified = array<i64: 1, 2, 3>} {
  }
}

// -----

ptx.module attributes {target = ["sm_90"], version = "8.0"} {
  // expected-error @+1 {{'ptx.func' op .unified takes two 64-bit halves of a UUID}}
  ptx.func @f attributes {params = [], unified = "uuid"} {
  }
}

// -----

// Vector atomics are .global (or generic) only.
func.func @f(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %h: i16, %p: i1) {
  // expected-error @+1 {{'ptx.red' op vector red is defined for .global only}}
  ptx.red %x, %f, %f {op = #ptx.atom_op<add>, space = #ptx.space<shared>, type = #ptx.type<f32>, vec = #ptx.vec<v2>, operandSegmentSizes = array<i32: 1, 2, 0, 0, 0>} : (i64, f32, f32) -> ()
  return
}

// -----

// fence.mbarrier_init has one form.
func.func @f() {
  // expected-error @+1 {{'ptx.fence' op fence.mbarrier_init is .release.cluster only}}
  ptx.fence {mbarrier_init, scope = #ptx.scope<gpu>, sem = #ptx.sem<release>} : () -> ()
  return
}
