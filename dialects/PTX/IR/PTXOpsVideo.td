//===- PTXOpsVideo.td - scalar and SIMD video ops ----------*- tablegen -*-===//
//
// Video instructions select bytes or half-words of their operands with a
// suffix on the operand (`%r1.b0`, `%r2.h1`, SIMD `%r3.b7654`) and write a
// part of the destination (`d.h0`, SIMD mask `d.b3210`). Each such suffix
// is the operand's `<name>_sel` attribute (#ptx.sel<...>); vmad's `-a` is
// `<name>_neg`. The scalar forms take an optional third operand `c`: for
// the secondary operation `.op2`, or to merge into when `d` has a selector.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_PTX_OPS_VIDEO_TD
#define PTXMLIR_PTX_OPS_VIDEO_TD

include "PTX/IR/PTXBase.td"
include "PTX/IR/PTXAttrs.td"

defvar PTX_VideoSel = OptionalAttr<PTX_SelectorAttr>;

// Operands of the scalar forms: d{.dsel}, a{.asel}, b{.bsel}{, c}.
defvar PTX_VideoScalarArgs = (ins PTX_RegType:$a, PTX_VideoSel:$a_sel,
    PTX_RegType:$b, PTX_VideoSel:$b_sel, Optional<PTX_RegType>:$c,
    PTX_VideoSel:$d_sel);

class PTX_VideoScalarInst<string mn, string sum>
    : PTX_Inst<mn, [Pure], !con((ins PTX_TypeAttr:$dtype,
          PTX_TypeAttr:$atype, PTX_TypeAttr:$btype, PTX_Flag:$sat,
          PTX_Opt<PTX_VideoOp2Attr>:$op2), PTX_VideoScalarArgs),
      (outs PTX_RegType:$d)> {
  let summary = sum;
  let ptxHasVerifier = 1;
}
def PTX_VaddOp : PTX_VideoScalarInst<"vadd",
    "video add with byte/half-word selection">;
def PTX_VsubOp : PTX_VideoScalarInst<"vsub",
    "video subtract with byte/half-word selection">;
def PTX_VabsdiffOp : PTX_VideoScalarInst<"vabsdiff",
    "video absolute difference with byte/half-word selection">;
def PTX_VminOp : PTX_VideoScalarInst<"vmin",
    "video minimum with byte/half-word selection">;
def PTX_VmaxOp : PTX_VideoScalarInst<"vmax",
    "video maximum with byte/half-word selection">;

class PTX_VideoShiftInst<string mn, string sum>
    : PTX_Inst<mn, [Pure], !con((ins PTX_TypeAttr:$dtype,
          PTX_TypeAttr:$atype, PTX_TypeAttr:$btype, PTX_Flag:$sat,
          PTX_ShfModeAttr:$mode, PTX_Opt<PTX_VideoOp2Attr>:$op2),
          PTX_VideoScalarArgs),
      (outs PTX_RegType:$d)> {
  let summary = sum;
  let ptxHasVerifier = 1;
}
def PTX_VshlOp : PTX_VideoShiftInst<"vshl", "video shift left">;
def PTX_VshrOp : PTX_VideoShiftInst<"vshr", "video shift right">;

def PTX_VmadOp : PTX_Inst<"vmad", [Pure], (ins PTX_TypeAttr:$dtype,
    PTX_TypeAttr:$atype, PTX_TypeAttr:$btype, PTX_Flag:$po, PTX_Flag:$sat,
    PTX_Opt<PTX_VideoScaleAttr>:$scale,
    PTX_RegType:$a, PTX_VideoSel:$a_sel, UnitAttr:$a_neg,
    PTX_RegType:$b, PTX_VideoSel:$b_sel, UnitAttr:$b_neg,
    PTX_RegType:$c, UnitAttr:$c_neg), (outs PTX_RegType:$d)> {
  let summary = "video multiply-add: (+/-a) * (+/-b) + (+/-c), or a*b + c + 1 "
                "with .po";
  let ptxHasVerifier = 1;
}

def PTX_VsetOp : PTX_Inst<"vset", [Pure], !con((ins PTX_TypeAttr:$atype,
    PTX_TypeAttr:$btype, PTX_CmpOperatorAttr:$cmp,
    PTX_Opt<PTX_VideoOp2Attr>:$op2), PTX_VideoScalarArgs),
    (outs PTX_RegType:$d)> {
  let summary = "video compare, with an optional secondary operation";
  let ptxHasVerifier = 1;
}

// SIMD forms: d{.mask}, a{.asel}, b{.bsel}, c. `.add` accumulates the lane
// results into c; without it c supplies the lanes the mask leaves out.
defvar PTX_VideoSimdArgs = (ins PTX_RegType:$a, PTX_VideoSel:$a_sel,
    PTX_RegType:$b, PTX_VideoSel:$b_sel, PTX_RegType:$c,
    PTX_VideoSel:$d_sel);

class PTX_VideoSimdInst<string mn, string sum>
    : PTX_Inst<mn, [Pure], !con((ins PTX_TypeAttr:$dtype,
          PTX_TypeAttr:$atype, PTX_TypeAttr:$btype, PTX_Flag:$sat,
          PTX_Flag:$add), PTX_VideoSimdArgs),
      (outs PTX_RegType:$d)> {
  let summary = sum;
  let ptxHasVerifier = 1;
}
def PTX_Vadd2Op : PTX_VideoSimdInst<"vadd2", "SIMD 2x16-bit add">;
def PTX_Vsub2Op : PTX_VideoSimdInst<"vsub2", "SIMD 2x16-bit subtract">;
def PTX_Vavrg2Op : PTX_VideoSimdInst<"vavrg2", "SIMD 2x16-bit average">;
def PTX_Vabsdiff2Op : PTX_VideoSimdInst<"vabsdiff2",
    "SIMD 2x16-bit absolute difference">;
def PTX_Vmin2Op : PTX_VideoSimdInst<"vmin2", "SIMD 2x16-bit minimum">;
def PTX_Vmax2Op : PTX_VideoSimdInst<"vmax2", "SIMD 2x16-bit maximum">;
def PTX_Vadd4Op : PTX_VideoSimdInst<"vadd4", "SIMD 4x8-bit add">;
def PTX_Vsub4Op : PTX_VideoSimdInst<"vsub4", "SIMD 4x8-bit subtract">;
def PTX_Vavrg4Op : PTX_VideoSimdInst<"vavrg4", "SIMD 4x8-bit average">;
def PTX_Vabsdiff4Op : PTX_VideoSimdInst<"vabsdiff4",
    "SIMD 4x8-bit absolute difference">;
def PTX_Vmin4Op : PTX_VideoSimdInst<"vmin4", "SIMD 4x8-bit minimum">;
def PTX_Vmax4Op : PTX_VideoSimdInst<"vmax4", "SIMD 4x8-bit maximum">;

class PTX_VideoSimdSetInst<string mn, string sum>
    : PTX_Inst<mn, [Pure], !con((ins PTX_TypeAttr:$atype,
          PTX_TypeAttr:$btype, PTX_CmpOperatorAttr:$cmp, PTX_Flag:$add),
          PTX_VideoSimdArgs),
      (outs PTX_RegType:$d)> {
  let summary = sum;
  let ptxHasVerifier = 1;
}
def PTX_Vset2Op : PTX_VideoSimdSetInst<"vset2", "SIMD 2x16-bit compare">;
def PTX_Vset4Op : PTX_VideoSimdSetInst<"vset4", "SIMD 4x8-bit compare">;

#endif // PTXMLIR_PTX_OPS_VIDEO_TD
