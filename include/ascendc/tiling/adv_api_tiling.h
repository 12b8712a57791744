// Host helpers of the high-level APIs (CANN's tiling_api.h surface beside Matmul): the shape type
// they take (AscendC::TensorShape, also ge::Shape), the temporary-buffer size queries
// (GetXxxMaxMinTmpSize, GetXxxMaxTmpSize, GetXxxMinTmpSize), the tiling fillers (SoftMaxTilingFunc,
// GetLayerNormNDTilingInfo, TopKTilingFunc, PadTilingFunc, ...) and securec's memcpy_s. Header-only,
// standard library only; written from the public API reference.
//
// Sizes. SuperKernel's kernel-side implementations (sk_ascendc/adv_*.h) compute in place and need
// no temporary buffer, so any size is sufficient for them. The helpers still return the sizes a
// hardware implementation of the same sequence keeps, so kernels that allocate them keep their
// layout: an API that keeps k float temporaries gets
//   min = k * 256 bytes (one 256-byte repeat each),  max = k * align32(elements * 4) (whole input),
// with max >= min; row-wise APIs (SoftMax family, norms) keep k temporaries of a row instead of a
// repeat for min. An API that needs none returns 0 for both. The k of each API is written beside it.
#ifndef SK_ASCENDC_TILING_ADV_API_TILING_H
#define SK_ASCENDC_TILING_ADV_API_TILING_H

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "kernel_tiling/kernel_tiling.h"
#include "securec.h"  // memcpy_s, which CANN's host headers bring
#include "tiling/adv_api_types.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

// A tensor's shape (dims outermost first), what the size queries and tiling fillers take.
class TensorShape {
 public:
  TensorShape() = default;
  TensorShape(const std::vector<int64_t>& dims) : dims_(dims) {}
  TensorShape(std::initializer_list<int64_t> dims) : dims_(dims) {}
  std::vector<int64_t> GetDims() const { return dims_; }
  size_t GetDimNum() const { return dims_.size(); }
  int64_t GetDim(size_t i) const { return i < dims_.size() ? dims_[i] : 0; }
  void SetDimNum(size_t n) { dims_.resize(n, 0); }
  void SetDim(size_t i, int64_t v) {
    if (i >= dims_.size()) dims_.resize(i + 1, 0);
    dims_[i] = v;
  }
  int64_t GetShapeSize() const {
    if (dims_.empty()) return 0;
    int64_t n = 1;
    for (int64_t d : dims_) n *= d;
    return n;
  }
  bool operator==(const TensorShape& o) const { return dims_ == o.dims_; }
  bool operator!=(const TensorShape& o) const { return dims_ != o.dims_; }

 private:
  std::vector<int64_t> dims_;
};

namespace sk_adv {
inline uint64_t elems(const TensorShape& s) {
  int64_t n = s.GetShapeSize();
  return n > 0 ? (uint64_t)n : 0;
}
inline uint32_t align32(uint64_t b) { return (uint32_t)((b + 31) / 32 * 32); }
inline uint32_t clampU32(uint64_t v) { return v > 0xffffffffull ? 0xffffffffu : (uint32_t)v; }
// k float temporaries: one repeat each (min) or the whole input (max).
inline void floatTmps(uint64_t n, uint32_t k, uint32_t& maxValue, uint32_t& minValue) {
  minValue = k * 256u;
  maxValue = std::max(minValue, clampU32((uint64_t)k * align32(n * 4)));
}
// Row-wise: rows of `cols` elements; min: k temporaries of one row, max: of every row.
inline void rowTmps(const TensorShape& s, uint32_t k, uint32_t& maxValue, uint32_t& minValue) {
  uint64_t n = elems(s);
  uint64_t cols = s.GetDimNum() ? (uint64_t)std::max<int64_t>(s.GetDim(s.GetDimNum() - 1), 1) : 1;
  minValue = std::max<uint32_t>(256u * k, k * align32(cols * 4));
  maxValue = std::max(minValue, clampU32((uint64_t)k * align32(n * 4)));
}
inline uint32_t lastDim(const TensorShape& s) { return s.GetDimNum() ? (uint32_t)s.GetDim(s.GetDimNum() - 1) : 0; }
inline uint32_t outerDims(const TensorShape& s) {
  uint64_t n = 1;
  for (size_t i = 0; i + 1 < s.GetDimNum(); ++i) n *= (uint64_t)s.GetDim(i);
  return s.GetDimNum() ? (uint32_t)n : 0;
}
}  // namespace sk_adv

