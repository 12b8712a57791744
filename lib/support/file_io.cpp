#include "sk/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

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
