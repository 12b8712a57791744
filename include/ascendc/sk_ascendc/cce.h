// The device compiler's lowercase built-ins that AscendC kernels call directly (pipe_barrier,
// set_flag, the mask register, vcadd, vector_dup, the copy_* moves, a few v* instructions),
// mapped onto the same simulator instructions as the AscendC API. They use the core's mask
// register, as the hardware instructions do.
#ifndef SK_ASCENDC_CCE_H
#define SK_ASCENDC_CCE_H

#include "sk_ascendc/data_copy.h"
#include "sk_ascendc/vector.h"

namespace AscendC {
namespace detail {
inline sk_vec_repeat registerShape(uint32_t repeat, uint16_t dstBlk, uint16_t src0Blk, uint16_t src1Blk, uint16_t dstRep,
                                   uint16_t src0Rep, uint16_t src1Rep) {
  sk_vec_repeat r{};
  r.mode = SK_MASK_REGISTER;
  r.repeat = repeat;
  r.dst_blk = dstBlk, r.src0_blk = src0Blk, r.src1_blk = src1Blk;
  r.dst_rep = dstRep, r.src0_rep = src0Rep, r.src1_rep = src1Rep;
  return r;
}
}  // namespace detail
}  // namespace AscendC

__aicore__ inline void pipe_barrier(pipe_t pipe) { ::sk_pipe_barrier(pipe); }
__aicore__ inline void set_flag(pipe_t src, pipe_t dst, int32_t id) { ::sk_set_flag(src, dst, id); }
__aicore__ inline void wait_flag(pipe_t src, pipe_t dst, int32_t id) { ::sk_wait_flag(src, dst, id); }
// The cross-core flags (CrossCoreSetFlag/WaitFlag): the message GetffstMsg builds carries the
// mode in bits 4-5 and the flag in bits 8-11.
__aicore__ inline void ffts_cross_core_sync(pipe_t pipe, uint64_t config) {
  ::sk_cross_set((int32_t)((config >> 4) & 0x3), pipe, (int32_t)((config >> 8) & 0xf));
}
__aicore__ inline void wait_flag_dev(int64_t flagId) { ::sk_cross_wait((int32_t)flagId); }
__aicore__ inline void wait_flag_dev(pipe_t, int64_t flagId) { ::sk_cross_wait((int32_t)flagId); }
// A vector function's memory barrier (Ascend 950's mem_bar; the C API's asc_mem_bar): the second
// kind of UB access waits for the first (VST_VLD: vector loads for vector stores; V vector, S or
// no letter scalar, ALL both ways). The simulator runs a vector function's loads and stores in
// program order, so none has anything to wait for.
enum mem_bar_t { VV_ALL, VST_VLD, VLD_VST, VST_VST, VS_ALL, VST_LD, VLD_ST, VST_ST, SV_ALL, ST_VLD, LD_VST, ST_VST };
__aicore__ inline void mem_bar(mem_bar_t) {}
// The 2D loads' address mode (LoadData2DParams.addrMode): incrementing or decrementing.
enum addr_cal_mode_t : uint8_t { inc = 0, dec = 1 };
// Instruction-cache preloading: nothing to preload here.
#define PRELOAD(len) \
  do {               \
    (void)(len);     \
  } while (0)
