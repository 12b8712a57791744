// The host tiling library (include/ascendc/tiling): the platform numbers of each simulated part
// (against arch/*.json), the host TCubeTiling's layout (against the kernel struct), and the
// Matmul tilings: over a sweep of shapes, dtypes, transposes, biases and core counts every
// tiling obeys the hardware rules and covers M, N and K exactly; bad input gives -1; the
// setters that constrain the result (SetFixSplit, SetSingleShape, SetTraverse, ...) are obeyed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_tiling/kernel_tiling.h"  // before and after tiling_api.h: both orders must work
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"

#ifndef SK_SOURCE_DIR
#error "compile with -DSK_SOURCE_DIR=\"<repository>\" (the arch/*.json files are read)"
#endif

// An op's tiling data holding a TCubeTiling, as op_host headers write it: on the host the
// field is the host class, at global scope TCubeTiling is the kernel struct.
namespace optiling {
BEGIN_TILING_DATA_DEF(SkTestMatmulTilingData)
TILING_DATA_FIELD_DEF(uint32_t, tileNum);
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, cubeTilingData);
END_TILING_DATA_DEF;
}  // namespace optiling
static_assert(std::is_same<decltype(optiling::SkTestMatmulTilingData::cubeTilingData), optiling::TCubeTiling>::value,
              "inside optiling, TCubeTiling is the host class");
static_assert(std::is_same<TCubeTiling, AscendC::tiling::TCubeTiling>::value, "at global scope, the kernel struct");

int32_t DtMacroCompatValue();  // tiling_macro_compat.cpp

namespace {

using namespace matmul_tiling;
using platform_ascendc::CoreMemType;
using platform_ascendc::PlatformAscendC;
using KernelTiling = AscendC::tiling::TCubeTiling;

// ---- platform ----

// The "value" of a key in arch/<arch>.json.
uint64_t ArchValue(const std::string& arch, const std::string& key) {
  std::ifstream in(std::string(SK_SOURCE_DIR) + "/arch/" + arch + ".json");
  std::stringstream text;
  text << in.rdbuf();
  std::smatch match;
  std::string json = text.str();
  std::regex pattern("\"" + key + "\"\\s*:\\s*\\{\\s*\"value\"\\s*:\\s*([0-9]+)");
  EXPECT_TRUE(std::regex_search(json, match, pattern)) << key << " in " << arch;
  return match.empty() ? 0 : std::stoull(match[1]);
}

uint64_t MemSize(const PlatformAscendC& p, CoreMemType type) {
  uint64_t size = 0;
  p.GetCoreMemSize(type, size);
  return size;
}

class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old, hadOld_ = true;
    if (value) setenv(name, value, 1);
    else unsetenv(name);
  }
  ~ScopedEnv() {
    if (hadOld_) setenv(name_, old_.c_str(), 1);
    else unsetenv(name_);
  }

 private:
  const char* name_;
  std::string old_;
  bool hadOld_ = false;
};

TEST(Platform, NumbersAgreeWithArchJson) {
  for (const char* arch : {"dav-2201", "dav-3510"}) {
    PlatformAscendC p(arch);
    EXPECT_STREQ(p.GetArchName(), arch);
    EXPECT_EQ(p.GetCoreNumAic(), ArchValue(arch, "aicCores")) << arch;
    EXPECT_EQ(p.GetCoreNumAiv(), ArchValue(arch, "aivCores")) << arch;
    EXPECT_EQ(p.GetCoreNum(), p.GetCoreNumAiv()) << "split parts count AIVs";
    EXPECT_EQ(MemSize(p, CoreMemType::L0_A), ArchValue(arch, "l0aBytes"));
    EXPECT_EQ(MemSize(p, CoreMemType::L0_B), ArchValue(arch, "l0bBytes"));
    EXPECT_EQ(MemSize(p, CoreMemType::L0_C), ArchValue(arch, "l0cBytes"));
    EXPECT_EQ(MemSize(p, CoreMemType::L1), ArchValue(arch, "l1Bytes"));
    EXPECT_EQ(MemSize(p, CoreMemType::UB), ArchValue(arch, "ubBytes"));
    EXPECT_EQ(MemSize(p, CoreMemType::BT), ArchValue(arch, "btBytes"));
    EXPECT_EQ(MemSize(p, CoreMemType::FB), ArchValue(arch, "fbBytes"));
    EXPECT_EQ(MemSize(p, CoreMemType::L2), ArchValue(arch, "l2Bytes"));
    EXPECT_EQ(MemSize(p, CoreMemType::HBM), ArchValue(arch, "hbmBytes"));
    const platform_ascendc::ArchSpec& spec = p.GetArchSpec();
    EXPECT_EQ(spec.clockMHz, ArchValue(arch, "clockMHz"));
    EXPECT_EQ(spec.dataCopyLatencyCycles, ArchValue(arch, "dataCopyLatencyCycles"));
    EXPECT_EQ(spec.cubeHeadCycles, ArchValue(arch, "cubeHeadCycles"));
    EXPECT_EQ(p.GetLibApiWorkSpaceSize(), 16u * 1024 * 1024);
  }
}

TEST(Platform, Dav2201IsAscend910B) {
  PlatformAscendC p("dav-2201");
  EXPECT_EQ(p.GetCoreNumAic(), 24u);
  EXPECT_EQ(p.GetCoreNumAiv(), 48u);
  EXPECT_EQ(MemSize(p, CoreMemType::L1), 512u * 1024);
  EXPECT_EQ(MemSize(p, CoreMemType::L0_A), 64u * 1024);
  EXPECT_EQ(MemSize(p, CoreMemType::L0_C), 128u * 1024);
  EXPECT_EQ(MemSize(p, CoreMemType::UB), 192u * 1024);
  EXPECT_EQ(MemSize(p, CoreMemType::BT), 1024u);
  EXPECT_EQ(p.GetSocVersion(), platform_ascendc::SocVersion::ASCEND910B);
  EXPECT_EQ(p.GetCurNpuArch(), platform_ascendc::NpuArch::DAV_2201);
  PlatformAscendC ascend950("dav-3510");
  EXPECT_EQ(ascend950.GetSocVersion(), platform_ascendc::SocVersion::ASCEND950);
  EXPECT_EQ(ascend950.GetCurNpuArch(), platform_ascendc::NpuArch::DAV_3510);
  EXPECT_EQ(MemSize(ascend950, CoreMemType::L0_C), 256u * 1024);
  EXPECT_EQ(MemSize(ascend950, CoreMemType::UB), 248u * 1024);
}

