// Element-wise APIs of AscendC's lib/math (adv_api/math) beside adv_math.h's: Asin, Acos, Atan,
// Sinh, Cosh, Tan, Asinh, Acosh, Atanh, Erfc, Lgamma, Digamma, Sign, Ceil, Floor, Trunc, Round,
// Frac, Rint, ClampMin, ClampMax, Clamp, Fmod, Fma, Xor, BitwiseAnd, LogicalAnd, Where, IsFinite,
// CumSum, and Axpy with a shared buffer. Written from the public API reference; each is
// computed element by element (floats in float, or in double where the float result must be
// correctly rounded, then rounded once to T) and charged as the basic sequence it replaces
// (sk_ascendc/adv_common.h). The sharedTmpBuffer forms accept the buffer and do not need it.
#ifndef SK_ASCENDC_ADV_ELEMENTWISE_H
#define SK_ASCENDC_ADV_ELEMENTWISE_H

#include "sk_ascendc/adv_common.h"
#include "sk_ascendc/vector.h"

SK_SIMULATED_BEGIN

namespace AscendC {

/* ---- unary maps, in the four documented forms (dst, src[, sharedTmpBuffer][, calCount]) ---- */
#define SK_ADV_COMMA ,
#define SK_ADV_UNARY_MAP(Name, EXTRA_TEMPLATE_PARAM, TYPES_OK, TYPES, EXPR, ...)                                     \
  template <typename T, bool isReuseSource = false EXTRA_TEMPLATE_PARAM>                                             \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&,     \
                              const uint32_t calCount) {                                                             \
    static_assert(TYPES_OK, #Name ": T must be " TYPES);                                                             \
    detail::adv::map1(#Name, dst, src, calCount, [](float x) -> float { return EXPR; });                             \
    detail::adv::chargeOps(calCount, 4, __VA_ARGS__);                                                                \
  }                                                                                                                  \
  template <typename T, bool isReuseSource = false EXTRA_TEMPLATE_PARAM>                                             \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp) { \
    Name<T, isReuseSource>(dst, src, tmp, src.GetSize());                                                            \
  }                                                                                                                  \
  template <typename T, bool isReuseSource = false EXTRA_TEMPLATE_PARAM>                                             \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount) {      \
    Name<T, isReuseSource>(dst, src, LocalTensor<uint8_t>(), calCount);                                              \
  }                                                                                                                  \
  template <typename T, bool isReuseSource = false EXTRA_TEMPLATE_PARAM>                                             \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src) {                                \
    Name<T, isReuseSource>(dst, src, LocalTensor<uint8_t>(), src.GetSize());                                         \
  }
#define SK_ADV_FLOAT_UNARY(Name, EXPR, ...) \
  SK_ADV_UNARY_MAP(Name, , detail::adv::isFloatLike<T>(), "half, bfloat16_t or float", EXPR, __VA_ARGS__)

// Atan's algorithm (Ascend 950) and Rint's config: accepted; the result is the correctly rounded one.
enum class AtanAlgo { TAYLOR_EXPANSION = 0, POLYNOMIAL_APPROXIMATION };
struct AtanConfig { AtanAlgo algo = AtanAlgo::TAYLOR_EXPANSION; };
constexpr AtanConfig defaultAtanConfig = {AtanAlgo::TAYLOR_EXPANSION};
struct RintConfig { bool isReuseSource; };
constexpr RintConfig DEFAULT_RINT_CONFIG = {false};

