// The cube path of an AIC (docs/ascendc.md, "Cube"): GM ND -> L1 Nz copies (Nd2NzParams),
// fractal loads into L0A/L0B (LoadData), Mmad into L0C, Fixpipe out of L0C with its
// quantization, bias-table copies and local fills, with the hardware's parameter structs, units
// and defaults, mapped onto the cube intrinsics of include/sk/kernel.h.
#ifndef SK_ASCENDC_CUBE_H
#define SK_ASCENDC_CUBE_H

#include "sk_ascendc/data_copy.h"

// The Fixpipe quantization modes (an unscoped enum at file scope, as kernels spell both
// QuantMode_t::F322F16 and F322F16).
enum QuantMode_t : uint8_t {
  NoQuant = SK_QUANT_NONE, F322F16 = SK_QUANT_F322F16, F322BF16 = SK_QUANT_F322BF16, DEQF16 = SK_QUANT_DEQF16,
  VDEQF16 = SK_QUANT_VDEQF16, QF322B8_PRE = SK_QUANT_QF322B8, VQF322B8_PRE = SK_QUANT_VQF322B8, REQ8 = SK_QUANT_REQ8,
  VREQ8 = SK_QUANT_VREQ8,
  // Ascend 950's scaled conversions (float to half / bfloat16 / float, int32 to bfloat16)
  QF322F16_PRE = SK_QUANT_QF322F16, VQF322F16_PRE = SK_QUANT_VQF322F16, QF322BF16_PRE = SK_QUANT_QF322BF16,
  VQF322BF16_PRE = SK_QUANT_VQF322BF16, QF322F32_PRE = SK_QUANT_QF322F32, VQF322F32_PRE = SK_QUANT_VQF322F32,
  QS322BF16_PRE = SK_QUANT_QS322BF16, VQS322BF16_PRE = SK_QUANT_VQS322BF16,
  // and float to fp8_e4m3fn_t / hifloat8_t
  QF322FP8_PRE = SK_QUANT_QF322FP8, VQF322FP8_PRE = SK_QUANT_VQF322FP8, QF322HIF8_PRE = SK_QUANT_QF322HIF8,
  VQF322HIF8_PRE = SK_QUANT_VQF322HIF8, QF322HIF8_PRE_HYBRID = SK_QUANT_QF322HIF8_HYBRID,
  VQF322HIF8_PRE_HYBRID = SK_QUANT_VQF322HIF8_HYBRID
};

namespace AscendC {

using ::QuantMode_t;

/* ---- GM -> L1: ND to Nz ---- */
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
using Nd2NzWide = uint32_t;
using Nd2NzWider = uint64_t;
#else
using Nd2NzWide = uint16_t;
using Nd2NzWider = uint16_t;
#endif
struct Nd2NzParams {
  uint16_t ndNum = 0;
  uint16_t nValue = 0;
  Nd2NzWide dValue = 0;
  Nd2NzWider srcNdMatrixStride = 0;
  Nd2NzWider srcDValue = 0;
  uint16_t dstNzC0Stride = 0;
  uint16_t dstNzNStride = 0;
  Nd2NzWide dstNzMatrixStride = 0;
  __aicore__ constexpr Nd2NzParams() {}
  __aicore__ constexpr Nd2NzParams(const uint16_t ndNumIn, const uint16_t nValueIn, const Nd2NzWide dValueIn,
                         const Nd2NzWider srcNdMatrixStrideIn, const Nd2NzWider srcDValueIn, const uint16_t dstNzC0StrideIn,
                         const uint16_t dstNzNStrideIn, const Nd2NzWide dstNzMatrixStrideIn)
      : ndNum(ndNumIn), nValue(nValueIn), dValue(dValueIn), srcNdMatrixStride(srcNdMatrixStrideIn), srcDValue(srcDValueIn),
        dstNzC0Stride(dstNzC0StrideIn), dstNzNStride(dstNzNStrideIn), dstNzMatrixStride(dstNzMatrixStrideIn) {}
};

namespace detail {
inline sk_nd2nz nd2nzOf(const Nd2NzParams& p) {
  sk_nd2nz r{};
  r.nd_num = p.ndNum;
  r.n_value = p.nValue;
  r.d_value = p.dValue;
  r.dst_c0_stride = p.dstNzC0Stride;
  r.dst_n_stride = p.dstNzNStride;
  r.src_matrix_stride = p.srcNdMatrixStride;
  r.src_d_value = p.srcDValue;
  r.dst_matrix_stride = p.dstNzMatrixStride;
  return r;
}
}  // namespace detail

// enableSmallC0 (Ascend 950): with dValue <= 4, C0 is 4 elements (each row zero-padded to 4), the
// destination strides in such C0s; ignored with a wider dValue (the C API page).
template <typename T, bool enableSmallC0 = false>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& p) {
  static_assert(detail::kArch3510 || !enableSmallC0, "DataCopy: the SmallC0 mode is Ascend 950's (dav-3510)");
  sk_nd2nz r = detail::nd2nzOf(p);
  r.small_c0 = enableSmallC0;
  ::sk_copy_nd2nz(dst.HostPtr(), src.HostPtr(), sizeof(PrimT<T>), &r);
}

/* ---- GM -> L1: DN (column-major) to Nz, Ascend 950 ---- */
// dnNum matrices of nValue x dValue stored column-major (element (n, d) at d * srcDValue + n),
// each to the Nz the same matrix stored ND would get (Nd2NzParams' destination fields).
struct Dn2NzParams {
  uint16_t dnNum = 0;
  uint16_t nValue = 0;
  uint32_t dValue = 0;
  uint64_t srcDnMatrixStride = 0;
  uint64_t srcDValue = 0;
  uint16_t dstNzC0Stride = 0;
  uint16_t dstNzNStride = 0;
  uint32_t dstNzMatrixStride = 0;
  __aicore__ constexpr Dn2NzParams() {}
  __aicore__ constexpr Dn2NzParams(const uint16_t dnNumIn, const uint16_t nValueIn, const uint32_t dValueIn,
                         const uint64_t srcDnMatrixStrideIn, const uint64_t srcDValueIn, const uint16_t dstNzC0StrideIn,
                         const uint16_t dstNzNStrideIn, const uint32_t dstNzMatrixStrideIn)
      : dnNum(dnNumIn), nValue(nValueIn), dValue(dValueIn), srcDnMatrixStride(srcDnMatrixStrideIn), srcDValue(srcDValueIn),
        dstNzC0Stride(dstNzC0StrideIn), dstNzNStride(dstNzNStrideIn), dstNzMatrixStride(dstNzMatrixStrideIn) {}
};
template <typename T, bool enableSmallC0 = false>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Dn2NzParams& p) {
  static_assert(detail::kArch3510 || sizeof(T) == 0, "DataCopy: Dn2NzParams is Ascend 950's (dav-3510)");
  sk_nd2nz r{};
  r.small_c0 = enableSmallC0;
  r.nd_num = p.dnNum, r.n_value = p.nValue, r.d_value = p.dValue;
  r.dst_c0_stride = p.dstNzC0Stride, r.dst_n_stride = p.dstNzNStride, r.dst_matrix_stride = p.dstNzMatrixStride;
  r.src_matrix_stride = p.srcDnMatrixStride, r.src_d_value = p.srcDValue, r.src_dn = 1;
  ::sk_copy_nd2nz(dst.HostPtr(), src.HostPtr(), sizeof(PrimT<T>), &r);
}

/* ---- L1 -> L0A / L0B ---- */
struct LoadData2DParams {
  uint16_t startIndex = 0;
  uint16_t dstGap = 0;
  uint16_t srcStride = 0;
  bool ifTranspose = false;
  uint8_t repeatTimes = 0;
  uint8_t sid = 0;
  uint8_t addrMode = 0;
  __aicore__ constexpr LoadData2DParams() {}
  __aicore__ constexpr LoadData2DParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn, const uint16_t srcStrideIn,
                              const uint8_t sidIn, const uint16_t dstGapIn, const bool ifTransposeIn, const uint8_t addrModeIn)
      : startIndex(startIndexIn), dstGap(dstGapIn), srcStride(srcStrideIn), ifTranspose(ifTransposeIn),
        repeatTimes(repeatTimesIn), sid(sidIn), addrMode(addrModeIn) {}
};

using LoadData2dParams = LoadData2DParams;  // the spelling of LoadDataWithSparse's page

