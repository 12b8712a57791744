// Ascend 950's register vector API (AscendC::Reg, also AscendC::MicroAPI): `__simd_vf__`
// functions started with `asc_vf_call`, computing on RegTensor registers (VL = 256 bytes) under
// MaskReg predicates. Written from the public API reference (基础API/Reg矢量计算). A register
// is the kernel's own memory; every load, store and computation is a simulator instruction
// (sk_reg_*: UB accesses checked, aligned and race-tracked on V; the register arithmetic typed
// as the vector unit's). Only on dav-3510, as on the hardware; docs/ascendc.md lists the subset.
#ifndef SK_ASCENDC_REG_H
#define SK_ASCENDC_REG_H

#include "sk_ascendc/base.h"
#include "sk_ascendc/vector.h"  // DivAlgo

#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510

#define __simd_vf__
#define __simd_callee__
#define __no_simd_vf_fusion__  // keeps the compiler from fusing VFs: each runs as written here anyway
// A block of register code written inline (`__VEC_SCOPE__ { ... }`, the earlier form of a VF
// function): here the block runs where it stands, as a VF call does.
#define __VEC_SCOPE__

// Starts a VF sub-task: here a call (the VF's instructions are charged as they run).
template <auto funcPtr, typename... Args> __aicore__ inline void asc_vf_call(Args&&... args) {
  funcPtr(std::forward<Args>(args)...);
}

// The post-update literal of the compiler's register built-ins (vstas).
enum sk_post_update_t { NO_POST_UPDATE = 0, POST_UPDATE = 1 };

namespace AscendC {
// The same, by its AscendC name (ops-nn's Ascend 950 matmul templates call VF_CALL<f>(...)).
template <auto funcPtr, typename... Args> __aicore__ inline void VF_CALL(Args&&... args) {
  funcPtr(std::forward<Args>(args)...);
}
// Special-purpose registers: AR, the byte offset the AR-form Reg::StoreUnAlign writes at and
// advances (by what the Squeeze<STORE_REG> before it kept). GetSpr / ClearSpr outside a VF.
enum class SpecialPurposeReg { AR = 0 };
template <SpecialPurposeReg spr> __aicore__ inline int64_t GetSpr() {
  static_assert(spr == SpecialPurposeReg::AR, "GetSpr: AR is the special-purpose register simulated");
  return (int64_t)detail::coreState(detail::kStateSprAr);
}
template <SpecialPurposeReg spr> __aicore__ inline void ClearSpr() {
  static_assert(spr == SpecialPurposeReg::AR, "ClearSpr: AR is the special-purpose register simulated");
  detail::coreState(detail::kStateSprAr) = 0;
}
namespace Reg {

struct DefaultType {};
struct RegTrait {
  int32_t regNum;
};
inline constexpr RegTrait RegTraitNumOne{1};
inline constexpr RegTrait RegTraitNumTwo{2};

enum class MaskPattern { ALL, VL1, VL2, VL3, VL4, VL8, VL16, VL32, VL64, VL128, M3, M4, H, Q, ALLF = 15 };
enum class MaskMergeMode { ZEROING, MERGING };
enum class GatherMaskMode { NO_STORE_REG, STORE_REG };
enum class PostLiteral { POST_MODE_NORMAL, POST_MODE_UPDATE };
enum class LoadDist {
  DIST_NORM, DIST_BRC_B8, DIST_BRC_B16, DIST_BRC_B32, DIST_US_B8, DIST_US_B16, DIST_DS_B8, DIST_DS_B16,
  DIST_UNPACK_B8, DIST_UNPACK_B16, DIST_BLK, DIST_E2B_B16, DIST_E2B_B32, DIST_UNPACK_B32, DIST_UNPACK4_B8,
  DIST_DINTLV_B8, DIST_DINTLV_B16, DIST_DINTLV_B32
};
enum class StoreDist {
  DIST_NORM_B8, DIST_NORM_B16, DIST_NORM_B32, DIST_FIRST_ELEMENT_B8, DIST_FIRST_ELEMENT_B16,
  DIST_FIRST_ELEMENT_B32, DIST_PACK_B16, DIST_PACK_B32, DIST_PACK_B64, DIST_PACK4_B32, DIST_NORM,
  DIST_INTLV_B8, DIST_INTLV_B16, DIST_INTLV_B32
};
enum class MemType { VEC_STORE, VEC_LOAD, SCALAR_STORE, SCALAR_LOAD, VEC_ALL, SCALAR_ALL };
using ::AscendC::ReduceType;  // one enum for both APIs (kernels use both namespaces)
enum class MaskDist { DIST_NORM, DIST_US, DIST_DS, DIST_PACK };
enum class RegLayout { UNKNOWN = -1, ZERO, ONE, TWO, THREE };
enum class SatMode { UNKNOWN = -1, NO_SAT, SAT };
struct CastTrait {
  RegLayout layoutMode = RegLayout::UNKNOWN;
  SatMode satMode = SatMode::UNKNOWN;
  MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
  RoundMode roundMode = RoundMode::UNKNOWN;
};
inline constexpr CastTrait castTrait{};

namespace detail {
// One register (`bytes`), or (RegTraitNumTwo, 64-bit elements) a pair holding 64 of them: here
// elements 0..31 in halves[0] and 32..63 in halves[1]. The pair has no `bytes`, so an API not
// written for pairs does not compile with one.
template <int32_t regs> struct RegStorage {
  alignas(64) uint8_t bytes[SK_REG_VL];
};
template <> struct RegStorage<2> {
  alignas(64) uint8_t halves[2][SK_REG_VL];
};
}  // namespace detail
template <typename T, const RegTrait& regTrait = RegTraitNumOne> struct RegTensor : detail::RegStorage<regTrait.regNum> {
  static_assert(regTrait.regNum == 1 || regTrait.regNum == 2, "RegTensor: RegTraitNumOne or RegTraitNumTwo");
  static_assert(regTrait.regNum == 1 || sizeof(PrimT<T>) == 8, "RegTensor: RegTraitNumTwo holds 64-bit elements");
  using ElementType = T;
  static constexpr int32_t kRegs = regTrait.regNum;
  RegTensor() = default;
  // The same bits as another single register's elements (the C API's `(vector_int32_t)r`).
  template <typename U, const RegTrait& other>
  explicit RegTensor(const RegTensor<U, other>& r) {
    static_assert(regTrait.regNum == 1 && other.regNum == 1, "RegTensor: only single registers reinterpret");
    __builtin_memcpy(this->bytes, r.bytes, SK_REG_VL);
  }
};

// Which half of a register (Pack, UnPack) or which element (Duplicate) an operation takes.
enum class HighLowPart : uint8_t { LOWEST = 0, HIGHEST };

// One bit per register byte: an element is active when the bit of its first byte is set.
struct MaskReg {
  alignas(8) uint8_t bits[SK_REG_VL / 8];
};

namespace detail {
template <typename U> using Elem = PrimT<typename U::ElementType>;
template <typename T> constexpr uint32_t kLanes = SK_REG_VL / sizeof(PrimT<T>);
// The register bytes one mask element stands for (a pair's 64 elements take the b32 layout), and
// the elements of a mask.
template <typename T, const RegTrait& trait> constexpr uint32_t kMaskBytes = trait.regNum == 2 ? 4 : sizeof(PrimT<T>);
template <typename T, const RegTrait& trait> constexpr uint32_t kMaskLanes = SK_REG_VL / kMaskBytes<T, trait>;

constexpr uint32_t patternCount(MaskPattern p, uint32_t lanes) {
  switch (p) {
    case MaskPattern::ALL: return lanes;
    case MaskPattern::VL1: return 1;
    case MaskPattern::VL2: return 2;
    case MaskPattern::VL3: return 3;
    case MaskPattern::VL4: return 4;
    case MaskPattern::VL8: return 8;
    case MaskPattern::VL16: return 16;
    case MaskPattern::VL32: return 32;
    case MaskPattern::VL64: return 64;
    case MaskPattern::VL128: return 128;
    case MaskPattern::H: return lanes / 2;
    case MaskPattern::Q: return lanes / 4;
    default: return 0;  // ALLF
  }
}

// (simulator distribution, bytes of one element of it) of a LoadDist for elements of T.
template <typename T, LoadDist dist> constexpr std::pair<int32_t, uint32_t> loadMode() {
  switch (dist) {
    case LoadDist::DIST_NORM: return {SK_RLD_NORM, sizeof(PrimT<T>)};
    case LoadDist::DIST_BRC_B8: return {SK_RLD_BRC, 1};
    case LoadDist::DIST_BRC_B16: return {SK_RLD_BRC, 2};
    case LoadDist::DIST_BRC_B32: return {SK_RLD_BRC, 4};
    case LoadDist::DIST_US_B8: return {SK_RLD_US, 1};
    case LoadDist::DIST_US_B16: return {SK_RLD_US, 2};
    case LoadDist::DIST_DS_B8: return {SK_RLD_DS, 1};
    case LoadDist::DIST_DS_B16: return {SK_RLD_DS, 2};
    case LoadDist::DIST_UNPACK_B8: return {SK_RLD_UNPACK, 1};
    case LoadDist::DIST_UNPACK_B16: return {SK_RLD_UNPACK, 2};
    case LoadDist::DIST_UNPACK_B32: return {SK_RLD_UNPACK, 4};
    case LoadDist::DIST_UNPACK4_B8: return {SK_RLD_UNPACK4, 1};
    case LoadDist::DIST_BLK: return {SK_RLD_BLK, sizeof(PrimT<T>)};
    case LoadDist::DIST_E2B_B16: return {SK_RLD_E2B, 2};
    case LoadDist::DIST_E2B_B32: return {SK_RLD_E2B, 4};
    default: return {-1, 0};  // the dual-register DINTLV modes
  }
}
template <typename T, StoreDist dist> constexpr std::pair<int32_t, uint32_t> storeMode() {
  switch (dist) {
    case StoreDist::DIST_NORM: return {SK_RST_NORM, sizeof(PrimT<T>)};
    case StoreDist::DIST_NORM_B8: return {SK_RST_NORM, 1};
    case StoreDist::DIST_NORM_B16: return {SK_RST_NORM, 2};
    case StoreDist::DIST_NORM_B32: return {SK_RST_NORM, 4};
    case StoreDist::DIST_FIRST_ELEMENT_B8: return {SK_RST_FIRST, 1};
    case StoreDist::DIST_FIRST_ELEMENT_B16: return {SK_RST_FIRST, 2};
    case StoreDist::DIST_FIRST_ELEMENT_B32: return {SK_RST_FIRST, 4};
    case StoreDist::DIST_PACK_B16: return {SK_RST_PACK, 2};
    case StoreDist::DIST_PACK_B32: return {SK_RST_PACK, 4};
    case StoreDist::DIST_PACK4_B32: return {SK_RST_PACK4, 4};
    default: return {-1, 0};  // PACK_B64 and the dual-register INTLV modes
  }
}

// A mask with every element active, without an instruction (the unmasked forms' view).
inline MaskReg everyElement() {
  MaskReg m;
  __builtin_memset(m.bits, 0xFF, sizeof m.bits);
  return m;
}
// A pair's mask (b32 layout, 64 elements) as the masks of its halves' 64-bit registers (elements
// 0..31 and 32..63). Three mask moves, charged as such: a cost of the simulated pair.
inline void pairHalves(const MaskReg& mask, MaskReg halves[2]) {
  alignas(64) uint8_t bits[SK_REG_VL];
  ::sk_reg_permute(SK_RPERM_MASK_TO_BITS, 4, bits, nullptr, mask.bits, nullptr);
  for (int32_t h = 0; h < 2; ++h) ::sk_reg_permute(SK_RPERM_MASK_FROM_BITS, 8, halves[h].bits, nullptr, bits + 4 * h, nullptr);
}
template <typename U> inline void op(int32_t code, U& dst, const U& src0, const std::remove_cv_t<U>* src1, uint64_t scalar,
                                     const MaskReg& mask, MaskMergeMode mode) {
  if constexpr (U::kRegs == 2) {
    MaskReg halves[2];
    pairHalves(mask, halves);
    for (int32_t h = 0; h < 2; ++h)
      ::sk_reg_op(code, AscendC::detail::dtypeOf<Elem<U>>(), dst.halves[h], src0.halves[h], src1 ? src1->halves[h] : nullptr,
                  scalar, halves[h].bits, mode == MaskMergeMode::MERGING);
  } else {
    ::sk_reg_op(code, AscendC::detail::dtypeOf<Elem<U>>(), dst.bytes, src0.bytes, src1 ? src1->bytes : nullptr, scalar,
                mask.bits, mode == MaskMergeMode::MERGING);
  }
}
}  // namespace detail

/* ---- masks ---- */
namespace detail {
// The mask of pattern p over elements of maskBytes register bytes each (CreateMask, pset_bN).
inline MaskReg patternMask(MaskPattern p, uint32_t maskBytes) {
  MaskReg m;
  int32_t kind = p == MaskPattern::M3 ? SK_RMASK_M3 : p == MaskPattern::M4 ? SK_RMASK_M4 : SK_RMASK_FIRST;
  ::sk_reg_mask(m.bits, maskBytes, kind, patternCount(p, SK_REG_VL / maskBytes));
  return m;
}
}  // namespace detail
template <typename T, MaskPattern mode = MaskPattern::ALL, const RegTrait& regTrait = RegTraitNumOne>
__simd_callee__ inline MaskReg CreateMask() {
  return detail::patternMask(mode, detail::kMaskBytes<T, regTrait>);
}
// The first min(count, lanes) elements; count goes down by the lanes of one register.
template <typename T, const RegTrait& regTrait = RegTraitNumOne> __simd_callee__ inline MaskReg UpdateMask(uint32_t& scalarValue) {
  constexpr uint32_t lanes = detail::kMaskLanes<T, regTrait>;
  MaskReg m;
  ::sk_reg_mask(m.bits, detail::kMaskBytes<T, regTrait>, SK_RMASK_FIRST, scalarValue < lanes ? scalarValue : lanes);
  scalarValue = scalarValue < lanes ? 0 : scalarValue - lanes;
  return m;
}

/* ---- UB <-> registers ---- */
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg, __ubuf__ T* srcAddr) {
  constexpr auto m = detail::loadMode<T, dist>();
  static_assert(m.first >= 0, "LoadAlign: the dual-register DINTLV modes are not simulated");
  if constexpr (U::kRegs == 2) {
    static_assert(dist == LoadDist::DIST_NORM, "LoadAlign: a register pair loads DIST_NORM only");
    for (int32_t h = 0; h < 2; ++h) ::sk_reg_load(dstReg.halves[h], (__ubuf__ uint8_t*)srcAddr + h * SK_REG_VL, 8, m.first);
  } else {
    ::sk_reg_load(dstReg.bytes, srcAddr, m.second, m.first);
  }
}
// Loads from srcAddr, then srcAddr += postUpdateStride elements.
template <typename T = DefaultType, PostLiteral postMode, LoadDist dist = LoadDist::DIST_NORM, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg, __ubuf__ T*& srcAddr, int32_t postUpdateStride) {
  static_assert(postMode == PostLiteral::POST_MODE_UPDATE, "LoadAlign: the post-update form takes POST_MODE_UPDATE");
  LoadAlign<T, dist>(dstReg, srcAddr);
  srcAddr += postUpdateStride;
}
// The dual-register modes: two registers from 2 VL of UB, deinterleaved (DIST_DINTLV_*: the even
// elements to dst0, the odd to dst1), and their inverse (DIST_INTLV_*: dst0's and dst1's elements
// alternating, each register's stores under the mask). One instruction on the hardware, here two
// aligned accesses and a rearrangement, charged as such.
template <typename T = DefaultType, LoadDist dist, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg0, U& dstReg1, __ubuf__ T* srcAddr) {
  static_assert(dist == LoadDist::DIST_DINTLV_B8 || dist == LoadDist::DIST_DINTLV_B16 || dist == LoadDist::DIST_DINTLV_B32,
                "LoadAlign into two registers: the DIST_DINTLV modes");
  U low, high;
  LoadAlign<T>(low, srcAddr);
  LoadAlign<T>(high, srcAddr + SK_REG_VL / sizeof(T));
  ::sk_reg_permute(SK_RPERM_DEINTERLEAVE, sizeof(detail::Elem<U>), dstReg0.bytes, dstReg1.bytes, low.bytes, high.bytes);
}
template <typename T = DefaultType, StoreDist dist, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg0, U& srcReg1, const MaskReg& mask) {
  static_assert(dist == StoreDist::DIST_INTLV_B8 || dist == StoreDist::DIST_INTLV_B16 || dist == StoreDist::DIST_INTLV_B32,
                "StoreAlign of two registers: the DIST_INTLV modes");
  U low, high;
  ::sk_reg_permute(SK_RPERM_INTERLEAVE, sizeof(detail::Elem<U>), low.bytes, high.bytes, srcReg0.bytes, srcReg1.bytes);
  StoreAlign<T>(dstAddr, low, mask);
  StoreAlign<T>(dstAddr + SK_REG_VL / sizeof(T), high, mask);
}
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, const U& srcReg, const MaskReg& mask) {
  constexpr auto m = detail::storeMode<T, dist>();
  static_assert(m.first >= 0, "StoreAlign: DIST_PACK_B64 and the dual-register INTLV modes are not simulated");
  if constexpr (U::kRegs == 2) {
    static_assert(dist == StoreDist::DIST_NORM, "StoreAlign: a register pair stores DIST_NORM only");
    MaskReg halves[2];
    detail::pairHalves(mask, halves);
    for (int32_t h = 0; h < 2; ++h) ::sk_reg_store((__ubuf__ uint8_t*)dstAddr + h * SK_REG_VL, srcReg.halves[h], halves[h].bits, 8, m.first);
  } else {
    ::sk_reg_store(dstAddr, srcReg.bytes, mask.bits, m.second, m.first);
  }
}
template <typename T = DefaultType, PostLiteral postMode, StoreDist dist = StoreDist::DIST_NORM, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T*& dstAddr, const U& srcReg, int32_t postUpdateStride, const MaskReg& mask) {
  static_assert(postMode == PostLiteral::POST_MODE_UPDATE, "StoreAlign: the post-update form takes POST_MODE_UPDATE");
  StoreAlign<T, dist>(dstAddr, srcReg, mask);
  dstAddr += postUpdateStride;
}
// A mask register from (to) VL/8 bytes of UB.
// DIST_US reads VL/16 bytes and doubles each bit, DIST_DS reads VL/4 bytes and keeps every other bit.
template <typename T, MaskDist dist = MaskDist::DIST_NORM> __simd_callee__ inline void LoadAlign(MaskReg& mask, __ubuf__ T* srcAddr) {
  static_assert(dist != MaskDist::DIST_PACK, "LoadAlign (MaskReg): DIST_NORM, DIST_US or DIST_DS");
  ::sk_reg_load(mask.bits, srcAddr, 1,
                dist == MaskDist::DIST_US ? SK_RLD_MASK_US : dist == MaskDist::DIST_DS ? SK_RLD_MASK_DS : SK_RLD_MASK);
}
template <typename T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, const MaskReg& mask) {
  static_assert(dist == MaskDist::DIST_NORM, "StoreAlign (MaskReg): only DIST_NORM is simulated");
  ::sk_reg_store(dstAddr, mask.bits, mask.bits, 1, SK_RST_MASK);
}
// A mask register's post-update offset counts bytes (the reference: "当搬运掩码寄存器时，ubuf中
// 地址偏移单位为字节"), whatever T is.
template <typename T, PostLiteral postMode, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void LoadAlign(MaskReg& mask, __ubuf__ T*& srcAddr, int32_t offset) {
  static_assert(postMode == PostLiteral::POST_MODE_UPDATE, "LoadAlign: the post-update form takes POST_MODE_UPDATE");
  LoadAlign<T, dist>(mask, srcAddr);
  srcAddr = (__ubuf__ T*)((__ubuf__ uint8_t*)srcAddr + offset);
}
template <typename T, PostLiteral postMode, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void StoreAlign(__ubuf__ T*& dstAddr, const MaskReg& mask, int32_t offset) {
  static_assert(postMode == PostLiteral::POST_MODE_UPDATE, "StoreAlign: the post-update form takes POST_MODE_UPDATE");
  StoreAlign<T, dist>(dstAddr, mask);
  dstAddr = (__ubuf__ T*)((__ubuf__ uint8_t*)dstAddr + offset);
}
/* ---- address registers: an offset in elements, sum of index * stride over up to four loop
   levels (the indexes the enclosing loops' counters, as the hardware takes them) ---- */
