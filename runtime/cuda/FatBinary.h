//===- FatBinary.h - NVIDIA fat binary containers --------------*- C++ -*-===//
//
// nvcc embeds device code as a fat binary: a 16-byte container header
// (magic 0xBA55ED50) followed by entries, each a header plus a payload of
// PTX text (kind 1) or a SASS ELF (kind 2) for one sm_XY, optionally
// compressed (flag 0x2000: an LZ4 block; flag 0x8000: zstd). Host code
// registers it through a __fatBinC_Wrapper_t (magic 0x466243B1) that points
// at the container. We only ever run PTX; SASS entries are listed in errors.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_CUDA_FATBINARY_H
#define PTXMLIR_RUNTIME_CUDA_FATBINARY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>
#include <vector>

namespace ptxmlir::cuda {

constexpr uint32_t kFatbinMagic = 0xBA55ED50;
constexpr uint32_t kFatbinWrapperMagic = 0x466243B1;
constexpr uint16_t kFatbinKindPTX = 1;
constexpr uint16_t kFatbinKindELF = 2;
constexpr uint64_t kFatbinFlagCompressed = 0x2000;     ///< LZ4 block
constexpr uint64_t kFatbinFlagCompressedZstd = 0x8000; ///< CUDA 12.8+

struct FatbinEntry {
  uint16_t kind = 0;
  uint32_t arch = 0; ///< 80 for sm_80 / compute_80
  uint64_t flags = 0;
  uint64_t uncompressedSize = 0;
  /// The stored payload (compressed or not), inside the caller's buffer.
  llvm::StringRef payload;
};

/// When `image` is a __fatBinC_Wrapper_t, the container it points at;
/// otherwise `image` itself.
const void *unwrapFatbin(const void *image);

/// Whether `image` starts with the container magic.
bool isFatbin(const void *image);

/// The relocatable fat binaries (one per translation unit) of an `nvcc
/// -rdc=true` program, when `image` is its linked wrapper: a
/// __fatBinC_Wrapper_t of version 2 (FATBINC_LINK_VERSION), whose last
/// field points at a NULL-terminated array of them that cudart fills at
/// registration. Empty for anything else.
std::vector<const void *> prelinkedFatbins(const void *image);

/// Lists the entries of the containers at `image` (a .nv_fatbin section
/// holds several back to back). `available` bounds the bytes that may be
/// read: pass UINT64_MAX when the caller only has a pointer, as
/// cuModuleLoadFatBinary does; the headers' sizes are then trusted and
/// reading stops at the first container with entries. `consumed` receives
/// the bytes the containers read span.
llvm::Expected<std::vector<FatbinEntry>>
parseFatbin(const void *image, uint64_t available,
            uint64_t *consumed = nullptr);

/// The entry's payload, decompressed; PTX is cut at its first NUL.
llvm::Expected<std::string> fatbinEntryContents(const FatbinEntry &entry);

/// Decodes one LZ4 block (the format of compressed fat binary entries) that
/// must produce exactly `outSize` bytes. Never reads or writes out of bounds.
llvm::Expected<std::string> decompressLZ4Block(llvm::StringRef in,
                                               uint64_t outSize);

/// The PTX entry to compile for a device of compute capability `cc`
/// (major*10+minor): the highest arch not above `cc`; nullptr if none.
const FatbinEntry *choosePTX(const std::vector<FatbinEntry> &entries,
                             unsigned cc);

/// "sm_80 (SASS), compute_75 (PTX)" for error messages.
std::string describeFatbin(const std::vector<FatbinEntry> &entries);

} // namespace ptxmlir::cuda

#endif // PTXMLIR_RUNTIME_CUDA_FATBINARY_H
