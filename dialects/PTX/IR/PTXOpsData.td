//===- PTXOpsData.td - compare, logic, movement, conversion -*- tablegen -*-===//

#ifndef PTXMLIR_PTX_OPS_DATA_TD
#define PTXMLIR_PTX_OPS_DATA_TD

include "PTX/IR/PTXOpsFloat.td"

//===----------------------------------------------------------------------===//
// Comparison and selection
//===----------------------------------------------------------------------===//

def PTX_SetpOp : PTX_Inst<"setp", [Pure], (ins
    PTX_CmpOperatorAttr:$cmp, PTX_Opt<PTX_BoolOperatorAttr>:$boolop, PTX_Flag:$ftz,
    PTX_TypeAttr:$type, PTX_RegType:$a, PTX_RegType:$b, Optional<I1>:$c),
    (outs I1:$p, Optional<I1>:$q)> {
  let summary = "compare and set predicates (`p|q` = cmp, !cmp)";
  let ptxPipeResults = 1;
  let ptxHasVerifier = 1;
}
def PTX_SetOp : PTX_Inst<"set", [Pure], (ins PTX_CmpOperatorAttr:$cmp,
    PTX_Opt<PTX_BoolOperatorAttr>:$boolop, PTX_Flag:$ftz, PTX_TypeAttr:$dtype,
    PTX_TypeAttr:$stype, PTX_RegType:$a, PTX_RegType:$b, Optional<I1>:$c),
    (outs PTX_RegType:$d)> {
  let summary = "compare and write a mask or 1.0f";
  let ptxHasVerifier = 1;
}
def PTX_SelpOp : PTX_Inst<"selp", [Pure], (ins PTX_TypeAttr:$type,
    PTX_RegType:$a, PTX_RegType:$b, I1:$c), (outs PTX_RegType:$d)> {
  let summary = "select on a predicate";
}
def PTX_SlctOp : PTX_Inst<"slct", [Pure], (ins PTX_Flag:$ftz,
    PTX_TypeAttr:$dtype, PTX_TypeAttr:$ctype, PTX_RegType:$a, PTX_RegType:$b,
    PTX_RegType:$c), (outs PTX_RegType:$d)> {
  let summary = "select on the sign of c";
}

//===----------------------------------------------------------------------===//
// Logic and shift
//===----------------------------------------------------------------------===//

def PTX_AndOp : PTX_BinaryInst<"and", (ins PTX_TypeAttr:$type)> {
  let summary = "bitwise and";
}
def PTX_OrOp : PTX_BinaryInst<"or", (ins PTX_TypeAttr:$type)> {
  let summary = "bitwise or";
}
def PTX_XorOp : PTX_BinaryInst<"xor", (ins PTX_TypeAttr:$type)> {
  let summary = "bitwise exclusive or";
}
def PTX_NotOp : PTX_UnaryInst<"not", (ins PTX_TypeAttr:$type)> {
  let summary = "bitwise negation";
}
def PTX_CnotOp : PTX_UnaryInst<"cnot", (ins PTX_TypeAttr:$type)> {
  let summary = "C logical not";
}
def PTX_Lop3Op : PTX_Inst<"lop3", [Pure], (ins PTX_TypeAttr:$type,
    PTX_RegType:$a, PTX_RegType:$b, PTX_RegType:$c, PTX_RegType:$lut),
    (outs PTX_RegType:$d)> {
  let summary = "arbitrary three-input logic (immLut)";
  let ptxHasVerifier = 1;
}
def PTX_ShfOp : PTX_TernaryInst<"shf", (ins PTX_ShfDirAttr:$dir,
    PTX_ShfModeAttr:$mode, PTX_TypeAttr:$type)> {
  let summary = "funnel shift";
}
def PTX_ShlOp : PTX_BinaryInst<"shl", (ins PTX_TypeAttr:$type)> {
  let summary = "shift left";
}
def PTX_ShrOp : PTX_BinaryInst<"shr", (ins PTX_TypeAttr:$type)> {
  let summary = "shift right (arithmetic for signed types)";
}

//===----------------------------------------------------------------------===//
// Data movement and conversion
//===----------------------------------------------------------------------===//