/* ---- element-wise APIs: GetXxxMaxMinTmpSize(shape, typeSize, isReuseSource, max, min) ---- */
#define SK_ADV_ELEMWISE_TMP(Name, K)                                                                                 \
  inline void Get##Name##MaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource, \
                                       uint32_t& maxValue, uint32_t& minValue) {                                     \
    (void)typeSize, (void)isReuseSource;                                                                             \
    sk_adv::floatTmps(sk_adv::elems(srcShape), K, maxValue, minValue);                                               \
  }                                                                                                                  \
  inline uint32_t Get##Name##MaxTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource) { \
    uint32_t mx, mn;                                                                                                 \
    Get##Name##MaxMinTmpSize(srcShape, typeSize, isReuseSource, mx, mn);                                             \
    return mx;                                                                                                       \
  }                                                                                                                  \
  inline uint32_t Get##Name##MinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource) { \
    uint32_t mx, mn;                                                                                                 \
    Get##Name##MaxMinTmpSize(srcShape, typeSize, isReuseSource, mx, mn);                                             \
    return mn;                                                                                                       \
  }                                                                                                                  \
  /* the same K float temporaries, each 32-byte aligned: (space - extraBuffer) / maxLiveNodeCount / typeSize fit */ \
  inline void Get##Name##TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,                    \
                                             uint32_t& extraBuffer) {                                                \
    maxLiveNodeCount = typeSize ? (K * 4 + typeSize - 1) / typeSize : 0;                                             \
    extraBuffer = K * 32;                                                                                            \
  }
SK_ADV_ELEMWISE_TMP(Sigmoid, 2)  // exp, 1 + exp
SK_ADV_ELEMWISE_TMP(GeGLU, 3)    // x^2 / cubic term, exp, denominator
SK_ADV_ELEMWISE_TMP(Acosh, 2)    // x^2 - 1, its sqrt
SK_ADV_ELEMWISE_TMP(Asin, 3)     // x^2, sqrt(1 - x^2), the polynomial
SK_ADV_ELEMWISE_TMP(Acos, 3)
SK_ADV_ELEMWISE_TMP(Atan, 3)     // |x|, the reduced argument, the polynomial
SK_ADV_ELEMWISE_TMP(Sinh, 2)     // exp(x), exp(-x)
SK_ADV_ELEMWISE_TMP(Cosh, 2)
SK_ADV_ELEMWISE_TMP(Tan, 3)      // sin, cos and the range reduction
SK_ADV_ELEMWISE_TMP(Asinh, 2)    // x^2 + 1, its sqrt
SK_ADV_ELEMWISE_TMP(Atanh, 2)    // 1 + x, 1 - x
SK_ADV_ELEMWISE_TMP(Erfc, 3)
SK_ADV_ELEMWISE_TMP(Lgamma, 4)   // the reflection, the shifted argument, the series, the log
SK_ADV_ELEMWISE_TMP(Digamma, 4)
SK_ADV_ELEMWISE_TMP(Sign, 1)     // the compare mask
SK_ADV_ELEMWISE_TMP(Axpy, 1)     // src widened to float
SK_ADV_ELEMWISE_TMP(Ceil, 1)     // float copy (half inputs)
SK_ADV_ELEMWISE_TMP(Floor, 1)
SK_ADV_ELEMWISE_TMP(Trunc, 1)
SK_ADV_ELEMWISE_TMP(Round, 1)
SK_ADV_ELEMWISE_TMP(Clamp, 1)    // the compare mask
SK_ADV_ELEMWISE_TMP(Exp, 3)      // integer part, fraction, Taylor terms
SK_ADV_ELEMWISE_TMP(Fmod, 2)     // quotient, truncated quotient
SK_ADV_ELEMWISE_TMP(Frac, 1)     // truncated value
SK_ADV_ELEMWISE_TMP(Xor, 1)      // a & b
SK_ADV_ELEMWISE_TMP(Log, 1)
SK_ADV_ELEMWISE_TMP(Tanh, 2)
SK_ADV_ELEMWISE_TMP(Sin, 3)
SK_ADV_ELEMWISE_TMP(Cos, 3)
SK_ADV_ELEMWISE_TMP(Erf, 3)
SK_ADV_ELEMWISE_TMP(DropOut, 1)  // the widened mask
#undef SK_ADV_ELEMWISE_TMP
// Rint and Fma take the platform first (the forms of the public Rint sample).
inline void GetRintMaxMinTmpSize(const platform_ascendc::PlatformAscendC&, const TensorShape& srcShape, const uint32_t typeSize,
                                 const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource;
  sk_adv::floatTmps(sk_adv::elems(srcShape), 1, maxValue, minValue);
}
inline void GetRintMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                 uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource;
  sk_adv::floatTmps(sk_adv::elems(srcShape), 1, maxValue, minValue);
}
// CumSum: isLastAxis selects the axis; one float temporary of the input.
inline void GetCumSumMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                   const bool isLastAxis, uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource, (void)isLastAxis;
  sk_adv::floatTmps(sk_adv::elems(srcShape), 1, maxValue, minValue);
}
// Power: ln(base), y * ln(base) (and the integer path's sign bits).
inline void GetPowerMaxMinTmpSize(const TensorShape& srcShape1, const TensorShape& srcShape2, const bool typeIsInt,
                                  const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource;
  sk_adv::floatTmps(std::max(sk_adv::elems(srcShape1), sk_adv::elems(srcShape2)), typeIsInt ? 4 : 3, maxValue, minValue);
}

