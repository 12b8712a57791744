// Ascend 950's "flexible scalar position" forms of the tensor-scalar instructions (Adds, Subs,
// Muls, Divs, Maxs, Mins, Ands, Ors, Compares and Select take (dst, src0, src1, ...) where either
// source is the scalar, given as a value or as a LocalTensor's single element (then
// BinaryConfig::scalarTensorIndex says which: 1, the default, the right one), and the shifts by a
// tensor of counts. Written from the public API reference; on dav-2201 (the A2 has none of them)
// they do not compile.
//
// The classic forms (tensor, then scalar value) stay the overloads of vector.h and compare.h; these
// templates take the other orders, and both the classic and the new names on Ascend 950.
#ifndef SK_ASCENDC_FLEXIBLE_SCALAR_H
#define SK_ASCENDC_FLEXIBLE_SCALAR_H

#include <cstring>
#include <type_traits>

#include "sk_ascendc/adv_common.h"
#include "sk_ascendc/compare.h"
#include "sk_ascendc/vector.h"

namespace AscendC {

struct BinaryDefaultType {};
struct BinaryConfig {
  int8_t scalarTensorIndex = 1;  // the operand that is a LocalTensor's single element: 0 left, 1 right
};
constexpr BinaryConfig DEFAULT_BINARY_CONFIG = {1};

namespace detail {
template <typename X> struct IsLocalTensor : std::false_type {};
template <typename T> struct IsLocalTensor<LocalTensor<T>> : std::true_type {};
// The classic order (tensor, then a scalar value) that vector.h's overloads take.
template <typename S, typename V> constexpr bool classicOrder() {
  return IsLocalTensor<S>::value && !IsLocalTensor<V>::value;
}

// A flexible-position call's operands: the vector, the scalar's bits, and whether the scalar is
// the left operand. A single element is read when the instruction issues, as the vector unit
// reads it.
template <typename E> struct FlexOperands {
  const LocalTensor<E>* vec;
  uint64_t scalar;
  bool scalarFirst;
};
template <const BinaryConfig& config, typename E, typename S, typename V>
inline FlexOperands<E> flexOperands(const char* api, const S& src0, const V& src1) {
  static_assert(kArch3510 || sizeof(E) == 0, "the flexible scalar position forms are Ascend 950's (dav-3510)");
  constexpr bool tensor0 = IsLocalTensor<S>::value, tensor1 = IsLocalTensor<V>::value;
  static_assert(tensor0 || tensor1, "src0 or src1 must be a LocalTensor: two scalars are not supported");
  using P = PrimT<E>;
  if constexpr (tensor0 && tensor1) {
    static_assert(config.scalarTensorIndex == 0 || config.scalarTensorIndex == 1,
                  "BinaryConfig::scalarTensorIndex is 0 (src0 is the scalar) or 1 (src1)");
    const bool first = config.scalarTensorIndex == 0;
    const auto& element = first ? src0 : src1;
    P v;
    adv::need(api, "scalar element", element, 1);
    std::memcpy(&v, element.HostPtr(), sizeof v);
    return {first ? &src1 : &src0, scalarBits<P>(v), first};
  } else if constexpr (tensor0) {
    return {&src0, scalarBits<P>((P)src1), false};
  } else {
    return {&src1, scalarBits<P>((P)src0), true};
  }
}
}  // namespace detail

// OP when the scalar is on the right, ROP when it is on the left; CLASSIC: vector.h has the
// tensor-then-value form of this name (these templates then leave that order to it).
#define SK_ASCENDC_FLEX(Name, OP, ROP, CLASSIC)                                                                      \
  template <typename T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG, \
            typename E, typename S, typename V,                                                                      \
            typename = std::enable_if_t<!(CLASSIC && detail::classicOrder<S, V>())>>                                 \
  __aicore__ inline void Name(const LocalTensor<E>& dst, const S& src0, const V& src1, const int32_t& count) {      \
    auto o = detail::flexOperands<config, E>(#Name, src0, src1);                                                     \
    detail::vop(o.scalarFirst ? ROP : OP, dst, o.vec->HostPtr(), nullptr, o.scalar,                                  \
                detail::countShape((uint64_t)(int64_t)count, detail::width<E>(), detail::width<E>()));               \
  }                                                                                                                  \
  template <typename T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG, \
            typename E, typename S, typename V,                                                                      \
            typename = std::enable_if_t<!(CLASSIC && detail::classicOrder<S, V>())>>                                 \
  __aicore__ inline void Name(const LocalTensor<E>& dst, const S& src0, const V& src1, const uint64_t mask[],       \
                              const uint8_t repeatTime, const UnaryRepeatParams& p) {                                \
    auto o = detail::flexOperands<config, E>(#Name, src0, src1);                                                     \
    detail::vop(o.scalarFirst ? ROP : OP, dst, o.vec->HostPtr(), nullptr, o.scalar,                                  \
                detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p));                             \
  }                                                                                                                  \
  template <typename T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG, \
            typename E, typename S, typename V,                                                                      \
            typename = std::enable_if_t<!(CLASSIC && detail::classicOrder<S, V>())>>                                 \
  __aicore__ inline void Name(const LocalTensor<E>& dst, const S& src0, const V& src1, uint64_t mask,               \
                              const uint8_t repeatTime, const UnaryRepeatParams& p) {                                \
    auto o = detail::flexOperands<config, E>(#Name, src0, src1);                                                     \
    detail::vop(o.scalarFirst ? ROP : OP, dst, o.vec->HostPtr(), nullptr, o.scalar,                                  \
                detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p));          \
  }
SK_ASCENDC_FLEX(Adds, SK_V_ADDS, SK_V_ADDS, true)
SK_ASCENDC_FLEX(Muls, SK_V_MULS, SK_V_MULS, true)
SK_ASCENDC_FLEX(Maxs, SK_V_MAXS, SK_V_MAXS, true)
SK_ASCENDC_FLEX(Mins, SK_V_MINS, SK_V_MINS, true)
SK_ASCENDC_FLEX(Subs, SK_V_SUBS, SK_V_RSUBS, false)
SK_ASCENDC_FLEX(Divs, SK_V_DIVS, SK_V_RDIVS, false)
SK_ASCENDC_FLEX(Ands, SK_V_ANDS, SK_V_ANDS, false)
SK_ASCENDC_FLEX(Ors, SK_V_ORS, SK_V_ORS, false)
#undef SK_ASCENDC_FLEX

/* ---- Compares: a scalar on the left compares the other way round (s < x is x > s) ---- */
namespace detail {
inline CMPMODE mirrored(CMPMODE m) {
  switch (m) {
    case CMPMODE::LT: return CMPMODE::GT;
    case CMPMODE::GT: return CMPMODE::LT;
    case CMPMODE::LE: return CMPMODE::GE;
    case CMPMODE::GE: return CMPMODE::LE;
    default: return m;
  }
}
template <const BinaryConfig& config, typename D, typename S, typename V>
inline void flexCompare(const D& dst, const S& src0, const V& src1, CMPMODE cmpMode, const sk_vec_repeat& r) {
  using E = typename std::conditional_t<IsLocalTensor<S>::value, S, V>::PrimType;
  auto o = flexOperands<config, E>("Compares", src0, src1);
  ::sk_vec_compare((int32_t)(o.scalarFirst ? mirrored(cmpMode) : cmpMode), dtypeOf<PrimT<E>>(), dst.HostPtr(),
                   o.vec->HostPtr(), nullptr, o.scalar, 1, &r);
}
}  // namespace detail

template <typename T0 = BinaryDefaultType, typename T1 = BinaryDefaultType, bool isSetMask = true,
          const BinaryConfig& config = DEFAULT_BINARY_CONFIG, typename T2, typename T3, typename T4,
          typename = std::enable_if_t<!detail::classicOrder<T3, T4>()>>
__aicore__ inline void Compares(const T2& dst, const T3& src0, const T4& src1, CMPMODE cmpMode, uint32_t count) {
  using E = typename std::conditional_t<detail::IsLocalTensor<T3>::value, T3, T4>::PrimType;
  detail::flexCompare<config>(dst, src0, src1, cmpMode, detail::countShape(count, detail::width<E>(), detail::width<E>()));
}
template <typename T0 = BinaryDefaultType, typename T1 = BinaryDefaultType, bool isSetMask = true,
          const BinaryConfig& config = DEFAULT_BINARY_CONFIG, typename T2, typename T3, typename T4,
          typename = std::enable_if_t<!detail::classicOrder<T3, T4>()>>
__aicore__ inline void Compares(const T2& dst, const T3& src0, const T4& src1, CMPMODE cmpMode, const uint64_t mask[],
                                uint8_t repeatTime, const UnaryRepeatParams& p) {
  detail::flexCompare<config>(dst, src0, src1, cmpMode, detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p));
}
template <typename T0 = BinaryDefaultType, typename T1 = BinaryDefaultType, bool isSetMask = true,
          const BinaryConfig& config = DEFAULT_BINARY_CONFIG, typename T2, typename T3, typename T4,
          typename = std::enable_if_t<!detail::classicOrder<T3, T4>()>>
__aicore__ inline void Compares(const T2& dst, const T3& src0, const T4& src1, CMPMODE cmpMode, const uint64_t mask,
                                uint8_t repeatTime, const UnaryRepeatParams& p) {
  using E = typename std::conditional_t<detail::IsLocalTensor<T3>::value, T3, T4>::PrimType;
  detail::flexCompare<config>(dst, src0, src1, cmpMode,
                              detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p));
}

