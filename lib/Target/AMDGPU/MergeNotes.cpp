//===- MergeNotes.cpp - one metadata note for objects linked together -----===//

#include "MergeNotes.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/ObjCopy/ConfigManager.h"
#include "llvm/ObjCopy/ObjCopy.h"
#include "llvm/Object/Binary.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

constexpr StringLiteral kNoteSection = ".note";

Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

/// The metadata (MessagePack) of an object whose only note is the AMDGPU
/// metadata note, in a section named ".note" as the back end writes it.
Expected<StringRef> metadataOf(StringRef bytes) {
  auto elf = object::ELF64LEFile::create(bytes);
  if (!elf)
    return elf.takeError();
  auto sections = elf->sections();
  if (!sections)
    return sections.takeError();
  std::optional<StringRef> metadata;
  for (const auto &shdr : *sections) {
    if (shdr.sh_type != ELF::SHT_NOTE)
      continue;
    Expected<StringRef> name = elf->getSectionName(shdr);
    if (!name)
      return name.takeError();
    if (*name != kNoteSection || metadata)
      return makeError("unexpected note section " + *name);
    Error err = Error::success();
    size_t align = std::max<size_t>(shdr.sh_addralign, 4);
    for (const auto &note : elf->notes(shdr, err)) {
      if (metadata || note.getName() != "AMDGPU" ||
          note.getType() != ELF::NT_AMDGPU_METADATA) {
        consumeError(std::move(err));
        return makeError("unexpected note in " + *name);
      }
      metadata = note.getDescAsStringRef(align);
    }
    if (err)
      return std::move(err);
  }
  if (!metadata)
    return makeError("no AMDGPU metadata note");
  return *metadata;
}

/// Kernels from every object; everything else must agree.
int merge(msgpack::DocNode *dest, msgpack::DocNode src, msgpack::DocNode key) {
  if (dest->isMap() && src.isMap())
    return 0;
  if (dest->isArray() && src.isArray())
    return key.isString() && key.getString() == "amdhsa.kernels"
               ? dest->getArray().size()
               : 0;
  return *dest == src ? 0 : -1;
}

/// An ELF note: name "AMDGPU", type NT_AMDGPU_METADATA, 4-byte padding.
std::string note(StringRef desc) {
  std::string out;
  raw_string_ostream os(out);
  auto word = [&](uint32_t v) {
    for (int i = 0; i < 4; ++i)
      os << char((v >> (8 * i)) & 0xff);
  };
  StringRef name("AMDGPU\0", 7);
  word(name.size());
  word(desc.size());
  word(ELF::NT_AMDGPU_METADATA);
  os << name << std::string(alignTo(name.size(), 4) - name.size(), '\0');
  os << desc << std::string(alignTo(desc.size(), 4) - desc.size(), '\0');
  return out;
}

Error rewrite(std::string &object, objcopy::ConfigManager &config) {
  auto binary = object::createBinary(MemoryBufferRef(object, "part.o"));
  if (!binary)
    return binary.takeError();
  SmallString<0> out;
  raw_svector_ostream os(out);
  if (Error e = objcopy::executeObjcopyOnBinary(config, **binary, os))
    return e;
  object.assign(out.begin(), out.end());
  return Error::success();
}

} // namespace

Error mlir::ptx::amdgpu::mergeMetadataNotes(
    MutableArrayRef<std::string> objects) {
  if (objects.size() < 2)
    return Error::success();
  msgpack::Document doc;
  for (const std::string &object : objects) {
    Expected<StringRef> metadata = metadataOf(object);
    if (!metadata)
      return metadata.takeError();
    if (!doc.readFromBlob(*metadata, /*Multi=*/false, merge))
      return makeError("the parts' AMDGPU metadata cannot be merged");
  }
  std::string merged;
  doc.writeToBlob(merged);

  objcopy::ConfigManager first;
  first.Common.UpdateSection.emplace_back(
      kNoteSection, MemoryBuffer::getMemBufferCopy(note(merged)));
  if (Error e = rewrite(objects.front(), first))
    return e;
  for (std::string &object : objects.drop_front()) {
    objcopy::ConfigManager rest;
    if (Error e =
            rest.Common.ToRemove.addMatcher(objcopy::NameOrPattern::create(
                kNoteSection, objcopy::MatchStyle::Literal,
                [](Error e) { return e; })))
      return e;
    if (Error e = rewrite(object, rest))
      return e;
  }
  return Error::success();
}
