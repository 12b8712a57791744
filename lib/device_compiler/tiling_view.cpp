// The device view of an op_host tiling header: CANN's op build never compiles these headers for
// the device (they include host APIs such as tiling/tiling_api.h and hold host code); it
// generates a header with the tiling data classes instead. sk_cc does the same from the header's
// text: the BEGIN_TILING_DATA_DEF ... END_TILING_DATA_DEF blocks, the REGISTER_TILING_DATA_CLASS
// statements, and the integral constants and object-like macros they may use, each under a #line
// of the original. They go in optiling::sk_view; the kernel sees the structs unqualified. A tiling header may include another op's (`#include "../../x/op_host/x_tiling.h"`,
// whose structs its own nest): such an include, found relative to the header, becomes that
// header's view in place.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <iterator>
#include <set>
#include <vector>

#include "compile_steps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/Path.h"
#include "sk/device_compiler.h"
#include "sk/file_io.h"

namespace sk::devcc {

bool isIdentChar(char c) { return std::isalnum((unsigned char)c) || c == '_'; }

bool wordAt(llvm::StringRef s, size_t i, llvm::StringRef w) {
  return s.substr(i).starts_with(w) && (i == 0 || !isIdentChar(s[i - 1])) &&
         (i + w.size() >= s.size() || !isIdentChar(s[i + w.size()]));
}

namespace {

// The text with comments blanked (newlines kept, so offsets and lines stay), strings intact.
std::string withoutComments(llvm::StringRef s) {
  std::string out(s);
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '"' || s[i] == '\'') {
      char q = s[i];
      for (++i; i < s.size() && s[i] != q && s[i] != '\n'; ++i)
        if (s[i] == '\\') ++i;
    } else if (s.substr(i).starts_with("//")) {
      for (; i < s.size() && s[i] != '\n'; ++i) out[i] = ' ';
    } else if (s.substr(i).starts_with("/*")) {
      size_t e = s.find("*/", i + 2);
      e = e == llvm::StringRef::npos ? s.size() : e + 2;
      for (; i < e; ++i)
        if (out[i] != '\n') out[i] = ' ';
      --i;
    }
  }
  return out;
}

size_t lineOf(llvm::StringRef s, size_t at) { return 1 + (size_t)std::count(s.begin(), s.begin() + at, '\n'); }

struct Chunk {
  size_t begin, end;     // [begin, end) of the text
  std::string nested;    // or an included tiling header's view
  bool include = false;  // an #include, whose view viewBody fills in
};

// An object-like #define whose value is an integer expression (array sizes of tiling fields).
bool isConstantDefine(llvm::StringRef line) {
  llvm::StringRef l = line.ltrim();
  if (!l.consume_front("#")) return false;
  l = l.ltrim();
  if (!l.consume_front("define")) return false;
  l = l.ltrim();
  size_t n = 0;
  while (n < l.size() && isIdentChar(l[n])) ++n;
  if (n == 0 || (n < l.size() && l[n] == '(')) return false;  // function-like
  llvm::StringRef value = l.substr(n).trim();
  if (value.empty()) return false;  // include guards
  for (char c : value)
    if (!(isIdentChar(c) || std::isspace((unsigned char)c) || llvm::StringRef("()+-*/%<>&|^~.").contains(c))) return false;
  return std::isdigit((unsigned char)value[0]) || value[0] == '(';
}

// A namespace-scope `constexpr`/`const` integral constant, `static` or not.
bool isConstantDeclaration(llvm::StringRef stmt) {
  llvm::StringRef s = stmt.trim();
  for (llvm::StringRef q : {"static ", "inline "}) s.consume_front(q);
  s = s.ltrim();
  if (!s.consume_front("constexpr ") && !s.consume_front("const ")) return false;
  if (!s.contains('=') || (s.contains('(') && !s.contains("sizeof"))) return false;
  // `const char* const NAME = OP_NAME;` is a pointer, not an integral constant (and the string
  // #define it may name is not in the view).
  if (s.substr(0, s.find('=')).contains('*')) return false;
  for (llvm::StringRef t : {"int", "uint", "size_t", "long", "unsigned", "short", "char", "bool"})
    if (s.ltrim().starts_with(t)) return true;
  return false;
}

