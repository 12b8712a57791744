// Compare (one result bit per element), Select (by bit mask or by byte mask), Gather,
// GatherMask, Brcb, CreateVecIndex, Transpose and BroadCast.
#ifndef SK_ASCENDC_COMPARE_H
#define SK_ASCENDC_COMPARE_H

#include "sk_ascendc/data_copy.h"
#include "sk_ascendc/vector.h"

namespace AscendC {

/* ---- Compare: bit i of dst = src0[i] cmp src1[i] ---- */
template <typename T, typename U>
__aicore__ inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                               CMPMODE cmpMode, uint32_t count) {
  sk_vec_repeat r = detail::countShape(count, detail::width<T>(), detail::width<T>());
  ::sk_vec_compare((int32_t)cmpMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src0.HostPtr(), src1.HostPtr(), 0, 0, &r);
}
// mask = a < b and the other comparison operators: the count form over the sources' elements.
namespace detail {
template <typename T, CMPMODE mode> struct CompareExpr {
  using IsSkVectorExpr = void;
  const LocalTensor<T>& a;
  const LocalTensor<T>& b;
  template <typename U> void run(const LocalTensor<U>& dst) const { Compare(dst, a, b, mode, a.GetSize()); }
};
}  // namespace detail
#define SK_ASCENDC_COMPARE_OPERATOR(op, mode)                                                                    \
  template <typename T>                                                                                          \
  inline detail::CompareExpr<T, CMPMODE::mode> operator op(const LocalTensor<T>& a, const LocalTensor<T>& b) { \
    return {a, b};                                                                                               \
  }
SK_ASCENDC_COMPARE_OPERATOR(<, LT)
SK_ASCENDC_COMPARE_OPERATOR(>, GT)
SK_ASCENDC_COMPARE_OPERATOR(<=, LE)
SK_ASCENDC_COMPARE_OPERATOR(>=, GE)
SK_ASCENDC_COMPARE_OPERATOR(==, EQ)
SK_ASCENDC_COMPARE_OPERATOR(!=, NE)
#undef SK_ASCENDC_COMPARE_OPERATOR
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                               CMPMODE cmpMode, const uint64_t mask[], uint8_t repeatTime, const BinaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_compare((int32_t)cmpMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src0.HostPtr(), src1.HostPtr(), 0, 0, &r);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                               CMPMODE cmpMode, const uint64_t mask, uint8_t repeatTime, const BinaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_compare((int32_t)cmpMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src0.HostPtr(), src1.HostPtr(), 0, 0, &r);
}
// Compare with the result in the CMPMASK register (no dst, one repeat of 256 bytes); read it with
// GetCmpMask, or select by it with Select's VSEL_CMPMASK_SPR form without a mask.
template <typename T, bool isSetMask = true>
__aicore__ inline void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask[],
                               const BinaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::bitsShape<isSetMask>(mask, 1), p);
  ::sk_vec_compare((int32_t)cmpMode, detail::dtypeOf<PrimT<T>>(), nullptr, src0.HostPtr(), src1.HostPtr(), 0, 0, &r);
}
template <typename T, bool isSetMask = true>
__aicore__ inline void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask,
                               const BinaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::lenShape<isSetMask>(mask, 1), p);
  ::sk_vec_compare((int32_t)cmpMode, detail::dtypeOf<PrimT<T>>(), nullptr, src0.HostPtr(), src1.HostPtr(), 0, 0, &r);
}
// The CMPMASK register's 128 bits (16 bytes) to or from local memory.
template <typename T> __aicore__ inline void GetCmpMask(const LocalTensor<T>& dst) { ::sk_get_cmpmask(dst.HostPtr()); }
template <typename T> __aicore__ inline void SetCmpMask(const LocalTensor<T>& src) { ::sk_set_cmpmask(src.HostPtr()); }
// CompareScalar (also spelled Compares): src0[i] cmp scalar.
template <typename T, typename U>
__aicore__ inline void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const PrimT<T> src1Scalar,
                                     CMPMODE cmpMode, uint32_t count) {
  sk_vec_repeat r = detail::countShape(count, detail::width<T>(), detail::width<T>());
  ::sk_vec_compare((int32_t)cmpMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src0.HostPtr(), nullptr,
                   detail::scalarBits<PrimT<T>>(src1Scalar), 1, &r);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const PrimT<T> src1Scalar,
                                     CMPMODE cmpMode, const uint64_t mask[], uint8_t repeatTime, const UnaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_compare((int32_t)cmpMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src0.HostPtr(), nullptr,
                   detail::scalarBits<PrimT<T>>(src1Scalar), 1, &r);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const PrimT<T> src1Scalar,
                                     CMPMODE cmpMode, const uint64_t mask, uint8_t repeatTime, const UnaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_compare((int32_t)cmpMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src0.HostPtr(), nullptr,
                   detail::scalarBits<PrimT<T>>(src1Scalar), 1, &r);
}
template <typename T, typename U, typename... Rest>
__aicore__ inline void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const PrimT<T> src1Scalar,
                                CMPMODE cmpMode, Rest... rest) {
  CompareScalar(dst, src0, src1Scalar, cmpMode, rest...);
}

