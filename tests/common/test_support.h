// Helpers shared by the test binaries: running a tool as a subprocess, temp dirs, files.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace sk::test {

struct CommandResult {
  int exitCode = -1;  // -1: killed by a signal
  std::string out;    // stdout
  std::string err;    // stderr
};

// Runs argv[0] with argv (no shell), capturing stdout and stderr.
CommandResult run(const std::vector<std::string>& argv, const std::vector<std::string>& extraEnv = {});

// A fresh directory under $TMPDIR, removed (recursively) on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

std::string readText(const std::string& path);
std::vector<uint8_t> readBytes(const std::string& path);
void writeBytes(const std::string& path, const void* data, size_t n);
void writeText(const std::string& path, const std::string& text);
bool exists(const std::string& path);

// Paths inside the build tree.
std::string buildPath(const std::string& rel);   // SK_BUILD_DIR/rel
std::string sourcePath(const std::string& rel);  // SK_SOURCE_DIR/rel

}  // namespace sk::test
