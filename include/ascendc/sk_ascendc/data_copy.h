// Data movement: DataCopy (contiguous, and blocks with gaps in 32-byte units), DataCopyPad
// (byte lengths, GM side in bytes, local side in 32-byte blocks, padding), GM fills, atomic
// store modes and cache maintenance, with the hardware's units and rounding (docs/ascendc.md).
#ifndef SK_ASCENDC_DATA_COPY_H
#define SK_ASCENDC_DATA_COPY_H

#include "sk_ascendc/tensor.h"

// The compiler's padding mode type, at file scope as kernels name it outside any namespace
// (ATB's `pad_t::PAD_NONE`); AscendC sees it too.
enum class pad_t : uint8_t { PAD_NONE = 0, PAD_MODE1, PAD_MODE2, PAD_MODE3, PAD_MODE4, PAD_MODE5, PAD_MODE6, PAD_MODE7, PAD_MODE8 };

namespace AscendC {

struct DataCopyParams {
  uint16_t blockCount = 1;
  uint16_t blockLen = 0;
  union {  // the gap between blocks, in 32-byte blocks (srcGap/dstGap: Ascend 950's names)
    uint16_t srcStride = 0;
    uint16_t srcGap;
  };
  union {
    uint16_t dstStride = 0;
    uint16_t dstGap;
  };
  __aicore__ constexpr DataCopyParams() {}
  __aicore__ constexpr DataCopyParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn, const uint16_t dstStrideIn)
      : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn) {}
};

// Ascend 950's strides are signed 64-bit: a GM stride of -blockLen copies the same block again.
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
using DataCopyExtStride = int64_t;
#else
using DataCopyExtStride = uint32_t;
#endif
struct DataCopyExtParams {
  uint16_t blockCount = 1;
  uint32_t blockLen = 0;
  DataCopyExtStride srcStride = 0;
  DataCopyExtStride dstStride = 0;
  uint32_t rsv = 0;
  __aicore__ constexpr DataCopyExtParams() {}
  __aicore__ constexpr DataCopyExtParams(const uint16_t count, const uint32_t len, const DataCopyExtStride srcStrideIn,
                               const DataCopyExtStride dstStrideIn, const uint32_t rsvIn)
      : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn) {}
};

// Ascend 950's loop mode (SetLoopModePara): the next GM <-> UB copies repeat loop1Size x
// loop2Size times, each repetition offset by the loops' byte strides on either side.
enum class DataCopyMVType : uint8_t { UB_TO_OUT = 0, OUT_TO_UB = 1 };
struct LoopModeParams {
  uint32_t loop1Size = 0;
  uint32_t loop2Size = 0;
  uint64_t loop1SrcStride = 0;
  uint64_t loop1DstStride = 0;
  uint64_t loop2SrcStride = 0;
  uint64_t loop2DstStride = 0;
  __aicore__ constexpr LoopModeParams() {}
  __aicore__ constexpr LoopModeParams(uint32_t loop1SizeIn, uint32_t loop2SizeIn, uint64_t loop1SrcStrideIn,
                                      uint64_t loop1DstStrideIn, uint64_t loop2SrcStrideIn, uint64_t loop2DstStrideIn)
      : loop1Size(loop1SizeIn), loop2Size(loop2SizeIn), loop1SrcStride(loop1SrcStrideIn),
        loop1DstStride(loop1DstStrideIn), loop2SrcStride(loop2SrcStrideIn), loop2DstStride(loop2DstStrideIn) {}
};

// Ascend 950's multi-dimensional GM -> UB copy (NDDMA; the MultiCopy names are the older ones).
// Index 0 of each array is the innermost dimension; strides count elements.
struct NdDmaConfig {
  static constexpr uint16_t unsetPad = 0xffff;
  bool isNearestValueMode = false;  // pads repeat the dimension's nearest element, not constantValue
  uint16_t loopLpSize = unsetPad;   // one left/right pad for every dimension, or unsetPad: per dimension
  uint16_t loopRpSize = unsetPad;
  bool ascOptimize = false;
};
using MultiCopyConfig = NdDmaConfig;
constexpr NdDmaConfig kDefaultNdDmaConfig = {};
constexpr NdDmaConfig kDefaultMultiCopyConfig = {};
template <uint8_t dim> struct MultiCopyLoopInfo {
  static_assert(dim >= 1 && dim <= 5, "NdDmaLoopInfo: 1 to 5 dimensions");
  uint64_t loopSrcStride[dim] = {0};
  uint32_t loopDstStride[dim] = {0};
  uint32_t loopSize[dim] = {0};  // elements copied in the dimension, pads not counted
  uint8_t loopLpSize[dim] = {0};
  uint8_t loopRpSize[dim] = {0};
};
template <uint8_t dim> using NdDmaLoopInfo = MultiCopyLoopInfo<dim>;
template <typename T, uint8_t dim> struct MultiCopyParams {
  MultiCopyLoopInfo<dim> loopInfo;
  T constantValue;
};
template <typename T, uint8_t dim> using NdDmaParams = MultiCopyParams<T, dim>;

struct DataCopyPadParams {
  bool isPad = false;
  uint8_t leftPadding = 0;
  uint8_t rightPadding = 0;
  uint64_t paddingValue = 0;
  __aicore__ constexpr DataCopyPadParams() {}
  __aicore__ constexpr DataCopyPadParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                               const uint64_t padValue)
      : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue) {}
};