TEST(Platform, SocNamesAndEnvironmentChooseThePart) {
  EXPECT_STREQ(PlatformAscendC("Ascend910B1").GetArchName(), "dav-2201");
  EXPECT_STREQ(PlatformAscendC("Ascend910_9391").GetArchName(), "dav-2201");
  EXPECT_STREQ(PlatformAscendC("Ascend950PR_9599").GetArchName(), "dav-3510");
  EXPECT_EQ(platform_ascendc::FindArchSpec("Ascend310P3"), nullptr);
  {
    ScopedEnv npu("SK_NPU_ARCH", "dav-3510");
    EXPECT_STREQ(PlatformAscendC().GetArchName(), "dav-3510");
    EXPECT_STREQ(PlatformAscendC(nullptr).GetArchName(), "dav-3510");
    fe::PlatFormInfos* fromContext = nullptr;  // what context->GetPlatformInfo() returns
    EXPECT_STREQ(PlatformAscendC(fromContext).GetArchName(), "dav-3510");
    EXPECT_EQ(MultiCoreMatmulTiling().GetBaseM(), -1) << "no tiling yet";
  }
  {
    ScopedEnv npu("SK_NPU_ARCH", nullptr);
    ScopedEnv runtime("SK_ARCH", "dav-3510");
    EXPECT_STREQ(PlatformAscendC().GetArchName(), "dav-3510") << "the runtime's variable is the fallback";
  }
  {
    ScopedEnv npu("SK_NPU_ARCH", nullptr);
    ScopedEnv runtime("SK_ARCH", nullptr);
    EXPECT_STREQ(PlatformAscendC().GetArchName(), "dav-2201") << "the default";
  }
}

TEST(Platform, BlockDimReservationAndBandwidth) {
  PlatformAscendC p("dav-2201");
  EXPECT_EQ(p.CalcTschBlockDim(48, 24, 48), 24u);
  EXPECT_EQ(p.CalcTschBlockDim(47, 24, 48), 24u);
  EXPECT_EQ(p.CalcTschBlockDim(7, 0, 48), 7u) << "vector only";
  EXPECT_EQ(p.CalcTschBlockDim(7, 24, 0), 7u) << "cube only";
  p.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_32K);
  p.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_8K);
  EXPECT_EQ(MemSize(p, CoreMemType::UB), 184u * 1024) << "the last reservation counts";
  uint64_t bw = 0;
  p.GetCoreMemBw(CoreMemType::HBM, bw);
  EXPECT_EQ(bw, 1600u * 1000 / 1800);  // 1.6 TB/s at 1.8 GHz
  p.GetCoreMemBw(CoreMemType::UB, bw);
  EXPECT_EQ(bw, 0u) << "documented for L2 and HBM only";
}