struct AddrReg {
  uint32_t offset = 0;
};
template <typename T> __simd_callee__ inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0) {
  return AddrReg{(uint32_t)index0 * stride0};
}
template <typename T>
__simd_callee__ inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1) {
  return AddrReg{(uint32_t)index0 * stride0 + (uint32_t)index1 * stride1};
}
template <typename T>
__simd_callee__ inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1,
                                             uint16_t index2, uint32_t stride2) {
  return AddrReg{(uint32_t)index0 * stride0 + (uint32_t)index1 * stride1 + (uint32_t)index2 * stride2};
}
template <typename T>
__simd_callee__ inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1,
                                             uint16_t index2, uint32_t stride2, uint16_t index3, uint32_t stride3) {
  return AddrReg{(uint32_t)index0 * stride0 + (uint32_t)index1 * stride1 + (uint32_t)index2 * stride2 +
                 (uint32_t)index3 * stride3};
}
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg, __ubuf__ T* srcAddr, AddrReg offset) {
  LoadAlign<T, dist>(dstReg, srcAddr + offset.offset);
}
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, const U& srcReg, AddrReg offset, const MaskReg& mask) {
  StoreAlign<T, dist>(dstAddr + offset.offset, srcReg, mask);
}
template <typename T = DefaultType, PostLiteral postMode, LoadDist dist, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg0, U& dstReg1, __ubuf__ T*& srcAddr, int32_t postUpdateStride) {
  static_assert(postMode == PostLiteral::POST_MODE_UPDATE, "LoadAlign: the post-update form takes POST_MODE_UPDATE");
  LoadAlign<T, dist>(dstReg0, dstReg1, srcAddr);
  srcAddr += postUpdateStride;
}
template <typename T = DefaultType, PostLiteral postMode, StoreDist dist, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T*& dstAddr, U& srcReg0, U& srcReg1, int32_t postUpdateStride, const MaskReg& mask) {
  static_assert(postMode == PostLiteral::POST_MODE_UPDATE, "StoreAlign: the post-update form takes POST_MODE_UPDATE");
  StoreAlign<T, dist>(dstAddr, srcReg0, srcReg1, mask);
  dstAddr += postUpdateStride;
}
template <typename T = DefaultType, LoadDist dist, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg0, U& dstReg1, __ubuf__ T* srcAddr, AddrReg offset) {
  LoadAlign<T, dist>(dstReg0, dstReg1, srcAddr + offset.offset);
}
template <typename T = DefaultType, StoreDist dist, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg0, U& srcReg1, AddrReg offset, const MaskReg& mask) {
  StoreAlign<T, dist>(dstAddr + offset.offset, srcReg0, srcReg1, mask);
}
template <typename T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void LoadAlign(MaskReg& mask, __ubuf__ T* srcAddr, AddrReg offset) {
  LoadAlign<T, dist>(mask, srcAddr + offset.offset);
}
template <typename T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, const MaskReg& mask, AddrReg offset) {
  StoreAlign<T, dist>(dstAddr + offset.offset, mask);
}