template <typename T> struct DataCopyPadExtParams {
  bool isPad = false;
  uint8_t leftPadding = 0;
  uint8_t rightPadding = 0;
  T paddingValue{};  // zero
  __aicore__ constexpr DataCopyPadExtParams() {}
  __aicore__ constexpr DataCopyPadExtParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                                  T padValue)
      : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue) {}
};

enum class BlockMode : uint8_t { BLOCK_MODE_NORMAL = 0, BLOCK_MODE_MATRIX, BLOCK_MODE_VECTOR, BLOCK_MODE_SMALL_CHANNEL, BLOCK_MODE_DEPTHWISE };
enum class DeqScale : uint8_t { DEQ_NONE = 0, DEQ, VDEQ, DEQ8, VDEQ8, DEQ16, VDEQ16 };
using ::pad_t;

// Only the normal block mode (32-byte units) exists on the simulated parts; the rest is accepted
// and treated as DataCopyParams.
struct DataCopyEnhancedParams {
  BlockMode blockMode = BlockMode::BLOCK_MODE_NORMAL;
  DeqScale deqScale = DeqScale::DEQ_NONE;
  uint64_t deqValue = 0;
  uint8_t sidStoreMode = 0;
  bool isRelu = false;
  pad_t padMode = pad_t::PAD_NONE;
  uint64_t padValue = 0;
  uint64_t deqTensorAddr = 0;
  __aicore__ constexpr DataCopyEnhancedParams() {}
  __aicore__ constexpr DataCopyEnhancedParams(const BlockMode blockModeIn, const DeqScale deqScaleIn, const uint64_t deqValueIn,
                                    const uint8_t sidStoreModeIn, const bool isReluIn, const pad_t padModeIn,
                                    const uint64_t padValueIn)
      : blockMode(blockModeIn), deqScale(deqScaleIn), deqValue(deqValueIn), sidStoreMode(sidStoreModeIn),
        isRelu(isReluIn), padMode(padModeIn), padValue(padValueIn) {}
};