TEST(Platform, ManagerIsASingletonChosenByTheFirstValidCall) {
  EXPECT_EQ(platform_ascendc::PlatformAscendCManager::GetInstance("NoSuchSoc"), nullptr);
  platform_ascendc::PlatformAscendC* first = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend950PR_9599");
  ASSERT_NE(first, nullptr);
  EXPECT_STREQ(first->GetArchName(), "dav-3510");
  EXPECT_EQ(platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B2"), first);
  EXPECT_EQ(platform_ascendc::PlatformAscendCManager::GetInstance(), first);
}

// ---- TCubeTiling layout ----

TEST(TilingLayout, HostBytesAreTheKernelStruct) {
  EXPECT_EQ(sizeof(optiling::TCubeTiling), sizeof(KernelTiling));
  EXPECT_EQ(sizeof(KernelTiling), 200u);
  optiling::TCubeTiling host;
  int32_t value = 100;
#define SK_TEST_SET(name) host.set_##name(value++);
  SK_TCUBE_TILING_FIELDS(SK_TEST_SET)
#undef SK_TEST_SET
  ASSERT_EQ(host.GetDataSize(), sizeof(KernelTiling));
  KernelTiling kernel;
  host.SaveToBuffer(&kernel, sizeof(kernel));
  value = 100;
#define SK_TEST_CHECK(name) EXPECT_EQ(kernel.name, value++) << #name;
  SK_TCUBE_TILING_FIELDS(SK_TEST_CHECK)
#undef SK_TEST_CHECK
}

TEST(TilingLayout, OpTilingDataHoldsTheStructAt8ByteAlignment) {
  optiling::SkTestMatmulTilingData data;
  EXPECT_EQ(offsetof(optiling::SkTestMatmulTilingData, cubeTilingData) % 8, 0u);
  MultiCoreMatmulTiling tiler(PlatformAscendC("dav-2201"));
  tiler.SetDim(8);
  tiler.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  tiler.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  tiler.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
  tiler.SetShape(512, 512, 512);
  tiler.SetOrgShape(512, 512, 512);
  ASSERT_EQ(tiler.GetTiling(data.cubeTilingData), 0);
  KernelTiling kernel;
  ASSERT_EQ(tiler.GetTiling(kernel), 0);
  EXPECT_EQ(std::memcmp(&kernel, &data.cubeTilingData, sizeof(kernel)), 0) << "both overloads give one tiling";
}

// ---- the validity rules ----

struct Case {
  const char* arch;
  DataType input;
  DataType output;
  bool transA, transB, bias;
  int32_t m, n, k;
  int32_t cores;  // 0: the single-core MatmulApiTiling
};

std::string Describe(const Case& c) {
  std::ostringstream s;
  s << c.arch << " dtype " << int(c.input) << " trans " << c.transA << c.transB << " bias " << c.bias << " " << c.m
    << "x" << c.n << "x" << c.k << " cores " << c.cores;
  return s.str();
}

int64_t Bits(DataType t) { return t == DT_FLOAT || t == DT_INT32 ? 32 : t == DT_INT8 ? 8 : t == DT_INT4 ? 4 : 16; }
int64_t Bytes(int64_t elements, DataType t) { return (elements * Bits(t) + 7) / 8; }
int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
int64_t Align(int64_t a, int64_t b) { return CeilDiv(a, b) * b; }

struct Budget {
  int64_t l0a, l0b, l0c, l1, bt;
};

Budget PartBudget(const char* arch) {
  PlatformAscendC p(arch);
  return {int64_t(MemSize(p, CoreMemType::L0_A)), int64_t(MemSize(p, CoreMemType::L0_B)),
          int64_t(MemSize(p, CoreMemType::L0_C)), int64_t(MemSize(p, CoreMemType::L1)),
          int64_t(MemSize(p, CoreMemType::BT))};
}

// Every rule of the TCubeTiling reference, checked from the struct alone.
void ExpectLegal(const KernelTiling& t, const Case& c, const Budget& budget, int64_t maxCores) {
  SCOPED_TRACE(Describe(c));
  DataType biasType = c.input == DT_INT8 || c.input == DT_INT4 ? DT_INT32 : DT_FLOAT;
  int64_t c0 = 256 / Bits(c.input);
  int64_t kAlign = !c.transA && c.transB ? c0 : 16;
  // shapes and cover
  EXPECT_EQ(t.M, c.m);
  EXPECT_EQ(t.N, c.n);
  EXPECT_EQ(t.Ka, c.k);
  EXPECT_EQ(t.Kb, c.k);
  EXPECT_EQ(t.singleCoreK, c.k) << "K is not split across cores";
  ASSERT_GT(t.singleCoreM, 0);
  ASSERT_GT(t.singleCoreN, 0);
  EXPECT_LE(t.singleCoreM, c.m);
  EXPECT_LE(t.singleCoreN, c.n);
  EXPECT_EQ(t.usedCoreNum, CeilDiv(c.m, t.singleCoreM) * CeilDiv(c.n, t.singleCoreN)) << "blocks cover M x N once";
  EXPECT_GE(t.usedCoreNum, 1);
  EXPECT_LE(t.usedCoreNum, maxCores);
  // base blocks
  ASSERT_GT(t.baseM, 0);
  ASSERT_GT(t.baseN, 0);
  ASSERT_GT(t.baseK, 0);
  EXPECT_EQ(t.baseM % 16, 0);
  EXPECT_EQ(t.baseN % 16, 0);
  EXPECT_EQ(t.baseK % kAlign, 0);
  EXPECT_EQ(t.baseK % c0, 0) << "whole fractals of A and B";
  EXPECT_LE(t.baseM, Align(t.singleCoreM, 16));
  EXPECT_LE(t.baseN, Align(t.singleCoreN, 16));
  EXPECT_LE(t.baseK, Align(t.singleCoreK, std::max<int64_t>(16, c0)));
  EXPECT_LE(std::max({t.baseM, t.baseN, t.baseK}), 4095) << "Mmad extents";
  // buffering
  for (int32_t db : {t.dbL0A, t.dbL0B, t.dbL0C}) EXPECT_TRUE(db == 1 || db == 2) << db;
  EXPECT_LE(Bytes(int64_t(t.baseM) * t.baseK, c.input) * t.dbL0A, budget.l0a);
  EXPECT_LE(Bytes(int64_t(t.baseK) * t.baseN, c.input) * t.dbL0B, budget.l0b);
  EXPECT_LE(int64_t(t.baseM) * t.baseN * 4 * t.dbL0C, budget.l0c);
  if (c.bias) {
    EXPECT_LE(int64_t(t.baseN) * 4, budget.bt);
  }
  // L1
  ASSERT_GT(t.stepM, 0);
  ASSERT_GT(t.stepN, 0);
  ASSERT_GT(t.stepKa, 0);
  ASSERT_GT(t.stepKb, 0);
  EXPECT_LE(t.stepM, CeilDiv(t.singleCoreM, t.baseM));
  EXPECT_LE(t.stepN, CeilDiv(t.singleCoreN, t.baseN));
  EXPECT_LE(t.stepKa, CeilDiv(t.singleCoreK, t.baseK));
  EXPECT_LE(t.stepKb, CeilDiv(t.singleCoreK, t.baseK));
  EXPECT_EQ(std::max(t.stepKa, t.stepKb) % std::min(t.stepKa, t.stepKb), 0);
  int32_t dbA1 = t.depthA1 / (t.stepM * t.stepKa), dbB1 = t.depthB1 / (t.stepN * t.stepKb);
  EXPECT_EQ(t.depthA1, t.stepM * t.stepKa * dbA1);
  EXPECT_EQ(t.depthB1, t.stepN * t.stepKb * dbB1);
  EXPECT_TRUE(dbA1 == 1 || dbA1 == 2);
  EXPECT_TRUE(dbB1 == 1 || dbB1 == 2);
  int64_t l1 = Bytes(int64_t(t.depthA1) * t.baseM * t.baseK, c.input) +
               Bytes(int64_t(t.depthB1) * t.baseN * t.baseK, c.input) + (c.bias ? Bytes(t.baseN, biasType) : 0);
  EXPECT_LE(l1, budget.l1);
  // the rest
  EXPECT_EQ(t.isBias, c.bias ? 1 : 0);
  EXPECT_TRUE(t.iterateOrder == 0 || t.iterateOrder == 1);
  EXPECT_EQ(t.shareMode, 0);
  EXPECT_EQ(t.transLength, 0) << "GM operands need no UB scratch";
}

KernelTiling TileOrFail(const Case& c, int64_t& result) {
  PlatformAscendC platform(c.arch);
  MatmulApiTiling single(platform);
  MultiCoreMatmulTiling multi(platform);
  MatmulApiTilingBase& tiler = c.cores == 0 ? static_cast<MatmulApiTilingBase&>(single) : multi;
  if (c.cores > 0) {
    EXPECT_EQ(multi.SetDim(c.cores), 0);
  }
  EXPECT_EQ(tiler.SetAType(TPosition::GM, CubeFormat::ND, c.input, c.transA), 0);
  EXPECT_EQ(tiler.SetBType(TPosition::GM, CubeFormat::ND, c.input, c.transB), 0);
  EXPECT_EQ(tiler.SetCType(TPosition::GM, CubeFormat::ND, c.output), 0);
  DataType biasType = c.input == DT_INT8 || c.input == DT_INT4 ? DT_INT32 : DT_FLOAT;
  EXPECT_EQ(tiler.SetBiasType(TPosition::GM, CubeFormat::ND, biasType), 0);
  EXPECT_EQ(tiler.SetShape(c.m, c.n, c.k), 0);
  EXPECT_EQ(tiler.SetOrgShape(c.m, c.n, c.k), 0);
  EXPECT_EQ(tiler.SetBias(c.bias), 0);
  EXPECT_EQ(tiler.SetBufferSpace(-1, -1, -1), 0);
  KernelTiling t;
  result = tiler.GetTiling(t);
  return t;
}

struct Dtypes {
  DataType input, output;
};

std::vector<Case> Sweep(const char* arch) {
  std::vector<Dtypes> dtypes = {{DT_FLOAT16, DT_FLOAT}, {DT_FLOAT16, DT_FLOAT16}, {DT_BF16, DT_BF16},
                                {DT_FLOAT, DT_FLOAT},   {DT_INT8, DT_INT32}};
  if (std::string(arch) == "dav-2201") dtypes.push_back({DT_INT4, DT_INT32});
  const int32_t shapes[][3] = {{1, 1, 1},       {16, 16, 16},      {1, 4096, 4096}, {17, 33, 65},   {129, 257, 100},
                               {1000, 1000, 1000}, {4096, 4096, 4096}, {8192, 64, 8192}, {64, 8192, 512}, {3, 5000, 7}};
  std::vector<Case> cases;
  for (Dtypes d : dtypes)
    for (int trans = 0; trans < 4; ++trans)
      for (bool bias : {false, true})
        for (const auto& s : shapes)
          for (int32_t cores : {0, 1, 3, 8, 24, 48}) {
            if (trans % 3 != 0 && cores % 24 != 0) continue;  // mixed transposes: a few core counts
            cases.push_back({arch, d.input, d.output, (trans & 1) != 0, (trans & 2) != 0, bias, s[0], s[1], s[2], cores});
          }
  return cases;
}

TEST(MatmulTiling, EveryTilingOfTheSweepIsLegal) {
  for (const char* arch : {"dav-2201", "dav-3510"}) {
    Budget budget = PartBudget(arch);
    for (const Case& c : Sweep(arch)) {
      int64_t result = -2;
      KernelTiling t = TileOrFail(c, result);
      ASSERT_EQ(result, 0) << Describe(c);
      ExpectLegal(t, c, budget, c.cores == 0 ? 1 : c.cores);
      if (c.cores == 0) {
        EXPECT_EQ(t.usedCoreNum, 1);
        EXPECT_EQ(t.singleCoreM, c.m);
        EXPECT_EQ(t.singleCoreN, c.n);
      }
      if (::testing::Test::HasFailure()) return;  // one broken case says enough
    }
  }
}

TEST(MatmulTiling, LargeFp16UsesBigDoubleBufferedBlocks) {
  for (const char* arch : {"dav-2201", "dav-3510"}) {
    int64_t result = -2;
    // CANN's split: 8 x 3 blocks of 512 x 2048 (the table in CoreSplitIsCanns).
    KernelTiling t = TileOrFail({arch, DT_FLOAT16, DT_FLOAT, false, true, false, 4096, 6144, 4096, 24}, result);
    ASSERT_EQ(result, 0);
    EXPECT_GE(int64_t(t.baseM) * t.baseN, 128 * 256) << arch;
    EXPECT_GE(t.baseK, 64) << arch;
    EXPECT_EQ(t.dbL0A, 2) << arch;
    EXPECT_EQ(t.dbL0B, 2) << arch;
    EXPECT_EQ(t.usedCoreNum, 24) << arch;
  }
}

TEST(MatmulTiling, TailsAndTinyShapes) {
  int64_t result = -2;
  KernelTiling t = TileOrFail({"dav-2201", DT_FLOAT16, DT_FLOAT, false, false, false, 1, 1, 1, 48}, result);
  ASSERT_EQ(result, 0);
  EXPECT_EQ(t.usedCoreNum, 1);
  EXPECT_EQ(t.baseM, 16);
  EXPECT_EQ(t.baseN, 16);
  EXPECT_EQ(t.baseK, 16);
  t = TileOrFail({"dav-2201", DT_FLOAT16, DT_FLOAT, false, false, false, 100, 20, 30, 0}, result);
  ASSERT_EQ(result, 0);
  EXPECT_LE(t.baseM, 112) << "clipped to ceil16(singleCoreM)";
  EXPECT_LE(t.baseN, 32);
  EXPECT_LE(t.baseK, 32);
}

// ---- bad input ----

MultiCoreMatmulTiling ReadyTiler() {
  MultiCoreMatmulTiling t(PlatformAscendC("dav-2201"));
  t.SetDim(8);
  t.SetAType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  t.SetBType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  t.SetCType(TPosition::GM, CubeFormat::ND, DT_FLOAT);
  t.SetShape(256, 256, 256);
  t.SetOrgShape(256, 256, 256);
  return t;
}

TEST(MatmulTiling, BadInputGivesMinusOne) {
  KernelTiling out;
  ASSERT_EQ(ReadyTiler().GetTiling(out), 0) << "the baseline is fine";
  struct Bad {
    const char* what;
    int32_t setterResult;  // what the setter returns
    void (*spoil)(MultiCoreMatmulTiling&, int32_t&);
  };
  const Bad bad[] = {
      {"zero M", -1, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetShape(0, 256, 256); }},
      {"negative K", -1, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetShape(256, 256, -7); }},
      {"negative org N", -1, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetOrgShape(256, -2, 256); }},
      {"shape beyond org", 0, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetShape(512, 256, 256); }},
      {"fp16 x int8", 0, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetBType(TPosition::GM, CubeFormat::ND, DT_INT8); }},
      {"int64 input", -1, [](MultiCoreMatmulTiling& t, int32_t& r) {
         r = t.SetAType(TPosition::GM, CubeFormat::ND, DT_INT64);
         t.SetBType(TPosition::GM, CubeFormat::ND, DT_INT64);
       }},
      {"int8 to fp32", 0, [](MultiCoreMatmulTiling& t, int32_t& r) {
         t.SetAType(TPosition::GM, CubeFormat::ND, DT_INT8);
         t.SetBType(TPosition::GM, CubeFormat::ND, DT_INT8, true);
         r = t.SetCType(TPosition::GM, CubeFormat::ND, DT_FLOAT);
       }},
      {"fp8 on dav-2201", 0, [](MultiCoreMatmulTiling& t, int32_t& r) {
         r = t.SetAType(TPosition::GM, CubeFormat::ND, DT_FLOAT8_E4M3FN);
         t.SetBType(TPosition::GM, CubeFormat::ND, DT_FLOAT8_E4M3FN);
       }},
      {"int32 bias for fp16", 0, [](MultiCoreMatmulTiling& t, int32_t& r) {
         r = t.SetBiasType(TPosition::GM, CubeFormat::ND, DT_INT32);
         t.SetBias(true);
       }},
      {"A position CO1", -1, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetAType(TPosition::CO1, CubeFormat::ND, DT_FLOAT16); }},
      {"L1 too small", 0, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetBufferSpace(1024, -1, -1); }},
      {"L0C too small", 0, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetBufferSpace(-1, 512, -1); }},
      {"more L1 than the part has", -1, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetBufferSpace(1 << 30); }},
      {"zero cores", -1, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetDim(0); }},
      {"baseM not a multiple of 16", -1, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetFixSplit(100, -1, -1); }},
      {"baseM beyond the core's block", 0, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetFixSplit(512, -1, -1); }},
      {"baseK off the fractal", 0, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetFixSplit(-1, -1, 24); }},
      {"base blocks beyond L0", 0, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetFixSplit(256, 256, 256); }},
      {"singleK below K without split-K", 0, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetSingleShape(-1, -1, 128); }},
      {"single block beyond the shape", 0, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetSingleShape(512, -1, -1); }},
      {"VECTOR A with two rows", 0, [](MultiCoreMatmulTiling& t, int32_t& r) { r = t.SetAType(TPosition::GM, CubeFormat::VECTOR, DT_FLOAT16); }},
  };
  for (const Bad& b : bad) {
    MultiCoreMatmulTiling t = ReadyTiler();
    int32_t setter = 99;
    b.spoil(t, setter);
    EXPECT_EQ(setter, b.setterResult) << b.what;
    KernelTiling untouched;
    untouched.baseM = 12345;
    EXPECT_EQ(t.GetTiling(untouched), -1) << b.what;
    EXPECT_EQ(untouched.baseM, 12345) << b.what << ": a failed GetTiling leaves the struct alone";
  }
  MatmulApiTiling noTypes(PlatformAscendC("dav-2201"));
  noTypes.SetShape(16, 16, 16);
  EXPECT_EQ(noTypes.GetTiling(out), -1) << "A and B types are required";
  MultiCoreMatmulTiling int4On950(PlatformAscendC("dav-3510"));
  int4On950.SetAType(TPosition::GM, CubeFormat::ND, DT_INT4);
  int4On950.SetBType(TPosition::GM, CubeFormat::ND, DT_INT4);
  int4On950.SetShape(64, 64, 64);
  EXPECT_EQ(int4On950.GetTiling(out), -1) << "int4 is a dav-2201 type here";
}

