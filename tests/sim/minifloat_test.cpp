// Ascend 950's low-precision float formats (include/sk/sim/minifloat.h) against values the
// formats' definitions give, and the nearest-code encoding the host side seeds them with.
#include <gtest/gtest.h>

#include <cmath>

#include "sk/sim/minifloat.h"
#include "sk/types.h"

namespace {

TEST(Minifloat, Fp8E4m3HasNoInfinityAnd448IsItsLargest) {
  EXPECT_EQ(sk::fp8E4m3ToFloat(0x38), 1.0f);
  EXPECT_EQ(sk::fp8E4m3ToFloat(0x7e), 448.0f);
  EXPECT_EQ(sk::fp8E4m3ToFloat(0xfe), -448.0f);
  EXPECT_EQ(sk::fp8E4m3ToFloat(0x08), std::ldexp(1.0f, -6));  // the smallest normal
  EXPECT_EQ(sk::fp8E4m3ToFloat(0x01), std::ldexp(1.0f, -9));  // the smallest subnormal
  EXPECT_TRUE(std::isnan(sk::fp8E4m3ToFloat(0x7f)));
  EXPECT_TRUE(std::isnan(sk::fp8E4m3ToFloat(0xff)));
  EXPECT_EQ(sk::fp8E4m3ToFloat(0x78), 256.0f);  // exponent 15 is a number, not infinity
}

TEST(Minifloat, Fp8E5m2IsIeeeLike) {
  EXPECT_EQ(sk::fp8E5m2ToFloat(0x3c), 1.0f);
  EXPECT_EQ(sk::fp8E5m2ToFloat(0x7b), 57344.0f);
  EXPECT_EQ(sk::fp8E5m2ToFloat(0x01), std::ldexp(1.0f, -16));
  EXPECT_TRUE(std::isinf(sk::fp8E5m2ToFloat(0x7c)) && sk::fp8E5m2ToFloat(0xfc) < 0);
  EXPECT_TRUE(std::isnan(sk::fp8E5m2ToFloat(0x7d)));
}

TEST(Minifloat, Fp4AndTheScale) {
  const float e2m1[8] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6};
  const float e1m2[8] = {0, 0.25f, 0.5f, 0.75f, 1, 1.25f, 1.5f, 1.75f};
  for (uint8_t c = 0; c < 8; ++c) {
    EXPECT_EQ(sk::fp4E2m1ToFloat(c), e2m1[c]) << (int)c;
    EXPECT_EQ(sk::fp4E2m1ToFloat((uint8_t)(c | 8)), -e2m1[c]) << (int)c;
    EXPECT_EQ(sk::fp4E1m2ToFloat(c), e1m2[c]) << (int)c;
  }
  EXPECT_EQ(sk::fp4E2m1ToFloat(0xf7), 6.0f) << "only the low nibble";
  EXPECT_EQ(sk::fp8E8m0ToFloat(127), 1.0f);
  EXPECT_EQ(sk::fp8E8m0ToFloat(0), std::ldexp(1.0f, -127));
  EXPECT_EQ(sk::fp8E8m0ToFloat(254), std::ldexp(1.0f, 127));
  EXPECT_TRUE(std::isnan(sk::fp8E8m0ToFloat(255)));
}

// HiFloat8: the dot field gives the exponent's width (11: 4 bits, 10: 3, 01: 2, 001: 1, 0001:
// 0), the exponent is sign-magnitude with its leading 1 implied.
TEST(Minifloat, HiFloat8TaperedFields) {
  EXPECT_EQ(sk::hif8ToFloat(0x00), 0.0f);
  EXPECT_EQ(sk::hif8ToFloat(0x08), 1.0f);        // 0 0001 000: D = 0
  EXPECT_EQ(sk::hif8ToFloat(0x0c), 1.5f);        // mantissa 100
  EXPECT_EQ(sk::hif8ToFloat(0x10), 2.0f);        // 0 001 0 000: D = 1, exponent +1
  EXPECT_EQ(sk::hif8ToFloat(0x18), 0.5f);        // 0 001 1 000: exponent -1
  EXPECT_EQ(sk::hif8ToFloat(0x20), 4.0f);        // 0 01 00 000: D = 2, exponent +2
  EXPECT_EQ(sk::hif8ToFloat(0x6e), 32768.0f);    // 0 11 0111 0: exponent +15, the largest
  EXPECT_EQ(sk::hif8ToFloat(0x7e), std::ldexp(1.0f, -15));  // 0 11 1111 0: exponent -15
  EXPECT_EQ(sk::hif8ToFloat(0x01), std::ldexp(1.0f, -22));  // a subnormal: 2^(m - 23)
  EXPECT_EQ(sk::hif8ToFloat(0x88), -1.0f);
  EXPECT_TRUE(std::isinf(sk::hif8ToFloat(0x6f)) && sk::hif8ToFloat(0xef) < 0);
  EXPECT_TRUE(std::isnan(sk::hif8ToFloat(0x80)));
}