/* ---- Select: dst[i] = bit i of selMask ? src0[i] : src1[i] (or a scalar) ---- */
template <typename T, typename U>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              const LocalTensor<T>& src1, SELMODE selMode, uint32_t count) {
  sk_vec_repeat r = detail::countShape(count, detail::width<T>(), detail::width<T>());
  ::sk_vec_select((int32_t)selMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), selMask.HostPtr(), src0.HostPtr(),
                  src1.HostPtr(), 0, 0, &r);
}
template <typename T, typename U>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              PrimT<T> src1, SELMODE selMode, uint32_t count) {
  sk_vec_repeat r = detail::countShape(count, detail::width<T>(), detail::width<T>());
  ::sk_vec_select((int32_t)selMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), selMask.HostPtr(), src0.HostPtr(),
                  nullptr, detail::scalarBits<PrimT<T>>(src1), 1, &r);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              const LocalTensor<T>& src1, SELMODE selMode, const uint64_t mask[], uint8_t repeatTime,
                              const BinaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_select((int32_t)selMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), selMask.HostPtr(), src0.HostPtr(),
                  src1.HostPtr(), 0, 0, &r);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask, uint8_t repeatTime,
                              const BinaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_select((int32_t)selMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), selMask.HostPtr(), src0.HostPtr(),
                  src1.HostPtr(), 0, 0, &r);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              PrimT<T> src1, SELMODE selMode, const uint64_t mask[], uint8_t repeatTime,
                              const BinaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_select((int32_t)selMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), selMask.HostPtr(), src0.HostPtr(),
                  nullptr, detail::scalarBits<PrimT<T>>(src1), 1, &r);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              PrimT<T> src1, SELMODE selMode, uint64_t mask, uint8_t repeatTime, const BinaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_select((int32_t)selMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), selMask.HostPtr(), src0.HostPtr(),
                  nullptr, detail::scalarBits<PrimT<T>>(src1), 1, &r);
}

// The forms without a mask parameter (the mask register, SetVectorMask) that read CMPMASK
// (SetCmpMask): modes 0 and 2 (the register's bits, or the UB address it holds, as selMask) ...
template <typename T, SELMODE selMode>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                              uint8_t repeatTime, const BinaryRepeatParams& p) {
  static_assert(selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE, "Select: mode 1 without a mask takes selMask and src0 only");
  sk_vec_repeat r = detail::withStrides(detail::bitsShape<false>(nullptr, repeatTime), p);
  ::sk_vec_select((int32_t)selMode, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), nullptr, src0.HostPtr(),
                  src1.HostPtr(), 0, 0, &r);
}
// ... and mode 1: selMask ? src0 : the scalar in CMPMASK's low element (SetCmpMask of a tensor
// holding it).
template <typename T, typename U>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              uint8_t repeatTime, const BinaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::bitsShape<false>(nullptr, repeatTime), p);
  ::sk_vec_select((int32_t)SELMODE::VSEL_TENSOR_SCALAR_MODE, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(),
                  selMask.HostPtr(), src0.HostPtr(), nullptr, 0, SK_SELECT_SCALAR_CMPMASK, &r);
}

/* ---- Select with a byte mask (the high-level API; old name SelectWithBytesMask):
   dst = mask == 0 ? src0 : src1, row by row ---- */
