// rewriteRelocations: every SHT_RELA of a kept input section, and every synthetic relocation,
// becomes an entry of its output section's .rela<name>: r_offset moves with the input section,
// r_sym becomes the output symbol index, and a relocation against an STT_SECTION symbol is
// redirected to the output section's symbol with r_addend increased by the input section's
// offset inside it.
#include "context.h"
#include "llvm/Support/Format.h"
#include "sk/error.h"
#include "sk/text.h"

namespace sk::linker {

using namespace llvm;

bool relocationSupported(uint32_t type, uint32_t* size) {
  switch (type) {
    case ELF::R_X86_64_NONE: *size = 0; return true;
    case ELF::R_X86_64_64: *size = 8; return true;
    case ELF::R_X86_64_PC32: *size = 4; return true;
    case ELF::R_X86_64_PLT32: *size = 4; return true;
    case ELF::R_X86_64_GOTPCREL: *size = 4; return true;
    case ELF::R_X86_64_GOTPCRELX: *size = 4; return true;
    case ELF::R_X86_64_REX_GOTPCRELX: *size = 4; return true;
    case ELF::R_X86_64_PC64: *size = 8; return true;
    default: return false;
  }
}

const char* relocationFix(uint32_t type) {
  switch (type) {
    case ELF::R_X86_64_DTPMOD64: case ELF::R_X86_64_DTPOFF64: case ELF::R_X86_64_TPOFF64:
    case ELF::R_X86_64_TLSGD: case ELF::R_X86_64_TLSLD: case ELF::R_X86_64_DTPOFF32:
    case ELF::R_X86_64_GOTTPOFF: case ELF::R_X86_64_TPOFF32: case ELF::R_X86_64_GOTPC32_TLSDESC:
    case ELF::R_X86_64_TLSDESC_CALL: case ELF::R_X86_64_TLSDESC:
      return "kernels may not use thread_local";
    case ELF::R_X86_64_GOTOFF64: case ELF::R_X86_64_GOTPC32: case ELF::R_X86_64_GOT64:
    case ELF::R_X86_64_GOTPCREL64: case ELF::R_X86_64_GOTPC64: case ELF::R_X86_64_GOTPLT64:
    case ELF::R_X86_64_PLTOFF64: case ELF::R_X86_64_SIZE32: case ELF::R_X86_64_SIZE64:
      return "compile with -fPIC and the small code model (no -mcmodel=large)";
    default:
      return "compile with -fPIC";
  }
}

StringRef relocationTypeName(uint32_t type) { return object::getELFRelocationTypeName(ELF::EM_X86_64, type); }
StringRef sectionTypeName(uint32_t sh_type) { return object::getELFSectionTypeName(ELF::EM_X86_64, sh_type); }

namespace {

using sk::hexAddress;

// The input symbol's name for messages (a section symbol is named after its section).
std::string symbolName(const InputFile& f, uint32_t index) {
  const InputSym& s = f.symbols[index];
  if (s.getType() == ELF::STT_SECTION && s.st_shndx < f.sections.size()) return f.sections[s.st_shndx].name.str();
  auto name = s.getName(f.strtab);
  if (!name) {
    consumeError(name.takeError());
    return "#" + std::to_string(index);
  }
  return name->str();
}

Error rewriteSection(Context& ctx, InputFile& f, const InputSection& is) {
  auto relas = f.elf.relas(*is.rela);
  if (!relas)
    return inputError(f.name() + ": truncated or malformed ELF object: section .rela" + is.name + ": " +
                      toString(relas.takeError()));
  OutputSection& os = ctx.outputSections[is.outputSection];
  const uint64_t sectionSize = is.shdr->sh_size;
  for (const InputRela& r : *relas) {
    uint32_t type = r.getType(false), sym = r.getSymbol(false), size = 0;
    if (sym >= f.symbols.size() && sym != 0)
      return inputError(f.name() + ": truncated or malformed ELF object: section " + is.name + ": relocation at " +
                        hexAddress(r.r_offset) + " refers to symbol " + Twine(sym) + ", past the end of .symtab");
    if (!relocationSupported(type, &size))
      return inputError(f.name() + ": section " + is.name + ": relocation " + relocationTypeName(type) +
                        " is not supported: " + relocationFix(type) + " (offset " + hexAddress(r.r_offset) + ", symbol '" +
                        symbolName(f, sym) + "')");
    if (r.r_offset > sectionSize || sectionSize - r.r_offset < size)
      return inputError(f.name() + ": truncated or malformed ELF object: section " + is.name + ": relocation at " +
                        hexAddress(r.r_offset) + " patches bytes past the end of the section");
    ELF::Elf64_Rela out;
    out.r_offset = r.r_offset + is.outputOffset;
    out.r_addend = r.r_addend;
    uint32_t outSym = 0;
    SymbolRef ref = sym ? f.symbolRefs[sym] : SymbolRef{};
    switch (ref.kind) {
      case SymbolKind::Null:
        break;
      case SymbolKind::Section: {
        const InputSection& target = f.sections[ref.index];
        outSym = ctx.outputSections[target.outputSection].shndx;  // section symbol i has index i
        out.r_addend += (int64_t)target.outputOffset;
        break;
      }
      case SymbolKind::Local:
        outSym = ctx.firstLocal + ref.index;
        break;
      case SymbolKind::Global:
        outSym = ctx.firstGlobal + ref.index;
        break;
      case SymbolKind::Dropped:
        return inputError(f.name() + ": section " + is.name + ": relocation at " + hexAddress(r.r_offset) + " refers to '" +
                          symbolName(f, sym) + "', which is in a section the linker drops (not SHF_ALLOC)");
    }
    out.setSymbolAndType(outSym, type);
    os.relocations.push_back(out);
  }
  return Error::success();
}

}  // namespace

Error rewriteRelocations(Context& ctx) {
  for (InputFile& f : ctx.files)
    for (const InputSection& is : f.sections)
      if (is.kept && is.rela)
        if (Error e = rewriteSection(ctx, f, is)) return e;

  for (uint32_t k = 0; k < ctx.synthetic.size(); ++k) {
    const SyntheticSection& ss = ctx.request->synthetic[k];
    const SyntheticChunk& sc = ctx.synthetic[k];
    OutputSection& os = ctx.outputSections[sc.outputSection];
    for (uint32_t j = 0; j < ss.relocs.size(); ++j) {
      const SymbolRef& ref = sc.relocTargets[j];
      ELF::Elf64_Rela out;
      out.r_offset = ss.relocs[j].offset + sc.outputOffset;
      out.r_addend = ss.relocs[j].addend;
      out.setSymbolAndType(ref.kind == SymbolKind::Local ? ctx.firstLocal + ref.index : ctx.firstGlobal + ref.index,
                           ss.relocs[j].type);
      os.relocations.push_back(out);
    }
  }
  return Error::success();
}

}  // namespace sk::linker
