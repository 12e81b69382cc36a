//===- Module.cpp - modules: PTX, fat binaries and code objects -----------===//

#include "DeviceRuntime.h"
#include "Internal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include <cstring>

#ifdef PTXMLIR_HAVE_HSA_HOST
#include "hsa-host/HostAgent.h"
#endif

using namespace ptxmlir::cuda;

namespace ptxmlir::cuda {

namespace {
bool targetMatches(const std::string &target, const Agent &agent) {
  return target == agent.isaName || target == agent.chip ||
         chipForIsa(target) == agent.chip;
}

/// The byte ranges of the executable's variables: the code object's
/// defined global data symbols, found in the executable by name (the
/// loader's addresses), other than `skip`.
struct Range {
  uint64_t begin, end;
};
llvm::Expected<std::vector<Range>> variableRanges(hsa_executable_t exe,
                                                  const Agent &agent,
                                                  llvm::StringRef codeObject,
                                                  llvm::StringRef skip) {
  using namespace llvm::object;
  auto file = ObjectFile::createELFObjectFile(
      llvm::MemoryBufferRef(codeObject, "code object"));
  if (!file)
    return file.takeError();
  auto *elf = llvm::dyn_cast<ELFObjectFileBase>(file->get());
  if (!elf)
    return llvm::createStringError("not an ELF object");
  std::vector<Range> ranges;
  for (const ELFSymbolRef &sym : elf->symbols()) {
    llvm::Expected<uint32_t> flags = sym.getFlags();
    llvm::Expected<llvm::StringRef> name = sym.getName();
    if (!flags || !name) {
      llvm::consumeError(flags.takeError());
      llvm::consumeError(name.takeError());
      return llvm::createStringError("unreadable symbol table");
    }
    if (sym.getELFType() != llvm::ELF::STT_OBJECT ||
        !(*flags & SymbolRef::SF_Global) ||
        (*flags & SymbolRef::SF_Undefined) || *name == skip)
      continue;
    Variable v;
    if (findVariable(exe, agent, name->str().c_str(), v) || !v.size)
      continue;
    ranges.push_back({v.address, v.address + v.size});
  }
  return ranges;
}

/// Writes the bytes of mask() initializers (`.global .u8 b = 0xff00(sym)`):
/// the compiler's `__ptxmlir_mask_init` table holds i64 triples {address of
/// the byte, address the mask applies to, shift}, both addresses relocated
/// by the loader; each byte is `(address >> shift) & 0xff`. No ELF
/// relocation computes a shifted byte of an address, so this runs at load
/// time, before any launch can read the variables.
///
/// The table comes with the image, which need not be ours: every entry is
/// checked before anything is written (the byte inside one of the
/// executable's variables, the shift a whole byte below 64); a table that
/// fails is CUDA_ERROR_INVALID_IMAGE; every failure leaves the reason in
/// `why`.
CUresult applyMaskInitializers(hsa_executable_t exe, const Agent &agent,
                               llvm::StringRef codeObject, std::string &why) {
  constexpr llvm::StringLiteral kTable = "__ptxmlir_mask_init";
  Variable v;
  CUresult r = findVariable(exe, agent, kTable.data(), v);
  if (r == CUDA_ERROR_NOT_FOUND)
    return CUDA_SUCCESS;
  if (r || !v.size || v.size % 24) {
    why = "__ptxmlir_mask_init is not a variable of i64 triples";
    return CUDA_ERROR_INVALID_IMAGE;
  }
  auto ranges = variableRanges(exe, agent, codeObject, kTable);
  if (!ranges) {
    why = "code object: " + llvm::toString(ranges.takeError());
    return CUDA_ERROR_INVALID_IMAGE;
  }
  std::vector<uint64_t> table(v.size / 8);
  if ((r = copyToHost(agent, table.data(),
                      reinterpret_cast<const void *>(v.address), v.size))) {
    why = std::string("reading __ptxmlir_mask_init: ") + errorName(r);
    return r;
  }
  // The variable of each entry's byte, found by the check.
  std::vector<size_t> owner(table.size() / 3);
  for (size_t i = 0; i + 2 < table.size(); i += 3) {
    uint64_t dst = table[i], shift = table[i + 2];
    auto in = llvm::find_if(
        *ranges, [&](Range x) { return dst >= x.begin && dst < x.end; });
    bool inside = in != ranges->end();
    owner[i / 3] = in - ranges->begin();
    if (inside && shift % 8 == 0 && shift < 64)
      continue;
    char msg[160];
    std::snprintf(msg, sizeof msg,
                  "__ptxmlir_mask_init entry %zu: %s (byte address 0x%llx, "
                  "shift %llu)",
                  i / 3,
                  inside ? "the shift is not a whole byte below 64"
                         : "the byte lies in no variable of the module",
                  (unsigned long long)dst, (unsigned long long)shift);
    why = msg;
    return CUDA_ERROR_INVALID_IMAGE;
  }
  // Two staged copies per variable with mask() bytes, not one per byte (an
  // allocation and a copy each on a GPU agent): the span of its bytes is
  // read, patched in table order (a later entry for a byte wins) and
  // written back.
  struct Span {
    uint64_t begin = UINT64_MAX, end = 0;
  };
  std::vector<Span> spans(ranges->size());
  for (size_t i = 0; i + 2 < table.size(); i += 3) {
    Span &s = spans[owner[i / 3]];
    s.begin = std::min(s.begin, table[i]);
    s.end = std::max(s.end, table[i] + 1);
  }
  std::vector<std::vector<uint8_t>> bytes(spans.size());
  for (size_t v = 0; v < spans.size(); ++v) {
    if (spans[v].begin >= spans[v].end)
      continue;
    bytes[v].resize(spans[v].end - spans[v].begin);
    if ((r = copyToHost(agent, bytes[v].data(),
                        reinterpret_cast<const void *>(spans[v].begin),
                        bytes[v].size()))) {
      why = std::string("reading a variable with mask() initializers: ") +
            errorName(r);
      return r;
    }
  }
  for (size_t i = 0; i + 2 < table.size(); i += 3) {
    size_t v = owner[i / 3];
    bytes[v][table[i] - spans[v].begin] = uint8_t(table[i + 1] >> table[i + 2]);
  }
  for (size_t v = 0; v < spans.size(); ++v) {
    if (bytes[v].empty())
      continue;
    if ((r = copyToDevice(agent, reinterpret_cast<void *>(spans[v].begin),
                          bytes[v].data(), bytes[v].size()))) {
      why = std::string("writing mask() initializers: ") + errorName(r);
      return r;
    }
  }
  return CUDA_SUCCESS;
}

std::string loadError(const Agent &agent, hsa_status_t st) {
  const char *msg = nullptr;
  hsa().hsa_status_string(st, &msg);
  std::string s = msg ? msg : "HSA error";
#ifdef PTXMLIR_HAVE_HSA_HOST
  if (agent.host)
    if (const char *m = hsahost::lastLoadErrorMessage(); m && *m)
      s += std::string(": ") + m;
#endif
  return s;
}
} // namespace

CUresult loadModule(CUctx_st *ctx, const void *image, size_t size,
                    JitLogs &logs, CUmod_st *&out, CUlib_st *library) {
  if (!image)
    return CUDA_ERROR_INVALID_VALUE;
  ModuleImage contents;
  if (CUresult r = readImage(image, size, contents))
    return r;
  return loadModuleImage(ctx, contents, logs, out, library);
}

CUresult loadModuleImage(CUctx_st *ctx, const ModuleImage &contents,
                         JitLogs &logs, CUmod_st *&out, CUlib_st *library) {
  const Agent &agent = *ctx->dev->agent;
  auto m = std::make_unique<CUmod_st>();
  m->ctx = ctx;
  m->library = library;
  if (contents.kind == ModuleImage::CodeObject)
    m->codeObject = contents.bytes.str();
  else if (CUresult r = compileLinkedPTX(
               agent, contents.sources(logs.sourceName), logs, m->codeObject))
    return r;

  auto info = runtime::readCodeObject(m->codeObject);
  if (!info) {
    logf("code object: %s", llvm::toString(info.takeError()).c_str());
    return CUDA_ERROR_INVALID_IMAGE;
  }
  m->info = std::move(*info);
  if (!targetMatches(m->info.target, agent)) {
    std::fprintf(stderr, "ptxmlir: code object for %s cannot run on %s (%s)\n",
                 m->info.target.c_str(), agent.isaName.c_str(),
                 agent.chip.c_str());
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
  }
  const runtime::HsaTable &t = hsa();
  hsa_status_t st = t.hsa_code_object_reader_create_from_memory(
      m->codeObject.data(), m->codeObject.size(), &m->reader);
  if (st == HSA_STATUS_SUCCESS)
    st = t.hsa_executable_create_alt(agent.profile, agent.rounding, nullptr,
                                     &m->executable);
  if (st == HSA_STATUS_SUCCESS)
    st = t.hsa_executable_load_agent_code_object(m->executable, agent.agent,
                                                 m->reader, nullptr, nullptr);
  if (st == HSA_STATUS_SUCCESS)
    st = t.hsa_executable_freeze(m->executable, nullptr);
  std::string why;
  CUresult r = CUDA_SUCCESS;
  if (st != HSA_STATUS_SUCCESS) {
    why = loadError(agent, st);
    r = CUDA_ERROR_INVALID_IMAGE;
  } else {
    r = applyMaskInitializers(m->executable, agent, m->codeObject, why);
  }
  if (!r)
    r = bindManagedVariables(m.get(), why);
  if (r) {
    std::fprintf(stderr, "ptxmlir: loading the code object failed: %s\n",
                 why.c_str());
    if (m->executable.handle)
      t.hsa_executable_destroy(m->executable);
    if (m->reader.handle)
      t.hsa_code_object_reader_destroy(m->reader);
    // Running out of memory is not the image's fault.
    return r == CUDA_ERROR_OUT_OF_MEMORY ? r : CUDA_ERROR_INVALID_IMAGE;
  }
  out = m.release();
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  registerHandle(out, HandleKind::Module);
  ctx->modules.insert(out);
  return CUDA_SUCCESS;
}

void unloadModule(CUmod_st *m) {
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  for (auto &[name, f] : m->functions)
    unregisterHandle(f.get());
  auto &allocs = rt().allocations;
  for (auto it = allocs.begin(); it != allocs.end();)
    it = it->second.module == m ? allocs.erase(it) : std::next(it);
  forgetDeviceRuntimeModule(m);
  hsa().hsa_executable_destroy(m->executable);
  hsa().hsa_code_object_reader_destroy(m->reader);
  m->ctx->modules.erase(m);
  if (m->library)
    m->library->modules.erase(m->ctx);
  unregisterHandle(m);
  delete m;
}

CUresult getFunction(CUmod_st *m, const char *name, CUfunc_st *&out) {
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  auto it = m->functions.find(name);
  if (it != m->functions.end()) {
    out = it->second.get();
    return CUDA_SUCCESS;
  }
  const runtime::KernelInfo *k = m->info.lookup(name);
  if (!k)
    return CUDA_ERROR_NOT_FOUND;
  const Agent &agent = *m->ctx->dev->agent;
  hsa_agent_t a = agent.agent;
  hsa_executable_symbol_t sym;
  std::string symbol = k->symbol.empty() ? k->name + ".kd" : k->symbol;
  if (hsa().hsa_executable_get_symbol_by_name(m->executable, symbol.c_str(), &a,
                                              &sym) != HSA_STATUS_SUCCESS)
    return CUDA_ERROR_NOT_FOUND;
  auto f = std::make_unique<CUfunc_st>();
  f->module = m;
  f->info = k;
  hsa().hsa_executable_symbol_get_info(
      sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &f->kernelObject);
  f->groupSegmentSize = k->groupSegmentFixedSize;
  f->privateSegmentSize = k->privateSegmentFixedSize;
  uint32_t v = 0;
  if (hsa().hsa_executable_symbol_get_info(
          sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE, &v) ==
      HSA_STATUS_SUCCESS)
    f->groupSegmentSize = std::max(f->groupSegmentSize, v);
  if (hsa().hsa_executable_symbol_get_info(
          sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE, &v) ==
      HSA_STATUS_SUCCESS)
    f->privateSegmentSize = std::max(f->privateSegmentSize, v);
  f->maxDynamicShared = kSharedPerBlock > f->groupSegmentSize
                            ? kSharedPerBlock - f->groupSegmentSize
                            : 0;
  readWarpPerWave(m, k->name, *f);
  out = f.get();
  registerHandle(out, HandleKind::Function);
  m->functions[name] = std::move(f);
  return CUDA_SUCCESS;
}

} // namespace ptxmlir::cuda

