// The high-level math of AscendC's lib/ (Log, Sigmoid, Tanh, Power, Sin, Cos, Erf) in all their
// documented forms — with or without a sharedTmpBuffer, with or without calCount (then the whole
// source) — and the row reductions Sum and Mean. On the hardware each is a sequence of basic
// vector instructions; here one instruction computes it in float (rounded once to T) and costs
// the sequence (arch vectorOps).
#ifndef SK_ASCENDC_ADV_MATH_H
#define SK_ASCENDC_ADV_MATH_H

#include "kernel_tiling/kernel_tiling.h"
#include "sk_ascendc/reduce.h"
#include "sk_ascendc/vector.h"

SK_SIMULATED_BEGIN

namespace AscendC {

struct TanhConfig { bool highPrecision = false; };
constexpr TanhConfig DEFAULT_TANH_CONFIG{};
#if defined(__NPU_ARCH__) && __NPU_ARCH__ != 3510
// The bounds Ascend 910B's Tanh clips its input to before (e^2x - 1) / (e^2x + 1), and its 2: CANN's
// kernel_operator.h makes them visible there (not on Ascend 950), and 910B kernels use them.
constexpr float FP32_MAX_V2 = 8.8f;
constexpr float FP32_MIN_V2 = -8.8f;
constexpr float DOUBLE_X = 2;
#endif
// Power's, Sin's, Cos's and Erf's algorithm choices: accepted; the simulator computes each
// function in float whichever is named.
enum class PowerAlgo { INTRINSIC = 0, DOUBLE_FLOAT_TECH };
struct PowerConfig {
  PowerAlgo algo = PowerAlgo::INTRINSIC;
};
constexpr PowerConfig defaultPowerConfig{};
enum class SinAlgo { POLYNOMIAL_APPROXIMATION = 0, RADIAN_REDUCTION };
struct SinConfig {
  SinAlgo algo = SinAlgo::POLYNOMIAL_APPROXIMATION;
};
constexpr SinConfig defaultSinConfig{};
enum class CosAlgo { POLYNOMIAL_APPROXIMATION = 0, RADIAN_REDUCTION };
struct CosConfig {
  CosAlgo algo = CosAlgo::POLYNOMIAL_APPROXIMATION;
};
constexpr CosConfig defaultCosConfig{};
enum class ErfAlgo { PADE_APPROXIMATION = 0, SUBSECTION_POLYNOMIAL_APPROXIMATION };
struct ErfConfig {
  ErfAlgo algo = ErfAlgo::PADE_APPROXIMATION;
};
constexpr ErfConfig defaultErfConfig{};

namespace detail {
template <typename T> inline void unaryAll(int32_t op, const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
  vop(op, dst, src.HostPtr(), nullptr, 0, countShape(count, width<T>(), width<T>()));
}
}  // namespace detail

#define SK_ASCENDC_ADV_UNARY(Name, OP, ...)                                                                        \
  template <typename T, bool isReuseSource = false __VA_ARGS__>                                                    \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&,   \
                              const uint32_t calCount) {                                                           \
    detail::unaryAll(OP, dst, src, calCount);                                                                      \
  }                                                                                                                \
  template <typename T, bool isReuseSource = false __VA_ARGS__>                                                    \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&) { \
    detail::unaryAll(OP, dst, src, src.GetSize());                                                                 \
  }                                                                                                                \
  template <typename T, bool isReuseSource = false __VA_ARGS__>                                                    \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount) {     \
    detail::unaryAll(OP, dst, src, calCount);                                                                      \
  }                                                                                                                \
  template <typename T, bool isReuseSource = false __VA_ARGS__>                                                    \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src) {                              \
    detail::unaryAll(OP, dst, src, src.GetSize());                                                                 \
  }
SK_ASCENDC_ADV_UNARY(Log, SK_V_LN)
SK_ASCENDC_ADV_UNARY(Log2, SK_V_LOG2)
SK_ASCENDC_ADV_UNARY(Log10, SK_V_LOG10)
SK_ASCENDC_ADV_UNARY(Sigmoid, SK_V_SIGMOID)
SK_ASCENDC_ADV_UNARY(Tanh, SK_V_TANH, , const TanhConfig& config = DEFAULT_TANH_CONFIG)
SK_ASCENDC_ADV_UNARY(Sin, SK_V_SIN, , const SinConfig& config = defaultSinConfig)
SK_ASCENDC_ADV_UNARY(Cos, SK_V_COS, , const CosConfig& config = defaultCosConfig)
SK_ASCENDC_ADV_UNARY(Erf, SK_V_ERF, , const ErfConfig& config = defaultErfConfig)
#undef SK_ASCENDC_ADV_UNARY