__aicore__ inline void set_mask_norm() { ::sk_set_mask_mode(SK_MASK_NORMAL); }
__aicore__ inline void set_mask_count() { ::sk_set_mask_mode(SK_MASK_COUNTER); }
__aicore__ inline void set_vector_mask(uint64_t maskHigh, uint64_t maskLow) { ::sk_set_vector_mask(maskHigh, maskLow); }
__aicore__ inline int64_t get_block_idx() { return ::sk_block_idx(); }
__aicore__ inline int64_t get_block_num() { return ::sk_block_num(); }
__aicore__ inline int64_t get_subblockid() { return ::sk_sub_block_idx(); }
__aicore__ inline int64_t get_subblockdim() { return ::sk_sub_block_num(); }
// The FFTS base address the cross-core flags use (SetSyncBaseAddr): nothing to set here.
__aicore__ inline void set_ffts_base_addr(uint64_t) {}
// The atomic stores: the operation and the element type set apart (set_atomic_add(); set_atomic_f32();).
__aicore__ inline void set_atomic_none() { ::AscendC::SetAtomicNone(); }
__aicore__ inline void set_atomic_add() { ::AscendC::detail::setAtomicOp(SK_ATOMIC_ADD); }
__aicore__ inline void set_atomic_max() { ::AscendC::detail::setAtomicOp(SK_ATOMIC_MAX); }
__aicore__ inline void set_atomic_min() { ::AscendC::detail::setAtomicOp(SK_ATOMIC_MIN); }
__aicore__ inline void set_atomic_f32() { ::AscendC::detail::setAtomicDtype(SK_DT_FLOAT32); }
__aicore__ inline void set_atomic_f16() { ::AscendC::detail::setAtomicDtype(SK_DT_FLOAT16); }
__aicore__ inline void set_atomic_bf16() { ::AscendC::detail::setAtomicDtype(SK_DT_BFLOAT16); }
__aicore__ inline void set_atomic_s32() { ::AscendC::detail::setAtomicDtype(::AscendC::detail::dtypeOf<int32_t>()); }
__aicore__ inline void set_atomic_s16() { ::AscendC::detail::setAtomicDtype(::AscendC::detail::dtypeOf<int16_t>()); }
__aicore__ inline void set_atomic_s8() { ::AscendC::detail::setAtomicDtype(::AscendC::detail::dtypeOf<int8_t>()); }
__aicore__ inline uint64_t get_acc_val() { return ::sk_get_acc_val(); }
__aicore__ inline uint64_t get_rsvd_cnt() { return ::sk_get_rsvd_cnt(); }
__aicore__ inline void set_cmpmask(const void* src) { ::sk_set_cmpmask(src); }
__aicore__ inline void get_cmpmask(void* dst) { ::sk_get_cmpmask(dst); }
__aicore__ inline int64_t get_sys_cnt() { return (int64_t)::sk_cycles(); }
// CTRL register bits (saturation and similar modes) are kept but change nothing here.
__aicore__ inline uint64_t get_ctrl() { return ::AscendC::detail::coreState(::AscendC::detail::kStateCtrl); }
__aicore__ inline void set_ctrl(uint64_t v) { ::AscendC::detail::coreState(::AscendC::detail::kStateCtrl) = v; }
__aicore__ inline uint64_t sbitset1(uint64_t v, uint64_t bit) { return v | (1ull << bit); }
__aicore__ inline uint64_t sbitset0(uint64_t v, uint64_t bit) { return v & ~(1ull << bit); }
// Count leading zeros of a 64-bit value (64 for 0), as CANN's scalar unit does.
__aicore__ inline int64_t clz(uint64_t v) { return v == 0 ? 64 : __builtin_clzll(v); }
// The compiler's names of MmadParams::unitFlag's values (ops-nn's flat_quant passes them): off,
// on without setting the flag, on and setting it at the last accumulation.
enum sk_unit_flag_mode { UFMode0 = 0, UFMode2 = 2, UFMode3 = 3 };
// The set (bcnt1) and clear (bcnt0) bits of a 64-bit value.
__aicore__ inline int64_t bcnt1(uint64_t v) { return __builtin_popcountll(v); }
__aicore__ inline int64_t bcnt0(uint64_t v) { return 64 - __builtin_popcountll(v); }
template <typename T> __aicore__ inline void dcci(T*, uint64_t, uint64_t = 0) {}
// Instruction-cache prefetch (ICachePreLoad's built-in): kernel code runs from the host here.
__aicore__ inline void icache_preload(int64_t) {}
// The scalar unit's copy of `size` bytes between GM, local memory and the stack (kernels copy a
// tiling array onto the stack with it); checked and charged as the other copies.
__aicore__ inline void copy_data_align64(uint8_t* dst, uint8_t* src, uint64_t size) { ::sk_data_copy(dst, src, size); }
// The compiler's scalar min/max, which kernels call unqualified (min(baseM, rowNum)). Variadic,
// so less specialised than any two-parameter one - std::min(const T&, const T&), a kernel's own
// min(T, T) or max(T, U) - and those win where they are visible.
template <typename... Ts> __aicore__ inline constexpr std::common_type_t<Ts...> min(const Ts&... values) {
  static_assert(sizeof...(Ts) >= 2, "min: two values or more");
  using C = std::common_type_t<Ts...>;
  C v[] = {(C)values...}, r = v[0];
  for (C x : v) r = x < r ? x : r;
  return r;
}
template <typename... Ts> __aicore__ inline constexpr std::common_type_t<Ts...> max(const Ts&... values) {
  static_assert(sizeof...(Ts) >= 2, "max: two values or more");
  using C = std::common_type_t<Ts...>;
  C v[] = {(C)values...}, r = v[0];
  for (C x : v) r = r < x ? x : r;
  return r;
}

