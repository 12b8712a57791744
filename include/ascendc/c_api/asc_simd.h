// AscendC's C API (CANN's c_api/asc_simd.h), written from its public reference: free functions on
// raw local-memory pointers, usually to arrays declared in a memory (`__ubuf__ float x[N];`, which
// sk_cc places in the core's UB, docs/ascendc.md). Each call is the same simulator instruction
// as the C++ API's counterpart.
//
// Forms, as the reference names them:
// - the count form, `asc_add(dst, src0, src1, count)`: the first `count` elements;
// - the repeat form, `asc_add(dst, src0, src1, repeat, dst_block_stride, ..., src1_repeat_stride)`:
//   `repeat` iterations of 8 32-byte blocks under the core's mask register (asc_set_vector_mask,
//   asc_set_mask_count/asc_set_mask_norm), strides in 32-byte blocks;
// - the sync form, `asc_add_sync(...)`: the count form, then a wait until every pipe is done
//   ("同步计算包含同步等待"), so the next call sees the result without flags.
#ifndef SK_C_API_ASC_SIMD_H
#define SK_C_API_ASC_SIMD_H

#include <type_traits>

#include "kernel_operator.h"

namespace sk_capi {
using AscendC::detail::dtypeOf;
template <typename T> struct Identity { using type = T; };
template <typename T> using Value = typename Identity<T>::type;  // a scalar operand: converted, not deduced

inline sk_vec_repeat counted(uint32_t count, uint32_t dstBytes, uint32_t srcBytes) {
  return AscendC::detail::countShape(count, dstBytes, srcBytes);
}
inline sk_vec_repeat repeated(uint8_t repeat, uint16_t dstBlk, uint16_t src0Blk, uint16_t src1Blk, uint16_t dstRep,
                              uint16_t src0Rep, uint16_t src1Rep) {
  return AscendC::detail::registerShape(repeat, dstBlk, src0Blk, src1Blk, dstRep, src0Rep, src1Rep);
}
template <typename T> inline void vop(int32_t op, T* dst, const void* src0, const void* src1, uint64_t scalar,
                                      const sk_vec_repeat& r) {
  ::sk_vec(op, dtypeOf<T>(), dst, src0, src1, scalar, &r);
}
template <typename D, typename S> inline void convert(int32_t round, D* dst, const S* src, const sk_vec_repeat& r) {
  ::sk_vec_convert(dtypeOf<D>(), dtypeOf<S>(), round, dst, src, &r);
}
// The sync forms' wait: every pipe done before the next instruction starts.
inline void drain() { ::sk_pipe_barrier(SK_PIPE_ALL); }
// blocks x len bytes; strides start to start.
inline void copy(void* dst, const void* src, uint16_t blocks, uint64_t len, uint64_t srcStride, uint64_t dstStride) {
  ::sk_data_copy_2d(dst, src, blocks, len, srcStride, dstStride);
}
// The burst form of the moves: on dav-2201 lengths and gaps (end to start) in 32-byte blocks; on
// dav-3510 the length in bytes and strides (start to start) in bytes.
inline void copyBursts(void* dst, const void* src, uint16_t nBurst, uint32_t lenBurst, uint32_t src3, uint32_t dst3) {
  if constexpr (AscendC::detail::kArch3510) {
    copy(dst, src, nBurst, lenBurst, src3, dst3);
  } else {
    uint64_t len = (uint64_t)lenBurst * 32;
    copy(dst, src, nBurst, len, len + (uint64_t)src3 * 32, len + (uint64_t)dst3 * 32);
  }
}
}  // namespace sk_capi

/* ---------------- system variables and initialisation ---------------- */
// The state a kernel starts from: normal mask mode, every lane on, no atomic store.
__aicore__ inline void asc_init() {
  ::sk_set_mask_mode(SK_MASK_NORMAL);
  ::sk_set_vector_mask(~0ull, ~0ull);
  AscendC::SetAtomicNone();
}
__aicore__ inline int64_t asc_get_block_idx() { return AscendC::GetBlockIdx(); }
__aicore__ inline int64_t asc_get_block_num() { return AscendC::GetBlockNum(); }
__aicore__ inline int64_t asc_get_sub_block_id() { return AscendC::GetSubBlockIdx(); }
__aicore__ inline int64_t asc_get_sub_block_num() { return AscendC::GetSubBlockNum(); }
__aicore__ inline int64_t asc_get_core_id() { return AscendC::GetBlockIdx(); }
__aicore__ inline int64_t asc_get_system_cycle() { return AscendC::GetSystemCycle(); }
// The address of byte `offset` of the core's UB (of its L1 on an AIC).
__aicore__ inline uint64_t asc_get_phy_buf_addr(uint64_t offset) { return (uint64_t)::sk_ub_base() + offset; }
__aicore__ inline void asc_get_arch_ver(uint32_t& core_version) { core_version = __NPU_ARCH__; }

