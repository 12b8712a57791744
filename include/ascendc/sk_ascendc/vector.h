// Vector compute on local memory, in the three forms AscendC offers: the count form (`count`
// contiguous elements), the mask-bit form (uint64_t mask[2]: one bit per element of a repeat) and
// the continuous-mask form (the first `mask` elements of each repeat), the last two with repeat
// counts and block/repeat strides (BinaryRepeatParams, UnaryRepeatParams) and isSetMask=false to
// use the core's mask register (SetVectorMask, SetMaskCount/SetMaskNorm). Each op is one
// instruction of the simulated vector unit (include/sk/kernel.h, sk_vec*).
#ifndef SK_ASCENDC_VECTOR_H
#define SK_ASCENDC_VECTOR_H

#include "sk_ascendc/tensor.h"

namespace AscendC {

struct BinaryRepeatParams {
  uint32_t blockNumber = DEFAULT_BLK_NUM;
  uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
  uint16_t src0BlkStride = DEFAULT_BLK_STRIDE;
  uint16_t src1BlkStride = DEFAULT_BLK_STRIDE;
  uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
  uint16_t src0RepStride = DEFAULT_REPEAT_STRIDE;
  uint16_t src1RepStride = DEFAULT_REPEAT_STRIDE;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
  __aicore__ constexpr BinaryRepeatParams() {}
  __aicore__ constexpr BinaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t src0BlkStrideIn, const uint16_t src1BlkStrideIn,
                                const uint16_t dstRepStrideIn, const uint16_t src0RepStrideIn, const uint16_t src1RepStrideIn)
      : dstBlkStride(dstBlkStrideIn), src0BlkStride(src0BlkStrideIn), src1BlkStride(src1BlkStrideIn),
        dstRepStride(dstRepStrideIn), src0RepStride(src0RepStrideIn), src1RepStride(src1RepStrideIn) {}
};

struct UnaryRepeatParams {
  uint32_t blockNumber = DEFAULT_BLK_NUM;
  uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
  uint16_t srcBlkStride = DEFAULT_BLK_STRIDE;
  uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
  uint16_t srcRepStride = DEFAULT_REPEAT_STRIDE;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
  bool halfBlock = false;
  __aicore__ constexpr UnaryRepeatParams() {}
  __aicore__ constexpr UnaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn, const uint16_t dstRepStrideIn,
                               const uint16_t srcRepStrideIn)
      : dstBlkStride(dstBlkStrideIn), srcBlkStride(srcBlkStrideIn), dstRepStride(dstRepStrideIn), srcRepStride(srcRepStrideIn) {}
  __aicore__ constexpr UnaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn, const uint16_t dstRepStrideIn,
                               const uint16_t srcRepStrideIn, const bool halfBlockIn)
      : dstBlkStride(dstBlkStrideIn), srcBlkStride(srcBlkStrideIn), dstRepStride(dstRepStrideIn), srcRepStride(srcRepStrideIn),
        halfBlock(halfBlockIn) {}
};

struct CopyRepeatParams {
  uint16_t dstStride = DEFAULT_BLK_STRIDE;
  uint16_t srcStride = DEFAULT_BLK_STRIDE;
  uint16_t dstRepeatSize = DEFAULT_REPEAT_STRIDE;
  uint16_t srcRepeatSize = DEFAULT_REPEAT_STRIDE;
  __aicore__ constexpr CopyRepeatParams() {}
  __aicore__ constexpr CopyRepeatParams(const uint16_t dstStrideIn, const uint16_t srcStrideIn, uint16_t dstRepeatSizeIn,
                              uint16_t srcRepeatSizeIn)
      : dstStride(dstStrideIn), srcStride(srcStrideIn), dstRepeatSize(dstRepeatSizeIn), srcRepeatSize(srcRepeatSizeIn) {}
};

