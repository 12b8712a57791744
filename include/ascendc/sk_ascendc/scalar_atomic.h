// Ascend 950's scalar atomics on GM (CANN's basic_api/kernel_operator_atomic_intf.h): the
// element at `address` becomes op(old, value) and the call returns the old value. AtomicAdd,
// AtomicMax and AtomicMin take int32_t, uint32_t, float, int64_t and uint64_t; AtomicCas
// (value2 where the old value equals value1) and AtomicExch take uint32_t and uint64_t. They run
// on PIPE_S: a kernel orders them against its copies with flags, as on the hardware. A kernel
// that calls them runs its cores in virtual-time order (docs/simulator.md), so the same inputs
// give the same results and traces on every run.
#ifndef SK_ASCENDC_SCALAR_ATOMIC_H
#define SK_ASCENDC_SCALAR_ATOMIC_H

#include <type_traits>

#include "sk_ascendc/base.h"

namespace AscendC {
namespace detail {
template <typename T>
constexpr bool kArithmeticAtomic = std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t> || std::is_same_v<T, float> ||
                                   std::is_same_v<T, int64_t> || std::is_same_v<T, uint64_t>;
template <typename T> constexpr bool kSwapAtomic = std::is_same_v<T, uint32_t> || std::is_same_v<T, uint64_t>;

template <typename T> __aicore__ inline T scalarAtomic(int32_t op, __gm__ T* address, T value, T compare = T()) {
  static_assert(kArch3510 || sizeof(T) == 0, "the scalar GM atomics (AtomicAdd(__gm__ T*, T) & co.) are Ascend 950's (dav-3510)");
  uint64_t v = 0, c = 0;
  __builtin_memcpy(&v, &value, sizeof(T));
  __builtin_memcpy(&c, &compare, sizeof(T));
  uint64_t old = ::sk_scalar_atomic(op, (void*)address, v, c, dtypeOf<T>());
  T r;
  __builtin_memcpy(&r, &old, sizeof(T));
  return r;
}
}  // namespace detail

template <typename T> __aicore__ inline T AtomicAdd(__gm__ T* address, T value) {
  static_assert(detail::kArithmeticAtomic<T>, "AtomicAdd: T is int32_t, uint32_t, float, int64_t or uint64_t");
  return detail::scalarAtomic(SK_SCALAR_ATOMIC_ADD, address, value);
}
template <typename T> __aicore__ inline T AtomicMax(__gm__ T* address, T value) {
  static_assert(detail::kArithmeticAtomic<T>, "AtomicMax: T is int32_t, uint32_t, float, int64_t or uint64_t");
  return detail::scalarAtomic(SK_SCALAR_ATOMIC_MAX, address, value);
}
template <typename T> __aicore__ inline T AtomicMin(__gm__ T* address, T value) {
  static_assert(detail::kArithmeticAtomic<T>, "AtomicMin: T is int32_t, uint32_t, float, int64_t or uint64_t");
  return detail::scalarAtomic(SK_SCALAR_ATOMIC_MIN, address, value);
}
template <typename T> __aicore__ inline T AtomicCas(__gm__ T* address, T value1, T value2) {
  static_assert(detail::kSwapAtomic<T>, "AtomicCas: T is uint32_t or uint64_t");
  return detail::scalarAtomic(SK_SCALAR_ATOMIC_CAS, address, value2, value1);
}
template <typename T> __aicore__ inline T AtomicExch(__gm__ T* address, T value) {
  static_assert(detail::kSwapAtomic<T>, "AtomicExch: T is uint32_t or uint64_t");
  return detail::scalarAtomic(SK_SCALAR_ATOMIC_EXCH, address, value);
}
}  // namespace AscendC

#endif /* SK_ASCENDC_SCALAR_ATOMIC_H */
