#include "vector_unit.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <type_traits>
#include <vector>

#include "sk/sim/float16.h"
#include "sk/sim/minifloat.h"
#include "sk/types.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// Semantics (docs/dialect.md, docs/ascendc.md): float16/bfloat16 elements are widened to float32,
// computed in float32 and rounded back to nearest-even; integers compute in 64 bits and wrap to
// their width. Reductions use fixed tree orders so results are reproducible.

namespace sk::sim::vec {

namespace {

// ---- element types ---------------------------------------------------------------------------

// The half -> float table: 256 KiB, built once; a lookup is cheaper than the bit manipulation.
const float* halfTable() {
  static const std::vector<float> t = [] {
    std::vector<float> v(65536);
    for (uint32_t h = 0; h < 65536; ++h) v[h] = halfToFloat((uint16_t)h);
    return v;
  }();
  return t.data();
}

struct F16 {
  using Compute = float;
  static constexpr uint32_t bytes = 2;
  static float load(const uint8_t* p) {
    uint16_t h;
    std::memcpy(&h, p, 2);
    return halfTable()[h];
  }
  static void store(uint8_t* p, float v) {
    uint16_t h = floatToHalf(v);
    std::memcpy(p, &h, 2);
  }
};
struct BF16 {
  using Compute = float;
  static constexpr uint32_t bytes = 2;
  static float load(const uint8_t* p) {
    uint16_t h;
    std::memcpy(&h, p, 2);
    return bf16ToFloat(h);
  }
  static void store(uint8_t* p, float v) {
    uint16_t h = floatToBf16(v);
    std::memcpy(p, &h, 2);
  }
};
template <typename T> struct Plain {
  using Compute = std::conditional_t<std::is_floating_point_v<T>, float,
                                     std::conditional_t<std::is_same_v<T, uint64_t>, uint64_t, int64_t>>;
  static constexpr uint32_t bytes = sizeof(T);
  static Compute load(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return (Compute)v;
  }
  static void store(uint8_t* p, Compute v) {
    T t = (T)v;
    std::memcpy(p, &t, sizeof t);
  }
};

template <typename E> constexpr bool isFloat = std::is_same_v<typename E::Compute, float>;

// ---- half runs: n elements between half and float at once ----
// x86's F16C converts 8 at a time with the same IEEE round-to-nearest-even (and NaN quieting)
// as floatToHalf; elsewhere, or without F16C, the table and floatToHalf.
#if defined(__x86_64__)
__attribute__((target("avx,f16c"))) void halvesToFloatsF16c(const uint8_t* src, float* dst, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(src + 2 * i))));
  for (; i < n; ++i) dst[i] = F16::load(src + 2 * i);
}
__attribute__((target("avx,f16c"))) void floatsToHalvesF16c(const float* src, uint8_t* dst, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm_storeu_si128((__m128i*)(dst + 2 * i), _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT));
  for (; i < n; ++i) F16::store(dst + 2 * i, src[i]);
}
const bool kHostHasF16c = __builtin_cpu_supports("f16c") && __builtin_cpu_supports("avx");
#else
constexpr bool kHostHasF16c = false;
#endif

void halvesToFloats(const uint8_t* src, float* dst, size_t n) {
#if defined(__x86_64__)
  if (kHostHasF16c) return halvesToFloatsF16c(src, dst, n);
#endif
  for (size_t i = 0; i < n; ++i) dst[i] = F16::load(src + 2 * i);
}
void floatsToHalves(const float* src, uint8_t* dst, size_t n) {
#if defined(__x86_64__)
  if (kHostHasF16c) return floatsToHalvesF16c(src, dst, n);
#endif
  for (size_t i = 0; i < n; ++i) F16::store(dst + 2 * i, src[i]);
}

bool overlaps(const uint8_t* p, const uint8_t* q, uint64_t bytes) { return p < q + bytes && q < p + bytes; }

// dst = f(src0, src1, dst) over `count` contiguous halves, in runs converted at once. Operands
// must be the same range or disjoint (a partial overlap keeps the element-by-element loop).
template <typename F> void applyHalfRuns(uint8_t* d, const uint8_t* a, const uint8_t* b, uint64_t count, F f) {
  constexpr size_t kRun = 512;
  float x[kRun], y[kRun], z[kRun];
  for (uint64_t i = 0; i < count; i += kRun) {
    size_t m = (size_t)std::min<uint64_t>(kRun, count - i);
    halvesToFloats(a + 2 * i, x, m);
    if (b) halvesToFloats(b + 2 * i, y, m);
    else std::fill(y, y + m, 0.0f);
    halvesToFloats(d + 2 * i, z, m);
    for (size_t j = 0; j < m; ++j) z[j] = f(x[j], y[j], z[j]);
    floatsToHalves(z, d + 2 * i, m);
  }
}

// Calls f(E{}) with the element type of `dtype`; false when the dtype is unknown.
template <typename F> bool withType(int32_t dtype, F&& f) {
  switch (dtype) {
    case SK_DT_FLOAT32: f(Plain<float>{}); return true;
    case SK_DT_FLOAT16: f(F16{}); return true;
    case SK_DT_BFLOAT16: f(BF16{}); return true;
    case SK_DT_INT8: f(Plain<int8_t>{}); return true;
    case SK_DT_UINT8: f(Plain<uint8_t>{}); return true;
    case SK_DT_INT16: f(Plain<int16_t>{}); return true;
    case SK_DT_UINT16: f(Plain<uint16_t>{}); return true;
    case SK_DT_INT32: f(Plain<int32_t>{}); return true;
    case SK_DT_UINT32: f(Plain<uint32_t>{}); return true;
    case SK_DT_INT64: f(Plain<int64_t>{}); return true;
    case SK_DT_UINT64: f(Plain<uint64_t>{}); return true;
    case SK_DT_BOOL: f(Plain<uint8_t>{}); return true;  // bytes of 0 and 1
    default: return false;
  }
}

uint32_t bytesOf(int32_t dtype) {
  std::optional<DType> d = dtypeFromCode(dtype);
  return d ? dtypeBytes(*d) : 0;
}
std::string unknownDtype(const char* op, int32_t dtype) {
  return std::string(op) + ": unknown dtype code " + std::to_string(dtype);
}
std::string unsupported(const char* op, int32_t dtype) {
  std::optional<DType> d = dtypeFromCode(dtype);
  return std::string(op) + ": dtype " + (d ? dtypeName(*d) : "unknown") + " is not supported";
}

// The scalar operand: `bits` hold one element of E.
template <typename E> typename E::Compute scalarOf(uint64_t bits) {
  uint8_t b[8];
  std::memcpy(b, &bits, 8);
  return E::load(b);
}

// ---- walking an instruction's elements -------------------------------------------------------

// Byte offset of element e of repeat r for an operand of `elemBytes` with the given strides.
inline uint64_t offsetOf(uint32_t r, uint32_t e, uint32_t elemBytes, uint16_t blk, uint16_t rep) {
  uint32_t perBlock = 32 / elemBytes;
  return (uint64_t)r * rep * 32 + (uint64_t)(e / perBlock) * blk * 32 + (uint64_t)(e % perBlock) * elemBytes;
}

bool contiguous(const Shape& s, int operand, uint32_t elemBytes) {
  return s.blk[operand] == 1 && (uint64_t)s.rep[operand] * 32 == (uint64_t)s.perRepeat * elemBytes;
}

// Elements taken when they form one contiguous run from the start (fast path), else 0.
uint64_t flatCount(const Shape& s, std::initializer_list<std::pair<int, uint32_t>> operands) {
  for (auto [op, bytes] : operands)
    if (!contiguous(s, op, bytes)) return 0;
  if (s.counter) return s.repeats ? (uint64_t)(s.repeats - 1) * s.perRepeat + (s.lastCount ? s.lastCount : s.perRepeat) : 0;
  for (uint32_t r = 0; r < s.repeats; ++r)
    if (!s.full(r)) return 0;
  return (uint64_t)s.repeats * s.perRepeat;
}

