// lib/linker: merges kernel objects (tests/linker/kernels/*.cpp, compiled by clang-19 at build
// time) into one relocatable object. The outputs are checked three ways: their ELF structure
// (read back with llvm::object::ELFFile), the LLVM tools (llvm-readelf-19 --all, ld.lld-19 -r),
// and by running their entries on the simulated device through sk::rt.
#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "sk/error.h"
#include "sk/linker.h"
#include "sk/runtime.h"
#include "sk/arch.h"
#include "test_support.h"

namespace ELF = llvm::ELF;
using sk::linker::InputObject;
using sk::linker::LinkRequest;
using sk::linker::LinkStats;
using sk::linker::SyntheticReloc;
using sk::linker::SyntheticSection;
using ELFT = llvm::object::ELF64LE;

namespace {

// ---- inputs --------------------------------------------------------------------------------

const llvm::MemoryBuffer& kernelObject(const std::string& kernel) {
  static std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> cache;
  auto& slot = cache[kernel];
  if (!slot) {
    std::string path = std::string(SK_LINKER_KERNEL_DIR) + "/" + kernel + ".o";
    auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!buf) {
      ADD_FAILURE() << "cannot read " << path << ": " << buf.getError().message();
      slot = llvm::MemoryBuffer::getMemBuffer("");
    } else {
      slot = std::move(*buf);
    }
  }
  return *slot;
}

// An input `<kernel>.o (op <n>)`-style name is what the fusion code passes; tests use
// "<kernel>.o as <prefix>" so messages say which instance is meant.
InputObject input(const std::string& kernel, const std::string& prefix, std::string name = "") {
  InputObject in;
  in.name = name.empty() ? kernel + ".o as " + prefix : std::move(name);
  in.bytes = kernelObject(kernel).getMemBufferRef();
  in.definePrefix = prefix;
  return in;
}

InputObject bytesInput(const std::string& name, const std::vector<uint8_t>& bytes) {
  InputObject in;
  in.name = name;
  in.bytes = llvm::MemoryBufferRef(llvm::StringRef((const char*)bytes.data(), bytes.size()), name);
  in.definePrefix = "x__";
  return in;
}

std::vector<uint8_t> copyOf(const llvm::MemoryBuffer& b) { return {b.getBufferStart(), b.getBufferEnd()}; }

std::vector<uint8_t> linkOk(const LinkRequest& request, LinkStats* stats = nullptr) {
  auto out = sk::linker::link(request, stats);
  if (!out) {
    ADD_FAILURE() << "link failed: " << llvm::toString(out.takeError());
    return {};
  }
  return std::move(*out);
}

// The text of the InputError a failing link returns ("" plus a test failure otherwise).
std::string linkError(const LinkRequest& request) {
  auto out = sk::linker::link(request);
  if (out) {
    ADD_FAILURE() << "link succeeded but should have failed";
    return "";
  }
  std::string text;
  llvm::handleAllErrors(
      out.takeError(), [&](const sk::InputError& e) { text = e.text(); },
      [&](const llvm::ErrorInfoBase& e) { ADD_FAILURE() << "not an InputError: " << e.message(); });
  return text;
}

// ---- reading an output back ----------------------------------------------------------------

struct Section {
  uint32_t index = 0;
  std::string name;
  uint32_t sh_type = 0;
  uint64_t sh_flags = 0, sh_size = 0, sh_addralign = 0, sh_entsize = 0;
  uint32_t sh_link = 0, sh_info = 0;
  std::vector<uint8_t> contents;
};
struct Symbol {
  uint32_t index = 0;
  std::string name;
  uint8_t binding = 0, type = 0, visibility = 0;
  uint16_t st_shndx = 0;
  uint64_t st_value = 0, st_size = 0;
};
struct Reloc {
  uint64_t r_offset = 0;
  uint32_t type = 0;
  uint32_t r_sym = 0;
  int64_t r_addend = 0;
};

struct Object {
  ELF::Elf64_Ehdr header{};
  std::vector<Section> sections;
  std::vector<Symbol> symbols;  // .symtab, entry 0 included
  uint32_t symtabIndex = 0;
  std::map<uint32_t, std::vector<Reloc>> relocs;  // by relocated section index

  std::vector<const Section*> named(const std::string& n) const {
    std::vector<const Section*> r;
    for (const Section& s : sections)
      if (s.name == n) r.push_back(&s);
    return r;
  }
  const Section* section(const std::string& n) const {
    auto r = named(n);
    EXPECT_EQ(r.size(), 1u) << "sections named " << n;
    return r.size() == 1 ? r[0] : nullptr;
  }
  std::vector<const Symbol*> symbolsNamed(const std::string& n) const {
    std::vector<const Symbol*> r;
    for (const Symbol& s : symbols)
      if (s.name == n) r.push_back(&s);
    return r;
  }
  const Symbol* symbol(const std::string& n) const {
    auto r = symbolsNamed(n);
    EXPECT_EQ(r.size(), 1u) << "symbols named " << n;
    return r.size() == 1 ? r[0] : nullptr;
  }
  std::string sectionName(uint32_t i) const { return i < sections.size() ? sections[i].name : "?"; }
};

Object readObject(const std::vector<uint8_t>& bytes) {
  Object o;
  llvm::StringRef buf((const char*)bytes.data(), bytes.size());
  auto elf = llvm::object::ELFFile<ELFT>::create(buf);
  if (!elf) {
    ADD_FAILURE() << llvm::toString(elf.takeError());
    return o;
  }
  std::memcpy(&o.header, bytes.data(), sizeof o.header);
  auto sections = llvm::cantFail(elf->sections());
  auto shstrtab = llvm::cantFail(elf->getSectionStringTable(sections));
  for (uint32_t i = 0; i < sections.size(); ++i) {
    const auto& s = sections[i];
    Section out;
    out.index = i;
    out.name = llvm::cantFail(elf->getSectionName(s, shstrtab)).str();
    out.sh_type = s.sh_type;
    out.sh_flags = s.sh_flags;
    out.sh_size = s.sh_size;
    out.sh_addralign = s.sh_addralign;
    out.sh_entsize = s.sh_entsize;
    out.sh_link = s.sh_link;
    out.sh_info = s.sh_info;
    if (s.sh_type != ELF::SHT_NOBITS) {
      auto data = llvm::cantFail(elf->getSectionContents(s));
      out.contents.assign(data.begin(), data.end());
    }
    o.sections.push_back(std::move(out));
    if (s.sh_type == ELF::SHT_SYMTAB) {
      o.symtabIndex = i;
      auto strtab = llvm::cantFail(elf->getStringTableForSymtab(s, sections));
      uint32_t k = 0;
      for (const auto& sym : llvm::cantFail(elf->symbols(&s))) {
        Symbol y;
        y.index = k++;
        y.name = llvm::cantFail(sym.getName(strtab)).str();
        y.binding = sym.getBinding();
        y.type = sym.getType();
        y.visibility = sym.getVisibility();
        y.st_shndx = sym.st_shndx;
        y.st_value = sym.st_value;
        y.st_size = sym.st_size;
        o.symbols.push_back(y);
      }
    }
  }
  for (const auto& s : sections) {
    if (s.sh_type != ELF::SHT_RELA) continue;
    auto& list = o.relocs[s.sh_info];
    for (const auto& r : llvm::cantFail(elf->relas(s)))
      list.push_back({r.r_offset, r.getType(false), r.getSymbol(false), r.r_addend});
  }
  return o;
}

