//===- PTXOpsFloat.td - floating-point only ops ------------*- tablegen -*-===//
//
// Floating-point opcodes that have no integer form, including the half and
// bf16 variants (`.f16`, `.f16x2`, `.bf16`, `.bf16x2`) and mixed precision.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_PTX_OPS_FLOAT_TD
#define PTXMLIR_PTX_OPS_FLOAT_TD

include "PTX/IR/PTXOpsInt.td"

def PTX_TestpOp : PTX_Inst<"testp", [Pure], (ins PTX_TestpPropertyAttr:$op,
    PTX_TypeAttr:$type, PTX_RegType:$a), (outs I1:$p)> {
  let summary = "test a floating-point property";
}
def PTX_CopysignOp : PTX_BinaryInst<"copysign", (ins PTX_TypeAttr:$type)> {
  let summary = "copy the sign of a into b";
}
def PTX_FmaOp : PTX_TernaryInst<"fma", (ins PTX_Opt<PTX_RoundingAttr>:$rnd,
    PTX_Flag:$ftz, PTX_Flag:$sat, PTX_Flag:$relu, PTX_Flag:$oob,
    PTX_TypeAttr:$type, PTX_Opt<PTX_TypeAttr>:$atype)> {
  let summary = "fused multiply-add";
  let ptxHasVerifier = 1;
}
class PTX_FloatUnaryInst<string mn, string sum>
    : PTX_UnaryInst<mn, (ins PTX_Flag:$approx, PTX_Flag:$full,
        PTX_Opt<PTX_RoundingAttr>:$rnd, PTX_Flag:$ftz, PTX_TypeAttr:$type)> {
  let summary = sum;
  let ptxHasVerifier = 1;
}
def PTX_RcpOp : PTX_FloatUnaryInst<"rcp", "reciprocal">;
def PTX_SqrtOp : PTX_FloatUnaryInst<"sqrt", "square root">;
def PTX_RsqrtOp : PTX_FloatUnaryInst<"rsqrt", "reciprocal square root">;
def PTX_SinOp : PTX_FloatUnaryInst<"sin", "sine (approximate)">;
def PTX_CosOp : PTX_FloatUnaryInst<"cos", "cosine (approximate)">;
def PTX_Lg2Op : PTX_FloatUnaryInst<"lg2", "base-2 logarithm (approximate)">;
def PTX_Ex2Op : PTX_FloatUnaryInst<"ex2", "base-2 exponential (approximate)">;
def PTX_TanhOp : PTX_FloatUnaryInst<"tanh", "hyperbolic tangent (approximate)">;

#endif // PTXMLIR_PTX_OPS_FLOAT_TD