// Calls f(dstOffset, src0Offset, src1Offset) for every taken element, in order. bb = 0: the
// instruction has no src1 (its strides are not looked at).
template <typename F>
void walk(const Shape& s, uint32_t db, uint32_t ab, uint32_t bb, F&& f) {
  uint64_t flat = bb ? flatCount(s, {{0, db}, {1, ab}, {2, bb}}) : flatCount(s, {{0, db}, {1, ab}});
  if (flat || s.repeats == 0) {
    for (uint64_t i = 0; i < flat; ++i) f(i * db, i * ab, i * bb);
    return;
  }
  for (uint32_t r = 0; r < s.repeats; ++r)
    for (uint32_t e = 0; e < s.perRepeat; ++e)
      if (s.take(r, e))
        f(offsetOf(r, e, db, s.blk[0], s.rep[0]), offsetOf(r, e, ab, s.blk[1], s.rep[1]),
          bb ? offsetOf(r, e, bb, s.blk[2], s.rep[2]) : 0);
}

// ---- element-wise ops ------------------------------------------------------------------------

template <typename C> C shiftLeft(C x, int64_t n) {
  if (n <= 0 || n >= 64) return n <= 0 ? x : 0;
  return (C)((uint64_t)x << n);
}

// AscendC's shifts: unsigned types shift logically; signed right shifts are arithmetic and signed
// left shifts keep the sign bit (ShiftLeft); roundEn adds one when the last bit out is set.
template <typename E> typename E::Compute shiftLeftOf(typename E::Compute x, int64_t k) {
  using C = typename E::Compute;
  constexpr uint32_t bits8 = E::bytes * 8;
  constexpr bool isSigned = std::is_same_v<C, int64_t> && !std::is_same_v<E, Plain<uint8_t>> &&
                            !std::is_same_v<E, Plain<uint16_t>> && !std::is_same_v<E, Plain<uint32_t>>;
  C shifted = shiftLeft(x, k);
  if (!isSigned) return shifted;
  C sign = (C)((uint64_t)1 << (bits8 - 1));
  return (C)((shifted & ~sign) | (x & sign));
}
template <typename C> C shiftRightOf(C x, int64_t k, bool round) {
  if (k <= 0) return x;
  if ((uint64_t)k >= 64) return (C)(x < 0 ? -1 : 0);
  C r = (C)(x >> k);
  if (round && ((x >> (k - 1)) & 1)) r = (C)(r + 1);
  return r;
}

// dst = f(src0, src1, dst) over the taken elements (same element type for all three).
template <typename E, typename F>
void apply(uint8_t* d, const uint8_t* a, const uint8_t* b, const Shape& s, F f) {
  constexpr uint32_t n = E::bytes;
  uint64_t flat = b ? flatCount(s, {{0, n}, {1, n}, {2, n}}) : flatCount(s, {{0, n}, {1, n}});
  if (flat) {  // the common case: contiguous count-form operands
    if constexpr (std::is_same_v<E, F16>) {
      uint64_t bytes = flat * 2;
      bool clean = (d == a || !overlaps(d, a, bytes)) && (!b || d == b || !overlaps(d, b, bytes));
      if (clean) return applyHalfRuns(d, a, b, flat, f);
    }
    if (b)  // two loops, so that neither tests b per element (and both can vectorize)
      for (uint64_t i = 0; i < flat; ++i) E::store(d + i * n, f(E::load(a + i * n), E::load(b + i * n), E::load(d + i * n)));
    else
      for (uint64_t i = 0; i < flat; ++i) E::store(d + i * n, f(E::load(a + i * n), 0, E::load(d + i * n)));
    return;
  }
  walk(s, n, n, b ? n : 0, [&](uint64_t od, uint64_t oa, uint64_t ob) {
    E::store(d + od, f(E::load(a + oa), b ? E::load(b + ob) : 0, E::load(d + od)));
  });
}

template <typename E> std::string binaryOp(int32_t op, uint8_t* d, const uint8_t* a, const uint8_t* b, const Shape& s) {
  using C = typename E::Compute;
  switch (op) {
    case SK_V_ADD: apply<E>(d, a, b, s, [](C x, C y, C) { return (C)(x + y); }); return "";
    case SK_V_SUB: apply<E>(d, a, b, s, [](C x, C y, C) { return (C)(x - y); }); return "";
    case SK_V_MUL: apply<E>(d, a, b, s, [](C x, C y, C) { return (C)(x * y); }); return "";
    case SK_V_MAX: apply<E>(d, a, b, s, [](C x, C y, C) { return std::max(x, y); }); return "";
    case SK_V_MIN: apply<E>(d, a, b, s, [](C x, C y, C) { return std::min(x, y); }); return "";
    case SK_V_ADDRELU: apply<E>(d, a, b, s, [](C x, C y, C) { return std::max((C)(x + y), (C)0); }); return "";
    case SK_V_SUBRELU: apply<E>(d, a, b, s, [](C x, C y, C) { return std::max((C)(x - y), (C)0); }); return "";
    case SK_V_MULADDDST: apply<E>(d, a, b, s, [](C x, C y, C z) { return (C)(x * y + z); }); return "";
    case SK_V_FUSEDMULADD: apply<E>(d, a, b, s, [](C x, C y, C z) { return (C)(x * z + y); }); return "";
    default: break;
  }
  if constexpr (isFloat<E>) {
    if (op == SK_V_DIV) {
      apply<E>(d, a, b, s, [](C x, C y, C) { return x / y; });
      return "";
    }
    if (op == SK_V_POW) {
      apply<E>(d, a, b, s, [](C x, C y, C) { return std::pow(x, y); });
      return "";
    }
    if (op == SK_V_PRELU) {
      apply<E>(d, a, b, s, [](C x, C y, C) { return x >= 0 ? x : (C)(x * y); });
      return "";
    }
  } else {
    if (op == SK_V_AND) {
      apply<E>(d, a, b, s, [](C x, C y, C) { return (C)(x & y); });
      return "";
    }
    if (op == SK_V_OR) {
      apply<E>(d, a, b, s, [](C x, C y, C) { return (C)(x | y); });
      return "";
    }
    if (op == SK_V_XOR) {
      apply<E>(d, a, b, s, [](C x, C y, C) { return (C)(x ^ y); });
      return "";
    }
    if (op == SK_V_SHIFTLEFT_V) {
      apply<E>(d, a, b, s, [](C x, C y, C) { return shiftLeftOf<E>(x, (int64_t)y); });
      return "";
    }
    if (op == SK_V_SHIFTRIGHT_V) {
      apply<E>(d, a, b, s, [](C x, C y, C) { return shiftRightOf(x, (int64_t)y, false); });
      return "";
    }
  }
  return "?";
}

// The float math of the unary ops, one function per op so that loops are typed.
template <int32_t Op> float floatMath(float x) {
  if constexpr (Op == SK_V_EXP) return std::exp(x);
  else if constexpr (Op == SK_V_LN) return std::log(x);
  else if constexpr (Op == SK_V_SQRT) return std::sqrt(x);
  else if constexpr (Op == SK_V_RSQRT) return 1.0f / std::sqrt(x);
  else if constexpr (Op == SK_V_RECIPROCAL) return 1.0f / x;
  else if constexpr (Op == SK_V_SIGMOID) return 1.0f / (1.0f + std::exp(-x));
  else if constexpr (Op == SK_V_TANH) return std::tanh(x);
  else if constexpr (Op == SK_V_LOG2) return std::log2(x);
  else if constexpr (Op == SK_V_LOG10) return std::log10(x);
  else if constexpr (Op == SK_V_SIN) return std::sin(x);
  else if constexpr (Op == SK_V_COS) return std::cos(x);
  else return std::erf(x);
}
// Calls f(std::integral_constant<int32_t, op>) for a float math op; false for any other op.
template <typename F> bool withFloatMath(int32_t op, F&& f) {
  switch (op) {
#define SK_FLOAT_MATH(OP) \
  case OP: f(std::integral_constant<int32_t, OP>{}); return true;
    SK_FLOAT_MATH(SK_V_EXP) SK_FLOAT_MATH(SK_V_LN) SK_FLOAT_MATH(SK_V_SQRT) SK_FLOAT_MATH(SK_V_RSQRT)
    SK_FLOAT_MATH(SK_V_RECIPROCAL) SK_FLOAT_MATH(SK_V_SIGMOID) SK_FLOAT_MATH(SK_V_TANH) SK_FLOAT_MATH(SK_V_LOG2)
    SK_FLOAT_MATH(SK_V_LOG10) SK_FLOAT_MATH(SK_V_SIN) SK_FLOAT_MATH(SK_V_COS) SK_FLOAT_MATH(SK_V_ERF)
#undef SK_FLOAT_MATH
    default: return false;
  }
}