// The number of FDEs in an .eh_frame image, walking its records; `consumed` tells whether the
// walk ended exactly at the end (no early terminator, no overrun).
size_t countFdes(const std::vector<uint8_t>& d, bool* consumed) {
  size_t n = 0, off = 0;
  while (off + 8 <= d.size()) {
    uint32_t length, id;
    std::memcpy(&length, d.data() + off, 4);
    if (length == 0 || length == 0xffffffffu) break;
    std::memcpy(&id, d.data() + off + 4, 4);
    n += id != 0;
    off += 4 + (size_t)length;
  }
  *consumed = off == d.size();
  return n;
}

size_t countSections(const Object& o, uint32_t sh_type) {
  size_t n = 0;
  for (const Section& s : o.sections) n += s.sh_type == sh_type;
  return n;
}

// A copy of a kernel object with the sh_type of its section `name` replaced.
std::vector<uint8_t> withSectionType(const std::string& kernel, const std::string& name, uint32_t sh_type) {
  std::vector<uint8_t> bytes = copyOf(kernelObject(kernel));
  Object o = readObject(bytes);
  const Section* s = o.section(name);
  if (!s) return bytes;
  uint64_t at = o.header.e_shoff + (uint64_t)s->index * sizeof(ELF::Elf64_Shdr) + offsetof(ELF::Elf64_Shdr, sh_type);
  std::memcpy(bytes.data() + at, &sh_type, 4);
  return bytes;
}

// ---- requests used by several tests --------------------------------------------------------

LinkRequest twoKernels() { return {{input("constant", "a__"), input("helper_a", "b__")}, {}}; }

LinkRequest threeCopies() {
  return {{input("constant", "p__0__"), input("constant", "p__1__"), input("constant", "p__2__")}, {}};
}

LinkRequest twoHelpers() { return {{input("helper_a", "a__"), input("helper_b", "b__")}, {}}; }

LinkRequest comdatPair() { return {{input("comdat_a", "a__"), input("comdat_b", "b__")}, {}}; }

LinkRequest functionSections() {
  return {{input("funcsec", "f0__"), input("funcsec", "f1__"), input("constant", "c__")}, {}};
}

LinkRequest printers() { return {{input("printer_a", "a__"), input("printer_b", "b__")}, {}}; }

// helper_a and helper_b entries in a synthetic table that dispatch.o calls through.
SyntheticSection entryTableSection() {
  SyntheticSection t;
  t.name = ".data.rel.ro.sk_entry_table";
  t.flags = ELF::SHF_ALLOC | ELF::SHF_WRITE;
  t.alignment = 8;
  t.contents.assign(16, 0);
  t.relocs = {{0, ELF::R_X86_64_64, "a__entry_a", 0}, {8, ELF::R_X86_64_64, "b__entry_b", 0}};
  t.symbol = "fused__entry_table";
  return t;
}
LinkRequest entryTable() {
  LinkRequest r{{input("helper_a", "a__"), input("helper_b", "b__"), input("dispatch", "d__")},
                {entryTableSection()}};
  r.inputs[2].renames["sk_entry_table"] = "fused__entry_table";
  return r;
}

LinkRequest debugInfo() { return {{input("constant_g", "g0__"), input("constant_g", "g1__")}, {}}; }

LinkRequest everything() {
  LinkRequest r;
  for (auto make : {threeCopies, twoHelpers, comdatPair, printers, entryTable, debugInfo}) {
    LinkRequest part = make();
    for (InputObject& in : part.inputs) {
      in.definePrefix = "all" + std::to_string(r.inputs.size()) + "__" + in.definePrefix;
      for (auto& [from, to] : in.renames) to = "all__" + to;
      r.inputs.push_back(in);
    }
    for (SyntheticSection& s : part.synthetic) {
      s.symbol = "all__" + s.symbol;
      r.synthetic.push_back(s);
    }
  }
  // Prefixes changed: point the table at the renamed entries (entryTable's helpers are inputs 9, 10).
  r.synthetic[0].relocs[0].symbol = "all9__a__entry_a";
  r.synthetic[0].relocs[1].symbol = "all10__b__entry_b";
  r.inputs.push_back(input("funcsec", "fs__"));
  return r;
}

struct Scenario {
  const char* name;
  LinkRequest (*make)();
};
const Scenario kScenarios[] = {
    {"TwoKernels", twoKernels},   {"ThreeCopies", threeCopies},          {"TwoHelpers", twoHelpers},
    {"Comdat", comdatPair},       {"FunctionSections", functionSections}, {"Printers", printers},
    {"EntryTable", entryTable},   {"DebugInfo", debugInfo},              {"Everything", everything},
};

// ---- running on the simulated device -------------------------------------------------------

class LinkAndRun : public ::testing::Test {
 protected:
  void SetUp() override {
    auto arch = sk::arch::loadArch("dav-2201");
    ASSERT_TRUE(!!arch) << llvm::toString(arch.takeError());
    sk::sim::DeviceOptions o;
    o.echoPrintf = false;
    auto r = sk::rt::Runtime::create(*arch, o);
    ASSERT_TRUE(!!r) << llvm::toString(r.takeError());
    rt = std::move(*r);
  }

  // Registers a linked object (kept alive by the fixture) with the runtime.
  sk::rt::Binary* load(std::vector<uint8_t> object, const std::string& name = "fused.o") {
    objects.push_back(std::make_unique<std::vector<uint8_t>>(std::move(object)));
    const auto& o = *objects.back();
    auto b = rt->loadBinary(llvm::MemoryBufferRef(llvm::StringRef((const char*)o.data(), o.size()), name), name);
    EXPECT_TRUE(!!b) << llvm::toString(b.takeError());
    return b ? *b : nullptr;
  }