struct SelectWithBytesMaskShapeInfo {
  uint32_t firstAxis = 0;
  uint32_t srcLastAxis = 0;
  uint32_t maskLastAxis = 0;
};
namespace detail {
SK_SIMULATED_BEGIN
template <typename T, typename U, typename A, typename B>
inline void selectBytes(T* dst, const A& a, const B& b, const U* mask, const SelectWithBytesMaskShapeInfo& info) {
  for (uint32_t r = 0; r < info.firstAxis; ++r)
    for (uint32_t c = 0; c < info.srcLastAxis; ++c) {
      uint64_t i = (uint64_t)r * info.srcLastAxis + c;
      dst[i] = mask[(uint64_t)r * info.maskLastAxis + c] == 0 ? a(i) : b(i);
    }
}
SK_SIMULATED_END
}  // namespace detail
template <typename T, typename U, bool isReuseMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, PrimT<T> src1, const LocalTensor<U>& mask,
                              const LocalTensor<uint8_t>&, const SelectWithBytesMaskShapeInfo& info) {
  const PrimT<T>* a = src0.HostPtr();
  detail::selectBytes(dst.HostPtr(), [a](uint64_t i) { return a[i]; }, [src1](uint64_t) { return src1; },
                      mask.HostPtr(), info);
}
template <typename T, typename U, bool isReuseMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, PrimT<T> src0, const LocalTensor<T>& src1, const LocalTensor<U>& mask,
                              const LocalTensor<uint8_t>&, const SelectWithBytesMaskShapeInfo& info) {
  const PrimT<T>* b = src1.HostPtr();
  detail::selectBytes(dst.HostPtr(), [src0](uint64_t) { return src0; }, [b](uint64_t i) { return b[i]; },
                      mask.HostPtr(), info);
}
template <typename T, typename U, bool isReuseMask = true, typename S>
__aicore__ inline void SelectWithBytesMask(const LocalTensor<T>& dst, const S& src0, const LocalTensor<T>& src1,
                                           const LocalTensor<U>& mask, const LocalTensor<uint8_t>& tmp,
                                           const SelectWithBytesMaskShapeInfo& info) {
  Select<T, U, isReuseMask>(dst, src0, src1, mask, tmp, info);
}
template <typename T, typename U, bool isReuseMask = true>
__aicore__ inline void SelectWithBytesMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, PrimT<T> src1,
                                           const LocalTensor<U>& mask, const LocalTensor<uint8_t>& tmp,
                                           const SelectWithBytesMaskShapeInfo& info) {
  Select<T, U, isReuseMask>(dst, src0, src1, mask, tmp, info);
}

/* ---- Gather: dst[i] = the element at byte srcBaseAddr + srcOffset[i] of src ---- */
template <typename T>
__aicore__ inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                              const uint32_t srcBaseAddr, const uint32_t count) {
  ::sk_vec_gather(detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src.HostPtr(), srcOffset.HostPtr(), srcBaseAddr, count);
}

// The repeat forms: repeat r gathers the elements of one 256-byte repeat (E = 256 / sizeof(T)),
// element i by srcOffset[r * E + i] into dst at r * dstRepStride blocks + i, where the mask
// (bits, or its first `mask` elements) takes it; the others keep their values. Each run of taken
// elements is one gather here.
namespace detail {
// Calls run(r, i, end) for each run [i, end) of the elements of `repeatTime` repeats of
// perRepeat the mask bits take.
SK_SIMULATED_BEGIN
template <typename F>
__aicore__ inline void forMaskRuns(uint64_t maskHi, uint64_t maskLo, uint8_t repeatTime, uint32_t perRepeat, F run) {
  auto taken = [&](uint32_t i) { return ((i < 64 ? maskLo >> i : maskHi >> (i - 64)) & 1) != 0; };
  for (uint32_t r = 0; r < repeatTime; ++r)
    for (uint32_t i = 0; i < perRepeat;) {
      if (!taken(i)) {
        ++i;
        continue;
      }
      uint32_t end = i;
      while (end < perRepeat && taken(end)) ++end;
      run(r, i, end);
      i = end;
    }
}
SK_SIMULATED_END
template <typename T>
__aicore__ inline void gatherRepeats(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                                     uint32_t srcBaseAddr, uint64_t maskHi, uint64_t maskLo, uint8_t repeatTime,
                                     uint16_t dstRepStride) {
  constexpr uint32_t kPerRepeat = 256 / sizeof(PrimT<T>);
  forMaskRuns(maskHi, maskLo, repeatTime, kPerRepeat, [&](uint32_t r, uint32_t i, uint32_t end) {
    ::sk_vec_gather(dtypeOf<PrimT<T>>(), dst.HostPtr(r * dstRepStride * (32 / sizeof(PrimT<T>)) + i), src.HostPtr(),
                    srcOffset.HostPtr(r * kPerRepeat + i), srcBaseAddr, end - i);
  });
}
}  // namespace detail
template <typename T>
__aicore__ inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                              const uint32_t srcBaseAddr, const uint64_t mask[], const uint8_t repeatTime,
                              const uint16_t dstRepStride) {
  detail::gatherRepeats(dst, src, srcOffset, srcBaseAddr, mask[1], mask[0], repeatTime, dstRepStride);
}
template <typename T>
__aicore__ inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                              const uint32_t srcBaseAddr, const uint64_t mask, const uint8_t repeatTime,
                              const uint16_t dstRepStride) {
  detail::MaskBits bits = detail::lengthMask(mask);
  detail::gatherRepeats(dst, src, srcOffset, srcBaseAddr, bits.hi, bits.lo, repeatTime, dstRepStride);
}