/* ---- Select in mode 1 (VSEL_TENSOR_SCALAR_MODE): selMask's bit ? src0 : src1, either the scalar ----
   (a tensor then a value is compare.h's form, on every arch: a literal 0 for a float must not
   pick these templates over it on the A2) */
namespace detail {
template <const BinaryConfig& config, typename E, typename U, typename S, typename V>
inline void flexSelect(const LocalTensor<E>& dst, const LocalTensor<U>& selMask, const S& src0, const V& src1,
                       SELMODE selMode, const sk_vec_repeat& r) {
  if constexpr (IsLocalTensor<S>::value && IsLocalTensor<V>::value) {
    if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE) {  // two tensors in modes 0 and 2: tensor against tensor
      ::sk_vec_select((int32_t)selMode, dtypeOf<PrimT<E>>(), dst.HostPtr(), selMask.HostPtr(), src0.HostPtr(),
                      src1.HostPtr(), 0, 0, &r);
      return;
    }
  }
  auto o = flexOperands<config, E>("Select", src0, src1);
  ::sk_vec_select((int32_t)selMode, dtypeOf<PrimT<E>>(), dst.HostPtr(), selMask.HostPtr(),
                  o.scalarFirst ? nullptr : o.vec->HostPtr(), o.scalarFirst ? o.vec->HostPtr() : nullptr, o.scalar,
                  o.scalarFirst ? SK_SELECT_SCALAR_FIRST : 1, &r);
}
}  // namespace detail