/* ---- 32-byte blocks at a stride (DataCopyMode::DATA_BLOCK_COPY; strides in blocks), or at
   offsets from an index register (GatherB): a load takes the blocks with an active element ---- */
enum class DataCopyMode { DATA_BLOCK_COPY };
namespace detail {
inline void blockOffsets(uint32_t* offsets, uint32_t dataBlockStride) {
  for (uint32_t j = 0; j < 8; ++j) offsets[j] = j * dataBlockStride * 32;
}
}  // namespace detail
template <typename T = DefaultType, DataCopyMode dataMode, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg, __ubuf__ T* srcAddr, uint32_t dataBlockStride, MaskReg& mask) {
  uint32_t offsets[8];
  detail::blockOffsets(offsets, dataBlockStride);
  ::sk_reg_load_blocks(dstReg.bytes, srcAddr, offsets, mask.bits, SK_RBLK_ANY);
}
template <typename T = DefaultType, DataCopyMode dataMode, PostLiteral postMode, typename U>
__simd_callee__ inline void LoadAlign(U& dstReg, __ubuf__ T*& srcAddr, uint32_t dataBlockStride, uint32_t repeatStride,
                                      MaskReg& mask) {
  __ubuf__ T* base = postMode == PostLiteral::POST_MODE_NORMAL ? srcAddr + repeatStride * 32 / sizeof(T) : srcAddr;
  LoadAlign<T, dataMode>(dstReg, base, dataBlockStride, mask);
  if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) srcAddr += repeatStride * 32 / sizeof(T);
}
template <typename T = DefaultType, DataCopyMode dataMode, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T* dstAddr, U& srcReg, uint32_t dataBlockStride, MaskReg& mask) {
  uint32_t offsets[8];
  detail::blockOffsets(offsets, dataBlockStride);
  ::sk_reg_store_blocks(dstAddr, srcReg.bytes, offsets, mask.bits, sizeof(detail::Elem<U>));
}
template <typename T = DefaultType, DataCopyMode dataMode, PostLiteral postMode, typename U>
__simd_callee__ inline void StoreAlign(__ubuf__ T*& dstAddr, U& srcReg, uint32_t dataBlockStride, uint32_t repeatStride,
                                       MaskReg& mask) {
  __ubuf__ T* base = postMode == PostLiteral::POST_MODE_NORMAL ? dstAddr + repeatStride * 32 / sizeof(T) : dstAddr;
  StoreAlign<T, dataMode>(base, srcReg, dataBlockStride, mask);
  if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) dstAddr += repeatStride * 32 / sizeof(T);
}
// Block j of dst from baseAddr + index[j] bytes (the first 8 indexes, multiples of 32), when
// the mask's b32 element j is active; else 0.
template <typename T = DefaultType, typename U, typename S>
__simd_callee__ inline void GatherB(U& dstReg, __ubuf__ T* baseAddr, S& index, MaskReg& mask) {
  static_assert(std::is_same_v<detail::Elem<S>, uint32_t>, "GatherB: the index register holds uint32_t byte offsets");
  ::sk_reg_load_blocks(dstReg.bytes, baseAddr, (const uint32_t*)index.bytes, mask.bits, SK_RBLK_LANE32);
}
// dst[i] = baseAddr[index[i]] (element indexes) on the active elements, else 0; int8/uint8 into
// a 16-bit register zero-extended.
template <typename T0 = DefaultType, typename T1, typename T2 = DefaultType, typename T3, typename T4>
__simd_callee__ inline void Gather(T3& dstReg, __ubuf__ T1* baseAddr, T4& index, MaskReg& mask) {
  using D = detail::Elem<T3>;
  using I = detail::Elem<T4>;
  static_assert(sizeof(I) == (sizeof(D) == 2 ? 2 : 4) && std::is_unsigned_v<I> && (sizeof(T1) == sizeof(D) || (sizeof(T1) == 1 && sizeof(D) == 2)),
                "Gather (UB): b16 data (or b8 into b16) with uint16_t indexes, b32 with uint32_t");
  ::sk_reg_gather_ub(dstReg.bytes, baseAddr, index.bytes, sizeof(D), sizeof(T1), sizeof(I), mask.bits);
}
// baseAddr[index[i]] = src[i] (element indexes) on the active elements.
template <typename T = DefaultType, typename U = DefaultType, typename S, typename V>
__simd_callee__ inline void Scatter(__ubuf__ T* baseAddr, S& srcReg, V& index, MaskReg& mask) {
  using I = detail::Elem<V>;
  static_assert(sizeof(detail::Elem<S>) == 2 || sizeof(detail::Elem<S>) == 4, "Scatter: b16 or b32 data (b8 and b64 are not simulated)");
  static_assert(sizeof(I) == sizeof(detail::Elem<S>) && std::is_unsigned_v<I>, "Scatter: unsigned indexes of the data's width");
  ::sk_reg_scatter_ub(baseAddr, srcReg.bytes, index.bytes, sizeof(detail::Elem<S>), sizeof(I), mask.bits);
}
// The UB gather / scatter loads under their older names (CANN 8's MicroAPI; ops-math's atvoss).
template <typename T0 = DefaultType, typename T1, typename T2 = DefaultType, typename T3, typename T4>
__simd_callee__ inline void DataCopyGather(T3& dstReg, __ubuf__ T1* baseAddr, T4& index, MaskReg& mask) {
  Gather<T0, T1, T2>(dstReg, baseAddr, index, mask);
}
template <typename T = DefaultType, typename U, typename S>
__simd_callee__ inline void DataCopyGatherB(U& dstReg, __ubuf__ T* baseAddr, S& index, MaskReg& mask) {
  GatherB<T>(dstReg, baseAddr, index, mask);
}
template <typename T = DefaultType, typename U = DefaultType, typename S, typename V>
__simd_callee__ inline void DataCopyScatter(__ubuf__ T* baseAddr, S& srcReg, V& index, MaskReg& mask) {
  Scatter<T, U>(baseAddr, srcReg, index, mask);
}

/* ---- unaligned streams: a load reads VL bytes at any element-aligned address; a store writes
   its first `postUpdateStride` elements there at once (the hardware keeps the tail below the
   next 32-byte boundary in the UnalignReg until the next store or StoreUnAlignPost) ---- */
struct UnalignReg {};  // one type for both directions, as kernels declare it (Reg::UnalignReg ureg)
using UnalignRegForLoad = UnalignReg;
using UnalignRegForStore = UnalignReg;
template <typename T> __simd_callee__ inline void LoadUnAlignPre(UnalignRegForLoad&, __ubuf__ T*) {}
template <typename T = DefaultType, typename U>
__simd_callee__ inline void LoadUnAlign(U& dstReg, UnalignRegForLoad&, __ubuf__ T* srcAddr) {
  ::sk_reg_load(dstReg.bytes, srcAddr, sizeof(detail::Elem<U>), SK_RLD_UNALIGN);
}
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
__simd_callee__ inline void LoadUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ T*& srcAddr, uint32_t postUpdateStride) {
  static_assert(postMode == PostLiteral::POST_MODE_UPDATE, "LoadUnAlign: the stride form takes POST_MODE_UPDATE");
  LoadUnAlign<T>(dstReg, ureg, (__ubuf__ T*)srcAddr);
  srcAddr += postUpdateStride;
}
template <typename T = DefaultType, typename U> __simd_callee__ inline void Load(U& dstReg, __ubuf__ T* srcAddr) {
  UnalignRegForLoad ureg;
  LoadUnAlign<T>(dstReg, ureg, srcAddr);
}
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
__simd_callee__ inline void StoreUnAlign(__ubuf__ T*& dstAddr, U& srcReg, UnalignRegForStore&, uint32_t postUpdateStride) {
  static_assert(postMode == PostLiteral::POST_MODE_UPDATE, "StoreUnAlign: the stride form takes POST_MODE_UPDATE");
  ::sk_reg_store_unaligned(dstAddr, srcReg.bytes, sizeof(detail::Elem<U>), postUpdateStride);
  dstAddr += postUpdateStride;
}
template <typename T, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE>
__simd_callee__ inline void StoreUnAlignPost(__ubuf__ T*& dstAddr, UnalignRegForStore&, int32_t postUpdateStride) {
  if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) dstAddr += postUpdateStride;
}
template <typename T = DefaultType, typename U>
__simd_callee__ inline void Store(__ubuf__ T* dstAddr, U& srcReg, uint32_t count = SK_REG_VL / sizeof(detail::Elem<U>)) {
  ::sk_reg_store_unaligned(dstAddr, srcReg.bytes, sizeof(detail::Elem<U>), count);
}
// The AR form: the valid bytes of the Squeeze<STORE_REG> just before (the two must alternate) at
// dstAddr + AR, and (POST_MODE_UPDATE) AR advanced by them; POST_MODE_NORMAL writes at dstAddr
// and leaves AR. (How the hardware combines AR with NORMAL is not documented: inferred.)
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
__simd_callee__ inline void StoreUnAlign(__ubuf__ T* dstAddr, U& srcReg, UnalignRegForStore&) {
  uint64_t& squeezed = ::AscendC::detail::coreState(::AscendC::detail::kStateSqueezeBytes);
  if (!(squeezed >> 63))
    ::sk_trap(3, "Reg::StoreUnAlign (AR offset): no Squeeze<T, GatherMaskMode::STORE_REG> since the last one: the two alternate");
  uint32_t bytes = (uint32_t)squeezed;
  squeezed = 0;
  uint64_t& ar = ::AscendC::detail::coreState(::AscendC::detail::kStateSprAr);
  __ubuf__ uint8_t* at = (__ubuf__ uint8_t*)dstAddr + (postMode == PostLiteral::POST_MODE_UPDATE ? ar : 0);
  ::sk_reg_store_unaligned(at, srcReg.bytes, sizeof(detail::Elem<U>), bytes / sizeof(detail::Elem<U>));
  if constexpr (postMode == PostLiteral::POST_MODE_UPDATE) ar += bytes;
}
template <typename T> __simd_callee__ inline void StoreUnAlignPost(__ubuf__ T*, UnalignRegForStore&) {}
// A mask as bits (element i: bit i), VL / 8 / sizeof(T) bytes at dstAddr, which moves past them.
template <typename T>
__simd_callee__ inline void StoreUnAlign(__ubuf__ T*& dstAddr, MaskReg& mask, UnalignRegForStore&) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "StoreUnAlign (MaskReg): a b8, b16 or b32 T");
  constexpr uint32_t bytes = SK_REG_VL / 8 / sizeof(T);
  alignas(64) uint8_t bits[SK_REG_VL];
  ::sk_reg_permute(SK_RPERM_MASK_TO_BITS, sizeof(T), bits, nullptr, mask.bits, nullptr);
  ::sk_reg_store_unaligned(dstAddr, bits, 1, bytes);
  dstAddr = (__ubuf__ T*)((__ubuf__ uint8_t*)dstAddr + bytes);
}