namespace detail {
template <typename T> __aicore__ inline void loadData2d(const LocalTensor<T>& dst, const void* src, const LoadData2DParams& p) {
  if (p.addrMode != 0) ::sk_trap(3, "LoadData: addrMode 1 (decrementing addresses) is not simulated; use 0");
  ::sk_load_2d(dst.HostPtr(), src, sizeof(PrimT<T>), p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.ifTranspose);
}
}  // namespace detail
template <typename T> __aicore__ inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& p) {
  detail::loadData2d(dst, src.HostPtr(), p);
}
// The same fractals straight from GM into L1, L0A or L0B (on MTE2; without ifTranspose).
template <typename T> __aicore__ inline void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const LoadData2DParams& p) {
  detail::loadData2d(dst, src.HostPtr(), p);
}
// Loads with each square transposed (1- and 2-byte types and int4b_t; include/sk/kernel.h says
// what a square is): startIndex and srcStride in squares, dstGap and dstFracGap in 512-byte fractals.
struct LoadData2dTransposeParams {
  uint16_t startIndex = 0;
  uint8_t repeatTimes = 0;
  uint16_t srcStride = 0;
  uint16_t dstGap = 0;
  uint16_t dstFracGap = 0;
  uint8_t addrMode = 0;
  __aicore__ constexpr LoadData2dTransposeParams() {}
  __aicore__ constexpr LoadData2dTransposeParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn, const uint16_t srcStrideIn,
                                       const uint16_t dstGapIn, const uint16_t dstFracGapIn, const uint8_t addrModeIn = 0)
      : startIndex(startIndexIn), repeatTimes(repeatTimesIn), srcStride(srcStrideIn), dstGap(dstGapIn),
        dstFracGap(dstFracGapIn), addrMode(addrModeIn) {}
};
template <typename T>
__aicore__ inline void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2dTransposeParams& p) {
  // addrMode is ignored: CANN issues these loads incrementing whatever the field says.
  constexpr uint32_t elem = std::is_same_v<PrimT<T>, int4b_t> ? SK_ELEM_INT4 : sizeof(PrimT<T>);
  ::sk_load_2d_transpose(dst.HostPtr(), src.HostPtr(), elem, p.startIndex, p.repeatTimes, p.srcStride,
                         p.dstGap, p.dstFracGap, 0);
}
// Ascend 950's 2D load: an mStep x kStep block of fractals of an Nz matrix in L1 (rows from
// fractal row mStartPosition, columns from kStartPosition; srcStride fractal rows per column of
// the source) to an Nz block in L0 (dstStride fractals per column).
struct LoadData2DParamsV2 {
  uint32_t mStartPosition = 0;
  uint32_t kStartPosition = 0;
  uint16_t mStep = 0;
  uint16_t kStep = 0;
  int32_t srcStride = 0;
  uint16_t dstStride = 0;
  bool ifTranspose = false;
  uint8_t sid = 0;
  __aicore__ LoadData2DParamsV2() {}
  __aicore__ LoadData2DParamsV2(const uint32_t mStartPositionIn, const uint32_t kStartPositionIn, const uint16_t mStepIn,
                                const uint16_t kStepIn, const int32_t srcStrideIn, const uint16_t dstStrideIn,
                                const bool ifTransposeIn, const uint8_t sidIn)
      : mStartPosition(mStartPositionIn), kStartPosition(kStartPositionIn), mStep(mStepIn), kStep(kStepIn),
        srcStride(srcStrideIn), dstStride(dstStrideIn), ifTranspose(ifTransposeIn), sid(sidIn) {}
};
// ifTranspose transposes each fractal (b16), each 32 x 32-byte square of two fractals one above
// the other (b8: mStep even; fractal j of the pair = rows 16j.. of its transpose) or each 16 x 16
// square of two fractals side by side (b32: kStep even; fractal j = columns 8j.. of its
// transpose), and the grid with it: source row block m lands in destination column block m
// (b32: 2m and 2m + 1; dstStride fractals per column), source column block k in destination
// row block k (b8: 2k and 2k + 1; b32: k / 2).
// fp4 (two to a byte) transposes 64 x 64-element squares of four fractals one above the other
// (mStep a multiple of 4), source row blocks 4m.. landing in destination column block m, source
// column block k in destination row blocks 4k .. 4k + 3.
namespace detail {
template <typename T> __aicore__ inline void loadData2dV2(uint8_t* out, const uint8_t* in, const LoadData2DParamsV2& p) {
  constexpr uint32_t bytes = std::is_same_v<PrimT<T>, int4b_t> ? 0 : sizeof(PrimT<T>);
  constexpr bool fp4 = detail::isFp4<PrimT<T>>();
  if (p.srcStride < 0) ::sk_trap(3, "LoadData (LoadData2DParamsV2): srcStride must not be negative");
  if (p.ifTranspose && bytes == 0) ::sk_trap(3, "LoadData (LoadData2DParamsV2): ifTranspose with int4b_t is not simulated");
  if (p.ifTranspose && fp4 && p.mStep % 4)
    ::sk_trapf(3, "LoadData (LoadData2DParamsV2): ifTranspose with an fp4 type needs an mStep that is a multiple of 4, not %u", p.mStep);
  if (p.ifTranspose && (p.dstStride == 0 || p.srcStride == 0))
    ::sk_trap(3, "LoadData (LoadData2DParamsV2): ifTranspose needs a srcStride and a dstStride of at least 1");
  if (p.ifTranspose && bytes == 1 && p.mStep % 2)
    ::sk_trapf(3, "LoadData (LoadData2DParamsV2): ifTranspose with a 1-byte type needs an even mStep, not %u", p.mStep);
  if (p.ifTranspose && bytes == 4 && p.kStep % 2)
    ::sk_trapf(3, "LoadData (LoadData2DParamsV2): ifTranspose with a 4-byte type needs an even kStep, not %u", p.kStep);
  for (uint32_t k = 0; k < p.kStep; k += p.ifTranspose && bytes == 4 ? 2 : 1) {
    uint64_t from = (uint64_t)(p.kStartPosition + k) * (uint32_t)p.srcStride + p.mStartPosition, to = (uint64_t)k * p.dstStride;
    if (p.ifTranspose && bytes == 4) {  // fractals (m, k) and (m, k + 1), srcStride apart
      for (uint32_t m = 0; m < p.mStep; ++m)
        ::sk_load_2d_transpose(out + ((uint64_t)2 * m * p.dstStride + k / 2) * 512, in + (from + m) * 512, 4, 0, 1, 0, 0,
                               p.dstStride - 1u, (uint32_t)p.srcStride - 1u);
    } else if (!p.ifTranspose) {
      ::sk_load_2d(out + to * 512, in, sizeof(PrimT<T>), (uint32_t)from, p.mStep, 1, 0, 0);
    } else if (fp4) {
      for (uint32_t m = 0; m < p.mStep; m += 4)
        ::sk_load_2d_transpose(out + ((uint64_t)m / 4 * p.dstStride + 4ull * k) * 512, in + (from + m) * 512, SK_ELEM_INT4, 0, 1,
                               0, 0, 0, 0);
    } else if (bytes == 2) {
      ::sk_load_2d(out + (uint64_t)k * 512, in, 2, (uint32_t)from, p.mStep, 1, p.dstStride - 1u, 1);
    } else {
      for (uint32_t m = 0; m < p.mStep; m += 2)
        ::sk_load_2d_transpose(out + ((uint64_t)m / 2 * p.dstStride + 2ull * k) * 512, in + (from + m) * 512, 1, 0, 1, 0, 0, 0, 0);
    }
  }
}
}  // namespace detail
template <typename T> __aicore__ inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParamsV2& p) {
  detail::loadData2dV2<T>((uint8_t*)dst.HostPtr(), (const uint8_t*)src.HostPtr(), p);
}
// LoadData's MX form (Ascend 950): the A or B fractals as LoadData2DParamsV2 says, and their
// scales (srcMx, fp8_e8m0_t in L1, 32-byte fractals of 16 x 2) into L0A_MX / L0B_MX at dst's L0
// offset / 16: yStep fractals of each of xStep rows, srcStride / dstStride fractals a row.
struct LoadData2DMxParams {
  uint16_t xStartPosition = 0;
  uint16_t yStartPosition = 0;
  uint8_t xStep = 0;
  uint8_t yStep = 0;
  uint16_t srcStride = 0;
  uint16_t dstStride = 0;
  __aicore__ LoadData2DMxParams() {}
  __aicore__ LoadData2DMxParams(const uint16_t xStartPositionIn, const uint16_t yStartPositionIn, const uint8_t xStepIn,
                                const uint8_t yStepIn, const uint16_t srcStrideIn, const uint16_t dstStrideIn)
      : xStartPosition(xStartPositionIn), yStartPosition(yStartPositionIn), xStep(xStepIn), yStep(yStepIn),
        srcStride(srcStrideIn), dstStride(dstStrideIn) {}
};
template <typename T, typename U = T>
__aicore__ inline void LoadData(const LocalTensor<U>& dst, const LocalTensor<T>& src, const LocalTensor<fp8_e8m0_t>& srcMx,
                                const LoadData2DParamsV2& p, const LoadData2DMxParams& mx) {
  static_assert(detail::kArch3510 || sizeof(T) == 0, "LoadData (LoadData2DMxParams) is Ascend 950's (dav-3510)");
  static_assert(detail::isMxOperand<PrimT<T>>() && detail::minifloatCode<PrimT<U>>() == detail::minifloatCode<PrimT<T>>(),
                "LoadData (LoadData2DMxParams): fp8_e4m3fn_t, fp8_e5m2_t, fp4x2_e2m1_t or fp4x2_e1m2_t, dst of the "
                "same type (or its mx_fp8_* spelling)");
  LoadData(dst.template ReinterpretCast<PrimT<T>>(), src, p);
  ::sk_load_mx_scales(dst.HostPtr(), srcMx.HostPtr(), mx.xStartPosition, mx.yStartPosition, mx.xStep, mx.yStep,
                      mx.srcStride, mx.dstStride);
}
/* ---- L1 -> L0A / L0B: the 3D load (img2col) and its registers ---- */
// The registers live in core state, encoded as the hardware's: a feature-map register
// (SetFmatrix) l1W | l1H << 16 | padList[i] << (32 + 8i), left and right; the pad value's bits
// (1-byte types twice, v << 8 | v); the repeat register repeatStride | repeatTime << 16 |
// repeatMode << 24; the boundary in bytes.
constexpr int32_t PAD_SIZE = 4;
enum class FmatrixMode : uint8_t { FMATRIX_LEFT = 0, FMATRIX_RIGHT = 1 };
__aicore__ inline void SetFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[4], const FmatrixMode& fmatrixMode) {
  uint64_t reg = (uint64_t)l1W | ((uint64_t)l1H << 16);
  for (int32_t i = 0; i < PAD_SIZE; ++i) reg |= (uint64_t)padList[i] << (32 + 8 * i);
  detail::coreState(fmatrixMode == FmatrixMode::FMATRIX_RIGHT ? detail::kStateLoad3dFmRight : detail::kStateLoad3dFmLeft) = reg;
}
// The same two registers under the names CANN's implementation gives them (ops-nn's kernels call them).
__aicore__ inline void Load3DSetFMatrixCal(uint16_t l1H, uint16_t l1W, const uint8_t padList[4]) {
  SetFmatrix(l1H, l1W, padList, FmatrixMode::FMATRIX_LEFT);
}
__aicore__ inline void Load3DSetFMatrixBCal(uint16_t l1H, uint16_t l1W, const uint8_t padList[4]) {
  SetFmatrix(l1H, l1W, padList, FmatrixMode::FMATRIX_RIGHT);
}
__aicore__ inline void SetLoadDataPaddingValue(uint64_t padValue) { detail::coreState(detail::kStateLoad3dPad) = padValue; }
template <typename T> __aicore__ inline void SetLoadDataPaddingValue(const T padValue) {
  uint64_t bits = detail::scalarBits<T>(padValue);
  if constexpr (SizeOfBits<T>::value == 4) bits = (bits & 0xF) * 0x11;  // a byte of two pad nibbles
  detail::coreState(detail::kStateLoad3dPad) = sizeof(T) == 1 ? (bits & 0xFF) << 8 | (bits & 0xFF) : bits;
}
// The pad register by CANN's internal name (ops-nn's conv kernels call it).
template <typename T> __aicore__ inline void Load3DSetPaddingCal(const T padValue) { SetLoadDataPaddingValue<T>(padValue); }
__aicore__ inline void SetLoadDataBoundary(uint32_t boundaryValue) { detail::coreState(detail::kStateLoad3dBoundary) = boundaryValue; }
// On Ascend 950 also the 3D load's dstStride, as CANN had it before LoadDataRepeatParamWithStride
// (ops-nn's conv kernels still write {stride, time, mode, dstStride} for such a CANN).
struct LoadDataRepeatParam {
  uint16_t repeatStride = 0;
  uint8_t repeatTime = 1;
  uint8_t repeatMode = 0;
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
  uint16_t dstStride = 0;
#else
  uint8_t reserved = 0;
#endif
  __aicore__ constexpr LoadDataRepeatParam() {}
  __aicore__ constexpr LoadDataRepeatParam(const uint16_t repeatStrideIn, const uint8_t repeatTimeIn, const uint8_t repeatModeIn)
      : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn) {}
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
  __aicore__ constexpr LoadDataRepeatParam(const uint16_t repeatStrideIn, const uint8_t repeatTimeIn, const uint8_t repeatModeIn,
                                           const uint16_t dstStrideIn)
      : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn), dstStride(dstStrideIn) {}
