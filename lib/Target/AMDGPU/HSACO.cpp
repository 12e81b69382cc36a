//===- HSACO.cpp - LLVM IR to an AMD code object, in process --------------===//

#include "ptxmlir/Target/AMDGPU/HSACO.h"
#include "MergeNotes.h"
#include "Reducible.h"
#include "RerollChains.h"
#include "SchedulingRegions.h"
#include "SplitKernels.h"
#include "lld/Common/Driver.h"
#include "ptxmlir/Conversion/KernelAttrs.h"
#include "ptxmlir/Target/Guard.h"
#include "ptxmlir/Target/Optimize.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include <mutex>
#include <system_error>
#include <thread>
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

Expected<std::unique_ptr<TargetMachine>>
createTargetMachine(StringRef chip, unsigned optLevel) {
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
  return std::move(tm);
}

/// Optimises `module` and readies it for the AMDGPU code generator: every
/// path to code generation (one module, or parts on threads) goes through
/// here.
void prepareForCodegen(Module &module, TargetMachine &tm, unsigned optLevel) {
  mlir::ptx::optimizeModule(module, tm, optLevel);
  if (optLevel)
    mlir::ptx::amdgpu::rerollChains(module);
  mlir::ptx::amdgpu::makeReducible(module);
  if (optLevel)
    mlir::ptx::amdgpu::limitSchedulingRegions(module);
}

/// Runs the AMDGPU back end on an optimised module.
Expected<std::string> codegen(Module &module, TargetMachine &tm,
                              CodeGenFileType type) {
  SmallString<0> buffer;
  raw_svector_ostream os(buffer);
  legacy::PassManager pm;
  pm.add(new TargetLibraryInfoWrapperPass(tm.getTargetTriple()));
  if (tm.addPassesToEmitFile(pm, os, nullptr, type))
    return makeError("the AMDGPU backend cannot emit this file type");
  pm.run(module);
  return std::string(buffer.begin(), buffer.end());
}

/// One part (bitcode from splitKernels), optimised, to an object, in a
/// context of its own: safe on any thread. LLVM's errors, fatal ones
/// included, come back as the error.
Expected<std::string> compilePart(StringRef bitcode, StringRef chip,
                                  unsigned optLevel) {
  std::string object, failure, fatal;
  bool finished = mlir::ptx::runGuarded(
      [&] {
        LLVMContext ctx;
        std::string llvmErrors;
        mlir::ptx::collectLLVMErrors(ctx, llvmErrors);
        Expected<std::unique_ptr<Module>> module =
            parseBitcodeFile(MemoryBufferRef(bitcode, "part"), ctx);
        if (!module) {
          failure = toString(module.takeError());
          return;
        }
        auto tm = createTargetMachine(chip, optLevel);
        if (!tm) {
          failure = toString(tm.takeError());
          return;
        }
        prepareForCodegen(**module, **tm, optLevel);
        Expected<std::string> out =
            codegen(**module, **tm, CodeGenFileType::ObjectFile);
        if (!out)
          failure = toString(out.takeError());
        else if (!llvmErrors.empty())
          failure = llvmErrors;
        else
          object = std::move(*out);
      },
      fatal);
  if (!finished || !fatal.empty())
    return makeError(fatal);
  if (!failure.empty())
    return makeError(failure);
  return object;
}

/// Messages of several parts as compile() prints one: "error: " is added
/// before the first line and a newline after the last, so each part's
/// message keeps its own "error: " lines, one per diagnostic.
Error joinPartErrors(ArrayRef<std::string> messages) {
  std::string text;
  for (const std::string &m : messages) {
    StringRef line(m);
    if (!line.starts_with("error: "))
      text += "error: ";
    text += line.rtrim('\n');
    text += '\n';
  }
  return makeError(StringRef(text).drop_front(7).drop_back());
}

