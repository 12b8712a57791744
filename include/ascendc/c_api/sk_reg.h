// The C API's register vector functions (Ascend 950, dav-3510; included by c_api/asc_simd.h):
// `__simd_vf__` functions computing on vector_T registers under vector_bool masks. Each is the
// AscendC::Reg call of the same name (sk_ascendc/reg.h), so the registers, masks, loads and
// stores behave as there. Written from the public C API reference (reg/).
#ifndef SK_C_API_REG_H
#define SK_C_API_REG_H

#include "kernel_operator.h"

// The rounding suffixes of the conversions (asc_<from>2<to>[_rn|...]), for both conversion
// families (these registers' and asc_simd.h's on UB): FORM(name, To, From, SK_ROUND_*) each.
#define SK_CAPI_FOR_EACH_ROUNDING(FORM, name, To, From) \
  FORM(name, To, From, SK_ROUND_NONE)                   \
  FORM(name##_rn, To, From, SK_ROUND_RINT)              \
  FORM(name##_rna, To, From, SK_ROUND_ROUND)            \
  FORM(name##_rd, To, From, SK_ROUND_FLOOR)             \
  FORM(name##_ru, To, From, SK_ROUND_CEIL)              \
  FORM(name##_rz, To, From, SK_ROUND_TRUNC)             \
  FORM(name##_ro, To, From, SK_ROUND_ODD)

#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510

using vector_int8_t = AscendC::Reg::RegTensor<int8_t>;
using vector_uint8_t = AscendC::Reg::RegTensor<uint8_t>;
using vector_int16_t = AscendC::Reg::RegTensor<int16_t>;
using vector_uint16_t = AscendC::Reg::RegTensor<uint16_t>;
using vector_half = AscendC::Reg::RegTensor<half>;
using vector_bfloat16_t = AscendC::Reg::RegTensor<bfloat16_t>;
using vector_int32_t = AscendC::Reg::RegTensor<int32_t>;
using vector_uint32_t = AscendC::Reg::RegTensor<uint32_t>;
using vector_float = AscendC::Reg::RegTensor<float>;
using vector_int64_t = AscendC::Reg::RegTensor<int64_t>;
using vector_uint64_t = AscendC::Reg::RegTensor<uint64_t>;
using vector_load_unalign = AscendC::Reg::UnalignRegForLoad;
using vector_store_unalign = AscendC::Reg::UnalignRegForStore;

namespace sk_capi {
namespace reg = AscendC::Reg;
template <typename V> using ElemOf = reg::detail::Elem<V>;
}  // namespace sk_capi

__aicore__ inline constexpr int64_t asc_get_vf_len() { return SK_REG_VL; }

/* ---- masks ---- */
__simd_callee__ inline vector_bool asc_create_mask_b8(asc_mask_pattern pat_mode) { return pset_b8(pat_mode); }
__simd_callee__ inline vector_bool asc_create_mask_b16(asc_mask_pattern pat_mode) { return pset_b16(pat_mode); }
__simd_callee__ inline vector_bool asc_create_mask_b32(asc_mask_pattern pat_mode) { return pset_b32(pat_mode); }
__simd_callee__ inline vector_bool asc_update_mask_b8(uint32_t& value) { return AscendC::Reg::UpdateMask<int8_t>(value); }
__simd_callee__ inline vector_bool asc_update_mask_b16(uint32_t& value) { return AscendC::Reg::UpdateMask<int16_t>(value); }
__simd_callee__ inline vector_bool asc_update_mask_b32(uint32_t& value) { return AscendC::Reg::UpdateMask<int32_t>(value); }

/* ---- UB <-> registers ---- */
template <typename V, typename T> __simd_callee__ inline void asc_loadalign(V& dst, __ubuf__ T* src) {
  AscendC::Reg::LoadAlign(dst, src);
}
template <typename V, typename T> __simd_callee__ inline void asc_loadalign_postupdate(V& dst, __ubuf__ T*& src, int32_t offset) {
  AscendC::Reg::LoadAlign<T, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(dst, src, offset);
}
template <typename T> __simd_callee__ inline void asc_loadalign_postupdate(vector_bool& dst, __ubuf__ T*& src, int32_t offset) {
  AscendC::Reg::LoadAlign<T, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(dst, src, offset);
}
template <typename T, typename V> __simd_callee__ inline void asc_storealign(__ubuf__ T* dst, V src, vector_bool mask) {
  AscendC::Reg::StoreAlign(dst, src, mask);
}
template <typename T, typename V>
__simd_callee__ inline void asc_storealign_postupdate(__ubuf__ T*& dst, V src, int32_t offset, vector_bool mask) {
  AscendC::Reg::StoreAlign<T, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(dst, src, offset, mask);
}
template <typename T> __simd_callee__ inline void asc_storealign(__ubuf__ T* dst, vector_bool src) {
  AscendC::Reg::StoreAlign(dst, src);
}
template <typename T> __simd_callee__ inline void asc_storealign_postupdate(__ubuf__ T*& dst, vector_bool src, int32_t offset) {
  AscendC::Reg::StoreAlign<T, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(dst, src, offset);
}
// Broadcast loads: one element (or one 32-byte block) to every lane (block).
template <typename V, typename T> __simd_callee__ inline void asc_loadalign_brc_elem(V& dst, __ubuf__ T* src) {
  constexpr auto dist = sizeof(T) == 1 ? AscendC::Reg::LoadDist::DIST_BRC_B8
                        : sizeof(T) == 2 ? AscendC::Reg::LoadDist::DIST_BRC_B16 : AscendC::Reg::LoadDist::DIST_BRC_B32;
  AscendC::Reg::LoadAlign<T, dist>(dst, src);
}
template <typename V, typename T> __simd_callee__ inline void asc_loadalign_brc_datablock(V& dst, __ubuf__ T* src) {
  AscendC::Reg::LoadAlign<T, AscendC::Reg::LoadDist::DIST_BLK>(dst, src);
}
// Unpacked (each element to the low half of a lane twice as wide), up-sampled (each element
// twice) loads; packed (the low half of each lane) stores.
template <typename V, typename T> __simd_callee__ inline void asc_loadalign_unpack(V& dst, __ubuf__ T* src) {
  constexpr auto dist = sizeof(T) == 1 ? AscendC::Reg::LoadDist::DIST_UNPACK_B8
                        : sizeof(T) == 2 ? AscendC::Reg::LoadDist::DIST_UNPACK_B16 : AscendC::Reg::LoadDist::DIST_UNPACK_B32;
  AscendC::Reg::LoadAlign<T, dist>(dst, src);
}
template <typename V, typename T> __simd_callee__ inline void asc_loadalign_upsample(V& dst, __ubuf__ T* src) {
  static_assert(sizeof(T) <= 2, "asc_loadalign_upsample: 8- and 16-bit elements");
  constexpr auto dist = sizeof(T) == 1 ? AscendC::Reg::LoadDist::DIST_US_B8 : AscendC::Reg::LoadDist::DIST_US_B16;
  AscendC::Reg::LoadAlign<T, dist>(dst, src);
}
template <typename V, typename T> __simd_callee__ inline void asc_loadalign_brc(V& dst, __ubuf__ T* src) {
  asc_loadalign_brc_elem(dst, src);
}
template <typename T, typename V> __simd_callee__ inline void asc_storealign_pack(__ubuf__ T* dst, V src, vector_bool mask) {
  constexpr auto dist = sizeof(T) == 2 ? AscendC::Reg::StoreDist::DIST_PACK_B16
                        : sizeof(T) == 4 ? AscendC::Reg::StoreDist::DIST_PACK_B32 : AscendC::Reg::StoreDist::DIST_PACK_B64;
  AscendC::Reg::StoreAlign<T, dist>(dst, src, mask);
}
// 32-byte blocks block_stride blocks apart; the address moves on by repeat_stride blocks.
template <typename V, typename T>
__simd_callee__ inline void asc_loadalign_postupdate(V& dst, __ubuf__ T*& src, uint32_t block_stride, uint32_t repeat_stride,
                                                     vector_bool mask) {
  AscendC::Reg::LoadAlign<T, AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(
      dst, src, block_stride, repeat_stride, mask);
}
template <typename T, typename V>
__simd_callee__ inline void asc_storealign_postupdate(__ubuf__ T*& dst, V src, uint32_t block_stride, uint32_t repeat_stride,
                                                      vector_bool mask) {
  AscendC::Reg::StoreAlign<T, AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(
      dst, src, block_stride, repeat_stride, mask);
}
// dst[i] = src[index[i]] (elements of UB), or block j of dst from src + index[j] bytes.
template <typename V, typename T, typename I> __simd_callee__ inline void asc_gather(V& dst, __ubuf__ T* src, I index, vector_bool mask) {
  AscendC::Reg::Gather(dst, src, index, mask);
}
template <typename V, typename T, typename I>
__simd_callee__ inline void asc_gather_datablock(V& dst, __ubuf__ T* src, I index, vector_bool mask) {
  AscendC::Reg::GatherB(dst, src, index, mask);
}
template <typename V, typename T> __simd_callee__ inline void asc_load(V& dst, __ubuf__ T* src) { AscendC::Reg::Load(dst, src); }
template <typename T, typename V> __simd_callee__ inline void asc_store(__ubuf__ T* dst, V src) { AscendC::Reg::Store(dst, src); }
template <typename T> __simd_callee__ inline void asc_loadunalign_pre(vector_load_unalign& u, __ubuf__ T* src) {
  AscendC::Reg::LoadUnAlignPre(u, src);
}
template <typename V, typename T> __simd_callee__ inline void asc_loadunalign(V& dst, vector_load_unalign& u, __ubuf__ T* src) {
  AscendC::Reg::LoadUnAlign(dst, u, src);
}
template <typename T, typename V>
__simd_callee__ inline void asc_storeunalign(__ubuf__ T* dst, vector_store_unalign& u, V src, uint32_t count) {
  __ubuf__ T* at = dst;
  AscendC::Reg::StoreUnAlign<T, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(at, src, u, count);
}
template <typename T> __simd_callee__ inline void asc_storeunalign_post(__ubuf__ T*, vector_store_unalign&, int32_t) {}
__simd_callee__ inline void asc_mem_bar() {}
__simd_callee__ inline void asc_mem_bar(mem_bar_t) {}  /* asc_mem_bar(VST_VLD): mem_bar (sk_ascendc/cce.h) */

/* ---- arithmetic and logic: dst = op(src...) on the active lanes, the others zero ---- */
#define SK_CAPI_REG_BINARY(name, NAME)                                                        \
  template <typename V> __simd_callee__ inline void name(V& dst, V src0, V src1, vector_bool mask) { \
    AscendC::Reg::NAME(dst, src0, src1, mask);                                                \
  }
SK_CAPI_REG_BINARY(asc_add, Add)
SK_CAPI_REG_BINARY(asc_sub, Sub)
SK_CAPI_REG_BINARY(asc_mul, Mul)
SK_CAPI_REG_BINARY(asc_div, Div)
SK_CAPI_REG_BINARY(asc_max, Max)
SK_CAPI_REG_BINARY(asc_min, Min)
SK_CAPI_REG_BINARY(asc_and, And)
SK_CAPI_REG_BINARY(asc_or, Or)
#undef SK_CAPI_REG_BINARY
#define SK_CAPI_REG_UNARY(name, NAME)                                                                       \
  template <typename V> __simd_callee__ inline void name(V& dst, V src, vector_bool mask) { AscendC::Reg::NAME(dst, src, mask); }
SK_CAPI_REG_UNARY(asc_abs, Abs)
SK_CAPI_REG_UNARY(asc_exp, Exp)
SK_CAPI_REG_UNARY(asc_ln, Ln)
SK_CAPI_REG_UNARY(asc_sqrt, Sqrt)
SK_CAPI_REG_UNARY(asc_relu, Relu)
SK_CAPI_REG_UNARY(asc_not, Not)
SK_CAPI_REG_UNARY(asc_neg, Neg)
// Reductions: into lane 0 of dst (per 32-byte block for _datablock, per pair for pair_).
SK_CAPI_REG_UNARY(asc_reduce_max, ReduceMax)
SK_CAPI_REG_UNARY(asc_reduce_min, ReduceMin)
SK_CAPI_REG_UNARY(asc_reduce_sum_datablock, ReduceSumWithDataBlock)
SK_CAPI_REG_UNARY(asc_reduce_max_datablock, ReduceMaxWithDataBlock)
SK_CAPI_REG_UNARY(asc_reduce_min_datablock, ReduceMinWithDataBlock)
SK_CAPI_REG_UNARY(asc_pair_reduce_sum, PairReduceSum)
#undef SK_CAPI_REG_UNARY
#define SK_CAPI_REG_SCALAR(name, NAME)                                                                  \
  template <typename V>                                                                                 \
  __simd_callee__ inline void name(V& dst, V src, sk_capi::ElemOf<V> value, vector_bool mask) {         \
    AscendC::Reg::NAME(dst, src, value, mask);                                                          \
  }
SK_CAPI_REG_SCALAR(asc_add_scalar, Adds)
SK_CAPI_REG_SCALAR(asc_mul_scalar, Muls)
SK_CAPI_REG_SCALAR(asc_max_scalar, Maxs)
SK_CAPI_REG_SCALAR(asc_min_scalar, Mins)
SK_CAPI_REG_SCALAR(asc_leakyrelu, LeakyRelu)
SK_CAPI_REG_SCALAR(asc_shiftleft_scalar, ShiftLefts)
SK_CAPI_REG_SCALAR(asc_shiftright_scalar, ShiftRights)
#undef SK_CAPI_REG_SCALAR

/* ---- fill, index, select ---- */
template <typename V> __simd_callee__ inline void asc_duplicate_scalar(V& dst, sk_capi::ElemOf<V> value, vector_bool mask) {
  AscendC::Reg::Duplicate(dst, value, mask);
}
template <typename V> __simd_callee__ inline void asc_duplicate_scalar(V& dst, sk_capi::ElemOf<V> value) {
  AscendC::Reg::Duplicate(dst, value);
}
template <typename V> __simd_callee__ inline void asc_duplicate(V& dst, V src, vector_bool mask) {
  AscendC::Reg::Duplicate(dst, src, mask);
}
template <typename V> __simd_callee__ inline void asc_arange(V& dst, sk_capi::ElemOf<V> start) { AscendC::Reg::Arange(dst, start); }
// dst = src on the active lanes; the others keep their value.
template <typename V> __simd_callee__ inline void asc_copy(V& dst, V src, vector_bool mask) { AscendC::Reg::Move(dst, src, mask); }
// dst = mask ? src0 : src1
template <typename V> __simd_callee__ inline void asc_select(V& dst, V src0, V src1, vector_bool mask) {
  AscendC::Reg::Select(dst, src0, src1, mask);
}

/* ---- compare: a mask of the active lanes where src0 op src1 ---- */
#define SK_CAPI_REG_COMPARE(name, MODE)                                                                      \
  template <typename V> __simd_callee__ inline void name(vector_bool& dst, V src0, V src1, vector_bool mask) { \
    AscendC::Reg::Compare<AscendC::Reg::DefaultType, AscendC::CMPMODE::MODE>(dst, src0, src1, mask);         \
  }                                                                                                          \
  template <typename V>                                                                                      \
  __simd_callee__ inline void name##_scalar(vector_bool& dst, V src, sk_capi::ElemOf<V> value, vector_bool mask) { \
    AscendC::Reg::Compares<AscendC::Reg::DefaultType, AscendC::CMPMODE::MODE>(dst, src, value, mask);        \
  }
SK_CAPI_REG_COMPARE(asc_eq, EQ)
SK_CAPI_REG_COMPARE(asc_ne, NE)
SK_CAPI_REG_COMPARE(asc_gt, GT)
SK_CAPI_REG_COMPARE(asc_ge, GE)
SK_CAPI_REG_COMPARE(asc_lt, LT)
SK_CAPI_REG_COMPARE(asc_le, LE)
#undef SK_CAPI_REG_COMPARE

/* ---- the sum into lane 0 of dst, which may be wider (int16 into int32) ---- */
template <typename D, typename V> __simd_callee__ inline void asc_reduce_sum(D& dst, V src, vector_bool mask) {
  AscendC::Reg::Reduce<AscendC::Reg::ReduceType::SUM>(dst, src, mask);
}

// dst[i] = src[index[i] % lanes] (registers).
template <typename V, typename I> __simd_callee__ inline void asc_gather(V& dst, V src, I index) {
  AscendC::Reg::Gather(dst, src, index);
}
// The active elements of src packed to the front of dst.
template <typename V> __simd_callee__ inline void asc_squeeze(V& dst, V src, vector_bool mask) {
  AscendC::Reg::Squeeze(dst, src, mask);
}
// Histograms of uint8 into 128 uint16 counters (bin0: values 0..127, bin1: 128..255).
#define SK_CAPI_REG_HISTOGRAM(name, BIN, TYPE)                                                            \
  __simd_callee__ inline void name(vector_uint16_t& dst, vector_uint8_t src, vector_bool mask) {          \
    AscendC::Reg::Histograms<AscendC::Reg::DefaultType, AscendC::Reg::DefaultType, AscendC::Reg::HistogramsBinType::BIN, \
                             AscendC::Reg::HistogramsType::TYPE>(dst, src, mask);                          \
  }
SK_CAPI_REG_HISTOGRAM(asc_frequency_histogram_bin0, BIN0, FREQUENCY)
SK_CAPI_REG_HISTOGRAM(asc_frequency_histogram_bin1, BIN1, FREQUENCY)
SK_CAPI_REG_HISTOGRAM(asc_cumulative_histogram_bin0, BIN0, ACCUMULATE)
SK_CAPI_REG_HISTOGRAM(asc_cumulative_histogram_bin1, BIN1, ACCUMULATE)
#undef SK_CAPI_REG_HISTOGRAM
// The low half of each element (the even elements of half the width) into the low half of dst;
// the high half is zero.
template <typename D, typename S> __simd_callee__ inline void asc_pack_to_low(D& dst, S src) {
  static_assert(2 * sizeof(sk_capi::ElemOf<D>) == sizeof(sk_capi::ElemOf<S>), "asc_pack_to_low: dst elements are half as wide");
  S zero{};
  D odd;
  ::sk_reg_permute(SK_RPERM_DEINTERLEAVE, sizeof(sk_capi::ElemOf<D>), dst.bytes, odd.bytes, src.bytes, zero.bytes);
}

/* ---- interleave ---- */
template <typename V> __simd_callee__ inline void asc_intlv(V& dst0, V& dst1, V src0, V src1) {
  AscendC::Reg::Interleave(dst0, dst1, src0, src1);
}
template <typename V> __simd_callee__ inline void asc_deintlv(V& dst0, V& dst1, V src0, V src1) {
  AscendC::Reg::DeInterleave(dst0, dst1, src0, src1);
}

/* ---- conversions: asc_<from>2<to>[_rn|_rna|_rd|_ru|_rz|_ro][_sat][_v2]; between widths the
   narrow elements are the even lanes (the odd ones with _v2). Saturation is the vector unit's. ---- */
namespace sk_capi {
template <int32_t round, int32_t part, typename D, typename S> inline void convert(D& dst, const S& src, const vector_bool& mask) {
  using To = ElemOf<D>;
  using From = ElemOf<S>;
  ::sk_reg_cast(AscendC::detail::dtypeOf<To>(), AscendC::detail::dtypeOf<From>(), round,
                sizeof(To) == sizeof(From) ? 0 : part, dst.bytes, src.bytes, mask.bits);
}
}  // namespace sk_capi
#define SK_CAPI_REG_CONVERT_FORMS(name, To, From, ROUND)                                                         \
  __simd_callee__ inline void name(To& dst, From src, vector_bool mask) { sk_capi::convert<ROUND, 0>(dst, src, mask); } \
  __simd_callee__ inline void name##_v2(To& dst, From src, vector_bool mask) { sk_capi::convert<ROUND, 1>(dst, src, mask); } \
  __simd_callee__ inline void name##_sat(To& dst, From src, vector_bool mask) { sk_capi::convert<ROUND, 0>(dst, src, mask); } \
  __simd_callee__ inline void name##_sat_v2(To& dst, From src, vector_bool mask) { sk_capi::convert<ROUND, 1>(dst, src, mask); }
#define SK_CAPI_REG_CONVERT(name, To, From) SK_CAPI_FOR_EACH_ROUNDING(SK_CAPI_REG_CONVERT_FORMS, name, To, From)
SK_CAPI_REG_CONVERT(asc_half2float, vector_float, vector_half)
SK_CAPI_REG_CONVERT(asc_float2half, vector_half, vector_float)
SK_CAPI_REG_CONVERT(asc_bfloat162float, vector_float, vector_bfloat16_t)
SK_CAPI_REG_CONVERT(asc_float2bfloat16, vector_bfloat16_t, vector_float)
SK_CAPI_REG_CONVERT(asc_bfloat162half, vector_half, vector_bfloat16_t)
SK_CAPI_REG_CONVERT(asc_half2bfloat16, vector_bfloat16_t, vector_half)
SK_CAPI_REG_CONVERT(asc_float2int32, vector_int32_t, vector_float)
SK_CAPI_REG_CONVERT(asc_float2int16, vector_int16_t, vector_float)
SK_CAPI_REG_CONVERT(asc_float2int64, vector_int64_t, vector_float)
SK_CAPI_REG_CONVERT(asc_bfloat162int32, vector_int32_t, vector_bfloat16_t)
SK_CAPI_REG_CONVERT(asc_half2int32, vector_int32_t, vector_half)
SK_CAPI_REG_CONVERT(asc_half2int16, vector_int16_t, vector_half)
SK_CAPI_REG_CONVERT(asc_half2int8, vector_int8_t, vector_half)
SK_CAPI_REG_CONVERT(asc_half2uint8, vector_uint8_t, vector_half)
SK_CAPI_REG_CONVERT(asc_int162float, vector_float, vector_int16_t)
SK_CAPI_REG_CONVERT(asc_int162half, vector_half, vector_int16_t)
SK_CAPI_REG_CONVERT(asc_int162int32, vector_int32_t, vector_int16_t)
SK_CAPI_REG_CONVERT(asc_int162uint8, vector_uint8_t, vector_int16_t)
SK_CAPI_REG_CONVERT(asc_int322float, vector_float, vector_int32_t)
SK_CAPI_REG_CONVERT(asc_int322int16, vector_int16_t, vector_int32_t)
SK_CAPI_REG_CONVERT(asc_int322int64, vector_int64_t, vector_int32_t)
SK_CAPI_REG_CONVERT(asc_int322uint16, vector_uint16_t, vector_int32_t)
SK_CAPI_REG_CONVERT(asc_int642float, vector_float, vector_int64_t)
SK_CAPI_REG_CONVERT(asc_int642int32, vector_int32_t, vector_int64_t)
SK_CAPI_REG_CONVERT(asc_int82half, vector_half, vector_int8_t)
SK_CAPI_REG_CONVERT(asc_int82int16, vector_int16_t, vector_int8_t)
SK_CAPI_REG_CONVERT(asc_uint82half, vector_half, vector_uint8_t)
SK_CAPI_REG_CONVERT(asc_uint82uint16, vector_uint16_t, vector_uint8_t)
SK_CAPI_REG_CONVERT(asc_uint162uint32, vector_uint32_t, vector_uint16_t)
SK_CAPI_REG_CONVERT(asc_uint162uint8, vector_uint8_t, vector_uint16_t)
SK_CAPI_REG_CONVERT(asc_uint322int16, vector_int16_t, vector_uint32_t)
SK_CAPI_REG_CONVERT(asc_uint322uint16, vector_uint16_t, vector_uint32_t)
#undef SK_CAPI_REG_CONVERT
#undef SK_CAPI_REG_CONVERT_FORMS
// Float elements rounded to integral values of their own type.
#define SK_CAPI_REG_ROUND(name, MODE)                                                                   \
  template <typename V> __simd_callee__ inline void name(V& dst, V src, vector_bool mask) {             \
    AscendC::Reg::Truncate<AscendC::Reg::DefaultType, AscendC::RoundMode::MODE>(dst, src, mask);        \
  }
SK_CAPI_REG_ROUND(asc_floor, CAST_FLOOR)
SK_CAPI_REG_ROUND(asc_ceil, CAST_CEIL)
SK_CAPI_REG_ROUND(asc_rint, CAST_RINT)
SK_CAPI_REG_ROUND(asc_round, CAST_ROUND)
SK_CAPI_REG_ROUND(asc_trunc, CAST_TRUNC)
#undef SK_CAPI_REG_ROUND

#endif  // __NPU_ARCH__ == 3510
#endif  // SK_C_API_REG_H
