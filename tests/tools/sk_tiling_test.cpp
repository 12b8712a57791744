// sk_tiling: a host tiling program's bytes into a kernel's metadata, and every bad input: exit
// 2, a message naming the file and what to change, and the metadata left as it was.
#include <gtest/gtest.h>

#include "sk/subkernel.h"
#include "test_support.h"

using sk::test::CommandResult;
using sk::test::TempDir;

namespace {

const char* kMeta = R"({"version": 1, "kernelName": "k", "coreType": "AIV", "blockDim": 1,
  "params": [{"name": "x", "role": "input", "dtype": "float32", "shape": [8]},
             {"name": "tiling", "role": "tiling", "bytes": 4}]})";

CommandResult skTiling(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {SK_TILING};
  argv.insert(argv.end(), args.begin(), args.end());
  return sk::test::run(argv);
}

TEST(SkTiling, WritesTheBytesBlockDimAndTilingKeyIntoTheMetadata) {
  TempDir d;
  sk::test::writeText(d.file("k.json"), kMeta);
  const uint8_t bytes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  sk::test::writeBytes(d.file("t.bin"), bytes, sizeof bytes);
  CommandResult r = skTiling({d.file("k.json"), "--data", d.file("t.bin"), "--block-dim", "12", "--tiling-key", "3"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto m = sk::subkernel::readMeta(d.file("k.json"));
  ASSERT_TRUE((bool)m) << llvm::toString(m.takeError());
  EXPECT_EQ(m->blockDim, 12u);
  EXPECT_EQ(m->tilingKey, 3u);
  EXPECT_EQ(m->params[1].bytes, sizeof bytes);
  EXPECT_EQ(m->params[1].data, std::vector<uint8_t>(bytes, bytes + sizeof bytes));
  // -o leaves the input alone.
  r = skTiling({d.file("k.json"), "--data", d.file("t.bin"), "--block-dim", "2", "-o", d.file("other.json")});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(sk::subkernel::readMeta(d.file("k.json"))->blockDim, 12u);
  EXPECT_EQ(sk::subkernel::readMeta(d.file("other.json"))->blockDim, 2u);
}

TEST(SkTiling, BadInputIsRefusedNamingWhatToChangeAndWritesNothing) {
  TempDir d;
  sk::test::writeText(d.file("k.json"), kMeta);
  sk::test::writeText(d.file("empty.bin"), "");
  sk::test::writeText(d.file("t.bin"), "abcd");
  sk::test::writeText(d.file("notiling.json"),
                      R"({"version": 1, "kernelName": "k", "coreType": "AIV", "blockDim": 1,
                          "params": [{"name": "x", "role": "input", "dtype": "float32", "shape": [8]}]})");
  struct Bad {
    std::vector<std::string> args;
    std::string message;
  } cases[] = {
      {{d.file("k.json"), "--data", d.file("empty.bin")}, "empty: the host tiling program wrote no tiling bytes"},
      {{d.file("k.json"), "--data", d.file("missing.bin")}, "missing.bin"},
      {{d.file("k.json"), "--data", d.path()}, "tiling data"},
      {{d.file("notiling.json"), "--data", d.file("t.bin")}, "no param has role \"tiling\""},
      {{d.file("k.json"), "--data", d.file("t.bin"), "--block-dim", "0"}, "--block-dim"},
      {{d.file("k.json"), "--data", d.file("t.bin"), "--block-dim", "100000"}, "--block-dim"},
      {{d.file("k.json"), "--data", d.file("t.bin"), "-o", d.file("no/such/dir/k.json")}, "no/such/dir"},
      {{d.file("k.json")}, "--data"},
  };
  std::string before = sk::test::readText(d.file("k.json"));
  for (const Bad& b : cases) {
    CommandResult r = skTiling(b.args);
    EXPECT_EQ(r.exitCode, 2) << b.args.back() << ": " << r.err;
    EXPECT_NE((r.err + r.out).find(b.message), std::string::npos) << r.err << r.out;
    EXPECT_EQ(sk::test::readText(d.file("k.json")), before) << "the metadata changed after: " << r.err;
  }
}

}  // namespace
