// Quantisation APIs of AscendC's lib/quantization: AscendQuant (PER_TENSOR, PER_CHANNEL),
// AscendDequant (DequantParams, vector or scalar deqScale), AscendAntiQuant (PER_CHANNEL,
// PER_TENSOR, with or without offset). Written from the public API reference.
//
// Unlike the other high-level APIs these follow the precision of the instruction sequence the
// reference describes, because it is coarser than float and decides integer results:
//   AscendQuant:     src, scale and offset converted to half; Muls/Mul then Adds/Add in half;
//                    half -> int8 rounding to nearest even (CAST_RINT), saturating.
//   AscendAntiQuant: half out: src -> half, Add offset in half, Mul scale in half;
//                    bfloat16 out: in float (src -> half -> float, Add, Mul), rounded once.
//   AscendDequant:   src and deqScale -> float, Mul in float, rounded once to dstT.
// Operands are checked (a device exception names the API and operand); the V pipe is charged the
// sequence each replaces. Ascend 950's Quantize and AntiQuantize (all four policies), in float:
// Quantize rounds src * scale + offset once in the config's mode to int8_t, fp8 (e4m3 / e5m2),
// hifloat8 or (PER_GROUP, no offset) fp4, saturating; a mode the page does not list for the
// destination falls back to its default (fp8: CAST_RINT only; hifloat8: CAST_ROUND, or
// CAST_HYBRID, simulated as ties away). AntiQuantize computes (src + offset) * scale from
// int8_t, fp8, hifloat8 or (PER_GROUP, no offset) fp4 and rounds once to the destination type.
// The 950 forms of the older APIs (PER_TOKEN/PER_GROUP, dstT templates) are not available.
#ifndef SK_ASCENDC_ADV_QUANT_H
#define SK_ASCENDC_ADV_QUANT_H

#include "sk/sim/minifloat.h"
#include "sk_ascendc/adv_common.h"

SK_SIMULATED_BEGIN

