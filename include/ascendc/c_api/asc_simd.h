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

#include "c_api/sk_reg.h"
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
// The burst form of the moves: lengths and gaps (end to start) in 32-byte blocks; GM <-> UB on
// dav-3510 (`bytes`): the length in bytes and strides (start to start) in bytes.
inline void copyBursts(void* dst, const void* src, uint16_t nBurst, uint32_t lenBurst, uint32_t src3, uint32_t dst3,
                       bool bytes) {
  if (bytes) {
    copy(dst, src, nBurst, lenBurst, src3, dst3);
  } else {
    uint64_t len = (uint64_t)lenBurst * 32;
    copy(dst, src, nBurst, len, len + (uint64_t)src3 * 32, len + (uint64_t)dst3 * 32);
  }
}
}  // namespace sk_capi

/* ---------------- system variables and initialisation ---------------- */
// The core type a MIX kernel's code runs on: `if ASC_IS_AIV { ... }`.
#define ASC_IS_AIV ASCEND_IS_AIV
#define ASC_IS_AIC ASCEND_IS_AIC
#define ASC_IS_NOT_AIV ASCEND_IS_NOT_AIV
#define ASC_IS_NOT_AIC ASCEND_IS_NOT_AIC
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
__aicore__ inline void asc_sync_notify(pipe_t pipe, pipe_t tpipe, int32_t id) { ::sk_set_flag(pipe, tpipe, id); }
// The cores' flags (CrossCoreSetFlag / CrossCoreWaitFlag): _inter_ across the launch's blocks
// (mode 0), _subblock_ between a group's AIVs (mode 1), _block_ between a group's AIC and AIVs
// (mode 2). An arrive counts up the flag on `pipe`'s completion; a wait takes one count.
#define SK_CAPI_CROSS(kind, MODE)                                                                                \
  __aicore__ inline void asc_sync_##kind##_arrive(pipe_t pipe, int64_t flag_id) {                             \
    ::sk_cross_set(MODE, pipe, (int32_t)flag_id);                                                              \
  }                                                                                                           \
  __aicore__ inline void asc_sync_##kind##_wait(pipe_t, int64_t flag_id) { ::sk_cross_wait((int32_t)flag_id); } \
  __aicore__ inline void asc_sync_##kind##_wait(pipe_t, uint8_t flag_id) { ::sk_cross_wait((int32_t)flag_id); }
SK_CAPI_CROSS(inter, 0)
SK_CAPI_CROSS(subblock, 1)
SK_CAPI_CROSS(block, 2)
#undef SK_CAPI_CROSS
__aicore__ inline void asc_sync_wait(pipe_t pipe, pipe_t tpipe, int32_t id) { ::sk_wait_flag(pipe, tpipe, id); }
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
// Ascend 950's pipe mutexes (Mutex::Lock / Unlock with the pipe a run-time value).
enum ascMutexExecuteMode { ASC_LOCK_BLOCK = 0, ASC_LOCK_NON_BLOCK = 1 };
__aicore__ inline void asc_lock(pipe_t pipe, uint8_t mutex_id, const ascMutexExecuteMode = ASC_LOCK_BLOCK) {
  AscendC::detail::checkMutexId(mutex_id, "asc_lock");
  ::sk_pipe_wait(pipe, AscendC::detail::mutexTable().released[mutex_id]);
}
__aicore__ inline void asc_unlock(pipe_t pipe, uint8_t mutex_id, const ascMutexExecuteMode = ASC_LOCK_BLOCK) {
  AscendC::detail::checkMutexId(mutex_id, "asc_unlock");
  AscendC::detail::mutexTable().released[mutex_id] = ::sk_pipe_done(pipe);
}
#endif

/* ---------------- the mask register ---------------- */
__aicore__ inline void asc_set_vector_mask(uint64_t mask1, uint64_t mask0) { ::sk_set_vector_mask(mask1, mask0); }
__aicore__ inline void asc_set_mask_count() { ::sk_set_mask_mode(SK_MASK_COUNTER); }
__aicore__ inline void asc_set_mask_norm() { ::sk_set_mask_mode(SK_MASK_NORMAL); }

/* ---------------- moves ---------------- */
#define SK_CAPI_MOVE(name, DstQ, SrcQ, BYTES)                                                                         \
  __aicore__ inline void name(DstQ void* dst, SrcQ void* src, uint32_t size) {                                    \
    sk_capi::copy(dst, src, 1, size, 0, 0);                                                                       \
  }                                                                                                               \
  __aicore__ inline void name(DstQ void* dst, SrcQ void* src, uint16_t n_burst, uint32_t len_burst, uint32_t src3, \
                              uint32_t dst3) {                                                                    \
    sk_capi::copyBursts(dst, src, n_burst, len_burst, src3, dst3, BYTES);                                         \
  }                                                                                                               \
  __aicore__ inline void name##_sync(DstQ void* dst, SrcQ void* src, uint32_t size) {                             \
    name(dst, src, size);                                                                                         \
    sk_capi::drain();                                                                                             \
  }