  void* deviceWords(std::vector<int32_t> words) {
    words.resize(std::max<size_t>(words.size(), 8), 0);
    auto p = rt->device().malloc(words.size() * 4);
    EXPECT_TRUE(!!p);
    llvm::cantFail(rt->device().memcpy(*p, words.data(), words.size() * 4, sk::sim::CopyKind::HostToDevice));
    return *p;
  }
  std::vector<int32_t> readWords(void* p, size_t n = 8) {
    std::vector<int32_t> v(n);
    llvm::cantFail(rt->device().memcpy(v.data(), p, n * 4, sk::sim::CopyKind::DeviceToHost));
    return v;
  }

  // Launches `entry` on one block with the given device buffers and waits for it.
  void launch(sk::rt::Binary* b, const std::string& entry, const std::vector<void*>& args) {
    ASSERT_NE(b, nullptr);
    auto f = rt->getFunction(b, entry);
    ASSERT_TRUE(!!f) << llvm::toString(f.takeError());
    std::vector<uint64_t> a;
    for (void* p : args) a.push_back((uint64_t)p);
    llvm::Error e = rt->launch(*f, 1, a, sk::sim::kDefaultStream);
    ASSERT_FALSE(!!e) << llvm::toString(std::move(e));
    llvm::Error s = rt->device().synchronizeStream(sk::sim::kDefaultStream);
    ASSERT_FALSE(!!s) << llvm::toString(std::move(s));
  }

  // Runs `entry(out, arg = {x})` and returns out's 8 words.
  std::vector<int32_t> call(sk::rt::Binary* b, const std::string& entry, int32_t x) {
    void* out = deviceWords({});
    launch(b, entry, {out, deviceWords({x})});
    return readWords(out);
  }

  std::unique_ptr<sk::rt::Runtime> rt;
  std::vector<std::unique_ptr<std::vector<uint8_t>>> objects;
};

int32_t chars4(const char* s) {
  int32_t v;
  std::memcpy(&v, s, 4);
  return v;
}

// What kernels/constant.cpp writes on its n-th call with argument i.
std::vector<int32_t> constantResult(int32_t i, int32_t scaleBumps, int32_t calls) {
  static const int32_t table[8] = {11, 22, 33, 44, 55, 66, 77, 88};
  static const char* const words[4] = {"alpha", "beta", "gamma", "delta"};
  return {table[i & 7], 100 * ((i & 3) + 1) + scaleBumps, calls, chars4(words[i & 3]), 0, 0, 0, 0};
}

TEST_F(LinkAndRun, TwoDifferentKernelsBothRunWithTheirOwnResults) {
  sk::rt::Binary* b = load(linkOk(twoKernels()));
  EXPECT_EQ(call(b, "a__constant", 5), constantResult(5, 1, 1));
  EXPECT_EQ(call(b, "b__entry_a", 5)[0], 5 * 3 + 1);
}

TEST_F(LinkAndRun, SameObjectThreeTimesGivesThreeEntriesWithTheirOwnData) {
  sk::rt::Binary* b = load(linkOk(threeCopies()));
  // Each instance has its own .data table and .bss counter: calls to one do not show in another.
  EXPECT_EQ(call(b, "p__0__constant", 2), constantResult(2, 1, 1));
  EXPECT_EQ(call(b, "p__0__constant", 2), constantResult(2, 2, 2));
  EXPECT_EQ(call(b, "p__1__constant", 2), constantResult(2, 1, 1));
  EXPECT_EQ(call(b, "p__2__constant", 3), constantResult(3, 1, 1));
  EXPECT_EQ(call(b, "p__0__constant", 7), constantResult(7, 1, 3));
}

TEST_F(LinkAndRun, SameNamedGlobalHelpersDoNotClashAndEachEntryCallsItsOwn) {
  std::vector<uint8_t> out = linkOk(twoHelpers());
  Object o = readObject(out);
  ASSERT_NE(o.symbol("a__helper"), nullptr);
  ASSERT_NE(o.symbol("b__helper"), nullptr);
  EXPECT_TRUE(o.symbolsNamed("helper").empty());
  sk::rt::Binary* b = load(std::move(out));
  EXPECT_EQ(call(b, "a__entry_a", 7)[0], 7 * 3 + 1);
  EXPECT_EQ(call(b, "b__entry_b", 7)[0], 7 * 5 - 2);
}

TEST_F(LinkAndRun, ComdatMembersAreKeptPerInputUnderTheirInputsPrefix) {
  LinkStats stats;
  std::vector<uint8_t> out = linkOk(comdatPair(), &stats);
  Object o = readObject(out);
  EXPECT_EQ(countSections(o, ELF::SHT_GROUP), 0u);
  for (const Section& s : o.sections) EXPECT_EQ(s.sh_flags & ELF::SHF_GROUP, 0u) << s.name;
  size_t groups = 0;
  for (const char* k : {"comdat_a", "comdat_b"}) groups += countSections(readObject(copyOf(kernelObject(k))), ELF::SHT_GROUP);
  EXPECT_GT(groups, 0u);
  EXPECT_EQ(stats.comdatGroupsDropped, groups);
  for (const char* p : {"a__", "b__"}) {
    for (std::string n : {"_Z3mixILi3EEii", "_Z4bumpi", "gInlineTotal"}) {
      const Symbol* s = o.symbol(p + n);
      ASSERT_NE(s, nullptr) << p + n;
      EXPECT_EQ(s->binding, ELF::STB_WEAK) << s->name;
    }
  }
  EXPECT_EQ(o.named(".text._Z3mixILi3EEii").size(), 1u) << "both copies in one section";

  sk::rt::Binary* b = load(std::move(out));
  EXPECT_EQ(call(b, "a__comdat_a", 4)[0], 4 * 3 + 3);
  EXPECT_EQ(call(b, "b__comdat_b", 4)[0], (4 * 3 + 3) + (4 * 7 + 7));
  // The inline variable is per instance: a's total does not include b's 2 * 4.
  EXPECT_EQ(call(b, "a__comdat_a", 1)[1], 4 + 1);
  EXPECT_EQ(call(b, "b__comdat_b", 1)[1], 8 + 2);
}

