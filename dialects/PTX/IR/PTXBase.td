//===- PTXBase.td - base classes of ptx ops ----------------*- tablegen -*-===//
//
// Two kinds of op: PTX_Op for ops without a PTX opcode of their own
// (module structure, SSA helpers) and PTX_Inst for PTX instructions.
//
// A PTX_Inst lists its modifiers as attributes in the order the PTX manual
// writes them: ptx-tblgen turns that order into the importer's modifier
// slots and the exporter's spelling. Operands follow the PTX operand order
// (destinations are the results). A `PTX_Address` operand is written
// `[base+offset]` / `[sym+offset]` and brings attributes `<name>_sym` and
// `<name>_offset`.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_PTX_BASE_TD
#define PTXMLIR_PTX_BASE_TD

include "PTX/IR/PTXDialect.td"
include "PTX/IR/PTXEnums.td"
include "PTX/IR/PTXInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"

class PTX_Op<string mnemonic, list<Trait> traits = []>
    : Op<PTX_Dialect, mnemonic, traits>;

// The carry flag of add.cc/addc and friends, a pseudo-register.
def PTX_CCType : TypeDef<PTX_Dialect, "CC"> {
  let mnemonic = "cc";
  let summary = "the condition-code register written by .cc instructions";
}

// A call-scope `.param` buffer (see ptx.param_buf).
def PTX_ParamBufType : TypeDef<PTX_Dialect, "ParamBuf"> {
  let mnemonic = "param_buf";
  let summary = "a call-scope .param buffer";
}

// Register values: every SSA type a PTX register can have.
def PTX_RegType : AnyTypeOf<[I1, I8, I16, I32, I64, I128, F16, BF16, F32, F64]>;

// An address operand `[...]`: the optional base register; the symbol and
// offset are the attributes `<name>_sym` and `<name>_offset` declared next
// to it.
def PTX_Address : Optional<AnyTypeOf<[AnySignlessInteger, PTX_ParamBufType]>>;

// The three arguments of an address operand named `n`.
class PTX_AddrArgs<string n> {
  dag args = !dag(ins, [PTX_Address, OptionalAttr<FlatSymbolRefAttr>,
                        DefaultValuedAttr<I64Attr, "0">],
                  [n, n # "_sym", n # "_offset"]);
}

// An address operand that may be absent (the mbarrier of a bulk copy that
// completes through a bulk group). Present when it has a base, a symbol or
// an `<name>_offset` attribute, which the importer always sets.
def PTX_OptAddress : Optional<AnyTypeOf<[AnySignlessInteger, PTX_ParamBufType]>>;
class PTX_OptAddrArgs<string n> {
  dag args = !dag(ins, [PTX_OptAddress, OptionalAttr<FlatSymbolRefAttr>,
                        OptionalAttr<I64Attr>],
                  [n, n # "_sym", n # "_offset"]);
}

// An opaque handle: a `.texref`/`.samplerref`/`.surfref` variable or
// parameter, a tensor map, written by name (`<name>_sym`) or held in a
// 64-bit register (indirect access).
def PTX_Handle : Optional<AnySignlessInteger>;
class PTX_HandleArgs<string n> {
  dag args = !dag(ins, [PTX_Handle, OptionalAttr<FlatSymbolRefAttr>],
                  [n, n # "_sym"]);
}
// A handle that may be left out (the sampler of `tex` in unified mode).
def PTX_OptHandle : Optional<AnySignlessInteger>;
class PTX_OptHandleArgs<string n> {
  dag args = !dag(ins, [PTX_OptHandle, OptionalAttr<FlatSymbolRefAttr>],
                  [n, n # "_sym"]);
}

// A register vector that PTX always writes in braces, even with one element
// (`{%fd1}` of wmma, `{%r1}` texture coordinates), and one that may be left
// out (the offset vector of `tex`).
def PTX_Vector : Variadic<PTX_RegType>;
def PTX_OptVector : Variadic<PTX_RegType>;

// Unit attribute whose PTX spelling is its name (`.ftz`, `.sat`, `.NaN` ...).
defvar PTX_Flag = UnitAttr;

// Optional enum modifier.
class PTX_Opt<Attr attr> : OptionalAttr<attr>;

class PTX_Inst<string mnemonic, list<Trait> traits = [], dag args = (ins),
               dag res = (outs)>
    : PTX_Op<mnemonic, traits # [AttrSizedOperandSegments,
        PTX_PredicableOpInterface,
        PTX_InstructionOpInterface]> {
  // The PTX opcode, e.g. `shfl.sync`; by default the mnemonic with dots.
  string ptxOpcode = !subst("_", ".", mnemonic);
  // Opcode components that PTX writes after the modifier slot
  // `ptxOpcodeLateAfter` instead of right after the first component
  // (`mad.lo.cc.u32`, `match.any.sync.b32`).
  string ptxOpcodeLate = "";
  string ptxOpcodeLateAfter = "";
  // Destinations are written `d|p` instead of `d, p`.
  bit ptxPipeResults = 0;
  // The importer and exporter call hand-written hooks for the operands.
  bit ptxCustomOperands = 0;
  // The op defines `verifyInstruction()` with its own PTX rules in C++.
  bit ptxHasVerifier = 0;
  // Operands written together inside one `[...]` (texture, surface and
  // tensor-map operands: `[tex, sampler, {x, y}]`).
  list<string> ptxTuple = [];
  // "operand=attr": an optional operand present exactly when the attribute
  // is (`ctaMask=multicast`). `cache_policy` follows `cache_hint` by default.
  list<string> ptxOperandIf = [];

  // A guarded `.cc` instruction keeps the previous carry flag too.
  let arguments = !con(args, (ins Optional<I1>:$guard, UnitAttr:$guard_neg,
                                  Variadic<AnyTypeOf<[PTX_RegType,
                                      PTX_CCType]>>:$prev));
  let results = res;
  let hasVerifier = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    static ::llvm::StringRef getPTXOpcode();
    ::llvm::LogicalResult verifyInstruction();
  }];
  let extraClassDefinition = [{
    ::llvm::StringRef $cppClass::getPTXOpcode() { return "}] # ptxOpcode # [{"; }
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::mlir::ptx::detail::parseInstruction<$cppClass>(parser, result);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &printer) {
      ::mlir::ptx::detail::printInstruction(getOperation(), printer);
    }
    ::llvm::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::mlir::ptx::detail::verifyInstruction(getOperation())))
        return ::mlir::failure();
      return verifyInstruction();
    }
  }] # !if(ptxHasVerifier, "", [{
    ::llvm::LogicalResult $cppClass::verifyInstruction() { return ::mlir::success(); }
  }]);
}

#endif // PTXMLIR_PTX_BASE_TD