/* ---- Power: tensor ^ tensor, tensor ^ scalar, scalar ^ tensor ---- */
#define SK_ASCENDC_POWER(SRC0, SRC1, CALL)                                                                            \
  template <typename T, bool isReuseSource = false, const PowerConfig& config = defaultPowerConfig>                   \
  __aicore__ inline void Power(const LocalTensor<T>& dst, SRC0 src0, SRC1 src1, const LocalTensor<uint8_t>&,           \
                               const uint32_t calCount) {                                                             \
    CALL(calCount);                                                                                                   \
  }                                                                                                                   \
  template <typename T, bool isReuseSource = false, const PowerConfig& config = defaultPowerConfig>                   \
  __aicore__ inline void Power(const LocalTensor<T>& dst, SRC0 src0, SRC1 src1, const LocalTensor<uint8_t>&) {        \
    CALL(dst.GetSize());                                                                                              \
  }                                                                                                                   \
  template <typename T, bool isReuseSource = false, const PowerConfig& config = defaultPowerConfig>                   \
  __aicore__ inline void Power(const LocalTensor<T>& dst, SRC0 src0, SRC1 src1, const uint32_t calCount) {            \
    CALL(calCount);                                                                                                   \
  }                                                                                                                   \
  template <typename T, bool isReuseSource = false, const PowerConfig& config = defaultPowerConfig>                   \
  __aicore__ inline void Power(const LocalTensor<T>& dst, SRC0 src0, SRC1 src1) {                                     \
    CALL(dst.GetSize());                                                                                              \
  }
#define SK_ASCENDC_POW_TT(n) \
  detail::vop(SK_V_POW, dst, src0.HostPtr(), src1.HostPtr(), 0, detail::countShape(n, detail::width<T>(), detail::width<T>()))
#define SK_ASCENDC_POW_TS(n) \
  detail::vop(SK_V_POWS, dst, src0.HostPtr(), nullptr, detail::scalarBits<PrimT<T>>(src1), detail::countShape(n, detail::width<T>(), detail::width<T>()))
#define SK_ASCENDC_POW_ST(n) \
  detail::vop(SK_V_RPOWS, dst, src1.HostPtr(), nullptr, detail::scalarBits<PrimT<T>>(src0), detail::countShape(n, detail::width<T>(), detail::width<T>()))
SK_ASCENDC_POWER(const LocalTensor<T>&, const LocalTensor<T>&, SK_ASCENDC_POW_TT)
SK_ASCENDC_POWER(const LocalTensor<T>&, const PrimT<T>&, SK_ASCENDC_POW_TS)
SK_ASCENDC_POWER(const PrimT<T>&, const LocalTensor<T>&, SK_ASCENDC_POW_ST)
#undef SK_ASCENDC_POW_TT
#undef SK_ASCENDC_POW_TS
#undef SK_ASCENDC_POW_ST
#undef SK_ASCENDC_POWER

/* ---- Sum and Mean: one result per row of `inner` elements (the first n valid) ---- */
struct SumParams {
  uint32_t outter = 1;
  uint32_t inner = 0;  // row pitch, elements (32-byte aligned)
  uint32_t n = 0;      // valid elements per row
};
struct MeanParams {
  uint32_t outter = 1;
  uint32_t inner = 0;
  uint32_t n = 0;
};
namespace detail {
// Sums each row into dst[row] with the count-form ReduceSum (a tree per repeat, repeats in order).
template <typename T> inline void rowSums(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t rows, uint32_t inner,
                                          uint32_t n) {
  for (uint32_t r = 0; r < rows; ++r)
    reduceAll(SK_VOP_REDUCE_SUM, dst[r], src[r * inner], false, countShape(n, width<T>(), width<T>()));
}
}  // namespace detail
template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ inline void Sum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&,
                           const SumParams& p) {
  detail::rowSums(dst, src, p.outter, p.inner, p.n);
}
template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ inline void Sum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const SumParams& p) {
  detail::rowSums(dst, src, p.outter, p.inner, p.n);
}
// Mean: the row sums times 1/n, in T (accType other than T is computed in T here).
template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false, int32_t reduceDim = -1>
__aicore__ inline void Mean(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&,
                            const MeanParams& p) {
  detail::rowSums(dst, src, p.outter, p.inner, p.n);
  Muls(dst, dst, (PrimT<T>)(1.0f / (float)p.n), (int32_t)p.outter);
}
template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false, int32_t reduceDim = -1>
__aicore__ inline void Mean(const LocalTensor<T>& dst, const LocalTensor<T>& src, const MeanParams& p) {
  detail::rowSums(dst, src, p.outter, p.inner, p.n);
  Muls(dst, dst, (PrimT<T>)(1.0f / (float)p.n), (int32_t)p.outter);
}

