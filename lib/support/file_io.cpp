#include "sk/file_io.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "sk/error.h"

namespace sk {

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

}  // namespace

llvm::Error writeFilesAtomically(const std::vector<std::pair<std::string, llvm::StringRef>>& files) {
  std::vector<std::string> temps;
  auto cleanup = [&] {
    for (const std::string& t : temps) std::remove(t.c_str());
  };
  for (const auto& [path, bytes] : files) {
    llvm::SmallString<256> temp = llvm::sys::path::parent_path(path);
    llvm::sys::path::append(temp, "." + llvm::sys::path::filename(path) + ".tmp");
    temps.push_back(std::string(temp));
    if (int err = writeAll(temps.back(), bytes)) {
      cleanup();
      return writeError(path + ": cannot write", err);
    }
  }
  for (size_t i = 0; i < files.size(); ++i) {
    if (std::rename(temps[i].c_str(), files[i].first.c_str()) != 0) {
      int err = errno;
      cleanup();
      return writeError(files[i].first + ": cannot move the written file into place", err);
    }
  }
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
