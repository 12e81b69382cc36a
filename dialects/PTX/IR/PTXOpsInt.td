//===- PTXOpsInt.td - integer and extended-precision ops ---*- tablegen -*-===//
//
// add/sub/mul/mad/div/rem/abs/neg/min/max serve both integer and floating
// point types, as one opcode each in PTX; their float modifiers are declared
// here too and checked against the type by the verifier.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_PTX_OPS_INT_TD
#define PTXMLIR_PTX_OPS_INT_TD

include "PTX/IR/PTXBase.td"

class PTX_UnaryInst<string mn, dag mods, list<Trait> traits = [Pure]>
    : PTX_Inst<mn, traits, !con(mods, (ins PTX_RegType:$a)),
               (outs PTX_RegType:$d)>;
class PTX_BinaryInst<string mn, dag mods, list<Trait> traits = [Pure]>
    : PTX_Inst<mn, traits, !con(mods, (ins PTX_RegType:$a, PTX_RegType:$b)),
               (outs PTX_RegType:$d)>;
class PTX_TernaryInst<string mn, dag mods, list<Trait> traits = [Pure]>
    : PTX_Inst<mn, traits,
               !con(mods, (ins PTX_RegType:$a, PTX_RegType:$b, PTX_RegType:$c)),
               (outs PTX_RegType:$d)>;

// Modifier groups shared by the arithmetic opcodes.
defvar PTX_FloatArithMods = (ins PTX_Opt<PTX_RoundingAttr>:$rnd,
    PTX_Flag:$ftz, PTX_Flag:$sat, PTX_TypeAttr:$type,
    PTX_Opt<PTX_TypeAttr>:$atype);

def PTX_AddOp : PTX_BinaryInst<"add", PTX_FloatArithMods> {
  let summary = "add: integer, floating point, half and packed forms";
  let ptxHasVerifier = 1;
}
def PTX_SubOp : PTX_BinaryInst<"sub", PTX_FloatArithMods> {
  let summary = "subtract";
  let ptxHasVerifier = 1;
}
def PTX_MulOp : PTX_BinaryInst<"mul", (ins PTX_Opt<PTX_MulModeAttr>:$mode,
    PTX_Opt<PTX_RoundingAttr>:$rnd, PTX_Flag:$ftz, PTX_Flag:$sat,
    PTX_TypeAttr:$type, PTX_Opt<PTX_TypeAttr>:$atype)> {
  let summary = "multiply (.lo/.hi/.wide for integers)";
  let ptxHasVerifier = 1;
}
def PTX_MadOp : PTX_TernaryInst<"mad", (ins PTX_Opt<PTX_MulModeAttr>:$mode,
    PTX_Opt<PTX_RoundingAttr>:$rnd, PTX_Flag:$ftz, PTX_Flag:$sat,
    PTX_TypeAttr:$type)> {
  let summary = "multiply-add (.lo/.hi/.wide for integers, fused for floats)";
  let ptxHasVerifier = 1;
}
def PTX_Mul24Op : PTX_BinaryInst<"mul24", (ins PTX_MulModeAttr:$mode,
    PTX_TypeAttr:$type)> {
  let summary = "multiply the low 24 bits";
  let ptxHasVerifier = 1;
}
def PTX_Mad24Op : PTX_TernaryInst<"mad24", (ins PTX_MulModeAttr:$mode,
    PTX_Flag:$sat, PTX_TypeAttr:$type)> {
  let summary = "multiply the low 24 bits and add";
  let ptxHasVerifier = 1;
}
def PTX_SadOp : PTX_TernaryInst<"sad", (ins PTX_TypeAttr:$type)> {
  let summary = "sum of absolute differences";
}
def PTX_DivOp : PTX_BinaryInst<"div", (ins PTX_Flag:$approx, PTX_Flag:$full,
    PTX_Opt<PTX_RoundingAttr>:$rnd, PTX_Flag:$ftz, PTX_TypeAttr:$type)> {
  let summary = "divide";
  let ptxHasVerifier = 1;
}
def PTX_RemOp : PTX_BinaryInst<"rem", (ins PTX_TypeAttr:$type)> {
  let summary = "integer remainder";
}
def PTX_AbsOp : PTX_UnaryInst<"abs", (ins PTX_Flag:$ftz, PTX_TypeAttr:$type)> {
  let summary = "absolute value";
}
def PTX_NegOp : PTX_UnaryInst<"neg", (ins PTX_Flag:$ftz, PTX_TypeAttr:$type)> {
  let summary = "negate";
}
def PTX_MinOp : PTX_BinaryInst<"min", (ins PTX_Flag:$relu, PTX_Flag:$ftz,
    PTX_Flag:$NaN, PTX_Flag:$xorsign, PTX_Flag:$abs, PTX_TypeAttr:$type)> {
  let summary = "minimum";
}
def PTX_MaxOp : PTX_BinaryInst<"max", (ins PTX_Flag:$relu, PTX_Flag:$ftz,
    PTX_Flag:$NaN, PTX_Flag:$xorsign, PTX_Flag:$abs, PTX_TypeAttr:$type)> {
  let summary = "maximum";
}
def PTX_PopcOp : PTX_UnaryInst<"popc", (ins PTX_TypeAttr:$type)> {
  let summary = "population count";
}
def PTX_ClzOp : PTX_UnaryInst<"clz", (ins PTX_TypeAttr:$type)> {
  let summary = "count leading zeros";
}
def PTX_BfindOp : PTX_UnaryInst<"bfind", (ins PTX_Flag:$shiftamt,
    PTX_TypeAttr:$type)> {
  let summary = "find most significant non-sign bit";
}
def PTX_FnsOp : PTX_TernaryInst<"fns", (ins PTX_TypeAttr:$type)> {
  let summary = "find n-th set bit";
}
def PTX_BrevOp : PTX_UnaryInst<"brev", (ins PTX_TypeAttr:$type)> {
  let summary = "bit reverse";
}
def PTX_BfeOp : PTX_TernaryInst<"bfe", (ins PTX_TypeAttr:$type)> {
  let summary = "bit field extract";
}
def PTX_BfiOp : PTX_Inst<"bfi", [Pure], (ins PTX_TypeAttr:$type,
    PTX_RegType:$a, PTX_RegType:$b, PTX_RegType:$c, PTX_RegType:$e),
    (outs PTX_RegType:$d)> {
  let summary = "bit field insert";
}
def PTX_BmskOp : PTX_BinaryInst<"bmsk", (ins PTX_BmskModeAttr:$mode,
    PTX_TypeAttr:$type)> {
  let summary = "bit field mask";
}
def PTX_SzextOp : PTX_BinaryInst<"szext", (ins PTX_ShfModeAttr:$mode,
    PTX_TypeAttr:$type)> {
  let summary = "sign- or zero-extend a bit field";
}
def PTX_Dp4aOp : PTX_TernaryInst<"dp4a", (ins PTX_TypeAttr:$atype,
    PTX_TypeAttr:$btype)> {
  let summary = "four-way byte dot product with accumulate";
}
def PTX_Dp2aOp : PTX_TernaryInst<"dp2a", (ins PTX_MulModeAttr:$mode,
    PTX_TypeAttr:$atype, PTX_TypeAttr:$btype)> {
  let summary = "two-way dot product with accumulate";
}