/* ---------------- synchronisation ---------------- */
__aicore__ inline void asc_sync() { ::sk_pipe_barrier(SK_PIPE_ALL); }
__aicore__ inline void asc_sync_pipe(pipe_t pipe) { ::sk_pipe_barrier(pipe); }
__aicore__ inline void asc_sync_vec() { ::sk_pipe_barrier(SK_PIPE_V); }
__aicore__ inline void asc_sync_mte2(int) { ::sk_pipe_barrier(SK_PIPE_MTE2); }
__aicore__ inline void asc_sync_mte3(int) { ::sk_pipe_barrier(SK_PIPE_MTE3); }
__aicore__ inline void asc_sync_notify(pipe_t pipe, pipe_t tpipe, event_t id) { ::sk_set_flag(pipe, tpipe, id); }
__aicore__ inline void asc_sync_wait(pipe_t pipe, pipe_t tpipe, event_t id) { ::sk_wait_flag(pipe, tpipe, id); }

/* ---------------- the mask register ---------------- */
__aicore__ inline void asc_set_vector_mask(uint64_t mask1, uint64_t mask0) { ::sk_set_vector_mask(mask1, mask0); }
__aicore__ inline void asc_set_mask_count() { ::sk_set_mask_mode(SK_MASK_COUNTER); }
__aicore__ inline void asc_set_mask_norm() { ::sk_set_mask_mode(SK_MASK_NORMAL); }

/* ---------------- moves ---------------- */
#define SK_CAPI_MOVE(name, DstQ, SrcQ)                                                                            \
  __aicore__ inline void name(DstQ void* dst, SrcQ void* src, uint32_t size) {                                    \
    sk_capi::copy(dst, src, 1, size, 0, 0);                                                                       \
  }                                                                                                               \
  __aicore__ inline void name(DstQ void* dst, SrcQ void* src, uint16_t n_burst, uint32_t len_burst, uint32_t src3, \
                              uint32_t dst3) {                                                                    \
    sk_capi::copyBursts(dst, src, n_burst, len_burst, src3, dst3);                                                \
  }                                                                                                               \
  __aicore__ inline void name##_sync(DstQ void* dst, SrcQ void* src, uint32_t size) {                             \
    name(dst, src, size);                                                                                         \
    sk_capi::drain();                                                                                             \
  }
SK_CAPI_MOVE(asc_copy_gm2ub, __ubuf__, __gm__)
SK_CAPI_MOVE(asc_copy_ub2gm, __gm__, __ubuf__)
SK_CAPI_MOVE(asc_copy_ub2ub, __ubuf__, __ubuf__)
SK_CAPI_MOVE(asc_copy_ub2l1, __cbuf__, __ubuf__)
#undef SK_CAPI_MOVE