// The AddrReg forms: at the address plus the register's offset (elements); a load then moves
// srcAddr by `inc` elements; a store writes a whole register (it has no count).
template <typename T> __simd_callee__ inline void LoadUnAlignPre(UnalignRegForLoad&, __ubuf__ T*, AddrReg&) {}
template <typename T = DefaultType, typename U>
__simd_callee__ inline void LoadUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ T*& srcAddr, AddrReg& areg, uint32_t inc) {
  LoadUnAlign<T>(dstReg, ureg, (__ubuf__ T*)(srcAddr + areg.offset));
  srcAddr += inc;
}
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
__simd_callee__ inline void StoreUnAlign(__ubuf__ T*& dstAddr, U& srcReg, UnalignRegForStore&, AddrReg& areg) {
  ::sk_reg_store_unaligned(dstAddr + areg.offset, srcReg.bytes, sizeof(detail::Elem<U>), SK_REG_VL / sizeof(detail::Elem<U>));
}
template <typename T> __simd_callee__ inline void StoreUnAlignPost(__ubuf__ T*&, UnalignRegForStore&, AddrReg&) {}

/* ---- compression: Squeeze packs the active elements at the bottom (zeros above); with STORE_REG
   it keeps their bytes for the AR-form StoreUnAlign. Unsqueeze: element i = how many of the
   mask's elements 0 .. i-1 are active ---- */
template <typename T = DefaultType, GatherMaskMode store = GatherMaskMode::NO_STORE_REG, typename U>
__simd_callee__ inline void Squeeze(U& dstReg, U& srcReg, MaskReg& mask) {
  uint32_t valid = 0;
  ::sk_reg_permute(SK_RPERM_SQUEEZE, sizeof(detail::Elem<U>), dstReg.bytes, &valid, srcReg.bytes, mask.bits);
  if constexpr (store == GatherMaskMode::STORE_REG) {
    uint64_t& squeezed = ::AscendC::detail::coreState(::AscendC::detail::kStateSqueezeBytes);
    if (squeezed >> 63)
      ::sk_trap(3, "Reg::Squeeze<STORE_REG>: the bytes of the one before were not stored: Squeeze and the AR-form StoreUnAlign alternate");
    squeezed = 1ull << 63 | valid;
  }
}
// Its older name.
template <typename T = DefaultType, GatherMaskMode store = GatherMaskMode::NO_STORE_REG, typename U>
__simd_callee__ inline void GatherMask(U& dstReg, U& srcReg, MaskReg& mask) {
  Squeeze<T, store>(dstReg, srcReg, mask);
}
template <typename T = DefaultType, typename U> __simd_callee__ inline void Unsqueeze(U& dstReg, MaskReg& mask) {
  static_assert(std::is_integral_v<detail::Elem<U>>, "Unsqueeze: an integer register (b8, b16, b32)");
  ::sk_reg_permute(SK_RPERM_UNSQUEEZE, sizeof(detail::Elem<U>), dstReg.bytes, nullptr, mask.bits, nullptr);
}
template <SpecialPurposeReg spr> __simd_callee__ inline void ClearSpr() { ::AscendC::ClearSpr<spr>(); }
template <SpecialPurposeReg spr> __aicore__ inline int64_t GetSpr() { return ::AscendC::GetSpr<spr>(); }
// Mask element i from bit i of srcReg's bytes [16 offset, +16) (b16) or [8 offset, +8) (b32).
template <typename T = DefaultType, int16_t offset, typename U>
__simd_callee__ inline void MaskGenWithRegTensor(MaskReg& dst, U& srcReg) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "MaskGenWithRegTensor: T is a b16 or b32 type");
  static_assert(offset >= 0 && offset < (sizeof(T) == 2 ? 16 : 32), "MaskGenWithRegTensor: offset 0..15 (b16) or 0..31 (b32)");
  ::sk_reg_permute(SK_RPERM_MASK_FROM_BITS, sizeof(T), dst.bits, nullptr, srcReg.bytes + (sizeof(T) == 2 ? 16 : 8) * offset,
                   nullptr);
}

// Orders the VF's own UB accesses; the simulated unit runs them in program order already.
template <MemType src, MemType dst> __simd_callee__ inline void LocalMemBar() {}

/* ---- arithmetic: dst = op(src...) on the active elements; the others 0 (ZEROING) or kept ---- */
#define SK_REG_BINARY(NAME, CODE)                                                                          \
  template <typename T = DefaultType, auto mode = MaskMergeMode::ZEROING, typename U>                      \
  __simd_callee__ inline void NAME(U& dstReg, const U& srcReg0, const U& srcReg1, const MaskReg& mask) {   \
    detail::op(CODE, dstReg, srcReg0, &srcReg1, 0, mask, mode);                                            \
  }
SK_REG_BINARY(Add, SK_V_ADD)
SK_REG_BINARY(Sub, SK_V_SUB)
SK_REG_BINARY(Mul, SK_V_MUL)
SK_REG_BINARY(Max, SK_V_MAX)
SK_REG_BINARY(Min, SK_V_MIN)
SK_REG_BINARY(And, SK_V_AND)
SK_REG_BINARY(Or, SK_V_OR)
SK_REG_BINARY(Xor, SK_V_XOR)
SK_REG_BINARY(MulDstAdd, SK_V_FUSEDMULADD)  // dst = dst * src0 + src1
SK_REG_BINARY(FusedMulDstAdd, SK_V_FUSEDMULADD)  // MulDstAdd's earlier name
SK_REG_BINARY(MulAddDst, SK_V_MULADDDST)    // dst = src0 * src1 + dst
SK_REG_BINARY(Mula, SK_V_MULADDDST)         // MulAddDst's earlier name
#undef SK_REG_BINARY

// Div's mode: a MaskMergeMode, or a pointer to a DivSpecificMode. Every algorithm divides exactly
// rounded, within the 0 and 1 ulp all of them promise. Those that do not support subnormals
// (INTRINSIC, the default, DIFF_COMPENSATION and the FTZ_TRUE ones) flush float subnormal inputs
// and results to zero; the FTZ_FALSE ones keep them.
struct DivSpecificMode {
  MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
  bool precisionMode = false;
  DivAlgo algo = DivAlgo::INTRINSIC;
};
namespace detail {
template <auto mode> constexpr MaskMergeMode mergeModeOf() {
  if constexpr (std::is_same_v<decltype(mode), MaskMergeMode>) return mode;
  else return mode->mrgMode;
}
template <auto mode> constexpr bool flushesSubnormals() {
  if constexpr (std::is_same_v<decltype(mode), MaskMergeMode>) return true;  // INTRINSIC
  else return mode->algo != DivAlgo::PRECISION_0ULP_FTZ_FALSE && mode->algo != DivAlgo::PRECISION_1ULP_FTZ_FALSE;
}
}  // namespace detail
template <typename T = DefaultType, auto mode = MaskMergeMode::ZEROING, typename U>
__simd_callee__ inline void Div(U& dstReg, const U& srcReg0, const U& srcReg1, const MaskReg& mask) {
  constexpr bool ftz = std::is_same_v<detail::Elem<U>, float> && detail::flushesSubnormals<mode>();
  detail::op(ftz ? SK_REG_OP_DIV_FTZ : SK_V_DIV, dstReg, srcReg0, &srcReg1, 0, mask, detail::mergeModeOf<mode>());
}

// Sqrt's mode: a MaskMergeMode, or a pointer to a SqrtSpecificMode (SqrtAlgo in AscendC, as in
// CANN). Every algorithm gives the exactly rounded root, within the 0 and 1 ulp they promise.
struct SqrtSpecificMode {
  MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
  bool precisionMode = false;
  SqrtAlgo algo = SqrtAlgo::INTRINSIC;
};
// A unary op's mode: a MaskMergeMode, or a pointer to its XxxSpecificMode (mrgMode first).
#define SK_REG_UNARY(NAME, CODE)                                                                    \
  template <typename T = DefaultType, auto mode = MaskMergeMode::ZEROING, typename U>               \
  __simd_callee__ inline void NAME(U& dstReg, const U& srcReg, const MaskReg& mask) {              \
    detail::op(CODE, dstReg, srcReg, nullptr, 0, mask, detail::mergeModeOf<mode>());               \
  }
SK_REG_UNARY(Exp, SK_V_EXP)
SK_REG_UNARY(Ln, SK_V_LN)
SK_REG_UNARY(Log, SK_V_LN)
SK_REG_UNARY(Log2, SK_V_LOG2)
SK_REG_UNARY(Log10, SK_V_LOG10)
SK_REG_UNARY(Abs, SK_V_ABS)
SK_REG_UNARY(Relu, SK_V_RELU)
SK_REG_UNARY(Sqrt, SK_V_SQRT)
SK_REG_UNARY(Not, SK_V_NOT)
#undef SK_REG_UNARY

// The 64-bit products of int32 (uint32) elements: the low halves to dstReg0, the high to dstReg1
// (what division by a constant's magic number needs).
template <typename T = DefaultType, typename U>
__simd_callee__ inline void Mull(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1, MaskReg& mask) {
  static_assert(std::is_same_v<detail::Elem<U>, int32_t> || std::is_same_v<detail::Elem<U>, uint32_t>,
                "Mull: int32_t or uint32_t registers");
  U a = srcReg0, b = srcReg1;  // a destination may be a source
  detail::op(SK_V_MUL, dstReg0, a, &b, 0, mask, MaskMergeMode::ZEROING);
  detail::op(SK_REG_OP_MUL_HIGH, dstReg1, a, &b, 0, mask, MaskMergeMode::ZEROING);
}

#define SK_REG_SCALAR(NAME, CODE)                                                                              \
  template <typename T = DefaultType, typename U, MaskMergeMode mode = MaskMergeMode::ZEROING, typename S>      \
  __simd_callee__ inline void NAME(S& dstReg, const S& srcReg, U scalarValue, const MaskReg& mask) {           \
    detail::op(CODE, dstReg, srcReg, nullptr, AscendC::detail::scalarBits<detail::Elem<S>>(scalarValue), mask, mode); \
  }
SK_REG_SCALAR(Adds, SK_V_ADDS)
SK_REG_SCALAR(Muls, SK_V_MULS)
SK_REG_SCALAR(Maxs, SK_V_MAXS)
SK_REG_SCALAR(Mins, SK_V_MINS)
SK_REG_SCALAR(LeakyRelu, SK_V_LEAKYRELU)
SK_REG_SCALAR(ShiftLefts, SK_V_SHIFTLEFT)
SK_REG_SCALAR(ShiftRights, SK_V_SHIFTRIGHT)
#undef SK_REG_SCALAR