/* ---- moves ---- */
// In 32-byte blocks, between pointers of any element types (a tiling struct's bytes into a
// uint32_t buffer).
template <typename T, typename U>
__aicore__ inline void copy_gm_to_ubuf(T* dst, const U* src, uint8_t, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap,
                                       uint16_t dstGap) {
  ::AscendC::detail::copyBlocks(dst, src, ::AscendC::DataCopyParams(nBurst, lenBurst, srcGap, dstGap));
}
template <typename T, typename U>
__aicore__ inline void copy_ubuf_to_gm(T* dst, const U* src, uint8_t, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap,
                                       uint16_t dstGap) {
  ::AscendC::detail::copyBlocks(dst, src, ::AscendC::DataCopyParams(nBurst, lenBurst, srcGap, dstGap));
}
template <typename T, typename U>
__aicore__ inline void copy_ubuf_to_ubuf(T* dst, const U* src, uint8_t, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap,
                                         uint16_t dstGap) {
  ::AscendC::detail::copyBlocks(dst, src, ::AscendC::DataCopyParams(nBurst, lenBurst, srcGap, dstGap));
}
#define SK_ASCENDC_ALIGN_COPIES(suffix, E)                                                                                   \
  template <typename T>                                                                                                     \
  __aicore__ inline void copy_gm_to_ubuf_align_##suffix(T* dst, const T* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, \
                                                        uint8_t leftPad, uint8_t rightPad, uint32_t srcGap, uint32_t dstGap) { \
    ::AscendC::detail::copyPadIn<E>((E*)dst, src, nBurst, lenBurst, srcGap, dstGap, false, leftPad, rightPad, (E)0);      \
  }                                                                                                                         \
  template <typename T>                                                                                                     \
  __aicore__ inline void copy_ubuf_to_gm_align_##suffix(T* dst, const T* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, \
                                                        uint8_t, uint8_t, uint32_t srcGap, uint32_t dstGap) {             \
    ::AscendC::detail::copyPadOut(dst, src, nBurst, lenBurst, srcGap, dstGap);                                              \
  }
SK_ASCENDC_ALIGN_COPIES(b8, uint8_t)
SK_ASCENDC_ALIGN_COPIES(b16, uint16_t)
SK_ASCENDC_ALIGN_COPIES(b32, uint32_t)
#undef SK_ASCENDC_ALIGN_COPIES
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
// Ascend 950's forms: byte lengths and start-to-start strides in bytes on both sides. Into UB or
// L1, each block lands as copyPadIn lays it out ([left pad][data][right pad] to 32 bytes) when
// dstStride leaves that room in 32-byte steps; blocks packed closer (compact) take no pads.
template <typename T>
__aicore__ inline void copy_gm_to_ubuf_align_v2(T* dst, const T* src, uint8_t, uint16_t nBurst, uint32_t lenBurst,
                                                uint8_t leftPad, uint8_t rightPad, bool isPad, uint8_t /*cacheMode*/,
                                                uint64_t srcStride, uint32_t dstStride) {
  using E = std::conditional_t<std::is_void_v<T>, uint8_t, std::remove_cv_t<T>>;
  uint64_t row = ::AscendC::detail::align32((uint64_t)(leftPad + rightPad) * sizeof(E) + lenBurst);
  if (nBurst <= 1 || (dstStride >= row && (dstStride - row) % 32 == 0)) {
    uint64_t gapBlocks = nBurst <= 1 ? 0 : (dstStride - row) / 32;
    // srcStride - lenBurst wraps for overlapping rows; copyPadIn adds lenBurst back.
    ::AscendC::detail::copyPadIn<E>((E*)dst, src, nBurst, lenBurst, srcStride - lenBurst, gapBlocks, isPad, leftPad,
                                    rightPad, (E)0);
  } else {
    if (leftPad || rightPad) ::sk_trap(3, "copy_gm_to_ubuf_align_v2: padding needs dstStride of the padded row rounded up to 32 bytes");
    ::sk_data_copy_2d(dst, src, nBurst, lenBurst, srcStride, dstStride);
  }
}
template <typename T>
__aicore__ inline void copy_gm_to_cbuf_align_v2(T* dst, const T* src, uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                                                uint8_t leftPad, uint8_t rightPad, bool isPad, uint8_t cacheMode,
                                                uint64_t srcStride, uint32_t dstStride) {
  copy_gm_to_ubuf_align_v2(dst, src, sid, nBurst, lenBurst, leftPad, rightPad, isPad, cacheMode, srcStride, dstStride);
}
template <typename T, typename U>
__aicore__ inline void copy_ubuf_to_gm_align_v2(T* dst, const U* src, uint8_t, uint16_t nBurst, uint32_t lenBurst,
                                                uint8_t /*cacheMode*/, uint64_t dstStride, uint32_t srcStride) {
  if (nBurst && lenBurst) ::sk_data_copy_2d(dst, src, nBurst, lenBurst, srcStride, dstStride);
}
#endif
__aicore__ inline void set_mov_pad_val(uint64_t) {}