// Moves of any byte length (DataCopyPad): bursts of len_burst bytes; in UB each starts 32-byte
// aligned, with left/right padding elements (the padding value of asc_set_copy_pad_val).
template <typename T>
__aicore__ inline void asc_copy_gm2ub_align(__ubuf__ T* dst, __gm__ T* src, uint16_t n_burst, uint32_t len_burst,
                                            uint8_t left_padding_num, uint8_t right_padding_num, uint32_t src_gap,
                                            uint32_t dst_gap) {
  AscendC::detail::copyPadIn(dst, src, n_burst, len_burst, src_gap, dst_gap, false, left_padding_num,
                             right_padding_num, T());
}
template <typename T> __aicore__ inline void asc_copy_gm2ub_align(__ubuf__ T* dst, __gm__ T* src, uint32_t size) {
  asc_copy_gm2ub_align(dst, src, 1, size, 0, 0, 0, 0);
}
template <typename T> __aicore__ inline void asc_copy_gm2ub_align_sync(__ubuf__ T* dst, __gm__ T* src, uint32_t size) {
  asc_copy_gm2ub_align(dst, src, size);
  sk_capi::drain();
}
template <typename T>
__aicore__ inline void asc_copy_ub2gm_align(__gm__ T* dst, __ubuf__ T* src, uint16_t n_burst, uint32_t len_burst,
                                            uint32_t src_gap, uint32_t dst_gap) {
  AscendC::detail::copyPadOut(dst, src, n_burst, len_burst, src_gap, dst_gap);
}
template <typename T> __aicore__ inline void asc_copy_ub2gm_align(__gm__ T* dst, __ubuf__ T* src, uint32_t size) {
  asc_copy_ub2gm_align(dst, src, 1, size, 0, 0);
}
template <typename T> __aicore__ inline void asc_copy_ub2gm_align_sync(__gm__ T* dst, __ubuf__ T* src, uint32_t size) {
  asc_copy_ub2gm_align(dst, src, size);
  sk_capi::drain();
}
template <typename T> __aicore__ inline void asc_set_copy_pad_val(T pad_value) { AscendC::SetPadValue(pad_value); }

/* ---------------- vector computation ---------------- */
// dst = src0 op src1
#define SK_CAPI_BINARY(name, OP)                                                                                   \
  template <typename T>                                                                                            \
  __aicore__ inline void name(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint32_t count) {              \
    sk_capi::vop(OP, dst, src0, src1, 0, sk_capi::counted(count, sizeof(T), sizeof(T)));                           \
  }                                                                                                                \
  template <typename T>                                                                                            \
  __aicore__ inline void name(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint8_t repeat,                \
                              uint8_t dst_block_stride, uint8_t src0_block_stride, uint8_t src1_block_stride,      \
                              uint8_t dst_repeat_stride, uint8_t src0_repeat_stride, uint8_t src1_repeat_stride) { \
    sk_capi::vop(OP, dst, src0, src1, 0,                                                                           \
                 sk_capi::repeated(repeat, dst_block_stride, src0_block_stride, src1_block_stride,                 \
                                   dst_repeat_stride, src0_repeat_stride, src1_repeat_stride));                    \
  }                                                                                                                \
  template <typename T>                                                                                            \
  __aicore__ inline void name##_sync(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint32_t count) {       \
    name(dst, src0, src1, count);                                                                                  \
    sk_capi::drain();                                                                                              \
  }
SK_CAPI_BINARY(asc_add, SK_V_ADD)
SK_CAPI_BINARY(asc_sub, SK_V_SUB)
SK_CAPI_BINARY(asc_mul, SK_V_MUL)
SK_CAPI_BINARY(asc_div, SK_V_DIV)
SK_CAPI_BINARY(asc_max, SK_V_MAX)
SK_CAPI_BINARY(asc_min, SK_V_MIN)
SK_CAPI_BINARY(asc_and, SK_V_AND)
SK_CAPI_BINARY(asc_or, SK_V_OR)
SK_CAPI_BINARY(asc_add_relu, SK_V_ADDRELU)
SK_CAPI_BINARY(asc_sub_relu, SK_V_SUBRELU)
SK_CAPI_BINARY(asc_mul_add, SK_V_FUSEDMULADD)  // dst = src0 * dst + src1
SK_CAPI_BINARY(asc_fma, SK_V_MULADDDST)       // dst = src0 * src1 + dst
#undef SK_CAPI_BINARY

// dst = op(src)
#define SK_CAPI_UNARY(name, OP)                                                                                   \
  template <typename T> __aicore__ inline void name(__ubuf__ T* dst, __ubuf__ T* src, uint32_t count) {          \
    sk_capi::vop(OP, dst, src, nullptr, 0, sk_capi::counted(count, sizeof(T), sizeof(T)));                        \
  }                                                                                                               \
  template <typename T>                                                                                           \
  __aicore__ inline void name(__ubuf__ T* dst, __ubuf__ T* src, uint8_t repeat, uint16_t dst_block_stride,       \
                              uint16_t src_block_stride, uint16_t dst_repeat_stride, uint16_t src_repeat_stride) { \
    sk_capi::vop(OP, dst, src, nullptr, 0,                                                                        \
                 sk_capi::repeated(repeat, dst_block_stride, src_block_stride, 1, dst_repeat_stride,              \
                                   src_repeat_stride, 8));                                                        \
  }                                                                                                               \
  template <typename T> __aicore__ inline void name##_sync(__ubuf__ T* dst, __ubuf__ T* src, uint32_t count) {   \
    name(dst, src, count);                                                                                        \
    sk_capi::drain();                                                                                             \
  }
