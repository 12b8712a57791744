// The kernel compile contract (docs/architecture.md §3.1) on real objects compiled by the build from
// tests/subkernel/kernels, the entry symbol checks, blockDim against an arch, and readSubKernel.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELF.h"
#include "sk/device_imports.h"
#include "sk/subkernel.h"
#include "sk/text.h"
#include "test_util.h"

namespace sk::subkernel {
namespace {

using nlohmann::json;
using test::inputErrorText;
using testing::HasSubstr;

const sk::arch::ArchSpec kDav2201 = [] {
  auto a = sk::arch::loadArch("dav-2201");
  EXPECT_TRUE((bool)a);
  return a ? *a : sk::arch::ArchSpec{};
}();

// The bytes of a kernel object built by the tests' CMakeLists.txt.
struct Object {
  std::string path, bytes;
  explicit Object(const std::string& name) : path(test::kernelFile(name)), bytes(test::readFile(path)) {}
  llvm::MemoryBufferRef ref() const { return llvm::MemoryBufferRef(bytes, path); }
};

std::string objectRejection(const std::string& bytes, const std::string& origin) {
  return inputErrorText(checkObject(llvm::MemoryBufferRef(bytes, origin), origin));
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// ---- checkObject ----------------------------------------------------------------------------

TEST(Object, GoodKernelPassesAndReportsSymbols) {
  Object o("subkernel_add.o");
  auto info = checkObject(o.ref(), o.path);
  ASSERT_TRUE(bool(info)) << llvm::toString(info.takeError());
  EXPECT_GT(info->textBytes, 0u);
  EXPECT_TRUE(contains(info->definedGlobals, "add_custom"));
  EXPECT_TRUE(contains(info->definedGlobals, "add_custom_version"));
  EXPECT_FALSE(contains(info->definedGlobals, "add_tail"));  // local
  EXPECT_TRUE(contains(info->undefinedSymbols, "sk_data_copy"));
  EXPECT_TRUE(contains(info->undefinedSymbols, "sk_block_idx"));
  EXPECT_FALSE(contains(info->undefinedSymbols, ""));
}

TEST(Object, DebugInfoRelocationsAreAccepted) {
  // -g adds R_X86_64_32 in .debug_* sections, which are never loaded.
  Object o("subkernel_add_g.o");
  auto info = checkObject(o.ref(), o.path);
  EXPECT_TRUE(bool(info)) << llvm::toString(info.takeError());
}

TEST(Object, NoPicIsRejectedWithFix) {
  Object o("subkernel_nopic.o");
  std::string msg = objectRejection(o.bytes, "nopic.o");
  EXPECT_THAT(msg, HasSubstr("nopic.o: R_X86_64_32S: compile with -fPIC"));
  EXPECT_THAT(msg, HasSubstr("in section .text"));
}

TEST(Object, LargeCodeModelRelocationIsUnsupported) {
  Object o("subkernel_large.o");
  std::string msg = objectRejection(o.bytes, "large.o");
  EXPECT_THAT(msg, HasSubstr("large.o: unsupported relocation R_X86_64_"));
  EXPECT_THAT(msg, HasSubstr("in section .ltext"));  // the large model's text section
  EXPECT_THAT(msg, HasSubstr("small code model"));
}

TEST(Object, CompressedRelocationsAreRejected) {
  Object o("subkernel_crel.o");
  EXPECT_THAT(objectRejection(o.bytes, "crel.o"),
              HasSubstr("crel.o: relocation section .crel.text is compressed (SHT_CREL): the kernel loader reads only "
                        "SHT_RELA; drop -Wa,--crel"));
}

// The section headers of an object's bytes, to damage one field the way a fuzzer did.
std::vector<llvm::ELF::Elf64_Shdr> sectionHeaders(const std::string& bytes) {
  llvm::ELF::Elf64_Ehdr eh;
  std::memcpy(&eh, bytes.data(), sizeof eh);
  std::vector<llvm::ELF::Elf64_Shdr> out(eh.e_shnum);
  std::memcpy(out.data(), bytes.data() + eh.e_shoff, eh.e_shnum * sizeof(llvm::ELF::Elf64_Shdr));
  return out;
}
// Writes section `section`'s header back into an object's bytes.
void writeSectionHeader(std::string& bytes, size_t section, const llvm::ELF::Elf64_Shdr& header) {
  llvm::ELF::Elf64_Ehdr eh;
  std::memcpy(&eh, bytes.data(), sizeof eh);
  std::memcpy(&bytes[eh.e_shoff + section * sizeof header], &header, sizeof header);
}

TEST(Object, AnEmptySymbolTableIsRejected) {  // found by tests/fuzz/fuzz_object (an overflowed ArrayRef)
  Object o("subkernel_add.o");
  auto headers = sectionHeaders(o.bytes);
  auto symtab = std::find_if(headers.begin(), headers.end(), [](auto& h) { return h.sh_type == llvm::ELF::SHT_SYMTAB; });
  ASSERT_NE(symtab, headers.end());
  symtab->sh_size = 0;
  std::string damaged = o.bytes;
  writeSectionHeader(damaged, symtab - headers.begin(), *symtab);
  EXPECT_THAT(objectRejection(damaged, "empty_symtab.o"),
              HasSubstr("empty_symtab.o: not a valid ELF64 relocatable object: the symbol table is empty"));
  EXPECT_THAT(inputErrorText(checkEntry(llvm::MemoryBufferRef(damaged, "empty_symtab.o"), "add_custom", "empty_symtab.o")),
              HasSubstr("the symbol table is empty"));
}

TEST(Object, ASectionTypeOfTheUserRangeIsRejected) {  // found by tests/fuzz/fuzz_load_binary (a null in JITLink)
  Object o("subkernel_add.o");
  auto headers = sectionHeaders(o.bytes);
  auto rela = std::find_if(headers.begin(), headers.end(), [](auto& h) { return h.sh_type == llvm::ELF::SHT_RELA; });
  ASSERT_NE(rela, headers.end());
  rela->sh_type = 0xac000004;
  std::string damaged = o.bytes;
  writeSectionHeader(damaged, rela - headers.begin(), *rela);
  EXPECT_THAT(objectRejection(damaged, "user_type.o"), HasSubstr("user_type.o: section .rela"));
  EXPECT_THAT(objectRejection(damaged, "user_type.o"),
              HasSubstr(": sh_type 0xac000004 is no x86-64 compiler's: the object is damaged or not a kernel"));
}

TEST(Object, ARelocationOutsideItsSectionIsRejected) {  // found by tests/fuzz/fuzz_load_binary (JITLink wrote there)
  Object o("subkernel_add.o");
  auto headers = sectionHeaders(o.bytes);
  auto rela = std::find_if(headers.begin(), headers.end(), [&](auto& h) {
    return h.sh_type == llvm::ELF::SHT_RELA && (headers[h.sh_info].sh_flags & llvm::ELF::SHF_ALLOC) &&
           (headers[h.sh_info].sh_flags & llvm::ELF::SHF_EXECINSTR);
  });
  ASSERT_NE(rela, headers.end());
  const uint64_t textBytes = headers[rela->sh_info].sh_size;
  for (uint64_t offset : {textBytes - 3, textBytes, uint64_t(0x8000029)}) {
    SCOPED_TRACE(offset);
    std::string damaged = o.bytes;
    std::memcpy(&damaged[rela->sh_offset], &offset, sizeof offset);  // r_offset of the first relocation
    EXPECT_THAT(objectRejection(damaged, "far_reloc.o"),
                HasSubstr("far_reloc.o: not a valid ELF64 relocatable object: section .text: relocation at " +
                          hexAddress(offset) + " patches bytes past the end of the section (" + hexAddress(textBytes) +
                          " bytes)"));
  }
}

TEST(Object, ASymbolInASectionPastTheHeadersIsRejected) {  // found by tests/fuzz/fuzz_load_binary
  Object o("subkernel_add.o");
  auto headers = sectionHeaders(o.bytes);
  auto symtab = std::find_if(headers.begin(), headers.end(), [](auto& h) { return h.sh_type == llvm::ELF::SHT_SYMTAB; });
  ASSERT_NE(symtab, headers.end());
  std::string damaged = o.bytes;
  const size_t lastSymbol = symtab->sh_offset + symtab->sh_size - sizeof(llvm::ELF::Elf64_Sym);
  llvm::ELF::Elf64_Sym sym;
  std::memcpy(&sym, &damaged[lastSymbol], sizeof sym);
  sym.st_shndx = (uint16_t)(headers.size() + 3);
  std::memcpy(&damaged[lastSymbol], &sym, sizeof sym);
  EXPECT_THAT(objectRejection(damaged, "bad_shndx.o"),
              HasSubstr("bad_shndx.o: not a valid ELF64 relocatable object: symbol '"));
  EXPECT_THAT(objectRejection(damaged, "bad_shndx.o"),
              HasSubstr("' is in section " + std::to_string(headers.size() + 3) + " of " + std::to_string(headers.size())));
}

TEST(Object, ASymbolDefinedInsideEhFrameIsRejected) {  // found by tests/fuzz/fuzz_load_binary (a null in JITLink)
  Object o("subkernel_add.o");
  auto headers = sectionHeaders(o.bytes);
  auto symtab = std::find_if(headers.begin(), headers.end(), [](auto& h) { return h.sh_type == llvm::ELF::SHT_SYMTAB; });
  auto ehFrame = std::find_if(headers.begin(), headers.end(), [](auto& h) { return h.sh_type == llvm::ELF::SHT_X86_64_UNWIND; });
  ASSERT_NE(symtab, headers.end());
  ASSERT_NE(ehFrame, headers.end());
  std::string damaged = o.bytes;
  const size_t lastSymbol = symtab->sh_offset + symtab->sh_size - sizeof(llvm::ELF::Elf64_Sym);
  llvm::ELF::Elf64_Sym sym;
  std::memcpy(&sym, &damaged[lastSymbol], sizeof sym);
  sym.st_shndx = (uint16_t)(ehFrame - headers.begin());
  sym.setBindingAndType(llvm::ELF::STB_GLOBAL, llvm::ELF::STT_NOTYPE);
  std::memcpy(&damaged[lastSymbol], &sym, sizeof sym);
  EXPECT_THAT(objectRejection(damaged, "eh_sym.o"), HasSubstr("eh_sym.o: not a valid ELF64 relocatable object: symbol '"));
  EXPECT_THAT(objectRejection(damaged, "eh_sym.o"), HasSubstr("' is defined inside .eh_frame"));
}

TEST(Object, AGlobalInASectionThatIsNotLoadedIsRejected) {  // found by tests/fuzz/fuzz_load_binary (a null in JITLink)
  Object o("subkernel_add.o");
  auto headers = sectionHeaders(o.bytes);
  auto text = std::find_if(headers.begin(), headers.end(), [](auto& h) { return h.sh_flags & llvm::ELF::SHF_EXECINSTR; });
  ASSERT_NE(text, headers.end());
  text->sh_flags &= ~(uint64_t)llvm::ELF::SHF_ALLOC;
  std::string damaged = o.bytes;
  writeSectionHeader(damaged, text - headers.begin(), *text);
  EXPECT_THAT(objectRejection(damaged, "unloaded.o"),
              HasSubstr("unloaded.o: not a valid ELF64 relocatable object: symbol 'add_custom' is defined in section "
                        ".text, which is not loaded (no SHF_ALLOC)"));
}

// Found by tests/fuzz/fuzz_load_binary: two undefined symbols of one name made JITLink
// dereference null in linkPhase2.
TEST(Object, ANonLocalNameThatAppearsTwiceIsRejected) {
  Object o("subkernel_add.o");
  auto headers = sectionHeaders(o.bytes);
  auto symtab = std::find_if(headers.begin(), headers.end(), [](auto& h) { return h.sh_type == llvm::ELF::SHT_SYMTAB; });
  ASSERT_NE(symtab, headers.end());
  std::string damaged = o.bytes;
  // The last two symbols are globals; the last one takes the other's name.
  const size_t last = symtab->sh_offset + symtab->sh_size - sizeof(llvm::ELF::Elf64_Sym);
  llvm::ELF::Elf64_Sym previous, sym;
  std::memcpy(&previous, &damaged[last - sizeof sym], sizeof sym);
  std::memcpy(&sym, &damaged[last], sizeof sym);
  ASSERT_NE(previous.getBinding(), llvm::ELF::STB_LOCAL);
  ASSERT_NE(sym.getBinding(), llvm::ELF::STB_LOCAL);
  sym.st_name = previous.st_name;
  std::memcpy(&damaged[last], &sym, sizeof sym);
  EXPECT_THAT(objectRejection(damaged, "twice.o"), HasSubstr("twice.o: not a valid ELF64 relocatable object: symbol '"));
  EXPECT_THAT(objectRejection(damaged, "twice.o"),
              HasSubstr("' appears twice in the symbol table (a non-local name has one entry)"));
}

// The same section with only locals in it (the entry made local): .eh_frame's relocation against
// .text still reaches it.
TEST(Object, ARelocationOfALoadedSectionIntoOneThatIsNotLoadedIsRejected) {
  Object o("subkernel_add.o");
  auto headers = sectionHeaders(o.bytes);
  auto text = std::find_if(headers.begin(), headers.end(), [](auto& h) { return h.sh_flags & llvm::ELF::SHF_EXECINSTR; });
  auto symtab = std::find_if(headers.begin(), headers.end(), [](auto& h) { return h.sh_type == llvm::ELF::SHT_SYMTAB; });
  ASSERT_NE(text, headers.end());
  ASSERT_NE(symtab, headers.end());
  const uint16_t textIndex = (uint16_t)(text - headers.begin());
  text->sh_flags &= ~(uint64_t)llvm::ELF::SHF_ALLOC;
  std::string damaged = o.bytes;
  writeSectionHeader(damaged, textIndex, *text);
  size_t globalsInText = 0;
  for (size_t at = symtab->sh_offset; at < symtab->sh_offset + symtab->sh_size; at += sizeof(llvm::ELF::Elf64_Sym)) {
    llvm::ELF::Elf64_Sym sym;
    std::memcpy(&sym, &damaged[at], sizeof sym);
    if (sym.st_shndx != textIndex || sym.getBinding() == llvm::ELF::STB_LOCAL) continue;
    sym.setBindingAndType(llvm::ELF::STB_LOCAL, sym.getType());
    std::memcpy(&damaged[at], &sym, sizeof sym);
    ++globalsInText;
  }
  ASSERT_GT(globalsInText, 0u);
  EXPECT_THAT(objectRejection(damaged, "unloaded.o"),
              HasSubstr("unloaded.o: not a valid ELF64 relocatable object: section .eh_frame: relocation at "));
  EXPECT_THAT(objectRejection(damaged, "unloaded.o"),
              HasSubstr(" refers to section .text, which is not loaded (no SHF_ALLOC)"));
  // The undamaged object passes (sk_cc's embedded metadata, a local in the non-loaded
  // .sk.metadata that no relocation reaches, passes in the runtime tests of rt_embedded_scale.o).
  auto good = checkObject(llvm::MemoryBufferRef(o.bytes, "add.o"), "add.o");
  EXPECT_TRUE(static_cast<bool>(good)) << llvm::toString(good.takeError());
}

// A symbol of a kind no compiler emits (found by tests/fuzz/fuzz_load_binary: an undefined weak
// section symbol made JITLink throw std::length_error building an error message).
TEST(Object, ASymbolOfAKindCompilersDoNotEmitIsRejected) {
  Object o("subkernel_add.o");
  auto headers = sectionHeaders(o.bytes);
  auto symtab = std::find_if(headers.begin(), headers.end(), [](auto& h) { return h.sh_type == llvm::ELF::SHT_SYMTAB; });
  ASSERT_NE(symtab, headers.end());
  const size_t lastSymbol = symtab->sh_offset + symtab->sh_size - sizeof(llvm::ELF::Elf64_Sym);
  struct Damage {
    uint8_t bind, type;
    uint16_t shndx;
    const char* message;
  };
  for (Damage d : {Damage{llvm::ELF::STB_WEAK, llvm::ELF::STT_SECTION, llvm::ELF::SHN_UNDEF,
                          "is a section symbol that is not local to a section of the object"},
                   Damage{llvm::ELF::STB_GLOBAL, llvm::ELF::STT_FILE, 1, "is a file symbol that is not local and absolute"},
                   Damage{8, llvm::ELF::STT_FUNC, 1, "has binding 8, which is none of LOCAL, GLOBAL, WEAK, GNU_UNIQUE"},
                   Damage{llvm::ELF::STB_GLOBAL, 9, 1, "has type 9, which compilers do not emit"},
                   Damage{llvm::ELF::STB_LOCAL, llvm::ELF::STT_NOTYPE, llvm::ELF::SHN_UNDEF, "is undefined but local"},
                   Damage{llvm::ELF::STB_GLOBAL, llvm::ELF::STT_FUNC, 0xfffc,
                          "has the reserved section index 0xfffc, which compilers do not emit for kernels"}}) {
    std::string damaged = o.bytes;
    llvm::ELF::Elf64_Sym sym;
    std::memcpy(&sym, &damaged[lastSymbol], sizeof sym);
    sym.st_shndx = d.shndx;
    sym.st_value = 0;
    sym.st_size = 0;
    sym.setBindingAndType(d.bind, d.type);
    std::memcpy(&damaged[lastSymbol], &sym, sizeof sym);
    std::string msg = objectRejection(damaged, "kind.o");
    EXPECT_THAT(msg, HasSubstr("kind.o: not a valid ELF64 relocatable object: symbol '")) << d.message;
    EXPECT_THAT(msg, HasSubstr(d.message));
  }
}

TEST(Object, GlobalConstructorIsRejected) {
  Object o("subkernel_ctor.o");
  EXPECT_THAT(objectRejection(o.bytes, "ctor.o"), HasSubstr("ctor.o: .init_array present: remove global constructors"));
}

TEST(Object, ThreadLocalIsRejected) {
  Object o("subkernel_tls.o");
  std::string msg = objectRejection(o.bytes, "tls.o");
  EXPECT_THAT(msg, HasSubstr("tls.o: "));
  EXPECT_THAT(msg, HasSubstr(".tbss"));
  EXPECT_THAT(msg, HasSubstr("thread_local is not supported in kernels: per-core state comes from intrinsics"));
}

TEST(Object, CommonSymbolIsRejected) {
  Object o("subkernel_common.o");
  EXPECT_THAT(objectRejection(o.bytes, "common.o"),
              HasSubstr("common.o: COMMON symbol 'counter': compile with -fno-common or initialise it"));
}

TEST(Object, TruncatedObjectIsRejected) {
  Object o("subkernel_add.o");
  for (size_t n : {size_t(10), size_t(64), o.bytes.size() / 2, o.bytes.size() - 1}) {
    SCOPED_TRACE(n);
    test::TempDir dir;
    std::string path = dir.file("truncated.o");
    test::writeFile(path, o.bytes.substr(0, n));
    std::string bytes = test::readFile(path);
    EXPECT_THAT(objectRejection(bytes, path), HasSubstr(path + ": not a valid ELF64 relocatable object: "));
  }
}

// A copy of an object's bytes with field `at` (an offset found through LLVM's reader) set to v.
template <typename T> std::string patched(const std::string& bytes, const void* at, T v) {
  std::string out = bytes;
  std::memcpy(out.data() + ((const char*)at - bytes.data()), &v, sizeof v);
  return out;
}

// The loader trusts what it patches and where symbols are: a relocation naming no symbol and a
// symbol outside its section are refused (a relocation past its section: above).
TEST(Object, RelocationsNamingNoSymbolAndSymbolsOutsideTheirSectionsAreRejected) {
  Object o("subkernel_add.o");
  auto ef = llvm::object::ELF64LEFile::create(o.bytes);
  ASSERT_TRUE(bool(ef)) << llvm::toString(ef.takeError());
  auto sections = ef->sections();
  ASSERT_TRUE(bool(sections));
  const llvm::object::ELF64LE::Rela* firstRela = nullptr;
  const llvm::object::ELF64LE::Sym *entry = nullptr, *nullSymbol = nullptr;
  for (const auto& sec : *sections) {
    auto name = ef->getSectionName(sec);
    ASSERT_TRUE(bool(name));
    if (sec.sh_type == llvm::ELF::SHT_RELA && name->starts_with(".rela.text") && !firstRela) {
      auto relas = ef->relas(sec);
      ASSERT_TRUE(bool(relas) && !relas->empty());
      firstRela = &relas->front();
    }
    if (sec.sh_type == llvm::ELF::SHT_SYMTAB) {
      auto syms = ef->symbols(&sec);
      auto strtab = ef->getStringTableForSymtab(sec);
      ASSERT_TRUE(bool(syms) && bool(strtab));
      nullSymbol = &syms->front();
      for (const auto& sym : *syms)
        if (auto n = sym.getName(*strtab); n && *n == "add_custom") entry = &sym;
    }
  }
  ASSERT_TRUE(firstRela && entry && nullSymbol);
  // Symbol 0 must be all zeros (JITLink crashed on one with a value: found by fuzz_load_binary).
  std::string notNull = patched<uint64_t>(o.bytes, &nullSymbol->st_value, 0x1f000001);
  EXPECT_THAT(objectRejection(notNull, "k.o"), HasSubstr("k.o: not a valid ELF64 relocatable object: symbol 0 is not the all-zero null symbol"));
  std::string badSymbol = patched<uint64_t>(o.bytes, &firstRela->r_info, ((uint64_t)1000000 << 32) | llvm::ELF::R_X86_64_PC32);
  EXPECT_THAT(objectRejection(badSymbol, "k.o"), HasSubstr("names symbol 1000000 of "));
  for (const auto& sec : *sections)  // a string table must start with NUL (JITLink crashed: fuzz_load_binary)
    if (sec.sh_type == llvm::ELF::SHT_STRTAB) {
      std::string noLeadingNul = o.bytes;
      noLeadingNul[sec.sh_offset] = 'x';
      EXPECT_THAT(objectRejection(noLeadingNul, "k.o"), HasSubstr("does not start and end with a NUL byte"));
    }
  std::string outside = patched<uint64_t>(o.bytes, &entry->st_value, 0x7fffff00);
  EXPECT_THAT(objectRejection(outside, "k.o"), HasSubstr("symbol 'add_custom' (0x7fffff00, "));
  EXPECT_THAT(objectRejection(outside, "k.o"), HasSubstr("bytes) lies outside its section"));
}

TEST(Object, NonElfFileIsRejected) {
  std::string json = test::readFile(test::kernelFile("subkernel_add.json"));
  EXPECT_THAT(objectRejection(json, "add.json"),
              HasSubstr("add.json: not a valid ELF64 relocatable object: no ELF magic"));
}

TEST(Object, Elf32IsRejected) {
  std::string bytes = Object("subkernel_add.o").bytes;
  bytes[llvm::ELF::EI_CLASS] = llvm::ELF::ELFCLASS32;
  EXPECT_THAT(objectRejection(bytes, "add32.o"), HasSubstr("add32.o: ELF class is ELF32, expected ELF64 x86-64"));
}

TEST(Object, BigEndianIsRejected) {
  std::string bytes = Object("subkernel_add.o").bytes;
  bytes[llvm::ELF::EI_DATA] = llvm::ELF::ELFDATA2MSB;
  EXPECT_THAT(objectRejection(bytes, "addbe.o"),
              HasSubstr("addbe.o: ELF data encoding is big-endian, expected little-endian x86-64"));
}

TEST(Object, OtherMachineIsRejected) {
  std::string bytes = Object("subkernel_add.o").bytes;
  // e_machine is the 16-bit little-endian field at offset 18.
  bytes[18] = static_cast<char>(llvm::ELF::EM_AARCH64 & 0xff);
  bytes[19] = static_cast<char>(llvm::ELF::EM_AARCH64 >> 8);
  EXPECT_THAT(objectRejection(bytes, "arm.o"), HasSubstr("arm.o: e_machine is EM_AARCH64, expected EM_X86_64"));
}

TEST(Object, SharedObjectIsRejectedWithCompileC) {
  Object o("subkernel_add.so");
  EXPECT_THAT(objectRejection(o.bytes, "add.so"),
              HasSubstr("add.so: e_type is ET_DYN (a shared object or PIE executable), expected ET_REL (a relocatable "
                        "object): compile with -c"));
}

// ---- checkEntry ---------------------------------------------------------------------------

TEST(Entry, DefinedDefaultFunctionPasses) {
  Object o("subkernel_add.o");
  llvm::Error err = checkEntry(o.ref(), "add_custom", o.path);
  EXPECT_FALSE(bool(err)) << llvm::toString(std::move(err));
}

TEST(Entry, AbsentSymbolIsNamedWithItsMetadataField) {
  Object o("subkernel_add.o");
  std::string msg = inputErrorText(checkEntry(o.ref(), "sub_custom", "add.o", "kernelName in add.json"));
  EXPECT_THAT(msg, HasSubstr("add.o: entry symbol 'sub_custom' (kernelName in add.json) is not defined in the object"));
  EXPECT_THAT(msg, HasSubstr("global functions defined: add_custom"));
}

TEST(Entry, UndefinedReferenceIsNotADefinition) {
  Object o("subkernel_add.o");
  EXPECT_THAT(inputErrorText(checkEntry(o.ref(), "sk_data_copy", "add.o")),
              HasSubstr("add.o: entry symbol 'sk_data_copy' is not defined in the object (it is only referenced)"));
}

TEST(Entry, HiddenVisibilityIsRejectedWithFix) {
  Object o("subkernel_hidden.o");
  EXPECT_THAT(inputErrorText(checkEntry(o.ref(), "hidden_kernel", "hidden.o")),
              HasSubstr("hidden.o: entry 'hidden_kernel' has hidden visibility: remove -fvisibility=hidden or mark it "
                        "__attribute__((visibility(\"default\")))"));
}

TEST(Entry, DataSymbolIsNotAFunction) {
  Object o("subkernel_add.o");
  EXPECT_THAT(inputErrorText(checkEntry(o.ref(), "add_custom_version", "add.o")),
              HasSubstr("add.o: entry symbol 'add_custom_version' is not a function (symbol type STT_OBJECT)"));
}

TEST(Entry, LocalFunctionIsRejected) {
  Object o("subkernel_add.o");
  EXPECT_THAT(inputErrorText(checkEntry(o.ref(), "add_tail", "add.o")),
              HasSubstr("add.o: entry 'add_tail' has local binding: remove `static`"));
}

TEST(Entry, CxxLinkageGetsExternCHint) {
  Object o("subkernel_mangled.o");
  EXPECT_THAT(inputErrorText(checkEntry(o.ref(), "mangled_kernel", "mangled.o")),
              HasSubstr("mangled.o: entry symbol 'mangled_kernel' is not defined in the object: it has C++ linkage "
                        "(_Z14mangled_kernelPh): declare the entry extern \"C\""));
}

// ---- checkBlockDim ------------------------------------------------------------------------

KernelMeta metaWith(CoreType core, TaskRation ration, uint32_t blockDim) {
  KernelMeta m;
  m.kernelName = "k";
  m.origin = "k.json";
  m.coreType = core;
  m.taskRation = ration;
  m.blockDim = blockDim;
  return m;
}

TEST(BlockDim, LogicalBlocksRunToTheAscendcLimit) {
  EXPECT_FALSE(bool(checkBlockDim(metaWith(CoreType::AIV, {0, 1}, 65535), kDav2201))) << "blocks beyond the cores run in waves";
  EXPECT_THAT(inputErrorText(checkBlockDim(metaWith(CoreType::AIV, {0, 1}, 65536), kDav2201)),
              HasSubstr("k.json: blockDim: 65536 is out of range, expected 1..65535"));
}

TEST(BlockDim, ZeroIsRejected) {
  EXPECT_THAT(inputErrorText(checkBlockDim(metaWith(CoreType::AIV, {0, 1}, 0), kDav2201)),
              HasSubstr("k.json: blockDim: 0 is out of range, expected 1..65535"));
}

TEST(BlockDim, AKernelTypeTheArchHasNoCoresForIsRejected) {
  sk::arch::ArchSpec noAic = kDav2201;
  noAic.aicCores = 0;
  EXPECT_THAT(inputErrorText(checkBlockDim(metaWith(CoreType::AIC, {1, 0}, 1), noAic)),
              HasSubstr("k.json: coreType: AIC kernels do not fit"));
}

// In a super kernel every block of a sub-kernel runs at once.
TEST(BlocksAtOnce, AivKernelFitsTheAivCores) {
  EXPECT_FALSE(bool(checkBlocksRunAtOnce(metaWith(CoreType::AIV, {0, 1}, 48), kDav2201)));
  EXPECT_THAT(inputErrorText(checkBlocksRunAtOnce(metaWith(CoreType::AIV, {0, 1}, 49), kDav2201)),
              HasSubstr("k.json: blockDim: 49 blocks cannot run at once in a super kernel, expected 1..48"));
}

TEST(BlocksAtOnce, AicKernelFitsTheAicCores) {
  EXPECT_FALSE(bool(checkBlocksRunAtOnce(metaWith(CoreType::AIC, {1, 0}, 24), kDav2201)));
  EXPECT_THAT(inputErrorText(checkBlocksRunAtOnce(metaWith(CoreType::AIC, {1, 0}, 25), kDav2201)),
              HasSubstr("expected 1..24"));
}

TEST(BlocksAtOnce, MixOneToTwoIsLimitedByAivPairs) {
  sk::arch::ArchSpec fewAiv = kDav2201;  // 20 AIV pairs
  fewAiv.name = "few-aiv";
  fewAiv.aivCores = 40;
  EXPECT_FALSE(bool(checkBlocksRunAtOnce(metaWith(CoreType::MIX, {1, 2}, 20), fewAiv)));
  EXPECT_THAT(inputErrorText(checkBlocksRunAtOnce(metaWith(CoreType::MIX, {1, 2}, 21), fewAiv)),
              HasSubstr("expected 1..20 (few-aiv has 24 AIC and 40 AIV cores"));
}

TEST(BlocksAtOnce, MixOneToOneIsLimitedByAicCores) {
  EXPECT_FALSE(bool(checkBlocksRunAtOnce(metaWith(CoreType::MIX, {1, 1}, 24), kDav2201)));
  EXPECT_THAT(inputErrorText(checkBlocksRunAtOnce(metaWith(CoreType::MIX, {1, 1}, 25), kDav2201)),
              HasSubstr("expected 1..24"));
}

// ---- readSubKernel ------------------------------------------------------------------------

TEST(SubKernel, GoodKernelIsReadWithTheJsonBesideIt) {
  auto sk = readSubKernel(test::kernelFile("subkernel_add.o"), "", kDav2201);
  ASSERT_TRUE(bool(sk)) << llvm::toString(sk.takeError());
  EXPECT_EQ(sk->meta.kernelName, "add_custom");
  EXPECT_EQ(sk->meta.sha256, sha256Hex(sk->object->getBuffer()));
  EXPECT_THAT(sk->meta.origin, HasSubstr("subkernel_add.json"));
  EXPECT_EQ(sk->objectPath, test::kernelFile("subkernel_add.o"));
  EXPECT_TRUE(contains(sk->info.definedGlobals, "add_custom"));
}

TEST(SubKernel, ExplicitJsonPathIsUsed) {
  test::TempDir dir;
  std::string json = dir.file("other.json");
  test::writeFile(json, test::readFile(test::kernelFile("subkernel_add.json")));
  auto sk = readSubKernel(test::kernelFile("subkernel_add.o"), json, kDav2201);
  ASSERT_TRUE(bool(sk)) << llvm::toString(sk.takeError());
  EXPECT_EQ(sk->meta.origin, json);
}

TEST(SubKernel, MissingObjectIsNamed) {
  EXPECT_THAT(inputErrorText(readSubKernel("/nonexistent/add.o", "", kDav2201)),
              HasSubstr("/nonexistent/add.o: cannot read kernel object: "));
}

TEST(SubKernel, MissingJsonBesideTheObjectIsNamed) {
  test::TempDir dir;
  test::writeFile(dir.file("add.o"), test::readFile(test::kernelFile("subkernel_add.o")));
  EXPECT_THAT(inputErrorText(readSubKernel(dir.file("add.o"), "", kDav2201)),
              HasSubstr(dir.file("add.json") + ": cannot read kernel metadata: "));
}

TEST(SubKernel, Sha256MismatchIsRejected) {
  // The object was rebuilt (here: one byte appended) but the metadata was not regenerated.
  test::TempDir dir;
  std::string bytes = test::readFile(test::kernelFile("subkernel_add.o")) + '\0';
  test::writeFile(dir.file("add.o"), bytes);
  std::string meta = test::readFile(test::kernelFile("subkernel_add.json"));
  test::writeFile(dir.file("add.json"), meta);
  std::string expected = json::parse(meta)["sha256"];
  std::string msg = inputErrorText(readSubKernel(dir.file("add.o"), "", kDav2201));
  EXPECT_THAT(msg, HasSubstr(dir.file("add.json") + ": sha256 does not match " + dir.file("add.o") + " (json says " +
                             expected + ", file is " + sha256Hex(bytes) + "): rebuild or regenerate the metadata"));
}

TEST(SubKernel, BlockDimBeyondTheAscendcLimitIsRejected) {
  test::TempDir dir;
  json meta = json::parse(test::readFile(test::kernelFile("subkernel_add.json")));
  meta["blockDim"] = 70000;
  test::writeFile(dir.file("add.json"), meta.dump());
  EXPECT_THAT(inputErrorText(readSubKernel(test::kernelFile("subkernel_add.o"), dir.file("add.json"), kDav2201)),
              HasSubstr(dir.file("add.json") + ": blockDim: 70000 is out of range, expected 1..65535"));
}

TEST(SubKernel, AbsentEntryNamesTheMetadataField) {
  test::TempDir dir;
  json meta = json::parse(test::readFile(test::kernelFile("subkernel_add.json")));
  meta["kernelName"] = "sub_custom";
  test::writeFile(dir.file("add.json"), meta.dump());
  std::string obj = test::kernelFile("subkernel_add.o");
  EXPECT_THAT(inputErrorText(readSubKernel(obj, dir.file("add.json"), kDav2201)),
              HasSubstr(obj + ": entry symbol 'sub_custom' (kernelName in " + dir.file("add.json") +
                        ") is not defined in the object"));
}

TEST(SubKernel, HiddenEntryIsRejected) {
  std::string obj = test::kernelFile("subkernel_hidden.o");
  EXPECT_THAT(inputErrorText(readSubKernel(obj, "", kDav2201)),
              HasSubstr(obj + ": entry 'hidden_kernel' has hidden visibility"));
}

TEST(SubKernel, ContractViolationIsReportedBeforeTheEntry) {
  // The -fno-pic object with a metadata file naming its entry: the relocation is the problem.
  test::TempDir dir;
  test::writeFile(dir.file("nopic.o"), test::readFile(test::kernelFile("subkernel_nopic.o")));
  test::writeFile(dir.file("nopic.json"), R"({"version": 1, "kernelName": "nopic_kernel", "coreType": "AIV",
      "blockDim": 1, "params": [{"name": "out", "role": "output", "dtype": "int64", "shape": [1]}]})");
  EXPECT_THAT(inputErrorText(readSubKernel(dir.file("nopic.o"), "", kDav2201)),
              HasSubstr(dir.file("nopic.o") + ": R_X86_64_32S: compile with -fPIC"));
}

TEST(Sha256, IsLowerCaseHex) {
  EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Imports, OnlyIntrinsicsAndTheHostAllowListAndNoEntryNamedLikeAnIntrinsic) {
  ObjectInfo ok;
  ok.undefinedSymbols = {"sk_block_idx", "sk_data_copy", "memcpy", "expf", "_GLOBAL_OFFSET_TABLE_", "__truncsfhf2"};
  ok.definedGlobals = {"add_custom", "log"};  // entries named like C library functions are sk_cc's to rename
  EXPECT_FALSE((bool)checkImports(ok, "k.o"));
  ObjectInfo puts = ok;
  puts.undefinedSymbols.push_back("puts");
  EXPECT_THAT(inputErrorText(checkImports(puts, "k.o")),
              HasSubstr("k.o: undefined symbol 'puts' is neither an sk_* intrinsic nor on the allow-list"));
  ObjectInfo shadow = ok;
  shadow.definedGlobals.push_back("sk_sync_all");
  EXPECT_THAT(inputErrorText(checkImports(shadow, "k.o")), HasSubstr("k.o: defines 'sk_sync_all', the name of an intrinsic"));
  EXPECT_TRUE(isIntrinsicName("sk_scalar"));
  EXPECT_FALSE(isIntrinsicName("sk_my_kernel"));
}

}  // namespace
}  // namespace sk::subkernel
