//===- PTXOpsMatrix.td - warp-level matrix ops -------------*- tablegen -*-===//
//
// wmma, mma, ldmatrix, stmatrix and movmatrix. All are warp-collective
// (`.sync.aligned`): `.sync` is part of the opcode, written after the
// modifier named by ptxOpcodeLateAfter (`wmma.load.a.sync`, `mma.sync`),
// and `.aligned` is a flag the verifier requires. Fragments are register
// vectors always written in braces (PTX_Vector), whose length the verifier
// checks against the shape and type.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_PTX_OPS_MATRIX_TD
#define PTXMLIR_PTX_OPS_MATRIX_TD

include "PTX/IR/PTXBase.td"

// Warp-collective: never moved, merged or removed.
defvar PTX_WarpMatrix = [MemoryEffects<[MemRead, MemWrite]>];

def PTX_WmmaLoadOp : PTX_Inst<"wmma_load", PTX_WarpMatrix,
    !con((ins PTX_MatrixFragmentAttr:$frag, PTX_Flag:$aligned,
          PTX_MatrixLayoutAttr:$layout, PTX_MatrixShapeAttr:$shape,
          PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_TypeAttr:$type),
         PTX_AddrArgs<"addr">.args, (ins Optional<PTX_RegType>:$stride)),
    (outs PTX_Vector:$d)> {
  let summary = "wmma.load: load a matrix fragment (a, b or c)";
  let ptxOpcode = "wmma.load.sync";
  let ptxOpcodeLate = "sync";
  let ptxOpcodeLateAfter = "frag";
  let ptxHasVerifier = 1;
}

def PTX_WmmaStoreOp : PTX_Inst<"wmma_store", PTX_WarpMatrix,
    !con((ins PTX_MatrixFragmentAttr:$frag, PTX_Flag:$aligned,
          PTX_MatrixLayoutAttr:$layout, PTX_MatrixShapeAttr:$shape,
          PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_TypeAttr:$type),
         PTX_AddrArgs<"addr">.args,
         (ins PTX_Vector:$r, Optional<PTX_RegType>:$stride))> {
  let summary = "wmma.store: store the d fragment";
  let ptxOpcode = "wmma.store.sync";
  let ptxOpcodeLate = "sync";
  let ptxOpcodeLateAfter = "frag";
  let ptxHasVerifier = 1;
}

def PTX_WmmaMmaOp : PTX_Inst<"wmma_mma", PTX_WarpMatrix, (ins
    PTX_Opt<PTX_BoolOperatorAttr>:$op, PTX_Flag:$popc, PTX_Flag:$aligned,
    PTX_MatrixLayoutAttr:$alayout, PTX_MatrixLayoutAttr:$blayout,
    PTX_MatrixShapeAttr:$shape, PTX_Opt<PTX_RoundingAttr>:$rnd,
    PTX_TypeAttr:$dtype, PTX_Opt<PTX_TypeAttr>:$atype,
    PTX_Opt<PTX_TypeAttr>:$btype, PTX_TypeAttr:$ctype, PTX_Flag:$satfinite,
    PTX_Vector:$a, PTX_Vector:$b, PTX_Vector:$c), (outs PTX_Vector:$d)> {
  let summary = "wmma.mma: warp matrix multiply-accumulate d = a*b + c";
  let description = [{
    The f16 form writes only `.dtype.ctype` (a and b are f16); the others
    write all four types. The single-bit form is `wmma.mma.xor.popc.sync`.
  }];
  let ptxOpcode = "wmma.mma.sync";
  let ptxOpcodeLate = "sync";
  let ptxOpcodeLateAfter = "popc";
  let ptxHasVerifier = 1;
}

// Modifiers shared by mma and mma.sp.
defvar PTX_MmaMods = (ins PTX_Flag:$aligned, PTX_MatrixShapeAttr:$shape,
    PTX_MatrixLayoutAttr:$alayout, PTX_MatrixLayoutAttr:$blayout,
    PTX_Opt<PTX_MmaKindAttr>:$kind, PTX_Flag:$block_scale,
    PTX_Opt<PTX_ScaleVecSizeAttr>:$scale_vec, PTX_Flag:$satfinite,
    PTX_TypeAttr:$dtype, PTX_TypeAttr:$atype, PTX_TypeAttr:$btype,
    PTX_TypeAttr:$ctype, PTX_Opt<PTX_TypeAttr>:$stype,
    PTX_Opt<PTX_BoolOperatorAttr>:$op, PTX_Flag:$popc);