SK_CAPI_UNARY(asc_abs, SK_V_ABS)
SK_CAPI_UNARY(asc_exp, SK_V_EXP)
SK_CAPI_UNARY(asc_log, SK_V_LN)
SK_CAPI_UNARY(asc_sqrt, SK_V_SQRT)
SK_CAPI_UNARY(asc_rsqrt, SK_V_RSQRT)
SK_CAPI_UNARY(asc_rcp, SK_V_RECIPROCAL)
SK_CAPI_UNARY(asc_relu, SK_V_RELU)
SK_CAPI_UNARY(asc_not, SK_V_NOT)
SK_CAPI_UNARY(asc_copy, SK_V_COPY)
#undef SK_CAPI_UNARY

// dst = src op value
#define SK_CAPI_SCALAR(name, OP, SIGN)                                                                            \
  template <typename T>                                                                                           \
  __aicore__ inline void name(__ubuf__ T* dst, __ubuf__ T* src, sk_capi::Value<T> value, uint32_t count) {       \
    sk_capi::vop(OP, dst, src, nullptr, AscendC::detail::scalarBits<T>(SIGN value),                              \
                 sk_capi::counted(count, sizeof(T), sizeof(T)));                                                  \
  }                                                                                                               \
  template <typename T>                                                                                           \
  __aicore__ inline void name(__ubuf__ T* dst, __ubuf__ T* src, sk_capi::Value<T> value, uint8_t repeat,         \
                              uint16_t dst_block_stride, uint16_t src_block_stride, uint16_t dst_repeat_stride,   \
                              uint16_t src_repeat_stride) {                                                       \
    sk_capi::vop(OP, dst, src, nullptr, AscendC::detail::scalarBits<T>(SIGN value),                              \
                 sk_capi::repeated(repeat, dst_block_stride, src_block_stride, 1, dst_repeat_stride,              \
                                   src_repeat_stride, 8));                                                        \
  }                                                                                                               \
  template <typename T>                                                                                           \
  __aicore__ inline void name##_sync(__ubuf__ T* dst, __ubuf__ T* src, sk_capi::Value<T> value, uint32_t count) { \
    name(dst, src, value, count);                                                                                 \
    sk_capi::drain();                                                                                             \
  }
SK_CAPI_SCALAR(asc_add_scalar, SK_V_ADDS, +)
SK_CAPI_SCALAR(asc_sub_scalar, SK_V_ADDS, -)
SK_CAPI_SCALAR(asc_mul_scalar, SK_V_MULS, +)
SK_CAPI_SCALAR(asc_max_scalar, SK_V_MAXS, +)
SK_CAPI_SCALAR(asc_min_scalar, SK_V_MINS, +)
SK_CAPI_SCALAR(asc_leakyrelu, SK_V_LEAKYRELU, +)
SK_CAPI_SCALAR(asc_shiftleft, SK_V_SHIFTLEFT, +)
SK_CAPI_SCALAR(asc_shiftright, SK_V_SHIFTRIGHT, +)
#undef SK_CAPI_SCALAR

// dst = value
template <typename T> __aicore__ inline void asc_duplicate(__ubuf__ T* dst, sk_capi::Value<T> value, uint32_t count) {
  sk_capi::vop(SK_V_DUP, dst, nullptr, nullptr, AscendC::detail::scalarBits<T>(value), sk_capi::counted(count, sizeof(T), sizeof(T)));
}
template <typename T>
__aicore__ inline void asc_duplicate(__ubuf__ T* dst, sk_capi::Value<T> value, uint8_t repeat, uint16_t dst_block_stride,
                                     uint16_t dst_repeat_stride) {
  sk_capi::vop(SK_V_DUP, dst, nullptr, nullptr, AscendC::detail::scalarBits<T>(value),
               sk_capi::repeated(repeat, dst_block_stride, 1, 1, dst_repeat_stride, 8, 8));
}
template <typename T> __aicore__ inline void asc_duplicate_sync(__ubuf__ T* dst, sk_capi::Value<T> value, uint32_t count) {
  asc_duplicate(dst, value, count);
  sk_capi::drain();
}