// A half result depends only on the 16 input bits: for contiguous operands a table of all
// 65,536 results (built once per op, with the same float math and rounding) replaces the math.
bool halfUnaryByTable(int32_t op, uint8_t* d, const uint8_t* a, const Shape& s) {
  constexpr int32_t kFirst = SK_V_EXP, kOps = SK_V_ERF - SK_V_EXP + 1;
  if (op < kFirst || op >= kFirst + kOps || !withFloatMath(op, [](auto) {})) return false;
  uint64_t flat = flatCount(s, {{0, 2}, {1, 2}});
  if (!flat || (d != a && overlaps(d, a, flat * 2))) return false;
  static std::once_flag built[kOps];
  static std::vector<uint16_t> tables[kOps];
  std::vector<uint16_t>& t = tables[op - kFirst];
  std::call_once(built[op - kFirst], [&] {
    t.resize(65536);
    withFloatMath(op, [&](auto k) {
      constexpr int32_t kOp = decltype(k)::value;
      for (uint32_t h = 0; h < 65536; ++h) t[h] = floatToHalf(floatMath<kOp>(halfTable()[h]));
    });
  });
  for (uint64_t i = 0; i < flat; ++i) {
    uint16_t h;
    std::memcpy(&h, a + 2 * i, 2);
    std::memcpy(d + 2 * i, &t[h], 2);
  }
  return true;
}

template <typename E> std::string unaryOp(int32_t op, uint8_t* d, const uint8_t* a, const Shape& s) {
  using C = typename E::Compute;
  if constexpr (std::is_same_v<E, F16>)
    if (halfUnaryByTable(op, d, a, s)) return "";
  switch (op) {
    case SK_V_ABS: apply<E>(d, a, nullptr, s, [](C x, C, C) { return x < 0 ? (C)(0 - x) : x; }); return "";
    case SK_V_RELU: apply<E>(d, a, nullptr, s, [](C x, C, C) { return x > 0 ? x : (C)0; }); return "";
    case SK_V_COPY: apply<E>(d, a, nullptr, s, [](C x, C, C) { return x; }); return "";
    default: break;
  }
  if constexpr (isFloat<E>) {
    auto run = [&](auto k) {
      constexpr int32_t kOp = decltype(k)::value;
      apply<E>(d, a, nullptr, s, [](C x, C, C) { return floatMath<kOp>(x); });
    };
    if (withFloatMath(op, run)) return "";
  } else if (op == SK_V_NOT) {
    apply<E>(d, a, nullptr, s, [](C x, C, C) { return (C)~x; });
    return "";
  }
  return "?";
}

template <typename E> std::string scalarOp(int32_t op, uint8_t* d, const uint8_t* a, uint64_t bits, const Shape& s) {
  using C = typename E::Compute;
  const C k = scalarOf<E>(bits);
  switch (op) {
    case SK_V_ADDS: apply<E>(d, a, nullptr, s, [k](C x, C, C) { return (C)(x + k); }); return "";
    case SK_V_MULS: apply<E>(d, a, nullptr, s, [k](C x, C, C) { return (C)(x * k); }); return "";
    case SK_V_MAXS: apply<E>(d, a, nullptr, s, [k](C x, C, C) { return std::max(x, k); }); return "";
    case SK_V_MINS: apply<E>(d, a, nullptr, s, [k](C x, C, C) { return std::min(x, k); }); return "";
    case SK_V_DUP: apply<E>(d, d, nullptr, s, [k](C, C, C) { return k; }); return "";
    case SK_V_SUBS: apply<E>(d, a, nullptr, s, [k](C x, C, C) { return (C)(x - k); }); return "";
    case SK_V_RSUBS: apply<E>(d, a, nullptr, s, [k](C x, C, C) { return (C)(k - x); }); return "";
    default: break;
  }
  if constexpr (isFloat<E>) {
    if (op == SK_V_DIVS) {
      apply<E>(d, a, nullptr, s, [k](C x, C, C) { return x / k; });
      return "";
    }
    if (op == SK_V_RDIVS) {
      apply<E>(d, a, nullptr, s, [k](C x, C, C) { return k / x; });
      return "";
    }
    if (op == SK_V_LEAKYRELU) {
      apply<E>(d, a, nullptr, s, [k](C x, C, C) { return x >= 0 ? x : x * k; });
      return "";
    }
    if (op == SK_V_POWS) {
      apply<E>(d, a, nullptr, s, [k](C x, C, C) { return std::pow(x, k); });
      return "";
    }
    if (op == SK_V_RPOWS) {
      apply<E>(d, a, nullptr, s, [k](C x, C, C) { return std::pow(k, x); });
      return "";
    }
  } else {
    if (op == SK_V_ANDS) {
      apply<E>(d, a, nullptr, s, [k](C x, C, C) { return (C)(x & k); });
      return "";
    }
    if (op == SK_V_ORS) {
      apply<E>(d, a, nullptr, s, [k](C x, C, C) { return (C)(x | k); });
      return "";
    }
    if (op == SK_V_SHIFTLEFT) {
      apply<E>(d, a, nullptr, s, [k](C x, C, C) { return shiftLeftOf<E>(x, (int64_t)k); });
      return "";
    }
    if (op == SK_V_SHIFTRIGHT || op == SK_V_SHIFTRIGHT_ROUND) {
      bool round = op == SK_V_SHIFTRIGHT_ROUND;
      apply<E>(d, a, nullptr, s, [k, round](C x, C, C) { return shiftRightOf(x, (int64_t)k, round); });
      return "";
    }
  }
  return "?";
}

// ---- casts -----------------------------------------------------------------------------------

// Rounds a float to an integral value with an AscendC round mode.
double roundWith(int32_t mode, double v) {
  switch (mode) {
    case SK_ROUND_FLOOR: return std::floor(v);
    case SK_ROUND_CEIL: return std::ceil(v);
    case SK_ROUND_ROUND: return std::round(v);
    case SK_ROUND_TRUNC: return std::trunc(v);
    default: return std::nearbyint(v);  // NONE and RINT: nearest, ties to even (default FP env)
  }
}

// Narrows a float to half/bf16 with a round mode (RINT/NONE: to nearest even; ODD: von Neumann).
float narrowWith(int32_t mode, float v, bool toHalf) {
  if (mode == SK_ROUND_NONE || mode == SK_ROUND_RINT || std::isnan(v) || std::isinf(v)) return v;
  float n = toHalf ? halfToFloat(floatToHalf(v)) : bf16ToFloat(floatToBf16(v));
  if (n == v || std::isinf(n)) return v;  // exact, or an overflow (handled by the store)
  uint16_t bits = toHalf ? floatToHalf(v) : floatToBf16(v);
  auto step = [&](uint16_t b, int dir) { return (uint16_t)(b + dir); };
  // The two representable neighbours of v: n and the one on v's other side.
  bool above = n > v;
  uint16_t other = step(bits, (above == (v >= 0)) ? -1 : 1);
  float o = toHalf ? halfToFloat(other) : bf16ToFloat(other);
  float lo = std::min(n, o), hi = std::max(n, o);
  uint16_t loBits = lo == n ? bits : other, hiBits = lo == n ? other : bits;
  switch (mode) {
    case SK_ROUND_FLOOR: return lo;
    case SK_ROUND_CEIL: return hi;
    case SK_ROUND_TRUNC: return std::fabs(lo) < std::fabs(hi) ? lo : hi;
    case SK_ROUND_ROUND: return std::fabs(v - lo) < std::fabs(hi - v) ? lo : std::fabs(v - lo) > std::fabs(hi - v) ? hi
                                : (std::fabs(lo) > std::fabs(hi) ? lo : hi);
    case SK_ROUND_ODD: return (loBits & 1) ? lo : (hiBits & 1) ? hi : n;
    default: return n;
  }
}