/* ---- activations ---- */
// Gelu / FasterGelu: cubic term, exp (2 temporaries).
inline void GetGeluMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize;
  sk_adv::floatTmps(sk_adv::elems(srcShape), 2, maxValue, minValue);
}
inline uint32_t GetGeluMaxTmpSize(const TensorShape& srcShape, const uint32_t typeSize) {
  uint32_t mx, mn;
  GetGeluMaxMinTmpSize(srcShape, typeSize, mx, mn);
  return mx;
}
inline uint32_t GetGeluMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize) {
  uint32_t mx, mn;
  GetGeluMaxMinTmpSize(srcShape, typeSize, mx, mn);
  return mn;
}
// SwiGLU: exp, denominator (2). Note the argument order (isReuseSource last), as documented.
inline void GetSwiGLUMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue,
                                   const bool isReuseSource = false) {
  (void)typeSize, (void)isReuseSource;
  sk_adv::floatTmps(sk_adv::elems(srcShape), 2, maxValue, minValue);
}
// Swish / Silu: exp (1).
inline void GetSwishTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                            uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource;
  sk_adv::floatTmps(sk_adv::elems(srcShape), 1, maxValue, minValue);
}
inline void GetSiluTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                           uint32_t& minValue) {
  GetSwishTmpSize(srcShape, typeSize, isReuseSource, maxValue, minValue);
}

/* ---- the SoftMax family: rows of the shape's last dim ---- */
namespace sk_adv {
// Fills a SoftMaxTiling-shaped struct for [M, K] (M = product of the outer dims).
template <typename Tiling>
inline void softmaxTiling(const TensorShape& s, uint32_t dataTypeSize, uint32_t workBytes, uint32_t k, Tiling& t) {
  softmaxSplit(outerDims(s), lastDim(s), dataTypeSize, workBytes, k, t);
}
}  // namespace sk_adv
// SoftMax / SimpleSoftMax: x - max, exp (2 per row).
inline uint32_t GetSoftMaxMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
  (void)dataTypeSize, (void)isReuseSource;
  uint32_t mx, mn;
  sk_adv::rowTmps(srcShape, 2, mx, mn);
  return mx;
}
inline uint32_t GetSoftMaxMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
  (void)dataTypeSize, (void)isReuseSource;
  uint32_t mx, mn;
  sk_adv::rowTmps(srcShape, 2, mx, mn);
  return mn;
}
inline void SoftMaxTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                              SoftMaxTiling& softmaxTiling) {
  sk_adv::softmaxTiling(srcShape, dataTypeSize, localWorkSpaceSize, 2, softmaxTiling);
}
inline bool IsBasicBlockInSoftMax(const SoftMaxTiling& tiling, const uint32_t dataTypeSize = 2) {
  (void)dataTypeSize;
  return tiling.splitM % 8 == 0 && tiling.srcK % 64 == 0 && tiling.srcK < 2048;
}
// LogSoftMax: as SoftMax plus the log (3 per row).
inline uint32_t GetLogSoftMaxMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
  (void)dataTypeSize, (void)isReuseSource;
  uint32_t mx, mn;
  sk_adv::rowTmps(srcShape, 3, mx, mn);
  return mx;
}
inline uint32_t GetLogSoftMaxMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
  (void)dataTypeSize, (void)isReuseSource;
  uint32_t mx, mn;
  sk_adv::rowTmps(srcShape, 3, mx, mn);
  return mn;
}
inline void LogSoftMaxTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                                 LogSoftMaxTiling& softmaxTiling) {
  sk_adv::softmaxTiling(srcShape, dataTypeSize, localWorkSpaceSize, 3, softmaxTiling);
}
// SoftmaxFlashV2: x - max, exp, and with isUpdate the rescaling of the old sums (2 or 3 per row).
inline uint32_t GetSoftMaxFlashV2MaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize1, const uint32_t dataTypeSize2,
                                            const bool isUpdate, const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)dataTypeSize1, (void)dataTypeSize2, (void)isBasicBlock, (void)isFlashOutputBrc;
  uint32_t mx, mn;
  sk_adv::rowTmps(srcShape, isUpdate ? 3 : 2, mx, mn);
  return mx;
}
inline uint32_t GetSoftMaxFlashV2MinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize1, const uint32_t dataTypeSize2,
                                            const bool isUpdate, const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)dataTypeSize1, (void)dataTypeSize2, (void)isBasicBlock, (void)isFlashOutputBrc;
  uint32_t mx, mn;
  sk_adv::rowTmps(srcShape, isUpdate ? 3 : 2, mx, mn);
  return mn;
}
inline void SoftMaxFlashV2TilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize1, const uint32_t dataTypeSize2,
                                     const uint32_t localWorkSpaceSize, SoftMaxTiling& softmaxFlashTiling, const bool isUpdate,
                                     const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)dataTypeSize1, (void)isBasicBlock, (void)isFlashOutputBrc;
  sk_adv::softmaxTiling(srcShape, dataTypeSize2, localWorkSpaceSize, isUpdate ? 3 : 2, softmaxFlashTiling);
}
// SoftmaxGrad: grad * src (and, not front, grad - sum) (1 or 2 per row).
inline uint32_t GetSoftMaxGradMaxTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isFront,
                                         const bool isReuseSource) {
  (void)typeSize, (void)isReuseSource;
  uint32_t mx, mn;
  sk_adv::rowTmps(srcShape, isFront ? 1 : 2, mx, mn);
  return mx;
}
inline uint32_t GetSoftMaxGradMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isFront,
                                         const bool isReuseSource) {
  (void)typeSize, (void)isReuseSource;
  uint32_t mx, mn;
  sk_adv::rowTmps(srcShape, isFront ? 1 : 2, mx, mn);
  return mn;
}
inline void SoftMaxGradTilingFunc(const TensorShape& srcShape, const uint32_t typeSize, const uint32_t localWorkSpaceSize,
                                  SoftMaxTiling& softmaxGradTiling, const bool isFront = false) {
  sk_adv::softmaxTiling(srcShape, typeSize, localWorkSpaceSize, isFront ? 1 : 2, softmaxGradTiling);
}

