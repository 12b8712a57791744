// sk_pkg_tool: every read of a manifest and every rewrite of index.json that a package's
// install.sh and uninstall.sh do (docs/packaging.md). The scripts keep the orchestration (lock,
// staging, renames); this program keeps the JSON, through the one model of package_model.h.
//
// It is linked statically and links no LLVM, so that it runs from a package's extraction folder
// and from an installed kernel folder on any x86-64 Linux. Lists go to stdout with each item
// followed by a NUL byte (names are validated, but NUL separation needs no such trust); messages
// go to stderr. Exit codes: 0 ok; 1 a check found a difference, or a write failed; 2 usage
// error or a file that is not what it should be (the message names it and the field).
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include <nettle/sha2.h>

#include "sk/package_model.h"

namespace {

using namespace sk::pkg;

constexpr int kOk = 0, kDiffers = 1, kBad = 2;

void put(const std::string& item) {
  std::fwrite(item.data(), 1, item.size(), stdout);
  std::fputc('\0', stdout);
}

int bad(const std::string& why) {
  std::fprintf(stderr, "ERROR: %s\n", why.c_str());
  return kBad;
}

// ---- one installed file against its manifest entry --------------------------------------------

enum class State { Missing, Symlink, NotRegular, Unreadable, Differs, Matches };

struct FileState {
  State state = State::Missing;
  std::string sha256;  // of the file, when it was read
  std::string error;
};

std::string hex(const uint8_t* d, size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < n; ++i) s += {digits[d[i] >> 4], digits[d[i] & 15]};
  return s;
}

// The SHA-256 of an open regular file, read in chunks (its size is not bounded by a manifest:
// a user may have replaced it with anything).
bool sha256Of(int fd, std::string& out, std::string& error) {
  sha256_ctx ctx;
  sha256_init(&ctx);
  std::vector<uint8_t> buf(1 << 16);
  for (;;) {
    ssize_t n = ::read(fd, buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = std::strerror(errno);
      return false;
    }
    if (n == 0) break;
    sha256_update(&ctx, (size_t)n, buf.data());
  }
  uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
  out = hex(digest, sizeof digest);
  return true;
}

FileState stateOf(const std::string& path, const ManifestFile& want) {
  FileState s;
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0) return s;
  if (S_ISLNK(st.st_mode)) return {State::Symlink, "", ""};
  if (!S_ISREG(st.st_mode)) return {State::NotRegular, "", ""};
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return {State::Unreadable, "", std::strerror(errno)};
  bool read = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && sha256Of(fd, s.sha256, s.error);
  ::close(fd);
  if (!read) return {State::Unreadable, "", s.error.empty() ? "changed while it was checked" : s.error};
  s.state = s.sha256 == want.sha256 ? State::Matches : State::Differs;
  return s;
}

bool selected(const ManifestFile& f, const std::string& which) { return which == "all" || f.installed; }

// ---- commands ---------------------------------------------------------------------------------

int manifestInfo(char** a) {
  auto m = readManifest(a[0]);
  if (!m) return bad(m.error);
  put(m.value->kernel);
  put(m.value->version);
  put(m.value->npuArch);
  return kOk;
}

int manifestFiles(char** a) {
  std::string which = a[1];
  if (which != "all" && which != "installed") return bad("manifest-files: expected all or installed, got " + which);
  auto m = readManifest(a[0]);
  if (!m) return bad(m.error);
  for (const ManifestFile& f : m.value->files) {
    if (!selected(f, which)) continue;
    char mode[8];
    std::snprintf(mode, sizeof mode, "0%03o", f.mode);
    put(f.path);
    put(mode);
  }
  return kOk;
}

