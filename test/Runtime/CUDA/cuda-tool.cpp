//===- cuda-tool.cpp - libcuda's device-free parts, for lit ---------------===//
//
// ptxmlir-cuda-tool kernarg FILE KERNEL   kernarg bytes and AQL packet of a
//                                         launch of KERNEL from code object
//                                         FILE (grid 4x2x1, block 64x2x1,
//                                         256 bytes of dynamic shared memory),
//                                         and its private segment size with
//                                         a 1024-byte stack limit
// ptxmlir-cuda-tool kernarg-hidden        the same for a synthetic kernel
//                                         with every hidden_* argument
// ptxmlir-cuda-tool kernarg-split FILE KERNEL  the launch of `kernarg`,
//                                         dispatched one warp per wave
// ptxmlir-cuda-tool cache DIR PTX CHIP    compiles through the cache in DIR:
//                                         prints hit/compiled/recompiled
// ptxmlir-cuda-tool cache-race DIR PTX CHIP  two processes at once, then
//                                         checks DIR holds one valid entry
// ptxmlir-cuda-tool cache-corrupt DIR     flips a payload byte of each entry
// ptxmlir-cuda-tool fatbin-zstd PTX       a fat binary with a zstd-compressed
//                                         PTX entry (CUDA 12.8+), parsed back
// ptxmlir-cuda-tool md2 TEXT...           the MD2 digest of each TEXT
//
//===----------------------------------------------------------------------===//

#include "CompileCache.h"
#include "FatBinary.h"
#include "Kernarg.h"
#include "Md2.h"

#include "ptxmlir/Compiler/Compiler.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptxmlir;
using namespace ptxmlir::cuda;