/* ---- normalisation ---- */
namespace sk_adv {
// [B, S, H] from a 3-dim shape (fewer dims: leading 1s); the LayerNorm family's 4-dim form
// [B, S, H, originalH] (the SDK's LayerNorm sample) gives H from its third dim.
inline void bsh(const TensorShape& s, uint32_t& b, uint32_t& sl, uint32_t& h) {
  if (s.GetDimNum() == 4) {
    b = (uint32_t)s.GetDim(0), sl = (uint32_t)s.GetDim(1), h = (uint32_t)s.GetDim(2);
    return;
  }
  size_t n = s.GetDimNum();
  h = n >= 1 ? (uint32_t)s.GetDim(n - 1) : 0;
  sl = n >= 2 ? (uint32_t)s.GetDim(n - 2) : 1;
  b = 1;
  for (size_t i = 0; i + 2 < n; ++i) b *= (uint32_t)s.GetDim(i);
}
// The LayerNorm family's [B, S, H, originalH] as [B, S, H] (other shapes as they are).
inline TensorShape bshShape(const TensorShape& s) {
  return s.GetDimNum() == 4 ? TensorShape({s.GetDim(0), s.GetDim(1), s.GetDim(2)}) : s;
}
template <typename Tiling>
inline void layerNormTiling(const TensorShape& s, uint32_t originH, uint32_t stackBytes, uint32_t k, Tiling& t) {
  uint32_t b, sl, h;
  bsh(s, b, sl, h);
  t.bLength = b;
  t.sLength = sl;
  t.hLength = h;
  if (!originH && s.GetDimNum() == 4) originH = (uint32_t)s.GetDim(3);
  t.originalHLength = originH ? originH : h;
  t.inputXSize = b * sl * h;
  t.meanVarSize = b * sl;
  t.numberOfTmpBuf = k;
  uint32_t floats = stackBytes / 4 / std::max<uint32_t>(k, 1);
  uint32_t rows = h ? std::max<uint32_t>(1, std::min<uint32_t>(floats / h, b * sl)) : 1;
  uint32_t cur = rows * h;
  t.firstTmpStartPos = 0;
  t.secondTmpStartPos = cur;
  t.thirdTmpStartPos = 2 * cur;
  t.loopRound = rows ? (b * sl) / rows : 0;
  t.inputRoundSize = cur;
  t.inputTailSize = (b * sl - t.loopRound * rows) * h;
  t.inputTailPos = t.loopRound * cur;
  t.meanVarRoundSize = rows;
  t.meanVarTailSize = b * sl - t.loopRound * rows;
  t.meanVarTailPos = t.loopRound * rows;
  t.bshCurLength = cur;
  t.bsCurLength = rows;
  t.lastDimValueBack = t.originalHLength ? 1.0f / (float)t.originalHLength : 0.0f;
}
}  // namespace sk_adv
// LayerNorm: x - mean, its square, rstd broadcast (3 per row).
inline void GetLayerNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource;
  sk_adv::rowTmps(sk_adv::bshShape(srcShape), 3, maxValue, minValue);
}
inline void GetLayerNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                      const bool isComputeRstd, const bool isOnlyOutput, uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource, (void)isComputeRstd, (void)isOnlyOutput;
  sk_adv::rowTmps(sk_adv::bshShape(srcShape), 2, maxValue, minValue);
}
inline void GetLayerNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                     const bool isReuseSource, LayerNormTiling& tiling) {
  (void)typeSize, (void)isReuseSource;
  sk_adv::layerNormTiling(srcShape, 0, stackBufferSize, 3, tiling);
}
// The [A, R] form (LayerNormPara): rLength is the shape's last dim, aLength the rest.
inline void GetLayerNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                     const bool isReuseSource, const bool isComputeRstd, LayerNormSeparateTiling& tiling) {
  (void)typeSize, (void)isReuseSource, (void)isComputeRstd;
  uint32_t a = sk_adv::outerDims(srcShape), r = sk_adv::lastDim(srcShape);
  tiling = LayerNormSeparateTiling{};
  tiling.aLength = a;
  tiling.rLength = r;
  tiling.rHeadLength = r;
  tiling.k2Rec = r ? 1.0f / (float)r : 0.0f;
  tiling.k2RRec = tiling.k2Rec;
  tiling.inputXSize = a * r;
  tiling.meanVarSize = a;
  tiling.numberOfTmpBuf = 2;
  uint32_t rows = r ? std::max<uint32_t>(1, std::min<uint32_t>(stackBufferSize / 8 / r, a)) : 1;
  tiling.loopRound = a / rows;
  tiling.inputRoundSize = rows * r;
  tiling.inputTailSize = (a - tiling.loopRound * rows) * r;
  tiling.inputTailPos = tiling.loopRound * rows * r;
  tiling.meanVarRoundSize = rows;
  tiling.meanVarTailSize = a - tiling.loopRound * rows;
  tiling.meanVarTailPos = tiling.loopRound * rows;
  tiling.arCurLength = rows * r;
  tiling.aCurLength = rows;
  tiling.rValueBack = tiling.k2Rec;
}
// LayerNormGrad: pd_x terms (4 per row).
inline void GetLayerNormGradMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                          uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource;
  sk_adv::rowTmps(sk_adv::bshShape(srcShape), 4, maxValue, minValue);
}
inline void GetLayerNormGradNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                         const bool isReuseSource, LayerNormGradTiling& tiling) {
  (void)typeSize, (void)isReuseSource;
  uint32_t b, s, h;
  sk_adv::bsh(srcShape, b, s, h);
  tiling = LayerNormGradTiling{};
  tiling.stackBufferSize = stackBufferSize;
  tiling.bLength = b;
  tiling.sLength = s;
  tiling.hLength = h;
  tiling.originalHLength = h;
  uint32_t rows = h ? std::max<uint32_t>(1, std::min<uint32_t>(stackBufferSize / 16 / h, b * s)) : 1;
  tiling.oneCalSize = rows * h;
  tiling.nohCalSize = rows;
  tiling.loopNum = (b * s) / rows;
  tiling.tailSize = (b * s - tiling.loopNum * rows) * h;
  tiling.nohTailSize = b * s - tiling.loopNum * rows;
}
// LayerNormGradBeta: dy * x_hat (2 per row).
inline void GetLayerNormGradBetaMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                              uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource;
  sk_adv::rowTmps(sk_adv::bshShape(srcShape), 2, maxValue, minValue);
}
inline void GetLayerNormGradBetaNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                             const bool isReuseSource, LayerNormGradBetaTiling& tiling) {
  (void)typeSize, (void)isReuseSource;
  uint32_t b, s, h;
  sk_adv::bsh(srcShape, b, s, h);
  tiling = LayerNormGradBetaTiling{};
  tiling.stackBufferSize = stackBufferSize;
  tiling.bLength = b;
  tiling.sLength = s;
  tiling.hLength = h;
  tiling.originalHLength = h;
  tiling.bshLength = b * s * h;
  tiling.bsLength = b * s;
  uint32_t rows = h ? std::max<uint32_t>(1, std::min<uint32_t>(stackBufferSize / 8 / h, b * s)) : 1;
  tiling.oneCalSize = rows * h;
  tiling.numberOfTmpBuf = 2;
  tiling.loopRound = (b * s) / rows;
  tiling.inputTailSize = (b * s - tiling.loopRound * rows) * h;
  tiling.inputTailPos = tiling.loopRound * rows * h;
  tiling.bsTailSize = b * s - tiling.loopRound * rows;
  tiling.bshCurLength = rows * h;
  tiling.bsCurLength = rows;
}
// DeepNorm: alpha * x + gx, then LayerNorm (3 per row).
inline void GetDeepNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                     const bool isBasicBlock, uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource, (void)isBasicBlock;
  sk_adv::rowTmps(sk_adv::bshShape(srcShape), 3, maxValue, minValue);
}
inline bool GetDeepNormTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape, const uint32_t stackBufferSize,
                                  const uint32_t typeSize, const bool isReuseSource, const bool isBasicBlock, DeepNormTiling& tiling) {
  (void)typeSize, (void)isReuseSource, (void)isBasicBlock;
  sk_adv::layerNormTiling(srcShape, sk_adv::lastDim(originSrcShape), stackBufferSize, 3, tiling);
  return true;
}
// RmsNorm: x^2 and its row sums (1 per row plus a block per row).
inline bool GetRmsNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue,
                                    const bool isBasicBlock = false) {
  (void)typeSize, (void)isBasicBlock;
  sk_adv::rowTmps(srcShape, 1, maxValue, minValue);
  minValue += 32;
  maxValue += 32 * std::max<uint32_t>(1, sk_adv::outerDims(srcShape));
  return true;
}
inline bool GetRmsNormTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape, const uint32_t stackBufferByteSize,
                                 const uint32_t typeSize, RmsNormTiling& tiling, const bool isBasicBlock = false) {
  (void)typeSize, (void)isBasicBlock;
  uint32_t b, s, h;
  sk_adv::bsh(srcShape, b, s, h);
  tiling = RmsNormTiling{};
  tiling.bLength = b;
  tiling.sLength = s;
  tiling.hLength = h;
  tiling.originalHLength = sk_adv::lastDim(originSrcShape) ? sk_adv::lastDim(originSrcShape) : h;
  tiling.reciprocalOfHLength = tiling.originalHLength ? 1.0f / (float)tiling.originalHLength : 0.0f;
  uint32_t rows = h ? std::max<uint32_t>(1, std::min<uint32_t>(stackBufferByteSize / 4 / (h + 8), b * s)) : 1;
  tiling.mainBshLength = rows * h;
  tiling.mainBsLength = rows;
  tiling.mainBsLengthAlign = (rows + 7) / 8 * 8;
  tiling.loopRound = (b * s) / rows;
  tiling.inputTailPos = tiling.loopRound * rows * h;
  tiling.tailBsLength = b * s - tiling.loopRound * rows;
  tiling.tailBshLength = tiling.tailBsLength * h;
  return true;
}
// Normalize ([A, R] with given mean and variance): x - mean, rstd (2 per row).
inline void GetNormalizeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSizeU, const uint32_t typeSizeT,
                                      const bool isReuseSource, const bool isComputeRstd, const bool isOnlyOutput, uint32_t& maxValue,
                                      uint32_t& minValue) {
  (void)typeSizeU, (void)typeSizeT, (void)isReuseSource, (void)isComputeRstd, (void)isOnlyOutput;
  sk_adv::rowTmps(srcShape, 2, maxValue, minValue);
}
// WelfordUpdate: delta and the new mean (2); WelfordFinalize: 2.
inline void GetWelfordUpdateMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSizeT, const uint32_t typeSizeU,
                                          const bool isReuseSource, const bool isInplace, uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSizeT, (void)typeSizeU, (void)isReuseSource, (void)isInplace;
  sk_adv::floatTmps(sk_adv::elems(srcShape), 2, maxValue, minValue);
}
inline void GetWelfordFinalizeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                            uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource;
  sk_adv::floatTmps(sk_adv::elems(srcShape), 2, maxValue, minValue);
}

