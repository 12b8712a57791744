// The host helpers of the high-level APIs (include/ascendc/tiling/adv_api_tiling.h): the shape
// type, the temporary-buffer queries (min <= max, the documented size rule, 0 for an empty
// shape), the tiling fillers (the shape fields the kernels read, rounds covering every row),
// securec's functions, and that the optiling spellings name the kernel structs.
#include <gtest/gtest.h>

#include <cstring>
#include <type_traits>
#include <vector>

#include "kernel_tiling/kernel_tiling.h"
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"

// An op's tiling data holding API tilings, as the SDK's samples write it.
namespace optiling {
BEGIN_TILING_DATA_DEF(SkTestAdvTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, softmaxTilingData);
TILING_DATA_FIELD_DEF_STRUCT(LayerNormTiling, layernormTilingData);
TILING_DATA_FIELD_DEF_STRUCT(TopkTiling, topkTilingData);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

using AscendC::TensorShape;

TEST(AdvTiling, TensorShapeAndGeShape) {
  std::vector<int64_t> dims = {4, 8, 16};
  TensorShape s(dims);
  EXPECT_EQ(s.GetDimNum(), 3u);
  EXPECT_EQ(s.GetDim(1), 8);
  EXPECT_EQ(s.GetShapeSize(), 512);
  EXPECT_EQ(s.GetDims(), dims);
  uint32_t rows = 2, cols = 64;
  TensorShape braced({rows, cols});  // the samples' form, from uint32_t values
  EXPECT_EQ(braced.GetShapeSize(), 128);
  ge::Shape g(dims);
  EXPECT_TRUE((std::is_same<ge::Shape, TensorShape>::value));
  EXPECT_EQ(g, s);
  EXPECT_EQ(TensorShape().GetShapeSize(), 0);
}

TEST(AdvTiling, ElementwiseSizesFollowTheRule) {
  TensorShape s({1024});
  uint32_t mx = 0, mn = 0;
  AscendC::GetGeluMaxMinTmpSize(s, 4, mx, mn);  // 2 float temporaries
  EXPECT_EQ(mn, 2u * 256);
  EXPECT_EQ(mx, 2u * 1024 * 4);
  EXPECT_EQ(AscendC::GetGeluMinTmpSize(s, 2), mn);
  EXPECT_EQ(AscendC::GetGeluMaxTmpSize(s, 2), mx);
  AscendC::GetSwiGLUMaxMinTmpSize(s, 4, mx, mn, false);
  EXPECT_LE(mn, mx);
  AscendC::GetAcoshMaxMinTmpSize(s, 4, false, mx, mn);
  EXPECT_EQ(mn, 512u);
  EXPECT_EQ(AscendC::GetAcoshMinTmpSize(s, 4, false), mn);
  // a small input: max is never below min
  AscendC::GetFracMaxMinTmpSize(TensorShape({3}), 4, false, mx, mn);
  EXPECT_EQ(mn, 256u);
  EXPECT_EQ(mx, 256u);
  auto plat = platform_ascendc::PlatformAscendC("dav-2201");
  AscendC::GetRintMaxMinTmpSize(plat, s, 4, false, mx, mn);
  EXPECT_LE(mn, mx);
  AscendC::GetPowerMaxMinTmpSize(s, TensorShape({1}), false, 4, false, mx, mn);
  EXPECT_EQ(mn, 3u * 256);
}

TEST(AdvTiling, TmpBufferFactorSizeSizesTheLargestTileThatFits) {
  // Lgamma keeps 4 float temporaries per element: 4 per float element, 8 per half one, and
  // up to 32 bytes of alignment each.
  uint32_t live = 0, extra = 0;
  AscendC::GetLgammaTmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 4u);
  EXPECT_EQ(extra, 4u * 32);
  AscendC::GetLgammaTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 8u);
  // The elements (space - extra) / live / typeSize computes need no more than the max size.
  const uint32_t space = 16 * 1024, typeSize = 2;
  AscendC::GetAsinTmpBufferFactorSize(typeSize, live, extra);
  const uint32_t n = (space - extra) / live / typeSize;
  uint32_t mx = 0, mn = 0;
  AscendC::GetAsinMaxMinTmpSize(TensorShape({(int64_t)n}), typeSize, false, mx, mn);
  EXPECT_LE(mx, space);
  AscendC::GetAsinMaxMinTmpSize(TensorShape({(int64_t)n + 64}), typeSize, false, mx, mn);
  EXPECT_GT(mx, space);
}