namespace {
LaunchDims sampleDims() {
  LaunchDims d;
  d.grid[0] = 4;
  d.grid[1] = 2;
  d.block[0] = 64;
  d.block[1] = 2;
  d.dynamicShared = 256;
  return d;
}

void printLaunch(const runtime::KernelInfo &k, void **params, void **extra,
                 bool split = false) {
  LaunchDims dims = sampleDims();
  std::vector<uint8_t> bytes;
  // A per-CTA memory base, if the kernel takes one.
  CUresult r = buildKernargs(k, params, extra, dims, bytes, 0x1122334455667788);
  std::printf("kernel %s: %zu args, kernarg segment %u bytes, result %d\n",
              k.name.c_str(), k.args.size(), k.kernargSize, int(r));
  if (r)
    return;
  for (const runtime::KernelArg &a : k.args) {
    std::printf("  arg %-24s offset %2u size %2u:", a.valueKind.c_str(),
                a.offset, a.size);
    for (uint32_t i = 0; i < a.size; ++i)
      std::printf(" %02x", bytes[a.offset + i]);
    if (!a.name.empty())
      std::printf(" (%s)", a.name.c_str());
    std::printf("\n");
  }
  uint64_t perCTA;
  if (perCTAMemoryBytes(k, dims, perCTA) == CUDA_SUCCESS && perCTA)
    std::printf("per-CTA memory: %llu bytes\n", (unsigned long long)perCTA);
  hsa_kernel_dispatch_packet_t p;
  std::memset(&p, 0xcc, sizeof p);
  hsa_signal_t sig{0x1234};
  uint8_t kernarg[8];
  fillDispatchPacket(p, split ? warpPerWaveDims(dims) : dims, 0xabcdef,
                     k.groupSegmentFixedSize, 96, kernarg, sig);
  std::printf("packet: dims %u workgroup %ux%ux%u grid %ux%ux%u group %u "
              "private %u object 0x%llx kernarg %s completion 0x%llx "
              "header untouched %s\n",
              p.setup >> HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS,
              p.workgroup_size_x, p.workgroup_size_y, p.workgroup_size_z,
              p.grid_size_x, p.grid_size_y, p.grid_size_z, p.group_segment_size,
              p.private_segment_size, (unsigned long long)p.kernel_object,
              p.kernarg_address == kernarg ? "ok" : "wrong",
              (unsigned long long)p.completion_signal.handle,
              p.header == 0xcccc ? "yes" : "no");
  uint16_t h = packetHeader(HSA_PACKET_TYPE_KERNEL_DISPATCH);
  std::printf("header: type %u barrier %u acquire %u release %u\n",
              (h >> HSA_PACKET_HEADER_TYPE) & 0xff,
              (h >> HSA_PACKET_HEADER_BARRIER) & 1,
              (h >> HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) & 3,
              (h >> HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE) & 3);
  std::printf("dynamic stack %s: private %u with a 1024-byte stack limit\n",
              k.usesDynamicStack ? "yes" : "no",
              launchPrivateSegmentSize(k, k.privateSegmentFixedSize, 1024));
}

int kernarg(const char *file, const char *name, bool split) {
  auto buf = llvm::MemoryBuffer::getFile(file);
  if (!buf) {
    std::fprintf(stderr, "cannot read %s\n", file);
    return 1;
  }
  auto info = runtime::readCodeObject((*buf)->getBuffer());
  if (!info) {
    std::fprintf(stderr, "%s\n", llvm::toString(info.takeError()).c_str());
    return 1;
  }
  const runtime::KernelInfo *k = info->lookup(name);
  if (!k) {
    std::fprintf(stderr, "no kernel %s\n", name);
    return 1;
  }
  // Argument i holds bytes 0x10*(i+1), 0x10*(i+1)+1, ...
  std::vector<std::vector<uint8_t>> storage;
  std::vector<void *> params;
  for (const runtime::KernelArg &a : k->args) {
    if (!isKernelParam(a))
      continue;
    storage.emplace_back(a.size);
    for (uint32_t i = 0; i < a.size; ++i)
      storage.back()[i] = uint8_t(0x10 * storage.size() + i);
  }
  for (auto &s : storage)
    params.push_back(s.data());
  if (split) {
    std::printf("one warp per wave:\n");
    printLaunch(*k, params.data(), nullptr, /*split=*/true);
    return 0;
  }
  std::printf("from kernelParams:\n");
  printLaunch(*k, params.data(), nullptr);
  // The same through `extra`: one buffer laid out at the kernarg offsets.
  std::vector<uint8_t> packed(k->kernargSize);
  size_t i = 0;
  for (const runtime::KernelArg &a : k->args)
    if (isKernelParam(a))
      std::memcpy(packed.data() + a.offset, storage[i++].data(), a.size);
  size_t size = packed.size(), small = 4;
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, packed.data(),
                   CU_LAUNCH_PARAM_BUFFER_SIZE, &size, CU_LAUNCH_PARAM_END};
  std::printf("from extra:\n");
  printLaunch(*k, nullptr, extra);
  void *tooSmall[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, packed.data(),
                      CU_LAUNCH_PARAM_BUFFER_SIZE, &small, CU_LAUNCH_PARAM_END};
  std::printf("from a 4-byte extra buffer:\n");
  printLaunch(*k, nullptr, tooSmall);
  return 0;
}

int kernargHidden() {
  runtime::KernelInfo k;
  k.name = "hidden";
  auto add = [&](uint32_t offset, uint32_t size, const char *kind) {
    k.args.push_back({offset, size, kind});
  };
  add(0, 8, "global_buffer");
  add(8, 4, "by_value");
  add(16, 4, "hidden_block_count_x");
  add(20, 4, "hidden_block_count_y");
  add(24, 4, "hidden_block_count_z");
  add(28, 2, "hidden_group_size_x");
  add(30, 2, "hidden_group_size_y");
  add(32, 2, "hidden_group_size_z");
  add(34, 2, "hidden_remainder_x");
  add(36, 2, "hidden_remainder_y");
  add(38, 2, "hidden_remainder_z");
  add(56, 8, "hidden_global_offset_x");
  add(80, 2, "hidden_grid_dims");
  add(84, 4, "hidden_dynamic_lds_size");
  add(88, 8, "hidden_printf_buffer");
  k.kernargSize = 96;
  uint64_t pointer = 0x1122334455667788;
  uint32_t value = 0xa1b2c3d4;
  void *params[] = {&pointer, &value};
  printLaunch(k, params, nullptr);
  return 0;
}

