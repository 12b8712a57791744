// Installed static kernels (docs/packaging.md): find a kernel installed from a .run package by
// its name, through <root>/opp/static_kernel/ai_core/index.json and the kernel folder's
// manifest.json, both read through the model of package_model.h (lib/packaging, beside the code
// that writes them).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "llvm/Support/Error.h"

namespace sk::pkg {

struct InstalledKernel {
  std::string name, version, npuArch;
  std::string root;    // the install root
  std::string folder;  // <root>/opp/static_kernel/ai_core/<name>
  std::string json;    // <folder>/<name>.json: pass it to subkernel::readSubKernel / sk_run
  std::string binary;  // <folder>/<name>.o
  std::vector<std::pair<std::string, std::string>> inputs, outputs;  // (param name, dtype) in param order
  // false when the index had no entry or an out-of-date one for this folder (an install or
  // uninstall was killed between its two renames, or index.json is damaged); the folder's
  // manifest was used instead. The next install or uninstall rewrites the index.
  bool indexCurrent = true;
  std::string indexNote;  // when !indexCurrent: why, naming index.json and the field if damaged
};

// $SK_HOME, else $HOME/.superkernel. InputError when neither is set.
llvm::Expected<std::string> defaultInstallRoot();

// <root>/opp/static_kernel/ai_core
std::string staticKernelDir(const std::string& root);

// The kernel installed as `name` under `root` ("" = defaultInstallRoot()). When `dtypes` is not
// empty it must equal the dtypes of the kernel's inputs followed by its outputs (the index key is
// name + dtypes). InputError, saying where it looked, when there is no such kernel, when the
// folder is not what its manifest says (or the manifest is damaged: the error names the file and
// the field), or when a file is missing or a symlink.
llvm::Expected<InstalledKernel> findInstalledKernel(const std::string& name, const std::string& root = "",
                                                    const std::vector<std::string>& dtypes = {});

// Every kernel installed under `root` ("" = default), by name.
llvm::Expected<std::vector<InstalledKernel>> listInstalledKernels(const std::string& root = "");

}  // namespace sk::pkg
