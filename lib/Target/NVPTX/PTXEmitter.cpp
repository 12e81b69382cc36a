//===- PTXEmitter.cpp - LLVM IR to PTX text (NVVM check path) -------------===//

#include "ptxmlir/Target/NVPTX/PTXEmitter.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include <mutex>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace llvm;

Expected<std::string> mlir::ptx::nvptx::emitPTX(Module &module, StringRef sm,
                                                unsigned optLevel) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
  Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError(inconvertibleErrorCode(),
                             "NVPTX target not available: " + error);
  std::unique_ptr<TargetMachine> tm(target->createTargetMachine(
      triple, sm, "+ptx80", TargetOptions(), std::nullopt, std::nullopt,
      optLevel ? CodeGenOptLevel::Aggressive : CodeGenOptLevel::None));
  if (!tm)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create a target machine for " + sm);
  module.setTargetTriple(triple);
  module.setDataLayout(tm->createDataLayout());
  if (optLevel) {
    LoopAnalysisManager lam;
    FunctionAnalysisManager fam;
    CGSCCAnalysisManager cgam;
    ModuleAnalysisManager mam;
    PassBuilder pb(tm.get());
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    pb.buildPerModuleDefaultPipeline(OptimizationLevel::O3).run(module, mam);
  }
  SmallString<0> buffer;
  raw_svector_ostream os(buffer);
  legacy::PassManager pm;
  pm.add(new TargetLibraryInfoWrapperPass(triple));
  if (tm->addPassesToEmitFile(pm, os, nullptr, CodeGenFileType::AssemblyFile))
    return createStringError(inconvertibleErrorCode(),
                             "the NVPTX backend cannot emit PTX");
  pm.run(module);
  return std::string(buffer.begin(), buffer.end());
}

void mlir::ptx::nvptx::markManaged(Module &module,
                                   ArrayRef<std::string> names) {
  LLVMContext &ctx = module.getContext();
  for (const std::string &name : names) {
    GlobalVariable *gv = module.getGlobalVariable(name);
    if (!gv)
      continue;
    NamedMDNode *md = module.getOrInsertNamedMetadata("nvvm.annotations");
    md->addOperand(MDNode::get(
        ctx,
        {ValueAsMetadata::get(gv), MDString::get(ctx, "managed"),
         ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(ctx), 1))}));
  }
}