// Every finite code is the nearest code to its own value; halfway values go to the even code;
// values past the largest saturate; NaN goes to the format's NaN.
TEST(Minifloat, EncodingFindsTheNearestCode) {
  for (sk::DType d : {sk::DType::Float8E4M3, sk::DType::Float8E5M2, sk::DType::HiFloat8, sk::DType::Float8E8M0,
                      sk::DType::Float4E2M1, sk::DType::Float4E1M2}) {
    uint32_t codes = sk::dtypeInfo(d).bits == 4 ? 16 : 256;
    for (uint32_t c = 0; c < codes; ++c) {
      float v = sk::minifloatToFloat(d, (uint8_t)c);
      if (!std::isfinite(v) || (v == 0 && c)) continue;  // -0 encodes as +0
      EXPECT_EQ(sk::minifloatToFloat(d, sk::floatToMinifloat(d, v)), v) << sk::dtypeName(d) << " code " << c;
    }
  }
  EXPECT_EQ(sk::floatToMinifloat(sk::DType::Float4E2M1, 2.5f), 0x4) << "2.5 lies between 2 (0x4) and 3 (0x5)";
  EXPECT_EQ(sk::floatToMinifloat(sk::DType::Float4E2M1, 100.0f), 0x7);
  EXPECT_EQ(sk::floatToMinifloat(sk::DType::Float8E4M3, 1000.0f), 0x7e);
  EXPECT_EQ(sk::floatToMinifloat(sk::DType::Float8E4M3, NAN), 0x7f);
  EXPECT_EQ(sk::floatToMinifloat(sk::DType::Float8E8M0, 0.25f), 125);
}

// The round modes a Cast takes (between the two neighbours of an inexact value), saturation and
// the formats without a sign.
TEST(Minifloat, RoundModesPickANeighbour) {
  const sk::MinifloatFormat& e4m3 = *sk::minifloatFormatOf(SK_DT_FLOAT8_E4M3);
  EXPECT_EQ(sk::roundToMinifloat(e4m3, 1.0625f, SK_ROUND_RINT), 0x38) << "a tie to the even code (1.0)";
  EXPECT_EQ(sk::roundToMinifloat(e4m3, 1.0625f, SK_ROUND_ROUND), 0x39) << "a tie away from zero (1.125)";
  EXPECT_EQ(sk::roundToMinifloat(e4m3, -1.0625f, SK_ROUND_HYBRID), 0xb9) << "HYBRID: ties away too";
  EXPECT_EQ(sk::roundToMinifloat(e4m3, -1.01f, SK_ROUND_FLOOR), 0xb9) << "down: the larger magnitude";
  EXPECT_EQ(sk::roundToMinifloat(e4m3, -1.1f, SK_ROUND_CEIL), 0xb8);
  EXPECT_EQ(sk::roundToMinifloat(e4m3, 1.1f, SK_ROUND_TRUNC), 0x38);
  EXPECT_EQ(sk::roundToMinifloat(e4m3, 1.01f, SK_ROUND_ODD), 0x39) << "to the odd code of the two";
  EXPECT_EQ(sk::roundToMinifloat(e4m3, 1.0f, SK_ROUND_ODD), 0x38) << "exact values stay";
  EXPECT_EQ(sk::roundToMinifloat(e4m3, INFINITY, SK_ROUND_RINT), 0x7e) << "no infinity: the largest";
  EXPECT_EQ(sk::roundToMinifloat(*sk::minifloatFormatOf(SK_DT_FLOAT8_E5M2), -INFINITY, SK_ROUND_RINT), 0xfc);
  EXPECT_EQ(sk::roundToMinifloat(*sk::minifloatFormatOf(SK_DT_HIFLOAT8), -1e-30f, SK_ROUND_RINT), 0x00)
      << "a rounded zero has no sign (0x80 is HiFloat8's NaN)";
  EXPECT_EQ(sk::roundToMinifloat(*sk::minifloatFormatOf(SK_DT_FLOAT8_E8M0), -3.0f, SK_ROUND_RINT), 0x00);
}

// The scalar conversions kernels run (fp8_e4m3fn_t x = v): integer arithmetic on the float's bits,
// which must give the table's code for every float: each midpoint between two codes and its
// neighbours either side, every code's value, and a stride through all 2^32 bit patterns
// (NaNs, infinities, float subnormals, values past the largest).
TEST(Minifloat, ScalarConversionsAgreeWithTheTable) {
  struct Case {
    const char* name;
    int32_t dtype, mode;
    uint8_t (*convert)(float);
  } cases[] = {{"e4m3", SK_DT_FLOAT8_E4M3, SK_ROUND_RINT, sk::floatToFp8E4m3},
               {"e5m2", SK_DT_FLOAT8_E5M2, SK_ROUND_RINT, sk::floatToFp8E5m2},
               {"hif8", SK_DT_HIFLOAT8, SK_ROUND_ROUND, sk::floatToHif8}};
  for (const Case& c : cases) {
    const sk::MinifloatFormat& f = *sk::minifloatFormatOf(c.dtype);
    int wrong = 0;
    auto check = [&](float v) {
      uint8_t want = sk::roundToMinifloat(f, v, c.mode), got = c.convert(v);
      if (got != want && wrong++ < 5) ADD_FAILURE() << c.name << " of " << v << ": 0x" << std::hex << +got << ", table 0x" << +want;
    };
    for (uint32_t i = 0; i + 1 < f.count; ++i) {
      float lo = f.ascending[i].first, hi = f.ascending[i + 1].first, mid = lo + (hi - lo) / 2;
      for (float v : {lo, mid, std::nextafter(mid, 0.0f), std::nextafter(mid, INFINITY), hi}) check(v), check(-v);
    }
    for (uint64_t bits = 0; bits < (1ull << 32); bits += 65521) {
      uint32_t b = (uint32_t)bits;
      float v;
      std::memcpy(&v, &b, sizeof v);
      check(v);
    }
    EXPECT_EQ(wrong, 0) << c.name;
  }
}

}  // namespace