namespace detail {
namespace adv {
constexpr double kPi = 3.14159265358979323846;
// ln|gamma(x)|: Lanczos (g = 7, 9 terms; relative error ~1e-15) and the reflection below 1/2.
// Not libm's lgamma, whose sign global is shared by the simulator's worker threads.
inline double lnGamma(double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return INFINITY;
  if (x <= 0 && x == std::floor(x)) return INFINITY;  // the poles
  if (x < 0.5) return std::log(kPi / std::fabs(std::sin(kPi * x))) - lnGamma(1.0 - x);
  constexpr double c[9] = {0.99999999999980993,  676.5203681218851,     -1259.1392167224028,
                           771.32342877765313,   -176.61502916214059,   12.507343278686905,
                                  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
  x -= 1;
  double a = c[0], t = x + 7.5;
  for (int i = 1; i < 9; ++i) a += c[i] / (x + i);
  return 0.5 * std::log(2 * kPi) + (x + 0.5) * std::log(t) - t + std::log(a);
}
// digamma(x) = d/dx ln(gamma(x)): the reflection below 1/2, the recurrence up to 6, then the
// asymptotic series (error far below float's). Poles at 0, -1, -2, ...: -inf at 0, NaN below.
inline double digamma(double x) {
  if (std::isnan(x) || x == -INFINITY) return NAN;
  if (x <= 0 && x == std::floor(x)) return x == 0 ? -INFINITY : NAN;
  if (x < 0.5) return digamma(1.0 - x) - kPi * std::cos(kPi * x) / std::sin(kPi * x);
  double r = 0;
  for (; x < 6; x += 1) r -= 1 / x;
  double f = 1 / (x * x);
  return r + std::log(x) - 0.5 / x - f * (1.0 / 12 - f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240 - f / 132))));
}
}  // namespace adv
}  // namespace detail

// Each in double, rounded once to T; charged as the vector sequence the library runs (its
// polynomial or series written out as mul/add pairs).
SK_ADV_FLOAT_UNARY(Asin, (float)std::asin((double)x), "mul", "adds", "sqrt", "mul", "add", "mul", "add", "mul", "add",
                   "compare", "select")
SK_ADV_FLOAT_UNARY(Acos, (float)std::acos((double)x), "mul", "adds", "sqrt", "mul", "add", "mul", "add", "mul", "add",
                   "compare", "select", "adds")
SK_ADV_UNARY_MAP(Atan, SK_ADV_COMMA const AtanConfig& config = defaultAtanConfig, detail::adv::isFloatLike<T>(),
                 "half, bfloat16_t or float", (float)std::atan((double)x), "abs", "reciprocal", "min", "mul", "add",
                 "mul", "add", "mul", "add", "compare", "select")
SK_ADV_FLOAT_UNARY(Sinh, (float)std::sinh((double)x), "exp", "reciprocal", "sub", "muls")
SK_ADV_FLOAT_UNARY(Cosh, (float)std::cosh((double)x), "exp", "reciprocal", "add", "muls")
SK_ADV_FLOAT_UNARY(Tan, (float)std::tan((double)x), "sin", "cos", "div")
SK_ADV_FLOAT_UNARY(Asinh, (float)std::asinh((double)x), "abs", "mul", "adds", "sqrt", "add", "ln", "compare", "select")
// acosh(x) = ln(x + sqrt(x^2 - 1)), in double, rounded once (NaN below 1).
SK_ADV_FLOAT_UNARY(Acosh, (float)std::log((double)x + std::sqrt((double)x * x - 1.0)), "mul", "adds", "sqrt", "add", "ln")
SK_ADV_FLOAT_UNARY(Atanh, (float)std::atanh((double)x), "adds", "adds", "div", "ln", "muls")
SK_ADV_FLOAT_UNARY(Erfc, (float)std::erfc((double)x), "erf", "muls", "adds")
SK_ADV_FLOAT_UNARY(Lgamma, (float)detail::adv::lnGamma((double)x), "abs", "compare", "select", "ln", "mul", "add", "mul", "add",
                   "div", "mul", "add", "ln", "sub", "sin", "ln")
SK_ADV_FLOAT_UNARY(Digamma, (float)detail::adv::digamma((double)x), "adds", "reciprocal", "add", "adds", "reciprocal",
                   "add", "ln", "mul", "add", "mul", "add", "sin", "cos", "div", "select")
