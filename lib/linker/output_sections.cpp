// createOutputSections: one output section per distinct input section name, its chunks in
// input order; addSyntheticSections: the caller's sections, concatenated the same way, with
// their symbols and relocations; layoutOutputSections: each chunk's offset (aligned to its
// sh_addralign) and the final sh_flags / sh_entsize.
#include <algorithm>

#include "context.h"
#include "llvm/Support/MathExtras.h"
#include "sk/error.h"

namespace sk::linker {

using namespace llvm;

namespace {

// Flags that describe one input's sh_link/sh_info or group membership, which the merged
// section does not carry over.
constexpr uint64_t kClearedFlags = ELF::SHF_GROUP | ELF::SHF_LINK_ORDER | ELF::SHF_INFO_LINK;
constexpr uint64_t kMergeFlags = ELF::SHF_MERGE | ELF::SHF_STRINGS;

bool isEhFrameType(uint32_t sh_type) { return sh_type == ELF::SHT_X86_64_UNWIND || sh_type == ELF::SHT_PROGBITS; }

// Appends chunk `c` to the output section called `name`, creating it on first sight.
Expected<uint32_t> addChunk(Context& ctx, StringRef name, uint32_t sh_type, uint64_t sh_flags, uint64_t sh_addralign,
                            uint64_t sh_entsize, Chunk c) {
  auto [it, inserted] = ctx.outputSectionByName.try_emplace(name, (uint32_t)ctx.outputSections.size());
  if (inserted) {
    OutputSection os;
    os.name = it->getKey();
    os.sh_type = sh_type;
    os.sh_flags = sh_flags & ~kClearedFlags;
    os.sh_addralign = std::max<uint64_t>(sh_addralign, 1);
    os.sh_entsize = sh_entsize;
    ctx.outputSections.push_back(std::move(os));
  }
  OutputSection& os = ctx.outputSections[it->second];
  if (!inserted) {
    // Assemblers disagree on .eh_frame's type (GNU as and LLVM: SHT_X86_64_UNWIND, older
    // tools: SHT_PROGBITS); the records are the same, so take the x86-64 one as lld does.
    if (name == ".eh_frame" && isEhFrameType(os.sh_type) && isEhFrameType(sh_type)) {
      os.sh_type = ELF::SHT_X86_64_UNWIND;
      sh_type = ELF::SHT_X86_64_UNWIND;
    }
    if (os.sh_type != sh_type)
      return inputError("section " + name + " has sh_type " + sectionTypeName(os.sh_type) + " in " +
                        describeChunk(ctx, os.chunks.front()) + " but " + sectionTypeName(sh_type) + " in " +
                        describeChunk(ctx, c) + ": same-named sections are concatenated, so their types must agree");
    if ((os.sh_flags & kMergeFlags) != (sh_flags & kMergeFlags) || os.sh_entsize != sh_entsize) os.mergeAgrees = false;
    os.sh_flags |= sh_flags & ~kClearedFlags;
    os.sh_addralign = std::max<uint64_t>(os.sh_addralign, std::max<uint64_t>(sh_addralign, 1));
  }
  os.chunks.push_back(c);
  return it->second;
}

}  // namespace

Error createOutputSections(Context& ctx) {
  for (uint32_t fi = 0; fi < ctx.files.size(); ++fi) {
    InputFile& f = ctx.files[fi];
    for (uint32_t i = 0; i < f.sections.size(); ++i) {
      InputSection& is = f.sections[i];
      if (!is.kept) continue;
      const InputShdr& s = *is.shdr;
      auto os = addChunk(ctx, is.name, s.sh_type, s.sh_flags, s.sh_addralign, s.sh_entsize, Chunk{fi, i});
      if (!os) return os.takeError();
      is.outputSection = *os;
    }
  }
  return Error::success();
}

Error addSyntheticSections(Context& ctx) {
  const auto& synthetic = ctx.request->synthetic;
  ctx.synthetic.resize(synthetic.size());
  StringMap<uint32_t> localByName;  // STB_LOCAL synthetic symbols (relocations may name them)
  for (uint32_t k = 0; k < synthetic.size(); ++k) {
    const SyntheticSection& ss = synthetic[k];
    std::string what = "synthetic section " + (ss.name.empty() ? "#" + std::to_string(k) : ss.name);
    if (ss.name.empty()) return inputError(what + ": has no name");
    if (!isPowerOf2_64(ss.alignment) && ss.alignment != 0)
      return inputError(what + ": alignment " + Twine(ss.alignment) + " is not a power of 2");
    switch (ss.type) {
      case ELF::SHT_NULL: case ELF::SHT_SYMTAB: case ELF::SHT_STRTAB: case ELF::SHT_RELA: case ELF::SHT_REL:
      case ELF::SHT_GROUP: case ELF::SHT_SYMTAB_SHNDX:
        return inputError(what + ": sh_type " + sectionTypeName(ss.type) + " cannot be synthetic");
      default:
        break;
    }
    if (ss.type == ELF::SHT_NOBITS && !ss.relocs.empty())
      return inputError(what + ": an SHT_NOBITS section cannot have relocations");
    auto os = addChunk(ctx, ss.name, ss.type, ss.flags, ss.alignment, 0, Chunk{kSyntheticFile, k});
    if (!os) return os.takeError();
    ctx.synthetic[k].outputSection = *os;
    if (ss.symbol.empty()) continue;

    OutputSymbol d;
    d.st_info = (uint8_t)((ss.globalSymbol ? ELF::STB_GLOBAL : ELF::STB_LOCAL) << 4 | ELF::STT_OBJECT);
    d.st_size = ss.contents.size();
    d.defined = true;
    d.definedIn = {kSyntheticFile, k};
    if (ss.globalSymbol) {
      auto index = defineGlobal(ctx, ss.symbol, d);
      if (!index) return index.takeError();
    } else {
      if (!localByName.try_emplace(ss.symbol, (uint32_t)ctx.locals.size()).second)
        return inputError(what + ": another synthetic section already defines the local symbol '" + ss.symbol + "'");
      d.name = ss.symbol;
      ctx.locals.push_back(d);
    }
  }

  // Relocations name output symbols; resolve them once every synthetic symbol exists.
  for (uint32_t k = 0; k < synthetic.size(); ++k) {
    const SyntheticSection& ss = synthetic[k];
    SyntheticChunk& sc = ctx.synthetic[k];
    sc.relocTargets.reserve(ss.relocs.size());
    for (const SyntheticReloc& r : ss.relocs) {
      uint32_t size = 0;
      if (!relocationSupported(r.type, &size))
        return inputError("synthetic section " + ss.name + ": relocation " + relocationTypeName(r.type) +
                          " is not supported: use R_X86_64_64 for pointers");
      if (r.offset > ss.contents.size() || ss.contents.size() - r.offset < size)
        return inputError("synthetic section " + ss.name + ": relocation at offset " + Twine(r.offset) +
                          " patches bytes past the end of the section (" + Twine(ss.contents.size()) + " bytes)");
      if (r.symbol.empty()) return inputError("synthetic section " + ss.name + ": relocation without a symbol name");
      auto local = localByName.find(r.symbol);
      if (local != localByName.end())
        sc.relocTargets.push_back({SymbolKind::Local, local->second});
      else
        sc.relocTargets.push_back(
            {SymbolKind::Global, referenceGlobal(ctx, r.symbol, ELF::STB_GLOBAL, ELF::STT_NOTYPE, ELF::STV_DEFAULT)});
    }
  }
  return Error::success();
}

Error layoutOutputSections(Context& ctx) {
  for (uint32_t i = 0; i < ctx.outputSections.size(); ++i) {
    OutputSection& os = ctx.outputSections[i];
    os.shndx = i + 1;  // section header 0 is SHN_UNDEF
    uint64_t size = 0;
    Chunk previous{kNone, kNone};
    for (const Chunk& c : os.chunks) {
      uint64_t align, bytes;
      uint64_t* offset;
      if (c.file == kSyntheticFile) {
        align = ctx.request->synthetic[c.index].alignment;
        bytes = ctx.request->synthetic[c.index].contents.size();
        offset = &ctx.synthetic[c.index].outputOffset;
      } else {
        InputSection& is = ctx.files[c.file].sections[c.index];
        align = is.shdr->sh_addralign;
        bytes = is.shdr->sh_size;
        offset = &is.outputOffset;
      }
      uint64_t at = alignTo(size, std::max<uint64_t>(align, 1));
      // A zero word between .eh_frame records reads as the terminator, hiding every later FDE.
      if (at != size && (os.sh_type == ELF::SHT_X86_64_UNWIND || os.name == ".eh_frame"))
        return inputError("section " + os.name + " of " + describeChunk(ctx, previous) + " is not padded to " +
                          Twine(align) + " bytes: concatenating it would insert a terminator record");
      if (os.mergeAgrees && os.sh_entsize && at % os.sh_entsize) os.mergeAgrees = false;
      *offset = at;
      size = at + bytes;
      previous = c;
    }
    os.sh_size = size;
    if (!os.mergeAgrees) {
      os.sh_flags &= ~kMergeFlags;
      os.sh_entsize = 0;
    }
  }
  return Error::success();
}

}  // namespace sk::linker
