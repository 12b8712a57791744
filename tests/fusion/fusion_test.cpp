// sk_compile end to end: fusions of 2, 3 and 12+ sub-kernels run fused and unfused with
// byte-identical outputs (sk_run --compare-unfused), match host references, pass
// llvm-readelf-19 and ld.lld-19 -r; options change what they say; bad input is refused.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "sk/sim/float16.h"
#include "test_support.h"

using nlohmann::json;
using sk::test::CommandResult;
using sk::test::TempDir;

namespace {

std::string obj(const std::string& k) { return std::string(SK_FUSION_KERNEL_DIR) + "/" + k + ".o"; }
std::string meta(const std::string& k) { return std::string(SK_FUSION_KERNEL_DIR) + "/" + k + ".json"; }
std::string srcMeta(const std::string& k) { return std::string(SK_FUSION_SOURCE_DIR) + "/" + k + ".json"; }

CommandResult tool(const char* exe, std::vector<std::string> args) {
  args.insert(args.begin(), exe);
  return sk::test::run(args);
}

// One op-list entry.
struct Op {
  std::string kernel;                // fz_scale ...
  std::map<std::string, std::string> bind;
  int stream = 0;
  std::vector<int> send{}, recv{};
  std::string json{};                // metadata path override
};

std::string writeOpList(const TempDir& d, const std::vector<Op>& ops, const std::string& options = "") {
  json list = {{"op_list", json::array()}};
  if (!options.empty()) list["super_kernel_options"] = options;
  for (const Op& o : ops) {
    json e = {{"bin_path", obj(o.kernel)}, {"stream_id", o.stream}, {"send_event_list", o.send},
              {"recv_event_list", o.recv}, {"bind", o.bind}};
    if (!o.json.empty()) e["json_path"] = o.json;
    list["op_list"].push_back(e);
  }
  std::string path = d.file("ops.json");
  sk::test::writeText(path, list.dump(2));
  return path;
}

// A fused kernel in its own directory.
struct Fused {
  TempDir dir;
  CommandResult compile;
  std::string json() const { return dir.file("sk.json"); }
  std::string object() const { return dir.file("sk.o"); }
  nlohmann::json metadata() const { return json::parse(sk::test::readText(json())); }
};

std::unique_ptr<Fused> fuse(const std::vector<Op>& ops, const std::string& options = "",
                            std::vector<std::string> extra = {}) {
  auto f = std::make_unique<Fused>();
  TempDir listDir;
  std::string list = writeOpList(listDir, ops);
  std::vector<std::string> args = {"--op-list", list, "--name", "sk", "-o", f->dir.path()};
  if (!options.empty()) args.insert(args.end(), {"--options", options});
  args.insert(args.end(), extra.begin(), extra.end());
  f->compile = tool(SK_COMPILE, args);
  return f;
}

// The object is a well-formed relocatable: llvm-readelf-19 --all silent on stderr, and
// ld.lld-19 -r takes it.
void expectValidObject(const std::string& o) {
  CommandResult r = sk::test::run({SK_READELF, "--all", o});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "") << "llvm-readelf-19 warned about " << o;
  TempDir d;
  r = sk::test::run({SK_LLD, "-r", o, "-o", d.file("relinked.o")});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "") << "ld.lld-19 -r warned about " << o;
}

// Runs fused and unfused; both must agree byte for byte. Returns sk_run's stdout.
std::string expectFusedEqualsUnfused(const Fused& f, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {f.json(), "--compare-unfused"};
  args.insert(args.end(), extra.begin(), extra.end());
  CommandResult r = tool(SK_RUN, args);
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("fused and unfused outputs are byte-identical"), std::string::npos) << r.out << r.err;
  return r.out;
}

double deviceUs(const std::string& out) {
  std::smatch m;
  EXPECT_TRUE(std::regex_search(out, m, std::regex("device time \\(virtual\\): ([0-9.]+) us"))) << out;
  return m.empty() ? 0 : std::stod(m[1]);
}

std::vector<float> values(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  uint32_t s = seed;
  for (float& f : v) {
    s = s * 1664525u + 1013904223u;
    f = (float)((int)(s >> 24) - 128) / 32.0f;  // exact in float32 and in every scaling below
  }
  return v;
}

template <typename T> std::vector<T> readVec(const std::string& path) {
  auto b = sk::test::readBytes(path);
  std::vector<T> v(b.size() / sizeof(T));
  std::memcpy(v.data(), b.data(), v.size() * sizeof(T));
  return v;
}

// Runs the SK with the given float32 inputs and returns output `name`.
std::vector<float> runFused(const Fused& f, const std::map<std::string, std::vector<float>>& inputs,
                            const std::string& output) {
  TempDir d;
  std::vector<std::string> args = {f.json(), "--output-dir", d.path()};
  for (const auto& [name, v] : inputs) {
    sk::test::writeBytes(d.file(name + ".in"), v.data(), v.size() * 4);
    args.insert(args.end(), {"--input", name + "=" + d.file(name + ".in")});
  }
  CommandResult r = tool(SK_RUN, args);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return readVec<float>(d.file(output + ".bin"));
}

// ---- fusions that must compute what the unfused program computes ----------------------

