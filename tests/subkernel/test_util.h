// Helpers shared by the lib/subkernel tests.
#pragma once
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "llvm/Support/FileSystem.h"
#include "sk/error.h"

namespace sk::subkernel::test {

// The message of an InputError (consumed); a test failure when `err` is success or another kind.
inline std::string inputErrorText(llvm::Error err) {
  if (!err) {
    ADD_FAILURE() << "expected an InputError, got success";
    return "";
  }
  std::string text;
  llvm::handleAllErrors(
      std::move(err), [&](const sk::InputError& e) { text = e.text(); },
      [&](const llvm::ErrorInfoBase& e) {
        ADD_FAILURE() << "expected an InputError, got: " << e.message();
        text = e.message();
      });
  return text;
}

template <class T>
std::string inputErrorText(llvm::Expected<T>&& v) {
  if (v) {
    ADD_FAILURE() << "expected an InputError, got a value";
    return "";
  }
  return inputErrorText(v.takeError());
}

// A kernel object or metadata file built by tests/subkernel/CMakeLists.txt.
inline std::string kernelFile(const std::string& name) { return std::string(SK_TEST_KERNEL_DIR) + "/" + name; }
// A file under tests/subkernel in the source tree.
inline std::string sourceFile(const std::string& name) { return std::string(SUBKERNEL_TEST_DIR) + "/" + name; }

inline std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void writeFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  ASSERT_TRUE(out.good()) << "cannot write " << path;
}

// A fresh directory for one test's files, removed with everything in it at scope exit.
struct TempDir {
  std::string path;
  TempDir() {
    llvm::SmallString<128> dir;
    std::error_code ec = llvm::sys::fs::createUniqueDirectory("subkernel-test", dir);
    EXPECT_FALSE(ec) << ec.message();
    path = std::string(dir.str());
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path); }
  std::string file(const std::string& name) const { return path + "/" + name; }
};

}  // namespace sk::subkernel::test
