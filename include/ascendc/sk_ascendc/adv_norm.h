// Normalisation APIs of AscendC's lib/normalization on [B, S, H] tensors (rows of H): LayerNorm
// (LayerNormTiling), LayerNormGrad, LayerNormGradBeta, DeepNorm, RmsNorm. Written from the public
// API reference; computed row by row in float (sums in index order), rounded once to T, charged as
// the basic sequence each replaces (sk_ascendc/adv_common.h). Rows are hLength elements apart
// (the tiling's hLength), the first originalHLength of them valid (the count of the mean);
// per-row outputs (mean, variance) are dense, B·S of them. The stack/tmp buffers are accepted.
#ifndef SK_ASCENDC_ADV_NORM_H
#define SK_ASCENDC_ADV_NORM_H

#include "kernel_tiling/kernel_tiling.h"
#include "sk_ascendc/adv_common.h"

SK_SIMULATED_BEGIN

namespace AscendC {

namespace detail {
namespace adv {
struct Bsh {
  uint32_t rows, pitch, n;
};
template <typename Tiling> inline Bsh bshOf(const char* api, const Tiling& t) {
  Bsh b{t.bLength * t.sLength, t.hLength, t.originalHLength ? t.originalHLength : t.hLength};
  if (b.n > b.pitch) ::sk_trapf(3, "%s: originalHLength %u exceeds hLength %u", api, b.n, b.pitch);
  return b;
}
inline void chargeBsh(std::initializer_list<const char*> ops, const Bsh& b) {
  for (const char* op : ops) ::sk_vec_charge(op, (uint64_t)b.rows * (((uint64_t)b.pitch * 4 + 255) / 256));
}
// LayerNorm of one row: mean, variance (biased), y = (x - mean) / sqrt(var + eps) * gamma + beta.
// x(k) gives the row's k-th input value (in float).
template <typename T, typename U, typename X>
inline void layerNormRow(E<T>* y, float& mean, float& var, X x, const E<U>* gamma, const E<U>* beta, float eps, uint32_t n) {
  float s = 0;
  for (uint32_t k = 0; k < n; ++k) s += x(k);
  mean = s / (float)n;
  float v = 0;
  for (uint32_t k = 0; k < n; ++k) v += (x(k) - mean) * (x(k) - mean);
  var = v / (float)n;
  float rstd = 1.0f / std::sqrt(var + eps);
  for (uint32_t k = 0; k < n; ++k) y[k] = (E<T>)((x(k) - mean) * rstd * (float)gamma[k] + (float)beta[k]);
}
}  // namespace adv
}  // namespace detail

template <typename T, bool isReuseSource = false>
__aicore__ inline void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance,
                                 const LocalTensor<T>& inputX, const LocalTensor<T>& gamma, const LocalTensor<T>& beta,
                                 const LocalTensor<uint8_t>&, const T epsilon, LayerNormTiling& tiling) {
  static_assert(detail::adv::isFloatLike<T>(), "LayerNorm: T must be half or float");
  namespace a = detail::adv;
  a::Bsh b = a::bshOf("LayerNorm", tiling);
  const uint64_t total = (uint64_t)b.rows * b.pitch;
  a::need("LayerNorm", "output", output, total);
  a::need("LayerNorm", "inputX", inputX, total);
  a::need("LayerNorm", "gamma", gamma, b.n);
  a::need("LayerNorm", "beta", beta, b.n);
  a::need("LayerNorm", "outputMean", outputMean, b.rows);
  a::need("LayerNorm", "outputVariance", outputVariance, b.rows);
  for (uint32_t r = 0; r < b.rows; ++r) {
    const PrimT<T>* x = a::ptr(inputX) + (uint64_t)r * b.pitch;
    float mean, var;
    a::layerNormRow<T, T>(a::ptr(output) + (uint64_t)r * b.pitch, mean, var, [x](uint32_t k) { return (float)x[k]; }, a::ptr(gamma),
                          a::ptr(beta), (float)epsilon, b.n);
    a::ptr(outputMean)[r] = (PrimT<T>)mean;
    a::ptr(outputVariance)[r] = (PrimT<T>)var;
  }
  a::chargeBsh({"reducesum", "muls", "sub", "mul", "reducesum", "muls", "adds", "rsqrt", "mul", "mul", "add"}, b);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance,
                                 const LocalTensor<T>& inputX, const LocalTensor<T>& gamma, const LocalTensor<T>& beta, const T epsilon,
                                 LayerNormTiling& tiling) {
  LayerNorm<T, isReuseSource>(output, outputMean, outputVariance, inputX, gamma, beta, LocalTensor<uint8_t>(), epsilon, tiling);
}