#endif
};
namespace detail {
// Bit 63 marks the repeat register as written: before any SetLoadDataRepeat a 3D load runs once.
constexpr uint64_t kLoad3dRepeatWritten = 1ull << 63;
}  // namespace detail
__aicore__ inline void SetLoadDataRepeat(uint64_t config) {
  detail::coreState(detail::kStateLoad3dRepeat) = (config & 0xFFFFFFFFull) | detail::kLoad3dRepeatWritten;
}
// Ascend 950's repeat register, with LoadDataWithStride's dstStride (fractals between the
// destination's K-direction blocks) in bits 32..47.
struct LoadDataRepeatParamWithStride {
  uint16_t repeatStride = 0;
  uint8_t repeatTime = 1;
  uint8_t repeatMode = 0;
  uint16_t dstStride = 0;
  __aicore__ LoadDataRepeatParamWithStride() {}
  __aicore__ LoadDataRepeatParamWithStride(const uint16_t repeatStrideIn, const uint8_t repeatTimeIn, const uint8_t repeatModeIn,
                                           const uint16_t dstStrideIn)
      : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn), dstStride(dstStrideIn) {}
};
__aicore__ inline void SetLoadDataRepeatWithStride(const LoadDataRepeatParamWithStride& p) {
  detail::coreState(detail::kStateLoad3dRepeat) = (uint64_t)p.repeatStride | ((uint64_t)p.repeatTime << 16) |
                                                   ((uint64_t)p.repeatMode << 24) | ((uint64_t)p.dstStride << 32) |
                                                   detail::kLoad3dRepeatWritten;
}
__aicore__ inline void SetLoadDataRepeat(const LoadDataRepeatParam& p) {
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510  // the four-field form: the register WithStride writes
  SetLoadDataRepeatWithStride(LoadDataRepeatParamWithStride(p.repeatStride, p.repeatTime, p.repeatMode, p.dstStride));
#else
  SetLoadDataRepeat((uint64_t)p.repeatStride | ((uint64_t)p.repeatTime << 16) | ((uint64_t)p.repeatMode << 24));
#endif
}

struct IsResetLoad3dConfig {
  __aicore__ constexpr IsResetLoad3dConfig(const bool isSetFMatrixIn, const bool isSetPaddingIn)
      : isSetFMatrix(isSetFMatrixIn), isSetPadding(isSetPaddingIn) {}
  bool isSetFMatrix = true;
  bool isSetPadding = true;
};
constexpr IsResetLoad3dConfig IS_RESER_LOAD3D_DEFAULT_CONFIG = {true, true};  // (sic), as CANN spells it

template <typename T> struct LoadData3DParamsV2 {
  uint8_t padList[PAD_SIZE] = {0};  // left, right, top, bottom
  uint16_t l1H = 0;
  uint16_t l1W = 0;
  uint16_t channelSize = 0;
  uint16_t kExtension = 0;
  uint16_t mExtension = 0;
  uint16_t kStartPt = 0;
  uint16_t mStartPt = 0;
  uint8_t strideW = 1;
  uint8_t strideH = 1;
  uint8_t filterW = 1;
  uint8_t filterH = 1;
  uint8_t dilationFilterW = 1;
  uint8_t dilationFilterH = 1;
  bool enTranspose = false;
  bool enSmallK = false;
  T padValue = 0;
  bool filterSizeW = false;
  bool filterSizeH = false;
  bool fMatrixCtrl = false;
  __aicore__ LoadData3DParamsV2() {}
  __aicore__ LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                                const uint16_t channelSizeIn, const uint16_t kExtensionIn, const uint16_t mExtensionIn,
                                const uint16_t kStartPtIn, const uint16_t mStartPtIn, const uint8_t strideWIn,
                                const uint8_t strideHIn, const uint8_t filterWIn, const uint8_t filterHIn,
                                const uint8_t dilationFilterWIn, const uint8_t dilationFilterHIn, const bool enTransposeIn,
                                const bool enSmallKIn, const T padValueIn, const bool filterSizeWIn = false,
                                const bool filterSizeHIn = false, const bool fMatrixCtrlIn = false)
      : l1H(l1HIn), l1W(l1WIn), channelSize(channelSizeIn), kExtension(kExtensionIn), mExtension(mExtensionIn),
        kStartPt(kStartPtIn), mStartPt(mStartPtIn), strideW(strideWIn), strideH(strideHIn), filterW(filterWIn),
        filterH(filterHIn), dilationFilterW(dilationFilterWIn), dilationFilterH(dilationFilterHIn), enTranspose(enTransposeIn),
        enSmallK(enSmallKIn), padValue(padValueIn), filterSizeW(filterSizeWIn), filterSizeH(filterSizeHIn),
        fMatrixCtrl(fMatrixCtrlIn) {
    for (int32_t i = 0; i < PAD_SIZE; ++i) padList[i] = padListIn[i];
  }
};
// The packed form: extConfig = mStartPt << 48 | kStartPt << 32 | mExtension << 16 | kExtension,
// filterConfig = dilationH << 40 | dilationW << 32 | filterH << 24 | filterW << 16 | strideH << 8 |
// strideW; the feature map and pad value always come from the registers.
struct LoadData3DParamsV2Pro {
  uint16_t channelSize = 0;
  bool enTranspose = false;
  bool enSmallK = false;
  bool filterSizeW = false;
  bool filterSizeH = false;
  bool fMatrixCtrl = false;
  uint64_t extConfig = 0;
  uint64_t filterConfig = 0x10101010101;
  __aicore__ LoadData3DParamsV2Pro() {}
  __aicore__ LoadData3DParamsV2Pro(const uint16_t channelSizeIn, const bool enTransposeIn, const bool enSmallKIn,
                                   const bool filterSizeWIn, const bool filterSizeHIn, const bool fMatrixCtrlIn,
                                   const uint64_t extConfigIn, const uint64_t filterConfigIn)
      : channelSize(channelSizeIn), enTranspose(enTransposeIn), enSmallK(enSmallKIn), filterSizeW(filterSizeWIn),
        filterSizeH(filterSizeHIn), fMatrixCtrl(fMatrixCtrlIn), extConfig(extConfigIn), filterConfig(filterConfigIn) {}
};

namespace detail {
// One 3D load from the registers: the feature map (right one when fMatrixCtrl), the pad value,
// repeat, boundary and (LoadDataWithStride, withStride) dstStride; `load` carries the
// instruction's own fields.
inline void load3d(void* dst, const void* src, uint32_t eb, bool fMatrixCtrl, bool enSmallK, sk_img2col_params& load,
                   bool withStride = false) {
  if (enSmallK) ::sk_trap(3, "LoadData (LoadData3DParamsV2): enSmallK is no longer supported by the hardware; use false");
  uint64_t fm = coreState(fMatrixCtrl ? kStateLoad3dFmRight : kStateLoad3dFmLeft);
  load.l1_w = (uint32_t)(fm & 0xFFFF);
  load.l1_h = (uint32_t)((fm >> 16) & 0xFFFF);
  load.pad_left = (uint32_t)((fm >> 32) & 0xFF);
  load.pad_right = (uint32_t)((fm >> 40) & 0xFF);
  load.pad_top = (uint32_t)((fm >> 48) & 0xFF);
  load.pad_bottom = (uint32_t)(fm >> 56);
  load.pad_bits = coreState(kStateLoad3dPad);
  uint64_t rpt = coreState(kStateLoad3dRepeat);
  load.repeat_time = rpt & kLoad3dRepeatWritten ? (uint32_t)((rpt >> 16) & 0xFF) : 1;
  // Ascend 950's dstStride (0 on 910B): LoadDataWithStride needs one; a plain LoadData takes the
  // one a four-field LoadDataRepeatParam set, else lays its blocks out back to back.
  load.dst_stride = (uint32_t)((rpt >> 32) & 0xFFFF);
  if (withStride && !load.dst_stride) ::sk_trap(3, "LoadDataWithStride: set a dstStride with SetLoadDataRepeatWithStride first");
  load.boundary = (uint32_t)coreState(kStateLoad3dBoundary);
  ::sk_img2col(dst, src, eb, &load);
}
// int4b_t moves as byte pairs: its C0 of 64 is int8's 32 bytes, so the channel and K counts
// halve (and, as for int8, only L0A's Zz, not transposed, is a 1-byte load's destination on dav-2201).
template <typename T>
inline void load3d(const LocalTensor<T>& dst, const LocalTensor<T>& src, bool fMatrixCtrl, bool enSmallK, sk_img2col_params& load,
                   bool withStride = false) {
  if constexpr (SizeOfBits<PrimT<T>>::value == 4) load.channel_size /= 2, load.k_ext /= 2, load.k_start /= 2;
  load3d(dst.HostPtr(), src.HostPtr(), sizeof(PrimT<T>), fMatrixCtrl, enSmallK, load, withStride);
}
template <const IsResetLoad3dConfig& defaultConfig, typename T, typename U>
inline void load3dV2(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2<U>& p, bool withStride) {
  if constexpr (defaultConfig.isSetFMatrix) SetFmatrix(p.l1H, p.l1W, p.padList, FmatrixMode::FMATRIX_LEFT);
  if constexpr (defaultConfig.isSetPadding) SetLoadDataPaddingValue<U>(p.padValue);
  sk_img2col_params load{};
  load.channel_size = p.channelSize;
  load.k_ext = p.kExtension;
  load.m_ext = p.mExtension;
  load.k_start = p.kStartPt;
  load.m_start = p.mStartPt;
  load.stride_w = p.strideW;
  load.stride_h = p.strideH;
  load.filter_w = p.filterW + (p.filterSizeW ? 256u : 0u);
  load.filter_h = p.filterH + (p.filterSizeH ? 256u : 0u);
  load.dilation_w = p.dilationFilterW;
  load.dilation_h = p.dilationFilterH;
  load.transpose = p.enTranspose;
  load3d(dst, src, p.fMatrixCtrl, p.enSmallK, load, withStride);
}
}  // namespace detail

