// lib/linker: merges relocatable ELF64 x86-64 objects into one relocatable object (a
// partial link in the manner of mold's relocatable mode / `ld.lld -r`), renaming the symbols
// of each input so the same object can appear many times, and adding synthetic sections.
// It knows nothing about super kernels beyond what the request says.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

namespace sk::linker {

// One input object and how its symbols are named in the output.
struct InputObject {
  std::string name;                 // for messages, e.g. "b.o (op 2)"
  llvm::MemoryBufferRef bytes;      // ELF64 LE x86-64 ET_REL
  // Every defined global or weak symbol X is renamed to definePrefix + X, unless `renames`
  // maps X. An undefined symbol Y keeps its name unless `renames` maps Y (so an instance can
  // refer to a symbol another input defines). Local symbols keep their names.
  std::string definePrefix;
  std::map<std::string, std::string> renames;
};

// A relocation in a synthetic section, against an output symbol by name.
struct SyntheticReloc {
  uint64_t offset = 0;
  uint32_t type = 0;      // R_X86_64_* (e.g. R_X86_64_64 = 1)
  std::string symbol;     // output symbol name (defined by some input, a synthetic section, or left undefined)
  int64_t addend = 0;
};

// A section the caller generates (e.g. a task table), with one symbol at its start.
struct SyntheticSection {
  std::string name;                 // e.g. ".data.rel.ro.sk_task_table"
  uint32_t type = 1;                // SHT_PROGBITS
  uint64_t flags = 2;               // SHF_ALLOC (| SHF_WRITE = 1 if relocated pointers)
  uint64_t alignment = 8;
  std::vector<uint8_t> contents;
  std::vector<SyntheticReloc> relocs;
  std::string symbol;               // defined at offset 0, size = contents.size(), STT_OBJECT
  bool globalSymbol = true;         // STB_GLOBAL (else STB_LOCAL)
};

struct LinkRequest {
  std::vector<InputObject> inputs;
  std::vector<SyntheticSection> synthetic;
};

struct LinkStats {
  uint64_t outputBytes = 0;  // size of the returned object
  // Output section headers (excluding the null one), .symtab entries (excluding the null
  // one), relocation entries over all .rela sections.
  uint32_t sections = 0, symbols = 0, relocations = 0;
  uint32_t comdatGroupsDropped = 0;  // SHT_GROUP sections of the inputs (their members are kept)
};

// The merged object. Same-named sections are concatenated (JITLink rejects several
// sections with one name, and finds .eh_frame by exact name); relocations are rewritten
// against the output symbols; SHT_GROUP (COMDAT) is dropped, its members kept per input
// (namespaced, so never clashing); .llvm_addrsig, .comment and non-alloc debug sections are
// dropped. Two definitions of one output name, or an input that is not a valid ELF64 x86-64
// relocatable, are InputErrors naming the input. The same request gives the same bytes.
llvm::Expected<std::vector<uint8_t>> link(const LinkRequest& request, LinkStats* stats = nullptr);

}  // namespace sk::linker
