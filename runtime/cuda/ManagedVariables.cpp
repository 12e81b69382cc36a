//===- ManagedVariables.cpp - `__managed__` variables ---------------------===//
//
// A `.managed` variable is one allocation per library (or per module loaded
// without a library) that the host and every context reach at the same
// address. The compiler leaves two symbols per variable `v` in the code
// object (ptxmlir/Conversion/ManagedVariables.h): the read-only
// `__ptxmlir_managed_init.v`, whose ELF symbol gives the size and whose
// section holds the initial bytes, and the 8-byte slot
// `__ptxmlir_managed.v` through which kernels reach the storage.
//
// The CUDA runtime asks for the storage (cuLibraryGetManaged) right after
// cuLibraryLoadData, with no context current, and from then on the host
// uses it directly. So the storage is allocated without a context, when
// the library is loaded: plain host memory on the CPU agent, the
// fine-grained region of the first device on ROCr (host memory every agent
// reaches coherently). Each executable loaded for the library gets the
// storage's address written into its slots before anything can launch.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "ptxmlir/Conversion/ManagedVariables.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include <cstdlib>
#include <cstring>

namespace ptxmlir::cuda {

using mlir::ptx::kManagedInitPrefix;
using mlir::ptx::kManagedSlotPrefix;

struct ManagedVariables {
  struct Storage {
    void *address = nullptr;
    size_t size = 0;
  };
  std::map<std::string, Storage> vars;
  /// ROCr memory (hsa_memory_free), else the CPU agent's (free).
  bool hsaMemory = false;
  ~ManagedVariables() {
    for (auto &[name, s] : vars)
      if (hsaMemory)
        hsa().hsa_memory_free(s.address);
      else
        std::free(s.address);
  }
};

namespace {

/// A managed variable as its code object describes it.
struct ManagedImage {
  std::string name;
  std::string bytes; ///< the initial bytes; their count is the size
};

/// The managed variables of a code object (AMD or host ELF), from the
/// symbols of their initial bytes.
llvm::Expected<std::vector<ManagedImage>>
readManagedVariables(llvm::StringRef codeObject) {
  using namespace llvm::object;
  std::vector<ManagedImage> out;
  auto file = ObjectFile::createELFObjectFile(
      llvm::MemoryBufferRef(codeObject, "code object"));
  if (!file)
    return file.takeError();
  auto *elf = llvm::dyn_cast<ELFObjectFileBase>(file->get());
  if (!elf)
    return llvm::createStringError("not an ELF object");
  std::set<std::string> slots;
  for (const ELFSymbolRef &sym : elf->symbols()) {
    llvm::Expected<llvm::StringRef> name = sym.getName();
    if (!name)
      return name.takeError();
    if (name->starts_with(kManagedSlotPrefix))
      slots.insert(name->drop_front(kManagedSlotPrefix.size()).str());
    if (!name->starts_with(kManagedInitPrefix) ||
        sym.getELFType() != llvm::ELF::STT_OBJECT)
      continue;
    ManagedImage v;
    v.name = name->drop_front(kManagedInitPrefix.size()).str();
    uint64_t size = sym.getSize();
    llvm::Expected<section_iterator> sec = sym.getSection();
    if (!sec)
      return sec.takeError();
    if (*sec == elf->section_end())
      return llvm::createStringError("%s has no section", name->data());
    if ((*sec)->isBSS()) {
      v.bytes.assign(size, '\0');
    } else {
      llvm::Expected<llvm::StringRef> contents = (*sec)->getContents();
      llvm::Expected<uint64_t> address = sym.getAddress();
      if (!contents || !address) {
        llvm::consumeError(contents.takeError());
        llvm::consumeError(address.takeError());
        return llvm::createStringError("%s is unreadable", name->data());
      }
      uint64_t offset = *address - (*sec)->getAddress();
      if (*address < (*sec)->getAddress() || offset > contents->size() ||
          size > contents->size() - offset)
        return llvm::createStringError("%s lies outside its section",
                                       name->data());
      v.bytes = contents->substr(offset, size).str();
    }
    out.push_back(std::move(v));
  }
  for (const ManagedImage &v : out)
    if (!slots.count(v.name))
      return llvm::createStringError("managed variable %s has no slot",
                                     v.name.c_str());
  return out;
}

/// Allocates and initialises the storage of `vars` without a context.
CUresult allocateStorage(const std::vector<ManagedImage> &vars,
                         std::shared_ptr<ManagedVariables> &out) {
  if (rt().devices.empty())
    return CUDA_ERROR_NO_DEVICE;
  const Agent &agent = *rt().devices.front()->agent;
  auto managed = std::make_shared<ManagedVariables>();
  managed->hsaMemory = !agent.host;
  if (!agent.host && !agent.hostRegion.handle) {
    logf("managed variables: %s has no fine-grained region",
         agent.name.c_str());
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  for (const ManagedImage &v : vars) {
    // At least one byte, so that every variable has its own address.
    size_t size = std::max<size_t>(v.bytes.size(), 1);
    void *p = nullptr;
    if (agent.host)
      p = std::aligned_alloc(256, (size + 255) / 256 * 256);
    else if (hsa().hsa_memory_allocate(agent.hostRegion, size, &p) !=
             HSA_STATUS_SUCCESS)
      p = nullptr;
    if (!p)
      return CUDA_ERROR_OUT_OF_MEMORY;
    std::memset(p, 0, size);
    std::memcpy(p, v.bytes.data(), v.bytes.size());
    managed->vars[v.name] = {p, v.bytes.size()};
  }
  out = std::move(managed);
  return CUDA_SUCCESS;
}

CUresult createFromCodeObject(llvm::StringRef codeObject,
                              std::shared_ptr<ManagedVariables> &out,
                              std::string &why) {
  auto vars = readManagedVariables(codeObject);
  if (!vars) {
    why = "code object: " + llvm::toString(vars.takeError());
    return CUDA_ERROR_INVALID_IMAGE;
  }
  if (vars->empty())
    return CUDA_SUCCESS;
  CUresult r = allocateStorage(*vars, out);
  if (r)
    why = std::string("allocating managed variables: ") + errorName(r);
  return r;
}

} // namespace

CUresult createLibraryManaged(CUlib_st *lib, const Agent &agent) {
  const ModuleImage &contents = lib->contents;
  std::string compiled;
  llvm::StringRef codeObject = contents.bytes;
  if (contents.kind != ModuleImage::CodeObject) {
    JitLogs logs;
    auto sources = contents.sources("library.ptx");
    // Only PTX that declares one needs compiling now.
    if (llvm::none_of(sources,
                      [](auto &s) { return s.second.contains(".managed"); }))
      return CUDA_SUCCESS;
    if (CUresult r = compileLinkedPTX(agent, sources, logs, compiled))
      return r;
    codeObject = compiled;
  }
  std::string why;
  CUresult r = createFromCodeObject(codeObject, lib->managed, why);
  if (r)
    std::fprintf(stderr, "ptxmlir: loading the library failed: %s\n",
                 why.c_str());
  return r;
}

CUresult bindManagedVariables(CUmod_st *m, std::string &why) {
  auto vars = readManagedVariables(m->codeObject);
  if (!vars) {
    why = "code object: " + llvm::toString(vars.takeError());
    return CUDA_ERROR_INVALID_IMAGE;
  }
  if (vars->empty())
    return CUDA_SUCCESS;
  if (m->library)
    m->managed = m->library->managed;
  else if (CUresult r = createFromCodeObject(m->codeObject, m->managed, why))
    return r;
  const Agent &agent = *m->ctx->dev->agent;
  for (const ManagedImage &v : *vars) {
    const ManagedVariables::Storage *s = nullptr;
    if (m->managed) {
      auto it = m->managed->vars.find(v.name);
      if (it != m->managed->vars.end())
        s = &it->second;
    }
    if (!s || s->size != v.bytes.size()) {
      why = "managed variable " + v.name + " differs from its library's";
      return CUDA_ERROR_INVALID_IMAGE;
    }
    std::string slotName = (kManagedSlotPrefix + v.name).str();
    Variable slot;
    CUresult r = findVariable(m->executable, agent, slotName.c_str(), slot);
    if (r || slot.size != sizeof(uint64_t)) {
      why = slotName + " is not an 8-byte variable";
      return CUDA_ERROR_INVALID_IMAGE;
    }
    uint64_t address = uint64_t(uintptr_t(s->address));
    if ((r = copyToDevice(agent, reinterpret_cast<void *>(slot.address),
                          &address, sizeof address))) {
      why = std::string("writing ") + slotName + ": " + errorName(r);
      return r;
    }
  }
  return CUDA_SUCCESS;
}

bool findManaged(const std::shared_ptr<ManagedVariables> &managed,
                 const char *name, CUdeviceptr &address, size_t &size) {
  if (!managed || !name)
    return false;
  auto it = managed->vars.find(name);
  if (it == managed->vars.end())
    return false;
  address = CUdeviceptr(uintptr_t(it->second.address));
  size = it->second.size;
  return true;
}

} // namespace ptxmlir::cuda