template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG, typename U = PrimT<T>,
          typename std::enable_if<std::is_same<PrimT<T>, U>::value, bool>::type = true>
__aicore__ inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2<U>& p) {
  detail::load3dV2<defaultConfig>(dst, src, p, false);
}
// CANN's internal name of the LoadData overloads (kernel_operator.h shows it; a few kernels call it).
template <typename T, typename... Args> __aicore__ inline void LoadDataImpl(const LocalTensor<T>& dst, const Args&... args) {
  LoadData(dst, args...);
}
// Ascend 950's 3D load whose destination blocks lie SetLoadDataRepeatWithStride's dstStride apart.
template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG, typename U = PrimT<T>,
          typename std::enable_if<std::is_same<PrimT<T>, U>::value, bool>::type = true>
__aicore__ inline void LoadDataWithStride(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2<U>& p) {
  static_assert(detail::kArch3510 || sizeof(T) == 0, "LoadDataWithStride is Ascend 950's (dav-3510)");
  detail::load3dV2<defaultConfig>(dst, src, p, true);
}
template <typename T> __aicore__ inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2Pro& p) {
  sk_img2col_params load{};
  load.channel_size = p.channelSize;
  load.k_ext = (uint32_t)(p.extConfig & 0xFFFF);
  load.m_ext = (uint32_t)((p.extConfig >> 16) & 0xFFFF);
  load.k_start = (uint32_t)((p.extConfig >> 32) & 0xFFFF);
  load.m_start = (uint32_t)(p.extConfig >> 48);
  load.stride_w = (uint32_t)(p.filterConfig & 0xFF);
  load.stride_h = (uint32_t)((p.filterConfig >> 8) & 0xFF);
  load.filter_w = (uint32_t)((p.filterConfig >> 16) & 0xFF) + (p.filterSizeW ? 256u : 0u);
  load.filter_h = (uint32_t)((p.filterConfig >> 24) & 0xFF) + (p.filterSizeH ? 256u : 0u);
  load.dilation_w = (uint32_t)((p.filterConfig >> 32) & 0xFF);
  load.dilation_h = (uint32_t)((p.filterConfig >> 40) & 0xFF);
  load.transpose = p.enTranspose;
  detail::load3d(dst, src, p.fMatrixCtrl, p.enSmallK, load);
}

/* ---- Ascend 950's bit-mode loads: the 2D V2 and 3D V2 parameters packed in two 64-bit words
   (the documented bit-fields, lowest first), which a kernel may also write whole ---- */
struct Load3DBitModeConfig0 {
  uint64_t kStep : 16, mStep : 16, kPos : 16, mPos : 16;  // kExtension, mExtension, kStartPt, mStartPt
};
struct Load3DBitModeConfig1 {
  uint64_t strideW : 6, strideH : 6, Wk : 8, Hk : 8, dilationW : 8, dilationH : 8, filterW : 1, filterH : 1, transpose : 1,
      fmatrixCtrl : 1, sizeChannel : 16;
};
class Load3DBitModeParam {
 public:
  union {
    uint64_t config0 = 0;
    Load3DBitModeConfig0 config0BitMode;
  };
  union {
    uint64_t config1 = 0;
    Load3DBitModeConfig1 config1BitMode;
  };
  __aicore__ Load3DBitModeParam() {}
  // The feature map (l1H, l1W, padList) and the pad value are not part of it: SetFmatrix and
  // SetLoadDataPaddingValue set them.
  template <typename T> __aicore__ Load3DBitModeParam(const LoadData3DParamsV2<T>& p) {
    SetKExtension(p.kExtension), SetMExtension(p.mExtension), SetKStartPt(p.kStartPt), SetMStartPt(p.mStartPt);
    SetStrideW(p.strideW), SetStrideH(p.strideH), SetFilterW(p.filterW), SetFilterH(p.filterH);
    SetDilationFilterW(p.dilationFilterW), SetDilationFilterH(p.dilationFilterH), SetFilterSizeW(p.filterSizeW);
    SetFilterSizeH(p.filterSizeH), SetTranspose(p.enTranspose), SetFmatrixCtrl(p.fMatrixCtrl), SetChannelSize(p.channelSize);
  }
  __aicore__ void SetConfig0(uint64_t v) { config0 = v; }
  __aicore__ void SetConfig1(uint64_t v) { config1 = v; }
  __aicore__ uint64_t GetConfig0() const { return config0; }
  __aicore__ uint64_t GetConfig1() const { return config1; }
#define SK_BITMODE_FIELD(Name, word, field, T)                     \
  __aicore__ void Set##Name(T v) { word##BitMode.field = (uint64_t)v; } \
  __aicore__ T Get##Name() const { return (T)word##BitMode.field; }
  SK_BITMODE_FIELD(KExtension, config0, kStep, uint16_t)
  SK_BITMODE_FIELD(MExtension, config0, mStep, uint16_t)
  SK_BITMODE_FIELD(KStartPt, config0, kPos, uint16_t)
  SK_BITMODE_FIELD(MStartPt, config0, mPos, uint16_t)
  SK_BITMODE_FIELD(StrideW, config1, strideW, uint8_t)
  SK_BITMODE_FIELD(StrideH, config1, strideH, uint8_t)
  SK_BITMODE_FIELD(FilterW, config1, Wk, uint8_t)
  SK_BITMODE_FIELD(FilterH, config1, Hk, uint8_t)
  SK_BITMODE_FIELD(DilationFilterW, config1, dilationW, uint8_t)
  SK_BITMODE_FIELD(DilationFilterH, config1, dilationH, uint8_t)
  SK_BITMODE_FIELD(FilterSizeW, config1, filterW, bool)
  SK_BITMODE_FIELD(FilterSizeH, config1, filterH, bool)
  SK_BITMODE_FIELD(Transpose, config1, transpose, bool)
  SK_BITMODE_FIELD(FmatrixCtrl, config1, fmatrixCtrl, bool)
  SK_BITMODE_FIELD(ChannelSize, config1, sizeChannel, uint16_t)
};
struct Load2DBitModeConfig0 {
  uint64_t mStartPosition : 16, kStartPosition : 16, mStep : 8, kStep : 8;
};
struct Load2DBitModeConfig1 {
  uint64_t srcStride : 16, dstStride : 16;
};
class Load2DBitModeParam {
 public:
  union {
    uint64_t config0 = 0;
    Load2DBitModeConfig0 config0BitMode;
  };
  union {
    uint64_t config1 = 0;
    Load2DBitModeConfig1 config1BitMode;
  };
  bool ifTranspose = false;
  __aicore__ Load2DBitModeParam() {}
  __aicore__ Load2DBitModeParam(const LoadData2DParamsV2& p) : ifTranspose(p.ifTranspose) {
    SetMStartPosition(p.mStartPosition), SetKStartPosition(p.kStartPosition), SetMStep(p.mStep), SetKStep(p.kStep);
    SetSrcStride(p.srcStride), SetDstStride(p.dstStride);
  }
  __aicore__ void SetConfig0(uint64_t v) { config0 = v; }
  __aicore__ void SetConfig1(uint64_t v) { config1 = v; }
  __aicore__ uint64_t GetConfig0() const { return config0; }
  __aicore__ uint64_t GetConfig1() const { return config1; }
  __aicore__ void SetIfTranspose(bool v) { ifTranspose = v; }
  __aicore__ bool GetIfTranspose() const { return ifTranspose; }
  SK_BITMODE_FIELD(MStartPosition, config0, mStartPosition, uint32_t)
  SK_BITMODE_FIELD(KStartPosition, config0, kStartPosition, uint32_t)
  SK_BITMODE_FIELD(MStep, config0, mStep, uint16_t)
  SK_BITMODE_FIELD(KStep, config0, kStep, uint16_t)
  SK_BITMODE_FIELD(SrcStride, config1, srcStride, int32_t)
  SK_BITMODE_FIELD(DstStride, config1, dstStride, uint16_t)
#undef SK_BITMODE_FIELD
};
// LoadData<Dst, Src, T>(dst, src, bit-mode parameters): the V2 loads those words describe.
template <TPosition Dst, TPosition Src, typename T>
__aicore__ inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Load3DBitModeParam& p) {
  static_assert(detail::kArch3510 || sizeof(T) == 0, "LoadData with Load3DBitModeParam is Ascend 950's (dav-3510)");
  LoadData(dst, src,
           LoadData3DParamsV2Pro(p.GetChannelSize(), p.GetTranspose(), false, p.GetFilterSizeW(), p.GetFilterSizeH(),
                                 p.GetFmatrixCtrl(), p.GetConfig0(),
                                 (uint64_t)p.GetStrideW() | (uint64_t)p.GetStrideH() << 8 | (uint64_t)p.GetFilterW() << 16 |
                                     (uint64_t)p.GetFilterH() << 24 | (uint64_t)p.GetDilationFilterW() << 32 |
                                     (uint64_t)p.GetDilationFilterH() << 40));
}
template <TPosition Dst, TPosition Src, typename T>
__aicore__ inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Load2DBitModeParam& p) {
  static_assert(detail::kArch3510 || sizeof(T) == 0, "LoadData with Load2DBitModeParam is Ascend 950's (dav-3510)");
  LoadData(dst, src,
           LoadData2DParamsV2(p.GetMStartPosition(), p.GetKStartPosition(), p.GetMStep(), p.GetKStep(), p.GetSrcStride(),
                              p.GetDstStride(), p.GetIfTranspose(), 0));
}