TEST(AdvTiling, SoftMaxTilingCoversTheRows) {
  TensorShape s({2, 30, 96});  // 60 rows of 96
  uint32_t mn = AscendC::GetSoftMaxMinTmpSize(s, 4, false);
  uint32_t mx = AscendC::GetSoftMaxMaxTmpSize(s, 4, false);
  EXPECT_EQ(mn, 2u * 96 * 4);  // two float rows
  EXPECT_EQ(mx, 2u * 60 * 96 * 4);
  for (uint32_t work : {mn, 5 * mn, mx}) {
    SoftMaxTiling t{};
    AscendC::SoftMaxTilingFunc(s, 4, work, t);
    EXPECT_EQ(t.srcM, 60u);
    EXPECT_EQ(t.srcK, 96u);
    EXPECT_EQ(t.srcSize, 60u * 96);
    EXPECT_EQ(t.outMaxK, 8u);  // one 32-byte block of floats per row
    EXPECT_GE(t.splitM, 1u);
    EXPECT_EQ(t.rangeM * t.splitM + t.tailM, t.srcM) << work;
  }
  SoftMaxTiling half{};
  AscendC::SoftMaxFlashV2TilingFunc(s, 2, 2, AscendC::GetSoftMaxFlashV2MinTmpSize(s, 2, 2, true, false), half, true);
  EXPECT_EQ(half.outMaxK, 16u);
  EXPECT_LT(AscendC::GetSoftMaxGradMinTmpSize(s, 4, true, false), AscendC::GetSoftMaxGradMinTmpSize(s, 4, false, false));
  LogSoftMaxTiling lt{};
  AscendC::LogSoftMaxTilingFunc(s, 4, AscendC::GetLogSoftMaxMinTmpSize(s, 4, false), lt);
  EXPECT_EQ(lt.srcK, 96u);
}

TEST(AdvTiling, NormTilings) {
  TensorShape s({2, 16, 64});
  uint32_t mx = 0, mn = 0;
  AscendC::GetLayerNormMaxMinTmpSize(s, 4, false, mx, mn);
  EXPECT_LE(mn, mx);
  LayerNormTiling ln{};
  AscendC::GetLayerNormNDTilingInfo(s, mn, 4, false, ln);
  EXPECT_EQ(ln.bLength, 2u);
  EXPECT_EQ(ln.sLength, 16u);
  EXPECT_EQ(ln.hLength, 64u);
  EXPECT_EQ(ln.loopRound * ln.meanVarRoundSize + ln.meanVarTailSize, 32u);
  EXPECT_FLOAT_EQ(ln.lastDimValueBack, 1.0f / 64);
  AscendC::tiling::LayerNormSeparateTiling sep{};
  AscendC::GetLayerNormMaxMinTmpSize(TensorShape({32, 64}), 4, false, true, false, mx, mn);
  AscendC::GetLayerNormNDTilingInfo(TensorShape({32, 64}), mn, 4, false, true, sep);
  EXPECT_EQ(sep.aLength, 32u);
  EXPECT_EQ(sep.rLength, 64u);
  EXPECT_EQ(sep.loopRound * sep.meanVarRoundSize + sep.meanVarTailSize, 32u);
  RmsNormTiling rms{};
  ASSERT_TRUE(AscendC::GetRmsNormMaxMinTmpSize(s, 4, mx, mn));
  ASSERT_TRUE(AscendC::GetRmsNormTilingInfo(s, TensorShape({2, 16, 60}), mn, 4, rms));
  EXPECT_EQ(rms.originalHLength, 60u);
  EXPECT_FLOAT_EQ(rms.reciprocalOfHLength, 1.0f / 60);
  EXPECT_EQ(rms.loopRound * rms.mainBsLength + rms.tailBsLength, 32u);
  DeepNormTiling dn{};
  AscendC::GetDeepNormMaxMinTmpSize(s, 4, false, false, mx, mn);
  ASSERT_TRUE(AscendC::GetDeepNormTilingInfo(s, s, mn, 4, false, false, dn));
  EXPECT_EQ(dn.hLength, 64u);
  LayerNormGradTiling g{};
  AscendC::GetLayerNormGradMaxMinTmpSize(s, 4, false, mx, mn);
  AscendC::GetLayerNormGradNDTilingInfo(s, mn, 4, false, g);
  EXPECT_EQ(g.loopNum * g.nohCalSize + g.nohTailSize, 32u);
  LayerNormGradBetaTiling gb{};
  AscendC::GetLayerNormGradBetaMaxMinTmpSize(s, 4, false, mx, mn);
  AscendC::GetLayerNormGradBetaNDTilingInfo(s, mn, 4, false, gb);
  EXPECT_EQ(gb.bshLength, 2048u);
}

