// Reductions: ReduceSum/Max/Min over a whole tensor (count form: a tree in each repeat, repeats
// in order; repeat form: a tree across repeats too), one result per repeat (WholeReduce*), per
// 32-byte block (BlockReduce*), per adjacent pair (PairReduceSum), and GetAccVal.
#ifndef SK_ASCENDC_REDUCE_H
#define SK_ASCENDC_REDUCE_H

#include "sk_ascendc/vector.h"

namespace AscendC {

namespace detail {
template <typename T> inline void reduceAll(int32_t op, const LocalTensor<T>& dst, const LocalTensor<T>& src, bool calIndex,
                                            const sk_vec_repeat& r) {
  ::sk_vec_reduce_all(op, dtypeOf<PrimT<T>>(), dst.HostPtr(), src.HostPtr(), calIndex ? 1 : 0, &r);
}
inline sk_vec_repeat srcStrides(sk_vec_repeat r, int32_t srcBlkStride, int32_t srcRepStride) {
  r.dst_blk = 1, r.src0_blk = (uint16_t)srcBlkStride, r.src1_blk = 1;
  r.dst_rep = 8, r.src0_rep = (uint16_t)srcRepStride, r.src1_rep = 8;
  return r;
}
}  // namespace detail

/* ---- ReduceSum / ReduceMax / ReduceMin to dst[0] (dst[1] = index when calIndex) ----
   The work tensor of the hardware is not needed by the simulated unit; it is accepted. */
#define SK_ASCENDC_REDUCE_ALL(Name, OP, INDEX_PARAM, INDEX_ARG)                                                        \
  template <typename T, bool isSetMask = true>                                                                         \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer, \
                              const int32_t count INDEX_PARAM) {                                                      \
    detail::reduceAll(OP, dst, src, INDEX_ARG,                                                                         \
                      detail::countShape((uint64_t)(int64_t)count, detail::width<T>(), detail::width<T>()));          \
  }                                                                                                                    \
  template <typename T>                                                                                                \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer, \
                              const uint64_t mask[], const int32_t repeatTime, const int32_t srcRepStride INDEX_PARAM) { \
    detail::reduceAll(OP, dst, src, INDEX_ARG, detail::srcStrides(detail::bitsShape<true>(mask, repeatTime), 1, srcRepStride)); \
  }                                                                                                                    \
  template <typename T>                                                                                                \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer, \
                              const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride INDEX_PARAM) {  \
    detail::reduceAll(OP, dst, src, INDEX_ARG,                                                                         \
                      detail::srcStrides(detail::lenShape<true>((uint64_t)(int64_t)mask, repeatTime), 1, \
                                         srcRepStride));                                                               \
  }
#define SK_ASCENDC_COMMA ,
SK_ASCENDC_REDUCE_ALL(ReduceSum, SK_VOP_REDUCE_SUM, , false)
SK_ASCENDC_REDUCE_ALL(ReduceMax, SK_VOP_REDUCE_MAX, SK_ASCENDC_COMMA bool calIndex = 0, calIndex)
SK_ASCENDC_REDUCE_ALL(ReduceMin, SK_VOP_REDUCE_MIN, SK_ASCENDC_COMMA bool calIndex = 0, calIndex)
#undef SK_ASCENDC_REDUCE_ALL