namespace AscendC {

struct AscendQuantConfig {
  uint32_t calcCount = 0;
  uint32_t offsetCount = 0;
  uint32_t scaleCount = 0;
  uint32_t workLocalSize = 0;
};
constexpr AscendQuantConfig ASCEND_QUANT_DEFAULT_CFG = {0, 0, 0, 0};

enum class DeQuantMode : uint8_t { DEQUANT_WITH_SINGLE_ROW = 0, DEQUANT_WITH_MULTI_ROW };
struct DequantParams {
  uint32_t m;
  uint32_t n;
  uint32_t calCount;
};

struct AntiQuantShapeInfo {
  uint32_t offsetHeight{0};
  uint32_t offsetWidth{0};
  uint32_t scaleHeight{0};
  uint32_t scaleWidth{0};
};

namespace detail {
namespace adv {
// half -> int8 as CAST_RINT does it: nearest, ties to even, saturating.
inline int8_t rintToInt8(half h) {
  float v = std::nearbyint((float)h);
  if (v != v) return 0;
  return (int8_t)(v > 127.0f ? 127.0f : v < -128.0f ? -128.0f : v);
}
inline int8_t quantOne(float x, float scale, float offset) {
  half t = (half)((float)(half)x * (float)(half)scale);
  t = (half)((float)t + (float)(half)offset);
  return rintToInt8(t);
}
// AscendQuant over calCount elements; scale/offset of element i from s(i), o(i).
template <typename T, typename S, typename O>
inline void ascendQuant(const LocalTensor<int8_t>& dst, const LocalTensor<T>& src, uint32_t calCount, S s, O o, bool vecScale, bool vecOffset) {
  const char* api = "AscendQuant";
  need(api, "dstTensor", dst, calCount);
  need(api, "srcTensor", src, calCount);
  int8_t* d = ptr(dst);
  const E<T>* x = ptr(src);
  for (uint32_t i = 0; i < calCount; ++i) d[i] = quantOne((float)x[i], s(i), o(i));
  const uint32_t bytes = 2;  // the sequence runs in half
  if (!std::is_same<E<T>, half>::value) chargeOps(calCount, 4, "cast");
  chargeOps(calCount, bytes, vecScale ? "mul" : "muls", vecOffset ? "add" : "adds", "cast");
}
}  // namespace adv
}  // namespace detail

/* ---- AscendQuant: dst = int8(round(src * scale + offset)) ---- */
// PER_TENSOR
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>&,
                                   const float scale, const float offset, const uint32_t calCount) {
  static_assert(std::is_same<PrimT<T>, half>::value || std::is_same<PrimT<T>, float>::value, "AscendQuant: T must be half or float");
  detail::adv::ascendQuant(dstTensor, srcTensor, calCount, [scale](uint32_t) { return scale; }, [offset](uint32_t) { return offset; }, false,
                           false);
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& tmp,
                                   const float scale, const float offset) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, tmp, scale, offset, srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const float scale,
                                   const float offset, const uint32_t calCount) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, LocalTensor<uint8_t>(), scale, offset, calCount);
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const float scale,
                                   const float offset) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, LocalTensor<uint8_t>(), scale, offset, srcTensor.GetSize());
}
// PER_CHANNEL: element i takes scaleTensor[i % scaleCount] (and offsetTensor[i % offsetCount]).
namespace detail {
namespace adv {
inline void quantChannelCounts(uint32_t scaleCount, uint32_t calCount) {
  if (scaleCount == 0 || scaleCount % 32 != 0)
    ::sk_trapf(3, "AscendQuant: scaleCount %u must be a positive multiple of 32", scaleCount);
  if (calCount % scaleCount != 0) ::sk_trapf(3, "AscendQuant: calCount %u must be a multiple of scaleCount %u", calCount, scaleCount);
}
}  // namespace adv
}  // namespace detail
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>&,
                                   const LocalTensor<T>& scaleTensor, const T offset, const uint32_t scaleCount, const uint32_t calCount) {
  static_assert(std::is_same<PrimT<T>, half>::value || std::is_same<PrimT<T>, float>::value, "AscendQuant: T must be half or float");
  detail::adv::quantChannelCounts(scaleCount, calCount);
  detail::adv::need("AscendQuant", "scaleTensor", scaleTensor, scaleCount);
  const PrimT<T>* s = detail::adv::ptr(scaleTensor);
  const float o = (float)offset;
  detail::adv::ascendQuant(dstTensor, srcTensor, calCount, [s, scaleCount](uint32_t i) { return (float)s[i % scaleCount]; },
                           [o](uint32_t) { return o; }, true, false);
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>&,
                                   const LocalTensor<T>& scaleTensor, const LocalTensor<T>& offsetTensor, const uint32_t scaleCount,
                                   const uint32_t offsetCount, const uint32_t calCount) {
  static_assert(std::is_same<PrimT<T>, half>::value || std::is_same<PrimT<T>, float>::value, "AscendQuant: T must be half or float");
  detail::adv::quantChannelCounts(scaleCount, calCount);
  if (offsetCount != scaleCount) ::sk_trapf(3, "AscendQuant: offsetCount %u must equal scaleCount %u", offsetCount, scaleCount);
  detail::adv::need("AscendQuant", "scaleTensor", scaleTensor, scaleCount);
  detail::adv::need("AscendQuant", "offsetTensor", offsetTensor, offsetCount);
  const PrimT<T>* s = detail::adv::ptr(scaleTensor);
  const PrimT<T>* o = detail::adv::ptr(offsetTensor);
  detail::adv::ascendQuant(dstTensor, srcTensor, calCount, [s, scaleCount](uint32_t i) { return (float)s[i % scaleCount]; },
                           [o, offsetCount](uint32_t i) { return (float)o[i % offsetCount]; }, true, true);
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& tmp,
                                   const LocalTensor<T>& scaleTensor, const T offset) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, tmp, scaleTensor, offset, scaleTensor.GetSize(), srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& tmp,
                                   const LocalTensor<T>& scaleTensor, const LocalTensor<T>& offsetTensor) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, tmp, scaleTensor, offsetTensor, scaleTensor.GetSize(), offsetTensor.GetSize(),
                                        srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<T>& scaleTensor,
                                   const T offset, const uint32_t scaleCount, const uint32_t calCount) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, LocalTensor<uint8_t>(), scaleTensor, offset, scaleCount, calCount);
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<T>& scaleTensor,
                                   const LocalTensor<T>& offsetTensor, const uint32_t scaleCount, const uint32_t offsetCount,
                                   const uint32_t calCount) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, LocalTensor<uint8_t>(), scaleTensor, offsetTensor, scaleCount, offsetCount,
                                        calCount);
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<T>& scaleTensor,
                                   const T offset) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, LocalTensor<uint8_t>(), scaleTensor, offset);
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<T>& scaleTensor,
                                   const LocalTensor<T>& offsetTensor) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, LocalTensor<uint8_t>(), scaleTensor, offsetTensor);
}