TEST_F(LinkAndRun, EhFrameIsOneSectionHoldingEveryInputsRecords) {
  LinkRequest r = everything();
  std::vector<uint8_t> out = linkOk(r);
  Object o = readObject(out);
  auto eh = o.named(".eh_frame");
  ASSERT_EQ(eh.size(), 1u);
  EXPECT_EQ(eh[0]->sh_type, (uint32_t)ELF::SHT_X86_64_UNWIND);
  size_t expected = 0;
  for (const InputObject& in : r.inputs) {
    Object i = readObject(std::vector<uint8_t>(in.bytes.getBufferStart(), in.bytes.getBufferEnd()));
    bool whole = false;
    expected += countFdes(i.section(".eh_frame")->contents, &whole);
  }
  bool whole = false;
  EXPECT_EQ(countFdes(eh[0]->contents, &whole), expected);
  EXPECT_TRUE(whole) << "every record is reachable: no zero padding reads as a terminator";
  EXPECT_EQ(o.relocs[eh[0]->index].size(), expected) << "one PC32 per FDE's initial location";

  sk::rt::Binary* b = load(std::move(out));
  EXPECT_EQ(call(b, "all2__p__2__constant", 1), constantResult(1, 1, 1));
  EXPECT_EQ(call(b, "fs__funcsec", 1)[0], 21);
}

TEST_F(LinkAndRun, FunctionSectionsInputsMergeAndRun) {
  std::vector<uint8_t> out = linkOk(functionSections());
  Object o = readObject(out);
  size_t text = 0;
  for (const Section& s : o.sections) {
    EXPECT_EQ(o.named(s.name).size(), 1u) << s.name << " appears once";
    text += s.name.rfind(".text.", 0) == 0;
  }
  EXPECT_GE(text, 4u);
  Object input = readObject(copyOf(kernelObject("funcsec")));
  const Section* in = input.section(".text._ZL8classifyi");
  ASSERT_NE(in, nullptr);
  EXPECT_EQ(o.section(".text._ZL8classifyi")->sh_size, llvm::alignTo(in->sh_size, in->sh_addralign) + in->sh_size);

  sk::rt::Binary* b = load(std::move(out));
  EXPECT_EQ(call(b, "f0__funcsec", 3), (std::vector<int32_t>{43 - 3, 1003, 2003, 1, 0, 0, 0, 0}));
  EXPECT_EQ(call(b, "f0__funcsec", 0), (std::vector<int32_t>{10 + 7, 1000, 2000, 2, 0, 0, 0, 0}));
  EXPECT_EQ(call(b, "f1__funcsec", 6), (std::vector<int32_t>{76 / 7, 1006, 2006, 1, 0, 0, 0, 0}));
  EXPECT_EQ(call(b, "c__constant", 4), constantResult(4, 1, 1));
}

TEST_F(LinkAndRun, StringLiteralsOfTwoInputsPrintCorrectly) {
  std::vector<uint8_t> out = linkOk(printers());
  Object o = readObject(out);
  const Section* str = o.section(".rodata.str1.1");
  ASSERT_NE(str, nullptr);
  EXPECT_EQ(str->sh_flags, (uint64_t)(ELF::SHF_ALLOC | ELF::SHF_MERGE | ELF::SHF_STRINGS));
  EXPECT_EQ(str->sh_entsize, 1u);

  sk::rt::Binary* b = load(std::move(out));
  launch(b, "a__printer_a", {deviceWords({5})});
  launch(b, "b__printer_b", {deviceWords({3})});
  std::string text = rt->device().takePrintfOutput();
  EXPECT_NE(text.find("printer_a says positive 5"), std::string::npos) << text;
  EXPECT_NE(text.find("printer_b: second/odd 3"), std::string::npos) << text;
}

TEST_F(LinkAndRun, SyntheticTableOfEntriesIsCalledThroughByAnotherInput) {
  std::vector<uint8_t> out = linkOk(entryTable());
  Object o = readObject(out);
  const Symbol* table = o.symbol("fused__entry_table");
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(table->binding, ELF::STB_GLOBAL);
  EXPECT_EQ(table->type, ELF::STT_OBJECT);
  EXPECT_EQ(table->st_size, 16u);
  EXPECT_EQ(o.sectionName(table->st_shndx), ".data.rel.ro.sk_entry_table");
  EXPECT_TRUE(o.symbolsNamed("sk_entry_table").empty()) << "the reference was renamed, not left undefined";

  sk::rt::Binary* b = load(std::move(out));
  void* result = deviceWords({});
  launch(b, "d__dispatch", {result, deviceWords({9}), deviceWords({0})});
  EXPECT_EQ(readWords(result)[0], 9 * 3 + 1) << "table[0] is helper_a's entry";
  launch(b, "d__dispatch", {result, deviceWords({9}), deviceWords({1})});
  EXPECT_EQ(readWords(result)[0], 9 * 5 - 2) << "table[1] is helper_b's entry";
}

TEST_F(LinkAndRun, DebugInfoInputLinksWithoutDebugSectionsAndRuns) {
  Object in = readObject(copyOf(kernelObject("constant_g")));
  size_t debugIn = 0;
  for (const Section& s : in.sections) debugIn += s.name.find(".debug_") != std::string::npos;
  ASSERT_GT(debugIn, 0u) << "constant_g.o is built with -g";

  std::vector<uint8_t> out = linkOk(debugInfo());
  Object o = readObject(out);
  for (const Section& s : o.sections) EXPECT_EQ(s.name.find(".debug"), std::string::npos) << s.name;
  sk::rt::Binary* b = load(std::move(out));
  EXPECT_EQ(call(b, "g0__constant", 6), constantResult(6, 1, 1));
  EXPECT_EQ(call(b, "g1__constant", 6), constantResult(6, 1, 1));
}

TEST_F(LinkAndRun, HundredCopiesOfOneObjectRunEachWithItsOwnData) {
  LinkRequest r;
  for (int i = 0; i < 100; ++i) r.inputs.push_back(input("constant", "k__" + std::to_string(i) + "__"));
  sk::rt::Binary* b = load(linkOk(r));
  EXPECT_EQ(call(b, "k__0__constant", 1), constantResult(1, 1, 1));
  EXPECT_EQ(call(b, "k__99__constant", 1), constantResult(1, 1, 1));
  EXPECT_EQ(call(b, "k__99__constant", 1), constantResult(1, 2, 2));
  EXPECT_EQ(call(b, "k__50__constant", 2), constantResult(2, 1, 1));
}

// ---- structure of the output ---------------------------------------------------------------

