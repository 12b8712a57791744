// Tensor transforms of lib/pad, lib/transpose and lib/transdata: Pad, UnPad, Transpose with a
// TransposeType (ConfusionTranspose), TransData. Written from the public API reference; they move
// elements (no arithmetic), so results are exact. Each is charged as the copy / TransDataTo5HD
// sequence it replaces. An NZ matrix of R rows and C columns here is the cube's layout: column
// blocks of 16, each ceil16(R) rows of 16 elements.
#ifndef SK_ASCENDC_ADV_TRANSFORM_H
#define SK_ASCENDC_ADV_TRANSFORM_H

#include "kernel_tiling/kernel_tiling.h"
#include "sk_ascendc/adv_common.h"
#include "sk_ascendc/layout.h"

SK_SIMULATED_BEGIN

namespace AscendC {

/* ---- Pad / UnPad of a [height, width] tensor along its width ---- */
struct PadParams {
  uint16_t leftPad = 0;
  uint16_t rightPad = 0;
  int32_t padValue = 0;
};
struct UnPadParams {
  uint16_t leftPad = 0;
  uint16_t rightPad = 0;
};

// Pad, from the tiling's srcHeight, srcWidth (data + redundant columns) and srcOriWidth (data):
//  - width not 32-byte aligned: src holds height dense rows of width; dst rows of ceil32(width)
//    elements: leftPad values, the row, rightPad values (leftPad + width + rightPad at most the
//    aligned width; the rest of a row is left as it was);
//  - width aligned with redundant columns (srcOriWidth < width): rows of width in both; columns
//    [srcOriWidth, srcOriWidth + rightPad) take the value, the others are copied (right side only).
template <typename T>
__aicore__ inline void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams, const LocalTensor<uint8_t>&,
                           PadTiling& tiling) {
  static_assert(sizeof(PrimT<T>) == 2 || sizeof(PrimT<T>) == 4, "Pad: T must be a 2- or 4-byte type (int16/uint16/half, int32/uint32/float)");
  namespace a = detail::adv;
  const uint32_t h = tiling.srcHeight, w = tiling.srcWidth, ori = tiling.srcOriWidth ? tiling.srcOriWidth : tiling.srcWidth;
  const uint32_t perBlock = 32 / sizeof(PrimT<T>);
  const uint32_t alignedW = (w + perBlock - 1) / perBlock * perBlock;
  const PrimT<T> value = (PrimT<T>)padParams.padValue;
  PrimT<T>* d = a::ptr(dstTensor);
  const PrimT<T>* s = a::ptr(srcTensor);
  if (h == 0 || w == 0) ::sk_trapf(3, "Pad: the tiling's shape [%u, %u] is empty (PadTilingFunc fills it)", h, w);
  if (w % perBlock != 0) {
    if ((uint32_t)padParams.leftPad + w + padParams.rightPad > alignedW)
      ::sk_trapf(3, "Pad: leftPad %u + width %u + rightPad %u exceeds the 32-byte aligned width %u", padParams.leftPad, w,
                 padParams.rightPad, alignedW);
    a::need("Pad", "srcTensor", srcTensor, (uint64_t)h * w);
    a::need("Pad", "dstTensor", dstTensor, (uint64_t)h * alignedW);
    // backwards (rows and columns): every element moves up, so dst may be src
    for (uint32_t r = h; r-- > 0;) {
      PrimT<T>* out = d + (uint64_t)r * alignedW;
      for (uint32_t j = 0; j < padParams.rightPad; ++j) out[padParams.leftPad + w + j] = value;
      for (uint32_t j = w; j-- > 0;) out[padParams.leftPad + j] = s[(uint64_t)r * w + j];
      for (uint32_t j = 0; j < padParams.leftPad; ++j) out[j] = value;
    }
  } else {
    if (padParams.leftPad != 0) ::sk_trapf(3, "Pad: an aligned width %u pads on the right only (leftPad %u)", w, padParams.leftPad);
    if (ori >= w) ::sk_trapf(3, "Pad: width %u is 32-byte aligned and holds no redundant columns (srcOriWidth %u); nothing to pad", w, ori);
    a::need("Pad", "srcTensor", srcTensor, (uint64_t)h * w);
    a::need("Pad", "dstTensor", dstTensor, (uint64_t)h * w);
    for (uint32_t r = 0; r < h; ++r)
      for (uint32_t j = 0; j < w; ++j) {
        const uint64_t i = (uint64_t)r * w + j;
        d[i] = (j >= ori && j < ori + padParams.rightPad) ? value : s[i];
      }
  }
  a::chargeOps((uint64_t)h * alignedW, sizeof(PrimT<T>), "copy", "duplicate");
}
template <typename T>
__aicore__ inline void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams, PadTiling& tiling) {
  Pad<T>(dstTensor, srcTensor, padParams, LocalTensor<uint8_t>(), tiling);
}

