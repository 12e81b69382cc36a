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

  let arguments = !con(args, (ins Optional<I1>:$guard, UnitAttr:$guard_neg,
                                  Variadic<PTX_RegType>:$prev));
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