// Also the speed check of docs/linker.md: the time is printed and recorded as link_ms.
TEST(LinkOutput, ThousandInputsMergeIntoOneSectionPerName) {
  LinkRequest r;
  for (int i = 0; i < 1000; ++i) r.inputs.push_back(input("constant", "k__" + std::to_string(i) + "__"));
  auto t0 = std::chrono::steady_clock::now();
  LinkStats stats;
  std::vector<uint8_t> out = linkOk(r, &stats);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  ::testing::Test::RecordProperty("link_ms", std::to_string(ms));
  std::printf("linked 1000 inputs in %.2f ms: %llu bytes, %u sections, %u symbols, %u relocations\n", ms,
              (unsigned long long)stats.outputBytes, stats.sections, stats.symbols, stats.relocations);

  Object in = readObject(copyOf(kernelObject("constant")));
  Object o = readObject(out);
  for (const Section& s : o.sections) EXPECT_EQ(o.named(s.name).size(), 1u) << s.name;
  const Section* text = o.section(".text");
  ASSERT_NE(text, nullptr);
  uint64_t stride = llvm::alignTo(in.section(".text")->sh_size, 16);
  for (int i = 0; i < 1000; ++i) {
    const Symbol* entry = o.symbol("k__" + std::to_string(i) + "__constant");
    ASSERT_NE(entry, nullptr) << i;
    EXPECT_EQ(entry->st_value, i * stride);
  }
  EXPECT_EQ(text->sh_size, 999 * stride + in.section(".text")->sh_size);
  EXPECT_EQ(o.symbolsNamed("_ZL6kTable").size(), 1000u);
  EXPECT_EQ(o.symbolsNamed("sk_data_copy").size(), 1u);
}

TEST(LinkOutput, SymbolTableHasSectionSymbolsThenLocalsThenGlobals) {
  Object o = readObject(linkOk(everything()));
  const Section& symtab = o.sections[o.symtabIndex];
  ASSERT_EQ(symtab.sh_info, [&] {
    uint32_t first = 0;
    while (first < o.symbols.size() && o.symbols[first].binding == ELF::STB_LOCAL) ++first;
    return first;
  }()) << "sh_info is the index of the first non-local symbol";
  for (uint32_t i = symtab.sh_info; i < o.symbols.size(); ++i)
    EXPECT_NE(o.symbols[i].binding, ELF::STB_LOCAL) << o.symbols[i].name;
  EXPECT_EQ(o.symbols[0].name, "");
  EXPECT_EQ(o.symbols[0].st_shndx, 0u);
  // Symbols 1..N: one STT_SECTION per content section, in section order.
  uint32_t n = 0;
  for (const Section& s : o.sections)
    if (s.sh_flags & ELF::SHF_ALLOC) ++n;
  for (uint32_t i = 1; i <= n; ++i) {
    EXPECT_EQ(o.symbols[i].type, ELF::STT_SECTION) << i;
    EXPECT_EQ(o.symbols[i].st_shndx, i);
  }
  for (uint32_t i = n + 1; i < o.symbols.size(); ++i) {
    EXPECT_NE(o.symbols[i].type, ELF::STT_SECTION) << i;
    EXPECT_NE(o.symbols[i].type, ELF::STT_FILE) << o.symbols[i].name;
  }
}

TEST(LinkOutput, UndefinedSymbolsAppearOnceEachAsGlobal) {
  Object o = readObject(linkOk(threeCopies()));
  for (std::string name : {"sk_data_copy", "sk_ub_base"}) {
    const Symbol* s = o.symbol(name);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->st_shndx, ELF::SHN_UNDEF);
    EXPECT_EQ(s->binding, ELF::STB_GLOBAL);
  }
  for (const Symbol& s : o.symbols)
    if (s.index && s.st_shndx == ELF::SHN_UNDEF) {
      EXPECT_EQ(o.symbolsNamed(s.name).size(), 1u) << s.name;
    }
}

TEST(LinkOutput, LocalSymbolsKeepTheirNamesInEveryCopy) {
  Object o = readObject(linkOk(threeCopies()));
  auto tables = o.symbolsNamed("_ZL6kTable");
  ASSERT_EQ(tables.size(), 3u);
  // Each copy's table sits one input section further into the merged .rodata.cst32.
  Object input = readObject(copyOf(kernelObject("constant")));
  const Section* in = input.section(".rodata.cst32");
  ASSERT_NE(in, nullptr);
  for (uint32_t k = 0; k < 3; ++k) {
    EXPECT_EQ(tables[k]->binding, ELF::STB_LOCAL);
    EXPECT_EQ(o.sectionName(tables[k]->st_shndx), ".rodata.cst32");
    EXPECT_EQ(tables[k]->st_value, k * in->sh_size);
  }
}

TEST(LinkOutput, DefinitionsGetTheDefinePrefixAndRenamesOverrideIt) {
  LinkRequest r = threeCopies();
  r.inputs[1].renames["constant"] = "second_entry";
  Object o = readObject(linkOk(r));
  EXPECT_NE(o.symbol("p__0__constant"), nullptr);
  EXPECT_NE(o.symbol("second_entry"), nullptr);
  EXPECT_TRUE(o.symbolsNamed("p__1__constant").empty());
  EXPECT_TRUE(o.symbolsNamed("constant").empty());
}

TEST(LinkOutput, RenamesAlsoRedirectUndefinedReferences) {
  LinkRequest r = threeCopies();
  r.inputs[2].renames["sk_ub_base"] = "my_ub_base";
  Object o = readObject(linkOk(r));
  const Symbol* s = o.symbol("my_ub_base");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->st_shndx, ELF::SHN_UNDEF);
  EXPECT_NE(o.symbol("sk_ub_base"), nullptr) << "the other inputs still import it";
}

TEST(LinkOutput, WeakDefinitionsStayWeakAndHiddenOnesStayHidden) {
  Object o = readObject(linkOk(functionSections()));
  for (std::string p : {"f0__", "f1__"}) {
    const Symbol* weak = o.symbol(p + "fs_weak");
    const Symbol* hidden = o.symbol(p + "fs_hidden");
    const Symbol* entry = o.symbol(p + "funcsec");
    ASSERT_TRUE(weak && hidden && entry);
    EXPECT_EQ(weak->binding, ELF::STB_WEAK);
    EXPECT_EQ(weak->visibility, ELF::STV_DEFAULT);
    EXPECT_EQ(hidden->binding, ELF::STB_GLOBAL);
    EXPECT_EQ(hidden->visibility, ELF::STV_HIDDEN);
    EXPECT_EQ(entry->visibility, ELF::STV_DEFAULT);
    EXPECT_EQ(entry->type, ELF::STT_FUNC);
  }
}