namespace detail {
// A contiguous copy of count elements; the hardware moves whole 32-byte blocks and drops a
// partial last one.
template <typename T> __aicore__ inline void copyContiguous(void* dst, const void* src, uint64_t count) {
  ::sk_data_copy_2d(dst, src, 1, bytesOf<T>(count) / ONE_BLK_SIZE * ONE_BLK_SIZE, 0, 0);
}
// blockCount blocks of blockLen 32-byte units with gaps (end to start) in 32-byte units.
inline void copyBlocks(void* dst, const void* src, const DataCopyParams& p) {
  uint64_t len = (uint64_t)p.blockLen * ONE_BLK_SIZE;
  ::sk_data_copy_2d(dst, src, p.blockCount, len, len + (uint64_t)p.srcStride * ONE_BLK_SIZE,
                    len + (uint64_t)p.dstStride * ONE_BLK_SIZE);
}
inline uint64_t align32(uint64_t bytes) { return (bytes + ONE_BLK_SIZE - 1) / ONE_BLK_SIZE * ONE_BLK_SIZE; }

SK_SIMULATED_BEGIN
template <typename T> inline T padFromBits(uint64_t bits) {
  T v;
  std::memcpy(&v, &bits, sizeof(T));
  return v;
}
// GM -> local with padding: each block lands as [left pad][blockLen bytes][right pad][dummy up
// to 32 B], the next one dstGap blocks after that. Pads and dummy take the pad value when isPad,
// or, with padding asked for but isPad false, SetPadValue's value once it was set; without
// padding the dummy repeats the block's first element; otherwise they are left as they were (the
// hardware leaves them undefined).
template <typename T>
__aicore__ inline void copyPadIn(T* dst, const void* src, uint32_t blockCount, uint32_t blockLen, uint64_t srcGap,
                                 uint64_t dstGapBlocks, bool isPad, uint32_t left, uint32_t right, T padValue) {
  if (blockCount == 0 || blockLen == 0) return;
  if (!isPad && (left || right) && coreState(kStatePadValueSet)) {
    isPad = true;
    padValue = padFromBits<T>(coreState(kStatePadValue));
  }
  uint64_t rowBytes = align32((uint64_t)(left + right) * sizeof(T) + blockLen);
  uint64_t rowStride = rowBytes + dstGapBlocks * ONE_BLK_SIZE;
  ::sk_data_copy_2d((uint8_t*)dst + (uint64_t)left * sizeof(T), src, blockCount, blockLen, blockLen + srcGap, rowStride);
  uint64_t dataEnd = left + blockLen / sizeof(T) + right, rowElems = rowBytes / sizeof(T);
  for (uint32_t b = 0; b < blockCount; ++b) {
    T* row = (T*)((uint8_t*)dst + b * rowStride);
    if (isPad) {
      for (uint32_t i = 0; i < left; ++i) row[i] = padValue;
      for (uint64_t i = left + blockLen / sizeof(T); i < rowElems; ++i) row[i] = padValue;
    } else if (left == 0 && right == 0) {
      for (uint64_t i = dataEnd; i < rowElems; ++i) row[i] = row[0];
    }
  }
}
// Local -> GM: exactly blockLen bytes per block; local blocks start 32-byte aligned.
inline void copyPadOut(void* dst, const void* src, uint32_t blockCount, uint32_t blockLen, uint64_t srcGapBlocks,
                       uint64_t dstGap) {
  if (blockCount == 0 || blockLen == 0) return;
  ::sk_data_copy_2d(dst, src, blockCount, blockLen, align32(blockLen) + srcGapBlocks * ONE_BLK_SIZE, blockLen + dstGap);
}
// L1 -> bias table (C1 -> C2): blockLen and dstStride count 64-byte units on dav-2201 (32 on
// dav-3510), srcStride 32-byte units, as the public copy_cbuf_to_bt describes them; blockLen
// measures the source, and a half or bfloat16 source becomes float in the table (the copy
// converts, so a half bias feeds a float Mmad).
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
constexpr uint64_t kBiasTableUnit = 32;
#else
constexpr uint64_t kBiasTableUnit = 64;
#endif
// L1 -> the fixpipe buffer (C2PIPE2GM, copy_cbuf_to_fbuf): blocks of blockLen x 128 bytes,
// srcStride in 32-byte units, dstStride in 128-byte units.
inline void copyToFixpipeBuffer(void* dst, const void* src, const DataCopyParams& p) {
  constexpr uint64_t kUnit = 128;
  uint64_t len = (uint64_t)p.blockLen * kUnit;
  ::sk_data_copy_2d(dst, src, p.blockCount, len, len + (uint64_t)p.srcStride * ONE_BLK_SIZE, len + (uint64_t)p.dstStride * kUnit);
}
template <typename T, typename U> inline void copyToBiasTable(T* dst, const U* src, const DataCopyParams& p) {
  constexpr uint64_t kUnit = kBiasTableUnit;
  constexpr bool kWiden = sizeof(T) == 4 && sizeof(U) == 2;
  static_assert(std::is_same_v<T, U> || (std::is_same_v<T, float> && (std::is_same_v<U, half> || std::is_same_v<U, bfloat16_t>)),
                "DataCopy into the bias table (C2): the same type, or half/bfloat16 into float");
  uint64_t srcBytes = (uint64_t)p.blockLen * kUnit, dstBytes = kWiden ? 2 * srcBytes : srcBytes;
  for (uint32_t b = 0; b < p.blockCount; ++b) {
    const uint8_t* from = (const uint8_t*)src + b * (srcBytes + (uint64_t)p.srcStride * ONE_BLK_SIZE);
    uint8_t* to = (uint8_t*)dst + b * (dstBytes + (uint64_t)p.dstStride * kUnit);
    ::sk_data_copy(to, from, srcBytes);  // charged and checked as the copy; widened in place below
    if constexpr (kWiden)
      for (uint64_t i = srcBytes / 2; i-- > 0;) {
        U v;
        __builtin_memcpy(&v, to + 2 * i, 2);
        float f = (float)v;
        __builtin_memcpy(to + 4 * i, &f, 4);
      }
  }
}

SK_SIMULATED_END
// The loop mode's registers of one direction (SetLoopModePara): three core-state words.
inline int loopModeSlot(DataCopyMVType type) {
  return type == DataCopyMVType::OUT_TO_UB ? kStateLoopModeIn : kStateLoopModeOut;
}
constexpr uint64_t kLoopGmStrideMask = (1ull << 40) - 1;
// Runs copy(srcOffset, dstOffset) once, or, with the loop mode set for this direction, once per
// repetition: loop 1 inside loop 2 (a size of 0 runs once, as 1).
template <typename F> __aicore__ inline void withLoopMode(DataCopyMVType type, F&& copy) {
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
  int slot = loopModeSlot(type);
  if (uint64_t sizes = coreState(slot)) {
    bool in = type == DataCopyMVType::OUT_TO_UB;
    auto strides = [&](int loop, uint64_t& src, uint64_t& dst) {
      uint64_t w = coreState(slot + loop), gm = w & kLoopGmStrideMask, ub = w >> 40;
      src = in ? gm : ub;
      dst = in ? ub : gm;
    };
    uint64_t src1, dst1, src2, dst2;
    strides(1, src1, dst1);
    strides(2, src2, dst2);
    uint32_t n1 = (uint32_t)(sizes & 0x1fffff), n2 = (uint32_t)(sizes >> 21 & 0x1fffff);
    for (uint32_t j = 0; j < (n2 ? n2 : 1); ++j)
      for (uint32_t i = 0; i < (n1 ? n1 : 1); ++i) copy(i * src1 + j * src2, i * dst1 + j * dst2);
    return;
  }
#else
  (void)type;
#endif
  copy(0, 0);
}
template <typename T> __aicore__ inline T* byteOffset(T* p, uint64_t bytes) { return (T*)((uint8_t*)p + bytes); }
// The loop mode applies to the copies between GM and UB only.
template <typename T, typename F> __aicore__ inline void withLoopModeIfUb(const LocalTensor<T>& local, DataCopyMVType type, F&& copy) {
  if (memOf(local.GetPosition()) == SK_MEM_UB) withLoopMode(type, copy);
  else copy(0, 0);
}

// Compact mode (Ascend 950): the blocks land back to back, and only the end of the last one is
// padded to 32 bytes, with the pad value when isPad, else with the first element (the hardware's
// dummy data is undefined).
SK_SIMULATED_BEGIN
template <typename T>
__aicore__ inline void copyPadInCompact(T* dst, const void* src, uint32_t blockCount, uint32_t blockLen, uint64_t srcGap,
                                        bool isPad, T padValue) {
  if (blockCount == 0 || blockLen == 0) return;
  ::sk_data_copy_2d(dst, src, blockCount, blockLen, blockLen + srcGap, blockLen);
  uint64_t end = (uint64_t)blockCount * blockLen / sizeof(T), padded = align32(end * sizeof(T)) / sizeof(T);
  for (uint64_t i = end; i < padded; ++i) dst[i] = isPad ? padValue : dst[0];
}
SK_SIMULATED_END
}  // namespace detail