// DeepNorm: LayerNorm of alpha * x + gx.
template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
__aicore__ inline void DeepNorm(const LocalTensor<T>& dst, const LocalTensor<T>& meanLocal, const LocalTensor<T>& rstdLocal,
                                const LocalTensor<T>& srcLocal, const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
                                const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>&, const T alpha, const T epsilon,
                                DeepNormTiling& tiling) {
  static_assert(detail::adv::isFloatLike<T>(), "DeepNorm: T must be half or float");
  namespace a = detail::adv;
  a::Bsh b = a::bshOf("DeepNorm", tiling);
  const uint64_t total = (uint64_t)b.rows * b.pitch;
  a::need("DeepNorm", "dstLocal", dst, total);
  a::need("DeepNorm", "srcLocal", srcLocal, total);
  a::need("DeepNorm", "gxLocal", gxLocal, total);
  a::need("DeepNorm", "gammaLocal", gammaLocal, b.n);
  a::need("DeepNorm", "betaLocal", betaLocal, b.n);
  a::need("DeepNorm", "meanLocal", meanLocal, b.rows);
  a::need("DeepNorm", "rstdLocal", rstdLocal, b.rows);
  const float al = (float)alpha;
  for (uint32_t r = 0; r < b.rows; ++r) {
    const PrimT<T>* x = a::ptr(srcLocal) + (uint64_t)r * b.pitch;
    const PrimT<T>* gx = a::ptr(gxLocal) + (uint64_t)r * b.pitch;
    // alpha * x + gx, rounded to T as the hardware's Muls + Add leave it
    auto in = [x, gx, al](uint32_t k) { return (float)(PrimT<T>)(al * (float)x[k] + (float)gx[k]); };
    float mean, var;
    a::layerNormRow<T, T>(a::ptr(dst) + (uint64_t)r * b.pitch, mean, var, in, a::ptr(gammaLocal), a::ptr(betaLocal), (float)epsilon, b.n);
    a::ptr(meanLocal)[r] = (PrimT<T>)mean;
    a::ptr(rstdLocal)[r] = (PrimT<T>)var;
  }
  a::chargeBsh({"muls", "add", "reducesum", "muls", "sub", "mul", "reducesum", "muls", "adds", "rsqrt", "mul", "mul", "add"}, b);
}
template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
__aicore__ inline void DeepNorm(const LocalTensor<T>& dst, const LocalTensor<T>& meanLocal, const LocalTensor<T>& rstdLocal,
                                const LocalTensor<T>& srcLocal, const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
                                const LocalTensor<T>& gammaLocal, const T alpha, const T epsilon, DeepNormTiling& tiling) {
  DeepNorm<T, isReuseSrc, isBasicBlock>(dst, meanLocal, rstdLocal, srcLocal, gxLocal, betaLocal, gammaLocal, LocalTensor<uint8_t>(), alpha,
                                        epsilon, tiling);
}