// Configuration objects of the newer signatures (template arguments by reference).
struct ExpConfig { bool highPrecision = false; };
struct LnConfig { bool highPrecision = false; };
// Div's and Sqrt's take either form CANN has had: a precision flag, or an algorithm ({DivAlgo::...});
// the simulator computes them exactly rounded either way.
enum class DivAlgo {
  INTRINSIC = 0, DIFF_COMPENSATION, PRECISION_1ULP_FTZ_TRUE, PRECISION_0ULP_FTZ_TRUE, PRECISION_0ULP_FTZ_FALSE,
  PRECISION_1ULP_FTZ_FALSE
};
enum class SqrtAlgo { INTRINSIC = 0, FAST_INVERSE, PRECISION_1ULP_FTZ_TRUE, PRECISION_0ULP_FTZ_FALSE, PRECISION_1ULP_FTZ_FALSE };
struct SqrtConfig {
  bool highPrecision = false;
  SqrtAlgo algo = SqrtAlgo::INTRINSIC;
  constexpr SqrtConfig() {}
  constexpr SqrtConfig(bool highPrecisionIn) : highPrecision(highPrecisionIn) {}
  constexpr SqrtConfig(SqrtAlgo algoIn) : algo(algoIn) {}
};
struct RsqrtConfig { bool highPrecision = false; };
struct ReciprocalConfig { bool highPrecision = false; };
struct DivConfig {
  bool highPrecision = false;
  DivAlgo algo = DivAlgo::INTRINSIC;
  constexpr DivConfig() {}
  constexpr DivConfig(bool highPrecisionIn) : highPrecision(highPrecisionIn) {}
  constexpr DivConfig(DivAlgo algoIn) : algo(algoIn) {}
};
constexpr SqrtConfig DEFAULT_SQRT_CONFIG{};
constexpr ExpConfig DEFAULT_EXP_CONFIG{};
constexpr DivConfig DEFAULT_DIV_CONFIG{};

namespace detail {

// A normal-mode mask taking the first n elements of a repeat, as its (high, low) bit words.
struct MaskBits {
  uint64_t hi, lo;
};
constexpr MaskBits lengthMask(uint64_t n) {
  return {n >= 128 ? ~0ull : n > 64 ? (1ull << (n - 64)) - 1 : 0, n >= 64 ? ~0ull : (1ull << n) - 1};
}

// The shape of a count-form instruction: `count` contiguous elements of each operand (sizes in
// bytes, or in bits with countShapeBits: a repeat spans 8 blocks of the widest operand).
inline sk_vec_repeat countShapeBits(uint64_t count, uint32_t dstBits, uint32_t srcBits) {
  uint32_t widest = dstBits > srcBits ? dstBits : srcBits;
  sk_vec_repeat r{};
  r.mode = SK_MASK_COUNTER;
  r.mask_lo = count;
  r.dst_blk = r.src0_blk = r.src1_blk = 1;
  r.dst_rep = (uint16_t)(8 * dstBits / widest);
  r.src0_rep = r.src1_rep = (uint16_t)(8 * srcBits / widest);
  return r;
}
inline sk_vec_repeat countShape(uint64_t count, uint32_t dstBytes, uint32_t srcBytes) {
  return countShapeBits(count, 8 * dstBytes, 8 * srcBytes);
}
// A mask-bit form: mask[0] = elements 0..63 of a repeat, mask[1] = 64..127.
template <bool isSetMask> inline sk_vec_repeat bitsShape(const uint64_t* mask, uint32_t repeat) {
  sk_vec_repeat r{};
  r.mode = isSetMask ? SK_MASK_NORMAL : SK_MASK_REGISTER;
  if (isSetMask) r.mask_lo = mask[0], r.mask_hi = mask[1];
  r.repeat = repeat;
  return r;
}
// A continuous-mask form: the first `mask` elements of each repeat (at most a repeat's worth);
// in counter mode (SetMaskCount) the mask is the element count of the whole instruction.
template <bool isSetMask> inline sk_vec_repeat lenShape(uint64_t mask, uint32_t repeat) {
  sk_vec_repeat r{};
  r.mode = isSetMask ? SK_MASK_NORMAL : SK_MASK_REGISTER;
  r.flags = SK_REPEAT_MASK_IS_LENGTH;
  r.mask_lo = mask;
  r.repeat = repeat;
  return r;
}
inline sk_vec_repeat withStrides(sk_vec_repeat r, const BinaryRepeatParams& p) {
  r.dst_blk = p.dstBlkStride, r.src0_blk = p.src0BlkStride, r.src1_blk = p.src1BlkStride;
  r.dst_rep = p.dstRepStride, r.src0_rep = p.src0RepStride, r.src1_rep = p.src1RepStride;
  return r;
}
inline sk_vec_repeat withStrides(sk_vec_repeat r, const UnaryRepeatParams& p) {
  r.dst_blk = p.dstBlkStride, r.src0_blk = p.srcBlkStride, r.src1_blk = 1;
  r.dst_rep = p.dstRepStride, r.src0_rep = p.srcRepStride, r.src1_rep = 8;
  return r;
}

template <typename T> inline void vop(int32_t op, const LocalTensor<T>& dst, const void* src0, const void* src1,
                                      uint64_t scalar, const sk_vec_repeat& r) {
  ::sk_vec(op, dtypeOf<PrimT<T>>(), dst.HostPtr(), src0, src1, scalar, &r);
}
template <typename T> constexpr uint32_t width() { return (uint32_t)sizeof(PrimT<T>); }

}  // namespace detail