/* ---- quantisation: the float copy of the input (1) ---- */
inline void GetAscendQuantMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize;
  sk_adv::floatTmps(sk_adv::elems(srcShape), 1, maxValue, minValue);
}
inline void GetQuantizeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
  GetAscendQuantMaxMinTmpSize(srcShape, typeSize, maxValue, minValue);
}
inline void GetAscendDequantMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                          uint32_t& minValue) {
  (void)typeSize;
  sk_adv::floatTmps(sk_adv::elems(srcShape), 1, maxValue, minValue);
}
inline void GetDequantizeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
  GetAscendDequantMaxMinTmpSize(srcShape, typeSize, maxValue, minValue);
}
inline void GetAscendAntiQuantMaxMinTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape, bool isTranspose,
                                            TensorDataType inputDataType, TensorDataType outputDataType, uint32_t& maxValue,
                                            uint32_t& minValue) {
  (void)scaleShape, (void)isTranspose, (void)inputDataType, (void)outputDataType;
  sk_adv::floatTmps(sk_adv::elems(srcShape), 2, maxValue, minValue);
}
inline void GetAntiQuantizeMaxMinTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape, bool isTranspose,
                                         TensorDataType inputDataType, TensorDataType outputDataType, uint32_t& maxValue,
                                         uint32_t& minValue) {
  GetAscendAntiQuantMaxMinTmpSize(srcShape, scaleShape, isTranspose, inputDataType, outputDataType, maxValue, minValue);
}

