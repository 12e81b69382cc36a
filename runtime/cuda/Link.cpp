//===- Link.cpp - cuLink*: JIT linking of PTX modules ---------------------===//
//
// A link state collects PTX (directly, or a fat binary's best PTX) and
// completes by linking the modules (-ptx-link-modules) and compiling the
// result: the "cubin" it hands out is our code object, which
// cuModuleLoadData accepts. libcudadevrt and other archives are skipped
// (device-side launches are not supported).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cstring>

using namespace ptxmlir::cuda;

namespace {
CUresult liveLink(CUlinkState s) {
  if (CUresult r = checkInit())
    return r;
  return isHandle(s, HandleKind::Link) ? CUDA_SUCCESS
                                       : CUDA_ERROR_INVALID_HANDLE;
}

CUresult addInput(CUlinkState state, CUjitInputType type, const void *data,
                  size_t size, const char *name) {
  switch (type) {
  case CU_JIT_INPUT_PTX: {
    const char *text = static_cast<const char *>(data);
    state->ptx.emplace_back(
        name && *name ? name
                      : "link-" + std::to_string(state->ptx.size()) + ".ptx",
        std::string(text, size ? strnlen(text, size) : strlen(text)));
    return CUDA_SUCCESS;
  }
  case CU_JIT_INPUT_FATBINARY: {
    ModuleImage contents;
    if (CUresult r = readImage(data, size, contents))
      return r;
    if (contents.kind != ModuleImage::FatBinary)
      return CUDA_ERROR_INVALID_IMAGE;
    for (auto &[unit, text] : contents.sources(""))
      state->ptx.emplace_back(unit, text.str());
    return CUDA_SUCCESS;
  }
  case CU_JIT_INPUT_LIBRARY:
    logf("cuLinkAdd: skipping library %s (no device-side runtime here)",
         name ? name : "?");
    return CUDA_SUCCESS;
  case CU_JIT_INPUT_CUBIN:
  case CU_JIT_INPUT_OBJECT:
    return CUDA_ERROR_NO_BINARY_FOR_GPU; // SASS or relocatable SASS
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}
} // namespace

extern "C" {

CUresult CUDAAPI cuLinkCreate_v2(unsigned int numOptions, CUjit_option *options,
                                 void **optionValues, CUlinkState *stateOut) {
  return PTXMLIR_API({
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!stateOut || (numOptions && (!options || !optionValues)))
      return CUDA_ERROR_INVALID_VALUE;
    auto *s = new CUlinkState_st;
    for (unsigned i = 0; i < numOptions; ++i) {
      size_t v = size_t(uintptr_t(optionValues[i]));
      if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
        s->errorLog = static_cast<char *>(optionValues[i]);
      else if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
        s->errorLogSize = v;
      else if (options[i] == CU_JIT_INFO_LOG_BUFFER)
        s->infoLog = static_cast<char *>(optionValues[i]);
      else if (options[i] == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES)
        s->infoLogSize = v;
    }
    registerHandle(s, HandleKind::Link);
    *stateOut = s;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuLinkAddData_v2(CUlinkState state, CUjitInputType type,
                                  void *data, size_t size, const char *name,
                                  unsigned int numOptions,
                                  CUjit_option *options, void **optionValues) {
  return PTXMLIR_API({
    if (CUresult r = liveLink(state))
      return r;
    if (!data || (numOptions && (!options || !optionValues)))
      return CUDA_ERROR_INVALID_VALUE;
    return addInput(state, type, data, size, name);
  });
}

CUresult CUDAAPI cuLinkAddFile_v2(CUlinkState state, CUjitInputType type,
                                  const char *path, unsigned int numOptions,
                                  CUjit_option *options, void **optionValues) {
  return PTXMLIR_API({
    if (CUresult r = liveLink(state))
      return r;
    if (!path || (numOptions && (!options || !optionValues)))
      return CUDA_ERROR_INVALID_VALUE;
    std::string data;
    if (CUresult r = readImageFile(path, data))
      return r;
    return addInput(state, type, data.data(), data.size(), path);
  });
}

CUresult CUDAAPI cuLinkComplete(CUlinkState state, void **cubinOut,
                                size_t *sizeOut) {
  return PTXMLIR_API({
    if (CUresult r = liveLink(state))
      return r;
    CUctx_st *ctx;
    if (CUresult r = currentContext(ctx))
      return r;
    if (!cubinOut || !sizeOut)
      return CUDA_ERROR_INVALID_VALUE;
    if (state->ptx.empty()) {
      logf("cuLinkComplete: no PTX input");
      return CUDA_ERROR_INVALID_VALUE;
    }
    JitLogs logs;
    logs.errorLog = state->errorLog;
    logs.errorLogSize = state->errorLogSize;
    logs.infoLog = state->infoLog;
    logs.infoLogSize = state->infoLogSize;
    std::vector<std::pair<std::string, llvm::StringRef>> sources;
    for (auto &[name, text] : state->ptx)
      sources.emplace_back(name, text);
    if (CUresult r =
            compileLinkedPTX(*ctx->dev->agent, sources, logs, state->output))
      return r;
    *cubinOut = state->output.data();
    *sizeOut = state->output.size();
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuLinkDestroy(CUlinkState state) {
  return PTXMLIR_API({
    if (CUresult r = liveLink(state))
      return r;
    unregisterHandle(state);
    delete state;
    return CUDA_SUCCESS;
  });
}

CUresult CUDAAPI cuLinkCreate(unsigned int numOptions, CUjit_option *options,
                              void **optionValues, CUlinkState *stateOut) {
  return cuLinkCreate_v2(numOptions, options, optionValues, stateOut);
}
CUresult CUDAAPI cuLinkAddData(CUlinkState state, CUjitInputType type,
                               void *data, size_t size, const char *name,
                               unsigned int numOptions, CUjit_option *options,
                               void **optionValues) {
  return cuLinkAddData_v2(state, type, data, size, name, numOptions, options,
                          optionValues);
}
CUresult CUDAAPI cuLinkAddFile(CUlinkState state, CUjitInputType type,
                               const char *path, unsigned int numOptions,
                               CUjit_option *options, void **optionValues) {
  return cuLinkAddFile_v2(state, type, path, numOptions, options, optionValues);
}

} // extern "C"
