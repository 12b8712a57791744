// resolveSymbols: names every input symbol in the output (renames, definePrefix) and builds
// the output symbol table by name; assignSymbolValues: moves each definition by the offset
// of its input section inside the output section.
#include "context.h"
#include "llvm/ADT/SmallString.h"
#include "sk/error.h"

namespace sk::linker {

using namespace llvm;

namespace {

// ELF gABI: when symbols merge, the most constraining visibility wins
// (STV_INTERNAL > STV_HIDDEN > STV_PROTECTED > STV_DEFAULT).
uint8_t mergeVisibility(uint8_t a, uint8_t b) {
  auto rank = [](uint8_t v) { return v == ELF::STV_DEFAULT ? 0 : v == ELF::STV_PROTECTED ? 1 : v == ELF::STV_HIDDEN ? 2 : 3; };
  return rank(a) >= rank(b) ? a : b;
}

uint8_t visibilityOf(uint8_t st_other) { return st_other & 3; }

Error malformed(const InputFile& f, const Twine& what) {
  return inputError(f.name() + ": truncated or malformed ELF object: " + what + ": pass the .o produced by clang-19 -c");
}

// The name of a defined global/weak symbol of input `in`, or of one it references.
StringRef outputName(const InputObject& in, StringRef name, bool defined, SmallString<128>& buf) {
  if (!in.renames.empty()) {
    auto it = in.renames.find(name.str());
    if (it != in.renames.end()) return it->second;
  }
  if (!defined || in.definePrefix.empty()) return name;
  buf = in.definePrefix;
  buf += name;
  return buf.str();
}

}  // namespace

OutputSymbol definition(const InputSym& s, Chunk where) {
  OutputSymbol d;
  d.st_info = s.st_info;
  d.st_other = s.st_other;
  d.st_shndx = s.st_shndx;
  d.st_value = s.st_value;
  d.st_size = s.st_size;
  d.defined = true;
  d.definedIn = where;
  return d;
}

Expected<uint32_t> defineGlobal(Context& ctx, StringRef name, const OutputSymbol& def) {
  auto [it, inserted] = ctx.globalByName.try_emplace(name, (uint32_t)ctx.globals.size());
  if (inserted) {
    ctx.globals.push_back(def);
    ctx.globals.back().name = it->getKey();
    return it->second;
  }
  OutputSymbol& g = ctx.globals[it->second];
  if (g.defined)
    return inputError("duplicate definition of '" + name + "' in " + describeChunk(ctx, g.definedIn) + " and " +
                      describeChunk(ctx, def.definedIn) +
                      ": give each input its own definePrefix (or rename one of them)");
  // An earlier input referenced it: the definition takes over, visibilities merge.
  uint8_t vis = mergeVisibility(visibilityOf(g.st_other), visibilityOf(def.st_other));
  StringRef keep = g.name;
  g = def;
  g.name = keep;
  g.st_other = (def.st_other & ~3) | vis;
  return it->second;
}

uint32_t referenceGlobal(Context& ctx, StringRef name, uint8_t binding, uint8_t type, uint8_t st_other) {
  auto [it, inserted] = ctx.globalByName.try_emplace(name, (uint32_t)ctx.globals.size());
  if (inserted) {
    OutputSymbol u;
    u.name = it->getKey();
    // An undefined symbol stays weak only while every reference to it is weak.
    u.st_info = (uint8_t)((binding == ELF::STB_WEAK ? ELF::STB_WEAK : ELF::STB_GLOBAL) << 4 | type);
    u.st_other = st_other;
    ctx.globals.push_back(u);
    return it->second;
  }
  OutputSymbol& g = ctx.globals[it->second];
  g.st_other = (g.st_other & ~3) | mergeVisibility(visibilityOf(g.st_other), visibilityOf(st_other));
  if (!g.defined && binding != ELF::STB_WEAK) g.st_info = (uint8_t)(ELF::STB_GLOBAL << 4 | g.type());
  return it->second;
}

namespace {

// The section a symbol is defined in (kNone: undefined or special like SHN_ABS).
Expected<uint32_t> definingSection(const InputFile& f, const InputSym& s, StringRef name) {
  uint32_t shndx = kNone;
  if (s.st_shndx == ELF::SHN_XINDEX) {
    auto x = f.elf.getSectionIndex(s, f.symbols, f.shndxTable);
    if (!x) return malformed(f, "symbol '" + name + "': " + toString(x.takeError()));
    shndx = *x;
  } else if (s.st_shndx != ELF::SHN_UNDEF && s.st_shndx < ELF::SHN_LORESERVE) {
    shndx = s.st_shndx;
  }
  if (shndx != kNone && shndx >= f.sections.size())
    return malformed(f, "symbol '" + name + "': st_shndx " + Twine(shndx) + " out of range");
  return shndx;
}

// A local: dropped with its section, a section symbol, or a named local of the output.
Expected<SymbolRef> resolveLocal(Context& ctx, uint32_t fi, uint32_t si, StringRef name, uint32_t shndx) {
  const InputFile& f = ctx.files[fi];
  const InputSym& s = f.symbols[si];
  if (s.st_shndx == ELF::SHN_UNDEF) return malformed(f, "local symbol " + Twine(si) + " is undefined");
  if (shndx != kNone && !f.sections[shndx].kept) return SymbolRef{SymbolKind::Dropped, 0};
  if (s.getType() == ELF::STT_SECTION) {
    if (shndx == kNone) return malformed(f, "section symbol " + Twine(si) + " has no section");
    return SymbolRef{SymbolKind::Section, shndx};
  }
  OutputSymbol l = definition(s, {fi, shndx});
  l.name = name;  // locals keep their names; several inputs may share one
  ctx.locals.push_back(l);
  return SymbolRef{SymbolKind::Local, (uint32_t)ctx.locals.size() - 1};
}

// STB_GLOBAL, STB_WEAK, STB_GNU_UNIQUE: a reference, or a definition under its output name.
Expected<SymbolRef> resolveGlobal(Context& ctx, uint32_t fi, const InputSym& s, StringRef name, uint32_t shndx,
                                  SmallString<128>& buf) {
  const InputFile& f = ctx.files[fi];
  const InputObject& in = *f.object;
  bool undefined = s.st_shndx == ELF::SHN_UNDEF;
  StringRef out = outputName(in, name, !undefined, buf);
  if (out.empty()) return inputError(in.name + ": renames maps '" + name + "' to an empty name");
  if (undefined) return SymbolRef{SymbolKind::Global, referenceGlobal(ctx, out, s.getBinding(), s.getType(), s.st_other)};
  if (shndx != kNone && !f.sections[shndx].kept)
    return inputError(in.name + ": symbol '" + name + "' is defined in section " + f.sections[shndx].name +
                      ", which the linker drops (not SHF_ALLOC)");
  auto index = defineGlobal(ctx, out, definition(s, {fi, shndx}));
  if (!index) return index.takeError();
  return SymbolRef{SymbolKind::Global, *index};
}

Expected<SymbolRef> resolveSymbol(Context& ctx, uint32_t fi, uint32_t si, SmallString<128>& buf) {
  const InputFile& f = ctx.files[fi];
  const InputSym& s = f.symbols[si];
  auto name = s.getName(f.strtab);
  if (!name) return malformed(f, "symbol " + Twine(si) + ": " + toString(name.takeError()));
  if (s.st_shndx == ELF::SHN_COMMON)
    return inputError(f.object->name + ": COMMON symbol '" + *name + "': compile with -fno-common or initialise it");
  auto shndx = definingSection(f, s, *name);
  if (!shndx) return shndx.takeError();
  if (s.getType() == ELF::STT_FILE) return SymbolRef{SymbolKind::Dropped, 0};
  if (s.getBinding() == ELF::STB_LOCAL) return resolveLocal(ctx, fi, si, *name, *shndx);
  return resolveGlobal(ctx, fi, s, *name, *shndx, buf);
}

}  // namespace

Error resolveSymbols(Context& ctx) {
  SmallString<128> buf;
  for (uint32_t fi = 0; fi < ctx.files.size(); ++fi) {
    ctx.files[fi].symbolRefs.resize(ctx.files[fi].symbols.size());
    for (uint32_t si = 1; si < ctx.files[fi].symbols.size(); ++si) {
      auto ref = resolveSymbol(ctx, fi, si, buf);
      if (!ref) return ref.takeError();
      ctx.files[fi].symbolRefs[si] = *ref;
    }
  }
  return Error::success();
}

void assignSymbolValues(Context& ctx) {
  ctx.firstLocal = 1 + (uint32_t)ctx.outputSections.size();
  ctx.firstGlobal = ctx.firstLocal + (uint32_t)ctx.locals.size();
  auto place = [&](OutputSymbol& s) {
    if (!s.defined || s.definedIn.index == kNone) return;  // undefined or SHN_ABS: as it was
    uint32_t os;
    uint64_t offset;
    if (s.definedIn.file == kSyntheticFile) {
      os = ctx.synthetic[s.definedIn.index].outputSection;
      offset = ctx.synthetic[s.definedIn.index].outputOffset;
    } else {
      const InputSection& is = ctx.files[s.definedIn.file].sections[s.definedIn.index];
      os = is.outputSection;
      offset = is.outputOffset;
    }
    s.outputSection = os;
    s.st_shndx = (uint16_t)ctx.outputSections[os].shndx;
    s.st_value += offset;
  };
  for (OutputSymbol& s : ctx.locals) place(s);
  for (OutputSymbol& s : ctx.globals) place(s);
}

std::string describeChunk(const Context& ctx, Chunk c) {
  if (c.file == kSyntheticFile) return "synthetic section " + ctx.request->synthetic[c.index].name;
  return ctx.files[c.file].name();
}

}  // namespace sk::linker