/* ---- AscendDequant: per row of n int32 elements, the first calCount times deqScale ---- */
namespace detail {
namespace adv {
template <typename S> inline float deqScaleValue(const S& s) { return (float)s; }
inline float deqScaleValue(const uint64_t& s) {  // the float in the low 32 bits
  uint32_t bits = (uint32_t)s;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}
template <typename dstT, DeQuantMode mode, typename F>
inline void ascendDequant(const LocalTensor<dstT>& dst, const LocalTensor<int32_t>& src, DequantParams p, F scaleOf) {
  const char* api = "AscendDequant";
  static_assert(isFloatLike<dstT>(), "AscendDequant: dstT must be half, bfloat16_t or float");
  if (mode == DeQuantMode::DEQUANT_WITH_SINGLE_ROW && p.m == 1 && p.calCount > 0 && p.calCount % (32 / sizeof(E<dstT>)) == 0 &&
      p.n % p.calCount == 0) {
    p.m = p.n / p.calCount;  // {1, n, c} is {n / c, c, c}
    p.n = p.calCount;
  }
  if (p.calCount == 0 || p.calCount > p.n) ::sk_trapf(3, "AscendDequant: calCount %u must be in [1, n %u]", p.calCount, p.n);
  if (p.n * 4 % 32 != 0) ::sk_trapf(3, "AscendDequant: a row of n = %u int32 elements must be a multiple of 32 bytes", p.n);
  const uint32_t nDst = (uint32_t)((p.n * sizeof(E<dstT>) + 31) / 32 * 32 / sizeof(E<dstT>));
  need(api, "srcTensor", src, (uint64_t)p.m * p.n);
  need(api, "dstTensor", dst, (uint64_t)(p.m - 1) * nDst + p.calCount);
  const int32_t* s = ptr(src);
  E<dstT>* d = ptr(dst);
  for (uint32_t r = 0; r < p.m; ++r)
    for (uint32_t i = 0; i < p.calCount; ++i) d[(uint64_t)r * nDst + i] = (E<dstT>)((float)s[(uint64_t)r * p.n + i] * scaleOf(i));
  chargeOps((uint64_t)p.m * p.n, 4, "cast", "mul", "cast");
}
}  // namespace adv
}  // namespace detail
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor, const LocalTensor<scaleT>& deqScale,
                                     const LocalTensor<uint8_t>&, DequantParams params) {
  static_assert(std::is_same<PrimT<scaleT>, uint64_t>::value || std::is_same<PrimT<scaleT>, float>::value ||
                    std::is_same<PrimT<scaleT>, bfloat16_t>::value,
                "AscendDequant: deqScale must be uint64_t, float or bfloat16_t");
  detail::adv::need("AscendDequant", "deqScale", deqScale, params.calCount);
  const PrimT<scaleT>* s = detail::adv::ptr(deqScale);
  detail::adv::ascendDequant<dstT, mode>(dstTensor, srcTensor, params, [s](uint32_t i) { return detail::adv::deqScaleValue(s[i]); });
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor, const LocalTensor<scaleT>& deqScale,
                                     DequantParams params) {
  AscendDequant<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale, LocalTensor<uint8_t>(), params);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor, const scaleT deqScale,
                                     const LocalTensor<uint8_t>&, DequantParams params) {
  static_assert(std::is_same<scaleT, float>::value || std::is_same<scaleT, bfloat16_t>::value,
                "AscendDequant: a scalar deqScale must be float or bfloat16_t");
  const float s = (float)deqScale;
  detail::adv::ascendDequant<dstT, mode>(dstTensor, srcTensor, params, [s](uint32_t) { return s; });
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor, const scaleT deqScale,
                                     DequantParams params) {
  AscendDequant<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale, LocalTensor<uint8_t>(), params);
}
// The older forms: rows of deqScale.GetSize() elements, calCount of them (default: all of src).
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor, const LocalTensor<scaleT>& deqScale,
                                     const LocalTensor<uint8_t>& tmp, const uint32_t calCount) {
  const uint32_t n = deqScale.GetSize();
  if (n == 0 || calCount % n != 0) ::sk_trapf(3, "AscendDequant: calCount %u must be a multiple of deqScale's %u elements", calCount, n);
  AscendDequant<dstT, scaleT, DeQuantMode::DEQUANT_WITH_MULTI_ROW>(dstTensor, srcTensor, deqScale, tmp, DequantParams{calCount / n, n, n});
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor, const LocalTensor<scaleT>& deqScale,
                                     const LocalTensor<uint8_t>& tmp) {
  AscendDequant<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale, tmp, srcTensor.GetSize());
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor, const LocalTensor<scaleT>& deqScale,
                                     const uint32_t calCount) {
  AscendDequant<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale, LocalTensor<uint8_t>(), calCount);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                                     const LocalTensor<scaleT>& deqScale) {
  AscendDequant<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale, LocalTensor<uint8_t>(), srcTensor.GetSize());
}