/* ---- Scatter (Ascend 950): src[i] to the element at byte dstBaseAddr + dstOffset[i] of dst ---- */
template <typename T>
__aicore__ inline void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
                               const uint32_t dstBaseAddr, const uint32_t count) {
  static_assert(detail::kArch3510 || sizeof(T) == 0, "Scatter (the basic API's) is Ascend 950's (dav-3510)");
  ::sk_vec_scatter(detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src.HostPtr(), dstOffset.HostPtr(), dstBaseAddr, count);
}
// The repeat forms: repeat r scatters the elements of one 256-byte repeat of src (r * srcRepStride
// blocks on), element i by dstOffset[r * E + i], where the mask (bits, or its first `mask`
// elements) takes it. Each run of taken elements is one scatter here.
namespace detail {
template <typename T>
__aicore__ inline void scatterRepeats(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
                                      uint32_t dstBaseAddr, uint64_t maskHi, uint64_t maskLo, uint8_t repeatTime,
                                      uint8_t srcRepStride) {
  static_assert(kArch3510 || sizeof(T) == 0, "Scatter (the basic API's) is Ascend 950's (dav-3510)");
  constexpr uint32_t kPerRepeat = 256 / sizeof(PrimT<T>);
  forMaskRuns(maskHi, maskLo, repeatTime, kPerRepeat, [&](uint32_t r, uint32_t i, uint32_t end) {
    ::sk_vec_scatter(dtypeOf<PrimT<T>>(), dst.HostPtr(), src.HostPtr(r * srcRepStride * (32 / sizeof(PrimT<T>)) + i),
                     dstOffset.HostPtr(r * kPerRepeat + i), dstBaseAddr, end - i);
  });
}
}  // namespace detail
template <typename T>
__aicore__ inline void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
                               const uint32_t dstBaseAddr, const uint64_t mask[], const uint8_t repeatTime,
                               const uint8_t srcRepStride) {
  detail::scatterRepeats(dst, src, dstOffset, dstBaseAddr, mask[1], mask[0], repeatTime, srcRepStride);
}
template <typename T>
__aicore__ inline void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
                               const uint32_t dstBaseAddr, const uint64_t mask, const uint8_t repeatTime,
                               const uint8_t srcRepStride) {
  detail::MaskBits bits = detail::lengthMask(mask);
  detail::scatterRepeats(dst, src, dstOffset, dstBaseAddr, bits.hi, bits.lo, repeatTime, srcRepStride);
}

/* ---- Gatherb: 32-byte blocks of src0 gathered by a table of byte offsets, 8 per repeat ---- */
struct GatherRepeatParams {
  uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;  // destination blocks of a repeat, in 32-byte blocks
  uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;  // between repeats, in 32-byte blocks
  // Reserved (the documented defaults; not read).
  uint8_t blockNumber = DEFAULT_BLK_NUM;
  uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
  uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
  uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
  uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
  __aicore__ constexpr GatherRepeatParams() {}
  __aicore__ constexpr GatherRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t dstRepStrideIn)
      : dstBlkStride(dstBlkStrideIn), dstRepStride(dstRepStrideIn) {}
};
// Block j of repeat r: the 32 bytes at src0 + offset[r * 8 + j] (bytes, 32-aligned) into dst block
// r * dstRepStride + j * dstBlkStride.
template <typename T>
__aicore__ inline void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& offset,
                               const uint8_t repeatTime, const GatherRepeatParams& repeatParams) {
  ::sk_vec_gatherb(dst.HostPtr(), src0.HostPtr(), offset.HostPtr(), repeatTime, repeatParams.dstBlkStride,
                   repeatParams.dstRepStride);
}