TEST(AdvTiling, OtherFillers) {
  auto plat = platform_ascendc::PlatformAscendC("dav-2201");
  TopkTiling tk{};
  AscendC::TopKTilingFunc(plat, 100, 4, 7, 4, false, AscendC::TopKMode::TOPK_NORMAL, true, tk);
  EXPECT_EQ(tk.innerDataSize, 128u);
  EXPECT_EQ(tk.kAlignFourBytes, 8u);
  uint32_t mx = 0, mn = 0;
  AscendC::GetTopKMaxMinTmpSize(plat, 100, 4, false, false, AscendC::TopKMode::TOPK_NORMAL, true, 4, mx, mn);
  EXPECT_LE(mn, mx);
  PadTiling pad{};
  AscendC::GetPadMaxMinTmpSize(TensorShape({16, 32}), 4, mx, mn);
  AscendC::PadTilingFunc(TensorShape({16, 32}), TensorShape({16, 30}), mx, 4, pad);
  EXPECT_EQ(pad.srcHeight, 16u);
  EXPECT_EQ(pad.srcWidth, 32u);
  EXPECT_EQ(pad.srcOriWidth, 30u);
  UnPadTiling unpad{};
  AscendC::UnPadTilingFunc(TensorShape({16, 32}), mx, 4, unpad);
  EXPECT_EQ(unpad.srcWidth, 32u);
  AscendC::SortConfig cfg;
  AscendC::GetSortMaxMinTmpSize(TensorShape({128}), AscendC::TensorDataType::DT_FLOAT, AscendC::TensorDataType::DT_UINT32, false, cfg,
                                mx, mn);
  EXPECT_EQ(mn, 2u * 128 * 8);
  // ge's codes as op host code spells them: ge::DT_FLOAT and ge::DataType::DT_FLOAT.
  uint32_t geMax = 0, geMin = 0;
  AscendC::GetSortMaxMinTmpSize(ge::Shape({128}), ge::DT_FLOAT, ge::DataType::DT_UINT32, false, cfg, geMax, geMin);
  EXPECT_EQ(std::make_pair(geMax, geMin), std::make_pair(mx, mn));
  AscendC::GetReduceMaxMaxMinTmpSize(TensorShape({8, 64}), AscendC::TensorDataType::DT_FLOAT, AscendC::ReducePattern::AR, true, false,
                                     mx, mn);
  EXPECT_LE(mn, mx);
  AscendC::GetSumMaxMinTmpSize(100, 4, false, mx, mn);
  EXPECT_EQ(mn, 416u);
}

TEST(AdvTiling, OpTilingDataHoldsTheKernelStructs) {
  EXPECT_TRUE((std::is_same<optiling::SoftMaxTiling, AscendC::tiling::SoftMaxTiling>::value));
  EXPECT_TRUE((std::is_same<optiling::LayerNormTiling, ::LayerNormTiling>::value));
  optiling::SkTestAdvTilingData d;
  d.set_totalLength(7);
  AscendC::SoftMaxTilingFunc(TensorShape({4, 32}), 4, 1024, d.softmaxTilingData);
  std::vector<uint8_t> bytes(d.GetDataSize());
  d.SaveToBuffer(bytes.data(), bytes.size());
  SoftMaxTiling k;
  std::memcpy(&k, bytes.data() + offsetof(optiling::SkTestAdvTilingData, softmaxTilingData), sizeof(k));
  EXPECT_EQ(k.srcK, 32u);
}