/* ---- Mmad: L0A x L0B -> L0C ---- */
struct MmadParams {
  uint16_t m = 0;
  uint16_t n = 0;
  uint16_t k = 0;
  bool isBias = false;
  int32_t fmOffset = 0;
  bool enSsparse = false;
  bool enWinogradA = false;
  bool enWinogradB = false;
  uint8_t unitFlag = 0;
  bool kDirectionAlign = false;
  bool cmatrixSource = false;
  bool cmatrixInitVal = true;
  bool disableGemv = false;
  __aicore__ constexpr MmadParams() {}
  __aicore__ constexpr MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const bool isBiasIn,
                        const int32_t fmOffsetIn, const bool enSsparseIn, const bool enWinogradAIn, const bool enWinogradBIn)
      : m(mIn), n(nIn), k(kIn), isBias(isBiasIn), fmOffset(fmOffsetIn), enSsparse(enSsparseIn), enWinogradA(enWinogradAIn),
        enWinogradB(enWinogradBIn) {}
  __aicore__ constexpr MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const uint8_t unitFlagIn,
                        const bool cmatrixSourceIn, const bool cmatrixInitValIn)
      : m(mIn), n(nIn), k(kIn), unitFlag(unitFlagIn), cmatrixSource(cmatrixSourceIn), cmatrixInitVal(cmatrixInitValIn) {}
};

namespace detail {
// A accumulates into the existing C (isBias, the older spelling, or cmatrixInitVal false), starts
// from the bias table (cmatrixSource) or from zero.
inline int32_t mmadInit(const MmadParams& p) {
  if (p.isBias || !p.cmatrixInitVal) return p.cmatrixSource && !p.isBias ? SK_MMAD_BIAS : SK_MMAD_ACCUMULATE;
  return SK_MMAD_ZERO;
}
// UnitFlag: an Mmad and a Fixpipe that both set it hand L0C over without SetFlag/WaitFlag (the
// hardware's per-unit flags): the Fixpipe waits for the Mmad that wrote its results, an Mmad for
// the Fixpipe still reading what it overwrites. Modelled per pipe, not per L0C unit.
inline void unitFlagWait(int32_t pipe, int32_t after, uint8_t unitFlag) {
  if (unitFlag) ::sk_pipe_wait(pipe, ::sk_pipe_done(after));
}
inline int32_t mmadFlags(const MmadParams& p) {
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
  int32_t gemv = p.disableGemv ? SK_MMAD_NO_GEMV : 0;
#else
  int32_t gemv = 0;  // disableGemv exists on Ascend 950 only
#endif
  return (p.kDirectionAlign ? SK_MMAD_K_ALIGN16 : 0) | gemv | (int32_t)coreState(kStateHf32);
}
inline void setHf32Bit(int32_t bit, bool on) {
  uint64_t& s = coreState(kStateHf32);
  s = on ? s | (uint64_t)bit : s & ~(uint64_t)bit;
}
template <typename T, typename U, typename S> constexpr void checkMmadTypes() {
  constexpr bool integer = std::is_same_v<PrimT<U>, int8_t> || std::is_same_v<PrimT<U>, int4b_t>;
  static_assert(integer ? std::is_same_v<PrimT<T>, int32_t> : std::is_same_v<PrimT<T>, float>,
                "Mmad: L0C holds int32_t for int8_t and int4b_t inputs and float for half, bfloat16_t, float and fp8 inputs");
  constexpr int32_t a = minifloatCode<PrimT<U>>(), b = minifloatCode<PrimT<S>>();
  static_assert((a < 0 && b < 0) || (a == SK_DT_HIFLOAT8 && b == SK_DT_HIFLOAT8) || (isFp8<PrimT<U>>() && isFp8<PrimT<S>>()),
                "Mmad: fp8 inputs pair fp8_e4m3fn_t and fp8_e5m2_t in any order, hifloat8_t with itself");
  static_assert(a < 0 || kArch3510, "Mmad: fp8 and hifloat8 inputs are Ascend 950's (dav-3510)");
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
  static_assert(!std::is_same_v<PrimT<U>, int4b_t>, "Mmad: Ascend 950's cube does not multiply int4b_t; unpack it to int8_t");
#endif
}
inline void mmadTyped(void* dst, const void* fm, const void* filter, const void* bias, const MmadParams& p, int32_t aType,
                      int32_t bType, int32_t init, int32_t flags) {
  unitFlagWait(SK_PIPE_M, SK_PIPE_FIX, p.unitFlag);
  if (!bias && init == SK_MMAD_BIAS) bias = ::sk_local_base(SK_MEM_BT);
  ::sk_mmad_mixed(dst, fm, filter, bias, p.m, p.k, p.n, aType, bType, init, flags);
}
// An operand spelled mx_fp8_* (GetL0DataType's MX spelling, as CATLASS's MX kernels type L0) or
// fp4 (which has no other mode) makes Mmad the MX multiply, as on the hardware.
template <typename V>
constexpr bool mxByType = std::is_same_v<V, mx_fp8_e4m3_t> || std::is_same_v<V, mx_fp8_e5m2_t> || isFp4<V>();
template <typename U, typename S> constexpr bool mmadIsMx = mxByType<PrimT<U>> || mxByType<PrimT<S>>;
}  // namespace detail

template <typename T, typename U, typename S>
__aicore__ inline void MmadMx(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter, const MmadParams& p);
template <typename T, typename U, typename S, typename V>
__aicore__ inline void MmadMx(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                              const LocalTensor<V>& bias, const MmadParams& p);

template <typename T, typename U, typename S>
__aicore__ inline void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter, const MmadParams& p) {
  if constexpr (detail::mmadIsMx<U, S>) {
    MmadMx(dst, fm, filter, p);
  } else {
    detail::checkMmadTypes<T, U, S>();
    detail::mmadTyped(dst.HostPtr(), fm.HostPtr(), filter.HostPtr(), nullptr, p, detail::cubeDtypeOf<PrimT<U>>(),
                      detail::cubeDtypeOf<PrimT<S>>(), detail::mmadInit(p), detail::mmadFlags(p));
  }
}
template <typename T, typename U, typename S, typename V>
__aicore__ inline void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                            const LocalTensor<V>& bias, const MmadParams& p) {
  if constexpr (detail::mmadIsMx<U, S>) {
    MmadMx(dst, fm, filter, bias, p);
  } else {
    detail::checkMmadTypes<T, U, S>();
    detail::mmadTyped(dst.HostPtr(), fm.HostPtr(), filter.HostPtr(), bias.HostPtr(), p, detail::cubeDtypeOf<PrimT<U>>(),
                      detail::cubeDtypeOf<PrimT<S>>(), SK_MMAD_BIAS, detail::mmadFlags(p));
  }
}

// MmadMx (Ascend 950): C = (scaleA x A) * (scaleB x B) [+ bias], A and B fp8 (e4m3/e5m2, any
// pair) or fp4 (e2m1/e1m2, any pair), every 32 elements along K sharing one fp8_e8m0_t scale
// that LoadData's MX half put in L0A_MX / L0B_MX at A's and B's L0 offsets / 16; K a multiple of
// 64; C float. include/sk/kernel.h (sk_mmad_mixed) gives the scales' layout.
template <typename T, typename U, typename S>
__aicore__ inline void MmadMx(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter, const MmadParams& p) {
  static_assert(detail::kArch3510 || sizeof(T) == 0, "MmadMx is Ascend 950's (dav-3510)");
  static_assert(detail::isMxOperand<PrimT<U>>() && detail::isMxOperand<PrimT<S>>() && std::is_same_v<PrimT<T>, float>,
                "MmadMx: fp8_e4m3fn_t / fp8_e5m2_t or fp4x2_e2m1_t / fp4x2_e1m2_t A and B into float");
  detail::mmadTyped(dst.HostPtr(), fm.HostPtr(), filter.HostPtr(), nullptr, p, detail::cubeDtypeOf<PrimT<U>>(),
                    detail::cubeDtypeOf<PrimT<S>>(), detail::mmadInit(p), detail::mmadFlags(p) | SK_MMAD_MX);
}
template <typename T, typename U, typename S, typename V>
__aicore__ inline void MmadMx(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                              const LocalTensor<V>& bias, const MmadParams& p) {
  static_assert(detail::kArch3510 || sizeof(T) == 0, "MmadMx is Ascend 950's (dav-3510)");
  static_assert(detail::isMxOperand<PrimT<U>>() && detail::isMxOperand<PrimT<S>>() && std::is_same_v<PrimT<T>, float>,
                "MmadMx: fp8_e4m3fn_t / fp8_e5m2_t or fp4x2_e2m1_t / fp4x2_e1m2_t A and B into float");
  detail::mmadTyped(dst.HostPtr(), fm.HostPtr(), filter.HostPtr(), bias.HostPtr(), p, detail::cubeDtypeOf<PrimT<U>>(),
                    detail::cubeDtypeOf<PrimT<S>>(), SK_MMAD_BIAS, detail::mmadFlags(p) | SK_MMAD_MX);
}

// CANN's implementation entry of Mmad, which some op kernels call directly.
template <typename T, typename U, typename S>
__aicore__ inline void MmadImpl(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                                const MmadParams& p) {
  Mmad(dst, fm, filter, p);
}

/* ---- HF32: fp32 A and B rounded to the arch's HF32 mantissa (cubeHf32MantissaBits) before the
   multiply, at twice fp32's rate; per core, until set again ---- */