/* ---- dst = src0 op src1 ---- */
#define SK_ASCENDC_BINARY(Name, OP)                                                                              \
  template <typename T>                                                                                          \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
                              const int32_t& count) {                                                            \
    detail::vop(OP, dst, src0.HostPtr(), src1.HostPtr(), 0,                                               \
                detail::countShape((uint64_t)(int64_t)count, detail::width<T>(), detail::width<T>()));          \
  }                                                                                                              \
  template <typename T, bool isSetMask = true>                                                                   \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
                              const uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& p) {   \
    detail::vop(OP, dst, src0.HostPtr(), src1.HostPtr(), 0,                                               \
                detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p));                       \
  }                                                                                                              \
  template <typename T, bool isSetMask = true>                                                                   \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
                              uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& p) {           \
    detail::vop(OP, dst, src0.HostPtr(), src1.HostPtr(), 0,                                               \
                detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p));    \
  }
SK_ASCENDC_BINARY(Add, SK_V_ADD)
SK_ASCENDC_BINARY(Sub, SK_V_SUB)
SK_ASCENDC_BINARY(Mul, SK_V_MUL)
SK_ASCENDC_BINARY(Max, SK_V_MAX)
SK_ASCENDC_BINARY(Min, SK_V_MIN)
SK_ASCENDC_BINARY(And, SK_V_AND)
SK_ASCENDC_BINARY(Or, SK_V_OR)
SK_ASCENDC_BINARY(AddRelu, SK_V_ADDRELU)
SK_ASCENDC_BINARY(SubRelu, SK_V_SUBRELU)
SK_ASCENDC_BINARY(FusedMulAdd, SK_V_FUSEDMULADD)
SK_ASCENDC_BINARY(Prelu, SK_V_PRELU)  // dst = src0 >= 0 ? src0 : src0 * src1 (half, float)
#undef SK_ASCENDC_BINARY

