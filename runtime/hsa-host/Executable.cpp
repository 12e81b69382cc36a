//===- Executable.cpp - code object readers, executables, symbols ---------===//
//
// A host code object (HostABI.h) is an x86-64 ELF relocatable object. Each
// executable gets its own JITDylib in one process-wide ORC session; JITLink
// links the object there, binding the __ptxmlir_* runtime functions (and
// half/bfloat16 helpers) to this library by address and everything else
// (libc, libm) to the running process. Kernels, their segment sizes and the
// kernarg layout come from the metadata note, read by common/CodeObject.
//
//===----------------------------------------------------------------------===//

#include "Executable.h"
#include "Builtins.h"
#include "Internal.h"

#include "common/CodeObject.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/SelfExecutorProcessControl.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_set>

using namespace llvm;

namespace ptxmlir::hsahost {

namespace {

struct CodeObjectReader {
  std::unique_ptr<MemoryBuffer> bytes;
};

struct Executable;

struct ExecutableSymbol {
  Executable *executable = nullptr;
  hsa_symbol_kind_t kind = HSA_SYMBOL_KIND_VARIABLE;
  std::string name;
  uint64_t address = 0;
  uint32_t size = 0;
  KernelDescriptor *kernel = nullptr;
};

struct Executable {
  hsa_profile_t profile = HSA_PROFILE_FULL;
  bool frozen = false;
  orc::JITDylib *dylib = nullptr;
  std::vector<std::unique_ptr<KernelDescriptor>> kernels;
  std::map<std::string, std::unique_ptr<ExecutableSymbol>> symbols;
  uint32_t loadedCount = 0;
};

/// Keeps read-only data writable. PTX .const variables land in .rodata,
/// and the CUDA layer writes them from the host (cuMemcpyHtoD to a
/// __constant__ symbol) as it does on a GPU, whose constant memory is
/// ordinary memory to the host.
class WritableDataPlugin : public orc::ObjectLinkingLayer::Plugin {
public:
  void modifyPassConfig(orc::MaterializationResponsibility &,
                        jitlink::LinkGraph &,
                        jitlink::PassConfiguration &config) override {
    config.PrePrunePasses.push_back([](jitlink::LinkGraph &g) {
      for (jitlink::Section &section : g.sections())
        if (section.getMemProt() == orc::MemProt::Read)
          section.setMemProt(orc::MemProt::Read | orc::MemProt::Write);
      return Error::success();
    });
  }
  Error notifyFailed(orc::MaterializationResponsibility &) override {
    return Error::success();
  }
  Error notifyRemovingResources(orc::JITDylib &, orc::ResourceKey) override {
    return Error::success();
  }
  void notifyTransferringResources(orc::JITDylib &, orc::ResourceKey,
                                   orc::ResourceKey) override {}
};

/// The process-wide JIT. Created on first use: processes that never load a
/// host code object pay nothing.
struct Jit {
  std::unique_ptr<orc::ExecutionSession> session;
  std::unique_ptr<orc::ObjectLinkingLayer> linker;
};

/// Everything below is guarded by `loaderMutex`.
// Never destroyed: the CUDA runtime's exit handlers unload modules after
// this library's static destructors may have run.
std::string &sessionErrors() {
  static auto *s = new std::string;
  return *s;
}
std::mutex loaderMutex;
std::unordered_set<CodeObjectReader *> &readers() {
  static auto *s = new std::unordered_set<CodeObjectReader *>;
  return *s;
}
std::unordered_set<Executable *> &executables() {
  static auto *s = new std::unordered_set<Executable *>;
  return *s;
}
std::unordered_set<ExecutableSymbol *> &allSymbols() {
  static auto *s = new std::unordered_set<ExecutableSymbol *>;
  return *s;
}
std::unordered_set<const KernelDescriptor *> &kernelObjects() {
  static auto *s = new std::unordered_set<const KernelDescriptor *>;
  return *s;
}
uint64_t dylibCounter = 0;

Expected<Jit &> getJit() {
  // Never destroyed: queue threads may still run JIT'd code while the
  // process exits, and static destruction must not unmap it under them.
  static Jit &jit = *new Jit();
  if (jit.session)
    return jit;
  auto epc = orc::SelfExecutorProcessControl::Create();
  if (!epc)
    return epc.takeError();
  jit.session = std::make_unique<orc::ExecutionSession>(std::move(*epc));
  // Link errors (such as the names of missing symbols) arrive here rather
  // than in the failing lookup's error; keep them for the load's message.
  jit.session->setErrorReporter([](Error e) {
    if (!sessionErrors().empty())
      sessionErrors() += "; ";
    sessionErrors() += toString(std::move(e));
  });
  jit.linker = std::make_unique<orc::ObjectLinkingLayer>(*jit.session);
  jit.linker->addPlugin(std::make_unique<WritableDataPlugin>());
  return jit;
}

thread_local std::string loadError;

hsa_status_t loadFailure(hsa_status_t status, const Twine &message) {
  loadError = message.str();
  return status;
}

Executable *lookupExecutable(hsa_executable_t e) {
  auto *p = reinterpret_cast<Executable *>(e.handle);
  return executables().count(p) ? p : nullptr;
}

/// Links `object` into `exec`'s JITDylib and records its kernels and
/// variables.
hsa_status_t loadObject(Executable &exec, MemoryBufferRef object,
                        const runtime::CodeObjectInfo &info) {
  auto jit = getJit();
  if (!jit)
    return loadFailure(HSA_STATUS_ERROR_OUT_OF_RESOURCES,
                       "cannot start the JIT: " + toString(jit.takeError()));
  orc::ExecutionSession &es = *jit->session;

  auto elf = object::ObjectFile::createELFObjectFile(object);
  if (!elf)
    return loadFailure(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
                       "code object: " + toString(elf.takeError()));
  auto *elf64 = dyn_cast<object::ELF64LEObjectFile>(elf->get());
  if (!elf64 || elf64->getELFFile().getHeader().e_machine != ELF::EM_X86_64 ||
      elf64->getELFFile().getHeader().e_type != ELF::ET_REL)
    return loadFailure(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
                       "code object: not an x86-64 ELF relocatable object");

  // Module-scope variables: global data symbols defined by the object.
  struct Variable {
    std::string name;
    uint64_t size;
  };
  std::vector<Variable> variables;
  for (const object::ELFSymbolRef &sym : elf64->symbols()) {
    Expected<uint32_t> flags = sym.getFlags();
    Expected<StringRef> name = sym.getName();
    if (!flags || !name) {
      consumeError(flags.takeError());
      consumeError(name.takeError());
      return loadFailure(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
                         "code object: unreadable symbol table");
    }
    if (sym.getELFType() != ELF::STT_OBJECT ||
        !(*flags & object::SymbolRef::SF_Global) ||
        (*flags & object::SymbolRef::SF_Undefined))
      continue;
    variables.push_back({name->str(), sym.getSize()});
  }

  for (const runtime::KernelInfo &k : info.kernels)
    if (k.wavefrontSize && k.wavefrontSize != agentConfig().waveSize)
      return loadFailure(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS,
                         "kernel '" + k.name + "' was compiled for wave" +
                             Twine(k.wavefrontSize) + ", the agent runs wave" +
                             Twine(agentConfig().waveSize));

  if (!exec.dylib) {
    orc::JITDylib &jd =
        es.createBareJITDylib("ptxmlir-exec-" + std::to_string(dylibCounter++));
    orc::SymbolMap runtime;
    for (const RuntimeSymbol &s : runtimeSymbols())
      runtime[es.intern(s.name)] = {orc::ExecutorAddr::fromPtr(s.address),
                                    JITSymbolFlags::Exported |
                                        JITSymbolFlags::Callable};
    if (Error e = jd.define(orc::absoluteSymbols(std::move(runtime)))) {
      consumeError(es.removeJITDylib(jd));
      return loadFailure(HSA_STATUS_ERROR_OUT_OF_RESOURCES,
                         toString(std::move(e)));
    }
    auto process =
        orc::DynamicLibrarySearchGenerator::GetForCurrentProcess('\0');
    if (!process) {
      consumeError(es.removeJITDylib(jd));
      return loadFailure(HSA_STATUS_ERROR_OUT_OF_RESOURCES,
                         toString(process.takeError()));
    }
    jd.addGenerator(std::move(*process));
    exec.dylib = &jd;
  }
  orc::JITDylib &jd = *exec.dylib;
  // A first load that fails leaves the executable as it was: empty.
  auto failLoad = [&](hsa_status_t status, const Twine &message) {
    if (exec.loadedCount == 0) {
      consumeError(es.removeJITDylib(jd));
      exec.dylib = nullptr;
    }
    return loadFailure(status, message);
  };
  if (Error e = jit->linker->add(
          jd, MemoryBuffer::getMemBufferCopy(object.getBuffer(),
                                             "ptxmlir-host-code-object")))
    return failLoad(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
                    "code object: " + toString(std::move(e)));

  // Looking everything up at once links the object now, so unresolved
  // symbols are load errors rather than launch errors.
  orc::SymbolLookupSet wanted;
  for (const runtime::KernelInfo &k : info.kernels)
    wanted.add(es.intern(k.name + PTXMLIR_HOST_ENTRY_SUFFIX));
  for (const Variable &v : variables)
    wanted.add(es.intern(v.name));
  sessionErrors().clear();
  auto found = es.lookup(orc::makeJITDylibSearchOrder(
                             {&jd}, orc::JITDylibLookupFlags::MatchAllSymbols),
                         std::move(wanted));
  if (!found) {
    std::string why = toString(found.takeError());
    if (!sessionErrors().empty())
      why = sessionErrors() + " (" + why + ")";
    return failLoad(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
                    "linking the host code object failed: " + why);
  }

  auto addressOf = [&](StringRef name) -> uint64_t {
    auto it = found->find(es.intern(name));
    return it == found->end() ? 0 : it->second.getAddress().getValue();
  };
  for (const runtime::KernelInfo &k : info.kernels) {
    if (exec.symbols.count(k.symbol))
      return loadFailure(HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED,
                         "kernel '" + k.name + "' is defined twice");
    auto desc = std::make_unique<KernelDescriptor>();
    desc->entry = reinterpret_cast<ptxmlir_host_entry_fn>(
        addressOf(k.name + PTXMLIR_HOST_ENTRY_SUFFIX));
    desc->name = k.name;
    desc->kernargSize = k.kernargSize;
    desc->kernargAlign = k.kernargAlign;
    desc->groupSegmentSize = k.groupSegmentFixedSize;
    desc->privateSegmentSize = k.privateSegmentFixedSize;
    desc->waveSize = agentConfig().waveSize;
    auto sym = std::make_unique<ExecutableSymbol>();
    sym->executable = &exec;
    sym->kind = HSA_SYMBOL_KIND_KERNEL;
    sym->name = k.symbol;
    sym->kernel = desc.get();
    kernelObjects().insert(desc.get());
    allSymbols().insert(sym.get());
    exec.symbols[k.symbol] = std::move(sym);
    exec.kernels.push_back(std::move(desc));
  }
  for (const Variable &v : variables) {
    if (exec.symbols.count(v.name))
      return loadFailure(HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED,
                         "variable '" + v.name + "' is defined twice");
    auto sym = std::make_unique<ExecutableSymbol>();
    sym->executable = &exec;
    sym->kind = HSA_SYMBOL_KIND_VARIABLE;
    sym->name = v.name;
    sym->address = addressOf(v.name);
    sym->size = static_cast<uint32_t>(v.size);
    allSymbols().insert(sym.get());
    exec.symbols[v.name] = std::move(sym);
  }
  ++exec.loadedCount;
  return HSA_STATUS_SUCCESS;
}

} // namespace

void setLoadError(std::string message) { loadError = std::move(message); }

const char *lastLoadErrorMessage() { return loadError.c_str(); }

bool copyKernelDescriptor(uint64_t kernelObject, KernelDescriptor &out) {
  std::lock_guard<std::mutex> lock(loaderMutex);
  auto *d = reinterpret_cast<const KernelDescriptor *>(kernelObject);
  if (!kernelObjects().count(d))
    return false;
  out = *d;
  return true;
}

hsa_status_t host_hsa_code_object_reader_create_from_memory(
    const void *codeObject, size_t size, hsa_code_object_reader_t *reader) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!codeObject || size == 0 || !reader)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // The application may free its buffer once the reader exists (the CUDA
  // layer's module image does not outlive cuModuleLoadData).
  auto *r = new CodeObjectReader{MemoryBuffer::getMemBufferCopy(
      StringRef(static_cast<const char *>(codeObject), size),
      "ptxmlir-host-code-object")};
  std::lock_guard<std::mutex> lock(loaderMutex);
  readers().insert(r);
  reader->handle = reinterpret_cast<uint64_t>(r);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
