// Mutated <sk>.json and index.json files fed to sk_run: whatever the bytes, sk_run ends with
// success or a clear error naming the file (exit 0 or 2), never an abort, a signal or a hang.
#include <gtest/gtest.h>

#include <functional>
#include <random>

#include <nlohmann/json.hpp>

#include "test_support.h"

using nlohmann::json;
using sk::test::CommandResult;
using sk::test::TempDir;

namespace {

std::string kernel(const std::string& k, const char* ext) { return std::string(SK_FUSION_KERNEL_DIR) + "/" + k + ext; }

CommandResult tool(const char* exe, std::vector<std::string> args) {
  args.insert(args.begin(), exe);
  args.insert(args.begin(), "20");  // a hang is a failure, not a stuck test
  args.insert(args.begin(), "/usr/bin/timeout");
  return sk::test::run(args);
}

// Every node of a document, as a path of keys and indexes from the root.
void collect(const json& v, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
  out.push_back(at);
  if (v.is_object())
    for (auto it = v.begin(); it != v.end(); ++it) collect(it.value(), at / it.key(), out);
  else if (v.is_array())
    for (size_t i = 0; i < v.size(); ++i) collect(v[i], at / i, out);
}

json deepArray(int depth) {
  json v = json::array();
  for (int i = 0; i < depth; ++i) v = json::array({v});
  return v;
}

// One mutation of `doc` (as text): a changed, removed or retyped value, or damaged bytes.
std::string mutate(const json& doc, std::mt19937_64& rng) {
  std::string text = doc.dump(2);
  auto pick = [&](uint64_t n) { return (uint64_t)(rng() % n); };
  switch (pick(10)) {
    case 0: {  // flip a byte
      text[pick(text.size())] ^= (char)(1 + pick(255));
      return text;
    }
    case 1:  // cut short
      return text.substr(0, pick(text.size()));
    case 2:  // deep nesting in front
      return std::string(100000, '[') + text;
    default:
      break;
  }
  json m = doc;
  std::vector<json::json_pointer> nodes;
  collect(m, json::json_pointer(), nodes);
  json::json_pointer at = nodes[1 + pick(nodes.size() - 1)];
  static const std::vector<std::function<json()>> values = {
      [] { return json(); },          [] { return json(true); },        [] { return json(-1); },
      [] { return json(0); },         [] { return json(UINT64_MAX); },  [] { return json(1e308); },
      [] { return json(""); },        [] { return json("../../victim\n"); },
      [] { return json::array(); },   [] { return json::object(); },   [] { return deepArray(200); },
      [] { return json(std::string(100000, 'x')); }, [] { return json(4294967296ull); },
      [] { return json(1099511627776ull); }};
  if (pick(4) == 0) {  // remove it
    json& parent = m[at.parent_pointer()];
    if (parent.is_object()) parent.erase(at.back());
    else parent.erase(parent.begin() + std::stoll(at.back()));
  } else {
    m[at] = values[pick(values.size())]();
  }
  return m.dump(2);
}

void expectCleanOutcome(const CommandResult& r, const std::string& file, const std::string& what) {
  ASSERT_NE(r.exitCode, -1) << what << ": killed by a signal\n" << r.err;
  ASSERT_NE(r.exitCode, 124) << what << ": hung";
  ASSERT_TRUE(r.exitCode == 0 || r.exitCode == 2) << what << ": exit " << r.exitCode << "\n" << r.err;
  if (r.exitCode == 2) {
    EXPECT_NE(r.err.find(file), std::string::npos) << what << ": the message names no file\n" << r.err;
  }
}

class Mutated : public ::testing::Test {
 protected:
  void SetUp() override {
    json list = {{"op_list",
                  {{{"bin_path", kernel("fz_add", ".o")}, {"bind", {{"z", "t0"}}}},
                   {{"bin_path", kernel("fz_scale", ".o")}, {"bind", {{"x", "t0"}, {"y", "out"}}}},
                   {{"bin_path", kernel("fz_center", ".o")}, {"stream_id", 1}, {"bind", {{"x", "cx"}, {"y", "cy"}}}}}},
                 {"super_kernel_options", "profiling=1"}};
    sk::test::writeText(dir.file("ops.json"), list.dump());
    CommandResult c = tool(SK_COMPILE, {"--op-list", dir.file("ops.json"), "--name", "msk", "-o", dir.path(), "--package", "-q"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    base = json::parse(sk::test::readText(dir.file("msk.json")));
  }
  TempDir dir;
  json base;
};

TEST_F(Mutated, SevenHundredSuperKernelMetadataFilesGiveSuccessOrAnErrorNamingTheFile) {
  std::mt19937_64 rng(20261201);
  std::string object = sk::test::readText(dir.file("msk.o"));
  int ok = 0;
  for (int i = 0; i < 700; ++i) {
    TempDir d;
    sk::test::writeText(d.file("msk.o"), object);
    sk::test::writeText(d.file("msk.json"), mutate(base, rng));
    CommandResult r = tool(SK_RUN, {d.file("msk.json"), "-q"});
    expectCleanOutcome(r, d.file("msk.json"), "mutation " + std::to_string(i));
    if (HasFatalFailure()) return;
    ok += r.exitCode == 0;
  }
  EXPECT_GT(ok, 0);  // some mutations keep a valid kernel (a changed label, a note)
}

TEST_F(Mutated, ThreeHundredIndexFilesGiveSuccessOrAnErrorNamingTheFile) {
  std::string root = dir.file("root");
  CommandResult inst = tool("/bin/bash", {dir.file("msk_1.0.0_linux-x86_64.run"), "--quiet", "--install", "--install-path=" + root});
  ASSERT_EQ(inst.exitCode, 0) << inst.err;
  std::string index = root + "/opp/static_kernel/ai_core/index.json";
  json good = json::parse(sk::test::readText(index));
  std::mt19937_64 rng(7);
  for (int i = 0; i < 300; ++i) {
    sk::test::writeText(index, mutate(good, rng));
    CommandResult r = tool(SK_RUN, {"msk", "--install-path", root, "-q"});
    ASSERT_NE(r.exitCode, -1) << "index mutation " << i << ": killed by a signal\n" << r.err;
    ASSERT_TRUE(r.exitCode == 0 || r.exitCode == 2) << "index mutation " << i << ": exit " << r.exitCode << "\n" << r.err;
    if (r.exitCode == 2) {
      EXPECT_NE(r.err.find("msk"), std::string::npos) << r.err;
    }
  }
}

}  // namespace
