//===- HSACO.cpp - LLVM IR to an AMD code object, in process --------------===//

#include "ptxmlir/Target/AMDGPU/HSACO.h"
#include "lld/Common/Driver.h"
#include "ptxmlir/Conversion/KernelAttrs.h"
#include "ptxmlir/Target/Optimize.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CrashRecoveryContext.h"
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

/// Names the last argument of each function that asks for it (the per-CTA
/// memory base); the metadata lists it as the argument's ".name".
void nameLastArguments(Module &module) {
  for (Function &f : module) {
    Attribute name = f.getFnAttribute(mlir::ptx::kLastArgNameAttr);
    if (!name.isStringAttribute())
      continue;
    if (!f.arg_empty())
      f.getArg(f.arg_size() - 1)->setName(name.getValueAsString());
    f.removeFnAttr(mlir::ptx::kLastArgNameAttr);
  }
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
  nameLastArguments(module);
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
  // lld keeps per-process state: one link at a time. Nothing may jump past
  // this lock (a later link would wait for ever), and lld must not exit the
  // process (it runs inside user processes, under libcuda):
  // - lld's fatal() (malformed input, unwritable output) exits through
  //   sys::Process::Exit, which returns to lldMain's CrashRecoveryContext
  //   only while crash recovery is enabled: enabled here for the link, which
  //   also recovers from a crash inside lld. lldMain then returns normally
  //   with canRunAgain false.
  // - LLVM's report_fatal_error inside lld reaches compile()'s handler
  //   (lib/Compiler/Guard.cpp), which unwinds through that same recovery
  //   context while one is current, not past it to compile().
  // After either, lld's state is not trusted again in this process: later
  // links fail with an error instead of running it.
  static std::mutex lldMutex;
  static bool lldUnusable = false;
  std::lock_guard<std::mutex> lock(lldMutex);
  if (lldUnusable)
    return makeError("lld stopped on a fatal error earlier in this process "
                     "and cannot link again");

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
  // --threads=1: lld runs on this thread only, where the recovery context
  // and compile()'s guard catch its fatal errors (neither reaches lld's
  // worker threads).
  const char *args[] = {"ld.lld",   "-shared", "--no-undefined", "--threads=1",
                        in.c_str(), "-o",      out.c_str()};
  // Disable() restores the signal handlers Enable() replaced (an
  // application that had enabled crash recovery itself finds it off).
  CrashRecoveryContext::Enable();
  lld::Result r = lld::lldMain(args, outs, errs, {{lld::Gnu, &lld::elf::link}});
  CrashRecoveryContext::Disable();
  if (!r.canRunAgain)
    lldUnusable = true;
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