template <typename D> typename D::Compute saturateTo(double v) {
  using C = typename D::Compute;
  if constexpr (isFloat<D>) {
    return (C)v;
  } else {
    if (std::isnan(v)) return 0;
    constexpr uint32_t bits = D::bytes * 8;
    double lo, hi;
    if constexpr (std::is_same_v<C, uint64_t>) {
      lo = 0;
      hi = 18446744073709549568.0;  // largest double below 2^64
    } else {
      bool isUnsigned = std::is_same_v<D, Plain<uint8_t>> || std::is_same_v<D, Plain<uint16_t>> ||
                        std::is_same_v<D, Plain<uint32_t>>;
      lo = isUnsigned ? 0.0 : -std::ldexp(1.0, bits - 1);
      hi = isUnsigned ? std::ldexp(1.0, bits) - 1 : std::ldexp(1.0, bits - 1) - 1;
      if (bits == 64) hi = 9223372036854774784.0;  // largest double below 2^63
    }
    return (C)std::min(hi, std::max(lo, v));
  }
}

template <typename D, typename S>
void castLoop(int32_t round, uint8_t* d, const uint8_t* a, const Shape& s, float deqScale, int32_t srcType,
              int32_t dstType) {
  const bool int32ToHalf = srcType == SK_DT_INT32 && dstType == SK_DT_FLOAT16;
  walk(s, D::bytes, S::bytes, 0, [&](uint64_t od, uint64_t oa, uint64_t) {
    auto x = S::load(a + oa);
    if constexpr (isFloat<S>) {
      if constexpr (isFloat<D>) {
        float v = (float)x;
        if (D::bytes == 2 && round != SK_ROUND_NONE) v = narrowWith(round, v, dstType == SK_DT_FLOAT16);
        else if (D::bytes == 4 && S::bytes == 4 && round != SK_ROUND_NONE) v = (float)roundWith(round, v);
        D::store(d + od, v);
      } else {
        D::store(d + od, saturateTo<D>(roundWith(round, (double)x)));
      }
    } else {
      if constexpr (isFloat<D>) {
        // int32 -> half is scaled by the dequant register (SetDeqScale); other ints convert exactly.
        float v = int32ToHalf ? (float)((double)x * deqScale) : (float)x;
        D::store(d + od, v);
      } else {
        D::store(d + od, saturateTo<D>((double)x));
      }
    }
  });
}

// ---- reductions ------------------------------------------------------------------------------

enum class Red { Sum, Max, Min };

template <typename C> C identity(Red r) {
  if (r == Red::Sum) return 0;
  if constexpr (std::is_same_v<C, float>) return r == Red::Max ? -INFINITY : INFINITY;
  else return r == Red::Max ? std::numeric_limits<C>::lowest() : std::numeric_limits<C>::max();
}

template <typename C> struct ValueIndex {
  C v;
  uint32_t i;
};

template <typename C> ValueIndex<C> combine(Red r, ValueIndex<C> a, ValueIndex<C> b) {
  if (r == Red::Sum) return {(C)(a.v + b.v), 0};
  bool takeB = r == Red::Max ? (b.v > a.v) : (b.v < a.v);
  if (!takeB && b.v == a.v && b.i < a.i) takeB = true;  // first occurrence wins ties
  return takeB ? b : a;
}

// Pairwise tree: level by level, element 2i combines with 2i+1; an odd tail is carried up.
template <typename C> ValueIndex<C> tree(Red r, ValueIndex<C>* v, size_t n) {
  if (n == 0) return {identity<C>(r), 0};
  while (n > 1) {
    size_t half = n / 2;
    for (size_t i = 0; i < half; ++i) v[i] = combine(r, v[2 * i], v[2 * i + 1]);
    if (n % 2) v[half] = v[n - 1];
    n = half + n % 2;
  }
  return v[0];
}

// Scratch space reused across calls on this host thread (no allocation per intrinsic once
// grown); an intrinsic never switches fibers while using it.
template <typename T> T* scratch(size_t n) {
  thread_local std::vector<T> buf;
  if (buf.size() < n) buf.resize(n);
  return buf.data();
}

Red redOf(int32_t op) { return op == SK_VOP_REDUCE_MAX ? Red::Max : op == SK_VOP_REDUCE_MIN ? Red::Min : Red::Sum; }

// The taken elements of repeat r of operand 1 (src), as (value, position in the repeat).
template <typename E> size_t gatherRepeat(const uint8_t* a, const Shape& s, uint32_t r, ValueIndex<typename E::Compute>* out,
                                          bool identityForMasked, Red red) {
  size_t n = 0;
  for (uint32_t e = 0; e < s.perRepeat; ++e) {
    if (s.take(r, e)) out[n++] = {E::load(a + offsetOf(r, e, E::bytes, s.blk[1], s.rep[1])), e};
    else if (identityForMasked) out[n++] = {identity<typename E::Compute>(red), e};
  }
  return n;
}

template <typename E> void storeIndex(uint8_t* p, uint32_t index) {  // the index in the element's width
  if constexpr (E::bytes == 2) {
    uint16_t i = (uint16_t)index;
    std::memcpy(p, &i, 2);
  } else if constexpr (E::bytes == 4) {
    std::memcpy(p, &index, 4);
  } else {
    uint64_t i = index;
    std::memcpy(p, &i, E::bytes);
  }
}

template <typename E> uint64_t bitsOf(typename E::Compute v) {
  uint8_t b[8] = {};
  E::store(b, v);
  uint64_t bits;
  std::memcpy(&bits, b, 8);
  return bits;
}

}  // namespace

// ---- shapes ----------------------------------------------------------------------------------

bool Shape::full(uint32_t r) const {
  if (counter) return r + 1 < repeats || lastCount == 0;
  uint64_t want0 = perRepeat >= 64 ? ~0ull : ((1ull << perRepeat) - 1);
  uint64_t want1 = perRepeat >= 128 ? ~0ull : perRepeat > 64 ? ((1ull << (perRepeat - 64)) - 1) : 0;
  return (mask[0] & want0) == want0 && (mask[1] & want1) == want1;
}

bool Shape::take(uint32_t r, uint32_t e) const {
  if (counter) return r + 1 < repeats || lastCount == 0 || e < lastCount;
  return e < 64 ? (mask[0] >> e) & 1 : (mask[1] >> (e - 64)) & 1;
}