// UnPad: src rows of the tiling's srcWidth (32-byte aligned), dst dense rows without the
// rightPad last columns (leftPad has no effect, as documented).
template <typename T>
__aicore__ inline void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, UnPadParams& unPadParams, LocalTensor<uint8_t>&,
                             UnPadTiling& tiling) {
  static_assert(sizeof(PrimT<T>) == 2 || sizeof(PrimT<T>) == 4, "UnPad: T must be a 2- or 4-byte type (int16/uint16/half, int32/uint32/float)");
  namespace a = detail::adv;
  const uint32_t h = tiling.srcHeight, w = tiling.srcWidth;
  if (h == 0 || w == 0) ::sk_trapf(3, "UnPad: the tiling's shape [%u, %u] is empty (UnPadTilingFunc fills it)", h, w);
  if ((w * sizeof(PrimT<T>)) % 32 != 0) ::sk_trapf(3, "UnPad: width %u is not 32-byte aligned", w);
  if (unPadParams.rightPad == 0 || unPadParams.rightPad * sizeof(PrimT<T>) >= 32 || unPadParams.rightPad >= w)
    ::sk_trapf(3, "UnPad: rightPad %u must be positive and less than 32 bytes", unPadParams.rightPad);
  const uint32_t ow = w - unPadParams.rightPad;
  a::need("UnPad", "srcTensor", srcTensor, (uint64_t)h * w);
  a::need("UnPad", "dstTensor", dstTensor, (uint64_t)h * ow);
  PrimT<T>* d = a::ptr(dstTensor);
  const PrimT<T>* s = a::ptr(srcTensor);
  for (uint32_t r = 0; r < h; ++r)  // forwards: dst may be src (rows only move down)
    for (uint32_t j = 0; j < ow; ++j) d[(uint64_t)r * ow + j] = s[(uint64_t)r * w + j];
  a::chargeOps((uint64_t)h * w, sizeof(PrimT<T>), "gathermask");
}
template <typename T>
__aicore__ inline void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, UnPadParams& unPadParams, UnPadTiling& tiling) {
  LocalTensor<uint8_t> none;
  UnPad<T>(dstTensor, srcTensor, unPadParams, none, tiling);
}

/* ---- Transpose with a TransposeType (the tiling from GetTransposeTilingInfo) ---- */
namespace detail {
namespace adv {
// Element (r, c) of an NZ matrix of `rows` rows.
inline uint64_t nz(uint32_t rows, uint32_t r, uint32_t c) {
  const uint64_t rowsPad = (rows + 15) / 16 * 16;
  return (uint64_t)(c / 16) * rowsPad * 16 + (uint64_t)r * 16 + c % 16;
}
inline uint64_t nzSize(uint32_t rows, uint32_t cols) { return (uint64_t)(rows + 15) / 16 * 16 * ((cols + 15) / 16 * 16); }
inline uint32_t align16(uint32_t v) { return (v + 15) / 16 * 16; }
}  // namespace adv
}  // namespace detail