// Prints one line per problem to stderr, as the scripts show them under their ERROR line.
bool reportProblem(const std::string& path, const FileState& s, const ManifestFile& f, bool missingOk) {
  switch (s.state) {
    case State::Matches: return false;
    case State::Missing:
      if (missingOk) return false;
      std::fprintf(stderr, "  %s: missing\n", path.c_str());
      return true;
    case State::Symlink: std::fprintf(stderr, "  %s: is a symlink (it was installed as a regular file)\n", path.c_str()); return true;
    case State::NotRegular: std::fprintf(stderr, "  %s: is not a regular file\n", path.c_str()); return true;
    case State::Unreadable: std::fprintf(stderr, "  %s: cannot be read: %s\n", path.c_str(), s.error.c_str()); return true;
    case State::Differs:
      std::fprintf(stderr, "  %s: sha256 %s, the manifest says %s (changed after it was packaged or installed)\n",
                   path.c_str(), s.sha256.c_str(), f.sha256.c_str());
      return true;
  }
  return true;
}

// check-files MANIFEST DIR all|installed|installed-present [PATH]: every selected file of the
// manifest (or only PATH) is in DIR as a regular file with its sha256; installed-present lets
// files be missing (an uninstall of a folder someone already cleaned up in part).
int checkFiles(char** a, int n) {
  std::string dir = a[1], which = a[2];
  if (which != "all" && which != "installed" && which != "installed-present")
    return bad("check-files: expected all, installed or installed-present, got " + which);
  auto m = readManifest(a[0]);
  if (!m) return bad(m.error);
  if (n == 4 && !m.value->file(a[3])) {
    std::fprintf(stderr, "  %s/%s: not a file of %s\n", dir.c_str(), a[3], a[0]);
    return kDiffers;
  }
  bool problems = false;
  for (const ManifestFile& f : m.value->files) {
    if (!selected(f, which) || (n == 4 && f.path != a[3])) continue;
    std::string path = dir + "/" + f.path;
    problems |= reportProblem(path, stateOf(path, f), f, which == "installed-present");
  }
  return problems ? kDiffers : kOk;
}

// removable-files MANIFEST DIR: the installed files that are still exactly what was installed
// (an uninstall removes only those; anything else is the user's).
int removableFiles(char** a) {
  auto m = readManifest(a[0]);
  if (!m) return bad(m.error);
  for (const ManifestFile& f : m.value->files)
    if (f.installed && stateOf(std::string(a[1]) + "/" + f.path, f).state == State::Matches) put(f.path);
  return kOk;
}

int readIndexCommand(char** a) {
  auto index = readIndex(a[0]);
  if (!index) return bad(index.error);
  for (const IndexEntry& e : index.value->kernels) put(e.name);
  return kOk;
}

