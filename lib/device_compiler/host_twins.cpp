// Host functions with an `__aicore__` twin of the same name and signature. CANN's compiler
// compiles a source's host and device sides apart, so a program may define both (cann-samples'
// moe_init_routing_story: `int64_t Align(int64_t, int64_t)` for its host tiling and the
// `__aicore__` one its kernel calls). Here one translation unit holds both sides, and C++ knows
// no overloading on a qualifier: sk_cc keeps the `__aicore__` one, which host code then calls too.
#include <cstdio>
#include <optional>
#include <set>
#include <tuple>

#include "compile_steps.h"
#include "sk/file_io.h"

namespace sk::devcc {

namespace {

// "path:line:column" at the start of a diagnostic line, up to `: error:` / `: note:`.
std::optional<SourceLocation> locationOf(llvm::StringRef diagnostic) {
  llvm::StringRef rest = diagnostic;
  llvm::StringRef column, line;
  std::tie(rest, column) = rest.rsplit(':');
  std::tie(rest, line) = rest.rsplit(':');
  SourceLocation at;
  if (rest.empty() || line.getAsInteger(10, at.line) || column.getAsInteger(10, at.column)) return std::nullopt;
  at.file = rest.str();
  return at;
}

// Whether the declaration whose name stands at `at` is marked for the device: the qualifier on
// its line before the name, or on the line above when the declaration began there (a return type
// or template head on a line of its own: that line does not end a statement).
bool markedForDevice(const SourceLocation& at) {
  auto text = sk::readFile(at.file, 64ull << 20, "source");
  if (!text) {
    llvm::consumeError(text.takeError());
    return false;
  }
  llvm::SmallVector<llvm::StringRef, 0> lines;
  llvm::StringRef(*text).split(lines, '\n');
  if (at.line == 0 || at.line > lines.size()) return false;
  std::string head = lines[at.line - 1].take_front(at.column ? at.column - 1 : 0).str();
  llvm::StringRef above = at.line >= 2 ? lines[at.line - 2].rtrim() : "";
  if (!above.empty() && !llvm::StringRef(";{}").contains(above.back())) head = above.str() + "\n" + head;
  for (llvm::StringRef mark : {"__aicore__", "aicore]", "__simd_callee__", "__simd_vf__"})
    if (llvm::StringRef(head).contains(mark)) return true;
  return false;
}

// The offset in preprocessed text of file:line:column, from its line markers (`# N "file" ...`).
std::optional<size_t> offsetIn(llvm::StringRef ii, const SourceLocation& at) {
  llvm::StringRef file;
  unsigned line = 0;
  for (size_t start = 0; start < ii.size();) {
    size_t end = ii.find('\n', start);
    if (end == llvm::StringRef::npos) end = ii.size();
    llvm::StringRef text = ii.slice(start, end);
    if (text.starts_with("# ")) {
      llvm::StringRef rest = text.drop_front(2);
      llvm::StringRef number = rest.take_while([](char c) { return std::isdigit((unsigned char)c); });
      rest = rest.drop_front(number.size()).ltrim();
      if (!number.getAsInteger(10, line) && rest.consume_front("\"")) file = rest.take_until([](char c) { return c == '"'; });
    } else {
      if (file == at.file && line == at.line && at.column >= 1 && at.column - 1 < text.size()) return start + at.column - 1;
      ++line;
    }
    start = end + 1;
  }
  return std::nullopt;
}

// Blanks the definition whose name is at `name` (from the end of the statement before it to its
// body's closing brace; newlines kept). False when no body follows.
bool blankDefinition(std::string& ii, size_t name) {
  size_t begin = name;
  while (begin > 0 && !llvm::StringRef(";{}").contains(ii[begin - 1]) &&
         !(ii[begin - 1] == '\n' && begin < ii.size() && ii[begin] == '#'))
    --begin;
  if (begin < ii.size() && ii[begin] == '#') begin = ii.find('\n', begin) + 1;  // stopped on a line marker
  size_t paren = ii.find('(', name);
  size_t close = paren == std::string::npos ? paren : matchClose(ii, paren, '(', ')');
  size_t body = close == std::string::npos ? close : ii.find_first_of("{;", close);
  if (body == std::string::npos || ii[body] != '{') return false;
  size_t end = matchClose(ii, body, '{', '}');
  if (end == std::string::npos) return false;
  for (size_t i = begin; i <= end; ++i)
    if (ii[i] != '\n') ii[i] = ' ';
  return true;
}

// The offset of the next error that defines a function twice, as clang words it: a
// "redefinition", or an inline definition after a non-inline one (name at *quote + 1).
size_t nextRedefinition(llvm::StringRef errors, size_t from, size_t* quote) {
  const llvm::StringRef redefinition = ": error: redefinition of '", inlineAfter = ": error: inline declaration of '";
  size_t a = errors.find(redefinition, from), b = errors.find(inlineAfter, from);
  while (b != llvm::StringRef::npos && !errors.drop_front(b).take_until([](char c) { return c == '\n'; }).contains("follows non-inline definition"))
    b = errors.find(inlineAfter, b + 1);
  size_t at = std::min(a, b);
  if (at != llvm::StringRef::npos) *quote = at + (at == a ? redefinition.size() : inlineAfter.size()) - 1;
  return at;
}

}  // namespace

std::vector<HostTwin> hostTwins(llvm::StringRef errors) {
  std::vector<HostTwin> twins;
  const llvm::StringRef previous = ": note: previous definition is here";
  size_t quote = 0;
  for (size_t at = nextRedefinition(errors, 0, &quote); at != llvm::StringRef::npos; at = nextRedefinition(errors, at + 1, &quote)) {
    size_t lineStart = errors.rfind('\n', at) + 1;  // npos + 1 == 0
    size_t notice = errors.find(previous, at);
    if (notice == llvm::StringRef::npos) break;
    size_t noteStart = errors.rfind('\n', notice) + 1;
    std::optional<SourceLocation> again = locationOf(errors.slice(lineStart, at)), first = locationOf(errors.slice(noteStart, notice));
    if (!again || !first) continue;
    bool againDevice = markedForDevice(*again), firstDevice = markedForDevice(*first);
    if (againDevice == firstDevice) continue;  // a real redefinition
    llvm::StringRef name = errors.drop_front(quote + 1).take_until([](char c) { return c == '\''; });
    twins.push_back({name.str(), againDevice ? *first : *again, againDevice ? *again : *first});
  }
  return twins;
}

std::string withoutHostTwins(llvm::StringRef preprocessed, const std::vector<HostTwin>& twins) {
  std::string ii = preprocessed.str();
  static std::set<std::string> told;  // sk_cc compiles a source once per core type: one note each
  for (const HostTwin& t : twins) {
    std::optional<size_t> at = offsetIn(ii, t.host);
    if (!at || !blankDefinition(ii, *at)) continue;
    std::string where = t.host.file + ":" + std::to_string(t.host.line);
    if (told.insert(where).second)
      std::fprintf(stderr,
                   "sk_cc: note: %s: host function '%s' has the name and signature of the __aicore__ one at %s:%u; CANN's "
                   "compiler keeps each for its side, sk_cc one for both: host code calls the __aicore__ one\n",
                   where.c_str(), t.name.c_str(), t.device.file.c_str(), t.device.line);
  }
  return ii;
}

}  // namespace sk::devcc
