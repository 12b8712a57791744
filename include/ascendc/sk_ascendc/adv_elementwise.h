// Element-wise APIs of AscendC's lib/math (adv_api/math) beside adv_math.h's: Acosh, Ceil, Floor,
// Trunc, Frac, Rint, ClampMin, ClampMax, Clamp, Fmod, Fma, Xor, BitwiseAnd, LogicalAnd, Where,
// IsFinite, CumSum, and Axpy with a shared buffer. Written from the public API reference; each is
// computed element by element (floats in float, or in double where the float result must be
// correctly rounded, then rounded once to T) and charged as the basic sequence it replaces
// (sk_ascendc/adv_common.h). The sharedTmpBuffer forms accept the buffer and do not need it.
#ifndef SK_ASCENDC_ADV_ELEMENTWISE_H
#define SK_ASCENDC_ADV_ELEMENTWISE_H

#include "sk_ascendc/adv_common.h"
#include "sk_ascendc/vector.h"

namespace AscendC {

// The four forms of a unary high-level API: (dst, src[, sharedTmpBuffer][, calCount]).
#define SK_ADV_UNARY_FORMS(Name, TPARAMS, TARGS)                                                                     \
  template <TPARAMS>                                                                                                 \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp) { \
    Name<TARGS>(dst, src, tmp, src.GetSize());                                                                       \
  }                                                                                                                  \
  template <TPARAMS>                                                                                                 \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount) {      \
    Name<TARGS>(dst, src, LocalTensor<uint8_t>(), calCount);                                                         \
  }                                                                                                                  \
  template <TPARAMS> __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src) {             \
    Name<TARGS>(dst, src, LocalTensor<uint8_t>(), src.GetSize());                                                    \
  }
#define SK_ADV_COMMA ,
#define SK_ADV_FLOAT_UNARY(Name, EXPR, OPS)                                                                          \
  template <typename T, bool isReuseSource = false>                                                                  \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&,     \
                              const uint32_t calCount) {                                                             \
    static_assert(detail::adv::isFloatLike<T>(), #Name ": T must be half, bfloat16_t or float");                     \
    detail::adv::map1(#Name, dst, src, calCount, [](float x) -> float { return EXPR; });                             \
    detail::adv::charge(OPS, calCount, 4);                                                                           \
  }                                                                                                                  \
  SK_ADV_UNARY_FORMS(Name, typename T SK_ADV_COMMA bool isReuseSource = false, T SK_ADV_COMMA isReuseSource)
// acosh(x) = ln(x + sqrt(x^2 - 1)), in double and rounded once.
SK_ADV_FLOAT_UNARY(Acosh, (float)std::log((double)x + std::sqrt((double)x * x - 1.0)),
                   SK_ADV_COMMA_LIST({"mul", "adds", "sqrt", "add", "ln"}))
#undef SK_ADV_FLOAT_UNARY
#undef SK_ADV_COMMA

}  // namespace AscendC

#endif /* SK_ASCENDC_ADV_ELEMENTWISE_H */