/* ---- AscendAntiQuant: dst = scale * (src + offset) ---- */
namespace detail {
namespace adv {
template <typename Out> inline E<Out> antiQuantOne(float x, float offset, float scale, bool hasOffset) {
  if (std::is_same<E<Out>, half>::value) {  // the half sequence: Add then Mul, each rounded to half
    half t = hasOffset ? (half)((float)(half)x + offset) : (half)x;
    return (E<Out>)(half)((float)t * scale);
  }
  float t = hasOffset ? x + offset : x;  // bfloat16 out: in float
  return (E<Out>)(t * scale);
}
// Per channel: src [K, N] (or [N, K] transposed); offset/scale [K / groupSize, N] ([N, K / groupSize]).
template <typename In, typename Out>
inline void antiQuantChannel(const LocalTensor<Out>& dst, const LocalTensor<In>& src, const LocalTensor<Out>* offset,
                             const LocalTensor<Out>& scale, uint32_t k, bool isTranspose, AntiQuantShapeInfo si) {
  const char* api = "AscendAntiQuant";
  if (si.scaleHeight == 0 || si.scaleWidth == 0) {
    ShapeInfo s = scale.GetShapeInfo();
    if (s.shapeDim == 2) si.scaleHeight = s.shape[0], si.scaleWidth = s.shape[1];
    else if (s.shapeDim == 1) si.scaleHeight = 1, si.scaleWidth = s.shape[0];
  }
  if (offset && (si.offsetHeight == 0 || si.offsetWidth == 0)) {
    ShapeInfo s = offset->GetShapeInfo();
    if (s.shapeDim == 2) si.offsetHeight = s.shape[0], si.offsetWidth = s.shape[1];
    else if (s.shapeDim == 1) si.offsetHeight = 1, si.offsetWidth = s.shape[0];
  }
  if (si.scaleHeight == 0 || si.scaleWidth == 0)  // no shape given anywhere: one row of the whole tensor
    si.scaleHeight = isTranspose ? scale.GetSize() : 1, si.scaleWidth = isTranspose ? 1 : scale.GetSize();
  if (offset && (si.offsetHeight == 0 || si.offsetWidth == 0)) si.offsetHeight = si.scaleHeight, si.offsetWidth = si.scaleWidth;
  if (offset && (si.offsetHeight != si.scaleHeight || si.offsetWidth != si.scaleWidth))
    ::sk_trapf(3, "AscendAntiQuant: offset's shape [%u, %u] differs from scale's [%u, %u]", si.offsetHeight, si.offsetWidth, si.scaleHeight,
               si.scaleWidth);
  const uint32_t groups = isTranspose ? si.scaleWidth : si.scaleHeight;
  const uint32_t n = isTranspose ? si.scaleHeight : si.scaleWidth;
  if (k == 0 || groups == 0 || k % groups != 0)
    ::sk_trapf(3, "AscendAntiQuant: k %u must be a positive multiple of the %u groups of scale", k, groups);
  const uint32_t gs = k / groups;
  const uint64_t total = (uint64_t)k * n;
  need(api, "src", src, total);
  need(api, "dst", dst, total);
  need(api, "scale", scale, (uint64_t)groups * n);
  if (offset) need(api, "offset", *offset, (uint64_t)groups * n);
  const E<In>* x = ptr(src);
  const E<Out>* sc = ptr(scale);
  const E<Out>* of = offset ? ptr(*offset) : nullptr;
  E<Out>* d = ptr(dst);
  const uint32_t rows = isTranspose ? n : k, cols = isTranspose ? k : n;
  for (uint32_t i = 0; i < rows; ++i)
    for (uint32_t j = 0; j < cols; ++j) {
      uint64_t p = isTranspose ? (uint64_t)i * groups + j / gs : (uint64_t)(i / gs) * n + j;
      d[(uint64_t)i * cols + j] = antiQuantOne<Out>((float)x[(uint64_t)i * cols + j], of ? (float)of[p] : 0.0f, (float)sc[p], of != nullptr);
    }
  if (offset) chargeOps(total, 2, "cast", "add", "mul");
  else chargeOps(total, 2, "cast", "mul");
}
template <typename In, typename Out>
inline void antiQuantTensor(const LocalTensor<Out>& dst, const LocalTensor<In>& src, const float* offset, float scale, uint32_t k) {
  const char* api = "AscendAntiQuant";
  const uint32_t total = src.GetSize();
  if (k == 0 || total % k != 0) ::sk_trapf(3, "AscendAntiQuant: k %u must divide src's %u elements", k, total);
  need(api, "dst", dst, total);
  const E<In>* x = ptr(src);
  E<Out>* d = ptr(dst);
  for (uint32_t i = 0; i < total; ++i) d[i] = antiQuantOne<Out>((float)x[i], offset ? *offset : 0.0f, scale, offset != nullptr);
  if (offset) chargeOps(total, 2, "cast", "adds", "muls");
  else chargeOps(total, 2, "cast", "muls");
}
template <typename In, typename Out> constexpr bool antiQuantTypes() {
  return std::is_same<E<In>, int8_t>::value && (std::is_same<E<Out>, half>::value || std::is_same<E<Out>, bfloat16_t>::value);
}
}  // namespace adv
}  // namespace detail
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ inline void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                                       const LocalTensor<OutputDataType>& offset, const LocalTensor<OutputDataType>& scale,
                                       const LocalTensor<uint8_t>&, const uint32_t k, const AntiQuantShapeInfo& shapeInfo = {}) {
  static_assert(detail::adv::antiQuantTypes<InputDataType, OutputDataType>(),
                "AscendAntiQuant: int8_t in, half or bfloat16_t out (int4b_t is not supported by SuperKernel)");
  detail::adv::antiQuantChannel(dst, src, &offset, scale, k, isTranspose, shapeInfo);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ inline void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                                       const LocalTensor<OutputDataType>& scale, const LocalTensor<uint8_t>&, const uint32_t k,
                                       const AntiQuantShapeInfo& shapeInfo = {}) {
  static_assert(detail::adv::antiQuantTypes<InputDataType, OutputDataType>(),
                "AscendAntiQuant: int8_t in, half or bfloat16_t out (int4b_t is not supported by SuperKernel)");
  detail::adv::antiQuantChannel<InputDataType, OutputDataType>(dst, src, nullptr, scale, k, isTranspose, shapeInfo);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ inline void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                                       const OutputDataType offset, const OutputDataType scale, const LocalTensor<uint8_t>&, const uint32_t k,
                                       const AntiQuantShapeInfo& = {}) {
  static_assert(detail::adv::antiQuantTypes<InputDataType, OutputDataType>(),
                "AscendAntiQuant: int8_t in, half or bfloat16_t out (int4b_t is not supported by SuperKernel)");
  const float o = (float)offset;
  detail::adv::antiQuantTensor(dst, src, &o, (float)scale, k);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ inline void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                                       const OutputDataType scale, const LocalTensor<uint8_t>&, const uint32_t k,
                                       const AntiQuantShapeInfo& = {}) {
  static_assert(detail::adv::antiQuantTypes<InputDataType, OutputDataType>(),
                "AscendAntiQuant: int8_t in, half or bfloat16_t out (int4b_t is not supported by SuperKernel)");
  detail::adv::antiQuantTensor<InputDataType, OutputDataType>(dst, src, nullptr, (float)scale, k);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ inline void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                                       const LocalTensor<OutputDataType>& offset, const LocalTensor<OutputDataType>& scale, const uint32_t k,
                                       const AntiQuantShapeInfo& shapeInfo = {}) {
  AscendAntiQuant<InputDataType, OutputDataType, isTranspose>(dst, src, offset, scale, LocalTensor<uint8_t>(), k, shapeInfo);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ inline void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                                       const OutputDataType offset, const OutputDataType scale, const uint32_t k,
                                       const AntiQuantShapeInfo& shapeInfo = {}) {
  AscendAntiQuant<InputDataType, OutputDataType, isTranspose>(dst, src, offset, scale, LocalTensor<uint8_t>(), k, shapeInfo);
}