// Sign: 1, -1, or 0 for zeros (and NaN); also int64_t, as Ascend 950 documents.
SK_ADV_UNARY_MAP(Sign, , (detail::adv::isFloatLike<T>() || std::is_same<PrimT<T>, int64_t>::value),
                 "half, bfloat16_t, float or int64_t", (x > 0 ? 1.0f : x < 0 ? -1.0f : 0.0f), "compare", "select",
                 "compare", "select")
// Rounding to integral values (the float result is exact); Round rounds halves to even, as
// documented; Frac(x) = x - trunc(x), with x's sign (Frac(-258.41888) = -0.41888428).
SK_ADV_FLOAT_UNARY(Ceil, std::ceil(x), "cast", "cast")
SK_ADV_FLOAT_UNARY(Floor, std::floor(x), "cast", "cast")
SK_ADV_FLOAT_UNARY(Trunc, std::trunc(x), "cast", "cast")
SK_ADV_FLOAT_UNARY(Round, rintf(x), "cast", "cast")
SK_ADV_FLOAT_UNARY(Rint, rintf(x), "cast", "cast")
SK_ADV_FLOAT_UNARY(Frac, (std::isinf(x) ? 0.0f : x - std::trunc(x)), "cast", "cast", "sub")
// Rint<config, T>(dst, src[, sharedTmpBuffer], count): the config comes first.
template <const RintConfig& config, typename T>
__aicore__ inline void Rint(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
                            const uint32_t count) {
  Rint<T, false>(dst, src, tmp, count);
}
template <const RintConfig& config, typename T>
__aicore__ inline void Rint(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
  Rint<T, false>(dst, src, LocalTensor<uint8_t>(), count);
}
// The basic API's Truncate<T, roundMode>(dst, src, count) (Ascend 950: one VF rounding per
// element, T stays as it is): CAST_RINT halves to even, CAST_ROUND halves away from zero.
template <typename T, RoundMode roundMode>
__aicore__ inline void Truncate(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
  static_assert(detail::kArch3510 || sizeof(T) == 0, "Truncate (tensor form) is Ascend 950's (dav-3510)");
  static_assert(detail::adv::isFloatLike<T>(), "Truncate: T must be half, bfloat16_t or float");
  static_assert(roundMode == RoundMode::CAST_RINT || roundMode == RoundMode::CAST_ROUND || roundMode == RoundMode::CAST_FLOOR ||
                    roundMode == RoundMode::CAST_CEIL || roundMode == RoundMode::CAST_TRUNC,
                "Truncate: the round mode is CAST_RINT, CAST_ROUND, CAST_FLOOR, CAST_CEIL or CAST_TRUNC");
  detail::adv::map1("Truncate", dst, src, count, [](float x) -> float {
    switch (roundMode) {
      case RoundMode::CAST_ROUND: return std::round(x);
      case RoundMode::CAST_FLOOR: return std::floor(x);
      case RoundMode::CAST_CEIL: return std::ceil(x);
      case RoundMode::CAST_TRUNC: return std::trunc(x);
      default: return rintf(x);
    }
  });
  detail::adv::chargeOps(count, 4, "cast");
}
#undef SK_ADV_FLOAT_UNARY
#undef SK_ADV_UNARY_MAP
#undef SK_ADV_COMMA

