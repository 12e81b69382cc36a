//===- HSACO.cpp - LLVM IR to an AMD code object, in process --------------===//

#include "ptxmlir/Target/AMDGPU/HSACO.h"
#include "lld/Common/Driver.h"
#include "ptxmlir/Target/Optimize.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include <mutex>
#include <unistd.h>

LLD_HAS_DRIVER(elf)

extern "C" {
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUAsmPrinter();
}

using namespace llvm;

namespace {

void initAMDGPU() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
  });
}

Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

} // namespace

Expected<std::string> mlir::ptx::amdgpu::emit(Module &module, StringRef chip,
                                              OutputKind kind,
                                              unsigned optLevel) {
  initAMDGPU();
  Triple triple("amdgcn-amd-amdhsa");
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return makeError("AMDGPU target not available: " + error);
  TargetOptions options;
  std::unique_ptr<TargetMachine> tm(target->createTargetMachine(
      triple, chip, "", options, Reloc::PIC_, std::nullopt,
      optLevel ? CodeGenOptLevel::Aggressive : CodeGenOptLevel::None));
  if (!tm)
    return makeError("cannot create a target machine for " + chip);
  module.setTargetTriple(triple);
  module.setDataLayout(tm->createDataLayout());
  if (!module.getModuleFlag("amdhsa_code_object_version"))
    module.addModuleFlag(Module::Error, "amdhsa_code_object_version", 500);
  mlir::ptx::optimizeModule(module, *tm, optLevel);

  SmallString<0> buffer;
  raw_svector_ostream os(buffer);
  legacy::PassManager pm;
  pm.add(new TargetLibraryInfoWrapperPass(triple));
  if (tm->addPassesToEmitFile(pm, os, nullptr,
                              kind == OutputKind::Assembly
                                  ? CodeGenFileType::AssemblyFile
                                  : CodeGenFileType::ObjectFile))
    return makeError("the AMDGPU backend cannot emit this file type");
  pm.run(module);
  std::string object(buffer.begin(), buffer.end());
  if (kind != OutputKind::HSACO)
    return object;
  return linkCodeObject(object);
}

Expected<std::string> mlir::ptx::amdgpu::linkCodeObject(StringRef object) {
  // lld keeps per-process state: one link at a time.
  static std::mutex lldMutex;
  std::lock_guard<std::mutex> lock(lldMutex);

  // A private directory, removed before we return.
  SmallString<128> dir;
  if (std::error_code ec = sys::fs::createUniqueDirectory("ptxmlir-link", dir))
    return makeError("cannot create a directory for the link: " + ec.message());
  SmallString<128> in(dir), out(dir);
  sys::path::append(in, "kernel.o");
  sys::path::append(out, "kernel.hsaco");
  auto cleanup = [&] {
    sys::fs::remove(in);
    sys::fs::remove(out);
    sys::fs::remove(dir);
  };
  {
    std::error_code ec;
    raw_fd_ostream os(in, ec);
    if (ec) {
      cleanup();
      return makeError("cannot write the object: " + ec.message());
    }
    os << object;
  }
  std::string diagnostics;
  raw_string_ostream errs(diagnostics);
  std::string outLog;
  raw_string_ostream outs(outLog);
  const char *args[] = {"ld.lld",   "-shared", "--no-undefined",
                        in.c_str(), "-o",      out.c_str()};
  lld::Result r = lld::lldMain(args, outs, errs, {{lld::Gnu, &lld::elf::link}});
  if (r.retCode != 0) {
    cleanup();
    return makeError("lld failed: " + diagnostics);
  }
  auto buf = MemoryBuffer::getFile(out);
  cleanup();
  if (!buf)
    return makeError("cannot read the code object: " +
                     buf.getError().message());
  return (*buf)->getBuffer().str();
}