// RmsNorm: y = x / sqrt(mean(x^2) + eps) * gamma.
template <typename T, bool isBasicBlock = false>
__aicore__ inline void RmsNorm(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& gamma, const LocalTensor<uint8_t>&,
                               const T epsilon, const RmsNormTiling& tiling) {
  static_assert(detail::adv::isFloatLike<T>(), "RmsNorm: T must be half, bfloat16_t or float");
  namespace a = detail::adv;
  a::Bsh b = a::bshOf("RmsNorm", tiling);
  const uint64_t total = (uint64_t)b.rows * b.pitch;
  a::need("RmsNorm", "dst", dst, total);
  a::need("RmsNorm", "src", src, total);
  a::need("RmsNorm", "gamma", gamma, b.n);
  for (uint32_t r = 0; r < b.rows; ++r) {
    const PrimT<T>* x = a::ptr(src) + (uint64_t)r * b.pitch;
    PrimT<T>* y = a::ptr(dst) + (uint64_t)r * b.pitch;
    float s = 0;
    for (uint32_t k = 0; k < b.n; ++k) s += (float)x[k] * (float)x[k];
    float rrms = 1.0f / std::sqrt(s / (float)b.n + (float)epsilon);
    for (uint32_t k = 0; k < b.n; ++k) y[k] = (PrimT<T>)((float)x[k] * rrms * (float)a::ptr(gamma)[k]);
  }
  a::chargeBsh({"mul", "reducesum", "muls", "adds", "rsqrt", "mul", "mul"}, b);
}
template <typename T, bool isBasicBlock = false>
__aicore__ inline void RmsNorm(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& gamma, const T epsilon,
                               const RmsNormTiling& tiling) {
  RmsNorm<T, isBasicBlock>(dst, src, gamma, LocalTensor<uint8_t>(), epsilon, tiling);
}