SK_CAPI_MOVE(asc_copy_gm2ub, __ubuf__, __gm__, AscendC::detail::kArch3510)
SK_CAPI_MOVE(asc_copy_ub2gm, __gm__, __ubuf__, AscendC::detail::kArch3510)
SK_CAPI_MOVE(asc_copy_ub2ub, __ubuf__, __ubuf__, false)
SK_CAPI_MOVE(asc_copy_ub2l1, __cbuf__, __ubuf__, false)
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
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
// Ascend 950's burst forms of the same moves: strides start to start, in bytes (0 with one
// burst); the L2 modes are hints the model does not act on.
enum class asc_load_l2_cache_mode : uint8_t {
  NORMAL_FIRST_VICTIM = 0, NORMAL_LAST_VICTIM = 1, NORMAL_PERSISTENT = 2, NOTALLOC_KEEP = 4, NOTALLOC_CLEAN = 5,
  NOTALLOC_DROP = 6
};
enum class asc_store_l2_cache_mode : uint8_t {
  NORMAL_FIRST_VICTIM = 0, NORMAL_LAST_VICTIM = 1, NORMAL_PERSISTENT = 2, NOTALLOC_CLEAN = 4
};
template <typename T>
__aicore__ inline void asc_copy_gm2ub_align(__ubuf__ T* dst, __gm__ T* src, uint16_t n_burst, uint32_t len_burst,
                                            uint8_t left_padding_num, uint8_t right_padding_num, bool enable_constant_pad,
                                            asc_load_l2_cache_mode l2_cache_mode, uint64_t src_stride, uint32_t dst_stride) {
  uint64_t row = AscendC::detail::align32((uint64_t)(left_padding_num + right_padding_num) * sizeof(T) + len_burst);
  uint64_t srcGap = src_stride > len_burst ? src_stride - len_burst : 0;
  uint64_t dstGapBlocks = dst_stride > row ? (dst_stride - row) / 32 : 0;
  AscendC::detail::copyPadIn(dst, src, n_burst, len_burst, srcGap, dstGapBlocks, false, left_padding_num,
                             right_padding_num, T());
}
template <typename T>
__aicore__ inline void asc_copy_ub2gm_align(__gm__ T* dst, __ubuf__ T* src, uint16_t n_burst, uint32_t len_burst,
                                            asc_store_l2_cache_mode l2_cache_mode, uint64_t dst_stride, uint32_t src_stride) {
  uint64_t row = AscendC::detail::align32(len_burst);
  uint64_t srcGapBlocks = src_stride > row ? (src_stride - row) / 32 : 0;
  uint64_t dstGap = dst_stride > len_burst ? dst_stride - len_burst : 0;
  AscendC::detail::copyPadOut(dst, src, n_burst, len_burst, srcGapBlocks, dstGap);
}
#endif

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
#define SK_CAPI_CONVERT(name, To, From) SK_CAPI_FOR_EACH_ROUNDING(SK_CAPI_CONVERT_ROUNDED, name, To, From)
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

// dst = value * src + dst
template <typename T> __aicore__ inline void asc_axpy(__ubuf__ T* dst, __ubuf__ T* src, sk_capi::Value<T> value, uint32_t count) {
  sk_vec_repeat r = sk_capi::counted(count, sizeof(T), sizeof(T));
  ::sk_vec_axpy(sk_capi::dtypeOf<T>(), sk_capi::dtypeOf<T>(), dst, src, AscendC::detail::scalarBits<T>(value), &r);
}
template <typename T>
__aicore__ inline void asc_axpy(__ubuf__ T* dst, __ubuf__ T* src, sk_capi::Value<T> value, uint8_t repeat,
                                uint16_t dst_block_stride, uint16_t src_block_stride, uint16_t dst_repeat_stride,
                                uint16_t src_repeat_stride) {
  sk_vec_repeat r = sk_capi::repeated(repeat, dst_block_stride, src_block_stride, 1, dst_repeat_stride, src_repeat_stride, 8);
  ::sk_vec_axpy(sk_capi::dtypeOf<T>(), sk_capi::dtypeOf<T>(), dst, src, AscendC::detail::scalarBits<T>(value), &r);
}
template <typename T> __aicore__ inline void asc_axpy_sync(__ubuf__ T* dst, __ubuf__ T* src, sk_capi::Value<T> value, uint32_t count) {
  asc_axpy(dst, src, value, count);
  sk_capi::drain();
}

