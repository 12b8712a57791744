// parseInputs: opens every input with llvm::object::ELFFile, checks that it is an ELF64 LE
// x86-64 ET_REL, and decides which of its sections reach the output: SHF_ALLOC sections are
// kept (each with its SHT_RELA), everything else is dropped (SHT_GROUP, .llvm_addrsig,
// .comment, .note.GNU-stack, .debug_* and their relocations).
#include <cstring>

#include "context.h"
#include "sk/error.h"
#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"  // SK_METADATA_SECTION

namespace sk::linker {

using namespace llvm;

namespace {

Error malformed(const InputObject& in, const Twine& what) {
  return inputError(in.name + ": truncated or malformed ELF object: " + what +
                    ": pass the .o produced by clang-19 -c");
}
Error malformed(const InputObject& in, Error e) { return malformed(in, toString(std::move(e))); }

// The ELF header fields the rest of the linker relies on.
Error checkHeader(const InputObject& in) {
  StringRef b = in.bytes.getBuffer();
  if (b.size() < 4 || std::memcmp(b.data(), ELF::ElfMagic, 4) != 0)
    return inputError(in.name + ": not an ELF object (no \\x7fELF magic): pass the .o produced by clang-19 -c");
  if (b.size() < sizeof(ELF::Elf64_Ehdr))
    return malformed(in, Twine(b.size()) + " bytes, shorter than the 64-byte ELF64 header");
  ELF::Elf64_Ehdr h;
  std::memcpy(&h, b.data(), sizeof h);
  if (h.e_ident[ELF::EI_CLASS] != ELF::ELFCLASS64)
    return inputError(in.name + ": not an ELF64 object (EI_CLASS " + Twine(h.e_ident[ELF::EI_CLASS]) +
                      "): kernels are compiled for x86-64");
  if (h.e_ident[ELF::EI_DATA] != ELF::ELFDATA2LSB)
    return inputError(in.name + ": not a little-endian ELF object: kernels are compiled for x86-64");
  if (h.e_type != ELF::ET_REL)
    return inputError(in.name + ": not a relocatable object (e_type " + Twine(h.e_type) +
                      ", expected ET_REL = 1): pass the .o produced by clang-19 -c, not a linked binary");
  if (h.e_machine != ELF::EM_X86_64)
    return inputError(in.name + ": e_machine is " + Twine(h.e_machine) +
                      ", expected EM_X86_64 (62): kernels are compiled for the host ISA");
  return Error::success();
}

bool isPowerOf2OrZero(uint64_t x) { return (x & (x - 1)) == 0; }

// Sections of a kernel never need more than a page of alignment; more would make the output
// layout (and its size) absurd.
constexpr uint64_t kMaxSectionAlignment = 4096;

// Names, and the keep/drop decision for everything but relocation sections.
Error classifySections(Context& ctx, InputFile& f, ArrayRef<InputShdr> sections, StringRef shstrtab) {
  const InputObject& in = *f.object;
  for (uint32_t i = 0; i < sections.size(); ++i) {
    const InputShdr& s = sections[i];
    InputSection& is = f.sections[i];
    is.shdr = &s;
    auto name = f.elf.getSectionName(s, shstrtab);
    if (!name) return malformed(in, name.takeError());
    is.name = *name;
    switch (s.sh_type) {
      case ELF::SHT_SYMTAB:
        if (f.symtabIndex) return malformed(in, "two SHT_SYMTAB sections");
        f.symtabIndex = i;
        continue;
      case ELF::SHT_GROUP:
        ++ctx.comdatGroupsDropped;  // members stay, namespaced per input like any section
        continue;
      case ELF::SHT_NULL:
      case ELF::SHT_REL:
      case ELF::SHT_RELA:
      case ELF::SHT_STRTAB:
      case ELF::SHT_SYMTAB_SHNDX:
        continue;
      default:
        break;
    }
    if (!(s.sh_flags & ELF::SHF_ALLOC)) continue;  // .comment, .note.GNU-stack, .llvm_addrsig, .debug_*
    if (is.name == SK_METADATA_SECTION) continue;  // a sub-kernel's own metadata (allocated when not built by sk_cc)
    if (!isPowerOf2OrZero(s.sh_addralign))
      return malformed(in, "section " + is.name + ": sh_addralign " + Twine(s.sh_addralign) + " is not a power of 2");
    if (s.sh_addralign > kMaxSectionAlignment)
      return malformed(in, "section " + is.name + ": sh_addralign " + Twine(s.sh_addralign) + " exceeds " +
                               Twine(kMaxSectionAlignment) + " (a page)");
    if (s.sh_type != ELF::SHT_NOBITS) {
      auto data = f.elf.getSectionContents(s);
      if (!data) return malformed(in, data.takeError());
      is.data = *data;
    }
    is.kept = true;
  }
  return Error::success();
}

// Relocation sections follow their target: kept with it or dropped with it.
Error attachRelocations(InputFile& f, ArrayRef<InputShdr> sections) {
  const InputObject& in = *f.object;
  for (uint32_t i = 0; i < sections.size(); ++i) {
    const InputShdr& s = sections[i];
    if (s.sh_type != ELF::SHT_RELA && s.sh_type != ELF::SHT_REL) continue;
    if (s.sh_info >= sections.size()) return malformed(in, "section " + f.sections[i].name + ": sh_info out of range");
    InputSection& target = f.sections[s.sh_info];
    if (!target.kept) continue;
    if (s.sh_type == ELF::SHT_REL)
      return inputError(in.name + ": section " + f.sections[i].name +
                        ": SHT_REL relocations are not supported (x86-64 objects use SHT_RELA)");
    if (s.sh_link != f.symtabIndex || !f.symtabIndex)
      return malformed(in, "section " + f.sections[i].name + ": sh_link is not the .symtab");
    if (target.rela) return malformed(in, "section " + target.name + " has two SHT_RELA sections");
    target.rela = &s;
  }
  return Error::success();
}

Error readSymbolTable(InputFile& f, ArrayRef<InputShdr> sections) {
  if (!f.symtabIndex) return Error::success();
  const InputObject& in = *f.object;
  const InputShdr& symtab = sections[f.symtabIndex];
  auto syms = f.elf.symbols(&symtab);
  if (!syms) return malformed(in, syms.takeError());
  f.symbols = *syms;
  auto strtab = f.elf.getStringTableForSymtab(symtab, sections);
  if (!strtab) return malformed(in, strtab.takeError());
  f.strtab = *strtab;
  for (const InputShdr& s : sections) {
    if (s.sh_type != ELF::SHT_SYMTAB_SHNDX || s.sh_link != f.symtabIndex) continue;
    auto table = f.elf.getSHNDXTable(s, sections);
    if (!table) return malformed(in, table.takeError());
    f.shndxTable = *table;
  }
  return Error::success();
}

// classify_sections → attach_relocations → read_symbol_table.
Error parseFile(Context& ctx, InputFile& f) {
  const InputObject& in = *f.object;
  auto sections = f.elf.sections();
  if (!sections) return malformed(in, sections.takeError());
  auto shstrtab = f.elf.getSectionStringTable(*sections);
  if (!shstrtab) return malformed(in, shstrtab.takeError());
  f.sections.resize(sections->size());
  if (Error e = classifySections(ctx, f, *sections, *shstrtab)) return e;
  if (Error e = attachRelocations(f, *sections)) return e;
  return readSymbolTable(f, *sections);
}

}  // namespace

Error parseInputs(Context& ctx) {
  ctx.files.reserve(ctx.request->inputs.size());
  for (const InputObject& in : ctx.request->inputs) {
    if (Error e = checkHeader(in)) return e;
    auto elf = object::ELFFile<ELFT>::create(in.bytes.getBuffer());
    if (!elf) return malformed(in, elf.takeError());
    ctx.files.emplace_back(in, std::move(*elf));
    if (Error e = parseFile(ctx, ctx.files.back())) return e;
  }
  return Error::success();
}

}  // namespace sk::linker
