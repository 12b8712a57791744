// GlobalTensor (device memory) and LocalTensor (a core's local memory) as AscendC kernels use
// them: a typed address and an element count. Scalar access to GM goes through the simulator
// (bounds-checked, charged to the scalar pipe); local elements are host memory the core owns.
#ifndef SK_ASCENDC_TENSOR_H
#define SK_ASCENDC_TENSOR_H

#include "sk_ascendc/base.h"
#include "sk_ascendc/layout.h"
#include "tiling/adv_api_types.h"  // DataFormat

namespace AscendC {

namespace detail {
// A scalar access of local memory costs more than the scalar unit's own work: its address
// passes through an empty asm that sk_cc's scalar-cost pass counts (at the arch's
// scalarLocalAccessCycles) and removes. Tied to the address, the marker is hoisted, merged or
// deleted by the optimizer exactly when the access is (a load and a store of one address are
// two markers).
template <typename P> __aicore__ inline P* localLoad(P* p) {
  __asm__("# sk.scalar.local.load" : "+r"(p));
  return p;
}
template <typename P> __aicore__ inline P* localStore(P* p) {
  __asm__("# sk.scalar.local.store" : "+r"(p));
  return p;
}
}  // namespace detail

// The most dimensions a shape has (ShapeInfo's arrays; samples size SliceInfo arrays by it too).
constexpr uint32_t K_MAX_DIM = K_MAX_SHAPE_DIM;

struct ShapeInfo {
  uint32_t shapeDim = 0;
  uint32_t originalShapeDim = 0;
  uint32_t shape[K_MAX_SHAPE_DIM] = {};
  uint32_t originalShape[K_MAX_SHAPE_DIM] = {};
  DataFormat dataFormat = DataFormat::ND;
  ShapeInfo() = default;
  ShapeInfo(uint8_t dim, const uint32_t* s, DataFormat format = DataFormat::ND)
      : shapeDim(dim), originalShapeDim(dim), dataFormat(format) {
    for (uint32_t i = 0; i < dim && i < K_MAX_SHAPE_DIM; ++i) shape[i] = originalShape[i] = s[i];
  }
  ShapeInfo(uint8_t dim, const uint32_t* s, uint8_t odim, const uint32_t* os, DataFormat format = DataFormat::ND)
      : shapeDim(dim), originalShapeDim(odim), dataFormat(format) {
    for (uint32_t i = 0; i < dim && i < K_MAX_SHAPE_DIM; ++i) shape[i] = s[i];
    for (uint32_t i = 0; i < odim && i < K_MAX_SHAPE_DIM; ++i) originalShape[i] = os[i];
  }
};

template <typename T> class GlobalTensor : public detail::TraitHolder<T> {
 public:
  using PrimType = PrimT<T>;
  __aicore__ GlobalTensor() = default;
  __aicore__ void SetGlobalBuffer(__gm__ PrimType* buffer, uint64_t bufferSize) {
    address_ = buffer;
    size_ = bufferSize;
  }
  __aicore__ void SetGlobalBuffer(__gm__ PrimType* buffer) {
    address_ = buffer;
    size_ = 0;
  }
  __aicore__ PrimType GetValue(const uint64_t offset) const {
    PrimType v;
    ::sk_scalar_copy(&v, detail::elementAt<T>(address_, offset), sizeof(PrimType));
    if constexpr (kHalfByte) v = PrimType(detail::nibbleAt(v.bits, offset));
    return v;
  }
  __aicore__ void SetValue(const uint64_t offset, PrimType value) const {
    if constexpr (kHalfByte) {  // read, modify, write the byte the nibble is in
      uint8_t byte;
      ::sk_scalar_copy(&byte, detail::elementAt<T>(address_, offset), 1);
      byte = detail::withNibble(byte, offset, value.bits);
      ::sk_scalar_copy(detail::elementAt<T>(address_, offset), &byte, 1);
    } else {
      ::sk_scalar_copy(address_ + offset, &value, sizeof(PrimType));
    }
  }
  __aicore__ __gm__ PrimType& operator()(const uint64_t offset) const {
    static_assert(!kHalfByte, "GlobalTensor<int4b_t>: no reference to a half byte; use GetValue/SetValue");
    return address_[offset];
  }
  __aicore__ GlobalTensor operator[](const uint64_t offset) const {
    GlobalTensor t;
    t.address_ = detail::elementAt<T>(address_, offset);
    t.size_ = size_ > offset ? size_ - offset : 0;
    t.cacheMode_ = cacheMode_;
    return t;
  }
  __aicore__ __gm__ PrimType* GetPhyAddr() const { return address_; }
  __aicore__ __gm__ PrimType* GetPhyAddr(const uint64_t offset) const { return detail::elementAt<T>(address_, offset); }
  // The headers' accessor (as LocalTensor's): GetPhyAddr's pointer.
  __aicore__ __gm__ PrimType* HostPtr() const { return address_; }
  __aicore__ __gm__ PrimType* HostPtr(const uint64_t offset) const { return detail::elementAt<T>(address_, offset); }
  __aicore__ uint64_t GetSize() const { return size_; }
  __aicore__ void SetShapeInfo(const ShapeInfo& s) { shape_ = s; }
  __aicore__ ShapeInfo GetShapeInfo() const { return shape_; }
  template <typename U> __aicore__ GlobalTensor<U> ReinterpretCast() const {
    GlobalTensor<U> t;
    t.SetGlobalBuffer((__gm__ PrimT<U>*)address_, detail::countOf<U>(detail::bytesOf<T>(size_)));
    return t;
  }
  // An L2 hint for this core's accesses of the buffer: CACHE_MODE_DISABLE streams past L2 (no
  // allocation); the other modes allocate as usual in the memory model.
  template <CacheRwMode rwMode = CacheRwMode::RW> __aicore__ void SetL2CacheHint(CacheMode mode) {
    cacheMode_ = mode;
    if (address_) ::sk_l2_mode(address_, detail::bytesOf<T>(size_), mode == CacheMode::CACHE_MODE_DISABLE ? SK_L2_BYPASS : SK_L2_NORMAL);
  }
  __aicore__ CacheMode GetL2CacheHint() const { return cacheMode_; }

  // CANN's public field: the first element (kernels read it, `reinterpret_cast<__gm__ T*>(x.address_)`).
  __gm__ PrimType* address_ = nullptr;

 private:
  static constexpr bool kHalfByte = SizeOfBits<PrimType>::value < 8;
  uint64_t size_ = 0;
  CacheMode cacheMode_ = CacheMode::CACHE_MODE_NORMAL;
  ShapeInfo shape_;
};

template <typename T> class LocalTensor : public detail::TraitHolder<T> {
 public:
  using PrimType = PrimT<T>;
  __aicore__ LocalTensor() = default;
  __aicore__ LocalTensor(PrimType* addr, uint32_t size, TPosition pos = TPosition::VECCALC);
  // Static-tensor programming: `addr` is a byte offset into the position's local memory, or an
  // address GetPhyAddr gave (plus an offset), which here is the simulator's host address.
  __aicore__ LocalTensor(TPosition pos, uint64_t addr, uint32_t tileSize);
  __aicore__ PrimType GetValue(const uint32_t index) const {
    if constexpr (kHalfByte) return PrimType(detail::nibbleAt(detail::localLoad(detail::elementAt<T>(addr(), index))->bits, index));
    else return *detail::localLoad(addr() + index);
  }
  template <typename T1> __aicore__ void SetValue(const uint32_t index, const T1 value) const {
    if constexpr (kHalfByte) {
      uint8_t& byte = detail::localStore(detail::elementAt<T>(addr(), index))->bits;
      byte = detail::withNibble(byte, index, PrimType(value).bits);
    } else {
      *detail::localStore(addr() + index) = (PrimType)value;
    }
  }
  // A reference the kernel may read or write: one access either way.
  __aicore__ PrimType& operator()(const uint32_t offset) const {
    static_assert(!kHalfByte, "LocalTensor<int4b_t>: no reference to a half byte; use GetValue/SetValue");
    return *detail::localLoad(addr() + offset);
  }
  // A view from element `offset` on; a view of a placed buffer stays one (its position may still
  // be set), as in CANN, where operator[] moves address_.bufferAddr.
  __aicore__ LocalTensor operator[](const uint32_t offset) const {
    LocalTensor t = *this;
    if (address_.bufferHandle) t.address_.bufferHandle = (TBufHandle)detail::elementAt<T>(addr(), offset);
    if (address_.bufferAddr != kUnplaced) t.address_.bufferAddr += (uint32_t)((uint64_t)offset * SizeOfBits<PrimType>::value / 8);
    t.SetSize(GetSize() > offset ? GetSize() - offset : 0);
    return t;
  }
  __aicore__ uint32_t GetSize() const { return (uint32_t)detail::countOf<T>(address_.dataLen); }
  __aicore__ void SetSize(const uint32_t size) { address_.dataLen = (uint32_t)detail::bytesOf<T>(size); }
  __aicore__ uint32_t GetLength() const { return address_.dataLen; }
  __aicore__ void SetBufferLen(uint32_t len) { address_.dataLen = len; }
  // The tensor's address as the API gives it, a uint64_t (kernels cast it: `(__ubuf__ T*)x.HostPtr()`,
  // or add byte offsets to it for address lists). Here it is the simulator's host address.
  __aicore__ uint64_t GetPhyAddr() const { return (uint64_t)addr(); }
  __aicore__ uint64_t GetPhyAddr(const uint32_t offset) const { return (uint64_t)detail::elementAt<T>(addr(), offset); }
  // The same address as a pointer: what these headers hand to the simulator.
  __aicore__ PrimType* HostPtr() const { return addr(); }
  __aicore__ PrimType* HostPtr(const uint32_t offset) const { return detail::elementAt<T>(addr(), offset); }
  __aicore__ TPosition GetPosition() const { return (TPosition)address_.logicPos; }
  __aicore__ void SetShapeInfo(const ShapeInfo& s) { shape_ = s; }
  __aicore__ ShapeInfo GetShapeInfo() const { return shape_; }
  __aicore__ TBufHandle GetBufferHandle() const { return (TBufHandle)addr(); }
  __aicore__ void SetAddr(const TBuffAddr& a) { address_ = a; }
  // CANN's raw view (deprecated there, used by attention kernels): `bufferSize` elements at byte
  // `bufferOffset` of the local memory of the position the kernel then writes to address_.logicPos.
  __aicore__ void InitBuffer(const uint32_t bufferOffset, const uint32_t bufferSize) {
    address_.bufferHandle = nullptr;
    address_.bufferAddr = bufferOffset;
    SetSize(bufferSize);
  }
  template <typename S> __aicore__ void SetAddrWithOffset(LocalTensor<S>& src, uint32_t offset) {
    address_.bufferHandle = (TBufHandle)src.HostPtr(offset);
    address_.logicPos = (uint8_t)src.GetPosition();
  }
  template <typename U> __aicore__ LocalTensor<U> ReinterpretCast() const {
    LocalTensor<U> t;
    t.address_ = address_;
    return t;
  }
  // dst = a + b and the other vector operators (sk_ascendc/vector.h).
  template <class E, class = typename E::IsSkVectorExpr> __aicore__ LocalTensor& operator=(const E& expr) {
    expr.run(*this);
    return *this;
  }

  // CANN's public description of the tensor, which kernels read and write field by field. Here
  // bufferHandle is the simulator's host address of the elements; a tensor without one (InitBuffer,
  // or a kernel filling the fields) is at byte bufferAddr of its logicPos's local memory.
  TBuffAddr address_{0, kUnplaced, nullptr, (uint8_t)TPosition::VECCALC};

 private:
  static constexpr bool kHalfByte = SizeOfBits<PrimType>::value < 8;
  static constexpr uint32_t kUnplaced = ~0u;  // a default tensor: no address
  PrimType* addr() const;
  ShapeInfo shape_;
};

namespace detail {
// The local memory (sk_mem) a position lives in.
constexpr int32_t memOf(TPosition p) {
  switch (p) {
    case TPosition::A1: case TPosition::B1: case TPosition::C1: case TPosition::TSCM: return SK_MEM_L1;
    case TPosition::A2: return SK_MEM_L0A;
    case TPosition::B2: return SK_MEM_L0B;
    case TPosition::CO1: return SK_MEM_L0C;
    case TPosition::C2: return SK_MEM_BT;
    case TPosition::C2PIPE2GM: return SK_MEM_FB;
    default: return SK_MEM_UB;
  }
}
constexpr int32_t memOf(Hardware h) {
  switch (h) {
    case Hardware::L1: return SK_MEM_L1;
    case Hardware::L0A: return SK_MEM_L0A;
    case Hardware::L0B: return SK_MEM_L0B;
    case Hardware::L0C: return SK_MEM_L0C;
    case Hardware::BIAS: return SK_MEM_BT;
    case Hardware::FIXBUF: return SK_MEM_FB;
    default: return SK_MEM_UB;
  }
}
// Allocation granularity of a local memory, bytes.
constexpr uint32_t alignOf(int32_t mem) {
  return mem == SK_MEM_L0A || mem == SK_MEM_L0B ? 512 : mem == SK_MEM_L0C || mem == SK_MEM_BT ? 64 : 32;
}
inline uint8_t* localBase(int32_t mem) { return (uint8_t*)::sk_local_base(mem); }
// The core's local memory holding p, or -1 (GM): a pointer's address space is no mark here.
inline int32_t localMemoryOf(const void* p) {
  for (int32_t mem = 0; mem < SK_MEM_COUNT; ++mem) {
    const uint8_t* base = localBase(mem);
    if (base && (const uint8_t*)p >= base && (const uint8_t*)p < base + ::sk_local_physical_size(mem)) return mem;
  }
  return -1;
}
}  // namespace detail

// The physical memory a logical position lives in (CANN's PhyPosIs*).
constexpr bool PhyPosIsGM(TPosition p) { return p == TPosition::GM; }
constexpr bool PhyPosIsUB(TPosition p) { return p != TPosition::GM && detail::memOf(p) == SK_MEM_UB; }
constexpr bool PhyPosIsL1(TPosition p) { return detail::memOf(p) == SK_MEM_L1; }
constexpr bool PhyPosIsL0A(TPosition p) { return detail::memOf(p) == SK_MEM_L0A; }
constexpr bool PhyPosIsL0B(TPosition p) { return detail::memOf(p) == SK_MEM_L0B; }
constexpr bool PhyPosIsL0C(TPosition p) { return detail::memOf(p) == SK_MEM_L0C; }

// A tensor over host address `addr` (a queue's or a TBuf's buffer): address_.bufferAddr is its
// byte offset in the position's local memory, as CANN's kernels read it.
template <typename T>
__aicore__ LocalTensor<T>::LocalTensor(PrimType* addr, uint32_t size, TPosition pos)
    : address_{(uint32_t)detail::bytesOf<T>(size), kUnplaced, (TBufHandle)addr, (uint8_t)pos} {
  const uint8_t* base = addr ? detail::localBase(detail::memOf(pos)) : nullptr;
  if (base && (uint8_t*)addr >= base) address_.bufferAddr = (uint32_t)((uint8_t*)addr - base);
}

template <typename T>
__aicore__ LocalTensor<T>::LocalTensor(TPosition pos, uint64_t addr, uint32_t tileSize) {
  uint8_t* base = detail::localBase(detail::memOf(pos));
  *this = LocalTensor((PrimType*)(addr >= (uint64_t)base ? (uint8_t*)addr : base + addr), tileSize, pos);  // offsets are far below host addresses
}

template <typename T> inline PrimT<T>* LocalTensor<T>::addr() const {
  if (address_.bufferHandle) return (PrimType*)address_.bufferHandle;
  if (address_.bufferAddr == kUnplaced) return nullptr;
  return (PrimType*)(detail::localBase(detail::memOf(GetPosition())) + address_.bufferAddr);
}

}  // namespace AscendC

#endif /* SK_ASCENDC_TENSOR_H */