template <typename T0 = BinaryDefaultType, typename T1 = BinaryDefaultType, const BinaryConfig& config = DEFAULT_BINARY_CONFIG,
          typename E, typename T3, typename T4, typename = std::enable_if_t<!detail::classicOrder<T3, T4>()>>
__aicore__ inline void Select(const LocalTensor<E>& dst, const LocalTensor<T1>& selMask, const T3& src0, const T4& src1,
                              SELMODE selMode, uint32_t count) {
  detail::flexSelect<config>(dst, selMask, src0, src1, selMode, detail::countShape(count, detail::width<E>(), detail::width<E>()));
}
template <typename T0 = BinaryDefaultType, typename T1 = BinaryDefaultType, bool isSetMask = true,
          const BinaryConfig& config = DEFAULT_BINARY_CONFIG, typename E, typename T3, typename T4,
          typename = std::enable_if_t<!detail::classicOrder<T3, T4>()>>
__aicore__ inline void Select(const LocalTensor<E>& dst, const LocalTensor<T1>& selMask, const T3& src0, const T4& src1,
                              SELMODE selMode, uint64_t mask, uint8_t repeatTime, const BinaryRepeatParams& p) {
  detail::flexSelect<config>(dst, selMask, src0, src1, selMode,
                             detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p));
}
template <typename T0 = BinaryDefaultType, typename T1 = BinaryDefaultType, bool isSetMask = true,
          const BinaryConfig& config = DEFAULT_BINARY_CONFIG, typename E, typename T3, typename T4,
          typename = std::enable_if_t<!detail::classicOrder<T3, T4>()>>
__aicore__ inline void Select(const LocalTensor<E>& dst, const LocalTensor<T1>& selMask, const T3& src0, const T4& src1,
                              SELMODE selMode, uint64_t mask[], uint8_t repeatTime, const BinaryRepeatParams& p) {
  detail::flexSelect<config>(dst, selMask, src0, src1, selMode,
                             detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p));
}

/* ---- ShiftLeft / ShiftRight by a tensor of counts (Ascend 950): src1's element i shifts src0's ---- */
#define SK_ASCENDC_SHIFT_BY_TENSOR(Name, OP)                                                                         \
  template <typename T, typename U>                                                                                \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1,   \
                              const int32_t& count) {                                                              \
    static_assert(detail::kArch3510 || sizeof(T) == 0, #Name " by a tensor of counts is Ascend 950's (dav-3510)");  \
    static_assert(sizeof(PrimT<U>) == sizeof(PrimT<T>) && std::is_signed<PrimT<U>>::value,                         \
                  #Name ": the counts are signed integers of the elements' width");                                \
    detail::vop(OP, dst, src0.HostPtr(), src1.HostPtr(), 0,                                                        \
                detail::countShape((uint64_t)(int64_t)count, detail::width<T>(), detail::width<T>()));             \
  }
SK_ASCENDC_SHIFT_BY_TENSOR(ShiftLeft, SK_V_SHIFTLEFT_V)
SK_ASCENDC_SHIFT_BY_TENSOR(ShiftRight, SK_V_SHIFTRIGHT_V)
#undef SK_ASCENDC_SHIFT_BY_TENSOR

}  // namespace AscendC

#endif /* SK_ASCENDC_FLEXIBLE_SCALAR_H */