/* ---- Quantize / AntiQuantize (Ascend 950): [m, n] with per-tensor, -channel, -token or -group
   parameters. PER_CHANNEL: scale[j] ([1, n]); PER_TOKEN: scale[i] ([m, 1]); PER_GROUP with
   kDim 0: scale[i / groupSize][j] ([ceil(m / g), n]), kDim 1: scale[i][j / groupSize]
   ([m, ceil(n / g)]); the offset likewise, or one scalar. ---- */
enum class QuantizePolicy : int32_t { PER_TENSOR, PER_CHANNEL, PER_TOKEN, PER_GROUP };
using AntiQuantizePolicy = QuantizePolicy;
using DequantizePolicy = QuantizePolicy;
struct QuantizeConfig {
  QuantizePolicy policy;
  bool hasOffset;
  RoundMode roundMode = RoundMode::CAST_RINT;
  int32_t kDim = 1;
};
struct AntiQuantizeConfig {
  AntiQuantizePolicy policy;
  bool hasOffset;
  int32_t kDim = 1;
};
struct QuantizeParams {
  uint32_t m;
  uint32_t n;
  uint32_t groupSize = 0;
};
using AntiQuantizeParams = QuantizeParams;
struct DequantizeConfig {
  DequantizePolicy policy;
  bool hasOffset = false;  // reserved: false
  int32_t kDim = 1;
};
using DequantizeParams = QuantizeParams;