/* ---- address registers and the vnchwconv transposes behind TransDataTo5HD ---- */
enum ub_addr8_t { VA0 = 0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 };
__aicore__ inline void set_va_reg_sb(ub_addr8_t va, const uint64_t* addrs) {
  for (int i = 0; i < 8; ++i) ::AscendC::detail::coreState(::AscendC::detail::kStateVaRegs + 8 * va + i) = addrs[i];
}
namespace AscendC {
namespace detail {
// A 16-address list from two consecutive address registers.
inline const uint64_t* vaList(ub_addr8_t va) { return &coreState(kStateVaRegs + 8 * va); }
inline void vnchwconv(int32_t bytes, ub_addr8_t dst, ub_addr8_t src, uint8_t repeat, uint16_t dstStride, uint16_t srcStride,
                      bool dstHigh, bool srcHigh) {
  ::sk_vec_transpose_list(bytes, (void* const*)vaList(dst), (const void* const*)vaList(src), repeat, dstStride, srcStride,
                          dstHigh, srcHigh);
}
}  // namespace detail
}  // namespace AscendC
__aicore__ inline void scatter_vnchwconv_b16(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat, uint16_t dstStride,
                                             uint16_t srcStride) {
  ::AscendC::detail::vnchwconv(2, dst, src, repeat, dstStride, srcStride, false, false);
}
__aicore__ inline void scatter_vnchwconv_b32(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat, uint16_t dstStride,
                                             uint16_t srcStride) {
  ::AscendC::detail::vnchwconv(4, dst, src, repeat, dstStride, srcStride, false, false);
}
__aicore__ inline void scatter_vnchwconv_b8(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat, uint16_t dstStride,
                                            uint16_t srcStride, bool dstHigh, bool srcHigh) {
  ::AscendC::detail::vnchwconv(1, dst, src, repeat, dstStride, srcStride, dstHigh, srcHigh);
}
template <typename T> __aicore__ inline void vtranspose(T* dst, const T* src) {
  static_assert(sizeof(T) == 2, "vtranspose: a 16x16 block of 2-byte elements");
  ::sk_vec_transpose16(dst, src);
}

