// The two JSON files of installed static kernels (docs/packaging.md): the manifest.json that
// sk_compile --package puts into every package (and the install copies into the kernel folder),
// and the index.json that every install, upgrade and uninstall rewrites from the manifests.
// One model, one parser and one writer for each, used by sk_compile, by the lookup by name
// (installed_kernels.h) and by sk_pkg_tool, the helper program every package carries for its
// install and uninstall scripts.
//
// sk_pkg_tool is a static executable that links no LLVM, so this code reports errors as plain
// strings; the LLVM side (package.cpp, installed_kernels.cpp) wraps them into llvm::Error.
// Every error starts with the file it is about, then the field: "F: files[2].sha256: ...".
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sk::pkg {

inline constexpr const char* kManifestFormat = "superkernel-static-kernel-manifest/1";
inline constexpr const char* kIndexFormat = "superkernel-static-kernel-index/1";
// The helper program in every package and kernel folder.
inline constexpr const char* kToolFileName = "sk_pkg_tool";
// Bounds for reading: a manifest lists a handful of files; an index one line per kernel.
inline constexpr std::size_t kMaxManifestBytes = std::size_t(1) << 20;
inline constexpr std::size_t kMaxIndexBytes = std::size_t(64) << 20;

// An input or output tensor of an installed kernel.
struct KernelParam {
  std::string name, dtype;
  bool inout = false;
  bool operator==(const KernelParam& o) const { return name == o.name && dtype == o.dtype && inout == o.inout; }
};

// One kernel of index.json; the same object is the "index" field of the kernel's manifest.
struct IndexEntry {
  std::string name, version, npuArch, coreType;
  uint64_t blockDim = 0;
  std::vector<KernelParam> inputs, outputs;
  std::string json, binary;  // "<name>/<name>.json" and "<name>/<name>.o", relative to ai_core/

  bool operator==(const IndexEntry& o) const {
    return name == o.name && version == o.version && npuArch == o.npuArch && coreType == o.coreType &&
           blockDim == o.blockDim && inputs == o.inputs && outputs == o.outputs && json == o.json &&
           binary == o.binary;
  }
  bool operator!=(const IndexEntry& o) const { return !(*this == o); }
};

// A file of the package, by its name inside the kernel folder.
struct ManifestFile {
  std::string path;
  std::string sha256;  // lower-case hex
  uint64_t bytes = 0;
  unsigned mode = 0644;
  bool installed = true;  // false: only in the package (install.sh)
};

struct Manifest {
  std::string kernel, version, npuArch, host, builtBy, coreType, taskRation;
  uint64_t blockDim = 0;
  IndexEntry index;
  std::vector<ManifestFile> files;

  const ManifestFile* file(std::string_view path) const;
};

// Kernels sorted by name, each name once.
struct Index {
  std::vector<IndexEntry> kernels;
  const IndexEntry* find(std::string_view name) const;
};

// A value or, when `value` is empty, the reason (naming file and field).
template <class T>
struct Parsed {
  std::optional<T> value;
  std::string error;
  explicit operator bool() const { return value.has_value(); }
  static Parsed fail(std::string why) { return Parsed{std::nullopt, std::move(why)}; }
};

// Every field is checked: its type, its value, the fields that must agree (the index entry with
// the manifest, json/binary with the name), unknown fields. `origin` names the file in errors.
Parsed<Manifest> parseManifest(std::string_view text, const std::string& origin);
Parsed<Index> parseIndex(std::string_view text, const std::string& origin);

// The writers produce what the parsers accept, with a fixed layout (one field per line in the
// manifest, one kernel per line in the index) so that the same model gives the same bytes, and
// the bash-only scripts of older packages still read them.
std::string writeManifest(const Manifest& m);
std::string writeIndex(const Index& index);

// The contents of `path` if it is a regular file (not a symlink, FIFO or device) of at most
// `maxBytes`; otherwise an error naming it. *missing (if given) tells that it does not exist.
Parsed<std::string> readBoundedFile(const std::string& path, std::size_t maxBytes, bool* missing = nullptr);

// readBoundedFile + parse.
Parsed<Manifest> readManifest(const std::string& path, bool* missing = nullptr);
Parsed<Index> readIndex(const std::string& path, bool* missing = nullptr);

// The rules of the fields, also used where these values are made (sk_compile --package).
bool isKernelName(std::string_view s);  // [A-Za-z_][A-Za-z0-9_]*, at most 255 characters
// "" when `v` is a valid version, else why not (1-64 characters from 0-9 A-Z a-z . + ~ -,
// starting with a letter or digit).
std::string versionProblem(std::string_view v);
bool isArchName(std::string_view s);  // 1-64 characters from A-Z a-z 0-9 - _ .

}  // namespace sk::pkg