namespace detail {
namespace adv {
template <typename T> struct IsLocalTensor : std::false_type {};
template <typename T> struct IsLocalTensor<LocalTensor<T>> : std::true_type {};
// Where element (i, j)'s parameter is in its tensor, and how many the tensor must hold.
struct QuantIndex {
  QuantizePolicy policy;
  int32_t kDim;
  uint32_t m, n, group;
  uint64_t at(uint32_t i, uint32_t j) const {
    switch (policy) {
      case QuantizePolicy::PER_CHANNEL: return j;
      case QuantizePolicy::PER_TOKEN: return i;
      case QuantizePolicy::PER_GROUP:
        return kDim == 0 ? (uint64_t)(i / group) * n + j : (uint64_t)i * ((n + group - 1) / group) + j / group;
      default: return 0;
    }
  }
  uint64_t count() const { return m == 0 || n == 0 ? 0 : at(m - 1, n - 1) + 1; }
};
inline QuantIndex quantIndex(const char* api, QuantizePolicy policy, int32_t kDim, const QuantizeParams& p) {
  if (policy == QuantizePolicy::PER_GROUP && (p.groupSize == 0 || p.groupSize % 32))
    ::sk_trapf(3, "%s: PER_GROUP needs a groupSize that is a positive multiple of 32 (params.groupSize is %u)", api, p.groupSize);
  if (policy == QuantizePolicy::PER_GROUP && kDim != 0 && kDim != 1) ::sk_trapf(3, "%s: kDim %d is not 0 or 1", api, kDim);
  return QuantIndex{policy, kDim, p.m, p.n, p.groupSize};
}
// The parameter of element (i, j): a scalar, or the tensor's element at its index.
// (A uint64_t parameter, as Dequantize's PER_CHANNEL scale, is a float in its low 32 bits.)
template <typename V> inline float paramValue(const V& v) {
  if constexpr (std::is_same_v<V, uint64_t>) {
    uint32_t low = (uint32_t)v;
    float f;
    std::memcpy(&f, &low, 4);
    return f;
  } else {
    return (float)v;
  }
}
template <typename P> inline float quantParam(const P& p, const QuantIndex& idx, uint32_t i, uint32_t j) {
  if constexpr (IsLocalTensor<P>::value) return paramValue(ptr(p)[idx.at(i, j)]);
  else return (void)idx, (void)i, (void)j, paramValue(p);
}
// Quantize's and AntiQuantize's walk: the operands checked once (a parameter tensor must hold
// what the policy indexes; the offset only when used), then f(k, scale, offset) for each
// element k = i * n + j, offset 0 without hasOffset.
template <typename D, typename S, typename ScaleT, typename OffsetT, typename F>
inline void forEachQuantElement(const char* api, QuantizePolicy policy, int32_t kDim, bool hasOffset, const QuantizeParams& p,
                                const LocalTensor<D>& dst, const LocalTensor<S>& src, const ScaleT& scale,
                                const OffsetT& offset, F f) {
  const QuantIndex idx = quantIndex(api, policy, kDim, p);
  const uint64_t count = (uint64_t)p.m * p.n;
  need(api, "dstTensor", dst, count);
  need(api, "srcTensor", src, count);
  if constexpr (IsLocalTensor<ScaleT>::value) need(api, "scale", scale, idx.count());
  if constexpr (IsLocalTensor<OffsetT>::value)
    if (hasOffset) need(api, "offset", offset, idx.count());
  for (uint32_t i = 0; i < p.m; ++i)
    for (uint32_t j = 0; j < p.n; ++j)
      f((uint64_t)i * p.n + j, quantParam(scale, idx, i, j), hasOffset ? quantParam(offset, idx, i, j) : 0.0f);
}
// The round mode Quantize uses for DstT: the config's where the page lists it, else DstT's default.
template <typename DstT> constexpr RoundMode quantizeRoundMode(RoundMode m) {
  if constexpr (isFp8<DstT>()) return RoundMode::CAST_RINT;
  else if constexpr (std::is_same_v<DstT, hifloat8_t>) return m == RoundMode::CAST_HYBRID ? m : RoundMode::CAST_ROUND;
  else
    return m == RoundMode::CAST_ROUND || m == RoundMode::CAST_FLOOR || m == RoundMode::CAST_CEIL || m == RoundMode::CAST_TRUNC
               ? m
               : RoundMode::CAST_RINT;
}
// Element k of a tensor of 8- or 4-bit codes (fp4: two to a byte, the first in the low nibble).
template <typename T> inline uint8_t codeAt(const T* p, uint64_t k) {
  const uint8_t* b = (const uint8_t*)elementAt<T>(p, k);
  return isFp4<T>() ? nibbleAt(*b, k) : *b;
}
template <typename T> inline void setCodeAt(T* p, uint64_t k, uint8_t code) {
  uint8_t* b = (uint8_t*)elementAt<T>(p, k);
  *b = isFp4<T>() ? withNibble(*b, k, code) : code;
}
inline float roundAs(RoundMode mode, float v) {
  switch (mode) {
    case RoundMode::CAST_FLOOR: return std::floor(v);
    case RoundMode::CAST_CEIL: return std::ceil(v);
    case RoundMode::CAST_ROUND: return std::round(v);
    case RoundMode::CAST_TRUNC: return std::trunc(v);
    default: return std::nearbyint(v);  // CAST_RINT: to nearest, ties to even
  }
}
}  // namespace adv
}  // namespace detail