// The block-scale operands: scale-a-data, {byte-id-a, thread-id-a}, ...
defvar PTX_MmaScaleArgs = (ins Optional<PTX_RegType>:$scale_a,
    PTX_OptVector:$scale_a_ids, Optional<PTX_RegType>:$scale_b,
    PTX_OptVector:$scale_b_ids);
defvar PTX_MmaScaleIf = ["scale_a=block_scale", "scale_a_ids=block_scale",
                         "scale_b=block_scale", "scale_b_ids=block_scale"];

def PTX_MmaOp : PTX_Inst<"mma", PTX_WarpMatrix,
    !con(PTX_MmaMods,
         (ins PTX_Vector:$a, PTX_Vector:$b, PTX_Vector:$c),
         PTX_MmaScaleArgs),
    (outs PTX_Vector:$d)> {
  let summary = "mma.sync: warp matrix multiply-accumulate d = a*b + c";
  let ptxOpcode = "mma.sync";
  let ptxOperandIf = PTX_MmaScaleIf;
  let ptxHasVerifier = 1;
}

def PTX_MmaSpOp : PTX_Inst<"mma_sp", PTX_WarpMatrix,
    !con((ins PTX_MmaSparsityAttr:$sparsity), PTX_MmaMods,
         (ins PTX_Vector:$a, PTX_Vector:$b, PTX_Vector:$c, PTX_RegType:$e,
          PTX_RegType:$f),
         PTX_MmaScaleArgs),
    (outs PTX_Vector:$d)> {
  let summary = "mma.sp: sparse a (metadata e, selector f) times dense b";
  let ptxOpcode = "mma.sync";
  let ptxOpcodeLate = "sync";
  let ptxOpcodeLateAfter = "sparsity";
  let ptxOperandIf = PTX_MmaScaleIf;
  let ptxHasVerifier = 1;
}

def PTX_LdmatrixOp : PTX_Inst<"ldmatrix", PTX_WarpMatrix,
    !con((ins PTX_Flag:$aligned, PTX_MatrixShapeAttr:$shape,
          PTX_MatrixCountAttr:$num, PTX_Flag:$trans,
          PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_TypeAttr:$type,
          PTX_Opt<PTX_TypeAttr>:$src_fmt),
         PTX_AddrArgs<"addr">.args),
    (outs PTX_Vector:$d)> {
  let summary = "ldmatrix: load 8x8 (or 16x16, 8x16) matrices from shared "
                "memory";
  let ptxOpcode = "ldmatrix.sync";
  let ptxHasVerifier = 1;
}

def PTX_StmatrixOp : PTX_Inst<"stmatrix", PTX_WarpMatrix,
    !con((ins PTX_Flag:$aligned, PTX_MatrixShapeAttr:$shape,
          PTX_MatrixCountAttr:$num, PTX_Flag:$trans,
          PTX_Opt<PTX_StateSpaceAttr>:$space, PTX_TypeAttr:$type),
         PTX_AddrArgs<"addr">.args, (ins PTX_Vector:$r))> {
  let summary = "stmatrix: store 8x8 (or 16x8) matrices to shared memory";
  let ptxOpcode = "stmatrix.sync";
  let ptxHasVerifier = 1;
}

def PTX_MovmatrixOp : PTX_Inst<"movmatrix", PTX_WarpMatrix, (ins
    PTX_Flag:$aligned, PTX_MatrixShapeAttr:$shape, PTX_Flag:$trans,
    PTX_TypeAttr:$type, PTX_RegType:$a), (outs PTX_RegType:$d)> {
  let summary = "movmatrix: transpose an 8x8 matrix held across the warp";
  let ptxOpcode = "movmatrix.sync";
  let ptxHasVerifier = 1;
}

#endif // PTXMLIR_PTX_OPS_MATRIX_TD
