//===- InitAll.cpp - register everything ptx-mlir provides ----------------===//

#include "ptxmlir/InitAll.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "ptxmlir/Compiler/Compiler.h"
#include "ptxmlir/Conversion/Passes.h"
#include "ptxmlir/Dialect/PTX/IR/PTXOps.h"
#include "ptxmlir/Dialect/PTX/Transforms/Passes.h"
#include "ptxmlir/Dialect/Wave/IR/WaveDialect.h"
#include "ptxmlir/Target/PTX/PTXExport.h"
#include "ptxmlir/Target/PTX/PTXImport.h"
#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

void mlir::ptx::registerAllDialects(DialectRegistry &registry) {
  registry.insert<ptx::PTXDialect, wave::WaveDialect, arith::ArithDialect,
                  cf::ControlFlowDialect, func::FuncDialect, LLVM::LLVMDialect,
                  ROCDL::ROCDLDialect, NVVM::NVVMDialect>();
}

void mlir::ptx::registerAllPasses() {
  registerPTXTransformsPasses();
  registerPTXMLIRConversionPasses();
}

namespace {

/// Options of --ptx-to-hsaco.
struct HSACOOptions {
  llvm::cl::opt<ptx::CompileOutput> emit{
      "emit", llvm::cl::desc("what --ptx-to-hsaco writes"),
      llvm::cl::init(ptx::CompileOutput::CodeObject),
      llvm::cl::values(
          clEnumValN(ptx::CompileOutput::PTXDialect, "ptx-mlir",
                     "the ptx dialect"),
          clEnumValN(ptx::CompileOutput::SharedLayer, "shared-mlir",
                     "the shared layer (arith/cf/llvm/wave)"),
          clEnumValN(ptx::CompileOutput::LLVMDialect, "llvm-mlir",
                     "ROCDL and LLVM dialects"),
          clEnumValN(ptx::CompileOutput::LLVMIR, "llvm", "LLVM IR"),
          clEnumValN(ptx::CompileOutput::Assembly, "asm", "AMDGPU assembly"),
          clEnumValN(ptx::CompileOutput::Object, "obj", "relocatable object"),
          clEnumValN(ptx::CompileOutput::CodeObject, "hsaco",
                     "linked code object (default)"))};
  llvm::cl::opt<unsigned> waveSize{
      "wave-size", llvm::cl::desc("lanes per wave for --ptx-to-shared"),
      llvm::cl::init(32)};
  llvm::cl::opt<unsigned> optLevel{
      "opt-level", llvm::cl::desc("LLVM optimisation level (0-3)"),
      llvm::cl::init(3)};
  llvm::cl::opt<unsigned> jobs{
      "jobs",
      llvm::cl::desc("threads generating one code object's code (0: as many "
                     "as the machine has, at most 8)"),
      llvm::cl::init(0)};
};

/// Compiles the main buffer of `sourceMgr` with `options` (which name it),
/// writes the result to `os` and the compiler's diagnostics to stderr.
LogicalResult compileMainBuffer(const llvm::SourceMgr &sourceMgr,
                                ptx::CompileOptions options, raw_ostream &os) {
  const llvm::MemoryBuffer *buf =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  options.sourceName = buf->getBufferIdentifier().str();
  ptx::CompileResult r = ptx::compile(buf->getBuffer(), options);
  llvm::errs() << r.diagnostics;
  if (!r.success)
    return failure();
  os << r.output;
  return success();
}

} // namespace

void mlir::ptx::registerAllTranslations() {
  static bool once = [] {
    // --mcpu is LLVM's codegen flag: lld registers those flags too, so
    // ptx-translate uses them instead of declaring its own.
    static llvm::codegen::RegisterCodeGenFlags codegenFlags;
    static HSACOOptions hsacoOptions;
    TranslateToMLIRRegistration importPTX(
        "import-ptx", "Import PTX text into the ptx dialect",
        [](llvm::SourceMgr &sourceMgr, MLIRContext *ctx) {
          return OwningOpRef<Operation *>(ptx::importPTX(sourceMgr, ctx));
        },
        [](DialectRegistry &registry) { registerAllDialects(registry); });
    TranslateFromMLIRRegistration exportPTX(
        "export-ptx", "Export the ptx dialect as PTX text",
        [](Operation *op, raw_ostream &os) { return ptx::exportPTX(op, os); },
        [](DialectRegistry &registry) { registerAllDialects(registry); });
    TranslateRegistration ptxToShared(
        "ptx-to-shared",
        "Import PTX and lower it to the shared layer (--wave-size)",
        [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr, raw_ostream &os,
           MLIRContext *ctx) -> LogicalResult {
          DialectRegistry registry;
          registerAllDialects(registry);
          ctx->appendDialectRegistry(registry);
          ctx->loadAllAvailableDialects();
          ctx->printOpOnDiagnostic(false);
          OwningOpRef<PTXModuleOp> ptxModule = ptx::importPTX(*sourceMgr, ctx);
          if (!ptxModule)
            return failure();
          OwningOpRef<ModuleOp> module(ModuleOp::create(ptxModule->getLoc()));
          module->getBody()->push_back(ptxModule.release());
          PassManager pm(ctx);
          ConvertPTXToSharedOptions options;
          options.waveSize = hsacoOptions.waveSize;
          pm.addPass(createConvertPTXToShared(options));
          if (failed(pm.run(*module)))
            return failure();
          module->print(os);
          return success();
        });
    TranslateRegistration ptxToNVPTX(
        "ptx-to-nvptx",
        "Check path: PTX through the shared layer and NVVM back to PTX "
        "(--mcpu=sm_NN)",
        [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr, raw_ostream &os,
           MLIRContext *ctx) -> LogicalResult {
          CompileOptions options;
          std::string sm = llvm::codegen::getMCPU();
          options.chip = sm.empty() ? "sm_80" : sm;
          if (!StringRef(options.chip).starts_with("sm_")) {
            llvm::errs() << "error: --ptx-to-nvptx needs --mcpu=sm_NN\n";
            return failure();
          }
          options.output = hsacoOptions.emit == CompileOutput::CodeObject
                               ? CompileOutput::Assembly
                               : (CompileOutput)hsacoOptions.emit;
          options.optLevel = hsacoOptions.optLevel;
          return compileMainBuffer(*sourceMgr, options, os);
        });
    TranslateRegistration ptxToHSACO(
        "ptx-to-hsaco",
        "Compile PTX to an AMD code object (--mcpu, --emit, --opt-level, "
        "--jobs)",
        [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr, raw_ostream &os,
           MLIRContext *ctx) -> LogicalResult {
          CompileOptions options;
          std::string chip = llvm::codegen::getMCPU();
          options.chip = chip.empty() ? "gfx1100" : chip;
          options.output = hsacoOptions.emit;
          options.optLevel = hsacoOptions.optLevel;
          options.jobs = hsacoOptions.jobs;
          return compileMainBuffer(*sourceMgr, options, os);
        });
    return true;
  }();
  (void)once;
}
