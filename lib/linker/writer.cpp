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

// Everything the writer decides before it writes a byte.
struct Layout {
  uint32_t sectionCount = 0, relaCount = 0, shnum = 0;
  uint32_t firstExtra = 0, symtabIndex = 0, shstrndx = 0;
  StringTable shstrtab, strtab;
  std::vector<uint32_t> nameOf, relaNameOf;  // per output section
  std::vector<ELF::Elf64_Sym> symtab;
  std::vector<WriterSection> extra;  // in section header order after the output sections
  uint64_t shoff = 0, total = 0;
};

Error countSections(const Context& ctx, Layout& L) {
  L.sectionCount = (uint32_t)ctx.outputSections.size();
  for (const OutputSection& os : ctx.outputSections) L.relaCount += !os.relocations.empty();
  L.shnum = 1 + L.sectionCount + L.relaCount + 4;
  if (L.shnum >= ELF::SHN_LORESERVE)
    return inputError("the output would have " + Twine(L.shnum) + " sections, more than ELF's " +
                      Twine(ELF::SHN_LORESERVE - 1) + " without extended section indices");
  L.firstExtra = 1 + L.sectionCount;
  L.symtabIndex = L.firstExtra + L.relaCount + 1;
  return Error::success();
}

// Section names: ".rela.text" also provides ".text" (its tail), as assemblers do.
void nameSections(const Context& ctx, Layout& L) {
  L.nameOf.resize(L.sectionCount);
  L.relaNameOf.resize(L.sectionCount);
  for (uint32_t i = 0; i < L.sectionCount; ++i) {
    const OutputSection& os = ctx.outputSections[i];
    if (!os.relocations.empty()) {
      L.relaNameOf[i] = (uint32_t)L.shstrtab.bytes.size();
      L.shstrtab.bytes += ".rela";
    }
    L.nameOf[i] = L.shstrtab.add(os.name);
  }
}

// .symtab: the null symbol, one section symbol per output section, locals, then globals.
void buildSymtab(const Context& ctx, Layout& L) {
  L.symtab.reserve(1 + L.sectionCount + ctx.locals.size() + ctx.globals.size());
  L.symtab.push_back({});
  for (const OutputSection& os : ctx.outputSections)
    L.symtab.push_back(makeSymbol(0, ELF::STB_LOCAL << 4 | ELF::STT_SECTION, 0, (uint16_t)os.shndx, 0, 0));
  for (const auto* list : {&ctx.locals, &ctx.globals})
    for (const OutputSymbol& s : *list)
      L.symtab.push_back(makeSymbol(L.strtab.add(s.name), s.st_info, s.st_other, s.st_shndx, s.st_value, s.st_size));
}

WriterSection writerSection(uint32_t name, uint32_t type, uint64_t size, uint64_t align, const void* data) {
  WriterSection w;
  w.shdr.sh_name = name;
  w.shdr.sh_type = type;
  w.shdr.sh_size = size;
  w.shdr.sh_addralign = align;
  w.data = data;
  return w;
}

// .rela<name> per output section with relocations, .note.GNU-stack, .symtab, .strtab, .shstrtab.
void addWriterSections(const Context& ctx, Layout& L) {
  L.extra.reserve(L.relaCount + 4);
  for (uint32_t i = 0; i < L.sectionCount; ++i) {
    const OutputSection& os = ctx.outputSections[i];
    if (os.relocations.empty()) continue;
    WriterSection w = writerSection(L.relaNameOf[i], ELF::SHT_RELA, os.relocations.size() * sizeof(ELF::Elf64_Rela),
                                    8, os.relocations.data());
    w.shdr.sh_flags = ELF::SHF_INFO_LINK;
    w.shdr.sh_link = L.symtabIndex;
    w.shdr.sh_info = os.shndx;
    w.shdr.sh_entsize = sizeof(ELF::Elf64_Rela);
    L.extra.push_back(w);
  }
  // An empty .note.GNU-stack: the object does not need an executable stack.
  L.extra.push_back(writerSection(L.shstrtab.add(".note.GNU-stack"), ELF::SHT_PROGBITS, 0, 1, nullptr));
  WriterSection sym = writerSection(L.shstrtab.add(".symtab"), ELF::SHT_SYMTAB,
                                    L.symtab.size() * sizeof(ELF::Elf64_Sym), 8, L.symtab.data());
  sym.shdr.sh_link = L.symtabIndex + 1;  // .strtab
  sym.shdr.sh_info = ctx.firstGlobal;    // one past the last STB_LOCAL
  sym.shdr.sh_entsize = sizeof(ELF::Elf64_Sym);
  L.extra.push_back(sym);
  L.extra.push_back(writerSection(L.shstrtab.add(".strtab"), ELF::SHT_STRTAB, L.strtab.bytes.size(), 1,
                                  L.strtab.bytes.data()));
  uint32_t shstrtabName = L.shstrtab.add(".shstrtab");  // names are complete after this one
  L.extra.push_back(writerSection(shstrtabName, ELF::SHT_STRTAB, L.shstrtab.bytes.size(), 1, L.shstrtab.bytes.data()));
  L.shstrndx = L.firstExtra + (uint32_t)L.extra.size() - 1;
}

