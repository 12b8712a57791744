// Reading the small files of an install root: never through a symlink, never from a FIFO or a
// device (which could block or never end), never more than the caller expects.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sk/package_model.h"

namespace sk::pkg {

namespace {

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

Parsed<std::string> readBoundedFile(const std::string& path, std::size_t maxBytes, bool* missing) {
  using R = Parsed<std::string>;
  if (missing) *missing = false;
  // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below).
  Fd f{::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)};
  if (f.fd < 0) {
    int e = errno;
    if (e == ENOENT && missing) *missing = true;
    if (e == ELOOP) return R::fail(path + ": is a symlink (expected a regular file)");
    return R::fail(path + ": cannot open: " + std::strerror(e));
  }
  struct stat st;
  if (::fstat(f.fd, &st) != 0) return R::fail(path + ": cannot read: " + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) return R::fail(path + ": is not a regular file");
  if ((uint64_t)st.st_size > maxBytes)
    return R::fail(path + ": is " + std::to_string(st.st_size) + " bytes, more than the " + std::to_string(maxBytes) +
                   " such a file can have");
  std::string bytes;
  bytes.resize((size_t)st.st_size + 1);  // one more: a file that grew meanwhile is noticed
  size_t have = 0;
  while (have < bytes.size()) {
    ssize_t n = ::read(f.fd, &bytes[have], bytes.size() - have);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return R::fail(path + ": cannot read: " + std::strerror(errno));
    if (n == 0) break;
    have += (size_t)n;
  }
  if (have > (size_t)st.st_size) return R::fail(path + ": grew while it was read (is something writing it?)");
  bytes.resize(have);
  return {std::move(bytes), ""};
}

}  // namespace sk::pkg