// dst = src0 * src1 + dst; the sources may be half into a float dst (then 64 elements a repeat).
namespace detail {
template <typename T, typename U> inline void mulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                                                        const LocalTensor<U>& src1, const sk_vec_repeat& r) {
  if constexpr (std::is_same_v<PrimT<T>, PrimT<U>>) {
    vop(SK_V_MULADDDST, dst, src0.HostPtr(), src1.HostPtr(), 0, r);
  } else {
    static_assert(std::is_same_v<PrimT<T>, float> && std::is_same_v<PrimT<U>, half>,
                  "MulAddDst: the sources and dst have one type, or half sources into a float dst");
    ::sk_vec_mixed(SK_V_MULADDDST, dtypeOf<float>(), dtypeOf<half>(), dst.HostPtr(), src0.HostPtr(), src1.HostPtr(), &r);
  }
}
}  // namespace detail
template <typename T, typename U = T>
__aicore__ inline void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                                 const int32_t& count) {
  detail::mulAddDst(dst, src0, src1, detail::countShape((uint64_t)(int64_t)count, detail::width<T>(), detail::width<U>()));
}
template <typename T, typename U = T, bool isSetMask = true>
__aicore__ inline void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                                 const uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& p) {
  detail::mulAddDst(dst, src0, src1, detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p));
}
template <typename T, typename U = T, bool isSetMask = true>
__aicore__ inline void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                                 uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& p) {
  detail::mulAddDst(dst, src0, src1, detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p));
}

// Div takes an optional configuration first (template <typename T, const DivConfig& = ...>).
template <typename T, const DivConfig& config = DEFAULT_DIV_CONFIG>
__aicore__ inline void Div(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                           const int32_t& count) {
  detail::vop(SK_V_DIV, dst, src0.HostPtr(), src1.HostPtr(), 0,
              detail::countShape((uint64_t)(int64_t)count, detail::width<T>(), detail::width<T>()));
}
template <typename T, bool isSetMask = true>
__aicore__ inline void Div(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                           const uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& p) {
  detail::vop(SK_V_DIV, dst, src0.HostPtr(), src1.HostPtr(), 0,
              detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p));
}
template <typename T, bool isSetMask = true>
__aicore__ inline void Div(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint64_t mask,
                           const uint8_t repeatTime, const BinaryRepeatParams& p) {
  detail::vop(SK_V_DIV, dst, src0.HostPtr(), src1.HostPtr(), 0,
              detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p));
}

/* ---- dst = op src ---- */
#define SK_ASCENDC_UNARY(Name, OP)                                                                               \
  template <typename T, bool isSetMask = true>                                                                   \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {     \
    detail::vop(OP, dst, src.HostPtr(), nullptr, 0,                                                          \
                detail::countShape((uint64_t)(int64_t)count, detail::width<T>(), detail::width<T>()));          \
  }                                                                                                              \
  template <typename T, bool isSetMask = true>                                                                   \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],       \
                              const uint8_t repeatTime, const UnaryRepeatParams& p) {                           \
    detail::vop(OP, dst, src.HostPtr(), nullptr, 0,                                                          \
                detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p));                       \
  }                                                                                                              \
  template <typename T, bool isSetMask = true>                                                                   \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask,               \
                              const uint8_t repeatTime, const UnaryRepeatParams& p) {                           \
    detail::vop(OP, dst, src.HostPtr(), nullptr, 0,                                                          \
                detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p));    \
  }
SK_ASCENDC_UNARY(Ln, SK_V_LN)
SK_ASCENDC_UNARY(Abs, SK_V_ABS)
SK_ASCENDC_UNARY(Relu, SK_V_RELU)
SK_ASCENDC_UNARY(Sqrt, SK_V_SQRT)
SK_ASCENDC_UNARY(Rsqrt, SK_V_RSQRT)
SK_ASCENDC_UNARY(Reciprocal, SK_V_RECIPROCAL)
SK_ASCENDC_UNARY(Not, SK_V_NOT)
#undef SK_ASCENDC_UNARY
// Sqrt with an algorithm (Ascend 950's `Sqrt<float, cfg>(dst, src, count)`, cfg a SqrtConfig):
// exactly rounded whichever is named, as above.
template <typename T, const SqrtConfig& config>
__aicore__ inline void Sqrt(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
  Sqrt<T>(dst, src, count);
}

