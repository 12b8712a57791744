// sk_ops_index: the op library's binary index, in the format of installed static kernels, and
// every bad input: exit 2, a message naming the file, nothing written.
#include <gtest/gtest.h>

#include "llvm/Support/FileSystem.h"
#include "sk/package_model.h"
#include "test_support.h"

using sk::test::CommandResult;
using sk::test::TempDir;

namespace {

const char* kMeta = R"({"version": 1, "kernelName": "add", "coreType": "AIV", "blockDim": 8,
  "params": [{"name": "x", "role": "input", "dtype": "float16", "shape": [8]},
             {"name": "y", "role": "input", "dtype": "float16", "shape": [8]},
             {"name": "z", "role": "output", "dtype": "float16", "shape": [8]}]})";

CommandResult skOpsIndex(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {SK_OPS_INDEX};
  argv.insert(argv.end(), args.begin(), args.end());
  return sk::test::run(argv);
}

TEST(SkOpsIndex, IndexesEachKernelByNameAndDtypes) {
  TempDir d;
  llvm::sys::fs::create_directories(d.file("add_float16"));
  sk::test::writeText(d.file("add_float16/add_float16.json"), kMeta);
  CommandResult r = skOpsIndex({"--dir", d.path(), "--npu-arch", "dav-2201", "--version", "0.1.0", "-o",
                                d.file("index.json"), d.file("add_float16/add_float16.json")});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  sk::pkg::Parsed<sk::pkg::Index> index = sk::pkg::readIndex(d.file("index.json"));
  ASSERT_TRUE((bool)index) << index.error;
  const sk::pkg::IndexEntry* e = index.value->find("add_float16");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->npuArch, "dav-2201");
  EXPECT_EQ(e->blockDim, 8u);
  ASSERT_EQ(e->inputs.size(), 2u);
  EXPECT_EQ(e->inputs[1].dtype, "float16");
  ASSERT_EQ(e->outputs.size(), 1u);
  EXPECT_EQ(e->outputs[0].name, "z");
  EXPECT_EQ(e->binary, "add_float16/add_float16.o");
}

TEST(SkOpsIndex, BadInputIsRefusedNamingTheFileAndWritesNothing) {
  TempDir d;
  llvm::sys::fs::create_directories(d.file("bad"));
  sk::test::writeText(d.file("bad/bad.json"), "{ not json");
  sk::test::writeText(d.file("loose.json"), kMeta);
  auto refused = [&](const std::vector<std::string>& args, const std::string& text) {
    CommandResult r = skOpsIndex(args);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find(text), std::string::npos) << r.err;
    EXPECT_FALSE(llvm::sys::fs::exists(d.file("index.json")));
  };
  std::vector<std::string> common = {"--dir", d.path(), "--npu-arch", "dav-2201", "--version", "1", "-o",
                                     d.file("index.json")};
  auto with = [&](const std::string& meta) {
    std::vector<std::string> a = common;
    a.push_back(meta);
    return a;
  };
  refused(with(d.file("bad/bad.json")), "bad.json");
  refused(with(d.file("missing/missing.json")), "missing.json");
  refused(with(d.file("loose.json")), "must be DIR/<name>/<name>.json");
  refused({"--dir", d.path(), d.file("bad/bad.json")}, "--npu-arch");
}

}  // namespace