// ---- what the setters ask for ----

TEST(MatmulTiling, FixSplitIsHonoured) {
  MultiCoreMatmulTiling t = ReadyTiler();
  EXPECT_EQ(t.SetFixSplit(64, 128, -1), 0);
  KernelTiling out;
  ASSERT_EQ(t.GetTiling(out), 0);
  EXPECT_EQ(out.baseM, 64);
  EXPECT_EQ(out.baseN, 128);
  EXPECT_EQ(t.GetBaseM(), 64);
  EXPECT_EQ(t.GetBaseN(), 128);
  EXPECT_EQ(t.GetBaseK(), out.baseK);
  EXPECT_GE(out.singleCoreM, 64) << "the split keeps blocks that hold the fixed base";
  ExpectLegal(out, {"dav-2201", DT_FLOAT16, DT_FLOAT, false, false, false, 256, 256, 256, 8}, PartBudget("dav-2201"), 8);

  MultiCoreMatmulTiling k = ReadyTiler();
  EXPECT_EQ(k.SetFixSplit(-1, -1, 32), 0);
  ASSERT_EQ(k.GetTiling(out), 0);
  EXPECT_EQ(out.baseK, 32);

  MatmulApiTiling single(PlatformAscendC("dav-2201"));
  single.SetAType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  single.SetBType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  single.SetShape(1024, 1024, 1024);
  single.SetFixSplit(256, 128);
  ASSERT_EQ(single.GetTiling(out), 0);
  EXPECT_EQ(out.baseM, 256);
  EXPECT_EQ(out.baseN, 128);
}

