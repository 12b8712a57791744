// Sorting: Sort32 (32 scores per repeat, descending, with their uint32 indices), MrgSort (up to
// four sorted queues merged), GetMrgSortResult and Extract. A sorted element is 8 bytes:
// float score + uint32 index, or half score, 2 reserved bytes, uint32 index. Ties keep the earlier
// element first (and the earlier queue), as the hardware does. Element by element here; the V
// pipe is charged the instructions' cost (arch vectorOps sort32, mrgsort).
#ifndef SK_ASCENDC_SORT_H
#define SK_ASCENDC_SORT_H

#include "sk_ascendc/tensor.h"

SK_SIMULATED_BEGIN

namespace AscendC {

template <typename T> struct MrgSortSrcList {
  __aicore__ MrgSortSrcList() {}
  __aicore__ MrgSortSrcList(const LocalTensor<T> src1In, const LocalTensor<T> src2In, const LocalTensor<T> src3In,
                            const LocalTensor<T> src4In)
      : src1(src1In[0]), src2(src2In[0]), src3(src3In[0]), src4(src4In[0]) {}
  LocalTensor<T> src1, src2, src3, src4;
};

struct MrgSort4Info {
  __aicore__ MrgSort4Info() {}
  __aicore__ MrgSort4Info(const uint16_t elementLengthsIn[4], const bool ifExhaustedSuspensionIn, const uint16_t validBitIn,
                          const uint16_t repeatTimesIn)
      : ifExhaustedSuspension(ifExhaustedSuspensionIn), validBit(validBitIn), repeatTimes(repeatTimesIn) {
    for (int i = 0; i < 4; ++i) elementLengths[i] = elementLengthsIn[i];
  }
  uint16_t elementLengths[4] = {0, 0, 0, 0};  // 8-byte elements per queue
  bool ifExhaustedSuspension = false;
  uint16_t validBit = 0;  // 3, 7 or 15: the first 2, 3 or 4 queues
  uint16_t repeatTimes = 1;
};

namespace detail {
struct SortEntry {  // one sorted element, unpacked
  float score;
  uint32_t index;
};
template <typename T> inline SortEntry loadEntry(const uint8_t* p) {
  PrimT<T> score;
  std::memcpy(&score, p, sizeof score);
  uint32_t index;
  std::memcpy(&index, p + 4, 4);
  return {(float)score, index};
}
template <typename T> inline void storeEntry(uint8_t* p, PrimT<T> score, uint32_t index) {
  std::memset(p, 0, 8);
  std::memcpy(p, &score, sizeof score);
  std::memcpy(p + 4, &index, 4);
}
inline uint16_t* mrgSortCounts() { return (uint16_t*)&coreState(kStateMrgSortCounts); }
}  // namespace detail

template <typename T>
__aicore__ inline void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src1,
                              const int32_t repeatTime) {
  static_assert(sizeof(PrimT<T>) == 2 || sizeof(PrimT<T>) == 4, "Sort32: half or float scores");
  for (int32_t r = 0; r < repeatTime; ++r) {
    const PrimT<T>* score = src0.HostPtr() + r * 32;
    const uint32_t* index = src1.HostPtr() + r * 32;
    uint8_t order[32];
    for (uint8_t i = 0; i < 32; ++i) order[i] = i;
    for (int i = 1; i < 32; ++i)  // insertion sort: stable, descending
      for (int j = i; j > 0 && (float)score[order[j]] > (float)score[order[j - 1]]; --j) std::swap(order[j], order[j - 1]);
    uint8_t* out = (uint8_t*)dst.HostPtr() + r * 256;
    for (int i = 0; i < 32; ++i) detail::storeEntry<T>(out + 8 * i, score[order[i]], index[order[i]]);
  }
  if (repeatTime > 0) ::sk_vec_charge("sort32", (uint64_t)repeatTime);
}

template <typename T>
__aicore__ inline void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& p) {
  const LocalTensor<T>* lists[4] = {&src.src1, &src.src2, &src.src3, &src.src4};
  int queues = p.validBit == 15 ? 4 : p.validBit == 7 ? 3 : p.validBit == 3 ? 2 : 0;
  if (queues == 0) ::sk_trapf(2, "MrgSort: validBit %u; use 3, 7 or 15", p.validBit);
  bool repeated = p.repeatTimes > 1;
  uint32_t total = 0;
  for (int q = 0; q < queues; ++q) total += p.elementLengths[q];
  uint8_t* out = (uint8_t*)dst.HostPtr();
  for (uint16_t r = 0; r < (repeated ? p.repeatTimes : 1); ++r) {
    const uint8_t* head[4];
    uint32_t taken[4] = {0, 0, 0, 0};
    for (int q = 0; q < queues; ++q)  // repeats: four equal queues stored one after another
      head[q] = (const uint8_t*)(repeated ? lists[0]->HostPtr() : lists[q]->HostPtr()) +
                8ull * (repeated ? r * total + q * p.elementLengths[0] : 0);
    for (;;) {
      int best = -1;
      float bestScore = 0;
      bool exhausted = false;
      for (int q = 0; q < queues; ++q) {
        if (taken[q] == p.elementLengths[q]) {
          exhausted = true;
          continue;
        }
        float s = detail::loadEntry<T>(head[q] + 8ull * taken[q]).score;
        if (best < 0 || s > bestScore) best = q, bestScore = s;
      }
      if (best < 0 || (exhausted && p.ifExhaustedSuspension)) break;
      std::memcpy(out, head[best] + 8ull * taken[best], 8);
      out += 8;
      ++taken[best];
    }
    for (int q = 0; q < 4; ++q) detail::mrgSortCounts()[q] = (uint16_t)taken[q];
  }
  ::sk_vec_charge("mrgsort", ((uint64_t)total * (repeated ? p.repeatTimes : 1) * 8 + 255) / 256);
}

// The high-level form (lib/sort): the queues' lengths, validBit and repeatTime as arguments; in the
// exhausted-suspension mode sortedNum gets how many of each queue were merged.
template <typename T, bool isExhaustedSuspension = false>
__aicore__ inline void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList, const uint16_t elementCountList[4],
                               uint32_t sortedNum[4], uint16_t validBit, const int32_t repeatTime) {
  MrgSort(dst, sortList, MrgSort4Info(elementCountList, isExhaustedSuspension, validBit, (uint16_t)repeatTime));
  if (isExhaustedSuspension)
    for (int q = 0; q < 4; ++q) sortedNum[q] = detail::mrgSortCounts()[q];
}

__aicore__ inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3,
                                        uint16_t& mrgSortList4) {
  const uint16_t* n = detail::mrgSortCounts();
  mrgSortList1 = n[0], mrgSortList2 = n[1], mrgSortList3 = n[2], mrgSortList4 = n[3];
}

// The scores and indices of sorted elements, 32 per repeat.
template <typename T>
__aicore__ inline void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex,
                               const LocalTensor<T>& sorted, const int32_t repeatTime) {
  const uint8_t* in = (const uint8_t*)sorted.HostPtr();
  for (int32_t i = 0; i < repeatTime * 32; ++i) {
    std::memcpy(dstValue.HostPtr() + i, in + 8ull * i, sizeof(PrimT<T>));
    std::memcpy(dstIndex.HostPtr() + i, in + 8ull * i + 4, 4);
  }
  if (repeatTime > 0) ::sk_vec_charge("mrgsort", (uint64_t)repeatTime);
}

}  // namespace AscendC

SK_SIMULATED_END

#endif /* SK_ASCENDC_SORT_H */