/* ---- SoftMax over the rows of a [srcM, srcK] tensor (oriSrcM x oriSrcK valid) ----
   dst = exp(x - rowmax) / rowsum, computed in float and rounded once to T; the forms with
   sumTensor/maxTensor also write each row's sum and max, repeated across one 32-byte block per
   row. The work happens element by element here; the V pipe is charged a softmax's cost. */
enum class SoftmaxMode { SOFTMAX_NORMAL = 0, SOFTMAX_OUTPUT_WITHOUT_BRC = 1 };
struct SoftmaxConfig {
  bool isCheckTiling = true;
  uint32_t oriSrcM = 0;
  uint32_t oriSrcK = 0;
  SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};
constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG{};
struct SoftMaxShapeInfo {
  uint32_t srcM{0};
  uint32_t srcK{0};
  uint32_t oriSrcM{0};
  uint32_t oriSrcK{0};
};
namespace detail {
template <typename T, typename U>
inline void softmaxRows(const LocalTensor<T>& dst, const LocalTensor<U>* sum, const LocalTensor<U>* max,
                        const LocalTensor<T>& src, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& shape) {
  uint32_t pitch = shape.srcK ? shape.srcK : tiling.srcK;
  uint32_t rows = shape.oriSrcM ? shape.oriSrcM : shape.srcM ? shape.srcM : tiling.srcM;
  uint32_t n = shape.oriSrcK ? shape.oriSrcK : pitch;
  const uint32_t perBlock = ONE_BLK_SIZE / sizeof(PrimT<U>);
  for (uint32_t r = 0; r < rows; ++r) {
    const PrimT<T>* x = src.HostPtr() + (uint64_t)r * pitch;
    PrimT<T>* y = dst.HostPtr() + (uint64_t)r * pitch;
    float m = -std::numeric_limits<float>::infinity(), s = 0;
    for (uint32_t i = 0; i < n; ++i) m = std::max(m, (float)x[i]);
    for (uint32_t i = 0; i < n; ++i) s += std::exp((float)x[i] - m);
    for (uint32_t i = 0; i < n; ++i) y[i] = (PrimT<T>)(std::exp((float)x[i] - m) / s);
    for (uint32_t j = 0; j < perBlock; ++j) {
      if (sum) sum->HostPtr()[(uint64_t)r * perBlock + j] = (PrimT<U>)s;
      if (max) max->HostPtr()[(uint64_t)r * perBlock + j] = (PrimT<U>)m;
    }
  }
  ::sk_vec_charge("softmax", (uint64_t)rows * ((uint64_t)n * sizeof(float) + 255) / 256);
}
}  // namespace detail
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const SoftMaxTiling& tiling,
                               const SoftMaxShapeInfo& shape = {}) {
  detail::softmaxRows<T, T>(dst, nullptr, nullptr, src, tiling, shape);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&,
                               const SoftMaxTiling& tiling, const SoftMaxShapeInfo& shape = {}) {
  detail::softmaxRows<T, T>(dst, nullptr, nullptr, src, tiling, shape);
}
template <typename T, typename U = T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftMax(const LocalTensor<T>& dst, const LocalTensor<U>& sum, const LocalTensor<U>& max,
                               const LocalTensor<T>& src, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& shape = {}) {
  detail::softmaxRows<T, U>(dst, &sum, &max, src, tiling, shape);
}
template <typename T, typename U = T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftMax(const LocalTensor<T>& dst, const LocalTensor<U>& sum, const LocalTensor<U>& max,
                               const LocalTensor<T>& src, const LocalTensor<uint8_t>&, const SoftMaxTiling& tiling,
                               const SoftMaxShapeInfo& shape = {}) {
  detail::softmaxRows<T, U>(dst, &sum, &max, src, tiling, shape);
}

// The forms with sum and max of T's type and the flags after T (SoftMax<float, false, true>(...)).
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sum, const LocalTensor<T>& max,
                               const LocalTensor<T>& src, const LocalTensor<uint8_t>&, const SoftMaxTiling& tiling,
                               const SoftMaxShapeInfo& shape = {}) {
  static_assert(!isDataFormatNZ, "SoftMax: the NZ format is not supported by SuperKernel");
  detail::softmaxRows<T, T>(dst, &sum, &max, src, tiling, shape);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sum, const LocalTensor<T>& max,
                               const LocalTensor<T>& src, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& shape = {}) {
  static_assert(!isDataFormatNZ, "SoftMax: the NZ format is not supported by SuperKernel");
  detail::softmaxRows<T, T>(dst, &sum, &max, src, tiling, shape);
}

}  // namespace AscendC

SK_SIMULATED_END

#endif /* SK_ASCENDC_ADV_MATH_H */
