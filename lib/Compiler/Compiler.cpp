//===- Compiler.cpp - the embedding API: PTX to an AMD code object --------===//

#include "ptxmlir/Compiler/Compiler.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "ptxmlir/Conversion/ManagedVariables.h"
#include "ptxmlir/Conversion/Passes.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "ptxmlir/Dialect/PTX/Transforms/Passes.h"
#include "ptxmlir/Dialect/Wave/IR/WaveDialect.h"
#include "ptxmlir/Target/AMDGPU/Chip.h"
#include "ptxmlir/Target/AMDGPU/HSACO.h"
#include "ptxmlir/Target/Guard.h"
#include "ptxmlir/Target/Host/HostObject.h"
#include "ptxmlir/Target/NVPTX/PTXEmitter.h"
#include "ptxmlir/Target/PTX/PTXImport.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

namespace {

std::string print(Operation *op) {
  std::string s;
  llvm::raw_string_ostream os(s);
  op->print(os);
  return s;
}

} // namespace

/// compile() without the guard against LLVM's fatal errors.
static ptx::CompileResult
compileUnguarded(llvm::ArrayRef<ptx::PTXSource> sources,
                 const ptx::CompileOptions &options) {
  using namespace ptx;
  CompileResult result;
  llvm::raw_string_ostream diag(result.diagnostics);
  // "sm_NN" selects the NVVM check path: PTX out, through our lowering.
  bool nvptx = llvm::StringRef(options.chip).starts_with("sm_");
  // "host-<chip>" is the CPU agent running with <chip>'s wave size.
  llvm::StringRef hostChip = amdgpu::getHostChip(options.chip);
  unsigned waveSize = nvptx               ? 32
                      : !hostChip.empty() ? amdgpu::getWaveSize(hostChip)
                                          : amdgpu::getWaveSize(options.chip);
  if (!waveSize) {
    diag << "error: unknown AMD GPU '" << options.chip << "'\n";
    return result;
  }

  DialectRegistry registry;
  registry.insert<PTXDialect, wave::WaveDialect, arith::ArithDialect,
                  cf::ControlFlowDialect, LLVM::LLVMDialect,
                  ROCDL::ROCDLDialect, NVVM::NVVMDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  // Dialects load on demand (the importer and each pass name theirs): the
  // AMDGPU path never pays for NVVM's, nor the NVVM path for ROCDL's.
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.printOpOnDiagnostic(false);

  // One source manager per module (the importer reads its main buffer);
  // the diagnostic handler finds each location's buffer by name.
  std::vector<std::unique_ptr<llvm::SourceMgr>> sourceMgrs;
  llvm::SourceMgr diagSourceMgr;
  SourceMgrDiagnosticHandler handler(diagSourceMgr, &ctx, diag);
  OwningOpRef<ModuleOp> module(ModuleOp::create(UnknownLoc::get(&ctx)));
  for (const PTXSource &source : sources) {
    auto &sm = sourceMgrs.emplace_back(std::make_unique<llvm::SourceMgr>());
    sm->AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(source.text, source.name),
        llvm::SMLoc());
    diagSourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(source.text, source.name),
        llvm::SMLoc());
    OwningOpRef<PTXModuleOp> ptxModule = importPTX(*sm, &ctx);
    if (!ptxModule)
      return result;
    module->getBody()->push_back(ptxModule.release());
  }
  if (sources.size() > 1 && failed(linkModules(*module)))
    return result;
  if (options.output == CompileOutput::PTXDialect) {
    result.output = print(*module);
    result.success = true;
    return result;
  }

  PassManager pm(&ctx);
  ConvertPTXToSharedOptions sharedOptions;
  sharedOptions.waveSize = waveSize;
  pm.addPass(createConvertPTXToShared(sharedOptions));
  // NVIDIA's driver places `.managed` variables itself (markManaged below).
  if (!nvptx)
    pm.addPass(createLowerManagedVariables());
  if (options.output != CompileOutput::SharedLayer) {
    // NVIDIA's driver provides the device runtime on the NVVM path.
    if (!nvptx)
      pm.addPass(createLinkDeviceRuntime());
    if (nvptx) {
      pm.addPass(createConvertWaveToNVVM());
    } else if (!hostChip.empty()) {
      ConvertWaveToHostOptions hostOptions;
      hostOptions.chip = hostChip.str();
      pm.addPass(createConvertWaveToHost(hostOptions));
    } else {
      ConvertWaveToROCDLOptions rocdlOptions;
      rocdlOptions.chip = options.chip;
      pm.addPass(createConvertWaveToROCDL(rocdlOptions));
    }
    pm.addPass(createConvertSharedToLLVM());
  }
  if (failed(pm.run(*module)))
    return result;
  if (options.output == CompileOutput::SharedLayer ||
      options.output == CompileOutput::LLVMDialect) {
    result.output = print(*module);
    result.success = true;
    return result;
  }

  std::vector<std::string> managed;
  for (auto g : module->getOps<LLVM::GlobalOp>())
    if (g->hasAttr(ptx::kManagedAttr))
      managed.push_back(g.getSymName().str());

  llvm::LLVMContext llvmCtx;
  std::string llvmErrors;
  collectLLVMErrors(llvmCtx, llvmErrors);
  // Code generation reports resource limits (LDS size ...) as diagnostics.
  auto codegenResult = [&](llvm::Expected<std::string> out) {
    if (!out) {
      diag << "error: " << llvm::toString(out.takeError()) << "\n";
      return result;
    }
    if (!llvmErrors.empty()) {
      diag << llvmErrors;
      return result;
    }
    result.output = std::move(*out);
    result.success = true;
    return result;
  };
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmCtx, "ptx");
  if (!llvmModule) {
    diag << "error: translation to LLVM IR failed\n";
    return result;
  }
  if (nvptx)
    nvptx::markManaged(*llvmModule, managed);
  if (options.output == CompileOutput::LLVMIR) {
    llvm::raw_string_ostream os(result.output);
    llvmModule->print(os, nullptr);
    result.success = true;
    return result;
  }
  if (nvptx)
    return codegenResult(
        nvptx::emitPTX(*llvmModule, options.chip, options.optLevel));
  if (!hostChip.empty()) {
    llvm::Expected<std::string> out =
        host::emit(*llvmModule, options.output == CompileOutput::Assembly,
                   options.optLevel);
    if (!out) {
      diag << "error: " << llvm::toString(out.takeError()) << "\n";
      return result;
    }
    result.output = std::move(*out);
    result.success = true;
    return result;
  }
  amdgpu::OutputKind kind =
      options.output == CompileOutput::Assembly ? amdgpu::OutputKind::Assembly
      : options.output == CompileOutput::Object ? amdgpu::OutputKind::Object
                                                : amdgpu::OutputKind::HSACO;
  return codegenResult(amdgpu::emit(*llvmModule, options.chip, kind,
                                    options.optLevel, options.jobs));
}

ptx::CompileResult ptx::compile(llvm::StringRef ptx,
                                const CompileOptions &options) {
  PTXSource source{ptx, options.sourceName};
  return compile(llvm::ArrayRef(source), options);
}

ptx::CompileResult ptx::compile(llvm::ArrayRef<PTXSource> sources,
                                const CompileOptions &options) {
  CompileResult result;
  std::string fatal;
  if (sources.empty()) {
    result.diagnostics = "error: no PTX module to compile\n";
    return result;
  }
  if (!runGuarded([&] { result = compileUnguarded(sources, options); },
                  fatal)) {
    result = CompileResult();
    result.diagnostics = "error: " + fatal + "\n";
  } else if (!fatal.empty()) {
    // Stopped inside the link (HSACO.cpp), which then failed.
    result.success = false;
    result.output.clear();
    result.diagnostics += "error: " + fatal + "\n";
  }
  return result;
}
