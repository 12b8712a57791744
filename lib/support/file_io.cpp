#include "sk/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

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

llvm::Error writeFilesAtomically(const std::vector<std::pair<std::string, llvm::StringRef>>& files) {
  std::vector<std::string> temps;
  auto cleanup = [&] {
    for (const std::string& t : temps) std::remove(t.c_str());
  };
  for (const auto& [path, bytes] : files) {
    llvm::SmallString<256> temp = llvm::sys::path::parent_path(path);
    llvm::sys::path::append(temp, "." + llvm::sys::path::filename(path) + ".tmp");
    temps.push_back(std::string(temp));
    std::ofstream out(temps.back(), std::ios::binary | std::ios::trunc);
    if (!out || !out.write(bytes.data(), (std::streamsize)bytes.size())) {
      cleanup();
      return inputError(path + ": cannot write (does its directory exist, is it writable, is the disk full?)");
    }
  }
  for (size_t i = 0; i < files.size(); ++i) {
    if (std::rename(temps[i].c_str(), files[i].first.c_str()) != 0) {
      cleanup();
      return inputError(files[i].first + ": cannot move the written file into place");
    }
  }
  return llvm::Error::success();
}

llvm::Error writeFilesInto(const std::string& dir, const std::vector<std::pair<std::string, llvm::StringRef>>& files,
                           const std::string& flag) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return inputError(flag + " " + dir + ": cannot create the directory: " + ec.message());
  std::vector<std::pair<std::string, llvm::StringRef>> paths;
  for (const auto& [name, bytes] : files) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    paths.push_back({std::string(path), bytes});
  }
  return writeFilesAtomically(paths);
}

}  // namespace sk