TEST(Fusion, A48BlockOpFusedWithAn8BlockOpIsNotSlowerThanUnfused) {
  // Each task's cores share HBM by demand with whatever runs beside them: the 8-block task is
  // not confined to 8/48 of the bandwidth, and the fused kernel saves the second launch.
  auto f = fuse({{"fz_scale", {{"x", "x"}, {"y", "a"}}, 0, {}, {}, srcMeta("fz_scale48")},
                 {"fz_scale", {{"x", "w"}, {"y", "b"}}, 0}});
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  std::string out = expectFusedEqualsUnfused(*f);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(out, m, std::regex("unfused: ([0-9.]+) us device time .*; fused: ([0-9.]+) us"))) << out;
  EXPECT_LE(std::stod(m[2]), std::stod(m[1])) << out;
}

// The three modes of --compare-unfused, one line each: mode, end-to-end us, device us, busy,
// idle, host launch us, tasks.
struct ModeTimes {
  double endToEndUs = 0, deviceUs = 0;
};
std::map<std::string, ModeTimes> modeTimes(const std::string& out) {
  std::map<std::string, ModeTimes> us;
  std::smatch m;
  for (const char* mode : {"eager", "graph replay", "fused"})
    if (std::regex_search(out, m, std::regex(std::string("\\n") + mode + " +([0-9.]+) +([0-9.]+) +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+ ")))
      us[mode] = {std::stod(m[1]), std::stod(m[2])};
  return us;
}

// Per core and launch, the super kernel's waits at task boundaries and in SyncAll.
double syncUs(const std::string& out) {
  std::smatch m;
  EXPECT_TRUE(std::regex_search(out, m, std::regex("sync inside the super kernel: ([0-9.]+) us"))) << out;
  return m.empty() ? -1 : std::stod(m[1]);
}

// A chain of n fz_stream ops, x -> t1 -> ... -> y.
std::vector<Op> streamChain(int n, const std::string& metadata = "") {
  std::vector<Op> chain;
  for (int i = 0; i < n; ++i)
    chain.push_back({"fz_stream", {{"x", i ? "t" + std::to_string(i) : "x"}, {"y", i < n - 1 ? "t" + std::to_string(i + 1) : "y"}},
                     0, {}, {}, metadata});
  return chain;
}

TEST(Fusion, AChainOf24SmallOpsFusedBeatsEagerLaunchesAndGraphReplay) {
  auto f = fuse(streamChain(24));  // 8 blocks, 64 KiB each: 2-3 us per op
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  std::string out = expectFusedEqualsUnfused(*f);
  EXPECT_NE(out.find("(eager and replay)"), std::string::npos) << out;
  auto us = modeTimes(out);
  ASSERT_EQ(us.size(), 3u) << out;
  EXPECT_LE(2 * us["fused"].endToEndUs, us["eager"].endToEndUs) << out;
  EXPECT_LE(1.2 * us["fused"].endToEndUs, us["graph replay"].endToEndUs) << out;
  EXPECT_LE(us["graph replay"].endToEndUs, us["eager"].endToEndUs) << out;
  for (const auto& [mode, t] : us) EXPECT_GE(t.endToEndUs, t.deviceUs) << mode << "\n" << out;
}

TEST(Fusion, AFusionOfThreeLargeOpsBeatsEagerLaunchesAndGraphReplay) {
  auto f = fuse(streamChain(3, srcMeta("fz_stream48")));  // 48 blocks, 1 MiB each: ~40 us per op
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  std::string out = expectFusedEqualsUnfused(*f);
  auto us = modeTimes(out);
  ASSERT_EQ(us.size(), 3u) << out;
  EXPECT_LT(us["fused"].endToEndUs, us["graph replay"].endToEndUs) << out;
  EXPECT_LE(us["graph replay"].endToEndUs, us["eager"].endToEndUs) << out;
  EXPECT_GT(us["fused"].deviceUs, 100.0) << "three ops of tens of microseconds each\n" << out;
}

// The sync figure is the hand-off at each of the chain's 23 task boundaries: doubling the
// arch's taskSyncCycles (1,000 -> 2,000 at 1,800 MHz) adds 23 x 0.556 us per core.
TEST(Fusion, SyncOverheadInsideTheSuperKernelIsTheTaskBoundaryHandOff) {
  auto f = fuse(streamChain(24));
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  json arch = json::parse(sk::test::readText(sk::test::sourcePath("arch/dav-2201.json")));
  ASSERT_EQ(arch["taskSyncCycles"]["value"], 1000);
  ASSERT_EQ(arch["clockMHz"]["value"], 1800);
  arch["taskSyncCycles"]["value"] = 2000;
  TempDir d;
  sk::test::writeText(d.file("slow_sync.json"), arch.dump());
  double base = syncUs(expectFusedEqualsUnfused(*f));
  double slow = syncUs(expectFusedEqualsUnfused(*f, {"--arch", d.file("slow_sync.json")}));
  EXPECT_GT(base, 0);
  EXPECT_NEAR(slow - base, 23 * 1000 / 1800.0, 0.05 * 23 * 1000 / 1800.0) << base << " -> " << slow;
}

