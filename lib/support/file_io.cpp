#include "sk/file_io.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <set>

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "sk/error.h"

namespace sk {

llvm::Expected<std::string> readFile(const std::string& path, uint64_t maxBytes, const char* what) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below anyway).
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return inputError(path + ": cannot read " + what + ": " + std::strerror(errno));
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  struct stat st;
  if (::fstat(fd, &st) != 0) return inputError(path + ": cannot read " + what + ": " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return inputError(path + ": is a directory, expected a file with the " + what);
  if (!S_ISREG(st.st_mode))
    return inputError(path + ": is not a regular file (a FIFO, socket or device?), expected a file with the " + what);
  if ((uint64_t)st.st_size > maxBytes)
    return inputError(path + ": " + llvm::Twine((uint64_t)st.st_size) + " bytes, more than the " +
                      llvm::Twine(maxBytes) + " a file with the " + what + " may have");
  std::string out((size_t)st.st_size, '\0');
  size_t got = 0;
  while (got < out.size()) {
    ssize_t n = ::read(fd, out.data() + got, out.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return inputError(path + ": cannot read " + what + ": " + std::strerror(errno));
    if (n == 0) break;  // shrank while we read: take what is there
    got += (size_t)n;
  }
  out.resize(got);
  return out;
}

namespace {

// A path that cannot name a file is the user's mistake (exit 2); a file system that refuses to
// store it (read-only, full, no permission, I/O error) is the environment's (exit 1).
llvm::Error writeError(const std::string& what, int err) {
  bool usage = err == ENOENT || err == ENOTDIR || err == EISDIR || err == ENAMETOOLONG || err == ELOOP || err == EEXIST;
  std::string msg = what + ": " + std::strerror(err);
  return usage ? inputError(msg) : internalError(msg);
}

// 0, or the errno of the first failure (a full disk may only show at close).
int writeAll(const std::string& path, llvm::StringRef bytes) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return errno;
  int err = 0;
  for (size_t at = 0; at < bytes.size() && !err;) {
    ssize_t n = ::write(fd, bytes.data() + at, bytes.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) err = n < 0 ? errno : EIO;
    else at += (size_t)n;
  }
  if (::close(fd) != 0 && !err) err = errno;
  return err;
}


// Holds an exclusive lock on each directory (sorted: no two writers wait on each other) while
// a set of files is moved into place, so concurrent writers of the same files take turns.
class DirectoryLocks {
 public:
  explicit DirectoryLocks(const std::vector<std::string>& paths) {
    std::set<std::string> dirs;
    for (const std::string& p : paths) {
      llvm::StringRef d = llvm::sys::path::parent_path(p);
      dirs.insert(d.empty() ? "." : d.str());
    }
    for (const std::string& d : dirs) {
      int fd = ::open(d.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (fd < 0) continue;  // the rename reports what is wrong with it
      while (::flock(fd, LOCK_EX) != 0 && errno == EINTR) {
      }
      fds_.push_back(fd);
    }
  }
  ~DirectoryLocks() {
    for (int fd : fds_) ::close(fd);  // releases the lock
  }

 private:
  std::vector<int> fds_;
};

// A name beside `path` that no other file has: ".<name>.<random>.<suffix>".
std::string uniqueSibling(const std::string& path, const char* suffix) {
  llvm::SmallString<256> model = llvm::sys::path::parent_path(path);
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(path) + ".%%%%%%%%." + suffix);
  llvm::SmallString<256> out;
  llvm::sys::fs::createUniquePath(model, out, /*MakeAbsolute=*/false);
  return std::string(out);
}

}  // namespace

llvm::Error writeFilesAtomically(const std::vector<std::pair<std::string, llvm::StringRef>>& files) {
  std::vector<std::string> temps, backups(files.size());
  auto removeAll = [](const std::vector<std::string>& v) {
    for (const std::string& t : v)
      if (!t.empty()) std::remove(t.c_str());
  };
  for (const auto& [path, bytes] : files) {
    temps.push_back(uniqueSibling(path, "tmp"));
    if (int err = writeAll(temps.back(), bytes)) {
      removeAll(temps);
      return writeError(path + ": cannot write", err);
    }
  }
  std::vector<std::string> targets;
  for (const auto& f : files) targets.push_back(f.first);
  DirectoryLocks lock(targets);
  // The old files stay reachable (hard links) until every new one is in place.
  for (size_t i = 0; i < files.size(); ++i) {
    std::string b = uniqueSibling(files[i].first, "old");
    if (::link(files[i].first.c_str(), b.c_str()) == 0) backups[i] = b;
  }
  for (size_t i = 0; i < files.size(); ++i) {
    if (std::rename(temps[i].c_str(), files[i].first.c_str()) == 0) continue;
    int err = errno;
    for (size_t j = 0; j < i; ++j) {  // undo: the old set, never a mix
      if (!backups[j].empty()) std::rename(backups[j].c_str(), files[j].first.c_str());
      else std::remove(files[j].first.c_str());
      backups[j].clear();
    }
    removeAll(temps);
    removeAll(backups);
    return writeError(files[i].first + ": cannot move the written file into place", err);
  }
  removeAll(backups);
  return llvm::Error::success();
}

llvm::Error writeFilesInto(const std::string& dir, const std::vector<std::pair<std::string, llvm::StringRef>>& files,
                           const std::string& flag) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return writeError(flag + " " + dir + ": cannot create the directory", ec.value());
  std::vector<std::pair<std::string, llvm::StringRef>> paths;
  for (const auto& [name, bytes] : files) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    paths.push_back({std::string(path), bytes});
  }
  return writeFilesAtomically(paths);
}

}  // namespace sk