/* ---- ClampMax (values above the scalar become it) and ClampMin (below) ---- */
#define SK_ADV_CLAMP1(Name, FN)                                                                                       \
  template <typename T, bool isReuseSource = false>                                                                  \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&,     \
                              const PrimT<T> scalar, const uint32_t calCount) {                                      \
    static_assert(detail::adv::isFloatLike<T>(), #Name ": T must be half or float");                                 \
    const float s = (float)scalar;                                                                                   \
    detail::adv::map1(#Name, dst, src, calCount, [s](float x) { return std::isnan(x) ? x : FN(x, s); });             \
    detail::adv::chargeOps(calCount, sizeof(PrimT<T>), "compare", "select");                                        \
  }                                                                                                                  \
  template <typename T, bool isReuseSource = false>                                                                  \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T> scalar,           \
                              const uint32_t calCount) {                                                             \
    Name<T, isReuseSource>(dst, src, LocalTensor<uint8_t>(), scalar, calCount);                                      \
  }
SK_ADV_CLAMP1(ClampMax, std::fmin)
SK_ADV_CLAMP1(ClampMin, std::fmax)
#undef SK_ADV_CLAMP1

/* ---- Clamp: dst = min(max(src, lo), hi), lo and hi tensors or scalars ---- */
namespace detail {
namespace adv {
template <typename T> inline float at(const LocalTensor<T>& t, uint32_t i) { return (float)ptr(t)[i]; }
template <typename T> inline float at(const PrimT<T>& s, uint32_t) { return (float)s; }
template <typename T> inline void needOpt(const char* api, const char* role, const LocalTensor<T>& t, uint64_t n) { need(api, role, t, n); }
template <typename S> inline void needOpt(const char*, const char*, const S&, uint64_t) {}
template <typename T, typename L, typename H>
inline void clamp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const L& lo, const H& hi, uint32_t n) {
  need("Clamp", "dst", dst, n);
  need("Clamp", "src", src, n);
  needOpt("Clamp", "min", lo, n);
  needOpt("Clamp", "max", hi, n);
  for (uint32_t i = 0; i < n; ++i) {
    float x = (float)ptr(src)[i];
    if (!std::isnan(x)) x = std::fmin(std::fmax(x, at<T>(lo, i)), at<T>(hi, i));
    ptr(dst)[i] = (E<T>)x;
  }
  chargeOps(n, sizeof(E<T>), "max", "min");
}
}  // namespace adv
}  // namespace detail
template <typename T>
__aicore__ inline void Clamp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& minT, const LocalTensor<T>& maxT,
                             const uint32_t count) {
  detail::adv::clamp(dst, src, minT, maxT, count);
}
template <typename T>
__aicore__ inline void Clamp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& minT, const PrimT<T>& maxS,
                             const uint32_t count) {
  detail::adv::clamp(dst, src, minT, maxS, count);
}
template <typename T>
__aicore__ inline void Clamp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& minS, const LocalTensor<T>& maxT,
                             const uint32_t count) {
  detail::adv::clamp(dst, src, minS, maxT, count);
}
template <typename T>
__aicore__ inline void Clamp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& minS, const PrimT<T>& maxS,
                             const uint32_t count) {
  detail::adv::clamp(dst, src, minS, maxS, count);
}

/* ---- Fmod: the remainder of a / b with a's sign (exact in float) ---- */
enum class FmodAlgo : uint8_t { NORMAL = 0, ITERATION_COMPENSATION = 1 };
constexpr uint32_t FMOD_ITERATION_NUM_MAX = 11;
struct FmodConfig {
  FmodAlgo algo = FmodAlgo::NORMAL;
  uint32_t iterationNum = FMOD_ITERATION_NUM_MAX;
};
constexpr FmodConfig DEFAULT_FMOD_CONFIG{};
template <typename T, bool isReuseSource = false, const FmodConfig& config = DEFAULT_FMOD_CONFIG>
__aicore__ inline void Fmod(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                            const LocalTensor<uint8_t>&, const uint32_t calCount) {
  static_assert(detail::adv::isFloatLike<T>(), "Fmod: T must be half, bfloat16_t or float");
  detail::adv::map2("Fmod", dst, src0, src1, calCount, [](float a, float b) { return std::fmod(a, b); });
  detail::adv::chargeOps(calCount, 4, "div", "cast", "mul", "sub");
}
template <typename T, bool isReuseSource = false, const FmodConfig& config = DEFAULT_FMOD_CONFIG>
__aicore__ inline void Fmod(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                            const LocalTensor<uint8_t>& tmp) {
  Fmod<T, isReuseSource, config>(dst, src0, src1, tmp, src0.GetSize());
}
template <typename T, bool isReuseSource = false, const FmodConfig& config = DEFAULT_FMOD_CONFIG>
__aicore__ inline void Fmod(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const uint32_t calCount) {
  Fmod<T, isReuseSource, config>(dst, src0, src1, LocalTensor<uint8_t>(), calCount);
}
template <typename T, bool isReuseSource = false, const FmodConfig& config = DEFAULT_FMOD_CONFIG>
__aicore__ inline void Fmod(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1) {
  Fmod<T, isReuseSource, config>(dst, src0, src1, LocalTensor<uint8_t>(), src0.GetSize());
}

