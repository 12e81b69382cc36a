//===- CompileCache.cpp - on-disk cache of compiled PTX -------------------===//

#include "CompileCache.h"
#include "Log.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/SHA256.h"
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace ptxmlir::cuda {

namespace {
// Entry file: magic, u64 payload length, SHA-256 of the payload, payload.
constexpr char kMagic[8] = {'P', 'T', 'X', 'M', 'L', 'C', 'C', '1'};
constexpr size_t kHeaderSize = 8 + 8 + 32;
constexpr const char *kSuffix = ".ptxmlir-co";

std::string hashHex(llvm::ArrayRef<uint8_t> hash) {
  return llvm::toHex(hash, /*LowerCase=*/true);
}

bool readFile(const std::string &path, std::string &out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  out.clear();
  char buf[1 << 16];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof(buf))) > 0)
    out.append(buf, n);
  ::close(fd);
  return n == 0;
}

bool writeAll(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    p += w;
    n -= w;
  }
  return true;
}

bool makeDirs(const std::string &dir) {
  std::string partial;
  for (size_t i = 0; i <= dir.size(); ++i) {
    if (i == dir.size() || (dir[i] == '/' && i > 0)) {
      partial = dir.substr(0, i);
      if (::mkdir(partial.c_str(), 0700) != 0 && errno != EEXIST)
        return false;
    }
  }
  return true;
}
} // namespace

CacheConfig CacheConfig::fromEnvironment() {
  CacheConfig c;
  if (const char *v = std::getenv("PTXMLIR_CACHE"))
    c.enabled = std::strcmp(v, "0") != 0;
  if (const char *v = std::getenv("PTXMLIR_CACHE_DIR"); v && *v)
    c.dir = v;
  else if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x)
    c.dir = std::string(x) + "/ptxmlir";
  else if (const char *h = std::getenv("HOME"); h && *h)
    c.dir = std::string(h) + "/.cache/ptxmlir";
  else
    c.enabled = false;
  if (const char *v = std::getenv("PTXMLIR_CACHE_MAX_BYTES"); v && *v)
    c.maxBytes = std::strtoull(v, nullptr, 10);
  return c;
}

std::string CompileCache::key(llvm::StringRef ptx, llvm::StringRef chip,
                              llvm::StringRef options,
                              llvm::StringRef compilerVersion) {
  llvm::SHA256 h;
  // Length-prefix every field so no two inputs concatenate alike.
  for (llvm::StringRef field : {ptx, chip, options, compilerVersion}) {
    uint64_t n = field.size();
    h.update(llvm::ArrayRef<uint8_t>(reinterpret_cast<uint8_t *>(&n), 8));
    h.update(field);
  }
  return hashHex(h.final());
}

std::string CompileCache::entryPath(llvm::StringRef key) const {
  return config.dir + "/" + key.str() + kSuffix;
}

std::optional<std::string> CompileCache::lookup(llvm::StringRef key) {
  lastLookupCorrupt = false;
  if (!config.enabled)
    return std::nullopt;
  std::string path = entryPath(key), data;
  if (!readFile(path, data))
    return std::nullopt;
  uint64_t length = 0;
  if (data.size() >= kHeaderSize)
    std::memcpy(&length, data.data() + 8, 8);
  bool ok = data.size() >= kHeaderSize &&
            std::memcmp(data.data(), kMagic, 8) == 0 &&
            length == data.size() - kHeaderSize;
  if (ok) {
    auto digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef(
        llvm::StringRef(data).drop_front(kHeaderSize)));
    ok = std::memcmp(digest.data(), data.data() + 16, 32) == 0;
  }
  if (!ok) {
    logf("cache: corrupt entry %s (%zu bytes), deleted", path.c_str(),
         data.size());
    ::unlink(path.c_str());
    lastLookupCorrupt = true;
    return std::nullopt;
  }
  // Refresh the mtime: eviction removes the least recently used.
  ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0);
  return data.substr(kHeaderSize);
}