TEST(Fusion, TheTraceOfAComparisonHasTheProcessesOfEachModeAndIsTheSameBytesEveryRun) {
  auto f = fuse({{"fz_scale", {{"x", "x"}, {"y", "a"}}, 0}, {"fz_add", {{"x", "a"}, {"y", "w"}, {"z", "z"}}, 0}});
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  TempDir d;
  expectFusedEqualsUnfused(*f, {"--trace", d.file("one.json")});
  expectFusedEqualsUnfused(*f, {"--trace", d.file("two.json"), "--workers", "1"});
  std::string one = sk::test::readText(d.file("one.json"));
  EXPECT_EQ(one, sk::test::readText(d.file("two.json")));
  json trace = json::parse(one);
  EXPECT_EQ(trace["otherData"]["sections"], json({"fused", "eager", "replay"}));
  std::map<std::string, int> pidOf;
  for (const json& e : trace["traceEvents"])
    if (e["ph"] == "M" && e["name"] == "process_name") pidOf[e["args"]["name"]] = e["pid"];
  for (const char* mode : {"fused", "eager", "replay"})
    for (const char* process : {": host", ": streams", ": AIV cores"})
      EXPECT_EQ(pidOf.count(std::string(mode) + process), 1u) << mode << process << "\n" << one;
  std::map<int, std::set<std::string>> kernelsOf;  // AIV process -> what ran on its cores
  for (const json& e : trace["traceEvents"])
    if (e["ph"] == "X" && e["tid"].get<int>() % 8 == 0) kernelsOf[e["pid"]].insert(e["name"].get<std::string>());
  EXPECT_EQ(kernelsOf[pidOf["eager: AIV cores"]].count("sk__1__fz_add"), 1u);
  EXPECT_EQ(kernelsOf[pidOf["replay: AIV cores"]].count("sk__1__fz_add"), 1u);
  EXPECT_EQ(kernelsOf[pidOf["fused: AIV cores"]].count("fz_add (op 1)"), 1u);
  EXPECT_EQ(kernelsOf[pidOf["fused: AIV cores"]].count("sk__1__fz_add"), 0u);
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST(Fusion, TheReportAndOpSummaryShowTheThreeModesAndAreTheSameBytesEveryRun) {
  auto f = fuse({{"fz_scale", {{"x", "x"}, {"y", "a"}}, 0}, {"fz_add", {{"x", "a"}, {"y", "w"}, {"z", "z"}}, 0}});
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  TempDir d;
  for (const char* name : {"one", "two"}) {
    CommandResult r = tool(SK_RUN, {f->json(), "--compare-unfused", "-q", "--report", d.file(std::string(name) + ".html"),
                                    "--op-summary", d.file(std::string(name) + ".csv")});
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  }
  std::string csv = sk::test::readText(d.file("one.csv"));
  EXPECT_EQ(csv, sk::test::readText(d.file("two.csv")));
  EXPECT_EQ(csv.rfind("Device_id,Stream ID,Task ID,Op Name,OP Type,Task Type,Task Start Time(us),Task Duration(us),", 0), 0u)
      << csv;
  EXPECT_EQ(count(csv, "\n"), 1u + 1 + 2 + 2) << "a header, the fused task, two eager and two replayed launches:\n" << csv;
  EXPECT_NE(csv.find(",sk__1__fz_add,fz_add,AI_VECTOR_CORE,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",replay\n"), std::string::npos) << csv;
  std::string one = sk::test::readText(d.file("one.html"));
  EXPECT_EQ(one, sk::test::readText(d.file("two.html"))) << "virtual figures only: the same bytes every run";
  for (const char* row : {"<tr><th>eager</th>", "<tr><th>graph replay</th>", "<tr><th>fused</th>"})
    EXPECT_NE(one.find(row), std::string::npos) << row;
  EXPECT_EQ(one.find("wall time"), std::string::npos);
}

// ---- metadata embedded in the object (SK_KERNEL_METADATA, sk_cc --embed-meta) ----------

std::string embeddedScale() { return std::string(SK_RT_KERNEL_DIR) + "/rt_embedded_scale.o"; }

// The flags column of `llvm-readelf-19 -S` for section `name` ("" when there is none).
std::string sectionFlags(const std::string& object, const std::string& name) {
  CommandResult r = sk::test::run({SK_READELF, "-S", "-W", object});
  std::smatch m;
  std::regex row("\\] " + std::regex_replace(name, std::regex("\\."), "\\.") +
                 " +[A-Z_]+ +[0-9a-f]+ [0-9a-f]+ [0-9a-f]+ [0-9a-f]+ +([A-Z]*) ");
  return std::regex_search(r.out, m, row) ? m[1].str() : "";
}

TEST(EmbeddedMetadata, ABareObjectIsFusedWithTheMetadataItEmbeds) {
  ASSERT_FALSE(sk::test::exists(std::string(SK_RT_KERNEL_DIR) + "/rt_embedded_scale.json"));
  EXPECT_EQ(sectionFlags(embeddedScale(), ".sk.metadata"), "E") << "kept in the file, never loaded (no A)";
  TempDir d;
  json list = {{"op_list", {{{"bin_path", embeddedScale()}, {"bind", {{"x", "x"}, {"y", "t"}}}},
                            {{"bin_path", embeddedScale()}, {"bind", {{"x", "t"}, {"y", "y"}}}}}}};
  sk::test::writeText(d.file("ops.json"), list.dump());
  CommandResult c = tool(SK_COMPILE, {"--op-list", d.file("ops.json"), "--name", "emb", "-o", d.path()});
  ASSERT_EQ(c.exitCode, 0) << c.err;
  EXPECT_EQ(sectionFlags(d.file("emb.o"), ".sk.metadata"), "") << "a sub-kernel's metadata is not linked into the SK";
  CommandResult r = tool(SK_RUN, {d.file("emb.json"), "--compare-unfused", "--output-dir", d.file("out")});
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("byte-identical"), std::string::npos) << r.out;
  auto y = readVec<float>(d.file("out/y.bin"));
  ASSERT_EQ(y.size(), 16384u);
  EXPECT_EQ(json::parse(sk::test::readText(d.file("emb.json")))["superKernel"]["instances"][0]["kernelName"],
            "embedded_scale");
}

TEST(EmbeddedMetadata, SkCcEmbedMetaMakesAnObjectFusibleWithoutItsJson) {
  TempDir d;
  CommandResult cc = tool(SK_CC, {"--meta", srcMeta("fz_scale"), "--embed-meta", "-c",
                                  std::string(SK_FUSION_SOURCE_DIR) + "/fz_scale.cpp", "-o", d.file("fz_scale.o")});
  ASSERT_EQ(cc.exitCode, 0) << cc.err;
  EXPECT_EQ(sectionFlags(d.file("fz_scale.o"), ".sk.metadata"), "E");
  CommandResult c = tool(SK_COMPILE, {"--ops", d.file("fz_scale.o") + "," + d.file("fz_scale.o"), "--name", "twice",
                                      "-o", d.file("sk")});
  ASSERT_EQ(c.exitCode, 0) << c.err;
  CommandResult r = tool(SK_RUN, {d.file("sk/twice.json"), "--compare-unfused", "-q"});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("byte-identical"), std::string::npos) << r.out;
}

TEST(EmbeddedMetadata, AnObjectEmbeddingSeveralKernelsNeedsItsJsonSaidSo) {
  TempDir d;
  ASSERT_EQ(tool(SK_CC, {"--meta", srcMeta("fz_scale"), "--embed-meta", "-c",
                         std::string(SK_FUSION_SOURCE_DIR) + "/fz_scale.cpp", "-o", d.file("fz_scale.o")}).exitCode, 0);
  CommandResult lld = sk::test::run({SK_LLD, "-r", d.file("fz_scale.o"), embeddedScale(), "-o", d.file("both.o")});
  ASSERT_EQ(lld.exitCode, 0) << lld.err;
  CommandResult c = tool(SK_COMPILE, {"--ops", d.file("both.o"), "--name", "x", "-o", d.file("sk")});
  EXPECT_EQ(c.exitCode, 2) << c.err;
  EXPECT_NE(c.err.find(d.file("both.o") + ": embeds the metadata of several kernels ("), std::string::npos) << c.err;
  EXPECT_NE(c.err.find("fz_scale"), std::string::npos) << c.err;
  EXPECT_NE(c.err.find("embedded_scale"), std::string::npos) << c.err;
  EXPECT_FALSE(sk::test::exists(d.file("sk")));
}

TEST(Fusion, SameObjectThreeTimesViaBindIsAChain) {
  auto f = fuse({{"fz_scale", {{"x", "x"}, {"y", "t1"}}},
                 {"fz_scale", {{"x", "t1"}, {"y", "t2"}}},
                 {"fz_scale", {{"x", "t2"}, {"y", "out"}}}});
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  expectValidObject(f->object());
  expectFusedEqualsUnfused(*f);
  auto x = values(2048, 1);
  auto out = runFused(*f, {{"x", x}}, "out");
  ASSERT_EQ(out.size(), x.size());
  for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(out[i], x[i] * 8) << i;
  CommandResult syms = sk::test::run({SK_READELF, "-s", f->object()});
  for (int i = 0; i < 3; ++i)
    EXPECT_NE(syms.out.find("sk__" + std::to_string(i) + "__fz_scale"), std::string::npos) << syms.out;
  json m = f->metadata();
  EXPECT_EQ(m["kernelName"], "sk");
  EXPECT_EQ(m["coreType"], "AIV");
  EXPECT_EQ(m["superKernel"]["instances"].size(), 3u);
}

TEST(Fusion, MatmulThenReluIsAMixSuperKernel) {
  auto f = fuse({{"fz_mm", {{"c", "c"}}}, {"fz_relu", {{"x", "c"}, {"y", "y"}}}});
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  expectValidObject(f->object());
  expectFusedEqualsUnfused(*f);
  json m = f->metadata();
  EXPECT_EQ(m["coreType"], "MIX");
  EXPECT_EQ(m["taskRation"], "1:2") << "4 AIV blocks need more than the 2 AIC blocks";
  EXPECT_EQ(m["blockDim"], 2);
}

TEST(Fusion, DiamondWithTwoMetadataFilesForOneObject) {
  auto f = fuse({{"fz_scale", {{"x", "x"}, {"y", "a"}}},
                 {"fz_scale", {{"x", "a"}, {"y", "b"}}},
                 {"fz_scale", {{"x", "a"}, {"y", "c"}}, 0, {}, {}, srcMeta("fz_scale3")},
                 {"fz_add", {{"x", "b"}, {"y", "c"}, {"z", "z"}}}},
                "", {"--explain"});
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  expectValidObject(f->object());
  expectFusedEqualsUnfused(*f);
  auto x = values(2048, 2);
  auto z = runFused(*f, {{"x", x}}, "z");
  for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(z[i], x[i] * 2 * 2 + x[i] * 2 * 3) << i;
  const std::string& plan = f->compile.out;
  for (const char* s : {"op 0 -> op 1: RAW on a", "op 0 -> op 2: RAW on a", "op 1 -> op 3: RAW on b",
                        "op 2 -> op 3: RAW on c", "memory plan", "tasks (program order)"})
    EXPECT_NE(plan.find(s), std::string::npos) << s << "\n" << plan;
}

TEST(Fusion, TwoStreamsJoinedByAnEventRunOnDisjointCores) {
  auto f = fuse({{"fz_scale", {{"x", "x"}, {"y", "a"}}, 0},
                 {"fz_scale", {{"x", "w"}, {"y", "b"}}, 1, {1}, {}, srcMeta("fz_scale3")},
                 {"fz_add", {{"x", "a"}, {"y", "b"}, {"z", "z"}}, 0, {}, {1}}},
                "", {"--explain"});
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  expectValidObject(f->object());
  expectFusedEqualsUnfused(*f);
  EXPECT_NE(f->compile.out.find("op 1 -> op 2: RAW on b, event 1"), std::string::npos) << f->compile.out;
  json inst = f->metadata()["superKernel"]["instances"];
  EXPECT_EQ(inst[0]["aivBlocks"], json({0, 8}));
  EXPECT_EQ(inst[1]["aivBlocks"], json({8, 16})) << "independent streams get disjoint core ranges";
  auto x = values(2048, 3), w = values(2048, 4);
  auto z = runFused(*f, {{"x", x}, {"w", w}}, "z");
  for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(z[i], x[i] * 2 + w[i] * 3) << i;
}

TEST(Fusion, TwoStreamsSharingATensorWithoutAnEventGetAnInferredEdge) {
  auto f = fuse({{"fz_scale", {{"x", "x"}, {"y", "t"}}, 0},
                 {"fz_scale", {{"x", "t"}, {"y", "y"}}, 1, {}, {}, srcMeta("fz_scale3")}},
                "", {"--explain"});
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  EXPECT_NE(f->compile.out.find("op 0 -> op 1: RAW on t"), std::string::npos) << f->compile.out;
  expectFusedEqualsUnfused(*f);
  auto x = values(2048, 5);
  auto y = runFused(*f, {{"x", x}}, "y");
  for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(y[i], x[i] * 6) << i;
}

TEST(Fusion, InOutTensorReadThenOverwrittenIsOneBuffer) {
  auto f = fuse({{"fz_scale", {{"x", "x"}, {"y", "t"}}}, {"fz_scale", {{"x", "t"}, {"y", "x"}}, 0, {}, {}, srcMeta("fz_scale3")}},
                "", {"--explain"});
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  EXPECT_TRUE(std::regex_search(f->compile.out, std::regex("op 0 -> op 1: .*RAW on t")) &&
              std::regex_search(f->compile.out, std::regex("op 0 -> op 1: .*WAR on x")))
      << f->compile.out;
  json params = f->metadata()["params"];
  EXPECT_EQ(params[0]["name"], "x");
  EXPECT_EQ(params[0]["role"], "input");
  EXPECT_EQ(params[0]["inout"], true);
  expectFusedEqualsUnfused(*f);
  auto x = values(2048, 6);
  auto out = runFused(*f, {{"x", x}}, "x");
  for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(out[i], x[i] * 6) << i;
}

TEST(Fusion, TwelveSubKernelsWithBranchesAndStreams) {
  std::vector<Op> ops;
  std::string prev = "x";
  for (int i = 0; i < 10; ++i) {  // a chain of 10 on two streams, alternating factors 2 and 3
    std::string next = "t" + std::to_string(i);
    ops.push_back({"fz_scale", {{"x", prev}, {"y", next}}, i % 2, {}, {}, i % 3 ? "" : srcMeta("fz_scale3")});
    prev = next;
  }
  ops.push_back({"fz_add", {{"x", "t9"}, {"y", "x"}, {"z", "s"}}, 1});
  ops.push_back({"fz_es_scale", {{"x", "s"}, {"y", "out"}}, 0});
  auto f = fuse(ops);
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  expectValidObject(f->object());
  expectFusedEqualsUnfused(*f);
  auto x = values(2048, 7);
  auto out = runFused(*f, {{"x", x}}, "out");
  float factor = 1;
  for (int i = 0; i < 10; ++i) factor *= i % 3 ? 2.0f : 3.0f;
  for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(out[i], (x[i] * factor + x[i]) * 2) << i;
  json mp = f->metadata()["superKernel"]["memoryPlan"];
  EXPECT_LT(mp["workspaceBytes"].get<uint64_t>(), mp["workspaceBytesWithoutReuse"].get<uint64_t>())
      << "intermediates of a chain reuse each other's bytes";
}

TEST(Fusion, SyncAllInsideAFusedTaskIsScopedToItsCores) {
  // fz_center (4 blocks, a barrier) runs concurrently with another stream's task.
  auto f = fuse({{"fz_scale", {{"x", "w"}, {"y", "wy"}}, 1},
                 {"fz_center", {{"x", "x"}, {"y", "y"}}, 0}});
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  json inst = f->metadata()["superKernel"]["instances"];
  EXPECT_EQ(inst[1]["aivBlocks"], json({8, 12}));
  expectFusedEqualsUnfused(*f);
}

TEST(Fusion, SuperKernelTracesAreIdenticalForAnyWorkerCountAndSpansNest) {
  auto f = fuse({{"fz_scale", {{"x", "x"}, {"y", "a"}}, 0},
                 {"fz_center", {{"x", "w"}, {"y", "c"}}, 1, {3}, {}},
                 {"fz_es_scale", {{"x", "a"}, {"y", "b"}}, 0, {}, {3}}},
                "debug-sync-all=1");
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  std::vector<std::string> traces;
  for (const char* w : {"1", "2", "4"}) {
    TempDir d;
    CommandResult r = tool(SK_RUN, {f->json(), "--workers", w, "--trace", d.file("t.json")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    traces.push_back(sk::test::readText(d.file("t.json")));
  }
  EXPECT_EQ(traces[0], traces[1]);
  EXPECT_EQ(traces[0], traces[2]);
  json t = json::parse(traces[0]);
  double kernelEnd = 0, kernelBegin = 1e300;
  for (const json& e : t["traceEvents"])
    if (e["ph"] == "X" && e["pid"] == 2) {
      kernelBegin = std::min(kernelBegin, e["ts"].get<double>());
      kernelEnd = std::max(kernelEnd, e["ts"].get<double>() + e["dur"].get<double>());
    }
  size_t subKernelSpans = 0;
  for (const json& e : t["traceEvents"])
    if (e["ph"] == "X" && (e["pid"] == 3 || e["pid"] == 4)) {
      EXPECT_GE(e["ts"].get<double>(), kernelBegin) << e.dump();
      EXPECT_LE(e["ts"].get<double>() + e["dur"].get<double>(), kernelEnd + 1e-3) << e.dump();
      subKernelSpans += e["name"].get<std::string>().find(" (op ") != std::string::npos;
    }
  EXPECT_EQ(subKernelSpans, 8u + 4u + 8u) << "one span per core per sub-kernel";
}

TEST(Fusion, SameInputsGiveByteIdenticalObjects) {
  std::vector<Op> ops = {{"fz_mm", {{"c", "c"}}}, {"fz_relu", {{"x", "c"}}}};
  auto a = fuse(ops), b = fuse(ops);
  ASSERT_EQ(a->compile.exitCode, 0) << a->compile.err;
  EXPECT_EQ(sk::test::readBytes(a->object()), sk::test::readBytes(b->object()));
  EXPECT_EQ(sk::test::readText(a->json()), sk::test::readText(b->json()));
}

TEST(Fusion, OpsFlagTakesObjectsWithMetadataBesideThem) {
  TempDir d;
  CommandResult r = tool(SK_COMPILE, {"--ops", obj("fz_mm") + "," + obj("fz_relu"), "--name", "pair", "-o", d.path()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("fused 2 sub-kernels into pair"), std::string::npos) << r.out;
  EXPECT_TRUE(sk::test::exists(d.file("pair.o")));
  EXPECT_TRUE(sk::test::exists(d.file("pair.json")));
}

// ---- options -----------------------------------------------------------------------------

std::vector<Op> earlyStartChain() {
  return {{"fz_es_scale", {{"x", "x"}, {"y", "a"}}},
          {"fz_es_scale", {{"x", "a"}, {"y", "b"}}},
          {"fz_es_scale", {{"x", "b"}, {"y", "c"}}}};
}

TEST(Options, EarlyStartMakesAnEarlyStartChainEndEarlier) {
  auto on = fuse(earlyStartChain(), "early-start=1"), off = fuse(earlyStartChain(), "early-start=0");
  ASSERT_EQ(on->compile.exitCode, 0) << on->compile.err;
  ASSERT_EQ(off->compile.exitCode, 0) << off->compile.err;
  double tOn = deviceUs(expectFusedEqualsUnfused(*on)), tOff = deviceUs(expectFusedEqualsUnfused(*off));
  EXPECT_LT(tOn, tOff) << "early start overlaps each task's prologue and epilogue with its neighbours";
}

TEST(Options, DeclaredEarlyStartCallsMustHappenExactlyOnce) {
  for (const char* k : {"fz_es_missing", "fz_es_double"}) {
    auto f = fuse({{"fz_scale", {{"x", "x"}, {"y", "t"}}}, {"fz_es_broken", {{"y", "y"}, {"x", "q"}}, 0, {}, {}, srcMeta(k)}});
    ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
    CommandResult r = tool(SK_RUN, {f->json()});
    EXPECT_EQ(r.exitCode, 1) << k << r.err;
    EXPECT_NE(r.err.find(std::string(k) + " (op 1): block 0 on aiv"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(std::string(k) == "fz_es_missing" ? "without calling sk_wait_pre_task_end"
                                                             : "sk_wait_pre_task_end called twice"),
              std::string::npos)
        << r.err;
  }
}

TEST(Options, DebugSyncAllPutsABarrierAfterEveryTaskInTheTrace) {
  std::vector<Op> ops = {{"fz_scale", {{"x", "x"}, {"y", "a"}}}, {"fz_scale", {{"x", "a"}, {"y", "b"}}}};
  auto on = fuse(ops, "debug-sync-all=1"), off = fuse(ops, "debug-sync-all=0");
  ASSERT_EQ(on->compile.exitCode, 0) << on->compile.err;
  auto count = [](const Fused& f) {
    TempDir d;
    EXPECT_EQ(tool(SK_RUN, {f.json(), "--trace", d.file("t.json")}).exitCode, 0);
    std::string t = sk::test::readText(d.file("t.json"));
    size_t n = 0;
    for (size_t p = t.find("\"name\":\"sk_sync_all\""); p != std::string::npos; p = t.find("\"name\":\"sk_sync_all\"", p + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count(*off), 0u);
  EXPECT_EQ(count(*on), 16u) << "8 cores x 2 tasks";
  expectFusedEqualsUnfused(*on);
}

TEST(Options, PreloadCodeHidesInstructionFetchAfterEachCoresFirstTask) {
  std::vector<Op> ops = {{"fz_scale", {{"x", "x"}, {"y", "a"}}}, {"fz_scale", {{"x", "a"}, {"y", "b"}}},
                         {"fz_scale", {{"x", "b"}, {"y", "c"}}}};
  auto on = fuse(ops, "preload-code=per-func"), off = fuse(ops, "preload-code=none");
  ASSERT_EQ(on->compile.exitCode, 0) << on->compile.err;
  EXPECT_LT(deviceUs(expectFusedEqualsUnfused(*on)), deviceUs(expectFusedEqualsUnfused(*off)));
}

TEST(Options, StreamFusionOffSerialisesIndependentStreams) {
  std::vector<Op> ops = {{"fz_scale", {{"x", "x"}, {"y", "a"}}, 0}, {"fz_scale", {{"x", "w"}, {"y", "b"}}, 1}};
  auto on = fuse(ops, "stream-fusion=1"), off = fuse(ops, "stream-fusion=0");
  ASSERT_EQ(on->compile.exitCode, 0) << on->compile.err;
  EXPECT_EQ(off->metadata()["superKernel"]["instances"][1]["aivBlocks"], json({0, 8}));
  EXPECT_LT(deviceUs(expectFusedEqualsUnfused(*on)), deviceUs(expectFusedEqualsUnfused(*off)));
}

TEST(Options, FeedSyncAllAndSplitModeAreAcceptedAndChangeNothingInTheObject) {
  std::vector<Op> ops = {{"fz_center", {{"x", "x"}}}, {"fz_scale", {{"x", "w"}, {"y", "z"}}}};
  auto plain = fuse(ops), compat = fuse(ops, "feed-sync-all=1:split-mode=4");
  ASSERT_EQ(compat->compile.exitCode, 0) << compat->compile.err;
  EXPECT_EQ(sk::test::readBytes(plain->object()), sk::test::readBytes(compat->object()));
  EXPECT_NE(compat->metadata()["superKernel"]["options"].get<std::string>().find("split-mode=4"), std::string::npos);
}

TEST(Options, ProfilingRecordsEverySubKernel) {
  auto f = fuse({{"fz_mm", {{"c", "c"}}}, {"fz_relu", {{"x", "c"}, {"y", "y"}}}}, "profiling=1");
  ASSERT_EQ(f->compile.exitCode, 0) << f->compile.err;
  std::string out = expectFusedEqualsUnfused(*f);
  EXPECT_NE(out.find("profile (virtual us):"), std::string::npos) << out;
  EXPECT_TRUE(std::regex_search(out, std::regex("fz_mm \\(op 0\\) +2 ")));
  EXPECT_TRUE(std::regex_search(out, std::regex("fz_relu \\(op 1\\) +4 ")));
}

TEST(Options, UnknownOrDuplicateOptionsAreRejectedListingTheValidKeys) {
  for (const char* opt : {"early-start=1:bogus=2", "early-start=1:early-start=0", "split-mode=0", "preload-code=maybe"}) {
    auto f = fuse({{"fz_scale", {}}}, opt);
    EXPECT_EQ(f->compile.exitCode, 2) << opt;
    EXPECT_NE(f->compile.err.find("--options"), std::string::npos) << f->compile.err;
    EXPECT_FALSE(sk::test::exists(f->object())) << opt;
  }
  auto f = fuse({{"fz_scale", {}}}, "bogus=2");
  EXPECT_NE(f->compile.err.find("valid keys: early-start, stream-fusion, debug-sync-all, feed-sync-all, preload-code, "
                                "split-mode, profiling"),
            std::string::npos)
      << f->compile.err;
}

// ---- bad input: exit code 2, a message naming the culprit, nothing written ---------------

void expectRejected(const Fused& f, std::initializer_list<const char*> parts) {
  EXPECT_EQ(f.compile.exitCode, 2) << f.compile.err;
  for (const char* p : parts) EXPECT_NE(f.compile.err.find(p), std::string::npos) << p << "\n" << f.compile.err;
  EXPECT_FALSE(sk::test::exists(f.object()));
  EXPECT_FALSE(sk::test::exists(f.json()));
}

TEST(Rejects, ProducerConsumerSizeMismatch) {
  auto f = fuse({{"fz_scale", {{"y", "t"}}}, {"fz_relu", {{"x", "t"}}}});
  expectRejected(*f, {"fz_relu.json", "'x' (bound to 't')", "4096 bytes", "8192 bytes", "fz_scale (op 0)"});
}

TEST(Rejects, EventCycleBetweenTwoStreams) {
  auto f = fuse({{"fz_scale", {{"y", "a"}}, 0, {}, {1}},
                 {"fz_scale", {{"x", "w"}, {"y", "b"}}, 1, {1}, {2}},
                 {"fz_scale", {{"x", "v"}, {"y", "c"}}, 0, {2}, {}}});
  expectRejected(*f, {"fz_scale (op 0) (stream 0) receives event 1", "fz_scale (op 1) sends it only later",
                      "after waiting for event 2 which fz_scale (op 2) (stream 0) sends after fz_scale (op 0)"});
}

TEST(Rejects, EventReceivedButNeverSent) {
  auto f = fuse({{"fz_scale", {}, 0, {}, {7}}});
  expectRejected(*f, {"receives event 7, but no op in the list sends it"});
}

TEST(Rejects, SubKernelBlockDimBeyondTheArch) {
  TempDir d;
  std::string m = sk::test::readText(srcMeta("fz_scale"));
  m.replace(m.find("\"blockDim\": 8"), 13, "\"blockDim\": 64");
  sk::test::writeText(d.file("wide.json"), m);
  auto f = fuse({{"fz_scale", {}, 0, {}, {}, d.file("wide.json")}});
  expectRejected(*f, {"wide.json", "blockDim", "64"});
}

TEST(Rejects, MetadataThatDisagreesWithTheObject) {
  TempDir d;
  json m = json::parse(sk::test::readText(meta("fz_scale")));
  m["sha256"] = std::string(64, 'a');
  sk::test::writeText(d.file("stale.json"), m.dump());
  expectRejected(*fuse({{"fz_scale", {}, 0, {}, {}, d.file("stale.json")}}), {"stale.json", "sha256"});
  m.erase("sha256");
  m["kernelName"] = "not_in_the_object";
  m["binFileName"] = "fz_scale";
  sk::test::writeText(d.file("noentry.json"), m.dump());
  expectRejected(*fuse({{"fz_scale", {}, 0, {}, {}, d.file("noentry.json")}}), {"not_in_the_object", "fz_scale.o"});
}

TEST(Rejects, UnsupportedRelocation) {
  auto f = std::make_unique<Fused>();
  f->compile = tool(SK_COMPILE, {"--ops", std::string(SK_TOOL_KERNEL_DIR) + "/nopic_kernel.o", "--name", "sk", "-o",
                                 f->dir.path()});
  expectRejected(*f, {"nopic_kernel.o", "R_X86_64_32S", "-fPIC"});
}

TEST(Fusion, MissingOutputDirectoryIsCreatedOnlyWhenFusionSucceeds) {
  TempDir d;
  std::string out = d.file("a/b");
  CommandResult bad = tool(SK_COMPILE, {"--ops", obj("fz_scale"), "--options", "bogus=1", "-o", out});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_FALSE(sk::test::exists(d.file("a"))) << "bad input must leave nothing behind";
  CommandResult ok = tool(SK_COMPILE, {"--ops", obj("fz_scale"), "--name", "sk", "-o", out});
  ASSERT_EQ(ok.exitCode, 0) << ok.err;
  EXPECT_TRUE(sk::test::exists(out + "/sk.o"));
  EXPECT_TRUE(sk::test::exists(out + "/sk.json"));
}

TEST(Rejects, UsageErrors) {
  TempDir d;
  EXPECT_EQ(tool(SK_COMPILE, {}).exitCode, 2);
  EXPECT_EQ(tool(SK_COMPILE, {"--ops", obj("fz_scale"), "--name", "1bad", "-o", d.path()}).exitCode, 2);
  sk::test::writeText(d.file("plain_file"), "");
  CommandResult notDir = tool(SK_COMPILE, {"--ops", obj("fz_scale"), "-o", d.file("plain_file")});
  EXPECT_EQ(notDir.exitCode, 2);
  EXPECT_NE(notDir.err.find("plain_file: exists and is not a directory"), std::string::npos) << notDir.err;
  EXPECT_EQ(tool(SK_COMPILE, {"--help"}).exitCode, 0);
  CommandResult r = tool(SK_COMPILE, {"--ops", obj("fz_scale"), "--op-list", "x.json", "-o", d.path()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("exactly one of --ops and --op-list"), std::string::npos) << r.err;
  // A super kernel named like an intrinsic would shadow it (sk_run crashed on one).
  r = tool(SK_COMPILE, {"--ops", obj("fz_scale"), "--name", "sk_block_idx", "-o", d.file("shadow")});
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find("--name sk_block_idx: the name of an intrinsic"), std::string::npos) << r.err;
  // Tensor names become parameter and file names.
  std::string list = writeOpList(d, {{"fz_scale", {{"x", "../../evil"}, {"y", "y"}}, 0}});
  r = tool(SK_COMPILE, {"--op-list", list, "--name", "sk", "-o", d.file("evil")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find(".bind.x: expected a tensor name that is a C identifier"), std::string::npos) << r.err;
  r = tool(SK_COMPILE, {"--ops", ",", "--name", "x", "-o", d.path()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--ops: '--name' is not an object"), std::string::npos) << r.err;
}

}  // namespace