// Compares, repeat form: a bit per element into dst (into the CMPMASK register without a dst).
#define SK_CAPI_COMPARE(name, CMP)                                                                                    \
  template <typename T>                                                                                               \
  __aicore__ inline void name(__ubuf__ uint8_t* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint8_t repeat,             \
                              uint8_t dst_block_stride, uint8_t src0_block_stride, uint8_t src1_block_stride,         \
                              uint8_t dst_repeat_stride, uint8_t src0_repeat_stride, uint8_t src1_repeat_stride) {    \
    sk_vec_repeat r = sk_capi::repeated(repeat, dst_block_stride, src0_block_stride, src1_block_stride,               \
                                        dst_repeat_stride, src0_repeat_stride, src1_repeat_stride);                   \
    ::sk_vec_compare(CMP, sk_capi::dtypeOf<T>(), dst, src0, src1, 0, 0, &r);                                          \
  }                                                                                                                   \
  template <typename T>                                                                                               \
  __aicore__ inline void name(__ubuf__ T* src0, __ubuf__ T* src1, uint8_t repeat, uint8_t dst_block_stride,           \
                              uint8_t src0_block_stride, uint8_t src1_block_stride, uint8_t dst_repeat_stride,        \
                              uint8_t src0_repeat_stride, uint8_t src1_repeat_stride) {                               \
    name((__ubuf__ uint8_t*)nullptr, src0, src1, repeat, dst_block_stride, src0_block_stride, src1_block_stride,      \
         dst_repeat_stride, src0_repeat_stride, src1_repeat_stride);                                                 \
  }                                                                                                                   \
  template <typename... Args> __aicore__ inline void name##_sync(Args... args) {                                      \
    name(args...);                                                                                                    \
    sk_capi::drain();                                                                                                 \
  }                                                                                                                   \
  template <typename T>                                                                                               \
  __aicore__ inline void name##_scalar(__ubuf__ uint8_t* dst, __ubuf__ T* src, sk_capi::Value<T> value, uint8_t repeat, \
                                       uint16_t dst_block_stride, uint16_t src_block_stride, uint16_t dst_repeat_stride, \
                                       uint16_t src_repeat_stride) {                                                  \
    sk_vec_repeat r = sk_capi::repeated(repeat, dst_block_stride, src_block_stride, 1, dst_repeat_stride,             \
                                        src_repeat_stride, 8);                                                        \
    ::sk_vec_compare(CMP, sk_capi::dtypeOf<T>(), dst, src, nullptr, AscendC::detail::scalarBits<T>(value), 1, &r);    \
  }                                                                                                                   \
  template <typename T>                                                                                               \
  __aicore__ inline void name##_scalar_sync(__ubuf__ uint8_t* dst, __ubuf__ T* src, sk_capi::Value<T> value,          \
                                            uint8_t repeat, uint16_t dst_block_stride, uint16_t src_block_stride,     \
                                            uint16_t dst_repeat_stride, uint16_t src_repeat_stride) {                 \
    name##_scalar(dst, src, value, repeat, dst_block_stride, src_block_stride, dst_repeat_stride, src_repeat_stride); \
    sk_capi::drain();                                                                                                 \
  }
SK_CAPI_COMPARE(asc_eq, SK_CMP_EQ)
SK_CAPI_COMPARE(asc_ne, SK_CMP_NE)
SK_CAPI_COMPARE(asc_gt, SK_CMP_GT)
SK_CAPI_COMPARE(asc_ge, SK_CMP_GE)
SK_CAPI_COMPARE(asc_lt, SK_CMP_LT)
SK_CAPI_COMPARE(asc_le, SK_CMP_LE)
#undef SK_CAPI_COMPARE
// The CMPMASK register: the compares' bits, asc_select's selection.
__aicore__ inline void asc_set_cmp_mask(__ubuf__ void* sel_mask) { ::sk_set_cmpmask(sel_mask); }
__aicore__ inline void asc_get_cmp_mask(__ubuf__ void* dst) { ::sk_get_cmpmask(dst); }
// dst = the CMPMASK bit ? src0 : src1 (the same 128 bits every repeat).
template <typename T> __aicore__ inline void asc_select(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint32_t count) {
  sk_vec_repeat r = sk_capi::counted(count, sizeof(T), sizeof(T));
  ::sk_vec_select(0, sk_capi::dtypeOf<T>(), dst, nullptr, src0, src1, 0, 0, &r);
}
template <typename T>
__aicore__ inline void asc_select(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint8_t repeat,
                                  uint8_t dst_block_stride, uint8_t src0_block_stride, uint8_t src1_block_stride,
                                  uint8_t dst_repeat_stride, uint8_t src0_repeat_stride, uint8_t src1_repeat_stride) {
  sk_vec_repeat r = sk_capi::repeated(repeat, dst_block_stride, src0_block_stride, src1_block_stride, dst_repeat_stride,
                                      src0_repeat_stride, src1_repeat_stride);
  ::sk_vec_select(0, sk_capi::dtypeOf<T>(), dst, nullptr, src0, src1, 0, 0, &r);
}
template <typename T> __aicore__ inline void asc_select_sync(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint32_t count) {
  asc_select(dst, src0, src1, count);
  sk_capi::drain();
}

// Reductions: one result per repeat (asc_repeat_reduce_*: max and min with their index, in the
// order the suffix names), per 32-byte block (asc_datablock_reduce_*), per adjacent pair.
#define SK_CAPI_REDUCE(name, CALL)                                                                                   \
  template <typename T> __aicore__ inline void name(__ubuf__ T* dst, __ubuf__ T* src, uint32_t count) {             \
    sk_vec_repeat r = sk_capi::counted(count, sizeof(T), sizeof(T));                                                 \
    CALL(dst, src, 1, r);                                                                                            \
  }                                                                                                                  \
  template <typename T>                                                                                              \
  __aicore__ inline void name(__ubuf__ T* dst, __ubuf__ T* src, uint8_t repeat, uint16_t dst_repeat_stride,          \
                              uint16_t src_block_stride, uint16_t src_repeat_stride) {                               \
    sk_vec_repeat r = sk_capi::repeated(repeat, 1, src_block_stride, 1, 8, src_repeat_stride, 8);                   \
    CALL(dst, src, dst_repeat_stride, r);                                                                            \
  }                                                                                                                  \
  template <typename T> __aicore__ inline void name##_sync(__ubuf__ T* dst, __ubuf__ T* src, uint32_t count) {      \
    name(dst, src, count);                                                                                           \
    sk_capi::drain();                                                                                                \
  }
#define SK_CAPI_WHOLE(OP, ORDER) \
  [](auto* d, auto* s, uint32_t rep, const sk_vec_repeat& r) { \
    ::sk_vec_whole_reduce(OP, sk_capi::dtypeOf<std::remove_pointer_t<decltype(s)>>(), ORDER, d, s, rep, &r); }