template <const QuantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
__aicore__ inline void Quantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor, const ScaleT& scale,
                                const OffsetT& offset, const QuantizeParams& params) {
  namespace a = detail::adv;
  using D = PrimT<DstT>;
  static_assert(detail::kArch3510 || sizeof(DstT) == 0, "Quantize is Ascend 950's (dav-3510); the A2 has AscendQuant");
  static_assert(std::is_same_v<D, int8_t> || detail::isFp8<D>() || std::is_same_v<D, hifloat8_t> || detail::isFp4<D>(),
                "Quantize: int8_t, fp8_e4m3fn_t, fp8_e5m2_t, hifloat8_t or fp4x2 out");
  static_assert(!detail::isFp4<D>() || (config.policy == QuantizePolicy::PER_GROUP && !config.hasOffset),
                "Quantize: fp4 out is PER_GROUP only, without offset (hasOffset false)");
  static_assert(config.policy != QuantizePolicy::PER_TENSOR || !a::IsLocalTensor<ScaleT>::value,
                "Quantize: PER_TENSOR takes a scalar scale");
  constexpr RoundMode mode = a::quantizeRoundMode<D>(config.roundMode);
  const a::E<SrcT>* x = a::ptr(srcTensor);
  D* d = a::ptr(dstTensor);
  if constexpr (std::is_same_v<D, int8_t>) {
    a::forEachQuantElement("Quantize", config.policy, config.kDim, config.hasOffset, params, dstTensor, srcTensor, scale, offset,
                           [&](uint64_t k, float s, float o) {
                             float v = (float)x[k] * s;  // rounded to float before the offset (no fused multiply-add)
                             v = a::roundAs(mode, v + o);
                             d[k] = v != v ? 0 : (int8_t)(v > 127.0f ? 127.0f : v < -128.0f ? -128.0f : v);
                           });
  } else {
    const ::sk::MinifloatFormat format = ::sk::makeMinifloatFormat(detail::minifloatCode<D>());
    a::forEachQuantElement("Quantize", config.policy, config.kDim, config.hasOffset, params, dstTensor, srcTensor, scale, offset,
                           [&](uint64_t k, float s, float o) {
                             a::setCodeAt(d, k, ::sk::roundToMinifloat(format, (float)x[k] * s + o, (int32_t)mode));
                           });
  }
  const uint64_t count = (uint64_t)params.m * params.n;
  a::chargeOps(count, 4, "cast", "mul", "add", "cast");
}
template <const QuantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
__aicore__ inline void Quantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor, const LocalTensor<uint8_t>&,
                                const ScaleT& scale, const OffsetT& offset, const QuantizeParams& params) {
  Quantize<config>(dstTensor, srcTensor, scale, offset, params);
}

