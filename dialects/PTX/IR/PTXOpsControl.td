//===- PTXOpsControl.td - branches, calls, returns ---------*- tablegen -*-===//
//
// A guarded `@p bra L` is a two-way terminator: the branch and the
// fallthrough successor. Guarded `ret`/`exit` likewise fall through.
// Fallthrough successors never take block arguments: the importer makes
// them single-predecessor blocks.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_PTX_OPS_CONTROL_TD
#define PTXMLIR_PTX_OPS_CONTROL_TD

include "PTX/IR/PTXOpsSync.td"
include "PTX/IR/PTXAttrs.td"

def PTX_BraOp : PTX_Op<"bra", [Terminator, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<BranchOpInterface>]> {
  let summary = "branch, conditional when guarded";
  let arguments = (ins Optional<I1>:$guard, UnitAttr:$guard_neg, UnitAttr:$uni,
                       Variadic<AnyType>:$dest_operands);
  let successors = (successor AnySuccessor:$dest,
                    VariadicSuccessor<AnySuccessor>:$fallthrough);
  let assemblyFormat = [{
    (`uni` $uni^)? (`if` $guard^)? (`negated` $guard_neg^)?
    $dest (`(` $dest_operands^ `:` type($dest_operands) `)`)?
    custom<Fallthrough>($fallthrough) attr-dict
  }];
  let hasVerifier = 1;
}

def PTX_BrxIdxOp : PTX_Op<"brx_idx", [Terminator]> {
  let summary = "indirect branch through a .branchtargets list";
  let arguments = (ins Optional<I1>:$guard, UnitAttr:$guard_neg, UnitAttr:$uni,
                       PTX_RegType:$index);
  let successors = (successor VariadicSuccessor<AnySuccessor>:$targets);
  let description = [{
    The successors are the targets in list order; when guarded, the last
    successor is the fallthrough.
  }];
  let assemblyFormat = [{
    (`uni` $uni^)? (`if` $guard^)? (`negated` $guard_neg^)?
    $index `:` type($index) `,` $targets attr-dict
  }];
  let hasVerifier = 1;
}

class PTX_ReturnLike<string mn> : PTX_Op<mn, [Terminator]> {
  let arguments = (ins Optional<I1>:$guard, UnitAttr:$guard_neg, UnitAttr:$uni);
  let successors = (successor VariadicSuccessor<AnySuccessor>:$fallthrough);
  let assemblyFormat = [{
    (`uni` $uni^)? (`if` $guard^)? (`negated` $guard_neg^)?
    custom<Fallthrough>($fallthrough) attr-dict
  }];
  let hasVerifier = 1;
}
def PTX_RetOp : PTX_ReturnLike<"ret"> {
  let summary = "return from a function or kernel";
}
def PTX_ExitOp : PTX_ReturnLike<"exit"> {
  let summary = "terminate the thread";
}

def PTX_CallOp : PTX_Inst<"call", [MemoryEffects<[MemRead, MemWrite]>], (ins
    PTX_Flag:$uni, OptionalAttr<FlatSymbolRefAttr>:$callee,
    Optional<PTX_RegType>:$callee_ptr, Variadic<AnyType>:$rets,
    Variadic<AnyType>:$args,
    OptionalAttr<TypedArrayAttrBase<PTX_ParamAttr, "params">>:$proto_rets,
    OptionalAttr<TypedArrayAttrBase<PTX_ParamAttr, "params">>:$proto_args,
    OptionalAttr<SymbolRefArrayAttr>:$targets)> {
  let summary = "call a .func directly or through a pointer";
  let description = [{
    `rets` and `args` are call-scope `.param` buffers (`ptx.param_buf`) or,
    for functions with `.reg` parameters, registers. An indirect call carries
    its `.callprototype` as `proto_rets`/`proto_args`, or the candidate
    `.calltargets` as `targets`.
  }];
  let ptxCustomOperands = 1;
  let ptxHasVerifier = 1;
}

#endif // PTXMLIR_PTX_OPS_CONTROL_TD