// LayerNormGrad: with rstd = 1 / sqrt(var + eps) and dxh = dy * gamma per row,
//   pd_var  = -0.5 * rstd^3 * sum(dxh * (x - mean))
//   pd_mean = -rstd * sum(dxh) - 2 * pd_var * mean(x - mean)
//   pd_x    = dxh * rstd + pd_var * 2 * (x - mean) / H + pd_mean / H
//   resForGamma = (x - mean) * rstd  (what LayerNormGradBeta multiplies dy by).
template <typename T, bool isReuseSource = false>
__aicore__ inline void LayerNormGrad(const LocalTensor<T>& outputPdX, const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
                                     const LocalTensor<T>& inputX, const LocalTensor<T>& inputVariance, const LocalTensor<T>& inputMean,
                                     const LocalTensor<T>& inputGamma, const LocalTensor<uint8_t>&, T epsilon, LayerNormGradTiling& tiling) {
  static_assert(detail::adv::isFloatLike<T>(), "LayerNormGrad: T must be half or float");
  namespace a = detail::adv;
  a::Bsh b = a::bshOf("LayerNormGrad", tiling);
  const uint64_t total = (uint64_t)b.rows * b.pitch;
  a::need("LayerNormGrad", "outputPdX", outputPdX, total);
  a::need("LayerNormGrad", "resForGamma", resForGamma, total);
  a::need("LayerNormGrad", "inputDy", inputDy, total);
  a::need("LayerNormGrad", "inputX", inputX, total);
  a::need("LayerNormGrad", "inputVariance", inputVariance, b.rows);
  a::need("LayerNormGrad", "inputMean", inputMean, b.rows);
  a::need("LayerNormGrad", "inputGamma", inputGamma, b.n);
  const float h = (float)b.n;
  for (uint32_t r = 0; r < b.rows; ++r) {
    const uint64_t o = (uint64_t)r * b.pitch;
    const float mean = (float)a::ptr(inputMean)[r];
    const float rstd = 1.0f / std::sqrt((float)a::ptr(inputVariance)[r] + (float)epsilon);
    float sDxhXm = 0, sDxh = 0, sXm = 0;
    for (uint32_t k = 0; k < b.n; ++k) {
      float xm = (float)a::ptr(inputX)[o + k] - mean;
      float dxh = (float)a::ptr(inputDy)[o + k] * (float)a::ptr(inputGamma)[k];
      sDxhXm += dxh * xm;
      sDxh += dxh;
      sXm += xm;
    }
    const float pdVar = -0.5f * rstd * rstd * rstd * sDxhXm;
    const float pdMean = -rstd * sDxh - 2.0f * pdVar * sXm / h;
    for (uint32_t k = 0; k < b.n; ++k) {
      float xm = (float)a::ptr(inputX)[o + k] - mean;
      float dxh = (float)a::ptr(inputDy)[o + k] * (float)a::ptr(inputGamma)[k];
      a::ptr(outputPdX)[o + k] = (PrimT<T>)(dxh * rstd + pdVar * 2.0f * xm / h + pdMean / h);
      a::ptr(resForGamma)[o + k] = (PrimT<T>)(xm * rstd);
    }
  }
  a::chargeBsh({"sub", "mul", "mul", "reducesum", "reducesum", "muls", "mul", "muls", "add", "add", "mul"}, b);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void LayerNormGrad(const LocalTensor<T>& outputPdX, const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
                                     const LocalTensor<T>& inputX, const LocalTensor<T>& inputVariance, const LocalTensor<T>& inputMean,
                                     const LocalTensor<T>& inputGamma, T epsilon, LayerNormGradTiling& tiling) {
  LayerNormGrad<T, isReuseSource>(outputPdX, resForGamma, inputDy, inputX, inputVariance, inputMean, inputGamma, LocalTensor<uint8_t>(),
                                  epsilon, tiling);
}
// LayerNormGradBeta: pdGamma[h] = sum over rows of dy * resForGamma, pdBeta[h] = sum of dy.
template <typename T, bool isReuseSource = false>
__aicore__ inline void LayerNormGradBeta(const LocalTensor<T>& outputPdGamma, const LocalTensor<T>& outputPdBeta,
                                         const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy, const LocalTensor<uint8_t>&,
                                         const LayerNormGradBetaTiling& tiling) {
  static_assert(detail::adv::isFloatLike<T>(), "LayerNormGradBeta: T must be half or float");
  namespace a = detail::adv;
  a::Bsh b = a::bshOf("LayerNormGradBeta", tiling);
  const uint64_t total = (uint64_t)b.rows * b.pitch;
  a::need("LayerNormGradBeta", "resForGamma", resForGamma, total);
  a::need("LayerNormGradBeta", "inputDy", inputDy, total);
  a::need("LayerNormGradBeta", "outputPdGamma", outputPdGamma, b.n);
  a::need("LayerNormGradBeta", "outputPdBeta", outputPdBeta, b.n);
  for (uint32_t k = 0; k < b.n; ++k) {
    float g = 0, be = 0;
    for (uint32_t r = 0; r < b.rows; ++r) {
      float dy = (float)a::ptr(inputDy)[(uint64_t)r * b.pitch + k];
      g += dy * (float)a::ptr(resForGamma)[(uint64_t)r * b.pitch + k];
      be += dy;
    }
    a::ptr(outputPdGamma)[k] = (PrimT<T>)g;
    a::ptr(outputPdBeta)[k] = (PrimT<T>)be;
  }
  a::chargeBsh({"mul", "add", "add"}, b);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void LayerNormGradBeta(const LocalTensor<T>& outputPdGamma, const LocalTensor<T>& outputPdBeta,
                                         const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
                                         const LayerNormGradBetaTiling& tiling) {
  LayerNormGradBeta<T, isReuseSource>(outputPdGamma, outputPdBeta, resForGamma, inputDy, LocalTensor<uint8_t>(), tiling);
}

/* ---- [A, R] forms: LayerNorm with LayerNormPara, Normalize, WelfordUpdate, WelfordFinalize ---- */
struct LayerNormConfig {
  bool isNoBeta = false;
  bool isNoGamma = false;
  bool isOnlyOutput = false;
  bool isOutputRstd = true;
};
constexpr LayerNormConfig LNCFG_NORM = {false, false, false, true};
struct LayerNormPara {
  uint32_t aLength;
  uint32_t rLength;
  uint32_t rLengthWithPadding;
};
struct NormalizeConfig {
  ReducePattern reducePattern = ReducePattern::AR;
  int32_t aLength = -1;
  bool isNoBeta = false;
  bool isNoGamma = false;
  bool isOnlyOutput = false;
};
constexpr NormalizeConfig NLCFG_NORM = {ReducePattern::AR, -1, false, false, false};
struct NormalizePara {
  uint32_t aLength;
  uint32_t rLength;
  uint32_t rLengthWithPadding;
};
struct WelfordUpdateConfig {
  bool isInplace = false;
};
constexpr WelfordUpdateConfig WFUPDATE_DEFAULT_CFG = {false};
struct WelfordUpdateParam {
  uint32_t rnLength;
  uint32_t abLength;
  uint32_t abComputeLength;
  float nRec;
};
struct WelfordFinalizeConfig {
  bool isCorrection = false;
};
constexpr WelfordFinalizeConfig WFFINALIZE_DEFAULT_CFG = {false};
struct WelfordFinalizePara {
  uint32_t rnLength;
  uint32_t abLength;
  uint32_t headCount;
  uint32_t headCountLength;
  uint32_t tailCount;
  uint32_t tailCountLength;
  float abRec;
  float rRec;
  float rRecWithCorrection;
};

namespace detail {
namespace adv {
// Rows of an [A, R] operand: aLength rows rLengthWithPadding apart, rLength valid.
inline void checkAR(const char* api, uint32_t a, uint32_t r, uint32_t rPad) {
  if (r == 0 || r > rPad) ::sk_trapf(3, "%s: rLength %u must be in [1, rLengthWithPadding %u]", api, r, rPad);
  (void)a;
}
// y = (x - mean) * rstd [* gamma] [+ beta] over one row of n elements.
template <typename T, typename U>
inline void normalizeRow(E<T>* y, const E<T>* x, const E<U>* gamma, const E<U>* beta, float mean, float rstd, uint32_t n, bool noGamma,
                         bool noBeta) {
  for (uint32_t k = 0; k < n; ++k) {
    float v = ((float)x[k] - mean) * rstd;
    if (!noGamma) v *= (float)gamma[k];
    if (!noBeta) v += (float)beta[k];
    y[k] = (E<T>)v;
  }
}
inline void chargeAR(std::initializer_list<const char*> ops, uint32_t a, uint32_t rPad, uint32_t bytes) {
  for (const char* op : ops) ::sk_vec_charge(op, (uint64_t)a * (((uint64_t)rPad * bytes + 255) / 256));
}
}  // namespace adv
}  // namespace detail

// LayerNorm of [A, R] rows: mean = sum(x / R), var = sum((x - mean)^2 / R) (binary accumulation,
// as the API describes), rstd = 1 / sqrt(var + eps), y = (x - mean) * rstd * gamma + beta.
// outputRstd gets rstd (config.isOutputRstd, the default; the only form CANN has on Ascend
// A2/A3), else the variance.
template <typename U, typename T, bool isReuseSource = false, const LayerNormConfig& config = LNCFG_NORM>
__aicore__ inline void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean, const LocalTensor<float>& outputRstd,
                                 const LocalTensor<T>& inputX, const LocalTensor<U>& gamma, const LocalTensor<U>& beta, const float epsilon,
                                 const LocalTensor<uint8_t>&, const LayerNormPara& para, const LayerNormSeparateTiling&) {
  static_assert(detail::adv::isFloatLike<T>() && detail::adv::isFloatLike<U>(), "LayerNorm: T and U must be half, bfloat16_t or float");
  static_assert(sizeof(PrimT<U>) >= sizeof(PrimT<T>), "LayerNorm: gamma/beta (U) must be at least as precise as inputX (T)");
  namespace a = detail::adv;
  const char* api = "LayerNorm";
  a::checkAR(api, para.aLength, para.rLength, para.rLengthWithPadding);
  const uint64_t total = (uint64_t)para.aLength * para.rLengthWithPadding;
  a::need(api, "output", output, total);
  a::need(api, "inputX", inputX, total);
  if (!config.isNoGamma) a::need(api, "gamma", gamma, para.rLength);
  if (!config.isNoBeta) a::need(api, "beta", beta, para.rLength);
  a::need(api, "outputMean", outputMean, para.aLength);
  a::need(api, "outputRstd", outputRstd, para.aLength);
  const float rRec = 1.0f / (float)para.rLength;
  for (uint32_t r = 0; r < para.aLength; ++r) {
    const PrimT<T>* x = a::ptr(inputX) + (uint64_t)r * para.rLengthWithPadding;
    float mean = a::binarySum(para.rLength, [&](uint32_t k) { return (float)x[k] * rRec; });
    float var = a::binarySum(para.rLength, [&](uint32_t k) {
      float d = (float)x[k] - mean;
      return d * d * rRec;
    });
    float rstd = 1.0f / std::sqrt(var + epsilon);
    a::normalizeRow<T, U>(a::ptr(output) + (uint64_t)r * para.rLengthWithPadding, x, a::ptr(gamma), a::ptr(beta), mean, rstd, para.rLength,
                          config.isNoGamma, config.isNoBeta);
    a::ptr(outputMean)[r] = mean;
    a::ptr(outputRstd)[r] = config.isOutputRstd ? rstd : var;
  }
  a::chargeAR({"muls", "add", "reducesum", "sub", "mul", "muls", "add", "reducesum", "adds", "rsqrt", "sub", "mul", "mul", "add"}, para.aLength,
              para.rLengthWithPadding, 4);
}
template <typename U, typename T, bool isReuseSource = false, const LayerNormConfig& config = LNCFG_NORM>
__aicore__ inline void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean, const LocalTensor<float>& outputRstd,
                                 const LocalTensor<T>& inputX, const LocalTensor<U>& gamma, const LocalTensor<U>& beta, const float epsilon,
                                 const LayerNormPara& para, const LayerNormSeparateTiling& tiling) {
  LayerNorm<U, T, isReuseSource, config>(output, outputMean, outputRstd, inputX, gamma, beta, epsilon, LocalTensor<uint8_t>(), para, tiling);
}