TEST(AdvTiling, TransposeAndTransDataHelpers) {
  uint32_t mx = 0, mn = 0;
  AscendC::GetTransposeMaxMinTmpSize(TensorShape({1, 2, 64, 32}), 2, 1, mx, mn);
  EXPECT_LE(mn, mx);
  EXPECT_GT(mn, 0u);
  optiling::ConfusionTransposeTiling ct;
  AscendC::GetTransposeTilingInfo(TensorShape({1, 2, 64, 32}), mn, 2, 1, ct);
  EXPECT_EQ(ct.param0, 1u);  // the type, the dim count, the dims: what the kernel's Transpose reads
  EXPECT_EQ(ct.param1, 4u);
  EXPECT_EQ(ct.param4, 64u);
  EXPECT_EQ(ct.param5, 32u);
  EXPECT_EQ(ct.GetDataSize(), sizeof(AscendC::tiling::ConfusionTransposeTiling));
  std::vector<uint8_t> bytes(ct.GetDataSize());
  ct.SaveToBuffer(bytes.data(), bytes.size());
  uint32_t type = 0;
  std::memcpy(&type, bytes.data(), 4);
  EXPECT_EQ(type, 1u);
  AscendC::GetConfusionTransposeOnlyTilingInfo(TensorShape({32, 16}), mn, 2, ct);
  EXPECT_EQ(ct.param0, 7u);
  auto plat = platform_ascendc::PlatformAscendC("dav-2201");
  AscendC::TransDataConfig cfg{AscendC::DataFormat::NCDHW, AscendC::DataFormat::FRACTAL_Z_3D};
  EXPECT_TRUE(AscendC::GetTransDataMaxMinTmpSize(plat, TensorShape({16, 16, 1, 3, 5}), TensorShape({1, 1, 3, 5, 1, 16, 16}),
                                                 AscendC::TensorDataType::DT_FLOAT16, cfg, mx, mn));
  EXPECT_GE(mx, 16u * 16 * 15 * 2);
  PadTiling pad{};
  EXPECT_EQ(pad.GetDataSize(), 26u * 4);  // the host class's size and bytes (optiling::PadTiling)
}

// securec.h (which the tiling header brings, as CANN's do): the codes, and a destination left
// cleared, never partly written, when the copy cannot be made.
// GCC follows these intentionally bad calls into memcpy_s / strcpy_s past the checks that return
// first, and warns of the copies they never reach (-Wrestrict, -Wstringop-overflow).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wrestrict"
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
TEST(Securec, MemoryFunctionsCopyOrClearTheDestination) {
  char dst[4] = {0, 0, 0, 0};
  EXPECT_EQ(memcpy_s(dst, sizeof(dst), "abc", 3), EOK);
  EXPECT_STREQ(dst, "abc");
  EXPECT_EQ(memcpy_s(dst, 2, "abc", 3), ERANGE_AND_RESET);
  EXPECT_EQ(dst[0], 0);
  EXPECT_EQ(memcpy_s(nullptr, 4, "abc", 3), EINVAL);
  EXPECT_EQ(memcpy_s(dst, 0, "abc", 3), ERANGE);
  EXPECT_EQ(memcpy_s(dst, 4, "x", 0), EOK);
  std::memcpy(dst, "abc", 4);
  EXPECT_EQ(memcpy_s(dst, 4, nullptr, 1), EINVAL_AND_RESET);
  EXPECT_EQ(dst[0], 0);
  char both[8] = "abcdef";
  EXPECT_EQ(memcpy_s(both + 1, 7, both, 4), EOVERLAP_AND_RESET);
  std::memcpy(both, "abcdef", 7);
  EXPECT_EQ(memmove_s(both + 1, 7, both, 4), EOK);
  EXPECT_STREQ(both, "aabcdf");
  EXPECT_EQ(memset_s(dst, 4, 'z', 2), EOK);
  EXPECT_EQ(dst[1], 'z');
  EXPECT_EQ(memset_s(dst, 4, 'y', 9), ERANGE_AND_RESET);
  EXPECT_EQ(dst[3], 'y');
}