enum class HF32Mode : uint8_t { DISABLE = 0, ENABLE = 1 };
enum class HF32TransMode : uint8_t { NEAREST_EVEN = 0, NEAREST_ZERO = 1 };
__aicore__ inline void SetHF32Mode(bool enable) { detail::setHf32Bit(SK_MMAD_HF32, enable); }
__aicore__ inline void SetHF32Mode(HF32Mode mode) { SetHF32Mode(mode == HF32Mode::ENABLE); }
// NEAREST_ZERO: to nearest, ties away from zero (Matmul's SetHF32 transMode 1 says so).
__aicore__ inline void SetHF32TransMode(bool tiesAway) { detail::setHf32Bit(SK_MMAD_HF32_TIES_AWAY, tiesAway); }
__aicore__ inline void SetHF32TransMode(HF32TransMode mode) { SetHF32TransMode(mode == HF32TransMode::NEAREST_ZERO); }

/* ---- the order the cube produces C in (M first or N first): results do not depend on it, and
   the cost model charges an Mmad by its fractals whatever the order ---- */
__aicore__ inline void SetMMColumnMajor() {}
__aicore__ inline void SetMMRowMajor() {}
// The older name: true is SetMMRowMajor, false SetMMColumnMajor (DK 接口变更说明.md).
__aicore__ inline void SetMMLayoutTransform(bool) {}

/* ---- 4:2 sparse weights (int8): the dense half into L0B, its indices into the core's buffer ---- */
// Only startIndex and repeatTimes are read (consecutive fractals, as the hardware moves them).
template <typename T = int8_t, typename U = uint8_t>
__aicore__ inline void LoadDataWithSparse(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<U>& idx,
                                          const LoadData2DParams& p) {
  static_assert(std::is_same_v<PrimT<T>, int8_t> && std::is_same_v<PrimT<U>, uint8_t>,
                "LoadDataWithSparse: int8_t weights with uint8_t (packed 2-bit) indices");
  ::sk_load_2d_sparse(dst.HostPtr(), src.HostPtr(), idx.HostPtr(), p.startIndex, p.repeatTimes);
}
template <typename T, typename U, typename S>
__aicore__ inline void MmadWithSparse(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                                      const MmadParams& p) {
  static_assert(std::is_same_v<PrimT<T>, int32_t> && std::is_same_v<PrimT<U>, int8_t> && std::is_same_v<PrimT<S>, int8_t>,
                "MmadWithSparse: int8_t A and B into int32_t C");
  int32_t init = detail::mmadInit(p);
  const void* bias = init == SK_MMAD_BIAS ? ::sk_local_base(SK_MEM_BT) : nullptr;
  ::sk_mmad_sparse(dst.HostPtr(), fm.HostPtr(), filter.HostPtr(), bias, p.m, p.k, p.n, init);
}

/* ---- Fixpipe: L0C -> GM / L1 ---- */
enum class CO2Layout : uint8_t { NZ = 0, ROW_MAJOR, COLUMN_MAJOR };
struct FixpipeConfig {
  CO2Layout format;
  bool isToUB = false;  // dav-3510's L0C -> UB path; no effect on dav-2201 (written {layout, isToUB})
};
constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};
constexpr FixpipeConfig CFG_COLUMN_MAJOR = {CO2Layout::COLUMN_MAJOR};
namespace Impl {  // the Ascend 950 L0C -> UB forms, as ops-nn's matmul templates name them
constexpr FixpipeConfig CFG_ROW_MAJOR_UB = {CO2Layout::ROW_MAJOR, true};
constexpr FixpipeConfig CFG_NZ_UB = {CO2Layout::NZ, true};
}  // namespace Impl

struct FixpipeParamsV220 {
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint64_t deqScalar = 0;
  uint16_t ndNum = 1;
  uint16_t srcNdStride = 0;
  uint16_t dstNdStride = 0;
  bool reluEn = false;
  uint8_t unitFlag = 0;
  bool isChannelSplit = false;
  __aicore__ FixpipeParamsV220() {}
  __aicore__ FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                               const uint32_t dstStrideIn, const bool reluEnIn)
      : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), reluEn(reluEnIn) {}
  __aicore__ FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                               const uint32_t dstStrideIn, const bool reluEnIn, const QuantMode_t quantPreIn,
                               const int64_t deqScalarIn, const uint16_t ndNumIn, const uint16_t srcNdStrideIn,
                               const uint16_t dstNdStrideIn, const uint8_t unitFlagIn)
      : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), quantPre(quantPreIn),
        deqScalar((uint64_t)deqScalarIn), ndNum(ndNumIn), srcNdStride(srcNdStrideIn), dstNdStride(dstNdStrideIn),
        reluEn(reluEnIn), unitFlag(unitFlagIn) {}
};
// The older Fixpipe parameters, which kernels of CANN's earlier ops still fill: bursts of
// ceil(M / 16) fractals of C (one burst per 16 columns), lengths and gaps in the units of that
// form; converted to FixpipeParamsV220 below, as the hardware reads them.
struct QuantParams {
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint64_t deqScalar = 0;
  __aicore__ constexpr QuantParams() {}
  __aicore__ constexpr QuantParams(const QuantMode_t quantPreIn) : quantPre(quantPreIn) {}
  __aicore__ constexpr QuantParams(const QuantMode_t quantPreIn, const uint64_t deqScalarIn) : quantPre(quantPreIn), deqScalar(deqScalarIn) {}
};
// Both arches' form in one: dav-2201's (nz2ndEn, originalNSize, the 5-argument constructor) for
// FixpipeParams, dav-3510's (ndNum, srcNdStride in C0_SIZE = 16 elements of L0C, dstNdStride in
// elements, the 3-argument one) for FixpipeParamsArch3510<ROW_MAJOR>::params.
struct Nz2NdParams {
  bool nz2ndEn = false;
  uint16_t ndNum = 1;
  uint16_t srcNdStride = 0;
  uint32_t dstNdStride = 0;
  uint16_t originalNSize = 0;  // with nz2ndEn: C's columns (need not be a multiple of 16)
  __aicore__ constexpr Nz2NdParams() {}
  __aicore__ constexpr Nz2NdParams(const bool nz2ndEnIn, const uint16_t ndNumIn, const uint16_t srcNdStrideIn,
                         const uint16_t dstNdStrideIn, const uint16_t originalNSizeIn)
      : nz2ndEn(nz2ndEnIn), ndNum(ndNumIn), srcNdStride(srcNdStrideIn), dstNdStride(dstNdStrideIn),
        originalNSize(originalNSizeIn) {}
  __aicore__ constexpr Nz2NdParams(const uint16_t ndNumIn, const uint16_t srcNdStrideIn, const uint32_t dstNdStrideIn)
      : ndNum(ndNumIn), srcNdStride(srcNdStrideIn), dstNdStride(dstNdStrideIn) {}
};
// Ascend 950's NZ2DN (CFG_COLUMN_MAJOR): dnNum matrices, srcNzMatrixStride apart in L0C (C0_SIZE
// units), dstDnMatrixStride elements apart in dst; srcNzC0Stride, the C0_SIZE units between
// rows of a source fractal, is 1 here (its other values are not simulated).
struct Nz2DnParams {
  uint16_t dnNum = 1;
  uint16_t srcNzMatrixStride = 0;
  uint32_t dstDnMatrixStride = 0;
  uint16_t srcNzC0Stride = 0;
  __aicore__ constexpr Nz2DnParams() {}
  __aicore__ constexpr Nz2DnParams(const uint16_t dnNumIn, const uint16_t srcNzMatrixStrideIn, const uint32_t dstDnMatrixStrideIn,
                         const uint16_t srcNzC0StrideIn)
      : dnNum(dnNumIn), srcNzMatrixStride(srcNzMatrixStrideIn), dstDnMatrixStride(dstDnMatrixStrideIn),
        srcNzC0Stride(srcNzC0StrideIn) {}
};
template <CO2Layout format> struct TransformParams {};
template <> struct TransformParams<CO2Layout::NZ> { using PARAMS = uint8_t; };
template <> struct TransformParams<CO2Layout::ROW_MAJOR> { using PARAMS = Nz2NdParams; };
template <> struct TransformParams<CO2Layout::COLUMN_MAJOR> { using PARAMS = Nz2DnParams; };
// Ascend 950's Fixpipe parameters: as FixpipeParamsV220, but an NZ dstStride counts elements
// (not 32-byte blocks) and the layout's own parameters are in `params`. dualDstCtl and
// subBlockId pick the AIV(s) of the L0C -> UB path (a UB tensor on the AIC is AIV 0's UB).
// Ascend 950's ReLU before the Fixpipe's conversion: NORMAL_RELU is reluEn's; the leaky forms
// (SCALAR_RELU by reluScalar, VECTOR_RELU by a per-channel vectorRelu) and CLIP_RELU are not
// simulated (a device exception at the Fixpipe).
enum class ReluMode { NO_RELU = 0, NORMAL_RELU = 1, SCALAR_RELU = 2, VECTOR_RELU = 3 };
enum class ClipReluMode { NOCLIP_RELU = 0, CLIP_RELU = 1 };
template <CO2Layout format = CO2Layout::ROW_MAJOR> struct FixpipeParamsArch3510 {
  __aicore__ FixpipeParamsArch3510() {}
  __aicore__ FixpipeParamsArch3510(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                                   const uint32_t dstStrideIn)
      : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn) {}
  ReluMode preReluMode = ReluMode::NO_RELU;
  ClipReluMode preClipReluMode = ClipReluMode::NOCLIP_RELU;
  uint64_t reluScalar = 0;
  uint64_t vectorRelu = 0;
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint64_t deqScalar = 0;
  bool reluEn = false;
  uint8_t unitFlag = 0;
  uint8_t dualDstCtl = 0;
  bool subBlockId = false;
  typename TransformParams<format>::PARAMS params{};
  bool isChannelSplit = false;
};
template <CO2Layout format = CO2Layout::ROW_MAJOR> struct FixpipeParamsC310 : FixpipeParamsArch3510<format> {
  using FixpipeParamsArch3510<format>::FixpipeParamsArch3510;
};
template <typename T = int32_t> struct FixpipeParams {
  uint16_t cburstNum = 1;  // bursts: column blocks of 16
  uint16_t burstLen = 1;   // 32-byte units of the source per burst: M x 16 x 4 bytes, so 2 M
  uint32_t dstStride = 0;  // NZ: the gap between bursts in 32-byte units; with nz2ndEn: the row pitch in elements
  uint16_t srcStride = 0;  // the gap between bursts in fractals (256 elements)
  QuantParams quantParams;
  bool reluEn = false;
  Nz2NdParams nz2ndParams;
  uint8_t unitFlag = 0;
  __aicore__ constexpr FixpipeParams() {}
  __aicore__ constexpr FixpipeParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn, const uint32_t dstStrideIn)
      : cburstNum(count), burstLen(len), dstStride(dstStrideIn), srcStride(srcStrideIn) {}
};