std::string resolve(const sk_vec_repeat& r, uint32_t maxElemBytes, const Registers& regs, Shape& s) {
  if (maxElemBytes == 0 || maxElemBytes > 8) return "unknown element size";
  s.perRepeat = 256 / maxElemBytes;
  s.blk[0] = r.dst_blk;
  s.blk[1] = r.src0_blk;
  s.blk[2] = r.src1_blk;
  s.rep[0] = r.dst_rep;
  s.rep[1] = r.src0_rep;
  s.rep[2] = r.src1_rep;
  uint32_t mode = r.mode;
  uint64_t lo = r.mask_lo, hi = r.mask_hi;
  // The register holds bits (or, in counter mode, a count): a length form's mask argument is
  // then unused, never the register read as a length.
  const bool fromRegister = mode == SK_MASK_REGISTER;
  if (fromRegister) {
    mode = regs.maskMode == SK_MASK_COUNTER ? SK_MASK_COUNTER : SK_MASK_NORMAL;
    lo = regs.mask[0];
    hi = regs.mask[1];
  }
  if (mode == SK_MASK_COUNTER) {
    s.counter = true;
    if (r.flags & SK_REPEAT_COUNT_PER_REPEAT) {  // `repeat` repeats of lo elements each
      s.perRepeat = (uint32_t)std::min<uint64_t>(lo, UINT32_MAX);
      s.repeats = lo ? r.repeat : 0;
      return "";
    }
    s.repeats = (uint32_t)std::min<uint64_t>((lo + s.perRepeat - 1) / s.perRepeat, UINT32_MAX);
    s.lastCount = lo % s.perRepeat;
    return "";
  }
  if (mode != SK_MASK_NORMAL) return "unknown mask mode " + std::to_string(r.mode);
  if ((r.flags & SK_REPEAT_MASK_IS_LENGTH) && !fromRegister) {  // the first lo elements of each repeat
    uint64_t n = std::min<uint64_t>(lo, s.perRepeat);
    lo = n >= 64 ? ~0ull : (1ull << n) - 1;
    hi = n >= 128 ? ~0ull : n > 64 ? (1ull << (n - 64)) - 1 : 0;
  }
  s.repeats = r.repeat;
  s.mask[0] = lo;
  s.mask[1] = hi;
  return "";
}

uint64_t extent(const Shape& s, int operand, uint32_t elemBytes) { return extentBits(s, operand, elemBytes * 8); }

uint64_t extentBits(const Shape& s, int operand, uint32_t elemBits) {
  if (s.repeats == 0 || elemBits == 0) return 0;
  // Where element e of repeat r ends: its block (blk apart), its place in the block.
  auto endOf = [&](uint64_t r, uint64_t e) {
    uint64_t byte = e * elemBits / 8;
    return r * s.rep[operand] * 32 + byte / 32 * s.blk[operand] * 32 + byte % 32 + (elemBits + 7) / 8;
  };
  uint64_t fullLast = s.perRepeat - 1;
  if (s.counter) {  // full repeats, then lastCount elements (0: full)
    uint64_t last = s.lastCount ? s.lastCount - 1 : fullLast;
    uint64_t end = endOf(s.repeats - 1, last);
    if (s.repeats > 1) end = std::max(end, endOf(s.repeats - 2, fullLast));
    return std::max(end, endOf(0, s.repeats > 1 ? fullLast : last));
  }
  // Normal mode: every repeat takes the mask's elements; the highest one bounds the operand.
  int64_t highest = -1;
  for (int64_t e = std::min<int64_t>(fullLast, 127); e >= 0 && highest < 0; --e)
    if (s.take(0, (uint32_t)e)) highest = e;
  if (s.perRepeat > 128) highest = (int64_t)fullLast;  // 1-byte elements: the mask covers half a repeat
  if (highest < 0) return 0;
  return std::max(endOf(s.repeats - 1, (uint64_t)highest), endOf(0, (uint64_t)highest));
}

// ---- public entry points ---------------------------------------------------------------------

std::string elementwise(int32_t op, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t scalar,
                        const Shape& s) {
  std::string err = "?";
  auto* d = (uint8_t*)dst;
  auto* a = (const uint8_t*)src0;
  auto* b = (const uint8_t*)src1;
  // Moves copy bits: a float's NaN payload (a signalling NaN) must not pass through arithmetic.
  int32_t type = dtype;
  if (op == SK_V_DUP || op == SK_V_COPY)
    type = dtype == SK_DT_FLOAT32 ? SK_DT_UINT32 : dtype == SK_DT_FLOAT16 || dtype == SK_DT_BFLOAT16 ? SK_DT_UINT16 : dtype;
  bool known = withType(type, [&](auto e) {
    using E = decltype(e);
    if (op < SK_V_EXP) err = binaryOp<E>(op, d, a, b, s);
    else if (op < SK_V_ADDS) err = unaryOp<E>(op, d, a, s);
    else err = scalarOp<E>(op, d, a, scalar, s);
  });
  if (!known) return unknownDtype(opName(op), dtype);
  return err == "?" ? unsupported(opName(op), dtype) : err;
}

std::string mulAddDstMixed(int32_t dstType, int32_t srcType, void* dst, const void* src0, const void* src1, const Shape& s) {
  if (dstType != SK_DT_FLOAT32 || srcType != SK_DT_FLOAT16)
    return "muladddst: mixed types are half sources into a float dst (dtype codes " + std::to_string(srcType) + " -> " +
           std::to_string(dstType) + ")";
  auto* d = (uint8_t*)dst;
  auto* a = (const uint8_t*)src0;
  auto* b = (const uint8_t*)src1;
  walk(s, 4, 2, 2, [&](uint64_t od, uint64_t oa, uint64_t ob) {
    Plain<float>::store(d + od, F16::load(a + oa) * F16::load(b + ob) + Plain<float>::load(d + od));
  });
  return "";
}

std::string axpy(int32_t dstType, int32_t srcType, void* dst, const void* src, uint64_t scalar, const Shape& s) {
  bool ok = dstType == srcType || (dstType == SK_DT_FLOAT32 && srcType == SK_DT_FLOAT16);
  if (!ok || (srcType != SK_DT_FLOAT16 && srcType != SK_DT_FLOAT32)) return unsupported("axpy", srcType);
  auto* d = (uint8_t*)dst;
  auto* a = (const uint8_t*)src;
  auto run = [&](auto de, auto se) {
    using D = decltype(de);
    using S = decltype(se);
    float k = scalarOf<S>(scalar);
    walk(s, D::bytes, S::bytes, 0, [&](uint64_t od, uint64_t oa, uint64_t) {
      D::store(d + od, k * S::load(a + oa) + D::load(d + od));
    });
  };
  if (dstType == SK_DT_FLOAT32 && srcType == SK_DT_FLOAT32) run(Plain<float>{}, Plain<float>{});
  else if (dstType == SK_DT_FLOAT32) run(Plain<float>{}, F16{});
  else run(F16{}, F16{});
  return "";
}

namespace {
// Casts to and from Ascend 950's 8-bit floats (one byte each): decoded exactly to a float type, or
// from one (or an integer) rounded by the round mode, saturating (minifloat.h).
std::string convertMinifloat(int32_t dstType, int32_t srcType, int32_t round, void* dst, const void* src, const Shape& s) {
  const MinifloatFormat *to = minifloatFormatOf(dstType), *from = minifloatFormatOf(srcType);
  auto byteWide = [](int32_t t) { return t == SK_DT_FLOAT8_E4M3 || t == SK_DT_FLOAT8_E5M2 || t == SK_DT_HIFLOAT8; };
  if ((to && from) || (to && !byteWide(dstType)) || (from && !byteWide(srcType)))
    return "cast: dtype codes " + std::to_string(srcType) + " -> " + std::to_string(dstType) +
           ": the 8-bit floats convert to and from the other types, one element a byte";
  auto* d = (uint8_t*)dst;
  auto* a = (const uint8_t*)src;
  bool known = withType(to ? srcType : dstType, [&](auto e) {
    using E = decltype(e);
    if (to) {
      walk(s, 1, E::bytes, 0, [&](uint64_t od, uint64_t oa, uint64_t) { d[od] = roundToMinifloat(*to, (float)E::load(a + oa), round); });
    } else {
      walk(s, E::bytes, 1, 0, [&](uint64_t od, uint64_t oa, uint64_t) {
        float x = minifloatToFloat((DType)srcType, a[oa]);
        if constexpr (isFloat<E>) E::store(d + od, x);
        else E::store(d + od, saturateTo<E>(roundWith(round, (double)x)));
      });
    }
  });
  if (!known) return "cast: unknown dtype codes " + std::to_string(srcType) + " -> " + std::to_string(dstType);
  return "";
}
}  // namespace