bool readAll(const char *path, std::string &out) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return false;
  out = (*buf)->getBuffer().str();
  return true;
}

const char *outcomeName(CompileCache::Outcome o) {
  switch (o) {
  case CompileCache::Outcome::Hit:
    return "hit";
  case CompileCache::Outcome::Compiled:
    return "compiled";
  case CompileCache::Outcome::Recompiled:
    return "recompiled";
  case CompileCache::Outcome::Failed:
    return "failed";
  }
  return "?";
}

CacheConfig configFor(const char *dir) {
  CacheConfig c = CacheConfig::fromEnvironment();
  c.enabled = true;
  c.dir = dir;
  return c;
}

CompileCache::Outcome compileOnce(const char *dir, const std::string &ptx,
                                  const char *chip, std::string &out) {
  CompileCache cache(configFor(dir));
  std::string key = CompileCache::key(ptx, chip, "O3", compilerVersion());
  std::string diag;
  return cache.getOrCompile(key, out, diag,
                            [&](std::string &o, std::string &d) {
                              mlir::ptx::CompileOptions opts;
                              opts.chip = chip;
                              auto r = mlir::ptx::compile(ptx, opts);
                              o = std::move(r.output);
                              d = std::move(r.diagnostics);
                              return r.success;
                            });
}

std::vector<std::string> entries(const char *dir) {
  std::vector<std::string> names;
  if (DIR *d = opendir(dir)) {
    while (dirent *e = readdir(d))
      if (e->d_name[0] != '.')
        names.push_back(std::string(dir) + "/" + e->d_name);
    closedir(d);
  }
  return names;
}

int cache(const char *dir, const char *file, const char *chip) {
  std::string ptx, out;
  if (!readAll(file, ptx))
    return 1;
  auto o = compileOnce(dir, ptx, chip, out);
  bool elf = out.size() > 4 && std::memcmp(out.data(), "\177ELF", 4) == 0;
  std::printf("%s, %s\n", outcomeName(o), elf ? "ELF code object" : "no ELF");
  return o == CompileCache::Outcome::Failed || !elf;
}

int cacheRace(const char *dir, const char *file, const char *chip) {
  std::string ptx;
  if (!readAll(file, ptx))
    return 1;
  int go[2];
  if (pipe(go) != 0)
    return 1;
  pid_t kids[2];
  for (pid_t &kid : kids) {
    kid = fork();
    if (kid == 0) {
      char c;
      close(go[1]);
      if (read(go[0], &c, 1) < 0) // both start together
        _exit(3);
      std::string out;
      auto o = compileOnce(dir, ptx, chip, out);
      bool elf = out.size() > 4 && std::memcmp(out.data(), "\177ELF", 4) == 0;
      _exit(o != CompileCache::Outcome::Failed && elf ? 0 : 1);
    }
  }
  close(go[0]);
  close(go[1]); // EOF releases both children at once
  int ok = 0;
  for (pid_t kid : kids) {
    int status = 0;
    waitpid(kid, &status, 0);
    ok += WIFEXITED(status) && WEXITSTATUS(status) == 0;
  }
  std::printf("%d of 2 processes succeeded\n", ok);
  auto names = entries(dir);
  std::printf("%zu entries\n", names.size());
  std::string out;
  auto o = compileOnce(dir, ptx, chip, out);
  std::printf("afterwards: %s\n", outcomeName(o));
  return ok == 2 && names.size() == 1 && o == CompileCache::Outcome::Hit ? 0
                                                                         : 1;
}