/* ---- Loop mode (Ascend 950) ---- */
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
__aicore__ inline void SetLoopModePara(const LoopModeParams& p, DataCopyMVType type) {
  bool in = type == DataCopyMVType::OUT_TO_UB;
  auto check = [](uint64_t v, uint64_t limit, const char* field) {
    if (v >= limit) ::sk_trapf(3, "SetLoopModePara: %s is %llu; it must be below %llu", field, (unsigned long long)v, (unsigned long long)limit);
  };
  auto checkUb = [&](uint64_t v, const char* field) {
    check(v, 1ull << 21, field);
    if (v % ONE_BLK_SIZE) ::sk_trapf(3, "SetLoopModePara: %s is %llu bytes; the UB side's strides are multiples of 32 bytes", field, (unsigned long long)v);
  };
  check(p.loop1Size, 1u << 21, "loop1Size");
  check(p.loop2Size, 1u << 21, "loop2Size");
  const uint64_t gm1 = in ? p.loop1SrcStride : p.loop1DstStride, ub1 = in ? p.loop1DstStride : p.loop1SrcStride;
  const uint64_t gm2 = in ? p.loop2SrcStride : p.loop2DstStride, ub2 = in ? p.loop2DstStride : p.loop2SrcStride;
  check(gm1, 1ull << 40, in ? "loop1SrcStride" : "loop1DstStride");
  check(gm2, 1ull << 40, in ? "loop2SrcStride" : "loop2DstStride");
  checkUb(ub1, in ? "loop1DstStride" : "loop1SrcStride");
  checkUb(ub2, in ? "loop2DstStride" : "loop2SrcStride");
  int slot = detail::loopModeSlot(type);
  detail::coreState(slot) = 1ull << 63 | (uint64_t)p.loop2Size << 21 | p.loop1Size;
  detail::coreState(slot + 1) = gm1 | ub1 << 40;
  detail::coreState(slot + 2) = gm2 | ub2 << 40;
}
__aicore__ inline void ResetLoopModePara(DataCopyMVType type) {
  int slot = detail::loopModeSlot(type);
  for (int i = 0; i < 3; ++i) detail::coreState(slot + i) = 0;
}
#else
// Declared for every arch as CANN does (shared headers name them on paths the A2 never takes);
// called on the A2 they are a device exception.
__aicore__ inline void SetLoopModePara(const LoopModeParams&, DataCopyMVType) {
  ::sk_trapf(3, "SetLoopModePara is Ascend 950's (dav-3510): the A2 has no loop mode");
}
__aicore__ inline void ResetLoopModePara(DataCopyMVType) {
  ::sk_trapf(3, "ResetLoopModePara is Ascend 950's (dav-3510): the A2 has no loop mode");
}
#endif

/* ---- DataCopy ---- */
template <typename T> __aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count) {
  detail::withLoopModeIfUb(dst, DataCopyMVType::OUT_TO_UB, [&](uint64_t s, uint64_t d) {
    detail::copyContiguous<T>(detail::byteOffset(dst.HostPtr(), d), detail::byteOffset(src.HostPtr(), s), count);
  });
}
template <typename T> __aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
  detail::withLoopModeIfUb(src, DataCopyMVType::UB_TO_OUT, [&](uint64_t s, uint64_t d) {
    detail::copyContiguous<T>(detail::byteOffset(dst.HostPtr(), d), detail::byteOffset(src.HostPtr(), s), count);
  });
}
template <typename T> __aicore__ inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
  detail::copyContiguous<T>(dst.HostPtr(), src.HostPtr(), count);
}
template <typename T> __aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p) {
  detail::withLoopModeIfUb(dst, DataCopyMVType::OUT_TO_UB, [&](uint64_t s, uint64_t d) {
    detail::copyBlocks(detail::byteOffset(dst.HostPtr(), d), detail::byteOffset(src.HostPtr(), s), p);
  });
}
template <typename T> __aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
  detail::withLoopModeIfUb(src, DataCopyMVType::UB_TO_OUT, [&](uint64_t s, uint64_t d) {
    detail::copyBlocks(detail::byteOffset(dst.HostPtr(), d), detail::byteOffset(src.HostPtr(), s), p);
  });
}
template <typename T, typename U>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyParams& p) {
  if (dst.GetPosition() == TPosition::C2) detail::copyToBiasTable(dst.HostPtr(), src.HostPtr(), p);
  else if (dst.GetPosition() == TPosition::C2PIPE2GM) detail::copyToFixpipeBuffer(dst.HostPtr(), src.HostPtr(), p);
  else detail::copyBlocks(dst.HostPtr(), src.HostPtr(), p);
}
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                                const DataCopyEnhancedParams&) {
  detail::copyBlocks(dst.HostPtr(), src.HostPtr(), p);
}
template <typename T>
__aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
                                const DataCopyEnhancedParams&) {
  detail::copyBlocks(dst.HostPtr(), src.HostPtr(), p);
}
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
                                const DataCopyEnhancedParams&) {
  detail::copyBlocks(dst.HostPtr(), src.HostPtr(), p);
}
// CO1 -> CO2 with a conversion (int32 -> half with a deq scale, ...): declared for every arch as
// CANN declares it, so kernels with a path for Atlas inference parts compile; those parts alone
// have it, so a call is a device exception.
template <typename T, typename U>
__aicore__ inline void DataCopy(const LocalTensor<T>&, const LocalTensor<U>&, const DataCopyParams&,
                                const DataCopyEnhancedParams&) {
  ::sk_trap(3, "DataCopy with DataCopyEnhancedParams between two types: the CO1 -> CO2 conversions of Atlas inference "
              "products, not on this arch (use Fixpipe)");
}