// Normalize: LayerNorm's output from a given mean and variance per row; rstd = 1 / sqrt(var + eps).
template <typename U, typename T, bool isReuseSource = false, const NormalizeConfig& config = NLCFG_NORM>
__aicore__ inline void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd, const LocalTensor<float>& inputMean,
                                 const LocalTensor<float>& inputVariance, const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
                                 const LocalTensor<U>& beta, const LocalTensor<uint8_t>&, const float epsilon, const NormalizePara& para) {
  static_assert(detail::adv::isFloatLike<T>() && detail::adv::isFloatLike<U>(), "Normalize: T and U must be half, bfloat16_t or float");
  static_assert(config.reducePattern == ReducePattern::AR, "Normalize: only ReducePattern::AR is supported (as documented)");
  namespace a = detail::adv;
  const char* api = "Normalize";
  a::checkAR(api, para.aLength, para.rLength, para.rLengthWithPadding);
  if (config.aLength != -1 && (uint32_t)config.aLength != para.aLength)
    ::sk_trapf(3, "Normalize: NormalizeConfig.aLength %d differs from para.aLength %u", config.aLength, para.aLength);
  const uint64_t total = (uint64_t)para.aLength * para.rLengthWithPadding;
  a::need(api, "output", output, total);
  a::need(api, "inputX", inputX, total);
  if (!config.isNoGamma) a::need(api, "gamma", gamma, para.rLength);
  if (!config.isNoBeta) a::need(api, "beta", beta, para.rLength);
  a::need(api, "inputMean", inputMean, para.aLength);
  a::need(api, "inputVariance", inputVariance, para.aLength);
  a::need(api, "outputRstd", outputRstd, para.aLength);
  for (uint32_t r = 0; r < para.aLength; ++r) {
    float rstd = 1.0f / std::sqrt(a::ptr(inputVariance)[r] + epsilon);
    a::normalizeRow<T, U>(a::ptr(output) + (uint64_t)r * para.rLengthWithPadding, a::ptr(inputX) + (uint64_t)r * para.rLengthWithPadding,
                          a::ptr(gamma), a::ptr(beta), a::ptr(inputMean)[r], rstd, para.rLength, config.isNoGamma, config.isNoBeta);
    a::ptr(outputRstd)[r] = rstd;
  }
  ::sk_vec_charge("adds", (para.aLength * 4 + 255) / 256);
  ::sk_vec_charge("rsqrt", (para.aLength * 4 + 255) / 256);
  a::chargeAR({"sub", "mul", "mul", "add"}, para.aLength, para.rLengthWithPadding, 4);
}
template <typename U, typename T, bool isReuseSource = false, const NormalizeConfig& config = NLCFG_NORM>
__aicore__ inline void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd, const LocalTensor<float>& inputMean,
                                 const LocalTensor<float>& inputVariance, const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
                                 const LocalTensor<U>& beta, const float epsilon, const NormalizePara& para) {
  Normalize<U, T, isReuseSource, config>(output, outputRstd, inputMean, inputVariance, inputX, gamma, beta, LocalTensor<uint8_t>(), epsilon,
                                         para);
}

