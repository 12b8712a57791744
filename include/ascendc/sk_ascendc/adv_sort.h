// The sorting APIs of lib/sort on top of sort.h's Sort32/MrgSort/Extract: Concat, Sort (one 32-element
// run per repeat, or isFullSort: every repeat merged into one descending order), GetSortLen,
// GetSortOffset, and TopK (Normal and Small modes). Written from the public API reference; the
// layout is Ascend A2's (score, index) pairs of 8 bytes. Ties keep the earlier element first, as
// Sort32 and MrgSort do. Charged as the Sort32 + MrgSort sequence each replaces.
#ifndef SK_ASCENDC_ADV_SORT_H
#define SK_ASCENDC_ADV_SORT_H

#include <algorithm>

#include "kernel_tiling/kernel_tiling.h"
#include "sk_ascendc/adv_common.h"
#include "sk_ascendc/sort.h"

namespace AscendC {

// Concat: the scores to sort. On Ascend A2 the sort reads the scores as they are, so concat
// becomes a view of src (the hardware's API does the same); tmp is not used.
template <typename T>
__aicore__ inline void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const LocalTensor<T>&, const int32_t repeatTime) {
  static_assert(std::is_same<PrimT<T>, half>::value || std::is_same<PrimT<T>, float>::value, "Concat: T must be half or float");
  if (repeatTime < 0 || repeatTime > 255) ::sk_trapf(3, "Concat: repeatTime %d must be in [0, 255]", repeatTime);
  detail::adv::need("Concat", "src", src, (uint64_t)repeatTime * 16);
  concat = src;
}

// Elements of T a sorted region of elemCount entries takes (8 bytes per entry).
template <typename T> __aicore__ inline uint32_t GetSortLen(const uint32_t elemCount) {
  static_assert(std::is_same<PrimT<T>, half>::value || std::is_same<PrimT<T>, float>::value, "GetSortLen: T must be half or float");
  return elemCount * (8 / (uint32_t)sizeof(PrimT<T>));
}
template <typename T> __aicore__ inline uint32_t GetSortOffset(const uint32_t elemOffset) {
  static_assert(std::is_same<PrimT<T>, half>::value || std::is_same<PrimT<T>, float>::value, "GetSortOffset: T must be half or float");
  return elemOffset * (8 / (uint32_t)sizeof(PrimT<T>));
}

namespace detail {
namespace adv {
// A sorted entry as one 8-byte word; before(a, b): a goes first (a higher score).
template <typename T> inline float entryScore(uint64_t e) {
  PrimT<T> s;
  std::memcpy(&s, &e, sizeof s);
  return (float)s;
}
// Stable in-place merge of the sorted runs [first, mid) and [mid, last) (rotations, no buffer).
template <typename It, typename Less> inline void mergeInPlace(It first, It mid, It last, Less less) {
  auto len1 = mid - first, len2 = last - mid;
  if (len1 == 0 || len2 == 0) return;
  if (len1 + len2 == 2) {
    if (less(*mid, *first)) std::iter_swap(first, mid);
    return;
  }
  It cut1, cut2;
  if (len1 > len2) {
    cut1 = first + len1 / 2;
    cut2 = std::lower_bound(mid, last, *cut1, less);
  } else {
    cut2 = mid + len2 / 2;
    cut1 = std::upper_bound(first, mid, *cut2, less);
  }
  It newMid = std::rotate(cut1, mid, cut2);
  mergeInPlace(first, cut1, newMid, less);
  mergeInPlace(newMid, cut2, last, less);
}
// Merges sorted runs of `run` elements of [e, e + n) into one order, stable (no allocation).
template <typename E, typename Less> inline void mergeRuns(E* e, uint32_t n, uint32_t run, Less less) {
  for (uint32_t w = run; w < n; w *= 2)
    for (uint32_t lo = 0; lo + w < n; lo += 2 * w) mergeInPlace(e + lo, e + lo + w, e + std::min(n, lo + 2 * w), less);
}
// A stable sort without allocation: insertion sort of runs of 32, then mergeRuns.
template <typename E, typename Less> inline void stableSort(E* e, uint32_t n, Less less) {
  for (uint32_t lo = 0; lo < n; lo += 32) {
    uint32_t hi = std::min(n, lo + 32);
    for (uint32_t i = lo + 1; i < hi; ++i)
      for (uint32_t j = i; j > lo && less(e[j], e[j - 1]); --j) std::swap(e[j], e[j - 1]);
  }
  mergeRuns(e, n, 32, less);
}
}  // namespace adv
}  // namespace detail

