//===- Image.cpp - what a module image holds ------------------------------===//
//
// cuModuleLoadData, cuLibraryLoadData and cuLinkAddData take the same kinds
// of image: a fat binary (or the wrapper that points at one), one of our
// code objects, or PTX text. readImage tells them apart and finds the PTX
// to compile, so all three accept and refuse the same images;
// readImageFile reads the file cuModuleLoad, cuLibraryLoadFromFile and
// cuLinkAddFile name.
//
//===----------------------------------------------------------------------===//

#include "FatBinary.h"
#include "Internal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include <cstring>
#include <fstream>
#include <sstream>

namespace ptxmlir::cuda {

namespace {
constexpr uint16_t kEMCuda = 190; // NVIDIA cubins

/// Size of an ELF image from its header when the caller gave no size: the
/// section header table is the last thing nvcc and lld write.
uint64_t elfSize(const uint8_t *p) {
  if (p[llvm::ELF::EI_CLASS] != llvm::ELF::ELFCLASS64)
    return 0;
  llvm::ELF::Elf64_Ehdr eh;
  std::memcpy(&eh, p, sizeof(eh));
  uint64_t end =
      std::max<uint64_t>(eh.e_shoff + uint64_t(eh.e_shnum) * eh.e_shentsize,
                         eh.e_phoff + uint64_t(eh.e_phnum) * eh.e_phentsize);
  return std::max<uint64_t>(end, sizeof(eh));
}

/// The best PTX of each relocatable fat binary of an `nvcc -rdc=true`
/// program (FatBinary.h, prelinkedFatbins), named `compute_XY-<i>.ptx`.
/// Units without PTX we may compile (libcudadevrt ships PTX for the newest
/// architecture only) are left out. CUDA_ERROR_NO_BINARY_FOR_GPU when no
/// unit has any.
CUresult readLinkedPTX(const std::vector<const void *> &units,
                       ModuleImage &out) {
  for (auto [i, unit] : llvm::enumerate(units)) {
    const void *c = unwrapFatbin(unit);
    if (!isFatbin(c))
      return CUDA_ERROR_INVALID_IMAGE;
    auto entries = parseFatbin(c, UINT64_MAX);
    if (!entries) {
      logf("fat binary: %s", llvm::toString(entries.takeError()).c_str());
      return CUDA_ERROR_INVALID_IMAGE;
    }
    const FatbinEntry *ptx = choosePTX(*entries, kCC);
    logf("-rdc unit %zu holds %s%s", i, describeFatbin(*entries).c_str(),
         ptx ? "" : ": left out");
    if (!ptx)
      continue;
    auto text = fatbinEntryContents(*ptx);
    if (!text) {
      logf("fat binary: %s", llvm::toString(text.takeError()).c_str());
      return CUDA_ERROR_INVALID_IMAGE;
    }
    out.linkedPTX.emplace_back("compute_" + std::to_string(ptx->arch) + "-" +
                                   std::to_string(i) + ".ptx",
                               std::move(*text));
  }
  if (out.linkedPTX.empty()) {
    std::fprintf(stderr,
                 "ptxmlir: no PTX for compute capability %d.%d or "
                 "lower in any unit of the -rdc program\n",
                 kCCMajor, kCCMinor);
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
  }
  return CUDA_SUCCESS;
}
} // namespace

std::vector<std::pair<std::string, llvm::StringRef>>
ModuleImage::sources(llvm::StringRef sourceName) const {
  std::vector<std::pair<std::string, llvm::StringRef>> out;
  if (!linkedPTX.empty()) {
    for (auto &[name, text] : linkedPTX)
      out.emplace_back(name, text);
  } else if (kind == PTX) {
    out.emplace_back(sourceName.str(), bytes);
  } else if (kind == FatBinary) {
    out.emplace_back(ptxName, fatbinPTX);
  }
  return out;
}

CUresult readImage(const void *image, size_t size, ModuleImage &out) {
  // With a known size, no header is read past its end: a fat binary (or
  // its wrapper) starts with 16 bytes of header, an ELF file with 64.
  auto holds = [&](size_t n) { return !size || size >= n; };
  const void *p = image && holds(16) ? unwrapFatbin(image) : image;
  if (!p)
    return CUDA_ERROR_INVALID_VALUE;
  auto *bytes = static_cast<const uint8_t *>(p);
  if (holds(16) && isFatbin(p)) {
    // An -rdc program's linked image holds no PTX (nvlink links SASS only):
    // its units' PTX is linked here instead. Its container may be empty,
    // and must not be stepped over into the units' containers after it.
    std::vector<const void *> units =
        image != p ? prelinkedFatbins(image) : std::vector<const void *>();
    uint64_t n = 0;
    llvm::Expected<std::vector<FatbinEntry>> entries =
        std::vector<FatbinEntry>();
    uint64_t linkedSize = 0;
    std::memcpy(&linkedSize, bytes + 8, 8);
    if (units.empty() || linkedSize)
      entries = parseFatbin(p, size ? size : UINT64_MAX, &n);
    else
      n = 16;
    if (!entries) {
      logf("fat binary: %s", llvm::toString(entries.takeError()).c_str());
      return CUDA_ERROR_INVALID_IMAGE;
    }
    const FatbinEntry *ptx = choosePTX(*entries, kCC);
    if (!ptx && !units.empty()) {
      logf("-rdc program: linked image holds %s; linking the PTX of its %zu "
           "units",
           entries->empty() ? "nothing" : describeFatbin(*entries).c_str(),
           units.size());
      if (CUresult r = readLinkedPTX(units, out))
        return r;
      out.kind = ModuleImage::FatBinary;
      out.bytes = llvm::StringRef(static_cast<const char *>(p), n);
      return CUDA_SUCCESS;
    }
    if (!ptx) {
      // Always said, not only under PTXMLIR_LOG: this is the error users
      // most need explained.
      std::fprintf(stderr,
                   "ptxmlir: no PTX for compute capability %d.%d or lower in "
                   "the fat binary; it holds: %s\n",
                   kCCMajor, kCCMinor, describeFatbin(*entries).c_str());
      return CUDA_ERROR_NO_BINARY_FOR_GPU;
    }
    auto text = fatbinEntryContents(*ptx);
    if (!text) {
      logf("fat binary: %s", llvm::toString(text.takeError()).c_str());
      return CUDA_ERROR_INVALID_IMAGE;
    }
    logf("fat binary holds %s: using compute_%u PTX",
         describeFatbin(*entries).c_str(), ptx->arch);
    out.kind = ModuleImage::FatBinary;
    out.bytes = llvm::StringRef(static_cast<const char *>(p), n);
    out.fatbinPTX = std::move(*text);
    out.ptxName = "compute_" + std::to_string(ptx->arch) + ".ptx";
    return CUDA_SUCCESS;
  }
  if (holds(4) && std::memcmp(bytes, llvm::ELF::ElfMagic, 4) == 0) {
    if (!holds(sizeof(llvm::ELF::Elf64_Ehdr)))
      return CUDA_ERROR_INVALID_IMAGE;
    uint16_t machine;
    std::memcpy(&machine, bytes + 18, 2);
    if (machine == kEMCuda) {
      std::fprintf(stderr, "ptxmlir: an NVIDIA cubin (SASS) cannot run here; "
                           "ship PTX (nvcc -gencode ...,code=compute_XY)\n");
      return CUDA_ERROR_NO_BINARY_FOR_GPU;
    }
    uint64_t n = size ? size : elfSize(bytes);
    if (!n)
      return CUDA_ERROR_INVALID_IMAGE;
    out.kind = ModuleImage::CodeObject;
    out.bytes = llvm::StringRef(reinterpret_cast<const char *>(bytes), n);
    return CUDA_SUCCESS;
  }
  const char *text = static_cast<const char *>(p);
  llvm::StringRef ptx(text, size ? strnlen(text, size) : std::strlen(text));
  if (!ptx.contains(".version") && !ptx.contains(".target")) {
    logf("module image is neither PTX, a fat binary nor an ELF code object");
    return CUDA_ERROR_INVALID_IMAGE;
  }
  out.kind = ModuleImage::PTX;
  out.bytes = ptx;
  return CUDA_SUCCESS;
}

CUresult readImageFile(const char *path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return CUDA_ERROR_FILE_NOT_FOUND;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  // A directory opens but reads nothing.
  return out.empty() ? CUDA_ERROR_INVALID_IMAGE : CUDA_SUCCESS;
}

} // namespace ptxmlir::cuda