#define SK_CAPI_BLOCK(OP) \
  [](auto* d, auto* s, uint32_t rep, const sk_vec_repeat& r) { \
    ::sk_vec_block_reduce(OP, sk_capi::dtypeOf<std::remove_pointer_t<decltype(s)>>(), d, s, rep, &r); }
SK_CAPI_REDUCE(asc_repeat_reduce_sum, SK_CAPI_WHOLE(SK_VOP_REDUCE_SUM, SK_ORDER_ONLY_VALUE))
SK_CAPI_REDUCE(asc_repeat_reduce_max_value_index, SK_CAPI_WHOLE(SK_VOP_REDUCE_MAX, SK_ORDER_VALUE_INDEX))
SK_CAPI_REDUCE(asc_repeat_reduce_max_index_value, SK_CAPI_WHOLE(SK_VOP_REDUCE_MAX, SK_ORDER_INDEX_VALUE))
SK_CAPI_REDUCE(asc_repeat_reduce_max_only_value, SK_CAPI_WHOLE(SK_VOP_REDUCE_MAX, SK_ORDER_ONLY_VALUE))
SK_CAPI_REDUCE(asc_repeat_reduce_max_only_index, SK_CAPI_WHOLE(SK_VOP_REDUCE_MAX, SK_ORDER_ONLY_INDEX))
SK_CAPI_REDUCE(asc_repeat_reduce_min_value_index, SK_CAPI_WHOLE(SK_VOP_REDUCE_MIN, SK_ORDER_VALUE_INDEX))
SK_CAPI_REDUCE(asc_repeat_reduce_min_index_value, SK_CAPI_WHOLE(SK_VOP_REDUCE_MIN, SK_ORDER_INDEX_VALUE))
SK_CAPI_REDUCE(asc_repeat_reduce_min_only_value, SK_CAPI_WHOLE(SK_VOP_REDUCE_MIN, SK_ORDER_ONLY_VALUE))
SK_CAPI_REDUCE(asc_repeat_reduce_min_only_index, SK_CAPI_WHOLE(SK_VOP_REDUCE_MIN, SK_ORDER_ONLY_INDEX))
SK_CAPI_REDUCE(asc_datablock_reduce_sum, SK_CAPI_BLOCK(SK_VOP_REDUCE_SUM))
SK_CAPI_REDUCE(asc_datablock_reduce_max, SK_CAPI_BLOCK(SK_VOP_REDUCE_MAX))
SK_CAPI_REDUCE(asc_datablock_reduce_min, SK_CAPI_BLOCK(SK_VOP_REDUCE_MIN))
SK_CAPI_REDUCE(asc_pair_reduce_sum, [](auto* d, auto* s, uint32_t rep, const sk_vec_repeat& r) {
  ::sk_vec_pair_reduce(sk_capi::dtypeOf<std::remove_pointer_t<decltype(s)>>(), d, s, rep, &r);
})
#undef SK_CAPI_WHOLE
#undef SK_CAPI_BLOCK
#undef SK_CAPI_REDUCE

// Each of 8 source elements a repeat fills a 32-byte block of dst.
template <typename T>
__aicore__ inline void asc_brcb(__ubuf__ T* dst, __ubuf__ T* src, uint16_t dst_block_stride, uint16_t dst_repeat_stride,
                                uint8_t repeat) {
  ::sk_vec_brcb(sk_capi::dtypeOf<T>(), dst, src, repeat, dst_block_stride, dst_repeat_stride);
}
template <typename T>
__aicore__ inline void asc_brcb_sync(__ubuf__ T* dst, __ubuf__ T* src, uint16_t dst_block_stride, uint16_t dst_repeat_stride,
                                     uint8_t repeat) {
  asc_brcb(dst, src, dst_block_stride, dst_repeat_stride, repeat);
  sk_capi::drain();
}
// dst[i] = the element at byte src_offset[i] of src.
template <typename T>
__aicore__ inline void asc_gather(__ubuf__ T* dst, __ubuf__ T* src, __ubuf__ uint32_t* src_offset, uint32_t count) {
  ::sk_vec_gather(sk_capi::dtypeOf<T>(), dst, src, src_offset, 0, count);
}
template <typename T>
__aicore__ inline void asc_gather_sync(__ubuf__ T* dst, __ubuf__ T* src, __ubuf__ uint32_t* src_offset, uint32_t count) {
  asc_gather(dst, src, src_offset, count);
  sk_capi::drain();
}
// A 16 x 16 transpose of 2-byte elements.
template <typename T> __aicore__ inline void asc_transpose(__ubuf__ T* dst, __ubuf__ T* src) {
  static_assert(sizeof(T) == 2, "asc_transpose: 2-byte elements");
  ::sk_vec_transpose16(dst, src);
}
template <typename T> __aicore__ inline void asc_transpose_sync(__ubuf__ T* dst, __ubuf__ T* src) {
  asc_transpose(dst, src);
  sk_capi::drain();
}

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

/* ---------------- cube (Ascend 950's forms, dav-3510) ---------------- */
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
// The post-quant stage of the L0C -> GM move: only NoConv is simulated.
enum class QuantMode_post : uint8_t {
  NoConv = 0, QS162B8_POST, VQS162B8_POST, QF162B8_POST, VQF162B8_POST, QS162S4_POST, VQS162S4_POST, QF162S4_POST,
  VQF162S4_POST, QS162S16_POST, VQS162S16_POST, QF162S16_POST, VQF162S16_POST
};