// The header a directive includes with quotes: beside the including header, else in the first of
// `includeDirs` that has it (as the preprocessor looks), else nullopt.
std::optional<std::string> quotedInclude(llvm::StringRef directive, llvm::StringRef includer,
                                         const std::vector<std::string>& includeDirs) {
  llvm::StringRef l = directive.ltrim();
  if (!l.consume_front("#")) return std::nullopt;
  l = l.ltrim();
  if (!l.consume_front("include")) return std::nullopt;
  l = l.ltrim();
  if (!l.consume_front("\"")) return std::nullopt;
  llvm::StringRef name = l.take_until([](char c) { return c == '"'; });
  auto in = [&](llvm::StringRef dir) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    llvm::sys::path::remove_dots(path, true);
    return path.str().str();
  };
  std::string beside = in(llvm::sys::path::parent_path(includer));
  if (llvm::sys::fs::exists(beside)) return beside;
  for (const std::string& dir : includeDirs)
    if (std::string found = in(dir); llvm::sys::fs::exists(found)) return found;
  return std::nullopt;
}

using Names = std::set<std::string, std::less<>>;
// What one view's headers share: the headers read (each once) and where a quoted include that is
// not beside its includer is found (sk_cc's -I directories, as the op build finds another op's
// tiling header: ops-transformer's batch_mat_mul_v3 includes "mat_mul_v3/op_host/...").
struct ViewContext {
  std::set<std::string> seen;
  std::vector<std::string> includeDirs;
};
std::optional<std::string> viewBody(llvm::StringRef header, llvm::StringRef path, ViewContext& cx, const Names* wanted);

// The identifiers of a text.
Names identifiers(llvm::StringRef s) {
  Names out;
  for (size_t i = 0; i < s.size();) {
    size_t n = 0;
    while (i + n < s.size() && isIdentChar(s[i + n])) ++n;
    if (n && !std::isdigit((unsigned char)s[i])) out.insert(s.substr(i, n).str());
    i += n ? n : 1;
  }
  return out;
}

// The name a constant chunk (isConstantDefine, isConstantDeclaration) defines.
llvm::StringRef definedName(llvm::StringRef chunk) {
  llvm::StringRef c = chunk.trim();
  if (c.consume_front("#")) return c.ltrim().drop_front(std::strlen("define")).ltrim().take_while(isIdentChar);
  llvm::StringRef lhs = c.take_until([](char ch) { return ch == '='; }).rtrim();
  size_t n = 0;
  while (n < lhs.size() && isIdentChar(lhs[lhs.size() - 1 - n])) ++n;
  return lhs.take_back(n);
}

// A header's one name, however a path spells it (the path itself if it is not there).
std::string realPath(llvm::StringRef path) {
  llvm::SmallString<256> real;
  return llvm::sys::fs::real_path(path, real) ? path.str() : real.str().str();
}

// A view under a guard named after the header's real path: a tiling header that is both
// -include'd and included by another's view is defined once.
std::string guarded(llvm::StringRef path, const std::string& body) {
  std::string macro = "SK_TILING_VIEW_" + llvm::utohexstr(llvm::xxh3_64bits(realPath(path)));
  return "#ifndef " + macro + "\n#define " + macro + "\n" + body + "#endif\n";
}

// The view of a header `directive` includes, when it is a tiling header or has constants in
// `uses` (the names of the headers including it; read once per view).
std::string includedView(llvm::StringRef directive, llvm::StringRef includer, ViewContext& cx, const Names& uses) {
  std::optional<std::string> path = quotedInclude(directive, includer, cx.includeDirs);
  if (!path || !cx.seen.insert(realPath(*path)).second) return "";
  auto text = sk::readFile(*path, 16ull << 20, "tiling header");
  if (!text) {
    llvm::consumeError(text.takeError());
    return "";
  }
  std::optional<std::string> body = viewBody(*text, *path, cx, &uses);
  return body ? guarded(*path, *body) : "";
}