// Exp: the basic count form, its mask forms, and the high-level Exp<T, taylorExpandLevel,
// isReuseSource> (computed exactly here; the Taylor expansion's rounding is not reproduced).
template <typename T>
__aicore__ inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
  detail::vop(SK_V_EXP, dst, src.HostPtr(), nullptr, 0,
              detail::countShape((uint64_t)(int64_t)count, detail::width<T>(), detail::width<T>()));
}
template <typename T, bool isSetMask = true>
__aicore__ inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],
                           const uint8_t repeatTime, const UnaryRepeatParams& p) {
  detail::vop(SK_V_EXP, dst, src.HostPtr(), nullptr, 0, detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p));
}
template <typename T, bool isSetMask = true>
__aicore__ inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTime,
                           const UnaryRepeatParams& p) {
  detail::vop(SK_V_EXP, dst, src.HostPtr(), nullptr, 0,
              detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p));
}
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount) {
  Exp(dst, src, (int32_t)calCount);
}
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>&,
                           const uint32_t calCount) {
  Exp(dst, src, (int32_t)calCount);
}

/* ---- dst = src op scalar (the scalar converts to the element type) ---- */
#define SK_ASCENDC_SCALAR(Name, OP)                                                                              \
  template <typename T, bool isSetMask = true>                                                                   \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& scalarValue, \
                              const int32_t& count) {                                                            \
    detail::vop(OP, dst, src.HostPtr(), nullptr, detail::scalarBits<PrimT<T>>(scalarValue),                  \
                detail::countShape((uint64_t)(int64_t)count, detail::width<T>(), detail::width<T>()));          \
  }                                                                                                              \
  template <typename T, bool isSetMask = true>                                                                   \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& scalarValue, \
                              const uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& p) {    \
    detail::vop(OP, dst, src.HostPtr(), nullptr, detail::scalarBits<PrimT<T>>(scalarValue),                  \
                detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p));                       \
  }                                                                                                              \
  template <typename T, bool isSetMask = true>                                                                   \
  __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& scalarValue, \
                              uint64_t mask, const uint8_t repeatTime, const UnaryRepeatParams& p) {            \
    detail::vop(OP, dst, src.HostPtr(), nullptr, detail::scalarBits<PrimT<T>>(scalarValue),                  \
                detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p));    \
  }
SK_ASCENDC_SCALAR(Adds, SK_V_ADDS)
SK_ASCENDC_SCALAR(Muls, SK_V_MULS)
SK_ASCENDC_SCALAR(Maxs, SK_V_MAXS)
SK_ASCENDC_SCALAR(Mins, SK_V_MINS)
SK_ASCENDC_SCALAR(LeakyRelu, SK_V_LEAKYRELU)
SK_ASCENDC_SCALAR(ShiftLeft, SK_V_SHIFTLEFT)
#undef SK_ASCENDC_SCALAR

// ShiftRight: roundEn adds one when the last bit shifted out is set.
template <typename T, bool isSetMask = true>
__aicore__ inline void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& scalarValue,
                                  const int32_t& count) {
  detail::vop(SK_V_SHIFTRIGHT, dst, src.HostPtr(), nullptr, detail::scalarBits<PrimT<T>>(scalarValue),
              detail::countShape((uint64_t)(int64_t)count, detail::width<T>(), detail::width<T>()));
}
template <typename T, bool isSetMask = true>
__aicore__ inline void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& scalarValue,
                                  const uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& p,
                                  bool roundEn = false) {
  detail::vop(roundEn ? SK_V_SHIFTRIGHT_ROUND : SK_V_SHIFTRIGHT, dst, src.HostPtr(), nullptr,
              detail::scalarBits<PrimT<T>>(scalarValue), detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p));
}
template <typename T, bool isSetMask = true>
__aicore__ inline void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& scalarValue,
                                  uint64_t mask, const uint8_t repeatTime, const UnaryRepeatParams& p, bool roundEn = false) {
  detail::vop(roundEn ? SK_V_SHIFTRIGHT_ROUND : SK_V_SHIFTRIGHT, dst, src.HostPtr(), nullptr,
              detail::scalarBits<PrimT<T>>(scalarValue),
              detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p));
}