namespace sk_capi {
using AscendC::detail::coreState;
template <typename T> inline AscendC::LocalTensor<T> local(T* p) { return AscendC::LocalTensor<T>(p, 0); }
inline void refuse(bool bad, const char* what) {
  if (bad) ::sk_trap(3, what);
}
// GM -> L1 with the ND (or DN) -> Nz conversion; the matrix count and the Nz strides come from
// the MTE2_NZ_PARA register (the matrices' in 32-byte units, as CANN's DataCopy writes it), the
// source strides are in bytes.
template <typename T>
inline void toNz(T* dst, const T* src, uint64_t loop1SrcStride, uint16_t nValue, uint32_t dValue, uint64_t loop4SrcStride,
                 bool smallC0, bool dn) {
  uint64_t para = coreState(AscendC::detail::kStateGm2l1NzPara);
  sk_nd2nz r{};
  r.nd_num = (uint16_t)para, r.n_value = nValue, r.d_value = dValue;
  r.dst_n_stride = (uint16_t)(para >> 16), r.dst_c0_stride = (uint16_t)(para >> 32);
  r.dst_matrix_stride = (uint64_t)(uint16_t)(para >> 48) * 32 / sizeof(T);
  r.src_d_value = loop1SrcStride / sizeof(T), r.src_matrix_stride = loop4SrcStride / sizeof(T), r.src_dn = dn;
  r.small_c0 = smallC0;
  ::sk_copy_nd2nz(dst, src, sizeof(T), &r);
}
template <typename T>
inline void loadL0(T* dst, T* src, uint16_t mStart, uint16_t kStart, uint8_t mStep, uint8_t kStep, int16_t srcStride,
                   uint16_t dstStride, bool transpose) {
  AscendC::LoadData(local(dst), local(src),
                    AscendC::LoadData2DParamsV2(mStart, kStart, mStep, kStep, srcStride, dstStride, transpose, 0));
}
template <typename C, typename A>
inline void mmad(C* c, A* a, A* b, uint16_t m, uint16_t k, uint16_t n, uint8_t unitFlag, bool kAlign, bool disableGemv,
                 bool cSource, bool cInit) {
  AscendC::MmadParams p(m, n, k, unitFlag, cSource, cInit);
  p.kDirectionAlign = kAlign, p.disableGemv = disableGemv;
  AscendC::Mmad(local(c), local(a), local(b), p);  // a bias comes from the bias table's start
}
// The MX scales' L0 address as the C API gives it (the L0A / L0B address / 16) back to the L0
// address the simulator knows the MX buffer by.
inline void* mxL0(uint64_t mxAddress) { return (void*)(uintptr_t)(mxAddress * 16); }
}  // namespace sk_capi

// The MTE2_NZ_PARA register: bits 0-15 the matrix count, 16-31 the Nz N stride, 32-47 the C0
// column stride, 48-63 the stride between the Nz matrices.
__aicore__ inline void asc_set_gm2l1_nz_para(uint64_t config) { AscendC::detail::coreState(AscendC::detail::kStateGm2l1NzPara) = config; }
#define SK_CAPI_TO_NZ(name, DN)                                                                                         \
  template <typename T>                                                                                                 \
  __aicore__ inline void name(__cbuf__ T* dst, __gm__ T* src, uint64_t loop1_src_stride, uint8_t l2_cache_ctl,           \
                              uint16_t n_value, uint32_t d_value, uint64_t loop4_src_stride, bool smallc0_en) {          \
    sk_capi::toNz(dst, src, loop1_src_stride, n_value, d_value, loop4_src_stride, smallc0_en, DN);                       \
  }                                                                                                                     \
  template <typename T>                                                                                                 \
  __aicore__ inline void name##_sync(__cbuf__ T* dst, __gm__ T* src, uint64_t loop1_src_stride, uint8_t l2_cache_ctl,    \
                                     uint16_t n_value, uint32_t d_value, uint64_t loop4_src_stride, bool smallc0_en) {   \
    name(dst, src, loop1_src_stride, l2_cache_ctl, n_value, d_value, loop4_src_stride, smallc0_en);                      \
    sk_capi::drain();                                                                                                   \
  }
SK_CAPI_TO_NZ(asc_copy_gm2l1_nd2nz, false)
SK_CAPI_TO_NZ(asc_copy_gm2l1_dn2nz, true)
#undef SK_CAPI_TO_NZ

// GM -> L1 as it is: n_burst blocks of len_burst 32-byte units, gaps in 32-byte units.
__aicore__ inline void asc_copy_gm2l1(__cbuf__ void* dst, __gm__ void* src, uint32_t n_burst, uint32_t len_burst,
                                      uint8_t pad_func_mode, uint64_t src_stride, uint32_t dst_stride) {
  sk_capi::refuse(pad_func_mode != 0, "asc_copy_gm2l1: pad_func_mode other than 0 is not simulated");
  uint64_t len = (uint64_t)len_burst * 32;
  sk_capi::copy(dst, src, (uint16_t)n_burst, len, len + src_stride * 32, len + (uint64_t)dst_stride * 32);
}
__aicore__ inline void asc_copy_gm2l1_sync(__cbuf__ void* dst, __gm__ void* src, uint32_t n_burst, uint32_t len_burst,
                                           uint8_t pad_func_mode, uint64_t src_stride, uint32_t dst_stride) {
  asc_copy_gm2l1(dst, src, n_burst, len_burst, pad_func_mode, src_stride, dst_stride);
  sk_capi::drain();
}

