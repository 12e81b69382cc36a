//===- HostObject.cpp - LLVM IR to a host code object ---------------------===//

#include "ptxmlir/Target/Host/HostObject.h"
#include "ptxmlir/Target/Optimize.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/TargetParser/Triple.h"
#include <mutex>

using namespace llvm;

namespace {

Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

} // namespace

Expected<std::string> mlir::ptx::host::emit(Module &module, bool assembly,
                                            unsigned optLevel) {
  static std::once_flag once;
  std::call_once(once, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  });
  Triple triple(sys::getProcessTriple());
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return makeError("host target not available: " + error);
  SubtargetFeatures features;
  for (const auto &f : sys::getHostCPUFeatures())
    features.AddFeature(f.first(), f.second);
  // vcvtneps2bf16 (AVX512-BF16, AVX-NE-CONVERT) flushes subnormals whatever
  // MXCSR says; PTX's cvt to bf16 keeps them.
  features.AddFeature("avx512bf16", false);
  features.AddFeature("avxneconvert", false);
  TargetOptions options;
  // PTX rounds every mul and add on its own: never fuse them.
  options.AllowFPOpFusion = FPOpFusion::Strict;
  // The JIT linker builds GOT and stubs; PIC keeps every reference in range.
  std::unique_ptr<TargetMachine> tm(target->createTargetMachine(
      triple, sys::getHostCPUName(), features.getString(), options, Reloc::PIC_,
      CodeModel::Small,
      optLevel ? CodeGenOptLevel::Aggressive : CodeGenOptLevel::None));
  if (!tm)
    return makeError("cannot create a target machine for " + triple.str());
  module.setTargetTriple(triple);
  module.setDataLayout(tm->createDataLayout());
  mlir::ptx::optimizeModule(module, *tm, optLevel);

  SmallString<0> buffer;
  raw_svector_ostream os(buffer);
  legacy::PassManager pm;
  pm.add(new TargetLibraryInfoWrapperPass(triple));
  if (tm->addPassesToEmitFile(pm, os, nullptr,
                              assembly ? CodeGenFileType::AssemblyFile
                                       : CodeGenFileType::ObjectFile))
    return makeError("the host backend cannot emit this file type");
  pm.run(module);
  return std::string(buffer.begin(), buffer.end());
}