TEST(MatmulTiling, SingleShapeAlignAndCoreNumbers) {
  MultiCoreMatmulTiling t = ReadyTiler();
  EXPECT_EQ(t.SetSingleShape(128, 64, -1), 0);
  optiling::TCubeTiling out;
  ASSERT_EQ(t.GetTiling(out), 0);
  EXPECT_EQ(out.get_singleCoreM(), 128);
  EXPECT_EQ(out.get_singleCoreN(), 64);
  EXPECT_EQ(out.get_usedCoreNum(), 8);
  int32_t dim = 0, mDim = 0, nDim = 0, m = 0, n = 0, k = 0;
  ASSERT_EQ(t.GetCoreNum(dim, mDim, nDim), 0);
  EXPECT_EQ(dim, 8);
  EXPECT_EQ(mDim, 2);
  EXPECT_EQ(nDim, 4);
  ASSERT_EQ(t.GetSingleShape(m, n, k), 0);
  EXPECT_EQ(m, 128);
  EXPECT_EQ(n, 64);
  EXPECT_EQ(k, 256);

  // More fixed blocks than cores (16 x 16 of them on 8 cores): the kernel loops over them.
  MultiCoreMatmulTiling many = ReadyTiler();
  EXPECT_EQ(many.SetSingleShape(16, 16, -1), 0);
  ASSERT_EQ(many.GetTiling(out), 0);
  EXPECT_EQ(out.get_singleCoreM(), 16);
  EXPECT_EQ(out.get_singleCoreN(), 16);
  EXPECT_EQ(out.get_usedCoreNum(), 8) << "usedCoreNum is SetDim, as in CANN";
  ASSERT_EQ(many.GetCoreNum(dim, mDim, nDim), 0);
  EXPECT_EQ(mDim * nDim, 256);

  // The SDK's L2-cache matmul sample: 8192^3 in 1024 x 1536 blocks (48) on 24 cores, fixed base.
  MultiCoreMatmulTiling l2(PlatformAscendC("dav-2201"));
  l2.SetDim(24);
  l2.SetSingleShape(1024, 1536, 8192);
  l2.SetAType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  l2.SetBType(TPosition::GM, CubeFormat::ND, DT_FLOAT16, true);
  l2.SetCType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  l2.SetOrgShape(8192, 8192, 8192);
  l2.SetShape(8192, 8192, 8192);
  l2.SetBufferSpace(-1, -1, -1);
  l2.SetFixSplit(128, 256, 64);
  ASSERT_EQ(l2.GetTiling(out), 0);
  EXPECT_EQ(out.get_usedCoreNum(), 24);
  EXPECT_EQ(out.get_baseM(), 128);
  EXPECT_EQ(out.get_baseN(), 256);
  EXPECT_EQ(out.get_baseK(), 64);

  MultiCoreMatmulTiling aligned = ReadyTiler();
  aligned.SetShape(1000, 1000, 256);
  aligned.SetOrgShape(1000, 1000, 256);
  aligned.SetDim(7);
  EXPECT_EQ(aligned.SetAlignSplit(64, 128, -1), 0);
  KernelTiling kt;
  ASSERT_EQ(aligned.GetTiling(kt), 0);
  EXPECT_TRUE(kt.singleCoreM % 64 == 0 || kt.singleCoreM == 1000) << kt.singleCoreM;
  EXPECT_TRUE(kt.singleCoreN % 128 == 0 || kt.singleCoreN == 1000) << kt.singleCoreN;
  EXPECT_LE(kt.usedCoreNum, 7);
}