/* ---- GatherMask: the elements a pattern selects, packed; rsvdCnt = how many ---- */
struct GatherMaskParams {
  uint8_t src0BlockStride = 1;
  uint16_t repeatTimes = 0;
  uint16_t src0RepeatStride = DEFAULT_REPEAT_STRIDE;
  uint8_t src1RepeatStride = DEFAULT_REPEAT_STRIDE;
  __aicore__ constexpr GatherMaskParams() {}
  __aicore__ constexpr GatherMaskParams(const uint8_t src0BlockStrideIn, const uint16_t repeatTimesIn, const uint16_t src0RepeatStrideIn,
                              const uint8_t src1RepeatStrideIn)
      : src0BlockStride(src0BlockStrideIn), repeatTimes(repeatTimesIn), src0RepeatStride(src0RepeatStrideIn),
        src1RepeatStride(src1RepeatStrideIn) {}
};
template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
__aicore__ inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern,
                                  const bool reduceMode, const uint32_t mask, const GatherMaskParams& p, uint64_t& rsvdCnt) {
  rsvdCnt = ::sk_vec_gather_mask(detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src0.HostPtr(), src1Pattern.HostPtr(), 0,
                                 p.repeatTimes, p.src0BlockStride, p.src0RepeatStride, p.src1RepeatStride,
                                 reduceMode ? mask : 0);
}
template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
__aicore__ inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern,
                                  const bool reduceMode, const uint32_t mask, const GatherMaskParams& p, uint64_t& rsvdCnt) {
  rsvdCnt = ::sk_vec_gather_mask(detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src0.HostPtr(), nullptr, src1Pattern,
                                 p.repeatTimes, p.src0BlockStride, p.src0RepeatStride, p.src1RepeatStride,
                                 reduceMode ? mask : 0);
}
__aicore__ inline int64_t GetGatherMaskRemainCount() { return (int64_t)::sk_get_rsvd_cnt(); }

/* ---- Brcb: each source element fills one 32-byte block ---- */
struct BrcbRepeatParams {
  uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
  uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
  __aicore__ constexpr BrcbRepeatParams() {}
  __aicore__ constexpr BrcbRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t dstRepStrideIn)
      : dstBlkStride(dstBlkStrideIn), dstRepStride(dstRepStrideIn) {}
};
template <typename T>
__aicore__ inline void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t repeatTime,
                            const BrcbRepeatParams& p) {
  ::sk_vec_brcb(detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src0.HostPtr(), repeatTime, p.dstBlkStride, p.dstRepStride);
}

/* ---- CreateVecIndex: dst[i] = firstValue + i ---- */
template <typename T>
__aicore__ inline void CreateVecIndex(LocalTensor<T> dst, const PrimT<T>& firstValue, uint32_t count) {
  ::sk_vec_index(detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), detail::scalarBits<PrimT<T>>(firstValue), count);
}

/* ---- Arange (older name ArithProgression): dst[i] = firstValue + i * diffValue ---- */
template <typename T>
__aicore__ inline void Arange(const LocalTensor<T>& dst, const PrimT<T> firstValue, const PrimT<T> diffValue,
                              const int32_t count) {
  CreateVecIndex(dst, (PrimT<T>)0, (uint32_t)count);
  Muls(dst, dst, diffValue, count);
  Adds(dst, dst, firstValue, count);
}
template <typename T>
__aicore__ inline void ArithProgression(const LocalTensor<T>& dst, const PrimT<T> firstValue, const PrimT<T> diffValue,
                                        const int32_t count) {
  Arange(dst, firstValue, diffValue, count);
}

