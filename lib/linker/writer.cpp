// writeOutput: lays out and writes the ELF64 ET_REL file.
//
// Section header table: [0] null, [1, N] the output sections (section i + 1 for
// Context::outputSections[i]), one .rela<name> per output section with relocations,
// .note.GNU-stack, .symtab, .strtab, .shstrtab.
// File: ELF header, section contents (each aligned to its sh_addralign), .rela sections,
// .symtab, .strtab, .shstrtab, section header table.
#include <cstring>

#include "context.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SwapByteOrder.h"
#include "sk/error.h"

namespace sk::linker {

using namespace llvm;

static_assert(sys::IsLittleEndianHost, "the writer copies ELF64LE structures as host-endian memory");

namespace {

struct StringTable {
  std::string bytes{'\0'};
  uint32_t add(StringRef s) {
    uint32_t at = (uint32_t)bytes.size();
    bytes.append(s.data(), s.size());
    bytes.push_back('\0');
    return at;
  }
};

// A section the writer makes (.rela*, .note.GNU-stack, .symtab, .strtab, .shstrtab).
struct WriterSection {
  ELF::Elf64_Shdr shdr{};
  const void* data = nullptr;  // sh_size bytes
};

void put(std::vector<uint8_t>& out, uint64_t at, const void* p, uint64_t n) {
  if (n) std::memcpy(out.data() + at, p, n);
}

ELF::Elf64_Sym makeSymbol(uint32_t st_name, uint8_t st_info, uint8_t st_other, uint16_t st_shndx, uint64_t st_value,
                          uint64_t st_size) {
  ELF::Elf64_Sym s{};
  s.st_name = st_name;
  s.st_info = st_info;
  s.st_other = st_other;
  s.st_shndx = st_shndx;
  s.st_value = st_value;
  s.st_size = st_size;
  return s;
}

}  // namespace

Error writeOutput(Context& ctx) {
  const uint32_t sectionCount = (uint32_t)ctx.outputSections.size();
  uint32_t relaCount = 0;
  for (const OutputSection& os : ctx.outputSections) relaCount += !os.relocations.empty();
  const uint32_t shnum = 1 + sectionCount + relaCount + 4;
  if (shnum >= ELF::SHN_LORESERVE)
    return inputError("the output would have " + Twine(shnum) + " sections, more than ELF's " +
                      Twine(ELF::SHN_LORESERVE - 1) + " without extended section indices");

  // Section names: ".rela.text" also provides ".text" (its tail), as assemblers do.
  StringTable shstrtab;
  std::vector<uint32_t> nameOf(sectionCount), relaNameOf(sectionCount);
  for (uint32_t i = 0; i < sectionCount; ++i) {
    const OutputSection& os = ctx.outputSections[i];
    if (os.relocations.empty()) {
      nameOf[i] = shstrtab.add(os.name);
    } else {
      relaNameOf[i] = (uint32_t)shstrtab.bytes.size();
      shstrtab.bytes += ".rela";
      nameOf[i] = shstrtab.add(os.name);
    }
  }

  // .symtab and .strtab.
  StringTable strtab;
  const uint32_t symbolCount = ctx.firstGlobal + (uint32_t)ctx.globals.size();
  std::vector<ELF::Elf64_Sym> symtab;
  symtab.reserve(symbolCount);
  symtab.push_back({});
  for (const OutputSection& os : ctx.outputSections)
    symtab.push_back(makeSymbol(0, ELF::STB_LOCAL << 4 | ELF::STT_SECTION, 0, (uint16_t)os.shndx, 0, 0));
  for (const auto* list : {&ctx.locals, &ctx.globals})
    for (const OutputSymbol& s : *list)
      symtab.push_back(makeSymbol(strtab.add(s.name), s.st_info, s.st_other, s.st_shndx, s.st_value, s.st_size));

  // Writer sections, in section header order after the output sections.
  std::vector<WriterSection> extra;
  extra.reserve(relaCount + 4);
  const uint32_t firstExtra = 1 + sectionCount;
  const uint32_t symtabIndex = firstExtra + relaCount + 1;
  for (uint32_t i = 0; i < sectionCount; ++i) {
    const OutputSection& os = ctx.outputSections[i];
    if (os.relocations.empty()) continue;
    WriterSection w;
    w.shdr.sh_name = relaNameOf[i];
    w.shdr.sh_type = ELF::SHT_RELA;
    w.shdr.sh_flags = ELF::SHF_INFO_LINK;
    w.shdr.sh_size = os.relocations.size() * sizeof(ELF::Elf64_Rela);
    w.shdr.sh_link = symtabIndex;
    w.shdr.sh_info = os.shndx;
    w.shdr.sh_addralign = 8;
    w.shdr.sh_entsize = sizeof(ELF::Elf64_Rela);
    w.data = os.relocations.data();
    extra.push_back(w);
  }
  {  // An empty .note.GNU-stack: the object does not need an executable stack.
    WriterSection w;
    w.shdr.sh_name = shstrtab.add(".note.GNU-stack");
    w.shdr.sh_type = ELF::SHT_PROGBITS;
    w.shdr.sh_addralign = 1;
    extra.push_back(w);
  }
  {
    WriterSection w;
    w.shdr.sh_name = shstrtab.add(".symtab");
    w.shdr.sh_type = ELF::SHT_SYMTAB;
    w.shdr.sh_size = symtab.size() * sizeof(ELF::Elf64_Sym);
    w.shdr.sh_link = symtabIndex + 1;  // .strtab
    w.shdr.sh_info = ctx.firstGlobal;  // one past the last STB_LOCAL
    w.shdr.sh_addralign = 8;
    w.shdr.sh_entsize = sizeof(ELF::Elf64_Sym);
    w.data = symtab.data();
    extra.push_back(w);
  }
  {
    WriterSection w;
    w.shdr.sh_name = shstrtab.add(".strtab");
    w.shdr.sh_type = ELF::SHT_STRTAB;
    w.shdr.sh_size = strtab.bytes.size();
    w.shdr.sh_addralign = 1;
    w.data = strtab.bytes.data();
    extra.push_back(w);
  }
  {
    WriterSection w;
    w.shdr.sh_name = shstrtab.add(".shstrtab");
    w.shdr.sh_type = ELF::SHT_STRTAB;
    w.shdr.sh_addralign = 1;
    extra.push_back(w);
  }
  // Names are complete: fix the .shstrtab's own size and data.
  extra.back().shdr.sh_size = shstrtab.bytes.size();
  extra.back().data = shstrtab.bytes.data();
  const uint32_t shstrndx = firstExtra + (uint32_t)extra.size() - 1;

  // File offsets.
  uint64_t offset = sizeof(ELF::Elf64_Ehdr);
  for (OutputSection& os : ctx.outputSections) {
    offset = alignTo(offset, os.sh_addralign);
    os.sh_offset = offset;
    if (os.sh_type != ELF::SHT_NOBITS) offset += os.sh_size;
  }
  for (WriterSection& w : extra) {
    offset = alignTo(offset, w.shdr.sh_addralign);
    w.shdr.sh_offset = offset;
    offset += w.shdr.sh_size;
  }
  const uint64_t shoff = alignTo(offset, 8);
  const uint64_t total = shoff + (uint64_t)shnum * sizeof(ELF::Elf64_Shdr);

  std::vector<uint8_t>& out = ctx.output;
  out.assign(total, 0);

  ELF::Elf64_Ehdr eh{};
  std::memcpy(eh.e_ident, ELF::ElfMagic, 4);
  eh.e_ident[ELF::EI_CLASS] = ELF::ELFCLASS64;
  eh.e_ident[ELF::EI_DATA] = ELF::ELFDATA2LSB;
  eh.e_ident[ELF::EI_VERSION] = ELF::EV_CURRENT;
  eh.e_ident[ELF::EI_OSABI] = ELF::ELFOSABI_NONE;
  eh.e_type = ELF::ET_REL;
  eh.e_machine = ELF::EM_X86_64;
  eh.e_version = ELF::EV_CURRENT;
  eh.e_shoff = shoff;
  eh.e_ehsize = sizeof(ELF::Elf64_Ehdr);
  eh.e_shentsize = sizeof(ELF::Elf64_Shdr);
  eh.e_shnum = (uint16_t)shnum;
  eh.e_shstrndx = (uint16_t)shstrndx;
  put(out, 0, &eh, sizeof eh);

  // Contents: every chunk at its offset; padding stays zero.
  for (const OutputSection& os : ctx.outputSections) {
    if (os.sh_type == ELF::SHT_NOBITS) continue;
    for (const Chunk& c : os.chunks) {
      if (c.file == kSyntheticFile) {
        const auto& bytes = ctx.request->synthetic[c.index].contents;
        put(out, os.sh_offset + ctx.synthetic[c.index].outputOffset, bytes.data(), bytes.size());
      } else {
        const InputSection& is = ctx.files[c.file].sections[c.index];
        put(out, os.sh_offset + is.outputOffset, is.data.data(), is.data.size());
      }
    }
  }
  for (const WriterSection& w : extra) put(out, w.shdr.sh_offset, w.data, w.shdr.sh_size);

  // Section header table.
  std::vector<ELF::Elf64_Shdr> shdrs(shnum);
  for (uint32_t i = 0; i < sectionCount; ++i) {
    const OutputSection& os = ctx.outputSections[i];
    ELF::Elf64_Shdr& h = shdrs[os.shndx];
    h.sh_name = nameOf[i];
    h.sh_type = os.sh_type;
    h.sh_flags = os.sh_flags;
    h.sh_offset = os.sh_offset;
    h.sh_size = os.sh_size;
    h.sh_addralign = os.sh_addralign;
    h.sh_entsize = os.sh_entsize;
  }
  for (uint32_t j = 0; j < extra.size(); ++j) shdrs[firstExtra + j] = extra[j].shdr;
  put(out, shoff, shdrs.data(), shdrs.size() * sizeof(ELF::Elf64_Shdr));

  ctx.outputSectionCount = shnum - 1;
  return Error::success();
}

}  // namespace sk::linker