std::string convert(int32_t dstType, int32_t srcType, int32_t round, void* dst, const void* src, const Shape& s,
                    const Registers& regs) {
  if (round < SK_ROUND_NONE || round > SK_ROUND_HYBRID) return "cast: unknown round mode " + std::to_string(round);
  if (minifloatFormatOf(dstType) || minifloatFormatOf(srcType)) return convertMinifloat(dstType, srcType, round, dst, src, s);
  bool known = false;
  withType(dstType, [&](auto de) {
    known = withType(srcType, [&](auto se) {
      castLoop<decltype(de), decltype(se)>(round, (uint8_t*)dst, (const uint8_t*)src, s, regs.deqScale, srcType,
                                           dstType);
    });
  });
  if (!known) return "cast: unknown dtype codes " + std::to_string(srcType) + " -> " + std::to_string(dstType);
  return "";
}

int32_t roundToInt4(int32_t round, float x) { return std::isnan(x) ? 0 : (int32_t)std::clamp(roundWith(round, x), -8.0, 7.0); }

std::string convertInt4(int32_t dstType, int32_t srcType, int32_t round, void* dst, const void* src, const Shape& s) {
  if (round < SK_ROUND_NONE || round > SK_ROUND_HYBRID) return "cast: unknown round mode " + std::to_string(round);
  const bool toInt4 = dstType == SK_DT_INT4;
  if ((toInt4 ? srcType : dstType) != SK_DT_FLOAT16)
    return "cast: int4b_t converts to and from half only (dtype codes " + std::to_string(srcType) + " -> " +
           std::to_string(dstType) + ")";
  // Element e of a repeat: a 32-byte block holds 64 int4 values (two to a byte, low nibble
  // first) or 16 halves.
  auto nibbleAt = [&](uint32_t r, uint32_t e, int operand) {
    return ((uint64_t)r * s.rep[operand] * 32 + (uint64_t)(e / 64) * s.blk[operand] * 32) * 2 + e % 64;
  };
  auto* d = (uint8_t*)dst;
  auto* a = (const uint8_t*)src;
  for (uint32_t r = 0; r < s.repeats; ++r)
    for (uint32_t e = 0; e < s.perRepeat; ++e) {
      if (!s.take(r, e)) continue;
      if (toInt4) {
        uint64_t n = nibbleAt(r, e, 0);
        float x = F16::load(a + offsetOf(r, e, 2, s.blk[1], s.rep[1]));
        setInt4(d, n, roundToInt4(round, x));
      } else {
        uint64_t n = nibbleAt(r, e, 1);
        F16::store(d + offsetOf(r, e, 2, s.blk[0], s.rep[0]), (float)int4At(a, n));
      }
    }
  return "";
}

std::string wholeReduce(int32_t op, int32_t dtype, int32_t order, void* dst, const void* src, uint32_t dstRep,
                        const Shape& s, Registers& regs) {
  Red red = redOf(op);
  if (!dst && red != Red::Sum) return "whole reduce: a null dst (accumulator only) exists for sums only";
  bool known = withType(dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    auto* v = scratch<ValueIndex<C>>(s.perRepeat);
    auto* d = (uint8_t*)dst;
    C acc = 0;
    ValueIndex<C> extreme{identity<C>(red), 0};
    for (uint32_t r = 0; r < s.repeats; ++r) {
      // Sums tree over every position of the repeat (masked ones as 0); max/min over the taken.
      size_t n = gatherRepeat<E>((const uint8_t*)src, s, r, v, red == Red::Sum, red);
      ValueIndex<C> res = tree(red, v, n);
      if (red != Red::Sum)  // GetReduceMaxMinCount's register: the extreme over the repeats
        extreme = r ? combine(red, extreme, ValueIndex<C>{res.v, res.i + r * s.perRepeat}) : res;
      if (!d) {  // vcadd to the accumulator only: the repeats' sums in order
        uint8_t rounded[8];
        E::store(rounded, (C)(acc + res.v));
        acc = E::load(rounded);
        continue;
      }
      if (red == Red::Sum || order == SK_ORDER_ONLY_VALUE) {
        E::store(d + (uint64_t)r * dstRep * E::bytes, res.v);
      } else if (order == SK_ORDER_ONLY_INDEX) {
        std::memcpy(d + (uint64_t)r * dstRep * 4, &res.i, 4);
      } else {
        uint8_t* at = d + (uint64_t)r * dstRep * 2 * E::bytes;
        bool valueFirst = order == SK_ORDER_VALUE_INDEX;
        E::store(at + (valueFirst ? 0 : E::bytes), res.v);
        storeIndex<E>(at + (valueFirst ? E::bytes : 0), res.i);
      }
    }
    if (!d) regs.accVal = bitsOf<E>(acc);
    if (red != Red::Sum && s.repeats) regs.maxMinValue = bitsOf<E>(extreme.v), regs.maxMinIndex = extreme.i;
  });
  return known ? "" : unknownDtype(reduceName(op), dtype);
}

std::string blockReduce(int32_t op, int32_t dtype, void* dst, const void* src, uint32_t dstRep, const Shape& s) {
  Red red = redOf(op);
  bool known = withType(dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    const uint32_t perBlock = 32 / E::bytes;
    ValueIndex<C> v[32];
    for (uint32_t r = 0; r < s.repeats; ++r)
      for (uint32_t b = 0; b < 8; ++b) {
        size_t n = 0;
        for (uint32_t i = 0; i < perBlock; ++i) {
          uint32_t el = b * perBlock + i;
          if (s.take(r, el)) v[n++] = {E::load((const uint8_t*)src + offsetOf(r, el, E::bytes, s.blk[1], s.rep[1])), i};
        }
        C res = tree(red, v, n).v;
        if (std::is_same_v<E, F16> && red == Red::Sum) res = std::max(-65504.0f, std::min(65504.0f, (float)res));
        if (n == 0 && red != Red::Sum && std::is_same_v<E, F16>) res = red == Red::Max ? -65504.0f : 65504.0f;
        E::store((uint8_t*)dst + ((uint64_t)r * dstRep * 8 + b) * E::bytes, res);
      }
  });
  return known ? "" : unknownDtype(reduceName(op), dtype);
}

std::string reduceGroups(int32_t op, int32_t dtype, void* dst, const void* src, const bool* active, uint32_t count,
                         uint32_t group) {
  Red red = redOf(op);
  bool known = withType(dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    C v[256];
    for (uint32_t g = 0; g < count / group; ++g) {
      for (uint32_t i = 0; i < group; ++i) {
        uint32_t el = g * group + i;
        v[i] = active[el] ? E::load((const uint8_t*)src + el * E::bytes) : identity<C>(red);
      }
      for (uint32_t n = group; n > 1; n /= 2)
        for (uint32_t i = 0; i < n / 2; ++i) {
          C r = combine(red, ValueIndex<C>{v[2 * i], 0}, ValueIndex<C>{v[2 * i + 1], 1}).v;
          uint8_t rounded[8];
          E::store(rounded, r);  // each step in the type (half sums round in half)
          v[i] = E::load(rounded);
        }
      E::store((uint8_t*)dst + g * E::bytes, v[0]);
    }
  });
  return known ? "" : unknownDtype(reduceName(op), dtype);
}

std::string pairReduce(int32_t dtype, void* dst, const void* src, uint32_t dstRep, const Shape& s) {
  bool known = withType(dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    for (uint32_t r = 0; r < s.repeats; ++r)
      for (uint32_t p = 0; p < s.perRepeat / 2; ++p) {
        C sum = 0;
        for (uint32_t k = 0; k < 2; ++k) {
          uint32_t el = 2 * p + k;
          if (s.take(r, el)) sum = (C)(sum + E::load((const uint8_t*)src + offsetOf(r, el, E::bytes, s.blk[1], s.rep[1])));
        }
        E::store((uint8_t*)dst + ((uint64_t)r * dstRep * (s.perRepeat / 2) + p) * E::bytes, sum);
      }
  });
  return known ? "" : unknownDtype("pairreducesum", dtype);
}