// Conversions, asc_<from>2<to>[_rn|_rna|_rd|_ru|_rz|_ro]: without a suffix, RINT where the
// conversion loses precision (the sim's CAST_NONE rounds so), none where it does not.
#define SK_CAPI_CONVERT_ROUNDED(name, To, From, ROUND)                                                             \
  __aicore__ inline void name(__ubuf__ To* dst, __ubuf__ From* src, uint32_t count) {                               \
    sk_capi::convert(ROUND, dst, src, sk_capi::counted(count, sizeof(To), sizeof(From)));                           \
  }                                                                                                                 \
  __aicore__ inline void name(__ubuf__ To* dst, __ubuf__ From* src, uint8_t repeat, uint16_t dst_block_stride,      \
                              uint16_t src_block_stride, uint16_t dst_repeat_stride, uint16_t src_repeat_stride) {  \
    sk_capi::convert(ROUND, dst, src,                                                                               \
                     sk_capi::repeated(repeat, dst_block_stride, src_block_stride, 1, dst_repeat_stride,            \
                                       src_repeat_stride, 8));                                                      \
  }                                                                                                                 \
  __aicore__ inline void name##_sync(__ubuf__ To* dst, __ubuf__ From* src, uint32_t count) {                        \
    name(dst, src, count);                                                                                          \
    sk_capi::drain();                                                                                               \
  }