namespace detail {
template <typename S, typename T> inline FixpipeParamsV220 fromOlderForm(const FixpipeParams<S>& o) {
  FixpipeParamsV220 p;
  p.mSize = (uint16_t)(o.burstLen / 2);  // L0C holds 4-byte elements: 2 M 32-byte units per burst
  p.nSize = o.nz2ndParams.nz2ndEn ? o.nz2ndParams.originalNSize : (uint16_t)(o.cburstNum * 16);
  p.srcStride = (uint16_t)(o.srcStride * 16 + (p.mSize + 15) / 16 * 16);  // gap + burst, in rows of 16
  p.dstStride = o.nz2ndParams.nz2ndEn ? o.dstStride : o.dstStride + (uint32_t)o.burstLen * sizeof(T) / 4;
  p.quantPre = o.quantParams.quantPre;
  p.deqScalar = o.quantParams.deqScalar;
  p.reluEn = o.reluEn;
  p.ndNum = o.nz2ndParams.ndNum;
  p.srcNdStride = o.nz2ndParams.srcNdStride;
  p.dstNdStride = o.nz2ndParams.dstNdStride;
  p.unitFlag = o.unitFlag;
  return p;
}

constexpr int32_t layoutOf(CO2Layout format) {
  return format == CO2Layout::ROW_MAJOR ? SK_FIXPIPE_ND : format == CO2Layout::COLUMN_MAJOR ? SK_FIXPIPE_DN : SK_FIXPIPE_NZ;
}
template <typename S> constexpr int32_t layoutOf(const FixpipeParams<S>& o) {
  return o.nz2ndParams.nz2ndEn ? SK_FIXPIPE_ND : SK_FIXPIPE_NZ;
}

// The fields both parameter forms share; layout SK_FIXPIPE_ND, _NZ (_NZ_SPLIT with
// isChannelSplit) or _DN, one matrix.
inline int32_t reluOf(const FixpipeParamsV220& p) { return p.reluEn; }
template <CO2Layout format> inline int32_t reluOf(const FixpipeParamsArch3510<format>& p) {
  if (p.preReluMode == ReluMode::SCALAR_RELU || p.preReluMode == ReluMode::VECTOR_RELU ||
      p.preClipReluMode != ClipReluMode::NOCLIP_RELU)
    ::sk_trapf(3, "Fixpipe: preReluMode %d, preClipReluMode %d: the leaky and clipped ReLUs of the Fixpipe are not simulated",
               (int)p.preReluMode, (int)p.preClipReluMode);
  return p.reluEn || p.preReluMode == ReluMode::NORMAL_RELU;
}
template <class P> inline sk_fixpipe_params fixpipeFields(const P& p, int32_t layout) {
  sk_fixpipe_params r{};
  r.n_size = p.nSize, r.m_size = p.mSize, r.src_stride = p.srcStride, r.dst_stride = p.dstStride;
  r.quant = p.quantPre, r.relu = reluOf(p), r.deq_scalar = p.deqScalar;
  r.nz2nd = layout == SK_FIXPIPE_NZ && p.isChannelSplit ? SK_FIXPIPE_NZ_SPLIT : layout;
  r.nd_num = 1;
  return r;
}
template <typename T, typename U>
inline void issueFixpipe(T* dst, const U* src, sk_fixpipe_params& r, uint8_t unitFlag, const uint64_t* scales) {
  unitFlagWait(SK_PIPE_FIX, SK_PIPE_M, unitFlag);
  r.src_dtype = dtypeOf<U>(), r.dst_dtype = cubeDtypeOf<T>(), r.deq_tensor = scales;
  ::sk_fixpipe(dst, src, &r);
}

// The source matrix stride of a multi-matrix NZ2ND (ndNum > 1), in 1 KiB fractals: dav-2201
// counts those; dav-3510 counts C0_SIZE rows (64 bytes of L0C), which must make whole fractals.
inline uint32_t srcNdFractals(uint32_t srcNdStride, uint32_t ndNum) {
  if (!kArch3510) return srcNdStride;
  if (ndNum > 1 && srcNdStride % 16)
    ::sk_trapf(3, "Fixpipe: a source matrix stride of %u C0_SIZE rows is not a whole number of 1 KiB fractals", srcNdStride);
  return srcNdStride / 16;
}
template <typename T, typename U>
inline void fixpipe(T* dst, const U* src, const FixpipeParamsV220& p, int32_t layout, const uint64_t* scales) {
  sk_fixpipe_params r = fixpipeFields(p, layout);
  r.nd_num = p.ndNum, r.src_nd_stride = srcNdFractals(p.srcNdStride, p.ndNum), r.dst_nd_stride = p.dstNdStride;
  issueFixpipe(dst, src, r, p.unitFlag, scales);
}

// A UB destination is Ascend 950's L0C -> UB path; elsewhere Fixpipe writes GM or L1 only.
inline void requireL0cToUbPath(TPosition pos) {
  if (!kArch3510 && memOf(pos) == SK_MEM_UB)
    ::sk_trap(3, "Fixpipe: L0C -> UB is Ascend 950's path (dav-3510); on this part Fixpipe writes GM or L1");
}

// FixpipeParamsArch3510: an NZ dstStride in elements, the matrix strides of `params` in C0_SIZE
// rows (64 bytes of L0C; whole 1 KiB fractals here) and elements.
template <typename T, typename U, CO2Layout format>
inline void fixpipe(T* dst, const U* src, const FixpipeParamsArch3510<format>& a, const uint64_t* scales) {
  sk_fixpipe_params r = fixpipeFields(a, layoutOf(format));
  r.nz2nd |= (int32_t)(a.dualDstCtl & 3) << 8 | (int32_t)a.subBlockId << 12;  // the L0C -> UB path's targets
  uint32_t srcNdStride = 0;
  if constexpr (format == CO2Layout::NZ) {
    if ((uint64_t)a.dstStride * sizeof(T) % 32)
      ::sk_trapf(3, "Fixpipe: an NZ dstStride of %u elements is not a whole number of 32-byte blocks", a.dstStride);
    r.dst_stride = (uint32_t)((uint64_t)a.dstStride * sizeof(T) / 32);
  } else if constexpr (format == CO2Layout::ROW_MAJOR) {
    r.nd_num = a.params.ndNum, srcNdStride = a.params.srcNdStride, r.dst_nd_stride = a.params.dstNdStride;
  } else {
    if (a.params.srcNzC0Stride != 1)
      ::sk_trapf(3, "Fixpipe: NZ2DN srcNzC0Stride %u: only 1 (adjacent fractal rows) is simulated", a.params.srcNzC0Stride);
    r.nd_num = a.params.dnNum, srcNdStride = a.params.srcNzMatrixStride, r.dst_nd_stride = a.params.dstDnMatrixStride;
  }
  r.src_nd_stride = srcNdFractals(srcNdStride, r.nd_num);
  issueFixpipe(dst, src, r, a.unitFlag, scales);
}
// A Fixpipe without cbufWorkspace in a vector (per-channel) quant mode reads the fixpipe buffer's
// tensor that SetFixPipeConfig named (as DataCopy's L0C -> GM/L1 form does).
inline const uint64_t* fixpipeQuantTensor(QuantMode_t mode) {
  return ::sk_quant_per_channel(mode) ? (const uint64_t*)coreState(kStateFixpipeQuantTensor) : nullptr;
}
}  // namespace detail

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& p) {
  static_assert(config.format != CO2Layout::COLUMN_MAJOR, "Fixpipe: CFG_COLUMN_MAJOR (NZ2DN) takes FixpipeParamsArch3510");
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), p, detail::layoutOf(config.format), detail::fixpipeQuantTensor(p.quantPre));
}
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<uint64_t>& cbufWorkspace,
                               const FixpipeParamsV220& p) {
  static_assert(config.format != CO2Layout::COLUMN_MAJOR, "Fixpipe: CFG_COLUMN_MAJOR (NZ2DN) takes FixpipeParamsArch3510");
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), p, detail::layoutOf(config.format), cbufWorkspace.HostPtr());
}
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& p) {
  static_assert(config.format != CO2Layout::COLUMN_MAJOR, "Fixpipe: CFG_COLUMN_MAJOR (NZ2DN) takes FixpipeParamsArch3510");
  detail::requireL0cToUbPath(dst.GetPosition());
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), p, detail::layoutOf(config.format), detail::fixpipeQuantTensor(p.quantPre));
}
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<uint64_t>& cbufWorkspace,
                               const FixpipeParamsV220& p) {
  static_assert(config.format != CO2Layout::COLUMN_MAJOR, "Fixpipe: CFG_COLUMN_MAJOR (NZ2DN) takes FixpipeParamsArch3510");
  detail::requireL0cToUbPath(dst.GetPosition());
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), p, detail::layoutOf(config.format), cbufWorkspace.HostPtr());
}
// Ascend 950's parameter form; its layout is the config's.
#define SK_FIXPIPE_ARCH3510_ONLY                                                                          \
  static_assert(detail::kArch3510 || sizeof(T) == 0,                                              \
                "Fixpipe: FixpipeParamsArch3510 is Ascend 950's (dav-3510); on dav-2201 use FixpipeParamsV220")
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                               const FixpipeParamsArch3510<config.format>& p) {
  SK_FIXPIPE_ARCH3510_ONLY;
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), p, detail::fixpipeQuantTensor(p.quantPre));
}
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<uint64_t>& cbufWorkspace,
                               const FixpipeParamsArch3510<config.format>& p) {
  SK_FIXPIPE_ARCH3510_ONLY;
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), p, cbufWorkspace.HostPtr());
}
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                               const FixpipeParamsArch3510<config.format>& p) {
  SK_FIXPIPE_ARCH3510_ONLY;
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), p, detail::fixpipeQuantTensor(p.quantPre));
}
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<uint64_t>& cbufWorkspace,
                               const FixpipeParamsArch3510<config.format>& p) {
  SK_FIXPIPE_ARCH3510_ONLY;
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), p, cbufWorkspace.HostPtr());
}
#undef SK_FIXPIPE_ARCH3510_ONLY
// The older parameter form (nz2ndParams.nz2ndEn picks ND or NZ, as CFG_ROW_MAJOR / CFG_NZ do).
template <typename T, typename U, typename S>
__aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParams<S>& p) {
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), detail::fromOlderForm<S, PrimT<T>>(p), detail::layoutOf(p),
                  detail::fixpipeQuantTensor(p.quantParams.quantPre));
}
template <typename T, typename U, typename S>
__aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<uint64_t>& cbufWorkspace,
                               const FixpipeParams<S>& p) {
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), detail::fromOlderForm<S, PrimT<T>>(p), detail::layoutOf(p), cbufWorkspace.HostPtr());
}
template <typename T, typename U, typename S>
__aicore__ inline void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParams<S>& p) {
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), detail::fromOlderForm<S, PrimT<T>>(p), detail::layoutOf(p),
                  detail::fixpipeQuantTensor(p.quantParams.quantPre));
}
template <typename T, typename U, typename S>
__aicore__ inline void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<uint64_t>& cbufWorkspace,
                               const FixpipeParams<S>& p) {
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), detail::fromOlderForm<S, PrimT<T>>(p), detail::layoutOf(p), cbufWorkspace.HostPtr());
}
// The Fixpipe registers the DataCopy form of L0C -> GM reads (SetFixpipeNz2ndFlag and the scalar
// quant value); kept per core.
__aicore__ inline void SetFixpipeNz2ndFlag(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride) {
  detail::coreState(detail::kStateFixpipeNd) = ((uint64_t)ndNum << 32) | ((uint64_t)srcNdStride << 16) | dstNdStride;
}
// The ND_PARA register as CANN's implementation writes it: ndNum in bits 0-15, srcNdStride in
// 16-31, dstNdStride in 32-47.
__aicore__ inline void SetNdParaImpl(uint64_t config) {
  SetFixpipeNz2ndFlag((uint16_t)config, (uint16_t)(config >> 16), (uint16_t)(config >> 32));
}
__aicore__ inline void SetFixpipePreQuantFlag(uint64_t config) { detail::coreState(detail::kStateFixpipeQuant) = config; }
// The quant tensor (in the fixpipe buffer, C2PIPE2GM) that DataCopy's L0C -> GM/L1 reads in a
// vector quant mode; the relu tensor is reserved (the API takes it, the hardware's ReLU needs none).
template <typename T, bool setRelu = false> __aicore__ inline void SetFixPipeConfig(const LocalTensor<T>& preData, bool = false) {
  static_assert(!setRelu, "SetFixPipeConfig: setRelu is reserved (false): the tensor is the quant tensor");
  detail::coreState(detail::kStateFixpipeQuantTensor) = (uint64_t)preData.HostPtr();
}
template <typename T>
__aicore__ inline void SetFixPipeConfig(const LocalTensor<T>&, const LocalTensor<T>& quantPre, bool isUnitFlag = false) {
  SetFixPipeConfig<T>(quantPre, isUnitFlag);
}