TEST(Securec, StringFunctionsTerminateOrLeaveTheDestinationEmpty) {
  char s[8];
  EXPECT_EQ(strcpy_s(s, sizeof(s), "kernel"), EOK);
  EXPECT_STREQ(s, "kernel");
  EXPECT_EQ(strcat_s(s, sizeof(s), "s"), EOK);
  EXPECT_STREQ(s, "kernels");
  EXPECT_EQ(strcat_s(s, sizeof(s), "!"), ERANGE_AND_RESET);
  EXPECT_STREQ(s, "");
  EXPECT_EQ(strcpy_s(s, sizeof(s), "too long!"), ERANGE_AND_RESET);
  EXPECT_STREQ(s, "");
  EXPECT_EQ(strncpy_s(s, sizeof(s), "abcdef", 3), EOK);
  EXPECT_STREQ(s, "abc");
  EXPECT_EQ(strncat_s(s, sizeof(s), "defgh", 2), EOK);
  EXPECT_STREQ(s, "abcde");
  EXPECT_EQ(sprintf_s(s, sizeof(s), "%d-%s", 42, "ok"), 5);
  EXPECT_STREQ(s, "42-ok");
  EXPECT_EQ(sprintf_s(s, sizeof(s), "%s", "overflowing"), -1);
  EXPECT_STREQ(s, "");
  EXPECT_EQ(snprintf_s(s, sizeof(s), 3, "%s", "abcdef"), -1);  // cut at count: kept, and reported
  EXPECT_STREQ(s, "abc");
  EXPECT_EQ(snprintf_s(s, sizeof(s), sizeof(s), "%s", "overflowing"), -1);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace

// Tiling templates (tiling/template_argument.h): the key of a combination, parameters in
// declaration order from bit 0 in their widths (DTYPE/FORMAT/BOOL as values, UINT as the index
// in the declaration's expanded list), and the combinations a kernel is instantiated for.
#include "ascendc/host_api/tiling/template_argument.h"
namespace sk_tpl_test {
ASCENDC_TPL_ARGS_DECL(TplTest, ASCENDC_TPL_DTYPE_DECL(D_T, 10, 20),
                      ASCENDC_TPL_UINT_DECL(TILE_NUM, ASCENDC_TPL_8_BW, ASCENDC_TPL_UI_MIX, 2, 0, 2, 3, 5, 10, 12, 13, 9, 8),
                      ASCENDC_TPL_FORMAT_DECL(FMT, 2, 29), ASCENDC_TPL_BOOL_DECL(IS_SPLIT, 0, 1), );
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DTYPE_SEL(D_T, 10), ASCENDC_TPL_UINT_SEL(TILE_NUM, ASCENDC_TPL_UI_LIST, 1, 8),
                                     ASCENDC_TPL_FORMAT_SEL(FMT, 2), ASCENDC_TPL_BOOL_SEL(IS_SPLIT, 0, 1),
                                     ASCENDC_TPL_TILING_STRUCT_SEL(SomeTiling)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY), ASCENDC_TPL_DTYPE_SEL(D_T, 20),
                                     ASCENDC_TPL_UINT_SEL(TILE_NUM, ASCENDC_TPL_UI_RANGE, 1, 3, 4), ASCENDC_TPL_FORMAT_SEL(FMT, 29),
                                     ASCENDC_TPL_BOOL_SEL(IS_SPLIT, 1)));
}  // namespace sk_tpl_test

TEST(TilingTemplates, KeysEncodeTheDeclaration) {
  using namespace sk_tpl_test;
  // TILE_NUM's values: 0 1 2 3 4 5 10 12 13 9 8 -> 8 is index 10, 3 index 3
  EXPECT_EQ(GET_TPL_TILING_KEY(10, 8, 2, 1), 10ull | (10ull << 8) | (2ull << 16) | (1ull << 24));
  EXPECT_EQ(GET_TPL_TILING_KEY(20, 3, 29, 0), 20ull | (3ull << 8) | (29ull << 16));
  static_assert(GET_TPL_TILING_KEY(10, 1, 2, 0) == (10ull | (1ull << 8) | (2ull << 16)), "a constant expression");
  EXPECT_EQ(GET_TPL_TILING_KEY(11, 8, 2, 1), AscendC::sk_tpl::kInvalidKey);  // 11 is no declared D_T
  EXPECT_EQ(GET_TPL_TILING_KEY(10, 7, 2, 1), AscendC::sk_tpl::kInvalidKey);  // 7 is no TILE_NUM value
  EXPECT_EQ(GET_TPL_TILING_KEY(10, 8, 2), AscendC::sk_tpl::kInvalidKey);     // too few values
  struct Ctx {
    uint64_t key = 0;
    void SetTilingKey(uint64_t k) { key = k; }
  } ctx;
  ASCENDC_TPL_SEL_PARAM(&ctx, 20, 4, 29, 1);
  EXPECT_EQ(ctx.key, 20ull | (4ull << 8) | (29ull << 16) | (1ull << 24));
}