// L1 -> L0A / L0B: an m_step x k_step block of fractals (LoadData2DParamsV2), transposed or not.
#define SK_CAPI_LOAD_L0(name, DstQ, TRANSPOSE)                                                                        \
  template <typename T>                                                                                               \
  __aicore__ inline void name(DstQ T* dst, __cbuf__ T* src, uint16_t m_start_position, uint16_t k_start_position,     \
                              uint8_t m_step, uint8_t k_step, int16_t src_stride, uint16_t dst_stride) {              \
    sk_capi::loadL0(dst, src, m_start_position, k_start_position, m_step, k_step, src_stride, dst_stride, TRANSPOSE); \
  }                                                                                                                   \
  template <typename T>                                                                                               \
  __aicore__ inline void name##_sync(DstQ T* dst, __cbuf__ T* src, uint16_t m_start_position, uint16_t k_start_position, \
                                     uint8_t m_step, uint8_t k_step, int16_t src_stride, uint16_t dst_stride) {       \
    name(dst, src, m_start_position, k_start_position, m_step, k_step, src_stride, dst_stride);                       \
    sk_capi::drain();                                                                                                 \
  }
SK_CAPI_LOAD_L0(asc_copy_l12l0a, __ca__, false)
SK_CAPI_LOAD_L0(asc_copy_l12l0a_transpose, __ca__, true)
SK_CAPI_LOAD_L0(asc_copy_l12l0b, __cb__, false)
SK_CAPI_LOAD_L0(asc_copy_l12l0b_transpose, __cb__, true)
#undef SK_CAPI_LOAD_L0

// L1 -> L0B transposing each square (LoadDataWithTranspose's), one square a repeat: src_stride
// counts 512-byte fractals here, as the instruction does (the C++ API counts whole squares).
template <typename T>
__aicore__ inline void asc_copy_l12l0b_trans(__cb__ T* dst, __cbuf__ T* src, uint16_t index_id, uint8_t repeat,
                                             uint16_t src_stride, uint16_t dst_gap, uint16_t dst_frac_gap,
                                             uint16_t src_frac_gap) {
  constexpr uint32_t elem = std::is_same_v<T, int4b_t> ? SK_ELEM_INT4 : sizeof(T);
  for (uint32_t i = 0; i < repeat; ++i)
    ::sk_load_2d_transpose((uint8_t*)dst + i * (1ull + dst_gap) * 512, (uint8_t*)src + (uint64_t)i * src_stride * 512, elem,
                           index_id, 1, 0, 0, dst_frac_gap, src_frac_gap);
}
template <typename T>
__aicore__ inline void asc_copy_l12l0b_trans_sync(__cb__ T* dst, __cbuf__ T* src, uint16_t index_id, uint8_t repeat,
                                                  uint16_t src_stride, uint16_t dst_gap, uint16_t dst_frac_gap,
                                                  uint16_t src_frac_gap) {
  asc_copy_l12l0b_trans(dst, src, index_id, repeat, src_stride, dst_gap, dst_frac_gap, src_frac_gap);
  sk_capi::drain();
}

// L1 -> the bias table at byte `dst` of it (32-byte units and gaps); no conversion on the way.
__aicore__ inline void asc_copy_l12bt(uint64_t dst, __cbuf__ void* src, uint16_t conv_control, uint16_t n_burst,
                                      uint16_t len_burst, uint16_t source_gap, uint16_t dst_gap) {
  sk_capi::refuse(conv_control != 0, "asc_copy_l12bt: conv_control (a converting copy) is not simulated");
  uint64_t len = (uint64_t)len_burst * 32;
  sk_capi::copy((uint8_t*)::sk_local_base(SK_MEM_BT) + dst, src, n_burst, len, len + source_gap * 32ull, len + dst_gap * 32ull);
}
__aicore__ inline void asc_copy_l12bt(uint64_t dst, __cbuf__ void* src, uint32_t size) {
  asc_copy_l12bt(dst, src, 0, 1, (uint16_t)(size / 32), 0, 0);
}
__aicore__ inline void asc_copy_l12bt_sync(uint64_t dst, __cbuf__ void* src, uint32_t size) {
  asc_copy_l12bt(dst, src, size);
  sk_capi::drain();
}
// L1 -> the fixpipe buffer: len_burst in 64-byte units, the source gap in 32-byte and the
// destination gap in 64-byte units.
__aicore__ inline void asc_copy_l12fb(__fbuf__ void* dst, __cbuf__ void* src, uint16_t n_burst, uint16_t len_burst,
                                      uint16_t src_gap_size, uint16_t dst_gap_size) {
  uint64_t len = (uint64_t)len_burst * 64;
  sk_capi::copy(dst, src, n_burst, len, len + src_gap_size * 32ull, len + dst_gap_size * 64ull);
}
__aicore__ inline void asc_copy_l12fb(__fbuf__ void* dst, __cbuf__ void* src, uint32_t size) {
  sk_capi::copy(dst, src, 1, size, size, size);
}
__aicore__ inline void asc_copy_l12fb_sync(__fbuf__ void* dst, __cbuf__ void* src, uint32_t size) {
  asc_copy_l12fb(dst, src, size);
  sk_capi::drain();
}

