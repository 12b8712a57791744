// The types CANN's device compiler knows before any header: kernel sources name `half`,
// `bfloat16_t` and the fixed-width integers (int32_t, ...) at file scope ahead of their includes.
// sk_cc force-includes this header; sk_ascendc/base.h includes it too.
#ifndef SK_ASCENDC_BUILTIN_TYPES_H
#define SK_ASCENDC_BUILTIN_TYPES_H

#include <stdint.h>

using half = _Float16;
using bfloat16_t = __bf16;

// The function qualifier, which CANN's compiler knows before any header too (a helper header
// included ahead of kernel_operator.h may use it); sk_ascendc/base.h defines the others.
#ifndef __aicore__
#define __aicore__
#endif

#if defined(__CCE_AICORE__)
// glibc's <strings.h> (which <cstring> and much of the C++ library include) declares index() and
// rindex(): a kernel of that name (ops-nn's Index op's entry is `index`) would clash with them.
// Declared under other names here, before anything includes it; device code has no use for them.
#define index sk_libc_index
#define rindex sk_libc_rindex
#include <strings.h>
#undef index
#undef rindex
#endif

#endif /* SK_ASCENDC_BUILTIN_TYPES_H */