template <typename T>
__aicore__ inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&, TransposeType transposeType,
                                 ConfusionTransposeTiling& tiling) {
  namespace a = detail::adv;
  const char* api = "Transpose";
  const uint32_t type = (uint32_t)transposeType;
  if (tiling.param0 != 0 && tiling.param0 != type)
    ::sk_trapf(3, "Transpose: the tiling was made for transpose type %u, the call asks for %u", tiling.param0, type);
  const uint32_t nd = tiling.param1;
  const uint32_t d0 = tiling.param2, d1 = tiling.param3, d2 = tiling.param4, d3 = tiling.param5;
  const PrimT<T>* s = a::ptr(src);
  PrimT<T>* d = a::ptr(dst);
  uint64_t moved = 0;
  if (type >= 1 && type <= 6) {
    if (sizeof(PrimT<T>) != 2 && sizeof(PrimT<T>) != 4) ::sk_trapf(3, "Transpose: types 1-6 take 2- or 4-byte elements");
    if (nd != 4) ::sk_trapf(3, "Transpose: type %u needs the tiling of a [B, N, S, H/N] shape (GetTransposeTilingInfo)", type);
    const uint32_t B = d0, N = d1, S = d2, HN = d3, H = N * HN;
    uint64_t srcN = 0, dstN = 0;
    // source: NZ [S, H/N] per (b, n) for 1, 2, 5, 6; NZ [S, H] per b for 3, 4
    if (type == 3 || type == 4) srcN = (uint64_t)B * a::nzSize(S, H);
    else srcN = (uint64_t)B * N * a::nzSize(S, HN);
    switch (type) {
      case 1: dstN = (uint64_t)B * S * N * HN; break;
      case 2: dstN = (uint64_t)B * S * a::nzSize(N, HN); break;
      case 3: dstN = (uint64_t)B * N * a::nzSize(S, HN); break;
      case 4: dstN = (uint64_t)B * N * S * a::align16(HN); break;
      case 5: dstN = (uint64_t)B * S * a::align16(H); break;
      default: dstN = (uint64_t)B * a::nzSize(S, H); break;
    }
    a::need(api, "src", src, srcN);
    a::need(api, "dst", dst, dstN);
    for (uint32_t b = 0; b < B; ++b)
      for (uint32_t n = 0; n < N; ++n)
        for (uint32_t sIdx = 0; sIdx < S; ++sIdx)
          for (uint32_t hn = 0; hn < HN; ++hn) {
            const uint32_t hAll = n * HN + hn;
            uint64_t from = (type == 3 || type == 4) ? (uint64_t)b * a::nzSize(S, H) + a::nz(S, sIdx, hAll)
                                                     : ((uint64_t)b * N + n) * a::nzSize(S, HN) + a::nz(S, sIdx, hn);
            uint64_t to;
            switch (type) {
              case 1: to = (((uint64_t)b * S + sIdx) * N + n) * HN + hn; break;
              case 2: to = ((uint64_t)b * S + sIdx) * a::nzSize(N, HN) + a::nz(N, n, hn); break;
              case 3: to = ((uint64_t)b * N + n) * a::nzSize(S, HN) + a::nz(S, sIdx, hn); break;
              case 4: to = (((uint64_t)b * N + n) * S + sIdx) * a::align16(HN) + hn; break;
              case 5: to = ((uint64_t)b * S + sIdx) * a::align16(H) + hAll; break;
              default: to = (uint64_t)b * a::nzSize(S, H) + a::nz(S, sIdx, hAll); break;
            }
            d[to] = s[from];
          }
    moved = srcN;
  } else if (type == 7 || type == 13) {
#if defined(__NPU_ARCH__) && __NPU_ARCH__ != 3510
    if (type == 13) ::sk_trapf(3, "Transpose: type 13 (TRANSPOSE_ND2ND_021) is Ascend 950 only, as documented");
#endif
    if (nd != 2 && !(type == 13 && nd == 3)) ::sk_trapf(3, "Transpose: type %u needs the tiling of an [H, W] shape", type);
    const uint32_t N = nd == 3 ? d0 : 1, Hh = nd == 3 ? d1 : d0, W = nd == 3 ? d2 : d1;
    if (type == 7 && (Hh % 16 != 0 || W % 16 != 0)) ::sk_trapf(3, "Transpose: type 7 needs H %u and W %u multiples of 16", Hh, W);
    a::need(api, "src", src, (uint64_t)N * Hh * W);
    a::need(api, "dst", dst, (uint64_t)N * Hh * W);
    for (uint32_t n = 0; n < N; ++n)
      for (uint32_t i = 0; i < Hh; ++i)
        for (uint32_t j = 0; j < W; ++j) d[((uint64_t)n * W + j) * Hh + i] = s[((uint64_t)n * Hh + i) * W + j];
    moved = (uint64_t)N * Hh * W;
  } else if (type == 14 || type == 15) {
#if defined(__NPU_ARCH__) && __NPU_ARCH__ != 3510
    ::sk_trapf(3, "Transpose: type %u (TRANSPOSE_ND2ND_102 / _210) is Ascend 950 only, as documented", type);
#endif
    if (nd != 3) ::sk_trapf(3, "Transpose: type %u needs the tiling of an [N, H, W] shape", type);
    const uint32_t N = d0, Hh = d1, W = d2;
    a::need(api, "src", src, (uint64_t)N * Hh * W);
    a::need(api, "dst", dst, (uint64_t)N * Hh * W);
    for (uint32_t n = 0; n < N; ++n)
      for (uint32_t i = 0; i < Hh; ++i)
        for (uint32_t j = 0; j < W; ++j)
          d[type == 14 ? ((uint64_t)i * N + n) * W + j : ((uint64_t)j * Hh + i) * N + n] = s[((uint64_t)n * Hh + i) * W + j];
    moved = (uint64_t)N * Hh * W;
  } else {
    ::sk_trapf(3, "Transpose: transpose type %u is not supported (1-7, and 13-15 on Ascend 950)", type);
  }
  // two TransDataTo5HD passes over the data (16 x 16 squares)
  ::sk_vec_charge("transdatato5hd", 2 * ((moved * sizeof(PrimT<T>) + 511) / 512));
}
/* ---- The basic API's enhanced Transpose: TransposeParamsExt ---- */
// TRANSPOSE_ND2ND_B16: one 16 x 16 block of 2-byte elements (the sizes are not read; src may be
// dst); TRANSPOSE_NCHW2NHWC / TRANSPOSE_NHWC2NCHW: an [nSize, cSize, hSize, wSize] tensor of 1-,
// 2- or 4-byte elements to [n, h, w, c] and back (src must not be dst). The sharedTmpBuffer is
// not needed here (not read; its documented size is not checked).
struct TransposeParamsExt {
  __aicore__ TransposeParamsExt() {}
  __aicore__ TransposeParamsExt(const uint16_t nSizeIn, const uint16_t cSizeIn, const uint16_t hSizeIn,
                                const uint16_t wSizeIn, const TransposeType transposeTypeIn)
      : nSize(nSizeIn), cSize(cSizeIn), hSize(hSizeIn), wSize(wSizeIn), transposeType(transposeTypeIn) {}
  uint16_t nSize = 0;
  uint16_t cSize = 0;
  uint16_t hSize = 0;
  uint16_t wSize = 0;
  TransposeType transposeType = TransposeType::TRANSPOSE_ND2ND_B16;
};
template <typename T>
__aicore__ inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&,
                                 const TransposeParamsExt& p) {
  namespace a = detail::adv;
  static_assert(sizeof(PrimT<T>) == 1 || sizeof(PrimT<T>) == 2 || sizeof(PrimT<T>) == 4,
                "Transpose: TransposeParamsExt takes 1-, 2- or 4-byte elements");
  const char* api = "Transpose";
  if (p.transposeType == TransposeType::TRANSPOSE_ND2ND_B16) {
    if (sizeof(PrimT<T>) != 2) ::sk_trapf(3, "Transpose: TRANSPOSE_ND2ND_B16 takes 2-byte elements (uint16_t)");
    a::need(api, "src", src, 256);
    a::need(api, "dst", dst, 256);
    ::sk_vec_transpose16(dst.HostPtr(), src.HostPtr());
    return;
  }
  const bool toNhwc = p.transposeType == TransposeType::TRANSPOSE_NCHW2NHWC;
  if (!toNhwc && p.transposeType != TransposeType::TRANSPOSE_NHWC2NCHW)
    ::sk_trapf(3, "Transpose: TransposeParamsExt type %u is not TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC or TRANSPOSE_NHWC2NCHW",
               (uint32_t)p.transposeType);
  const uint64_t N = p.nSize, C = p.cSize, H = p.hSize, W = p.wSize, count = N * C * H * W;
  a::need(api, "src", src, count);
  a::need(api, "dst", dst, count);
  if (count != 0 && src.HostPtr() == dst.HostPtr())
    ::sk_trapf(3, "Transpose: %s cannot work in place (src and dst are the same tensor)",
               toNhwc ? "TRANSPOSE_NCHW2NHWC" : "TRANSPOSE_NHWC2NCHW");
  const PrimT<T>* s = a::ptr(src);
  PrimT<T>* d = a::ptr(dst);
  for (uint64_t n = 0; n < N; ++n)
    for (uint64_t c = 0; c < C; ++c)
      for (uint64_t h = 0; h < H; ++h)
        for (uint64_t w = 0; w < W; ++w) {
          const uint64_t nchw = ((n * C + c) * H + h) * W + w, nhwc = ((n * H + h) * W + w) * C + c;
          if (toNhwc) d[nhwc] = s[nchw];
          else d[nchw] = s[nhwc];
        }
  // two TransDataTo5HD passes over the data (16 x 16 squares)
  ::sk_vec_charge("transdatato5hd", 2 * ((count * sizeof(PrimT<T>) + 511) / 512));
}
template <typename T>
__aicore__ inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, TransposeType transposeType,
                                 ConfusionTransposeTiling& tiling) {
  Transpose<T>(dst, src, LocalTensor<uint8_t>(), transposeType, tiling);
}
template <typename T>
__aicore__ inline void ConfusionTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
                                          TransposeType transposeType, ConfusionTransposeTiling& tiling) {
  Transpose<T>(dst, src, tmp, transposeType, tiling);
}
template <typename T>
__aicore__ inline void ConfusionTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src, TransposeType transposeType,
                                          ConfusionTransposeTiling& tiling) {
  Transpose<T>(dst, src, LocalTensor<uint8_t>(), transposeType, tiling);
}

