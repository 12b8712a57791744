// Host reference for Ascend 950's 8-bit floats (fp8_e4m3fn_t, fp8_e5m2_t, hifloat8_t), written
// from the formats' definitions, shared by the single-source tests that check conversions to them.
#ifndef SK_TEST_FP8_REFERENCE_H
#define SK_TEST_FP8_REFERENCE_H
#include <cmath>
#include <cstdint>
#include <limits>

// The reference: every code's value from the format's fields, then the code by the rule.
struct Format {
  int expBits, manBits, bias;
  bool hif8;
};
inline double valueOf(const Format& f, uint8_t code) {
  if (f.hif8) {  // dot 11/10/01/001/0001: exponent width 4/3/2/1/0, sign-magnitude exponent, implied 1
    uint32_t v = code & 0x7f;
    if (code == 0x80 || v == 0x6f) return std::numeric_limits<double>::quiet_NaN();  // NaN, infinity: no targets
    double r;
    if (v < 8) r = v ? std::ldexp(1.0, (int)v - 23) : 0.0;
    else {
      int w = v >= 0x60 ? 4 : v >= 0x40 ? 3 : v >= 0x20 ? 2 : v >= 0x10 ? 1 : 0, man = w == 4 ? 1 : w == 3 ? 2 : 3;
      int field = (int)(v >> man) & ((1 << w) - 1), e = 0;
      if (w) e = (field >> (w - 1)) ? -((1 << (w - 1)) | (field & ((1 << (w - 1)) - 1))) : ((1 << (w - 1)) | field);
      r = std::ldexp(1.0 + (v & ((1u << man) - 1)) / (double)(1u << man), e);
    }
    return code & 0x80 ? -r : r;
  }
  uint32_t e = code >> f.manBits & ((1u << f.expBits) - 1), m = code & ((1u << f.manBits) - 1);
  bool special = f.expBits == 4 ? (code & 0x7f) == 0x7f : e == 31;  // e4m3fn: NaN only; e5m2: inf / NaN
  if (special) return std::numeric_limits<double>::quiet_NaN();
  double r = e ? std::ldexp(1.0 + m / (double)(1u << f.manBits), (int)e - f.bias) : std::ldexp(m / (double)(1u << f.manBits), 1 - f.bias);
  return code & 0x80 ? -r : r;
}
enum class Rule { Rint, Trunc, Ceil, RoundAway };
// The code of x: the nearest finite codes below and above (by value), chosen by the rule;
// past the largest finite value: the largest.
inline uint8_t codeOf(const Format& f, double x, Rule rule) {
  int best = -1, lo = -1, hi = -1;
  double loV = -INFINITY, hiV = INFINITY, maxV = 0;
  int maxCode = 0;
  for (int c = 0; c < 256; ++c) {
    double v = valueOf(f, (uint8_t)c);
    if (std::isnan(v)) continue;
    if (v == x && (best < 0 || !(c & 0x80))) best = c;
    if (v < x && v > loV) loV = v, lo = c;
    if (v > x && v < hiV) hiV = v, hi = c;
    if (std::fabs(v) > maxV) maxV = std::fabs(v), maxCode = c & 0x7f;
  }
  if (best >= 0) return (uint8_t)best;
  if (std::fabs(x) > maxV) return (uint8_t)(maxCode | (x < 0 ? 0x80 : 0));
  bool up;
  switch (rule) {
    case Rule::Trunc: up = x < 0; break;
    case Rule::Ceil: up = true; break;
    default: {
      double below = x - loV, above = hiV - x;
      up = above < below || (above == below && (rule == Rule::RoundAway ? x > 0 : (hi & 1) == 0));
    }
  }
  int c = up ? hi : lo;
  return (uint8_t)(valueOf(f, (uint8_t)c) == 0 ? 0 : c);  // a rounded zero is +0
}
const Format kE4m3{4, 3, 7, false}, kE5m2{5, 2, 15, false}, kHif8{0, 0, 0, true};

#endif