TEST(LinkOutput, GroupsAddrsigCommentAndDebugAreDroppedAndOneEmptyNoteGnuStackIsAdded) {
  Object o = readObject(linkOk(everything()));
  for (const Section& s : o.sections) {
    EXPECT_NE(s.sh_type, (uint32_t)ELF::SHT_GROUP) << s.name;
    EXPECT_NE(s.sh_type, (uint32_t)ELF::SHT_LLVM_ADDRSIG) << s.name;
    EXPECT_NE(s.name, ".comment");
    EXPECT_EQ(s.name.find(".debug"), std::string::npos) << s.name;
  }
  const Section* note = o.section(".note.GNU-stack");
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->sh_type, (uint32_t)ELF::SHT_PROGBITS);
  EXPECT_EQ(note->sh_flags, 0u);
  EXPECT_EQ(note->sh_size, 0u);
}

TEST(LinkOutput, EachRelaSectionLinksTheSymtabAndItsTarget) {
  Object o = readObject(linkOk(everything()));
  size_t rela = 0;
  for (const Section& s : o.sections) {
    if (s.sh_type != ELF::SHT_RELA) continue;
    ++rela;
    EXPECT_EQ(s.sh_link, o.symtabIndex) << s.name;
    EXPECT_EQ(s.sh_flags, (uint64_t)ELF::SHF_INFO_LINK) << s.name;
    EXPECT_EQ(s.sh_entsize, 24u);
    EXPECT_EQ(s.name, ".rela" + o.sectionName(s.sh_info));
    EXPECT_EQ(o.named(s.name).size(), 1u) << s.name;
  }
  EXPECT_GE(rela, 4u);
  for (const auto& [target, list] : o.relocs)
    for (const Reloc& r : list) EXPECT_LT(r.r_sym, o.symbols.size());
}

TEST(LinkOutput, SectionSymbolRelocationsAddTheInputSectionOffsetToTheAddend) {
  Object in = readObject(copyOf(kernelObject("constant")));
  const Section* inPtrs = in.section(".data.rel.ro");
  const Section* inStr = in.section(".rodata.str1.1");
  ASSERT_TRUE(inPtrs && inStr);
  const auto& inRelocs = in.relocs[inPtrs->index];
  ASSERT_EQ(inRelocs.size(), 4u);

  Object o = readObject(linkOk(threeCopies()));
  const Section* ptrs = o.section(".data.rel.ro");
  const Section* str = o.section(".rodata.str1.1");
  ASSERT_TRUE(ptrs && str);
  const auto& relocs = o.relocs[ptrs->index];
  ASSERT_EQ(relocs.size(), 12u);
  uint64_t ptrStride = llvm::alignTo(inPtrs->sh_size, inPtrs->sh_addralign);
  for (uint32_t k = 0; k < 3; ++k) {
    for (uint32_t j = 0; j < 4; ++j) {
      const Reloc& r = relocs[4 * k + j];
      EXPECT_EQ(r.type, (uint32_t)ELF::R_X86_64_64);
      EXPECT_EQ(o.symbols[r.r_sym].type, ELF::STT_SECTION);
      EXPECT_EQ(o.symbols[r.r_sym].st_shndx, str->index) << "against the output .rodata.str1.1";
      EXPECT_EQ(r.r_addend, inRelocs[j].r_addend + (int64_t)(k * inStr->sh_size));
      EXPECT_EQ(r.r_offset, inRelocs[j].r_offset + k * ptrStride);
    }
  }
  EXPECT_EQ(str->sh_size, 3 * inStr->sh_size);
}

TEST(LinkOutput, InputSectionsAreConcatenatedAtTheirAlignment) {
  Object in = readObject(copyOf(kernelObject("constant")));
  Object o = readObject(linkOk(threeCopies()));
  for (std::string name : {".text", ".data", ".bss", ".rodata.cst32", ".eh_frame"}) {
    const Section* i = in.section(name);
    const Section* s = o.section(name);
    ASSERT_TRUE(i && s) << name;
    uint64_t stride = llvm::alignTo(i->sh_size, i->sh_addralign);
    EXPECT_EQ(s->sh_size, 2 * stride + i->sh_size) << name;
    EXPECT_EQ(s->sh_addralign, i->sh_addralign) << name;
    EXPECT_EQ(s->sh_type, i->sh_type) << name;
    if (s->sh_type == ELF::SHT_NOBITS) continue;
    for (uint32_t k = 0; k < 3; ++k)
      EXPECT_TRUE(std::equal(i->contents.begin(), i->contents.end(), s->contents.begin() + k * stride))
          << name << " copy " << k;
  }
  EXPECT_EQ(o.symbol("p__2__constant")->st_value, 2 * llvm::alignTo(in.section(".text")->sh_size, 16));
}

TEST(LinkOutput, StatsDescribeTheOutput) {
  LinkStats stats;
  std::vector<uint8_t> out = linkOk(everything(), &stats);
  Object o = readObject(out);
  EXPECT_EQ(stats.outputBytes, out.size());
  EXPECT_EQ(stats.sections, o.header.e_shnum - 1u);
  EXPECT_EQ(stats.symbols, o.symbols.size() - 1);
  size_t relocs = 0;
  for (const auto& [target, list] : o.relocs) relocs += list.size();
  EXPECT_EQ(stats.relocations, relocs);
  EXPECT_GT(stats.comdatGroupsDropped, 0u);
}

TEST(LinkOutput, HeaderIsElf64X86_64Relocatable) {
  Object o = readObject(linkOk(twoKernels()));
  EXPECT_EQ(o.header.e_ident[ELF::EI_CLASS], ELF::ELFCLASS64);
  EXPECT_EQ(o.header.e_ident[ELF::EI_DATA], ELF::ELFDATA2LSB);
  EXPECT_EQ(o.header.e_type, ELF::ET_REL);
  EXPECT_EQ(o.header.e_machine, ELF::EM_X86_64);
  EXPECT_EQ(o.header.e_phnum, 0u);
  EXPECT_EQ(o.sections[o.header.e_shstrndx].name, ".shstrtab");
}

TEST(LinkOutput, EmptyRequestGivesAValidEmptyObject) {
  Object o = readObject(linkOk({}));
  EXPECT_EQ(o.symbols.size(), 1u);
  EXPECT_NE(o.section(".note.GNU-stack"), nullptr);
}