/* ---- one result per repeat: dst + r * dstRepStride results ---- */
#define SK_ASCENDC_WHOLE_REDUCE(Name, OP, ORDER_PARAM, ORDER_ARG)                                                       \
  template <typename T, bool isSetMask = true>                                                                          \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],               \
                              const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,          \
                              const int32_t srcRepStride ORDER_PARAM) {                                                 \
    sk_vec_repeat r = detail::srcStrides(detail::bitsShape<isSetMask>(mask, repeatTime), srcBlkStride, srcRepStride);   \
    ::sk_vec_whole_reduce(OP, detail::dtypeOf<PrimT<T>>(), (int32_t)(ORDER_ARG), dst.HostPtr(), src.HostPtr(),    \
                          (uint32_t)dstRepStride, &r);                                                                  \
  }                                                                                                                     \
  template <typename T, bool isSetMask = true>                                                                          \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,                  \
                              const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,          \
                              const int32_t srcRepStride ORDER_PARAM) {                                                 \
    sk_vec_repeat r = detail::srcStrides(detail::lenShape<isSetMask>((uint64_t)(int64_t)mask, repeatTime), \
                                         srcBlkStride, srcRepStride);                                                   \
    ::sk_vec_whole_reduce(OP, detail::dtypeOf<PrimT<T>>(), (int32_t)(ORDER_ARG), dst.HostPtr(), src.HostPtr(),    \
                          (uint32_t)dstRepStride, &r);                                                                  \
  }
SK_ASCENDC_WHOLE_REDUCE(WholeReduceSum, SK_VOP_REDUCE_SUM, , SK_ORDER_ONLY_VALUE)
SK_ASCENDC_WHOLE_REDUCE(WholeReduceMax, SK_VOP_REDUCE_MAX, SK_ASCENDC_COMMA ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX, order)
SK_ASCENDC_WHOLE_REDUCE(WholeReduceMin, SK_VOP_REDUCE_MIN, SK_ASCENDC_COMMA ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX, order)
#undef SK_ASCENDC_WHOLE_REDUCE

/* ---- one result per 32-byte block (repeatTime before mask); dstRepStride in 8-result units ---- */
#define SK_ASCENDC_BLOCK_REDUCE(Name, CALL)                                                                             \
  template <typename T, bool isSetMask = true>                                                                          \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,            \
                              const uint64_t mask[], const int32_t dstRepStride, const int32_t srcBlkStride,             \
                              const int32_t srcRepStride) {                                                             \
    sk_vec_repeat r = detail::srcStrides(detail::bitsShape<isSetMask>(mask, repeatTime), srcBlkStride, srcRepStride);   \
    CALL;                                                                                                               \
  }                                                                                                                     \
  template <typename T, bool isSetMask = true>                                                                          \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,            \
                              const int32_t mask, const int32_t dstRepStride, const int32_t srcBlkStride,                \
                              const int32_t srcRepStride) {                                                             \
    sk_vec_repeat r = detail::srcStrides(detail::lenShape<isSetMask>((uint64_t)(int64_t)mask, repeatTime), \
                                         srcBlkStride, srcRepStride);                                                   \
    CALL;                                                                                                               \
  }
SK_ASCENDC_BLOCK_REDUCE(BlockReduceSum, ::sk_vec_block_reduce(SK_VOP_REDUCE_SUM, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(),
                                                              src.HostPtr(), (uint32_t)dstRepStride, &r))
SK_ASCENDC_BLOCK_REDUCE(BlockReduceMax, ::sk_vec_block_reduce(SK_VOP_REDUCE_MAX, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(),
                                                              src.HostPtr(), (uint32_t)dstRepStride, &r))
SK_ASCENDC_BLOCK_REDUCE(BlockReduceMin, ::sk_vec_block_reduce(SK_VOP_REDUCE_MIN, detail::dtypeOf<PrimT<T>>(), dst.HostPtr(),
                                                              src.HostPtr(), (uint32_t)dstRepStride, &r))
SK_ASCENDC_BLOCK_REDUCE(PairReduceSum, ::sk_vec_pair_reduce(detail::dtypeOf<PrimT<T>>(), dst.HostPtr(), src.HostPtr(),
                                                            (uint32_t)dstRepStride, &r))
#undef SK_ASCENDC_BLOCK_REDUCE
#undef SK_ASCENDC_COMMA