/* ---- vector instructions on the mask register ---- */
template <typename T>
__aicore__ inline void vector_dup(T* dst, T value, uint8_t repeat, uint16_t dstBlk, uint16_t, uint8_t dstRep, uint8_t) {
  sk_vec_repeat r = ::AscendC::detail::registerShape(repeat, dstBlk, 1, 1, dstRep, 8, 8);
  ::sk_vec(SK_V_DUP, ::AscendC::detail::dtypeOf<T>(), dst, nullptr, nullptr, ::AscendC::detail::scalarBits<T>(value), &r);
}
// dst may be null: the sum of every repeat then only goes to the accumulator (get_acc_val).
template <typename T>
__aicore__ inline void vcadd(std::remove_const_t<T>* dst, const T* src, uint8_t repeat, uint16_t dstRep, uint16_t srcBlk,
                             uint16_t srcRep, bool = false) {
  sk_vec_repeat r = ::AscendC::detail::registerShape(repeat, 1, srcBlk, 1, 8, srcRep, 8);
  ::sk_vec_whole_reduce(SK_VOP_REDUCE_SUM, ::AscendC::detail::dtypeOf<T>(), SK_ORDER_ONLY_VALUE, dst, src, dstRep, &r);
}
// The block reductions (each 32-byte block of a repeat to one element) and the pair sum, on the
// mask register; and the names CANN's implementation gives them, which ops-transformer's MoE
// gating kernels call after setting the mask themselves (counter mode included).
#define SK_ASCENDC_CCE_BLOCK_REDUCE(name, implName, CALL)                                                           \
  template <typename T>                                                                                             \
  __aicore__ inline void name(T* dst, const T* src, uint8_t repeat, uint16_t dstRep, uint16_t srcBlk, uint16_t srcRep) { \
    sk_vec_repeat r = ::AscendC::detail::registerShape(repeat, 1, srcBlk, 1, 8, srcRep, 8);                         \
    CALL;                                                                                                           \
  }                                                                                                                 \
  namespace AscendC {                                                                                               \
  template <typename T>                                                                                             \
  __aicore__ inline void implName(T* dst, T* src, int32_t repeat, int32_t dstRep, int32_t srcBlk, int32_t srcRep) {  \
    name(dst, src, (uint8_t)repeat, (uint16_t)dstRep, (uint16_t)srcBlk, (uint16_t)srcRep);                          \
  }                                                                                                                 \
  }
SK_ASCENDC_CCE_BLOCK_REDUCE(vcgadd, BlockReduceSumIntrinsicsImpl,
                            ::sk_vec_block_reduce(SK_VOP_REDUCE_SUM, ::AscendC::detail::dtypeOf<T>(), dst, src, dstRep, &r))
SK_ASCENDC_CCE_BLOCK_REDUCE(vcgmax, BlockReduceMaxIntrinsicsImpl,
                            ::sk_vec_block_reduce(SK_VOP_REDUCE_MAX, ::AscendC::detail::dtypeOf<T>(), dst, src, dstRep, &r))
SK_ASCENDC_CCE_BLOCK_REDUCE(vcgmin, BlockReduceMinIntrinsicsImpl,
                            ::sk_vec_block_reduce(SK_VOP_REDUCE_MIN, ::AscendC::detail::dtypeOf<T>(), dst, src, dstRep, &r))
SK_ASCENDC_CCE_BLOCK_REDUCE(vcpadd, PairReduceSumIntrinsicsImpl,
                            ::sk_vec_pair_reduce(::AscendC::detail::dtypeOf<T>(), dst, src, dstRep, &r))
#undef SK_ASCENDC_CCE_BLOCK_REDUCE
#define SK_ASCENDC_CCE_BINARY(name, OP)                                                                              \
  template <typename T>                                                                                             \
  __aicore__ inline void name(T* dst, const T* src0, const T* src1, uint8_t repeat, uint8_t dstBlk, uint8_t src0Blk, \
                              uint8_t src1Blk, uint8_t dstRep, uint8_t src0Rep, uint8_t src1Rep) {                 \
    sk_vec_repeat r = ::AscendC::detail::registerShape(repeat, dstBlk, src0Blk, src1Blk, dstRep, src0Rep, src1Rep);  \
    ::sk_vec(OP, ::AscendC::detail::dtypeOf<T>(), dst, src0, src1, 0, &r);                                          \
  }