int cacheCorrupt(const char *dir) {
  for (const std::string &path : entries(dir)) {
    std::string data;
    if (!readAll(path.c_str(), data) || data.size() < 100)
      continue;
    data[data.size() / 2] ^= 0x55;
    FILE *f = std::fopen(path.c_str(), "wb");
    std::fwrite(data.data(), 1, data.size(), f);
    std::fclose(f);
    std::printf("corrupted %zu-byte entry\n", data.size());
  }
  return 0;
}
int fatbinZstd(const char *file) {
  std::string ptx;
  if (!readAll(file, ptx))
    return 1;
  if (!llvm::compression::zstd::isAvailable()) {
    std::printf("zstd not available\n");
    return 1;
  }
  ptx.push_back('\0');
  llvm::SmallVector<uint8_t, 0> packed;
  llvm::compression::zstd::compress(llvm::arrayRefFromStringRef(ptx), packed);
  std::vector<uint8_t> fat(16 + 64 + ((packed.size() + 7) & ~size_t(7)));
  auto put = [&](size_t at, uint64_t v, size_t n) {
    std::memcpy(fat.data() + at, &v, n);
  };
  put(0, kFatbinMagic, 4);
  put(4, 1, 2);
  put(6, 16, 2);
  put(8, fat.size() - 16, 8);
  put(16 + 0, kFatbinKindPTX, 2);
  put(16 + 4, 64, 4);
  put(16 + 8, fat.size() - 16 - 64, 8);
  put(16 + 16, packed.size(), 4);
  put(16 + 28, 80, 4);
  put(16 + 40, kFatbinFlagCompressedZstd | 0x11, 8);
  put(16 + 56, ptx.size(), 8);
  std::memcpy(fat.data() + 16 + 64, packed.data(), packed.size());
  auto entries = parseFatbin(fat.data(), fat.size());
  if (!entries) {
    std::printf("%s\n", llvm::toString(entries.takeError()).c_str());
    return 1;
  }
  const FatbinEntry *e = choosePTX(*entries, 80);
  auto text =
      e ? fatbinEntryContents(*e) : llvm::Expected<std::string>(std::string());
  if (!text) {
    std::printf("%s\n", llvm::toString(text.takeError()).c_str());
    return 1;
  }
  std::printf("%s: %zu of %zu bytes stored, %s\n",
              describeFatbin(*entries).c_str(), packed.size(), ptx.size(),
              *text + std::string(1, '\0') == ptx ? "round trip exact"
                                                  : "round trip differs");
  return 0;
}
int md2Digests(int argc, char **argv) {
  for (int i = 2; i < argc; ++i) {
    Md2Digest d = md2(argv[i], std::strlen(argv[i]));
    std::printf("MD2 (\"%s\") = %s\n", argv[i],
                llvm::toHex(d, /*LowerCase=*/true).c_str());
  }
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  std::string cmd = argc > 1 ? argv[1] : "";
  if (cmd == "md2")
    return md2Digests(argc, argv);
  if (cmd == "kernarg" && argc == 4)
    return kernarg(argv[2], argv[3], /*split=*/false);
  if (cmd == "kernarg-split" && argc == 4)
    return kernarg(argv[2], argv[3], /*split=*/true);
  if (cmd == "kernarg-hidden")
    return kernargHidden();
  if (cmd == "cache" && argc == 5)
    return cache(argv[2], argv[3], argv[4]);
  if (cmd == "cache-race" && argc == 5)
    return cacheRace(argv[2], argv[3], argv[4]);
  if (cmd == "fatbin-zstd" && argc == 3)
    return fatbinZstd(argv[2]);
  if (cmd == "cache-corrupt" && argc == 3)
    return cacheCorrupt(argv[2]);
  std::fprintf(stderr, "usage: see the header of cuda-tool.cpp\n");
  return 2;
}