/// The parts on threads of their own (the first on this one), then one
/// code object.
Expected<std::string> emitParts(ArrayRef<std::string> parts, StringRef chip,
                                unsigned optLevel) {
  SmallVector<std::optional<Expected<std::string>>> objects(parts.size());
  auto compile = [&](size_t i) {
    objects[i].emplace(compilePart(parts[i], chip, optLevel));
  };
  std::vector<std::thread> threads;
  for (size_t i = 1; i < parts.size(); ++i) {
    try {
      threads.emplace_back(compile, i);
    } catch (const std::system_error &) {
      // No thread to be had (a process at its limit): this one does it.
      compile(i);
    }
  }
  compile(0);
  for (std::thread &t : threads)
    t.join();
  SmallVector<std::string> linked, errors;
  for (auto &object : objects) {
    if (*object)
      linked.push_back(std::move(**object));
    else
      errors.push_back(toString(object->takeError()));
  }
  if (!errors.empty())
    return joinPartErrors(errors);
  if (Error e = mlir::ptx::amdgpu::mergeMetadataNotes(linked))
    return e;
  return mlir::ptx::amdgpu::linkCodeObject(linked);
}

} // namespace

Expected<std::string> mlir::ptx::amdgpu::emit(Module &module, StringRef chip,
                                              OutputKind kind,
                                              unsigned optLevel,
                                              unsigned jobs) {
  auto tm = createTargetMachine(chip, optLevel);
  if (!tm)
    return tm.takeError();
  module.setTargetTriple((*tm)->getTargetTriple());
  module.setDataLayout((*tm)->createDataLayout());
  if (!module.getModuleFlag("amdhsa_code_object_version"))
    module.addModuleFlag(Module::Error, "amdhsa_code_object_version", 500);
  nameLastArguments(module);
  if (kind == OutputKind::HSACO) {
    if (jobs == 0)
      jobs = std::min(llvm::hardware_concurrency().compute_thread_count(), 8u);
    SmallVector<std::string> parts = splitKernels(module, jobs);
    if (!parts.empty())
      return emitParts(parts, chip, optLevel);
  }
  prepareForCodegen(module, **tm, optLevel);
  Expected<std::string> object =
      codegen(module, **tm,
              kind == OutputKind::Assembly ? CodeGenFileType::AssemblyFile
                                           : CodeGenFileType::ObjectFile);
  if (!object || kind != OutputKind::HSACO)
    return object;
  return linkCodeObject(ArrayRef<std::string>{*object});
}

Expected<std::string>
mlir::ptx::amdgpu::linkCodeObject(ArrayRef<std::string> objects) {
  // lld keeps per-process state: one link at a time. Nothing may jump past
  // this lock (a later link would wait for ever), and lld must not exit the
  // process (it runs inside user processes, under libcuda):
  // - lld's fatal() (malformed input, unwritable output) exits through
  //   sys::Process::Exit, which returns to lldMain's CrashRecoveryContext
  //   only while crash recovery is enabled: enabled here for the link, which
  //   also recovers from a crash inside lld. lldMain then returns normally
  //   with canRunAgain false.
  // - LLVM's report_fatal_error inside lld reaches compile()'s handler
  //   (lib/Target/Common/Guard.cpp), which unwinds through that same recovery
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
  SmallVector<SmallString<128>> inputs;
  SmallString<128> out(dir);
  sys::path::append(out, "kernel.hsaco");
  auto cleanup = [&] {
    for (const SmallString<128> &in : inputs)
      sys::fs::remove(in);
    sys::fs::remove(out);
    sys::fs::remove(dir);
  };
  for (size_t i = 0; i < objects.size(); ++i) {
    SmallString<128> &in = inputs.emplace_back(dir);
    sys::path::append(in, "part" + Twine(i) + ".o");
    std::error_code ec;
    raw_fd_ostream os(in, ec);
    if (ec) {
      cleanup();
      return makeError("cannot write the object: " + ec.message());
    }
    os << objects[i];
  }
  std::string diagnostics;
  raw_string_ostream errs(diagnostics);
  std::string outLog;
  raw_string_ostream outs(outLog);
  // --threads=1: lld runs on this thread only, where the recovery context
  // and compile()'s guard catch its fatal errors (neither reaches lld's
  // worker threads).
  SmallVector<const char *> args{"ld.lld", "-shared", "--no-undefined",
                                 "--threads=1"};
  for (SmallString<128> &in : inputs)
    args.push_back(in.c_str());
  args.append({"-o", out.c_str()});
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
