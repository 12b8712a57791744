#include "vector_ops.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#define SK_KERNEL_C_ONLY
#include "sk/kernel.h"
#include "sk/sim/float16.h"
#include "sk/types.h"

// Semantics (docs/dialect.md): float16/bfloat16 operands are widened to float32, computed in
// float32 and rounded back to nearest-even; integer ops compute in int64 and wrap to the
// element width. Reductions use a fixed pairwise tree so results are reproducible.

namespace sk::sim {

uint32_t codeBytes(int32_t code) {
  std::optional<DType> d = dtypeFromCode(code);
  return d ? sk::dtypeBytes(*d) : 0;
}

const char* codeName(int32_t code) {
  std::optional<DType> d = dtypeFromCode(code);
  return d ? sk::dtypeName(*d) : "unknown";
}

bool isFloatCode(int32_t code) {
  std::optional<DType> d = dtypeFromCode(code);
  return d && dtypeInfo(*d).isFloat;
}

const char* binaryOpName(int32_t op) {
  static const char* n[] = {"add", "sub", "mul", "div", "max", "min"};
  return op >= 0 && op < 6 ? n[op] : "binary?";
}
const char* scalarOpName(int32_t op) {
  static const char* n[] = {"adds", "muls", "maxs", "mins", "leakyrelu"};
  return op >= 0 && op < 5 ? n[op] : "scalar?";
}
const char* unaryOpName(int32_t op) {
  static const char* n[] = {"exp", "ln", "abs", "relu", "sqrt", "rsqrt", "reciprocal"};
  return op >= 0 && op < 7 ? n[op] : "unary?";
}
const char* reduceOpName(int32_t op) {
  static const char* n[] = {"reducesum", "reducemax", "reducemin"};
  return op >= 0 && op < 3 ? n[op] : "reduce?";
}

namespace {

// ---- element access: float dtypes as float, integer dtypes as int64 ----
float loadF(int32_t d, const void* p, uint64_t i) {
  switch (d) {
    case SK_DT_FLOAT32: { float v; std::memcpy(&v, (const char*)p + 4 * i, 4); return v; }
    case SK_DT_FLOAT16: { uint16_t v; std::memcpy(&v, (const char*)p + 2 * i, 2); return halfToFloat(v); }
    default: { uint16_t v; std::memcpy(&v, (const char*)p + 2 * i, 2); return bf16ToFloat(v); }
  }
}
void storeF(int32_t d, void* p, uint64_t i, float v) {
  switch (d) {
    case SK_DT_FLOAT32: std::memcpy((char*)p + 4 * i, &v, 4); break;
    case SK_DT_FLOAT16: { uint16_t h = floatToHalf(v); std::memcpy((char*)p + 2 * i, &h, 2); break; }
    default: { uint16_t h = floatToBf16(v); std::memcpy((char*)p + 2 * i, &h, 2); break; }
  }
}
int64_t loadI(int32_t d, const void* p, uint64_t i) {
  switch (d) {
    case SK_DT_INT8: return ((const int8_t*)p)[i];
    case SK_DT_UINT8: return ((const uint8_t*)p)[i];
    case SK_DT_INT16: { int16_t v; std::memcpy(&v, (const char*)p + 2 * i, 2); return v; }
    case SK_DT_UINT16: { uint16_t v; std::memcpy(&v, (const char*)p + 2 * i, 2); return v; }
    case SK_DT_INT32: { int32_t v; std::memcpy(&v, (const char*)p + 4 * i, 4); return v; }
    case SK_DT_UINT32: { uint32_t v; std::memcpy(&v, (const char*)p + 4 * i, 4); return v; }
    default: { int64_t v; std::memcpy(&v, (const char*)p + 8 * i, 8); return v; }  // int64, uint64
  }
}
void storeI(int32_t d, void* p, uint64_t i, int64_t v) {
  switch (d) {
    case SK_DT_INT8: ((int8_t*)p)[i] = (int8_t)v; break;
    case SK_DT_UINT8: ((uint8_t*)p)[i] = (uint8_t)v; break;
    case SK_DT_INT16: { int16_t x = (int16_t)v; std::memcpy((char*)p + 2 * i, &x, 2); break; }
    case SK_DT_UINT16: { uint16_t x = (uint16_t)v; std::memcpy((char*)p + 2 * i, &x, 2); break; }
    case SK_DT_INT32: { int32_t x = (int32_t)v; std::memcpy((char*)p + 4 * i, &x, 4); break; }
    case SK_DT_UINT32: { uint32_t x = (uint32_t)v; std::memcpy((char*)p + 4 * i, &x, 4); break; }
    default: std::memcpy((char*)p + 8 * i, &v, 8); break;  // int64, uint64
  }
}

std::string unsupported(const char* op, int32_t d) {
  return std::string(op) + ": dtype " + codeName(d) + " is not supported";
}

// Pairwise tree: level by level, element 2i combines with 2i+1; an odd tail is carried up.
template <typename T, typename Combine> T pairwise(T* v, uint64_t n, Combine f) {
  while (n > 1) {
    uint64_t half = n / 2;
    for (uint64_t i = 0; i < half; ++i) v[i] = f(v[2 * i], v[2 * i + 1]);
    if (n % 2) v[half] = v[n - 1];
    n = half + n % 2;
  }
  return v[0];
}

// Scratch space reused across calls on this host thread (no allocation per intrinsic once
// grown); an intrinsic never switches fibers while using it.
template <typename T> T* scratch(uint64_t n, int slot = 0) {
  thread_local std::vector<T> buf[2];
  if (buf[slot].size() < n) buf[slot].resize(n);
  return buf[slot].data();
}

float roundWith(int32_t mode, float v) {
  switch (mode) {
    case SK_ROUND_FLOOR: return std::floor(v);
    case SK_ROUND_CEIL: return std::ceil(v);
    case SK_ROUND_ROUND: return std::round(v);
    case SK_ROUND_TRUNC: return std::trunc(v);
    default: return std::nearbyint(v);  // NONE and RINT: nearest, ties to even (default FP env)
  }
}

int64_t saturate(int32_t d, double v) {
  double lo, hi;
  switch (d) {
    case SK_DT_INT8: lo = -128; hi = 127; break;
    case SK_DT_UINT8: lo = 0; hi = 255; break;
    case SK_DT_INT16: lo = -32768; hi = 32767; break;
    case SK_DT_UINT16: lo = 0; hi = 65535; break;
    case SK_DT_INT32: lo = -2147483648.0; hi = 2147483647.0; break;
    case SK_DT_UINT32: lo = 0; hi = 4294967295.0; break;
    case SK_DT_UINT64: lo = 0; hi = 9.2233720368547748e18; break;  // carried as int64
    default: lo = -9.2233720368547758e18; hi = 9.2233720368547748e18; break;
  }
  if (std::isnan(v)) return 0;
  return (int64_t)std::min(hi, std::max(lo, v));
}

}  // namespace

std::string vecBinary(int32_t op, int32_t d, void* dst, const void* a, const void* b, uint64_t n) {
  if (op < SK_VOP_ADD || op > SK_VOP_MIN) return "unknown vector binary op " + std::to_string(op);
  if (isFloatCode(d)) {
    for (uint64_t i = 0; i < n; ++i) {
      float x = loadF(d, a, i), y = loadF(d, b, i), r;
      switch (op) {
        case SK_VOP_ADD: r = x + y; break;
        case SK_VOP_SUB: r = x - y; break;
        case SK_VOP_MUL: r = x * y; break;
        case SK_VOP_DIV: r = x / y; break;
        case SK_VOP_MAX: r = std::max(x, y); break;
        default: r = std::min(x, y); break;
      }
      storeF(d, dst, i, r);
    }
    return {};
  }
  if (codeBytes(d) == 0 || op == SK_VOP_DIV) return unsupported(binaryOpName(op), d);
  for (uint64_t i = 0; i < n; ++i) {
    int64_t x = loadI(d, a, i), y = loadI(d, b, i), r;
    switch (op) {
      case SK_VOP_ADD: r = (int64_t)((uint64_t)x + (uint64_t)y); break;
      case SK_VOP_SUB: r = (int64_t)((uint64_t)x - (uint64_t)y); break;
      case SK_VOP_MUL: r = (int64_t)((uint64_t)x * (uint64_t)y); break;
      case SK_VOP_MAX: r = std::max(x, y); break;
      default: r = std::min(x, y); break;
    }
    storeI(d, dst, i, r);
  }
  return {};
}

std::string vecScalar(int32_t op, int32_t d, void* dst, const void* src, const void* scalar, uint64_t n) {
  if (op < SK_VOP_ADDS || op > SK_VOP_LEAKYRELU) return "unknown vector scalar op " + std::to_string(op);
  if (isFloatCode(d)) {
    float s = loadF(d, scalar, 0);
    for (uint64_t i = 0; i < n; ++i) {
      float x = loadF(d, src, i), r;
      switch (op) {
        case SK_VOP_ADDS: r = x + s; break;
        case SK_VOP_MULS: r = x * s; break;
        case SK_VOP_MAXS: r = std::max(x, s); break;
        case SK_VOP_MINS: r = std::min(x, s); break;
        default: r = x >= 0 ? x : x * s; break;
      }
      storeF(d, dst, i, r);
    }
    return {};
  }
  if (codeBytes(d) == 0 || op == SK_VOP_LEAKYRELU) return unsupported(scalarOpName(op), d);
  int64_t s = loadI(d, scalar, 0);
  for (uint64_t i = 0; i < n; ++i) {
    int64_t x = loadI(d, src, i), r;
    switch (op) {
      case SK_VOP_ADDS: r = (int64_t)((uint64_t)x + (uint64_t)s); break;
      case SK_VOP_MULS: r = (int64_t)((uint64_t)x * (uint64_t)s); break;
      case SK_VOP_MAXS: r = std::max(x, s); break;
      default: r = std::min(x, s); break;
    }
    storeI(d, dst, i, r);
  }
  return {};
}

std::string vecUnary(int32_t op, int32_t d, void* dst, const void* src, uint64_t n) {
  if (op < SK_VOP_EXP || op > SK_VOP_RECIPROCAL) return "unknown vector unary op " + std::to_string(op);
  if (!isFloatCode(d)) {
    if (codeBytes(d) == 0 || (op != SK_VOP_ABS && op != SK_VOP_RELU)) return unsupported(unaryOpName(op), d);
    for (uint64_t i = 0; i < n; ++i) {
      int64_t x = loadI(d, src, i);
      storeI(d, dst, i, op == SK_VOP_ABS ? (x < 0 ? -x : x) : std::max<int64_t>(x, 0));
    }
    return {};
  }
  for (uint64_t i = 0; i < n; ++i) {
    float x = loadF(d, src, i), r;
    switch (op) {
      case SK_VOP_EXP: r = std::exp(x); break;
      case SK_VOP_LN: r = std::log(x); break;
      case SK_VOP_ABS: r = std::fabs(x); break;
      case SK_VOP_RELU: r = x > 0 ? x : 0.0f; break;
      case SK_VOP_SQRT: r = std::sqrt(x); break;
      case SK_VOP_RSQRT: r = 1.0f / std::sqrt(x); break;
      default: r = 1.0f / x; break;
    }
    storeF(d, dst, i, r);
  }
  return {};
}

std::string vecReduce(int32_t op, int32_t d, void* dst, const void* src, uint64_t n) {
  if (op < SK_VOP_REDUCE_SUM || op > SK_VOP_REDUCE_MIN) return "unknown vector reduce op " + std::to_string(op);
  if (n == 0) return std::string(reduceOpName(op)) + ": count must be positive";
  if (isFloatCode(d)) {
    float* v = scratch<float>(n);
    for (uint64_t i = 0; i < n; ++i) v[i] = loadF(d, src, i);
    float r = op == SK_VOP_REDUCE_SUM   ? pairwise(v, n, [](float x, float y) { return x + y; })
              : op == SK_VOP_REDUCE_MAX ? pairwise(v, n, [](float x, float y) { return std::max(x, y); })
                                        : pairwise(v, n, [](float x, float y) { return std::min(x, y); });
    storeF(d, dst, 0, r);
    return {};
  }
  if (codeBytes(d) == 0) return unsupported(reduceOpName(op), d);
  int64_t* v = scratch<int64_t>(n);
  for (uint64_t i = 0; i < n; ++i) v[i] = loadI(d, src, i);
  int64_t r = op == SK_VOP_REDUCE_SUM
                  ? pairwise(v, n, [](int64_t x, int64_t y) { return (int64_t)((uint64_t)x + (uint64_t)y); })
              : op == SK_VOP_REDUCE_MAX ? pairwise(v, n, [](int64_t x, int64_t y) { return std::max(x, y); })
                                        : pairwise(v, n, [](int64_t x, int64_t y) { return std::min(x, y); });
  storeI(d, dst, 0, r);
  return {};
}

std::string vecCast(int32_t dt, int32_t st, int32_t round, void* dst, const void* src, uint64_t n) {
  if (codeBytes(dt) == 0 || codeBytes(st) == 0)
    return std::string("cast: unsupported dtype pair ") + codeName(st) + " -> " + codeName(dt);
  if (round < SK_ROUND_NONE || round > SK_ROUND_TRUNC) return "cast: unknown round mode " + std::to_string(round);
  for (uint64_t i = 0; i < n; ++i) {
    if (isFloatCode(st)) {
      float x = loadF(st, src, i);
      if (isFloatCode(dt)) storeF(dt, dst, i, x);  // narrowing rounds to nearest even
      else storeI(dt, dst, i, saturate(dt, roundWith(round, x)));
    } else {
      int64_t x = loadI(st, src, i);
      if (isFloatCode(dt)) storeF(dt, dst, i, (float)x);
      else storeI(dt, dst, i, (int64_t)saturate(dt, (double)x));
    }
  }
  return {};
}

std::string vecDup(int32_t d, void* dst, const void* scalar, uint64_t n) {
  uint32_t b = codeBytes(d);
  if (b == 0) return unsupported("duplicate", d);
  for (uint64_t i = 0; i < n; ++i) std::memcpy((char*)dst + b * i, scalar, b);
  return {};
}

std::string cubeMmad(void* c, const void* a, const void* b, uint32_t m, uint32_t k, uint32_t n, int32_t t,
                     bool accumulate) {
  if (m == 0 || k == 0 || n == 0) return "mmad: m, k and n must be positive";
  if (t == SK_DT_INT8) {
    for (uint32_t i = 0; i < m; ++i)
      for (uint32_t j = 0; j < n; ++j) {
        int64_t acc = accumulate ? loadI(SK_DT_INT32, c, (uint64_t)i * n + j) : 0;
        for (uint32_t p = 0; p < k; ++p)
          acc += loadI(SK_DT_INT8, a, (uint64_t)i * k + p) * loadI(SK_DT_INT8, b, (uint64_t)p * n + j);
        storeI(SK_DT_INT32, c, (uint64_t)i * n + j, acc);
      }
    return {};
  }
  if (!isFloatCode(t)) return unsupported("mmad", t);
  // Widen once; accumulate in float32 in ascending k order.
  float* A = scratch<float>((uint64_t)m * k, 0);
  float* B = scratch<float>((uint64_t)k * n, 1);
  for (uint64_t i = 0; i < (uint64_t)m * k; ++i) A[i] = loadF(t, a, i);
  for (uint64_t i = 0; i < (uint64_t)k * n; ++i) B[i] = loadF(t, b, i);
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      float acc = accumulate ? loadF(SK_DT_FLOAT32, c, (uint64_t)i * n + j) : 0.0f;
      for (uint32_t p = 0; p < k; ++p) acc += A[(uint64_t)i * k + p] * B[(uint64_t)p * n + j];
      storeF(SK_DT_FLOAT32, c, (uint64_t)i * n + j, acc);
    }
  return {};
}

}  // namespace sk::sim
