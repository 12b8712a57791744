// writeFilesAtomically: the old set of files or the new one, never a mix, also with several
// writers at once and when a rename fails halfway; no temporary left behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "sk/file_io.h"
#include "test_support.h"

using sk::test::TempDir;

namespace {

std::vector<std::string> entries(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec))
    names.push_back(llvm::sys::path::filename(it->path()).str());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(WriteFilesAtomically, ConcurrentWritersOfOnePairLeaveOneWritersPair) {
  TempDir d;
  const std::string a = d.file("k.o"), b = d.file("k.json");
  std::vector<std::thread> writers;
  for (int w = 0; w < 6; ++w)
    writers.emplace_back([&, w] {
      for (int round = 0; round < 40; ++round) {
        std::string bytes(1000 + 37 * w, (char)('a' + w));  // writer w's pair: its letter, its length
        llvm::Error e = sk::writeFilesAtomically({{a, bytes}, {b, bytes}});
        EXPECT_FALSE((bool)e) << llvm::toString(std::move(e));
      }
    });
  for (auto& t : writers) t.join();
  EXPECT_EQ(sk::test::readText(a), sk::test::readText(b)) << "the last pair is one writer's";
  EXPECT_EQ(entries(d.path()), (std::vector<std::string>{"k.json", "k.o"})) << "no temporary or backup left";
}

TEST(WriteFilesAtomically, ARenameThatFailsHalfwayLeavesTheOldPair) {
  TempDir d;
  const std::string a = d.file("k.o"), b = d.file("k.json");
  ASSERT_FALSE((bool)sk::writeFilesAtomically({{a, "old o"}, {b, "old json"}}));
  // The second target becomes a non-empty directory: renaming a file over it fails.
  ASSERT_EQ(std::remove(b.c_str()), 0);
  ASSERT_FALSE(llvm::sys::fs::create_directory(b));
  sk::test::writeText(b + "/inside", "x");
  llvm::Error e = sk::writeFilesAtomically({{a, "new o"}, {b, "new json"}});
  ASSERT_TRUE((bool)e);
  EXPECT_NE(llvm::toString(std::move(e)).find(b + ": cannot move the written file into place"), std::string::npos);
  EXPECT_EQ(sk::test::readText(a), "old o") << "the first file is put back";
  EXPECT_EQ(entries(d.path()), (std::vector<std::string>{"k.json", "k.o"})) << "no temporary or backup left";
}

TEST(WriteFilesAtomically, AFileThatDidNotExistIsRemovedAgainWhenALaterRenameFails) {
  TempDir d;
  const std::string a = d.file("new.o"), b = d.file("blocked");
  ASSERT_FALSE(llvm::sys::fs::create_directory(b));
  sk::test::writeText(b + "/inside", "x");
  ASSERT_TRUE((bool)sk::writeFilesAtomically({{a, "o"}, {b, "json"}}));
  EXPECT_FALSE(sk::test::exists(a)) << "nothing written";
  EXPECT_EQ(entries(d.path()), (std::vector<std::string>{"blocked"}));
}

}  // namespace