/* ---- Duplicate: dst = scalar (or src[0]) ---- */
template <typename T, bool isSetMask = true>
__aicore__ inline void Duplicate(const LocalTensor<T>& dst, const PrimT<T>& scalarValue, const int32_t& count) {
  detail::vop(SK_V_DUP, dst, nullptr, nullptr, detail::scalarBits<PrimT<T>>(scalarValue),
              detail::countShape((uint64_t)(int64_t)count, detail::width<T>(), detail::width<T>()));
}
template <typename T>
__aicore__ inline void Duplicate(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
  Duplicate(dst, src.GetValue(0), count);
}
template <typename T, bool isSetMask = true>
__aicore__ inline void Duplicate(const LocalTensor<T>& dst, const PrimT<T>& scalarValue, const uint64_t mask[],
                                 const uint8_t repeatTime, const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
  sk_vec_repeat r = detail::bitsShape<isSetMask>(mask, repeatTime);
  r.dst_blk = dstBlockStride, r.dst_rep = dstRepeatStride;
  detail::vop(SK_V_DUP, dst, nullptr, nullptr, detail::scalarBits<PrimT<T>>(scalarValue), r);
}
template <typename T, bool isSetMask = true>
__aicore__ inline void Duplicate(const LocalTensor<T>& dst, const PrimT<T>& scalarValue, uint64_t mask,
                                 const uint8_t repeatTime, const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
  sk_vec_repeat r = detail::lenShape<isSetMask>(mask, repeatTime);
  r.dst_blk = dstBlockStride, r.dst_rep = dstRepeatStride;
  detail::vop(SK_V_DUP, dst, nullptr, nullptr, detail::scalarBits<PrimT<T>>(scalarValue), r);
}

/* ---- Copy (local -> local through the vector unit) ---- */
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
// The count form is Ascend 950's only (kernels for the A2 define their own Copy(dst, src, count)).
template <typename T, bool isSetMask = true>
__aicore__ inline void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
  detail::vop(SK_V_COPY, dst, src.HostPtr(), nullptr, 0, detail::countShape(count, detail::width<T>(), detail::width<T>()));
}
#endif
// In counter mode Copy's mask counts the elements of each repeat and repeatTime holds (unlike
// the other instructions').
template <typename T, bool isSetMask = true>
__aicore__ inline void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],
                            const uint8_t repeatTime, const CopyRepeatParams& p) {
  sk_vec_repeat r = detail::bitsShape<isSetMask>(mask, repeatTime);
  r.flags |= SK_REPEAT_COUNT_PER_REPEAT;
  r.dst_blk = p.dstStride, r.src0_blk = p.srcStride, r.dst_rep = p.dstRepeatSize, r.src0_rep = p.srcRepeatSize;
  detail::vop(SK_V_COPY, dst, src.HostPtr(), nullptr, 0, r);
}
template <typename T, bool isSetMask = true>
__aicore__ inline void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTime,
                            const CopyRepeatParams& p) {
  sk_vec_repeat r = detail::lenShape<isSetMask>(mask, repeatTime);
  r.flags |= SK_REPEAT_COUNT_PER_REPEAT;
  r.dst_blk = p.dstStride, r.src0_blk = p.srcStride, r.dst_rep = p.dstRepeatSize, r.src0_rep = p.srcRepeatSize;
  detail::vop(SK_V_COPY, dst, src.HostPtr(), nullptr, 0, r);
}

