//===- CAPI.cpp - the embedding API (C) -----------------------------------===//

#include "ptxmlir/Compiler/Compiler.h"
#include "ptxmlir/Compiler/ptxmlir.h"
#include <cstdlib>
#include <cstring>

static char *copyOut(const std::string &s) {
  char *p = static_cast<char *>(std::malloc(s.size() + 1));
  if (!p)
    return nullptr;
  std::memcpy(p, s.data(), s.size());
  p[s.size()] = 0;
  return p;
}

extern "C" int ptxmlir_compile(const char *ptx, size_t size, const char *chip,
                               ptxmlir_output output, const char *sourceName,
                               char **out, size_t *outSize,
                               char **diagnostics) {
  if (out)
    *out = nullptr;
  if (outSize)
    *outSize = 0;
  if (diagnostics)
    *diagnostics = nullptr;
  if ((!ptx && size) || !chip || !out || !outSize ||
      output < PTXMLIR_OUTPUT_PTX_DIALECT ||
      output > PTXMLIR_OUTPUT_CODE_OBJECT) {
    if (diagnostics)
      *diagnostics = copyOut("error: invalid argument to ptxmlir_compile\n");
    return 1;
  }
  mlir::ptx::CompileOptions options;
  options.chip = chip;
  options.output = static_cast<mlir::ptx::CompileOutput>(output);
  if (sourceName)
    options.sourceName = sourceName;
  mlir::ptx::CompileResult r =
      mlir::ptx::compile(llvm::StringRef(ptx ? ptx : "", size), options);
  if (diagnostics)
    *diagnostics = copyOut(r.diagnostics);
  if (!r.success)
    return 1;
  *out = copyOut(r.output);
  if (!*out)
    return 1;
  *outSize = r.output.size();
  return 0;
}

extern "C" void ptxmlir_free(void *p) { std::free(p); }
