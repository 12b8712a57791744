// The 8- and 4-bit float formats of Ascend 950's cube (fp8_e4m3fn_t, fp8_e5m2_t, hifloat8_t,
// fp4x2_e2m1_t, fp4x2_e1m2_t) and the MX scale format (fp8_e8m0_t): decoding to float, exact
// (every value is a float), and encoding by nearest value. Shared by the simulated cube, sk_run's
// input generator and the tests' host references.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>

namespace sk {

// A float of `manBits` mantissa bits over an exponent field biased by `bias`, with subnormals;
// `code` holds no sign. Specials are the caller's.
inline float decodeSmallFloat(uint32_t code, uint32_t manBits, int bias) {
  uint32_t e = code >> manBits, m = code & ((1u << manBits) - 1);
  if (e == 0) return std::ldexp((float)m, 1 - bias - (int)manBits);
  return std::ldexp((float)((1u << manBits) | m), (int)e - bias - (int)manBits);
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
  return b == 0xff ? std::numeric_limits<float>::quiet_NaN() : std::ldexp(1.0f, (int)b - 127);
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
  if ((v & 0x78) == 0) return withSign(b, 7, std::ldexp(1.0f, (int)v - 23));
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
  return withSign(b, 7, std::ldexp((float)((1u << manBits) | m), exponent - (int)manBits));
}

// The code (of `codes` codes, decoded by `decode`) nearest to f; ties go to the even code, NaN to
// the format's NaN (nanCode), and values past the largest finite one saturate to it.
template <typename Decode> uint8_t encodeNearest(float f, uint32_t codes, Decode decode, uint8_t nanCode) {
  if (std::isnan(f)) return nanCode;
  uint32_t best = 0;
  float bestError = std::numeric_limits<float>::infinity();
  for (uint32_t code = 0; code < codes; ++code) {
    float v = decode((uint8_t)code);
    if (!std::isfinite(v)) continue;
    float error = std::fabs(v - f);
    if (error < bestError || (error == bestError && !(code & 1) && (best & 1))) best = code, bestError = error;
  }
  return (uint8_t)best;
}

}  // namespace sk
