// Removing host-side kernel launches (`kernel<<<...>>>(...)`) from a source before clang sees it.
#include <algorithm>
#include <cctype>
#include <vector>

#include "sk/device_compiler.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include "compile_steps.h"

namespace sk::devcc {

// Index just past the comment, string or character literal starting at i, or i when none does.
size_t skipLexical(llvm::StringRef s, size_t i) {
  if (s.substr(i).starts_with("//")) {
    size_t e = s.find('\n', i);
    return e == llvm::StringRef::npos ? s.size() : e;
  }
  if (s.substr(i).starts_with("/*")) {
    size_t e = s.find("*/", i + 2);
    return e == llvm::StringRef::npos ? s.size() : e + 2;
  }
  if (s[i] == '"' || s[i] == '\'') {
    char q = s[i];
    for (size_t j = i + 1; j < s.size(); ++j) {
      if (s[j] == '\\') ++j;
      else if (s[j] == q || s[j] == '\n') return j + 1;
    }
    return s.size();
  }
  return i;
}

// The index of the bracket closing the one at `open` (same nesting rules for () [] {}), skipping
// literals and comments; npos when unbalanced.
size_t matchClose(llvm::StringRef s, size_t open, char o, char c) {
  int depth = 0;
  for (size_t i = open; i < s.size();) {
    size_t next = skipLexical(s, i);
    if (next != i) {
      i = next;
      continue;
    }
    if (s[i] == o) ++depth;
    else if (s[i] == c && --depth == 0) return i;
    ++i;
  }
  return llvm::StringRef::npos;
}

namespace {

// `text` on one line without its comments (each becomes a space), literals kept: for copies of
// source text into generated code, which must not move the lines after them.
std::string oneLinePlain(llvm::StringRef text) {
  std::string plain;
  for (size_t k = 0; k < text.size();) {
    size_t next = skipLexical(text, k);
    if (next != k) {
      bool comment = text.substr(k).starts_with("//") || text.substr(k).starts_with("/*");
      plain += comment ? " " : text.slice(k, next).str();
      k = next;
    } else if (text[k] == '\\' && k + 1 < text.size() && text[k + 1] == '\n') {  // a macro body's line break
      plain += ' ';
      k += 2;
    } else {
      plain += text[k] == '\n' ? ' ' : text[k];
      ++k;
    }
  }
  return plain;
}

// The comma-separated parts of a parameter or argument list (without its parentheses), split
// outside brackets, comments and literals. In a parameter list `<` opens template arguments; in
// an argument list it may be a comparison, so there only (), [] and {} nest.
std::vector<llvm::StringRef> topLevelParts(llvm::StringRef s, bool anglesNest) {
  std::vector<llvm::StringRef> parts;
  int depth = 0;
  size_t from = 0;
  for (size_t k = 0; k <= s.size();) {
    size_t next = k < s.size() ? skipLexical(s, k) : k;
    if (next != k) {
      k = next;
      continue;
    }
    char ch = k < s.size() ? s[k] : ',';
    if (ch == '(' || ch == '[' || ch == '{' || (anglesNest && ch == '<')) ++depth;
    else if (ch == ')' || ch == ']' || ch == '}' || (anglesNest && ch == '>')) --depth;
    else if (ch == ',' && depth == 0) {
      if (k < s.size() || !s.slice(from, k).trim().empty()) parts.push_back(s.slice(from, k));  // `()`: none
      from = k + 1;
    }
    ++k;
  }
  return parts;
}

// Where the callee of a launch starts: back over `ns::name<T, U>` from `end` (exclusive), and in
// a macro over the parts `##` pastes into the name (`PREFIX##_nn<<<...>>>`).
size_t calleeStart(llvm::StringRef s, size_t end) {
  auto spacesBefore = [&](size_t i) {
    while (i > 0 && std::isspace((unsigned char)s[i - 1])) --i;
    return i;
  };
  auto nameBefore = [&](size_t i) {
    while (i > 0 && (std::isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_' || s[i - 1] == ':')) --i;
    return i;
  };
  size_t i = spacesBefore(end);
  if (i > 0 && s[i - 1] == '>') {  // template arguments
    int depth = 0;
    while (i > 0) {
      char ch = s[--i];
      if (ch == '>') ++depth;
      else if (ch == '<' && --depth == 0) break;
    }
  }
  i = nameBefore(i);
  for (size_t paste = spacesBefore(i); paste >= 2 && s.substr(paste - 2, 2) == "##"; paste = spacesBefore(i))
    i = nameBefore(spacesBefore(paste - 2));
  return i;
}

// A no-op expression spanning as many lines as `text`.
std::string blankOut(llvm::StringRef text) {
  std::string out = "((void)0)";
  for (char ch : text)
    if (ch == '\n') out += '\n';
  return out;
}

}  // namespace

namespace {

// One `callee<<<config>>>(args)`: offsets of the callee, `<<<`, `>>>`, `(` and just past `)`.
struct Launch {
  size_t start, open, close, paren, end;
};

// The launches in s, outside comments and literals, in order.
std::vector<Launch> findLaunches(llvm::StringRef s) {
  std::vector<Launch> out;
  for (size_t i = 0; i < s.size();) {
    size_t next = skipLexical(s, i);
    if (next != i) {
      i = next;
      continue;
    }
    if (!s.substr(i).starts_with("<<<")) {
      ++i;
      continue;
    }
    size_t close = s.find(">>>", i + 3);
    if (close == llvm::StringRef::npos) break;
    size_t paren = close + 3;
    while (paren < s.size() && std::isspace((unsigned char)s[paren])) ++paren;
    size_t end = paren < s.size() && s[paren] == '(' ? matchClose(s, paren, '(', ')') : llvm::StringRef::npos;
    if (end == llvm::StringRef::npos) {
      i = close + 3;
      continue;
    }
    out.push_back(Launch{calleeStart(s, i), i, close, paren, end + 1});
    i = end + 1;
  }
  return out;
}

}  // namespace

std::string removeLaunches(llvm::StringRef s) {
  std::string out;
  size_t copied = 0;
  for (const Launch& l : findLaunches(s)) {
    out += s.slice(copied, l.start).str();
    out += blankOut(s.slice(l.start, l.end));
    copied = l.end;
  }
  return out + s.substr(copied).str();
}

std::string rewriteLaunches(llvm::StringRef s) {
  std::string out;
  size_t copied = 0;
  for (const Launch& l : findLaunches(s)) {
    std::string callee = s.slice(l.start, l.open).rtrim().str();
    // every other character stays where it was (line numbers, and backslashes in macro bodies)
    out += s.slice(copied, l.start).str();
    // the argument types too: they pick a template kernel's instantiation (T deduced)
    std::string types;
    for (llvm::StringRef arg : topLevelParts(s.slice(l.paren + 1, l.end - 1), false))
      types += (types.empty() ? "decltype(" : ", decltype(") + oneLinePlain(arg) + ")";
    std::string kernel = "::sk_ss::KernelFor<" + types + ">::of(" + callee + ")";
    out += "(::sk_ss::Launcher<decltype(" + kernel + "), " + kernel + ">(";
    out += s.slice(l.open + 3, l.close).str();
    out += "))";
    out += s.slice(l.close + 3, l.end).str();
    copied = l.end;
  }
  return out + s.substr(copied).str();
}

bool isCLibraryName(llvm::StringRef name) {
  static const char* const kNames[] = {
      "abs",   "labs",  "div",    "acos",  "asin",  "atan",   "atan2",     "cos",       "sin",      "tan",
      "acosh", "asinh", "atanh",  "cosh",  "sinh",  "tanh",   "exp",       "exp2",      "expm1",    "frexp",
      "ldexp", "log",   "log10",  "log1p", "log2",  "logb",   "modf",      "scalbn",    "ilogb",    "cbrt",
      "fabs",  "hypot", "pow",    "sqrt",  "erf",   "erfc",   "lgamma",    "tgamma",    "ceil",     "floor",
      "rint",  "lrint", "round",  "lround", "trunc", "fmod",  "remainder", "copysign",  "nextafter", "fdim",
      "fmax",  "fmin",  "fma",    "nearbyint", "nan", "rand", "exit",      "signbit"};
  auto listed = [&](llvm::StringRef n) { return llvm::is_contained(kNames, n); };
  // sqrtf, logl, ...: the float and long double variants of the math functions too
  return listed(name) || ((name.ends_with("f") || name.ends_with("l")) && listed(name.drop_back()));
}

namespace {

bool identifierChar(char c) { return std::isalnum((unsigned char)c) || c == '_'; }

// A `#` first on its line starts a preprocessor directive; it ends at the first newline not
// escaped by a backslash.
bool directiveStarts(llvm::StringRef s, size_t at) {
  size_t b = at;
  while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t')) --b;
  return b == 0 || s[b - 1] == '\n';
}
size_t directiveEnd(llvm::StringRef s, size_t at) {
  for (size_t i = at; i < s.size(); ++i)
    if (s[i] == '\n' && !(i > 0 && s[i - 1] == '\\')) return i + 1;
  return s.size();
}

// The text of an object-like macro `#define name ...` of s on one line (nullopt: s defines no
// such macro).
std::optional<std::string> objectMacroBody(llvm::StringRef s, llvm::StringRef name) {
  for (size_t at = s.find("#define"); at != llvm::StringRef::npos; at = s.find("#define", at + 1)) {
    if (!directiveStarts(s, at)) continue;
    llvm::StringRef rest = s.slice(at + 7, directiveEnd(s, at));
    llvm::StringRef after = rest.ltrim(" \t");
    if (!after.consume_front(name) || (!after.empty() && (identifierChar(after[0]) || after[0] == '('))) continue;
    return llvm::StringRef(oneLinePlain(after)).trim().str();
  }
  return std::nullopt;
}

// A kernel's parameter list as the compiler sees it, from its text in s: without the directive
// lines of a declaration split by `#if` (ops-nn's `#ifdef __CCE_KT_TEST__ extern "C" ... (` `#else`
// `template <...> ... (` `#endif`), and a list written as one macro (`void k(K_PARAMS)`) expanded
// when s defines it.
std::string writtenParams(llvm::StringRef s, llvm::StringRef params) {
  std::string out;
  for (size_t i = 0; i < params.size();) {
    if (params[i] == '#' && directiveStarts(params, i)) {
      i = directiveEnd(params, i);
      continue;
    }
    out += params[i++];
  }
  llvm::StringRef only = llvm::StringRef(out).trim();
  bool oneIdentifier = !only.empty() && llvm::all_of(only, identifierChar) && !std::isdigit((unsigned char)only[0]);
  if (std::optional<std::string> body = oneIdentifier ? objectMacroBody(s, only) : std::nullopt) return *body;
  return out;
}

// A kernel's parameter list as written and its parameters' names (each one's last identifier),
// from the list opening at `paren` (nullopt: it does not close).
struct ParamList {
  std::string params;
  std::vector<std::string> declared, each;  // per parameter: as written (one line), its name
  std::string names() const { return llvm::join(each, ", "); }  // the arguments that pass them on
};
std::optional<ParamList> paramList(llvm::StringRef s, size_t paren) {
  size_t close = matchClose(s, paren, '(', ')');
  if (close == llvm::StringRef::npos) return std::nullopt;
  ParamList out{writtenParams(s, s.slice(paren + 1, close)), {}, {}};
  for (llvm::StringRef param : topLevelParts(out.params, true)) {
    std::string plain = oneLinePlain(param);
    llvm::StringRef part = llvm::StringRef(plain).split('=').first.rtrim();
    size_t b = part.size();
    while (b > 0 && identifierChar(part[b - 1])) --b;
    if (b == part.size()) continue;
    out.declared.push_back(part.ltrim().str());
    out.each.push_back(part.substr(b).str());
  }
  return out;
}

// The statement an entry compiled for one tiling key starts with: any other key is a device
// exception (the object cannot serve it).
std::string keyCheck(llvm::StringRef name, uint64_t key) {
  std::string k = std::to_string(key);
  return "  if (::sk_tiling_key() != " + k + "ull)\n    ::sk_trapf(2, \"" + name.str() + ": this object was compiled for tiling key " +
         k + " (its source uses TILING_KEY_IS or TILING_KEY_VAR in a constant expression, as CANN compiles one object " +
         "per key) and is launched with key %llu: compile one object per key, each with --meta giving its tilingKey\", " +
         "(unsigned long long)::sk_tiling_key());\n";
}

// The template arguments of a combination in the entry's lambda (`auto... skTplV`, each an
// integral_constant): values, and for a `typename` parameter the type of its C_DT_ code
// (sk_tpl::DtypeT). Without a readable parameter list, all values.
std::string templateArguments(const std::vector<bool>& isType) {
  if (llvm::find(isType, true) == isType.end()) return "decltype(skTplV)::value...";
  std::vector<std::string> args;
  for (size_t i = 0; i < isType.size(); ++i) {
    std::string value = "std::tuple_element_t<" + std::to_string(i) + ", std::tuple<decltype(skTplV)...>>::value";
    args.push_back(isType[i] ? "::AscendC::sk_tpl::DtypeT<" + value + ">" : value);
  }
  return llvm::join(args, ", ");
}

// The entry of template kernel `name` whose parameter list opens at `paren`, compiled with the
// metadata's tiling key `key`: it calls the instantiation of the launch's key (nullopt: the list
// does not close). `keyed`: the source is compiled for `key` alone (SK_TILING_KEY_CONST).
std::optional<std::string> templateEntryText(llvm::StringRef s, llvm::StringRef name, llvm::StringRef to, size_t paren,
                                             const std::vector<bool>& isType, uint64_t key, bool keyed) {
  std::optional<ParamList> p = paramList(s, paren);
  if (!p) return std::nullopt;
  std::string n = name.str(), k = std::to_string(key);
  return "\n#line 1 \"<sk_cc: " + n + " is a template kernel; its entry takes the tiling key's ASCENDC_TPL_SEL " +
         "combination (ascendc/host_api/tiling/template_argument.h)>\"\n" +
         "extern \"C++\" __global__ __aicore__ void " + to.str() + "(" + p->params + ") {\n" + (keyed ? keyCheck(name, key) : "") +
         "  switch (::AscendC::sk_tpl::Enter<SK_TPL_DECL_TABLE, SK_TPL_SEL_TABLE, " + k +
         "ull>(\n" +
         "      ::sk_tiling_key(), [&](auto... skTplV) { " + n + "<" + templateArguments(isType) + ">(" + p->names() + "); })) {\n" +
         "    case ::AscendC::sk_tpl::kRan: break;\n" +
         "    case ::AscendC::sk_tpl::kNoCombination:\n" +
         "      ::sk_trapf(2, \"" + n + ": tiling key %llu is none of its ASCENDC_TPL_SEL combinations (GET_TPL_TILING_KEY)\", " +
         "(unsigned long long)::sk_tiling_key());\n" +
         "      break;\n" +
         "    case ::AscendC::sk_tpl::kOtherKey:\n" +
         "      ::sk_trapf(2, \"" + n + ": this object was compiled for tiling key " + k + " (its ASCENDC_TPL_SEL has more " +
         "combinations than sk_cc compiles together, so only the metadata's key's; CANN compiles one kernel per key) and is " +
         "launched with key %llu: compile one object per key, each with --meta giving its tilingKey\", " +
         "(unsigned long long)::sk_tiling_key());\n" +
         "      break;\n" +
         "  }\n}\n";
}

// The statement text from `from` to `to` without the whitespace and comments it opens with (a
// comment above a kernel is no part of its declaration).
llvm::StringRef statementHead(llvm::StringRef s, size_t from, size_t to) {
  for (;;) {
    while (from < to && std::isspace((unsigned char)s[from])) ++from;
    size_t next = from < to && s[from] == '/' ? skipLexical(s, from) : from;
    if (next == from || next > to) return s.slice(from, to);
    from = next;
  }
}

// f(name, at, paren, head) for each identifier followed by '(' outside comments and literals:
// `paren` is where its '(' is, `head` its statement's text before it. f returns false to stop.
template <typename F> void forEachCall(llvm::StringRef s, F f) {
  size_t statement = 0;
  for (size_t i = 0; i < s.size();) {
    size_t next = skipLexical(s, i);
    if (next != i) {
      i = next;
      continue;
    }
    if (s[i] == ';' || s[i] == '}' || s[i] == '{') statement = i + 1;
    if (s[i] == '#' && directiveStarts(s, i)) {  // a directive ends a statement (a macro body's `while (0)`)
      i = statement = directiveEnd(s, i);
      continue;
    }
    if (!identifierChar(s[i]) || std::isdigit((unsigned char)s[i]) || (i > 0 && identifierChar(s[i - 1]))) {
      ++i;
      continue;
    }
    size_t after = i;
    while (after < s.size() && identifierChar(s[after])) ++after;
    size_t paren = after;
    while (paren < s.size() && std::isspace((unsigned char)s[paren])) ++paren;
    if (paren < s.size() && s[paren] == '(' && !f(s.slice(i, after), i, paren, statementHead(s, statement, i))) return;
    i = after;
  }
}
// The same for the places where `name` is the identifier: f(at, paren, head).
template <typename F> void forEachNamedCall(llvm::StringRef s, llvm::StringRef name, F f) {
  forEachCall(s, [&](llvm::StringRef id, size_t at, size_t paren, llvm::StringRef head) {
    return id != name || f(at, paren, head);
  });
}

// Whether a declaration whose statement text (`head`, a part of s) has `__global__` is a template:
// its head starts with `template`, or the lines just above it (blank lines and directives
// skipped) end a `template <...>` line that the preprocessor chooses (vllm-ascend's compressor:
// `#if (__CCE_AICORE__ == 220)` one parameter list `#else` another `#endif`). templateHead gives
// the text from that `template` on (nullopt: not a template).
std::optional<llvm::StringRef> templateHead(llvm::StringRef s, llvm::StringRef head) {
  if (head.ltrim().starts_with("template")) return head.ltrim();
  llvm::StringRef above = s.take_front(head.data() - s.data());
  while (!above.empty()) {
    size_t newline = above.rfind('\n');
    llvm::StringRef line = (newline == llvm::StringRef::npos ? above : above.drop_front(newline + 1)).trim();
    if (line.starts_with("template")) return s.drop_front(line.data() - s.data());
    if (!line.empty() && !line.starts_with("#")) return std::nullopt;
    above = newline == llvm::StringRef::npos ? llvm::StringRef() : above.take_front(newline);
  }
  return std::nullopt;
}
bool templateKernelHead(llvm::StringRef s, llvm::StringRef head) { return templateHead(s, head).has_value(); }

// Per template parameter of `templateText` (`template <...>` first): whether it is a type
// (`typename` or `class`: an ASCENDC_TPL_DATATYPE_DECL parameter); empty when the list does not close.
std::vector<bool> templateParamIsType(llvm::StringRef templateText) {
  size_t open = templateText.find('<');
  size_t close = open == llvm::StringRef::npos ? open : matchClose(templateText, open, '<', '>');
  if (close == llvm::StringRef::npos) return {};
  std::vector<bool> isType;
  for (llvm::StringRef param : topLevelParts(templateText.slice(open + 1, close), true)) {
    llvm::StringRef p = param.trim();
    isType.push_back(p.starts_with("typename") || p.starts_with("class"));
  }
  return isType;
}

}  // namespace

std::string renameEntry(llvm::StringRef s, llvm::StringRef name, llvm::StringRef to) {
  std::string out;
  size_t copied = 0;
  forEachNamedCall(s, name, [&](size_t at, size_t, llvm::StringRef head) {
    if (head.contains("__global__")) {
      out += s.slice(copied, at).str() + to.str();
      copied = at + name.size();
    }
    return true;
  });
  return out + s.substr(copied).str();
}

std::optional<std::string> templateKernelEntry(llvm::StringRef s, llvm::StringRef name, llvm::StringRef to,
                                               uint64_t key, bool keyed) {
  std::optional<std::string> entry;
  forEachNamedCall(s, name, [&](size_t, size_t paren, llvm::StringRef head) {
    std::optional<llvm::StringRef> tpl = head.contains("__global__") ? templateHead(s, head) : std::nullopt;
    if (!tpl) return true;
    entry = templateEntryText(s, name, to, paren, templateParamIsType(*tpl), key, keyed);
    return false;
  });
  return entry;
}

std::vector<size_t> kernelDeclarations(llvm::StringRef s, llvm::StringRef name) {
  std::vector<size_t> at;
  forEachNamedCall(s, name, [&](size_t where, size_t, llvm::StringRef head) {
    if (head.contains("__global__")) at.push_back(where);
    return true;
  });
  return at;
}

bool conditionalBetween(llvm::StringRef s, size_t from, size_t to) {
  for (size_t at = s.find('#', from); at < to && at != llvm::StringRef::npos; at = s.find('#', at + 1)) {
    llvm::StringRef name = s.substr(at + 1).ltrim(" \t");
    if (directiveStarts(s, at) && (name.starts_with("if") || name.starts_with("el") || name.starts_with("endif"))) return true;
  }
  return false;
}

namespace {
size_t lineStart(llvm::StringRef s, size_t at) {
  size_t newline = s.rfind('\n', at);
  return newline == llvm::StringRef::npos ? 0 : newline + 1;
}
}  // namespace

std::string withDeclarationMarkers(llvm::StringRef s, const std::vector<size_t>& at, llvm::StringRef marker) {
  std::string out;
  size_t copied = 0;
  for (size_t i = 0; i < at.size(); ++i) {
    size_t line = lineStart(s, at[i]);
    if (line < copied || (line >= 2 && s[line - 2] == '\\')) continue;  // a line already marked, or a macro's
    out += s.slice(copied, line).str() + marker.str() + std::to_string(i) + "_\n";
    copied = line;
  }
  return out + s.substr(copied).str();
}

std::string withoutKernelQualifier(llvm::StringRef s, const std::vector<size_t>& at) {
  std::string out = s.str();
  for (size_t where : at) {
    size_t q = out.rfind("__global__", where);
    if (q != std::string::npos) out.replace(q, 10, std::string(10, ' '));
  }
  return out;
}

std::string withTilingDefaultsFirst(llvm::StringRef s) {
  std::string out = s.str();
  std::vector<std::pair<size_t, std::string>> moved;  // where in s (just past a `{`), what
  std::vector<size_t> blocks;                         // the open `{`s
  std::vector<bool> gotTiling;                        // a GET_TILING_DATA in that block so far
  for (size_t i = 0; i < s.size();) {
    if (size_t next = skipLexical(s, i); next != i) {
      i = next;
      continue;
    }
    if (s[i] == '{') {
      blocks.push_back(i);
      gotTiling.push_back(false);
    } else if (s[i] == '}' && !blocks.empty()) {
      blocks.pop_back();
      gotTiling.pop_back();
    } else if (!blocks.empty() && wordAt(s, i, "GET_TILING_DATA")) {
      gotTiling.back() = true;
    } else if (!blocks.empty() && gotTiling.back() && wordAt(s, i, "REGISTER_TILING_DEFAULT")) {
      size_t open = s.find_first_not_of(" \t", i + llvm::StringRef("REGISTER_TILING_DEFAULT").size());
      size_t close = open < s.size() && s[open] == '(' ? matchClose(s, open, '(', ')') : llvm::StringRef::npos;
      if (close != llvm::StringRef::npos) {
        size_t end = s.substr(close + 1).ltrim().starts_with(";") ? s.find(';', close) + 1 : close + 1;
        moved.push_back({blocks.back() + 1, oneLinePlain(s.slice(i, close + 1)) + ";"});
        for (size_t j = i; j < end; ++j)
          if (out[j] != '\n') out[j] = ' ';
        i = end;
        continue;
      }
    }
    ++i;
  }
  // from the last place back, so the places before stay where they were
  std::stable_sort(moved.begin(), moved.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto m = moved.rbegin(); m != moved.rend(); ++m) out.insert(m->first, m->second);
  return out;
}

std::vector<std::string> templateKernels(llvm::StringRef s) {
  std::vector<std::string> names;
  forEachCall(s, [&](llvm::StringRef name, size_t, size_t, llvm::StringRef head) {
    if (!name.starts_with("__") && head.contains("__global__") && templateKernelHead(s, head) && !llvm::is_contained(names, name))
      names.push_back(name.str());
    return true;
  });
  return names;
}

std::optional<std::string> keyedKernelEntry(llvm::StringRef s, llvm::StringRef name, llvm::StringRef kernel,
                                            llvm::StringRef to, uint64_t key) {
  std::optional<std::string> entry;
  forEachNamedCall(s, name, [&](size_t, size_t paren, llvm::StringRef head) {
    size_t close = matchClose(s, paren, '(', ')');
    if (!head.contains("__global__") || close == llvm::StringRef::npos || !s.substr(close + 1).ltrim().starts_with("{"))
      return true;  // a declaration, or not the kernel
    std::optional<ParamList> p = paramList(s, paren);
    entry = "\n#line 1 \"<sk_cc: " + name.str() + " compiled for tiling key " + std::to_string(key) + ">\"\n" +
            "extern \"C\" __global__ __aicore__ void " + to.str() + "(" + p->params + ") {\n" + keyCheck(name, key) + "  " +
            kernel.str() + "(" + p->names() + ");\n}\n";
    return false;
  });
  return entry;
}

std::vector<AclrtLaunch> aclrtLaunches(llvm::StringRef s) {
  std::vector<AclrtLaunch> out;
  forEachCall(s, [&](llvm::StringRef name, size_t, size_t paren, llvm::StringRef head) {
    // `__mix__(1, 2)`, `__attribute__((...))`: not the kernel's name
    if (name.starts_with("__") || !head.contains("__global__") || templateKernelHead(s, head)) return true;
    size_t close = matchClose(s, paren, '(', ')');
    if (close == llvm::StringRef::npos || !s.substr(close + 1).ltrim().starts_with("{")) return true;  // a declaration
    if (llvm::any_of(out, [&](const AclrtLaunch& l) { return l.kernel == name; })) return true;
    std::optional<ParamList> p = paramList(s, paren);
    std::string declared;  // the header's: GM addresses as void*, values as written
    for (size_t i = 0; i < p->each.size(); ++i) {
      bool address = llvm::StringRef(p->declared[i]).contains("GM_ADDR") || llvm::StringRef(p->declared[i]).contains('*');
      declared += ", " + (address ? "void* " + p->each[i] : p->declared[i]);
    }
    std::string fn = "aclrtlaunch_" + name.str(), guard = "HEADER_ACLRTLAUNCH_" + llvm::StringRef(name).upper() + "_H";
    AclrtLaunch l;
    l.kernel = name.str();
    l.header = "#ifndef " + guard + "\n#define " + guard + "\n#include \"acl/acl_base.h\"\n\n" +
               "#ifndef ACLRT_LAUNCH_KERNEL\n#define ACLRT_LAUNCH_KERNEL(kernel_func) aclrtlaunch_##kernel_func\n#endif\n\n" +
               "extern \"C\" uint32_t " + fn + "(uint32_t blockDim, aclrtStream stream" + declared + ");\n#endif\n";
    l.stub = "\n#line 1 \"<sk_cc: " + fn + ", CANN's kernel-launch interface (-DGEN_ACLRT)>\"\n" + "extern \"C\" uint32_t " + fn +
             "(uint32_t blockDim, void* stream" + (p->params.empty() ? "" : ", " + oneLinePlain(p->params)) + ") {\n" +
             "  return (uint32_t)::sk_ss::Launcher<decltype(&" + l.kernel + "), &" + l.kernel +
             ">(blockDim, nullptr, stream).launch(" + p->names() + ");\n}\n";
    out.push_back(std::move(l));
    return true;
  });
  return out;
}

std::string opTypeOf(llvm::StringRef kernelName) {
  std::string out;
  bool upper = true;
  for (char ch : kernelName) {
    if (ch == '_') {
      upper = true;
      continue;
    }
    out += upper ? (char)std::toupper((unsigned char)ch) : ch;
    upper = false;
  }
  return out;
}

}  // namespace sk::devcc