struct DataCopyCO12DstParams {
  uint8_t sid = 0;
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint32_t dstStride = 0;
  uint16_t srcStride = 0;
  uint8_t unitFlag = 0;
  uint8_t clipReluPre = 0;
  uint8_t eltWiseOp = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint8_t reluPre = 0;
  bool channelSplit = false;
  bool nz2ndEn = false;
  __aicore__ constexpr DataCopyCO12DstParams() {}
  __aicore__ constexpr DataCopyCO12DstParams(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint32_t dstStrideIn,
                                   const uint16_t srcStrideIn, const QuantMode_t quantPreIn, const uint8_t reluPreIn,
                                   const bool channelSplitIn, const bool nz2ndEnIn)
      : nSize(nSizeIn), mSize(mSizeIn), dstStride(dstStrideIn), srcStride(srcStrideIn), quantPre(quantPreIn),
        reluPre(reluPreIn), channelSplit(channelSplitIn), nz2ndEn(nz2ndEnIn) {}
};
namespace detail {
inline FixpipeParamsV220 fixpipeOf(const DataCopyCO12DstParams& p) {
  FixpipeParamsV220 f(p.nSize, p.mSize, p.srcStride, p.dstStride, p.reluPre != 0);
  f.quantPre = p.quantPre;
  f.unitFlag = p.unitFlag;
  f.deqScalar = coreState(kStateFixpipeQuant);
  uint64_t nd = coreState(kStateFixpipeNd);
  if (p.nz2ndEn && nd) {
    f.ndNum = (uint16_t)(nd >> 32);
    f.srcNdStride = (uint16_t)(nd >> 16);
    f.dstNdStride = (uint16_t)nd;
  }
  return f;
}
}  // namespace detail
template <typename T, typename U>
__aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& p) {
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), detail::fixpipeOf(p), p.nz2ndEn ? SK_FIXPIPE_ND : SK_FIXPIPE_NZ, detail::fixpipeQuantTensor(p.quantPre));
}
template <typename T, typename U>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& p) {
  detail::fixpipe(dst.HostPtr(), src.HostPtr(), detail::fixpipeOf(p), p.nz2ndEn ? SK_FIXPIPE_ND : SK_FIXPIPE_NZ, detail::fixpipeQuantTensor(p.quantPre));
}

/* ---- fills of L1 / L0A / L0B ---- */
template <typename T> struct InitConstValueParams {
  uint16_t repeatTimes = 0;
  uint16_t blockNum = 0;
  uint16_t dstGap = 0;
  T initValue = 0;
  __aicore__ constexpr InitConstValueParams() {}
  __aicore__ constexpr InitConstValueParams(const uint16_t repeatTimesIn, const uint16_t blockNumIn, const uint16_t dstGapIn,
                                  const T initValueIn)
      : repeatTimes(repeatTimesIn), blockNum(blockNumIn), dstGap(dstGapIn), initValue(initValueIn) {}
  __aicore__ constexpr InitConstValueParams(const uint16_t repeatTimesIn, const T initValueIn)
      : repeatTimes(repeatTimesIn), blockNum(1), initValue(initValueIn) {}
};
template <typename T, typename U = PrimT<T>>
__aicore__ inline void InitConstValue(const LocalTensor<T>& dst, const InitConstValueParams<U>& p) {
  int32_t mem = detail::memOf(dst.GetPosition());
  uint32_t block = mem == SK_MEM_L0A || mem == SK_MEM_L0B ? 512 : 32;
  ::sk_local_fill(dst.HostPtr(), detail::dtypeOf<PrimT<T>>(), detail::scalarBits<PrimT<T>>(p.initValue), p.repeatTimes,
                  p.blockNum, p.dstGap, block);
}
template <typename T, typename U = PrimT<T>>
__aicore__ inline void Fill(const LocalTensor<T>& dst, const InitConstValueParams<U>& p) {
  InitConstValue(dst, p);
}

}  // namespace AscendC

// The device compiler's fill built-ins, which kernels call directly: config packs the repeats
// (bits 0-14), the blocks per repeat (16-30) and the gap between repeats in blocks (32-46), as
// the C API's asc_fill_value_config; blocks of 32 bytes in L1, 512 in L0A / L0B.
#define SK_CCE_FILL(name, Q, block)                                                                              \
  template <typename T, typename V> __aicore__ inline void name(Q T* dst, uint64_t config, V value) {            \
    ::sk_local_fill((void*)dst, AscendC::detail::dtypeOf<AscendC::PrimT<T>>(),                                   \
                    AscendC::detail::scalarBits<AscendC::PrimT<T>>((AscendC::PrimT<T>)value), config & 0x7fff,   \
                    config >> 16 & 0x7fff, config >> 32 & 0x7fff, block);                                         \
  }
SK_CCE_FILL(create_cbuf_matrix, __cbuf__, 32)
SK_CCE_FILL(create_ca_matrix, __ca__, 512)
SK_CCE_FILL(create_cb_matrix, __cb__, 512)
#undef SK_CCE_FILL

// Ascend 950's L1 -> L0A / L0B load built-ins, which CATLASS calls directly: the 4-bit 2D load
// (LoadData2DParamsV2's fields in their order, then ifTranspose) and the MX scales' load, whose
// destination is the L0 address / 16 (the address GetPhyAddr gave, here the simulator's).
#define SK_CCE_LOAD_2D_S4(name, Q)                                                                                  \
  template <typename T>                                                                                             \
  __aicore__ inline void name(Q T* dst, __cbuf__ const T* src, uint32_t mStartPosition, uint32_t kStartPosition,    \
                              uint16_t mStep, uint16_t kStep, int32_t srcStride, uint16_t dstStride, bool transpose) { \
    AscendC::LoadData2DParamsV2 p(mStartPosition, kStartPosition, mStep, kStep, srcStride, dstStride, transpose, 0); \
    AscendC::detail::loadData2dV2<T>((uint8_t*)dst, (const uint8_t*)src, p);                                         \
  }
SK_CCE_LOAD_2D_S4(load_cbuf_to_ca_s4, __ca__)
SK_CCE_LOAD_2D_S4(load_cbuf_to_cb_s4, __cb__)
#undef SK_CCE_LOAD_2D_S4
__aicore__ inline void load_cbuf_to_ca_mx(uint64_t dstAddr16, __cbuf__ const void* src, uint16_t xStartPosition,
                                          uint16_t yStartPosition, uint8_t xStep, uint8_t yStep, uint16_t srcStride,
                                          uint16_t dstStride) {
  ::sk_load_mx_scales((void*)(uintptr_t)(dstAddr16 * 16), src, xStartPosition, yStartPosition, xStep, yStep, srcStride, dstStride);
}
__aicore__ inline void load_cbuf_to_cb_mx(uint64_t dstAddr16, __cbuf__ const void* src, uint16_t xStartPosition,
                                          uint16_t yStartPosition, uint8_t xStep, uint8_t yStep, uint16_t srcStride,
                                          uint16_t dstStride) {
  load_cbuf_to_ca_mx(dstAddr16, src, xStartPosition, yStartPosition, xStep, yStep, srcStride, dstStride);
}

#endif /* SK_ASCENDC_CUBE_H */