template <const AntiQuantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
__aicore__ inline void AntiQuantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor, const ScaleT& scale,
                                    const OffsetT& offset, const AntiQuantizeParams& params) {
  namespace a = detail::adv;
  static_assert(detail::kArch3510 || sizeof(DstT) == 0, "AntiQuantize is Ascend 950's (dav-3510); the A2 has AscendAntiQuant");
  using S = PrimT<SrcT>;
  static_assert(std::is_same_v<S, int8_t> || detail::isFp8<S>() || std::is_same_v<S, hifloat8_t> || detail::isFp4<S>(),
                "AntiQuantize: int8_t, fp8_e4m3fn_t, fp8_e5m2_t, hifloat8_t or fp4x2 in");
  static_assert(!detail::isFp4<S>() || (config.policy == AntiQuantizePolicy::PER_GROUP && !config.hasOffset),
                "AntiQuantize: fp4 in is PER_GROUP only, without offset (hasOffset false)");
  static_assert(std::is_same_v<PrimT<DstT>, half> || std::is_same_v<PrimT<DstT>, bfloat16_t> || std::is_same_v<PrimT<DstT>, float>,
                "AntiQuantize: half, bfloat16_t or float out");
  const S* x = a::ptr(srcTensor);
  a::E<DstT>* d = a::ptr(dstTensor);
  auto in = [&](uint64_t k) {
    if constexpr (std::is_same_v<S, int8_t>) return (float)x[k];
    else return ::sk::decodeMinifloat(detail::minifloatCode<S>(), a::codeAt(x, k));
  };
  a::forEachQuantElement("AntiQuantize", config.policy, config.kDim, config.hasOffset, params, dstTensor, srcTensor, scale,
                         offset, [&](uint64_t k, float s, float o) { d[k] = (a::E<DstT>)((in(k) + o) * s); });
  const uint64_t count = (uint64_t)params.m * params.n;
  a::chargeOps(count, 4, "cast", "add", "mul", "cast");
}
template <const AntiQuantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
__aicore__ inline void AntiQuantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor, const ScaleT& scale,
                                    const OffsetT& offset, const LocalTensor<uint8_t>&, const AntiQuantizeParams& params) {
  AntiQuantize<config>(dstTensor, srcTensor, scale, offset, params);
}

// Dequantize (Ascend 950): dst = src * scale, src int32_t (or float for PER_TOKEN / PER_GROUP),
// computed in float and rounded once to half, bfloat16_t or float; the offset is reserved.
template <const DequantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
__aicore__ inline void Dequantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor, const ScaleT& scale,
                                  const OffsetT& offset, const DequantizeParams& params) {
  namespace a = detail::adv;
  static_assert(detail::kArch3510 || sizeof(DstT) == 0, "Dequantize is Ascend 950's (dav-3510); the A2 has AscendDequant");
  static_assert(std::is_same_v<PrimT<SrcT>, int32_t> ||
                    (std::is_same_v<PrimT<SrcT>, float> &&
                     (config.policy == DequantizePolicy::PER_TOKEN || config.policy == DequantizePolicy::PER_GROUP)),
                "Dequantize: int32_t in (float in for PER_TOKEN and PER_GROUP)");
  static_assert(std::is_same_v<PrimT<DstT>, half> || std::is_same_v<PrimT<DstT>, bfloat16_t> || std::is_same_v<PrimT<DstT>, float>,
                "Dequantize: half, bfloat16_t or float out");
  static_assert(!config.hasOffset, "Dequantize: hasOffset is reserved (false)");
  static_assert(config.policy != DequantizePolicy::PER_TENSOR || !a::IsLocalTensor<ScaleT>::value,
                "Dequantize: PER_TENSOR takes a scalar scale");
  const a::E<SrcT>* x = a::ptr(srcTensor);
  a::E<DstT>* d = a::ptr(dstTensor);
  a::forEachQuantElement("Dequantize", config.policy, config.kDim, false, params, dstTensor, srcTensor, scale, offset,
                         [&](uint64_t k, float s, float) { d[k] = (a::E<DstT>)((float)x[k] * s); });
  a::chargeOps((uint64_t)params.m * params.n, 3, "cast", "mul", "cast");
}
template <const DequantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
__aicore__ inline void Dequantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor, const ScaleT& scale,
                                  const OffsetT& offset, const LocalTensor<uint8_t>&, const DequantizeParams& params) {
  Dequantize<config>(dstTensor, srcTensor, scale, offset, params);
}

}  // namespace AscendC

SK_SIMULATED_END

#endif /* SK_ASCENDC_ADV_QUANT_H */