/* ---- reductions ---- */
// Sum over rows of n elements: the partial sums of a row (1 float temporary of a row).
inline void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource;
  minValue = std::max<uint32_t>(256, sk_adv::align32((uint64_t)n * 4));
  maxValue = minValue;
}
inline void GetMeanMaxMinTmpSize(const uint32_t n, const uint32_t srcTypeSize, const uint32_t accTypeSize, const bool isReuseSource,
                                 uint32_t& maxValue, uint32_t& minValue) {
  (void)srcTypeSize, (void)accTypeSize;
  GetSumMaxMinTmpSize(n, 4, isReuseSource, maxValue, minValue);
}
// ReduceMax/ReduceMin/ReduceSum of an [A, R] tensor: one float row (AR) or column block (RA).
#define SK_ADV_REDUCE_TMP(Name)                                                                                    \
  inline void Get##Name##MaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern, \
                                       bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) { \
    (void)dataType, (void)pattern, (void)isSrcInnerPad, (void)isReuseSource;                                       \
    sk_adv::rowTmps(srcShape, 1, maxValue, minValue);                                                              \
  }
SK_ADV_REDUCE_TMP(ReduceMax)
SK_ADV_REDUCE_TMP(ReduceMin)
SK_ADV_REDUCE_TMP(ReduceSum)
#undef SK_ADV_REDUCE_TMP