/* ---- Multi-dimensional copy GM -> UB (NDDMA, Ascend 950) ----
   Each dimension k lays out lp_k pads, loopSize[k] elements and rp_k pads, loopDstStride[k]
   elements apart in UB; the elements come from GM loopSrcStride[k] apart. A pad position takes
   constantValue, or in nearest mode the value at the nearest element of its dimension. Each
   plane (one position in the dimensions above 1) is one copy instruction when dimension 0 is
   contiguous on both sides, else one per row; the pads are written after it. */
namespace detail {
SK_SIMULATED_BEGIN
template <typename T, uint8_t dim> struct NdDmaWalk {
  const MultiCopyLoopInfo<dim>& info;
  bool nearest;
  uint32_t lp[dim], span[dim];  // left pads; pads and elements
  __aicore__ int64_t dstOffset(const uint32_t pos[]) const {
    int64_t off = 0;
    for (uint8_t k = 0; k < dim; ++k) off += (int64_t)pos[k] * info.loopDstStride[k];
    return off;
  }
  // Where a pad position of dimension k reads from in nearest mode: the dimension's nearest element.
  __aicore__ uint32_t clamp(uint8_t k, uint32_t p) const {
    return p < lp[k] ? lp[k] : p >= lp[k] + info.loopSize[k] ? lp[k] + info.loopSize[k] - 1 : p;
  }
  __aicore__ bool isPad(uint8_t k, uint32_t p) const { return p < lp[k] || p >= lp[k] + info.loopSize[k]; }
};
// Fills row `pos` (dimension 0 at every position) from `from` (nearest) or with value.
template <typename T, uint8_t dim>
__aicore__ inline void ndDmaFillRow(T* dst, const NdDmaWalk<T, dim>& w, uint32_t pos[], const T* from, T value) {
  for (pos[0] = 0; pos[0] < w.span[0]; ++pos[0]) dst[w.dstOffset(pos)] = from ? from[(int64_t)w.clamp(0, pos[0]) * w.info.loopDstStride[0]] : value;
}
template <typename T, uint8_t dim>
__aicore__ inline void ndDmaPlane(T* dst, const T* src, const NdDmaWalk<T, dim>& w, uint32_t pos[], T value) {
  const auto& info = w.info;
  constexpr uint64_t sz = sizeof(T);
  bool padPlane = false;
  int64_t srcOff = 0;
  for (uint8_t k = 2; k < dim; ++k) {
    padPlane |= w.isPad(k, pos[k]);
    srcOff += ((int64_t)w.clamp(k, pos[k]) - w.lp[k]) * (int64_t)info.loopSrcStride[k];
  }
  uint32_t rows = dim > 1 ? w.span[1] : 1;
  if (padPlane && !w.nearest) {
    for (uint32_t r = 0; r < rows; ++r) {
      if (dim > 1) pos[1] = r;
      ndDmaFillRow(dst, w, pos, (const T*)nullptr, value);
    }
    return;
  }
  // The plane's data rows: from the clamped position in GM, to this plane's place in UB.
  uint32_t rowLp = dim > 1 ? w.lp[1] : 0, dataRows = dim > 1 ? info.loopSize[1] : 1;
  uint64_t rowSrc = dim > 1 ? info.loopSrcStride[1] * sz : 0, rowDst = dim > 1 ? (uint64_t)info.loopDstStride[1] * sz : 0;
  if (dim > 1) pos[1] = rowLp;
  pos[0] = w.lp[0];
  T* first = dst + w.dstOffset(pos);
  if (info.loopSrcStride[0] == 1 && info.loopDstStride[0] == 1) {
    ::sk_data_copy_2d(first, src + srcOff, dataRows, info.loopSize[0] * sz, rowSrc, rowDst);
  } else {
    for (uint32_t r = 0; r < dataRows; ++r)
      ::sk_data_copy_2d((uint8_t*)first + r * rowDst, (const uint8_t*)(src + srcOff) + r * rowSrc, info.loopSize[0], sz,
                        info.loopSrcStride[0] * sz, (uint64_t)info.loopDstStride[0] * sz);
  }
  // Dimension 0's pads in the data rows, then the pad rows of dimension 1.
  for (uint32_t r = 0; r < dataRows; ++r) {
    if (dim > 1) pos[1] = rowLp + r;
    T* row = (T*)((uint8_t*)first + r * rowDst);
    for (uint32_t c = 0; c < w.span[0]; ++c) {
      if (!w.isPad(0, c)) continue;
      pos[0] = c;
      dst[w.dstOffset(pos)] = w.nearest ? row[((int64_t)w.clamp(0, c) - w.lp[0]) * info.loopDstStride[0]] : value;
    }
  }
  for (uint32_t r = 0; r < rows; ++r) {
    if (dim < 2 || !w.isPad(1, r)) continue;
    pos[1] = r;
    const T* nearestRow = w.nearest ? first - (int64_t)w.lp[0] * info.loopDstStride[0] +
                                          ((int64_t)w.clamp(1, r) - rowLp) * info.loopDstStride[1]
                                    : nullptr;
    ndDmaFillRow(dst, w, pos, nearestRow, value);
  }
}
SK_SIMULATED_END
}  // namespace detail

