// index.json and its entries (package_model.h), and the rules of the fields they share with
// manifest.json.
#include <algorithm>

#include "json_fields.h"
#include "sk/package_model.h"

namespace sk::pkg {

namespace {

using detail::Fields;
using detail::json;
using detail::Problem;
using ojson = nlohmann::ordered_json;

// A super kernel has at most 63 parameters (the ABI limit), so these bounds are generous.
constexpr size_t kMaxParams = 64;
constexpr size_t kMaxKernels = 100000;
constexpr int kMaxDepth = 8;  // {"kernels":[{"inputs":[{...}]}]} is 4 deep

bool isAlnum(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

bool isDtype(std::string_view s) {
  if (s.empty() || s.size() > 32 || !(s[0] >= 'a' && s[0] <= 'z')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

// Parameter names come from the kernel's metadata; the index only needs them printable.
bool isParamName(std::string_view s) {
  return !s.empty() && s.size() <= 255 &&
         std::none_of(s.begin(), s.end(), [](char c) { return (unsigned char)c < 0x20 || c == 0x7f; });
}

bool readParams(const json* list, const std::string& path, Problem& p, std::vector<KernelParam>& out) {
  if (!list) return false;
  for (size_t i = 0; i < list->size() && p.ok(); ++i) {
    const json& v = (*list)[i];
    std::string at = detail::item(path, i);
    if (!detail::isObject(v, at, "an object {\"name\", \"dtype\"}", p)) return false;
    KernelParam k;
    Fields f(v, at, p);
    f.str("name", k.name, isParamName, "a parameter name (1-255 printable characters)");
    f.str("dtype", k.dtype, isDtype, "a dtype name such as float32");
    f.optionalTrue("inout", k.inout);
    if (f.done()) out.push_back(std::move(k));
  }
  return p.ok();
}

ojson paramsJson(const std::vector<KernelParam>& params) {
  ojson a = ojson::array();
  for (const KernelParam& k : params) {
    ojson o = {{"name", k.name}, {"dtype", k.dtype}};
    if (k.inout) o["inout"] = true;
    a.push_back(std::move(o));
  }
  return a;
}

bool versionOk(std::string_view s) { return versionProblem(s).empty(); }

// json and binary are derived from the name; anything else would point outside the folder.
bool checkDerivedPath(const std::string& got, const std::string& want, const std::string& field, Problem& p) {
  if (got == want) return true;
  return p.fail(field, "expected \"" + want + "\" (derived from the name), got " + detail::shortText(got));
}

}  // namespace

bool isKernelName(std::string_view s) {
  if (s.empty() || s.size() > 255 || (s[0] >= '0' && s[0] <= '9')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return isAlnum(c) || c == '_'; });
}

std::string versionProblem(std::string_view v) {
  if (v.empty()) return "empty";
  if (v.size() > 64) return "longer than 64 characters";
  if (!isAlnum(v[0])) return "must start with a letter or digit";
  for (char c : v) {
    if (c == '_') return "'_' separates the parts of the package file name";
    if (c == '/') return "'/' is not allowed in a file name";
    if (c == ' ' || (c >= '\t' && c <= '\r')) return "spaces are not allowed";
    if (!isAlnum(c) && c != '.' && c != '+' && c != '~' && c != '-') return std::string("'") + c + "' is not allowed";
  }
  return "";
}

bool isArchName(std::string_view s) {
  return !s.empty() && s.size() <= 64 &&
         std::all_of(s.begin(), s.end(), [](char c) { return isAlnum(c) || c == '-' || c == '_' || c == '.'; });
}

namespace detail {

bool isCoreType(std::string_view s) { return s == "AIV" || s == "AIC" || s == "MIX"; }
bool anyText(std::string_view s) { return s.size() <= 1024; }

bool readIndexEntry(const json& v, const std::string& path, Problem& p, IndexEntry& e) {
  if (!isObject(v, path, "an object (one installed kernel)", p)) return false;
  Fields f(v, path, p);
  f.str("name", e.name, isKernelName, "a kernel name (a C identifier of at most 255 characters)");
  f.str("version", e.version, versionOk, "a version (1-64 characters from 0-9 A-Z a-z . + ~ -)");
  f.str("npuArch", e.npuArch, isArchName, "an NPU arch name (1-64 characters from A-Z a-z 0-9 - _ .)");
  f.str("coreType", e.coreType, isCoreType, "one of AIV, AIC, MIX");
  f.uint("blockDim", e.blockDim, 1, UINT32_MAX);
  readParams(f.array("inputs", kMaxParams), f.field("inputs"), p, e.inputs);
  readParams(f.array("outputs", kMaxParams), f.field("outputs"), p, e.outputs);
  f.str("json", e.json, anyText, "\"<name>/<name>.json\"");
  f.str("binary", e.binary, anyText, "\"<name>/<name>.o\"");
  if (!f.done()) return false;
  return checkDerivedPath(e.json, e.name + "/" + e.name + ".json", f.field("json"), p) &&
         checkDerivedPath(e.binary, e.name + "/" + e.name + ".o", f.field("binary"), p);
}

ojson indexEntryJson(const IndexEntry& e) {
  return ojson{{"name", e.name},          {"version", e.version},         {"npuArch", e.npuArch},
               {"coreType", e.coreType},  {"blockDim", e.blockDim},       {"inputs", paramsJson(e.inputs)},
               {"outputs", paramsJson(e.outputs)}, {"json", e.json},       {"binary", e.binary}};
}

}  // namespace detail

const IndexEntry* Index::find(std::string_view name) const {
  auto it = std::lower_bound(kernels.begin(), kernels.end(), name,
                             [](const IndexEntry& e, std::string_view n) { return e.name < n; });
  return it != kernels.end() && it->name == name ? &*it : nullptr;
}

Parsed<Index> parseIndex(std::string_view text, const std::string& origin) {
  Problem p{origin, ""};
  json j;
  if (!detail::parseJson(text, kMaxDepth, p, j) || !detail::isObject(j, "", "an object {\"format\", \"kernels\"}", p))
    return Parsed<Index>::fail(p.error);
  Index index;
  Fields f(j, "", p);
  f.exact("format", kIndexFormat);
  const json* kernels = f.array("kernels", kMaxKernels);
  for (size_t i = 0; kernels && i < kernels->size() && p.ok(); ++i) {
    IndexEntry e;
    std::string at = detail::item("kernels", i);
    if (!detail::readIndexEntry((*kernels)[i], at, p, e)) break;
    if (!index.kernels.empty() && !(index.kernels.back().name < e.name))
      p.fail(at + ".name", "\"" + e.name + "\" after \"" + index.kernels.back().name +
                               "\": the kernels are sorted by name, each name once");
    index.kernels.push_back(std::move(e));
  }
  if (!f.done()) return Parsed<Index>::fail(p.error);
  return {std::move(index), ""};
}

std::string writeIndex(const Index& index) {
  // One kernel per line (what older packages' bash scripts read back).
  std::string s = "{\"format\":\"" + std::string(kIndexFormat) + "\",\"kernels\":[\n";
  for (size_t i = 0; i < index.kernels.size(); ++i)
    s += detail::indexEntryJson(index.kernels[i]).dump() + (i + 1 < index.kernels.size() ? ",\n" : "\n");
  return s + "]}\n";
}

Parsed<Index> readIndex(const std::string& path, bool* missing) {
  auto text = readBoundedFile(path, kMaxIndexBytes, missing);
  if (!text) return Parsed<Index>::fail(text.error);
  return parseIndex(*text.value, path);
}

}  // namespace sk::pkg
