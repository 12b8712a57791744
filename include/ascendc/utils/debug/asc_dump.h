// The SDK's buffer dumps: asc_dump_gm / asc_dump_ubuf / asc_dump_l1buf / asc_dump_cbuf<T>(addr,
// desc, count) print `count` elements of a buffer through the device printf, as DumpTensor does.
#pragma once
#include "kernel_operator.h"

namespace AscendC::detail {
template <typename T> __aicore__ inline void dumpLocal(const char* where, const T* p, uint32_t desc, uint32_t count) {
  dumpValues(where, desc, count, [&](uint32_t i) { return asDouble(p[i]); });
}
}  // namespace AscendC::detail

template <typename T> __aicore__ inline void asc_dump_gm(__gm__ T* gm, uint32_t desc, uint32_t count) {
  AscendC::GlobalTensor<T> t;
  t.SetGlobalBuffer(gm, count);
  AscendC::DumpTensor(t, desc, count);
}
template <typename T> __aicore__ inline void asc_dump_ubuf(__ubuf__ T* p, uint32_t desc, uint32_t count) {
  AscendC::detail::dumpLocal("UB", p, desc, count);
}
template <typename T> __aicore__ inline void asc_dump_l1buf(__cbuf__ T* p, uint32_t desc, uint32_t count) {
  AscendC::detail::dumpLocal("L1", p, desc, count);
}
template <typename T> __aicore__ inline void asc_dump_cbuf(__cc__ T* p, uint32_t desc, uint32_t count) {
  AscendC::detail::dumpLocal("L0C", p, desc, count);
}
