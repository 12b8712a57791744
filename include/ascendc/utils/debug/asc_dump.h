// The SDK's buffer dumps: asc_dump_gm / asc_dump_ubuf / asc_dump_l1buf / asc_dump_cbuf<T>(addr,
// desc, count) print `count` elements of a buffer through the device printf, as DumpTensor does;
// asc_dump<T>(addr, ...) finds the memory by the address (a core's local memory, else GM). In a
// simd_vf (Ascend 950): asc_dump_reg / asc_dump<T>(register, ...) print a register's elements.
#pragma once
#include <cstring>
#include <type_traits>

#include "kernel_operator.h"

namespace AscendC::detail {
template <typename T> __aicore__ inline void dumpLocal(int32_t mem, const T* p, uint32_t desc, uint32_t count) {
  dumpValues<T>((uint64_t)((const uint8_t*)p - localBase(mem)), mem, desc, count, [&](uint32_t i) { return *localLoad(p + i); });
}
}  // namespace AscendC::detail

template <typename T> __aicore__ inline void asc_dump_gm(__gm__ T* gm, uint32_t desc, uint32_t count) {
  AscendC::GlobalTensor<T> t;
  t.SetGlobalBuffer(gm, count);
  AscendC::DumpTensor(t, desc, count);
}
template <typename T> __aicore__ inline void asc_dump_ubuf(__ubuf__ T* p, uint32_t desc, uint32_t count) {
  AscendC::detail::dumpLocal(SK_MEM_UB, p, desc, count);
}
template <typename T> __aicore__ inline void asc_dump_l1buf(__cbuf__ T* p, uint32_t desc, uint32_t count) {
  AscendC::detail::dumpLocal(SK_MEM_L1, p, desc, count);
}
template <typename T> __aicore__ inline void asc_dump_cbuf(__cc__ T* p, uint32_t desc, uint32_t count) {
  AscendC::detail::dumpLocal(SK_MEM_L0C, p, desc, count);
}
template <typename T> __aicore__ inline void asc_dump(T* p, uint32_t desc, uint32_t count) {
  if (int32_t mem = AscendC::detail::localMemoryOf(p); mem >= 0) return AscendC::detail::dumpLocal(mem, p, desc, count);
  asc_dump_gm<T>(p, desc, count);
}
// A register's first `count` elements as T (at most the register's).
template <typename T, typename U, std::enable_if_t<!std::is_pointer_v<U>, int> = 0>
__aicore__ inline void asc_dump_reg(U& reg, uint32_t desc, uint32_t count) {
  static_assert(sizeof(reg.bytes) % sizeof(T) == 0, "asc_dump_reg: T must divide the register");
  count = count < sizeof(reg.bytes) / sizeof(T) ? count : (uint32_t)(sizeof(reg.bytes) / sizeof(T));
  AscendC::detail::dumpValues<T>(0, SK_MEM_COUNT, desc, count, [&](uint32_t i) {
    T v;
    std::memcpy(&v, reg.bytes + i * sizeof(T), sizeof(T));
    return v;
  });
}
template <typename T, typename U, std::enable_if_t<!std::is_pointer_v<U>, int> = 0>
__aicore__ inline void asc_dump(U& reg, uint32_t desc, uint32_t count) {
  asc_dump_reg<T>(reg, desc, count);
}