SK_ASCENDC_CCE_BINARY(vadd, SK_V_ADD)
SK_ASCENDC_CCE_BINARY(vsub, SK_V_SUB)
SK_ASCENDC_CCE_BINARY(vmul, SK_V_MUL)
SK_ASCENDC_CCE_BINARY(vdiv, SK_V_DIV)
SK_ASCENDC_CCE_BINARY(vmax, SK_V_MAX)
SK_ASCENDC_CCE_BINARY(vmin, SK_V_MIN)
SK_ASCENDC_CCE_BINARY(vand, SK_V_AND)
SK_ASCENDC_CCE_BINARY(vor, SK_V_OR)
SK_ASCENDC_CCE_BINARY(vmla, SK_V_MULADDDST)  // dst = src0 * src1 + dst
#undef SK_ASCENDC_CCE_BINARY
// dst = scalar * src + dst
template <typename T, typename U, typename S>
__aicore__ inline void vaxpy(T* dst, const U* src, S scalar, uint8_t repeat, uint16_t dstBlk, uint16_t srcBlk, uint8_t dstRep,
                             uint8_t srcRep) {
  sk_vec_repeat r = ::AscendC::detail::registerShape(repeat, dstBlk, srcBlk, 1, dstRep, srcRep, 8);
  ::sk_vec_axpy(::AscendC::detail::dtypeOf<T>(), ::AscendC::detail::dtypeOf<U>(), dst, src,
                ::AscendC::detail::scalarBits<U>((U)scalar), &r);
}
// GatherMask's built-in: the elements of src0 a pattern selects (src1Pattern's bits, or with a
// null src1Pattern the fixed pattern patternMode 1..7), packed into dst; the count in the
// register get_rsvd_cnt reads. Normal mask mode (every element of each repeat).
template <typename T>
__aicore__ inline void vreducev2(T* dst, const T* src0, const void* src1Pattern, uint16_t repeat, uint8_t src0BlockStride,
                                 uint8_t patternMode, uint16_t src0RepeatStride, uint8_t src1RepeatStride) {
  ::sk_vec_gather_mask(::AscendC::detail::dtypeOf<T>(), dst, src0, src1Pattern, src1Pattern ? 0 : patternMode, repeat,
                       src0BlockStride, src0RepeatStride, src1RepeatStride, 0);
}
// Gather's built-in: per repeat, the 256 bytes of elements at srcBase + offsets[i] (bytes) into dst,
// repeats dstRepStride 32-byte blocks apart.
template <typename T>
__aicore__ inline void vgather(T* dst, const uint32_t* offsets, uint64_t srcBase, uint16_t dstRepStride, uint8_t repeat) {
  constexpr uint32_t perRepeat = 256 / sizeof(T);
  for (uint32_t r = 0; r < repeat; ++r)
    ::sk_vec_gather(::AscendC::detail::dtypeOf<T>(), (uint8_t*)dst + (uint64_t)r * dstRepStride * 32, (const void*)srcBase,
                    offsets + (uint64_t)r * perRepeat, 0, perRepeat);
}
#define SK_ASCENDC_CCE_SCALAR(name, OP)                                                                                \
  template <typename T, typename S>                                                                                   \
  __aicore__ inline void name(T* dst, const T* src, S scalar, uint8_t repeat, uint16_t dstBlk, uint16_t srcBlk,       \
                              uint8_t dstRep, uint8_t srcRep) {                                                       \
    sk_vec_repeat r = ::AscendC::detail::registerShape(repeat, dstBlk, srcBlk, 1, dstRep, srcRep, 8);                  \
    ::sk_vec(OP, ::AscendC::detail::dtypeOf<T>(), dst, src, nullptr, ::AscendC::detail::scalarBits<T>(scalar), &r);   \
  }
SK_ASCENDC_CCE_SCALAR(vadds, SK_V_ADDS)
SK_ASCENDC_CCE_SCALAR(vmuls, SK_V_MULS)
SK_ASCENDC_CCE_SCALAR(vmaxs, SK_V_MAXS)
SK_ASCENDC_CCE_SCALAR(vmins, SK_V_MINS)
#undef SK_ASCENDC_CCE_SCALAR
#define SK_ASCENDC_CCE_UNARY(name, OP)                                                                               \
  template <typename T>                                                                                             \
  __aicore__ inline void name(T* dst, const T* src, uint8_t repeat, uint16_t dstBlk, uint16_t srcBlk, uint8_t dstRep, \
                              uint8_t srcRep) {                                                                     \
    sk_vec_repeat r = ::AscendC::detail::registerShape(repeat, dstBlk, srcBlk, 1, dstRep, srcRep, 8);                \
    ::sk_vec(OP, ::AscendC::detail::dtypeOf<T>(), dst, src, nullptr, 0, &r);                                        \
  }