/* ---- Fma: dst = src0 * src1 + src2, one rounding (the product is exact in double) ---- */
template <typename T, bool isReuseSource = false>
__aicore__ inline void Fma(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const LocalTensor<T>& src2,
                           const LocalTensor<uint8_t>&, const uint32_t calCount) {
  static_assert(detail::adv::isFloatLike<T>(), "Fma: T must be half, bfloat16_t or float");
  namespace a = detail::adv;
  a::need("Fma", "dst", dst, calCount);
  a::need("Fma", "src0", src0, calCount);
  a::need("Fma", "src1", src1, calCount);
  a::need("Fma", "src2", src2, calCount);
  for (uint32_t i = 0; i < calCount; ++i)
    a::ptr(dst)[i] = (PrimT<T>)(float)((double)a::ptr(src0)[i] * (double)a::ptr(src1)[i] + (double)a::ptr(src2)[i]);
  a::chargeOps(calCount, 4, "mul", "add");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Fma(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const LocalTensor<T>& src2,
                           const uint32_t calCount) {
  Fma<T, isReuseSource>(dst, src0, src1, src2, LocalTensor<uint8_t>(), calCount);
}

/* ---- bitwise and logical ops on integers ---- */
namespace detail {
namespace adv {
template <typename T> constexpr bool isIntegral() { return std::is_integral<E<T>>::value; }
template <typename D, typename T, typename F>
inline void intMap2(const char* api, const LocalTensor<D>& dst, const LocalTensor<T>& a, const LocalTensor<T>& b, uint32_t n, F f) {
  need(api, "dst", dst, n);
  need(api, "src0", a, n);
  need(api, "src1", b, n);
  for (uint32_t i = 0; i < n; ++i) ptr(dst)[i] = (E<D>)f(ptr(a)[i], ptr(b)[i]);
  chargeOps(n, sizeof(E<T>), "and", "or", "not", "and");
}
}  // namespace adv
}  // namespace detail
// Xor = (a | b) & ~(a & b) on the hardware; here a ^ b.
template <typename T, bool isReuseSource = false>
__aicore__ inline void Xor(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const LocalTensor<uint8_t>&,
                           const uint32_t calCount) {
  static_assert(detail::adv::isIntegral<T>(), "Xor: T must be an integer type (int16_t, uint16_t on the hardware)");
  detail::adv::intMap2("Xor", dst, src0, src1, calCount, [](PrimT<T> a, PrimT<T> b) { return (PrimT<T>)(a ^ b); });
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Xor(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const LocalTensor<uint8_t>& tmp) {
  Xor<T, isReuseSource>(dst, src0, src1, tmp, src0.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Xor(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const uint32_t calCount) {
  Xor<T, isReuseSource>(dst, src0, src1, LocalTensor<uint8_t>(), calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Xor(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1) {
  Xor<T, isReuseSource>(dst, src0, src1, LocalTensor<uint8_t>(), src0.GetSize());
}
template <typename T>
__aicore__ inline void BitwiseAnd(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const uint32_t count) {
  static_assert(detail::adv::isIntegral<T>(), "BitwiseAnd: T must be an integer type");
  detail::adv::intMap2("BitwiseAnd", dst, src0, src1, count, [](PrimT<T> a, PrimT<T> b) { return (PrimT<T>)(a & b); });
}
template <typename T>
__aicore__ inline void BitwiseOr(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const uint32_t count) {
  static_assert(detail::adv::isIntegral<T>(), "BitwiseOr: T must be an integer type");
  detail::adv::intMap2("BitwiseOr", dst, src0, src1, count, [](PrimT<T> a, PrimT<T> b) { return (PrimT<T>)(a | b); });
}
// LogicalAnd / LogicalOr: dst (bool) = a != 0 and/or b != 0.
template <typename T, typename U>
__aicore__ inline void LogicalAnd(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, const uint32_t count) {
  detail::adv::intMap2("LogicalAnd", dst, src0, src1, count,
                       [](PrimT<U> a, PrimT<U> b) { return (a != (PrimT<U>)0) && (b != (PrimT<U>)0) ? 1 : 0; });
}
template <typename T, typename U>
__aicore__ inline void LogicalOr(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, const uint32_t count) {
  detail::adv::intMap2("LogicalOr", dst, src0, src1, count,
                       [](PrimT<U> a, PrimT<U> b) { return (a != (PrimT<U>)0) || (b != (PrimT<U>)0) ? 1 : 0; });
}

/* ---- Where: dst = condition ? src0 : src1 (each source a tensor or a scalar) ---- */
namespace detail {
namespace adv {
template <typename T> inline E<T> pick(const LocalTensor<T>& t, uint32_t i) { return ptr(t)[i]; }
template <typename T> inline E<T> pick(const E<T>& s, uint32_t) { return s; }
template <typename T, typename A, typename B, typename C>
inline void where(const LocalTensor<T>& dst, const A& a, const B& b, const LocalTensor<C>& cond, uint32_t n) {
  need("Where", "dst", dst, n);
  needOpt("Where", "src0", a, n);
  needOpt("Where", "src1", b, n);
  need("Where", "condition", cond, n);
  for (uint32_t i = 0; i < n; ++i) ptr(dst)[i] = ptr(cond)[i] ? pick<T>(a, i) : pick<T>(b, i);
  chargeOps(n, sizeof(E<T>), "compare", "select");
}
}  // namespace adv
}  // namespace detail
template <typename T, typename C>
__aicore__ inline void Where(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const LocalTensor<C>& condition,
                             const uint32_t count) {
  detail::adv::where(dst, src0, src1, condition, count);
}
template <typename T, typename C>
__aicore__ inline void Where(const LocalTensor<T>& dst, const PrimT<T>& src0, const LocalTensor<T>& src1, const LocalTensor<C>& condition,
                             const uint32_t count) {
  detail::adv::where(dst, src0, src1, condition, count);
}
template <typename T, typename C>
__aicore__ inline void Where(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const PrimT<T>& src1, const LocalTensor<C>& condition,
                             const uint32_t count) {
  detail::adv::where(dst, src0, src1, condition, count);
}
template <typename T, typename C>
__aicore__ inline void Where(const LocalTensor<T>& dst, const PrimT<T>& src0, const PrimT<T>& src1, const LocalTensor<C>& condition,
                             const uint32_t count) {
  detail::adv::where(dst, src0, src1, condition, count);
}

/* ---- IsFinite: 1 (true, 1.0) where src is neither infinite nor NaN, else 0 ---- */
template <typename D, typename S>
__aicore__ inline void IsFinite(const LocalTensor<D>& dst, const LocalTensor<S>& src, const uint32_t count) {
  static_assert(detail::adv::isFloatLike<S>(), "IsFinite: the source must be half, bfloat16_t or float");
  namespace a = detail::adv;
  a::need("IsFinite", "dst", dst, count);
  a::need("IsFinite", "src", src, count);
  for (uint32_t i = 0; i < count; ++i) a::ptr(dst)[i] = (PrimT<D>)(std::isfinite((float)a::ptr(src)[i]) ? 1 : 0);
  a::chargeOps(count, sizeof(PrimT<S>), "compare", "select");
}

/* ---- CumSum of an [outter, inner] tensor along the last axis or the first ---- */
enum class CumSumAlgorithm : uint8_t { CUMSUM_DEFAULT = 0, CUMSUM_TWO_PASS = 1 };
struct CumSumConfig {
  bool isLastAxis = true;
  bool isReuseSource = false;
  bool outputLastRow = false;
  CumSumAlgorithm algorithm = CumSumAlgorithm::CUMSUM_DEFAULT;
};
constexpr CumSumConfig defaultCumSumConfig{};
struct CumSumInfo {
  uint32_t outter = 0;
  uint32_t inner = 0;
};
// Sums in float in index order. lastRow (outputLastRow): the last axis' final sums — the last row
// (inner values) for the first axis, the last column (outter values) for the last axis.
template <typename T, const CumSumConfig& config = defaultCumSumConfig>
__aicore__ inline void CumSum(const LocalTensor<T>& dst, const LocalTensor<T>& lastRow, const LocalTensor<T>& src,
                              const LocalTensor<uint8_t>&, const CumSumInfo& info) {
  static_assert(detail::adv::isFloatLike<T>(), "CumSum: T must be half or float");
  namespace a = detail::adv;
  const uint32_t o = info.outter, n = info.inner;
  a::need("CumSum", "dst", dst, (uint64_t)o * n);
  a::need("CumSum", "src", src, (uint64_t)o * n);
  if (config.outputLastRow) a::need("CumSum", "lastRow", lastRow, config.isLastAxis ? o : n);
  const PrimT<T>* s = a::ptr(src);
  PrimT<T>* d = a::ptr(dst);
  if (config.isLastAxis) {
    for (uint32_t r = 0; r < o; ++r) {
      float acc = 0;
      for (uint32_t c = 0; c < n; ++c) d[(uint64_t)r * n + c] = (PrimT<T>)(acc += (float)s[(uint64_t)r * n + c]);
      if (config.outputLastRow) a::ptr(lastRow)[r] = (PrimT<T>)acc;
    }
  } else {
    for (uint32_t c = 0; c < n; ++c) {
      float acc = 0;
      for (uint32_t r = 0; r < o; ++r) d[(uint64_t)r * n + c] = (PrimT<T>)(acc += (float)s[(uint64_t)r * n + c]);
      if (config.outputLastRow) a::ptr(lastRow)[c] = (PrimT<T>)acc;
    }
  }
  a::chargeOps((uint64_t)o * n, 4, "add", "add", "copy");
}
template <typename T, const CumSumConfig& config = defaultCumSumConfig>
__aicore__ inline void CumSum(const LocalTensor<T>& dst, const LocalTensor<T>& lastRow, const LocalTensor<T>& src, const CumSumInfo& info) {
  CumSum<T, config>(dst, lastRow, src, LocalTensor<uint8_t>(), info);
}

/* ---- Axpy with a shared buffer (the high-level form): dst = scalar * src + dst ---- */
template <typename T, typename U, bool isReuseSource = false>
__aicore__ inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const PrimT<U> scalarValue, const LocalTensor<uint8_t>&,
                            const uint32_t calCount) {
  detail::adv::need("Axpy", "dst", dst, calCount);
  detail::adv::need("Axpy", "src", src, calCount);
  Axpy(dst, src, scalarValue, (int32_t)calCount);
}

}  // namespace AscendC

SK_SIMULATED_END

#endif /* SK_ASCENDC_ADV_ELEMENTWISE_H */