namespace {
CUresult parseJitOptions(unsigned n, CUjit_option *options, void **values,
                         JitLogs &logs) {
  if (n && (!options || !values))
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < n; ++i) {
    auto asSize = [&] { return size_t(uintptr_t(values[i])); };
    switch (options[i]) {
    case CU_JIT_ERROR_LOG_BUFFER:
      logs.errorLog = static_cast<char *>(values[i]);
      break;
    case CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
      logs.errorLogSize = asSize();
      // The driver writes the bytes it used back into the option's slot.
      logs.errorLogWritten = reinterpret_cast<size_t *>(&values[i]);
      break;
    case CU_JIT_INFO_LOG_BUFFER:
      logs.infoLog = static_cast<char *>(values[i]);
      break;
    case CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
      logs.infoLogSize = asSize();
      logs.infoLogWritten = reinterpret_cast<size_t *>(&values[i]);
      break;
    case CU_JIT_OPTIMIZATION_LEVEL:
      logs.optLevel = unsigned(asSize());
      break;
    case CU_JIT_NUM_OPTIONS:
      return CUDA_ERROR_INVALID_VALUE;
    default:
      // Register limits, cache modes, targets, ... are hints for ptxas.
      break;
    }
  }
  if (logs.errorLog && logs.errorLogSize)
    logs.errorLog[0] = 0;
  if (logs.infoLog && logs.infoLogSize)
    logs.infoLog[0] = 0;
  return CUDA_SUCCESS;
}