bool CompileCache::store(llvm::StringRef key, llvm::StringRef payload) {
  if (!config.enabled)
    return false;
  if (!makeDirs(config.dir)) {
    logf("cache: cannot create %s: %s", config.dir.c_str(),
         std::strerror(errno));
    return false;
  }
  std::string tmpl = config.dir + "/.tmp-XXXXXX";
  int fd = ::mkostemp(tmpl.data(), O_CLOEXEC);
  if (fd < 0)
    return false;
  char header[kHeaderSize];
  std::memcpy(header, kMagic, 8);
  uint64_t length = payload.size();
  std::memcpy(header + 8, &length, 8);
  auto digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef(payload));
  std::memcpy(header + 16, digest.data(), 32);
  bool ok = writeAll(fd, header, kHeaderSize) &&
            writeAll(fd, payload.data(), payload.size()) && ::fsync(fd) == 0;
  ok = (::close(fd) == 0) && ok;
  // rename() replaces atomically: readers see the old whole entry or the
  // new whole entry, never a partial one.
  if (!ok || ::rename(tmpl.c_str(), entryPath(key).c_str()) != 0) {
    ::unlink(tmpl.c_str());
    logf("cache: could not write %s", entryPath(key).c_str());
    return false;
  }
  evict();
  return true;
}

void CompileCache::evict() {
  DIR *d = ::opendir(config.dir.c_str());
  if (!d)
    return;
  struct Entry {
    std::string path;
    uint64_t size;
    timespec mtime;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  while (dirent *de = ::readdir(d)) {
    llvm::StringRef name(de->d_name);
    if (!name.ends_with(kSuffix))
      continue;
    std::string path = config.dir + "/" + name.str();
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
      continue;
    entries.push_back({path, uint64_t(st.st_size), st.st_mtim});
    total += st.st_size;
  }
  ::closedir(d);
  if (total <= config.maxBytes)
    return;
  std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
    return a.mtime.tv_sec != b.mtime.tv_sec ? a.mtime.tv_sec < b.mtime.tv_sec
                                            : a.mtime.tv_nsec < b.mtime.tv_nsec;
  });
  for (const Entry &e : entries) {
    if (total <= config.maxBytes)
      break;
    // Another process may have removed it already: that is fine.
    ::unlink(e.path.c_str());
    total -= e.size;
    logf("cache: evicted %s", e.path.c_str());
  }
}

CompileCache::Outcome CompileCache::getOrCompile(
    llvm::StringRef key, std::string &output, std::string &diagnostics,
    const std::function<bool(std::string &, std::string &)> &compile) {
  if (auto hit = lookup(key)) {
    logf("cache: hit %s", entryPath(key).c_str());
    output = std::move(*hit);
    return Outcome::Hit;
  }
  bool wasCorrupt = lastLookupCorrupt;
  if (!compile(output, diagnostics))
    return Outcome::Failed;
  store(key, output);
  return wasCorrupt ? Outcome::Recompiled : Outcome::Compiled;
}

namespace {
struct BuildIdSearch {
  uintptr_t address;
  std::string id;
};

int findBuildId(dl_phdr_info *info, size_t, void *data) {
  auto *search = static_cast<BuildIdSearch *>(data);
  bool contains = false;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph.p_vaddr;
    if (ph.p_type == PT_LOAD && search->address >= start &&
        search->address < start + ph.p_memsz)
      contains = true;
  }
  if (!contains)
    return 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE)
      continue;
    auto *p = reinterpret_cast<const uint8_t *>(info->dlpi_addr + ph.p_vaddr);
    const uint8_t *end = p + ph.p_memsz;
    while (end - p >= 12) {
      auto *nh = reinterpret_cast<const ElfW(Nhdr) *>(p);
      size_t nameSize = (nh->n_namesz + 3) & ~3u,
             descSize = (nh->n_descsz + 3) & ~3u;
      const uint8_t *desc = p + sizeof(ElfW(Nhdr)) + nameSize;
      if (desc + descSize > end)
        break;
      if (nh->n_type == NT_GNU_BUILD_ID)
        search->id = hashHex(llvm::ArrayRef<uint8_t>(desc, nh->n_descsz));
      p = desc + descSize;
    }
  }
  return 1;
}
} // namespace

std::string compilerVersion() {
  static const std::string version = [] {
    BuildIdSearch search{reinterpret_cast<uintptr_t>(&compilerVersion), ""};
    dl_iterate_phdr(findBuildId, &search);
    if (search.id.empty()) {
      // No build ID: fall back to the binary's size and mtime.
      Dl_info info;
      struct stat st;
      if (dladdr(reinterpret_cast<void *>(&compilerVersion), &info) &&
          info.dli_fname && ::stat(info.dli_fname, &st) == 0)
        search.id = std::to_string(st.st_size) + "-" +
                    std::to_string(st.st_mtim.tv_sec) + "." +
                    std::to_string(st.st_mtim.tv_nsec);
    }
    return "ptx-mlir " + search.id + " llvm " LLVM_VERSION_STRING;
  }();
  return version;
}

} // namespace ptxmlir::cuda
