//===- Library.cpp - context-independent libraries (CUDA 12+) -------------===//
//
// The CUDA 12/13 runtime registers device code with cuLibraryLoadData and
// launches CUkernel handles. A library keeps a copy of its image and loads
// it as a module into each context that uses it, on first use (or at once
// into the current context, so compile errors surface at load time).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <regex>

using namespace ptxmlir::cuda;

namespace ptxmlir::cuda {
CUresult libraryModule(CUlib_st *lib, CUctx_st *ctx, CUmod_st *&out) {
  std::lock_guard<std::recursive_mutex> lock(rt().mu);
  auto it = lib->modules.find(ctx);
  if (it != lib->modules.end()) {
    out = it->second;
    return CUDA_SUCCESS;
  }
  JitLogs logs;
  if (CUresult r = loadModuleImage(ctx, lib->contents, logs, out, lib))
    return r;
  lib->modules[ctx] = out;
  return CUDA_SUCCESS;
}
} // namespace ptxmlir::cuda

namespace {
void scanEntries(llvm::StringRef ptx, std::vector<std::string> &names) {
  static const std::regex entry(R"(\.entry\s+([A-Za-z_$%][A-Za-z0-9_$]*))");
  std::string text = ptx.str();
  // Units of an -rdc program may each hold a (weak) copy of a kernel.
  for (std::sregex_iterator it(text.begin(), text.end(), entry), end; it != end;
       ++it)
    if (llvm::find(names, (*it)[1].str()) == names.end())
      names.push_back((*it)[1]);
}

/// Copies the image (its size read from its own headers) and lists its
/// kernels without compiling anything.
CUresult prepare(const void *code, size_t size, CUlib_st &lib) {
  ModuleImage &contents = lib.contents;
  if (CUresult r = readImage(code, size, contents))
    return r;
  // The copy is what the library loads from: the caller may free theirs.
  lib.image = contents.bytes.str();
  contents.bytes = lib.image;
  if (contents.kind != ModuleImage::CodeObject) {
    for (auto &[name, text] : contents.sources("library.ptx"))
      scanEntries(text, lib.kernelNames);
    return CUDA_SUCCESS;
  }
  auto info = ptxmlir::runtime::readCodeObject(lib.image);
  if (!info) {
    logf("code object: %s", llvm::toString(info.takeError()).c_str());
    return CUDA_ERROR_INVALID_IMAGE;
  }
  for (auto &k : info->kernels)
    lib.kernelNames.push_back(k.name);
  return CUDA_SUCCESS;
}

CUresult loadLibrary(CUlibrary *library, const void *code, size_t size,
                     unsigned numJitOptions, CUjit_option *jitOptions,
                     void **jitValues, unsigned numLibraryOptions,
                     CUlibraryOption *libraryOptions, void **libraryValues) {
  if (CUresult r = checkInit())
    return r;
  if (!library || !code || (numJitOptions && (!jitOptions || !jitValues)) ||
      (numLibraryOptions && (!libraryOptions || !libraryValues)))
    return CUDA_ERROR_INVALID_VALUE;
  auto lib = std::make_unique<CUlib_st>();
  if (CUresult r = prepare(code, size, *lib))
    return r;
  // `.managed` storage exists from now on, with or without a context
  // (the CUDA runtime asks for it at once): compiled for the current
  // context's device, else the first.
  CUctx_st *ctx;
  bool current = currentContext(ctx) == CUDA_SUCCESS;
  if (current || !rt().devices.empty())
    if (CUresult r = createLibraryManaged(
            lib.get(),
            current ? *ctx->dev->agent : *rt().devices.front()->agent))
      return r;
  CUlib_st *l = lib.release();
  registerHandle(l, HandleKind::Library);
  if (current) {
    CUmod_st *m;
    if (CUresult r = libraryModule(l, ctx, m)) {
      unregisterHandle(l);
      delete l;
      return r;
    }
  }
  *library = l;
  return CUDA_SUCCESS;
}

CUresult liveLibrary(CUlibrary lib) {
  if (CUresult r = checkInit())
    return r;
  return isHandle(lib, HandleKind::Library) ? CUDA_SUCCESS
                                            : CUDA_ERROR_INVALID_HANDLE;
}

CUresult liveKernel(CUkernel k) {
  if (CUresult r = checkInit())
    return r;
  return isHandle(k, HandleKind::Kernel) ? CUDA_SUCCESS
                                         : CUDA_ERROR_INVALID_HANDLE;
}

CUresult kernelFunction(CUkernel kernel, CUfunc_st *&f) {
  if (CUresult r = liveKernel(kernel))
    return r;
  CUctx_st *ctx;
  if (CUresult r = currentContext(ctx))
    return r;
  return resolveFunction(reinterpret_cast<CUfunction>(kernel), ctx, f);
}
} // namespace