// Of the chunks of a header without tiling data that a view includes, the constants in `wanted`
// and those they use, and the nested views (a tiling header takes the length of an array from a
// header of constants it includes: ops-nn's repeat_interleave_tiling_normal.h).
void keepWanted(llvm::StringRef s, std::vector<Chunk>& chunks, Names wanted) {
  std::vector<bool> keep(chunks.size());
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < chunks.size(); ++i) {
      llvm::StringRef body = s.slice(chunks[i].begin, chunks[i].end);
      if (keep[i] || !(chunks[i].nested.size() || wanted.count(definedName(body)))) continue;
      keep[i] = grew = true;
      Names used = identifiers(chunks[i].nested.empty() ? body : llvm::StringRef(chunks[i].nested));
      wanted.insert(used.begin(), used.end());
    }
  }
  size_t n = 0;
  for (size_t i = 0; i < chunks.size(); ++i)
    if (keep[i]) chunks[n++] = chunks[i];
  chunks.resize(n);
}

// The chunks of a header's text (comments blanked), in order: tiling data definitions,
// registrations, namespace-scope constants and #include directives (nullopt: malformed).
std::optional<std::vector<Chunk>> chunksOf(llvm::StringRef s) {
  std::vector<Chunk> chunks;
  std::vector<bool> braces;  // true: a namespace's
  size_t statement = 0;
  bool lineBlank = true;  // only whitespace so far on this line
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\n') {
      lineBlank = true;
      continue;
    }
    if (c == '#' && lineBlank) {  // a directive, with its continuation lines
      size_t e = i;
      do e = s.find('\n', e + 1);
      while (e != llvm::StringRef::npos && s[e - 1] == '\\');
      e = e == llvm::StringRef::npos ? s.size() : e;
      llvm::StringRef directive = s.slice(i, e).drop_front().ltrim();
      if (isConstantDefine(s.slice(i, e))) chunks.push_back({i, e, ""});
      else if (directive.starts_with("include")) chunks.push_back({i, e, "", true});
      i = e - 1;
      statement = e;
      continue;
    }
    if (!std::isspace((unsigned char)c)) lineBlank = false;
    if (c == '"' || c == '\'') {
      for (++i; i < s.size() && s[i] != c && s[i] != '\n'; ++i)
        if (s[i] == '\\') ++i;
      continue;
    }
    bool atNamespaceScope = std::all_of(braces.begin(), braces.end(), [](bool ns) { return ns; });
    if (atNamespaceScope && wordAt(s, i, "BEGIN_TILING_DATA_DEF")) {
      size_t end = s.find("END_TILING_DATA_DEF", i);
      if (end == llvm::StringRef::npos) return std::nullopt;  // malformed: let clang report the original
      end += std::strlen("END_TILING_DATA_DEF");
      chunks.push_back({i, end, ""});
      i = end - 1;
      statement = end;
      continue;
    }
    if (atNamespaceScope && wordAt(s, i, "REGISTER_TILING_DATA_CLASS")) {
      size_t open = s.find('(', i);
      size_t close = open == llvm::StringRef::npos ? open : s.find(')', open);
      if (close == llvm::StringRef::npos) return std::nullopt;
      chunks.push_back({i, close + 1, ""});
      i = close;
      statement = close + 1;
      continue;
    }
    if (c == '{') {
      llvm::StringRef before = s.slice(statement, i).trim();
      braces.push_back(before.starts_with("namespace") || before.starts_with("extern \"C"));
      statement = i + 1;
    } else if (c == '}') {
      if (!braces.empty()) braces.pop_back();
      statement = i + 1;
    } else if (c == ';') {
      if (atNamespaceScope && isConstantDeclaration(s.slice(statement, i))) chunks.push_back({statement, i + 1, ""});
      statement = i + 1;
    }
  }
  return chunks;
}

