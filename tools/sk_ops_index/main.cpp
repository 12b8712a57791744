// sk_ops_index: the binary index of a directory of kernels, <dir>/<name>/<name>.{o,json}, in the
// format of installed static kernels (docs/packaging.md), so that ops find their binary by name
// and dtypes.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "llvm/Support/Path.h"
#include "sk/file_io.h"
#include "sk/package_model.h"
#include "sk/subkernel.h"

int main(int argc, char** argv) {
  CLI::App app{"Writes index.json for kernel folders DIR/<name>/<name>.{o,json} (the op library's binary index)"};
  std::string dir, arch, version, out;
  std::vector<std::string> metas;
  app.add_option("--dir", dir, "the directory the index is for (entries are relative to it)")->required();
  app.add_option("--npu-arch", arch, "the arch the kernels were built for")->required();
  app.add_option("--version", version, "the kernels' version")->required();
  app.add_option("-o", out, "the index to write (atomically)")->required();
  app.add_option("metadata", metas, "each kernel's DIR/<name>/<name>.json")->required();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }

  sk::pkg::Index index;
  for (const std::string& path : metas) {
    auto meta = sk::subkernel::readMeta(path);
    if (!meta) {
      std::fprintf(stderr, "sk_ops_index: %s\n", llvm::toString(meta.takeError()).c_str());
      return 2;
    }
    std::string name = llvm::sys::path::stem(path).str();
    if (llvm::sys::path::filename(llvm::sys::path::parent_path(path)) != name) {
      std::fprintf(stderr, "sk_ops_index: %s: a kernel's metadata must be DIR/<name>/<name>.json\n", path.c_str());
      return 2;
    }
    sk::pkg::IndexEntry e;
    e.name = name;
    e.version = version;
    e.npuArch = arch;
    e.coreType = sk::coreTypeName(meta->coreType);
    e.blockDim = meta->blockDim;
    for (const sk::subkernel::Param& p : meta->params)
      if (p.isTensor()) (p.role == sk::subkernel::Role::Input ? e.inputs : e.outputs).push_back({p.name, sk::dtypeName(p.dtype), p.inout});
    e.json = name + "/" + name + ".json";
    e.binary = name + "/" + name + ".o";
    index.kernels.push_back(std::move(e));
  }
  std::sort(index.kernels.begin(), index.kernels.end(),
            [](const sk::pkg::IndexEntry& a, const sk::pkg::IndexEntry& b) { return a.name < b.name; });
  std::string text = sk::pkg::writeIndex(index);
  sk::pkg::Parsed<sk::pkg::Index> check = sk::pkg::parseIndex(text, out);
  if (!check) {
    std::fprintf(stderr, "sk_ops_index: %s\n", check.error.c_str());
    return 2;
  }
  if (llvm::Error e = sk::writeFileAtomically(out, text)) {
    std::fprintf(stderr, "sk_ops_index: %s\n", llvm::toString(std::move(e)).c_str());
    return 2;
  }
  return 0;
}