/* ---- TransDataTo5HD: per repeat, the 16 source blocks transposed into the 16 destination blocks ---- */
struct TransDataTo5HDParams {
  bool dstHighHalf = false;  // 1-byte elements: the destination half of each block
  bool srcHighHalf = false;  // 1-byte elements: the source half of each block
  uint8_t repeatTimes = 1;
  uint16_t dstRepStride = 0;  // 32-byte blocks added to every address per repeat
  uint16_t srcRepStride = 0;
  __aicore__ constexpr TransDataTo5HDParams() {}
  __aicore__ constexpr TransDataTo5HDParams(const bool dstHighHalfIn, const bool srcHighHalfIn, const uint8_t repeatTimesIn,
                                  const uint16_t dstRepStrideIn, const uint16_t srcRepStrideIn)
      : dstHighHalf(dstHighHalfIn), srcHighHalf(srcHighHalfIn), repeatTimes(repeatTimesIn), dstRepStride(dstRepStrideIn),
        srcRepStride(srcRepStrideIn) {}
};
namespace detail {
template <typename T> inline void transData(void* const* dst, const void* const* src, const TransDataTo5HDParams& p) {
  ::sk_vec_transpose_list((int32_t)sizeof(PrimT<T>), dst, src, p.repeatTimes, p.dstRepStride, p.srcRepStride,
                          p.dstHighHalf, p.srcHighHalf);
}
}  // namespace detail
template <typename T>
__aicore__ inline void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE], uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                                      const TransDataTo5HDParams& p) {
  detail::transData<T>((void* const*)dstList, (const void* const*)srcList, p);
}
template <typename T>
__aicore__ inline void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src,
                                      const TransDataTo5HDParams& p) {
  detail::transData<T>((void* const*)dst.HostPtr(), (const void* const*)src.HostPtr(), p);
}
template <typename T>
__aicore__ inline void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                                      const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE], const TransDataTo5HDParams& p) {
  void* d[NCHW_CONV_ADDR_LIST_SIZE];
  const void* s[NCHW_CONV_ADDR_LIST_SIZE];
  for (uint32_t i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; ++i) d[i] = dstList[i].HostPtr(), s[i] = srcList[i].HostPtr();
  detail::transData<T>(d, s, p);
}
// The internal spelling (address arrays of typed pointers).
template <typename T>
__aicore__ inline void TransDataTo5HDImpl(T* dstList[NCHW_CONV_ADDR_LIST_SIZE], T* srcList[NCHW_CONV_ADDR_LIST_SIZE],
                                          const TransDataTo5HDParams& p) {
  detail::transData<T>((void* const*)dstList, (const void* const*)srcList, p);
}

/* ---- Transpose: one 16 x 16 block of 2-byte elements ---- */
template <typename T> __aicore__ inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src) {
  static_assert(sizeof(PrimT<T>) == 2, "Transpose: the 16x16 form takes 2-byte elements");
  ::sk_vec_transpose16(dst.HostPtr(), src.HostPtr());
}

/* ---- BroadCast (also Broadcast): a 1-D or 2-D tensor stretched along one axis ---- */
SK_SIMULATED_BEGIN
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
__aicore__ inline void BroadCast(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t dstShape[dim],
                                 const uint32_t srcShape[dim]) {
  static_assert(dim == 1 || dim == 2, "BroadCast: dim is 1 or 2");
  static_assert(axis == 0 || axis == 1, "BroadCast: axis is 0 or 1");
  if (dim == 1) {
    Duplicate(dst, src.GetValue(0), (int32_t)dstShape[0]);
    return;
  }
  uint32_t rows = dstShape[0], cols = dstShape[dim - 1];
  for (uint32_t r = 0; r < rows; ++r) {
    if (axis == 0) DataCopy(dst[r * cols], src, cols);  // every row is the source row
    else Duplicate(dst[r * cols], src.GetValue(r * srcShape[dim - 1]), (int32_t)cols);
  }
}
SK_SIMULATED_END
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
__aicore__ inline void BroadCast(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t dstShape[dim],
                                 const uint32_t srcShape[dim], const LocalTensor<uint8_t>&) {
  BroadCast<T, dim, axis, isReuseSource>(dst, src, dstShape, srcShape);
}
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false, typename... Rest>
__aicore__ inline void Broadcast(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t dstShape[dim],
                                 const uint32_t srcShape[dim], Rest&&... rest) {
  BroadCast<T, dim, axis, isReuseSource>(dst, src, dstShape, srcShape, rest...);
}

/* ---- Ascend 950's Broadcast by a BroadcastTiling (GetBroadcastTilingInfo first): numpy
   broadcasting of src, each of whose dimensions is dst's or 1, to dst, ranks 1 to 9, both dense
   (srcInnerPad: src's rows padded to 32 bytes). Charged as a copy of dst's repeats. ---- */
