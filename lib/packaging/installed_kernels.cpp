// Finding installed static kernels through <root>/opp/static_kernel/ai_core/index.json and the
// kernel folders' manifests, read through the model the package scripts use (package_model.h).
#include "sk/installed_kernels.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "sk/error.h"
#include "sk/package_model.h"

namespace sk::pkg {

namespace {

enum class Kind { Missing, File, Dir, Symlink, Other };

Kind kindOf(const std::string& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0) return Kind::Missing;
  if (S_ISLNK(st.st_mode)) return Kind::Symlink;
  if (S_ISREG(st.st_mode)) return Kind::File;
  if (S_ISDIR(st.st_mode)) return Kind::Dir;
  return Kind::Other;
}

// index.json as far as it helps: the index, or why it cannot be used ("" when there is none).
struct IndexState {
  std::optional<Index> index;
  bool present = false;
  std::string problem;
  const IndexEntry* find(const std::string& name) const { return index ? index->find(name) : nullptr; }
};

IndexState loadIndex(const std::string& kdir) {
  IndexState s;
  bool missing = false;
  auto index = readIndex(kdir + "/index.json", &missing);
  s.present = !missing;
  if (index) s.index = std::move(*index.value);
  else if (!missing) s.problem = index.error;
  return s;
}

std::vector<std::pair<std::string, std::string>> params(const std::vector<KernelParam>& list) {
  std::vector<std::pair<std::string, std::string>> r;
  for (const KernelParam& p : list) r.push_back({p.name, p.dtype});
  return r;
}

std::string dtypeList(const InstalledKernel& k) {
  std::string s;
  for (const auto* group : {&k.inputs, &k.outputs})
    for (const auto& [name, dtype] : *group) s += (s.empty() ? "" : ", ") + dtype;
  return s;
}

llvm::Error checkFolder(const std::string& folder, const std::string& name, const std::string& root, bool listed) {
  switch (kindOf(folder)) {
    case Kind::Dir: return llvm::Error::success();
    case Kind::Missing:
      return sk::inputError("'" + name + "' is not installed: no " + folder +
                            (listed ? " although index.json lists it (the index is out of date)" : "") +
                            "; install its .run package (--install), or give the right install root");
    case Kind::Symlink:
      return sk::inputError(folder + " (install root " + root +
                            ") is a symlink: refusing to load a kernel through it; reinstall the package");
    default: return sk::inputError(folder + " (install root " + root + ") is not a directory; reinstall the package");
  }
}

// Why the index entry (or its absence) does not describe the folder; "" when it does.
std::string indexNote(const IndexState& index, const IndexEntry* entry, const IndexEntry& truth,
                      const std::string& kdir) {
  if (entry) return *entry == truth ? "" : kdir + "/index.json has an out-of-date entry for " + truth.name;
  if (!index.problem.empty()) return index.problem + " (index.json is damaged)";
  return kdir + "/" + truth.name + " is not (or not yet) in " + kdir + "/index.json";
}

// The kernel in folder <kdir>/<name>, described by its manifest.
llvm::Expected<InstalledKernel> fromFolder(const std::string& root, const std::string& kdir, const std::string& name,
                                           const IndexState& index) {
  const IndexEntry* entry = index.find(name);
  std::string folder = kdir + "/" + name;
  if (llvm::Error e = checkFolder(folder, name, root, entry != nullptr)) return e;
  std::string manifestPath = folder + "/manifest.json";
  bool missing = false;
  auto m = readManifest(manifestPath, &missing);
  std::string why = !m ? (missing ? manifestPath + " is missing" : m.error)
                       : m.value->kernel != name ? manifestPath + " describes kernel " + m.value->kernel : "";
  if (!why.empty())
    return sk::inputError("'" + name + "' is not installed: " + why +
                          " (an uninstall was interrupted, or the folder was not made by a package); reinstall the "
                          "package with --upgrade, or remove " + folder);
  const Manifest& man = *m.value;
  InstalledKernel k{name, man.version, man.npuArch, root, folder, kdir + "/" + man.index.json,
                    kdir + "/" + man.index.binary, params(man.index.inputs), params(man.index.outputs), true, ""};
  k.indexNote = indexNote(index, entry, man.index, kdir);
  k.indexCurrent = k.indexNote.empty();
  for (const std::string* path : {&k.json, &k.binary}) {
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

llvm::Error checkDtypes(const InstalledKernel& k, const std::vector<std::string>& dtypes) {
  std::vector<std::string> have;
  for (const auto* group : {&k.inputs, &k.outputs})
    for (const auto& p : *group) have.push_back(p.second);
  if (dtypes.empty() || have == dtypes) return llvm::Error::success();
  std::string want;
  for (const std::string& d : dtypes) want += (want.empty() ? "" : ", ") + d;
  return sk::inputError("the installed kernel '" + k.name + "' takes dtypes (" + dtypeList(k) + "), not (" + want + ")");
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
  if (!isKernelName(name)) return sk::inputError("'" + name + "': an installed kernel's name is a C identifier");
  std::string kdir = staticKernelDir(*root);
  IndexState index = loadIndex(kdir);
  // The folder is the truth (it changes in one rename); the index is derived from the folders'
  // manifests and may lag one step behind a killed install, so a missing entry is not final.
  if (!index.find(name) && kindOf(kdir + "/" + name) == Kind::Missing)
    return sk::inputError("'" + name + "' is not installed in " + kdir +
                          (!index.problem.empty() ? " (and " + index.problem + ")"
                           : index.present        ? " (not in its index.json)"
                                                  : " (no index.json there)") +
                          ": install its .run package (--install), or give the install root (--install-path, SK_HOME)");
  auto k = fromFolder(*root, kdir, name, index);
  if (!k) return k.takeError();
  if (llvm::Error e = checkDtypes(*k, dtypes)) return e;
  return k;
}

llvm::Expected<std::vector<InstalledKernel>> listInstalledKernels(const std::string& rootArg) {
  auto root = resolveRoot(rootArg);
  if (!root) return root.takeError();
  std::string kdir = staticKernelDir(*root);
  std::vector<std::string> names;
  if (IndexState index = loadIndex(kdir); index.index)
    for (const IndexEntry& e : index.index->kernels) names.push_back(e.name);
  // folders the index does not know yet (a killed install): the folder is the truth
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(kdir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string n = llvm::sys::path::filename(it->path()).str();
    if (isKernelName(n) && kindOf(it->path() + "/manifest.json") == Kind::File) names.push_back(n);
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

}  // namespace sk::pkg
