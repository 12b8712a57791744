// Static kernel packages (docs/packaging.md): a super kernel (<sk>.o + <sk>.json)
// bundled with its manifest and install/uninstall scripts into one self-extracting makeself
// file, <sk>_<version>_linux-<host cpu>.run, that installs into
// <root>/opp/static_kernel/ai_core/<sk>/ and registers it in .../ai_core/index.json.
#pragma once
#include <cstdint>
#include <string>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace sk::pkg {

// The version a package gets when --version is not given.
inline constexpr const char* kDefaultVersion = "1.0.0";

// A version is 1..64 characters from [0-9A-Za-z.+~-], starting with a letter or digit: no '_'
// (it separates the parts of the file name), no '/', no spaces, nothing a shell would expand.
llvm::Error validateVersion(const std::string& version);

// The CPU of the machine packages are built for (uname -m, e.g. "x86_64"): the kernels are host
// code run by the simulator, so the package installs on that CPU.
std::string hostCpu();

// "<name>_<version>_linux-<host cpu>.run"
std::string packageFileName(const std::string& name, const std::string& version);

struct PackageInput {
  std::string name;         // the super kernel's name (a C identifier)
  std::string version;      // validated with validateVersion
  std::string npuArch;      // e.g. "dav-2201": recorded in the manifest and shown by --info
  llvm::StringRef object;   // <name>.o
  llvm::StringRef metadata; // <name>.json (kernel metadata v1)
  std::string toolVersion;  // recorded as "builtBy"
};

struct Package {
  std::string fileName;  // packageFileName(name, version)
  std::string bytes;     // the whole .run
  std::string sha256;    // the check value embedded in its header: SHA-256 of the whole file with
                         // that field zeroed (docs/packaging.md)
  std::string fileSha256;  // SHA-256 of the bytes as written (what sha256sum prints)
};

// Builds the package in memory, running makeself (found on PATH, or $SK_MAKESELF) with a header
// derived from its own (<makeself prefix>/share/makeself/makeself-header.sh, or
// $SK_MAKESELF_HEADER). Same inputs give the same bytes. Errors: InputError for a bad version or
// metadata, a plain error when makeself is missing or fails.
llvm::Expected<Package> buildPackage(const PackageInput& in);

}  // namespace sk::pkg
