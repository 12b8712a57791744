#include "cube_unit.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "sk/sim/float16.h"
#include "sk/sim/minifloat.h"
#include "sk/types.h"

namespace sk::sim::cube {

namespace {

uint32_t ceilDiv(uint64_t a, uint64_t b) { return (uint32_t)((a + b - 1) / b); }

template <typename T> T* scratch(std::vector<T>& buf, size_t n) {
  if (buf.size() < n) buf.resize(n);
  return buf.data();
}

float loadFloat(const uint8_t* p, int32_t type) {
  uint16_t h;
  float f;
  switch (type) {
    case SK_DT_FLOAT16: std::memcpy(&h, p, 2); return halfToFloat(h);
    case SK_DT_BFLOAT16: std::memcpy(&h, p, 2); return bf16ToFloat(h);
    default: std::memcpy(&f, p, 4); return f;
  }
}

// Element i of a float operand of `type` (the 4-bit floats: nibble i, the low one first).
float floatElement(const uint8_t* base, uint64_t i, int32_t type) {
  switch (type) {
    case SK_DT_FLOAT4_E2M1: case SK_DT_FLOAT4_E1M2: return minifloatToFloat((DType)type, (uint8_t)(base[i / 2] >> (i % 2 * 4)));
    case SK_DT_FLOAT8_E4M3: case SK_DT_FLOAT8_E5M2: case SK_DT_HIFLOAT8: return minifloatToFloat((DType)type, base[i]);
    case SK_DT_FLOAT16: case SK_DT_BFLOAT16: return loadFloat(base + 2 * i, type);
    default: return loadFloat(base + 4 * i, type);
  }
}
bool isCubeFloat(int32_t type) {
  return type == SK_DT_FLOAT16 || type == SK_DT_BFLOAT16 || type == SK_DT_FLOAT32 ||
         (type >= SK_DT_FLOAT8_E4M3 && type <= SK_DT_FLOAT4_E1M2 && type != SK_DT_FLOAT8_E8M0);
}

// Round to nearest even and saturate to int8 (the quantizing modes).
int8_t toInt8(float v) {
  float r = std::nearbyint(v);
  return (int8_t)std::clamp(r, -128.0f, 127.0f);
}

float scaleOf(const sk_fixpipe_params& p, uint32_t col) {
  uint64_t bits = p.deq_scalar;
  if (sk_quant_per_channel(p.quant)) std::memcpy(&bits, (const uint8_t*)p.deq_tensor + 8ull * col, 8);
  // The Fixpipe reads the scale's high 19 bits (sign, exponent, 10 mantissa bits: the public
  // SetQuantScalar/SetQuantVector pages' `scale & 0xFFFFE000`); the rest are not part of it.
  return bitsFloat((uint32_t)bits & 0xFFFFE000u);
}

}  // namespace

uint64_t nd2nzSrcBytes(const sk_nd2nz& p, uint32_t eb) {
  if (!p.nd_num || !p.n_value || !p.d_value) return 0;
  uint64_t lines = p.src_dn ? p.d_value : p.n_value, line = p.src_dn ? p.n_value : p.d_value;
  return ((uint64_t)(p.nd_num - 1) * p.src_matrix_stride + (lines - 1) * p.src_d_value + line) * eb;
}

namespace {

// A copy's C0 in elements and its destination strides in bytes: 32-byte C0s, or in the SmallC0
// mode (a row of at most 4 elements) C0s of 4 elements, rows packed when dst_n_stride is 0 (as
// ops-nn's C04 loads leave it).
struct NzGeometry {
  uint32_t c0;
  uint64_t c0Stride, nStride;
};
NzGeometry nzGeometry(const sk_nd2nz& p, uint32_t eb) {
  if (p.small_c0 && p.d_value <= 4) return {4, 0, (uint64_t)std::max<uint32_t>(1, p.dst_n_stride) * 4 * eb};
  return {32 / eb, (uint64_t)p.dst_c0_stride * 32, (uint64_t)p.dst_n_stride * 32};
}

}  // namespace

uint64_t nd2nzDstBytes(const sk_nd2nz& p, uint32_t eb) {
  if (!p.nd_num || !p.n_value || !p.d_value) return 0;
  NzGeometry g = nzGeometry(p, eb);
  return (uint64_t)(p.nd_num - 1) * p.dst_matrix_stride * eb + (uint64_t)(ceilDiv(p.d_value, g.c0) - 1) * g.c0Stride +
         (uint64_t)(p.n_value - 1) * g.nStride + g.c0 * eb;
}

void nd2nz(uint8_t* dst, const uint8_t* src, uint32_t eb, const sk_nd2nz& p) {
  NzGeometry g = nzGeometry(p, eb);
  uint32_t c0 = g.c0;
  uint32_t blocks = ceilDiv(p.d_value, c0);
  for (uint32_t i = 0; i < p.nd_num; ++i) {
    const uint8_t* s = src + (uint64_t)i * p.src_matrix_stride * eb;
    uint8_t* d = dst + (uint64_t)i * p.dst_matrix_stride * eb;
    for (uint32_t r = 0; r < p.n_value; ++r)
      for (uint32_t b = 0; b < blocks; ++b) {
        uint8_t* out = d + b * g.c0Stride + r * g.nStride;
        uint32_t cols = std::min(c0, p.d_value - b * c0);
        if (p.src_dn)  // the row's elements are a column's apart
          for (uint32_t k = 0; k < cols; ++k)
            std::memcpy(out + k * eb, s + ((uint64_t)(b * c0 + k) * p.src_d_value + r) * eb, eb);
        else
          std::memcpy(out, s + ((uint64_t)r * p.src_d_value + (uint64_t)b * c0) * eb, (size_t)cols * eb);
        if (cols < c0) std::memset(out + cols * eb, 0, (size_t)(c0 - cols) * eb);
      }
  }
}

void load2d(uint8_t* dst, const uint8_t* src, uint32_t repeat, uint64_t srcStride, uint64_t dstStep, bool transpose) {
  for (uint32_t i = 0; i < repeat; ++i) {
    const uint8_t* s = src + i * srcStride * kFractalBytes;
    uint8_t* d = dst + i * dstStep;
    if (!transpose) {
      std::memmove(d, s, kFractalBytes);
      continue;
    }
    uint16_t t[256];
    std::memcpy(t, s, kFractalBytes);
    for (uint32_t r = 0; r < 16; ++r)
      for (uint32_t c = 0; c < 16; ++c) std::memcpy(d + (c * 16 + r) * 2, &t[r * 16 + c], 2);
  }
}

void transposeSquare(uint8_t* dst, const uint8_t* src, uint32_t eb, uint64_t fracStep) {
  uint8_t s[2048];
  std::memcpy(s, src, eb == 2 ? 512 : eb == SK_ELEM_INT4 ? 2048 : 1024);
  if (eb == SK_ELEM_INT4) {  // 64 x 64 nibbles (32 bytes a row); fractal j = rows 16j.. of the transpose
    auto nibble = [&](uint32_t r, uint32_t c) { return (s[r * 32 + c / 2] >> (c % 2 * 4)) & 0xF; };
    for (uint32_t j = 0; j < 4; ++j)
      for (uint32_t r = 0; r < 16; ++r)
        for (uint32_t c = 0; c < 64; c += 2)
          dst[j * fracStep + r * 32 + c / 2] = (uint8_t)(nibble(c, 16 * j + r) | nibble(c + 1, 16 * j + r) << 4);
  } else if (eb == 4) {  // two 16 x 8 fractals side by side; fractal j = columns 8j.. of the transpose
    for (uint32_t j = 0; j < 2; ++j)
      for (uint32_t r = 0; r < 16; ++r)
        for (uint32_t c = 0; c < 8; ++c) std::memcpy(dst + j * fracStep + (r * 8 + c) * 4, s + ((r / 8) * 128 + (8 * j + c) * 8 + r % 8) * 4, 4);
  } else if (eb == 1) {  // 32 x 32 bytes; fractal j (16 x 32) = rows 16j.. of the transpose
    for (uint32_t j = 0; j < 2; ++j)
      for (uint32_t r = 0; r < 16; ++r)
        for (uint32_t c = 0; c < 32; ++c) dst[j * fracStep + r * 32 + c] = s[c * 32 + 16 * j + r];
  } else {  // 16 x 16
    for (uint32_t r = 0; r < 16; ++r)
      for (uint32_t c = 0; c < 16; ++c) std::memcpy(dst + (r * 16 + c) * 2, s + (c * 16 + r) * 2, 2);
  }
}

void img2col(uint8_t* dst, const uint8_t* src, uint32_t eb, const sk_img2col_params& p, uint32_t wo, uint32_t fh, uint32_t fw,
             Img2colDst kind, uint64_t stride) {
  const uint64_t c0 = 32 / eb, window = (uint64_t)fh * fw * c0;
  uint8_t pad[32];  // a run of the pad value (little-endian: its low eb bytes)
  for (uint64_t e = 0; e < c0; ++e) std::memcpy(pad + e * eb, &p.pad_bits, eb);
  for (uint64_t i = 0; i < p.m_ext; ++i) {
    uint64_t m = p.m_start + i, ho = m / wo, wIdx = m % wo;
    // Columns come in runs of C0 (kStartPt is a multiple of C0): one (c1, kh, kw) each, C0
    // contiguous elements of the map (or of the pad), the window W-fastest.
    for (uint64_t j0 = 0; j0 < p.k_ext; j0 += c0) {
      uint64_t k = p.k_start + j0, c1 = k / window, t = k % window, kh = t / (fw * c0), kw = (t / c0) % fw;
      int64_t h = (int64_t)(ho * p.stride_h + kh * p.dilation_h) - p.pad_top;
      int64_t w = (int64_t)(wIdx * p.stride_w + kw * p.dilation_w) - p.pad_left;
      const uint8_t* run = pad;
      if (h >= 0 && h < (int64_t)p.l1_h && w >= 0 && w < (int64_t)p.l1_w) run = src + ((c1 * p.l1_h + h) * p.l1_w + w) * c0 * eb;
      uint64_t count = std::min<uint64_t>(c0, p.k_ext - j0);
      if (kind == Img2colDst::L0aZz || kind == Img2colDst::L0aNz) {  // the run lands whole in a fractal row
        uint64_t fractal = kind == Img2colDst::L0aZz ? (i / 16) * (p.k_ext / c0) + j0 / c0 : (j0 / c0) * stride + i / 16;
        std::memcpy(dst + (fractal * 16 * c0 + (i % 16) * c0) * eb, run, count * eb);
        continue;
      }
      // (the K axis, whole fractals, is the caller's check; the other may end partial)
      for (uint64_t e = 0; e < count; ++e) {
        uint64_t j = j0 + e;
        uint64_t at = kind == Img2colDst::L0aZzTransposed ? ((j / 16) * (p.m_ext / c0) + i / c0) * 16 * c0 + (j % 16) * c0 + i % c0
                                                          : ((i / c0) * stride + j / 16) * 16 * c0 + (j % 16) * c0 + i % c0;
        std::memcpy(dst + at * eb, run + e * eb, eb);
      }
    }
  }
}

MmadShape mmadShape(uint32_t m, uint32_t k, uint32_t n, uint32_t abBits, int32_t flags, bool aNz) {
  MmadShape s{m, k, n, 256 / abBits, ceilDiv(m, 16), 0, ceilDiv(n, 16), m == 1 && !(flags & SK_MMAD_NO_GEMV), aNz};
  s.k1 = abBits == 32 && (flags & SK_MMAD_K_ALIGN16) ? 2 * ceilDiv(k, 16) : ceilDiv(k, s.k0);
  return s;
}

uint64_t mmadABytes(const MmadShape& s) {
  return s.gemv ? ((uint64_t)s.k * (256 / s.k0) + 7) / 8 : (uint64_t)s.m1 * s.k1 * kFractalBytes;
}
uint64_t mmadBBytes(const MmadShape& s) { return (uint64_t)s.k1 * s.n1 * kFractalBytes; }
uint64_t mmadCBytes(const MmadShape& s) { return (uint64_t)s.m1 * s.n1 * 1024; }

namespace {
// Where Mmad's operands keep element (r, col): A's (Zz, Nz or a GEMV row) and B's (Zn) element
// index, C's byte offset (Nz of 4-byte elements).
uint64_t aElement(const MmadShape& s, uint32_t r, uint32_t col) {
  if (s.gemv) return col;
  uint64_t fractal = s.aNz ? (uint64_t)(col / s.k0) * s.m1 + r / 16 : (uint64_t)(r / 16) * s.k1 + col / s.k0;
  return fractal * 16 * s.k0 + (r % 16) * s.k0 + col % s.k0;
}
uint64_t bElement(const MmadShape& s, uint32_t kk, uint32_t col) {
  return ((uint64_t)(kk / s.k0) * s.n1 + col / 16) * 16 * s.k0 + (col % 16) * s.k0 + kk % s.k0;
}
uint64_t cByte(const MmadShape& s, uint32_t r, uint32_t col) {
  return (((uint64_t)(col / 16) * s.m1 + r / 16) * 256 + (r % 16) * 16 + col % 16) * 4;
}

// An fp32 value rounded to `bits` mantissa bits (HF32): to nearest, ties to even or away from
// zero; the exponent is kept (a carry out of the mantissa bumps it, as any rounding does).
float toHf32(float v, uint32_t bits, bool tiesAway) {
  if (!std::isfinite(v)) return v;
  uint32_t u;
  std::memcpy(&u, &v, 4);
  uint32_t drop = 23 - bits, half = 1u << (drop - 1), rest = u & ((1u << drop) - 1);
  u -= rest;
  if (rest > half || (rest == half && (tiesAway || (u >> drop) & 1))) u += 1u << drop;
  std::memcpy(&v, &u, 4);
  return v;
}

// C (m x n, 4-byte elements at cAt(r, col)) from A (m x k) and B (k x n), both row-major: a row
// of C at a time, each element summed in ascending k (as the cube does), the columns in a
// contiguous, vectorizable inner loop. Acc is the accumulator: float, or uint32_t for int8 (the
// int32 products wrap). Inlined into mmad so each of its target clones vectorizes it.
template <typename Acc, typename Elem, typename CAt>
__attribute__((always_inline)) inline void multiplyRows(uint8_t* c, const Elem* A, const Elem* B, const void* bias,
                                                        const MmadShape& s, int32_t init, const CAt& cAt) {
  thread_local std::vector<Acc> bufC;
  Acc* __restrict row = scratch(bufC, s.n);
  for (uint32_t r = 0; r < s.m; ++r) {
    for (uint32_t col = 0; col < s.n; ++col) {
      row[col] = 0;
      if (init == SK_MMAD_ACCUMULATE) std::memcpy(&row[col], c + cAt(r, col), 4);
      if (init == SK_MMAD_BIAS) std::memcpy(&row[col], (const uint8_t*)bias + 4ull * col, 4);
    }
    for (uint32_t p = 0; p < s.k; ++p) {
      const Elem av = A[(size_t)r * s.k + p];
      const Elem* __restrict bp = B + (size_t)p * s.n;
      for (uint32_t col = 0; col < s.n; ++col) row[col] += (Acc)(av * bp[col]);
    }
    for (uint32_t col = 0; col < s.n; ++col) std::memcpy(c + cAt(r, col), &row[col], 4);
  }
}
}  // namespace

// Built for AVX2 hosts too (the same mul-then-add per element: -ffp-contract=off keeps FMA out);
// the sanitizer builds (clang) keep one version.
#if defined(__GNUC__) && !defined(__clang__)
#define SK_MMAD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SK_MMAD_CLONES
#endif
uint64_t mxScaleBytes(uint32_t rows, uint32_t k) { return (uint64_t)ceilDiv(rows, 16) * (k / 64) * 32; }

SK_MMAD_CLONES std::string mmad(void* cOut, const void* aIn, const void* bIn, const void* bias, const MmadShape& s,
                                int32_t aType, int32_t bType, int32_t init, const MxScales& mx) {
  const uint8_t* a = (const uint8_t*)aIn;
  const uint8_t* b = (const uint8_t*)bIn;
  uint8_t* c = (uint8_t*)cOut;
  // a (Zz, or one ND row for GEMV) and b (Zn) widened to row-major, then c in Nz.
  auto aAt = [&](uint32_t r, uint32_t col) { return aElement(s, r, col); };
  auto bAt = [&](uint32_t kk, uint32_t col) { return bElement(s, kk, col); };
  auto cAt = [&](uint32_t r, uint32_t col) { return cByte(s, r, col); };
  if ((aType == SK_DT_INT8 || aType == SK_DT_INT4) && bType == aType && !mx.a) {
    // Element i of an operand: byte i (int8), or nibble i (int4: two to a byte, low first).
    auto at = [int4 = aType == SK_DT_INT4](const uint8_t* base, uint64_t i) -> int32_t {
      return int4 ? sk::int4At(base, i) : (int8_t)base[i];
    };
    thread_local std::vector<int32_t> bufA, bufB;
    int32_t* A = scratch(bufA, (size_t)s.m * s.k);
    int32_t* B = scratch(bufB, (size_t)s.k * s.n);
    for (uint32_t r = 0; r < s.m; ++r)
      for (uint32_t p = 0; p < s.k; ++p) A[(size_t)r * s.k + p] = at(a, aAt(r, p));
    for (uint32_t p = 0; p < s.k; ++p)
      for (uint32_t col = 0; col < s.n; ++col) B[(size_t)p * s.n + col] = at(b, bAt(p, col));
    multiplyRows<uint32_t>(c, A, B, bias, s, init, cAt);  // the accumulator wraps as the hardware's int32 does
    return "";
  }
  if (!isCubeFloat(aType) || !isCubeFloat(bType))
    return "Mmad: inputs of dtype codes " + std::to_string(aType) + " x " + std::to_string(bType) +
           " are not a pair the cube multiplies";
  thread_local std::vector<float> bufA, bufB;
  float* A = scratch(bufA, (size_t)s.m * s.k);
  float* B = scratch(bufB, (size_t)s.k * s.n);
  for (uint32_t r = 0; r < s.m; ++r)
    for (uint32_t p = 0; p < s.k; ++p) A[(size_t)r * s.k + p] = floatElement(a, aAt(r, p), aType);
  for (uint32_t p = 0; p < s.k; ++p)
    for (uint32_t col = 0; col < s.n; ++col) B[(size_t)p * s.n + col] = floatElement(b, bAt(p, col), bType);
  if (mx.a) {
    // Element (row, p)'s scale in a 16 x 2 fractal of the row's block: k / 64 fractals to a block.
    auto scaleAt = [kFractals = s.k / 64](const uint8_t* scales, uint32_t row, uint32_t p) {
      return fp8E8m0ToFloat(scales[((row / 16) * kFractals + p / 64) * 32 + (row % 16) * 2 + p / 32 % 2]);
    };
    for (uint32_t r = 0; r < s.m; ++r)
      for (uint32_t p = 0; p < s.k; ++p) A[(size_t)r * s.k + p] *= scaleAt(mx.a, r, p);
    for (uint32_t p = 0; p < s.k; ++p)
      for (uint32_t col = 0; col < s.n; ++col) B[(size_t)p * s.n + col] *= scaleAt(mx.b, col, p);
  }
  if (s.hf32Bits && aType == SK_DT_FLOAT32) {
    for (size_t i = 0; i < (size_t)s.m * s.k; ++i) A[i] = toHf32(A[i], s.hf32Bits, s.hf32TiesAway);
    for (size_t i = 0; i < (size_t)s.k * s.n; ++i) B[i] = toHf32(B[i], s.hf32Bits, s.hf32TiesAway);
  }
  multiplyRows<float>(c, A, B, bias, s, init, cAt);
  return "";
}

MmadShape sparseDenseShape(const MmadShape& s) {
  MmadShape d = s;
  d.k = (s.k + 1) / 2, d.k1 = (d.k + d.k0 - 1) / d.k0;
  return d;
}

void mmadSparse(void* cOut, const void* aIn, const void* bIn, const uint8_t* index, const void* bias, const MmadShape& s,
                int32_t init) {
  const uint8_t* a = (const uint8_t*)aIn;
  const uint8_t* b = (const uint8_t*)bIn;
  const MmadShape dense = sparseDenseShape(s);
  thread_local std::vector<int32_t> bufA, bufB;
  int32_t* A = scratch(bufA, (size_t)s.m * s.k);
  int32_t* B = scratch(bufB, (size_t)s.k * s.n);
  for (uint32_t r = 0; r < s.m; ++r)
    for (uint32_t p = 0; p < s.k; ++p) A[(size_t)r * s.k + p] = (int8_t)a[aElement(s, r, p)];
  std::fill(B, B + (size_t)s.k * s.n, 0);
  // Dense value d of a column lies in B at 4 (d / 2) + its index + d % 2 (a pair of a group of four).
  for (uint32_t d = 0; d < dense.k; ++d)
    for (uint32_t col = 0; col < s.n; ++col) {
      uint64_t at = bElement(dense, d, col);
      uint32_t kk = 4 * (d / 2) + ((index[at / 4] >> (at % 4 * 2)) & 3) + d % 2;
      if (kk < s.k) B[(size_t)kk * s.n + col] += (int8_t)b[at];
    }
  multiplyRows<uint32_t>((uint8_t*)cOut, A, B, bias, s, init, [&](uint32_t r, uint32_t col) { return cByte(s, r, col); });
}

uint64_t fixpipeSrcBytes(const sk_fixpipe_params& p) {
  if (!p.n_size || !p.m_size || !p.nd_num) return 0;
  uint64_t blocks = ceilDiv(p.n_size, 16);
  return (uint64_t)(p.nd_num - 1) * p.src_nd_stride * 1024 + ((blocks - 1) * p.src_stride + p.m_size) * 64;
}

uint32_t nzColumns(const sk_fixpipe_params& p, uint32_t elemBytes) {
  return p.nz2nd == SK_FIXPIPE_NZ_SPLIT ? 8 : elemBytes == 1 ? 32 : 16;
}

uint64_t fixpipeDstBytes(const sk_fixpipe_params& p, uint32_t ob) {
  if (!p.n_size || !p.m_size || !p.nd_num) return 0;
  uint64_t last = (uint64_t)(p.nd_num - 1) * p.dst_nd_stride * ob;
  if (p.nz2nd == SK_FIXPIPE_ND) return last + ((uint64_t)(p.m_size - 1) * p.dst_stride + p.n_size) * ob;
  if (p.nz2nd == SK_FIXPIPE_DN) return last + ((uint64_t)(p.n_size - 1) * p.dst_stride + p.m_size) * ob;
  uint32_t c0 = nzColumns(p, ob);
  return last + (uint64_t)(ceilDiv(p.n_size, c0) - 1) * p.dst_stride * 32 + (uint64_t)p.m_size * c0 * ob;
}

std::string checkFixpipeTypes(const sk_fixpipe_params& p) {
  struct Rule {
    int32_t quant, src, dst;
    const char* name;
  };
  static const Rule rules[] = {
      {SK_QUANT_F322F16, SK_DT_FLOAT32, SK_DT_FLOAT16, "F322F16"},   {SK_QUANT_F322BF16, SK_DT_FLOAT32, SK_DT_BFLOAT16, "F322BF16"},
      {SK_QUANT_DEQF16, SK_DT_INT32, SK_DT_FLOAT16, "DEQF16"},       {SK_QUANT_VDEQF16, SK_DT_INT32, SK_DT_FLOAT16, "VDEQF16"},
      {SK_QUANT_QF322B8, SK_DT_FLOAT32, SK_DT_INT8, "QF322B8_PRE"},  {SK_QUANT_VQF322B8, SK_DT_FLOAT32, SK_DT_INT8, "VQF322B8_PRE"},
      {SK_QUANT_REQ8, SK_DT_INT32, SK_DT_INT8, "REQ8"},              {SK_QUANT_VREQ8, SK_DT_INT32, SK_DT_INT8, "VREQ8"},
      {SK_QUANT_QF322F16, SK_DT_FLOAT32, SK_DT_FLOAT16, "QF322F16_PRE"}, {SK_QUANT_VQF322F16, SK_DT_FLOAT32, SK_DT_FLOAT16, "VQF322F16_PRE"},
      {SK_QUANT_QF322BF16, SK_DT_FLOAT32, SK_DT_BFLOAT16, "QF322BF16_PRE"}, {SK_QUANT_VQF322BF16, SK_DT_FLOAT32, SK_DT_BFLOAT16, "VQF322BF16_PRE"},
      {SK_QUANT_QF322F32, SK_DT_FLOAT32, SK_DT_FLOAT32, "QF322F32_PRE"}, {SK_QUANT_VQF322F32, SK_DT_FLOAT32, SK_DT_FLOAT32, "VQF322F32_PRE"},
      {SK_QUANT_QS322BF16, SK_DT_INT32, SK_DT_BFLOAT16, "QS322BF16_PRE"}, {SK_QUANT_VQS322BF16, SK_DT_INT32, SK_DT_BFLOAT16, "VQS322BF16_PRE"},
      {SK_QUANT_QF322FP8, SK_DT_FLOAT32, SK_DT_FLOAT8_E4M3, "QF322FP8_PRE"}, {SK_QUANT_VQF322FP8, SK_DT_FLOAT32, SK_DT_FLOAT8_E4M3, "VQF322FP8_PRE"},
      {SK_QUANT_QF322HIF8, SK_DT_FLOAT32, SK_DT_HIFLOAT8, "QF322HIF8_PRE"}, {SK_QUANT_VQF322HIF8, SK_DT_FLOAT32, SK_DT_HIFLOAT8, "VQF322HIF8_PRE"},
      {SK_QUANT_QF322HIF8_HYBRID, SK_DT_FLOAT32, SK_DT_HIFLOAT8, "QF322HIF8_PRE_HYBRID"},
      {SK_QUANT_VQF322HIF8_HYBRID, SK_DT_FLOAT32, SK_DT_HIFLOAT8, "VQF322HIF8_PRE_HYBRID"}};
  if (p.src_dtype != SK_DT_FLOAT32 && p.src_dtype != SK_DT_INT32)
    return "Fixpipe: the L0C source must be float or int32_t (dtype code " + std::to_string(p.src_dtype) + ")";
  if (p.quant == SK_QUANT_NONE) {
    if (p.dst_dtype != p.src_dtype)
      return "Fixpipe: quantPre NoQuant keeps the source type, but the destination is of another (dtype code " +
             std::to_string(p.dst_dtype) + "); set quantPre (F322F16, F322BF16, DEQF16, ...) to convert";
    return "";
  }
  for (const Rule& r : rules)
    if (r.quant == p.quant) {
      if (r.src != p.src_dtype || r.dst != p.dst_dtype)
        return std::string("Fixpipe: quantPre ") + r.name + " converts " + dtypeInfo((DType)r.src).deviceType + " to " +
               dtypeInfo((DType)r.dst).deviceType + ", not these tensors' types";
      if (sk_quant_per_channel(p.quant) && !p.deq_tensor)
        return std::string("Fixpipe: quantPre ") + r.name + " needs the per-channel scale tensor (cbufWorkspace, or SetFixPipeConfig before a Fixpipe without one)";
      return "";
    }
  return "Fixpipe: unknown quantPre " + std::to_string(p.quant);
}

void fixpipeConvert(const sk_fixpipe_params& p, const uint8_t* src, uint32_t count, uint32_t col0, uint8_t* out) {
  for (uint32_t i = 0; i < count; ++i) {
    const uint8_t* e = src + 4ull * i;
    int32_t iv;
    float fv;
    std::memcpy(&iv, e, 4);
    std::memcpy(&fv, e, 4);
    if (p.quant == SK_QUANT_NONE) {  // the L0C type as it is (int32 stays exact)
      if (p.relu) {
        if (p.src_dtype == SK_DT_INT32) iv = std::max(iv, 0);
        else fv = fv > 0 ? fv : 0.0f;
      }
      if (p.src_dtype == SK_DT_INT32) std::memcpy(out + 4ull * i, &iv, 4);
      else std::memcpy(out + 4ull * i, &fv, 4);
      continue;
    }
    // Every other mode: the source value (checkFixpipeTypes matched the types to the mode), times
    // the scale unless the mode only converts, relu'd, stored as the destination's type.
    float v = p.src_dtype == SK_DT_INT32 ? (float)iv : fv;
    if (p.quant != SK_QUANT_F322F16 && p.quant != SK_QUANT_F322BF16) v *= scaleOf(p, col0 + i);
    if (p.relu && !(v > 0)) v = 0.0f;
    switch (p.dst_dtype) {
      case SK_DT_FLOAT32: std::memcpy(out + 4ull * i, &v, 4); break;
      case SK_DT_INT8: out[i] = (uint8_t)toInt8(v); break;
      case SK_DT_FLOAT8_E4M3: out[i] = roundToMinifloat(*minifloatFormatOf(SK_DT_FLOAT8_E4M3), v, SK_ROUND_RINT); break;
      case SK_DT_HIFLOAT8: out[i] = roundToMinifloat(*minifloatFormatOf(SK_DT_HIFLOAT8), v, SK_ROUND_ROUND); break;
      default: {  // half or bfloat16
        uint16_t h = p.dst_dtype == SK_DT_BFLOAT16 ? floatToBf16(v) : floatToHalf(v);
        std::memcpy(out + 2ull * i, &h, 2);
      }
    }
  }
}

void fill(uint8_t* dst, uint32_t eb, uint64_t bits, uint32_t repeat, uint32_t blockNum, uint32_t dstGap, uint32_t blockBytes) {
  uint8_t pattern[8];
  std::memcpy(pattern, &bits, 8);
  uint64_t step = (uint64_t)(blockNum + dstGap) * blockBytes;
  for (uint32_t r = 0; r < repeat; ++r) {
    uint8_t* d = dst + r * step;
    for (uint64_t i = 0; i < (uint64_t)blockNum * blockBytes; i += eb) std::memcpy(d + i, pattern, eb);
  }
}

}  // namespace sk::sim::cube
