// The fusion planner on its own (lib/reuse_analysis): the op list is a program, and the plan
// must order what that program orders (hazards, streams, events), share workspace bytes only
// between ordered tasks, place independent tasks on disjoint cores, and keep the SK within
// device ABI v1's parameter limit.
#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "sk/reuse_analysis.h"
#include "test_support.h"

using nlohmann::json;
using namespace sk::reuse;

namespace {

// One sub-kernel as a test describes it: its tensors (name -> written?), stream, events,
// blockDim and early-start points. Every one runs the same object (rk_noop.o).
struct K {
  std::vector<std::pair<std::string, bool>> tensors;  // (param name, is output)
  uint32_t blockDim = 8;
  int64_t stream = 0;
  std::vector<int64_t> send{}, recv{};
  uint64_t workspace = 0;
  bool earlyWait = false, earlySet = false;
  std::string coreType = "AIV";
  std::string taskRation = "";  // MIX: "1:1" or "1:2"
  uint32_t elements = 256;
};

std::shared_ptr<const sk::subkernel::SubKernel> subKernel(const K& k, size_t index) {
  json meta = {{"version", 1}, {"kernelName", "rk_noop"}, {"coreType", k.coreType}, {"blockDim", k.blockDim},
               {"params", json::array()},
               {"earlyStart", {{"wait", k.earlyWait}, {"set", k.earlySet}}}};
  for (const auto& [name, out] : k.tensors)
    meta["params"].push_back(
        {{"name", name}, {"role", out ? "output" : "input"}, {"dtype", "float32"}, {"shape", {k.elements}}});
  if (k.workspace) meta["params"].push_back({{"name", "ws"}, {"role", "workspace"}, {"bytes", k.workspace}});
  if (!k.taskRation.empty()) meta["taskRation"] = k.taskRation;
  auto m = sk::subkernel::parseMeta(meta.dump(), "k" + std::to_string(index) + ".json");
  EXPECT_TRUE((bool)m) << (m ? "" : llvm::toString(m.takeError()));
  auto sub = std::make_shared<sk::subkernel::SubKernel>();
  sub->meta = std::move(*m);
  std::string bytes = sk::test::readText(std::string(SK_TEST_KERNEL_DIR) + "/rk_noop.o");
  sub->object = llvm::MemoryBuffer::getMemBufferCopy(bytes, "rk_noop.o");
  auto info = sk::subkernel::checkObject(sub->object->getMemBufferRef(), "rk_noop.o");
  EXPECT_TRUE((bool)info);
  sub->info = std::move(*info);
  sub->objectPath = "rk_noop.o";
  return sub;
}

PlanRequest request(const std::vector<K>& ks, const std::string& options = "") {
  PlanRequest req;
  req.name = "sk";
  auto arch = sk::arch::loadArch("dav-2201");
  EXPECT_TRUE((bool)arch);
  req.arch = *arch;
  auto opts = parseOptions(options);
  EXPECT_TRUE((bool)opts);
  req.options = *opts;
  for (size_t i = 0; i < ks.size(); ++i) {
    OpSpec s;
    s.kernel = subKernel(ks[i], i);
    s.streamId = ks[i].stream;
    s.sendEvents = ks[i].send;
    s.recvEvents = ks[i].recv;
    req.ops.ops.push_back(std::move(s));
  }
  return req;
}

Plan plan(const std::vector<K>& ks, const std::string& options = "") {
  auto p = makePlan(request(ks, options));
  EXPECT_TRUE((bool)p) << (p ? "" : llvm::toString(p.takeError()));
  return p ? std::move(*p) : Plan{};
}

std::string rejection(const std::vector<K>& ks, const std::string& options = "") {
  auto p = makePlan(request(ks, options));
  if (p) {
    ADD_FAILURE() << "expected the plan to be refused";
    return "";
  }
  return llvm::toString(p.takeError());
}

// The reasons of the edge from -> to, or empty when there is none.
std::vector<std::string> edge(const Plan& p, uint32_t from, uint32_t to) {
  for (const Edge& e : p.edges)
    if (e.from == from && e.to == to) return e.reasons;
  return {};
}

const MemoryItem& item(const Plan& p, const std::string& what) {
  for (const MemoryItem& m : p.memory)
    if (m.what == what) return m;
  ADD_FAILURE() << "no memory item " << what;
  static MemoryItem none;
  return none;
}

bool overlap(const MemoryItem& a, const MemoryItem& b) {
  return a.offset < b.offset + b.bytes && b.offset < a.offset + a.bytes;
}

// The name becomes the SK's entry symbol: every caller (sk_compile, the Python package, the
// examples) gets the check.
TEST(Plan, TheNameMustBeACIdentifierThatShadowsNoIntrinsic) {
  for (auto [name, message] : {std::pair{"bad name", "super kernel name 'bad name' is not a C identifier"},
                               std::pair{"sk_block_idx", "'sk_block_idx' is the name of an intrinsic"}}) {
    PlanRequest req = request({{{{"t", true}}, 8, 0}});
    req.name = name;
    auto p = makePlan(req);
    ASSERT_FALSE((bool)p) << name;
    EXPECT_NE(llvm::toString(p.takeError()).find(message), std::string::npos) << name;
  }
}

// ---- hazards ----------------------------------------------------------------------------

TEST(Hazards, ReadAfterWriteWriteAfterReadAndWriteAfterWriteAreEdges) {
  Plan p = plan({{{{"t", true}}, 8, 0}, {{{"t", false}, {"u", true}}, 8, 1}, {{{"t", true}}, 8, 2}});
  EXPECT_EQ(edge(p, 0, 1), std::vector<std::string>{"RAW on t"});
  EXPECT_EQ(edge(p, 1, 2), std::vector<std::string>{"WAR on t"});
  EXPECT_EQ(edge(p, 0, 2), std::vector<std::string>{"WAW on t"});
}

TEST(Hazards, ReadersOfOneTensorAreNotOrderedAmongThemselves) {
  Plan p = plan({{{{"t", true}}, 8, 0}, {{{"t", false}, {"a", true}}, 8, 1}, {{{"t", false}, {"b", true}}, 8, 2}});
  EXPECT_TRUE(edge(p, 1, 2).empty());
  EXPECT_EQ(p.preds[2], std::vector<uint32_t>{0});
}

TEST(Hazards, StreamOrderIsAnEdgeAcrossUnrelatedTensors) {
  Plan p = plan({{{{"a", true}}, 8, 3}, {{{"b", true}}, 8, 3}});
  EXPECT_EQ(edge(p, 0, 1), std::vector<std::string>{"stream 3"});
}

TEST(Hazards, StreamFusionOffOrdersEveryTaskAfterThePreviousOne) {
  Plan p = plan({{{{"a", true}}, 8, 0}, {{{"b", true}}, 8, 1}}, "stream-fusion=0");
  EXPECT_EQ(edge(p, 0, 1), std::vector<std::string>{"program order (stream-fusion=0)"});
}

TEST(Events, AReceiveIsAnEdgeFromTheLatestSender) {
  Plan p = plan({{{{"a", true}}, 8, 0, {5}}, {{{"b", true}}, 8, 1, {}, {5}}});
  EXPECT_EQ(edge(p, 0, 1), std::vector<std::string>{"event 5"});
}

TEST(Events, AReceiveBeforeItsSendIsRefused) {
  std::string err = rejection({{{{"a", true}}, 8, 1, {}, {5}}, {{{"b", true}}, 8, 0, {5}}});
  EXPECT_NE(err.find("receives event 5"), std::string::npos) << err;
  EXPECT_NE(err.find("sends it only later"), std::string::npos) << err;
}

TEST(Events, AnEventNobodySendsIsRefused) {
  std::string err = rejection({{{{"a", true}}, 8, 0, {}, {9}}});
  EXPECT_NE(err.find("no op in the list sends it"), std::string::npos) << err;
}

// ---- tensors ----------------------------------------------------------------------------

TEST(Tensors, KindsFollowTheFirstAndLastAccess) {
  Plan p = plan({{{{"in", false}, {"mid", true}, {"io", false}}}, {{{"mid", false}, {"out", true}, {"io", true}}}});
  auto kind = [&](const std::string& n) {
    for (const Tensor& t : p.tensors)
      if (t.name == n) return t.kind;
    ADD_FAILURE() << n;
    return TensorKind::Input;
  };
  EXPECT_EQ(kind("in"), TensorKind::Input);
  EXPECT_EQ(kind("mid"), TensorKind::Intermediate);
  EXPECT_EQ(kind("out"), TensorKind::Output);
  EXPECT_EQ(kind("io"), TensorKind::InOut);
  auto io = std::find_if(p.params.begin(), p.params.end(), [](const sk::subkernel::Param& q) { return q.name == "io"; });
  ASSERT_NE(io, p.params.end());
  EXPECT_TRUE(io->inout);
  EXPECT_TRUE(io->isOutput());
}

TEST(Tensors, OneNameWithTwoSizesIsRefused) {
  K a{{{"t", true}}};
  K b{{{"t", false}}};
  b.elements = 512;
  std::string err = rejection({a, b});
  EXPECT_NE(err.find("one name is one buffer"), std::string::npos) << err;
}

// ---- memory reuse ------------------------------------------------------------------------

TEST(Memory, IntermediatesOfOrderedTasksShareBytes) {
  // t1 lives in ops 0..1, y in 1..2, t2 in 2..3: each op is ordered after the previous one, so
  // t2 may take t1's bytes (but not y's, which op 2 reads while it writes t2).
  Plan p = plan({{{{"x", false}, {"t1", true}}}, {{{"t1", false}, {"y", true}}},
                 {{{"y", false}, {"t2", true}}}, {{{"t2", false}, {"z", true}}}});
  EXPECT_TRUE(overlap(item(p, "intermediate t1"), item(p, "intermediate t2")));
  EXPECT_FALSE(overlap(item(p, "intermediate y"), item(p, "intermediate t2")));
  EXPECT_EQ(p.workspaceBytes, 2048u);
  EXPECT_EQ(p.workspaceBytesNoReuse, 3072u);
}

TEST(Memory, TasksThatCanRunConcurrentlyNeverShareBytes) {
  // Two independent chains on two streams: nothing orders chain 0 against chain 1.
  Plan p = plan({{{{"a0", true}}, 8, 0}, {{{"a0", false}, {"a1", true}}, 8, 0},
                 {{{"b0", true}}, 8, 1}, {{{"b0", false}, {"b1", true}}, 8, 1}});
  EXPECT_FALSE(overlap(item(p, "intermediate a0"), item(p, "intermediate b0")));
}

TEST(Memory, SubKernelWorkspacesOfOrderedTasksShareBytes) {
  K a{{{"x", true}}, 8, 0};
  a.workspace = 4096;
  K b{{{"x", false}, {"y", true}}, 8, 0};
  b.workspace = 4096;
  Plan p = plan({a, b});
  EXPECT_TRUE(overlap(item(p, "workspace ws of rk_noop (op 0)"), item(p, "workspace ws of rk_noop (op 1)")));
}

TEST(Memory, EarlyStartTasksNeverShareBytes) {
  // Under early start a task may run while its predecessor still does: its bytes are its own.
  K a{{{"x", false}, {"t1", true}}, 8, 0};
  K b{{{"t1", false}, {"y", true}}, 8, 0};
  K c{{{"y", false}, {"t2", true}}, 8, 0};
  c.earlyWait = true;
  K d{{{"t2", false}, {"z", true}}, 8, 0};
  Plan p = plan({a, b, c, d});
  EXPECT_FALSE(item(p, "intermediate t2").shareable);
  EXPECT_FALSE(overlap(item(p, "intermediate t1"), item(p, "intermediate t2")));
  Plan off = plan({a, b, c, d}, "early-start=0");  // the dispatcher waits: reuse is safe again
  EXPECT_TRUE(overlap(item(off, "intermediate t1"), item(off, "intermediate t2")));
}

// ---- core placement ----------------------------------------------------------------------

TEST(Placement, IndependentTasksRunOnDisjointCores) {
  Plan p = plan({{{{"a", true}}, 8, 0}, {{{"b", true}}, 8, 1}});
  EXPECT_EQ(p.ranges[0].aivBegin, 0u);
  EXPECT_EQ(p.ranges[1].aivBegin, 8u);
  EXPECT_EQ(p.blockDim, 16u);
}

TEST(Placement, OrderedTasksReuseTheSameCores) {
  Plan p = plan({{{{"a", true}}, 8, 0}, {{{"a", false}, {"b", true}}, 8, 1}});
  EXPECT_EQ(p.ranges[1].aivBegin, 0u);
  EXPECT_EQ(p.blockDim, 8u);
}

TEST(Placement, CubeAndVectorTasksMakeAMixKernel) {
  K mm{{{"a", true}}, 4, 0};
  mm.coreType = "AIC";
  K v{{{"b", true}}, 12, 1};
  Plan p = plan({mm, v});
  EXPECT_EQ(p.ration, (sk::TaskRation{1, 2}));  // 12 AIV do not fit 4 AIC: 1:2
  EXPECT_EQ(p.blockDim, 6u);
}

K mix(const std::string& ration, uint32_t blockDim, std::vector<std::pair<std::string, bool>> tensors) {
  K k{std::move(tensors), blockDim, 0};
  k.coreType = "MIX";
  k.taskRation = ration;
  return k;
}

// A MIX sub-kernel's block j pairs its AIC with its AIVs (cross-core flags): in the SK they must be
// one core group, so the SK takes its ration even when the other tasks would fit 1:1, and its AIV
// range starts at its AIC range times the AIVs per block.
TEST(Placement, AMixSubKernelKeepsItsCoreGroupsWhole) {
  K cube{{{"a", true}}, 24, 0};
  cube.coreType = "AIC";
  K m = mix("1:2", 3, {{"b", true}});
  m.stream = 1;  // beside the cube task: placed after its AICs
  Plan p = plan({cube, m});
  EXPECT_EQ(p.ration, (sk::TaskRation{1, 2})) << "6 AIV would fit 24 AIC 1:1, but the MIX task is 1:2";
  EXPECT_EQ(p.ranges[1].aivBegin, 2 * p.ranges[1].aicBegin);
  Plan seq = plan({mix("1:2", 3, {{"a", true}}), {{{"a", false}, {"c", true}}, 40, 0}});
  EXPECT_EQ(seq.ration, (sk::TaskRation{1, 2}));
  EXPECT_EQ(seq.blockDim, 20u);
  Plan ones = plan({mix("1:1", 4, {{"a", true}}), {{{"d", true}}, 6, 1}});
  EXPECT_EQ(ones.ration, (sk::TaskRation{1, 1}));
  EXPECT_EQ(ones.ranges[0].aivBegin, ones.ranges[0].aicBegin);
  EXPECT_EQ(ones.blockDim, 10u) << "the AIV task's 6 blocks beside the MIX task's 4: 1:1 with AICs idle";
}

TEST(Placement, MixRationsThatCannotShareCoreGroupsAreRefused) {
  EXPECT_NE(rejection({mix("1:1", 2, {{"a", true}}), mix("1:2", 2, {{"b", true}})}).find("MIX 1:2 cannot share a super kernel with MIX 1:1"),
            std::string::npos);
  std::string big = rejection({mix("1:1", 2, {{"a", true}}), {{{"b", true}}, 40, 1}});
  EXPECT_NE(big.find("more than dav-2201's 24 core groups hold"), std::string::npos) << big;
}

// ---- task order (auto-op-parallel) ------------------------------------------------------

// Two streams, each a cube task and a vector task on all the cores of their type, in the order a
// host would issue them: stream 0 cube then vector, stream 1 vector then cube.
std::vector<K> crossedStreams() {
  K c0{{{"p", true}}, 24, 0}, v0{{{"p", false}, {"q", true}}, 48, 0};
  K v1{{{"h", true}}, 48, 1}, c1{{{"h", false}, {"r", true}}, 24, 1};
  c0.coreType = c1.coreType = "AIC";
  return {c0, v0, v1, c1};
}

std::vector<std::string> labels(const Plan& p) {
  std::vector<std::string> out;
  for (const Instance& op : p.ops) out.push_back(op.label);
  return out;
}

TEST(Order, ProgramOrderIsTheTaskOrderByDefault) {
  Plan p = plan(crossedStreams());
  EXPECT_EQ(labels(p), (std::vector<std::string>{"rk_noop (op 0)", "rk_noop (op 1)", "rk_noop (op 2)", "rk_noop (op 3)"}));
  // Stream 1's vector task shares the AIVs with stream 0's and runs after it, so its cube task
  // waits for both vector tasks.
  EXPECT_EQ(p.ranges[2].aivBegin, p.ranges[1].aivBegin);
}

TEST(Order, AutoOpParallelInterleavesCubeAndVectorTasksOfOtherStreams) {
  Plan p = plan(crossedStreams(), "auto-op-parallel=1");
  // After the cube task of stream 0, the vector task of stream 1; after it, stream 0's vector task.
  EXPECT_EQ(labels(p), (std::vector<std::string>{"rk_noop (op 0)", "rk_noop (op 2)", "rk_noop (op 1)", "rk_noop (op 3)"}));
  for (uint32_t i = 0; i < p.ops.size(); ++i) EXPECT_EQ(p.ops[i].index, i);
  // The dependencies follow the tasks to their new places and all point forward.
  EXPECT_EQ(edge(p, 0, 2), (std::vector<std::string>{"RAW on p", "stream 0"}));
  EXPECT_EQ(edge(p, 1, 3), (std::vector<std::string>{"RAW on h", "stream 1"}));
  EXPECT_TRUE(edge(p, 1, 2).empty());
  for (const Edge& e : p.edges) EXPECT_LT(e.from, e.to);
  for (const Tensor& t : p.tensors)
    EXPECT_TRUE(std::is_sorted(t.accesses.begin(), t.accesses.end(), [](const Access& a, const Access& b) { return a.op < b.op; }))
        << t.name;
}

TEST(Order, AutoOpParallelNeverMovesATaskBeforeWhatItDependsOn) {
  // A chain across streams by an event and a tensor: the only order is the program's.
  K a{{{"x", true}}, 8, 0, {1}}, b{{{"y", true}}, 8, 1, {}, {1}}, c{{{"y", false}, {"z", true}}, 8, 0};
  b.coreType = "AIC";
  Plan p = plan({a, b, c}, "auto-op-parallel=1");
  EXPECT_EQ(labels(p), (std::vector<std::string>{"rk_noop (op 0)", "rk_noop (op 1)", "rk_noop (op 2)"}));
}

// ---- the parameter limit -----------------------------------------------------------------

std::vector<K> withTensors(size_t n) {
  // Two ops sharing no tensor, n inputs in all.
  K a, b;
  for (size_t i = 0; i < n; ++i) (i < n / 2 ? a : b).tensors.push_back({"t" + std::to_string(i), false});
  return {a, b};
}

TEST(Params, SixtyOneTensorsMakeSixtyThreeParameters) {
  Plan p = plan(withTensors(61));
  EXPECT_EQ(p.params.size(), 63u);  // 61 tensors + sk_workspace + sk_tiling
  EXPECT_EQ(p.params[61].name, "sk_workspace");
  EXPECT_EQ(p.params[62].name, "sk_tiling");
}

TEST(Params, SixtyTwoTensorsAreOneParameterTooMany) {
  std::string err = rejection(withTensors(62));
  EXPECT_NE(err.find("would have 64 parameters (62 tensors, its workspace and its tiling); device ABI v1 allows 63"),
            std::string::npos)
      << err;
}

TEST(Params, ReservedNamesAreRefused) {
  std::string err = rejection({{{{"sk_workspace", false}, {"y", true}}}});
  EXPECT_NE(err.find("'sk_workspace' is reserved"), std::string::npos) << err;
}

// ---- options -----------------------------------------------------------------------------

TEST(Options, UnknownAndDuplicateKeysAreRefusedWithTheValidKeys) {
  auto bad = parseOptions("early-start=1:turbo=1");
  ASSERT_FALSE((bool)bad);
  std::string err = llvm::toString(bad.takeError());
  EXPECT_NE(err.find("turbo"), std::string::npos) << err;
  EXPECT_NE(err.find("stream-fusion"), std::string::npos) << err;
  auto dup = parseOptions("profiling=1:profiling=0");
  ASSERT_FALSE((bool)dup);
  EXPECT_NE(llvm::toString(dup.takeError()).find("profiling"), std::string::npos);
}

TEST(Options, ANumberIsTheWholeValue) {
  EXPECT_EQ(parseOptions("split-mode=4")->splitMode, 4u);
  for (std::string bad : {std::string("split-mode=4\0x", 14), std::string("split-mode=4x"), std::string("split-mode=65")}) {
    auto o = parseOptions(bad);
    ASSERT_FALSE((bool)o) << bad;
    EXPECT_NE(llvm::toString(o.takeError()).find("expected an integer in [1, 64]"), std::string::npos);
  }
}

TEST(Options, TextIsCanonicalAndRoundTrips) {
  auto o = parseOptions("profiling=1:early-start=0");
  ASSERT_TRUE((bool)o);
  auto again = parseOptions(o->text());
  ASSERT_TRUE((bool)again);
  EXPECT_EQ(again->text(), o->text());
  EXPECT_TRUE(again->profiling);
  EXPECT_FALSE(again->earlyStart);
}

// ---- the op list file ----------------------------------------------------------------------

TEST(OpListFile, WriteThenReadGivesTheSameList) {
  OpList list;
  list.options = "early-start=0";
  list.keepOutputs = {"mid"};
  OpSpec a;
  a.objPath = "a.o";
  a.jsonPath = "a2.json";
  a.streamId = 1;
  a.sendEvents = std::vector<int64_t>{3};
  a.bind = {{"x", "in"}, {"y", "mid"}};
  OpSpec b;
  b.objPath = "b.o";
  b.recvEvents = std::vector<int64_t>{3};
  b.scalars = {{"alpha", 0.5}};
  list.ops = {a, b};
  auto back = parseOpList(writeOpList(list), "/d/ops.json");
  ASSERT_TRUE(!!back) << llvm::toString(back.takeError());
  EXPECT_EQ(back->options, "early-start=0");
  EXPECT_EQ(back->keepOutputs, std::vector<std::string>{"mid"});
  ASSERT_EQ(back->ops.size(), 2u);
  EXPECT_EQ(back->ops[0].objPath, "/d/a.o") << "relative to the list";
  EXPECT_EQ(back->ops[0].jsonPath, "/d/a2.json");
  EXPECT_EQ(back->ops[0].streamId, 1);
  EXPECT_EQ(back->ops[0].sendEvents, std::vector<int64_t>{3});
  EXPECT_EQ(back->ops[0].bind, a.bind);
  EXPECT_EQ(back->ops[1].recvEvents, std::vector<int64_t>{3});
  EXPECT_FALSE(back->ops[1].streamId.has_value());
  EXPECT_EQ(back->ops[1].scalars.at("alpha"), 0.5);
}

TEST(OpListFile, KeepOutputsMustBeTensorNamesOfTheList) {
  for (auto [text, message] : {std::pair{R"({"keep_outputs": "t", "op_list": [{"bin_path": "a.o"}]})", "keep_outputs: expected an array"},
                               std::pair{R"({"keep_outputs": ["../t"], "op_list": [{"bin_path": "a.o"}]})", "keep_outputs[0]: expected a tensor name"}}) {
    auto l = parseOpList(text, "ops.json");
    ASSERT_FALSE(!!l) << text;
    EXPECT_NE(llvm::toString(l.takeError()).find(message), std::string::npos) << text;
  }
  PlanRequest req = request({{{{"a", true}}, 8, 0}, {{{"a", false}, {"b", true}}, 8, 0}});
  req.ops.keepOutputs = {"a"};
  auto kept = makePlan(req);
  ASSERT_TRUE(!!kept) << llvm::toString(kept.takeError());
  EXPECT_EQ(kept->tensors[0].kind, TensorKind::Output) << "the intermediate the list keeps";
  req.ops.keepOutputs = {"nope"};
  auto bad = makePlan(req);
  ASSERT_FALSE(!!bad);
  EXPECT_NE(llvm::toString(bad.takeError()).find("keep_outputs: nope: no tensor of that name"), std::string::npos);
}

}  // namespace
