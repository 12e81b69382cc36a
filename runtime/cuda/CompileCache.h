//===- CompileCache.h - on-disk cache of compiled PTX ----------*- C++ -*-===//
//
// Content-addressed: the key hashes the PTX bytes, the target chip, the
// compile options and the compiler's version, so a stale entry is never
// found rather than ever invalidated. Entries are written to a temporary
// file in the cache directory and renamed into place (atomic on POSIX), so
// concurrent processes compiling the same PTX each see either no entry or a
// whole one. Each entry carries a header (magic, length, SHA-256 of the
// payload): a truncated or corrupt entry is deleted and recompiled. The
// directory is bounded in size; the least recently used entries (by mtime,
// refreshed on every hit) go first.
//
// Environment: PTXMLIR_CACHE=0 disables it; PTXMLIR_CACHE_DIR (default
// $XDG_CACHE_HOME/ptxmlir or ~/.cache/ptxmlir); PTXMLIR_CACHE_MAX_BYTES
// (default 512 MiB).
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_CUDA_COMPILECACHE_H
#define PTXMLIR_RUNTIME_CUDA_COMPILECACHE_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace ptxmlir::cuda {

struct CacheConfig {
  bool enabled = true;
  std::string dir;
  uint64_t maxBytes = 512ull << 20;
  static CacheConfig fromEnvironment();
};

class CompileCache {
public:
  explicit CompileCache(CacheConfig config) : config(std::move(config)) {}

  /// Hex SHA-256 over every input that decides the output.
  static std::string key(llvm::StringRef ptx, llvm::StringRef chip,
                         llvm::StringRef options,
                         llvm::StringRef compilerVersion);

  /// The entry's payload; nullopt when absent, or corrupt (then deleted).
  std::optional<std::string> lookup(llvm::StringRef key);
  /// Writes the entry atomically, then trims the directory to its bound.
  bool store(llvm::StringRef key, llvm::StringRef payload);

  enum class Outcome { Hit, Compiled, Recompiled, Failed };
  /// Looks `key` up; on a miss runs `compile` (which fills the output or
  /// the diagnostics and says whether it succeeded) and stores success.
  Outcome getOrCompile(
      llvm::StringRef key, std::string &output, std::string &diagnostics,
      const std::function<bool(std::string &, std::string &)> &compile);

  std::string entryPath(llvm::StringRef key) const;
  const CacheConfig &getConfig() const { return config; }

private:
  void evict();
  CacheConfig config;
  bool lastLookupCorrupt = false;
};

/// Identifies the code that compiles: the GNU build ID of the binary
/// holding this function (libcuda.so.1 links the compiler statically) plus
/// LLVM's version. Changes whenever the compiler is rebuilt differently.
std::string compilerVersion();

} // namespace ptxmlir::cuda

#endif // PTXMLIR_RUNTIME_CUDA_COMPILECACHE_H
