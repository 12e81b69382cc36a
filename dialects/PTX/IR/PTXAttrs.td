//===- PTXAttrs.td - structured attributes of the ptx dialect -*- tablegen -*-===//

#ifndef PTXMLIR_PTX_ATTRS_TD
#define PTXMLIR_PTX_ATTRS_TD

include "PTX/IR/PTXEnums.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

// One parameter of .entry/.func/.callprototype.
def PTX_ParamAttr : AttrDef<PTX_Dialect, "Param"> {
  let mnemonic = "param";
  let summary = "a kernel or function parameter declaration";
  let description = [{
    `.param .align 8 .b8 p[16]` is `#ptx.param<name = "p", space = param,
    type = b8, align = 8, count = 16>`. `count` 0 is a scalar, -1 an unsized array `[]`. Kernel
    pointer parameters may carry `.ptr.space.align N` (ptr_space, ptr_align).
  }];
  let parameters = (ins "::mlir::StringAttr":$name,
                        "::mlir::ptx::StateSpace":$space,
                        "::mlir::ptx::PTXType":$type,
                        DefaultValuedParameter<"int64_t", "0">:$align,
                        DefaultValuedParameter<"int64_t", "0">:$count,
                        OptionalParameter<"::std::optional<::mlir::ptx::StateSpace>">:$ptr_space,
                        DefaultValuedParameter<"int64_t", "0">:$ptr_align);
  let assemblyFormat = "`<` struct(params) `>`";
}

// An address constant in a variable initializer: `sym`, `sym+off`,
// `generic(sym+off)` or the byte mask form `0xff00(sym)`.
def PTX_InitAddrAttr : AttrDef<PTX_Dialect, "InitAddr"> {
  let mnemonic = "addr";
  let summary = "an address in a variable initializer";
  let parameters = (ins "::mlir::FlatSymbolRefAttr":$sym,
                        DefaultValuedParameter<"int64_t", "0">:$offset,
                        DefaultValuedParameter<"bool", "false">:$generic,
                        DefaultValuedParameter<"uint64_t", "0">:$mask);
  let assemblyFormat = "`<` struct(params) `>`";
}

// The byte or half-word selector of a video instruction operand: `%r1.b0`
// (`b0`), the SIMD lane masks `d.h10` / `d.b3210` and the SIMD source
// selectors `a.h32` / `a.b7654`. `lanes` lists the digits as written.
def PTX_SelectorAttr : AttrDef<PTX_Dialect, "Selector"> {
  let mnemonic = "sel";
  let summary = "a byte or half-word operand selector of video instructions";
  let description = [{
    `%r1.b3210` selects bytes 3, 2, 1, 0 and is `#ptx.sel<b3210>`; `.h10`
    selects half-words and is `#ptx.sel<h10>`.
  }];
  let parameters = (ins "bool":$half, ArrayRefParameter<"uint8_t">:$lanes);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The selector spelled `b0`, `h10`, `b7654` (without the dot), or null.
    static SelectorAttr parseSpelling(::mlir::MLIRContext *ctx,
                                      ::llvm::StringRef spelling);
    /// The PTX spelling without the dot.
    std::string getSpelling() const;
  }];
}

#endif // PTXMLIR_PTX_ATTRS_TD