// Twenty parameters, as ops-nn's weight_quant_batch_matmul_v2 declares: none is dropped.
namespace sk_tpl_wide {
ASCENDC_TPL_ARGS_DECL(TplWide, ASCENDC_TPL_BOOL_DECL(B0, 0, 1), ASCENDC_TPL_BOOL_DECL(B1, 0, 1), ASCENDC_TPL_BOOL_DECL(B2, 0, 1), ASCENDC_TPL_BOOL_DECL(B3, 0, 1), ASCENDC_TPL_BOOL_DECL(B4, 0, 1), ASCENDC_TPL_BOOL_DECL(B5, 0, 1), ASCENDC_TPL_BOOL_DECL(B6, 0, 1), ASCENDC_TPL_BOOL_DECL(B7, 0, 1), ASCENDC_TPL_BOOL_DECL(B8, 0, 1), ASCENDC_TPL_BOOL_DECL(B9, 0, 1), ASCENDC_TPL_BOOL_DECL(B10, 0, 1), ASCENDC_TPL_BOOL_DECL(B11, 0, 1), ASCENDC_TPL_BOOL_DECL(B12, 0, 1), ASCENDC_TPL_BOOL_DECL(B13, 0, 1), ASCENDC_TPL_BOOL_DECL(B14, 0, 1), ASCENDC_TPL_BOOL_DECL(B15, 0, 1), ASCENDC_TPL_BOOL_DECL(B16, 0, 1), ASCENDC_TPL_BOOL_DECL(B17, 0, 1), ASCENDC_TPL_BOOL_DECL(B18, 0, 1), ASCENDC_TPL_BOOL_DECL(B19, 0, 1));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_BOOL_SEL(B0, 0), ASCENDC_TPL_BOOL_SEL(B1, 1), ASCENDC_TPL_BOOL_SEL(B2, 0), ASCENDC_TPL_BOOL_SEL(B3, 1), ASCENDC_TPL_BOOL_SEL(B4, 0), ASCENDC_TPL_BOOL_SEL(B5, 1), ASCENDC_TPL_BOOL_SEL(B6, 0), ASCENDC_TPL_BOOL_SEL(B7, 1), ASCENDC_TPL_BOOL_SEL(B8, 0), ASCENDC_TPL_BOOL_SEL(B9, 1), ASCENDC_TPL_BOOL_SEL(B10, 0), ASCENDC_TPL_BOOL_SEL(B11, 1), ASCENDC_TPL_BOOL_SEL(B12, 0), ASCENDC_TPL_BOOL_SEL(B13, 1), ASCENDC_TPL_BOOL_SEL(B14, 0), ASCENDC_TPL_BOOL_SEL(B15, 1), ASCENDC_TPL_BOOL_SEL(B16, 0), ASCENDC_TPL_BOOL_SEL(B17, 1), ASCENDC_TPL_BOOL_SEL(B18, 0), ASCENDC_TPL_BOOL_SEL(B19, 1)));
}  // namespace sk_tpl_wide

TEST(TilingTemplates, TwentyParametersAllCount) {
  using namespace sk_tpl_wide;
  constexpr AscendC::sk_tpl::Table<20, 1> table{g_tilingDeclareParams, g_tilingSelectParams};
  static_assert(table.total() == 1, "one combination of all twenty");
  EXPECT_EQ(GET_TPL_TILING_KEY(0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1), 699050ull);
  uint64_t visited = 0;
  EXPECT_EQ((AscendC::sk_tpl::Enter<g_tilingDeclareParams, g_tilingSelectParams, 0>(699050ull, [&](auto... v) {
              static_assert(sizeof...(v) == 20, "the kernel is instantiated with all twenty values");
              ++visited;
            })),
            AscendC::sk_tpl::kRan);
  EXPECT_EQ(visited, 1u);
}