host_hsa_code_object_reader_destroy(hsa_code_object_reader_t reader) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  auto *r = reinterpret_cast<CodeObjectReader *>(reader.handle);
  {
    std::lock_guard<std::mutex> lock(loaderMutex);
    if (!readers().erase(r))
      return HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER;
  }
  delete r;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
host_hsa_executable_create_alt(hsa_profile_t profile,
                               hsa_default_float_rounding_mode_t rounding,
                               const char *, hsa_executable_t *executable) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!executable ||
      (profile != HSA_PROFILE_BASE && profile != HSA_PROFILE_FULL) ||
      (rounding != HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT &&
       rounding != HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO &&
       rounding != HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  auto *e = new Executable();
  e->profile = profile;
  std::lock_guard<std::mutex> lock(loaderMutex);
  executables().insert(e);
  executable->handle = reinterpret_cast<uint64_t>(e);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_executable_load_agent_code_object(
    hsa_executable_t executable, hsa_agent_t agent,
    hsa_code_object_reader_t reader, const char *,
    hsa_loaded_code_object_t *loaded) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  std::lock_guard<std::mutex> lock(loaderMutex);
  loadError.clear();
  Executable *exec = lookupExecutable(executable);
  if (!exec)
    return loadFailure(HSA_STATUS_ERROR_INVALID_EXECUTABLE,
                       "invalid executable");
  if (!isOurAgent(agent))
    return loadFailure(HSA_STATUS_ERROR_INVALID_AGENT, "invalid agent");
  auto *r = reinterpret_cast<CodeObjectReader *>(reader.handle);
  if (!readers().count(r))
    return loadFailure(HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER,
                       "invalid code object reader");
  if (exec->frozen)
    return loadFailure(HSA_STATUS_ERROR_FROZEN_EXECUTABLE,
                       "the executable is frozen");
  if (exec->profile != HSA_PROFILE_FULL)
    return loadFailure(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS,
                       "the CPU agent supports only the full profile");
  Expected<runtime::CodeObjectInfo> info =
      runtime::readCodeObject(r->bytes->getBuffer());
  if (!info)
    return loadFailure(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
                       toString(info.takeError()));
  if (info->isAMDGPU || info->target != agentConfig().target)
    return loadFailure(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS,
                       "code object for '" + info->target +
                           "' cannot run on the CPU agent ('" +
                           agentConfig().target + "')");
  hsa_status_t status = loadObject(*exec, r->bytes->getMemBufferRef(), *info);
  if (status != HSA_STATUS_SUCCESS)
    return status;
  if (loaded)
    loaded->handle = reinterpret_cast<uint64_t>(exec) + exec->loadedCount;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_executable_freeze(hsa_executable_t executable,
                                        const char *) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  std::lock_guard<std::mutex> lock(loaderMutex);
  Executable *exec = lookupExecutable(executable);
  if (!exec)
    return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  if (exec->frozen)
    return HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
  // Everything was linked at load time: freezing only forbids more loads.
  exec->frozen = true;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_executable_destroy(hsa_executable_t executable) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  std::lock_guard<std::mutex> lock(loaderMutex);
  Executable *exec = lookupExecutable(executable);
  if (!exec)
    return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  executables().erase(exec);
  for (auto &k : exec->kernels)
    kernelObjects().erase(k.get());
  for (auto &s : exec->symbols)
    allSymbols().erase(s.second.get());
  if (exec->dylib) {
    auto jit = getJit();
    if (jit)
      consumeError(jit->session->removeJITDylib(*exec->dylib));
    else
      consumeError(jit.takeError());
  }
  delete exec;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t host_hsa_executable_get_symbol_by_name(
    hsa_executable_t executable, const char *symbolName,
    const hsa_agent_t *agent, hsa_executable_symbol_t *symbol) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  std::lock_guard<std::mutex> lock(loaderMutex);
  Executable *exec = lookupExecutable(executable);
  if (!exec)
    return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  if (!symbolName || !symbol)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (agent && !isOurAgent(*agent))
    return HSA_STATUS_ERROR_INVALID_AGENT;
  auto it = exec->symbols.find(symbolName);
  if (it == exec->symbols.end())
    return HSA_STATUS_ERROR_INVALID_SYMBOL_NAME;
  symbol->handle = reinterpret_cast<uint64_t>(it->second.get());
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
host_hsa_executable_symbol_get_info(hsa_executable_symbol_t executableSymbol,
                                    hsa_executable_symbol_info_t attribute,
                                    void *value) {
  if (!isInitialized())
    return HSA_STATUS_ERROR_NOT_INITIALIZED;
  std::lock_guard<std::mutex> lock(loaderMutex);
  auto *s = reinterpret_cast<ExecutableSymbol *>(executableSymbol.handle);
  if (!allSymbols().count(s))
    return HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL;
  if (!value)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  bool kernel = s->kind == HSA_SYMBOL_KIND_KERNEL;
  switch (attribute) {
  case HSA_EXECUTABLE_SYMBOL_INFO_TYPE:
    *static_cast<hsa_symbol_kind_t *>(value) = s->kind;
    return HSA_STATUS_SUCCESS;
  case HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH:
    *static_cast<uint32_t *>(value) = s->name.size();
    return HSA_STATUS_SUCCESS;
  // Not NUL-terminated, as the specification says.
  case HSA_EXECUTABLE_SYMBOL_INFO_NAME:
    std::memcpy(value, s->name.data(), s->name.size());
    return HSA_STATUS_SUCCESS;
  case HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME_LENGTH:
    *static_cast<uint32_t *>(value) = 0;
    return HSA_STATUS_SUCCESS;
  case HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME:
    return HSA_STATUS_SUCCESS;
  case HSA_EXECUTABLE_SYMBOL_INFO_AGENT:
    *static_cast<hsa_agent_t *>(value) = theAgent();
    return HSA_STATUS_SUCCESS;
  case HSA_EXECUTABLE_SYMBOL_INFO_LINKAGE:
    *static_cast<hsa_symbol_linkage_t *>(value) = HSA_SYMBOL_LINKAGE_PROGRAM;
    return HSA_STATUS_SUCCESS;
  case HSA_EXECUTABLE_SYMBOL_INFO_IS_DEFINITION:
    *static_cast<bool *>(value) = true;
    return HSA_STATUS_SUCCESS;
  default:
    break;
  }
  if (kernel) {
    const KernelDescriptor &k = *s->kernel;
    switch (attribute) {
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT:
      *static_cast<uint64_t *>(value) = reinterpret_cast<uint64_t>(&k);
      return HSA_STATUS_SUCCESS;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE:
      *static_cast<uint32_t *>(value) = k.kernargSize;
      return HSA_STATUS_SUCCESS;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT:
      *static_cast<uint32_t *>(value) = k.kernargAlign;
      return HSA_STATUS_SUCCESS;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE:
      *static_cast<uint32_t *>(value) = k.groupSegmentSize;
      return HSA_STATUS_SUCCESS;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE:
      *static_cast<uint32_t *>(value) = k.privateSegmentSize;
      return HSA_STATUS_SUCCESS;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK:
      *static_cast<bool *>(value) = false;
      return HSA_STATUS_SUCCESS;
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  }
  switch (attribute) {
  case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS:
    *static_cast<uint64_t *>(value) = s->address;
    return HSA_STATUS_SUCCESS;
  case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE:
    *static_cast<uint32_t *>(value) = s->size;
    return HSA_STATUS_SUCCESS;
  case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALLOCATION:
    *static_cast<hsa_variable_allocation_t *>(value) =
        HSA_VARIABLE_ALLOCATION_AGENT;
    return HSA_STATUS_SUCCESS;
  case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SEGMENT:
    *static_cast<hsa_variable_segment_t *>(value) = HSA_VARIABLE_SEGMENT_GLOBAL;
    return HSA_STATUS_SUCCESS;
  case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALIGNMENT:
    *static_cast<uint32_t *>(value) = 8;
    return HSA_STATUS_SUCCESS;
  case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_IS_CONST:
    *static_cast<bool *>(value) = false;
    return HSA_STATUS_SUCCESS;
  default:
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}

} // namespace ptxmlir::hsahost
