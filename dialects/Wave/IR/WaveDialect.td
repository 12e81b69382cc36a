//===- WaveDialect.td - the shared layer's own ops ---------*- tablegen -*-===//
//
// The target-neutral layer between the ptx dialect and the back ends (ROCDL,
// NVVM, host). Everything PTX says about threads, warps and blocks that
// func/cf/arith/llvm cannot express lives here, already laid out for one
// wave size. Each back end lowers these ops in one file.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_WAVE_DIALECT_TD
#define PTXMLIR_WAVE_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Wave_Dialect : Dialect {
  let name = "wave";
  let cppNamespace = "::mlir::wave";
  let summary = "threads, waves and blocks of the shared lowering layer";
  let description = [{
    Ops that read the dispatch (thread and block ids and sizes), exchange
    values between the lanes of a hardware wave, synchronise a block, and
    read clocks. Collective ops are never pure: they read and write the
    `wave` resource so that no transformation moves, duplicates or sinks
    them, and each carries a static `op_id` that identifies it in
    diagnostics and in the CPU agent. A collective op runs over the lanes
    that reach it together; `membermask` (bit i = lane i of the CUDA warp,
    as the PTX instruction gave it) names the lanes that must take part.
    On wave64 the producer addresses lanes of the whole hardware wave
    (warp base | lane) and narrows masks to the warp's half itself.
  }];
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

// The resource that collective ops read and write.
def Wave_Resource : Resource<"::mlir::wave::WaveResource">;

class Wave_Op<string mnemonic, list<Trait> traits = []>
    : Op<Wave_Dialect, mnemonic, traits>;

def Wave_Scope : I32EnumAttr<"Scope", "memory scope of a fence or atomic", [
    I32EnumAttrCase<"cta", 0>, I32EnumAttrCase<"cluster", 1>,
    I32EnumAttrCase<"gpu", 2>, I32EnumAttrCase<"sys", 3>]> {
  let cppNamespace = "::mlir::wave";
  let genSpecializedAttr = 0;
}
def Wave_ScopeAttr : EnumAttr<Wave_Dialect, Wave_Scope, "scope">;

def Wave_Space : I32EnumAttr<"Space", "a PTX state space an address may be in", [
    I32EnumAttrCase<"global", 0>, I32EnumAttrCase<"shared", 1>,
    I32EnumAttrCase<"local", 2>, I32EnumAttrCase<"constant", 3>,
    I32EnumAttrCase<"param", 4>]> {
  let cppNamespace = "::mlir::wave";
  let genSpecializedAttr = 0;
}
def Wave_SpaceAttr : EnumAttr<Wave_Dialect, Wave_Space, "space">;

def Wave_BarrierRed : I32EnumAttr<"BarrierRed", "reduction of bar.red", [
    I32EnumAttrCase<"popc", 0>, I32EnumAttrCase<"And", 1, "and">,
    I32EnumAttrCase<"Or", 2, "or">]> {
  let cppNamespace = "::mlir::wave";
  let genSpecializedAttr = 0;
}
def Wave_BarrierRedAttr : EnumAttr<Wave_Dialect, Wave_BarrierRed, "barrier_red">;

#endif // PTXMLIR_WAVE_DIALECT_TD
