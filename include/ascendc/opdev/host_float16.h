// The 16-bit float types of CANN's host op-development headers (op::fp16_t, op::bfloat16), which
// host code of AscendC programs uses for its tensors' data (CATLASS's examples fill and check
// their matrices with them). A value type holding the bits (`val`), converting from and to the
// arithmetic types as a number (rounded to nearest even), with arithmetic among themselves in
// float, rounded back; mixed with another arithmetic type an operation is that type's (the
// promotion C++ gives the built-in 16-bit floats).
#pragma once
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace op::detail {

// IEEE binary16 and bfloat16 from and to float, round to nearest even; NaN stays NaN.
inline uint16_t halfBits(float f) {
  _Float16 h = (_Float16)f;
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}
inline float halfValue(uint16_t b) {
  _Float16 h;
  std::memcpy(&h, &b, 2);
  return (float)h;
}
inline uint16_t bfloat16Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x40);  // a quiet NaN
  return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
inline float bfloat16Value(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

template <class T> constexpr bool kArithmetic = std::is_arithmetic_v<T>;

template <uint16_t (*ToBits)(float), float (*Value)(uint16_t)> struct Float16 {
  uint16_t val = 0;

  Float16() = default;
  template <class T, std::enable_if_t<kArithmetic<T>, int> = 0> Float16(T v) : val(ToBits((float)v)) {}
  template <class T, std::enable_if_t<kArithmetic<T>, int> = 0> Float16& operator=(T v) {
    val = ToBits((float)v);
    return *this;
  }
  operator float() const { return Value(val); }
  template <class T, std::enable_if_t<kArithmetic<T> && !std::is_same_v<T, float>, int> = 0> explicit operator T() const {
    return (T)Value(val);
  }
  float ToFloat() const { return Value(val); }
  double ToDouble() const { return Value(val); }
  bool IsInf() const { return (val & 0x7fff) == ToBits(std::numeric_limits<float>::infinity()); }

  Float16 operator-() const { return Float16(-Value(val)); }
  Float16 operator+(Float16 o) const { return Float16(float(*this) + float(o)); }
  Float16 operator-(Float16 o) const { return Float16(float(*this) - float(o)); }
  Float16 operator*(Float16 o) const { return Float16(float(*this) * float(o)); }
  Float16 operator/(Float16 o) const { return Float16(float(*this) / float(o)); }
  Float16& operator+=(Float16 o) { return *this = *this + o; }
  Float16& operator-=(Float16 o) { return *this = *this - o; }
  Float16& operator*=(Float16 o) { return *this = *this * o; }
  Float16& operator/=(Float16 o) { return *this = *this / o; }
  bool operator==(Float16 o) const { return float(*this) == float(o); }
  bool operator!=(Float16 o) const { return float(*this) != float(o); }
  bool operator<(Float16 o) const { return float(*this) < float(o); }
  bool operator<=(Float16 o) const { return float(*this) <= float(o); }
  bool operator>(Float16 o) const { return float(*this) > float(o); }
  bool operator>=(Float16 o) const { return float(*this) >= float(o); }
};

// Mixed with another arithmetic type: computed in float, or in that type when wider.
#define SK_OPDEV_MIXED(op)                                                                                       \
  template <uint16_t (*B)(float), float (*F)(uint16_t), class T, std::enable_if_t<kArithmetic<T>, int> = 0>   \
  auto operator op(Float16<B, F> a, T b) { return float(a) op b; }                                             \
  template <uint16_t (*B)(float), float (*F)(uint16_t), class T, std::enable_if_t<kArithmetic<T>, int> = 0>   \
  auto operator op(T a, Float16<B, F> b) { return a op float(b); }
SK_OPDEV_MIXED(+)
SK_OPDEV_MIXED(-)
SK_OPDEV_MIXED(*)
SK_OPDEV_MIXED(/)
SK_OPDEV_MIXED(==)
SK_OPDEV_MIXED(!=)
SK_OPDEV_MIXED(<)
SK_OPDEV_MIXED(<=)
SK_OPDEV_MIXED(>)
SK_OPDEV_MIXED(>=)
#undef SK_OPDEV_MIXED

}  // namespace op::detail