// The chunks of a tiling header, rendered; nullopt when it has no tiling data (or is malformed).
// `wanted`: the header is included by a view, which uses these names.
std::optional<std::string> viewBody(llvm::StringRef header, llvm::StringRef path, ViewContext& cx, const Names* wanted) {
  std::string text = withoutComments(header);
  llvm::StringRef s = text;
  // A header with no tiling data of its own may include the one that has it (ops-math's
  // circular_pad_tiling.h includes circular_pad_common_tiling.h): it is a view when that is.
  bool ownData = s.contains("BEGIN_TILING_DATA_DEF");
  if (!ownData && !wanted && !s.contains("#include")) return std::nullopt;
  std::optional<std::vector<Chunk>> scanned = chunksOf(s);
  if (!scanned) return std::nullopt;
  std::vector<Chunk>& chunks = *scanned;
  // The names the included headers' constants may be wanted for: those the view's own chunks use
  // (not the host code's: two helper headers may define one name in two namespaces, ops-nn's
  // conv tiling headers).
  std::vector<Chunk> own;
  std::copy_if(chunks.begin(), chunks.end(), std::back_inserter(own), [](const Chunk& c) { return !c.include; });
  if (!ownData && wanted) keepWanted(s, own, *wanted);
  Names uses = wanted ? *wanted : Names{};
  for (const Chunk& c : own) {
    Names used = identifiers(s.slice(c.begin, c.end));
    uses.insert(used.begin(), used.end());
  }
  for (Chunk& c : chunks)  // the included headers' views in place; an include of no view is dropped
    if (c.include) c.nested = includedView(s.slice(c.begin, c.end), path, cx, uses);
  llvm::erase_if(chunks, [](const Chunk& c) { return c.include && c.nested.empty(); });
  if (!ownData && wanted) keepWanted(s, chunks, *wanted);
  if (!ownData && (wanted ? chunks.empty() : std::none_of(chunks.begin(), chunks.end(), [](const Chunk& c) { return !c.nested.empty(); })))
    return std::nullopt;
  std::string out;
  for (const Chunk& c : chunks) {
    if (!c.nested.empty()) {
      out += c.nested;
      continue;
    }
    llvm::StringRef body = s.slice(c.begin, c.end);
    bool directive = body.ltrim().starts_with("#");
    size_t first = c.begin + (body.size() - body.ltrim().size());
    out += "#line " + std::to_string(lineOf(s, first)) + " \"" + path.str() + "\"\n" + body.ltrim().str();
    out += directive ? "\n" : ";\n";
  }
  return out;
}

// `using sk_view::X;` for each tiling struct the view defines (and the registrations): kernels
// name the structs unqualified, as the op build's generated header declares them, but not the
// header's constants (CANN's generated header has none), which may share a name with the
// kernel's own (`constexpr int64_t UB_BLOCK_SIZE` in both).
std::string structDeclarations(llvm::StringRef body) {
  std::string out;
  llvm::StringRef begin = "BEGIN_TILING_DATA_DEF";
  for (size_t at = body.find(begin); at != llvm::StringRef::npos; at = body.find(begin, at + 1)) {
    llvm::StringRef name = body.substr(at + begin.size()).ltrim().drop_front().ltrim().take_while(isIdentChar);
    if (!name.empty()) out += "using sk_view::" + name.str() + ";\n";
  }
  if (body.contains("REGISTER_TILING_DATA_CLASS")) out += "using sk_view::__sk_tiling_registered;\n";
  return out;
}

}  // namespace

std::optional<std::string> tilingDataView(llvm::StringRef header, llvm::StringRef path,
                                          const std::vector<std::string>& includeDirs) {
  ViewContext cx{{realPath(path)}, includeDirs};
  std::optional<std::string> body = viewBody(header, path, cx, nullptr);
  if (!body) return std::nullopt;
  return "// The device view sk_cc made of " + path.str() +
         " (docs/sk_cc.md)\n#include \"register/tilingdata_base.h\"\n#include \"kernel_tiling/kernel_tiling.h\"\n"
         "namespace optiling {\nnamespace sk_view {\n" + guarded(path, *body) + "}  // namespace sk_view\n" +
         structDeclarations(*body) + "}  // namespace optiling\n";
}

}  // namespace sk::devcc
