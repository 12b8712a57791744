// manifest.json (package_model.h): what a package holds and installs, with every file's sha256.
#include <algorithm>
#include <cstdio>

#include "json_fields.h"
#include "sk/package_model.h"

namespace sk::pkg {

namespace {

using detail::Fields;
using detail::json;
using detail::Problem;
using ojson = nlohmann::ordered_json;

constexpr size_t kMaxFiles = 64;
constexpr uint64_t kMaxFileBytes = uint64_t(1) << 40;
constexpr int kMaxDepth = 8;  // {"index":{"inputs":[{...}]}} is 4 deep

bool isFileName(std::string_view s) {
  if (s.empty() || s.size() > 255 || s[0] == '.') return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '.' ||
           c == '-' || c == '+';
  });
}

bool isSha256(std::string_view s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

bool isMode(std::string_view s) {
  return s.size() == 4 && s[0] == '0' && std::all_of(s.begin() + 1, s.end(), [](char c) { return c >= '0' && c <= '7'; });
}

bool isHost(std::string_view s) { return s.size() > 6 && s.substr(0, 6) == "linux-" && isArchName(s.substr(6)); }

bool isPrintable(std::string_view s) {
  return !s.empty() && s.size() <= 128 && std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
}

bool isRation(std::string_view s) { return s == "0:1" || s == "1:0" || s == "1:1" || s == "1:2"; }

bool versionOk(std::string_view s) { return versionProblem(s).empty(); }

bool readFile(const json& v, const std::string& at, Problem& p, ManifestFile& out) {
  if (!detail::isObject(v, at, "an object {\"path\", \"sha256\", \"bytes\", \"mode\", \"installed\"}", p)) return false;
  Fields f(v, at, p);
  std::string mode;
  f.str("path", out.path, isFileName, "a file name (A-Z a-z 0-9 _ . - +, not starting with '.')");
  f.str("sha256", out.sha256, isSha256, "64 lower-case hex digits");
  f.uint("bytes", out.bytes, 0, kMaxFileBytes);
  f.str("mode", mode, isMode, "an octal mode such as \"0644\"");
  f.boolean("installed", out.installed);
  if (!f.done()) return false;
  out.mode = (unsigned)std::stoul(mode, nullptr, 8);
  return true;
}

bool readFiles(const json* list, Problem& p, std::vector<ManifestFile>& out) {
  if (!list) return false;
  for (size_t i = 0; i < list->size() && p.ok(); ++i) {
    ManifestFile f;
    std::string at = detail::item("files", i);
    if (!readFile((*list)[i], at, p, f)) return false;
    if (f.path == "manifest.json") return p.fail(at + ".path", "manifest.json cannot list itself");
    for (const ManifestFile& g : out)
      if (g.path == f.path) return p.fail(at + ".path", "\"" + f.path + "\" is listed twice");
    out.push_back(std::move(f));
  }
  return p.ok();
}

// The index entry repeats the kernel's facts; both must say the same.
bool checkAgreement(const Manifest& m, Problem& p) {
  struct Pair {
    const char* field;
    std::string got, want;
  } pairs[] = {{"name", m.index.name, m.kernel},           {"version", m.index.version, m.version},
               {"npuArch", m.index.npuArch, m.npuArch},    {"coreType", m.index.coreType, m.coreType},
               {"blockDim", std::to_string(m.index.blockDim), std::to_string(m.blockDim)}};
  for (const Pair& x : pairs)
    if (x.got != x.want)
      return p.fail(std::string("index.") + x.field, x.got + " differs from the manifest's " + x.want);
  const char* ration = m.coreType == "AIV" ? "0:1" : m.coreType == "AIC" ? "1:0" : nullptr;
  if (ration ? m.taskRation != ration : (m.taskRation != "1:1" && m.taskRation != "1:2"))
    return p.fail("taskRation", "\"" + m.taskRation + "\" contradicts coreType " + m.coreType);
  return true;
}

// What every kernel folder holds (docs/packaging.md, fixed layout); the layout may have more, never less.
bool checkRequiredFiles(const Manifest& m, Problem& p) {
  for (const std::string& need : {m.kernel + ".o", m.kernel + ".json", std::string("uninstall.sh")}) {
    const ManifestFile* f = m.file(need);
    if (!f || !f->installed) return p.fail("files", "no installed entry for " + need);
  }
  return true;
}

}  // namespace