template <typename T, uint8_t dim, const NdDmaConfig& config = kDefaultNdDmaConfig>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const MultiCopyParams<T, dim>& params) {
  using P = PrimT<T>;
  detail::NdDmaWalk<P, dim> w{params.loopInfo, config.isNearestValueMode, {}, {}};
  for (uint8_t k = 0; k < dim; ++k) {
    if (params.loopInfo.loopSize[k] == 0) ::sk_trapf(3, "DataCopy (NdDmaParams): loopSize[%d] is 0; each dimension copies at least one element", k);
    w.lp[k] = config.loopLpSize == NdDmaConfig::unsetPad ? params.loopInfo.loopLpSize[k] : config.loopLpSize;
    uint32_t rp = config.loopRpSize == NdDmaConfig::unsetPad ? params.loopInfo.loopRpSize[k] : config.loopRpSize;
    w.span[k] = w.lp[k] + params.loopInfo.loopSize[k] + rp;
  }
  // Every position of the dimensions above 1 is a plane.
  uint32_t pos[dim > 2 ? dim : 2] = {};
  for (;;) {
    detail::ndDmaPlane<P, dim>(dst.HostPtr(), src.HostPtr(), w, pos, (P)params.constantValue);
    uint8_t k = 2;
    for (; k < dim; ++k) {
      if (++pos[k] < w.span[k]) break;
      pos[k] = 0;
    }
    if (k >= dim) break;
  }
}
// The NDDMA cache is not simulated: GM reads always see the latest data.
__aicore__ inline void NdDmaDci() {}

/* ---- DataCopy of slices (SliceInfo): a multi-dimensional subset GM <-> UB ----
   Dimension 0 is the innermost. In each dimension the slice takes segments from startIndex up to
   endIndex, stride elements (rows, for the outer dimensions) apart: segments of burstLen 32-byte
   blocks in dimension 0, of one row in the others. A tensor's element offset is the sum of each
   dimension's position times the product of the shapeValues of the dimensions inside it. The
   source's segments, innermost dimension fastest, land in the destination's in the same order. */
struct SliceInfo {
  uint32_t startIndex = 0;
  uint32_t endIndex = ONE_BLK_SIZE - 1;
  uint32_t stride = 0;
  uint32_t burstLen = ONE_BLK_SIZE;
  uint32_t shapeValue = 0;
  __aicore__ SliceInfo() {}
  __aicore__ SliceInfo(const uint32_t startIndexIn, const uint32_t endIndexIn, const uint32_t strideIn,
                       const uint32_t burstLenIn, const uint32_t shapeValueIn = 0)
      : startIndex(startIndexIn), endIndex(endIndexIn), stride(strideIn), burstLen(burstLenIn), shapeValue(shapeValueIn) {}
};
constexpr uint32_t K_MAX_SLICE_DIM = K_MAX_DIM;
namespace detail {
// The segments of a slice: per dimension the count, the element step between segments and the
// element offset of the first; a flat segment index walks them innermost first.
SK_SIMULATED_BEGIN
struct SliceWalk {
  uint32_t dims = 0;
  uint64_t count[K_MAX_SLICE_DIM] = {}, step[K_MAX_SLICE_DIM] = {}, first = 0, total = 1;
  uint64_t offset(uint64_t i) const {  // element offset of segment i
    uint64_t off = first;
    for (uint32_t d = 0; d < dims; ++d) {
      off += (i % count[d]) * step[d];
      i /= count[d];
    }
    return off;
  }
};
template <typename T> inline SliceWalk sliceWalk(const SliceInfo info[], uint32_t dims) {
  SliceWalk w;
  w.dims = dims;
  uint64_t pitch = 1;
  for (uint32_t d = 0; d < dims; ++d) {
    uint64_t len = d == 0 ? (uint64_t)info[0].burstLen * ONE_BLK_SIZE / sizeof(T) : 1;
    uint64_t span = info[d].endIndex >= info[d].startIndex ? (uint64_t)info[d].endIndex - info[d].startIndex + 1 : 0;
    w.count[d] = (span + info[d].stride) / (len + info[d].stride);
    w.step[d] = (len + info[d].stride) * pitch;
    w.first += (uint64_t)info[d].startIndex * pitch;
    w.total *= w.count[d];
    pitch *= info[d].shapeValue;
  }
  return w;
}
// Segment k of src to segment k of dst, runs of equally spaced segments as one copy.
template <typename T>
inline void sliceCopy(T* dst, const T* src, const SliceInfo dstInfo[], const SliceInfo srcInfo[], uint32_t dims) {
  if (dims == 0 || dims > K_MAX_SLICE_DIM) ::sk_trap(4, "DataCopy (SliceInfo): dimValue must be 1..8");
  if (srcInfo[0].burstLen == 0) ::sk_trap(4, "DataCopy (SliceInfo): burstLen 0");
  for (uint32_t d = 0; d < dims; ++d)
    if (srcInfo[d].burstLen != dstInfo[d].burstLen || (d > 0 && srcInfo[d].burstLen != 1))
      ::sk_trap(4, "DataCopy (SliceInfo): burstLen must match between src and dst, and be 1 beyond dimension 0");
  SliceWalk s = sliceWalk<T>(srcInfo, dims), d = sliceWalk<T>(dstInfo, dims);
  if (s.total != d.total) ::sk_trap(4, "DataCopy (SliceInfo): src and dst slices hold different numbers of segments");
  const uint64_t bytes = (uint64_t)srcInfo[0].burstLen * ONE_BLK_SIZE;
  uint64_t k = 0;
  while (k < s.total) {
    uint64_t s0 = s.offset(k), d0 = d.offset(k), n = 1, sStep = 0, dStep = 0;
    if (k + 1 < s.total) {
      sStep = s.offset(k + 1) - s0, dStep = d.offset(k + 1) - d0;
      n = 2;
      while (k + n < s.total && s.offset(k + n) == s0 + n * sStep && d.offset(k + n) == d0 + n * dStep) ++n;
    }
    ::sk_data_copy_2d(dst + d0, src + s0, n, bytes, sStep * sizeof(T), dStep * sizeof(T));
    k += n;
  }
}
SK_SIMULATED_END
}  // namespace detail
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[],
                                const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1) {
  detail::sliceCopy(dst.HostPtr(), src.HostPtr(), dstSliceInfo, srcSliceInfo, dimValue);
}
template <typename T>
__aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[],
                                const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1) {
  detail::sliceCopy(dst.HostPtr(), src.HostPtr(), dstSliceInfo, srcSliceInfo, dimValue);
}