def PTX_MovOp : PTX_UnaryInst<"mov", (ins PTX_TypeAttr:$type)> {
  let summary = "move a register, immediate, address or special register";
}
def PTX_MovPackOp : PTX_Inst<"mov_pack", [Pure], (ins PTX_TypeAttr:$type,
    Variadic<PTX_RegType>:$a), (outs PTX_RegType:$d)> {
  let summary = "`mov.b64 d, {a, b}`: pack registers into a wider one";
  let ptxOpcode = "mov";
  let ptxHasVerifier = 1;
}
def PTX_MovUnpackOp : PTX_Inst<"mov_unpack", [Pure], (ins PTX_TypeAttr:$type,
    PTX_RegType:$a), (outs Variadic<PTX_RegType>:$d)> {
  let summary = "`mov.b64 {a, b}, d`: unpack a register into narrower ones";
  let ptxOpcode = "mov";
  let ptxHasVerifier = 1;
}
def PTX_PrmtOp : PTX_Inst<"prmt", [Pure], (ins PTX_TypeAttr:$type,
    PTX_Opt<PTX_PrmtModeAttr>:$mode, PTX_RegType:$a, PTX_RegType:$b,
    PTX_RegType:$c), (outs PTX_RegType:$d)> {
  let summary = "byte permute";
}
def PTX_CvtOp : PTX_Inst<"cvt", [Pure], (ins PTX_Opt<PTX_RoundingAttr>:$rnd,
    PTX_Flag:$ftz, PTX_Flag:$sat, PTX_Flag:$relu, PTX_Flag:$satfinite,
    PTX_TypeAttr:$dtype, PTX_TypeAttr:$atype, PTX_RegType:$a,
    Optional<PTX_RegType>:$b), (outs PTX_RegType:$d)> {
  let summary = "convert between types";
  let ptxHasVerifier = 1;
}
// `cvt.rs{.relu}{.satfinite}.f16x2/.bf16x2.f32 d, a, b, rbits` and
// `cvt.rs{.relu}.satfinite.<f8x4|f6x4|f4x4>.f32 d, {a, b, e, f}, rbits`
// (sm_100a): stochastic rounding with the random bits `rbits`. `a` holds
// the one scalar source of the x2 forms or the four-element vector of the
// x4 forms.
def PTX_CvtRsOp : PTX_Inst<"cvt_rs", [Pure], (ins PTX_RoundingAttr:$rnd,
    PTX_Flag:$relu, PTX_Flag:$satfinite, PTX_TypeAttr:$dtype,
    PTX_TypeAttr:$atype, Variadic<PTX_RegType>:$a, Optional<PTX_RegType>:$b,
    PTX_RegType:$rbits), (outs PTX_RegType:$d)> {
  let summary = "convert with stochastic rounding (.rs) by random bits";
  let ptxOpcode = "cvt";
  let ptxHasVerifier = 1;
}
def PTX_CvtPackOp : PTX_Inst<"cvt_pack", [Pure], (ins PTX_Flag:$sat,
    PTX_TypeAttr:$dtype, PTX_TypeAttr:$atype, PTX_Opt<PTX_TypeAttr>:$ctype,
    PTX_RegType:$a, PTX_RegType:$b, Optional<PTX_RegType>:$c),
    (outs PTX_RegType:$d)> {
  let summary = "convert two integers and pack them (into c's upper bits)";
  let ptxHasVerifier = 1;
}
def PTX_CvtaOp : PTX_Inst<"cvta", [Pure], (ins PTX_Flag:$to,
    PTX_StateSpaceAttr:$space, PTX_TypeAttr:$type, PTX_RegType:$a),
    (outs PTX_RegType:$d)> {
  let summary = "convert between generic and state-space addresses";
}
def PTX_IsspacepOp : PTX_Inst<"isspacep", [Pure], (ins
    PTX_StateSpaceAttr:$space, PTX_RegType:$a), (outs I1:$p)> {
  let summary = "query whether a generic address lies in a state space";
}
def PTX_MapaOp : PTX_Inst<"mapa", [Pure], (ins
    PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_TypeAttr:$type, PTX_RegType:$a,
    PTX_RegType:$b), (outs PTX_RegType:$d)> {
  let summary = "map a shared address to another CTA of the cluster";
}
def PTX_GetctarankOp : PTX_Inst<"getctarank", [Pure], (ins
    PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_TypeAttr:$type, PTX_RegType:$a),
    (outs PTX_RegType:$d)> {
  let summary = "the rank of the CTA owning a shared address";
}

#endif // PTXMLIR_PTX_OPS_DATA_TD