SK_ASCENDC_CCE_UNARY(vexp, SK_V_EXP)
SK_ASCENDC_CCE_UNARY(vln, SK_V_LN)
SK_ASCENDC_CCE_UNARY(vabs, SK_V_ABS)
SK_ASCENDC_CCE_UNARY(vrelu, SK_V_RELU)
SK_ASCENDC_CCE_UNARY(vsqrt, SK_V_SQRT)
SK_ASCENDC_CCE_UNARY(vrsqrt, SK_V_RSQRT)
SK_ASCENDC_CCE_UNARY(vrec, SK_V_RECIPROCAL)
SK_ASCENDC_CCE_UNARY(vnot, SK_V_NOT)
#undef SK_ASCENDC_CCE_UNARY
// vconv_<from>2<to>[r|f|c|a|z]: a cast with the rounding its suffix names.
#define SK_ASCENDC_CCE_CONV(name, D, S, ROUND)                                                                      \
  __aicore__ inline void name(D* dst, const S* src, uint8_t repeat, uint16_t dstBlk, uint16_t srcBlk, uint16_t dstRep, \
                              uint16_t srcRep) {                                                                   \
    sk_vec_repeat r = ::AscendC::detail::registerShape(repeat, dstBlk, srcBlk, 1, dstRep, srcRep, 8);               \
    ::sk_vec_convert(::AscendC::detail::dtypeOf<D>(), ::AscendC::detail::dtypeOf<S>(), ROUND, dst, src, &r);       \
  }
SK_ASCENDC_CCE_CONV(vconv_f322f16, half, float, SK_ROUND_NONE)
SK_ASCENDC_CCE_CONV(vconv_f322f16r, half, float, SK_ROUND_RINT)
SK_ASCENDC_CCE_CONV(vconv_f322bf16r, bfloat16_t, float, SK_ROUND_RINT)
SK_ASCENDC_CCE_CONV(vconv_f162f32, float, half, SK_ROUND_NONE)
SK_ASCENDC_CCE_CONV(vconv_bf162f32, float, bfloat16_t, SK_ROUND_NONE)
SK_ASCENDC_CCE_CONV(vconv_s322f32, float, int32_t, SK_ROUND_NONE)
SK_ASCENDC_CCE_CONV(vconv_f322s32r, int32_t, float, SK_ROUND_RINT)
SK_ASCENDC_CCE_CONV(vconv_f322s32f, int32_t, float, SK_ROUND_FLOOR)
SK_ASCENDC_CCE_CONV(vconv_f322s32c, int32_t, float, SK_ROUND_CEIL)
SK_ASCENDC_CCE_CONV(vconv_f322s32a, int32_t, float, SK_ROUND_ROUND)
SK_ASCENDC_CCE_CONV(vconv_f322s32z, int32_t, float, SK_ROUND_TRUNC)
SK_ASCENDC_CCE_CONV(vconv_f162s32r, int32_t, half, SK_ROUND_RINT)
SK_ASCENDC_CCE_CONV(vconv_s162f32, float, int16_t, SK_ROUND_NONE)
SK_ASCENDC_CCE_CONV(vconv_s162f16, half, int16_t, SK_ROUND_NONE)
SK_ASCENDC_CCE_CONV(vconv_f322s16r, int16_t, float, SK_ROUND_RINT)
SK_ASCENDC_CCE_CONV(vconv_s42f16, half, int4b_t, SK_ROUND_NONE)
SK_ASCENDC_CCE_CONV(vconv_f162s4, int4b_t, half, SK_ROUND_NONE)
SK_ASCENDC_CCE_CONV(vconv_f162s4r, int4b_t, half, SK_ROUND_RINT)
SK_ASCENDC_CCE_CONV(vconv_f162s4a, int4b_t, half, SK_ROUND_ROUND)
SK_ASCENDC_CCE_CONV(vconv_f162s4f, int4b_t, half, SK_ROUND_FLOOR)
SK_ASCENDC_CCE_CONV(vconv_f162s4c, int4b_t, half, SK_ROUND_CEIL)
SK_ASCENDC_CCE_CONV(vconv_f162s4z, int4b_t, half, SK_ROUND_TRUNC)
#undef SK_ASCENDC_CCE_CONV

#endif /* SK_ASCENDC_CCE_H */