/* ---- Scalar GM access past the data cache: the simulator's GM is coherent, so a plain scalar
   load or store (PIPE_S, bounds-checked) ---- */
template <typename T> __aicore__ inline T ReadGmByPassDCache(__gm__ T* addr) {
  T v;
  ::sk_scalar_copy(&v, addr, sizeof(T));
  return v;
}
template <typename T> __aicore__ inline void WriteGmByPassDCache(__gm__ T* addr, T value) {
  ::sk_scalar_copy(addr, &value, sizeof(T));
}

/* ---- DataCopyPad ---- */
// mode (Ascend 950): PaddingMode::Compact packs the blocks back to back on the UB side (its
// stride and the left/right pads are then unused). The GM-side stride may be negative there.
template <typename T, PaddingMode mode = PaddingMode::Normal>
__aicore__ inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                                   const DataCopyPadExtParams<T>& pad) {
  detail::withLoopModeIfUb(dst, DataCopyMVType::OUT_TO_UB, [&](uint64_t s, uint64_t d) {
    auto* to = detail::byteOffset(dst.HostPtr(), d);
    auto* from = detail::byteOffset(src.HostPtr(), s);
    if constexpr (mode == PaddingMode::Compact)
      detail::copyPadInCompact<PrimT<T>>(to, from, p.blockCount, p.blockLen, (uint64_t)p.srcStride, pad.isPad, pad.paddingValue);
    else
      detail::copyPadIn<PrimT<T>>(to, from, p.blockCount, p.blockLen, (uint64_t)p.srcStride, p.dstStride, pad.isPad,
                                  pad.leftPadding, pad.rightPadding, pad.paddingValue);
  });
}
template <typename T>
__aicore__ inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                                   const DataCopyPadParams& pad) {
  detail::withLoopModeIfUb(dst, DataCopyMVType::OUT_TO_UB, [&](uint64_t s, uint64_t d) {
    detail::copyPadIn<PrimT<T>>(detail::byteOffset(dst.HostPtr(), d), detail::byteOffset(src.HostPtr(), s), p.blockCount,
                                p.blockLen, p.srcStride, p.dstStride, pad.isPad, pad.leftPadding, pad.rightPadding,
                                detail::padFromBits<PrimT<T>>(pad.paddingValue));
  });
}
template <typename T, PaddingMode mode = PaddingMode::Normal>
__aicore__ inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p) {
  detail::withLoopModeIfUb(src, DataCopyMVType::UB_TO_OUT, [&](uint64_t s, uint64_t d) {
    auto* to = detail::byteOffset(dst.HostPtr(), d);
    auto* from = detail::byteOffset(src.HostPtr(), s);
    if constexpr (mode == PaddingMode::Compact) {
      if (p.blockCount && p.blockLen)
        ::sk_data_copy_2d(to, from, p.blockCount, p.blockLen, p.blockLen, p.blockLen + (uint64_t)p.dstStride);
    } else {
      detail::copyPadOut(to, from, p.blockCount, p.blockLen, p.srcStride, (uint64_t)p.dstStride);
    }
  });
}
template <typename T>
__aicore__ inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
  detail::withLoopModeIfUb(src, DataCopyMVType::UB_TO_OUT, [&](uint64_t s, uint64_t d) {
    detail::copyPadOut(detail::byteOffset(dst.HostPtr(), d), detail::byteOffset(src.HostPtr(), s), p.blockCount,
                       p.blockLen, p.srcStride, p.dstStride);
  });
}
// The internal spellings some kernels call directly (pointers instead of tensors).
template <typename T>
__aicore__ inline void DataCopyPadGm2UBImpl(T* dst, const T* src, const DataCopyParams& p, const DataCopyPadParams& pad,
                                            uint8_t /*cacheMode*/ = 0) {
  detail::copyPadIn<T>(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, pad.isPad, pad.leftPadding,
                       pad.rightPadding, detail::padFromBits<T>(pad.paddingValue));
}
template <typename T>
__aicore__ inline void DataCopyPadGm2UBImpl(T* dst, const T* src, const DataCopyExtParams& p, const DataCopyPadExtParams<T>& pad,
                                            uint8_t /*cacheMode*/ = 0) {
  detail::copyPadIn<T>(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, pad.isPad, pad.leftPadding,
                       pad.rightPadding, pad.paddingValue);
}
template <typename T> __aicore__ inline void DataCopyPadUB2GMImpl(T* dst, const T* src, const DataCopyParams& p) {
  detail::copyPadOut(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride);
}
template <typename T> __aicore__ inline void DataCopyPadUB2GMImpl(T* dst, const T* src, const DataCopyExtParams& p) {
  detail::copyPadOut(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride);
}
template <typename T> __aicore__ inline void DataCopyGM2UBImpl(T* dst, const T* src, const DataCopyParams& p) {
  detail::copyBlocks(dst, src, p);
}
template <typename T> __aicore__ inline void DataCopyUB2GMImpl(T* dst, const T* src, const DataCopyParams& p) {
  detail::copyBlocks(dst, src, p);
}
template <typename T> __aicore__ inline void DataCopyUB2L1Impl(T* dst, const T* src, const DataCopyParams& p) {
  detail::copyBlocks(dst, src, p);
}