/* ---- Cast and Axpy (operands of different widths: a repeat holds 256 / widest elements) ---- */
namespace detail {
template <typename T, typename U> constexpr void checkCast() {
  constexpr bool int4 = std::is_same_v<PrimT<T>, int4b_t> || std::is_same_v<PrimT<U>, int4b_t>;
  static_assert(!int4 || std::is_same_v<PrimT<T>, half> || std::is_same_v<PrimT<U>, half>,
                "Cast: int4b_t converts to and from half only");
}
}  // namespace detail
template <typename T, typename U>
__aicore__ inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                            const uint32_t count) {
  detail::checkCast<T, U>();
  sk_vec_repeat r = detail::countShapeBits(count, SizeOfBits<PrimT<T>>::value, SizeOfBits<PrimT<U>>::value);
  ::sk_vec_convert(detail::castDtypeOf<PrimT<T>>(), detail::castDtypeOf<PrimT<U>>(), (int32_t)roundMode, dst.HostPtr(),
                   src.HostPtr(), &r);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                            const uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& p) {
  detail::checkCast<T, U>();
  sk_vec_repeat r = detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_convert(detail::castDtypeOf<PrimT<T>>(), detail::castDtypeOf<PrimT<U>>(), (int32_t)roundMode, dst.HostPtr(),
                   src.HostPtr(), &r);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, uint64_t mask,
                            const uint8_t repeatTime, const UnaryRepeatParams& p) {
  detail::checkCast<T, U>();
  sk_vec_repeat r = detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_convert(detail::castDtypeOf<PrimT<T>>(), detail::castDtypeOf<PrimT<U>>(), (int32_t)roundMode, dst.HostPtr(),
                   src.HostPtr(), &r);
}
// CastDequant (int16 -> int8/uint8 with the dequant scale): the same instruction here.
template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true>
__aicore__ inline void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count) {
  Cast(dst, src, RoundMode::CAST_NONE, count);
}
// dst = scalar * src + dst
template <typename T, typename U>
__aicore__ inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const PrimT<U>& scalarValue,
                            const int32_t& count) {
  sk_vec_repeat r = detail::countShape((uint64_t)(int64_t)count, detail::width<T>(), detail::width<U>());
  ::sk_vec_axpy(detail::dtypeOf<PrimT<T>>(), detail::dtypeOf<PrimT<U>>(), dst.HostPtr(), src.HostPtr(),
                detail::scalarBits<PrimT<U>>(scalarValue), &r);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const PrimT<U>& scalarValue,
                            const uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::bitsShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_axpy(detail::dtypeOf<PrimT<T>>(), detail::dtypeOf<PrimT<U>>(), dst.HostPtr(), src.HostPtr(),
                detail::scalarBits<PrimT<U>>(scalarValue), &r);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const PrimT<U>& scalarValue, uint64_t mask,
                            const uint8_t repeatTime, const UnaryRepeatParams& p) {
  sk_vec_repeat r = detail::withStrides(detail::lenShape<isSetMask>(mask, repeatTime), p);
  ::sk_vec_axpy(detail::dtypeOf<PrimT<T>>(), detail::dtypeOf<PrimT<U>>(), dst.HostPtr(), src.HostPtr(),
                detail::scalarBits<PrimT<U>>(scalarValue), &r);
}

