// The 8- and 4-bit float formats of Ascend 950's cube (fp8_e4m3fn_t, fp8_e5m2_t, hifloat8_t,
// fp4x2_e2m1_t, fp4x2_e1m2_t) and the MX scale format (fp8_e8m0_t): decoding to float, exact
// (every value is a float), and rounding to them by a round mode. Shared by the simulated cube, sk_run's
// input generator and the tests' host references.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>

#ifndef SK_KERNEL_C_ONLY
#define SK_KERNEL_C_ONLY
#endif
#include "sk/kernel.h"

namespace sk {

// 2^k, exact for k in [-149, 127], built from its bits: kernels decode with these too, and the
// math library's scaling functions are not among the host functions a kernel may import.
inline float exp2Exact(int k) {
  uint32_t bits = k >= -126 ? (uint32_t)(k + 127) << 23 : 1u << (k + 149);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// A float of `manBits` mantissa bits over an exponent field biased by `bias`, with subnormals;
// `code` holds no sign. Specials are the caller's.
inline float decodeSmallFloat(uint32_t code, uint32_t manBits, int bias) {
  uint32_t e = code >> manBits, m = code & ((1u << manBits) - 1);
  if (e == 0) return (float)m * exp2Exact(1 - bias - (int)manBits);
  return (float)((1u << manBits) | m) * exp2Exact((int)e - bias - (int)manBits);
}
inline float withSign(uint32_t code, uint32_t signBit, float magnitude) {
  return code >> signBit & 1 ? -magnitude : magnitude;
}

// OCP fp8 E4M3 ("fn": no infinities; S.1111.111 is NaN, 448 the largest value).
inline float fp8E4m3ToFloat(uint8_t b) {
  if ((b & 0x7f) == 0x7f) return std::numeric_limits<float>::quiet_NaN();
  return withSign(b, 7, decodeSmallFloat(b & 0x7f, 3, 7));
}
// OCP fp8 E5M2 (IEEE-like: exponent 31 is infinity or NaN).
inline float fp8E5m2ToFloat(uint8_t b) {
  if ((b & 0x7c) == 0x7c)
    return (b & 3) ? std::numeric_limits<float>::quiet_NaN() : withSign(b, 7, std::numeric_limits<float>::infinity());
  return withSign(b, 7, decodeSmallFloat(b & 0x7f, 2, 15));
}
// MX scale E8M0: 2^(b - 127); 0xFF is NaN.
inline float fp8E8m0ToFloat(uint8_t b) {
  return b == 0xff ? std::numeric_limits<float>::quiet_NaN() : exp2Exact((int)b - 127);
}
// fp4 E2M1 (OCP: 0, 0.5 .. 6) and E1M2 (0, 0.25 .. 1.75; its largest exponent is 0, as CANN's
// MX quantization tables give it): the low nibble of b. Both have an exponent bias of 1.
inline float fp4E2m1ToFloat(uint8_t b) { return withSign(b, 3, decodeSmallFloat(b & 7, 1, 1)); }
inline float fp4E1m2ToFloat(uint8_t b) { return withSign(b, 3, decodeSmallFloat(b & 7, 2, 1)); }

// HiFloat8 (Ascend's tapered fp8, "Ascend HiFloat8 Format for Deep Learning", 2024): sign, a
// prefix-coded dot field giving the exponent's width D (11: 4, 10: 3, 01: 2, 001: 1, 0001: 0),
// the exponent in sign-magnitude with its leading 1 implied, then the mantissa (8 bits in all).
// Dot 0000 is a subnormal 2^(m - 23); 0x00 is zero, 0x80 NaN, 0x6F / 0xEF are +/- infinity.
inline float hif8ToFloat(uint8_t b) {
  if (b == 0x80) return std::numeric_limits<float>::quiet_NaN();
  if ((b & 0x7f) == 0x6f) return withSign(b, 7, std::numeric_limits<float>::infinity());
  uint32_t v = b & 0x7f;
  if (v == 0) return 0.0f;
  if ((v & 0x78) == 0) return withSign(b, 7, exp2Exact((int)v - 23));
  uint32_t expBits, manBits;
  if (v & 0x40) expBits = v & 0x20 ? 4 : 3, manBits = v & 0x20 ? 1 : 2;
  else if (v & 0x20) expBits = 2, manBits = 3;
  else if (v & 0x10) expBits = 1, manBits = 3;
  else expBits = 0, manBits = 3;
  uint32_t m = v & ((1u << manBits) - 1);
  int exponent = 0;
  if (expBits) {
    uint32_t field = (v >> manBits) & ((1u << expBits) - 1), top = 1u << (expBits - 1);
    exponent = (int)(top | (field & (top - 1)));
    if (field & top) exponent = -exponent;
  }
  return withSign(b, 7, (float)((1u << manBits) | m) * exp2Exact(exponent - (int)manBits));
}

// One float to fp8_e4m3fn_t / fp8_e5m2_t (to nearest, ties to even) or hifloat8_t (to nearest,
// ties away from zero), with roundToMinifloat's saturation, by integer arithmetic on the float's
// bits instead of a table: what a kernel's scalar conversions (`fp8_e4m3fn_t x = 0.5f;`) run,
// in a few dozen instructions (the scalar cost pass counts them).

// mant24 * 2^(exp - 23) (a normal float's mantissa with its implied 1, and its exponent) rounded
// to a multiple of 2^quantumExp, in units of 2^quantumExp.
inline uint32_t roundToMultiple(uint32_t mant24, int exp, int quantumExp, bool tiesAway) {
  int dropped = quantumExp - (exp - 23);
  if (dropped <= 0) return mant24 << -dropped;
  if (dropped > 24) return 0;  // below half a unit
  uint32_t units = mant24 >> dropped, rest = mant24 & ((1u << dropped) - 1), half = 1u << (dropped - 1);
  return units + (rest > half || (rest == half && (tiesAway || (units & 1))));
}
struct FloatFields {
  uint8_t sign;        // 0x80 or 0
  uint32_t exponent;   // the biased field
  uint32_t mant24;     // with the implied 1
  bool nan;
};
inline FloatFields floatFields(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  uint32_t e = bits >> 23 & 0xff;
  return {(uint8_t)(bits >> 24 & 0x80), e, (bits & 0x7fffff) | 0x800000u, e == 0xff && (bits & 0x7fffff)};
}
// OCP fp8: `largest` the largest finite code, `inf` the infinity code (0: none, as E4M3).
inline uint8_t floatToOcpFp8(float v, uint32_t manBits, int bias, uint32_t largest, uint8_t nan, uint8_t inf) {
  FloatFields f = floatFields(v);
  if (f.nan) return nan;
  if (f.exponent == 0xff) return (uint8_t)(f.sign | (inf ? inf : largest));
  if (f.exponent == 0) return 0;  // zero, or a float subnormal: under half the smallest fp8 value
  int e = (int)f.exponent - 127, binade = std::max(e, 1 - bias);
  // Counted from the smallest normal binade, whose codes are the units themselves (subnormals
  // and that binade share the quantum); a carry into the next binade lands on its code too.
  uint32_t units = roundToMultiple(f.mant24, e, binade - (int)manBits, false);
  uint32_t code = ((uint32_t)(binade + bias - 1) << manBits) + units;
  if (code > largest) code = largest;
  return (uint8_t)(code ? code | f.sign : 0);  // no -0, as roundToMinifloat
}
inline uint8_t floatToFp8E4m3(float v) { return floatToOcpFp8(v, 3, 7, 0x7e, 0x7f, 0); }
inline uint8_t floatToFp8E5m2(float v) { return floatToOcpFp8(v, 2, 15, 0x7b, 0x7e, 0x7c); }
// HiFloat8 (see hif8ToFloat): exponents -15..15 with 3, 3, 3, 2 or 1 mantissa bits by the
// exponent's magnitude (0, 1, 2-3, 4-7, 8-15), below them the powers of two 2^-22..2^-16;
// 2^15 is the largest finite value.
inline uint8_t floatToHif8(float v) {
  FloatFields f = floatFields(v);
  if (f.nan) return 0x80;
  if (f.exponent == 0xff) return (uint8_t)(f.sign | 0x6f);
  int e = (int)f.exponent - 127;
  if (f.exponent == 0 || e < -23) return 0;
  uint32_t code, m = 0;
  if (e < -15) {  // between powers of two: up from 1.5 of the lower one (ties away)
    int k = e == -23 ? -22 : e + (f.mant24 >= 0xC00000u);
    if (k > -16) e = -15;
    else return (uint8_t)(f.sign | (uint32_t)(k + 23));
  } else {
    auto manBitsAt = [](int exponent) {
      uint32_t a = (uint32_t)(exponent < 0 ? -exponent : exponent);
      return a >= 8 ? 1u : a >= 4 ? 2u : 3u;
    };
    uint32_t manBits = manBitsAt(e), units = roundToMultiple(f.mant24, e, e - (int)manBits, true);
    if (units >> (manBits + 1)) ++e;  // carried into the next binade: its power of two
    else m = units - (1u << manBits);
  }
  if (e >= 15) return (uint8_t)(f.sign | 0x6e);
  uint32_t a = (uint32_t)(e < 0 ? -e : e), negative = e < 0;
  if (a == 0) code = 0x08 | m;
  else if (a == 1) code = 0x10 | negative << 3 | m;
  else if (a <= 3) code = 0x20 | (negative << 1 | (a - 2)) << 3 | m;
  else if (a <= 7) code = 0x40 | (negative << 2 | (a - 4)) << 2 | m;
  else code = 0x60 | (negative << 3 | (a - 8)) << 1 | m;
  return (uint8_t)(f.sign | code);
}

// A code of a device dtype (SK_DT_FLOAT8_E4M3 .. SK_DT_FLOAT4_E1M2; an fp4 code in the low
// nibble) as a float; 0 for other dtypes.
inline float decodeMinifloat(int32_t dtype, uint8_t code) {
  switch (dtype) {
    case SK_DT_FLOAT8_E4M3: return fp8E4m3ToFloat(code);
    case SK_DT_FLOAT8_E5M2: return fp8E5m2ToFloat(code);
    case SK_DT_HIFLOAT8: return hif8ToFloat(code);
    case SK_DT_FLOAT8_E8M0: return fp8E8m0ToFloat(code);
    case SK_DT_FLOAT4_E2M1: return fp4E2m1ToFloat(code);
    case SK_DT_FLOAT4_E1M2: return fp4E1m2ToFloat(code);
    default: return 0.0f;
  }
}

// A format's finite non-negative values in ascending order with their codes (for rounding to
// it), its sign bit (0: no sign, as E8M0), NaN code and infinity code (0: none).
// A fixed array, not a vector: kernels build one on their stack (they may not allocate).
struct MinifloatFormat {
  std::array<std::pair<float, uint8_t>, 256> ascending{};
  uint32_t count = 0;
  uint8_t signBit = 0, nanCode = 0, infCode = 0;
};
template <typename Decode>
MinifloatFormat minifloatFormat(uint32_t codes, uint8_t signBit, uint8_t nanCode, Decode decode) {
  MinifloatFormat f;
  f.signBit = signBit, f.nanCode = nanCode;
  for (uint32_t code = 0; code < codes; ++code) {
    if (code & signBit) continue;
    float v = decode((uint8_t)code);
    if (std::isinf(v)) f.infCode = (uint8_t)code;
    if (std::isfinite(v) && v >= 0) f.ascending[f.count++] = {v, (uint8_t)code};
  }
  std::sort(f.ascending.begin(), f.ascending.begin() + f.count);
  return f;
}

// v in the format by an sk_round_mode: NONE and RINT to nearest (ties to the even code: the
// even mantissa), ROUND and HYBRID to nearest with ties away from zero, FLOOR, CEIL, TRUNC, ODD
// (an inexact value to the odd code of its two neighbours). Past the largest finite value it
// saturates to it (infinity stays infinity where the format has one); NaN is the format's NaN;
// a format without a sign (E8M0) takes negative values as its smallest.
inline uint8_t roundToMinifloat(const MinifloatFormat& f, float v, int32_t mode) {
  if (std::isnan(v)) return f.nanCode;
  bool negative = std::signbit(v) && f.signBit;
  float a = f.signBit ? std::fabs(v) : std::max(v, 0.0f);
  const auto* t = f.ascending.data();
  const auto* end = t + f.count;
  auto withSign = [&](uint8_t code) { return (uint8_t)(negative && code ? code | f.signBit : code); };  // no -0
  if (std::isinf(a) && f.infCode) return withSign(f.infCode);
  if (a >= end[-1].first) return withSign(end[-1].second);
  size_t hiAt = (size_t)(std::lower_bound(t, end, std::make_pair(a, (uint8_t)0)) - t);
  if (t[hiAt].first == a) return withSign(t[hiAt].second);
  if (hiAt == 0) return withSign(t[0].second);
  const auto& lo = t[hiAt - 1];
  const auto& hi = t[hiAt];
  // Toward -inf / +inf in magnitude terms: FLOOR of a negative value is the larger magnitude.
  bool up;
  switch (mode) {
    case SK_ROUND_FLOOR: up = negative; break;
    case SK_ROUND_CEIL: up = !negative; break;
    case SK_ROUND_TRUNC: up = false; break;
    case SK_ROUND_ODD: up = (hi.second & 1) != 0; break;
    default: {
      float below = a - lo.first, above = hi.first - a;
      bool tiesAway = mode == SK_ROUND_ROUND || mode == SK_ROUND_HYBRID;
      up = above < below || (above == below && (tiesAway || (hi.second & 1) == 0));
    }
  }
  return withSign(up ? hi.second : lo.second);
}

// The format of a device dtype code (SK_DT_FLOAT8_E4M3 .. SK_DT_FLOAT4_E1M2), built (a kernel
// builds it once per call of an API that rounds to it); an empty format for other codes.
inline MinifloatFormat makeMinifloatFormat(int32_t dtype) {
  switch (dtype) {
    case SK_DT_FLOAT8_E4M3: return minifloatFormat(256, 0x80, 0x7f, fp8E4m3ToFloat);
    case SK_DT_FLOAT8_E5M2: return minifloatFormat(256, 0x80, 0x7e, fp8E5m2ToFloat);
    case SK_DT_HIFLOAT8: return minifloatFormat(256, 0x80, 0x80, hif8ToFloat);
    case SK_DT_FLOAT8_E8M0: return minifloatFormat(256, 0, 0xff, fp8E8m0ToFloat);
    case SK_DT_FLOAT4_E2M1: return minifloatFormat(16, 0x8, 0, fp4E2m1ToFloat);  // no NaN: 0
    case SK_DT_FLOAT4_E1M2: return minifloatFormat(16, 0x8, 0, fp4E1m2ToFloat);
    default: return MinifloatFormat{};
  }
}
// The same, built once (host code: the simulator, sk_run, tests), or null.
inline const MinifloatFormat* minifloatFormatOf(int32_t dtype) {
  static const MinifloatFormat formats[] = {makeMinifloatFormat(SK_DT_FLOAT8_E4M3), makeMinifloatFormat(SK_DT_FLOAT8_E5M2),
                                            makeMinifloatFormat(SK_DT_HIFLOAT8),    makeMinifloatFormat(SK_DT_FLOAT8_E8M0),
                                            makeMinifloatFormat(SK_DT_FLOAT4_E2M1), makeMinifloatFormat(SK_DT_FLOAT4_E1M2)};
  return dtype >= SK_DT_FLOAT8_E4M3 && dtype <= SK_DT_FLOAT4_E1M2 ? &formats[dtype - SK_DT_FLOAT8_E4M3] : nullptr;
}

}  // namespace sk
