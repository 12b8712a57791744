// The reduce APIs of lib/reduce with a pattern (ReduceMax<T, Pattern::Reduce::AR>(dst, src, srcShape,
// srcInnerPad)): ReduceMax, ReduceMin, ReduceSum, ReduceMean, ReduceProd, ReduceAny, ReduceAll over
// a 2-D source. AR: srcShape {a, r}, a rows of r elements reduced to a values; RA: srcShape {r, a},
// r rows of a elements reduced column-wise to a values. Rows lie ceil32(inner * sizeof(T)) bytes
// apart (srcInnerPad: the inner axis padded to 32 bytes, the only form on Ascend A2/A3). Sums
// and products in float by binary accumulation (the API's halving), Mean = Sum * (1 / r); rounded
// once to T. Written from the public API reference; charged as the sequence each replaces.
#ifndef SK_ASCENDC_ADV_REDUCE_H
#define SK_ASCENDC_ADV_REDUCE_H

#include "sk_ascendc/adv_common.h"

SK_SIMULATED_BEGIN

namespace AscendC {

namespace detail {
namespace adv {
enum class PatternReduceOp { kMax, kMin, kSum, kMean, kProd, kAny, kAll };
template <typename T, class pattern, PatternReduceOp op>
inline void patternReduce(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t srcShape[], bool srcInnerPad) {
  static_assert(std::is_same<pattern, Pattern::Reduce::AR>::value || std::is_same<pattern, Pattern::Reduce::RA>::value,
                "reduce with a pattern: only Pattern::Reduce::AR and Pattern::Reduce::RA are supported (as documented)");
#if !defined(__NPU_ARCH__) || __NPU_ARCH__ != 3510  // reserved on Ascend 950 (rows padded to 32 bytes all the same)
  if (!srcInnerPad) ::sk_trapf(3, "%s: srcInnerPad must be true on this part (the inner axis padded to 32 bytes)", api);
#endif
  constexpr bool ar = std::is_same<pattern, Pattern::Reduce::AR>::value;
  const uint32_t outer = srcShape[0], inner = srcShape[1];
  const uint32_t pitch = (uint32_t)((inner * sizeof(E<T>) + 31) / 32 * 32 / sizeof(E<T>));
  const uint32_t a = ar ? outer : inner, r = ar ? inner : outer;
  need(api, "srcTensor", src, outer == 0 ? 0 : (uint64_t)(outer - 1) * pitch + inner);
  need(api, "dstTensor", dst, a);
  const E<T>* x = ptr(src);
  E<T>* y = ptr(dst);
  for (uint32_t i = 0; i < a; ++i) {
    if constexpr (std::is_integral_v<E<T>>) {  // Ascend 950's integer sums (wrapping), maxima and minima
      using Wide = std::conditional_t<std::is_signed_v<E<T>>, int64_t, uint64_t>;
      auto at = [&](uint32_t k) { return (Wide)(ar ? x[(uint64_t)i * pitch + k] : x[(uint64_t)k * pitch + i]); };
      Wide v = at(0);
      for (uint32_t k = 1; k < r; ++k)
        v = op == PatternReduceOp::kMax ? std::max(v, at(k))
            : op == PatternReduceOp::kMin ? std::min(v, at(k))
                                          : (Wide)((uint64_t)v + (uint64_t)at(k));
      y[i] = (E<T>)v;
      continue;
    }
    auto at = [&](uint32_t k) { return (float)(ar ? x[(uint64_t)i * pitch + k] : x[(uint64_t)k * pitch + i]); };
    float v;
    if (op == PatternReduceOp::kMax || op == PatternReduceOp::kAny) {
      v = at(0);
      for (uint32_t k = 1; k < r; ++k) v = std::fmax(v, at(k));
      if (op == PatternReduceOp::kAny) v = v != 0.0f ? 1.0f : 0.0f;
    } else if (op == PatternReduceOp::kMin || op == PatternReduceOp::kAll) {
      v = at(0);
      for (uint32_t k = 1; k < r; ++k) v = std::fmin(v, at(k));
      if (op == PatternReduceOp::kAll) v = v != 0.0f ? 1.0f : 0.0f;
    } else if (op == PatternReduceOp::kProd) {
      float buf[256];
      uint32_t m = r < 256 ? r : 256;
      for (uint32_t k = 0; k < m; ++k) buf[k] = at(k);
      for (uint32_t k = m; k < r; ++k) buf[k % 256] *= at(k);
      while (m > 1) {  // halving, the odd one carried
        uint32_t h = m / 2;
        for (uint32_t k = 0; k < h; ++k) buf[k] *= buf[m - h + k];
        m -= h;
      }
      v = buf[0];
    } else {
      v = binarySum(r, at);
      if (op == PatternReduceOp::kMean) v *= 1.0f / (float)r;
    }
    y[i] = (E<T>)v;
  }
  const char* basic = op == PatternReduceOp::kMax || op == PatternReduceOp::kAny   ? "max"
                      : op == PatternReduceOp::kMin || op == PatternReduceOp::kAll ? "min"
                      : op == PatternReduceOp::kProd                               ? "mul"
                                                                                   : "add";
  const char* whole = op == PatternReduceOp::kMax || op == PatternReduceOp::kAny   ? "reducemax"
                      : op == PatternReduceOp::kMin || op == PatternReduceOp::kAll ? "reducemin"
                                                                                   : "reducesum";
  // RA: r - 1 row-wise ops over a; AR: the halving adds, then one whole reduction per row.
  if (ar) {
    chargeOps((uint64_t)a * pitch, sizeof(E<T>), basic);
    ::sk_vec_charge(whole, a);
  } else {
    for (uint32_t k = 1; k < r; ++k) chargeOps(pitch, sizeof(E<T>), basic);
  }
  if (op == PatternReduceOp::kMean) chargeOps(a, sizeof(E<T>), "muls");
}
}  // namespace adv
}  // namespace detail

#define SK_ASCENDC_PATTERN_REDUCE(Name, OP, TYPES_OK, TYPES_MSG)                                                                      \
  template <class T, class pattern, bool isReuseSource = false>                                                                      \
  __aicore__ inline void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>&,          \
                              const uint32_t srcShape[], bool srcInnerPad) {                                                         \
    static_assert(TYPES_OK, #Name ": " TYPES_MSG);                                                                                   \
    detail::adv::patternReduce<T, pattern, detail::adv::PatternReduceOp::OP>(#Name, dstTensor, srcTensor, srcShape, srcInnerPad);   \
  }                                                                                                                                  \
  template <class T, class pattern, bool isReuseSource = false>                                                                      \
  __aicore__ inline void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t srcShape[],           \
                              bool srcInnerPad) {                                                                                    \
    Name<T, pattern, isReuseSource>(dstTensor, srcTensor, LocalTensor<uint8_t>(), srcShape, srcInnerPad);                            \
  }
#define SK_REDUCE_HALF_FLOAT (std::is_same<PrimT<T>, half>::value || std::is_same<PrimT<T>, float>::value)
#define SK_REDUCE_FLOAT (std::is_same<PrimT<T>, float>::value)
#define SK_REDUCE_U8_FLOAT (std::is_same<PrimT<T>, uint8_t>::value || std::is_same<PrimT<T>, float>::value)
#define SK_REDUCE_WIDE_INT                                                                                  \
  (std::is_same<PrimT<T>, int32_t>::value || std::is_same<PrimT<T>, uint32_t>::value ||                     \
   std::is_same<PrimT<T>, int64_t>::value || std::is_same<PrimT<T>, uint64_t>::value)
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510  // the types Ascend 950's pages list
#define SK_REDUCE_SUM_TYPES (SK_REDUCE_FLOAT || SK_REDUCE_WIDE_INT)
#define SK_REDUCE_SUM_MSG "T must be float, int32_t, uint32_t, int64_t or uint64_t"
#define SK_REDUCE_MAX_MIN_TYPES (std::is_arithmetic<PrimT<T>>::value && !std::is_same<PrimT<T>, bool>::value)
#define SK_REDUCE_MAX_MIN_MSG "T must be an 8- to 64-bit integer, half, bfloat16_t or float"
#else
#define SK_REDUCE_SUM_TYPES SK_REDUCE_FLOAT
#define SK_REDUCE_SUM_MSG "T must be float"
#define SK_REDUCE_MAX_MIN_TYPES SK_REDUCE_HALF_FLOAT
#define SK_REDUCE_MAX_MIN_MSG "T must be half or float"
#endif
SK_ASCENDC_PATTERN_REDUCE(ReduceMax, kMax, SK_REDUCE_MAX_MIN_TYPES, SK_REDUCE_MAX_MIN_MSG)
SK_ASCENDC_PATTERN_REDUCE(ReduceMin, kMin, SK_REDUCE_MAX_MIN_TYPES, SK_REDUCE_MAX_MIN_MSG)
SK_ASCENDC_PATTERN_REDUCE(ReduceSum, kSum, SK_REDUCE_SUM_TYPES, SK_REDUCE_SUM_MSG)
SK_ASCENDC_PATTERN_REDUCE(ReduceMean, kMean, SK_REDUCE_FLOAT, "T must be float")
SK_ASCENDC_PATTERN_REDUCE(ReduceProd, kProd, SK_REDUCE_FLOAT, "T must be float")
SK_ASCENDC_PATTERN_REDUCE(ReduceAny, kAny, SK_REDUCE_U8_FLOAT, "T must be uint8_t or float")
SK_ASCENDC_PATTERN_REDUCE(ReduceAll, kAll, SK_REDUCE_U8_FLOAT, "T must be uint8_t or float")
#undef SK_REDUCE_HALF_FLOAT
#undef SK_REDUCE_FLOAT
#undef SK_REDUCE_U8_FLOAT
#undef SK_REDUCE_WIDE_INT
#undef SK_REDUCE_SUM_TYPES
#undef SK_REDUCE_SUM_MSG
#undef SK_REDUCE_MAX_MIN_TYPES
#undef SK_REDUCE_MAX_MIN_MSG
#undef SK_ASCENDC_PATTERN_REDUCE

}  // namespace AscendC

SK_SIMULATED_END

#endif /* SK_ASCENDC_ADV_REDUCE_H */