/* ---- the mask register ---- */
__aicore__ inline void SetMaskCount() { ::sk_set_mask_mode(SK_MASK_COUNTER); }
__aicore__ inline void SetMaskNorm() { ::sk_set_mask_mode(SK_MASK_NORMAL); }
__aicore__ inline void ResetMask() { ::sk_set_vector_mask(~0ull, ~0ull); }
template <typename T, MaskMode mode = MaskMode::NORMAL>
__aicore__ inline void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow) {
  ::sk_set_vector_mask(maskHigh, maskLow);
}
template <typename T, MaskMode mode = MaskMode::NORMAL> __aicore__ inline void SetVectorMask(int32_t len) {
  if (mode == MaskMode::COUNTER) {
    ::sk_set_vector_mask(0, (uint64_t)(int64_t)len);
  } else {  // the first len elements of a repeat (at most a repeat's worth)
    uint64_t n = (uint64_t)(int64_t)len, perRepeat = 256 / sizeof(PrimT<T>);
    n = n < perRepeat ? n : perRepeat;
    detail::MaskBits bits = detail::lengthMask(n);
    ::sk_set_vector_mask(bits.hi, bits.lo);
  }
}
// The utility class kernels also reach for (the mask register by element type).
class AscendCUtils {
 public:
  template <typename T, bool isSetMask = true> __aicore__ static void SetMask(const uint64_t& maskHigh, const uint64_t& maskLow) {
    if (isSetMask) ::sk_set_vector_mask(maskHigh, maskLow);
  }
  template <typename T, bool isSetMask = true> __aicore__ static void SetMask(int32_t len) {
    if (isSetMask) SetVectorMask<T>(len);
  }
  template <typename T> __aicore__ static void SetMaskCount() { ::sk_set_mask_mode(SK_MASK_COUNTER); }
  template <typename T> __aicore__ static void SetMaskNorm() { ::sk_set_mask_mode(SK_MASK_NORMAL); }
  template <bool isSetMask = true> __aicore__ static void ResetMask() {
    if (isSetMask) ::sk_set_vector_mask(~0ull, ~0ull);
  }
  __aicore__ static int32_t GetC0Count(const int32_t dtypeSize) { return (int32_t)ONE_BLK_SIZE / dtypeSize; }
  __aicore__ static int32_t GetC0Size() { return (int32_t)ONE_BLK_SIZE; }
  __aicore__ static int32_t GetDefaultBlockNum() { return (int32_t)DEFAULT_BLK_NUM; }
  __aicore__ static int32_t GetBitSize(int32_t byteSize) { return byteSize * (int32_t)ONE_BYTE_BIT_SIZE; }
  __aicore__ static int64_t GetRsvdCnt() { return (int64_t)::sk_get_rsvd_cnt(); }
  // CTRL[48]: 1 = Inf/NaN mode (IEEE, the A2 default), 0 = saturation mode. Recorded in the CTRL
  // register; the simulated vector unit always computes in Inf/NaN mode.
  __aicore__ static void SetOverflow(uint64_t ctrlValue) {
    uint64_t& ctrl = detail::coreState(detail::kStateCtrl);
    ctrl = ctrlValue == 1 ? (ctrl | (1ull << 48)) : (ctrl & ~(1ull << 48));
  }
};

__aicore__ inline void SetDeqScale(half scale) { ::sk_set_deq_scale((float)scale); }
__aicore__ inline void SetDeqScale(float scale, int16_t, bool) { ::sk_set_deq_scale(scale); }

/* ---- LocalTensor operators: dst = a + b runs the count form with count = dst.GetSize() ---- */
namespace detail {
template <typename T, int32_t op> struct VectorExpr {
  using IsSkVectorExpr = void;
  const LocalTensor<T>& a;
  const LocalTensor<T>& b;
  void run(const LocalTensor<T>& dst) const {
    vop(op, dst, a.HostPtr(), b.HostPtr(), 0, countShape(dst.GetSize(), width<T>(), width<T>()));
  }
};
}  // namespace detail
template <typename T> inline detail::VectorExpr<T, SK_V_ADD> operator+(const LocalTensor<T>& a, const LocalTensor<T>& b) { return {a, b}; }
template <typename T> inline detail::VectorExpr<T, SK_V_SUB> operator-(const LocalTensor<T>& a, const LocalTensor<T>& b) { return {a, b}; }
template <typename T> inline detail::VectorExpr<T, SK_V_MUL> operator*(const LocalTensor<T>& a, const LocalTensor<T>& b) { return {a, b}; }
template <typename T> inline detail::VectorExpr<T, SK_V_DIV> operator/(const LocalTensor<T>& a, const LocalTensor<T>& b) { return {a, b}; }
template <typename T> inline detail::VectorExpr<T, SK_V_OR> operator|(const LocalTensor<T>& a, const LocalTensor<T>& b) { return {a, b}; }
template <typename T> inline detail::VectorExpr<T, SK_V_AND> operator&(const LocalTensor<T>& a, const LocalTensor<T>& b) { return {a, b}; }

}  // namespace AscendC

#endif /* SK_ASCENDC_VECTOR_H */
