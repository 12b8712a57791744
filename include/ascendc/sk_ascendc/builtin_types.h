// The types CANN's device compiler knows before any header: kernel sources name `half`,
// `bfloat16_t` and the fixed-width integers (int32_t, ...) at file scope ahead of their includes.
// sk_cc force-includes this header; sk_ascendc/base.h includes it too.
#ifndef SK_ASCENDC_BUILTIN_TYPES_H
#define SK_ASCENDC_BUILTIN_TYPES_H

#include <stdint.h>

using half = _Float16;
using bfloat16_t = __bf16;

#endif /* SK_ASCENDC_BUILTIN_TYPES_H */
