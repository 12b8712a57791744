// Finding installed static kernels through <root>/opp/static_kernel/ai_core/index.json.
#include "sk/installed_kernels.h"
#include "sk/text.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "sk/error.h"

namespace sk::rt {

namespace {

using nlohmann::json;

enum class Kind { Missing, File, Dir, Symlink, Other };

Kind kindOf(const std::string& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0) return Kind::Missing;
  if (S_ISLNK(st.st_mode)) return Kind::Symlink;
  if (S_ISREG(st.st_mode)) return Kind::File;
  if (S_ISDIR(st.st_mode)) return Kind::Dir;
  return Kind::Other;
}

// Parsed JSON of a regular file, or null when it is missing, not a regular file or not JSON.
json readJson(const std::string& path) {
  if (kindOf(path) != Kind::File) return nullptr;
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  json j = json::parse(ss.str(), nullptr, /*allow_exceptions=*/false);
  return j.is_discarded() ? json(nullptr) : j;
}

std::vector<std::pair<std::string, std::string>> params(const json& list) {
  std::vector<std::pair<std::string, std::string>> r;
  if (list.is_array())
    for (const json& p : list)
      if (p.is_object()) r.push_back({p.value("name", ""), p.value("dtype", "")});
  return r;
}

std::string dtypeList(const InstalledKernel& k) {
  std::string s;
  for (const auto* group : {&k.inputs, &k.outputs})
    for (const auto& [name, dtype] : *group) s += (s.empty() ? "" : ", ") + dtype;
  return s;
}

// The kernel in folder <kdir>/<name>, described by its manifest; `entry` is its index entry (or null).
llvm::Expected<InstalledKernel> fromFolder(const std::string& root, const std::string& kdir, const std::string& name,
                                           const json& entry) {
  std::string folder = kdir + "/" + name;
  const std::string where = folder + " (install root " + root + ")";
  switch (kindOf(folder)) {
    case Kind::Dir: break;
    case Kind::Missing:
      return sk::inputError("'" + name + "' is not installed: no " + folder +
                            (entry.is_null() ? "" : " although index.json lists it (the index is out of date)") +
                            "; install its .run package (--install), or give the right install root");
    case Kind::Symlink:
      return sk::inputError(where + " is a symlink: refusing to load a kernel through it; reinstall the package");
    default: return sk::inputError(where + " is not a directory; reinstall the package");
  }
  std::string manifestPath = folder + "/manifest.json";
  json manifest = readJson(manifestPath);
  if (!manifest.is_object() || manifest.value("kernel", "") != name || !manifest.contains("index") ||
      !manifest["index"].is_object())
    return sk::inputError("'" + name + "' is not installed: " + manifestPath +
                          (kindOf(manifestPath) == Kind::Missing ? " is missing" : " is not its manifest") +
                          " (an uninstall was interrupted, or the folder was not made by a package); reinstall "
                          "the package with --upgrade, or remove " + folder);
  const json& idx = manifest["index"];
  InstalledKernel k;
  k.name = name;
  k.version = manifest.value("version", "");
  k.npuArch = manifest.value("npuArch", "");
  k.root = root;
  k.folder = folder;
  k.inputs = params(idx.value("inputs", json::array()));
  k.outputs = params(idx.value("outputs", json::array()));
  k.indexCurrent = !entry.is_null() && entry == idx;
  for (const auto& [field, path] : {std::pair<const char*, std::string*>{"json", &k.json}, {"binary", &k.binary}}) {
    std::string rel = idx.value(field, "");
    std::string expect = name + "/" + name + (std::string(field) == "json" ? ".json" : ".o");
    if (rel != expect) return sk::inputError(manifestPath + ": index." + field + " is \"" + rel + "\", expected \"" + expect + "\"");
    *path = kdir + "/" + rel;
    Kind kind = kindOf(*path);
    if (kind != Kind::File)
      return sk::inputError(*path + (kind == Kind::Missing ? " is missing" : kind == Kind::Symlink ? " is a symlink" : " is not a regular file") +
                            ": the installed kernel '" + name + "' is damaged; reinstall its package with --upgrade");
  }
  return k;
}

llvm::Expected<std::string> resolveRoot(const std::string& root) {
  if (!root.empty()) return root;
  return defaultInstallRoot();
}

}  // namespace

llvm::Expected<std::string> defaultInstallRoot() {
  if (const char* h = std::getenv("SK_HOME"); h && *h) return std::string(h);
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.superkernel";
  return sk::inputError("no install root: set SK_HOME (or HOME), or give the root explicitly");
}

std::string staticKernelDir(const std::string& root) {
  std::string r = root;
  while (r.size() > 1 && r.back() == '/') r.pop_back();
  return (r == "/" ? "" : r) + "/opp/static_kernel/ai_core";
}

llvm::Expected<InstalledKernel> findInstalledKernel(const std::string& name, const std::string& rootArg,
                                                    const std::vector<std::string>& dtypes) {
  auto root = resolveRoot(rootArg);
  if (!root) return root.takeError();
  if (!sk::isCIdentifier(name)) return sk::inputError("'" + name + "': an installed kernel's name is a C identifier");
  std::string kdir = staticKernelDir(*root);
  json index = readJson(kdir + "/index.json");
  json entry = nullptr;
  if (index.is_object() && index.contains("kernels") && index["kernels"].is_array())
    for (const json& e : index["kernels"])
      if (e.is_object() && e.value("name", "") == name) entry = e;
  // The folder is the truth (it changes in one rename); the index is derived from the folders'
  // manifests and may lag one step behind a killed install, so a missing entry is not final.
  if (entry.is_null() && kindOf(kdir + "/" + name) == Kind::Missing)
    return sk::inputError("'" + name + "' is not installed in " + kdir +
                          (kindOf(kdir + "/index.json") == Kind::File ? " (not in its index.json)" : " (no index.json there)") +
                          ": install its .run package (--install), or give the install root (--install-path, SK_HOME)");
  auto k = fromFolder(*root, kdir, name, entry);
  if (!k) return k.takeError();
  if (!dtypes.empty()) {
    std::vector<std::string> have;
    for (const auto* group : {&k->inputs, &k->outputs})
      for (const auto& p : *group) have.push_back(p.second);
    if (have != dtypes) {
      std::string want;
      for (const std::string& d : dtypes) want += (want.empty() ? "" : ", ") + d;
      return sk::inputError("the installed kernel '" + name + "' takes dtypes (" + dtypeList(*k) + "), not (" + want + ")");
    }
  }
  return k;
}

llvm::Expected<std::vector<InstalledKernel>> listInstalledKernels(const std::string& rootArg) {
  auto root = resolveRoot(rootArg);
  if (!root) return root.takeError();
  std::string kdir = staticKernelDir(*root);
  json index = readJson(kdir + "/index.json");
  std::vector<std::string> names;
  if (index.is_object() && index.contains("kernels") && index["kernels"].is_array())
    for (const json& e : index["kernels"])
      if (e.is_object() && sk::isCIdentifier(e.value("name", ""))) names.push_back(e.value("name", ""));
  // folders the index does not know yet (a killed install): the folder is the truth
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(kdir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string n = llvm::sys::path::filename(it->path()).str();
    if (sk::isCIdentifier(n) && kindOf(it->path() + "/manifest.json") == Kind::File) names.push_back(n);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  std::vector<InstalledKernel> r;
  for (const std::string& n : names) {
    auto k = findInstalledKernel(n, *root);
    if (!k) {
      llvm::consumeError(k.takeError());
      continue;
    }
    r.push_back(std::move(*k));
  }
  return r;
}

}  // namespace sk::rt