TEST(LinkOutput, EhFrameOfTypeProgbitsMergesWithX86_64Unwind) {
  std::vector<uint8_t> progbits = withSectionType("helper_b", ".eh_frame", ELF::SHT_PROGBITS);
  Object o = readObject(linkOk({{input("helper_a", "a__"), bytesInput("b.o (op 1)", progbits)}, {}}));
  auto eh = o.named(".eh_frame");
  ASSERT_EQ(eh.size(), 1u);
  EXPECT_EQ(eh[0]->sh_type, (uint32_t)ELF::SHT_X86_64_UNWIND);
  size_t expected = 0;
  bool whole = false;
  for (const char* k : {"helper_a", "helper_b"})
    expected += countFdes(readObject(copyOf(kernelObject(k))).section(".eh_frame")->contents, &whole);
  EXPECT_EQ(countFdes(eh[0]->contents, &whole), expected);
  EXPECT_TRUE(whole);
}

// ---- synthetic sections --------------------------------------------------------------------

TEST(LinkSynthetic, SectionSymbolAndRelocationsAreEmitted) {
  Object o = readObject(linkOk(entryTable()));
  const Section* table = o.section(".data.rel.ro.sk_entry_table");
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(table->sh_flags, (uint64_t)(ELF::SHF_ALLOC | ELF::SHF_WRITE));
  EXPECT_EQ(table->sh_size, 16u);
  const auto& relocs = o.relocs[table->index];
  ASSERT_EQ(relocs.size(), 2u);
  EXPECT_EQ(relocs[0].r_offset, 0u);
  EXPECT_EQ(relocs[1].r_offset, 8u);
  EXPECT_EQ(relocs[0].type, (uint32_t)ELF::R_X86_64_64);
  EXPECT_EQ(o.symbols[relocs[0].r_sym].name, "a__entry_a");
  EXPECT_EQ(o.symbols[relocs[1].r_sym].name, "b__entry_b");
  EXPECT_EQ(o.symbol("fused__entry_table")->st_value, 0u);
}

TEST(LinkSynthetic, SectionNamedLikeAnInputSectionIsAppendedToIt) {
  LinkRequest r{{input("constant", "c__")}, {}};
  SyntheticSection s;
  s.name = ".data";
  s.flags = ELF::SHF_ALLOC | ELF::SHF_WRITE;
  s.alignment = 8;
  s.contents = {1, 2, 3, 4, 5, 6, 7, 8};
  s.symbol = "extra_data";
  r.synthetic.push_back(s);
  Object input = readObject(copyOf(kernelObject("constant")));
  const Section* in = input.section(".data");
  Object o = readObject(linkOk(r));
  const Section* data = o.section(".data");
  ASSERT_TRUE(in && data);
  uint64_t at = llvm::alignTo(in->sh_size, 8);
  EXPECT_EQ(data->sh_size, at + 8);
  EXPECT_EQ(std::vector<uint8_t>(data->contents.begin() + at, data->contents.end()), s.contents);
  const Symbol* sym = o.symbol("extra_data");
  ASSERT_NE(sym, nullptr);
  EXPECT_EQ(sym->st_value, at);
  EXPECT_EQ(o.sectionName(sym->st_shndx), ".data");
}

TEST(LinkSynthetic, RelocationToANameNobodyDefinesLeavesItUndefined) {
  LinkRequest r{{input("constant", "c__")}, {entryTableSection()}};
  r.synthetic[0].relocs[1].symbol = "nobody_defines_this";
  r.synthetic[0].relocs[0].symbol = "c__constant";
  Object o = readObject(linkOk(r));
  const Symbol* u = o.symbol("nobody_defines_this");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->st_shndx, ELF::SHN_UNDEF);
  EXPECT_EQ(u->binding, ELF::STB_GLOBAL);
}

TEST(LinkSynthetic, LocalSymbolIsLocalAndRelocationsMayNameIt) {
  SyntheticSection a = entryTableSection();
  a.globalSymbol = false;
  a.symbol = "table_here";
  a.relocs = {{0, ELF::R_X86_64_64, "table_here", 8}};
  Object o = readObject(linkOk({{}, {a}}));
  const Symbol* s = o.symbol("table_here");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->binding, ELF::STB_LOCAL);
  EXPECT_LT(s->index, o.sections[o.symtabIndex].sh_info);
  const auto& relocs = o.relocs[o.section(".data.rel.ro.sk_entry_table")->index];
  ASSERT_EQ(relocs.size(), 1u);
  EXPECT_EQ(relocs[0].r_sym, s->index);
  EXPECT_EQ(relocs[0].r_addend, 8);
}

TEST(LinkSynthetic, MergeFlagsAreClearedWhenContributorsDisagree) {
  LinkRequest r = printers();
  SyntheticSection s;
  s.name = ".rodata.str1.1";
  s.flags = ELF::SHF_ALLOC;
  s.alignment = 1;
  s.contents = {'h', 'i', 0};
  r.synthetic.push_back(s);
  Object o = readObject(linkOk(r));
  const Section* str = o.section(".rodata.str1.1");
  ASSERT_NE(str, nullptr);
  EXPECT_EQ(str->sh_flags, (uint64_t)ELF::SHF_ALLOC);
  EXPECT_EQ(str->sh_entsize, 0u);
}

// ---- errors --------------------------------------------------------------------------------

TEST(LinkErrors, DuplicateDefinitionAcrossInputsNamesBothInputs) {
  LinkRequest r{{input("helper_a", "a__", "a.o (op 0)"), input("constant", "c__", "c.o (op 1)"),
                 input("helper_a", "a__", "b.o (op 2)")},
                {}};
  std::string e = linkError(r);
  EXPECT_NE(e.find("duplicate definition of 'a__"), std::string::npos) << e;
  EXPECT_NE(e.find("in a.o (op 0) and b.o (op 2)"), std::string::npos) << e;
}

TEST(LinkErrors, DuplicateDefinitionByAnInputAndASyntheticSectionNamesBoth) {
  SyntheticSection s = entryTableSection();
  s.symbol = "c__constant";
  std::string e = linkError({{input("constant", "c__", "c.o (op 0)")}, {s}});
  EXPECT_EQ(e.find("duplicate definition of 'c__constant' in c.o (op 0) and synthetic section "
                   ".data.rel.ro.sk_entry_table"),
            0u)
      << e;
}

