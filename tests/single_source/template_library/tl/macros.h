// Qualifier macros in the style of a template library for the cube (CATLASS's idiom): CANN's
// compiler defines __CCE__ in AscendC translation units and takes its own attribute syntax,
// `[aicore]` and `[host, aicore]`.
#pragma once
#if defined(__CCE__)
#include <kernel_operator.h>
#endif

#define TL_DEVICE __forceinline__[aicore]
#ifdef __CCE__
#define TL_HOST_DEVICE __forceinline__[host, aicore]
#else
#define TL_HOST_DEVICE
#endif
#define TL_GLOBAL __global__ __aicore__

namespace tl {
template <class T> TL_HOST_DEVICE constexpr T CeilDiv(T a, T b) { return (a + b - 1) / b; }
}  // namespace tl
