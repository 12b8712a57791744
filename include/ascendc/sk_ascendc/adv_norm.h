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

}  // namespace AscendC

#endif /* SK_ASCENDC_ADV_NORM_H */