// c_matrix = a_matrix x b_matrix (+ c_matrix, or + the bias at the bias table's start with
// c_matrix_source, or from zero with c_matrix_init_val).
#define SK_CAPI_MMAD(name, C, A)                                                                                       \
  __aicore__ inline void name(__cc__ C* c_matrix, __ca__ A* a_matrix, __cb__ A* b_matrix, uint16_t left_height,        \
                              uint16_t n_dim, uint16_t right_width, uint8_t unit_flag, bool gemv_or_align,            \
                              bool c_matrix_source, bool c_matrix_init_val) {                                         \
    constexpr bool kInt = std::is_same_v<A, int8_t>;                                                                  \
    sk_capi::mmad(c_matrix, a_matrix, b_matrix, left_height, n_dim, right_width, unit_flag, kInt && gemv_or_align,    \
                  !kInt && gemv_or_align, c_matrix_source, c_matrix_init_val);                                       \
  }                                                                                                                   \
  __aicore__ inline void name##_sync(__cc__ C* c_matrix, __ca__ A* a_matrix, __cb__ A* b_matrix, uint16_t left_height, \
                                     uint16_t n_dim, uint16_t right_width, uint8_t unit_flag, bool gemv_or_align,     \
                                     bool c_matrix_source, bool c_matrix_init_val) {                                  \
    name(c_matrix, a_matrix, b_matrix, left_height, n_dim, right_width, unit_flag, gemv_or_align, c_matrix_source,    \
         c_matrix_init_val);                                                                                          \
    sk_capi::drain();                                                                                                 \
  }
SK_CAPI_MMAD(asc_mmad, float, half)
SK_CAPI_MMAD(asc_mmad, float, bfloat16_t)
SK_CAPI_MMAD(asc_mmad, float, float)
SK_CAPI_MMAD(asc_mmad, int32_t, int8_t)
#undef SK_CAPI_MMAD

// Ascend 950's MX forms: LoadData's scale half (dst: the L0A / L0B address of the data / 16, as
// the C API passes it) and MmadMx (fp8 or fp4 A and B in any pairing of one width).
#define SK_CAPI_LOAD_MX(name)                                                                                           \
  __aicore__ inline void name(uint64_t dst, __cbuf__ fp8_e8m0_t* src, uint16_t x_start_pos, uint16_t y_start_pos,       \
                              uint8_t x_step, uint8_t y_step, uint16_t src_stride, uint16_t dst_stride) {               \
    ::sk_load_mx_scales(sk_capi::mxL0(dst), src, x_start_pos, y_start_pos, x_step, y_step, src_stride, dst_stride);     \
  }                                                                                                                     \
  __aicore__ inline void name##_sync(uint64_t dst, __cbuf__ fp8_e8m0_t* src, uint16_t x_start_pos, uint16_t y_start_pos, \
                                     uint8_t x_step, uint8_t y_step, uint16_t src_stride, uint16_t dst_stride) {        \
    name(dst, src, x_start_pos, y_start_pos, x_step, y_step, src_stride, dst_stride);                                   \
    sk_capi::drain();                                                                                                   \
  }
SK_CAPI_LOAD_MX(asc_copy_l12l0a_mx)
SK_CAPI_LOAD_MX(asc_copy_l12l0b_mx)
#undef SK_CAPI_LOAD_MX
template <typename A, typename B>
__aicore__ inline void asc_mmad_mx(__cc__ float* c_matrix, __ca__ A* a_matrix, __cb__ B* b_matrix, uint16_t left_height,
                                   uint16_t n_dim, uint16_t right_width, uint8_t unit_flag, bool disable_gemv,
                                   bool c_matrix_source, bool c_matrix_init_val) {
  AscendC::MmadParams p(left_height, right_width, n_dim, unit_flag, c_matrix_source, c_matrix_init_val);
  p.disableGemv = disable_gemv;
  AscendC::MmadMx(sk_capi::local(c_matrix), sk_capi::local(a_matrix), sk_capi::local(b_matrix), p);
}
template <typename A, typename B>
__aicore__ inline void asc_mmad_mx_sync(__cc__ float* c_matrix, __ca__ A* a_matrix, __cb__ B* b_matrix, uint16_t left_height,
                                        uint16_t n_dim, uint16_t right_width, uint8_t unit_flag, bool disable_gemv,
                                        bool c_matrix_source, bool c_matrix_init_val) {
  asc_mmad_mx(c_matrix, a_matrix, b_matrix, left_height, n_dim, right_width, unit_flag, disable_gemv, c_matrix_source,
              c_matrix_init_val);
  sk_capi::drain();
}

// InitConstValue's C form: `repeat` times `blk_num` blocks (32 bytes in L1, 512 in L0A / L0B)
// set to the value, then `dst_gap` blocks skipped. A value of another type than dst's is taken
// as its bits in dst's element (a half in a 32-bit element: converted, as the C++ API does).
union asc_fill_value_config {
  uint64_t config = 0;
  struct {
    uint64_t repeat : 15;
    uint64_t reserved1 : 1;
    uint64_t blk_num : 15;
    uint64_t reserved2 : 1;
    uint64_t dst_gap : 15;
    uint64_t reserved3 : 17;
  };
};
constexpr uint64_t ASC_FILL_VALUE_DEFAULT_VALUE = 0;
#define SK_CAPI_FILL(name, Q)                                                                                           \
  template <typename T, typename V>                                                                                     \
  __aicore__ inline void name(Q T* dst, V value, const asc_fill_value_config& config) {                                 \
    AscendC::InitConstValue(sk_capi::local(dst),                                                                        \
                            AscendC::InitConstValueParams<T>((uint16_t)config.repeat, (uint16_t)config.blk_num,        \
                                                             (uint16_t)config.dst_gap, (T)value));                      \
  }                                                                                                                     \
  template <typename T, typename V>                                                                                     \
  __aicore__ inline void name##_sync(Q T* dst, V value, const asc_fill_value_config& config) {                          \
    name(dst, value, config);                                                                                           \
    sk_capi::drain();                                                                                                   \
  }