TEST(LinkErrors, TruncatedInputIsAnInputErrorNamingIt) {
  std::vector<uint8_t> bytes = copyOf(kernelObject("constant"));
  bytes.resize(bytes.size() / 2);
  std::string e = linkError({{input("helper_a", "a__"), bytesInput("half.o (op 1)", bytes)}, {}});
  EXPECT_EQ(e.find("half.o (op 1): truncated or malformed ELF object"), 0u) << e;
}

TEST(LinkErrors, InputShorterThanAnElfHeaderIsAnInputError) {
  std::vector<uint8_t> bytes = copyOf(kernelObject("constant"));
  bytes.resize(20);
  std::string e = linkError({{bytesInput("tiny.o (op 0)", bytes)}, {}});
  EXPECT_EQ(e.find("tiny.o (op 0): truncated or malformed ELF object"), 0u) << e;
}

TEST(LinkErrors, NonElfInputIsAnInputErrorNamingIt) {
  std::string text = "this is not an object file\n";
  std::vector<uint8_t> bytes(text.begin(), text.end());
  std::string e = linkError({{bytesInput("notes.txt (op 0)", bytes)}, {}});
  EXPECT_EQ(e.find("notes.txt (op 0): not an ELF object"), 0u) << e;
}

TEST(LinkErrors, NonRelocatableElfIsRejected) {
  std::vector<uint8_t> bytes = copyOf(kernelObject("constant"));
  uint16_t et_dyn = ELF::ET_DYN;
  std::memcpy(bytes.data() + offsetof(ELF::Elf64_Ehdr, e_type), &et_dyn, 2);
  std::string e = linkError({{bytesInput("lib.so (op 0)", bytes)}, {}});
  EXPECT_EQ(e.find("lib.so (op 0): not a relocatable object"), 0u) << e;
}

TEST(LinkErrors, OtherMachineIsRejected) {
  std::vector<uint8_t> bytes = copyOf(kernelObject("constant"));
  uint16_t aarch64 = ELF::EM_AARCH64;
  std::memcpy(bytes.data() + offsetof(ELF::Elf64_Ehdr, e_machine), &aarch64, 2);
  std::string e = linkError({{bytesInput("arm.o (op 0)", bytes)}, {}});
  EXPECT_NE(e.find("arm.o (op 0): e_machine is 183, expected EM_X86_64"), std::string::npos) << e;
}

TEST(LinkErrors, NonPicInputIsRejectedNamingTheRelocation) {
  std::string e = linkError({{input("constant", "c__"), input("nopic", "n__", "nopic.o (op 1)")}, {}});
  EXPECT_EQ(e.find("nopic.o (op 1): section .text: relocation R_X86_64_32S is not supported: compile with -fPIC"), 0u)
      << e;
}

TEST(LinkErrors, SameSectionNameWithTwoTypesNamesBothInputs) {
  std::string e = linkError({{input("conflict_progbits", "a__", "p.o (op 0)"),
                              input("conflict_nobits", "b__", "n.o (op 1)")},
                             {}});
  EXPECT_EQ(e.find("section .sk_conflict has sh_type SHT_PROGBITS in p.o (op 0) but SHT_NOBITS in n.o (op 1)"), 0u)
      << e;
}

TEST(LinkErrors, SyntheticSectionWhoseTypeDiffersFromAnInputSectionIsRejected) {
  SyntheticSection s;
  s.name = ".bss";
  s.contents.assign(8, 0);
  std::string e = linkError({{input("constant", "c__", "c.o (op 0)")}, {s}});
  EXPECT_EQ(e.find("section .bss has sh_type SHT_NOBITS in c.o (op 0) but SHT_PROGBITS in synthetic section .bss"), 0u)
      << e;
}

TEST(LinkErrors, RenamingASymbolToAnEmptyNameIsRejected) {
  InputObject in = input("constant", "c__", "c.o (op 0)");
  in.renames["constant"] = "";
  std::string e = linkError({{in}, {}});
  EXPECT_EQ(e.find("c.o (op 0): renames maps 'constant' to an empty name"), 0u) << e;
}

TEST(LinkErrors, SyntheticRelocationPastTheEndIsRejected) {
  SyntheticSection s = entryTableSection();
  s.relocs[1].offset = 12;
  std::string e = linkError({{input("helper_a", "a__"), input("helper_b", "b__")}, {s}});
  EXPECT_NE(e.find("synthetic section .data.rel.ro.sk_entry_table: relocation at offset 12 patches bytes past the end"),
            std::string::npos)
      << e;
}

TEST(LinkErrors, UnsupportedSyntheticRelocationTypeIsRejected) {
  SyntheticSection s = entryTableSection();
  s.relocs[0].type = ELF::R_X86_64_32;
  std::string e = linkError({{input("helper_a", "a__"), input("helper_b", "b__")}, {s}});
  EXPECT_NE(e.find("relocation R_X86_64_32 is not supported"), std::string::npos) << e;
}

// ---- every scenario: LLVM's tools accept the output, and it is deterministic ---------------
// (The scenarios are the requests above plus "Everything", all of them in one link.)

std::string writeObject(const sk::test::TempDir& dir, const Scenario& scenario) {
  std::vector<uint8_t> out = linkOk(scenario.make());
  std::string path = dir.file(std::string(scenario.name) + ".o");
  sk::test::writeBytes(path, out.data(), out.size());
  return path;
}

TEST(EveryScenario, LlvmReadelfAllPrintsNoWarnings) {
  sk::test::TempDir dir;
  for (const Scenario& scenario : kScenarios) {
    SCOPED_TRACE(scenario.name);
    auto r = sk::test::run({SK_LLVM_READELF, "--all", writeObject(dir, scenario)});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out.find("warning"), std::string::npos) << r.out;
  }
}

TEST(EveryScenario, LldRelocatableLinkAcceptsTheOutput) {
  sk::test::TempDir dir;
  for (const Scenario& scenario : kScenarios) {
    SCOPED_TRACE(scenario.name);
    auto r = sk::test::run({SK_LLD, "-r", writeObject(dir, scenario), "-o", dir.file("again.o")});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
  }
}

TEST(EveryScenario, SameRequestGivesIdenticalBytes) {
  for (const Scenario& scenario : kScenarios) {
    SCOPED_TRACE(scenario.name);
    std::vector<uint8_t> first = linkOk(scenario.make());
    std::vector<uint8_t> second = linkOk(scenario.make());
    EXPECT_FALSE(first.empty());
    EXPECT_TRUE(first == second);
  }
}

}  // namespace
