//===- Jit.cpp - PTX to a code object, through the compile cache ----------===//

#include "CompileCache.h"
#include "Internal.h"

#include "ptxmlir/Compiler/Compiler.h"
#include <cstring>
#include <fstream>
#include <unistd.h>

namespace ptxmlir::cuda {

namespace {
void copyLog(char *buffer, size_t size, size_t *written,
             const std::string &text) {
  if (!buffer || !size)
    return;
  size_t n = std::min(size - 1, text.size());
  std::memcpy(buffer, text.data(), n);
  buffer[n] = 0;
  if (written)
    *written = n + 1;
}

/// Keeps the PTX and the diagnostics of a failed compile for the user: the
/// diagnostics' line numbers refer to the PTX at the top of the file.
std::string
writeFailure(llvm::ArrayRef<std::pair<std::string, llvm::StringRef>> sources,
             const std::string &chip, const std::string &diagnostics) {
  static std::atomic<unsigned> counter{0};
  const char *tmp = std::getenv("TMPDIR");
  std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/ptxmlir-jit-" +
                     std::to_string(::getpid()) + "-" +
                     std::to_string(counter++) + ".ptx";
  std::ofstream out(path);
  if (!out)
    return "";
  for (auto &[name, ptx] : sources) {
    if (sources.size() > 1)
      out << "// ptx-mlir: module " << name << "\n";
    out << ptx.str();
    if (!ptx.ends_with("\n"))
      out << "\n";
  }
  out << "// ptx-mlir: compiling this PTX for " << chip << " failed:\n";
  llvm::StringRef rest(diagnostics);
  while (!rest.empty()) {
    auto [line, tail] = rest.split('\n');
    out << "// " << line.str() << "\n";
    rest = tail;
  }
  return path;
}
} // namespace

CUresult compilePTX(const Agent &agent, llvm::StringRef ptx,
                    llvm::StringRef sourceName, JitLogs &logs,
                    std::string &codeObject) {
  std::pair<std::string, llvm::StringRef> source(sourceName.str(), ptx);
  return compileLinkedPTX(agent, llvm::ArrayRef(source), logs, codeObject);
}

CUresult compileLinkedPTX(
    const Agent &agent,
    llvm::ArrayRef<std::pair<std::string, llvm::StringRef>> sources,
    JitLogs &logs, std::string &codeObject) {
  if (sources.empty())
    return CUDA_ERROR_INVALID_VALUE;
  mlir::ptx::CompileOptions options;
  options.chip = agent.chip;
  options.output = mlir::ptx::CompileOutput::CodeObject;
  options.optLevel = std::min(logs.optLevel, 3u);
  std::vector<mlir::ptx::PTXSource> inputs;
  // The cache keys one module by its text, several by their texts, each
  // length-prefixed so no two lists concatenate alike.
  std::string keyText;
  for (auto &[name, text] : sources) {
    inputs.push_back({text, name});
    if (sources.size() > 1) {
      uint64_t n = text.size();
      keyText.append(reinterpret_cast<const char *>(&n), 8);
    }
    keyText += text;
  }
  llvm::StringRef ptx = sources.size() == 1 ? sources[0].second : keyText;
  std::string sourceName = sources[0].first;
  for (auto &[name, text] : sources.drop_front())
    sourceName += ", " + name;
  CompileCache cache(CacheConfig::fromEnvironment());
  std::string key =
      CompileCache::key(ptx, agent.chip, "O" + std::to_string(options.optLevel),
                        compilerVersion());
  std::string diagnostics;
  auto outcome = cache.getOrCompile(
      key, codeObject, diagnostics, [&](std::string &out, std::string &diag) {
        mlir::ptx::CompileResult r = mlir::ptx::compile(inputs, options);
        out = std::move(r.output);
        diag = std::move(r.diagnostics);
        return r.success;
      });
  switch (outcome) {
  case CompileCache::Outcome::Hit:
    copyLog(logs.infoLog, logs.infoLogSize, logs.infoLogWritten,
            "ptx-mlir: code object for " + agent.chip + " from the cache");
    return CUDA_SUCCESS;
  case CompileCache::Outcome::Compiled:
  case CompileCache::Outcome::Recompiled:
    logf("compiled %s for %s (%zu bytes of PTX)%s", sourceName.c_str(),
         agent.chip.c_str(), ptx.size(),
         outcome == CompileCache::Outcome::Recompiled
             ? ", replacing a corrupt cache entry"
             : "");
    copyLog(logs.infoLog, logs.infoLogSize, logs.infoLogWritten,
            "ptx-mlir: compiled for " + agent.chip + "\n" + diagnostics);
    return CUDA_SUCCESS;
  case CompileCache::Outcome::Failed:
    break;
  }
  if (diagnostics.empty())
    diagnostics = "error: the compiler failed without a diagnostic";
  copyLog(logs.errorLog, logs.errorLogSize, logs.errorLogWritten, diagnostics);
  if (logEnabled()) {
    std::string path = writeFailure(sources, agent.chip, diagnostics);
    logf("PTX compile for %s failed:\n%s", agent.chip.c_str(),
         diagnostics.c_str());
    if (!path.empty())
      logf("PTX and diagnostics written to %s", path.c_str());
  }
  return CUDA_ERROR_INVALID_PTX;
}

} // namespace ptxmlir::cuda