// WelfordUpdate over the first abComputeLength elements: delta = x - mean_in,
// mean = mean_in + delta * nRec, M = M_in + delta * (x - mean). Beyond them the outputs are the
// inputs (config.isInplace) or left as they are.
template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
__aicore__ inline void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance, const LocalTensor<U>& inputMean,
                                     const LocalTensor<U>& inputVariance, const LocalTensor<T>& inputX, const LocalTensor<uint8_t>&,
                                     const WelfordUpdateParam& para) {
  static_assert(detail::adv::isFloatLike<T>(), "WelfordUpdate: T must be half or float");
  static_assert(std::is_same<PrimT<U>, float>::value, "WelfordUpdate: U must be float");
  namespace a = detail::adv;
  const char* api = "WelfordUpdate";
  if (para.rnLength != 1) ::sk_trapf(3, "WelfordUpdate: para.rnLength is %u; only 1 is supported (as documented)", para.rnLength);
  if (para.abComputeLength == 0 || para.abComputeLength > para.abLength)
    ::sk_trapf(3, "WelfordUpdate: para.abComputeLength %u must be in [1, abLength %u]", para.abComputeLength, para.abLength);
  const uint32_t n = para.abLength, c = para.abComputeLength;
  a::need(api, "inputX", inputX, c);
  a::need(api, "inputMean", inputMean, config.isInplace ? n : c);
  a::need(api, "inputVariance", inputVariance, config.isInplace ? n : c);
  a::need(api, "outputMean", outputMean, config.isInplace ? n : c);
  a::need(api, "outputVariance", outputVariance, config.isInplace ? n : c);
  for (uint32_t k = 0; k < c; ++k) {
    float x = (float)a::ptr(inputX)[k], m0 = a::ptr(inputMean)[k], v0 = a::ptr(inputVariance)[k];
    float delta = x - m0;
    float m = m0 + delta * para.nRec;
    a::ptr(outputMean)[k] = m;
    a::ptr(outputVariance)[k] = v0 + delta * (x - m);
  }
  if (config.isInplace)
    for (uint32_t k = c; k < n; ++k) {
      a::ptr(outputMean)[k] = a::ptr(inputMean)[k];
      a::ptr(outputVariance)[k] = a::ptr(inputVariance)[k];
    }
  a::chargeOps(n, 4, "sub", "muls", "add", "sub", "mul", "add");
}
template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
__aicore__ inline void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance, const LocalTensor<U>& inputMean,
                                     const LocalTensor<U>& inputVariance, const LocalTensor<T>& inputX, const WelfordUpdateParam& para) {
  WelfordUpdate<T, U, isReuseSource, config>(outputMean, outputVariance, inputMean, inputVariance, inputX, LocalTensor<uint8_t>(), para);
}