TEST(MatmulTiling, SplitKCoversK) {
  MultiCoreMatmulTiling t(PlatformAscendC("dav-2201"));
  t.SetDim(24);
  t.SetAType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  t.SetBType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  t.SetShape(256, 256, 16384);
  t.SetOrgShape(256, 256, 16384);
  t.EnableMultiCoreSplitK(true);
  KernelTiling out;
  ASSERT_EQ(t.GetTiling(out), 0);
  int32_t dim = 0, mDim = 0, nDim = 0, kDim = 0;
  ASSERT_EQ(t.GetCoreNum(dim, mDim, nDim, kDim), 0);
  EXPECT_EQ(kDim, 24) << "CANN's tiler cuts K in 24 slices of 688 here (CoreSplitIsCanns)";
  EXPECT_EQ(kDim, CeilDiv(16384, out.singleCoreK));
  EXPECT_EQ(out.usedCoreNum, mDim * nDim * kDim);
  EXPECT_LE(out.usedCoreNum, 24);
  EXPECT_EQ(out.singleCoreK % 16, 0);

  t.SetBias(true);
  ASSERT_EQ(t.GetTiling(out), 0);
  EXPECT_EQ(out.singleCoreK, 16384) << "no split-K with a bias";
}

// MxMatmul (Ascend 950): MXMODE makes every searched baseK a multiple of 64 (MmadMx's K); a
// 4-bit B stored K x N is never split inside a byte; fp4 is refused without dav-3510.
TEST(MatmulTiling, MxModeAlignsKAndFp4SplitsAreEven) {
  for (DataType type : {DT_FLOAT8_E5M2, DT_FLOAT4_E2M1}) {
    for (int32_t k : {96, 200, 1000}) {
      MultiCoreMatmulTiling t(PlatformAscendC("dav-3510"));
      t.SetDim(3);
      t.SetAType(TPosition::GM, CubeFormat::ND, type);
      t.SetBType(TPosition::GM, CubeFormat::ND, type);
      t.SetCType(TPosition::GM, CubeFormat::ND, DT_FLOAT);
      t.SetScaleAType(TPosition::GM, CubeFormat::ND);
      t.SetScaleBType(TPosition::GM, CubeFormat::ND, false);
      t.SetShape(96, 80, k);
      t.SetOrgShape(96, 80, k);
      t.SetMadType(MatrixMadType::MXMODE);
      KernelTiling out;
      ASSERT_EQ(t.GetTiling(out), 0) << k;
      EXPECT_EQ(out.baseK % 64, 0) << "k " << k << ": baseK " << out.baseK;
      if (type == DT_FLOAT4_E2M1) {
        EXPECT_EQ(out.singleCoreN % 2, 0) << "k " << k << ": singleCoreN " << out.singleCoreN;
      }
    }
  }
  MultiCoreMatmulTiling a2(PlatformAscendC("dav-2201"));
  a2.SetAType(TPosition::GM, CubeFormat::ND, DT_FLOAT4_E2M1);
  a2.SetBType(TPosition::GM, CubeFormat::ND, DT_FLOAT4_E2M1);
  a2.SetShape(64, 64, 64);
  a2.SetOrgShape(64, 64, 64);
  KernelTiling out;
  EXPECT_EQ(a2.GetTiling(out), -1) << "the A2's cube has no fp4";
}

// ---- the core split is CANN's ----
//
// Public samples hard-code the split CANN's MultiCoreMatmulTiling gives them (block offsets
// blockIdx * singleCoreM * Ka, "the tiling splits N over 2 cores", ...). The expected numbers
// are what CANN's public host tiling library (asc-devkit, impl/adv_api/tiling/matmul:
// matmul_tiling_algorithm.cpp, bmm_tiling.cpp, math_util.cpp), compiled on the host with
// Ascend910B1's sizes (L1 512 KiB, L0A/B 64 KiB, L0C 128 KiB), returns for the same calls.
// Where CANN's singleCore* exceed the shape (it rounds M and N up to 16 first) ours are clipped
// to the shape; usedCoreNum is the same.

struct CannCase {
  const char* what;
  int32_t m, n, k, dim;
  DataType input;
  bool transA, transB, bias, cInUb, splitK;
  int32_t baseM, baseN, baseK;  // SetFixSplit (-1: not called)
  int32_t l1;                   // SetBufferSpace's L1 (-1: all)
  int32_t usedCoreNum, singleCoreM, singleCoreN, singleCoreK;
};

KernelTiling TileCannCase(const CannCase& c, const char* arch = "dav-2201") {
  MultiCoreMatmulTiling t(PlatformAscendC{arch});
  DataType out = c.input == DT_INT8 ? DT_INT32 : DT_FLOAT;
  EXPECT_EQ(t.SetDim(c.dim), 0);
  EXPECT_EQ(t.SetAType(TPosition::GM, CubeFormat::ND, c.input, c.transA), 0);
  EXPECT_EQ(t.SetBType(TPosition::GM, CubeFormat::ND, c.input, c.transB), 0);
  EXPECT_EQ(t.SetCType(c.cInUb ? TPosition::VECIN : TPosition::GM, CubeFormat::ND, out), 0);
  if (c.bias) {
    EXPECT_EQ(t.SetBiasType(TPosition::GM, CubeFormat::ND, out), 0);
  }
  EXPECT_EQ(t.SetOrgShape(c.m, c.n, c.k), 0);
  EXPECT_EQ(t.SetShape(c.m, c.n, c.k), 0);
  if (c.baseM > 0 || c.baseN > 0 || c.baseK > 0) {
    EXPECT_EQ(t.SetFixSplit(c.baseM, c.baseN, c.baseK), 0);
  }
  t.EnableMultiCoreSplitK(c.splitK);
  EXPECT_EQ(t.SetBias(c.bias), 0);
  EXPECT_EQ(t.SetBufferSpace(c.l1, -1, -1), 0);
  KernelTiling result;
  EXPECT_EQ(t.GetTiling(result), 0) << c.what;
  return result;
}

