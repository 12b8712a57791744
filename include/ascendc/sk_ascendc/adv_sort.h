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

// Number names CANN's TopK header declares at global scope (in an unnamed namespace) and kernels
// that include kernel_operator.h use without declaring (ops-nn's top_k_top_p_sample: SIXTEEN).
namespace {
constexpr uint32_t TWO = 2, THREE = 3, FOUR = 4, FIVE = 5, SIX = 6, SEVEN = 7, EIGHT = 8, NINE = 9, TWELVE = 12;
constexpr uint32_t SIXTEEN = 16, THIRTY_TWO = 32, FORTYEIGHT = 48;
}  // namespace

SK_SIMULATED_BEGIN

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
// In-place stable merging and sorting of n items seen only through less(i, j) and swap(i, j) (the
// items at positions i and j), without a buffer: merges by rotation (three reversals), runs of 32
// by insertion. O(n log^2 n) swaps; kernels may not allocate.
template <typename Less, typename Swap> struct InPlaceSort {
  Less less;
  Swap swap;
  void reverse(uint32_t a, uint32_t b) {
    while (a + 1 < b) swap(a++, --b);
  }
  void merge(uint32_t first, uint32_t mid, uint32_t last) {
    uint32_t len1 = mid - first, len2 = last - mid;
    if (len1 == 0 || len2 == 0) return;
    if (len1 + len2 == 2) {
      if (less(mid, first)) swap(first, mid);
      return;
    }
    uint32_t cut1, cut2;
    if (len1 > len2) {  // cut2: the first item of the right run not below the left's middle one
      cut1 = first + len1 / 2;
      cut2 = firstWhere(mid, last, [&](uint32_t k) { return !less(k, cut1); });
    } else {  // cut1: the first item of the left run above the right's middle one
      cut2 = mid + len2 / 2;
      cut1 = firstWhere(first, mid, [&](uint32_t k) { return less(cut2, k); });
    }
    reverse(cut1, mid), reverse(mid, cut2), reverse(cut1, cut2);  // [cut1, cut2) rotated at mid
    uint32_t newMid = cut1 + (cut2 - mid);
    merge(first, cut1, newMid);
    merge(newMid, cut2, last);
  }
  template <typename P> static uint32_t firstWhere(uint32_t lo, uint32_t hi, P p) {  // p false, then true
    while (lo < hi) {
      uint32_t m = lo + (hi - lo) / 2;
      if (p(m)) hi = m;
      else lo = m + 1;
    }
    return lo;
  }
  // Sorted runs of `run` items merged into one order.
  void mergeRuns(uint32_t n, uint32_t run) {
    for (uint32_t w = run; w < n; w *= 2)
      for (uint32_t lo = 0; lo + w < n; lo += 2 * w) merge(lo, lo + w, std::min(n, lo + 2 * w));
  }
  void sort(uint32_t n) {
    for (uint32_t lo = 0; lo < n; lo += 32) {
      uint32_t hi = std::min(n, lo + 32);
      for (uint32_t i = lo + 1; i < hi; ++i)
        for (uint32_t j = i; j > lo && less(j, j - 1); --j) swap(j, j - 1);
    }
    mergeRuns(n, 32);
  }
};
template <typename Less, typename Swap> inline InPlaceSort<Less, Swap> inPlaceSort(Less less, Swap swap) { return {less, swap}; }
// The same over an array, by a less of its elements.
template <typename E, typename Less> inline auto arraySort(E* e, Less less) {
  return inPlaceSort([e, less](uint32_t i, uint32_t j) { return less(e[i], e[j]); }, [e](uint32_t i, uint32_t j) { std::swap(e[i], e[j]); });
}
template <typename E, typename Less> inline void mergeRuns(E* e, uint32_t n, uint32_t run, Less less) { arraySort(e, less).mergeRuns(n, run); }
template <typename E, typename Less> inline void stableSort(E* e, uint32_t n, Less less) { arraySort(e, less).sort(n); }
// The MrgSort passes that merge runs of 32 into one of n: four queues a pass.
inline uint64_t mrgSortPasses(uint32_t n) {
  uint64_t passes = 0;
  for (uint32_t w = 32; w < n; w *= 4) ++passes;
  return passes;
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
    ::sk_vec_charge("mrgsort", a::mrgSortPasses(n) * ((uint64_t)n * 8 + 255) / 256);
  }
}