// The kernel folders of KDIR: real directories (not symlinks) named like a kernel that hold a
// manifest.json (a folder without one is not an installed kernel), sorted by name.
std::vector<std::string> kernelFolders(const std::string& kdir) {
  std::vector<std::string> names;
  DIR* d = ::opendir(kdir.c_str());
  if (!d) return names;
  while (dirent* e = ::readdir(d)) {
    std::string name = e->d_name;
    struct stat st;
    if (!isKernelName(name) || ::lstat((kdir + "/" + name).c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;
    if (::lstat((kdir + "/" + name + "/manifest.json").c_str(), &st) == 0) names.push_back(name);
  }
  ::closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

// The index entry of one kernel folder: from its manifest, else (with a warning) the entry the
// old index had, else none. A bad manifest costs only its own kernel's entry.
void addEntry(const std::string& kdir, const std::string& name, const Parsed<Index>& old, Index& next) {
  std::string path = kdir + "/" + name + "/manifest.json";
  auto m = readManifest(path);
  std::string why = !m ? m.error : m.value->kernel != name ? path + ": describes kernel " + m.value->kernel + ", not " + name : "";
  if (why.empty()) {
    next.kernels.push_back(m.value->index);
    return;
  }
  const IndexEntry* keep = old ? old.value->find(name) : nullptr;
  std::fprintf(stderr, "WARN: %s; %s\n", why.c_str(), keep ? "keeping its old index entry" : "it is left out of the index");
  if (keep) next.kernels.push_back(*keep);
}

bool writeAll(const std::string& path, const std::string& bytes, std::string& error) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = std::strerror(errno);
    return false;
  }
  bool ok = ::fchmod(fd, 0644) == 0;  // whatever the umask
  for (size_t at = 0; ok && at < bytes.size();) {
    ssize_t n = ::write(fd, bytes.data() + at, bytes.size() - at);
    if (n < 0 && errno == EINTR) continue;
    ok = n > 0;
    at += ok ? (size_t)n : 0;
  }
  if (!ok) error = std::strerror(errno ? errno : EIO);
  if (::close(fd) != 0 && ok) {  // a full disk may only show here
    ok = false;
    error = std::strerror(errno);
  }
  if (!ok) ::unlink(path.c_str());
  return ok;
}

// rebuild-index KDIR TMPFILE: the index of KDIR's kernel folders, written to TMPFILE (which the
// script renames over index.json) unless there is no kernel; prints the number of kernels.
int rebuildIndex(char** a) {
  std::string kdir = a[0], tmp = a[1];
  bool missing = false;
  auto old = readIndex(kdir + "/index.json", &missing);
  if (!old && !missing) std::fprintf(stderr, "WARN: %s (rewriting it from the kernel folders)\n", old.error.c_str());
  Index next;
  for (const std::string& name : kernelFolders(kdir)) addEntry(kdir, name, old, next);
  std::string error;
  if (!next.kernels.empty() && !writeAll(tmp, writeIndex(next), error)) {
    std::fprintf(stderr, "ERROR: cannot write %s: %s (disk full or read-only?)\n", tmp.c_str(), error.c_str());
    return kDiffers;
  }
  put(std::to_string(next.kernels.size()));
  return kOk;
}

const char* kUsage =
    "Usage: sk_pkg_tool COMMAND ARGS...   (the helper of a SuperKernel package's install.sh and uninstall.sh)\n"
    "  manifest-info MANIFEST                      kernel, version, NPU arch\n"
    "  manifest-files MANIFEST all|installed       path and mode of each file\n"
    "  check-files MANIFEST DIR all|installed|installed-present [PATH]\n"
    "                                              files in DIR are regular files with their sha256\n"
    "  removable-files MANIFEST DIR                installed files still as installed\n"
    "  rebuild-index KDIR TMPFILE                  the index of KDIR's kernel folders into TMPFILE\n"
    "  read-index INDEX                            the kernel names of an index.json\n"
    "  --version, --help\n"
    "Lists go to stdout, each item followed by a NUL byte. Exit codes: 0 ok; 1 a file differs from its\n"
    "manifest, or a write failed; 2 usage error or an invalid file.\n";

int dispatch(int argc, char** argv) {
  std::string cmd = argc > 1 ? argv[1] : "";
  char** a = argv + 2;
  int n = argc - 2;
  if (cmd == "--help" || cmd == "-h") {
    std::fputs(kUsage, stdout);
    return kOk;
  }
  if (cmd == "--version") {
    std::printf("sk_pkg_tool %s\n", SK_PROJECT_VERSION);
    return kOk;
  }
  if (cmd == "manifest-info" && n == 1) return manifestInfo(a);
  if (cmd == "manifest-files" && n == 2) return manifestFiles(a);
  if (cmd == "check-files" && (n == 3 || n == 4)) return checkFiles(a, n);
  if (cmd == "removable-files" && n == 2) return removableFiles(a);
  if (cmd == "rebuild-index" && n == 2) return rebuildIndex(a);
  if (cmd == "read-index" && n == 1) return readIndexCommand(a);
  std::fprintf(stderr, "sk_pkg_tool: unknown command or wrong arguments: %s\n%s", cmd.c_str(), kUsage);
  return kBad;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    int rc = dispatch(argc, argv);
    if (std::fflush(stdout) != 0) {
      std::fprintf(stderr, "sk_pkg_tool: cannot write its output\n");
      return kDiffers;
    }
    return rc;
  } catch (const std::exception& e) {  // bad_alloc and the like: say so, never abort
    std::fprintf(stderr, "sk_pkg_tool: error: %s\n", e.what());
    return kDiffers;
  }
}