TEST(MatmulTiling, CoreSplitIsCanns) {
  const CannCase cases[] = {
      // The four public samples whose kernels assume CANN's split (notes/sweep_samples.md finding 3,
      // notes/sweep_devkit.md item 6):
      // asc-devkit 00_introduction/02_matrix/matmul_advanced_api: "the tiling splits M over 2
      // cores", A offset blockIdx * singleCoreM * Ka.
      {"matmul_advanced_api", 512, 512, 128, 2, DT_FLOAT16, false, false, false, false, false, -1, -1, -1, -1,
       2, 256, 512, 128},
      // asc-devkit 00_introduction/03_fusion_operation/matmul_leakyrelu_advanced_api: SetFixSplit(128,
      // 64, 128), C at VECIN, "split along N into 2, each logical core 512 x 64".
      {"matmul_leakyrelu_advanced_api", 512, 128, 128, 2, DT_FLOAT16, false, false, true, true, false, 128, 64,
       128, -1, 2, 512, 64, 128},
      // Ascend samples MatmulCustomMultiCore (0_introduction/10): SetDim(GetCoreNumAiv()) = 48, bias.
      // CANN's own split has an M tail: 22 x 2 blocks of 47 x 320 rows/columns on 44 cores.
      {"MatmulCustomMultiCore, 48 AIVs", 1024, 640, 256, 48, DT_FLOAT16, false, false, true, false, false, -1, -1,
       -1, -1, 44, 47, 320, 256},
      // Ascend samples MatmulLeakyReluCustom (0_introduction/12): SetDim(48), SetFixSplit(-1, 160, -1),
      // C at VECIN: the same 44 blocks (the fixed baseN does not change CANN's split).
      {"MatmulLeakyReluCustom, 48 AIVs", 1024, 640, 256, 48, DT_FLOAT16, false, false, true, true, false, -1, 160,
       -1, -1, 44, 47, 320, 256},
      // The tutorials copies of both (SetDim(2), SetFixSplit(128, 128, -1), one AIC launched).
      {"tutorials MatmulCustomMultiCore / MatmulLeakyRelu, 2 AIVs", 1024, 640, 256, 2, DT_FLOAT16, false, false,
       true, false, false, 128, 128, -1, -1, 2, 512, 640, 256},
      // More of CANN's answers: tiny, tails, transposes, fp32 with a small L1, int8, split-K.
      {"one element", 1, 1, 1, 48, DT_FLOAT16, false, false, false, false, false, -1, -1, -1, -1, 1, 1, 1, 1},
      {"1000 cubed", 1000, 1000, 1000, 48, DT_FLOAT16, false, false, false, false, false, -1, -1, -1, -1, 44, 92,
       252, 1000},
      {"tall and thin", 8192, 64, 8192, 48, DT_FLOAT16, false, false, false, false, false, -1, -1, -1, -1, 48, 683,
       16, 8192},
      {"odd sizes", 129, 257, 100, 24, DT_FLOAT16, false, false, true, false, false, -1, -1, -1, -1, 9, 16, 257, 100},
      {"A transposed", 1024, 1024, 1024, 8, DT_FLOAT16, true, false, false, false, false, -1, -1, -1, -1, 8, 256,
       512, 1024},
      {"short M", 64, 4096, 256, 48, DT_FLOAT16, false, true, false, false, false, -1, -1, -1, -1, 43, 64, 96, 256},
      {"4096 cubed on 24", 4096, 4096, 4096, 24, DT_FLOAT16, false, true, false, false, false, -1, -1, -1, -1, 24,
       4096, 171, 4096},
      {"fp32, L1 of 128 KiB", 4740, 720, 50, 24, DT_FLOAT, false, false, false, false, false, -1, -1, -1, 131072, 22,
       216, 720, 50},
      {"int8", 512, 1024, 512, 20, DT_INT8, false, true, false, false, false, -1, -1, -1, -1, 20, 128, 205, 512},
      {"split-K", 256, 256, 16384, 24, DT_FLOAT16, false, false, false, false, true, -1, -1, -1, -1, 24, 256, 256,
       688},
      {"split-K of a short K", 5138, 1024, 45, 30, DT_FLOAT16, false, false, false, false, true, -1, -1, -1, -1, 18,
       859, 1024, 16},
  };
  for (const CannCase& c : cases) {
    KernelTiling t = TileCannCase(c);
    EXPECT_EQ(t.usedCoreNum, c.usedCoreNum) << c.what;
    EXPECT_EQ(t.singleCoreM, c.singleCoreM) << c.what;
    EXPECT_EQ(t.singleCoreN, c.singleCoreN) << c.what;
    EXPECT_EQ(t.singleCoreK, c.singleCoreK) << c.what;
    EXPECT_EQ(t.usedCoreNum, CeilDiv(c.m, t.singleCoreM) * CeilDiv(c.n, t.singleCoreN) * CeilDiv(c.k, t.singleCoreK))
        << c.what << ": the blocks cover the shape once";
  }
  // The same split on dav-3510 (CANN's 950 path is the same search; only tiny shapes see its L0C).
  KernelTiling t = TileCannCase(cases[0], "dav-3510");
  EXPECT_EQ(t.usedCoreNum, 2);
  EXPECT_EQ(t.singleCoreM, 256);
}

TEST(MatmulTiling, FixedBaseBeyondCannsBlockKeepsATiling) {
  // CANN splits 256 x 256 on 8 cores into 32 x 256 blocks and then fails a fixed baseM of 64;
  // ours falls back to a split whose blocks hold the fixed base.
  MultiCoreMatmulTiling plain = ReadyTiler();
  KernelTiling out;
  ASSERT_EQ(plain.GetTiling(out), 0);
  EXPECT_EQ(out.usedCoreNum, 8);
  EXPECT_EQ(out.singleCoreM, 32) << "CANN's split";
  EXPECT_EQ(out.singleCoreN, 256);
  MultiCoreMatmulTiling fixed = ReadyTiler();
  fixed.SetFixSplit(64, 128, -1);
  ASSERT_EQ(fixed.GetTiling(out), 0);
  EXPECT_GE(out.singleCoreM, 64);
  EXPECT_EQ(out.baseM, 64);
}

TEST(MatmulTiling, TraverseDoubleBufferAndPositions) {
  MultiCoreMatmulTiling n = ReadyTiler();
  n.SetTraverse(MatrixTraverse::FIRSTN);
  KernelTiling out;
  ASSERT_EQ(n.GetTiling(out), 0);
  EXPECT_EQ(out.iterateOrder, 1);
  n.SetTraverse(MatrixTraverse::FIRSTM);
  ASSERT_EQ(n.GetTiling(out), 0);
  EXPECT_EQ(out.iterateOrder, 0);

  MultiCoreMatmulTiling single = ReadyTiler();
  single.SetDoubleBuffer(false, false, false, false);
  ASSERT_EQ(single.GetTiling(out), 0);
  EXPECT_EQ(out.dbL0A + out.dbL0B + out.dbL0C, 3);
  EXPECT_EQ(out.depthA1, out.stepM * out.stepKa);
  EXPECT_EQ(out.depthB1, out.stepN * out.stepKb);

  MultiCoreMatmulTiling ub = ReadyTiler();
  ub.SetAType(TPosition::VECOUT, CubeFormat::ND, DT_FLOAT16);
  ub.SetCType(TPosition::VECCALC, CubeFormat::ND, DT_FLOAT);
  ub.SetBufferSpace(-1, -1, 64 * 1024);
  ASSERT_EQ(ub.GetTiling(out), 0);
  EXPECT_GE(out.transLength, out.baseM * out.baseN * 4) << "C passes through UB";
  EXPECT_LE(out.transLength, 64 * 1024);

  MultiCoreMatmulTiling tscm = ReadyTiler();
  tscm.SetAType(TPosition::TSCM, CubeFormat::NZ, DT_FLOAT16);
  ASSERT_EQ(tscm.GetTiling(out), 0);
  EXPECT_EQ(out.stepM, CeilDiv(out.singleCoreM, out.baseM)) << "a TSCM A lies whole in L1";
  EXPECT_EQ(out.stepKa, CeilDiv(out.singleCoreK, out.baseK));
}

