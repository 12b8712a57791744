// IEEE binary16 and bfloat16 conversions (include/sk/sim/float16.h) against known bit patterns:
// exact values, overflow, subnormals, NaN, and round-to-nearest-even on exact ties.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "sk/sim/float16.h"

namespace {

using sk::bf16ToFloat;
using sk::bitsFloat;
using sk::floatToBf16;
using sk::floatToHalf;
using sk::halfToFloat;

TEST(Float16, ExactValuesHaveTheirBitPatterns) {
  EXPECT_EQ(floatToHalf(1.0f), 0x3c00);
  EXPECT_EQ(floatToHalf(-2.0f), 0xc000);
  EXPECT_EQ(floatToHalf(0.5f), 0x3800);
  EXPECT_EQ(floatToHalf(65504.0f), 0x7bff);  // the largest finite half
  EXPECT_EQ(floatToHalf(0.0f), 0x0000);
  EXPECT_EQ(floatToHalf(-0.0f), 0x8000);
  EXPECT_EQ(floatToHalf(0.1f), 0x2e66);
}

TEST(Float16, WideningIsExact) {
  EXPECT_EQ(halfToFloat(0x3c00), 1.0f);
  EXPECT_EQ(halfToFloat(0x7bff), 65504.0f);
  EXPECT_EQ(halfToFloat(0x0001), std::ldexp(1.0f, -24));  // smallest subnormal
  EXPECT_EQ(halfToFloat(0x03ff), std::ldexp(1023.0f, -24));  // largest subnormal
  EXPECT_EQ(halfToFloat(0x0400), std::ldexp(1.0f, -14));  // smallest normal
  EXPECT_TRUE(std::isinf(halfToFloat(0x7c00)));
  EXPECT_TRUE(std::isnan(halfToFloat(0x7e00)));
}

TEST(Float16, TiesRoundToEven) {
  // 1 + 2^-11 lies exactly between 1 (0x3c00, even) and 1 + 2^-10 (0x3c01, odd).
  EXPECT_EQ(floatToHalf(1.0f + std::ldexp(1.0f, -11)), 0x3c00);
  // 1 + 3 * 2^-11 lies between 0x3c01 (odd) and 0x3c02 (even).
  EXPECT_EQ(floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02);
  // Just above a tie rounds up.
  EXPECT_EQ(floatToHalf(std::nextafter(1.0f + std::ldexp(1.0f, -11), 2.0f)), 0x3c01);
}

TEST(Float16, SubnormalTiesRoundToEven) {
  EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -25)), 0x0000);      // half of the smallest subnormal: to 0
  EXPECT_EQ(floatToHalf(std::ldexp(3.0f, -25)), 0x0002);      // 1.5 units: to 2
  EXPECT_EQ(floatToHalf(std::ldexp(5.0f, -25)), 0x0002);      // 2.5 units: to 2
  EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -24)), 0x0001);
}

TEST(Float16, OverflowGoesToInfinityAtTheRoundingBoundary) {
  EXPECT_EQ(floatToHalf(65519.0f), 0x7bff);  // below the midpoint to 65536: stays finite
  EXPECT_EQ(floatToHalf(65520.0f), 0x7c00);  // the midpoint rounds to even: infinity
  EXPECT_EQ(floatToHalf(1e9f), 0x7c00);
  EXPECT_EQ(floatToHalf(-1e9f), 0xfc00);
}

TEST(Float16, NanStaysAQuietNan) {
  uint16_t h = floatToHalf(std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(h & 0x7c00, 0x7c00);
  EXPECT_NE(h & 0x03ff, 0);
  EXPECT_TRUE(std::isnan(halfToFloat(h)));
}

TEST(BFloat16, BitPatternsAndTies) {
  EXPECT_EQ(floatToBf16(1.0f), 0x3f80);
  EXPECT_EQ(floatToBf16(-2.0f), 0xc000);
  EXPECT_EQ(floatToBf16(bitsFloat(0x3f808000)), 0x3f80);  // tie, 0x3f80 is even
  EXPECT_EQ(floatToBf16(bitsFloat(0x3f818000)), 0x3f82);  // tie, 0x3f81 is odd
  EXPECT_EQ(floatToBf16(bitsFloat(0x3f808001)), 0x3f81);  // above the tie
  EXPECT_EQ(bf16ToFloat(0x3f80), 1.0f);
  EXPECT_TRUE(std::isnan(bf16ToFloat(floatToBf16(std::numeric_limits<float>::quiet_NaN()))));
  EXPECT_EQ(floatToBf16(std::numeric_limits<float>::infinity()), 0x7f80);
}

TEST(Float16, EveryHalfRoundTripsThroughFloat) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff)) continue;  // NaNs: payloads may be quieted
    ASSERT_EQ(floatToHalf(halfToFloat((uint16_t)h)), h) << std::hex << h;
  }
}

}  // namespace