// 1,024 combinations (ops-transformer's flash_attention_score_grad selects 413): more than are
// compiled together, so Enter instantiates the metadata's key's only (found at compile time: a
// fold over all of them exceeds clang's limits) and refuses another launch key. (A key none has
// stops the compile: sk_cc's test SkCc.TemplateKernelsServeEveryCombination...)
namespace sk_tpl_many {
ASCENDC_TPL_ARGS_DECL(TplMany, ASCENDC_TPL_BOOL_DECL(B0, 0, 1), ASCENDC_TPL_BOOL_DECL(B1, 0, 1), ASCENDC_TPL_BOOL_DECL(B2, 0, 1),
                      ASCENDC_TPL_BOOL_DECL(B3, 0, 1), ASCENDC_TPL_BOOL_DECL(B4, 0, 1), ASCENDC_TPL_UINT_DECL(U, ASCENDC_TPL_8_BW, ASCENDC_TPL_UI_RANGE, 1, 0, 31));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_BOOL_SEL(B0, 0, 1), ASCENDC_TPL_BOOL_SEL(B1, 0, 1), ASCENDC_TPL_BOOL_SEL(B2, 0, 1),
                                     ASCENDC_TPL_BOOL_SEL(B3, 0, 1), ASCENDC_TPL_BOOL_SEL(B4, 0, 1),
                                     ASCENDC_TPL_UINT_SEL(U, ASCENDC_TPL_UI_RANGE, 1, 0, 31)));
}  // namespace sk_tpl_many

TEST(TilingTemplates, ManyCombinationsInstantiateOnlyTheKeys) {
  using namespace sk_tpl_many;
  constexpr AscendC::sk_tpl::Table<6, 1> table{g_tilingDeclareParams, g_tilingSelectParams};
  static_assert(table.total() == 1024, "2^5 x 32 combinations");
  std::vector<uint64_t> seen;
  auto record = [&](auto b0, auto b1, auto b2, auto b3, auto b4, auto u) {
    seen = {decltype(b0)::value, decltype(b1)::value, decltype(b2)::value, decltype(b3)::value, decltype(b4)::value, decltype(u)::value};
  };
  constexpr uint64_t k1 = GET_TPL_TILING_KEY(1, 0, 1, 1, 0, 29), k2 = GET_TPL_TILING_KEY(1, 1, 1, 1, 1, 31);
  EXPECT_EQ((AscendC::sk_tpl::Enter<g_tilingDeclareParams, g_tilingSelectParams, k1>(k1, record)), AscendC::sk_tpl::kRan);
  EXPECT_EQ(seen, (std::vector<uint64_t>{1, 0, 1, 1, 0, 29}));
  EXPECT_EQ((AscendC::sk_tpl::Enter<g_tilingDeclareParams, g_tilingSelectParams, k2>(k2, record)), AscendC::sk_tpl::kRan);
  EXPECT_EQ(seen, (std::vector<uint64_t>{1, 1, 1, 1, 1, 31}));
  seen.clear();
  EXPECT_EQ((AscendC::sk_tpl::Enter<g_tilingDeclareParams, g_tilingSelectParams, k1>(k2, record)), AscendC::sk_tpl::kOtherKey);
  EXPECT_TRUE(seen.empty()) << "an object compiled for k1 runs nothing for k2";
  EXPECT_FALSE((AscendC::sk_tpl::HasCombination<g_tilingDeclareParams, g_tilingSelectParams, (1ull << 13)>))
      << "a key with a bit past the declared widths";
}

// Lists with empty elements, as ops-nn's quant_batch_matmul_v3 writes them: a macro of its own
// that expands to `a, b,` followed by another comma, and TILING_STRUCT_SEL (nothing) in the middle;
// and two _SEL side by side without a comma, as ops-nn's conv2d tables write them.
namespace sk_tpl_empty {
#define SK_TEST_TRANS_SEL(t) ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIC_ONLY) ASCENDC_TPL_UINT_SEL(TRANS, ASCENDC_TPL_UI_LIST, t),
ASCENDC_TPL_ARGS_DECL(TplEmpty, ASCENDC_TPL_UINT_DECL(TRANS, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, 0, 1, 2), ,
                      ASCENDC_TPL_BOOL_DECL(BIAS, 0, 1), );
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(SK_TEST_TRANS_SEL(0), ASCENDC_TPL_TILING_STRUCT_SEL(SomeTilingData), ASCENDC_TPL_BOOL_SEL(BIAS, 0, 1)),
                ASCENDC_TPL_ARGS_SEL(SK_TEST_TRANS_SEL(2), ASCENDC_TPL_BOOL_SEL(BIAS, 1), ), );