std::string reduceAll(int32_t op, int32_t dtype, void* dst, const void* src, bool calIndex, const Shape& s,
                      Registers& regs) {
  Red red = redOf(op);
  bool known = withType(dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    auto* v = scratch<ValueIndex<C>>((size_t)s.perRepeat * (s.repeats + 1));
    ValueIndex<C>* perRepeat = v + s.perRepeat;
    for (uint32_t r = 0; r < s.repeats; ++r) {
      size_t n = gatherRepeat<E>((const uint8_t*)src, s, r, v, red == Red::Sum, red);
      ValueIndex<C> res = tree(red, v, n);
      res.i += r * s.perRepeat;  // the index within the whole source
      perRepeat[r] = res;
    }
    ValueIndex<C> total{identity<C>(red), 0};
    if (s.counter) {
      for (uint32_t r = 0; r < s.repeats; ++r) total = r ? combine(red, total, perRepeat[r]) : perRepeat[r];
    } else {
      total = tree(red, perRepeat, s.repeats);
    }
    auto* d = (uint8_t*)dst;
    E::store(d, total.v);
    if (calIndex && red != Red::Sum) storeIndex<E>(d + E::bytes, total.i);
    regs.accVal = bitsOf<E>(total.v);
    if (red != Red::Sum) regs.maxMinValue = bitsOf<E>(total.v), regs.maxMinIndex = total.i;
  });
  return known ? "" : unknownDtype(reduceName(op), dtype);
}

std::string compare(int32_t cmp, int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t scalar,
                    bool withScalar, const Shape& s) {
  if (cmp < SK_CMP_LT || cmp > SK_CMP_NE) return "compare: unknown mode " + std::to_string(cmp);
  bool known = withType(dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    C k = scalarOf<E>(scalar);
    auto* bits = (uint8_t*)dst;
    for (uint32_t r = 0; r < s.repeats; ++r)
      for (uint32_t el = 0; el < s.perRepeat; ++el) {
        if (!s.take(r, el)) continue;
        C x = E::load((const uint8_t*)src0 + offsetOf(r, el, E::bytes, s.blk[1], s.rep[1]));
        C y = withScalar ? k : E::load((const uint8_t*)src1 + offsetOf(r, el, E::bytes, s.blk[2], s.rep[2]));
        bool t = cmp == SK_CMP_LT ? x < y : cmp == SK_CMP_GT ? x > y : cmp == SK_CMP_EQ ? x == y
               : cmp == SK_CMP_LE ? x <= y : cmp == SK_CMP_GE ? x >= y : x != y;
        uint64_t bit = (uint64_t)r * s.perRepeat + el;
        bits[bit / 8] = (uint8_t)((bits[bit / 8] & ~(1u << (bit % 8))) | ((t ? 1u : 0u) << (bit % 8)));
      }
  });
  return known ? "" : unknownDtype("compare", dtype);
}

std::string select(int32_t mode, int32_t dtype, void* dst, const void* sel, const void* src0, const void* src1,
                   uint64_t scalar, SelectScalar withScalar, const Shape& s) {
  if (mode < 0 || mode > 2) return "select: unknown mode " + std::to_string(mode);
  bool known = withType(dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    C k = scalarOf<E>(scalar);
    auto* bits = (const uint8_t*)sel;
    for (uint32_t r = 0; r < s.repeats; ++r)
      for (uint32_t el = 0; el < s.perRepeat; ++el) {
        if (!s.take(r, el)) continue;
        uint64_t bit = mode == 0 ? el : (uint64_t)r * s.perRepeat + el;
        bool one = (bits[bit / 8] >> (bit % 8)) & 1;
        C v = one ? (withScalar == SelectScalar::Src0 ? k : E::load((const uint8_t*)src0 + offsetOf(r, el, E::bytes, s.blk[1], s.rep[1])))
                  : withScalar == SelectScalar::Src1 ? k : E::load((const uint8_t*)src1 + offsetOf(r, el, E::bytes, s.blk[2], s.rep[2]));
        E::store((uint8_t*)dst + offsetOf(r, el, E::bytes, s.blk[0], s.rep[0]), v);
      }
  });
  return known ? "" : unknownDtype("select", dtype);
}

std::string gather(int32_t dtype, void* dst, const void* src, const uint32_t* offsets, uint32_t base, uint64_t count) {
  uint32_t b = bytesOf(dtype);
  if (b != 2 && b != 4) return unsupported("gather", dtype);
  for (uint64_t i = 0; i < count; ++i)
    std::memcpy((uint8_t*)dst + i * b, (const uint8_t*)src + base + offsets[i], b);
  return "";
}

std::string scatter(int32_t dtype, void* dst, const void* src, const uint32_t* offsets, uint32_t base, uint64_t count) {
  uint32_t b = bytesOf(dtype);
  if (b != 1 && b != 2 && b != 4 && b != 8) return unsupported("scatter", dtype);
  for (uint64_t i = 0; i < count; ++i)
    std::memcpy((uint8_t*)dst + base + offsets[i], (const uint8_t*)src + i * b, b);
  return "";
}

uint64_t gatherMask(int32_t dtype, void* dst, const void* src0, const void* pattern, int32_t builtin, uint32_t repeats,
                    uint16_t src0Blk, uint16_t src0Rep, uint16_t patternRep, uint32_t counterElems) {
  uint32_t b = bytesOf(dtype);
  if (b == 0) return 0;
  const uint32_t perRepeat = 256 / b;
  uint64_t kept = 0;
  for (uint32_t r = 0; r < repeats; ++r) {
    uint32_t limit = counterElems ? counterElems : perRepeat;  // counter mode: the pattern runs on
    for (uint32_t e = 0; e < limit; ++e) {
      bool take;
      if (pattern) {
        const uint8_t* p = (const uint8_t*)pattern + (uint64_t)r * patternRep * 32;
        take = (p[e / 8] >> (e % 8)) & 1;
      } else {
        switch (builtin) {
          case 1: take = e % 2 == 0; break;
          case 2: take = e % 2 == 1; break;
          case 3: case 4: case 5: case 6: take = (int32_t)(e % 4) == builtin - 3; break;
          default: take = true; break;
        }
      }
      if (!take) continue;
      if (dst) std::memcpy((uint8_t*)dst + kept * b, (const uint8_t*)src0 + offsetOf(r, e, b, src0Blk, src0Rep), b);
      ++kept;
    }
  }
  return kept;
}

std::string brcb(int32_t dtype, void* dst, const void* src, uint32_t repeats, uint16_t dstBlk, uint16_t dstRep) {
  uint32_t b = bytesOf(dtype);
  if (b != 2 && b != 4) return unsupported("brcb", dtype);
  for (uint32_t r = 0; r < repeats; ++r)
    for (uint32_t j = 0; j < 8; ++j) {
      const uint8_t* v = (const uint8_t*)src + ((uint64_t)r * 8 + j) * b;
      uint8_t* blk = (uint8_t*)dst + (uint64_t)r * dstRep * 32 + (uint64_t)j * dstBlk * 32;
      for (uint32_t k = 0; k < 32 / b; ++k) std::memcpy(blk + k * b, v, b);
    }
  return "";
}

void transpose16(void* dst, const void* src) {
  uint16_t t[256];
  std::memcpy(t, src, sizeof t);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) std::memcpy((uint8_t*)dst + (j * 16 + i) * 2, &t[i * 16 + j], 2);
}

std::string transposeList(int32_t elemBytes, uint8_t* const dst[16], const uint8_t* const src[16], bool dstHigh, bool srcHigh) {
  uint8_t in[16][32];  // the 16 source blocks, read before any is written (they may overlap dst)
  for (int i = 0; i < 16; ++i) std::memcpy(in[i], src[i], 32);
  switch (elemBytes) {
    case 1:
      for (int j = 0; j < 16; ++j)
        for (int i = 0; i < 16; ++i) dst[j][16 * dstHigh + i] = in[i][16 * srcHigh + j];
      return "";
    case 2:
      for (int j = 0; j < 16; ++j)
        for (int i = 0; i < 16; ++i) std::memcpy(dst[j] + 2 * i, in[i] + 2 * j, 2);
      return "";
    case 4:
      for (int j = 0; j < 8; ++j)
        for (int h = 0; h < 2; ++h)
          for (int k = 0; k < 8; ++k) std::memcpy(dst[2 * j + h] + 4 * k, in[8 * h + k] + 4 * j, 4);
      return "";
    default:
      return "TransDataTo5HD: " + std::to_string(elemBytes) + "-byte elements (1, 2 or 4 expected)";
  }
}