// Sort: Sort32 over repeatTime runs of 32 (score, index) pairs; isFullSort merges them all.
template <typename T, bool isFullSort>
__aicore__ inline void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat, const LocalTensor<uint32_t>& index, LocalTensor<T>&,
                            const int32_t repeatTime) {
  static_assert(std::is_same<PrimT<T>, half>::value || std::is_same<PrimT<T>, float>::value, "Sort: T must be half or float");
  namespace a = detail::adv;
  if (repeatTime < 0 || repeatTime > 255) ::sk_trapf(3, "Sort: repeatTime %d must be in [0, 255]", repeatTime);
  const uint32_t n = (uint32_t)repeatTime * 32;
  a::need("Sort", "concat", concat, n);
  a::need("Sort", "index", index, n);
  a::need("Sort", "dst", dst, GetSortLen<T>(n));
  Sort32(dst, concat, index, repeatTime);
  if (isFullSort && repeatTime > 1) {
    a::mergeRuns((uint64_t*)dst.HostPtr(), n, 32, [](uint64_t x, uint64_t y) { return a::entryScore<T>(x) > a::entryScore<T>(y); });
    uint64_t passes = 0;
    for (uint32_t w = 32; w < n; w *= 4) ++passes;  // MrgSort merges four queues per pass
    ::sk_vec_charge("mrgsort", passes * ((uint64_t)n * 8 + 255) / 256);
  }
}

/* ---- TopK ---- */
struct TopKInfo {
  int32_t outter = 1;
  int32_t inner;
  int32_t n;
};
enum class TopKAlgo { RADIX_SELECT, MERGE_SORT };
enum class TopKOrder { UNSET, LARGEST, SMALLEST };
struct TopKConfig {
  TopKAlgo algo = TopKAlgo::MERGE_SORT;
  TopKOrder order = TopKOrder::UNSET;
  bool sorted = true;
};
constexpr TopKConfig defaultTopKConfig = {TopKAlgo::MERGE_SORT, TopKOrder::UNSET, true};