const ManifestFile* Manifest::file(std::string_view path) const {
  for (const ManifestFile& f : files)
    if (f.path == path) return &f;
  return nullptr;
}

Parsed<Manifest> parseManifest(std::string_view text, const std::string& origin) {
  Problem p{origin, ""};
  json j;
  if (!detail::parseJson(text, kMaxDepth, p, j) || !detail::isObject(j, "", "an object (a static kernel manifest)", p))
    return Parsed<Manifest>::fail(p.error);
  Manifest m;
  Fields f(j, "", p);
  f.exact("format", kManifestFormat);
  f.str("kernel", m.kernel, isKernelName, "a kernel name (a C identifier of at most 255 characters)");
  f.str("version", m.version, versionOk, "a version (1-64 characters from 0-9 A-Z a-z . + ~ -)");
  f.str("npuArch", m.npuArch, isArchName, "an NPU arch name (1-64 characters from A-Z a-z 0-9 - _ .)");
  f.str("host", m.host, isHost, "\"linux-<cpu>\"");
  f.str("builtBy", m.builtBy, isPrintable, "1-128 printable ASCII characters");
  f.str("coreType", m.coreType, detail::isCoreType, "one of AIV, AIC, MIX");
  f.str("taskRation", m.taskRation, isRation, "one of \"0:1\", \"1:0\", \"1:1\", \"1:2\"");
  f.uint("blockDim", m.blockDim, 1, UINT32_MAX);
  if (const json* index = f.object("index")) detail::readIndexEntry(*index, "index", p, m.index);
  readFiles(f.array("files", kMaxFiles), p, m.files);
  if (!f.done() || !checkAgreement(m, p) || !checkRequiredFiles(m, p)) return Parsed<Manifest>::fail(p.error);
  return {std::move(m), ""};
}

std::string writeManifest(const Manifest& m) {
  auto str = [](const std::string& s) { return ojson(s).dump(); };
  // One field per line and one file per line: the layout of the first packages, whose bash-only
  // scripts read the manifests of every kernel folder in a root when they rewrite its index.
  std::string o = "{\n";
  o += "  \"format\": " + str(kManifestFormat) + ",\n";
  o += "  \"kernel\": " + str(m.kernel) + ",\n";
  o += "  \"version\": " + str(m.version) + ",\n";
  o += "  \"npuArch\": " + str(m.npuArch) + ",\n";
  o += "  \"host\": " + str(m.host) + ",\n";
  o += "  \"builtBy\": " + str(m.builtBy) + ",\n";
  o += "  \"coreType\": " + str(m.coreType) + ",\n";
  o += "  \"taskRation\": " + str(m.taskRation) + ",\n";
  o += "  \"blockDim\": " + std::to_string(m.blockDim) + ",\n";
  o += "  \"index\": " + detail::indexEntryJson(m.index).dump() + ",\n";
  o += "  \"files\": [\n";
  for (size_t i = 0; i < m.files.size(); ++i) {
    const ManifestFile& f = m.files[i];
    char mode[8];
    std::snprintf(mode, sizeof mode, "0%03o", f.mode & 0777u);
    ojson e = {{"path", f.path}, {"sha256", f.sha256}, {"bytes", f.bytes}, {"mode", mode}, {"installed", f.installed}};
    o += "    " + e.dump() + (i + 1 < m.files.size() ? ",\n" : "\n");
  }
  return o + "  ]\n}\n";
}

Parsed<Manifest> readManifest(const std::string& path, bool* missing) {
  auto text = readBoundedFile(path, kMaxManifestBytes, missing);
  if (!text) return Parsed<Manifest>::fail(text.error);
  return parseManifest(*text.value, path);
}

}  // namespace sk::pkg