/* ---- TransData: NCDHW <-> NDC1HWC0, NCDHW <-> FRACTAL_Z_3D with C0 = N0 = 16 ---- */
template <typename T, typename U> struct TransDataParams {
  T srcLayout;
  U dstLayout;
};

namespace detail {
namespace adv {
template <typename Tup, size_t... I> inline void dimsOf(const Tup& t, uint32_t* out, std::index_sequence<I...>) {
  ((out[I] = (uint32_t)Std::get<I>(t)), ...);
}
template <typename L> inline void shapeOf(const L& layout, uint32_t* out, size_t expected, const char* what) {
  using S = std::decay_t<decltype(layout.GetShape())>;
  constexpr size_t n = Std::tuple_size<S>::value;
  if (n != expected) ::sk_trapf(3, "TransData: the %s layout has %u dims, the format needs %u", what, (unsigned)n, (unsigned)expected);
  dimsOf(layout.GetShape(), out, std::make_index_sequence<n>{});
}
}  // namespace adv
}  // namespace detail

// NCDHW data has its H*W axis padded to 16 elements (32 bytes of 16-bit elements) per (n, c, d);
// NDC1HWC0 is [N, D, C1, H*W, 16]; FRACTAL_Z_3D is [D, C1, H*W, N1, 16 (n0), 16 (c0)]. Channels
// (and N) beyond C (N) read as 0 going into the fractal formats; going out, the NCDHW rows'
// padding after H*W is left as it was.
template <const TransDataConfig& config, typename T, typename U, typename S>
__aicore__ inline void TransData(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>&,
                                 const TransDataParams<U, S>& params) {
  static_assert(sizeof(PrimT<T>) == 2, "TransData: T must be a 16-bit type (int16_t, uint16_t, half, bfloat16_t)");
  static_assert(is_layout<U>::value && is_layout<S>::value, "TransData: TransDataParams takes Layouts (MakeLayout)");
  constexpr DataFormat sf = config.srcFormat, df = config.dstFormat;
  static_assert((sf == DataFormat::NCDHW && (df == DataFormat::NDC1HWC0 || df == DataFormat::FRACTAL_Z_3D)) ||
                    (df == DataFormat::NCDHW && (sf == DataFormat::NDC1HWC0 || sf == DataFormat::FRACTAL_Z_3D)),
                "TransData: NCDHW <-> NDC1HWC0 and NCDHW <-> FRACTAL_Z_3D are the supported conversions");
  namespace a = detail::adv;
  uint32_t n, c, d, h, w;
  {
    uint32_t sh[7];
    const bool toFractal = sf == DataFormat::NCDHW;
    if (toFractal) a::shapeOf(params.srcLayout, sh, 5, "source (NCDHW)");
    else a::shapeOf(params.dstLayout, sh, 5, "destination (NCDHW)");
    n = sh[0], c = sh[1], d = sh[2], h = sh[3], w = sh[4];
  }
  const uint32_t c1 = (c + 15) / 16, n1 = (n + 15) / 16, hw = h * w, hwPad = (hw + 15) / 16 * 16;
  const bool z3d = sf == DataFormat::FRACTAL_Z_3D || df == DataFormat::FRACTAL_Z_3D;
  const uint64_t ncdhwN = (uint64_t)n * c * d * hwPad;
  const uint64_t fracN = z3d ? (uint64_t)d * c1 * hw * n1 * 256 : (uint64_t)n * d * c1 * hw * 16;
  auto fracIndex = [&](uint32_t ni, uint32_t ci, uint32_t di, uint32_t k) -> uint64_t {
    if (z3d) return ((((uint64_t)di * c1 + ci / 16) * hw + k) * n1 + ni / 16) * 256 + (ni % 16) * 16 + ci % 16;
    return ((((uint64_t)ni * d + di) * c1 + ci / 16) * hw + k) * 16 + ci % 16;
  };
  const PrimT<T>* s = a::ptr(srcTensor);
  PrimT<T>* o = a::ptr(dstTensor);
  if (sf == DataFormat::NCDHW) {
    a::need("TransData", "srcTensor", srcTensor, ncdhwN);
    a::need("TransData", "dstTensor", dstTensor, fracN);
    const uint32_t nAll = z3d ? n1 * 16 : n;
    for (uint32_t ni = 0; ni < nAll; ++ni)
      for (uint32_t ci = 0; ci < c1 * 16; ++ci)
        for (uint32_t di = 0; di < d; ++di)
          for (uint32_t k = 0; k < hw; ++k) {
            PrimT<T> v{};
            if (ni < n && ci < c) v = s[(((uint64_t)ni * c + ci) * d + di) * hwPad + k];
            o[fracIndex(ni, ci, di, k)] = v;
          }
  } else {
    a::need("TransData", "srcTensor", srcTensor, fracN);
    a::need("TransData", "dstTensor", dstTensor, ncdhwN);
    for (uint32_t ni = 0; ni < n; ++ni)
      for (uint32_t ci = 0; ci < c; ++ci)
        for (uint32_t di = 0; di < d; ++di)
          for (uint32_t k = 0; k < hw; ++k) o[(((uint64_t)ni * c + ci) * d + di) * hwPad + k] = s[fracIndex(ni, ci, di, k)];
  }
  ::sk_vec_charge("transdatato5hd", 2 * ((std::max(ncdhwN, fracN) * 2 + 511) / 512));
}
template <const TransDataConfig& config, typename T, typename U, typename S>
__aicore__ inline void TransData(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const TransDataParams<U, S>& params) {
  TransData<config, T, U, S>(dstTensor, srcTensor, LocalTensor<uint8_t>(), params);
}

