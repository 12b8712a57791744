// The model of manifest.json and index.json (package_model.h) on its own: the writers' exact
// bytes, parse(write(x)) == x, one test per kind of error message, bounded reads.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "sk/package_model.h"
#include "sk/text.h"
#include "test_support.h"

namespace {

using namespace sk::pkg;
namespace fs = std::filesystem;

Manifest sample() {
  Manifest m;
  m.kernel = "my_sk";
  m.version = "1.2.0";
  m.npuArch = "dav-2201";
  m.host = "linux-x86_64";
  m.builtBy = "sk_compile 0.1.0";
  m.coreType = "AIV";
  m.taskRation = "0:1";
  m.blockDim = 16;
  m.index = {"my_sk", "1.2.0", "dav-2201", "AIV", 16, {{"x", "float32", false}}, {{"z", "float32", true}},
             "my_sk/my_sk.json", "my_sk/my_sk.o"};
  std::string sha(64, 'a');
  m.files = {{"my_sk.o", sha, 6240, 0644, true},
             {"my_sk.json", sha, 3411, 0644, true},
             {"uninstall.sh", sha, 22811, 0755, true},
             {"sk_pkg_tool", sha, 1000, 0755, true},
             {"install.sh", sha, 22807, 0755, false}};
  return m;
}

// The layout the bash-only scripts of the first packages read: one field per line, one file per line.
TEST(Model, TheManifestWriterKeepsTheLineLayout) {
  std::string text = writeManifest(sample());
  std::string sha(64, 'a');
  EXPECT_EQ(text.substr(0, 59), "{\n  \"format\": \"superkernel-static-kernel-manifest/1\",\n  \"ke");
  EXPECT_NE(text.find("\n  \"index\": {\"name\":\"my_sk\",\"version\":\"1.2.0\",\"npuArch\":\"dav-2201\",\"coreType\":\"AIV\","
                      "\"blockDim\":16,\"inputs\":[{\"name\":\"x\",\"dtype\":\"float32\"}],\"outputs\":[{\"name\":\"z\","
                      "\"dtype\":\"float32\",\"inout\":true}],\"json\":\"my_sk/my_sk.json\",\"binary\":\"my_sk/my_sk.o\"},\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\n    {\"path\":\"uninstall.sh\",\"sha256\":\"" + sha + "\",\"bytes\":22811,\"mode\":\"0755\",\"installed\":true},\n"),
            std::string::npos);
  EXPECT_EQ(text.substr(text.size() - 7), "\n  ]\n}\n");
}

TEST(Model, ParseOfWriteGivesTheSameModel) {
  Manifest m = sample();
  auto back = parseManifest(writeManifest(m), "m.json");
  ASSERT_TRUE(back) << back.error;
  EXPECT_EQ(writeManifest(*back.value), writeManifest(m));
  EXPECT_TRUE(back.value->index == m.index);
  Index index{{m.index, m.index}};
  index.kernels[1].name = "z_sk";
  index.kernels[1].json = "z_sk/z_sk.json";
  index.kernels[1].binary = "z_sk/z_sk.o";
  std::string text = writeIndex(index);
  EXPECT_EQ(text.substr(0, 62), "{\"format\":\"superkernel-static-kernel-index/1\",\"kernels\":[\n{\"na");
  auto parsed = parseIndex(text, "index.json");
  ASSERT_TRUE(parsed) << parsed.error;
  EXPECT_EQ(writeIndex(*parsed.value), text);
  ASSERT_NE(parsed.value->find("z_sk"), nullptr);
  EXPECT_EQ(parsed.value->find("q"), nullptr);
}

std::string manifestError(const std::string& from, const std::string& to) {
  std::string text = writeManifest(sample());
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  auto m = parseManifest(text.replace(at, from.size(), to), "F");
  EXPECT_FALSE(m) << from << " -> " << to;
  return m.error;
}

TEST(Model, EachErrorNamesTheFileAndTheField) {
  EXPECT_EQ(manifestError("\"blockDim\": 16", "\"blockDim\": \"16\""),
            "F: blockDim: expected an integer 1..4294967295, got \"16\"");
  EXPECT_EQ(manifestError("  \"host\": \"linux-x86_64\",\n", ""), "F: host: missing (required), expected \"linux-<cpu>\"");
  EXPECT_EQ(manifestError("\"installed\":false", "\"installed\":0"), "F: files[4].installed: expected true or false, got 0");
  EXPECT_EQ(manifestError("\"builtBy\"", "\"builtby\""), "F: builtBy: missing (required), expected 1-128 printable ASCII characters");
  EXPECT_EQ(manifestError("\"format\"", "\"extra\": 1, \"format\""),
            "F: extra: unknown field (misspelt, or written by a newer version of the format)");
  EXPECT_EQ(manifestError("\"binary\":\"my_sk/my_sk.o\"", "\"binary\":\"../../x.o\""),
            "F: index.binary: expected \"my_sk/my_sk.o\" (derived from the name), got \"../../x.o\"");
  EXPECT_EQ(manifestError("\"version\":\"1.2.0\",\"npu", "\"version\":\"1.3.0\",\"npu"),
            "F: index.version: 1.3.0 differs from the manifest's 1.2.0");
  EXPECT_EQ(manifestError("\"path\":\"install.sh\"", "\"path\":\"../install.sh\""),
            "F: files[4].path: expected a file name (A-Z a-z 0-9 _ . - +, not starting with '.'), got \"../install.sh\"");
  EXPECT_EQ(manifestError("\"path\":\"install.sh\"", "\"path\":\"my_sk.o\""), "F: files[4].path: \"my_sk.o\" is listed twice");
  EXPECT_EQ(manifestError("\"path\":\"uninstall.sh\"", "\"path\":\"other.sh\""), "F: files: no installed entry for uninstall.sh");
  EXPECT_EQ(manifestError("\"taskRation\": \"0:1\"", "\"taskRation\": \"1:2\""), "F: taskRation: \"1:2\" contradicts coreType AIV");
  EXPECT_EQ(manifestError("\"dtype\":\"float32\"}]", "\"dtype\":\"float 32\"}]"),
            "F: index.inputs[0].dtype: expected a dtype name such as float32, got \"float 32\"");
  EXPECT_EQ(manifestError("\"inout\":true", "\"inout\":false"),
            "F: index.outputs[0].inout: expected true (or no such field), got false");
  EXPECT_EQ(manifestError("\"blockDim\": 16,", "\"blockDim\": 16").rfind("F: not valid JSON: ", 0), 0u);
  EXPECT_EQ(parseManifest(std::string(100000, '['), "F").error,
            "F: not a file of this format: arrays and objects nested more than 8 deep");
  EXPECT_EQ(parseManifest("[]", "F").error, "F: expected an object (a static kernel manifest), got []");
  EXPECT_EQ(parseManifest("{\"format\": 18446744073709551616}", "F").error,
            "F: format: expected \"superkernel-static-kernel-manifest/1\", got 1.8446744073709552e+19");
  std::string e = parseManifest("{\"a\": 1e400}", "F").error;
  EXPECT_EQ(e.rfind("F: not valid JSON: ", 0), 0u) << e;
}

TEST(Model, AnUnsortedOrRepeatedIndexIsRefused) {
  Index index{{sample().index, sample().index}};
  EXPECT_EQ(parseIndex(writeIndex(index), "I").error,
            "I: kernels[1].name: \"my_sk\" after \"my_sk\": the kernels are sorted by name, each name once");
  EXPECT_EQ(parseIndex("{\"format\":\"superkernel-static-kernel-index/1\",\"kernels\":[1]}", "I").error,
            "I: kernels[0]: expected an object (one installed kernel), got 1");
}

TEST(Model, ReadsOnlyBoundedRegularFiles) {
  sk::test::TempDir d;
  std::string good = d.file("manifest.json");
  sk::test::writeText(good, writeManifest(sample()));
  EXPECT_TRUE(readManifest(good));
  fs::create_symlink(good, d.file("link.json"));
  EXPECT_EQ(readManifest(d.file("link.json")).error, d.file("link.json") + ": is a symlink (expected a regular file)");
  ASSERT_EQ(mkfifo(d.file("fifo").c_str(), 0600), 0);
  EXPECT_EQ(readManifest(d.file("fifo")).error, d.file("fifo") + ": is not a regular file");  // and does not block
  EXPECT_EQ(readManifest(d.path()).error, d.path() + ": is not a regular file");
  EXPECT_EQ(readIndex("/dev/zero").error, "/dev/zero: is not a regular file");
  bool missing = false;
  EXPECT_FALSE(readIndex(d.file("none.json"), &missing));
  EXPECT_TRUE(missing);
  std::string big = d.file("big.json");
  { std::string s(kMaxManifestBytes + 1, ' '); sk::test::writeText(big, s); }
  EXPECT_EQ(readManifest(big).error, big + ": is " + std::to_string(kMaxManifestBytes + 1) + " bytes, more than the " +
                                         std::to_string(kMaxManifestBytes) + " such a file can have");
}

TEST(Model, NameRulesMatchTheRestOfTheProject) {
  for (std::string s : std::vector<std::string>{"a", "_", "my_sk", "A9", "9a", "", "a-b", "a.b", "a b", "é", std::string(255, 'a')})
    EXPECT_EQ(isKernelName(s), sk::isCIdentifier(s)) << s;
  EXPECT_FALSE(isKernelName(std::string(256, 'a')));  // also a file name
  EXPECT_EQ(versionProblem("1.0.0"), "");
  EXPECT_EQ(versionProblem("1_0"), "'_' separates the parts of the package file name");
  EXPECT_TRUE(isArchName("dav-2201"));
  EXPECT_FALSE(isArchName("dav/2201"));
}

}  // namespace
