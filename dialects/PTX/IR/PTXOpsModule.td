//===- PTXOpsModule.td - module structure and SSA helpers --*- tablegen -*-===//

#ifndef PTXMLIR_PTX_OPS_MODULE_TD
#define PTXMLIR_PTX_OPS_MODULE_TD

include "PTX/IR/PTXOpsControl.td"
include "mlir/IR/RegionKindInterface.td"

def PTX_PTXModuleOp : PTX_Op<"module", [IsolatedFromAbove, SymbolTable,
    NoTerminator, SingleBlock, NoRegionArguments]> {
  let summary = "a PTX module: header directives and module-scope symbols";
  let arguments = (ins StrAttr:$version, StrArrayAttr:$target,
                       DefaultValuedAttr<I32Attr, "64">:$address_size);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
  }];
}

class PTX_FunctionLike<string mn> : PTX_Op<mn, [IsolatedFromAbove, Symbol,
    AutomaticAllocationScope]> {
  let arguments = (ins SymbolNameAttr:$sym_name,
      DefaultValuedAttr<PTX_LinkageAttr, "::mlir::ptx::Linkage::none">:$linkage,
      TypedArrayAttrBase<PTX_ParamAttr, "params">:$params,
      OptionalAttr<TypedArrayAttrBase<PTX_ParamAttr, "params">>:$rets,
      OptionalAttr<DenseI32ArrayAttr>:$maxntid,
      OptionalAttr<DenseI32ArrayAttr>:$reqntid,
      OptionalAttr<I32Attr>:$minnctapersm,
      OptionalAttr<I32Attr>:$maxnctapersm,
      OptionalAttr<I32Attr>:$maxnreg,
      UnitAttr:$noreturn,
      UnitAttr:$explicitcluster,
      OptionalAttr<DenseI32ArrayAttr>:$reqnctapercluster,
      OptionalAttr<I32Attr>:$maxclusterrank,
      UnitAttr:$blocksareclusters,
      // `.minperctamemory size`: bytes of per-CTA global memory (.entry).
      OptionalAttr<UI32Attr>:$minperctamemory,
      OptionalAttr<StrArrayAttr>:$pragmas,
      OptionalAttr<UnitAttr>:$abi_preserve);
  let regions = (region AnyRegion:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// A prototype without a body (`.func f(...);`).
    bool isPrototype() { return getBody().empty(); }
  }];
}
def PTX_EntryOp : PTX_FunctionLike<"entry"> {
  let summary = ".entry: a kernel";
}
def PTX_FuncOp : PTX_FunctionLike<"func"> {
  let summary = ".func: a device function";
  let description = [{
    `.reg` parameters are the entry block's arguments, in order;
    `.param` parameters are addressed by name.
  }];
}

// Not a Symbol op: function-scope variables live in function bodies, which
// cannot be symbol tables; module-scope ones are found by name.
def PTX_VarOp : PTX_Op<"var"> {
  let summary = "a variable in a state space (module or function scope)";
  let description = [{
    `.global .align 4 .u32 a[3] = {1, 2, 3};`. `dims` are the array
    dimensions (-1 for `[]`); `init` holds integers, floats and `#ptx.addr`
    elements in row-major order.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, PTX_StateSpaceAttr:$space,
      PTX_TypeAttr:$type,
      DefaultValuedAttr<PTX_LinkageAttr, "::mlir::ptx::Linkage::none">:$linkage,
      OptionalAttr<I64Attr>:$align, OptionalAttr<PTX_VecAttr>:$vec,
      DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$dims,
      OptionalAttr<ArrayAttr>:$init,
      // `.attribute(.managed)` / `.attribute(.unified(uuid1, uuid2))`.
      UnitAttr:$managed, OptionalAttr<DenseI64ArrayAttr>:$unified);
  let assemblyFormat = "$sym_name attr-dict";
  let hasVerifier = 1;
}

def PTX_ParamBufOp : PTX_Op<"param_buf", [MemoryEffects<[MemAlloc]>]> {
  let summary = "a call-scope .param buffer";
  let arguments = (ins PTX_TypeAttr:$type, OptionalAttr<I64Attr>:$align,
                       DefaultValuedAttr<I64Attr, "0">:$count,
                       OptionalAttr<StrAttr>:$name);
  let results = (outs PTX_ParamBufType:$buf);
  let assemblyFormat = "attr-dict";
}

def PTX_AddressOfOp : PTX_Op<"addressof", [Pure]> {
  let summary = "the address of a variable, parameter or function";
  let arguments = (ins FlatSymbolRefAttr:$sym);
  let results = (outs AnySignlessInteger:$addr);
  let assemblyFormat = "$sym attr-dict `:` type($addr)";
}

def PTX_SregOp : PTX_Op<"sreg", [MemoryEffects<[MemRead]>]> {
  let summary = "read a special register";
  let description = [{
    `%tid.x` is `ptx.sreg tid dim 0`. Counters (%clock, %globaltimer, %pm*)
    change between reads, so no read is pure.
  }];
  let arguments = (ins PTX_SpecialRegAttr:$reg, OptionalAttr<I32Attr>:$dim);
  let results = (outs AnySignlessInteger:$value);
  let assemblyFormat = "$reg (`dim` $dim^)? attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def PTX_UndefOp : PTX_Op<"undef", [Pure]> {
  let summary = "the value of a register read before any write";
  let results = (outs AnyType:$value);
  let assemblyFormat = "attr-dict `:` type($value)";
}

def PTX_AliasOp : PTX_Op<"alias"> {
  let summary = "`.alias fAlias, fAliasee;`: a function declared as another";
  let description = [{
    `alias` must name a `.func` prototype (no body) and `aliasee` a defined
    `.func` with the same parameters, both in the enclosing module.
  }];
  let arguments = (ins FlatSymbolRefAttr:$alias, FlatSymbolRefAttr:$aliasee);
  let assemblyFormat = "$alias `,` $aliasee attr-dict";
  let hasVerifier = 1;
}

def PTX_PragmaOp : PTX_Op<"pragma", [MemoryEffects<[MemWrite]>]> {
  let summary = "a `.pragma` directive inside a function body";
  let arguments = (ins StrArrayAttr:$values);
  let assemblyFormat = "$values attr-dict";
}

#endif // PTXMLIR_PTX_OPS_MODULE_TD
