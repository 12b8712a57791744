// The simulated vector and cube units' arithmetic (lib/sim/vector_ops.cpp) against results
// computed by hand: float16 math through float32 with one rounding, integer wrap-around, casts
// with every round mode and saturation, and the fixed pairwise order of reductions.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "sk/sim/float16.h"
#include "vector_ops.h"

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"

namespace {

using namespace sk::sim;

std::vector<uint16_t> halves(std::initializer_list<float> v) {
  std::vector<uint16_t> out;
  for (float f : v) out.push_back(sk::floatToHalf(f));
  return out;
}

TEST(VectorOps, HalfAddRoundsTheFloatSumOnce) {
  // 2048 + 1 is not a half (spacing 2 there): the exact sum 2049 is a tie and rounds to even.
  auto a = halves({2048, 2048, 1, 0.1f}), b = halves({1, 3, 1, 0.2f});
  std::vector<uint16_t> c(4);
  ASSERT_EQ(vecBinary(SK_VOP_ADD, SK_DT_FLOAT16, c.data(), a.data(), b.data(), 4), "");
  EXPECT_EQ(c[0], sk::floatToHalf(2048));
  EXPECT_EQ(c[1], sk::floatToHalf(2052));
  EXPECT_EQ(c[2], sk::floatToHalf(2));
  EXPECT_EQ(c[3], sk::floatToHalf(sk::halfToFloat(a[3]) + sk::halfToFloat(b[3])));
}

TEST(VectorOps, IntegerAddWrapsToTheElementWidth) {
  std::vector<int8_t> a = {127, -128, 5}, b = {1, -1, -10}, c(3);
  ASSERT_EQ(vecBinary(SK_VOP_ADD, SK_DT_INT8, c.data(), a.data(), b.data(), 3), "");
  EXPECT_EQ(c, (std::vector<int8_t>{-128, 127, -5}));
}

TEST(VectorOps, IntegerDivisionIsRefused) {
  std::vector<int32_t> a = {1}, b = {0}, c(1);
  EXPECT_NE(vecBinary(SK_VOP_DIV, SK_DT_INT32, c.data(), a.data(), b.data(), 1), "");
}

TEST(VectorOps, CastRoundModes) {
  std::vector<float> src = {2.5f, -2.5f, 1.5f, -1.4f};
  std::vector<int32_t> dst(4);
  auto cast = [&](int mode) {
    EXPECT_EQ(vecCast(SK_DT_INT32, SK_DT_FLOAT32, mode, dst.data(), src.data(), 4), "");
    return dst;
  };
  EXPECT_EQ(cast(SK_ROUND_RINT), (std::vector<int32_t>{2, -2, 2, -1}));   // ties to even
  EXPECT_EQ(cast(SK_ROUND_ROUND), (std::vector<int32_t>{3, -3, 2, -1}));  // ties away from zero
  EXPECT_EQ(cast(SK_ROUND_FLOOR), (std::vector<int32_t>{2, -3, 1, -2}));
  EXPECT_EQ(cast(SK_ROUND_CEIL), (std::vector<int32_t>{3, -2, 2, -1}));
  EXPECT_EQ(cast(SK_ROUND_TRUNC), (std::vector<int32_t>{2, -2, 1, -1}));
}

TEST(VectorOps, CastSaturatesIntegersAndOverflowsHalfToInfinity) {
  std::vector<float> src = {300.0f, -300.0f, NAN};
  std::vector<int8_t> dst(3);
  ASSERT_EQ(vecCast(SK_DT_INT8, SK_DT_FLOAT32, SK_ROUND_RINT, dst.data(), src.data(), 3), "");
  EXPECT_EQ(dst, (std::vector<int8_t>{127, -128, 0}));
  std::vector<float> big = {70000.0f};
  std::vector<uint16_t> h(1);
  ASSERT_EQ(vecCast(SK_DT_FLOAT16, SK_DT_FLOAT32, SK_ROUND_NONE, h.data(), big.data(), 1), "");
  EXPECT_EQ(h[0], 0x7c00);
}

TEST(VectorOps, CastIntegerToNarrowerIntegerSaturates) {
  std::vector<int32_t> src = {70000, -70000, 12};
  std::vector<int16_t> dst(3);
  ASSERT_EQ(vecCast(SK_DT_INT16, SK_DT_INT32, SK_ROUND_NONE, dst.data(), src.data(), 3), "");
  EXPECT_EQ(dst, (std::vector<int16_t>{32767, -32768, 12}));
}

TEST(VectorOps, ReduceSumUsesAPairwiseTree) {
  // Sequentially ((1e8 + 1) - 1e8) + 1 = 1 in float32; pairwise (1e8 + 1) + (-1e8 + 1) = 0.
  std::vector<float> v = {1e8f, 1.0f, -1e8f, 1.0f};
  float r = -1;
  ASSERT_EQ(vecReduce(SK_VOP_REDUCE_SUM, SK_DT_FLOAT32, &r, v.data(), 4), "");
  EXPECT_EQ(r, 0.0f);
  // An odd tail is carried up a level: (a + b) + c.
  std::vector<float> w = {1e8f, -1e8f, 1.0f};
  ASSERT_EQ(vecReduce(SK_VOP_REDUCE_SUM, SK_DT_FLOAT32, &r, w.data(), 3), "");
  EXPECT_EQ(r, 1.0f);
}

TEST(VectorOps, ReduceMaxAndMinOfHalves) {
  auto v = halves({-3, 7.5f, 2, -8});
  uint16_t r = 0;
  ASSERT_EQ(vecReduce(SK_VOP_REDUCE_MAX, SK_DT_FLOAT16, &r, v.data(), 4), "");
  EXPECT_EQ(sk::halfToFloat(r), 7.5f);
  ASSERT_EQ(vecReduce(SK_VOP_REDUCE_MIN, SK_DT_FLOAT16, &r, v.data(), 4), "");
  EXPECT_EQ(sk::halfToFloat(r), -8.0f);
}

TEST(VectorOps, UnaryOpsOnFloat) {
  std::vector<float> v = {4.0f, -2.0f}, out(2);
  ASSERT_EQ(vecUnary(SK_VOP_SQRT, SK_DT_FLOAT32, out.data(), v.data(), 1), "");
  EXPECT_EQ(out[0], 2.0f);
  ASSERT_EQ(vecUnary(SK_VOP_RELU, SK_DT_FLOAT32, out.data(), v.data(), 2), "");
  EXPECT_EQ(out, (std::vector<float>{4.0f, 0.0f}));
  ASSERT_EQ(vecUnary(SK_VOP_RECIPROCAL, SK_DT_FLOAT32, out.data(), v.data(), 2), "");
  EXPECT_EQ(out, (std::vector<float>{0.25f, -0.5f}));
}

TEST(VectorOps, ScalarOpsAndLeakyRelu) {
  std::vector<float> v = {3.0f, -4.0f}, out(2);
  float s = 0.5f;
  ASSERT_EQ(vecScalar(SK_VOP_LEAKYRELU, SK_DT_FLOAT32, out.data(), v.data(), &s, 2), "");
  EXPECT_EQ(out, (std::vector<float>{3.0f, -2.0f}));
  ASSERT_EQ(vecScalar(SK_VOP_MAXS, SK_DT_FLOAT32, out.data(), v.data(), &s, 2), "");
  EXPECT_EQ(out, (std::vector<float>{3.0f, 0.5f}));
}

TEST(VectorOps, UnknownOpsAndDtypesAreNamed) {
  float a = 0, b = 0, c = 0;
  EXPECT_NE(vecBinary(99, SK_DT_FLOAT32, &c, &a, &b, 1).find("unknown vector binary op"), std::string::npos);
  EXPECT_EQ(codeBytes(99), 0u);
  EXPECT_STREQ(codeName(SK_DT_INT16), "int16");
  EXPECT_TRUE(isFloatCode(SK_DT_BFLOAT16));
}

TEST(CubeOps, MmadAccumulatesInFloat32InKOrder) {
  // 1x2 * 2x1 in float16: 0.5*2 + 0.25*4 = 2, then accumulate onto 1.
  auto a = halves({0.5f, 0.25f}), b = halves({2, 4});
  float c = 1.0f;
  ASSERT_EQ(cubeMmad(&c, a.data(), b.data(), 1, 2, 1, SK_DT_FLOAT16, true), "");
  EXPECT_EQ(c, 3.0f);
  std::vector<int8_t> ia = {-128, 127}, ib = {-128, 127};
  int32_t ic = 0;
  ASSERT_EQ(cubeMmad(&ic, ia.data(), ib.data(), 1, 2, 1, SK_DT_INT8, false), "");
  EXPECT_EQ(ic, 128 * 128 + 127 * 127);
}

}  // namespace
