// CANN's SuperKernel annotations on the kernel side: SK_BIND and __sk__.
//
// A CANN operator binary carries a bind map (SK_INFO): for a __global__ kernel, up to four
// SuperKernel-callable copies ("split" variants taking a packed argument struct) and capability
// bits (bit0 early-start wait, bit1 early-start set, bit2 no DCCI, bit3 no ScheMode; 0..7, CANN's
// default 4), written `SK_BIND(kernel, mask, kernel_sk<0>, kernel_sk<1>, ...)`.
//
// SuperKernel fuses the __global__ entry itself — the task table calls it with the sub-kernel's
// own arguments (docs/sk_compile.md) — so the copies are never called and the bits have no
// effect here. The macro checks what CANN's would: the kernel and every copy exist, and the
// mask is in range; a kernel written for the anchor's SuperKernel compiles unchanged.
#ifndef SK_ASCENDC_SUPER_KERNEL_H
#define SK_ASCENDC_SUPER_KERNEL_H

// A SuperKernel-callable function (CANN's __sk__): a device function like any other here.
#ifndef __sk__
#define __sk__ __aicore__
#endif

namespace AscendC::sk_detail {
template <typename K, typename... Copies>
__aicore__ inline void bindMap(K*, Copies*...) {}
}  // namespace AscendC::sk_detail

#define SK_BIND(kernel, mask, ...)                                                      \
  static_assert((mask) >= 0 && (mask) <= 7, "SK_BIND(" #kernel "): the mask is 0..7"); \
  [[maybe_unused]] static inline void sk_bind_check_##kernel() { AscendC::sk_detail::bindMap(kernel, __VA_ARGS__); }

#endif /* SK_ASCENDC_SUPER_KERNEL_H */