/* ---- Interleave / DeInterleave (Ascend 950): element pairs across two tensors ----
   Interleave: the sequence src0[0], src1[0], src0[1], src1[1], ... fills dst0, then dst1.
   DeInterleave: of src0 then src1 (or of src alone), the even elements go to dst0, the odd ones
   to dst1. Charged as the two copies per output they take on the vector unit. */
namespace detail {
template <typename T> inline void requireEvenCount(const char* api, int32_t count) {
  static_assert(kArch3510 || sizeof(T) == 0, "Interleave and DeInterleave are Ascend 950's (dav-3510)");
  if (count < 0 || count % 2) ::sk_trapf(3, "%s: count %d must be even (and not negative)", api, count);
}
// Element k of the pair sequence (2 * count long) is src[k % 2][k / 2] and dst[k / count][k %
// count] interleaving; the other way round deinterleaving.
template <typename T>
inline void pairShuffle(const char* api, bool interleave, const LocalTensor<T>& dst0, const LocalTensor<T>& dst1,
                        const LocalTensor<T>& src0, const LocalTensor<T>& src1, int32_t count) {
  namespace a = adv;
  requireEvenCount<T>(api, count);
  for (auto* t : {&dst0, &dst1, &src0, &src1}) a::need(api, t == &dst0 || t == &dst1 ? "dst" : "src", *t, (uint64_t)count);
  const a::E<T>* s[2] = {a::ptr(src0), a::ptr(src1)};
  a::E<T>* d[2] = {a::ptr(dst0), a::ptr(dst1)};
  for (int64_t k = 0; k < 2 * (int64_t)count; ++k)
    if (interleave) d[k / count][k % count] = s[k % 2][k / 2];
    else d[k % 2][k / 2] = s[k / count][k % count];
  a::chargeOps((uint64_t)count, sizeof(a::E<T>), "copy", "copy", "copy", "copy");
}
}  // namespace detail
template <typename T>
__aicore__ inline void Interleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src0,
                                  const LocalTensor<T>& src1, const int32_t count) {
  detail::pairShuffle("Interleave", true, dst0, dst1, src0, src1, count);
}
template <typename T>
__aicore__ inline void DeInterleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src0,
                                    const LocalTensor<T>& src1, const int32_t count) {
  detail::pairShuffle("DeInterleave", false, dst0, dst1, src0, src1, count);
}
template <typename T>
__aicore__ inline void DeInterleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src,
                                    const int32_t srcCount) {
  namespace a = detail::adv;
  detail::requireEvenCount<T>("DeInterleave", srcCount);
  a::need("DeInterleave", "dst", dst0, (uint64_t)srcCount / 2);
  a::need("DeInterleave", "dst", dst1, (uint64_t)srcCount / 2);
  a::need("DeInterleave", "src", src, (uint64_t)srcCount);
  const a::E<T>* s = a::ptr(src);
  a::E<T>* d[2] = {a::ptr(dst0), a::ptr(dst1)};
  for (int64_t k = 0; k < (int64_t)srcCount; ++k) d[k % 2][k / 2] = s[k];
  a::chargeOps((uint64_t)srcCount / 2, sizeof(a::E<T>), "copy", "copy");
}

}  // namespace AscendC

SK_SIMULATED_END

#endif /* SK_ASCENDC_ADV_TRANSFORM_H */