// SetPadValue: the value DataCopyPad pads with when isPad is false (kept per core).
template <typename T, TPosition pos = TPosition::MAX> __aicore__ inline void SetPadValue(T value) {
  uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof(PrimT<T>) < 8 ? sizeof(PrimT<T>) : 8);
  detail::coreState(detail::kStatePadValue) = bits;
  detail::coreState(detail::kStatePadValueSet) = 1;
}

/* ---- GM fill (Fill, the older InitGlobalMemory): `size` elements of `value` ---- */
template <typename T> __aicore__ inline void Fill(const GlobalTensor<T>& gm, const uint64_t size, const T value) {
  constexpr uint32_t kChunk = 256;
  alignas(32) PrimT<T> pattern[kChunk / sizeof(PrimT<T>)];
  for (auto& v : pattern) v = value;
  uint64_t bytes = size * sizeof(PrimT<T>);
  auto* out = (uint8_t*)gm.HostPtr();
  ::sk_data_copy_2d(out, pattern, bytes / kChunk, kChunk, 0, kChunk);
  if (bytes % kChunk) ::sk_data_copy_2d(out + bytes / kChunk * kChunk, pattern, 1, bytes % kChunk, 0, 0);
}
template <typename T> __aicore__ inline void InitGlobalMemory(const GlobalTensor<T>& gm, const uint64_t size, const T value) {
  Fill(gm, size, value);
}
// The op library's spelling (value converts to T; 0 by default, as CANN declares it).
template <typename T>
__aicore__ inline void InitOutput(const GlobalTensor<T>& gm, const uint64_t size, const PrimT<T> value = PrimT<T>(0)) {
  Fill(gm, size, value);
}

/* ---- atomic store modes: copies into GM combine with what is there ---- */
namespace detail {
inline void setAtomic(int32_t op, int32_t dtype) {
  coreState(kStateAtomicOp) = (uint64_t)op;
  if (op != SK_ATOMIC_NONE) coreState(kStateAtomicDtype) = (uint64_t)dtype;
  ::sk_set_atomic(op, dtype);
}
// The element type alone (the built-ins set_atomic_f32 & co.): it applies to the operation set
// before or after it (float until one is set).
inline void setAtomicDtype(int32_t dtype) {
  coreState(kStateAtomicDtype) = (uint64_t)dtype;
  int32_t op = (int32_t)coreState(kStateAtomicOp);
  if (op != SK_ATOMIC_NONE) ::sk_set_atomic(op, dtype);
}
inline void setAtomicOp(int32_t op) { setAtomic(op, (int32_t)coreState(kStateAtomicDtype)); }
}  // namespace detail
template <typename T> __aicore__ inline void SetAtomicAdd() { detail::setAtomic(SK_ATOMIC_ADD, detail::dtypeOf<T>()); }
template <typename T> __aicore__ inline void SetAtomicMax() { detail::setAtomic(SK_ATOMIC_MAX, detail::dtypeOf<T>()); }
template <typename T> __aicore__ inline void SetAtomicMin() { detail::setAtomic(SK_ATOMIC_MIN, detail::dtypeOf<T>()); }
template <typename T> __aicore__ inline void SetAtomicType() {
  int32_t op = (int32_t)detail::coreState(detail::kStateAtomicOp);
  ::sk_set_atomic(op == SK_ATOMIC_NONE ? SK_ATOMIC_ADD : op, detail::dtypeOf<T>());
}
__aicore__ inline void SetAtomicNone() { detail::setAtomic(SK_ATOMIC_NONE, 0); }
__aicore__ inline void DisableDmaAtomic() { SetAtomicNone(); }
template <AtomicDtype type, AtomicOp op> __aicore__ inline void SetStoreAtomicConfig() {}

/* ---- instruction cache: kernels run as host code, so there is no ICache to warm; a preload
   (preFetchLen in 2 KiB units) is complete at once ---- */
__aicore__ inline void ICachePreLoad(const int64_t preFetchLen) { (void)preFetchLen; }
__aicore__ inline int64_t GetICachePreloadStatus() { return 0; }

/* ---- cache maintenance: GM is coherent in the simulator ---- */
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ inline void DataCacheCleanAndInvalid(const GlobalTensor<T>&) {}
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ inline void DataCacheCleanAndInvalid(const LocalTensor<T>&) {}
template <typename T, CacheLine entireType> __aicore__ inline void DataCacheCleanAndInvalid(const GlobalTensor<T>&) {}
template <typename T> __aicore__ inline void DataCachePreload(const GlobalTensor<uint64_t>&, const T) {}

}  // namespace AscendC

#endif /* SK_ASCENDC_DATA_COPY_H */