// Axpy: dst = scalarValue * src + dst on the active elements (one vaxpy on the hardware; here the
// scalar broadcast to a register and a MulAddDst, charged as both).
template <typename T = DefaultType, typename U, MaskMergeMode mode = MaskMergeMode::ZEROING, typename S>
__simd_callee__ inline void Axpy(S& dstReg, const S& srcReg, const U scalarValue, const MaskReg& mask) {
  S scalarReg;
  Duplicate(scalarReg, scalarValue);
  MulAddDst<T, mode>(dstReg, srcReg, scalarReg, mask);
}

// Shifts by srcReg1's elements (the same width, signed: a negative amount is undefined on the
// hardware): logical for unsigned, arithmetic for signed types.
#define SK_REG_SHIFT(NAME, CODE)                                                                                   \
  template <typename T = DefaultType, typename U = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING,       \
            typename S, typename V>                                                                                \
  __simd_callee__ inline void NAME(S& dstReg, const S& srcReg0, const V& srcReg1, const MaskReg& mask) {           \
    static_assert(sizeof(detail::Elem<V>) == sizeof(detail::Elem<S>) && std::is_integral_v<detail::Elem<S>>,      \
                  #NAME ": integer elements, the amounts of the same width");                                     \
    detail::op(CODE, dstReg, srcReg0, reinterpret_cast<const S*>(&srcReg1), 0, mask, mode);                       \
  }
SK_REG_SHIFT(ShiftLeft, SK_V_SHIFTLEFT_V)
SK_REG_SHIFT(ShiftRight, SK_V_SHIFTRIGHT_V)
#undef SK_REG_SHIFT

template <typename T = DefaultType, auto mode = MaskMergeMode::ZEROING, typename U>
__simd_callee__ inline void Neg(U& dstReg, const U& srcReg, const MaskReg& mask) {
  detail::op(SK_V_MULS, dstReg, srcReg, nullptr, AscendC::detail::scalarBits<detail::Elem<U>>(-1), mask, mode);
}

/* ---- fill ---- */
template <typename T = DefaultType, typename U, typename S> __simd_callee__ inline void Duplicate(S& dstReg, U scalarValue) {
  MaskReg all = CreateMask<detail::Elem<S>>();
  detail::op(SK_V_DUP, dstReg, dstReg, nullptr, AscendC::detail::scalarBits<detail::Elem<S>>(scalarValue), all,
             MaskMergeMode::ZEROING);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, typename S>
__simd_callee__ inline std::enable_if_t<!std::is_class_v<U>> Duplicate(S& dstReg, U scalarValue, const MaskReg& mask) {
  detail::op(SK_V_DUP, dstReg, dstReg, nullptr, AscendC::detail::scalarBits<detail::Elem<S>>(scalarValue), mask, mode);
}
// Element 0 of srcReg to every active element (HighLowPart::LOWEST, the only position documented).
template <typename T = DefaultType, HighLowPart pos = HighLowPart::LOWEST, MaskMergeMode mode = MaskMergeMode::ZEROING,
          typename S>
__simd_callee__ inline void Duplicate(S& dstReg, const S& srcReg, const MaskReg& mask) {
  static_assert(pos == HighLowPart::LOWEST, "Duplicate: only HighLowPart::LOWEST, as documented");
  uint64_t first = 0;
  std::memcpy(&first, srcReg.bytes, sizeof(detail::Elem<S>));
  detail::op(SK_V_DUP, dstReg, dstReg, nullptr, first, mask, mode);
}

/* ---- reductions: the result in element 0 (MAX/MIN: the first extreme's index in element 1), the rest 0 ---- */
// A SUM may widen: int16 (uint16) elements into an int32 (uint32) result.
template <ReduceType type = ReduceType::SUM, typename T = DefaultType, typename U = DefaultType,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S, typename V>
__simd_callee__ inline void Reduce(S& dstReg, const V& srcReg, const MaskReg& mask) {
  using D = detail::Elem<S>;
  using E = detail::Elem<V>;
  constexpr bool widens = !std::is_same_v<D, E>;
  static_assert(!widens || (type == ReduceType::SUM && ((std::is_same_v<D, int32_t> && std::is_same_v<E, int16_t>) ||
                                                        (std::is_same_v<D, uint32_t> && std::is_same_v<E, uint16_t>))),
                "Reduce: registers of one type, or a SUM of int16 (uint16) into int32 (uint32)");
  static_assert(mode == MaskMergeMode::ZEROING, "Reduce: only ZEROING is supported, as documented");
  constexpr int32_t code = widens ? SK_REG_REDUCE_SUM_WIDE
                           : type == ReduceType::SUM ? SK_VOP_REDUCE_SUM
                           : type == ReduceType::MAX ? SK_VOP_REDUCE_MAX
                                                     : SK_VOP_REDUCE_MIN;
  ::sk_reg_reduce(code, AscendC::detail::dtypeOf<E>(), dstReg.bytes, srcReg.bytes, mask.bits);
}
template <typename T = DefaultType, typename U = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename S,
          typename V>
__simd_callee__ inline void ReduceSum(S& dstReg, const V& srcReg, const MaskReg& mask) {
  Reduce<ReduceType::SUM, T, U, mode>(dstReg, srcReg, mask);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename S>
__simd_callee__ inline void ReduceMax(S& dstReg, const S& srcReg, const MaskReg& mask) {
  Reduce<ReduceType::MAX, T, DefaultType, mode>(dstReg, srcReg, mask);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename S>
__simd_callee__ inline void ReduceMin(S& dstReg, const S& srcReg, const MaskReg& mask) {
  Reduce<ReduceType::MIN, T, DefaultType, mode>(dstReg, srcReg, mask);
}

/* ---- per-group reductions into the low elements, the rest 0: one result per 32-byte block
   (ReduceDataBlock), per pair (PairReduceElem); inactive elements count as the identity ---- */
namespace detail {
template <ReduceType type> constexpr int32_t reduceCode() {
  return type == ReduceType::SUM ? SK_VOP_REDUCE_SUM : type == ReduceType::MAX ? SK_VOP_REDUCE_MAX : SK_VOP_REDUCE_MIN;
}
}  // namespace detail
template <ReduceType type = ReduceType::SUM, typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING,
          typename U>
__simd_callee__ inline void ReduceDataBlock(U& dstReg, U srcReg, MaskReg mask) {
  static_assert(mode == MaskMergeMode::ZEROING, "ReduceDataBlock: only ZEROING, as documented");
  using E = detail::Elem<U>;
  static_assert(sizeof(E) == 2 || sizeof(E) == 4, "ReduceDataBlock: half, float, int16/uint16 or int32/uint32 (the "
                                                  "widening int16 -> int32 sum is not simulated)");
  ::sk_reg_reduce_groups(detail::reduceCode<type>(), AscendC::detail::dtypeOf<E>(), dstReg.bytes, srcReg.bytes, mask.bits,
                         32 / sizeof(E));
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
__simd_callee__ inline void ReduceSumWithDataBlock(U& dstReg, U srcReg, MaskReg mask) {
  ReduceDataBlock<ReduceType::SUM, T, mode>(dstReg, srcReg, mask);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
__simd_callee__ inline void ReduceMaxWithDataBlock(U& dstReg, U srcReg, MaskReg mask) {
  ReduceDataBlock<ReduceType::MAX, T, mode>(dstReg, srcReg, mask);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
__simd_callee__ inline void ReduceMinWithDataBlock(U& dstReg, U srcReg, MaskReg mask) {
  ReduceDataBlock<ReduceType::MIN, T, mode>(dstReg, srcReg, mask);
}
enum class PairReduce { SUM = 0 };
template <PairReduce type = PairReduce::SUM, typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING,
          typename U>
__simd_callee__ inline void PairReduceElem(U& dstReg, U srcReg, MaskReg mask) {
  static_assert(mode == MaskMergeMode::ZEROING, "PairReduceElem: only ZEROING, as documented");
  static_assert(std::is_same_v<detail::Elem<U>, half> || std::is_same_v<detail::Elem<U>, float>, "PairReduceElem: half or float");
  ::sk_reg_reduce_groups(SK_VOP_REDUCE_SUM, AscendC::detail::dtypeOf<detail::Elem<U>>(), dstReg.bytes, srcReg.bytes, mask.bits, 2);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
__simd_callee__ inline void PairReduceSum(U& dstReg, U srcReg, MaskReg mask) {
  PairReduceElem<PairReduce::SUM, T, mode>(dstReg, srcReg, mask);
}

/* ---- histograms of uint8 into 128 uint16 counters (BIN0: values 0..127, BIN1: 128..255),
   added to what dst holds; ACCUMULATE counts the values up to each bin's ---- */
enum class HistogramsBinType { BIN0 = 0, BIN1, BIN2, BIN3, BIN4, BIN5, BIN6, BIN7 };
enum class HistogramsType { FREQUENCY = 0, ACCUMULATE };
template <typename T = DefaultType, typename U = DefaultType, HistogramsBinType mode, HistogramsType type, typename S, typename V>
__simd_callee__ inline void Histograms(V& dstReg, S& srcReg, MaskReg& mask) {
  static_assert(std::is_same_v<detail::Elem<S>, uint8_t> && std::is_same_v<detail::Elem<V>, uint16_t>,
                "Histograms: uint8_t data into uint16_t counters");
  static_assert(mode == HistogramsBinType::BIN0 || mode == HistogramsBinType::BIN1, "Histograms: BIN0 or BIN1");
  ::sk_reg_histogram(dstReg.bytes, srcReg.bytes, mask.bits, mode == HistogramsBinType::BIN0 ? 0 : 128,
                     type == HistogramsType::ACCUMULATE);
}

/* ---- indexes and rearrangements (no mask: every element) ---- */
enum class IndexOrder { INCREASE_ORDER = 0, DECREASE_ORDER };
// dst[i] = value + i, or value + (lanes - 1 - i) when decreasing (value the last); integers wrap.
template <typename T = DefaultType, IndexOrder order = IndexOrder::INCREASE_ORDER, typename U, typename S>
__simd_callee__ inline void Arange(S& dstReg, U scalarValue) {
  using E = detail::Elem<S>;
  detail::op(order == IndexOrder::INCREASE_ORDER ? SK_REG_OP_ARANGE : SK_REG_OP_ARANGE_DOWN, dstReg, dstReg, nullptr,
             AscendC::detail::scalarBits<E>((E)scalarValue), detail::everyElement(), MaskMergeMode::ZEROING);
}
// dst[i] = src[index[i] % lanes]; the indexes unsigned, of the elements' width.
template <typename T = DefaultType, typename U = DefaultType, typename S, typename V>
__simd_callee__ inline void Gather(S& dstReg, S& srcReg, V& indexReg) {
  static_assert(sizeof(detail::Elem<S>) == sizeof(detail::Elem<V>) && std::is_unsigned_v<detail::Elem<V>>,
                "Gather: the index register holds unsigned integers of the data's width");
  ::sk_reg_permute(SK_RPERM_GATHER, sizeof(detail::Elem<S>), dstReg.bytes, nullptr, srcReg.bytes, indexReg.bytes);
}
// src0[0], src1[0], src0[1], src1[1], ... into dst0 then dst1.
template <typename T = DefaultType, typename U>
__simd_callee__ inline void Interleave(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1) {
  ::sk_reg_permute(SK_RPERM_INTERLEAVE, sizeof(detail::Elem<U>), dstReg0.bytes, dstReg1.bytes, srcReg0.bytes, srcReg1.bytes);
}
// Of src0 then src1: the even elements into dst0, the odd ones into dst1.
template <typename T = DefaultType, typename U>
__simd_callee__ inline void DeInterleave(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1) {
  ::sk_reg_permute(SK_RPERM_DEINTERLEAVE, sizeof(detail::Elem<U>), dstReg0.bytes, dstReg1.bytes, srcReg0.bytes, srcReg1.bytes);
}
// dst = mask ? src : dst (MERGING, the only mode), or all of src.
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::MERGING, typename U>
__simd_callee__ inline void Move(U& dstReg, U& srcReg, MaskReg mask) {
  static_assert(mode == MaskMergeMode::MERGING, "Move: only MERGING, as documented");
  ::sk_reg_select(sizeof(detail::Elem<U>), dstReg.bytes, srcReg.bytes, dstReg.bytes, mask.bits);
}
template <typename T = DefaultType, typename U> __simd_callee__ inline void Move(U& dstReg, U& srcReg) {
  Move(dstReg, srcReg, detail::everyElement());
}
// Copy: the same instruction under CANN's other name.
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::MERGING, typename U>
__simd_callee__ inline void Copy(U& dstReg, U& srcReg, MaskReg mask) {
  Move<T, mode>(dstReg, srcReg, mask);
}
template <typename T = DefaultType, typename U> __simd_callee__ inline void Copy(U& dstReg, U& srcReg) { Move<T>(dstReg, srcReg); }

/* ---- MaskReg computations: bit operations on predicate registers (one bit per register byte),
   the inactive bits zeroed as the ZEROING mode does. Predicate logic, done in the core's own code
   (its scalar-unit cost), not as vector instructions. ---- */
namespace detail {
template <typename F> inline void maskBits(MaskReg& dst, const MaskReg& a, const MaskReg& b, const MaskReg& mask, F f) {
  for (uint32_t i = 0; i < sizeof dst.bits; ++i) dst.bits[i] = (uint8_t)(f(a.bits[i], b.bits[i]) & mask.bits[i]);
}
// Bit i of a mask, and setting it.
inline bool maskBit(const MaskReg& m, uint32_t i) { return (m.bits[i / 8] >> (i % 8)) & 1; }
inline void setMaskBit(MaskReg& m, uint32_t i, bool v) {
  m.bits[i / 8] = (uint8_t)((m.bits[i / 8] & ~(1u << (i % 8))) | ((uint32_t)v << (i % 8)));
}
}  // namespace detail
__simd_callee__ inline void Not(MaskReg& dst, MaskReg& src, MaskReg& mask) {
  detail::maskBits(dst, src, src, mask, [](uint8_t a, uint8_t) { return (uint8_t)~a; });
}
__simd_callee__ inline void And(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) {
  detail::maskBits(dst, src0, src1, mask, [](uint8_t a, uint8_t b) { return (uint8_t)(a & b); });
}
__simd_callee__ inline void Or(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) {
  detail::maskBits(dst, src0, src1, mask, [](uint8_t a, uint8_t b) { return (uint8_t)(a | b); });
}
__simd_callee__ inline void Xor(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) {
  detail::maskBits(dst, src0, src1, mask, [](uint8_t a, uint8_t b) { return (uint8_t)(a ^ b); });
}
// The names of CANN's implementation, which kernels call too.
__simd_callee__ inline void MaskNot(MaskReg& dst, MaskReg& src, MaskReg& mask) { Not(dst, src, mask); }
__simd_callee__ inline void MaskAnd(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) { And(dst, src0, src1, mask); }
__simd_callee__ inline void MaskOr(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) { Or(dst, src0, src1, mask); }
__simd_callee__ inline void MaskXor(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) { Xor(dst, src0, src1, mask); }
// mask ? src0 : src1, bit by bit.
__simd_callee__ inline void Select(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) {
  for (uint32_t i = 0; i < sizeof dst.bits; ++i)
    dst.bits[i] = (uint8_t)((src0.bits[i] & mask.bits[i]) | (src1.bits[i] & ~mask.bits[i]));
}
__simd_callee__ inline void Move(MaskReg& dst, MaskReg& src, MaskReg& mask) { And(dst, src, src, mask); }
__simd_callee__ inline void Move(MaskReg& dst, MaskReg& src) { dst = src; }
// Interleave / DeInterleave in groups of sizeof(T) bits (the bits of one T element).
template <typename T> __simd_callee__ inline void Interleave(MaskReg& dst0, MaskReg& dst1, MaskReg& src0, MaskReg& src1) {
  constexpr uint32_t g = sizeof(PrimT<T>), groups = SK_REG_VL / g;
  MaskReg out[2];
  for (uint32_t i = 0; i < 2 * groups; ++i)  // group i of the interleaved sequence: src(i % 2)'s group i / 2
    for (uint32_t k = 0; k < g; ++k)
      detail::setMaskBit(out[i / groups], i % groups * g + k, detail::maskBit(i % 2 ? src1 : src0, i / 2 * g + k));
  dst0 = out[0], dst1 = out[1];
}
template <typename T> __simd_callee__ inline void DeInterleave(MaskReg& dst0, MaskReg& dst1, MaskReg& src0, MaskReg& src1) {
  constexpr uint32_t g = sizeof(PrimT<T>), groups = SK_REG_VL / g;
  MaskReg out[2];
  for (uint32_t i = 0; i < 2 * groups; ++i)  // group i of src0 ++ src1: to dst(i % 2)'s group i / 2
    for (uint32_t k = 0; k < g; ++k)
      detail::setMaskBit(out[i % 2], i / 2 * g + k, detail::maskBit(i < groups ? src0 : src1, i % groups * g + k));
  dst0 = out[0], dst1 = out[1];
}
// Pack: src's even bits into dst's low (LOWEST) or high half, the rest 0; UnPack: each bit of
// src's low or high half to two bits of dst, the upper one 0.
template <HighLowPart part = HighLowPart::LOWEST> __simd_callee__ inline void Pack(MaskReg& dst, MaskReg& src) {
  MaskReg out{};
  constexpr uint32_t half = SK_REG_VL / 2, base = part == HighLowPart::HIGHEST ? half : 0;
  for (uint32_t i = 0; i < half; ++i) detail::setMaskBit(out, base + i, detail::maskBit(src, 2 * i));
  dst = out;
}
template <HighLowPart part = HighLowPart::LOWEST> __simd_callee__ inline void UnPack(MaskReg& dst, MaskReg& src) {
  MaskReg out{};
  constexpr uint32_t half = SK_REG_VL / 2, base = part == HighLowPart::HIGHEST ? half : 0;
  for (uint32_t i = 0; i < half; ++i) detail::setMaskBit(out, 2 * i, detail::maskBit(src, base + i));
  dst = out;
}
// Under the names of CANN's implementation (ops-math's drop_out_v3_grad calls MaskUnPack,
// sgl-kernel-npu's swiglu_group_quant MaskDeInterleave).
template <typename T> __simd_callee__ inline void MaskInterleave(MaskReg& dst0, MaskReg& dst1, MaskReg& src0, MaskReg& src1) {
  Interleave<T>(dst0, dst1, src0, src1);
}
template <typename T> __simd_callee__ inline void MaskDeInterleave(MaskReg& dst0, MaskReg& dst1, MaskReg& src0, MaskReg& src1) {
  DeInterleave<T>(dst0, dst1, src0, src1);
}
template <HighLowPart part = HighLowPart::LOWEST> __simd_callee__ inline void MaskPack(MaskReg& dst, MaskReg& src) {
  Pack<part>(dst, src);
}
template <HighLowPart part = HighLowPart::LOWEST> __simd_callee__ inline void MaskUnPack(MaskReg& dst, MaskReg& src) {
  UnPack<part>(dst, src);
}

/* ---- Pack / UnPack of registers: each element's low half into dst's low or high half (the other
   half kept), or one half's narrow elements widened (signed types sign-extended) ---- */
template <typename T = DefaultType, typename U = DefaultType, HighLowPart part = HighLowPart::LOWEST, typename S, typename V>
__simd_callee__ inline void Pack(S& dstReg, V& srcReg) {
  static_assert(2 * sizeof(detail::Elem<S>) == sizeof(detail::Elem<V>), "Pack: dst's elements are half as wide as src's");
  ::sk_reg_permute(part == HighLowPart::HIGHEST ? SK_RPERM_PACK_HIGH : SK_RPERM_PACK_LOW, sizeof(detail::Elem<V>),
                   dstReg.bytes, nullptr, srcReg.bytes, nullptr);
}
template <typename T = DefaultType, typename U = DefaultType, HighLowPart part = HighLowPart::LOWEST, typename S, typename V>
__simd_callee__ inline void UnPack(S& dstReg, V& srcReg) {
  using D = detail::Elem<S>;
  static_assert(sizeof(D) == 2 * sizeof(detail::Elem<V>), "UnPack: dst's elements are twice as wide as src's");
  constexpr bool high = part == HighLowPart::HIGHEST, sign = std::is_signed<D>::value;
  ::sk_reg_permute(sign ? (high ? SK_RPERM_UNPACK_HIGH_SIGNED : SK_RPERM_UNPACK_LOW_SIGNED)
                        : (high ? SK_RPERM_UNPACK_HIGH : SK_RPERM_UNPACK_LOW),
                   sizeof(D), dstReg.bytes, nullptr, srcReg.bytes, nullptr);
}

namespace detail {
// The register Cast's codes: Cast's, and the 4-bit pair types (to and from 16-bit types) and the
// E8M0 scale (to and from bfloat16_t), which only the register form converts.
template <typename T> constexpr int32_t regCastDtypeOf() {
  if constexpr (std::is_same_v<T, int4x2_t>) return SK_DT_INT4;
  else if constexpr (std::is_same_v<T, fp4x2_e2m1_t>) return SK_DT_FLOAT4_E2M1;
  else if constexpr (std::is_same_v<T, fp4x2_e1m2_t>) return SK_DT_FLOAT4_E1M2;
  else if constexpr (std::is_same_v<T, fp8_e8m0_t>) return SK_DT_FLOAT8_E8M0;
  else return AscendC::detail::castDtypeOf<T>();
}
}  // namespace detail
/* ---- conversion: the mask counts source elements; between widths the trait's layout places the
   narrow elements in each wide group; 4-bit pairs go by pairs (docs/ascendc.md) ---- */
// The trait by reference, as CANN declares it; by value in C++20, in which sk_cc compiles a source
// whose class templates pass their members' own `static constexpr` traits in calls that do not
// depend on the template, which clang 19 crashes on by reference (lib/device_compiler/compile.cpp).
#if __cplusplus >= 202002L
#define SK_CAST_TRAIT_PARAM const CastTrait
#else
#define SK_CAST_TRAIT_PARAM const CastTrait&
#endif
template <typename T = DefaultType, typename U = DefaultType, SK_CAST_TRAIT_PARAM trait = castTrait, typename S, typename V>
__simd_callee__ inline void Cast(S& dstReg, const V& srcReg, const MaskReg& mask) {
  using D = detail::Elem<S>;
  using Src = detail::Elem<V>;
  constexpr bool sameWidth = sizeof(D) == sizeof(Src);
  static_assert(sameWidth || trait.layoutMode != RegLayout::UNKNOWN, "Cast: between widths the CastTrait needs a RegLayout");
  constexpr int32_t round = trait.roundMode == RoundMode::UNKNOWN || trait.roundMode == RoundMode::DEFAULT
                                ? SK_ROUND_NONE : (int32_t)trait.roundMode;
  ::sk_reg_cast(detail::regCastDtypeOf<D>(), detail::regCastDtypeOf<Src>(), round,
                sameWidth ? 0 : (int32_t)trait.layoutMode, dstReg.bytes, srcReg.bytes, mask.bits);
}

/* ---- float elements rounded to integral values of their own type ---- */
template <typename T = DefaultType, RoundMode roundMode = RoundMode::CAST_NONE, MaskMergeMode mode = MaskMergeMode::ZEROING,
          typename S>
__simd_callee__ inline void Truncate(S& dstReg, S& srcReg, MaskReg& mask) {
  static_assert(mode == MaskMergeMode::ZEROING, "Truncate: only ZEROING (the hardware has no MERGING form)");
  static_assert(roundMode == RoundMode::CAST_NONE || roundMode == RoundMode::CAST_RINT || roundMode == RoundMode::CAST_ROUND ||
                    roundMode == RoundMode::CAST_FLOOR || roundMode == RoundMode::CAST_CEIL || roundMode == RoundMode::CAST_TRUNC,
                "Truncate: the round mode is CAST_RINT, CAST_ROUND, CAST_FLOOR, CAST_CEIL or CAST_TRUNC");
  detail::op(SK_REG_OP_TRUNCATE, dstReg, srcReg, nullptr, (uint64_t)roundMode, mask, mode);
}

/* ---- fused: dst = exp(src0 - src1), float; a half source is widened first (layout: which half
   of the register's elements, as Cast's) and only the mask's even elements count ---- */
template <typename T = DefaultType, typename U = DefaultType, RegLayout layout = RegLayout::ZERO,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S, typename V>
__simd_callee__ inline void ExpSub(S& dstReg, V& srcReg0, V& srcReg1, MaskReg& mask) {
  static_assert(std::is_same_v<detail::Elem<S>, float>, "ExpSub: the destination is float");
  static_assert(mode == MaskMergeMode::ZEROING, "ExpSub: only ZEROING (the hardware has no MERGING form)");
  if constexpr (std::is_same_v<detail::Elem<V>, float>) {
    detail::op(SK_REG_OP_EXP_SUB, dstReg, srcReg0, &srcReg1, 0, mask, mode);
  } else {
    static_assert(std::is_same_v<detail::Elem<V>, half>, "ExpSub: the sources are half or float");
    static constexpr CastTrait widen = {layout, SatMode::UNKNOWN, MaskMergeMode::ZEROING, RoundMode::UNKNOWN};
    S a, b;
    Cast<float, half, widen>(a, srcReg0, mask);
    Cast<float, half, widen>(b, srcReg1, mask);
    detail::op(SK_REG_OP_EXP_SUB, dstReg, a, &b, 0, mask, mode);
  }
}

/* ---- the earlier names of these calls, which kernels still use ---- */
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U>
__simd_callee__ inline void DataCopy(U& dstReg, __ubuf__ T* srcAddr) {
  LoadAlign<T, dist>(dstReg, srcAddr);
}
template <typename T = DefaultType, PostLiteral postMode, LoadDist dist = LoadDist::DIST_NORM, typename U>
__simd_callee__ inline void DataCopy(U& dstReg, __ubuf__ T*& srcAddr, int32_t postUpdateStride) {
  LoadAlign<T, postMode, dist>(dstReg, srcAddr, postUpdateStride);
}
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>
__simd_callee__ inline void DataCopy(__ubuf__ T* dstAddr, const U& srcReg, const MaskReg& mask) {
  StoreAlign<T, dist>(dstAddr, srcReg, mask);
}
template <typename T = DefaultType, PostLiteral postMode, StoreDist dist = StoreDist::DIST_NORM, typename U>
__simd_callee__ inline void DataCopy(__ubuf__ T*& dstAddr, const U& srcReg, int32_t postUpdateStride, const MaskReg& mask) {
  StoreAlign<T, postMode, dist>(dstAddr, srcReg, postUpdateStride, mask);
}
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U>
__simd_callee__ inline void DataCopy(U& dstReg, __ubuf__ T* srcAddr, AddrReg offset) {
  LoadAlign<T, dist>(dstReg, srcAddr, offset);
}
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>
__simd_callee__ inline void DataCopy(__ubuf__ T* dstAddr, const U& srcReg, AddrReg offset, const MaskReg& mask) {
  StoreAlign<T, dist>(dstAddr, srcReg, offset, mask);
}
template <typename T = DefaultType, DataCopyMode dataMode, typename U>
__simd_callee__ inline void DataCopy(U& dstReg, __ubuf__ T* srcAddr, uint32_t dataBlockStride, MaskReg& mask) {
  LoadAlign<T, dataMode>(dstReg, srcAddr, dataBlockStride, mask);
}
template <typename T = DefaultType, DataCopyMode dataMode, PostLiteral postMode, typename U>
__simd_callee__ inline void DataCopy(U& dstReg, __ubuf__ T*& srcAddr, uint32_t dataBlockStride, uint32_t repeatStride,
                                     MaskReg& mask) {
  LoadAlign<T, dataMode, postMode>(dstReg, srcAddr, dataBlockStride, repeatStride, mask);
}
template <typename T = DefaultType, DataCopyMode dataMode, typename U>
__simd_callee__ inline void DataCopy(__ubuf__ T* dstAddr, U& srcReg, uint32_t dataBlockStride, MaskReg& mask) {
  StoreAlign<T, dataMode>(dstAddr, srcReg, dataBlockStride, mask);
}
template <typename T = DefaultType, DataCopyMode dataMode, PostLiteral postMode, typename U>
__simd_callee__ inline void DataCopy(__ubuf__ T*& dstAddr, U& srcReg, uint32_t dataBlockStride, uint32_t repeatStride,
                                     MaskReg& mask) {
  StoreAlign<T, dataMode, postMode>(dstAddr, srcReg, dataBlockStride, repeatStride, mask);
}
template <typename T = DefaultType, LoadDist dist, typename U>
__simd_callee__ inline void DataCopy(U& dstReg0, U& dstReg1, __ubuf__ T* srcAddr) {
  LoadAlign<T, dist>(dstReg0, dstReg1, srcAddr);
}
template <typename T = DefaultType, PostLiteral postMode, LoadDist dist, typename U>
__simd_callee__ inline void DataCopy(U& dstReg0, U& dstReg1, __ubuf__ T*& srcAddr, int32_t postUpdateStride) {
  LoadAlign<T, postMode, dist>(dstReg0, dstReg1, srcAddr, postUpdateStride);
}
template <typename T = DefaultType, StoreDist dist, typename U>
__simd_callee__ inline void DataCopy(__ubuf__ T* dstAddr, U& srcReg0, U& srcReg1, const MaskReg& mask) {
  StoreAlign<T, dist>(dstAddr, srcReg0, srcReg1, mask);
}
template <typename T = DefaultType, PostLiteral postMode, StoreDist dist, typename U>
__simd_callee__ inline void DataCopy(__ubuf__ T*& dstAddr, U& srcReg0, U& srcReg1, int32_t postUpdateStride, const MaskReg& mask) {
  StoreAlign<T, postMode, dist>(dstAddr, srcReg0, srcReg1, postUpdateStride, mask);
}
template <typename T> __simd_callee__ inline void DataCopyUnAlignPre(UnalignRegForLoad& ureg, __ubuf__ T* srcAddr) {
  LoadUnAlignPre<T>(ureg, srcAddr);
}
template <typename T = DefaultType, typename U>
__simd_callee__ inline void DataCopyUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ T* srcAddr) {
  LoadUnAlign<T>(dstReg, ureg, srcAddr);
}
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
__simd_callee__ inline void DataCopyUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ T*& srcAddr, uint32_t postUpdateStride) {
  LoadUnAlign<T, postMode>(dstReg, ureg, srcAddr, postUpdateStride);
}
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
__simd_callee__ inline void DataCopyUnAlign(__ubuf__ T*& dstAddr, U& srcReg, UnalignRegForStore& ureg, uint32_t postUpdateStride) {
  StoreUnAlign<T, postMode>(dstAddr, srcReg, ureg, postUpdateStride);
}
template <typename T, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE>
__simd_callee__ inline void DataCopyUnAlignPost(__ubuf__ T*& dstAddr, UnalignRegForStore& ureg, int32_t postUpdateStride) {
  StoreUnAlignPost<T, postMode>(dstAddr, ureg, postUpdateStride);
}
// The other forms by their earlier names: the AR-offset store, the MaskReg store, the AddrReg
// load and store (ops-nn's arch35 index ops: non_zero, unsorted_segment_sum).
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
__simd_callee__ inline void DataCopyUnAlign(__ubuf__ T* dstAddr, U& srcReg, UnalignRegForStore& ureg) {
  StoreUnAlign<T, postMode>(dstAddr, srcReg, ureg);
}
template <typename T> __simd_callee__ inline void DataCopyUnAlignPost(__ubuf__ T* dstAddr, UnalignRegForStore& ureg) {
  StoreUnAlignPost<T>(dstAddr, ureg);
}
template <typename T> __simd_callee__ inline void DataCopyUnAlign(__ubuf__ T*& dstAddr, MaskReg& mask, UnalignRegForStore& ureg) {
  StoreUnAlign<T>(dstAddr, mask, ureg);
}
template <typename T> __simd_callee__ inline void DataCopyUnAlignPre(UnalignRegForLoad& ureg, __ubuf__ T* srcAddr, AddrReg& areg) {
  LoadUnAlignPre<T>(ureg, srcAddr, areg);
}
template <typename T = DefaultType, typename U>
__simd_callee__ inline void DataCopyUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ T*& srcAddr, AddrReg& areg, uint32_t inc) {
  LoadUnAlign<T>(dstReg, ureg, srcAddr, areg, inc);
}
template <typename T = DefaultType, PostLiteral postMode = PostLiteral::POST_MODE_UPDATE, typename U>
__simd_callee__ inline void DataCopyUnAlign(__ubuf__ T*& dstAddr, U& srcReg, UnalignRegForStore& ureg, AddrReg& areg) {
  StoreUnAlign<T, postMode>(dstAddr, srcReg, ureg, areg);
}
template <typename T> __simd_callee__ inline void DataCopyUnAlignPost(__ubuf__ T*& dstAddr, UnalignRegForStore& ureg, AddrReg& areg) {
  StoreUnAlignPost<T>(dstAddr, ureg, areg);
}
// The compiler built-in under these (vstas: flush an unaligned store stream's tail, then move
// the address by offset with POST_UPDATE): the stores here write at once, so only the address moves.
// (Found by argument-dependent lookup, as kernels call it unqualified; POST_UPDATE is global.)
template <typename T>
__simd_callee__ inline void vstas(UnalignRegForStore&, __ubuf__ T*& dstAddr, int32_t offset, sk_post_update_t mode) {
  if (mode == POST_UPDATE) dstAddr += offset;
}
template <typename T, MaskDist dist = MaskDist::DIST_NORM> __simd_callee__ inline void DataCopy(MaskReg& mask, __ubuf__ T* srcAddr) {
  LoadAlign<T, dist>(mask, srcAddr);
}
template <typename T, MaskDist dist = MaskDist::DIST_NORM> __simd_callee__ inline void DataCopy(__ubuf__ T* dstAddr, const MaskReg& mask) {
  StoreAlign<T, dist>(dstAddr, mask);
}
template <typename T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void DataCopy(MaskReg& mask, __ubuf__ T* srcAddr, AddrReg offset) {
  LoadAlign<T, dist>(mask, srcAddr, offset);
}
template <typename T, MaskDist dist = MaskDist::DIST_NORM>
__simd_callee__ inline void DataCopy(__ubuf__ T* dstAddr, const MaskReg& mask, AddrReg offset) {
  StoreAlign<T, dist>(dstAddr, mask, offset);
}
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U, typename S>
__simd_callee__ inline void CompareScalar(MaskReg& dst, const U& srcReg, S scalarValue, const MaskReg& mask) {
  Compares<T, mode>(dst, srcReg, scalarValue, mask);
}
template <typename T = DefaultType, typename U = DefaultType, RegLayout layout = RegLayout::ZERO,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S, typename V>
__simd_callee__ inline void FusedExpSub(S& dstReg, V& srcReg0, V& srcReg1, MaskReg& mask) {
  ExpSub<T, U, layout, mode>(dstReg, srcReg0, srcReg1, mask);
}

/* ---- compare and select ---- */
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U>
__simd_callee__ inline void Compare(MaskReg& dst, const U& srcReg0, const U& srcReg1, const MaskReg& mask) {
  ::sk_reg_compare((int32_t)mode, AscendC::detail::dtypeOf<detail::Elem<U>>(), dst.bits, srcReg0.bytes, srcReg1.bytes, 0, 0,
                   mask.bits);
}
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U, typename S>
__simd_callee__ inline void Compares(MaskReg& dst, const U& srcReg, S scalarValue, const MaskReg& mask) {
  ::sk_reg_compare((int32_t)mode, AscendC::detail::dtypeOf<detail::Elem<U>>(), dst.bits, srcReg.bytes, nullptr,
                   AscendC::detail::scalarBits<detail::Elem<U>>(scalarValue), 1, mask.bits);
}
// dst = mask ? src0 : src1.
template <typename T = DefaultType, typename U>
__simd_callee__ inline void Select(U& dstReg, const U& srcReg0, const U& srcReg1, const MaskReg& mask) {
  ::sk_reg_select(sizeof(detail::Elem<U>), dstReg.bytes, srcReg0.bytes, srcReg1.bytes, mask.bits);
}

// The compiler's register type of an element type (CANN's kernels pick code by it:
// `IsSameType<TypeGet<T>::T, vector_f16>`); here the RegTensor of that element.
template <typename E> struct TypeGet {
  using T = RegTensor<E>;
};
// A round mode as the register instructions take it (here the same enum).
template <RoundMode mode> __simd_callee__ inline constexpr RoundMode GetRound() { return mode; }
}  // namespace Reg
namespace MicroAPI = Reg;
// Cast traits by name, as CANN's kernels spell them: layoutZ = RegLayout::ZERO, SatS = SAT
// (SatNS: NO_SAT), MrgZ = ZEROING, Rnd + R/A/F/C/Z/H = CAST_RINT/ROUND/FLOOR/CEIL/TRUNC/HYBRID.
namespace detail {
constexpr Reg::CastTrait castTraitOf(Reg::RegLayout layout, Reg::SatMode sat, RoundMode round) {
  return {layout, sat, Reg::MaskMergeMode::ZEROING, round};
}
constexpr Reg::RegLayout kZ = Reg::RegLayout::ZERO, kAnyLayout = Reg::RegLayout::UNKNOWN;
constexpr Reg::SatMode kSat = Reg::SatMode::SAT, kAnySat = Reg::SatMode::UNKNOWN;
}  // namespace detail
inline constexpr Reg::CastTrait layoutZMrgZ = detail::castTraitOf(detail::kZ, detail::kAnySat, RoundMode::UNKNOWN);
inline constexpr Reg::CastTrait LayoutZMrgZRndRSatNS = detail::castTraitOf(detail::kZ, Reg::SatMode::NO_SAT, RoundMode::CAST_RINT);
inline constexpr Reg::CastTrait layoutZSatSMrgZ = detail::castTraitOf(detail::kZ, detail::kSat, RoundMode::UNKNOWN);
inline constexpr Reg::CastTrait layoutZSatSMrgZRndA = detail::castTraitOf(detail::kZ, detail::kSat, RoundMode::CAST_ROUND);
inline constexpr Reg::CastTrait layoutZSatSMrgZRndH = detail::castTraitOf(detail::kZ, detail::kSat, RoundMode::CAST_HYBRID);
inline constexpr Reg::CastTrait layoutZSatSMrgZRndR = detail::castTraitOf(detail::kZ, detail::kSat, RoundMode::CAST_RINT);
inline constexpr Reg::CastTrait layoutZMrgZRndR = detail::castTraitOf(detail::kZ, detail::kAnySat, RoundMode::CAST_RINT);
inline constexpr Reg::CastTrait layoutZMrgZRndA = detail::castTraitOf(detail::kZ, detail::kAnySat, RoundMode::CAST_ROUND);
inline constexpr Reg::CastTrait layoutZMrgZRndC = detail::castTraitOf(detail::kZ, detail::kAnySat, RoundMode::CAST_CEIL);
inline constexpr Reg::CastTrait layoutZMrgZRndF = detail::castTraitOf(detail::kZ, detail::kAnySat, RoundMode::CAST_FLOOR);
inline constexpr Reg::CastTrait layoutZMrgZRndZ = detail::castTraitOf(detail::kZ, detail::kAnySat, RoundMode::CAST_TRUNC);
inline constexpr Reg::CastTrait MrgZRndR = detail::castTraitOf(detail::kAnyLayout, detail::kAnySat, RoundMode::CAST_RINT);
inline constexpr Reg::CastTrait MrgZRndA = detail::castTraitOf(detail::kAnyLayout, detail::kAnySat, RoundMode::CAST_ROUND);
inline constexpr Reg::CastTrait MrgZRndF = detail::castTraitOf(detail::kAnyLayout, detail::kAnySat, RoundMode::CAST_FLOOR);
inline constexpr Reg::CastTrait MrgZRndC = detail::castTraitOf(detail::kAnyLayout, detail::kAnySat, RoundMode::CAST_CEIL);
inline constexpr Reg::CastTrait MrgZRndZ = detail::castTraitOf(detail::kAnyLayout, detail::kAnySat, RoundMode::CAST_TRUNC);
inline constexpr Reg::CastTrait MrgZRndRSatS = detail::castTraitOf(detail::kAnyLayout, detail::kSat, RoundMode::CAST_RINT);
inline constexpr Reg::CastTrait MrgZRndASatS = detail::castTraitOf(detail::kAnyLayout, detail::kSat, RoundMode::CAST_ROUND);
inline constexpr Reg::CastTrait MrgZRndFSatS = detail::castTraitOf(detail::kAnyLayout, detail::kSat, RoundMode::CAST_FLOOR);
inline constexpr Reg::CastTrait MrgZRndCSatS = detail::castTraitOf(detail::kAnyLayout, detail::kSat, RoundMode::CAST_CEIL);
inline constexpr Reg::CastTrait MrgZRndZSatS = detail::castTraitOf(detail::kAnyLayout, detail::kSat, RoundMode::CAST_TRUNC);
}  // namespace AscendC

// The compiler's names of the register types (vector_<s|u|f|bf><bits>).
using vector_s8 = AscendC::Reg::RegTensor<int8_t>;
using vector_u8 = AscendC::Reg::RegTensor<uint8_t>;
using vector_s16 = AscendC::Reg::RegTensor<int16_t>;
using vector_u16 = AscendC::Reg::RegTensor<uint16_t>;
using vector_s32 = AscendC::Reg::RegTensor<int32_t>;
using vector_u32 = AscendC::Reg::RegTensor<uint32_t>;
using vector_s64 = AscendC::Reg::RegTensor<int64_t>;
using vector_u64 = AscendC::Reg::RegTensor<uint64_t>;
using vector_f16 = AscendC::Reg::RegTensor<half>;
using vector_bf16 = AscendC::Reg::RegTensor<bfloat16_t>;
using vector_f32 = AscendC::Reg::RegTensor<float>;
using vector_bool = AscendC::Reg::MaskReg;

// The compiler's predicate built-ins, which kernels call beside the Reg API (ops-nn's arch35 norms
// and softmaxes): pset_bN(PAT_*) a pattern's mask (Reg::MaskPattern's order, as the C API's
// asc_create_mask_bN), plt_bN(n, POST_UPDATE) the first n elements with n then reduced by the
// register's elements (UpdateMask; NO_POST_UPDATE leaves n).
enum asc_mask_pattern {
  PAT_ALL, PAT_VL1, PAT_VL2, PAT_VL3, PAT_VL4, PAT_VL8, PAT_VL16, PAT_VL32, PAT_VL64, PAT_VL128, PAT_M3, PAT_M4, PAT_H,
  PAT_Q, PAT_ALLF = 15
};
namespace AscendC::Reg::detail {
template <typename T> inline MaskReg firstElements(uint32_t& count, sk_post_update_t post) {
  uint32_t left = count;
  MaskReg m = UpdateMask<T>(left);
  if (post == POST_UPDATE) count = left;
  return m;
}
}  // namespace AscendC::Reg::detail
__simd_callee__ inline vector_bool pset_b8(asc_mask_pattern p) { return AscendC::Reg::detail::patternMask((AscendC::Reg::MaskPattern)p, 1); }
__simd_callee__ inline vector_bool pset_b16(asc_mask_pattern p) { return AscendC::Reg::detail::patternMask((AscendC::Reg::MaskPattern)p, 2); }
__simd_callee__ inline vector_bool pset_b32(asc_mask_pattern p) { return AscendC::Reg::detail::patternMask((AscendC::Reg::MaskPattern)p, 4); }
__simd_callee__ inline vector_bool plt_b8(uint32_t& n, sk_post_update_t post) { return AscendC::Reg::detail::firstElements<int8_t>(n, post); }
__simd_callee__ inline vector_bool plt_b16(uint32_t& n, sk_post_update_t post) { return AscendC::Reg::detail::firstElements<int16_t>(n, post); }
__simd_callee__ inline vector_bool plt_b32(uint32_t& n, sk_post_update_t post) { return AscendC::Reg::detail::firstElements<int32_t>(n, post); }

#endif  // __NPU_ARCH__ == 3510
#endif  // SK_ASCENDC_REG_H
