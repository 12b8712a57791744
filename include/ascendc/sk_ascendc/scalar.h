// AscendC's scalar computations (basic_api/kernel_operator_scalar_intf.h): CountLeadingZero,
// GetBitCount, GetSFFValue, CountBitsCntSameAsSignBit, the scalar Cast forms, Nop; and their
// earlier names (ScalarCountLeadingZero, ScalarGetCountOfValue, ScalarGetSFFValue, ScalarCast),
// which kernels still call. Written from the public API reference. Plain scalar code: the scalar
// unit's cost is what sk_cc's scalar-cost pass charges for it.
#ifndef SK_ASCENDC_SCALAR_H
#define SK_ASCENDC_SCALAR_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "sk/sim/minifloat.h"
#include "sk_ascendc/base.h"
#include "sk_ascendc/vector.h"  // NumericLimits' tensor forms Duplicate

namespace AscendC {

// The leading zeros of valueIn (64 for 0): CountLeadingZero(0x0100000000000020) = 7.
__aicore__ inline int64_t CountLeadingZero(uint64_t valueIn) { return valueIn ? __builtin_clzll(valueIn) : 64; }

// How many bits of valueIn are countValue (0 or 1).
template <int countValue> __aicore__ inline int64_t GetBitCount(uint64_t valueIn) {
  static_assert(countValue == 0 || countValue == 1, "GetBitCount: countValue must be 0 or 1");
  return countValue ? __builtin_popcountll(valueIn) : 64 - __builtin_popcountll(valueIn);
}

// The position of the first bit equal to countValue from the least significant one; -1 if none
// (GetSFFValue<1>(0x1000000000000100) = 8).
template <int countValue> __aicore__ inline int64_t GetSFFValue(uint64_t valueIn) {
  static_assert(countValue == 0 || countValue == 1, "GetSFFValue: countValue must be 0 or 1");
  uint64_t v = countValue ? valueIn : ~valueIn;
  return v ? __builtin_ctzll(v) : -1;
}

// The consecutive bits below the sign bit equal to it (CountBitsCntSameAsSignBit(0x0100000000000020) = 6).
__aicore__ inline int64_t CountBitsCntSameAsSignBit(int64_t valueIn) {
  uint64_t v = (uint64_t)valueIn;
  if (valueIn < 0) v = ~v;
  return CountLeadingZero(v << 1 | 1);
}

namespace detail {
template <typename U> inline uint16_t bits16(U v) {
  uint16_t b;
  std::memcpy(&b, &v, 2);
  return b;
}
template <typename U> inline U fromBits16(uint16_t b) {
  U v;
  std::memcpy(&v, &b, 2);
  return v;
}
// x in half or bfloat16_t with the rounding mode: the nearest value, or its neighbour on x's side
// (one unit in the last place away) when the mode picks that one.
template <typename U> inline U roundTo16(float x, RoundMode mode) {
  const U near = (U)x;
  const float fn = (float)near;
  if (fn == x || std::isnan(x) || mode == RoundMode::CAST_RINT || mode == RoundMode::CAST_NONE) return near;
  const uint16_t nb = bits16(near);
  const bool away = std::fabs(x) > std::fabs(fn);
  const U other = fromBits16<U>(away ? (uint16_t)(((nb & 0x7fff) + 1) | (x < 0 ? 0x8000 : 0)) : (uint16_t)(nb - 1));
  const float fo = (float)other;
  const U bigger = std::fabs(fo) > std::fabs(fn) ? other : near, smaller = bigger == other ? near : other;
  switch (mode) {
    case RoundMode::CAST_FLOOR: return fo < fn ? other : near;
    case RoundMode::CAST_CEIL: return fo > fn ? other : near;
    case RoundMode::CAST_TRUNC: return smaller;
    case RoundMode::CAST_ROUND: return std::fabs(x - fo) == std::fabs(x - fn) ? bigger : near;
    case RoundMode::CAST_ODD: return (bits16(near) & 1) ? near : other;
    default: return near;
  }
}
template <typename U> inline U roundToInt(float x, RoundMode mode) {
  if (std::isnan(x)) return 0;
  float r = mode == RoundMode::CAST_FLOOR ? std::floor(x)
            : mode == RoundMode::CAST_CEIL ? std::ceil(x)
            : mode == RoundMode::CAST_ROUND ? std::round(x)
            : mode == RoundMode::CAST_TRUNC ? std::trunc(x)
                                            : std::nearbyint(x);
  if (r <= (float)std::numeric_limits<U>::min()) return std::numeric_limits<U>::min();
  if (r >= (float)std::numeric_limits<U>::max()) return std::numeric_limits<U>::max();  // saturates
  return (U)r;
}
}  // namespace detail

// float -> half or int32_t with the rounding mode (int32_t saturates, NaN becomes 0).
template <typename T, typename U, RoundMode roundMode> __aicore__ inline U Cast(T valueIn) {
  static_assert(std::is_same<T, float>::value && (std::is_same<U, half>::value || std::is_same<U, int32_t>::value),
                "Cast<T, U, roundMode>: float to half or int32_t");
  if constexpr (std::is_same<U, half>::value) return detail::roundTo16<half>(valueIn, roundMode);
  else return detail::roundToInt<int32_t>(valueIn, roundMode);
}
// float -> bfloat16_t (to nearest, ties to even) and back, also as ToBfloat16 and ToFloat.
__aicore__ inline bfloat16_t Cast(const float& fVal) { return (bfloat16_t)fVal; }
__aicore__ inline float Cast(const bfloat16_t& bVal) { return (float)bVal; }
__aicore__ inline float ToFloat(const bfloat16_t& v) { return (float)v; }
// Ascend 950's 8-bit floats as a float, exactly (where CANN's device types convert implicitly).
__aicore__ inline float ToFloat(const fp8_e4m3fn_t& v) { return ::sk::fp8E4m3ToFloat(v.bits); }
__aicore__ inline float ToFloat(const fp8_e5m2_t& v) { return ::sk::fp8E5m2ToFloat(v.bits); }
__aicore__ inline float ToFloat(const hifloat8_t& v) { return ::sk::hif8ToFloat(v.bits); }
__aicore__ inline bfloat16_t ToBfloat16(const float& v) { return (bfloat16_t)v; }

// A delay of `count` cycles: nothing to do on the simulated scalar unit.
template <int count = 1> __aicore__ inline void Nop() {}

// The earlier names.
__aicore__ inline int64_t ScalarCountLeadingZero(uint64_t valueIn) { return CountLeadingZero(valueIn); }
template <int countValue> __aicore__ inline int64_t ScalarGetCountOfValue(uint64_t valueIn) {
  return GetBitCount<countValue>(valueIn);
}
template <int countValue> __aicore__ inline int64_t ScalarGetSFFValue(uint64_t valueIn) {
  return GetSFFValue<countValue>(valueIn);
}
template <typename T, typename U, RoundMode roundMode> __aicore__ inline U ScalarCast(T valueIn) {
  return Cast<T, U, roundMode>(valueIn);
}

/* ---- NumericLimits<T>: each type's limits as a scalar, or Duplicated into a tensor's first count
   elements. The float-only members (Infinity, NaNs, DeNormMin) exist for half, bfloat16_t and
   float; Max, Min (the smallest normal for floats) and Lowest for the integer types too. ---- */
namespace detail {
template <typename T> constexpr bool kLimitFloat = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float>;
template <typename T> constexpr bool kLimitInt =
    std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> ||
    std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>;
// A float type's value from its sign, exponent and mantissa fields.
template <typename T> constexpr T floatFromFields(uint32_t sign, uint32_t exponent, uint32_t mantissa) {
  if constexpr (std::is_same_v<T, half>)
    return __builtin_bit_cast(half, (uint16_t)(sign << 15 | exponent << 10 | mantissa));
  else if constexpr (std::is_same_v<T, bfloat16_t>)
    return __builtin_bit_cast(bfloat16_t, (uint16_t)(sign << 15 | exponent << 7 | mantissa));
  else
    return __builtin_bit_cast(float, sign << 31 | exponent << 23 | mantissa);
}
template <typename T> constexpr uint32_t kMantissaBits = std::is_same_v<T, half> ? 10 : std::is_same_v<T, bfloat16_t> ? 7 : 23;
template <typename T> constexpr uint32_t kExponentAllOnes = std::is_same_v<T, half> ? 0x1f : 0xff;
}  // namespace detail

template <typename T> struct NumericLimits {
  static_assert(detail::kLimitFloat<T> || detail::kLimitInt<T>,
                "NumericLimits: half, bfloat16_t, float, or an 8/16/32-bit integer type");
  static constexpr uint32_t kAllOnesMantissa = (1u << detail::kMantissaBits<T>) - 1;
  __aicore__ static constexpr T Max() {
    if constexpr (detail::kLimitInt<T>) return std::numeric_limits<T>::max();
    else return detail::floatFromFields<T>(0, detail::kExponentAllOnes<T> - 1, kAllOnesMantissa);
  }
  __aicore__ static constexpr T Min() {
    if constexpr (detail::kLimitInt<T>) return std::numeric_limits<T>::min();
    else return detail::floatFromFields<T>(0, 1, 0);
  }
  __aicore__ static constexpr T Lowest() {
    if constexpr (detail::kLimitInt<T>) return std::numeric_limits<T>::lowest();
    else return detail::floatFromFields<T>(1, detail::kExponentAllOnes<T> - 1, kAllOnesMantissa);
  }
  __aicore__ static constexpr T Infinity() { return floatOnly(0, detail::kExponentAllOnes<T>, 0); }
  __aicore__ static constexpr T NegativeInfinity() { return floatOnly(1, detail::kExponentAllOnes<T>, 0); }
  __aicore__ static constexpr T QuietNaN() {
    return floatOnly(0, detail::kExponentAllOnes<T>, 1u << (detail::kMantissaBits<T> - 1));
  }
  __aicore__ static constexpr T SignalingNaN() {
    return floatOnly(0, detail::kExponentAllOnes<T>, 1u << (detail::kMantissaBits<T> - 2));
  }
  __aicore__ static constexpr T DeNormMin() { return floatOnly(0, 0, 1); }

  __aicore__ static inline void Max(const LocalTensor<T>& dst, uint32_t count) { Duplicate(dst, Max(), (int32_t)count); }
  __aicore__ static inline void Min(const LocalTensor<T>& dst, uint32_t count) { Duplicate(dst, Min(), (int32_t)count); }
  __aicore__ static inline void Lowest(const LocalTensor<T>& dst, uint32_t count) { Duplicate(dst, Lowest(), (int32_t)count); }
  __aicore__ static inline void Infinity(const LocalTensor<T>& dst, uint32_t count) { Duplicate(dst, Infinity(), (int32_t)count); }
  __aicore__ static inline void NegativeInfinity(const LocalTensor<T>& dst, uint32_t count) {
    Duplicate(dst, NegativeInfinity(), (int32_t)count);
  }
  __aicore__ static inline void QuietNaN(const LocalTensor<T>& dst, uint32_t count) { Duplicate(dst, QuietNaN(), (int32_t)count); }
  __aicore__ static inline void SignalingNaN(const LocalTensor<T>& dst, uint32_t count) {
    Duplicate(dst, SignalingNaN(), (int32_t)count);
  }
  __aicore__ static inline void DeNormMin(const LocalTensor<T>& dst, uint32_t count) { Duplicate(dst, DeNormMin(), (int32_t)count); }

 private:
  static constexpr T floatOnly(uint32_t sign, uint32_t exponent, uint32_t mantissa) {
    static_assert(detail::kLimitFloat<T>, "NumericLimits: Infinity, NegativeInfinity, the NaNs and DeNormMin are for half, bfloat16_t and float");
    return detail::floatFromFields<T>(sign, exponent, mantissa);
  }
};

}  // namespace AscendC

#endif /* SK_ASCENDC_SCALAR_H */