#define SK_CAPI_CONVERT(name, To, From)                                  \
  SK_CAPI_CONVERT_ROUNDED(name, To, From, SK_ROUND_NONE)                 \
  SK_CAPI_CONVERT_ROUNDED(name##_rn, To, From, SK_ROUND_RINT)            \
  SK_CAPI_CONVERT_ROUNDED(name##_rna, To, From, SK_ROUND_ROUND)          \
  SK_CAPI_CONVERT_ROUNDED(name##_rd, To, From, SK_ROUND_FLOOR)           \
  SK_CAPI_CONVERT_ROUNDED(name##_ru, To, From, SK_ROUND_CEIL)            \
  SK_CAPI_CONVERT_ROUNDED(name##_rz, To, From, SK_ROUND_TRUNC)           \
  SK_CAPI_CONVERT_ROUNDED(name##_ro, To, From, SK_ROUND_ODD)
SK_CAPI_CONVERT(asc_half2float, float, half)
SK_CAPI_CONVERT(asc_float2half, half, float)
SK_CAPI_CONVERT(asc_bfloat162float, float, bfloat16_t)
SK_CAPI_CONVERT(asc_float2bfloat16, bfloat16_t, float)
SK_CAPI_CONVERT(asc_float2float, float, float)
SK_CAPI_CONVERT(asc_float2int32, int32_t, float)
SK_CAPI_CONVERT(asc_float2int16, int16_t, float)
SK_CAPI_CONVERT(asc_float2int64, int64_t, float)
SK_CAPI_CONVERT(asc_half2int32, int32_t, half)
SK_CAPI_CONVERT(asc_half2int16, int16_t, half)
SK_CAPI_CONVERT(asc_half2int8, int8_t, half)
SK_CAPI_CONVERT(asc_half2uint8, uint8_t, half)
SK_CAPI_CONVERT(asc_bfloat162int32, int32_t, bfloat16_t)
SK_CAPI_CONVERT(asc_int162half, half, int16_t)
SK_CAPI_CONVERT(asc_int162float, float, int16_t)
SK_CAPI_CONVERT(asc_int322float, float, int32_t)
SK_CAPI_CONVERT(asc_int322int16, int16_t, int32_t)
SK_CAPI_CONVERT(asc_int322int64, int64_t, int32_t)
SK_CAPI_CONVERT(asc_int642int32, int32_t, int64_t)
SK_CAPI_CONVERT(asc_int642float, float, int64_t)
SK_CAPI_CONVERT(asc_int82half, half, int8_t)
SK_CAPI_CONVERT(asc_uint82half, half, uint8_t)
#undef SK_CAPI_CONVERT
#undef SK_CAPI_CONVERT_ROUNDED

/* ---------------- atomic stores (the GM writes of the moves) ---------------- */
#define SK_CAPI_ATOMIC_STORE(op, Op)                                                \
  __aicore__ inline void asc_set_atomic_##op##_int8() { AscendC::SetAtomic##Op<int8_t>(); }       \
  __aicore__ inline void asc_set_atomic_##op##_int16() { AscendC::SetAtomic##Op<int16_t>(); }     \
  __aicore__ inline void asc_set_atomic_##op##_int() { AscendC::SetAtomic##Op<int32_t>(); }       \
  __aicore__ inline void asc_set_atomic_##op##_bfloat() { AscendC::SetAtomic##Op<bfloat16_t>(); } \
  __aicore__ inline void asc_set_atomic_##op##_float16() { AscendC::SetAtomic##Op<half>(); }      \
  __aicore__ inline void asc_set_atomic_##op##_float() { AscendC::SetAtomic##Op<float>(); }
SK_CAPI_ATOMIC_STORE(add, Add)
SK_CAPI_ATOMIC_STORE(max, Max)
SK_CAPI_ATOMIC_STORE(min, Min)
#undef SK_CAPI_ATOMIC_STORE
__aicore__ inline void asc_set_atomic_none() { AscendC::SetAtomicNone(); }

/* ---------------- scalar GM atomics (Ascend 950): return the old value ---------------- */
#define SK_CAPI_SCALAR_ATOMIC(name, OP)                                                       \
  template <typename T> __aicore__ inline T name(__gm__ T* address, sk_capi::Value<T> val) { \
    return AscendC::detail::scalarAtomic(OP, address, val);                                   \
  }
SK_CAPI_SCALAR_ATOMIC(asc_atomic_add, SK_SCALAR_ATOMIC_ADD)
SK_CAPI_SCALAR_ATOMIC(asc_atomic_sub, SK_SCALAR_ATOMIC_SUB)
SK_CAPI_SCALAR_ATOMIC(asc_atomic_max, SK_SCALAR_ATOMIC_MAX)
SK_CAPI_SCALAR_ATOMIC(asc_atomic_min, SK_SCALAR_ATOMIC_MIN)
SK_CAPI_SCALAR_ATOMIC(asc_atomic_and, SK_SCALAR_ATOMIC_AND)
SK_CAPI_SCALAR_ATOMIC(asc_atomic_or, SK_SCALAR_ATOMIC_OR)
SK_CAPI_SCALAR_ATOMIC(asc_atomic_xor, SK_SCALAR_ATOMIC_XOR)
SK_CAPI_SCALAR_ATOMIC(asc_atomic_exch, SK_SCALAR_ATOMIC_EXCH)
SK_CAPI_SCALAR_ATOMIC(asc_atomic_inc, SK_SCALAR_ATOMIC_INC)
SK_CAPI_SCALAR_ATOMIC(asc_atomic_dec, SK_SCALAR_ATOMIC_DEC)
#undef SK_CAPI_SCALAR_ATOMIC
template <typename T> __aicore__ inline T asc_atomic_cas(__gm__ T* address, sk_capi::Value<T> compare, sk_capi::Value<T> val) {
  return AscendC::detail::scalarAtomic(SK_SCALAR_ATOMIC_CAS, address, val, compare);
}

/* ---------------- scalar bit operations ---------------- */
__aicore__ inline int64_t asc_clz(uint64_t value_in) { return value_in ? __builtin_clzll(value_in) : 64; }
// The index of the lowest set (clear) bit, -1 for none.
__aicore__ inline int64_t asc_ffs(uint64_t value) { return value ? __builtin_ctzll(value) : -1; }
__aicore__ inline int64_t asc_ffz(uint64_t value) { return ~value ? __builtin_ctzll(~value) : -1; }
__aicore__ inline uint64_t asc_clear_nthbit(uint64_t bits, int64_t idx) { return bits & ~(1ull << idx); }
__aicore__ inline uint64_t asc_set_nthbit(uint64_t bits, int64_t idx) { return bits | (1ull << idx); }
__aicore__ inline int64_t asc_popc(uint64_t value) { return __builtin_popcountll(value); }
__aicore__ inline int64_t asc_zero_bits_cnt(uint64_t value) { return 64 - __builtin_popcountll(value); }

#endif /* SK_C_API_ASC_SIMD_H */