/* ---- Sort with SortConfig (Ascend 950) ---- */
// A stable sort of calCount values, ascending (config.isDescend: descending), their indices
// moving with them: srcIndexTensor's, or 0, 1, ... (uint32_t) when there is none. RADIX_SORT
// takes 8- to 64-bit integers, half, bfloat16_t and float with uint32_t, int32_t, uint64_t or
// int64_t indices; MERGE_SORT half and float with uint32_t indices, calCount a multiple of 32
// and dstTensor 8 bytes an element. Values order as a radix sort of their bits does (floats:
// -NaN, -inf, ..., -0, +0, ..., +inf, +NaN). The temporary buffer is accepted and not needed.
// Charged as MERGE_SORT's Sort32 and MrgSort passes, or RADIX_SORT's passes, one per byte of
// the values (assumed: four element-wise instructions over the values and one over the indices
// a pass; no public figure).
namespace detail {
namespace adv {
template <typename T> constexpr bool kRadixSortable =
    std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float> ||
    (std::is_integral_v<T> && !std::is_same_v<T, bool> && sizeof(T) <= 8);
// A value's bits as an unsigned key ordered as the values are.
template <typename T> inline auto radixKey(T v) {
  using Bits = std::conditional_t<sizeof(T) == 1, uint8_t, std::conditional_t<sizeof(T) == 2, uint16_t,
               std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
  constexpr Bits kSign = (Bits)((Bits)1 << (8 * sizeof(T) - 1));
  Bits b;
  std::memcpy(&b, &v, sizeof b);
  if constexpr (std::is_integral_v<T>) return std::is_signed_v<T> ? (Bits)(b ^ kSign) : b;
  else return (Bits)(b & kSign ? ~b : b | kSign);  // negative floats: larger magnitudes first
}
template <typename T, typename U, const SortConfig& config>
inline void sortWithConfig(const LocalTensor<T>& dst, const LocalTensor<U>* dstIndex, const LocalTensor<T>& src,
                           const LocalTensor<U>* srcIndex, uint32_t n) {
  using V = PrimT<T>;
  constexpr bool merge = config.type == SortType::MERGE_SORT;
  static_assert(kArch3510 || sizeof(T) == 0, "Sort with SortConfig is Ascend 950's (dav-3510)");
  static_assert(merge ? std::is_same_v<V, half> || std::is_same_v<V, float> : kRadixSortable<V>,
                "Sort: MERGE_SORT sorts half or float; RADIX_SORT 8- to 64-bit integers, half, bfloat16_t or float");
  static_assert(merge ? std::is_same_v<U, uint32_t>
                      : std::is_same_v<U, uint32_t> || std::is_same_v<U, int32_t> || std::is_same_v<U, uint64_t> ||
                            std::is_same_v<U, int64_t>,
                "Sort: the index type is uint32_t (MERGE_SORT), or uint32_t, int32_t, uint64_t or int64_t (RADIX_SORT)");
  const char* api = merge ? "Sort (MERGE_SORT)" : "Sort (RADIX_SORT)";
  if (merge && n % 32) ::sk_trapf(3, "%s: calCount %u must be a multiple of 32 (pad the data)", api, n);
  need(api, "srcTensor", src, n);
  need(api, "dstTensor", dst, merge ? (uint64_t)n * 8 / sizeof(V) : n);
  if (srcIndex) need(api, "srcIndexTensor", *srcIndex, n);
  if (dstIndex) need(api, "dstIndexTensor", *dstIndex, n);
  auto overlaps = [n](const void* a, uint32_t aBytes, const void* b, uint32_t bBytes) {
    return n && (const uint8_t*)a < (const uint8_t*)b + (uint64_t)n * bBytes && (const uint8_t*)b < (const uint8_t*)a + (uint64_t)n * aBytes;
  };
  if (overlaps(dst.HostPtr(), sizeof(V), src.HostPtr(), sizeof(V)))
    ::sk_trapf(3, "%s: dstTensor and srcTensor overlap (not supported)", api);
  if (dstIndex && srcIndex && overlaps(dstIndex->HostPtr(), sizeof(U), srcIndex->HostPtr(), sizeof(U)))
    ::sk_trapf(3, "%s: dstIndexTensor and srcIndexTensor overlap (not supported)", api);
  V* d = ptr(dst);
  U* idx = dstIndex ? ptr(*dstIndex) : nullptr;
  std::memcpy(d, ptr(src), (uint64_t)n * sizeof(V));
  for (uint32_t i = 0; idx && i < n; ++i) idx[i] = srcIndex ? ptr(*srcIndex)[i] : (U)i;
  auto less = [d](uint32_t i, uint32_t j) {
    return config.isDescend ? radixKey(d[j]) < radixKey(d[i]) : radixKey(d[i]) < radixKey(d[j]);
  };
  inPlaceSort(less, [d, idx](uint32_t i, uint32_t j) {
    std::swap(d[i], d[j]);
    if (idx) std::swap(idx[i], idx[j]);
  }).sort(n);
  if constexpr (merge) {
    ::sk_vec_charge("sort32", (n + 31) / 32);
    ::sk_vec_charge("mrgsort", mrgSortPasses(n) * (((uint64_t)n * 8 + 255) / 256));
    chargeOps(n, 8, "gathermask", "gathermask");  // the values and indices out of the (value, index) pairs
  } else {
    for (uint32_t pass = 0; pass < sizeof(V); ++pass) {
      chargeOps(n, sizeof(V), "muls", "add", "adds", "gathermask");
      if (idx) chargeOps(n, sizeof(U), "gathermask");
    }
  }
}
}  // namespace adv
}  // namespace detail