/* ---- CANN 9's names: the operation a template argument, mask before repeatTime ---- */
// ReduceDataBlock = BlockReduce{Sum,Max,Min}; ReduceRepeat = WholeReduce{Sum,Max,Min}. `Mask`
// is the bit-mode `const uint64_t mask[]` or the count-mode `int32_t mask`; dst and src have
// one element type on the A2 (U is T).
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true, typename Mask>
__aicore__ inline void ReduceDataBlock(const LocalTensor<T>& dst, const LocalTensor<U>& src, Mask mask,
                                       const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                                       const int32_t srcRepStride) {
  static_assert(std::is_same_v<T, U>, "ReduceDataBlock: dst and src have one element type");
  if constexpr (reduceType == ReduceType::SUM)
    BlockReduceSum<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, srcRepStride);
  else if constexpr (reduceType == ReduceType::MAX)
    BlockReduceMax<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, srcRepStride);
  else
    BlockReduceMin<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, srcRepStride);
}
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true, typename Mask>
__aicore__ inline void ReduceRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, Mask mask, const int32_t repeatTime,
                                    const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,
                                    ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {
  static_assert(std::is_same_v<T, U>, "ReduceRepeat: dst and src have one element type on this arch");
  if constexpr (reduceType == ReduceType::SUM)
    WholeReduceSum<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, srcRepStride);
  else if constexpr (reduceType == ReduceType::MAX)
    WholeReduceMax<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, srcRepStride, order);
  else
    WholeReduceMin<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, srcRepStride, order);
}

// ReducePairElem = PairReduceSum (SUM is the only reduction the API defines).
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true, typename Mask>
__aicore__ inline void ReducePairElem(const LocalTensor<T>& dst, const LocalTensor<U>& src, Mask mask, const int32_t repeatTime,
                                      const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride) {
  static_assert(std::is_same_v<T, U>, "ReducePairElem: dst and src have one element type");
  static_assert(reduceType == ReduceType::SUM, "ReducePairElem: ReduceType::SUM is the only reduction it defines");
  PairReduceSum<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, srcRepStride);
}

// RepeatReduceSum: one sum per repeat of the first `mask` elements (the older spelling of
// WholeReduceSum with explicit dst block stride).
template <typename T, bool isSetMask = true>
__aicore__ inline void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                                       const int32_t mask, const int32_t dstBlkStride, const int32_t srcBlkStride,
                                       const int32_t dstRepStride, const int32_t srcRepStride) {
  WholeReduceSum<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, srcRepStride);
}

// The accumulator of the last reduction (its bits in T), also as the raw register.
template <typename T> __aicore__ inline T GetAccVal() {
  uint64_t bits = ::sk_get_acc_val();
  T v;
  std::memcpy(&v, &bits, sizeof(T));
  return v;
}
__aicore__ inline int64_t GetAccVal() { return (int64_t)::sk_get_acc_val(); }
template <typename T> __aicore__ inline T GetReduceRepeatSumSpr() { return GetAccVal<T>(); }
__aicore__ inline int64_t GetReduceRepeatSumSpr() { return GetAccVal(); }
// The last WholeReduceMax/Min's (or ReduceMax/Min's) extreme over all its repeats, and its index
// in the source (repeat r's element e: r * elements per repeat + e) as an integer in T's bits, as
// the hardware's register holds it (read it through reinterpret_cast<uint32_t*> for float).
template <typename T> __aicore__ inline void GetReduceMaxMinCount(T& maxMinValue, T& maxMinIndex) {
  uint64_t index = 0, value = ::sk_get_max_min_count(&index);
  std::memcpy(&maxMinValue, &value, sizeof(T));
  std::memcpy(&maxMinIndex, &index, sizeof(T));
}
template <typename T> __aicore__ inline void GetReduceMaxMinCount(T& maxMinValue) {
  uint64_t value = ::sk_get_max_min_count(nullptr);
  std::memcpy(&maxMinValue, &value, sizeof(T));
}

}  // namespace AscendC

#endif /* SK_ASCENDC_REDUCE_H */
