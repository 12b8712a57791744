// The linker's one context struct and the passes over it (docs/linker.md). Each pass is a
// free function named for its step; link() in elf_link.cpp calls them in order. Words are the
// ELF spec's: sh_type, st_shndx, r_offset, ...
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/Error.h"
#include "sk/linker.h"

namespace sk::linker {

using ELFT = llvm::object::ELF64LE;
using InputShdr = ELFT::Shdr;
using InputSym = ELFT::Sym;
using InputRela = ELFT::Rela;

constexpr uint32_t kNone = UINT32_MAX;
// Chunk::file of a synthetic section (Chunk::index is then its index in LinkRequest::synthetic).
constexpr uint32_t kSyntheticFile = UINT32_MAX - 1;

// One section of an input file and where it went.
struct InputSection {
  const InputShdr* shdr = nullptr;
  llvm::StringRef name;
  llvm::ArrayRef<uint8_t> data;      // contents (empty for SHT_NOBITS)
  const InputShdr* rela = nullptr;   // the SHT_RELA section whose sh_info is this section
  bool kept = false;                 // SHF_ALLOC and not SHT_GROUP: goes to the output
  uint32_t outputSection = kNone;    // index in Context::outputSections
  uint64_t outputOffset = 0;         // where this section starts inside its output section
};

// What an input symbol became.
enum class SymbolKind : uint8_t {
  Null,     // symbol 0
  Dropped,  // STT_FILE, or defined in a dropped section
  Section,  // STT_SECTION: index = input section index (-> that section's output section symbol)
  Local,    // index into Context::locals
  Global,   // index into Context::globals
};
struct SymbolRef {
  SymbolKind kind = SymbolKind::Null;
  uint32_t index = 0;
};

struct InputFile {
  InputFile(const InputObject& o, llvm::object::ELFFile<ELFT> e) : object(&o), elf(std::move(e)) {}
  const InputObject* object;
  llvm::object::ELFFile<ELFT> elf;
  std::vector<InputSection> sections;       // by input section index
  llvm::ArrayRef<InputSym> symbols;         // .symtab entries (entry 0 included)
  llvm::StringRef strtab;                   // the .symtab's string table
  llvm::ArrayRef<ELFT::Word> shndxTable;         // SHT_SYMTAB_SHNDX, if any
  uint32_t symtabIndex = 0;
  std::vector<SymbolRef> symbolRefs;        // by input symbol index
  const std::string& name() const { return object->name; }
};

// An input section or a synthetic section placed in an output section.
struct Chunk {
  uint32_t file = 0;   // index in Context::files, or kSyntheticFile
  uint32_t index = 0;  // input section index, or index in LinkRequest::synthetic
};

struct OutputSection {
  llvm::StringRef name;
  uint32_t sh_type = 0;
  uint64_t sh_flags = 0;
  uint64_t sh_addralign = 1;
  uint64_t sh_entsize = 0;
  uint64_t sh_size = 0;
  bool mergeAgrees = true;   // every chunk has the same SHF_MERGE/SHF_STRINGS and sh_entsize
  std::vector<Chunk> chunks;
  std::vector<llvm::ELF::Elf64_Rela> relocations;  // r_sym already an output symbol index
  // Set by writeOutput.
  uint32_t shndx = 0;
  uint64_t sh_offset = 0;
};

// A symbol of the output .symtab (other than the null and STT_SECTION symbols).
struct OutputSymbol {
  llvm::StringRef name;
  uint8_t st_info = 0;
  uint8_t st_other = 0;
  uint16_t st_shndx = llvm::ELF::SHN_UNDEF;  // special index (SHN_UNDEF, SHN_ABS) when outputSection == kNone
  uint64_t st_value = 0;
  uint64_t st_size = 0;
  // The definition: a chunk and the value inside it (assignSymbolValues adds the chunk's offset).
  // definedIn.file == kNone: undefined; definedIn.index == kNone: st_shndx is special (SHN_ABS).
  bool defined = false;
  Chunk definedIn{kNone, kNone};
  uint32_t outputSection = kNone;
  uint8_t binding() const { return st_info >> 4; }
  uint8_t type() const { return st_info & 0xf; }
};

// A synthetic section's place in the output.
struct SyntheticChunk {
  uint32_t outputSection = kNone;
  uint64_t outputOffset = 0;
  std::vector<SymbolRef> relocTargets;  // one per SyntheticSection::relocs entry
};

struct Context {
  const LinkRequest* request = nullptr;
  std::vector<InputFile> files;
  std::vector<SyntheticChunk> synthetic;  // parallel to request->synthetic
  std::vector<OutputSection> outputSections;
  llvm::StringMap<uint32_t> outputSectionByName;
  std::vector<OutputSymbol> locals;
  std::vector<OutputSymbol> globals;
  llvm::StringMap<uint32_t> globalByName;  // key storage also holds the renamed names
  uint32_t comdatGroupsDropped = 0;
  // Output .symtab layout, set by assignSymbolValues: [0] null, [1, 1 + sections) STT_SECTION,
  // then locals, then globals.
  uint32_t firstLocal = 0;
  uint32_t firstGlobal = 0;
  std::vector<uint8_t> output;
  uint32_t outputSectionCount = 0;  // e_shnum - 1
};

// The passes, in the order link() runs them.
llvm::Error parseInputs(Context& ctx);
llvm::Error resolveSymbols(Context& ctx);
llvm::Error createOutputSections(Context& ctx);
llvm::Error addSyntheticSections(Context& ctx);
llvm::Error layoutOutputSections(Context& ctx);
void assignSymbolValues(Context& ctx);
llvm::Error rewriteRelocations(Context& ctx);
llvm::Error writeOutput(Context& ctx);

// Shared helpers.
// Adds a definition to the output symbol table (an error if the name is already defined),
// or a reference (undefined unless someone defines the name); both return the index in
// Context::globals.
llvm::Expected<uint32_t> defineGlobal(Context& ctx, llvm::StringRef name, const OutputSymbol& def);
uint32_t referenceGlobal(Context& ctx, llvm::StringRef name, uint8_t binding, uint8_t type, uint8_t st_other);
std::string describeChunk(const Context& ctx, Chunk c);  // "b.o (op 2)" or "synthetic section .x"
llvm::StringRef sectionTypeName(uint32_t sh_type);
llvm::StringRef relocationTypeName(uint32_t type);
// Whether the linker accepts a relocation type in an allocatable section (the -fPIC small
// code model set), and how many bytes it patches.
bool relocationSupported(uint32_t type, uint32_t* size);
// A hint for an unsupported relocation type ("compile with -fPIC", ...).
const char* relocationFix(uint32_t type);

}  // namespace sk::linker