SK_CAPI_FILL(asc_fill_l1, __cbuf__)
SK_CAPI_FILL(asc_fill_l0a, __ca__)
SK_CAPI_FILL(asc_fill_l0b, __cb__)
#undef SK_CAPI_FILL

// The L0C -> GM move's registers: NZ2ND's matrix count and strides; the vector quant table's
// fixpipe-buffer address (in 128-byte units); the scalar quant value.
__aicore__ inline void asc_set_l0c2gm_nz2nd(uint64_t nd_num, uint64_t src_nd_stride, uint64_t dst_nd_stride) {
  AscendC::detail::coreState(AscendC::detail::kStateL0c2gmNd) =
      (nd_num & 0xffff) << 48 | (src_nd_stride & 0xffff) << 32 | (dst_nd_stride & 0xffffffff);
}
__aicore__ inline void asc_set_l0c2gm_config(uint64_t relu_pre, uint64_t quant_pre, bool enable_unit_flag) {
  AscendC::detail::coreState(AscendC::detail::kStateL0c2gmQuant) = quant_pre;
}
__aicore__ inline void asc_set_l0c_copy_prequant(uint64_t config) {
  AscendC::detail::coreState(AscendC::detail::kStateL0cPrequant) = config;
}

namespace sk_capi {
// The vector quant table: `address` 128-byte units into the fixpipe buffer (kernels here compute
// it from their __fbuf__ array's address, which is the simulator's host address).
inline const uint64_t* quantTable(uint64_t address) {
  uint8_t* base = (uint8_t*)::sk_local_base(SK_MEM_FB);
  uint8_t* at = (uint8_t*)(uintptr_t)(address * 128);
  return (const uint64_t*)(at >= base && at < base + ::sk_local_size(SK_MEM_FB) ? at : base + address * 128);
}
template <typename T, typename U>
inline void l0cToGm(T* dst, U* src, uint16_t nSize, uint16_t mSize, uint32_t loopDstStride, uint16_t loopSrcStride,
                    uint8_t unitFlag, uint64_t quantPre, bool relu, bool split, bool nz2nd, uint64_t quantPost, bool nz2dn) {
  refuse(quantPost != 0, "asc_copy_l0c2gm: quant_post other than NoConv is not simulated");
  sk_fixpipe_params r{};
  r.n_size = nSize, r.m_size = mSize, r.src_stride = loopSrcStride, r.quant = (int32_t)quantPre, r.relu = relu;
  r.deq_scalar = coreState(AscendC::detail::kStateL0cPrequant);
  r.nd_num = 1;
  if (nz2nd || nz2dn) {
    uint64_t nd = coreState(AscendC::detail::kStateL0c2gmNd);
    r.nz2nd = nz2nd ? SK_FIXPIPE_ND : SK_FIXPIPE_DN;
    r.dst_stride = loopDstStride;
    if (nd >> 48) r.nd_num = (uint32_t)(nd >> 48), r.src_nd_stride = (uint32_t)((nd >> 32 & 0xffff) / 16), r.dst_nd_stride = (uint32_t)nd;
  } else {
    r.nz2nd = split ? SK_FIXPIPE_NZ_SPLIT : SK_FIXPIPE_NZ;
    r.dst_stride = (uint32_t)((uint64_t)loopDstStride * sizeof(T) / 32);
  }
  const uint64_t* scales = ::sk_quant_per_channel((int32_t)quantPre) ? quantTable(coreState(AscendC::detail::kStateL0c2gmQuant)) : nullptr;
  AscendC::detail::issueFixpipe(dst, src, r, unitFlag, scales);
}
}  // namespace sk_capi

// L0C -> GM through the fixpipe: n_size x m_size of the Nz result, quantized (quant_pre, with
// asc_set_l0c_copy_prequant's value or asc_set_l0c2gm_config's table), relu'd, as Nz, ND
// (nz2nd_en) or DN (nz2dn_en).
template <typename T, typename U>
__aicore__ inline void asc_copy_l0c2gm(__gm__ T* dst_addr, __cc__ U* src_addr, uint16_t n_size, uint16_t m_size,
                                       uint32_t loop_dst_stride, uint16_t loop_src_stride, uint8_t l2_cache_ctl,
                                       uint8_t clip_relu_pre, uint8_t unit_flag_ctl, uint64_t quant_pre, uint8_t relu_pre,
                                       bool split_en, bool nz2nd_en, uint64_t quant_post, uint8_t relu_post,
                                       bool clip_relu_post, uint8_t eltwise_op, bool eltwise_antq_en, bool c0_pad_en,
                                       bool broadcast_en, bool nz2dn_en) {
  sk_capi::refuse(clip_relu_pre || relu_post || clip_relu_post || eltwise_op || eltwise_antq_en || c0_pad_en || broadcast_en,
                  "asc_copy_l0c2gm: clip relu, post relu, eltwise, C0 padding and broadcast are not simulated");
  sk_capi::l0cToGm(dst_addr, src_addr, n_size, m_size, loop_dst_stride, loop_src_stride, unit_flag_ctl, quant_pre,
                   relu_pre != 0, split_en, nz2nd_en, quant_post, nz2dn_en);
}
#endif

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