// Extended precision. The carry flag is an implicit `!ptx.cc` value.
def PTX_AddCCOp : PTX_Inst<"add_cc", [Pure], (ins PTX_TypeAttr:$type,
    PTX_RegType:$a, PTX_RegType:$b), (outs PTX_RegType:$d, PTX_CCType:$cout)> {
  let summary = "add, writing the carry-out";
}
def PTX_AddCOp : PTX_Inst<"addc", [Pure], (ins
    PTX_Flag:$cc, PTX_TypeAttr:$type, PTX_RegType:$a, PTX_RegType:$b,
    PTX_CCType:$cin), (outs PTX_RegType:$d, Optional<PTX_CCType>:$cout)> {
  let summary = "add with carry-in, optionally writing the carry-out";
  let ptxHasVerifier = 1;
}
def PTX_SubCCOp : PTX_Inst<"sub_cc", [Pure], (ins PTX_TypeAttr:$type,
    PTX_RegType:$a, PTX_RegType:$b), (outs PTX_RegType:$d, PTX_CCType:$cout)> {
  let summary = "subtract, writing the borrow-out";
}
def PTX_SubCOp : PTX_Inst<"subc", [Pure], (ins
    PTX_Flag:$cc, PTX_TypeAttr:$type, PTX_RegType:$a, PTX_RegType:$b,
    PTX_CCType:$cin), (outs PTX_RegType:$d, Optional<PTX_CCType>:$cout)> {
  let summary = "subtract with borrow-in, optionally writing the borrow-out";
  let ptxHasVerifier = 1;
}
def PTX_MadCCOp : PTX_Inst<"mad_cc", [Pure], (ins PTX_MulModeAttr:$mode,
    PTX_TypeAttr:$type, PTX_RegType:$a, PTX_RegType:$b, PTX_RegType:$c),
    (outs PTX_RegType:$d, PTX_CCType:$cout)> {
  let summary = "multiply-add, writing the carry-out";
  // PTX spells it `mad.lo.cc.u32`: `.cc` after the mode.
  let ptxOpcodeLate = "cc";
  let ptxOpcodeLateAfter = "mode";
}
def PTX_MadCOp : PTX_Inst<"madc", [Pure], (ins
    PTX_MulModeAttr:$mode, PTX_Flag:$cc, PTX_TypeAttr:$type, PTX_RegType:$a,
    PTX_RegType:$b, PTX_RegType:$c, PTX_CCType:$cin),
    (outs PTX_RegType:$d, Optional<PTX_CCType>:$cout)> {
  let summary = "multiply-add with carry-in, optionally writing the carry-out";
  let ptxHasVerifier = 1;
}

#endif // PTXMLIR_PTX_OPS_INT_TD