template <typename T, typename U, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ inline void Sort(LocalTensor<T>& dstTensor, LocalTensor<U>& dstIndexTensor, const LocalTensor<T>& srcTensor,
                            const LocalTensor<U>& srcIndexTensor, const LocalTensor<uint8_t>&, const uint32_t calCount) {
  detail::adv::sortWithConfig<T, U, config>(dstTensor, &dstIndexTensor, srcTensor, &srcIndexTensor, calCount);
}
template <typename T, typename U, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ inline void Sort(const LocalTensor<T>& dstTensor, const LocalTensor<U>& dstIndexTensor, const LocalTensor<T>& srcTensor,
                            const LocalTensor<U>& srcIndexTensor, const uint32_t calCount) {
  detail::adv::sortWithConfig<T, U, config>(dstTensor, &dstIndexTensor, srcTensor, &srcIndexTensor, calCount);
}
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ inline void Sort(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>&, const uint32_t calCount) {
  detail::adv::sortWithConfig<T, uint32_t, config>(dstTensor, nullptr, srcTensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ inline void Sort(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount) {
  detail::adv::sortWithConfig<T, uint32_t, config>(dstTensor, nullptr, srcTensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ inline void Sort(LocalTensor<T>& dstTensor, LocalTensor<uint32_t>& dstIndexTensor, const LocalTensor<T>& srcTensor,
                            const LocalTensor<uint8_t>&, const uint32_t calCount) {
  detail::adv::sortWithConfig<T, uint32_t, config>(dstTensor, &dstIndexTensor, srcTensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ inline void Sort(LocalTensor<T>& dstTensor, LocalTensor<uint32_t>& dstIndexTensor, const LocalTensor<T>& srcTensor,
                            const uint32_t calCount) {
  detail::adv::sortWithConfig<T, uint32_t, config>(dstTensor, &dstIndexTensor, srcTensor, nullptr, calCount);
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
    ::sk_vec_charge("mrgsort", mrgSortPasses(inner) * ((total * 8 + 255) / 256));
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

SK_SIMULATED_END

#endif /* SK_ASCENDC_ADV_SORT_H */
