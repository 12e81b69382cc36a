//===- Passes.td - ptx-mlir conversion passes --------------*- tablegen -*-===//

#ifndef PTXMLIR_CONVERSION_PASSES_TD
#define PTXMLIR_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertPTXToShared : Pass<"convert-ptx-to-shared", "ModuleOp"> {
  let summary = "Lower the ptx dialect to the shared layer (arith/cf/llvm/wave)";
  let description = [{
    Replaces every `ptx.module` by LLVM-dialect functions and globals whose
    bodies use arith, cf, llvm and wave ops, with PTX's semantics made
    explicit (rounding, flush-to-zero, saturation, shift clamping, carries,
    state spaces) and warp ops laid out for `wave-size` lanes per hardware
    wave. An op without a lowering is an error at its PTX location.
  }];
  let options = [
    Option<"waveSize", "wave-size", "unsigned", "32",
           "lanes per hardware wave (32 or 64)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::wave::WaveDialect"];
}

def LowerManagedVariables : Pass<"lower-managed-variables", "ModuleOp"> {
  let summary = "Reach `.managed` variables through a slot the loader fills";
  let description = [{
    A `.managed` variable's storage is one allocation per loaded library,
    shared by the host and every context, so it cannot be a code object's
    data. Each global the ptx → shared lowering marked `ptx.managed`
    becomes a writable pointer slot `__ptxmlir_managed.<name>` (zero; the
    loader writes the storage's address into it before any launch) and a
    read-only global `__ptxmlir_managed_init.<name>` holding the
    variable's initial bytes, which the loader copies into the storage.
    Every `llvm.mlir.addressof` of the variable in a function becomes an
    invariant load of the slot. An initializer that holds the variable's
    address is an error: that address exists only at load time. Runs on
    the shared layer, before the AMD and host back ends; the NVVM check path
    keeps the variable and NVPTX's managed attribute instead.
    (ptxmlir/Conversion/ManagedVariables.h, docs/lowering.md.)
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def LinkDeviceRuntime : Pass<"link-device-runtime", "ModuleOp"> {
  let summary = "Define the CUDA device runtime (vprintf, malloc, free, "
                "__assertfail) in the shared layer";
  let description = [{
    For the AMD and host back ends (NVIDIA's driver provides these on the
    NVVM path): calls of the `.extern .func`s `vprintf`, `malloc`, `free`
    and `__assertfail` that nvcc declares go to shared-layer definitions
    that talk to libcuda through the `__ptxmlir_devrt` global, the
    per-context printf buffer and heap (ptxmlir/Runtime/DeviceRuntime.h).
    Each `vprintf` call site gets a function for its format, which must be
    a constant string in a module variable (a located error otherwise).
    Other undefined functions are left to the back ends' located errors.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::wave::WaveDialect"];
}

def ConvertWaveToROCDL : Pass<"convert-wave-to-rocdl", "ModuleOp"> {
  let summary = "Lower wave ops and kernel attributes to ROCDL and LLVM";
  let options = [
    Option<"chip", "chip", "std::string", "\"gfx1100\"",
           "the AMD GPU (gfxNNNN) the code is for">,
  ];
  let dependentDialects = ["::mlir::ROCDL::ROCDLDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def ConvertWaveToNVVM : Pass<"convert-wave-to-nvvm", "ModuleOp"> {
  let summary = "Lower wave ops and kernel attributes to NVVM (the check path)";
  let description = [{
    Runs the shared layer on NVIDIA GPUs to check it: wave ops become NVVM
    intrinsics, kernel facts NVVM attributes, aggregate kernel parameters
    byval pointers, "ptx.*" sync scopes NVPTX ones.
  }];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def ConvertWaveToHost : Pass<"convert-wave-to-host", "ModuleOp"> {
  let summary = "Lower the shared layer to plain LLVM for the CPU agent";
  let description = [{
    The host end of the shared layer (see ptxmlir/Target/Host/HostABI.h):
    every function takes the thread context as its first argument; wave
    ops become loads from it or `convergent` calls into the CPU agent;
    address spaces become host pointers, with 32-bit shared and local
    addresses as offsets from the block's group segment and the thread's
    private window; shared variables get offsets in the group segment;
    each kernel gets an entry that reads its arguments from the kernarg
    segment, and the module a metadata note in the AMDHSA shape.
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"gfx1100\"",
           "the AMD GPU whose wave size the host code runs with">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ConvertSharedToLLVM : Pass<"convert-shared-to-llvm", "ModuleOp"> {
  let summary = "Lower what is left of arith and cf to the LLVM dialect";
  let description = [{
    The last step before LLVM IR, after a wave lowering: arith and cf ops
    become LLVM-dialect ops in one dialect conversion (upstream's
    arith-to-llvm and cf-to-llvm patterns), then the casts between equal
    types that the conversion leaves are removed. The same as
    `convert-arith-to-llvm`, `convert-cf-to-llvm` and
    `reconcile-unrealized-casts` in a row, up to folds, but with one walk of
    the module and without pattern rollback: those three passes took about
    half the time of the whole MLIR lowering.
  }];
  let options = [
    Option<"rollback", "rollback", "bool", "false",
           "allow pattern rollback (slower; for debugging patterns)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // PTXMLIR_CONVERSION_PASSES_TD