// File offsets: ELF header, output sections (each at its alignment), writer sections, headers.
void assignOffsets(Context& ctx, Layout& L) {
  uint64_t offset = sizeof(ELF::Elf64_Ehdr);
  for (OutputSection& os : ctx.outputSections) {
    offset = alignTo(offset, os.sh_addralign);
    os.sh_offset = offset;
    if (os.sh_type != ELF::SHT_NOBITS) offset += os.sh_size;
  }
  for (WriterSection& w : L.extra) {
    offset = alignTo(offset, w.shdr.sh_addralign);
    w.shdr.sh_offset = offset;
    offset += w.shdr.sh_size;
  }
  L.shoff = alignTo(offset, 8);
  L.total = L.shoff + (uint64_t)L.shnum * sizeof(ELF::Elf64_Shdr);
}

void writeElfHeader(std::vector<uint8_t>& out, const Layout& L) {
  ELF::Elf64_Ehdr eh{};
  std::memcpy(eh.e_ident, ELF::ElfMagic, 4);
  eh.e_ident[ELF::EI_CLASS] = ELF::ELFCLASS64;
  eh.e_ident[ELF::EI_DATA] = ELF::ELFDATA2LSB;
  eh.e_ident[ELF::EI_VERSION] = ELF::EV_CURRENT;
  eh.e_ident[ELF::EI_OSABI] = ELF::ELFOSABI_NONE;
  eh.e_type = ELF::ET_REL;
  eh.e_machine = ELF::EM_X86_64;
  eh.e_version = ELF::EV_CURRENT;
  eh.e_shoff = L.shoff;
  eh.e_ehsize = sizeof(ELF::Elf64_Ehdr);
  eh.e_shentsize = sizeof(ELF::Elf64_Shdr);
  eh.e_shnum = (uint16_t)L.shnum;
  eh.e_shstrndx = (uint16_t)L.shstrndx;
  put(out, 0, &eh, sizeof eh);
}

// Contents: every chunk at its offset; padding stays zero.
void copyContents(const Context& ctx, const Layout& L, std::vector<uint8_t>& out) {
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
  for (const WriterSection& w : L.extra) put(out, w.shdr.sh_offset, w.data, w.shdr.sh_size);
}

void writeSectionHeaders(const Context& ctx, const Layout& L, std::vector<uint8_t>& out) {
  std::vector<ELF::Elf64_Shdr> shdrs(L.shnum);
  for (uint32_t i = 0; i < L.sectionCount; ++i) {
    const OutputSection& os = ctx.outputSections[i];
    ELF::Elf64_Shdr& h = shdrs[os.shndx];
    h.sh_name = L.nameOf[i];
    h.sh_type = os.sh_type;
    h.sh_flags = os.sh_flags;
    h.sh_offset = os.sh_offset;
    h.sh_size = os.sh_size;
    h.sh_addralign = os.sh_addralign;
    h.sh_entsize = os.sh_entsize;
  }
  for (uint32_t j = 0; j < L.extra.size(); ++j) shdrs[L.firstExtra + j] = L.extra[j].shdr;
  put(out, L.shoff, shdrs.data(), shdrs.size() * sizeof(ELF::Elf64_Shdr));
}

}  // namespace

// count_sections → name_sections → build_symtab → add_writer_sections → assign_offsets →
// write_elf_header → copy_contents → write_section_headers.
Error writeOutput(Context& ctx) {
  Layout L;
  if (Error e = countSections(ctx, L)) return e;
  nameSections(ctx, L);
  buildSymtab(ctx, L);
  addWriterSections(ctx, L);
  assignOffsets(ctx, L);
  std::vector<uint8_t>& out = ctx.output;
  out.assign(L.total, 0);
  writeElfHeader(out, L);
  copyContents(ctx, L, out);
  writeSectionHeaders(ctx, L, out);
  ctx.outputSectionCount = L.shnum - 1;
  return Error::success();
}

}  // namespace sk::linker