// WelfordFinalize: the mean and variance of the whole reduce axis from abLength partial means and
// M values, each standing for count_i samples:
//   mean = sum(mean_i * count_i * rRec),  var = sum((M_i + count_i * (mean_i - mean)^2) * rRec)
// count_i from the counts tensor, else headCount for the first headCountLength lanes and
// tailCount for the rest; without a tail (tailCount or tailCountLength 0) the mean is
// sum(mean_i * abRec) and count_i is rnLength. Sums in binary accumulation; one value each out.
namespace detail {
namespace adv {
template <typename C>
inline void welfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                            const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance, C count, bool noTail,
                            const WelfordFinalizePara& para, float varRec) {
  const char* api = "WelfordFinalize";
  const uint32_t n = para.abLength;
  need(api, "inputMean", inputMean, n);
  need(api, "inputVariance", inputVariance, n);
  need(api, "outputMean", outputMean, 1);
  need(api, "outputVariance", outputVariance, 1);
  const float* m = ptr(inputMean);
  const float* v = ptr(inputVariance);
  float mean = noTail ? binarySum(n, [&](uint32_t k) { return m[k] * para.abRec; })
                      : binarySum(n, [&](uint32_t k) { return m[k] * count(k) * para.rRec; });
  float var = binarySum(n, [&](uint32_t k) {
    float d = m[k] - mean;
    return (d * d * count(k) + v[k]) * varRec;
  });
  ptr(outputMean)[0] = mean;
  ptr(outputVariance)[0] = var;
  chargeOps(n, 4, "muls", "reducesum", "sub", "mul", "muls", "add", "muls", "reducesum");
}
}  // namespace adv
}  // namespace detail
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
__aicore__ inline void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                                       const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                                       const LocalTensor<uint8_t>&, WelfordFinalizePara& para) {
  if (para.headCountLength + para.tailCountLength != para.abLength)
    ::sk_trapf(3, "WelfordFinalize: headCountLength %u + tailCountLength %u must equal abLength %u", para.headCountLength,
               para.tailCountLength, para.abLength);
  const bool noTail = para.tailCountLength == 0 || para.tailCount == 0;
  const WelfordFinalizePara p = para;
  auto count = [p, noTail](uint32_t k) {
    return noTail ? (float)p.rnLength : (float)(k < p.headCountLength ? p.headCount : p.tailCount);
  };
  detail::adv::welfordFinalize(outputMean, outputVariance, inputMean, inputVariance, count, noTail, para,
                               config.isCorrection ? para.rRecWithCorrection : para.rRec);
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
__aicore__ inline void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                                       const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                                       const LocalTensor<int32_t>& counts, const LocalTensor<uint8_t>&, WelfordFinalizePara& para) {
  detail::adv::need("WelfordFinalize", "counts", counts, para.abLength);
  const int32_t* c = detail::adv::ptr(counts);
  detail::adv::welfordFinalize(outputMean, outputVariance, inputMean, inputVariance, [c](uint32_t k) { return (float)c[k]; }, false,
                               para, config.isCorrection ? para.rRecWithCorrection : para.rRec);
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
__aicore__ inline void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                                       const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance, WelfordFinalizePara& para) {
  WelfordFinalize<isReuseSource, config>(outputMean, outputVariance, inputMean, inputVariance, LocalTensor<uint8_t>(), para);
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
__aicore__ inline void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                                       const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                                       const LocalTensor<int32_t>& counts, WelfordFinalizePara& para) {
  WelfordFinalize<isReuseSource, config>(outputMean, outputVariance, inputMean, inputVariance, counts, LocalTensor<uint8_t>(), para);
}

}  // namespace AscendC

SK_SIMULATED_END

#endif /* SK_ASCENDC_ADV_NORM_H */