extern "C" {

CUresult CUDAAPI cuLibraryLoadData(CUlibrary *library, const void *code,
                                   CUjit_option *jitOptions,
                                   void **jitOptionsValues,
                                   unsigned int numJitOptions,
                                   CUlibraryOption *libraryOptions,
                                   void **libraryOptionValues,
                                   unsigned int numLibraryOptions) {
  return PTXMLIR_API({
    return loadLibrary(library, code, 0, numJitOptions, jitOptions,
                       jitOptionsValues, numLibraryOptions, libraryOptions,
                       libraryOptionValues);
  });
}

CUresult CUDAAPI cuLibraryLoadFromFile(CUlibrary *library, const char *fileName,
                                       CUjit_option *jitOptions,
                                       void **jitOptionsValues,
                                       unsigned int numJitOptions,
                                       CUlibraryOption *libraryOptions,
                                       void **libraryOptionValues,
                                       unsigned int numLibraryOptions) {
  return PTXMLIR_API({
    if (CUresult r = checkInit())
      return r;
    if (!fileName)
      return CUDA_ERROR_INVALID_VALUE;
    std::string data;
    if (CUresult r = readImageFile(fileName, data))
      return r;
    return loadLibrary(library, data.c_str(), data.size(), numJitOptions,
                       jitOptions, jitOptionsValues, numLibraryOptions,
                       libraryOptions, libraryOptionValues);
  });
}

CUresult CUDAAPI cuLibraryUnload(CUlibrary library) {
  return PTXMLIR_API({
    if (CUresult r = liveLibrary(library))
      return r;
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    for (auto [ctx, m] : std::map<CUctx_st *, CUmod_st *>(library->modules)) {
      synchronizeContext(ctx);
      unloadModule(m);
    }
    for (auto &[name, k] : library->kernels)
      unregisterHandle(k.get());
    unregisterHandle(library);
    delete library;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuLibraryGetKernel(CUkernel *pKernel, CUlibrary library,
                                    const char *name) {
  return PTXMLIR_API({
    if (CUresult r = liveLibrary(library))
      return r;
    if (!pKernel || !name)
      return CUDA_ERROR_INVALID_VALUE;
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    auto &names = library->kernelNames;
    if (std::find(names.begin(), names.end(), name) == names.end())
      return CUDA_ERROR_NOT_FOUND;
    auto &k = library->kernels[name];
    if (!k) {
      k = std::make_unique<CUkern_st>();
      k->library = library;
      k->name = name;
      registerHandle(k.get(), HandleKind::Kernel);
    }
    *pKernel = reinterpret_cast<CUkernel>(k.get());
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuLibraryGetKernelCount(unsigned int *count, CUlibrary lib) {
  return PTXMLIR_API({
    if (CUresult r = liveLibrary(lib))
      return r;
    if (!count)
      return CUDA_ERROR_INVALID_VALUE;
    *count = unsigned(lib->kernelNames.size());
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuLibraryEnumerateKernels(CUkernel *kernels,
                                           unsigned int numKernels,
                                           CUlibrary lib) {
  return PTXMLIR_API({
    if (CUresult r = liveLibrary(lib))
      return r;
    if (!kernels)
      return CUDA_ERROR_INVALID_VALUE;
    for (unsigned i = 0; i < numKernels && i < lib->kernelNames.size(); ++i)
      if (CUresult r =
              cuLibraryGetKernel(&kernels[i], lib, lib->kernelNames[i].c_str()))
        return r;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuLibraryGetModule(CUmodule *pMod, CUlibrary library) {
  return PTXMLIR_API({
    if (CUresult r = liveLibrary(library))
      return r;
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!pMod)
      return CUDA_ERROR_INVALID_VALUE;
    CUmod_st *m;
    if (CUresult r = libraryModule(library, ctx, m))
      return r;
    *pMod = m;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes,
                                    CUlibrary library, const char *name) {
  return PTXMLIR_API({
    if (CUresult r = liveLibrary(library))
      return r;
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    CUmod_st *m;
    if (CUresult r = libraryModule(library, ctx, m))
      return r;
    return cuModuleGetGlobal_v2(dptr, bytes, m, name);
  });
}

CUresult CUDAAPI cuLibraryGetManaged(CUdeviceptr *dptr, size_t *bytes,
                                     CUlibrary library, const char *name) {
  return PTXMLIR_API({
    if (CUresult r = liveLibrary(library))
      return r;
    if (!name)
      return CUDA_ERROR_INVALID_VALUE;
    CUdeviceptr address;
    size_t size;
    std::lock_guard<std::recursive_mutex> lock(rt().mu);
    if (!findManaged(library->managed, name, address, size))
      return CUDA_ERROR_NOT_FOUND;
    if (dptr)
      *dptr = address;
    if (bytes)
      *bytes = size;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = kernelFunction(kernel, f))
      return r;
    if (!pFunc)
      return CUDA_ERROR_INVALID_VALUE;
    *pFunc = f;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuKernelGetLibrary(CUlibrary *pLib, CUkernel kernel) {
  return PTXMLIR_API({
    if (CUresult r = liveKernel(kernel))
      return r;
    if (!pLib)
      return CUDA_ERROR_INVALID_VALUE;
    *pLib = reinterpret_cast<CUkern_st *>(kernel)->library;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuKernelGetName(const char **name, CUkernel hfunc) {
  return PTXMLIR_API({
    if (CUresult r = liveKernel(hfunc))
      return r;
    if (!name)
      return CUDA_ERROR_INVALID_VALUE;
    *name = reinterpret_cast<CUkern_st *>(hfunc)->name.c_str();
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuKernelGetAttribute(int *pi, CUfunction_attribute attrib,
                                      CUkernel kernel, CUdevice dev) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = kernelFunction(kernel, f))
      return r;
    if (!pi)
      return CUDA_ERROR_INVALID_VALUE;
    return functionAttribute(f, attrib, *pi);
  });
}

CUresult CUDAAPI cuKernelSetAttribute(CUfunction_attribute attrib, int val,
                                      CUkernel kernel, CUdevice dev) {
  return PTXMLIR_API({
    CUfunc_st *f;
    if (CUresult r = kernelFunction(kernel, f))
      return r;
    return setFunctionAttribute(f, attrib, val);
  });
}

CUresult CUDAAPI cuKernelSetCacheConfig(CUkernel kernel, CUfunc_cache config,
                                        CUdevice dev) {
  return PTXMLIR_API({
    CUfunc_st *f;
    return kernelFunction(kernel, f);
  });
}

} // extern "C"
