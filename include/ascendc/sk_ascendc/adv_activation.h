// The activation APIs of AscendC's lib/activation (adv_api/activation): Gelu, FasterGelu, Swish,
// Silu, ReGlu, SwiGLU, GeGLU, and the row-wise SoftMax family beside adv_math.h's SoftMax: SimpleSoftMax,
// LogSoftMax, SoftmaxFlashV2, SoftmaxGrad, SoftmaxGradFront, AdjustSoftMaxRes. Written from the
// public API reference; computed element by element in float and rounded once to T, charged as
// the basic-instruction sequence each replaces (sk_ascendc/adv_common.h).
#ifndef SK_ASCENDC_ADV_ACTIVATION_H
#define SK_ASCENDC_ADV_ACTIVATION_H

#include "sk_ascendc/adv_common.h"
#include "sk_ascendc/adv_math.h"

SK_SIMULATED_BEGIN

namespace AscendC {

namespace detail {
namespace adv {
// Gelu's tanh form: x * sigmoid(2 * sqrt(2/pi) * (x + 0.044715 x^3)).
inline float gelu(float x) { return x / (1.0f + std::exp(-1.5957691216057308f * (x + 0.044715f * x * x * x))); }
inline float fasterGelu(float x) { return x / (1.0f + std::exp(-1.702f * x)); }
inline float swish(float x, float beta) { return x / (1.0f + std::exp(-beta * x)); }
// FastGeluV2: x * (sgn(x) * (-0.1444 * (min(|0.7071 x|, 1.769) - 1.769)^2 + 0.5) + 0.5), with
// sgn(x) = (x + 1e-12) / |x + 1e-12| as the API computes it.
inline float fasterGeluV2(float x) {
  float t = std::fmin(std::fabs(0.7071f * x), 1.769f) - 1.769f;
  float e = x + 1e-12f;
  return x * ((e / std::fabs(e)) * (-0.1444f * t * t + 0.5f) + 0.5f);
}
}  // namespace adv
}  // namespace detail

/* ---- Gelu / FasterGelu: dst = gelu(src) over dataSize elements ---- */
#define SK_ASCENDC_GELU(Name, FN, OPS)                                                                             \
  template <typename T, bool highPrecision = false, bool highPerformance = false>                                 \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&,  \
                              const uint32_t dataSize) {                                                          \
    static_assert(detail::adv::isFloatLike<T>(), #Name ": T must be half, bfloat16_t or float");                  \
    detail::adv::map1(#Name, dst, src, dataSize, [](float x) { return FN(x); });                                  \
    detail::adv::charge(OPS, dataSize, 4);                                                                        \
  }                                                                                                               \
  template <typename T, bool highPrecision = false, bool highPerformance = false>                                 \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t dataSize) {    \
    Name<T, highPrecision, highPerformance>(dst, src, LocalTensor<uint8_t>(), dataSize);                          \
  }
#define SK_ASCENDC_GELU_OPS {"mul", "mul", "muls", "add", "muls", "exp", "adds", "div"}
#define SK_ASCENDC_FGELU_OPS {"muls", "exp", "adds", "div"}
SK_ASCENDC_GELU(Gelu, detail::adv::gelu, SK_ASCENDC_GELU_OPS)
SK_ASCENDC_GELU(FasterGelu, detail::adv::fasterGelu, SK_ASCENDC_FGELU_OPS)
#define SK_ASCENDC_FGELUV2_OPS {"muls", "abs", "mins", "adds", "mul", "muls", "adds", "adds", "abs", "div", "mul", "adds", "mul"}
SK_ASCENDC_GELU(FasterGeluV2, detail::adv::fasterGeluV2, SK_ASCENDC_FGELUV2_OPS)
#undef SK_ASCENDC_FGELUV2_OPS
#undef SK_ASCENDC_GELU
#undef SK_ASCENDC_GELU_OPS
#undef SK_ASCENDC_FGELU_OPS

/* ---- Swish: dst = x / (1 + exp(-beta x)); Silu: beta = 1 ---- */
template <typename T, bool isReuseSource = false>
__aicore__ inline void Swish(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t dataSize, const PrimT<T> scalarValue) {
  static_assert(detail::adv::isFloatLike<T>(), "Swish: T must be half, bfloat16_t or float");
  const float beta = (float)scalarValue;
  detail::adv::map1("Swish", dst, src, dataSize, [beta](float x) { return detail::adv::swish(x, beta); });
  detail::adv::charge({"muls", "exp", "adds", "div"}, dataSize, sizeof(PrimT<T>));
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Swish(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&, uint32_t dataSize,
                             const PrimT<T> scalarValue) {
  Swish<T, isReuseSource>(dst, src, dataSize, scalarValue);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Silu(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t dataSize) {
  static_assert(detail::adv::isFloatLike<T>(), "Silu: T must be half, bfloat16_t or float");
  detail::adv::map1("Silu", dst, src, dataSize, [](float x) { return detail::adv::swish(x, 1.0f); });
  detail::adv::charge({"muls", "exp", "adds", "div"}, dataSize, sizeof(PrimT<T>));
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Silu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&, uint32_t dataSize) {
  Silu<T, isReuseSource>(dst, src, dataSize);
}

/* ---- ReGlu: dst = src0 * relu(src1) (the temporary buffer is not needed here) ---- */
template <typename T, bool isReuseSource = false>
__aicore__ inline void ReGlu(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                             const LocalTensor<uint8_t>&, const uint32_t calCount) {
  static_assert(detail::adv::isFloatLike<T>(), "ReGlu: T must be half, bfloat16_t or float");
  detail::adv::map2("ReGlu", dst, src0, src1, calCount, [](float a, float b) { return a * (b > 0.0f ? b : 0.0f); });
  detail::adv::charge({"relu", "mul"}, calCount, 4);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void ReGlu(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                             const uint32_t calCount) {
  ReGlu<T, isReuseSource>(dst, src0, src1, LocalTensor<uint8_t>(), calCount);
}

/* ---- SwiGLU: dst = src0 * swish(src1, beta); GeGLU: dst = src0 * gelu(src1) ---- */
template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                              const float& scalarValue, const LocalTensor<uint8_t>&, const uint32_t calCount) {
  static_assert(detail::adv::isFloatLike<T>(), "SwiGLU: T must be half, bfloat16_t or float");
  const float beta = scalarValue;
  detail::adv::map2("SwiGLU", dst, src0, src1, calCount, [beta](float a, float b) { return a * detail::adv::swish(b, beta); });
  detail::adv::charge({"muls", "exp", "adds", "div", "mul"}, calCount, 4);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                              const float& scalarValue, const LocalTensor<uint8_t>& tmp) {
  SwiGLU<T, isReuseSource>(dst, src0, src1, scalarValue, tmp, src0.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                              const float& scalarValue, const uint32_t calCount) {
  SwiGLU<T, isReuseSource>(dst, src0, src1, scalarValue, LocalTensor<uint8_t>(), calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                              const float& scalarValue) {
  SwiGLU<T, isReuseSource>(dst, src0, src1, scalarValue, LocalTensor<uint8_t>(), src0.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void GeGLU(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                             const LocalTensor<uint8_t>&, uint32_t calCount) {
  static_assert(detail::adv::isFloatLike<T>(), "GeGLU: T must be half, bfloat16_t or float");
  detail::adv::map2("GeGLU", dst, src0, src1, calCount, [](float a, float b) { return a * detail::adv::gelu(b); });
  detail::adv::charge({"mul", "adds", "mul", "muls", "exp", "adds", "div", "mul"}, calCount, 4);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void GeGLU(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                             const LocalTensor<uint8_t>& tmp) {
  GeGLU<T, isReuseSource>(dst, src0, src1, tmp, src0.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void GeGLU(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint32_t calCount) {
  GeGLU<T, isReuseSource>(dst, src0, src1, LocalTensor<uint8_t>(), calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void GeGLU(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1) {
  GeGLU<T, isReuseSource>(dst, src0, src1, LocalTensor<uint8_t>(), src0.GetSize());
}

/* ---- the row-wise family: rows of `pitch` elements (srcK), the first n valid (oriSrcK) ----
   Per-row results (sum, max, expMax) are written as in SoftMax: each row's value repeated across
   one 32-byte block (8 floats or 16 halves) per row; per-row inputs are read from element 0 of
   their row's block. ND only: the NZ forms do not compile. */
namespace detail {
namespace adv {
struct Rows {
  uint32_t rows, pitch, n;
};
inline Rows rowsOf(const SoftMaxShapeInfo& shape, uint32_t tilingM, uint32_t tilingK) {
  Rows r;
  r.pitch = shape.srcK ? shape.srcK : tilingK;
  r.rows = shape.oriSrcM ? shape.oriSrcM : shape.srcM ? shape.srcM : tilingM;
  r.n = shape.oriSrcK ? shape.oriSrcK : r.pitch;
  if (r.n > r.pitch) ::sk_trapf(3, "SoftMax family: oriSrcK %u exceeds srcK %u", r.n, r.pitch);
  return r;
}
template <typename U> constexpr uint32_t perBlock() { return ONE_BLK_SIZE / sizeof(PrimT<U>); }
// Elements per row of a per-row tensor: a block, or one without the broadcast
// (SoftmaxMode::SOFTMAX_OUTPUT_WITHOUT_BRC).
template <typename U> constexpr uint32_t perRow(bool brc) { return brc ? perBlock<U>() : 1; }
template <typename U> inline void putRow(const LocalTensor<U>& t, uint32_t r, float v, bool brc = true) {
  E<U>* p = ptr(t) + (uint64_t)r * perRow<U>(brc);
  for (uint32_t j = 0; j < perRow<U>(brc); ++j) p[j] = (E<U>)v;
}
template <typename U> inline float getRow(const LocalTensor<U>& t, uint32_t r, bool brc = true) {
  return (float)ptr(t)[(uint64_t)r * perRow<U>(brc)];
}
template <typename T> inline void needRows(const char* api, const char* role, const LocalTensor<T>& t, const Rows& r) {
  need(api, role, t, r.rows ? (uint64_t)(r.rows - 1) * r.pitch + r.n : 0);
}
template <typename U>
inline void needBlocks(const char* api, const char* role, const LocalTensor<U>& t, const Rows& r, bool brc = true) {
  need(api, role, t, (uint64_t)r.rows * perRow<U>(brc));
}
inline void chargeRows(std::initializer_list<const char*> ops, const Rows& r) {
  for (const char* op : ops) ::sk_vec_charge(op, (uint64_t)r.rows * (((uint64_t)r.n * 4 + 255) / 256));
}
}  // namespace adv
}  // namespace detail

// SimpleSoftMax: dst = exp(src - max) / sum with each row's max and sum given.
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SimpleSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& inSumTensor, const LocalTensor<T>& inMaxTensor,
                                     const LocalTensor<T>& src, const LocalTensor<uint8_t>&, const SoftMaxTiling& tiling,
                                     const SoftMaxShapeInfo& shape = {}) {
  static_assert(!isDataFormatNZ, "SimpleSoftMax: the NZ format is not supported by SuperKernel");
  namespace a = detail::adv;
  a::Rows r = a::rowsOf(shape, tiling.srcM, tiling.srcK);
  a::needRows("SimpleSoftMax", "dst", dst, r);
  a::needRows("SimpleSoftMax", "src", src, r);
  a::needBlocks("SimpleSoftMax", "inSumTensor", inSumTensor, r);
  a::needBlocks("SimpleSoftMax", "inMaxTensor", inMaxTensor, r);
  for (uint32_t i = 0; i < r.rows; ++i) {
    float m = a::getRow(inMaxTensor, i), s = a::getRow(inSumTensor, i);
    const PrimT<T>* x = a::ptr(src) + (uint64_t)i * r.pitch;
    PrimT<T>* y = a::ptr(dst) + (uint64_t)i * r.pitch;
    for (uint32_t k = 0; k < r.n; ++k) y[k] = (PrimT<T>)(std::exp((float)x[k] - m) / s);
  }
  a::chargeRows({"sub", "exp", "div"}, r);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SimpleSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& inSumTensor, const LocalTensor<T>& inMaxTensor,
                                     const LocalTensor<T>& src, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& shape = {}) {
  SimpleSoftMax<T, isReuseSource, isBasicBlock, isDataFormatNZ, config>(dst, inSumTensor, inMaxTensor, src, LocalTensor<uint8_t>(),
                                                                        tiling, shape);
}

// LogSoftMax: dst = log10(softmax(src)) (the public samples' reference), sum and max per row.
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
__aicore__ inline void LogSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
                                  const LocalTensor<T>& src, const LocalTensor<uint8_t>&, const LogSoftMaxTiling& tiling,
                                  const SoftMaxShapeInfo& shape = {}) {
  static_assert(!isDataFormatNZ, "LogSoftMax: the NZ format is not supported by SuperKernel");
  namespace a = detail::adv;
  a::Rows r = a::rowsOf(shape, tiling.srcM, tiling.srcK);
  a::needRows("LogSoftMax", "dst", dst, r);
  a::needRows("LogSoftMax", "src", src, r);
  a::needBlocks("LogSoftMax", "sumTensor", sumTensor, r);
  a::needBlocks("LogSoftMax", "maxTensor", maxTensor, r);
  for (uint32_t i = 0; i < r.rows; ++i) {
    const PrimT<T>* x = a::ptr(src) + (uint64_t)i * r.pitch;
    PrimT<T>* y = a::ptr(dst) + (uint64_t)i * r.pitch;
    float m = -std::numeric_limits<float>::infinity(), s = 0;
    for (uint32_t k = 0; k < r.n; ++k) m = std::max(m, (float)x[k]);
    for (uint32_t k = 0; k < r.n; ++k) s += std::exp((float)x[k] - m);
    for (uint32_t k = 0; k < r.n; ++k) y[k] = (PrimT<T>)(float)(std::log((double)(std::exp((float)x[k] - m) / s)) * 0.43429448190325182765);
    a::putRow(sumTensor, i, s);
    a::putRow(maxTensor, i, m);
  }
  a::chargeRows({"reducemax", "sub", "exp", "reducesum", "div", "ln", "muls"}, r);
}
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
__aicore__ inline void LogSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
                                  const LocalTensor<T>& src, const LogSoftMaxTiling& tiling, const SoftMaxShapeInfo& shape = {}) {
  LogSoftMax<T, isReuseSource, isDataFormatNZ>(dst, sumTensor, maxTensor, src, LocalTensor<uint8_t>(), tiling, shape);
}

// The SoftmaxFlashV2 tiling a kernel computes itself for a block of srcM x srcK (CANN's
// kernel-side form of SoftMaxFlashV2TilingFunc; localWorkSpaceSize in float elements).
__aicore__ inline constexpr SoftMaxTiling SoftMaxFlashV2TilingFuncImpl(const uint32_t srcM, const uint32_t srcK,
                                                                       const uint32_t dataTypeSize1, const uint32_t dataTypeSize2,
                                                                       const uint32_t localWorkSpaceSize, const bool isUpdate = false,
                                                                       const bool isBasicBlock = false,
                                                                       const bool isDataFormatNZ = false,
                                                                       const bool isFlashOutputBrc = false) {
  (void)dataTypeSize1, (void)isBasicBlock, (void)isDataFormatNZ, (void)isFlashOutputBrc;
  SoftMaxTiling t;
  sk_adv::softmaxSplit(srcM, srcK, dataTypeSize2, localWorkSpaceSize * 4, isUpdate ? 3 : 2, t);
  return t;
}
// The same with the shape as a SoftMaxShapeInfo and localWorkSpaceSize in bytes (CANN's public
// kernel-side SoftMaxFlashV2TilingFunc).
__aicore__ inline constexpr SoftMaxTiling SoftMaxFlashV2TilingFunc(const SoftMaxShapeInfo& shapeInfo, const uint32_t dataTypeSize1,
                                                                   const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                                                   const bool isUpdate = false, const bool isBasicBlock = false,
                                                                   const bool isDataFormatNZ = false,
                                                                   const bool isFlashOutputBrc = false) {
  return SoftMaxFlashV2TilingFuncImpl(shapeInfo.srcM, shapeInfo.srcK, dataTypeSize1, dataTypeSize2, localWorkSpaceSize / 4,
                                      isUpdate, isBasicBlock, isDataFormatNZ, isFlashOutputBrc);
}
// The shape record CANN's SoftMax implementations pass around (kernels name it in using-declarations).
struct ReduceLastND {
  uint32_t originalSrcM;
  uint32_t originalSrcK;
  uint32_t srcM;
  uint32_t srcK;
  uint32_t dstM;
  uint32_t dstK;
};

// SoftmaxFlashV2: without update, dst = exp(src - rowmax), expSum = rowsum(dst), max = rowmax;
// with update, max = max(inMax, rowmax), dst = exp(src - max), expMax = exp(inMax - max),
// expSum = expMax * inExpSum + rowsum(dst); reduceMax (the forms that output it) = rowmax. Per-row
// tensors hold a block per row, or one element without the broadcast (`brc` false: config.mode
// SOFTMAX_OUTPUT_WITHOUT_BRC). The outputs may alias the inputs (read first).
namespace detail {
namespace adv {
template <bool isUpdate, bool brc, typename T, typename U, typename E>
inline void flashV2(const LocalTensor<T>& dst, const LocalTensor<U>* reduceMax, const LocalTensor<U>& expSum,
                    const LocalTensor<U>& maxT, const LocalTensor<T>& src, const LocalTensor<E>& expMax,
                    const LocalTensor<U>& inExpSum, const LocalTensor<U>& inMax, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& shape) {
  Rows r = rowsOf(shape, tiling.srcM, tiling.srcK);
  needRows("SoftmaxFlashV2", "dst", dst, r);
  needRows("SoftmaxFlashV2", "src", src, r);
  needBlocks("SoftmaxFlashV2", "expSumTensor", expSum, r, brc);
  needBlocks("SoftmaxFlashV2", "maxTensor", maxT, r, brc);
  if (reduceMax) needBlocks("SoftmaxFlashV2", "outReduceMax", *reduceMax, r, brc);
  if (isUpdate) {
    needBlocks("SoftmaxFlashV2", "expMaxTensor", expMax, r, brc);
    needBlocks("SoftmaxFlashV2", "inExpSumTensor", inExpSum, r, brc);
    needBlocks("SoftmaxFlashV2", "inMaxTensor", inMax, r, brc);
  }
  for (uint32_t i = 0; i < r.rows; ++i) {
    const PrimT<T>* x = ptr(src) + (uint64_t)i * r.pitch;
    PrimT<T>* y = ptr(dst) + (uint64_t)i * r.pitch;
    float m = -std::numeric_limits<float>::infinity();
    for (uint32_t k = 0; k < r.n; ++k) m = std::max(m, (float)x[k]);
    float inM = 0, inS = 0;
    if (isUpdate) {
      inM = getRow(inMax, i, brc);
      inS = getRow(inExpSum, i, brc);
    }
    if (reduceMax) putRow(*reduceMax, i, m, brc);
    if (isUpdate) m = std::max(m, inM);
    float s = 0;
    for (uint32_t k = 0; k < r.n; ++k) {
      float e = std::exp((float)x[k] - m);
      s += e;
      y[k] = (PrimT<T>)e;
    }
    if (isUpdate) {
      float em = std::exp(inM - m);
      s += em * inS;
      putRow(expMax, i, em, brc);
    }
    putRow(expSum, i, s, brc);
    putRow(maxT, i, m, brc);
  }
  if (isUpdate) chargeRows({"reducemax", "max", "sub", "exp", "reducesum", "sub", "exp", "mul", "add"}, r);
  else chargeRows({"reducemax", "sub", "exp", "reducesum"}, r);
}
template <bool isUpdate, bool isDataFormatNZ, const SoftmaxConfig& config, typename T, typename U, typename E>
inline void flashV2Api(const LocalTensor<T>& dst, const LocalTensor<U>* reduceMax, const LocalTensor<U>& expSum,
                       const LocalTensor<U>& maxT, const LocalTensor<T>& src, const LocalTensor<E>& expMax,
                       const LocalTensor<U>& inExpSum, const LocalTensor<U>& inMax, const SoftMaxTiling& tiling,
                       const SoftMaxShapeInfo& shape) {
  static_assert(!isDataFormatNZ, "SoftmaxFlashV2: the NZ format is not supported by SuperKernel");
  flashV2<isUpdate, config.mode != SoftmaxMode::SOFTMAX_OUTPUT_WITHOUT_BRC>(dst, reduceMax, expSum, maxT, src, expMax, inExpSum,
                                                                            inMax, tiling, shape);
}
}  // namespace adv
}  // namespace detail
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV2(const LocalTensor<T>& dst, const LocalTensor<T>& expSumTensor, const LocalTensor<T>& maxTensor,
                                      const LocalTensor<T>& src, const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                                      const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>&, const SoftMaxTiling& tiling,
                                      const SoftMaxShapeInfo& shape = {}) {
  detail::adv::flashV2Api<isUpdate, isDataFormatNZ, config>(dst, (const LocalTensor<T>*)nullptr, expSumTensor, maxTensor, src,
                                                            expMaxTensor, inExpSumTensor, inMaxTensor, tiling, shape);
}
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV2(const LocalTensor<T>& dst, const LocalTensor<T>& expSumTensor, const LocalTensor<T>& maxTensor,
                                      const LocalTensor<T>& src, const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                                      const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& shape = {}) {
  detail::adv::flashV2Api<isUpdate, isDataFormatNZ, config>(dst, (const LocalTensor<T>*)nullptr, expSumTensor, maxTensor, src,
                                                            expMaxTensor, inExpSumTensor, inMaxTensor, tiling, shape);
}
// The forms that also output the rows' own maximum (outReduceMax), before inMax is merged in.
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV2(const LocalTensor<T>& dst, const LocalTensor<T>& outReduceMax, const LocalTensor<T>& expSumTensor,
                                      const LocalTensor<T>& maxTensor, const LocalTensor<T>& src, const LocalTensor<T>& expMaxTensor,
                                      const LocalTensor<T>& inExpSumTensor, const LocalTensor<T>& inMaxTensor,
                                      const LocalTensor<uint8_t>&, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& shape = {}) {
  detail::adv::flashV2Api<isUpdate, isDataFormatNZ, config>(dst, &outReduceMax, expSumTensor, maxTensor, src, expMaxTensor,
                                                            inExpSumTensor, inMaxTensor, tiling, shape);
}
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV2(const LocalTensor<T>& dst, const LocalTensor<T>& outReduceMax, const LocalTensor<T>& expSumTensor,
                                      const LocalTensor<T>& maxTensor, const LocalTensor<T>& src, const LocalTensor<T>& expMaxTensor,
                                      const LocalTensor<T>& inExpSumTensor, const LocalTensor<T>& inMaxTensor,
                                      const SoftMaxTiling& tiling, const SoftMaxShapeInfo& shape = {}) {
  detail::adv::flashV2Api<isUpdate, isDataFormatNZ, config>(dst, &outReduceMax, expSumTensor, maxTensor, src, expMaxTensor,
                                                            inExpSumTensor, inMaxTensor, tiling, shape);
}
// half data and expMax with float sums and maxima (the page's half/float form; T is not used).
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV2(const LocalTensor<half>& dst, const LocalTensor<float>& expSumTensor,
                                      const LocalTensor<float>& maxTensor, const LocalTensor<half>& src,
                                      const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                                      const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>&, const SoftMaxTiling& tiling,
                                      const SoftMaxShapeInfo& shape = {}) {
  detail::adv::flashV2Api<isUpdate, isDataFormatNZ, config>(dst, (const LocalTensor<float>*)nullptr, expSumTensor, maxTensor, src,
                                                            expMaxTensor, inExpSumTensor, inMaxTensor, tiling, shape);
}
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV2(const LocalTensor<half>& dst, const LocalTensor<float>& expSumTensor,
                                      const LocalTensor<float>& maxTensor, const LocalTensor<half>& src,
                                      const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                                      const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling,
                                      const SoftMaxShapeInfo& shape = {}) {
  detail::adv::flashV2Api<isUpdate, isDataFormatNZ, config>(dst, (const LocalTensor<float>*)nullptr, expSumTensor, maxTensor, src,
                                                            expMaxTensor, inExpSumTensor, inMaxTensor, tiling, shape);
}

// SoftmaxGrad: dst = (grad - rowsum(grad * src)) * src; isFront: dst = rowsum(grad * src) per
// row block (SoftmaxGradFront). The row sums in the vector unit's order (laneSum).
namespace detail {
namespace adv {
template <typename T>
inline void softmaxGrad(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& grad, const LocalTensor<T>& src,
                        const SoftMaxTiling& tiling, bool isFront, const SoftMaxShapeInfo& shape) {
  Rows r = rowsOf(shape, tiling.srcM, tiling.srcK);
  needRows(api, "gradTensor", grad, r);
  needRows(api, "srcTensor", src, r);
  if (isFront) needBlocks(api, "dstTensor", dst, r);
  else needRows(api, "dstTensor", dst, r);
  for (uint32_t i = 0; i < r.rows; ++i) {
    const PrimT<T>* g = ptr(grad) + (uint64_t)i * r.pitch;
    const PrimT<T>* x = ptr(src) + (uint64_t)i * r.pitch;
    float s = laneSum(r.n, [&](uint32_t k) { return (float)g[k] * (float)x[k]; });
    if (isFront) {
      putRow(dst, i, s);
    } else {
      PrimT<T>* y = ptr(dst) + (uint64_t)i * r.pitch;
      for (uint32_t k = 0; k < r.n; ++k) y[k] = (PrimT<T>)(((float)g[k] - s) * (float)x[k]);
    }
  }
  if (isFront) chargeRows({"mul", "reducesum"}, r);
  else chargeRows({"mul", "reducesum", "sub", "mul"}, r);
}
}  // namespace adv
}  // namespace detail
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
__aicore__ inline void SoftmaxGrad(const LocalTensor<T>& dst, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                                   const LocalTensor<uint8_t>&, const SoftMaxTiling& tiling, bool isFront = false,
                                   const SoftMaxShapeInfo& shape = {}) {
  static_assert(!isDataFormatNZ, "SoftmaxGrad: the NZ format is not supported by SuperKernel");
  detail::adv::softmaxGrad("SoftmaxGrad", dst, gradTensor, srcTensor, tiling, isFront, shape);
}
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
__aicore__ inline void SoftmaxGrad(const LocalTensor<T>& dst, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                                   const SoftMaxTiling& tiling, bool isFront = false, const SoftMaxShapeInfo& shape = {}) {
  static_assert(!isDataFormatNZ, "SoftmaxGrad: the NZ format is not supported by SuperKernel");
  detail::adv::softmaxGrad("SoftmaxGrad", dst, gradTensor, srcTensor, tiling, isFront, shape);
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
__aicore__ inline void SoftmaxGradFront(const LocalTensor<T>& dst, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                                        const LocalTensor<uint8_t>&, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& shape = {}) {
  static_assert(!isDataFormatNZ, "SoftmaxGradFront: the NZ format is not supported by SuperKernel");
  detail::adv::softmaxGrad("SoftmaxGradFront", dst, gradTensor, srcTensor, tiling, true, shape);
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
__aicore__ inline void SoftmaxGradFront(const LocalTensor<T>& dst, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                                        const SoftMaxTiling& tiling, const SoftMaxShapeInfo& shape = {}) {
  static_assert(!isDataFormatNZ, "SoftmaxGradFront: the NZ format is not supported by SuperKernel");
  detail::adv::softmaxGrad("SoftmaxGradFront", dst, gradTensor, srcTensor, tiling, true, shape);
}

// AdjustSoftMaxRes: every row whose max (its bits, in T2) equals `from` is set to `to`; true
// when a row was. The rows' maxima are the first element of a 32-byte block each (stepSizeMode
// 0) or consecutive elements (any other stepSizeMode: max shaped (m, 1)).
template <typename T1, typename T2, bool isDataFormatNZ = false, uint8_t stepSizeMode = 0>
__aicore__ inline bool AdjustSoftMaxRes(const LocalTensor<T1>& softMaxRes, const LocalTensor<T2>& maxTensor, const uint32_t from,
                                        const T1 to, const SoftMaxShapeInfo& shape) {
  static_assert(!isDataFormatNZ, "AdjustSoftMaxRes: the NZ format is not supported by SuperKernel");
  namespace a = detail::adv;
  a::Rows r = a::rowsOf(shape, shape.srcM, shape.srcK);
  a::needRows("AdjustSoftMaxRes", "softMaxRes", softMaxRes, r);
  a::needBlocks("AdjustSoftMaxRes", "maxTensor", maxTensor, r, stepSizeMode == 0);
  uint64_t step = stepSizeMode == 0 ? a::perBlock<T2>() : 1;
  bool any = false;
  for (uint32_t i = 0; i < r.rows; ++i) {
    PrimT<T2> m = a::ptr(maxTensor)[i * step];
    uint32_t bits = 0;
    std::memcpy(&bits, &m, sizeof(m));
    if (bits != from) continue;
    any = true;
    PrimT<T1>* y = a::ptr(softMaxRes) + (uint64_t)i * r.pitch;
    for (uint32_t k = 0; k < r.n; ++k) y[k] = (PrimT<T1>)to;
  }
  ::sk_vec_charge("compare", (uint64_t)r.rows);
  a::chargeRows({"select"}, r);
  return any;
}

// SoftmaxFlashV3 (Softmax PASA): rows of n = srcK half elements, float statistics, one 32-byte
// block per row for mean/expSum/max (float) and expMax (half). With s = alpha / (1 - alpha):
// the row's 8 local means (the API's reduction: the first 512 elements as 64 sums of 8, the later
// 64-element repeats added lane by lane, then 8 sums of 8 lanes, over baseK = n / 8), the global
// mean g = mean of the 8; x' = x - (g - local[chunk]) * s with chunks of baseK elements;
// mean = g (update: (g + inMean (loopCnt - 1)) / loopCnt), shiftCurr = (g - mean) s,
// max = shiftCurr + max(x') (update: the larger of that and (inMean - mean) s + inMax),
// dst = exp(x' - (max - shiftCurr)) as half, expSum = sum of the exps (update: plus
// expMax * inExpSum with expMax = exp(inMax - max + (inMean - mean) s)). In float; per-row
// inputs read from element 0 of their block (outputs may alias them).
struct SoftMaxParams {
  uint32_t srcM;
  uint32_t srcK;
  uint32_t oriSrcM;
  uint32_t oriSrcK;
  uint32_t loopCnt;
  uint32_t splitMeanCnt;
  float alpha;
};
template <typename T, typename U, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV3(const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor, const LocalTensor<U>& expSumTensor,
                                      const LocalTensor<U>& maxTensor, const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                                      const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor,
                                      const LocalTensor<U>& inMaxTensor, const LocalTensor<uint8_t>&, const SoftMaxTiling&,
                                      const SoftMaxParams& params) {
  static_assert(std::is_same<PrimT<T>, half>::value && std::is_same<PrimT<U>, float>::value,
                "SoftmaxFlashV3: T must be half and U float (as documented)");
  static_assert(!isDataFormatNZ, "SoftmaxFlashV3: the NZ format is not supported");
  namespace a = detail::adv;
  const char* api = "SoftmaxFlashV3";
  const uint32_t m = params.srcM, n = params.srcK;
  if (n < 512 || n % 64 != 0 || m % 8 != 0)
    ::sk_trapf(3, "SoftmaxFlashV3: srcK %u must be a multiple of 64 of at least 512, srcM %u a multiple of 8", n, m);
  if (params.splitMeanCnt != 8) ::sk_trapf(3, "SoftmaxFlashV3: splitMeanCnt %u must be 8", params.splitMeanCnt);
  if (params.oriSrcM != m || params.oriSrcK != n) ::sk_trapf(3, "SoftmaxFlashV3: unaligned shapes are not supported (oriSrcM/K = srcM/K)");
  if (isUpdate && params.loopCnt < 1) ::sk_trapf(3, "SoftmaxFlashV3: loopCnt must be at least 1");
  a::Rows r{m, n, n};
  a::needRows(api, "srcTensor", srcTensor, r);
  a::needRows(api, "dstTensor", dstTensor, r);
  a::needBlocks(api, "meanTensor", meanTensor, r);
  a::needBlocks(api, "expSumTensor", expSumTensor, r);
  a::needBlocks(api, "maxTensor", maxTensor, r);
  if (isUpdate) {
    a::needBlocks(api, "inMeanTensor", inMeanTensor, r);
    a::needBlocks(api, "inExpSumTensor", inExpSumTensor, r);
    a::needBlocks(api, "inMaxTensor", inMaxTensor, r);
    a::needBlocks(api, "expMaxTensor", expMaxTensor, r);
  }
  const float s = params.alpha / (1.0f - params.alpha);
  const uint32_t baseK = n / 8;
  for (uint32_t i = 0; i < m; ++i) {
    const PrimT<T>* x = a::ptr(srcTensor) + (uint64_t)i * n;
    PrimT<T>* y = a::ptr(dstTensor) + (uint64_t)i * n;
    float lane[64];
    for (uint32_t q = 0; q < 64; ++q) {
      float t = 0;
      for (uint32_t j = 0; j < 8; ++j) t += (float)x[8 * q + j];
      lane[q] = t;
    }
    for (uint32_t k = 512; k < n; ++k) lane[(k - 512) % 64] += (float)x[k];
    float local[8], g = 0;
    for (uint32_t j = 0; j < 8; ++j) {
      float t = 0;
      for (uint32_t q = 0; q < 8; ++q) t += lane[8 * j + q];
      local[j] = t / (float)baseK;
      g += local[j];
    }
    g /= 8.0f;
    const float inMean = isUpdate ? a::getRow(inMeanTensor, i) : 0.0f;
    const float inMax = isUpdate ? a::getRow(inMaxTensor, i) : 0.0f;
    const float inSum = isUpdate ? a::getRow(inExpSumTensor, i) : 0.0f;
    const float mean = isUpdate ? (g + inMean * (float)(params.loopCnt - 1)) / (float)params.loopCnt : g;
    float mx = -INFINITY;
    for (uint32_t k = 0; k < n; ++k) mx = std::fmax(mx, (float)x[k] - (g - local[k / baseK]) * s);
    const float shiftCurr = (g - mean) * s, shiftPrev = (inMean - mean) * s;
    float rowMax = shiftCurr + mx;
    if (isUpdate) rowMax = std::fmax(rowMax, shiftPrev + inMax);
    const float sub = rowMax - shiftCurr;
    float sum = a::laneSum(n, [&](uint32_t k) {
      float e = std::exp((float)x[k] - (g - local[k / baseK]) * s - sub);
      y[k] = (PrimT<T>)e;  // x may alias y: element k is read before it is written
      return e;
    });
    if (isUpdate) {
      const float expMax = std::exp(inMax - rowMax + shiftPrev);
      sum = expMax * inSum + sum;
      a::putRow(expMaxTensor, i, expMax);
    }
    a::putRow(meanTensor, i, mean);
    a::putRow(maxTensor, i, rowMax);
    a::putRow(expSumTensor, i, sum);
  }
  a::chargeRows({"cast", "add", "reducesum", "sub", "muls", "sub", "reducemax", "sub", "exp", "reducesum", "cast"}, r);
  if (isUpdate) a::chargeOps((uint64_t)m * 8, 4, "sub", "exp", "mul", "add", "max");
}
template <typename T, typename U, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV3(const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor, const LocalTensor<U>& expSumTensor,
                                      const LocalTensor<U>& maxTensor, const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                                      const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor,
                                      const LocalTensor<U>& inMaxTensor, const SoftMaxTiling& tiling, const SoftMaxParams& params) {
  SoftmaxFlashV3<T, U, isUpdate, isReuseSource, isBasicBlock, isDataFormatNZ, config>(
      dstTensor, meanTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor, inMeanTensor, inExpSumTensor, inMaxTensor,
      LocalTensor<uint8_t>(), tiling, params);
}

}  // namespace AscendC

SK_SIMULATED_END

#endif /* SK_ASCENDC_ADV_ACTIVATION_H */