std::string index(int32_t dtype, void* dst, uint64_t first, uint64_t count) {
  bool known = withType(dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    C f = scalarOf<E>(first);
    for (uint64_t i = 0; i < count; ++i) E::store((uint8_t*)dst + i * E::bytes, (C)(f + (C)i));
  });
  return known ? "" : unknownDtype("createvecindex", dtype);
}

std::string divideIntegers(int32_t dtype, void* dst, const void* src0, const void* src1, uint64_t count) {
  std::string err;
  bool known = withType(dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    if constexpr (!std::is_integral_v<C>) {
      err = unsupported("div (integer)", dtype);
    } else {
      for (uint64_t i = 0; i < count; ++i) {
        C x = E::load((const uint8_t*)src0 + i * E::bytes), y = E::load((const uint8_t*)src1 + i * E::bytes), q = 0;
        if constexpr (std::is_signed_v<C>) q = y == 0 ? 0 : y == (C)-1 ? (C)(0 - (std::make_unsigned_t<C>)x) : (C)(x / y);
        else q = y == 0 ? 0 : (C)(x / y);
        E::store((uint8_t*)dst + i * E::bytes, q);
      }
    }
  });
  return known ? err : unknownDtype("div", dtype);
}

std::string roundToIntegral(int32_t dtype, int32_t round, void* dst, const void* src, uint64_t count) {
  if (dtype != SK_DT_FLOAT32 && dtype != SK_DT_FLOAT16 && dtype != SK_DT_BFLOAT16) return unsupported("truncate", dtype);
  if (round < SK_ROUND_NONE || round > SK_ROUND_TRUNC) return "truncate: unknown round mode " + std::to_string(round);
  withType(dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    for (uint64_t i = 0; i < count; ++i)
      E::store((uint8_t*)dst + i * E::bytes, (C)roundWith(round, (double)E::load((const uint8_t*)src + i * E::bytes)));
  });
  return "";
}

std::string atomicCombine(int32_t mode, int32_t dtype, void* dst, const void* src, uint64_t bytes) {
  if (mode < SK_ATOMIC_ADD || mode > SK_ATOMIC_MIN) return "atomic: unknown mode " + std::to_string(mode);
  bool known = withType(dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    for (uint64_t at = 0; at + E::bytes <= bytes; at += E::bytes) {
      C x = E::load((const uint8_t*)dst + at), y = E::load((const uint8_t*)src + at);
      C r = mode == SK_ATOMIC_ADD ? (C)(x + y) : mode == SK_ATOMIC_MAX ? std::max(x, y) : std::min(x, y);
      E::store((uint8_t*)dst + at, r);
    }
  });
  return known ? "" : unknownDtype("atomic", dtype);
}

std::string mmadRowMajor(void* c, const void* a, const void* b, uint32_t m, uint32_t k, uint32_t n, int32_t t,
                         bool accumulate) {
  if (m == 0 || k == 0 || n == 0) return "mmad: m, k and n must be positive";
  if (t == SK_DT_INT8) {
    auto* A = (const int8_t*)a;
    auto* B = (const int8_t*)b;
    for (uint32_t i = 0; i < m; ++i)
      for (uint32_t j = 0; j < n; ++j) {
        int32_t acc = 0;
        if (accumulate) std::memcpy(&acc, (uint8_t*)c + ((uint64_t)i * n + j) * 4, 4);
        for (uint32_t p = 0; p < k; ++p) acc += (int32_t)A[(uint64_t)i * k + p] * (int32_t)B[(uint64_t)p * n + j];
        std::memcpy((uint8_t*)c + ((uint64_t)i * n + j) * 4, &acc, 4);
      }
    return "";
  }
  if (t != SK_DT_FLOAT16 && t != SK_DT_BFLOAT16 && t != SK_DT_FLOAT32) return unsupported("mmad", t);
  // Widen once; accumulate in float32 in ascending k order.
  auto* A = scratch<float>((size_t)m * k + (size_t)k * n);
  float* B = A + (size_t)m * k;
  withType(t, [&](auto e) {
    using E = decltype(e);
    for (uint64_t i = 0; i < (uint64_t)m * k; ++i) A[i] = (float)E::load((const uint8_t*)a + i * E::bytes);
    for (uint64_t i = 0; i < (uint64_t)k * n; ++i) B[i] = (float)E::load((const uint8_t*)b + i * E::bytes);
  });
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      float acc = 0;
      if (accumulate) std::memcpy(&acc, (uint8_t*)c + ((uint64_t)i * n + j) * 4, 4);
      for (uint32_t p = 0; p < k; ++p) acc += A[(uint64_t)i * k + p] * B[(uint64_t)p * n + j];
      std::memcpy((uint8_t*)c + ((uint64_t)i * n + j) * 4, &acc, 4);
    }
  return "";
}

const char* opName(int32_t op) {
  switch (op) {
    case SK_V_ADD: return "add";
    case SK_V_SUB: return "sub";
    case SK_V_MUL: return "mul";
    case SK_V_DIV: return "div";
    case SK_V_MAX: return "max";
    case SK_V_MIN: return "min";
    case SK_V_AND: return "and";
    case SK_V_OR: return "or";
    case SK_V_XOR: return "xor";
    case SK_V_PRELU: return "prelu";
    case SK_V_ADDRELU: return "addrelu";
    case SK_V_SUBRELU: return "subrelu";
    case SK_V_MULADDDST: return "muladddst";
    case SK_V_FUSEDMULADD: return "fusedmuladd";
    case SK_V_POW: case SK_V_POWS: case SK_V_RPOWS: return "power";
    case SK_V_SIGMOID: return "sigmoid";
    case SK_V_TANH: return "tanh";
    case SK_V_LOG2: return "log2";
    case SK_V_LOG10: return "log10";
    case SK_V_SIN: return "sin";
    case SK_V_COS: return "cos";
    case SK_V_ERF: return "erf";
    case SK_V_EXP: return "exp";
    case SK_V_LN: return "ln";
    case SK_V_ABS: return "abs";
    case SK_V_RELU: return "relu";
    case SK_V_SQRT: return "sqrt";
    case SK_V_RSQRT: return "rsqrt";
    case SK_V_RECIPROCAL: return "reciprocal";
    case SK_V_NOT: return "not";
    case SK_V_COPY: return "copy";
    case SK_V_ADDS: return "adds";
    case SK_V_MULS: return "muls";
    case SK_V_MAXS: return "maxs";
    case SK_V_MINS: return "mins";
    case SK_V_LEAKYRELU: return "leakyrelu";
    case SK_V_SHIFTLEFT: return "shiftleft";
    case SK_V_SHIFTRIGHT: case SK_V_SHIFTRIGHT_ROUND: case SK_V_SHIFTRIGHT_V: return "shiftright";
    case SK_V_SHIFTLEFT_V: return "shiftleft";
    case SK_V_DUP: return "duplicate";
    case SK_V_SUBS: case SK_V_RSUBS: return "subs";
    case SK_V_DIVS: case SK_V_RDIVS: return "divs";
    case SK_V_ANDS: return "ands";
    case SK_V_ORS: return "ors";
    default: return "vector op ?";
  }
}

const char* reduceName(int32_t op) {
  switch (op) {
    case SK_VOP_REDUCE_SUM: return "reducesum";
    case SK_VOP_REDUCE_MAX: return "reducemax";
    case SK_VOP_REDUCE_MIN: return "reducemin";
    default: return "reduce ?";
  }
}

}  // namespace sk::sim::vec