CUresult loadInCurrent(CUmodule *module, const void *image, size_t size,
                       JitLogs &logs) {
  CUctx_st *ctx;
  if (CUresult r = currentContext(ctx))
    return r;
  if (!module || !image)
    return CUDA_ERROR_INVALID_VALUE;
  CUmod_st *m;
  if (CUresult r = loadModule(ctx, image, size, logs, m))
    return r;
  *module = m;
  return CUDA_SUCCESS;
}

CUresult liveModule(CUmodule m) {
  if (CUresult r = checkInit())
    return r;
  return isHandle(m, HandleKind::Module) ? CUDA_SUCCESS
                                         : CUDA_ERROR_INVALID_HANDLE;
}
} // namespace

extern "C" {

CUresult CUDAAPI cuModuleLoad(CUmodule *module, const char *fname) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!module || !fname)
      return CUDA_ERROR_INVALID_VALUE;
    std::string data;
    if (CUresult r = readImageFile(fname, data))
      return r;
    JitLogs logs;
    logs.sourceName = fname;
    return loadInCurrent(module, data.c_str(), data.size(), logs);
  });
}

CUresult CUDAAPI cuModuleLoadData(CUmodule *module, const void *image) {
  return PTXMLIR_API({
    JitLogs logs;
    return loadInCurrent(module, image, 0, logs);
  });
}

CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *module, const void *image,
                                    unsigned int numOptions,
                                    CUjit_option *options,
                                    void **optionValues) {
  return PTXMLIR_API({
    JitLogs logs;
    if (CUresult r = parseJitOptions(numOptions, options, optionValues, logs))
      return r;
    return loadInCurrent(module, image, 0, logs);
  });
}

CUresult CUDAAPI cuModuleLoadFatBinary(CUmodule *module, const void *fatCubin) {
  return PTXMLIR_API({
    JitLogs logs;
    return loadInCurrent(module, fatCubin, 0, logs);
  });
}

CUresult CUDAAPI cuModuleUnload(CUmodule hmod) {
  return PTXMLIR_API({
    if (CUresult r = liveModule(hmod))
      return r;
    if (hmod->library)
      return CUDA_ERROR_INVALID_HANDLE; // owned by its library
    synchronizeContext(hmod->ctx);
    unloadModule(hmod);
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                                     const char *name) {
  return PTXMLIR_API({
    if (CUresult r = liveModule(hmod))
      return r;
    if (!hfunc || !name)
      return CUDA_ERROR_INVALID_VALUE;
    CUfunc_st *f;
    if (CUresult r = getFunction(hmod, name, f))
      return r;
    *hfunc = f;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuModuleGetFunctionCount(unsigned int *count, CUmodule mod) {
  return PTXMLIR_API({
    if (CUresult r = liveModule(mod))
      return r;
    if (!count)
      return CUDA_ERROR_INVALID_VALUE;
    *count = unsigned(mod->info.kernels.size());
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes,
                                      CUmodule hmod, const char *name) {
  return PTXMLIR_API({
    if (CUresult r = liveModule(hmod))
      return r;
    if (!name)
      return CUDA_ERROR_INVALID_VALUE;
    CUdeviceptr managed;
    size_t managedSize;
    if (findManaged(hmod->managed, name, managed, managedSize)) {
      if (dptr)
        *dptr = managed;
      if (bytes)
        *bytes = managedSize;
      return CUDA_SUCCESS;
    }
    Variable v;
    if (findVariable(hmod->executable, *hmod->ctx->dev->agent, name, v))
      return CUDA_ERROR_NOT_FOUND;
    {
      // Record it so copies to and from the variable pass the range checks.
      std::lock_guard<std::recursive_mutex> lock(rt().mu);
      auto &allocs = rt().allocations;
      if (!allocs.count(v.address) && v.size) {
        Allocation a;
        a.base = v.address;
        a.size = v.size;
        a.ctx = hmod->ctx;
        a.module = hmod;
        a.id = rt().nextId++;
        allocs[v.address] = a;
      }
    }
    if (dptr)
      *dptr = CUdeviceptr(v.address);
    if (bytes)
      *bytes = v.size;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuModuleGetGlobal(CUdeviceptr_v1 *dptr, unsigned int *bytes,
                                   CUmodule hmod, const char *name) {
  CUdeviceptr d;
  size_t b;
  CUresult r = cuModuleGetGlobal_v2(&d, &b, hmod, name);
  if (r)
    return r;
  if (d > UINT32_MAX)
    return CUDA_ERROR_NOT_SUPPORTED;
  if (dptr)
    *dptr = CUdeviceptr_v1(d);
  if (bytes)
    *bytes = unsigned(b);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetLoadingMode(CUmoduleLoadingMode *mode) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    if (!mode)
      return CUDA_ERROR_INVALID_VALUE;
    *mode = CU_MODULE_EAGER_LOADING;
    return CUDA_SUCCESS;
  });
}

} // extern "C"
