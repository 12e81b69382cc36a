//===- CodeObject.cpp - kernel metadata of AMD and host code objects ------===//
//
// Reads the NT_AMDGPU_METADATA note of an ELF64 code object. Every access to
// the msgpack document checks the node's kind first: the bytes come from the
// application (cuModuleLoadData), so malformed input must become an error,
// never an assertion or a crash.
//
//===----------------------------------------------------------------------===//

#include "common/CodeObject.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Object/ELF.h"

using namespace llvm;

namespace ptxmlir::runtime {

const KernelInfo *CodeObjectInfo::lookup(StringRef name) const {
  for (const KernelInfo &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

namespace {

Error metadataError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(),
                           "code object metadata: " + msg);
}

/// The map entry `key` of `map`, or an empty node.
msgpack::DocNode lookupKey(msgpack::MapDocNode &map, StringRef key) {
  auto it = map.find(key);
  if (it == map.end())
    return msgpack::DocNode();
  return it->second;
}

/// Reads an unsigned integer entry. msgpack writers store small
/// non-negative numbers as either UInt or Int, so both are accepted.
Error readUInt(msgpack::MapDocNode &map, StringRef key, uint32_t &out,
               bool required, StringRef where) {
  msgpack::DocNode n = lookupKey(map, key);
  if (n.isEmpty()) {
    if (required)
      return metadataError(where + ": missing " + key);
    return Error::success();
  }
  uint64_t v;
  if (n.getKind() == msgpack::Type::UInt) {
    v = n.getUInt();
  } else if (n.getKind() == msgpack::Type::Int && n.getInt() >= 0) {
    v = static_cast<uint64_t>(n.getInt());
  } else {
    return metadataError(where + ": " + key + " is not a non-negative integer");
  }
  if (v > UINT32_MAX)
    return metadataError(where + ": " + key + " is out of range");
  out = static_cast<uint32_t>(v);
  return Error::success();
}

Error readString(msgpack::MapDocNode &map, StringRef key, std::string &out,
                 bool required, StringRef where) {
  msgpack::DocNode n = lookupKey(map, key);
  if (n.isEmpty()) {
    if (required)
      return metadataError(where + ": missing " + key);
    return Error::success();
  }
  if (!n.isString())
    return metadataError(where + ": " + key + " is not a string");
  out = n.getString().str();
  return Error::success();
}

Error readArg(msgpack::DocNode &node, KernelArg &arg, StringRef where) {
  if (!node.isMap())
    return metadataError(where + ": an argument is not a map");
  msgpack::MapDocNode map = node.getMap();
  if (Error e = readUInt(map, ".offset", arg.offset, true, where))
    return e;
  if (Error e = readUInt(map, ".size", arg.size, true, where))
    return e;
  if (Error e = readString(map, ".name", arg.name, false, where))
    return e;
  // The compiler's name for the per-CTA memory base
  // (ptxmlir/Conversion/KernelAttrs.h): a prefix and the pitch.
  StringRef pitch = arg.name;
  if (pitch.consume_front("__ptxmlir_perctamemory_") &&
      (pitch.getAsInteger(10, arg.perCTAMemoryPitch) ||
       !arg.perCTAMemoryPitch || arg.size != 8))
    return metadataError(where + ": malformed per-CTA memory argument '" +
                         arg.name + "'");
  return readString(map, ".value_kind", arg.valueKind, true, where);
}

Error readKernel(msgpack::DocNode &node, KernelInfo &k) {
  if (!node.isMap())
    return metadataError("an amdhsa.kernels entry is not a map");
  msgpack::MapDocNode map = node.getMap();
  if (Error e = readString(map, ".name", k.name, true, "kernel"))
    return e;
  std::string where = "kernel '" + k.name + "'";
  if (Error e = readString(map, ".symbol", k.symbol, true, where))
    return e;
  struct {
    const char *key;
    uint32_t &field;
    bool required;
  } ints[] = {
      {".kernarg_segment_size", k.kernargSize, true},
      {".kernarg_segment_align", k.kernargAlign, false},
      {".group_segment_fixed_size", k.groupSegmentFixedSize, true},
      {".private_segment_fixed_size", k.privateSegmentFixedSize, true},
      {".wavefront_size", k.wavefrontSize, true},
      {".max_flat_workgroup_size", k.maxFlatWorkgroupSize, false},
      {".sgpr_count", k.sgprCount, false},
      {".vgpr_count", k.vgprCount, false},
  };
  for (auto &i : ints)
    if (Error e = readUInt(map, i.key, i.field, i.required, where))
      return e;
  msgpack::DocNode dyn = lookupKey(map, ".uses_dynamic_stack");
  if (!dyn.isEmpty()) {
    if (dyn.getKind() != msgpack::Type::Boolean)
      return metadataError(where + ": .uses_dynamic_stack is not a boolean");
    k.usesDynamicStack = dyn.getBool();
  }
  msgpack::DocNode args = lookupKey(map, ".args");
  if (args.isEmpty())
    return Error::success();
  if (!args.isArray())
    return metadataError(where + ": .args is not an array");
  for (msgpack::DocNode &a : args.getArray()) {
    KernelArg arg;
    if (Error e = readArg(a, arg, where))
      return e;
    k.args.push_back(std::move(arg));
  }
  return Error::success();
}

Error readMetadata(StringRef blob, CodeObjectInfo &info) {
  msgpack::Document doc;
  if (!doc.readFromBlob(blob, /*Multi=*/false))
    return metadataError("malformed msgpack");
  msgpack::DocNode &root = doc.getRoot();
  if (!root.isMap())
    return metadataError("the root is not a map");
  msgpack::MapDocNode map = root.getMap();
  if (Error e = readString(map, "amdhsa.target", info.target, true, "root"))
    return e;
  msgpack::DocNode kernels = lookupKey(map, "amdhsa.kernels");
  if (kernels.isEmpty())
    return Error::success();
  if (!kernels.isArray())
    return metadataError("amdhsa.kernels is not an array");
  for (msgpack::DocNode &kn : kernels.getArray()) {
    KernelInfo k;
    if (Error e = readKernel(kn, k))
      return e;
    info.kernels.push_back(std::move(k));
  }
  return Error::success();
}

} // namespace

Expected<CodeObjectInfo> readCodeObject(StringRef bytes) {
  if (bytes.size() < sizeof(ELF::Elf64_Ehdr) ||
      !bytes.starts_with(StringRef(ELF::ElfMagic, 4)))
    return createStringError(inconvertibleErrorCode(),
                             "code object: not an ELF file");
  if (bytes[ELF::EI_CLASS] != ELF::ELFCLASS64 ||
      bytes[ELF::EI_DATA] != ELF::ELFDATA2LSB)
    return createStringError(inconvertibleErrorCode(),
                             "code object: not a little-endian ELF64 file");
  auto elf = object::ELF64LEFile::create(bytes);
  if (!elf)
    return elf.takeError();
  CodeObjectInfo info;
  info.isAMDGPU = elf->getHeader().e_machine == ELF::EM_AMDGPU;
  auto sections = elf->sections();
  if (!sections)
    return sections.takeError();
  for (const auto &shdr : *sections) {
    if (shdr.sh_type != ELF::SHT_NOTE)
      continue;
    Error err = Error::success();
    size_t align = std::max<size_t>(shdr.sh_addralign, 4);
    for (const auto &note : elf->notes(shdr, err)) {
      if (note.getName() != "AMDGPU" ||
          note.getType() != ELF::NT_AMDGPU_METADATA)
        continue;
      if (Error e = readMetadata(note.getDescAsStringRef(align), info)) {
        consumeError(std::move(err));
        return std::move(e);
      }
      consumeError(std::move(err));
      return info;
    }
    if (err)
      return std::move(err);
  }
  return createStringError(inconvertibleErrorCode(),
                           "code object: no AMDGPU metadata note");
}

} // namespace ptxmlir::runtime