#undef SK_TEST_TRANS_SEL
}  // namespace sk_tpl_empty

TEST(TilingTemplates, EmptyListElementsAreDropped) {
  using namespace sk_tpl_empty;
  static_assert(sizeof(g_tilingDeclareParams) / sizeof(g_tilingDeclareParams[0]) == 2, "two declared parameters");
  static_assert(sizeof(g_tilingSelectParams) / sizeof(g_tilingSelectParams[0]) == 2, "two selections");
  constexpr AscendC::sk_tpl::Table<2, 2> table{g_tilingDeclareParams, g_tilingSelectParams};
  static_assert(table.total() == 3, "TRANS 0 with BIAS 0 and 1, TRANS 2 with BIAS 1");
  std::vector<uint64_t> seen;
  auto record = [&](auto t, auto b) { seen.push_back(GET_TPL_TILING_KEY(decltype(t)::value, decltype(b)::value)); };
  for (uint64_t key : {GET_TPL_TILING_KEY(0, 0), GET_TPL_TILING_KEY(0, 1), GET_TPL_TILING_KEY(2, 1)})  // one object serves all
    EXPECT_EQ((AscendC::sk_tpl::Enter<g_tilingDeclareParams, g_tilingSelectParams, 0>(key, record)), AscendC::sk_tpl::kRan);
  EXPECT_EQ(seen, (std::vector<uint64_t>{GET_TPL_TILING_KEY(0, 0), GET_TPL_TILING_KEY(0, 1), GET_TPL_TILING_KEY(2, 1)}));
  EXPECT_EQ((AscendC::sk_tpl::Enter<g_tilingDeclareParams, g_tilingSelectParams, 0>(GET_TPL_TILING_KEY(2, 0), record)),
            AscendC::sk_tpl::kNoCombination);
}

TEST(TilingTemplates, DispatchVisitsEverySelectedCombination) {
  using namespace sk_tpl_test;
  // selection 1: 1 x 2 x 1 x 2 = 4 combinations; selection 2 (kernel type ignored): 1 x 2 x 1 x 1 = 2
  constexpr AscendC::sk_tpl::Table<4, 2> table{g_tilingDeclareParams, g_tilingSelectParams};
  static_assert(table.total() == 6, "six combinations");
  std::vector<uint64_t> seen;
  auto record = [&](auto d, auto t, auto f, auto s) {
    seen.push_back(GET_TPL_TILING_KEY(decltype(d)::value, decltype(t)::value, decltype(f)::value, decltype(s)::value));
  };
  for (uint64_t key : {GET_TPL_TILING_KEY(10, 1, 2, 0), GET_TPL_TILING_KEY(10, 8, 2, 1), GET_TPL_TILING_KEY(20, 3, 29, 1),
                       GET_TPL_TILING_KEY(20, 4, 29, 1)})
    EXPECT_EQ((AscendC::sk_tpl::Enter<g_tilingDeclareParams, g_tilingSelectParams, 0>(key, record)), AscendC::sk_tpl::kRan) << key;
  EXPECT_EQ(seen, (std::vector<uint64_t>{GET_TPL_TILING_KEY(10, 1, 2, 0), GET_TPL_TILING_KEY(10, 8, 2, 1),
                                         GET_TPL_TILING_KEY(20, 3, 29, 1), GET_TPL_TILING_KEY(20, 4, 29, 1)}));
  // declared but not selected (IS_SPLIT 0 with D_T 20): no instantiation has the key
  EXPECT_EQ((AscendC::sk_tpl::Enter<g_tilingDeclareParams, g_tilingSelectParams, 0>(GET_TPL_TILING_KEY(20, 3, 29, 0),
                                                                                      [](auto...) {})),
            AscendC::sk_tpl::kNoCombination);
}