struct BroadcastTiling {  // CANN's field order; sk fills dstShape, the strides and the sizes
  uint32_t oriRank;
  uint32_t rank;
  uint32_t dstSize;
  uint32_t srcSize;
  uint32_t loopNum = 0;
  uint32_t oriSrcShape[9];
  uint32_t oriDstShape[9];
  uint32_t dstShape[9];
  uint32_t dstStride[9];
  uint32_t srcStride[10];  // 0 where src is broadcast
};
SK_SIMULATED_BEGIN
template <typename T, int constRank = -1, uint32_t* constDstShape = nullptr, uint32_t* constSrcShape = nullptr>
__aicore__ inline void GetBroadcastTilingInfo(uint32_t rank, const uint32_t* dstShape, const uint32_t* srcShape, bool srcInnerPad,
                                              BroadcastTiling& tiling) {
  static_assert(detail::kArch3510 || sizeof(T) == 0, "GetBroadcastTilingInfo is Ascend 950's (dav-3510)");
  if (rank < 1 || rank > 9) ::sk_trapf(3, "GetBroadcastTilingInfo: rank %u must be 1 to 9", rank);
  tiling.oriRank = tiling.rank = rank;
  tiling.loopNum = 0;
  uint64_t dstSize = 1, srcSize = 1;
  for (int32_t k = (int32_t)rank - 1; k >= 0; --k) {
    if (srcShape[k] != dstShape[k] && srcShape[k] != 1)
      ::sk_trapf(3, "GetBroadcastTilingInfo: srcShape[%d] %u is neither dstShape[%d] %u nor 1", k, srcShape[k], k, dstShape[k]);
    tiling.oriSrcShape[k] = srcShape[k], tiling.oriDstShape[k] = tiling.dstShape[k] = dstShape[k];
    tiling.dstStride[k] = (uint32_t)dstSize;
    tiling.srcStride[k] = srcShape[k] == 1 && dstShape[k] != 1 ? 0 : (uint32_t)srcSize;
    dstSize *= dstShape[k];
    uint64_t extent = srcShape[k];
    if (k == (int32_t)rank - 1 && srcInnerPad) extent = (extent * sizeof(T) + 31) / 32 * 32 / sizeof(T);
    srcSize *= extent;
  }
  tiling.srcStride[9] = 0;
  tiling.dstSize = (uint32_t)dstSize, tiling.srcSize = (uint32_t)srcSize;
}
template <typename T, int constRank = -1, uint32_t* constDstShape = nullptr, uint32_t* constSrcShape = nullptr,
          bool constSrcInnerPad = false>
__aicore__ inline void Broadcast(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t* dstShape,
                                 const uint32_t* srcShape, BroadcastTiling* tiling) {
  static_assert(detail::kArch3510 || sizeof(T) == 0, "Broadcast with a BroadcastTiling is Ascend 950's (dav-3510)");
  (void)dstShape, (void)srcShape;  // the tiling has them
  if (!tiling || tiling->rank < 1 || tiling->rank > 9)
    ::sk_trap(3, "Broadcast: the BroadcastTiling is missing or not filled (GetBroadcastTilingInfo first)");
  if (dst.GetSize() < tiling->dstSize || src.GetSize() < tiling->srcSize)
    ::sk_trapf(3, "Broadcast: dst holds %u elements and src %u, the tiling needs %u and %u", dst.GetSize(), src.GetSize(),
               tiling->dstSize, tiling->srcSize);
  PrimT<T>* d = dst.HostPtr();
  const PrimT<T>* s = src.HostPtr();
  const uint32_t rank = tiling->rank;
  for (uint64_t i = 0; i < tiling->dstSize; ++i) {
    uint64_t at = 0, rest = i;
    for (int32_t k = (int32_t)rank - 1; k >= 0; --k) {
      at += rest % tiling->dstShape[k] * tiling->srcStride[k];
      rest /= tiling->dstShape[k];
    }
    d[i] = s[at];
  }
  ::sk_vec_charge("duplicate", ((uint64_t)tiling->dstSize * sizeof(PrimT<T>) + 255) / 256);
}
SK_SIMULATED_END

}  // namespace AscendC

#endif /* SK_ASCENDC_COMPARE_H */