namespace detail {
namespace adv {
// Per row of `inner` elements: the k largest (or smallest) with their indices, in descending
// (ascending) order; ties keep the earlier element first. Normal mode: output rows of k padded to
// 32 bytes, one index row shared by all rows; Small mode (inner 32): rows of k, an index row per row.
template <typename T, bool isInitIndex, bool isHasfinish, TopKMode mode>
inline void topK(const LocalTensor<T>& dstValue, const LocalTensor<int32_t>& dstIndex, const LocalTensor<T>& src,
                 const LocalTensor<int32_t>& srcIndex, const LocalTensor<bool>& finish, int32_t k, const TopKInfo& info, bool isLargest) {
  const char* api = "TopK";
  static_assert(std::is_same<PrimT<T>, half>::value || std::is_same<PrimT<T>, float>::value, "TopK: T must be half or float");
  // (a trap, not a static_assert: kernels instantiate both modes and choose one at run time)
  if (isHasfinish && mode == TopKMode::TOPK_NSMALL) ::sk_trapf(3, "TopK: isHasfinish is not supported in the Small mode (as documented)");
  constexpr bool small = mode == TopKMode::TOPK_NSMALL;
  const uint32_t outter = (uint32_t)info.outter, inner = (uint32_t)info.inner, n = (uint32_t)info.n;
  if (info.outter < 1 || info.inner <= 0 || inner % 32 != 0 || (small && inner != 32) || (!small && inner > 4096))
    ::sk_trapf(3, "TopK: topKInfo.inner %d must be a multiple of 32 (32 in the Small mode, at most 4096)", info.inner);
  if (info.n < 1 || n > inner) ::sk_trapf(3, "TopK: topKInfo.n %d must be in [1, inner %u]", info.n, inner);
  if (k < 1 || (uint32_t)k > n) ::sk_trapf(3, "TopK: k %d must be in [1, n %u]", k, n);
  const uint32_t kPad = small ? (uint32_t)k : (uint32_t)((k * sizeof(PrimT<T>) + 31) / 32 * 32 / sizeof(PrimT<T>));
  const uint32_t kPadIdx = small ? (uint32_t)k : (uint32_t)((k + 7) / 8 * 8);
  need(api, "srcLocal", src, (uint64_t)outter * inner);
  if (isInitIndex) need(api, "srcIndexLocal", srcIndex, small ? (uint64_t)outter * inner : inner);
  if (isHasfinish) need(api, "finishLocal", finish, outter);
  need(api, "dstValueLocal", dstValue, (uint64_t)(outter - 1) * kPad + k);
  need(api, "dstIndexLocal", dstIndex, (uint64_t)(outter - 1) * kPadIdx + k);
  const PrimT<T>* x = ptr(src);
  const float sign = isLargest ? 1.0f : -1.0f;
  uint16_t order[4096];
  for (uint32_t r = 0; r < outter; ++r) {
    const PrimT<T>* row = x + (uint64_t)r * inner;
    for (uint32_t i = 0; i < inner; ++i) order[i] = (uint16_t)i;
    auto before = [row, sign](uint16_t a, uint16_t b) { return sign * (float)row[a] > sign * (float)row[b]; };
    stableSort(order, inner, before);
    const bool finished = isHasfinish && ptr(finish)[r];
    for (uint32_t j = 0; j < (uint32_t)k; ++j) {
      uint32_t i = order[j];
      ptr(dstValue)[(uint64_t)r * kPad + j] = row[i];
      int32_t idx = isInitIndex ? ptr(srcIndex)[(small ? (uint64_t)r * inner : 0) + i] : (int32_t)i;
      ptr(dstIndex)[(uint64_t)r * kPadIdx + j] = finished ? (int32_t)n : idx;
    }
  }
  const uint64_t total = (uint64_t)outter * inner;
  if (!isLargest) chargeOps(total, sizeof(PrimT<T>), "muls");
  ::sk_vec_charge("sort32", (total + 31) / 32);
  if (!small) {
    uint64_t passes = 0;
    for (uint32_t w = 32; w < inner; w *= 4) ++passes;
    ::sk_vec_charge("mrgsort", passes * ((total * 8 + 255) / 256));
  }
  chargeOps(total, 8, "gathermask", "gathermask");
  if (!isLargest) chargeOps((uint64_t)outter * kPad, sizeof(PrimT<T>), "muls");
}
}  // namespace adv
}  // namespace detail

template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false, enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
__aicore__ inline void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal, const LocalTensor<T>& srcLocal,
                            const LocalTensor<int32_t>& srcIndexLocal, const LocalTensor<bool>& finishLocal, const LocalTensor<uint8_t>&,
                            const int32_t k, const TopkTiling&, const TopKInfo& topKInfo, const bool isLargest = true) {
  detail::adv::topK<T, isInitIndex, isHasfinish, topkMode>(dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal, finishLocal, k, topKInfo,
                                                          isLargest);
}
template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false, enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
__aicore__ inline void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal, const LocalTensor<T>& srcLocal,
                            const LocalTensor<int32_t>& srcIndexLocal, const LocalTensor<bool>& finishLocal, const int32_t k,
                            const TopkTiling& tiling, const TopKInfo& topKInfo, const bool isLargest = true) {
  TopK<T, isInitIndex, isHasfinish, isReuseSrc, topkMode>(dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal, finishLocal,
                                                          LocalTensor<uint8_t>(), k, tiling, topKInfo, isLargest);
}

}  // namespace AscendC

#endif /* SK_ASCENDC_ADV_SORT_H */
