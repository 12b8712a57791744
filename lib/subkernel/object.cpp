// The kernel compile contract (docs/architecture.md §3.1) checked on a sub-kernel's object, the entry symbol,
// and reading a whole sub-kernel (.o + .json). See docs/metadata.md for every message.
#include <algorithm>

#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "sk/error.h"
#include "sk/file_io.h"
#include "sk/text.h"
#include "sk/subkernel.h"

#include "sk/device_imports.h"
#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"  // SK_METADATA_SECTION

namespace sk::subkernel {

namespace {

using ELFT = llvm::object::ELF64LE;
using ObjectFile = llvm::object::ELFObjectFile<ELFT>;
using Shdr = ELFT::Shdr;
using Sym = ELFT::Sym;

constexpr const char* kTlsFix = "thread_local is not supported in kernels: per-core state comes from intrinsics";

llvm::Error notValid(const std::string& origin, const llvm::Twine& reason) {
  return sk::inputError(origin + ": not a valid ELF64 relocatable object: " + reason);
}

// LLVM's reason for a malformed object, as a message naming the file.
llvm::Error corrupt(const std::string& origin, llvm::Error err) {
  return notValid(origin, llvm::toString(std::move(err)));
}

std::string machineName(uint16_t m) {
  switch (m) {
    case llvm::ELF::EM_386: return "EM_386 (i386)";
    case llvm::ELF::EM_ARM: return "EM_ARM";
    case llvm::ELF::EM_AARCH64: return "EM_AARCH64";
    case llvm::ELF::EM_RISCV: return "EM_RISCV";
    case llvm::ELF::EM_PPC64: return "EM_PPC64";
    case llvm::ELF::EM_NONE: return "EM_NONE";
    default: return "machine " + std::to_string(m);
  }
}

std::string typeName(uint16_t t) {
  switch (t) {
    case llvm::ELF::ET_NONE: return "ET_NONE";
    case llvm::ELF::ET_EXEC: return "ET_EXEC (an executable)";
    case llvm::ELF::ET_DYN: return "ET_DYN (a shared object or PIE executable)";
    case llvm::ELF::ET_CORE: return "ET_CORE (a core dump)";
    default: return "e_type " + std::to_string(t);
  }
}

// Opens `object` as an x86-64 ELF64 LE relocatable object: identification, LLVM's structural
// validation, machine and e_type.
llvm::Expected<ObjectFile> openObject(llvm::MemoryBufferRef object, const std::string& origin) {
  llvm::StringRef bytes = object.getBuffer();
  if (bytes.size() < 4 || !bytes.starts_with("\x7f" "ELF"))
    return notValid(origin, "no ELF magic (\\x7fELF) at the start of the file: expected a kernel object "
                            "compiled with clang-19 -c");
  if (bytes.size() < llvm::ELF::EI_NIDENT)
    return notValid(origin, "file is truncated (" + llvm::Twine(bytes.size()) + " bytes, shorter than e_ident)");
  uint8_t cls = static_cast<uint8_t>(bytes[llvm::ELF::EI_CLASS]);
  uint8_t data = static_cast<uint8_t>(bytes[llvm::ELF::EI_DATA]);
  if (cls != llvm::ELF::ELFCLASS64)
    return sk::inputError(origin + ": ELF class is " + (cls == llvm::ELF::ELFCLASS32 ? "ELF32" : "invalid") +
                          ", expected ELF64 x86-64: compile for the host ISA (no -m32, no --target)");
  if (data != llvm::ELF::ELFDATA2LSB)
    return sk::inputError(origin + ": ELF data encoding is " +
                          (data == llvm::ELF::ELFDATA2MSB ? "big-endian" : "invalid") +
                          ", expected little-endian x86-64: compile for the host ISA (no --target)");

  auto obj = ObjectFile::create(object);
  if (!obj) return corrupt(origin, obj.takeError());
  const auto& header = obj->getELFFile().getHeader();
  if (header.e_machine != llvm::ELF::EM_X86_64)
    return sk::inputError(origin + ": e_machine is " + machineName(header.e_machine) +
                          ", expected EM_X86_64: kernels are compiled for the host ISA (no --target)");
  if (header.e_type != llvm::ELF::ET_REL)
    return sk::inputError(origin + ": e_type is " + typeName(header.e_type) +
                          ", expected ET_REL (a relocatable object): compile with -c");
  // Touch every section header once so that a truncated or corrupt table fails here.
  if (auto sections = obj->getELFFile().sections(); !sections) return corrupt(origin, sections.takeError());
  return std::move(*obj);
}

// The symbol table of an object (null when it has none) and its string table.
struct SymbolTable {
  const Shdr* symtab = nullptr;
  llvm::StringRef strtab;
};

llvm::Expected<SymbolTable> findSymbolTable(const ObjectFile& obj, const std::string& origin) {
  const auto& ef = obj.getELFFile();
  auto sections = ef.sections();
  if (!sections) return corrupt(origin, sections.takeError());
  SymbolTable t;
  for (const Shdr& s : *sections)
    if (s.sh_type == llvm::ELF::SHT_SYMTAB) {
      // Entry 0 is the null symbol, which the readers skip: an empty table is damaged (found by
      // tests/fuzz/fuzz_object).
      if (s.sh_size < sizeof(Sym)) return notValid(origin, "the symbol table is empty (not even the null symbol)");
      t.symtab = &s;
      auto strtab = ef.getStringTableForSymtab(s);
      if (!strtab) return corrupt(origin, strtab.takeError());
      t.strtab = *strtab;
      break;
    }
  return t;
}

bool isTlsRelocation(uint32_t type) {
  using namespace llvm::ELF;
  switch (type) {
    case R_X86_64_DTPMOD64: case R_X86_64_DTPOFF64: case R_X86_64_TPOFF64: case R_X86_64_TLSGD:
    case R_X86_64_TLSLD: case R_X86_64_DTPOFF32: case R_X86_64_GOTTPOFF: case R_X86_64_TPOFF32:
    case R_X86_64_GOTPC32_TLSDESC: case R_X86_64_TLSDESC_CALL: case R_X86_64_TLSDESC:
      return true;
    default:
      return false;
  }
}

// The relocations a -fPIC small-model object needs (what clang-19 -O2 -fPIC emits; docs/linker.md).
bool isSupportedRelocation(uint32_t type) {
  using namespace llvm::ELF;
  switch (type) {
    case R_X86_64_NONE: case R_X86_64_64: case R_X86_64_PC32: case R_X86_64_PLT32:
    case R_X86_64_GOTPCREL: case R_X86_64_GOTPCRELX: case R_X86_64_REX_GOTPCRELX: case R_X86_64_PC64:
      return true;
    default:
      return false;
  }
}

// The bytes a supported relocation patches.
uint64_t patchBytes(uint32_t type) {
  using namespace llvm::ELF;
  return type == R_X86_64_NONE ? 0 : type == R_X86_64_64 || type == R_X86_64_PC64 ? 8 : 4;
}

bool isLargeModelRelocation(uint32_t type) {
  using namespace llvm::ELF;
  return type == R_X86_64_GOT64 || type == R_X86_64_GOTOFF64 || type == R_X86_64_GOTPC64 ||
         type == R_X86_64_GOTPCREL64 || type == R_X86_64_GOTPLT64 || type == R_X86_64_PLTOFF64;
}

// Sections that run code before or after the kernel (LLVM 19's JITLink drops .init_array
// silently: the constructors would never run). Returns the fix, or null.
const char* initFiniFix(const Shdr& s, llvm::StringRef name) {
  auto is = [&](llvm::StringRef base) { return name == base || name.starts_with((base + ".").str()); };
  if (s.sh_type == llvm::ELF::SHT_INIT_ARRAY || s.sh_type == llvm::ELF::SHT_PREINIT_ARRAY ||
      is(".init_array") || is(".preinit_array") || is(".ctors"))
    return "remove global constructors (namespace-scope objects with dynamic initialisation)";
  if (s.sh_type == llvm::ELF::SHT_FINI_ARRAY || is(".fini_array") || is(".dtors"))
    return "remove global destructors (namespace-scope objects with non-trivial destructors)";
  return nullptr;
}

// How a relocation names its target in messages: the symbol, or the section of a section symbol.
std::string relocationTarget(const llvm::object::ELFFile<ELFT>& ef, const Shdr* symtab,
                             llvm::StringRef strtab, uint32_t symIndex) {
  if (!symtab || symIndex == 0) return "";
  auto sym = ef.getSymbol(symtab, symIndex);
  if (!sym) {
    llvm::consumeError(sym.takeError());
    return "";
  }
  if ((*sym)->getType() == llvm::ELF::STT_SECTION) {
    auto sec = ef.getSection((*sym)->st_shndx);
    if (!sec) {
      llvm::consumeError(sec.takeError());
      return "";
    }
    auto name = ef.getSectionName(**sec);
    if (!name) {
      llvm::consumeError(name.takeError());
      return "";
    }
    return name->str();
  }
  auto name = (*sym)->getName(strtab);
  if (!name) {
    llvm::consumeError(name.takeError());
    return "";
  }
  return "'" + name->str() + "'";
}

using sk::hexAddress;

// Whether the loader allocates the section: JITLink leaves the others (SHT_NULL, no SHF_ALLOC) out.
bool isLoaded(const Shdr& s) { return s.sh_type != llvm::ELF::SHT_NULL && (s.sh_flags & llvm::ELF::SHF_ALLOC); }

// Relocations: SHT_RELA only (JITLink's x86-64 ELF reader rejects SHT_REL and does not know
// SHT_CREL); in the SHF_ALLOC sections the loader applies. Non-alloc sections (.debug_*) are
// never loaded, so their R_X86_64_32 relocations from -g are harmless and not checked.
llvm::Error checkRelocations(const ObjectFile& obj, const SymbolTable& st, const std::string& origin) {
  const auto& ef = obj.getELFFile();
  auto sections = ef.sections();
  if (!sections) return corrupt(origin, sections.takeError());
  for (const Shdr& rs : *sections) {
    if (rs.sh_type == llvm::ELF::SHT_REL || rs.sh_type == llvm::ELF::SHT_CREL ||
        rs.sh_type == llvm::ELF::SHT_ANDROID_REL || rs.sh_type == llvm::ELF::SHT_ANDROID_RELA) {
      auto name = ef.getSectionName(rs);
      std::string sectionName = name ? name->str() : "?";
      if (!name) llvm::consumeError(name.takeError());
      if (rs.sh_type == llvm::ELF::SHT_CREL)
        return sk::inputError(origin + ": relocation section " + sectionName +
                              " is compressed (SHT_CREL): the kernel loader reads only SHT_RELA; drop -Wa,--crel");
      return sk::inputError(origin + ": relocation section " + sectionName + " is not SHT_RELA (sh_type " +
                            hexAddress(rs.sh_type) + "): x86-64 kernel objects carry SHT_RELA relocations only");
    }
    if (rs.sh_type != llvm::ELF::SHT_RELA) continue;
    if (rs.sh_info >= sections->size())
      return notValid(origin, "relocation section sh_info " + llvm::Twine(rs.sh_info) + " is out of range");
    const Shdr& target = (*sections)[rs.sh_info];
    if (!(target.sh_flags & llvm::ELF::SHF_ALLOC)) continue;
    auto targetName = ef.getSectionName(target);
    if (!targetName) return corrupt(origin, targetName.takeError());

    auto check = [&](uint32_t type, uint64_t offset, uint32_t symIndex) -> llvm::Error {
      if (isSupportedRelocation(type)) return llvm::Error::success();
      std::string typeStr = llvm::object::getELFRelocationTypeName(llvm::ELF::EM_X86_64, type).str();
      if (typeStr == "Unknown") typeStr = "type " + std::to_string(type);
      std::string against = relocationTarget(ef, st.symtab, st.strtab, symIndex);
      std::string where = " in section " + targetName->str() + " at offset " + hexAddress(offset) +
                          (against.empty() ? "" : " against " + against);
      if (isTlsRelocation(type))
        return sk::inputError(origin + ": relocation " + typeStr + where + ": " + kTlsFix);
      if (type == llvm::ELF::R_X86_64_32 || type == llvm::ELF::R_X86_64_32S)
        return sk::inputError(origin + ": " + typeStr + ": compile with -fPIC (absolute 32-bit address" + where +
                              "; kernels are loaded anywhere in the 64-bit address space)");
      if (isLargeModelRelocation(type))
        return sk::inputError(origin + ": unsupported relocation " + typeStr + where +
                              ": compile with the small code model (drop -mcmodel=large/medium) and -fPIC");
      return sk::inputError(origin + ": unsupported relocation " + typeStr + where +
                            ": the kernel contract allows only -fPIC small-code-model relocations (R_X86_64_64, "
                            "PC32, PLT32, GOTPCREL, GOTPCRELX, REX_GOTPCRELX, PC64, NONE)");
    };

    // What the loader would patch must lie in the section, against a symbol that exists: JITLink
    // trusts both (a relocation past .text writes past its allocation; found by hand and by
    // tests/fuzz/fuzz_load_binary).
    uint64_t symbols = st.symtab ? st.symtab->sh_size / sizeof(Sym) : 0;
    auto relas = ef.relas(rs);
    if (!relas) return corrupt(origin, relas.takeError());
    for (const auto& r : *relas) {
      if (auto err = check(r.getType(false), r.r_offset, r.getSymbol(false))) return err;
      uint64_t bytes = patchBytes(r.getType(false));
      if (target.sh_type == llvm::ELF::SHT_NOBITS || r.r_offset > target.sh_size || bytes > target.sh_size - r.r_offset)
        return notValid(origin, "section " + targetName->str() + ": relocation at " + hexAddress(r.r_offset) +
                                    " patches bytes past the end of the section (" + hexAddress(target.sh_size) + " bytes)");
      if (r.getSymbol(false) >= symbols)
        return notValid(origin, "section " + targetName->str() + ": relocation at " + hexAddress(r.r_offset) +
                                    " names symbol " + std::to_string(r.getSymbol(false)) + " of " + std::to_string(symbols));
      // What a loaded section refers to must be loaded too: JITLink leaves non-SHF_ALLOC sections
      // out, and its message for the dangling edge names neither the file nor the symbol. Globals
      // were checked with the symbols; sk_cc's local metadata object is reached by no relocation.
      if (r.getSymbol(false) == 0) continue;
      auto sym = ef.getSymbol(st.symtab, r.getSymbol(false));
      if (!sym) return corrupt(origin, sym.takeError());
      uint16_t shndx = (*sym)->st_shndx;
      if (shndx == llvm::ELF::SHN_UNDEF || shndx >= llvm::ELF::SHN_LORESERVE) continue;
      const Shdr& home = (*sections)[shndx];  // in range: checked with the symbols
      if (!isLoaded(home)) {
        auto homeName = ef.getSectionName(home);
        if (!homeName) return corrupt(origin, homeName.takeError());
        std::string against = (*sym)->getType() == llvm::ELF::STT_SECTION
                                  ? "section " + homeName->str()
                                  : relocationTarget(ef, st.symtab, st.strtab, r.getSymbol(false)) + " in section " +
                                        homeName->str();
        return notValid(origin, "section " + targetName->str() + ": relocation at " + hexAddress(r.r_offset) +
                                    " refers to " + against + ", which is not loaded (no SHF_ALLOC)");
      }
    }
  }
  return llvm::Error::success();
}

// The symbol kinds a compiler emits (gABI "Symbol Table"): known bindings and types; a section
// symbol local and in a section, a file symbol local and absolute, an undefined symbol named and
// global or weak. JITLink trusts these: an undefined weak section symbol made it build an error
// message from a name it never had (length_error; found by tests/fuzz/fuzz_load_binary).
llvm::Error checkSymbolKind(const Sym& s, llvm::StringRef name, size_t sectionCount, const std::string& origin) {
  unsigned bind = s.getBinding(), type = s.getType();
  std::string what = "symbol '" + name.str() + "' ";
  if (bind != llvm::ELF::STB_LOCAL && bind != llvm::ELF::STB_GLOBAL && bind != llvm::ELF::STB_WEAK &&
      bind != llvm::ELF::STB_GNU_UNIQUE)
    return notValid(origin, what + "has binding " + llvm::Twine(bind) + ", which is none of LOCAL, GLOBAL, WEAK, GNU_UNIQUE");
  if (type > llvm::ELF::STT_TLS && type != llvm::ELF::STT_GNU_IFUNC)
    return notValid(origin, what + "has type " + llvm::Twine(type) + ", which compilers do not emit");
  bool inSection = s.st_shndx != llvm::ELF::SHN_UNDEF && s.st_shndx < sectionCount;
  if (type == llvm::ELF::STT_SECTION && (bind != llvm::ELF::STB_LOCAL || !inSection))
    return notValid(origin, what + "is a section symbol that is not local to a section of the object");
  if (type == llvm::ELF::STT_FILE && (bind != llvm::ELF::STB_LOCAL || s.st_shndx != llvm::ELF::SHN_ABS))
    return notValid(origin, what + "is a file symbol that is not local and absolute");
  if (s.isUndefined() && (name.empty() || bind == llvm::ELF::STB_LOCAL))
    return notValid(origin, what + "is undefined but " + (name.empty() ? "has no name" : "local"));
  // Of the reserved section indices only ABS and COMMON (refused later, with its fix) name
  // anything a kernel compiler emits; JITLink dereferences null on the others.
  if (s.st_shndx >= llvm::ELF::SHN_LORESERVE && s.st_shndx != llvm::ELF::SHN_ABS && s.st_shndx != llvm::ELF::SHN_COMMON)
    return notValid(origin, what + "has the reserved section index " + hexAddress(s.st_shndx) +
                                ", which compilers do not emit for kernels");
  return llvm::Error::success();
}

}  // namespace

llvm::Expected<ObjectInfo> checkObject(llvm::MemoryBufferRef object, const std::string& origin) {
  auto obj = openObject(object, origin);
  if (!obj) return obj.takeError();
  const auto& ef = obj->getELFFile();
  ObjectInfo info;

  // Sections: TLS, constructors/destructors, executable bytes.
  auto sections = ef.sections();
  if (!sections) return corrupt(origin, sections.takeError());
  for (const Shdr& s : *sections) {
    auto name = ef.getSectionName(s);
    if (!name) return corrupt(origin, name.takeError());
    if (s.sh_flags & llvm::ELF::SHF_TLS)
      return sk::inputError(origin + ": section " + *name + " is thread-local (SHF_TLS): " + kTlsFix);
    if (const char* fix = initFiniFix(s, *name))
      return sk::inputError(origin + ": " + *name + " present: " + fix);
    // x86-64 compilers emit no section of the processor range but the unwind tables, and none of
    // the user range; JITLink crashed on a relocation section so typed (found by
    // tests/fuzz/fuzz_load_binary).
    if (s.sh_type >= llvm::ELF::SHT_LOPROC && s.sh_type != llvm::ELF::SHT_X86_64_UNWIND)
      return sk::inputError(origin + ": section " + *name + ": sh_type " + hexAddress(s.sh_type) +
                            " is no x86-64 compiler's: the object is damaged or not a kernel");
    // A kernel never needs more than a page of alignment; more would make the loader's and the
    // linker's layouts absurd (2^40 bytes of padding).
    if ((s.sh_flags & llvm::ELF::SHF_ALLOC) && s.sh_addralign > 4096)
      return sk::inputError(origin + ": section " + *name + ": sh_addralign " + std::to_string(s.sh_addralign) +
                            " exceeds 4096 (a page): the object is damaged or not a kernel");
    if ((s.sh_flags & llvm::ELF::SHF_ALLOC) && (s.sh_flags & llvm::ELF::SHF_EXECINSTR)) info.textBytes += s.sh_size;
    // A string table starts and ends with NUL (ELF spec: offset 0 is the empty name); JITLink
    // crashed on one that did not (found by tests/fuzz/fuzz_load_binary).
    if (s.sh_type == llvm::ELF::SHT_STRTAB && s.sh_size) {
      auto bytes = ef.getSectionContents(s);
      if (!bytes) return corrupt(origin, bytes.takeError());
      if (bytes->front() != 0 || bytes->back() != 0)
        return notValid(origin, "string table " + *name + " does not start and end with a NUL byte");
    }
  }

  // Symbols: TLS, COMMON; what the object defines and imports.
  auto st = findSymbolTable(*obj, origin);
  if (!st) return st.takeError();
  if (st->symtab) {
    auto syms = ef.symbols(st->symtab);
    if (!syms) return corrupt(origin, syms.takeError());
    // Entry 0 is the null symbol, all zeros (ELF spec); JITLink crashed naming one that was not
    // (found by tests/fuzz/fuzz_load_binary).
    const Sym& null = syms->front();
    if (null.st_name || null.st_value || null.st_size || null.st_info || null.st_other || null.st_shndx)
      return notValid(origin, "symbol 0 is not the all-zero null symbol");
    llvm::StringSet<> nonLocalNames;
    for (const Sym& s : syms->drop_front()) {
      auto name = s.getName(st->strtab);
      if (!name) return corrupt(origin, name.takeError());
      // An assembler gives each non-local name one entry; JITLink, handed two undefined symbols
      // of one name, dereferences null in linkPhase2 (found by tests/fuzz/fuzz_load_binary).
      if (s.getBinding() != llvm::ELF::STB_LOCAL && !name->empty() && !nonLocalNames.insert(*name).second)
        return notValid(origin, "symbol '" + *name + "' appears twice in the symbol table (a non-local name has one entry)");
      // A section index past the headers (not a reserved SHN_*) is a damaged object; JITLink's
      // message for it would not name the file (found by tests/fuzz/fuzz_load_binary).
      if (s.st_shndx != llvm::ELF::SHN_UNDEF && s.st_shndx < llvm::ELF::SHN_LORESERVE && s.st_shndx >= sections->size())
        return notValid(origin, "symbol '" + *name + "' is in section " + llvm::Twine(s.st_shndx) + " of " +
                                    llvm::Twine(sections->size()));
      // Compilers define no symbol inside .eh_frame; JITLink, which splits that section into
      // its records, dereferences null on one (found by tests/fuzz/fuzz_load_binary).
      if (s.st_shndx != llvm::ELF::SHN_UNDEF && s.st_shndx < sections->size() && s.getType() != llvm::ELF::STT_SECTION) {
        auto in = ef.getSectionName((*sections)[s.st_shndx]);
        if (!in) return corrupt(origin, in.takeError());
        if (*in == ".eh_frame") return notValid(origin, "symbol '" + *name + "' is defined inside .eh_frame");
      }
      if (llvm::Error e = checkSymbolKind(s, *name, sections->size(), origin)) return e;
      // A global lives in memory the loader allocates; JITLink, which leaves non-SHF_ALLOC
      // sections out, dereferences null on one defined elsewhere (found by fuzz_load_binary).
      if (s.getBinding() != llvm::ELF::STB_LOCAL && s.st_shndx != llvm::ELF::SHN_UNDEF && s.st_shndx < sections->size()) {
        const Shdr& sec = (*sections)[s.st_shndx];
        if (!isLoaded(sec)) {
          auto in = ef.getSectionName(sec);
          if (!in) return corrupt(origin, in.takeError());
          return notValid(origin, "symbol '" + *name + "' is defined in section " + *in + ", which is not loaded (no SHF_ALLOC)");
        }
      }
      if (s.getType() == llvm::ELF::STT_TLS)
        return sk::inputError(origin + ": symbol '" + *name + "' is thread-local (STT_TLS): " + kTlsFix);
      if (s.isCommon())
        return sk::inputError(origin + ": COMMON symbol '" + *name +
                              "': compile with -fno-common or initialise it");
      if (!s.isUndefined() && s.st_shndx < llvm::ELF::SHN_LORESERVE) {  // in a section: within it
        const Shdr& in = (*sections)[s.st_shndx];
        if (s.st_value > in.sh_size || s.st_size > in.sh_size - s.st_value)
          return notValid(origin, "symbol '" + *name + "' (" + hexAddress(s.st_value) + ", " + std::to_string(s.st_size) +
                                      " bytes) lies outside its section (" + hexAddress(in.sh_size) + " bytes)");
      }
      if (s.isUndefined()) {
        if (!name->empty()) info.undefinedSymbols.push_back(name->str());
      } else if (s.getBinding() == llvm::ELF::STB_GLOBAL || s.getBinding() == llvm::ELF::STB_WEAK ||
                 s.getBinding() == llvm::ELF::STB_GNU_UNIQUE) {
        info.definedGlobals.push_back(name->str());
        info.definedSizes.push_back(s.st_size);
      }
    }
  }

  if (auto err = checkRelocations(*obj, *st, origin)) return err;
  return info;
}

llvm::Error checkEntry(llvm::MemoryBufferRef object, const std::string& symbol, const std::string& origin) {
  return checkEntry(object, symbol, origin, "");
}

llvm::Error checkEntry(llvm::MemoryBufferRef object, const std::string& symbol, const std::string& origin,
                       const std::string& symbolSource) {
  auto obj = openObject(object, origin);
  if (!obj) return obj.takeError();
  const auto& ef = obj->getELFFile();
  auto st = findSymbolTable(*obj, origin);
  if (!st) return st.takeError();
  std::string entry = "entry symbol '" + symbol + "'" + (symbolSource.empty() ? "" : " (" + symbolSource + ")");

  // Prefer a global definition over a local or undefined symbol of the same name.
  const Sym* found = nullptr;
  std::vector<std::string> functions, mangled;
  if (st->symtab) {
    auto syms = ef.symbols(st->symtab);
    if (!syms) return corrupt(origin, syms.takeError());
    for (const Sym& s : syms->drop_front()) {
      auto name = s.getName(st->strtab);
      if (!name) return corrupt(origin, name.takeError());
      bool global = s.getBinding() != llvm::ELF::STB_LOCAL;
      if (*name == symbol) {
        if (!found || (global && found->getBinding() == llvm::ELF::STB_LOCAL) ||
            (found->isUndefined() && !s.isUndefined()))
          found = &s;
      } else if (global && s.isDefined() && s.getType() == llvm::ELF::STT_FUNC) {
        functions.push_back(name->str());
        // _Z<len><symbol>...: a C++ function of that name, declared without extern "C".
        if (name->starts_with("_Z" + std::to_string(symbol.size()) + symbol)) mangled.push_back(name->str());
      }
    }
  }

  if (!found || found->isUndefined()) {
    std::string msg = origin + ": " + entry + " is not defined in the object";
    if (found) msg += " (it is only referenced)";
    if (!mangled.empty())
      msg += ": it has C++ linkage (" + mangled.front() + "): declare the entry extern \"C\"";
    else if (!functions.empty())
      msg += "; global functions defined: " + llvm::join(functions.begin(),
                                                          functions.begin() + std::min<size_t>(functions.size(), 8), ", ");
    else
      msg += "; it defines no global functions";
    return sk::inputError(msg);
  }
  if (found->getType() != llvm::ELF::STT_FUNC)
    return sk::inputError(origin + ": " + entry + " is not a function (symbol type " +
                          (found->getType() == llvm::ELF::STT_OBJECT ? std::string("STT_OBJECT") :
                                                                       std::to_string(found->getType())) +
                          "): kernelName must name the kernel's entry function");
  if (found->getBinding() == llvm::ELF::STB_LOCAL)
    return sk::inputError(origin + ": entry '" + symbol + "' has local binding: remove `static` (or the anonymous " +
                          "namespace) and declare it extern \"C\"");
  if (found->getVisibility() != llvm::ELF::STV_DEFAULT) {
    const char* vis = found->getVisibility() == llvm::ELF::STV_HIDDEN      ? "hidden"
                      : found->getVisibility() == llvm::ELF::STV_PROTECTED ? "protected"
                                                                           : "internal";
    return sk::inputError(origin + ": entry '" + symbol + "' has " + vis +
                          " visibility: remove -fvisibility=hidden or mark it "
                          "__attribute__((visibility(\"default\")))");
  }
  return llvm::Error::success();
}

namespace {
// Blocks that run at once: each block takes taskRation.aic AIC and taskRation.aiv AIV cores.
uint64_t blocksAtOnce(const KernelMeta& m, const arch::ArchSpec& arch) {
  uint64_t limit = UINT64_MAX;
  if (m.taskRation.aic) limit = std::min<uint64_t>(limit, arch.aicCores / m.taskRation.aic);
  if (m.taskRation.aiv) limit = std::min<uint64_t>(limit, arch.aivCores / m.taskRation.aiv);
  return limit == UINT64_MAX ? 0 : limit;  // a 0:0 ration fits nowhere
}
std::string coresOf(const KernelMeta& m, const arch::ArchSpec& arch) {
  std::string archName = arch.name.empty() ? "the target arch" : arch.name;
  return archName + " has " + std::to_string(arch.aicCores) + " AIC and " + std::to_string(arch.aivCores) +
         " AIV cores, and each " + coreTypeName(m.coreType) + " block (taskRation " + m.taskRation.str() + ") takes " +
         std::to_string(m.taskRation.aic) + " AIC + " + std::to_string(m.taskRation.aiv) + " AIV";
}
}  // namespace

llvm::Error checkBlockDim(const KernelMeta& m, const arch::ArchSpec& arch) {
  if (blocksAtOnce(m, arch) == 0)
    return sk::inputError(m.origin + ": coreType: " + coreTypeName(m.coreType) + " kernels do not fit " + coresOf(m, arch));
  if (m.blockDim >= 1 && m.blockDim <= kMaxBlockDim) return llvm::Error::success();
  return sk::inputError(m.origin + ": blockDim: " + std::to_string(m.blockDim) + " is out of range, expected 1.." +
                        std::to_string(kMaxBlockDim) + " (logical blocks; those beyond the cores run in waves)");
}

llvm::Error checkBlocksRunAtOnce(const KernelMeta& m, const arch::ArchSpec& arch) {
  uint64_t limit = blocksAtOnce(m, arch);
  if (m.blockDim <= limit) return llvm::Error::success();
  return sk::inputError(m.origin + ": blockDim: " + std::to_string(m.blockDim) +
                        " blocks cannot run at once in a super kernel, expected 1.." + std::to_string(limit) + " (" +
                        coresOf(m, arch) + "); lower blockDim or launch the kernel on its own");
}

std::string metadataPathFor(llvm::StringRef objPath) {
  llvm::SmallString<256> p(objPath);
  llvm::sys::path::replace_extension(p, ".json");
  return std::string(p);
}

llvm::Expected<std::vector<std::string>> embeddedMetadata(llvm::MemoryBufferRef object, const std::string& origin) {
  auto file = ObjectFile::create(object);
  if (!file) return corrupt(origin, file.takeError());
  std::vector<std::string> docs;
  for (const llvm::object::SectionRef& sec : file->sections()) {
    auto name = sec.getName();
    if (!name) return corrupt(origin, name.takeError());
    if (*name != SK_METADATA_SECTION) continue;
    auto data = sec.getContents();
    if (!data) return corrupt(origin, data.takeError());
    llvm::SmallVector<llvm::StringRef, 4> parts;
    data->split(parts, '\0', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef p : parts)
      if (std::find(docs.begin(), docs.end(), p) == docs.end()) docs.push_back(p.str());  // one per module compiled
  }
  return docs;
}

namespace {
// The embedded metadata of `entry` (empty: the only one); nullopt when the object embeds none.
llvm::Expected<std::optional<KernelMeta>> embeddedMetaOf(llvm::MemoryBufferRef object, const std::string& objPath,
                                                         const std::string& entry) {
  auto docs = embeddedMetadata(object, objPath);
  if (!docs) return docs.takeError();
  if (docs->empty()) return std::nullopt;
  std::vector<KernelMeta> metas;
  std::string names;
  for (const std::string& d : *docs) {
    auto m = parseMeta(d, objPath + " (embedded metadata)");
    if (!m) return m.takeError();
    names += (names.empty() ? "" : ", ") + m->kernelName;
    if (entry.empty() || m->kernelName == entry) metas.push_back(std::move(*m));
  }
  if (metas.size() == 1) return std::optional<KernelMeta>(std::move(metas.front()));
  if (metas.empty())
    return sk::inputError(objPath + ": its embedded metadata describes " + names + ", not " + entry);
  return sk::inputError(objPath + ": embeds the metadata of several kernels (" + names +
                        "): give the one to use as a .json (json_path in the op list)");
}
}  // namespace

llvm::Expected<SubKernel> readSubKernel(const std::string& objPath, const std::string& jsonPath,
                                        const arch::ArchSpec& arch, const std::string& entry) {
  SubKernel sk;
  sk.objectPath = objPath;
  auto bytes = sk::readFile(objPath, sk::kMaxObjectBytes, "kernel object");
  if (!bytes) return bytes.takeError();
  sk.object = llvm::MemoryBuffer::getMemBufferCopy(*bytes, objPath);

  std::string metaPath = jsonPath.empty() ? metadataPathFor(objPath) : jsonPath;
  std::optional<KernelMeta> embedded;
  if (jsonPath.empty() && !llvm::sys::fs::exists(metaPath)) {  // no .json beside it: metadata in the object?
    auto e = embeddedMetaOf(sk.object->getMemBufferRef(), objPath, entry);
    if (!e) return e.takeError();
    embedded = std::move(*e);
  }
  if (embedded) {
    metaPath = embedded->origin;
    sk.meta = std::move(*embedded);
  } else {
    auto meta = readMeta(metaPath);
    if (!meta) return meta.takeError();
    sk.meta = std::move(*meta);
  }

  auto info = checkObject(sk.object->getMemBufferRef(), objPath);
  if (!info) return info.takeError();
  if (llvm::Error e = checkImports(*info, objPath)) return e;
  sk.info = std::move(*info);

  if (auto err = checkEntry(sk.object->getMemBufferRef(), sk.meta.kernelName, objPath,
                            "kernelName in " + metaPath))
    return err;

  if (!sk.meta.sha256.empty()) {
    std::string actual = sha256Hex(sk.object->getBuffer());
    if (actual != sk.meta.sha256)
      return sk::inputError(metaPath + ": sha256 does not match " + objPath + " (json says " + sk.meta.sha256 +
                            ", file is " + actual + "): rebuild or regenerate the metadata");
  }

  if (auto err = checkBlockDim(sk.meta, arch)) return err;
  return sk;
}

}  // namespace sk::subkernel