/* ---- sorting ---- */
// Sort: the concatenated (score, index) proposals and a merge buffer (2 of 8 bytes per element).
inline void GetSortMaxMinTmpSize(const TensorShape& srcShape, TensorDataType valueType, TensorDataType indexType,
                                 bool isReuseSource, const SortConfig& config, uint32_t& maxValue, uint32_t& minValue) {
  (void)valueType, (void)indexType, (void)isReuseSource, (void)config;
  uint64_t n = sk_adv::elems(srcShape);
  minValue = maxValue = sk_adv::clampU32((uint64_t)2 * sk_adv::align32(n * 8));
}
// TopK: per row the proposals (8 bytes an element, rows rounded to 32), for every row at most.
inline void TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner, const int32_t outter,
                           const int32_t k, const uint32_t dataTypeSize, const bool isInitIndex, TopKMode mode,
                           const bool isLargest, TopkTiling& topKTiling) {
  (void)ascendcPlatform, (void)isInitIndex, (void)mode, (void)isLargest;
  topKTiling = TopkTiling{};
  uint32_t innerAligned = (uint32_t)((inner + 31) / 32 * 32);
  topKTiling.allDataSize = innerAligned * (uint32_t)std::max(outter, 1);
  topKTiling.innerDataSize = innerAligned;
  topKTiling.sortRepeat = innerAligned / 32;
  topKTiling.mrgSortRepeat = innerAligned / 32;
  topKTiling.kAlignFourBytes = (uint32_t)((k + 7) / 8 * 8);
  topKTiling.kAlignTwoBytes = (uint32_t)((k + 15) / 16 * 16);
  topKTiling.tmpLocalSize = innerAligned * 2 * (dataTypeSize ? dataTypeSize : 4) * 2;
  topKTiling.srcIndexOffset = innerAligned * 2;
}
inline void GetTopKMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner, const int32_t outter,
                                 const bool isReuseSource, const bool isInitIndex, TopKMode mode, const bool isLargest,
                                 const uint32_t dataTypeSize, uint32_t& maxValue, uint32_t& minValue) {
  (void)ascendcPlatform, (void)isReuseSource, (void)isInitIndex, (void)mode, (void)isLargest, (void)dataTypeSize;
  uint32_t innerAligned = (uint32_t)((inner + 31) / 32 * 32);
  minValue = innerAligned * 8 * 2;
  maxValue = minValue * (uint32_t)std::max(outter, 1);
}

/* ---- filtering ---- */
// Select with a byte mask: the mask as bits (1 per element, a repeat at least).
inline void GetSelectMaxMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape, const uint32_t srcTypeSize,
                                   const TensorShape& maskShape, const uint32_t maskTypeSize, const bool isReuseMask,
                                   uint32_t& maxValue, uint32_t& minValue) {
  (void)src1Shape, (void)srcTypeSize, (void)maskShape, (void)maskTypeSize, (void)isReuseMask;
  sk_adv::floatTmps(sk_adv::elems(src0Shape), 1, maxValue, minValue);
}

/* ---- Pad / UnPad along the width of [height, width] ---- */
inline void GetPadMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize;
  uint32_t h = sk_adv::outerDims(srcShape);
  minValue = 256;
  maxValue = std::max<uint32_t>(256, 32u * std::max<uint32_t>(h, 1));
}
inline void PadTilingFunc(const TensorShape& srcShape, const TensorShape& oriSrcShape, const uint32_t stackBufferSize,
                          const uint32_t typeSize, PadTiling& tiling) {
  (void)stackBufferSize;
  tiling = PadTiling{};
  uint32_t eb = typeSize ? typeSize : 4;
  tiling.srcHeight = sk_adv::outerDims(srcShape);
  tiling.srcWidth = sk_adv::lastDim(srcShape);
  tiling.srcOriWidth = sk_adv::lastDim(oriSrcShape) ? sk_adv::lastDim(oriSrcShape) : tiling.srcWidth;
  uint32_t perBlock = 32 / eb;
  tiling.blocksPerRow = (tiling.srcWidth + perBlock - 1) / perBlock;
  tiling.widthWithoutLastBlock = tiling.blocksPerRow ? (tiling.blocksPerRow - 1) * perBlock : 0;
  tiling.heightTiling = tiling.srcHeight;
  tiling.heightFractal = 1;
  tiling.widthTiling = tiling.srcWidth;
  tiling.widthFractal = 1;
  tiling.maxRepeatTimes = 255;
}
inline void GetUnPadMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const TensorShape& srcShape,
                                  const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
  (void)ascendcPlatform;
  GetPadMaxMinTmpSize(srcShape, typeSize, maxValue, minValue);
}
inline void UnPadTilingFunc(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                            UnPadTiling& tiling) {
  (void)stackBufferSize, (void)typeSize;
  tiling = UnPadTiling{};
  tiling.srcHeight = sk_adv::outerDims(srcShape);
  tiling.srcWidth = sk_adv::lastDim(srcShape);
  tiling.widthTiling = tiling.srcWidth;
  tiling.widthFractal = 1;
}

