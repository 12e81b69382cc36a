//===- FatBinary.cpp - NVIDIA fat binary containers -----------------------===//
//
// Layout (little endian), as written by nvcc's `fatbinary`:
//   container: u32 magic, u16 version (1), u16 header size (16),
//              u64 size of the entries that follow
//   entry:     u16 kind, u16 version, u32 header size, u64 padded payload
//              size, u32 stored payload size, u32 -, u16 PTX minor, u16 PTX
//              major, u32 arch, u32/u32 name offset/length, u64 flags,
//              u64 -, u64 uncompressed size; the payload follows the
//              header, the next entry follows the padded payload.
//
//===----------------------------------------------------------------------===//

#include "FatBinary.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/FormatVariadic.h"
#include <cstring>

using llvm::createStringError;
using llvm::inconvertibleErrorCode;

namespace ptxmlir::cuda {

template <typename T> static T read(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

const void *unwrapFatbin(const void *image) {
  if (!image)
    return nullptr;
  auto *p = static_cast<const uint8_t *>(image);
  if (read<uint32_t>(p) != kFatbinWrapperMagic)
    return image;
  // struct { int magic; int version; const void *data; void *filename; }
  return read<const void *>(p + 8);
}

std::vector<const void *> prelinkedFatbins(const void *image) {
  std::vector<const void *> out;
  if (!image)
    return out;
  auto *p = static_cast<const uint8_t *>(image);
  if (read<uint32_t>(p) != kFatbinWrapperMagic || read<int32_t>(p + 4) != 2)
    return out;
  auto *list = read<const void *const *>(p + 16);
  // A bound against a list that was never terminated.
  for (unsigned i = 0; list && i < 65536 && list[i]; ++i)
    out.push_back(list[i]);
  return out;
}

bool isFatbin(const void *image) {
  return image &&
         read<uint32_t>(static_cast<const uint8_t *>(image)) == kFatbinMagic;
}

namespace {
/// Appends the entries of the one container at `base`; returns its size.
llvm::Expected<uint64_t> parseContainer(const uint8_t *base, uint64_t available,
                                        std::vector<FatbinEntry> &entries) {
  if (available < 16 || read<uint32_t>(base) != kFatbinMagic)
    return createStringError(inconvertibleErrorCode(),
                             "not a fat binary (bad magic)");
  uint16_t headerSize = read<uint16_t>(base + 6);
  uint64_t bodySize = read<uint64_t>(base + 8);
  if (headerSize < 16 || headerSize > available ||
      bodySize > available - headerSize || bodySize > (uint64_t(1) << 40))
    return createStringError(inconvertibleErrorCode(),
                             "fat binary header: bad sizes");
  const uint8_t *p = base + headerSize, *end = p + bodySize;
  while (end - p >= 64) {
    uint32_t entryHeader = read<uint32_t>(p + 4);
    uint64_t padded = read<uint64_t>(p + 8);
    if (entryHeader < 64 || entryHeader > uint64_t(end - p) ||
        padded > uint64_t(end - p) - entryHeader)
      return createStringError(
          inconvertibleErrorCode(),
          llvm::formatv("fat binary entry {0}: bad sizes", entries.size())
              .str());
    FatbinEntry e;
    e.kind = read<uint16_t>(p);
    e.arch = read<uint32_t>(p + 28);
    e.flags = read<uint64_t>(p + 40);
    e.uncompressedSize = read<uint64_t>(p + 56);
    uint64_t stored = read<uint32_t>(p + 16);
    bool compressed =
        e.flags & (kFatbinFlagCompressed | kFatbinFlagCompressedZstd);
    // Uncompressed entries may leave the stored size 0: the payload is
    // then the padded area (PTX ends at its NUL).
    if (!compressed && (stored == 0 || stored > padded))
      stored = padded;
    if (stored > padded)
      return createStringError(
          inconvertibleErrorCode(),
          llvm::formatv("fat binary entry {0}: payload larger than its slot",
                        entries.size())
              .str());
    // Newer toolkits write longer entry headers (80 or 112 bytes): the
    // payload always starts after the header's own size.
    e.payload = llvm::StringRef(reinterpret_cast<const char *>(p + entryHeader),
                                stored);
    entries.push_back(e);
    p += entryHeader + padded;
  }
  return headerSize + bodySize;
}
} // namespace

llvm::Expected<std::vector<FatbinEntry>>
parseFatbin(const void *image, uint64_t available, uint64_t *consumed) {
  auto *base = static_cast<const uint8_t *>(image);
  if (!base)
    return createStringError(inconvertibleErrorCode(), "no fat binary");
  std::vector<FatbinEntry> entries;
  uint64_t offset = 0;
  bool knownSize = available != UINT64_MAX;
  // A .nv_fatbin section holds containers back to back (nvcc 13 starts it
  // with an empty one). With a known size, read them all; with only a
  // pointer, step over empty containers to the first with entries.
  do {
    size_t before = entries.size();
    auto size = parseContainer(base + offset, available - offset, entries);
    if (!size) {
      if (offset == 0)
        return size.takeError();
      llvm::consumeError(size.takeError());
      break;
    }
    offset += *size;
    if (!knownSize && entries.size() > before)
      break;
  } while (available - offset >= 16 &&
           read<uint32_t>(base + offset) == kFatbinMagic);
  if (consumed)
    *consumed = offset;
  return entries;
}

llvm::Expected<std::string> decompressLZ4Block(llvm::StringRef in,
                                               uint64_t outSize) {
  auto corrupt = [](const char *what) {
    return createStringError(
        inconvertibleErrorCode(),
        llvm::formatv("corrupt compressed entry: {0}", what).str());
  };
  if (outSize > (uint64_t(1) << 34))
    return corrupt("implausible size");
  std::string out;
  out.reserve(outSize);
  auto *ip = reinterpret_cast<const uint8_t *>(in.data());
  const uint8_t *iend = ip + in.size();
  // A length nibble of 15 continues in the following bytes while they are
  // 255 (LZ4's rule).
  auto extend = [&](uint64_t &len) -> bool {
    uint8_t b;
    do {
      if (ip >= iend)
        return false;
      b = *ip++;
      len += b;
    } while (b == 255);
    return true;
  };
  while (ip < iend) {
    uint8_t token = *ip++;
    uint64_t lit = token >> 4;
    if (lit == 15 && !extend(lit))
      return corrupt("truncated literal length");
    if (lit > uint64_t(iend - ip) || lit > outSize - out.size())
      return corrupt("literal run out of bounds");
    out.append(reinterpret_cast<const char *>(ip), lit);
    ip += lit;
    if (ip >= iend || out.size() == outSize)
      break; // the last sequence has literals only
    if (iend - ip < 2)
      return corrupt("truncated match offset");
    uint64_t offset = ip[0] | (uint64_t(ip[1]) << 8);
    ip += 2;
    uint64_t len = (token & 15) + 4;
    if ((token & 15) == 15 && !extend(len))
      return corrupt("truncated match length");
    if (offset == 0 || offset > out.size())
      return corrupt("match offset before the start");
    if (len > outSize - out.size())
      return corrupt("match runs past the end");
    // Byte by byte: overlapping matches repeat the last `offset` bytes.
    size_t from = out.size() - offset;
    for (uint64_t i = 0; i < len; ++i)
      out.push_back(out[from + i]);
  }
  if (out.size() != outSize)
    return corrupt("wrong decompressed size");
  return out;
}

llvm::Expected<std::string> fatbinEntryContents(const FatbinEntry &entry) {
  std::string data;
  if (entry.flags & kFatbinFlagCompressedZstd) {
    if (!llvm::compression::zstd::isAvailable())
      return createStringError(inconvertibleErrorCode(),
                               "zstd-compressed fat binary entry, but this "
                               "build has no zstd");
    llvm::SmallVector<uint8_t, 0> out;
    if (llvm::Error e = llvm::compression::zstd::decompress(
            llvm::arrayRefFromStringRef(entry.payload), out,
            entry.uncompressedSize))
      return std::move(e);
    data.assign(out.begin(), out.end());
  } else if (entry.flags & kFatbinFlagCompressed) {
    auto out = decompressLZ4Block(entry.payload, entry.uncompressedSize);
    if (!out)
      return out.takeError();
    data = std::move(*out);
  } else {
    data = entry.payload.str();
  }
  if (entry.kind == kFatbinKindPTX) {
    size_t nul = data.find('\0');
    if (nul != std::string::npos)
      data.resize(nul);
  }
  return data;
}

const FatbinEntry *choosePTX(const std::vector<FatbinEntry> &entries,
                             unsigned cc) {
  const FatbinEntry *best = nullptr;
  for (const FatbinEntry &e : entries)
    if (e.kind == kFatbinKindPTX && e.arch <= cc &&
        (!best || e.arch > best->arch))
      best = &e;
  return best;
}

std::string describeFatbin(const std::vector<FatbinEntry> &entries) {
  std::string s;
  for (const FatbinEntry &e : entries) {
    if (!s.empty())
      s += ", ";
    if (e.kind == kFatbinKindPTX)
      s += llvm::formatv("compute_{0} (PTX)", e.arch).str();
    else if (e.kind == kFatbinKindELF)
      s += llvm::formatv("sm_{0} (SASS)", e.arch).str();
    else
      s += llvm::formatv("arch {0} (kind {1})", e.arch, e.kind).str();
  }
  return s.empty() ? "no entries" : s;
}

} // namespace ptxmlir::cuda