TEST(MatmulTiling, PlatformInfoAndBufferSpaceBoundL1) {
  PlatformInfo info(platform_ascendc::SocVersion::ASCEND910B, 128 * 1024, 0, 0, 0, 0);
  MatmulApiTiling t(info);
  t.SetAType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  t.SetBType(TPosition::GM, CubeFormat::ND, DT_FLOAT16, true);
  t.SetShape(2048, 2048, 2048);
  KernelTiling out;
  ASSERT_EQ(t.GetTiling(out), 0);
  EXPECT_LE(out.shareL1Size, 128 * 1024);
  Case c{"dav-2201", DT_FLOAT16, DT_FLOAT, false, true, false, 2048, 2048, 2048, 0};
  Budget small = PartBudget("dav-2201");
  small.l1 = 128 * 1024;
  ExpectLegal(out, c, small, 1);

  MatmulApiTiling spaced(PlatformAscendC("dav-2201"));
  spaced.SetAType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  spaced.SetBType(TPosition::GM, CubeFormat::ND, DT_FLOAT16, true);
  spaced.SetShape(2048, 2048, 2048);
  spaced.SetBufferSpace(96 * 1024, 64 * 1024, -1);
  ASSERT_EQ(spaced.GetTiling(out), 0);
  small.l1 = 96 * 1024, small.l0c = 64 * 1024;
  ExpectLegal(out, c, small, 1);
}

TEST(MatmulTiling, DtMacrosOfKernelHeadersDoNotBreakTheEnum) {
  EXPECT_EQ(DtMacroCompatValue(), 1 + 27);
}

}  // namespace

// BatchMatmul: the layouts and batch count go into the tiling the kernel addresses with; a
// layout or count that is not positive is refused (-1) and leaves the tiling's as it was.
TEST(MatmulTiling, BatchLayoutsReachTheTiling) {
  MultiCoreMatmulTiling tiler = ReadyTiler();
  ASSERT_EQ(tiler.SetALayout(2, 32, 1, 3, 64), 0);
  ASSERT_EQ(tiler.SetBLayout(2, 48, 1, 1, 64), 0);
  ASSERT_EQ(tiler.SetCLayout(2, 32, 1, 3, 48), 0);
  ASSERT_EQ(tiler.SetBatchNum(3), 0);
  EXPECT_EQ(tiler.SetALayout(2, 32, 0, 3, 64), -1);
  EXPECT_EQ(tiler.SetCLayout(2, -32, 1, 3, 48), -1);
  EXPECT_EQ(tiler.SetBatchNum(0), -1);
  KernelTiling t;
  ASSERT_EQ(tiler.GetTiling(t), 0);
  EXPECT_EQ(std::vector<int32_t>({t.ALayoutInfoB, t.ALayoutInfoS, t.ALayoutInfoN, t.ALayoutInfoG, t.ALayoutInfoD}),
            std::vector<int32_t>({2, 32, 1, 3, 64}));
  EXPECT_EQ(std::vector<int32_t>({t.BLayoutInfoB, t.BLayoutInfoS, t.BLayoutInfoN, t.BLayoutInfoG, t.BLayoutInfoD}),
            std::vector<int32_t>({2, 48, 1, 1, 64}));
  EXPECT_EQ(std::vector<int32_t>({t.CLayoutInfoB, t.CLayoutInfoS1, t.CLayoutInfoN, t.CLayoutInfoG, t.CLayoutInfoS2}),
            std::vector<int32_t>({2, 32, 1, 3, 48}));
  EXPECT_EQ(t.BatchNum, 3);

  // NORMAL: batch counts and one batch's M, N, K (C's batches: the larger count).
  BatchMatmulTiling batch;
  batch.SetAType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  batch.SetBType(TPosition::GM, CubeFormat::ND, DT_FLOAT16);
  batch.SetCType(TPosition::GM, CubeFormat::ND, DT_FLOAT);
  batch.SetShape(32, 48, 64);
  batch.SetOrgShape(32, 48, 64);
  ASSERT_EQ(batch.SetBatchInfoForNormal(4, 2, 32, 48, 64), 0);
  EXPECT_EQ(batch.SetBatchInfoForNormal(0, 2, 32, 48, 64), -1);
  int32_t dim = 0, mDim = 0, nDim = 0, batchM = 0, batchN = 0;
  EXPECT_EQ(batch.GetCoreNum(dim, mDim, nDim, batchM, batchN), -1) << "no tiling yet";
  ASSERT_EQ(batch.GetTiling(t), 0);
  EXPECT_EQ(batch.GetCoreNum(dim, mDim, nDim, batchM, batchN), 0);
  EXPECT_EQ(dim, 1);
  EXPECT_EQ(std::vector<int32_t>({t.ALayoutInfoB, t.ALayoutInfoS, t.ALayoutInfoD, t.BLayoutInfoB, t.BLayoutInfoS,
                                  t.CLayoutInfoB, t.CLayoutInfoS1, t.CLayoutInfoS2}),
            std::vector<int32_t>({4, 32, 64, 2, 48, 4, 32, 48}));
  EXPECT_EQ(t.BatchNum, 1) << "SetBatchNum not called";
}

// SetMatmulConfigParams's struct form and SetDequantType are accepted; only the traverse order
// changes the tiling (iterateOrder 1: N first).
TEST(MatmulTiling, ConfigParamsStructAndDequantType) {
  MultiCoreMatmulTiling tiler = ReadyTiler();
  KernelTiling before, after;
  ASSERT_EQ(tiler.GetTiling(before), 0);
  tiler.SetMatmulConfigParams(MatmulConfigParams(1, false, ScheduleType::N_BUFFER_33, MatrixTraverse::FIRSTN, false));
  EXPECT_EQ(tiler.SetDequantType(DequantType::TENSOR), 0);
  ASSERT_EQ(tiler.GetTiling(after), 0);
  EXPECT_EQ(after.iterateOrder, 1);
  after.iterateOrder = before.iterateOrder;
  EXPECT_EQ(std::memcmp(&before, &after, sizeof(before)), 0) << "nothing else moved";
}