/* ---- Transpose (ConfusionTranspose): the tiling carries what our kernel-side implementation reads:
   param0 = transposeTypeIn (1..7, 13..16), param1 = the number of dims of srcShape, param2.. = its
   dims ([B, N, S, H/N] for types 1-6, [H, W] for 7, [H, W] or [N, H, W] for 13-16). k = 1 temporary
   of the source's size (the hardware stages the squares it transposes). ---- */
inline void GetTransposeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const uint32_t transposeTypeIn,
                                      uint32_t& maxValue, uint32_t& minValue) {
  (void)transposeTypeIn;
  uint64_t bytes = sk_adv::elems(srcShape) * (typeSize ? typeSize : 2);
  minValue = std::max<uint32_t>(512u, sk_adv::align32(std::min<uint64_t>(bytes, 16 * 16 * 2 * 16)));
  maxValue = std::max(minValue, sk_adv::clampU32(sk_adv::align32(bytes)));
}
inline void GetConfusionTransposeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const uint32_t transposeTypeIn,
                                               uint32_t& maxValue, uint32_t& minValue) {
  GetTransposeMaxMinTmpSize(srcShape, typeSize, transposeTypeIn, maxValue, minValue);
}
inline void GetTransposeTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                   const uint32_t transposeTypeIn, ConfusionTransposeTiling& tiling) {
  (void)stackBufferSize, (void)typeSize;
  tiling = ConfusionTransposeTiling{};
  tiling.param0 = transposeTypeIn;
  tiling.param1 = (uint32_t)std::min<size_t>(srcShape.GetDimNum(), 4);
  uint32_t* dims[4] = {&tiling.param2, &tiling.param3, &tiling.param4, &tiling.param5};
  for (uint32_t i = 0; i < tiling.param1; ++i) *dims[i] = (uint32_t)srcShape.GetDim(i);
}
inline void GetConfusionTransposeTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                            const uint32_t transposeTypeIn, ConfusionTransposeTiling& tiling) {
  GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, transposeTypeIn, tiling);
}
inline void GetConfusionTransposeOnlyTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                                ConfusionTransposeTiling& tiling) {
  GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, 7, tiling);
}

/* ---- TransData: k = 1 temporary of the larger of the two shapes (padded to 16 per axis pair) ---- */
inline bool GetTransDataMaxMinTmpSize(const platform_ascendc::PlatformAscendC& platform, const TensorShape& srcShape,
                                      const TensorShape& dstShape, const TensorDataType dataType, const TransDataConfig& config,
                                      uint32_t& maxValue, uint32_t& minValue) {
  (void)platform, (void)config;
  uint64_t n = std::max(sk_adv::elems(srcShape), sk_adv::elems(dstShape)) * TensorDataTypeSize(dataType);
  minValue = maxValue = std::max<uint32_t>(512u, sk_adv::clampU32(sk_adv::align32(n)));
  return true;
}

}  // namespace AscendC

// ge::Shape: the same shape type under CANN's graph name (the documented signatures take it).
namespace ge {
using Shape = AscendC::TensorShape;
}  // namespace ge

// The host tiling classes of an op name these structs inside namespace optiling.
namespace optiling {
using SoftMaxTiling = AscendC::tiling::SoftMaxTiling;
using LogSoftMaxTiling = AscendC::tiling::LogSoftMaxTiling;
using LayerNormTiling = AscendC::tiling::LayerNormTiling;
using DeepNormTiling = AscendC::tiling::DeepNormTiling;
using LayerNormGradTiling = AscendC::tiling::LayerNormGradTiling;
using LayerNormGradBetaTiling = AscendC::tiling::LayerNormGradBetaTiling;
using LayerNormSeparateTiling = AscendC::tiling::LayerNormSeparateTiling;
using RmsNormTiling = AscendC::tiling::RmsNormTiling;
using TopkTiling = AscendC::tiling::TopkTiling;
using PadTiling = AscendC::tiling::PadTiling;
using UnPadTiling = AscendC::tiling::UnPadTiling;
using ConfusionTransposeTiling = AscendC::tiling::ConfusionTransposeTiling;
}  // namespace optiling

#endif /* SK_ASCENDC_TILING_ADV_API_TILING_H */
